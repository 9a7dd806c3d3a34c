use crate::bytes::ByteSet;
use crate::scan::pairs::{find_in_pairs_every_version, find_in_pairs_scalar, PairRows};
use crate::scan::set::SetRows;
use alloc::vec::Vec;

/// A set of bytes, listed.
const fn rows(bytes: &[u8]) -> SetRows {
    ByteSet::of(bytes).rows()
}

/// A set of bytes from `first` to `last`.
const fn range(first: u8, last: u8) -> SetRows {
    ByteSet::range(first, last).rows()
}

/// The lead bytes (with their second bytes) of the characters a terminal would not show:
/// the ASCII controls and DEL, and C2 (U+0080–U+00BF) alone; U+034F, U+061C, U+115F–U+1160,
/// U+1680, U+17B4–U+17B5, U+180B–U+180F, U+2000–U+207F, U+3000, U+3164, U+FE00–U+FE0F,
/// U+FEFF, U+FFA0, U+FFF0–U+FFFB, U+1BCA0–U+1BCA3, U+1D173–U+1D17A and U+E0000–U+E0FFF by
/// their first two bytes: the set of the command's escape, eight first bytes.
const HIDDEN_LIKE: PairRows = PairRows::new(range(0x00, 0x1F).with(0x7F).with(0xC2))
    .with_pairs(0xCD, rows(&[0x8F]))
    .with_pairs(0xD8, rows(&[0x9C]))
    .with_pairs(0xE1, rows(&[0x85, 0x9A, 0x9E, 0xA0]))
    .with_pairs(0xE2, rows(&[0x80, 0x81]))
    .with_pairs(0xE3, rows(&[0x80, 0x85]))
    .with_pairs(0xEF, rows(&[0xB8, 0xBB, 0xBE, 0xBF]))
    .with_pairs(0xF0, rows(&[0x9B, 0x9D]))
    .with_pairs(0xF3, rows(&[0xA0]));

/// The plain definition: a single, or a listed first byte followed within `s` by one of its
/// second bytes (no nibble tables).
fn plain_match(set: &PairRows, s: &[u8], i: usize) -> bool {
    set.singles.contains(s[i])
        || (0..set.count as usize).any(|k| {
            set.firsts[k] == s[i] && s.get(i + 1).is_some_and(|&b| set.seconds[k].contains(b))
        })
}

/// Every version on `s` from `from` against the plain definition.
fn check(set: &PairRows, s: &[u8], from: usize) {
    let want = (from..s.len()).find(|&i| plain_match(set, s, i));
    for (version, got) in find_in_pairs_every_version(s, from, set) {
        assert_eq!(got, want, "{version} from {from}: {s:x?}");
    }
}

#[test]
fn the_exact_test_is_the_plain_definition() {
    // Every pair of byte values, for sets whose second bytes' nibbles combine into others
    // (85 and 9A give 8A and 95 too): only the listed pairs match.
    for set in [
        HIDDEN_LIKE,
        PairRows::new(rows(&[0x41])).with_pairs(0x41, rows(&[0x42])),
    ] {
        for a in 0..=255u8 {
            assert_eq!(set.matches_at(&[a], 0), plain_match(&set, &[a], 0));
            for b in 0..=255u8 {
                let s = [a, b];
                assert_eq!(set.matches_at(&s, 0), plain_match(&set, &s, 0), "{s:x?}");
            }
        }
    }
}

#[test]
fn every_pair_of_bytes_at_the_block_edges() {
    // Every first byte (with second bytes whose nibbles make a larger rectangle), followed by
    // every byte value, at every place of texts up to 70 bytes around the 16- and 32-byte
    // steps and the tails, and searched from several starts.
    let seconds = rows(&[0x85, 0x9A, 0x00]);
    for first in [0x00, 0x61, 0x7F, 0xC2, 0xE2, 0xFF] {
        let set = PairRows::new(rows(&[0x7F])).with_pairs(first, seconds);
        let filler = if first == b'a' { b'b' } else { b'a' };
        for n in [1usize, 2, 16, 17, 18, 32, 33, 34, 35, 49, 66] {
            for at in 0..n {
                for b in 0..=255u8 {
                    let mut s = alloc::vec![filler; n];
                    s[at] = first;
                    if at + 1 < n {
                        s[at + 1] = b;
                    }
                    check(&set, &s, 0);
                }
                let mut s = alloc::vec![filler; n];
                s[at] = first;
                for from in [1usize, 2, 17] {
                    if from <= n {
                        check(&set, &s, from);
                    }
                }
            }
        }
    }
    // A text full of near misses, and of bytes that are singles and first bytes at once.
    let set = PairRows::new(rows(&[0xE2])).with_pairs(0xE2, rows(&[0x80]));
    check(&set, &[0xE2; 40], 0);
    for n in 0..70 {
        let s: Vec<u8> = (0..n)
            .map(|k| if k % 2 == 0 { 0xE1 } else { 0x8A })
            .collect();
        check(&HIDDEN_LIKE, &s, 0);
    }
}

/// Every Unicode scalar value, UTF-8.
fn every_char() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

#[test]
fn every_character_alone_and_in_text() {
    let mut buf = [0u8; 4];
    let mut matching = Vec::new();
    let mut others = Vec::new();
    for c in every_char() {
        let bytes = c.encode_utf8(&mut buf).as_bytes();
        check(&HIDDEN_LIKE, bytes, 0);
        if plain_match(&HIDDEN_LIKE, bytes, 0) {
            matching.push(c);
        } else {
            others.push(c);
        }
    }
    // The characters that match, one at a time, after 0 to 33 bytes of ASCII or of
    // non-ASCII text (two- and three-byte characters), and before more of it.
    let contexts = ["a", "\u{E9}\u{4F8B}z"];
    for c in &matching {
        for context in contexts {
            for before in 0..=33usize {
                let mut s: Vec<u8> = context.bytes().cycle().take(before).collect();
                s.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                s.extend_from_slice("\u{4F8B}\u{E9}".as_bytes());
                check(&HIDDEN_LIKE, &s, 0);
            }
        }
    }
    // The others, 48 at a time, side by side and with an ASCII letter after each, each run
    // moved 0 to 31 bytes on, so that each character meets every place of a 32-byte step.
    for between in ["", "a"] {
        for group in others.chunks(48) {
            let mut text = Vec::new();
            for c in group {
                text.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                text.extend_from_slice(between.as_bytes());
            }
            for shift in 0..32usize {
                let mut s = alloc::vec![b'a'; shift];
                s.extend_from_slice(&text);
                let want = find_in_pairs_scalar(&s, 0, &HIDDEN_LIKE);
                assert_eq!(want, None, "{s:x?}");
                for (version, got) in find_in_pairs_every_version(&s, 0, &HIDDEN_LIKE) {
                    assert_eq!(got, want, "{version}: {s:x?}");
                }
            }
        }
    }
}
