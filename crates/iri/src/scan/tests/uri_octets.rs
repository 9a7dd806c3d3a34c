use super::*;
use crate::convert::{push_uri_octets, push_uri_octets_portable};
use alloc::string::String;
use alloc::vec::Vec;

/// RFC 3987 §3.1 step 2.2, one octet at a time: `%HH` (upper-case hex) for each octet
/// from 0x80 up, every other octet as it is.
fn one_byte(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &o in s {
        if o < 0x80 {
            out.push(o);
        } else {
            out.extend_from_slice(alloc::format!("%{o:02X}").as_bytes());
        }
    }
    out
}

/// Every version of the writer on `s` (any bytes), in a buffer of exactly the room its
/// contract asks for (the bytes written and [`URI_SLACK`] more), against [`one_byte`].
fn check_bytes(s: &[u8]) {
    let want = one_byte(s);
    let room = want.len() + URI_SLACK;
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() {
        let mut out = alloc::vec![core::mem::MaybeUninit::new(0xFFu8); room];
        // SAFETY: the processor has SSSE3 (checked just above).
        let n = unsafe { x86::write_uri_octets_ssse3(s, &mut out) };
        // SAFETY: every byte of `out` was initialized above.
        let got: Vec<u8> = out[..n]
            .iter()
            .map(|b| unsafe { b.assume_init() })
            .collect();
        assert_eq!(got, want, "{s:02X?}");
    }
    let mut out = alloc::vec![0u8; 3 * s.len() + 3];
    let n = write_octet_entries(s, &crate::pct::URI_OCTET, &mut out, 0);
    assert_eq!(out[..n], want, "scalar {s:02X?} {room}");
}

/// The writers of strings, appended after a text already there and into a new string:
/// the result as the one-byte version, the ends moved to where the one-byte version of
/// the text before them ends, nothing appended for an ASCII text, and a new string
/// allocated once, with room for the result and [`URI_SLACK`] more.
fn check_str(s: &str) {
    let b = s.as_bytes();
    let mapped = one_byte(b);
    let ascii = b.is_ascii();
    let first = b.iter().position(|o| *o >= 0x80).unwrap_or(b.len());
    let mut cuts: Vec<usize> = [0, first, s.len() / 2, s.len()]
        .into_iter()
        .map(|e| (0..=e).rev().find(|&e| s.is_char_boundary(e)).unwrap())
        .collect();
    cuts.sort();
    let ends = [cuts[1], cuts[2], cuts[3]];
    let want_ends = ends.map(|e| one_byte(&b[..e]).len());
    for portable in [false, true] {
        for start in ["", "x\u{E9}"] {
            let mut out = String::from(start);
            let got = if portable {
                push_uri_octets_portable(&mut out, s, ends)
            } else {
                push_uri_octets(&mut out, s, ends)
            };
            if ascii {
                assert_eq!((got, out.as_str()), (None, start), "{s:?}");
                continue;
            }
            assert_eq!(got, Some(want_ends), "{s:?} portable: {portable}");
            assert_eq!(out.as_bytes()[..start.len()], *start.as_bytes());
            assert_eq!(out.as_bytes()[start.len()..], mapped, "{s:?} {portable}");
            if start.is_empty() {
                assert_eq!(out.capacity(), mapped.len() + URI_SLACK, "{s:?}");
            }
        }
    }
}

