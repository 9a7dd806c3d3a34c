//! The AVX2 scanner: the SSSE3 runs, and the parser's marks 32 bytes per step (texts of up to
//! 128 bytes); normalization's one-pass check 32 bytes per step.

use super::load16;
use super::ssse3::{marks_ssse3_inline, not_scheme, Ssse3, MARK_CLASSES};
use crate::chars::IQUERY;
use crate::scan::NormalMarks;
use crate::scan::{Marks, Run, LONG_MARKS_MAX, MARKS_MAX};
use core::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

/// The AVX2 [`crate::scan::Scanner`]: the SSSE3 runs, and marks taken 32 bytes at a time;
/// made only by [`run_avx2`], which the processor's AVX2 is required for.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(());

impl crate::scan::Scanner for Avx2 {
    #[inline(always)]
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
        // An `Avx2` exists only inside `run_avx2`, which is called only on a processor
        // with AVX2, which has SSSE3 too.
        Ssse3(()).class_run_noting(s, from, class)
    }

    #[inline(always)]
    fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
        if s.is_empty() || s.len() > MARKS_MAX {
            return None;
        }
        // SAFETY: as above.
        Some(unsafe { marks_avx2_inline(s, class) })
    }

    #[inline(always)]
    fn long_marks(self, s: &[u8], class: u16) -> Option<Marks<u128>> {
        if s.len() <= MARKS_MAX || s.len() > LONG_MARKS_MAX {
            return None;
        }
        // SAFETY: as above.
        Some(unsafe { long_marks_avx2_inline(s, class) })
    }
}

/// Runs `task` with the AVX2 scanner, compiled with AVX2 enabled.
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn run_avx2<T: crate::scan::WithScanner>(task: T) -> T::Output {
    task.run(Avx2(()))
}

/// [`crate::scan::Scanner::marks`] with AVX2, as a function compiled with AVX2 enabled, for
/// the tests and the fuzz target (the parser inlines [`marks_avx2_inline`]).
///
/// Contract: `1 <= s.len() <= MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[target_feature(enable = "avx2")]
pub(crate) fn marks_avx2(s: &[u8], class: u16) -> Marks<u64> {
    // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
    unsafe { marks_avx2_inline(s, class) }
}

/// [`crate::scan::Scanner::long_marks`] with AVX2, as a function compiled with AVX2 enabled,
/// for the tests and the fuzz target.
///
/// Contract: `MARKS_MAX < s.len() <= LONG_MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[target_feature(enable = "avx2")]
pub(crate) fn long_marks_avx2(s: &[u8], class: u16) -> Marks<u128> {
    // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
    unsafe { long_marks_avx2_inline(s, class) }
}

/// The body of [`marks_avx2`]: texts of 32 bytes or more as their first 32 and their last
/// 32 (which overlap, and give each byte its own marks when ORed in place), shorter
/// ones as [`marks_ssse3_inline`] reads them.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
pub(crate) unsafe fn marks_avx2_inline(s: &[u8], class: u16) -> Marks<u64> {
    let n = s.len();
    if n < 32 {
        // SAFETY: the caller vouches for AVX2, which implies SSSE3.
        return unsafe { marks_ssse3_inline(s, class) };
    }
    // SAFETY: the caller vouches for AVX2 (which implies SSSE3).
    unsafe {
        Marks {
            not_scheme: not_scheme(load16(s, 0)),
            ..marks32(s, 0, class).join(marks32(s, n - 32, class), n - 32)
        }
    }
}

/// The body of [`long_marks_avx2`]: the marks of the first 64 bytes and of the last 64
/// (which overlap), each from two blocks of 32, ORed in place.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
pub(crate) unsafe fn long_marks_avx2_inline(s: &[u8], class: u16) -> Marks<u128> {
    let n = s.len();
    debug_assert!(n > MARKS_MAX && n <= LONG_MARKS_MAX);
    // SAFETY: the caller vouches for AVX2 (which implies SSSE3).
    unsafe {
        Marks {
            not_scheme: not_scheme(load16(s, 0)),
            ..marks64(s, 0, class).join(marks64(s, n - 64, class), n - 64)
        }
    }
}

