//! The SSSE3 search for the first byte of a set ([`crate::scan::set`]), 16 bytes per step: a
//! byte's low nibble picks its row of the set's bitmap with `pshufb` (one row table for the
//! bytes below 0x80, one for the others), and its high nibble the bit in the row; with
//! AVX2, 32 bytes per step. Also the SSE2 search for the first byte outside a range.

use super::{bits, load16, load_tail};
use crate::scan::set::SetRows;
use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_xor_si256, _mm_and_si128, _mm_cmpeq_epi8,
    _mm_min_epu8, _mm_or_si128, _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi8, _mm_srli_epi16,
    _mm_sub_epi8, _mm_xor_si128,
};

/// The bytes of `v` in the set of `rows` (the two row tables loaded), one bit each.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
pub(super) unsafe fn members(v: __m128i, low_rows: __m128i, high_rows: __m128i) -> u32 {
    // SAFETY: SSE2 is part of x86-64, and the caller vouches for SSSE3 (`pshufb`).
    unsafe {
        // `pshufb` gives the entry of the index's low four bits, or 0 when the index has its
        // top bit set: the first lookup answers for the bytes below 0x80, the second (top
        // bit flipped) for the others.
        let row = _mm_or_si128(
            _mm_shuffle_epi8(low_rows, v),
            _mm_shuffle_epi8(high_rows, _mm_xor_si128(v, _mm_set1_epi8(-0x80))),
        );
        // The bit of the high nibble's three low bits.
        let high3 = _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(7));
        let bit = _mm_shuffle_epi8(
            _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128),
            high3,
        );
        bits(_mm_cmpeq_epi8(_mm_and_si128(row, bit), bit))
    }
}

/// [`crate::scan::set::find_in_set`] 16 bytes at a time.
#[target_feature(enable = "ssse3")]
pub(crate) fn find_in_set_ssse3(s: &[u8], from: usize, set: &SetRows) -> Option<usize> {
    let low_rows = load16(&set.rows[0], 0);
    let high_rows = load16(&set.rows[1], 0);
    let n = s.len();
    let mut i = from;
    while i + 16 <= n {
        // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
        let m = unsafe { members(load16(s, i), low_rows, high_rows) };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i < n {
        let m = if n >= 16 {
            // The last 16 bytes, of which those before `i` were searched already.
            // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
            unsafe { members(load16(s, n - 16), low_rows, high_rows) >> (i - (n - 16)) }
        } else {
            let (w, left) = load_tail(s, i);
            // The padding's zero bytes may be in the set: only the first `left` count.
            // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
            unsafe { members(w, low_rows, high_rows) & ((1 << left) - 1) }
        };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
    }
    None
}

/// The bytes of the 32 bytes of `s` from `at` (`at + 32 <= s.len()`) in the set of the row
/// tables, one bit each.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn members32(s: &[u8], at: usize, low_rows: __m256i, high_rows: __m256i) -> u32 {
    let w: &[u8; 32] = s[at..at + 32].try_into().expect("32 bytes");
    // SAFETY: `w` is 32 readable bytes (the load has no alignment requirement), and the
    // caller vouches for AVX2.
    unsafe { members_of32(_mm256_loadu_si256(w.as_ptr().cast()), low_rows, high_rows) }
}

/// The bytes of `v` in the set of the row tables (each 16-byte half loaded in both halves),
/// one bit each.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
pub(super) unsafe fn members_of32(v: __m256i, low_rows: __m256i, high_rows: __m256i) -> u32 {
    // SAFETY: the caller vouches for AVX2.
    unsafe {
        // As in `members`, per 16-byte half: `vpshufb` looks each half up in the same half
        // of the table, which holds the same 16 entries in both.
        let row = _mm256_or_si256(
            _mm256_shuffle_epi8(low_rows, v),
            _mm256_shuffle_epi8(high_rows, _mm256_xor_si256(v, _mm256_set1_epi8(-0x80))),
        );
        let high3 = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(7));
        let bit = _mm256_shuffle_epi8(
            _mm256_setr_epi8(
                1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64,
                -128, 1, 2, 4, 8, 16, 32, 64, -128,
            ),
            high3,
        );
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(row, bit), bit)) as u32
    }
}

/// [`crate::scan::set::find_in_set`] 32 bytes at a time; a text shorter than 32 bytes goes
/// to the SSSE3 version.
#[target_feature(enable = "avx2")]
pub(crate) fn find_in_set_avx2(s: &[u8], from: usize, set: &SetRows) -> Option<usize> {
    let n = s.len();
    if n < 32 {
        // AVX2 implies SSSE3.
        return find_in_set_ssse3(s, from, set);
    }
    let low_rows = _mm256_broadcastsi128_si256(load16(&set.rows[0], 0));
    let high_rows = _mm256_broadcastsi128_si256(load16(&set.rows[1], 0));
    let mut i = from;
    while i + 32 <= n {
        // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
        let m = unsafe { members32(s, i, low_rows, high_rows) };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 32;
    }
    if i < n {
        // The last 32 bytes, of which those before `i` were searched already.
        // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
        let m = unsafe { members32(s, n - 32, low_rows, high_rows) } >> (i - (n - 32));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
    }
    None
}

/// [`crate::scan::set::find_outside`] 16 bytes at a time with SSE2: a byte is inside when
/// its distance above `first` (wrapping) is at most `last - first`, an unsigned minimum.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn find_outside_sse2(s: &[u8], from: usize, first: u8, last: u8) -> Option<usize> {
    let base = _mm_set1_epi8(first as i8);
    let width = _mm_set1_epi8(last.wrapping_sub(first) as i8);
    // The bytes of `v` outside the range, one bit each.
    let outside = |v: __m128i| {
        let x = _mm_sub_epi8(v, base);
        !bits(_mm_cmpeq_epi8(_mm_min_epu8(x, width), x)) & 0xFFFF
    };
    let n = s.len();
    let mut i = from;
    while i + 16 <= n {
        let m = outside(load16(s, i));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i < n {
        let m = if n >= 16 {
            // The last 16 bytes, of which those before `i` were searched already.
            outside(load16(s, n - 16)) >> (i - (n - 16))
        } else {
            let (w, left) = load_tail(s, i);
            outside(w) & ((1 << left) - 1)
        };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
    }
    None
}
