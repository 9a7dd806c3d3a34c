//! Every scan against its one-byte-at-a-time version (`one_byte.rs`): every length up to 48
//! at every alignment, every position and start, every byte value at every position up to
//! length 34; every version (SIMD where the processor has it, and scalar) alike (own).

use super::*;
use crate::chars::{self, TABLE};
use alloc::vec::Vec;

/// Every class bit of `chars`.
const CLASSES: [u16; 16] = {
    let mut all = [0u16; 16];
    let mut bit = 0;
    while bit < 16 {
        all[bit] = 1 << bit;
        bit += 1;
    }
    all
};

/// Every version of `class_run_noting` this build has, as `(name, result)`.
fn class_runs(s: &[u8], from: usize, class: u16) -> Vec<(&'static str, Run)> {
    let mut v = alloc::vec![
        ("dispatch", class_run_noting(s, from, class)),
        ("scalar", class_run_scalar(s, from, class)),
    ];
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        v.push(("ssse3", unsafe { x86::class_run_ssse3(s, from, class) }));
    }
    v
}

fn check_class_run(s: &[u8], from: usize, class: u16) {
    let (end, non_ascii) = one_byte::class_run(s, from, class);
    for (name, run) in class_runs(s, from, class) {
        assert_eq!(
            run,
            Run { end, non_ascii },
            "{name}: class {class:#06X} from {from} in {s:02X?}"
        );
    }
    assert_eq!(class_run(s, from, class), end);
}

/// A member of `class`: an ASCII one, and a non-ASCII one if it has any.
fn members(class: u16) -> (u8, Option<u8>) {
    let ascii = (0u8..0x80)
        .find(|&b| TABLE[b as usize] & class != 0)
        .unwrap();
    let high = (0x80u8..=0xFF).find(|&b| TABLE[b as usize] & class != 0);
    (ascii, high)
}

/// The nibble tables classify every byte as `chars::TABLE` does, for every class.
#[cfg(target_arch = "x86_64")]
#[test]
fn nibble_tables_match_the_class_table() {
    for (bit, class) in CLASSES.iter().enumerate() {
        let t = &x86::NIBBLES[bit];
        for b in 0..=255u8 {
            let by_nibbles = t.lo[(b & 15) as usize] & t.hi[(b >> 4) as usize] != 0;
            assert_eq!(
                by_nibbles,
                TABLE[b as usize] & class != 0,
                "{class:#06X} {b:#04X}"
            );
        }
    }
}

/// Every byte value at every position of runs of every length, from the start and from just
/// before, at and after that position, in every class.
#[test]
fn class_run_every_byte_at_every_position() {
    let mut s = Vec::new();
    for &class in &CLASSES {
        let (ascii, high) = members(class);
        for fill in [Some(ascii), high].into_iter().flatten() {
            for len in 0..=34usize {
                for p in 0..len {
                    for c in 0..=255u8 {
                        s.clear();
                        s.resize(len, fill);
                        s[p] = c;
                        for from in [0, p.saturating_sub(1), p, p + 1] {
                            check_class_run(&s, from, class);
                        }
                    }
                }
                s.clear();
                s.resize(len, fill);
                for from in 0..=len {
                    check_class_run(&s, from, class);
                }
            }
        }
    }
}

/// A small generator of test bytes (xorshift), so that the random tests repeat.
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A byte that is often a member of `class`, often ASCII, sometimes anything.
    fn byte(&mut self, class: u16) -> u8 {
        let r = self.next();
        let b = (r >> 8) as u8;
        match r % 8 {
            0 => b,
            1 => b | 0x80,
            _ => {
                // Members are most bytes: runs of useful lengths.
                let mut c = b & 0x7F;
                while TABLE[c as usize] & class == 0 {
                    c = c.wrapping_add(37) & 0x7F;
                }
                c
            }
        }
    }
}

