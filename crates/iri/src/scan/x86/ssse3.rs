//! The SSSE3 scanner: class runs and the parser's marks, 16 bytes per step with `pshufb` and
//! two nibble tables (see [`Nibbles`](crate::scan::nibbles::Nibbles)).

use super::{bits, load16, load_tail, NIBBLES};
use crate::chars::{IQUERY, QUERY, SCHEME};
use crate::scan::{Marks, Run, MARKS_MAX};
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8,
    _mm_srli_epi16,
};

/// The SSSE3 [`crate::scan::Scanner`]; made only by [`run_ssse3`], which the processor's
/// SSSE3 is required for, and by the AVX2 scanner (AVX2 implies SSSE3).
#[derive(Clone, Copy)]
pub(crate) struct Ssse3(pub(super) ());

impl crate::scan::Scanner for Ssse3 {
    #[inline(always)]
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
        // SAFETY: an `Ssse3` exists only inside `run_ssse3`, which is called only on a
        // processor with SSSE3.
        unsafe { class_run_ssse3_inline(s, from, class) }
    }

    #[inline(always)]
    fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
        if s.is_empty() || s.len() > MARKS_MAX {
            return None;
        }
        // SAFETY: as above.
        Some(unsafe { marks_ssse3_inline(s, class) })
    }
}

/// Runs `task` with the SSSE3 scanner, compiled with SSSE3 enabled.
///
/// # Safety
/// The processor must have SSSE3.
#[target_feature(enable = "ssse3")]
pub(crate) unsafe fn run_ssse3<T: crate::scan::WithScanner>(task: T) -> T::Output {
    task.run(Ssse3(()))
}

/// The bytes of `v` outside the class of `lo`/`hi` (see [`crate::scan::nibbles::Nibbles`]), one bit
/// each.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
unsafe fn outside(v: __m128i, lo: __m128i, hi: __m128i) -> u32 {
    // SAFETY: SSE2 is part of x86-64, and the caller vouches for SSSE3 (`pshufb`).
    unsafe {
        let low4 = _mm_set1_epi8(0x0F);
        // `pshufb` picks a table entry by the low four bits of each index byte (and gives
        // 0 when the index has its top bit set, which the masks clear).
        let by_lo = _mm_shuffle_epi8(lo, _mm_and_si128(v, low4));
        let by_hi = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), low4));
        let shared = _mm_and_si128(by_lo, by_hi);
        bits(_mm_cmpeq_epi8(shared, _mm_setzero_si128()))
    }
}

/// [`crate::scan::class_run_noting`] 16 bytes at a time, with SSSE3's `pshufb`; a function
/// compiled with SSSE3 enabled, for the tests and the fuzz target (the parser inlines
/// [`class_run_ssse3_inline`] into its own SSSE3 copy instead).
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[target_feature(enable = "ssse3")]
pub(crate) fn class_run_ssse3(s: &[u8], from: usize, class: u16) -> Run {
    // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
    unsafe { class_run_ssse3_inline(s, from, class) }
}

/// The body of [`class_run_ssse3`], inlined into its callers: inside a function compiled
/// with SSSE3 (such as [`run_ssse3`]'s task) its intrinsics become single instructions.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
pub(crate) unsafe fn class_run_ssse3_inline(s: &[u8], from: usize, class: u16) -> Run {
    let t = &NIBBLES[class.trailing_zeros() as usize];
    let lo = load16(&t.lo, 0);
    let hi = load16(&t.hi, 0);
    let n = s.len();
    let mut i = from;
    // The high bits (non-ASCII bytes) of the bytes taken so far.
    let mut high = 0;
    while i + 16 <= n {
        let v = load16(s, i);
        // SAFETY: the caller vouches for SSSE3.
        let out = unsafe { outside(v, lo, hi) };
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
        // SAFETY: the caller vouches for SSSE3.
        let out = (unsafe { outside(v, lo, hi) } >> skip) | (1 << left);
        let k = out.trailing_zeros();
        high |= (bits(v) >> skip) & ((1 << k) - 1);
        i += k as usize;
    }
    Run {
        end: i,
        non_ascii: high != 0,
    }
}

