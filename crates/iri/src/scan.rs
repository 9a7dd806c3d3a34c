//! The byte-level scanning of the library, in one place: every word-at-a-time trick sits
//! behind a function named by what it finds, so the grammar code (`chars`, `parser`,
//! `resolve`, `convert`, `normalize`) reads as the RFC rules it implements.
//!
//! Implements no RFC rule itself: each function has a contract stated on it, and the tests
//! below check it exhaustively against the obvious one-byte-at-a-time version. Character
//! classes come from `chars` (RFC 3986 §2, RFC 3987 §2.2); this module only scans for them.

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

/// The bits of `bits` that every byte of `w` has: the classes, among those asked for, that
/// hold all of `w` (the table entries ANDed, with no branch per byte). `w` is all in a
/// class when the result has its bit.
#[inline(always)]
pub(crate) fn common_bits(w: &[u8], bits: u16) -> u16 {
    w.iter().fold(bits, |m, &c| m & TABLE[c as usize])
}

/// How many of the eight bytes of `w` (little-endian: first byte lowest), from the first on,
/// are in `class`: 0 to 8, found without a branch.
#[inline(always)]
pub(crate) fn class_prefix(w: u64, class: u16) -> usize {
    let mut outside = 0u32;
    let mut k = 0;
    while k < 8 {
        let c = (w >> (8 * k)) as u8;
        outside |= u32::from(TABLE[c as usize] & class == 0) << k;
        k += 1;
    }
    (outside | 0x100).trailing_zeros() as usize
}

