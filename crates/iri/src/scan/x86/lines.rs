//! The SSE2 and AVX2 steps of the search for every place of a byte
//! ([`crate::scan::lines`]): the 64 bytes of a step compared with the byte, four 16-byte or two
//! 32-byte compares, their top bits gathered into one `u64`.
//! Implements no RFC rule: the byte is the caller's.

use super::{bits, load16};
use core::arch::x86_64::{
    _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm_cmpeq_epi8,
    _mm_set1_epi8,
};

/// The places of `v` among the 64 bytes of `s` from `i` (`i + 64 <= s.len()`), bit j for the
/// byte at `i + j`, 16 bytes per compare.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn byte_mask_sse2(s: &[u8], i: usize, v: u8) -> u64 {
    let w = &s[i..i + 64];
    let needle = _mm_set1_epi8(v as i8);
    let part = |k: usize| u64::from(bits(_mm_cmpeq_epi8(load16(w, 16 * k), needle))) << (16 * k);
    part(0) | part(1) | part(2) | part(3)
}

/// [`byte_mask_sse2`] 32 bytes per compare (the processor must have AVX2).
#[target_feature(enable = "avx2")]
pub(crate) fn byte_mask_avx2(s: &[u8], i: usize, v: u8) -> u64 {
    let w: &[u8; 64] = s[i..i + 64].try_into().expect("64 bytes");
    let needle = _mm256_set1_epi8(v as i8);
    // SAFETY: `w` is 64 readable bytes: two loads of 32, which have no alignment requirement.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(w.as_ptr().cast()),
            _mm256_loadu_si256(w.as_ptr().add(32).cast()),
        )
    };
    let low = _mm256_movemask_epi8(_mm256_cmpeq_epi8(low, needle)) as u32;
    let high = _mm256_movemask_epi8(_mm256_cmpeq_epi8(high, needle)) as u32;
    u64::from(low) | (u64::from(high) << 32)
}
