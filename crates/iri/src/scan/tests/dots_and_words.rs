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
                assert_eq!(first_non_ascii(&s, 0), first, "{s:?}");
                assert_eq!(count_non_ascii(&s), count, "{s:?}");
            }
        }
    }
    for b in 0..=255u8 {
        assert_eq!(count_non_ascii(&[b; 11]), if b >= 0x80 { 11 } else { 0 });
    }
}

// own: every byte value, written through `pct::URI_OCTET`, against `%HH` one octet at
// a time.
#[test]
fn octet_entries_are_percent_encoding() {
    let src: Vec<u8> = (0..=255u8).rev().chain(0..=255u8).collect();
    let mut out = alloc::vec![0u8; 3 * src.len() + 3];
    let end = write_octet_entries(&src, &crate::pct::URI_OCTET, &mut out, 0);
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
