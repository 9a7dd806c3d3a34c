//! The WebAssembly simd128 kernel of the IRI→URI octet writer of `convert` (RFC 3987 §3.1
//! step 2.2 is implemented there; this file only writes its octets fast): the method of the
//! SSSE3 kernel (`x86/uri.rs`), with `i8x16.swizzle` for `pshufb`, `i8x16.bitmask` for
//! `pmovmskb` and constant shuffles for the unpacks. A build with simd128 always has it
//! (WebAssembly has no run-time feature test).
//!
//! Sixteen octets at a time: a block without a non-ASCII octet is stored whole; otherwise
//! the hex digits of the high and low nibbles of all sixteen are looked up with a swizzle,
//! and each group of four octets is laid out next to its digits and four `%` in one
//! register, from which one swizzle chosen by the group's four non-ASCII bits puts its four
//! to twelve output bytes in order (`uri_groups.rs`).
//!
//! The host's tests cannot run it; the npm package's tests do
//! (`crates/iri-wasm/tests/to_uri_octets.test.mjs`: every length up to 80 and around 128,
//! every place, every pattern up to 12 characters, against the octets written one at a time).

use super::uri_groups::{GROUP_LEN, GROUP_SHUFFLE, SHIFT_DOWN};
use alloc::string::String;
use core::arch::wasm32::{
    i32x4_shuffle, i64x2_shuffle, i8x16_bitmask, u8x16_shr, u8x16_splat, u8x16_swizzle, v128,
    v128_and, v128_load, v128_store,
};
use core::mem::MaybeUninit;

/// The simd128 writer of the IRI→URI octets (every build with simd128 has one).
#[derive(Clone, Copy)]
pub(crate) struct UriKernel;

impl UriKernel {
    /// Appends the IRI→URI octets of `s` to `out` as `convert::push_uri_octets` describes,
    /// and returns where each of `ends` went; `None`, appending nothing, for an ASCII `s`.
    #[inline(always)]
    pub(crate) fn push_uri_octets(
        self,
        out: &mut String,
        s: &str,
        ends: [usize; 3],
    ) -> Option<[usize; 3]> {
        let b = s.as_bytes();
        let non_ascii = crate::scan::NonAscii::of(b);
        let (len, moved) = non_ascii.make_room(out, ends)?;
        // SAFETY: the bytes must be UTF-8 whenever the vector is handed back (also on a
        // panic): its length only changes by `set_len` below, whose bytes are ASCII.
        let v = unsafe { out.as_mut_vec() };
        let spare = v.spare_capacity_mut();
        let room = spare.len();
        let written = write_uri_octets_simd128(b, spare);
        // The precondition of `set_len` (no more than the capacity), checked in every build;
        // the layout's length is what the writer must have written.
        assert!(written == len && written <= room, "{written} {len} {room}");
        // SAFETY: `written` bytes fit in the spare capacity (asserted just above); the writer
        // initialized the first `written` of them (every byte it counts lies in one of its
        // stores), all ASCII, and ASCII bytes after the string's own UTF-8 keep it UTF-8.
        unsafe { v.set_len(v.len() + written) };
        Some(moved)
    }
}

/// The 16 bytes of `s` from `i` (`i + 16 <= s.len()`).
#[inline(always)]
fn load16(s: &[u8], i: usize) -> v128 {
    let w: &[u8; 16] = s[i..i + 16].try_into().expect("16 bytes");
    // SAFETY: `w` is 16 readable bytes; `v128.load` has no alignment requirement.
    unsafe { v128_load(w.as_ptr().cast()) }
}

/// Stores `v` at `out[j..j + 16]` (`j + 16 <= out.len()`).
#[inline(always)]
fn store16(out: &mut [MaybeUninit<u8>], j: usize, v: v128) {
    let w: &mut [MaybeUninit<u8>; 16] = (&mut out[j..j + 16]).try_into().expect("16 bytes");
    // SAFETY: `w` is 16 writable bytes; `v128.store` has no alignment requirement.
    unsafe { v128_store(w.as_mut_ptr().cast(), v) }
}

/// The top bit of each byte of `v`, gathered: bit k for byte k.
#[inline(always)]
fn bits(v: v128) -> u32 {
    u32::from(i8x16_bitmask(v))
}