/// Random texts of every length up to 48 at each of 16 alignments, from every start.
#[test]
fn class_run_random_texts_every_alignment() {
    let mut g = Bytes(0x9E37_79B9_7F4A_7C15);
    let mut buf = [0u8; 64 + 16];
    for &class in &CLASSES {
        for len in 0..=48usize {
            for align in 0..16 {
                for b in buf.iter_mut() {
                    *b = g.byte(class);
                }
                let s = &buf[align..align + len];
                for from in 0..=len {
                    check_class_run(s, from, class);
                }
            }
        }
    }
}

/// Every version of `find_byte`, `rfind_byte` and `first_non_ascii` against the one-byte
/// ones: every length up to 48, every alignment, one or two needles at every position, every
/// start and end.
#[test]
fn byte_searches_every_position() {
    let mut buf = [b'a'; 64 + 16];
    for len in 0..=48usize {
        for align in 0..16 {
            for p in 0..=len {
                for q in [p, p + 3, p + 9] {
                    buf.fill(b'a');
                    for at in [p, q] {
                        if at < len {
                            buf[align + at] = b'/';
                        }
                    }
                    let s = &buf[align..align + len];
                    for k in 0..=len {
                        let want = one_byte::find_byte(s, k, b'/');
                        assert_eq!(find_byte(s, k, b'/'), want, "{s:?} {k}");
                        assert_eq!(find_byte_scalar(s, k, b'/'), want, "{s:?} {k}");
                        let want = one_byte::rfind_byte(s, k, b'/');
                        assert_eq!(rfind_byte(s, k, b'/'), want, "{s:?} {k}");
                        assert_eq!(rfind_byte_scalar(s, k, b'/'), want, "{s:?} {k}");
                    }
                }
            }
        }
    }
}

/// Every byte value at every position: the byte searches for that value and for non-ASCII.
#[test]
fn byte_searches_every_byte_value() {
    let mut s = Vec::new();
    for len in 0..=34usize {
        for p in 0..len {
            for c in 0..=255u8 {
                s.clear();
                s.resize(len, b'x');
                s[p] = c;
                for v in [c, b'x', 0] {
                    for k in [0, p, p + 1] {
                        let want = one_byte::find_byte(&s, k, v);
                        assert_eq!(find_byte(&s, k, v), want, "{s:?} {k} {v}");
                        assert_eq!(find_byte_scalar(&s, k, v), want, "{s:?} {k} {v}");
                        let want = one_byte::rfind_byte(&s, k, v);
                        assert_eq!(rfind_byte(&s, k, v), want, "{s:?} {k} {v}");
                        assert_eq!(rfind_byte_scalar(&s, k, v), want, "{s:?} {k} {v}");
                    }
                }
                for k in [0, p, p + 1] {
                    let want = one_byte::first_non_ascii(&s, k);
                    assert_eq!(first_non_ascii(&s, k), want, "{s:?} {k}");
                    assert_eq!(first_non_ascii_scalar(&s, k), want, "{s:?} {k}");
                }
            }
        }
    }
}

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
                assert_eq!(m & !HIGH, 0);
            }
        }
    }
}

// own: every length and start, against the bytes themselves.
#[test]
fn load_word_pads_with_zeros() {
    let s: Vec<u8> = (1..=24u8).collect();
    for len in 0..=24usize {
        for from in 0..len {
            let w = load_word(&s[..len], from).to_le_bytes();
            for (k, &b) in w.iter().enumerate() {
                assert_eq!(b, s[..len].get(from + k).copied().unwrap_or(0));
            }
        }
    }
}

