//! The `scan` fuzz target's checks (built with `--cfg fuzzing`, as `cargo fuzz` builds, and for
//! the tests, which run them on fixed inputs, also under Miri):
//! every version of each scan (the dispatching one, the portable one and, where the processor
//! has them, the SSE2, SSSE3 and AVX2 ones) agrees with the one-byte-at-a-time version of
//! `one_byte.rs`, for every class; so do the marks of a text of up to 128 bytes, the
//! IRI→URI writers with the non-ASCII bits and counts they are sized and placed by, the
//! searches of a byte set and of a byte range, and every place of a byte (`lines.rs`).

use super::one_byte;

/// Checks every scan on `data`: its first byte is the byte searched for, its second a start,
/// the rest the text (any bytes: the scans do not need UTF-8). Short texts are checked from
/// every start. Panics on a disagreement.
pub(crate) fn check(data: &[u8]) {
    let [v, start, s @ ..] = data else {
        return;
    };
    check_uri_octets(s);
    check_positions(s, *v);
    if s.len() <= 130 {
        for from in 0..=s.len() {
            check_at(s, from, *v);
        }
    } else {
        for from in [
            0,
            (*start as usize).min(s.len()),
            s.len() - 17,
            s.len() - 1,
            s.len(),
        ] {
            check_at(s, from, *v);
        }
    }
}

/// Every scan of `s` from `from`, searching for the byte `v`, against `one_byte.rs`.
fn check_at(s: &[u8], from: usize, v: u8) {
    for bit in 0..16 {
        let class = 1u16 << bit;
        let (end, non_ascii) = one_byte::class_run(s, from, class);
        let want = super::Run { end, non_ascii };
        assert_eq!(
            super::class_run_scalar(s, from, class),
            want,
            "{class:#06X} {from} {s:02X?}"
        );
        #[cfg(target_arch = "x86_64")]
        if super::x86::has_ssse3() {
            // SAFETY: the processor has SSSE3 (checked just above).
            let got = unsafe { super::x86::class_run_ssse3(s, from, class) };
            assert_eq!(got, want, "ssse3 {class:#06X} {from} {s:02X?}");
        }
    }
    #[cfg(target_arch = "x86_64")]
    if from == 0 && (1..=super::LONG_MARKS_MAX).contains(&s.len()) {
        check_marks(s);
    }
    check_sets(s, from, v);
    let want = one_byte::find_byte(s, from, v);
    assert_eq!(super::find_byte(s, from, v), want, "{v} {from} {s:02X?}");
    assert_eq!(
        super::find_byte_scalar(s, from, v),
        want,
        "{v} {from} {s:02X?}"
    );
    let want = one_byte::rfind_byte(s, from, v);
    assert_eq!(super::rfind_byte(s, from, v), want, "{v} {from} {s:02X?}");
    assert_eq!(
        super::rfind_byte_scalar(s, from, v),
        want,
        "{v} {from} {s:02X?}"
    );
    let want = one_byte::first_non_ascii(s, from);
    assert_eq!(super::first_non_ascii(s, from), want, "{from} {s:02X?}");
    assert_eq!(
        super::first_non_ascii_scalar(s, from),
        want,
        "{from} {s:02X?}"
    );
    // normal_marks, with the upper-case search limited at `from`.
    let (percent, slash_dot, upper) = one_byte::normal_marks(s, from);
    let want = super::NormalMarks {
        percent,
        slash_dot,
        upper,
    };
    assert_eq!(super::normal_marks(s, from), want, "{from} {s:02X?}");
    assert_eq!(super::normal_marks_scalar(s, from), want, "{from} {s:02X?}");
}

