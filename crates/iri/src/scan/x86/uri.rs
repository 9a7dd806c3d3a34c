//! The SSSE3 kernel of the IRI→URI octet writer of `convert` (RFC 3987 §3.1 step 2.2 is
//! implemented there; this file only writes its octets fast).
//!
//! Sixteen octets at a time: a block without a non-ASCII octet is stored whole; otherwise
//! the hex digits of the high and low nibbles of all sixteen are looked up with `pshufb`,
//! and each group of four octets is laid out next to its digits and four `%` in one
//! register (`o0 o1 o2 o3 h0 h1 h2 h3 l0 l1 l2 l3 % % % %`), from which one `pshufb`
//! chosen by the group's four non-ASCII bits puts its four to twelve output bytes in order
//! (the tables are in `uri_groups.rs`, shared with the simd128 kernel).

use super::load16;
use crate::scan::uri_groups::{GROUP_LEN, GROUP_SHUFFLE, SHIFT_DOWN};
use alloc::string::String;
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16,
    _mm_storeu_si128, _mm_unpackhi_epi32, _mm_unpackhi_epi64, _mm_unpacklo_epi32,
    _mm_unpacklo_epi64,
};
use core::mem::MaybeUninit;

/// The SSSE3 and POPCNT writer of the IRI→URI octets; a value exists only on a processor
/// that has both (made by [`UriKernel::detect`]).
#[derive(Clone, Copy)]
pub(crate) struct UriKernel(());

impl UriKernel {
    /// The kernel, when the processor has SSSE3 and POPCNT.
    #[inline(always)]
    pub(crate) fn detect() -> Option<Self> {
        (super::has_ssse3() && super::has_popcnt()).then_some(UriKernel(()))
    }

    /// Appends the IRI→URI octets of `s` to `out` as `convert::push_uri_octets` describes,
    /// and returns where each of `ends` went; `None`, appending nothing, for an ASCII `s`.
    #[inline(always)]
    pub(crate) fn push_uri_octets(
        self,
        out: &mut String,
        s: &str,
        ends: [usize; 3],
    ) -> Option<[usize; 3]> {
        // SAFETY: a `UriKernel` exists only on a processor with SSSE3 and POPCNT (`detect`).
        unsafe { push_uri_octets_ssse3(out, s, ends) }
    }
}

/// Stores `v` at `out[j..j + 16]` (`j + 16 <= out.len()`).
#[inline(always)]
fn store16(out: &mut [MaybeUninit<u8>], j: usize, v: __m128i) {
    let w: &mut [MaybeUninit<u8>; 16] = (&mut out[j..j + 16]).try_into().expect("16 bytes");
    // SAFETY: `w` is 16 writable bytes; the store has no alignment requirement.
    unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), v) }
}

/// Writes the first `groups` groups of four octets of `v` (non-ASCII bits `m`) at
/// `out[j..]`, each group's 16-byte store after the bytes of the one before; returns
/// where the last group's bytes end.
#[inline]
#[target_feature(enable = "ssse3")]
fn write_groups(
    v: __m128i,
    m: u32,
    groups: usize,
    out: &mut [MaybeUninit<u8>],
    mut j: usize,
) -> usize {
    let nibble = _mm_set1_epi8(0x0F);
    let hex = load16(b"0123456789ABCDEF", 0);
    let hi = _mm_shuffle_epi8(hex, _mm_and_si128(_mm_srli_epi16::<4>(v), nibble));
    let lo = _mm_shuffle_epi8(hex, _mm_and_si128(v, nibble));
    let pct = _mm_set1_epi8(b'%' as i8);
    let (a, b) = (_mm_unpacklo_epi32(v, hi), _mm_unpacklo_epi32(lo, pct));
    let (c, d) = (_mm_unpackhi_epi32(v, hi), _mm_unpackhi_epi32(lo, pct));
    let regs = [
        _mm_unpacklo_epi64(a, b),
        _mm_unpackhi_epi64(a, b),
        _mm_unpacklo_epi64(c, d),
        _mm_unpackhi_epi64(c, d),
    ];
    for (g, &r) in regs.iter().enumerate().take(groups) {
        let k = (m >> (4 * g) & 15) as usize;
        let shuffle = load16(&GROUP_SHUFFLE[k], 0);
        store16(out, j, _mm_shuffle_epi8(r, shuffle));
        j += GROUP_LEN[k] as usize;
    }
    j
}

