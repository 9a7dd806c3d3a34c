//! The SSSE3 and AVX2 searches for the first single or pair of a [`PairRows`]
//! ([`crate::scan::pairs`]), 16 and 32 bytes per step: each byte is classified with the byte
//! after it (a second load, one byte further on), the singles with the exact bitmap of
//! `set.rs`, the pairs with four nibble lookups (`pshufb`) whose bits must agree; the places
//! found are checked against the exact sets before one is returned.
//! Implements no RFC rule: the sets searched are the caller's.

use super::set::{members, members_of32};
use super::{bits, load16};
use crate::scan::pairs::PairRows;
use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_set1_epi8,
    _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
};

/// The tables of a [`PairRows`], loaded.
#[derive(Clone, Copy)]
struct Tables {
    low_rows: __m128i,
    high_rows: __m128i,
    first_low: __m128i,
    first_high: __m128i,
    second_low: __m128i,
    second_high: __m128i,
}

impl Tables {
    #[inline(always)]
    fn of(set: &PairRows) -> Tables {
        Tables {
            low_rows: load16(&set.singles.rows[0], 0),
            high_rows: load16(&set.singles.rows[1], 0),
            first_low: load16(&set.first_low, 0),
            first_high: load16(&set.first_high, 0),
            second_low: load16(&set.second_low, 0),
            second_high: load16(&set.second_high, 0),
        }
    }
}

/// The places among the 16 bytes of `v` (`w`: the 16 bytes one further on) where a single
/// is, or where a pair may start (a first byte followed by a byte whose nibbles both appear
/// among its second bytes'), one bit each.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
unsafe fn candidates(v: __m128i, w: __m128i, t: &Tables) -> u32 {
    // SAFETY: SSE2 is part of x86-64, and the caller vouches for SSSE3 (`pshufb`).
    unsafe {
        let single = members(v, t.low_rows, t.high_rows);
        let nibble = _mm_set1_epi8(15);
        // The nibbles as indexes below 16 (`pshufb` gives 0 for an index with its top bit
        // set, which these never have).
        let lookup = |low: __m128i, high: __m128i, x: __m128i| {
            _mm_and_si128(
                _mm_shuffle_epi8(low, _mm_and_si128(x, nibble)),
                _mm_shuffle_epi8(high, _mm_and_si128(_mm_srli_epi16(x, 4), nibble)),
            )
        };
        let first = lookup(t.first_low, t.first_high, v);
        let second = lookup(t.second_low, t.second_high, w);
        let pair = !bits(_mm_cmpeq_epi8(
            _mm_and_si128(first, second),
            _mm_setzero_si128(),
        ));
        single | (pair & 0xFFFF)
    }
}

/// [`crate::scan::pairs::find_in_pairs`] 16 bytes at a time.
#[target_feature(enable = "ssse3")]
pub(crate) fn find_in_pairs_ssse3(s: &[u8], from: usize, set: &PairRows) -> Option<usize> {
    let t = Tables::of(set);
    let n = s.len();
    let mut i = from;
    // Each step reads one byte past its 16: the byte after the last.
    while i + 17 <= n {
        // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
        let m = unsafe { candidates(load16(s, i), load16(s, i + 1), &t) };
        if m != 0 {
            if let Some(at) = set.first_match(s, i, u64::from(m)) {
                return Some(at);
            }
        }
        i += 16;
    }
    if i >= n {
        return None;
    }
    if n >= 17 {
        // The 16 places from `n - 17` (those before `i` were searched already), then the
        // last byte, which has no byte after it: only a single can be there.
        let q = n - 17;
        // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
        let m = unsafe { candidates(load16(s, q), load16(s, q + 1), &t) } >> (i - q);
        if let Some(at) = set.first_match(s, i, u64::from(m)) {
            return Some(at);
        }
        return set.matches_at(s, n - 1).then_some(n - 1);
    }
    // Fewer than 17 bytes from `i`: a copy padded with zero bytes, of which only the first
    // `left` places count (the check of each place reads the text itself, so a pair is never
    // completed by the padding).
    let left = n - i;
    let mut buf = [0u8; 32];
    buf[..left].copy_from_slice(&s[i..]);
    // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
    let m = unsafe { candidates(load16(&buf, 0), load16(&buf, 1), &t) } & ((1 << left) - 1);
    set.first_match(s, i, u64::from(m))
}

/// [`candidates`] for 32 bytes (the tables loaded in both halves).
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn candidates32(s: &[u8], at: usize, t: &[__m256i; 6]) -> u32 {
    let w: &[u8; 33] = s[at..at + 33].try_into().expect("33 bytes");
    // SAFETY: `w` is 33 readable bytes, and both loads of 32 lie within it (they have no
    // alignment requirement); the caller vouches for AVX2.
    unsafe {
        let v = _mm256_loadu_si256(w.as_ptr().cast());
        let after = _mm256_loadu_si256(w.as_ptr().add(1).cast());
        let single = members_of32(v, t[0], t[1]);
        let nibble = _mm256_set1_epi8(15);
        // As in `candidates`, per 16-byte half (`vpshufb` looks each half up in the same
        // half of the table, which holds the same 16 entries in both).
        let lookup = |low: __m256i, high: __m256i, x: __m256i| {
            _mm256_and_si256(
                _mm256_shuffle_epi8(low, _mm256_and_si256(x, nibble)),
                _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble)),
            )
        };
        let first = lookup(t[2], t[3], v);
        let second = lookup(t[4], t[5], after);
        let none = _mm256_cmpeq_epi8(_mm256_and_si256(first, second), _mm256_setzero_si256());
        single | !(_mm256_movemask_epi8(none) as u32)
    }
}

/// [`crate::scan::pairs::find_in_pairs`] 32 bytes at a time; a text shorter than 33 bytes
/// goes to the SSSE3 version.
#[target_feature(enable = "avx2")]
pub(crate) fn find_in_pairs_avx2(s: &[u8], from: usize, set: &PairRows) -> Option<usize> {
    let n = s.len();
    if n < 33 {
        // AVX2 implies SSSE3.
        return find_in_pairs_ssse3(s, from, set);
    }
    let t = Tables::of(set);
    let t = [
        t.low_rows,
        t.high_rows,
        t.first_low,
        t.first_high,
        t.second_low,
        t.second_high,
    ]
    .map(|x| _mm256_broadcastsi128_si256(x));
    let mut i = from;
    while i + 33 <= n {
        // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
        let m = unsafe { candidates32(s, i, &t) };
        if m != 0 {
            if let Some(at) = set.first_match(s, i, u64::from(m)) {
                return Some(at);
            }
        }
        i += 32;
    }
    if i >= n {
        return None;
    }
    // The 32 places from `n - 33` (those before `i` were searched already), then the last
    // byte, which has no byte after it: only a single can be there.
    let q = n - 33;
    // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
    let m = u64::from(unsafe { candidates32(s, q, &t) }) >> (i - q);
    if let Some(at) = set.first_match(s, i, m) {
        return Some(at);
    }
    set.matches_at(s, n - 1).then_some(n - 1)
}
