//! The portable scans: eight bytes per step with word arithmetic and table lookups, for every
//! target (the versions of `x86/` are checked against them and against `one_byte.rs`). No
//! RFC rule is implemented here; see the module's contracts in `mod.rs`.

use super::{Run, Scanner};
use crate::chars::TABLE;

/// The bytes of `w` (eight bytes, little-endian) equal to `v`: the high bit of each such
/// byte is set, every other bit is clear. Exact (no false positives), unlike the shorter
/// `(x - 0x01…) & !x & 0x80…` test, which may also flag a byte above a match.
#[inline(always)]
pub(crate) const fn swar_eq(w: u64, v: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = w ^ (v as u64 * 0x0101_0101_0101_0101);
    // A byte of `x` is zero exactly when adding 0x7F to its low seven bits leaves the high
    // bit clear and its own high bit is clear.
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Eight bytes of `s` from `i` as a little-endian word, zero-padded past the end; for a
/// short tail the last eight bytes are loaded and shifted, so no byte loop is needed.
#[inline(always)]
pub(crate) fn load_word(s: &[u8], i: usize) -> u64 {
    let n = s.len();
    let mut w = [0u8; 8];
    if i + 8 <= n {
        w.copy_from_slice(&s[i..i + 8]);
        u64::from_le_bytes(w)
    } else if n >= 8 {
        w.copy_from_slice(&s[n - 8..]);
        u64::from_le_bytes(w) >> (8 * (i + 8 - n))
    } else {
        w[..n - i].copy_from_slice(&s[i..]);
        u64::from_le_bytes(w)
    }
}

/// The high bit of each byte of a word: the bit that a non-ASCII byte has set, and where
/// the word-at-a-time tests flag a byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The portable [`Scanner`]: eight bytes at a time (unused by a WebAssembly build with
/// simd128, which has its own).
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[derive(Clone, Copy)]
pub(crate) struct Scalar;

impl Scanner for Scalar {
    #[inline(always)]
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
        class_run_scalar(s, from, class)
    }
}

/// [`class_run_noting`] eight bytes at a time, without SIMD: the portable version.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline]
pub(crate) fn class_run_scalar(s: &[u8], from: usize, class: u16) -> Run {
    // The class bit of the ASCII class whose members are the ASCII members of `class`: the
    // `I…` classes lie `WIDE_SHIFT` bits above theirs, and every other class is ASCII.
    let narrow = if class >= crate::chars::IUSERINFO {
        class >> crate::chars::WIDE_SHIFT
    } else {
        class
    };
    let both = class | narrow;
    // ANDed class bits of the words taken whole: without `narrow`, one was not ASCII.
    let mut whole = both;
    let mut i = from;
    let end = 'run: {
        while let Some(w) = s.get(i..i + 8) {
            let m = common_bits(w, both);
            if m & class == 0 {
                break 'run word_end(s, i, class, &mut whole);
            }
            whole &= m;
            i += 8;
        }
        let n = s.len();
        if n >= 8 {
            // Fewer than eight bytes are left: when the last eight are all in the class (the
            // common case: the component runs to the end), so is the rest.
            if common_bits(&s[n - 8..], class) != 0 {
                whole &= common_bits(&s[i..], both);
                break 'run n;
            }
        }
        if i < n {
            word_end(s, i, class, &mut whole)
        } else {
            n
        }
    };
    Run {
        end,
        non_ascii: whole & narrow == 0,
    }
}

/// Where the run ends within the word at `i` (the run is known to end in it, or at the end
/// of `s`); the class bits of its bytes before that end are ANDed into `whole`.
#[inline(always)]
fn word_end(s: &[u8], i: usize, class: u16, whole: &mut u16) -> usize {
    // The zero padding past the end of `s` is outside every class.
    let k = class_prefix(load_word(s, i), class);
    *whole &= common_bits(&s[i..i + k], u16::MAX);
    i + k
}

/// The bits of `bits` that every byte of `w` has: the classes, among those asked for, that
/// hold all of `w` (the table entries ANDed, with no branch per byte).
#[inline(always)]
fn common_bits(w: &[u8], bits: u16) -> u16 {
    w.iter().fold(bits, |m, &c| m & TABLE[c as usize])
}

/// How many of the eight bytes of `w` (little-endian: first byte lowest), from the first on,
/// are in `class`: 0 to 8, found without a branch.
#[inline(always)]
fn class_prefix(w: u64, class: u16) -> usize {
    let mut outside = 0u32;
    let mut k = 0;
    while k < 8 {
        let c = (w >> (8 * k)) as u8;
        outside |= u32::from(TABLE[c as usize] & class == 0) << k;
        k += 1;
    }
    (outside | 0x100).trailing_zeros() as usize
}

