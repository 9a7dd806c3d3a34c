//! The SSSE3 search for the first byte of a set ([`crate::scan::set`]), 16 bytes per step: a
//! byte's low nibble picks its row of the set's bitmap with `pshufb` (one row table for the
//! bytes below 0x80, one for the others), and its high nibble the bit in the row. Also the
//! mask of one byte value over 64 bytes (SSE2), which a caller walks bit by bit.

use super::{bits, load16, load_tail};
use crate::scan::set::SetRows;
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setr_epi8,
    _mm_shuffle_epi8, _mm_srli_epi16, _mm_xor_si128,
};

/// The bytes of `v` in the set of `rows` (the two row tables loaded), one bit each.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
unsafe fn members(v: __m128i, low_rows: __m128i, high_rows: __m128i) -> u32 {
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

/// [`crate::scan::set::byte_mask64`] with SSE2: four 16-byte compares.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn byte_mask64_sse2(s: &[u8], at: usize, v: u8) -> u64 {
    let needle = _mm_set1_epi8(v as i8);
    let n = s.len();
    if at + 64 <= n {
        let mut m = 0u64;
        for k in 0..4 {
            let w = bits(_mm_cmpeq_epi8(load16(s, at + 16 * k), needle));
            m |= u64::from(w) << (16 * k);
        }
        return m;
    }
    // The tail: 16 bytes at a time, the last piece padded (its padding masked off).
    let mut m = 0u64;
    let mut i = at;
    while i < n {
        let w = if i + 16 <= n {
            bits(_mm_cmpeq_epi8(load16(s, i), needle))
        } else {
            let (w, left) = load_tail(s, i);
            bits(_mm_cmpeq_epi8(w, needle)) & ((1 << left) - 1)
        };
        m |= u64::from(w) << (i - at);
        i += 16;
    }
    m
}