/// `convert::push_uri_octets` with SSSE3 and POPCNT: the non-ASCII bytes found
/// ([`crate::scan::NonAscii`]), room made once, the octets written by
/// [`write_uri_octets_ssse3`], and the ends moved by bit counts (one instruction each
/// with POPCNT), all in one function compiled for these features.
///
/// # Safety
/// The processor must have SSSE3 and POPCNT.
#[target_feature(enable = "ssse3,popcnt")]
unsafe fn push_uri_octets_ssse3(out: &mut String, s: &str, ends: [usize; 3]) -> Option<[usize; 3]> {
    let b = s.as_bytes();
    let non_ascii = crate::scan::NonAscii::of(b);
    let (len, moved) = non_ascii.make_room(out, ends)?;
    // SAFETY: the bytes must be UTF-8 whenever the vector is handed back (also on a
    // panic): its length only changes by `set_len` below, whose bytes are ASCII.
    let v = unsafe { out.as_mut_vec() };
    let spare = v.spare_capacity_mut();
    let room = spare.len();
    // SAFETY: the processor has SSSE3 (this function's contract).
    let written = unsafe { write_uri_octets_ssse3(b, spare) };
    // The precondition of `set_len` (no more than the capacity), checked in every build;
    // the layout's length is what the writer must have written.
    assert!(written == len && written <= room, "{written} {len} {room}");
    // SAFETY: `written` bytes fit in the spare capacity (asserted just above); the writer
    // initialized the first `written` of them (every byte it counts lies in one of its
    // stores), all ASCII, and ASCII bytes after the string's own UTF-8 keep it UTF-8.
    unsafe { v.set_len(v.len() + written) };
    Some(moved)
}

/// Writes `s` as `convert::push_uri_octets` does at the start of `out`, and returns how
/// many bytes it wrote, all initialized and ASCII: each store starts where the bytes
/// counted so far end and counts its first bytes (a group's, or a block's without a
/// non-ASCII octet), so every counted byte was written by a store and no later store
/// touches it.
///
/// When the text is not a whole number of blocks and its first `r = s.len() % 16`
/// octets are ASCII (the usual case: an IRI rarely has a non-ASCII character among its
/// first few), they are written by storing the first block whole and counting `r`
/// bytes; the rest is then whole blocks. Otherwise the last block is loaded with zeros
/// past the text and writes only its groups that hold text (the zeros of the last one,
/// at most three, take a byte each and are not counted).
///
/// Contract: `out` has room for the bytes written (`s.len()` plus two for each
/// non-ASCII octet) and [`crate::scan::URI_SLACK`] (16) more, else it panics: every store
/// starts where the bytes counted so far end, at most at the result's end, and a store
/// is 16 bytes.
///
/// # Safety
/// The processor must have SSSE3.
#[target_feature(enable = "ssse3")]
pub(crate) unsafe fn write_uri_octets_ssse3(s: &[u8], out: &mut [MaybeUninit<u8>]) -> usize {
    let n = s.len();
    let mut i = 0;
    let mut j = 0;
    let r = n % 16;
    if n > 16 && r != 0 {
        let v = load16(s, 0);
        if _mm_movemask_epi8(v) as u32 & ((1 << r) - 1) == 0 {
            store16(out, 0, v);
            (i, j) = (r, r);
        }
    }
    while i + 16 <= n {
        let v = load16(s, i);
        let m = _mm_movemask_epi8(v) as u32;
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
    // The last `left` octets, then zeros.
    let v = if n >= 16 {
        let shift = load16(&SHIFT_DOWN, 16 - left);
        _mm_shuffle_epi8(load16(s, n - 16), shift)
    } else {
        let mut buf = [0u8; 16];
        buf[..left].copy_from_slice(&s[i..]);
        load16(&buf, 0)
    };
    let m = _mm_movemask_epi8(v) as u32;
    if m == 0 {
        store16(out, j, v);
        return j + left;
    }
    let groups = left.div_ceil(4);
    write_groups(v, m, groups, out, j) - (4 * groups - left)
}
