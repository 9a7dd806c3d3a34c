//! The WebAssembly SIMD scanner (the `simd128` proposal, built with
//! `-C target-feature=+simd128`): class runs and the parser's marks with `i8x16.swizzle` and
//! the nibble tables of `nibbles.rs`, and the byte searches, 16 bytes per step. The same
//! method as the x86-64 SSSE3 and SSE2 versions (`x86/`), with `i8x16.bitmask` for
//! `pmovmskb`; WebAssembly has no run-time feature test, so the build decides.

use super::nibbles::{MARK_CLASSES, NIBBLES};
use super::{Marks, Run, Scanner, MARKS_MAX};
use crate::chars::{IQUERY, QUERY, SCHEME};
use core::arch::wasm32::{
    i8x16_bitmask, u8x16_eq, u8x16_lt, u8x16_shr, u8x16_splat, u8x16_sub, u8x16_swizzle, v128,
    v128_and, v128_load,
};

/// The simd128 [`Scanner`]: the only one a build with simd128 uses.
#[derive(Clone, Copy)]
pub(crate) struct Simd128;

impl Scanner for Simd128 {
    #[inline(always)]
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
        class_run_simd128(s, from, class)
    }

    #[inline(always)]
    fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
        if s.is_empty() || s.len() > MARKS_MAX {
            return None;
        }
        Some(marks_simd128(s, class))
    }
}

/// The 16 bytes of `s` from `i` (`i + 16 <= s.len()`).
#[inline(always)]
pub(super) fn load16(s: &[u8], i: usize) -> v128 {
    let w: &[u8; 16] = s[i..i + 16].try_into().expect("16 bytes");
    // SAFETY: `w` is 16 readable bytes; `v128.load` has no alignment requirement.
    unsafe { v128_load(w.as_ptr().cast()) }
}

/// The 16 bytes of `s` from `i`, padded with zero bytes past the end (`i < s.len()`), and
/// how many of them are text (at most 16).
#[inline(always)]
fn load_tail(s: &[u8], i: usize) -> (v128, usize) {
    let left = s.len() - i;
    let mut buf = [0u8; 16];
    buf[..left].copy_from_slice(&s[i..]);
    (load16(&buf, 0), left)
}

/// The top bit of each byte of `v`, gathered: bit k for byte k.
#[inline(always)]
pub(super) fn bits(v: v128) -> u32 {
    u32::from(i8x16_bitmask(v))
}

/// The bytes of `v` equal to `b`, one bit each.
#[inline(always)]
fn equal(v: v128, b: u8) -> u32 {
    bits(u8x16_eq(v, u8x16_splat(b)))
}

/// The bytes of `v` outside the class of `lo`/`hi` (see
/// [`Nibbles`](super::nibbles::Nibbles)), one bit each.
#[inline(always)]
fn outside(v: v128, lo: v128, hi: v128) -> u32 {
    // Both indexes are below 16 (the low nibble masked, the high one shifted down), so
    // `swizzle` picks a table entry for each byte.
    let by_lo = u8x16_swizzle(lo, v128_and(v, u8x16_splat(0x0F)));
    let by_hi = u8x16_swizzle(hi, u8x16_shr(v, 4));
    equal(v128_and(by_lo, by_hi), 0)
}

/// [`Scanner::class_run_noting`] 16 bytes at a time.
#[inline(always)]
fn class_run_simd128(s: &[u8], from: usize, class: u16) -> Run {
    let t = &NIBBLES[class.trailing_zeros() as usize];
    let (lo, hi) = (load16(&t.lo, 0), load16(&t.hi, 0));
    let n = s.len();
    let mut i = from;
    // The high bits (non-ASCII bytes) of the bytes taken so far.
    let mut high = 0;
    while i + 16 <= n {
        let v = load16(s, i);
        let out = outside(v, lo, hi);
        if out != 0 {
            let k = out.trailing_zeros();
            high |= bits(v) & ((1 << k) - 1);
            return Run {
                end: i + k as usize,
                non_ascii: high != 0,
            };
        }
        high |= bits(v);
        i += 16;
    }
    if i < n {
        // The tail: a bit past the text marks its end as outside.
        let (v, skip, left) = if n >= 16 {
            (load16(s, n - 16), i - (n - 16), n - i)
        } else {
            let (v, left) = load_tail(s, i);
            (v, 0, left)
        };
        let out = (outside(v, lo, hi) >> skip) | (1 << left);
        let k = out.trailing_zeros();
        high |= (bits(v) >> skip) & ((1 << k) - 1);
        i += k as usize;
    }
    Run {
        end: i,
        non_ascii: high != 0,
    }
}