/// The high bit of each byte of a word: the bit that a non-ASCII byte has set, and where
/// the word-at-a-time tests flag a byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The index of the first byte `v` in `s` from `from`, eight bytes at a time.
#[inline]
pub(crate) fn find_byte(s: &[u8], from: usize, v: u8) -> Option<usize> {
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

// ---- used by resolution, conversion and normalization ----

/// Bit `k` set when byte `k` of the little-endian word `w` is `v`. The exact flags of
/// [`swar_eq`] (bit 7 of each byte) are gathered into the top byte by one multiplication:
/// flag `k`, moved to bit `8k`, meets the constant's bit `56 - 7k` and lands on bit `56 + k`;
/// every other product falls below bit 56 or beyond bit 63, and no two products share a
/// bit, so nothing carries.
#[inline(always)]
fn eq_flags(w: u64, v: u8) -> u32 {
    let f = swar_eq(w, v) >> 7;
    (f.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The index of the last byte `v` (not zero) of `b[from..to]`, in `b`.
///
/// Contract: `from <= to <= b.len()`. The search may read any byte of `b`, so that one
/// window of sixteen bytes ending at `to` (or starting at 0) covers the last segment of most
/// paths and the loop rarely goes round: the window is read as two words, its bytes equal
/// to `v` flagged at once ([`eq_flags`]), the flags from `to` on cleared, and the highest
/// left is the last `v`; one before `from` means none in `from..to`. A `b` shorter than a
/// window is padded with zeros, which match no `v` but zero.
#[inline]
pub(crate) fn rfind_byte_in(b: &[u8], from: usize, to: usize, v: u8) -> Option<usize> {
    debug_assert!(v != 0 && from <= to && to <= b.len());
    if b.len() < 16 {
        return rfind_byte_in_padded(b, from, to, v);
    }
    let mut end = to;
    while end > from {
        // `end <= b.len()`, so the window fits; it holds `1..=16` bytes before `end`.
        let ws = end.saturating_sub(16);
        let Ok(w) = <[u8; 16]>::try_from(&b[ws..ws + 16]) else {
            break;
        };
        let x = u128::from_le_bytes(w);
        let m = eq_flags(x as u64, v) | eq_flags((x >> 64) as u64, v) << 8;
        let m = m & ((1 << (end - ws)) - 1);
        if m != 0 {
            let at = ws + 31 - m.leading_zeros() as usize;
            return (at >= from).then_some(at);
        }
        end = ws;
    }
    None
}

/// [`rfind_byte_in`] on `b` padded with zeros to a window.
#[cold]
#[inline(never)]
fn rfind_byte_in_padded(b: &[u8], from: usize, to: usize, v: u8) -> Option<usize> {
    let mut pad = [0u8; 16];
    pad[..b.len()].copy_from_slice(b);
    rfind_byte_in(&pad, from, to, v)
}

/// Where the first `.` or `..` segment of the path `s` starts (a segment starts at 0 and
/// after each `/`; RFC 3986 §3.3), or `None`.
#[inline]
pub(crate) fn first_dot_segment(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') && dot_segment_at(s, 0, s.len()) {
        return Some(0);
    }
    if s.len() < DOT_WINDOW {
        return dot_pairs_short(s, 0, s.len());
    }
    dot_pairs::<DOT_WINDOW>(s, 0, s.len())
}

/// [`first_dot_segment`] of the path `h[from..to]`, counted from `from`.
///
/// Contract: `from <= to <= h.len()`; `h[from]` starts a segment. The search may read any
/// byte of `h`: callers pass the whole text around the path (what comes before it and
/// after it), so that one window of [`DOT_WINDOW`] bytes covers most paths and the loop
/// rarely goes round. A window lies at the next byte to search or, near the end of `h`,
/// ends there; only when it holds a pair `/.` is it searched byte by byte, within the path.
/// An `h` shorter than a window is searched with windows of 17 bytes, padded with zeros
/// (which match nothing) when it is shorter still.
#[inline(always)]
pub(crate) fn first_dot_segment_in(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if from == to {
        return None;
    }
    if h[from] == b'.' && dot_segment_at(h, from, to) {
        return Some(0);
    }
    if h.len() < DOT_WINDOW {
        return first_dot_segment_short(h, from, to);
    }
    dot_pairs::<DOT_WINDOW>(h, from, to)
}

/// Bytes in a window of the dot-segment search: 32 pairs `/.`.
const DOT_WINDOW: usize = 33;

/// Whether some `w[k]` is `/` and `w[k + 1]` is `.`: a fixed-size loop of byte comparisons,
/// which the compiler turns into vector compares where the target has them.
#[inline(always)]
fn any_slash_dot<const W: usize>(w: &[u8; W]) -> bool {
    let mut any = false;
    for k in 0..W - 1 {
        any |= (w[k] == b'/') & (w[k + 1] == b'.');
    }
    any
}

/// Whether the `.` at `d`, which starts a segment, makes a whole `.` or `..` segment of a
/// path that ends at `to`.
#[inline(always)]
fn dot_segment_at(h: &[u8], d: usize, to: usize) -> bool {
    let after = if d + 1 < to && h[d + 1] == b'.' {
        d + 2
    } else {
        d + 1
    };
    after == to || h[after] == b'/'
}

/// The search of [`first_dot_segment_in`] after its first byte, with windows of `W` bytes
/// (`h.len() >= W`): every other dot segment starts with a pair `/.` at some `k` with
/// `from <= k` and `k + 1 < to`.
#[inline(always)]
fn dot_pairs<const W: usize>(h: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut k = from;
    while k + 1 < to {
        let ws = k.min(h.len() - W);
        let Ok(w) = <&[u8; W]>::try_from(&h[ws..ws + W]) else {
            break;
        };
        if any_slash_dot(w) {
            for j in k - ws..(to - 1 - ws).min(W - 1) {
                if w[j] == b'/' && w[j + 1] == b'.' && dot_segment_at(h, ws + j + 1, to) {
                    return Some(ws + j + 1 - from);
                }
            }
        }
        k = ws + W - 1;
    }
    None
}

/// [`dot_pairs_short`] kept out of line: in resolution, which searches the whole result,
/// it is rare.
#[inline(never)]
fn first_dot_segment_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    dot_pairs_short(h, from, to)
}

/// [`dot_pairs`] on an `h` shorter than a [`DOT_WINDOW`], in windows of 17 bytes, padded
/// with zeros when `h` is shorter still.
#[inline(always)]
fn dot_pairs_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if h.len() >= 17 {
        return dot_pairs::<17>(h, from, to);
    }
    let mut pad = [0u8; 17];
    pad[..h.len()].copy_from_slice(h);
    dot_pairs::<17>(&pad, from, to)
}

