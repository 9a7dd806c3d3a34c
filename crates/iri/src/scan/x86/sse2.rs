//! The SSE2 versions (SSE2 is part of x86-64): the byte searches, the non-ASCII bits of
//! [`NonAscii`](crate::scan::NonAscii), and normalization's one-pass check, 16 bytes per step.

use super::{bits, load16, load_tail};
use crate::scan::NormalMarks;
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
};

/// [`crate::scan::find_byte`] 16 bytes at a time.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn find_byte_sse2(s: &[u8], from: usize, v: u8) -> Option<usize> {
    let needle = _mm_set1_epi8(v as i8);
    let n = s.len();
    let mut i = from;
    while i + 16 <= n {
        let m = bits(_mm_cmpeq_epi8(load16(s, i), needle));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i < n {
        let m = if n >= 16 {
            // The last 16 bytes, of which those before `i` were searched already.
            bits(_mm_cmpeq_epi8(load16(s, n - 16), needle)) >> (i - (n - 16))
        } else {
            let (w, left) = load_tail(s, i);
            bits(_mm_cmpeq_epi8(w, needle)) & ((1 << left) - 1)
        };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
    }
    None
}

/// [`crate::scan::rfind_byte`] 16 bytes at a time.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn rfind_byte_sse2(s: &[u8], to: usize, v: u8) -> Option<usize> {
    let s = &s[..to];
    let needle = _mm_set1_epi8(v as i8);
    let mut end = s.len();
    while end >= 16 {
        let m = bits(_mm_cmpeq_epi8(load16(s, end - 16), needle));
        if m != 0 {
            return Some(end - 16 + (31 - m.leading_zeros() as usize));
        }
        end -= 16;
    }
    if end > 0 {
        let (w, left) = load_tail(&s[..end], 0);
        let m = bits(_mm_cmpeq_epi8(w, needle)) & ((1 << left) - 1);
        if m != 0 {
            return Some(31 - m.leading_zeros() as usize);
        }
    }
    None
}

/// [`crate::scan::first_non_ascii`] 16 bytes at a time.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn first_non_ascii_sse2(s: &[u8], from: usize) -> usize {
    let n = s.len();
    let mut i = from;
    while i + 16 <= n {
        let m = bits(load16(s, i));
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 16;
    }
    if i < n {
        let m = if n >= 16 {
            bits(load16(s, n - 16)) >> (i - (n - 16))
        } else {
            // The zero padding is ASCII.
            bits(load_tail(s, i).0)
        };
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
    }
    n
}

/// The bits of [`crate::scan::NonAscii`] 16 bytes at a time, with no branch on the text: the
/// block at `16k` for each `k`, moved back to end at the text's end where it would
/// pass it (so that the last blocks overlap and set some bits twice). A text of up to
/// 64 bytes takes four loads and a 64-bit word, one of up to 128 eight loads.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn non_ascii_bits_sse2(s: &[u8]) -> Option<[u64; 2]> {
    let n = s.len();
    if n < 16 {
        // The zero padding is ASCII.
        return Some([u64::from(bits(load_tail(s, 0).0)), 0]);
    }
    let at = |k: usize| (16 * k).min(n - 16);
    let word = |k: usize| u64::from(bits(load16(s, at(k)))) << at(k);
    let lo = word(0) | word(1) | word(2) | word(3);
    if n <= 64 {
        Some([lo, 0])
    } else if n <= crate::scan::NonAscii::BITS {
        // Blocks from 64 on, in the second word: the high word of the block's bits
        // placed at `at < 128` in a 128-bit number (the last block may reach back below
        // 64, where the first word has its bits already).
        let high = |k: usize| (u128::from(bits(load16(s, at(k)))) << at(k) >> 64) as u64;
        Some([lo, high(4) | high(5) | high(6) | high(7)])
    } else {
        None
    }
}

/// The bytes of `a` that are `A`–`Z`, one bit each: adding 63 takes `A`–`Z` to
/// -128..=-103 (as signed bytes) and every other byte above.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn upper_bits(a: __m128i) -> u32 {
    let shifted = _mm_add_epi8(a, _mm_set1_epi8(63));
    _mm_movemask_epi8(_mm_cmplt_epi8(shifted, _mm_set1_epi8(-102))) as u32
}

/// The `%` bytes of `a`, and the `/` bytes of `a` whose next byte (the same byte of
/// `b`, loaded one further on) is `.`, as masks.
#[inline]
#[target_feature(enable = "sse2")]
fn percent_and_pairs(a: __m128i, b: __m128i) -> (__m128i, __m128i) {
    let percent = _mm_cmpeq_epi8(a, _mm_set1_epi8(b'%' as i8));
    let slash = _mm_cmpeq_epi8(a, _mm_set1_epi8(b'/' as i8));
    let dot = _mm_cmpeq_epi8(b, _mm_set1_epi8(b'.' as i8));
    (percent, _mm_and_si128(slash, dot))
}

/// The low `k` bits set (`k <= 16`).
#[inline(always)]
fn low_bits(k: usize) -> u32 {
    (1u32 << k) - 1
}

/// [`crate::scan::normal_marks`] 16 bytes at a time: each step loads the 16 bytes from `i`
/// and those from `i + 1` (the second bytes of the pairs). The marks are only ORed
/// together, so the last step may load bytes already seen: it takes the last 17.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn normal_marks_sse2(s: &[u8], upper_to: usize) -> NormalMarks {
    let n = s.len();
    if n < 17 {
        // One step over a copy padded with zeros, which match nothing.
        let mut buf = [0u8; 32];
        buf[..n].copy_from_slice(s);
        let (a, b) = (load16(&buf, 0), load16(&buf, 1));
        let (percent, pairs) = percent_and_pairs(a, b);
        return NormalMarks {
            percent: _mm_movemask_epi8(percent) != 0,
            slash_dot: _mm_movemask_epi8(pairs) != 0,
            upper: upper_bits(a) & low_bits(upper_to.min(16)) != 0,
        };
    }
    let (mut percent, mut pairs) = (_mm_setzero_si128(), _mm_setzero_si128());
    let mut upper = 0u32;
    let mut i = 0;
    // The steps that start below `upper_to` also look for upper-case letters.
    while i + 17 <= n && i < upper_to {
        let a = load16(s, i);
        let (p, q) = percent_and_pairs(a, load16(s, i + 1));
        percent = _mm_or_si128(percent, p);
        pairs = _mm_or_si128(pairs, q);
        upper |= upper_bits(a) & low_bits((upper_to - i).min(16));
        i += 16;
    }
    while i + 17 <= n {
        let (p, q) = percent_and_pairs(load16(s, i), load16(s, i + 1));
        percent = _mm_or_si128(percent, p);
        pairs = _mm_or_si128(pairs, q);
        i += 16;
    }
    // The rest (`i >= n - 16`): the bytes of the last 16 and the pairs of the last 17.
    let last = load16(s, n - 16);
    let (p, _) = percent_and_pairs(last, last);
    let (_, q) = percent_and_pairs(load16(s, n - 17), last);
    percent = _mm_or_si128(percent, p);
    pairs = _mm_or_si128(pairs, q);
    upper |= upper_bits(last) & low_bits(upper_to.saturating_sub(n - 16).min(16));
    NormalMarks {
        percent: _mm_movemask_epi8(percent) != 0,
        slash_dot: _mm_movemask_epi8(pairs) != 0,
        upper: upper != 0,
    }
}
