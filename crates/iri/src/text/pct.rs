//! Percent-encoding (RFC 3986 §2.1): the value of a hex digit, the octet of a `%HH` triplet
//! ([`pct_at`]), and `%HH` triplets written with upper-case hex digits, as RFC 3986 §2.1
//! recommends and RFC 3987 §3.1 step 2.2 asks of the IRI→URI mapping; also the mapping's
//! one-octet table.

use crate::scan::AsciiEntries;

/// The value of a hex digit, or `None`.
#[inline(always)]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The octet of the `%HH` at `b[i..]`, if there is one ending by `end`.
#[inline]
pub(crate) fn pct_at(b: &[u8], i: usize, end: usize) -> Option<u8> {
    if i + 3 <= end && b[i] == b'%' {
        Some(hex_value(b[i + 1])? << 4 | hex_value(b[i + 2])?)
    } else {
        None
    }
}

/// Upper-case hex digits, for `%HH` (RFC 3987 §3.1 step 2.2: "SHOULD use uppercase letters").
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

const fn build_pct() -> [u8; 768] {
    let mut t = [0u8; 768];
    let mut o = 0;
    while o < 256 {
        t[3 * o] = b'%';
        t[3 * o + 1] = HEX_UPPER[o >> 4];
        t[3 * o + 2] = HEX_UPPER[o & 15];
        o += 1;
    }
    t
}

const PCT_BYTES: [u8; 768] = build_pct();

/// `%00%01…%FF`: the triplet of octet `o` is `PCT[3 * o..3 * o + 3]`.
const PCT: &str = match core::str::from_utf8(&PCT_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("the table is ASCII"),
};

/// The IRI→URI mapping of one octet as a little-endian word (RFC 3987 §3.1 step 2.2): the
/// low three bytes are what it becomes (the ASCII octet itself then two bytes of no
/// meaning, or `%HH` with upper-case hex for an octet ≥ 0x80), the high byte how many of
/// them count (1 or 3).
pub(crate) static URI_OCTET: AsciiEntries = AsciiEntries::new(build_uri_octet());

const fn build_uri_octet() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut o = 0;
    while o < 256 {
        t[o] = if o < 0x80 {
            o as u32 | 1 << 24
        } else {
            b'%' as u32
                | (HEX_UPPER[o >> 4] as u32) << 8
                | (HEX_UPPER[o & 15] as u32) << 16
                | 3 << 24
        };
        o += 1;
    }
    t
}

/// Writes `%HH` with upper-case hex for one octet.
#[inline(always)]
pub(crate) fn push_pct(out: &mut alloc::string::String, octet: u8) {
    let o = octet as usize * 3;
    out.push_str(&PCT[o..o + 3]);
}

/// Writes the `%HH` triplets of the UTF-8 octets of `c`, with upper-case hex (RFC 3987 §3.1
/// step 2.2).
#[inline]
pub(crate) fn push_pct_char(out: &mut alloc::string::String, c: char) {
    let mut utf8 = [0u8; 4];
    for &o in c.encode_utf8(&mut utf8).as_bytes() {
        push_pct(out, o);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pct_triplets() {
        let mut s = alloc::string::String::new();
        for o in [0u8, 0x0A, 0x7F, 0xC3, 0xFF] {
            push_pct(&mut s, o);
        }
        assert_eq!(s, "%00%0A%7F%C3%FF");
    }

    #[test]
    fn pct_chars() {
        let mut s = alloc::string::String::new();
        for c in [' ', '\u{E9}', '\u{20AC}', '\u{10300}'] {
            push_pct_char(&mut s, c);
        }
        assert_eq!(s, "%20%C3%A9%E2%82%AC%F0%90%8C%80");
    }
}