/// Where the first non-ASCII byte of `b` is (its length when there is none), eight bytes
/// at a time.
pub(crate) fn first_non_ascii_byte(b: &[u8]) -> usize {
    let mut i = 0;
    while i < b.len() {
        let high = load_word(b, i) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    b.len()
}

/// How many bytes of `b` are not ASCII, eight at a time: the high bits of a word moved to
/// the low end of each byte and summed into the top byte by one multiplication.
pub(crate) fn count_non_ascii(b: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        let high = load_word(b, i) & HIGH;
        n += ((high >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        i += 8;
    }
    n
}

/// Writes the octets of `src` into `out` from `j` on, each as its entry of `table` (up to
/// four bytes, little-endian, the number of bytes that count in the top byte: for
/// `chars::URI_OCTET`, `%HH` or the octet itself), each entry after the bytes that count of
/// the one before; returns where the last ends.
///
/// Contract: `out` has room from `j` for every octet to take its longest entry and three
/// bytes more, since every entry is written as a whole word: no octet takes a branch.
#[inline(always)]
pub(crate) fn write_octet_entries(
    src: &[u8],
    table: &[u32; 256],
    out: &mut [u8],
    mut j: usize,
) -> usize {
    for &o in src {
        let e = table[o as usize];
        out[j..j + 4].copy_from_slice(&e.to_le_bytes());
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

#[cfg(test)]
mod tests {
    use super::*;

    // own: every byte value at every position, against a byte-wise comparison.
    #[test]
    fn swar_eq_is_exact() {
        for v in [b'.', b'/', 0u8, 0x80, 0xFF] {
            for pos in 0..8 {
                for other in 0..=255u8 {
                    let mut bytes = [other; 8];
                    bytes[pos] = v;
                    let m = swar_eq(u64::from_le_bytes(bytes), v);
                    for (k, &b) in bytes.iter().enumerate() {
                        let bit = (m >> (8 * k + 7)) & 1 == 1;
                        assert_eq!(bit, b == v, "{bytes:?} {v} {k}");
                    }
                    assert_eq!(m & !0x8080_8080_8080_8080, 0);
                }
            }
        }
    }

    // own: against a byte-wise search, every length, position and start.
    #[test]
    fn find_byte_and_load_word() {
        for len in 0..20usize {
            for at in 0..=len {
                let mut s = alloc::vec![b'a'; len];
                if at < len {
                    s[at] = b'%';
                }
                for from in 0..=len {
                    let want = s[from..].iter().position(|&c| c == b'%').map(|p| from + p);
                    assert_eq!(find_byte(&s, from, b'%'), want, "{len} {at} {from}");
                    if from < len {
                        let w = load_word(&s, from).to_le_bytes();
                        for (k, &b) in w.iter().enumerate() {
                            assert_eq!(b, s.get(from + k).copied().unwrap_or(0));
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod resolve_scan_tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Every string of exactly `len` bytes over `alphabet`.
    fn all_strings(alphabet: &[u8], len: u32) -> Vec<Vec<u8>> {
        let n = alphabet.len();
        (0..n.pow(len))
            .map(|mut k| {
                (0..len)
                    .map(|_| {
                        let c = alphabet[k % n];
                        k /= n;
                        c
                    })
                    .collect()
            })
            .collect()
    }

    /// The one-byte-at-a-time first dot segment: split at `/`.
    fn first_dot_naive(path: &[u8]) -> Option<usize> {
        let mut at = 0;
        for seg in path.split(|&c| c == b'/') {
            if seg == b"." || seg == b".." {
                return Some(at);
            }
            at += seg.len() + 1;
        }
        None
    }

    // own: every path of up to 10 bytes over `a`, `.`, `/`, alone and after a first segment
    // of 0 to 40 bytes (so that it falls at every place of the windows), with `/` and `.`
    // around it that must not be found.
    #[test]
    fn first_dot_segment_against_splitting() {
        for len in 0..=10 {
            for path in all_strings(b"a./", len) {
                assert_eq!(first_dot_segment(&path), first_dot_naive(&path), "{path:?}");
            }
        }
        for len in 0..=6 {
            for path in all_strings(b"a./", len) {
                for pad in 0..=40 {
                    let mut run = alloc::vec![b'b'; pad];
                    if pad > 0 {
                        run.push(b'/');
                    }
                    run.extend_from_slice(&path);
                    let want = first_dot_naive(&run);
                    assert_eq!(first_dot_segment(&run), want, "{run:?}");
                    for (before, after) in [
                        (&b""[..], &b""[..]),
                        (b"/./", b"/../."),
                        (b"x/.", b"/./x/."),
                        (b"", b"/."),
                    ] {
                        let h = [before, &run, after].concat();
                        let (from, to) = (before.len(), before.len() + run.len());
                        assert_eq!(
                            first_dot_segment_in(&h, from, to),
                            want,
                            "{h:?} {from}..{to}"
                        );
                    }
                }
            }
        }
    }

    // own: every length up to 40, every place of one or two `v`, every range, against
    // `rposition`, with `v` around the range that must not be found.
    #[test]
    fn rfind_byte_against_rposition() {
        for len in 0..40usize {
            for at in 0..=len {
                for second in [None, Some(0), Some(len / 2)] {
                    let mut s = alloc::vec![b'a'; len];
                    if at < len {
                        s[at] = b'/';
                    }
                    if let Some(k) = second.filter(|&k| k < len) {
                        s[k] = b'/';
                    }
                    for from in 0..=len {
                        for to in from..=len {
                            let want = s[from..to]
                                .iter()
                                .rposition(|&c| c == b'/')
                                .map(|p| p + from);
                            assert_eq!(
                                rfind_byte_in(&s, from, to, b'/'),
                                want,
                                "{s:?} {from}..{to}"
                            );
                        }
                    }
                }
            }
        }
        for v in 1..=255u8 {
            let s: Vec<u8> = (0..=255u8).chain(0..=255u8).collect();
            let want = s.iter().rposition(|&c| c == v);
            assert_eq!(rfind_byte_in(&s, 0, s.len(), v), want, "{v}");
        }
    }

    // own: one non-ASCII byte (every value) at every place of every length up to 24.
    #[test]
    fn non_ascii_search_and_count() {
        for len in 0..24usize {
            for at in 0..=len {
                for hi in [0x80u8, 0xC3, 0xFF] {
                    let mut s = alloc::vec![b'a'; len];
                    if at < len {
                        s[at] = hi;
                    }
                    for k in (at + 3..len).step_by(5) {
                        s[k] = 0xA9;
                    }
                    let first = s.iter().position(|&c| c >= 0x80).unwrap_or(len);
                    let count = s.iter().filter(|&&c| c >= 0x80).count();
                    assert_eq!(first_non_ascii_byte(&s), first, "{s:?}");
                    assert_eq!(count_non_ascii(&s), count, "{s:?}");
                }
            }
        }
        for b in 0..=255u8 {
            assert_eq!(count_non_ascii(&[b; 11]), if b >= 0x80 { 11 } else { 0 });
        }
    }

    // own: every byte value, written through `chars::URI_OCTET`, against `%HH` one octet at
    // a time.
    #[test]
    fn octet_entries_are_percent_encoding() {
        let src: Vec<u8> = (0..=255u8).rev().chain(0..=255u8).collect();
        let mut out = alloc::vec![0u8; 3 * src.len() + 3];
        let end = write_octet_entries(&src, &crate::chars::URI_OCTET, &mut out, 0);
        let mut want = String::new();
        for &o in &src {
            if o < 0x80 {
                want.push(o as char);
            } else {
                want.push_str(&alloc::format!("%{o:02X}"));
            }
        }
        assert_eq!(&out[..end], want.as_bytes());
    }

    // own: every byte value at every place of lengths up to 17, against byte tests.
    #[test]
    fn case_scan_against_byte_tests() {
        for len in 1..18usize {
            for at in 0..len {
                for v in 0..=255u8 {
                    let mut s = alloc::vec![b'a'; len];
                    s[at] = v;
                    let got = ascii_case_scan(&s);
                    assert_eq!(got.non_ascii, v >= 0x80, "{s:?}");
                    assert_eq!(got.upper, v.is_ascii_uppercase(), "{s:?}");
                }
            }
        }
        assert_eq!(
            ascii_case_scan(b""),
            CaseScan {
                non_ascii: false,
                upper: false
            }
        );
    }
}