/// [`find_byte`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn find_byte_scalar(s: &[u8], from: usize, v: u8) -> Option<usize> {
    let mut i = from;
    while i < s.len() {
        let x = load_word(s, i) ^ (v as u64 * 0x0101_0101_0101_0101);
        // The lowest flagged byte is a true match (a false flag only sits above one); the
        // zero padding never matches a non-zero `v`, and a zero `v` is found in place.
        let m = x.wrapping_sub(0x0101_0101_0101_0101) & !x & HIGH;
        if m != 0 {
            let at = i + (m.trailing_zeros() / 8) as usize;
            return (at < s.len()).then_some(at);
        }
        i += 8;
    }
    None
}

/// [`rfind_byte`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn rfind_byte_scalar(s: &[u8], to: usize, v: u8) -> Option<usize> {
    let s = &s[..to];
    let mut end = s.len();
    while end >= 8 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[end - 8..end]);
        // `swar_eq` is exact, so the highest flag is the last match.
        let m = swar_eq(u64::from_le_bytes(w), v);
        if m != 0 {
            return Some(end - 8 + (63 - m.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    s[..end].iter().rposition(|&c| c == v)
}

/// [`first_non_ascii`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn first_non_ascii_scalar(s: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < s.len() {
        // The zero padding past the end is ASCII.
        let m = load_word(s, i) & HIGH;
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    s.len()
}

/// Writes the octets of `src` into `out` from `j` on, each as its entry of `table` (up to
/// four bytes, little-endian, the number of bytes that count in the top byte: for
/// `pct::URI_OCTET`, `%HH` or the octet itself), each entry after the bytes that count of
/// the one before; returns where the last ends.
///
/// Contract: `out` has room from `j` for every octet to take its longest entry and three
/// bytes more, since every entry is written as a whole word: no octet takes a branch.
#[inline(always)]
pub(crate) fn write_octet_entries(
    src: &[u8],
    table: &AsciiEntries,
    out: &mut [u8],
    mut j: usize,
) -> usize {
    for &o in src {
        let e = table.0[o as usize];
        // An array store: one instruction, where `copy_from_slice` may stay a call.
        let to: &mut [u8; 4] = (&mut out[j..j + 4]).try_into().expect("4 bytes");
        *to = e.to_le_bytes();
        j += (e >> 24) as usize;
    }
    j
}

/// What [`ascii_case_scan`] finds in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CaseScan {
    /// A byte of 0x80 or above.
    pub(crate) non_ascii: bool,
    /// An ASCII upper-case letter (`A`–`Z`).
    pub(crate) upper: bool,
}

/// Whether `b` holds a non-ASCII byte and whether it holds an ASCII upper-case letter,
/// eight bytes at a time: for the low seven bits of each byte, adding 0x3F sets the high
/// bit from `A` up and adding 0x25 from `[` up, without carries between bytes (zero padding
/// is neither).
#[inline]
pub(crate) fn ascii_case_scan(b: &[u8]) -> CaseScan {
    let (mut high, mut upper) = (0u64, 0u64);
    let mut i = 0;
    while i < b.len() {
        let w = load_word(b, i);
        high |= w;
        let low = w & !HIGH;
        upper |=
            low.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & !low.wrapping_add(0x2525_2525_2525_2525) & !w;
        i += 8;
    }
    CaseScan {
        non_ascii: high & HIGH != 0,
        upper: upper & HIGH != 0,
    }
}

/// A table of octet entries as [`write_octet_entries`] reads them, every byte of every entry
/// ASCII: checked when the table is built (at compile time for a `static`), so that what
/// [`push_octet_entries`] writes from it is UTF-8.
pub(crate) struct AsciiEntries([u32; 256]);

impl AsciiEntries {
    /// The table `t`; panics (at compile time in a constant) when an entry has a byte of
    /// 0x80 or above.
    pub(crate) const fn new(t: [u32; 256]) -> Self {
        let mut o = 0;
        while o < 256 {
            assert!(t[o] & 0x8080_8080 == 0, "an entry is not ASCII");
            o += 1;
        }
        AsciiEntries(t)
    }
}

/// How many octets [`push_octet_entries`] writes into its stack buffer at a time.
pub(crate) const ENTRY_CHUNK: usize = 64;

/// Appends the octets of `src` to `out`, each as its entry of `table`: written
/// ([`write_octet_entries`]) into a buffer on the stack, [`ENTRY_CHUNK`] octets at a time,
/// and each buffer's bytes appended without a UTF-8 check.
#[inline]
pub(crate) fn push_octet_entries(
    out: &mut alloc::string::String,
    src: &[u8],
    table: &AsciiEntries,
) {
    let mut buf = [0u8; 3 * ENTRY_CHUNK + 3];
    for chunk in src.chunks(ENTRY_CHUNK) {
        let n = write_octet_entries(chunk, table, &mut buf, 0);
        // SAFETY: every byte of an entry of an `AsciiEntries` is ASCII (checked when it was
        // built), so the `n` bytes written are ASCII, and ASCII is UTF-8.
        out.push_str(unsafe { core::str::from_utf8_unchecked(&buf[..n]) });
    }
}