/// [`Scanner::marks`] for `1 <= s.len() <= MARKS_MAX` and `class` `QUERY` or `IQUERY`. Texts
/// of 16 bytes or more are read as four blocks of 16 at fixed places (the first, the last,
/// and two between them, which overlap the others when the text is short): as the marks of
/// a byte are the same in every block that holds it, ORing the blocks' marks in place gives
/// each byte its own. A shorter text is read as one block padded with zeros.
#[inline(always)]
fn marks_simd128(s: &[u8], class: u16) -> Marks<u64> {
    debug_assert!(!s.is_empty() && s.len() <= MARKS_MAX);
    debug_assert!(class == QUERY || class == IQUERY);
    let t = &MARK_CLASSES[usize::from(class == IQUERY)];
    let (lo, hi) = (load16(&t.lo, 0), load16(&t.hi, 0));
    let n = s.len();
    let mut m = Marks::default();
    let mut high = 0;
    let first = if n >= 16 {
        let last = n - 16;
        // Written out rather than a loop over the three places, which the size-optimized
        // build kept as a loop (the places in memory, a check and reloads per block).
        let (a, b) = (16.min(last), 32.min(last));
        let (va, vb, vl) = (load16(s, a), load16(s, b), load16(s, last));
        mark_block(&mut m, va, a, lo, hi);
        mark_block(&mut m, vb, b, lo, hi);
        mark_block(&mut m, vl, last, lo, hi);
        high |= bits(va) | bits(vb) | bits(vl);
        load16(s, 0)
    } else {
        load_tail(s, 0).0
    };
    mark_block(&mut m, first, 0, lo, hi);
    high |= bits(first);
    if n < 16 {
        // The zero padding is outside every class.
        m.unusual &= (1 << n) - 1;
    }
    m.non_ascii = high != 0;
    let sch = &NIBBLES[SCHEME.trailing_zeros() as usize];
    m.not_scheme = outside(first, load16(&sch.lo, 0), load16(&sch.hi, 0));
    m
}

/// ORs the marks of the 16 bytes `v`, which start at byte `at`, into `m` (all but
/// `non_ascii` and `not_scheme`).
#[inline(always)]
fn mark_block(m: &mut Marks<u64>, v: v128, at: usize, lo: v128, hi: v128) {
    let of = |b: u8| u64::from(equal(v, b)) << at;
    m.unusual |= u64::from(outside(v, lo, hi)) << at;
    m.colon |= of(b':');
    m.slash |= of(b'/');
    m.question |= of(b'?');
    m.hash |= of(b'#');
    m.dot |= of(b'.');
    // `A`–`Z`: the bytes whose distance above `A` is below 26.
    let upper = u8x16_lt(u8x16_sub(v, u8x16_splat(b'A')), u8x16_splat(26));
    m.upper |= u64::from(bits(upper)) << at;
}

/// [`crate::scan::find_byte`] 16 bytes at a time.
#[inline]
pub(crate) fn find_byte_simd128(s: &[u8], from: usize, v: u8) -> Option<usize> {
    let n = s.len();
    let mut i = from;
    while i + 16 <= n {
        let m = equal(load16(s, i), v);
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i < n {
        let m = if n >= 16 {
            // The last 16 bytes, of which those before `i` were searched already.
            equal(load16(s, n - 16), v) >> (i - (n - 16))
        } else {
            let (w, left) = load_tail(s, i);
            equal(w, v) & ((1 << left) - 1)
        };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
    }
    None
}

/// [`crate::scan::rfind_byte`] 16 bytes at a time.
#[inline]
pub(crate) fn rfind_byte_simd128(s: &[u8], to: usize, v: u8) -> Option<usize> {
    let s = &s[..to];
    let mut end = s.len();
    while end >= 16 {
        let m = equal(load16(s, end - 16), v);
        if m != 0 {
            return Some(end - 16 + (31 - m.leading_zeros() as usize));
        }
        end -= 16;
    }
    if end > 0 {
        let (w, left) = load_tail(&s[..end], 0);
        let m = equal(w, v) & ((1 << left) - 1);
        if m != 0 {
            return Some(31 - m.leading_zeros() as usize);
        }
    }
    None
}

/// [`crate::scan::first_non_ascii`] 16 bytes at a time.
#[inline]
pub(crate) fn first_non_ascii_simd128(s: &[u8], from: usize) -> usize {
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