/// The `I…` classes' ASCII members are their ASCII class's, which the scalar run uses to
/// tell whether it met non-ASCII.
#[test]
fn wide_classes_sit_above_their_ascii_classes() {
    for (wide, narrow) in [
        (chars::IUSERINFO, chars::USERINFO),
        (chars::IREG_NAME, chars::REG_NAME),
        (chars::IPATH, chars::PATH),
        (chars::IQUERY, chars::QUERY),
    ] {
        assert_eq!(wide >> chars::WIDE_SHIFT, narrow);
        assert!(wide >= chars::IUSERINFO);
    }
    for class in CLASSES.iter().filter(|&&c| c < chars::IUSERINFO) {
        assert!((0x80..=0xFF).all(|b| TABLE[b] & class == 0), "{class:#06X}");
    }
}

/// The marks of a short text in the `u128` of the long ones.
fn widen(m: Marks<u64>) -> Marks<u128> {
    m.join(m, 0)
}

/// Every version of `Scanner::marks` and `Scanner::long_marks` that computes marks, alone
/// and through its scanner, against the one-byte version.
fn check_marks(s: &[u8]) {
    let n = s.len();
    for class in [chars::QUERY, chars::IQUERY] {
        let want = (1..=LONG_MARKS_MAX)
            .contains(&n)
            .then(|| one_byte::marks(s, class));
        let short = want.filter(|_| n <= MARKS_MAX);
        let long = want.filter(|_| n > MARKS_MAX);
        assert_eq!(
            Scalar.marks(s, class),
            None,
            "the scalar scanner has no marks"
        );
        assert_eq!(Scalar.long_marks(s, class), None, "nor long ones");
        #[cfg(target_arch = "x86_64")]
        if x86::has_ssse3() {
            if let Some(want) = short {
                // SAFETY: the processor has SSSE3 (checked just above).
                let got = unsafe { x86::marks_ssse3(s, class) };
                assert_eq!(widen(got), want, "ssse3 {class:#06X} {s:02X?}");
            }
            // SAFETY: as above.
            let (got_short, got_long) = unsafe { x86::run_ssse3(MarksTask(s, class)) };
            assert_eq!(got_short.map(widen), short, "ssse3 {class:#06X} {s:02X?}");
            assert_eq!(got_long, None, "the SSSE3 scanner has no long marks");
        }
        #[cfg(target_arch = "x86_64")]
        if x86::has_avx2() {
            if let Some(want) = short {
                // SAFETY: the processor has AVX2 (checked just above).
                let got = unsafe { x86::marks_avx2(s, class) };
                assert_eq!(widen(got), want, "avx2 {class:#06X} {s:02X?}");
            }
            if let Some(want) = long {
                // SAFETY: as above.
                let got = unsafe { x86::long_marks_avx2(s, class) };
                assert_eq!(got, want, "avx2 long {class:#06X} {s:02X?}");
            }
            // SAFETY: as above.
            let (got_short, got_long) = unsafe { x86::run_avx2(MarksTask(s, class)) };
            assert_eq!(got_short.map(widen), short, "avx2 {class:#06X} {s:02X?}");
            assert_eq!(got_long, long, "avx2 long {class:#06X} {s:02X?}");
        }
    }
}

/// `Scanner::marks` and `Scanner::long_marks` as a task, to ask a scanner itself.
struct MarksTask<'a>(&'a [u8], u16);

impl WithScanner for MarksTask<'_> {
    type Output = (Option<Marks<u64>>, Option<Marks<u128>>);
    fn run<S: Scanner>(self, scanner: S) -> Self::Output {
        (
            scanner.marks(self.0, self.1),
            scanner.long_marks(self.0, self.1),
        )
    }
}