/// The SSSE3 and AVX2 marks of `s` (1 to 128 bytes), where the processor has them.
#[cfg(target_arch = "x86_64")]
fn check_marks(s: &[u8]) {
    let widen = |m: super::Marks<u64>| -> super::Marks<u128> { m.join(m, 0) };
    for class in [crate::chars::QUERY, crate::chars::IQUERY] {
        let want = one_byte::marks(s, class);
        if s.len() <= super::MARKS_MAX {
            if super::x86::has_ssse3() {
                // SAFETY: the processor has SSSE3 (checked just above).
                let got = unsafe { super::x86::marks_ssse3(s, class) };
                assert_eq!(widen(got), want, "ssse3 {class:#06X} {s:02X?}");
            }
            if super::x86::has_avx2() {
                // SAFETY: the processor has AVX2 (checked just above).
                let got = unsafe { super::x86::marks_avx2(s, class) };
                assert_eq!(widen(got), want, "avx2 {class:#06X} {s:02X?}");
            }
        } else if super::x86::has_avx2() {
            // SAFETY: the processor has AVX2 (checked just above).
            let got = unsafe { super::x86::long_marks_avx2(s, class) };
            assert_eq!(got, want, "avx2 long {class:#06X} {s:02X?}");
        }
    }
}

/// The IRI→URI octet writers (`push_uri_octets`'s SSSE3 one and the one-octet one) against
/// `%HH` for each octet from 0x80, in a buffer of exactly the room the contract asks for
/// (the bytes written and `URI_SLACK` more); the non-ASCII bits (SSE2 and scalar), first
/// index and layout (length and moved ends) against one byte at a time; and, on the UTF-8
/// prefix of the text, the string writers with the ends they move.
fn check_uri_octets(s: &[u8]) {
    let one_byte = |s: &[u8]| {
        let mut want = alloc::vec::Vec::new();
        for &o in s {
            if o < 0x80 {
                want.push(o);
            } else {
                want.extend_from_slice(alloc::format!("%{o:02X}").as_bytes());
            }
        }
        want
    };
    let want = one_byte(s);
    let mut out = alloc::vec![0u8; 3 * s.len() + 3];
    let n = super::write_octet_entries(s, &crate::pct::URI_OCTET, &mut out, 0);
    assert_eq!(out[..n], want, "scalar {s:02X?}");
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_ssse3() {
        let mut out = alloc::vec![core::mem::MaybeUninit::new(0u8); want.len() + super::URI_SLACK];
        // SAFETY: the processor has SSSE3 (checked just above).
        let n = unsafe { super::x86::write_uri_octets_ssse3(s, &mut out) };
        // SAFETY: every byte of `out` was initialized above.
        let got: alloc::vec::Vec<u8> = out[..n]
            .iter()
            .map(|b| unsafe { b.assume_init() })
            .collect();
        assert_eq!(got, want, "ssse3 {s:02X?}");
    }

    let count = |e: usize| s[..e].iter().filter(|&&o| o >= 0x80).count();
    let mut bits = [0u64; 2];
    for (i, _) in s.iter().enumerate().filter(|(_, &o)| o >= 0x80) {
        if i < super::NonAscii::BITS {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    let want_bits = (s.len() <= super::NonAscii::BITS).then_some(bits);
    assert_eq!(
        super::non_ascii_bits_scalar(s),
        want_bits,
        "scalar bits {s:02X?}"
    );
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86-64.
        let got = unsafe { super::x86::non_ascii_bits_sse2(s) };
        assert_eq!(got, want_bits, "sse2 {s:02X?}");
    }
    let non_ascii = super::NonAscii::of(s);
    let first = s.iter().position(|&o| o >= 0x80).unwrap_or(s.len());
    assert_eq!(non_ascii.first(), first);
    for e in 0..=s.len() {
        let ends = [e / 2, e, s.len()];
        let n = count(s.len());
        let want = (n > 0).then(|| (s.len() + 2 * n, ends.map(|e| e + 2 * count(e))));
        assert_eq!(non_ascii.layout(ends), want, "layout {e} {s:02X?}");
    }

    let text = match core::str::from_utf8(s) {
        Ok(t) => t,
        Err(e) => core::str::from_utf8(&s[..e.valid_up_to()]).unwrap(),
    };
    let b = text.as_bytes();
    let mut cuts = [b.len() / 3, b.len() / 2, b.len()]
        .map(|e| (0..=e).rev().find(|&e| text.is_char_boundary(e)).unwrap());
    cuts.sort();
    let want = one_byte(b);
    for portable in [false, true] {
        let mut out = alloc::string::String::from("x\u{E9}");
        let moved = if portable {
            crate::convert::push_uri_octets_portable(&mut out, text, cuts)
        } else {
            crate::convert::push_uri_octets(&mut out, text, cuts)
        };
        if b.is_ascii() {
            assert_eq!((moved, out.as_str()), (None, "x\u{E9}"));
        } else {
            assert_eq!(out.as_bytes()[3..], want, "{portable} {text:?}");
            assert_eq!(moved, Some(cuts.map(|e| one_byte(&b[..e]).len())));
        }
    }
}

/// The set search (a set of three values made from `v`, one in each half when `v` is below
/// 0x80) and the range search (a range from `v`) of `s` from `from`, every version, against
/// the byte-by-byte search.
fn check_sets(s: &[u8], from: usize, v: u8) {
    use super::set::{find_in_set, find_in_set_scalar, find_outside, find_outside_scalar};
    let set = super::set::SetRows::EMPTY
        .with(v)
        .with(v ^ 0x80)
        .with(v.wrapping_mul(7));
    let want = s[from..]
        .iter()
        .position(|&b| set.contains(b))
        .map(|i| from + i);
    assert_eq!(find_in_set(s, from, &set), want, "set {v} {from} {s:02X?}");
    assert_eq!(find_in_set_scalar(s, from, &set), want, "set {v} {from}");
    #[cfg(target_arch = "x86_64")]
    {
        if super::x86::has_ssse3() {
            // SAFETY: the processor has SSSE3 (checked just above).
            let got = unsafe { super::x86::find_in_set_ssse3(s, from, &set) };
            assert_eq!(got, want, "ssse3 set {v} {from} {s:02X?}");
        }
        if super::x86::has_avx2() {
            // SAFETY: the processor has AVX2 (checked just above).
            let got = unsafe { super::x86::find_in_set_avx2(s, from, &set) };
            assert_eq!(got, want, "avx2 set {v} {from} {s:02X?}");
        }
    }
    let (first, last) = (v.min(v ^ 0x55), v.max(v ^ 0x55));
    let want = s[from..]
        .iter()
        .position(|b| !(first..=last).contains(b))
        .map(|i| from + i);
    assert_eq!(
        find_outside(s, from, first, last),
        want,
        "range {v} {from} {s:02X?}"
    );
    assert_eq!(
        find_outside_scalar(s, from, first, last),
        want,
        "range {v} {from}"
    );
}

/// Every place of `v` in `s` (and in each of its last 64 tails), by every kernel of
/// `lines.rs`, and of the line feeds by `bytes::line_feeds`, against the one-byte definition.
fn check_positions(s: &[u8], v: u8) {
    use super::lines::{Kernel, Positions};
    for from in s.len().saturating_sub(64)..=s.len() {
        let t = &s[from..];
        let want: alloc::vec::Vec<usize> = (0..t.len()).filter(|&i| t[i] == v).collect();
        for kernel in Kernel::every() {
            let got: alloc::vec::Vec<usize> = Positions::new(t, v, kernel).collect();
            assert_eq!(got, want, "{kernel:?} {v} {t:02X?}");
        }
        let want: alloc::vec::Vec<usize> = (0..t.len()).filter(|&i| t[i] == b'\n').collect();
        let got: alloc::vec::Vec<usize> = crate::bytes::line_feeds(t).collect();
        assert_eq!(got, want, "line_feeds {t:02X?}");
    }
}