/// The marks of the 32 bytes of `s` from `at` (`at + 32 <= s.len()`), but `not_scheme`.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn marks32(s: &[u8], at: usize, class: u16) -> Marks<u32> {
    let w: &[u8; 32] = s[at..at + 32].try_into().expect("32 bytes");
    let t = &MARK_CLASSES[usize::from(class == IQUERY)];
    // SAFETY: `w` is 32 readable bytes (the load has no alignment requirement), and the
    // caller vouches for AVX2.
    unsafe {
        let v = _mm256_loadu_si256(w.as_ptr().cast());
        let lo = _mm256_broadcastsi128_si256(load16(&t.lo, 0));
        let hi = _mm256_broadcastsi128_si256(load16(&t.hi, 0));
        let low4 = _mm256_set1_epi8(0x0F);
        // `vpshufb` looks up each 16-byte half in the same half of the table, which
        // holds the same 16 entries in both.
        let by_lo = _mm256_shuffle_epi8(lo, _mm256_and_si256(v, low4));
        let by_hi = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
        let shared = _mm256_and_si256(by_lo, by_hi);
        let eq = |b: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8));
        Marks {
            unusual: bits32(_mm256_cmpeq_epi8(shared, _mm256_setzero_si256())),
            colon: bits32(eq(b':')),
            slash: bits32(eq(b'/')),
            question: bits32(eq(b'?')),
            hash: bits32(eq(b'#')),
            dot: bits32(eq(b'.')),
            // Adding 63 takes `A`–`Z` to -128..=-103 (as signed bytes) and every other
            // byte above.
            upper: bits32(_mm256_cmpgt_epi8(
                _mm256_set1_epi8(-102),
                _mm256_add_epi8(v, _mm256_set1_epi8(63)),
            )),
            non_ascii: bits32(v) != 0,
            not_scheme: 0,
        }
    }
}

/// The top bit of each byte of `v`, gathered: bit k for byte k.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn bits32(v: __m256i) -> u32 {
    // SAFETY: the caller vouches for AVX2.
    unsafe { _mm256_movemask_epi8(v) as u32 }
}

/// The marks of the 64 bytes of `s` from `at` (`at + 64 <= s.len()`), from two blocks of
/// 32, but `not_scheme`.
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn marks64(s: &[u8], at: usize, class: u16) -> Marks<u64> {
    // SAFETY: the caller vouches for AVX2.
    unsafe { marks32(s, at, class).join(marks32(s, at + 32, class), 32) }
}

/// The 32 bytes of `s` from `i` (`i + 32 <= s.len()`).
///
/// # Safety
/// The processor must have AVX2.
#[inline(always)]
unsafe fn load32(s: &[u8], i: usize) -> __m256i {
    let w: &[u8; 32] = s[i..i + 32].try_into().expect("32 bytes");
    // SAFETY: `w` is 32 readable bytes (the load has no alignment requirement), and the
    // caller vouches for AVX2.
    unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
}

/// [`crate::scan::normal_marks`] 32 bytes at a time, for texts of at least 33 bytes (shorter
/// ones take the SSE2 version): each step loads the 32 bytes from `i` and those from `i + 1`
/// (the second bytes of the pairs); the last step takes the last 33 bytes, which may overlap
/// bytes seen already (the marks are only ORed together).
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn normal_marks_avx2(s: &[u8], upper_to: usize) -> NormalMarks {
    let n = s.len();
    if n < 33 {
        return super::normal_marks_sse2(s, upper_to);
    }
    // SAFETY (each block below): every load is of 32 bytes in `s` (`load32` checks), and
    // this function runs only on a processor with AVX2 (its target feature).
    let (percent_byte, slash, dot) = (
        _mm256_set1_epi8(b'%' as i8),
        _mm256_set1_epi8(b'/' as i8),
        _mm256_set1_epi8(b'.' as i8),
    );
    let upper_bits = |a: __m256i| -> u32 {
        // Adding 63 takes `A`–`Z` to -128..=-103 (as signed bytes) and every other byte
        // above.
        let shifted = _mm256_add_epi8(a, _mm256_set1_epi8(63));
        _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-102), shifted)) as u32
    };
    // The low `k` bits set (`k` at most 32, or more for all 32).
    let low_bits = |k: usize| ((1u64 << k.min(32)) - 1) as u32;
    let (mut percent, mut pairs) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    let mut upper = 0u32;
    let mut i = 0;
    while i + 33 <= n {
        // SAFETY: see above (`i + 33 <= n`).
        let (a, b) = unsafe { (load32(s, i), load32(s, i + 1)) };
        percent = _mm256_or_si256(percent, _mm256_cmpeq_epi8(a, percent_byte));
        pairs = _mm256_or_si256(
            pairs,
            _mm256_and_si256(_mm256_cmpeq_epi8(a, slash), _mm256_cmpeq_epi8(b, dot)),
        );
        if i < upper_to {
            upper |= upper_bits(a) & low_bits(upper_to - i);
        }
        i += 32;
    }
    // The rest (`i >= n - 32`): the bytes of the last 32 and the pairs of the last 33.
    // SAFETY: see above (`n >= 33`).
    let (prev, last) = unsafe { (load32(s, n - 33), load32(s, n - 32)) };
    percent = _mm256_or_si256(percent, _mm256_cmpeq_epi8(last, percent_byte));
    pairs = _mm256_or_si256(
        pairs,
        _mm256_and_si256(_mm256_cmpeq_epi8(prev, slash), _mm256_cmpeq_epi8(last, dot)),
    );
    upper |= upper_bits(last) & low_bits(upper_to.saturating_sub(n - 32));
    NormalMarks {
        percent: _mm256_movemask_epi8(percent) != 0,
        slash_dot: _mm256_movemask_epi8(pairs) != 0,
        upper: upper != 0,
    }
}