pub(super) use crate::scan::nibbles::MARK_CLASSES;

/// [`crate::scan::Scanner::marks`] with SSSE3, as a function compiled with SSSE3 enabled, for
/// the tests and the fuzz target (the parser inlines [`marks_ssse3_inline`]).
///
/// Contract: `1 <= s.len() <= MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[target_feature(enable = "ssse3")]
pub(crate) fn marks_ssse3(s: &[u8], class: u16) -> Marks<u64> {
    // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
    unsafe { marks_ssse3_inline(s, class) }
}

/// The body of [`marks_ssse3`]. Texts of 16 bytes or more are read as four blocks of 16
/// at fixed places (the first, the last, and two between them, which overlap the others
/// when the text is short): no branch on the length, and as the marks of a byte are the
/// same in every block that holds it, ORing the blocks' marks in place gives each byte
/// its own. A shorter text is read as one block padded with zeros.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
pub(crate) unsafe fn marks_ssse3_inline(s: &[u8], class: u16) -> Marks<u64> {
    debug_assert!(!s.is_empty() && s.len() <= MARKS_MAX);
    debug_assert!(class == QUERY || class == IQUERY);
    let t = &MARK_CLASSES[usize::from(class == IQUERY)];
    let (lo, hi) = (load16(&t.lo, 0), load16(&t.hi, 0));
    let n = s.len();
    let mut m = Marks::default();
    let mut high = 0;
    let first = if n >= 16 {
        let last = n - 16;
        for at in [16.min(last), 32.min(last), last] {
            let v = load16(s, at);
            // SAFETY: the caller vouches for SSSE3.
            unsafe { mark_block(&mut m, v, at, lo, hi) };
            high |= bits(v);
        }
        load16(s, 0)
    } else {
        load_tail(s, 0).0
    };
    // SAFETY: the caller vouches for SSSE3.
    unsafe { mark_block(&mut m, first, 0, lo, hi) };
    high |= bits(first);
    if n < 16 {
        // The zero padding is outside every class.
        m.unusual &= (1 << n) - 1;
    }
    m.non_ascii = high != 0;
    // SAFETY: the caller vouches for SSSE3.
    m.not_scheme = unsafe { not_scheme(first) };
    m
}

/// The bytes of the first 16, `v`, outside `chars::SCHEME`.
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
pub(super) unsafe fn not_scheme(v: __m128i) -> u32 {
    let sch = &NIBBLES[SCHEME.trailing_zeros() as usize];
    // SAFETY: the caller vouches for SSSE3.
    unsafe { outside(v, load16(&sch.lo, 0), load16(&sch.hi, 0)) }
}

/// ORs the marks of the 16 bytes `v`, which start at byte `at`, into `m` (all but
/// `non_ascii`).
///
/// # Safety
/// The processor must have SSSE3.
#[inline(always)]
unsafe fn mark_block(m: &mut Marks<u64>, v: __m128i, at: usize, lo: __m128i, hi: __m128i) {
    let of = |b: u8| {
        // SAFETY: SSE2 is part of x86-64.
        let eq = unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8)) };
        u64::from(bits(eq)) << at
    };
    // SAFETY: the caller vouches for SSSE3.
    m.unusual |= u64::from(unsafe { outside(v, lo, hi) }) << at;
    m.colon |= of(b':');
    m.slash |= of(b'/');
    m.question |= of(b'?');
    m.hash |= of(b'#');
    m.dot |= of(b'.');
    // SAFETY: SSE2 is part of x86-64.
    m.upper |= u64::from(unsafe { super::sse2::upper_bits(v) }) << at;
}