/// Every position of texts of every length up to 64 and of lengths up to 129 where blocks
/// of 16 and 32 meet (they meet at different places for each length), over a filler of class members and of non-ASCII members, with
/// each byte that has a mark of its own or sits at a class's edge there, and every byte
/// value at lengths around the block edges.
#[test]
fn marks_every_byte_at_every_position() {
    let every: Vec<u8> = (0..=255).collect();
    let edges = b":/?#@%[]aZ09-~. AM\x00\x7F\x80\xBF\xC2\xC3\xE2\xEE\xF0\xFF".to_vec();
    let mut s = Vec::new();
    for fill in [b'a', 0xB0] {
        // Every length of the short marks; of the long ones, those where blocks meet.
        let long = [65, 66, 79, 80, 81, 95, 96, 97, 112, 113, 127, 128, 129];
        for len in (0..=MARKS_MAX).chain(long) {
            s.clear();
            s.resize(len, fill);
            check_marks(&s);
            let bytes = if [1, 15, 16, 17, 31, 32, 33, 64, 65, 128].contains(&len) {
                &every
            } else {
                &edges
            };
            for p in 0..len {
                for &c in bytes {
                    s[p] = c;
                    check_marks(&s);
                }
                s[p] = fill;
            }
        }
    }
}

/// Random texts of every length up to 129 at each of 16 alignments, dense in delimiters.
#[test]
fn marks_random_texts_every_alignment() {
    let mut g = Bytes(0x2545_F491_4F6C_DD1D);
    let mut buf = [0u8; LONG_MARKS_MAX + 1 + 16];
    for round in 0..4 {
        for len in 0..=LONG_MARKS_MAX + 1 {
            for align in 0..16 {
                for b in buf.iter_mut() {
                    let r = g.next();
                    *b = match r % 4 {
                        0 => b":/?#@%[]"[(r >> 8) as usize % 8],
                        _ => g.byte(if round % 2 == 0 {
                            chars::QUERY
                        } else {
                            chars::IQUERY
                        }),
                    };
                }
                check_marks(&buf[align..align + len]);
            }
        }
    }
}

/// The scanners are chosen by what the processor has, as `std` sees it.
#[cfg(target_arch = "x86_64")]
#[test]
fn feature_detection_agrees_with_std() {
    assert_eq!(x86::has_avx2(), std::is_x86_feature_detected!("avx2"));
    assert_eq!(x86::has_ssse3(), std::is_x86_feature_detected!("ssse3"));
}

/// The fuzz target's checks (every version of every scan against `one_byte.rs`, the IRI→URI
/// writers against `%HH`) on fixed inputs around the 8-, 16-, 32- and 64-byte steps: short
/// enough to run under Miri (docs/fuzzing.md), where the exhaustive tests above take hours.
#[test]
fn fuzz_checks_on_fixed_inputs() {
    let texts: [&[u8]; 8] = [
        b"",
        b"http://a/b?c#d",
        "http://\u{E9}x.example/p\u{E4}th/./../q?\u{1F600}#f".as_bytes(),
        b"/./a/../b/%2e%2E/C/%41%zz",
        &[
            0xFF, 0x80, b'a', 0xC3, 0xA9, b'/', b'.', b':', b'@', b'[', b']', b'%', 0x7F, 0x00,
            b'#', b'?', b'A',
        ],
        b"scheme+x-y.z://user:pw@host:80/path/seg;p=1?query=a&b#frag/ment",
        &[b'x'; 65],
        &[0xE2; 40],
    ];
    for (k, text) in texts.iter().enumerate() {
        for v in [b'/', 0x00, 0xE2] {
            let mut data = alloc::vec![v, k as u8 * 7];
            data.extend_from_slice(text);
            fuzz::check(&data);
        }
    }
}

/// The fuzz target's checks on three short inputs, one search byte each: quick enough for a
/// Miri run of every scan version (docs/fuzzing.md), where the test above takes too long.
#[test]
fn fuzz_checks_on_short_inputs() {
    let inputs: [&[u8]; 3] = [
        b"/\x00http://a/b?c#d",
        "\u{E2}\x05http://\u{E9}x.ex/p\u{E4}/./../q?#f".as_bytes(),
        b"/\x11scheme+x://u@h:80/pa/../th?q=a&b#frag/ment/x",
    ];
    for data in inputs {
        fuzz::check(data);
    }
}

mod dots_and_words;
mod lines;
mod normal_marks;
mod pairs;
mod uri_octets;
