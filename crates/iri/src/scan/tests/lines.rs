use crate::bytes::line_feeds;
use crate::scan::lines::{Kernel, Positions, STEP};
use alloc::vec::Vec;

/// The plain definition: every index of `v`, one byte at a time.
fn plain(s: &[u8], v: u8) -> Vec<usize> {
    (0..s.len()).filter(|&i| s[i] == v).collect()
}

/// Every kernel, and the public search for line feeds, on `s` against the plain definition;
/// each iterator also says `None` again after its end.
fn check(s: &[u8], v: u8) {
    let want = plain(s, v);
    for kernel in Kernel::every() {
        let mut it = Positions::new(s, v, kernel);
        let got: Vec<usize> = it.by_ref().collect();
        assert_eq!(got, want, "{kernel:?} for {v:#x} in {s:x?}");
        assert_eq!(it.next(), None, "{kernel:?} after the end");
    }
    if v == b'\n' {
        let got: Vec<usize> = line_feeds(s).collect();
        assert_eq!(got, want, "line_feeds in {s:x?}");
    }
}

#[test]
fn a_line_feed_at_every_place_of_every_length() {
    // Every length 0 to 200 (no step, one step and its tail, the last step read over the
    // one before), one line feed at each place, alone and with one at the last byte; the
    // texts also moved 1 to 3 bytes and 31 bytes on in a larger buffer.
    let mut buf = alloc::vec![b'x'; 240];
    for n in 0..=200usize {
        for at in 0..=n {
            for last in [false, true] {
                for offset in [0, 1, 2, 3, 31] {
                    buf.fill(b'x');
                    let s = &mut buf[offset..offset + n];
                    if at < n {
                        s[at] = b'\n';
                    }
                    if last && n > 0 {
                        s[n - 1] = b'\n';
                    }
                    check(s, b'\n');
                }
            }
        }
    }
}

#[test]
fn line_feeds_every_k_bytes_from_every_start() {
    // Line feeds every `k` bytes (1 is a text of line feeds only), starting at every place
    // of the first `k`, in texts of every length up to 200.
    for n in 0..=200usize {
        for k in (1..=9).chain([15, 16, 17, 31, 32, 33, 63, 64, 65, 100]) {
            for first in 0..k.min(n.max(1)) {
                let s: Vec<u8> = (0..n)
                    .map(|i| {
                        if i >= first && (i - first) % k == 0 {
                            b'\n'
                        } else {
                            b'a'
                        }
                    })
                    .collect();
                check(&s, b'\n');
            }
        }
    }
}

#[test]
fn line_feeds_at_the_edges_of_the_steps() {
    // Texts of up to eight steps and a bit, with line feeds just before, at and after each
    // multiple of 64, one at a time and all together.
    for n in [STEP * 8, STEP * 8 + 1, STEP * 8 + 37, STEP * 8 - 1] {
        let edges: Vec<usize> = (0..=8)
            .flat_map(|m| [m * STEP, m * STEP + 1])
            .flat_map(|e| [e.wrapping_sub(1), e])
            .filter(|&e| e < n)
            .collect();
        for &e in &edges {
            let mut s = alloc::vec![b'.'; n];
            s[e] = b'\n';
            check(&s, b'\n');
        }
        let mut s = alloc::vec![b'.'; n];
        for &e in &edges {
            s[e] = b'\n';
        }
        check(&s, b'\n');
    }
}

#[test]
fn every_byte_value_is_found_and_only_it() {
    // Each byte value as the one searched, in texts of every byte value (the zero bytes that
    // pad a short text are no places even when 0 is searched), of lengths across the steps.
    let all: Vec<u8> = (0..=255u8).collect();
    for v in 0..=255u8 {
        for n in [0, 1, 5, 63, 64, 65, 127, 128, 129, 200, 256] {
            check(&all[..n.min(256)], v);
            let mut s = alloc::vec![v; n];
            check(&s, v);
            if n > 0 {
                s[n / 2] = v.wrapping_add(1);
                check(&s, v);
            }
        }
    }
}

#[test]
fn random_texts() {
    // A fixed xorshift sequence: texts of 0 to 1,000 bytes from alphabets where a line feed
    // is one byte in 2, 4, 16 or 256 on average, carriage returns and zero bytes among them.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..2_000 {
        let n = (next() % 1_001) as usize;
        let rarity = [2u64, 4, 16, 256][round % 4];
        let s: Vec<u8> = (0..n)
            .map(|_| {
                let r = next();
                if r % rarity == 0 {
                    b'\n'
                } else {
                    [b'a', b'\r', 0, 0xE2, b'/', b'\t'][(r >> 32) as usize % 6]
                }
            })
            .collect();
        check(&s, b'\n');
        let from = (next() % (n as u64 + 1)) as usize;
        check(&s[from..], b'\n');
    }
}
