use super::*;
use alloc::vec::Vec;

/// Every version of `normal_marks` this build has, against the one-byte version.
fn check(s: &[u8], upper_to: usize) {
    let (percent, slash_dot, upper) = one_byte::normal_marks(s, upper_to);
    let want = NormalMarks {
        percent,
        slash_dot,
        upper,
    };
    let mut got = alloc::vec![
        ("dispatch", normal_marks(s, upper_to)),
        ("scalar", normal_marks_scalar(s, upper_to)),
    ];
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    got.push(("sse2", unsafe { x86::normal_marks_sse2(s, upper_to) }));
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        got.push(("avx2", unsafe { x86::normal_marks_avx2(s, upper_to) }));
    }
    for (name, marks) in got {
        assert_eq!(marks, want, "{name}: upper_to {upper_to} in {s:02X?}");
    }
}

/// The limits worth checking for a text of `len` bytes with something at `at`.
fn limits(len: usize, at: usize) -> Vec<usize> {
    let mut v = alloc::vec![
        0,
        at,
        at + 1,
        len,
        len.saturating_sub(1),
        15,
        16,
        17,
        31,
        32,
        33
    ];
    v.retain(|&u| u <= len);
    v
}

// own: every byte value at every position of every length up to 48, with the limit of
// the upper-case search before, at and after it, at the ends and around 16.
#[test]
fn every_byte_at_every_position() {
    for len in 1..=48usize {
        for at in 0..len {
            for v in 0..=255u8 {
                let mut s = alloc::vec![b'a'; len];
                s[at] = v;
                for upper_to in limits(len, at) {
                    check(&s, upper_to);
                }
            }
        }
    }
    check(b"", 0);
}

// own: the bytes that mark something, their neighbours in the byte order, and non-ASCII
// ones, at every position of every length from 49 to 100 (the 32-byte steps, their seams
// and the last step's overlap), with the limits of `limits` and those around 32 and 64.
#[test]
fn marking_bytes_at_every_position_of_long_texts() {
    let bytes = [
        b'%', b'$', b'&', b'/', b'.', b'-', b'0', b'@', b'A', b'Z', b'[', b'a', b'z', 0x7F, 0x80,
        0xC1, 0xC3, 0xFF,
    ];
    for len in 49..=100usize {
        for at in 0..len {
            for v in bytes {
                let mut s = alloc::vec![b'a'; len];
                s[at] = v;
                let mut ups = limits(len, at);
                ups.extend([
                    63,
                    64,
                    65,
                    len - 32,
                    len - 33,
                    len - 31,
                    at.saturating_sub(1),
                ]);
                ups.retain(|&u| u <= len);
                for upper_to in ups {
                    check(&s, upper_to);
                }
            }
        }
    }
}

// own: a `/` and a `.` at every pair of positions of every length up to 100 (adjacent in
// either order, or apart), over backgrounds of `a`, `/` and `.`, so that a pair falls
// on every seam of the 8-, 16- and 32-byte steps and of the last step's overlap.
#[test]
fn slash_dot_pairs_everywhere() {
    for len in 0..=100usize {
        for background in [b'a', b'/', b'.'] {
            for slash in 0..len {
                for dot in [slash + 1, slash.wrapping_sub(1), slash + 2, len - 1] {
                    let mut s = alloc::vec![background; len];
                    s[slash] = b'/';
                    if dot < len && dot != slash {
                        s[dot] = b'.';
                    }
                    check(&s, 0);
                    check(&s, len);
                }
            }
        }
    }
}

// own: texts at every alignment in memory, with marks of every kind at the start, in
// the middle and at the end.
#[test]
fn every_alignment() {
    let body: Vec<u8> = b"http://Ex%41mple.org/a/./b?Q=%7e#/.F".to_vec();
    for off in 0..16 {
        let mut v = alloc::vec![b'x'; off];
        v.extend_from_slice(&body);
        for from in 0..body.len() {
            for to in from..=body.len() {
                let s = &v[off + from..off + to];
                for upper_to in 0..=s.len() {
                    check(s, upper_to);
                }
            }
        }
    }
}