/// [`NonAscii`] of `s` against one byte at a time: the bits of every version, the first
/// non-ASCII byte, and the layout (the length and the moved ends) with every index among
/// the ends.
fn check_non_ascii(s: &[u8]) {
    let naive = |e: usize| s[..e].iter().filter(|&&o| o >= 0x80).count();
    let mut bits = [0u64; 2];
    for (i, _) in s.iter().enumerate().filter(|(_, &o)| o >= 0x80) {
        if i < NonAscii::BITS {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    let want = (s.len() <= NonAscii::BITS).then_some(bits);
    assert_eq!(non_ascii_bits_scalar(s), want, "scalar {s:02X?}");
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        // SAFETY: SSE2 is part of x86-64.
        unsafe { x86::non_ascii_bits_sse2(s) },
        want,
        "sse2 {s:02X?}"
    );
    let na = NonAscii::of(s);
    let first = s.iter().position(|&o| o >= 0x80).unwrap_or(s.len());
    assert_eq!(na.first(), first, "{s:02X?}");
    for e in 0..=s.len() {
        let ends = [e / 2, e, s.len()];
        let want = (naive(s.len()) > 0)
            .then(|| (s.len() + 2 * naive(s.len()), ends.map(|e| e + 2 * naive(e))));
        assert_eq!(na.layout(ends), want, "{e} {s:02X?}");
    }
}

// own: one, two and every non-ASCII byte at every place of every length up to 140 (the
// bits' blocks, their two words, the overlapping last block, and texts too long for
// bits), and random texts.
#[test]
fn non_ascii_bits_and_counts() {
    for len in 0..=140usize {
        for at in 0..=len {
            let mut s = alloc::vec![b'a'; len];
            if at < len {
                s[at] = 0xC3;
            }
            check_non_ascii(&s);
            if at + 17 < len {
                s[at + 17] = 0xFF;
                s[len - 1] = 0x80;
                check_non_ascii(&s);
            }
        }
        check_non_ascii(&alloc::vec![0xE2; len]);
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..5_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 300) as usize;
        let s: Vec<u8> = (0..len)
            .map(|k| (x.rotate_left(k as u32 * 5) as u8) | if k % 3 == 0 { 0 } else { 0x80 })
            .collect();
        check_non_ascii(&s);
    }
}

// own: every byte value at every position of every length up to 40, among ASCII bytes
// and among non-ASCII ones (so that the first block's ASCII start, whole blocks, the
// zero-padded last block and texts shorter than a block are each taken).
#[test]
fn every_byte_at_every_position() {
    for len in 1..=40usize {
        for at in 0..len {
            for v in 0..=255u8 {
                for fill in [b'a', 0xC3] {
                    let mut s = alloc::vec![fill; len];
                    s[at] = v;
                    check_bytes(&s);
                }
            }
        }
    }
    check_bytes(b"");
}

// own: every pattern of ASCII and non-ASCII octets of lengths up to 20 (all 2^20 of
// length 20 are too many, so every pattern up to 14 and a spread of longer ones), then
// random texts up to 100 octets.
#[test]
fn every_pattern_of_non_ascii_octets() {
    for len in 0..=14usize {
        for bits in 0..1u32 << len {
            let s: Vec<u8> = (0..len)
                .map(|k| {
                    if bits >> k & 1 == 1 {
                        0x80 | (k as u8 * 9)
                    } else {
                        b'/' + k as u8
                    }
                })
                .collect();
            check_bytes(&s);
        }
    }
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 101) as usize;
        let density = (x >> 8) % 5;
        let s: Vec<u8> = (0..len)
            .map(|k| {
                let h = x.rotate_left(k as u32 * 7) ^ (k as u64 * 0x9E37_79B9);
                if h % 5 < density {
                    0x80 | h as u8
                } else {
                    h as u8 & 0x7F
                }
            })
            .collect();
        check_bytes(&s);
    }
}

// own: strings of every length up to 40 and around the lengths where the non-ASCII bits
// change form (64, 128) with one to three characters of each UTF-8 length at every
// place, through both string writers.
#[test]
fn strings_through_both_writers() {
    for len in (0..=40usize).chain(58..=70).chain(120..=134) {
        for at in 0..=len {
            for c in ["\u{E9}", "\u{20AC}", "\u{10300}", "\u{E9}\u{4E2D}\u{10300}"] {
                let mut s = "a".repeat(len);
                s.insert_str(at, c);
                check_str(&s);
            }
        }
        check_str(&"/".repeat(len));
    }
}
