//! The WebAssembly simd128 search for the first single or pair of a [`PairRows`]
//! ([`crate::scan::pairs`]), 16 bytes per step: the method of the x86-64 SSSE3 version
//! (`x86/pairs.rs`) with `i8x16.swizzle` for `pshufb`. `swizzle` gives 0 for any index of 16
//! or more (`pshufb` only when the index's top bit is set), so the singles' row lookups keep
//! the top bit with the low nibble to send the other half's bytes out of range.
//! Implements no RFC rule: the sets searched are the caller's.

use super::pairs::PairRows;
use super::wasm::{bits, load16};
use core::arch::wasm32::{
    u8x16, u8x16_eq, u8x16_shr, u8x16_splat, u8x16_swizzle, v128, v128_and, v128_or, v128_xor,
};

/// The tables of a [`PairRows`], loaded.
#[derive(Clone, Copy)]
struct Tables {
    low_rows: v128,
    high_rows: v128,
    first_low: v128,
    first_high: v128,
    second_low: v128,
    second_high: v128,
}

/// The places among the 16 bytes of `v` (`w`: the 16 bytes one further on) where a single
/// is, or where a pair may start, one bit each.
#[inline(always)]
fn candidates(v: v128, w: v128, t: &Tables) -> u32 {
    // The singles: the row of the low nibble, from the table of the byte's half (an index
    // with 0x80 set is out of range, so each lookup answers for its own half only), and the
    // bit of the high nibble's three low bits.
    let keep = u8x16_splat(0x8F);
    let row = v128_or(
        u8x16_swizzle(t.low_rows, v128_and(v, keep)),
        u8x16_swizzle(t.high_rows, v128_and(v128_xor(v, u8x16_splat(0x80)), keep)),
    );
    let bit = u8x16_swizzle(
        u8x16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128),
        v128_and(u8x16_shr(v, 4), u8x16_splat(7)),
    );
    let single = bits(u8x16_eq(v128_and(row, bit), bit));
    // The pairs: both nibble indexes are below 16.
    let nibble = u8x16_splat(15);
    let lookup = |low: v128, high: v128, x: v128| {
        v128_and(
            u8x16_swizzle(low, v128_and(x, nibble)),
            u8x16_swizzle(high, u8x16_shr(x, 4)),
        )
    };
    let first = lookup(t.first_low, t.first_high, v);
    let second = lookup(t.second_low, t.second_high, w);
    let pair = !bits(u8x16_eq(v128_and(first, second), u8x16_splat(0))) & 0xFFFF;
    single | pair
}

/// [`crate::scan::pairs::find_in_pairs`] 16 bytes at a time.
#[inline]
pub(crate) fn find_in_pairs_simd128(s: &[u8], from: usize, set: &PairRows) -> Option<usize> {
    let t = Tables {
        low_rows: load16(&set.singles.rows[0], 0),
        high_rows: load16(&set.singles.rows[1], 0),
        first_low: load16(&set.first_low, 0),
        first_high: load16(&set.first_high, 0),
        second_low: load16(&set.second_low, 0),
        second_high: load16(&set.second_high, 0),
    };
    let n = s.len();
    let mut i = from;
    // Each step reads one byte past its 16: the byte after the last.
    while i + 17 <= n {
        let m = candidates(load16(s, i), load16(s, i + 1), &t);
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
        let m = candidates(load16(s, q), load16(s, q + 1), &t) >> (i - q);
        if let Some(at) = set.first_match(s, i, u64::from(m)) {
            return Some(at);
        }
        return set.matches_at(s, n - 1).then_some(n - 1);
    }
    // Fewer than 17 bytes from `i`: a copy padded with zero bytes, of which only the first
    // `left` places count (the check of each place reads the text itself).
    let left = n - i;
    let mut buf = [0u8; 32];
    buf[..left].copy_from_slice(&s[i..]);
    let m = candidates(load16(&buf, 0), load16(&buf, 1), &t) & ((1 << left) - 1);
    set.first_match(s, i, u64::from(m))
}
