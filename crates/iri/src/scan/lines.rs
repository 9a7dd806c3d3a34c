//! Every place of one byte value in a text, 64 bytes per step: the search behind
//! [`crate::bytes::LineFeeds`], which cuts a text into lines in one pass rather than with one
//! search per line. Implements no RFC rule: the byte is the caller's.
//!
//! Each step compares 64 bytes with the byte searched and gathers the answers in a `u64`, bit
//! j for the byte at `base + j` ([`Kernel::mask`]): AVX2 with two 32-byte compares, SSE2 with
//! four 16-byte ones (`x86/lines.rs`), simd128 the same way (`wasm_lines.rs`), elsewhere eight
//! words of eight bytes with word arithmetic. [`Positions`] then hands out the set bits, the
//! lowest first, with `trailing_zeros`. The last step of a text of 64 bytes or more reads its
//! last 64 bytes and drops the bits already handed out; a shorter text is copied into 64
//! zeroed bytes once.

use super::word::{load_word, swar_eq, HIGH};

/// The bytes one step of [`Positions`] looks at.
pub(crate) const STEP: usize = 64;

/// A way of computing the 64-bit masks, chosen once per search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Word arithmetic, eight bytes at a time: every target (the reference of the others
    /// in the tests where a SIMD kernel is used).
    #[cfg_attr(
        all(
            any(
                target_arch = "x86_64",
                all(target_arch = "wasm32", target_feature = "simd128")
            ),
            not(any(test, fuzzing))
        ),
        allow(dead_code)
    )]
    Scalar,
    /// Four 16-byte compares (x86-64 always has SSE2).
    #[cfg(target_arch = "x86_64")]
    Sse2,
    /// Two 32-byte compares, after the processor was found to have AVX2.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// Four 16-byte compares of WebAssembly's simd128 (the build decides).
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    Simd128,
}

impl Kernel {
    /// The quickest kernel the processor has.
    #[inline]
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if super::x86::has_avx2() {
                Kernel::Avx2
            } else {
                Kernel::Sse2
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            Kernel::Simd128
        }
        #[cfg(not(any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        )))]
        {
            Kernel::Scalar
        }
    }

    /// Every kernel the processor has (for the tests and the fuzz target).
    #[cfg(any(test, fuzzing))]
    pub(crate) fn every() -> alloc::vec::Vec<Kernel> {
        #[allow(unused_mut)] // nothing more is pushed on other targets
        let mut all = alloc::vec![Kernel::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            all.push(Kernel::Sse2);
            if super::x86::has_avx2() {
                all.push(Kernel::Avx2);
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        all.push(Kernel::Simd128);
        all
    }

    /// The places of `v` among the 64 bytes of `s` from `i` (`i + 64 <= s.len()`): bit j for
    /// the byte at `i + j`.
    #[inline(always)]
    fn mask_at(self, s: &[u8], i: usize, v: u8) -> u64 {
        match self {
            Kernel::Scalar => mask_scalar(s, i, v),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: SSE2 is part of x86-64.
            Kernel::Sse2 => unsafe { super::x86::byte_mask_sse2(s, i, v) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kernel::Avx2` is only made after the processor was found to have AVX2
            // (`best`, `every`).
            Kernel::Avx2 => unsafe { super::x86::byte_mask_avx2(s, i, v) },
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => super::wasm_lines::byte_mask_simd128(s, i, v),
        }
    }

    /// The places of `v` among the bytes of `s` from `i` to at most `i + 64` (`i < s.len()`),
    /// bit j for the byte at `i + j`: the last step of a text is read as its last 64 bytes, or
    /// (a text shorter than that) from a zeroed copy.
    #[inline(always)]
    pub(crate) fn mask(self, s: &[u8], i: usize, v: u8) -> u64 {
        if i + STEP <= s.len() {
            self.mask_at(s, i, v)
        } else {
            self.mask_tail(s, i, v)
        }
    }

    /// [`Kernel::mask`] of the last step of a text, once per text: kept out of the loop
    /// that calls `mask`, which it would otherwise crowd.
    #[inline(never)]
    fn mask_tail(self, s: &[u8], i: usize, v: u8) -> u64 {
        let n = s.len();
        if n >= STEP {
            // The bytes before `i` were handed out by the step before.
            self.mask_at(s, n - STEP, v) >> (i + STEP - n)
        } else {
            let mut buf = [0u8; STEP];
            let left = n - i;
            buf[..left].copy_from_slice(&s[i..]);
            // The zeroed bytes past the text are no places, whatever `v` is.
            self.mask_at(&buf, 0, v) & ((1u64 << left) - 1)
        }
    }
}

/// [`Kernel::mask_at`] with word arithmetic: eight words, each one's equal bytes gathered into
/// eight bits by a multiplication (bit 7 of byte k lands on bit 56 + k).
#[inline(always)]
fn mask_scalar(s: &[u8], i: usize, v: u8) -> u64 {
    let mut m = 0;
    for k in 0..STEP / 8 {
        let eq = (swar_eq(load_word(s, i + 8 * k), v) & HIGH) >> 7;
        m |= (eq.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
}

/// The indexes of the bytes `v` of a text, in order (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct Positions<'a> {
    s: &'a [u8],
    v: u8,
    kernel: Kernel,
    /// The index of bit 0 of `mask`.
    base: usize,
    /// The places of the current step not yet handed out.
    mask: u64,
}

impl<'a> Positions<'a> {
    /// The places of `v` in `s`, found with `kernel`.
    #[inline]
    pub(crate) fn new(s: &'a [u8], v: u8, kernel: Kernel) -> Positions<'a> {
        // `base` starts one step before 0 (wrapping) so that the first step is at 0.
        Positions {
            s,
            v,
            kernel,
            base: 0usize.wrapping_sub(STEP),
            mask: 0,
        }
    }
}

impl Iterator for Positions<'_> {
    type Item = usize;

    // Inlined where it is called, so that the state lives in registers across a loop.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            let next = self.base.wrapping_add(STEP);
            if next >= self.s.len() {
                // Stays past the end: `next` is `None` from now on.
                return None;
            }
            self.base = next;
            self.mask = self.kernel.mask(self.s, next, self.v);
        }
        let i = self.base + self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(i)
    }
}

impl core::iter::FusedIterator for Positions<'_> {}
