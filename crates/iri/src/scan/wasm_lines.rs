//! The WebAssembly simd128 step of the search for every place of a byte
//! ([`crate::scan::lines`]): the 64 bytes of a step in four 16-byte compares, their
//! `i8x16.bitmask`s gathered into one `u64`, as the x86-64 SSE2 version (`x86/lines.rs`).
//! Implements no RFC rule: the byte is the caller's.

use super::wasm::{bits, load16};
use core::arch::wasm32::{u8x16_eq, u8x16_splat};

/// The places of `v` among the 64 bytes of `s` from `i` (`i + 64 <= s.len()`), bit j for the
/// byte at `i + j`.
#[inline(always)]
pub(crate) fn byte_mask_simd128(s: &[u8], i: usize, v: u8) -> u64 {
    let w = &s[i..i + 64];
    let needle = u8x16_splat(v);
    let part = |k: usize| u64::from(bits(u8x16_eq(load16(w, 16 * k), needle))) << (16 * k);
    part(0) | part(1) | part(2) | part(3)
}
