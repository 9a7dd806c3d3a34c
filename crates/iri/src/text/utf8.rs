//! UTF-8 decoding (RFC 3629 §3): the code point of one character of a well-formed text.

/// Decodes the UTF-8 character starting at `b[i]` (the bytes come from a `&str`, so they are
/// well-formed). Returns the code point and its length in bytes.
#[inline(always)]
pub(crate) fn decode_utf8(b: &[u8], i: usize) -> (u32, usize) {
    let b0 = b[i] as u32;
    if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | (b[i + 1] as u32 & 0x3F), 2)
    } else if b0 < 0xF0 {
        (
            ((b0 & 0x0F) << 12) | ((b[i + 1] as u32 & 0x3F) << 6) | (b[i + 2] as u32 & 0x3F),
            3,
        )
    } else {
        (
            ((b0 & 0x07) << 18)
                | ((b[i + 1] as u32 & 0x3F) << 12)
                | ((b[i + 2] as u32 & 0x3F) << 6)
                | (b[i + 3] as u32 & 0x3F),
            4,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_decoding() {
        for s in ["a", "é", "€", "𐌀", "\u{10FFFD}"] {
            let (c, n) = decode_utf8(s.as_bytes(), 0);
            assert_eq!(char::from_u32(c).unwrap().to_string(), s);
            assert_eq!(n, s.len());
        }
    }
}