/// Writes the first `groups` groups of four octets of `v` (non-ASCII bits `m`) at
/// `out[j..]`, each group's 16-byte store after the bytes of the one before; returns
/// where the last group's bytes end.
#[inline(always)]
fn write_groups(
    v: v128,
    m: u32,
    groups: usize,
    out: &mut [MaybeUninit<u8>],
    mut j: usize,
) -> usize {
    let hex = load16(b"0123456789ABCDEF", 0);
    // Both indexes are below 16 (the high nibble shifted down, the low one masked).
    let hi = u8x16_swizzle(hex, u8x16_shr(v, 4));
    let lo = u8x16_swizzle(hex, v128_and(v, u8x16_splat(0x0F)));
    let pct = u8x16_splat(b'%');
    // The 32-bit lanes interleaved as SSE2's unpacks do: lane g of `v`, `hi`, `lo`, `%`.
    let (a, b) = (
        i32x4_shuffle::<0, 4, 1, 5>(v, hi),
        i32x4_shuffle::<0, 4, 1, 5>(lo, pct),
    );
    let (c, d) = (
        i32x4_shuffle::<2, 6, 3, 7>(v, hi),
        i32x4_shuffle::<2, 6, 3, 7>(lo, pct),
    );
    let regs = [
        i64x2_shuffle::<0, 2>(a, b),
        i64x2_shuffle::<1, 3>(a, b),
        i64x2_shuffle::<0, 2>(c, d),
        i64x2_shuffle::<1, 3>(c, d),
    ];
    for (g, &r) in regs.iter().enumerate().take(groups) {
        let k = (m >> (4 * g) & 15) as usize;
        store16(out, j, u8x16_swizzle(r, load16(&GROUP_SHUFFLE[k], 0)));
        j += GROUP_LEN[k] as usize;
    }
    j
}

/// Writes `s` as `convert::push_uri_octets` does at the start of `out`, and returns how
/// many bytes it wrote, all initialized and ASCII: each store starts where the bytes
/// counted so far end and counts its first bytes (a group's, or a block's without a
/// non-ASCII octet), so every counted byte was written by a store and no later store
/// touches it.
///
/// When the text is not a whole number of blocks and its first `r = s.len() % 16`
/// octets are ASCII, they are written by storing the first block whole and counting `r`
/// bytes; the rest is then whole blocks. Otherwise the last block is loaded with zeros
/// past the text and writes only its groups that hold text (the zeros of the last one,
/// at most three, take a byte each and are not counted).
///
/// Contract: `out` has room for the bytes written (`s.len()` plus two for each
/// non-ASCII octet) and [`crate::scan::URI_SLACK`] (16) more, else it panics: every store
/// starts where the bytes counted so far end, at most at the result's end, and a store
/// is 16 bytes.
pub(crate) fn write_uri_octets_simd128(s: &[u8], out: &mut [MaybeUninit<u8>]) -> usize {
    let n = s.len();
    let mut i = 0;
    let mut j = 0;
    let r = n % 16;
    if n > 16 && r != 0 {
        let v = load16(s, 0);
        if bits(v) & ((1 << r) - 1) == 0 {
            store16(out, 0, v);
            (i, j) = (r, r);
        }
    }
    while i + 16 <= n {
        let v = load16(s, i);
        let m = bits(v);
        if m == 0 {
            store16(out, j, v);
            j += 16;
        } else {
            j = write_groups(v, m, 4, out, j);
        }
        i += 16;
    }
    let left = n - i;
    if left == 0 {
        return j;
    }
    // The last `left` octets, then zeros (a swizzle index of 0x80 gives zero).
    let v = if n >= 16 {
        u8x16_swizzle(load16(s, n - 16), load16(&SHIFT_DOWN, 16 - left))
    } else {
        let mut buf = [0u8; 16];
        buf[..left].copy_from_slice(&s[i..]);
        load16(&buf, 0)
    };
    let m = bits(v);
    if m == 0 {
        store16(out, j, v);
        return j + left;
    }
    let groups = left.div_ceil(4);
    write_groups(v, m, groups, out, j) - (4 * groups - left)
}
