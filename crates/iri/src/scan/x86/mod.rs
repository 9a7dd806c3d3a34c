//! The x86-64 versions of the scans: SSE2 (which every x86-64 processor has), SSSE3 and AVX2
//! (used after the processor was found to have them), one instruction set per file; and the
//! IRI→URI octet kernel (`uri.rs`, SSSE3 and POPCNT). Here: the feature checks, the loads
//! they share, and the nibble tables that classify 16 or 32 bytes at once.

use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8};

mod avx2;
mod lines;
mod pairs;
mod set;
mod sse2;
mod ssse3;
mod uri;

#[cfg(any(test, fuzzing))]
pub(crate) use avx2::{long_marks_avx2, marks_avx2};
pub(crate) use avx2::{normal_marks_avx2, run_avx2};
pub(crate) use lines::{byte_mask_avx2, byte_mask_sse2};
pub(crate) use pairs::{find_in_pairs_avx2, find_in_pairs_ssse3};
pub(crate) use set::{find_in_set_avx2, find_in_set_ssse3, find_outside_sse2};
pub(crate) use sse2::{
    find_byte_sse2, first_non_ascii_sse2, non_ascii_bits_sse2, normal_marks_sse2, rfind_byte_sse2,
};
pub(crate) use ssse3::run_ssse3;
#[cfg(any(test, fuzzing))]
pub(crate) use ssse3::{class_run_ssse3, marks_ssse3};
#[cfg(any(test, fuzzing))]
pub(crate) use uri::write_uri_octets_ssse3;
pub(crate) use uri::UriKernel;
// The nibble tables are shared with the WebAssembly scanner.
pub(crate) use super::nibbles::NIBBLES;

/// Whether the processor has the target feature `$f`: known at build time when the
/// target enables it, else asked of the processor (with `std`; the answer is cached by
/// `std`), else no.
macro_rules! has_feature {
    ($f:tt) => {{
        #[cfg(target_feature = $f)]
        {
            true
        }
        #[cfg(all(not(target_feature = $f), any(feature = "std", test)))]
        {
            std::is_x86_feature_detected!($f)
        }
        #[cfg(all(not(target_feature = $f), not(any(feature = "std", test))))]
        {
            false
        }
    }};
}

/// Whether the processor has AVX2 (see `has_feature`).
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    has_feature!("avx2")
}

/// Whether the processor has POPCNT (see `has_feature`).
#[inline(always)]
pub(crate) fn has_popcnt() -> bool {
    has_feature!("popcnt")
}

/// Whether the processor has SSSE3 (see `has_feature`).
#[inline(always)]
pub(crate) fn has_ssse3() -> bool {
    has_feature!("ssse3")
}

/// The 16 bytes of `s` from `i` (`i + 16 <= s.len()`).
#[inline(always)]
pub(crate) fn load16(s: &[u8], i: usize) -> __m128i {
    let w: &[u8; 16] = s[i..i + 16].try_into().expect("16 bytes");
    // SAFETY: `w` is 16 readable bytes; the load has no alignment requirement.
    unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
}

/// The 16 bytes of `s` from `i`, padded with zero bytes past the end (`i < s.len()`),
/// and how many of them are text (at most 16). When at least 16 bytes remain, the
/// caller loads them directly; this is for the tail.
#[inline(always)]
pub(super) fn load_tail(s: &[u8], i: usize) -> (__m128i, usize) {
    let left = s.len() - i;
    let mut buf = [0u8; 16];
    buf[..left].copy_from_slice(&s[i..]);
    (load16(&buf, 0), left)
}

/// The top bit of each byte of `v`, gathered: bit k for byte k.
#[inline(always)]
pub(super) fn bits(v: __m128i) -> u32 {
    // SAFETY: SSE2 is part of x86-64.
    unsafe { _mm_movemask_epi8(v) as u32 }
}
