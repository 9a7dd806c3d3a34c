//! Percent-decoding for the scheme views (RFC 3986 §2.1): a component of a parsed IRI, in
//! which every `%` starts a valid triplet, becomes octets; its non-ASCII characters become
//! their UTF-8 octets (RFC 3987 §3.1), so that an IRI and its URI decode the same.

use alloc::string::String;
use alloc::vec::Vec;

use crate::pct::pct_at;

/// The octets of `s` with `%HH` decoded, and for each octet its byte offset in `s`.
pub(crate) fn decode(s: &str) -> (Vec<u8>, Vec<usize>) {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut at = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        at.push(i);
        match pct_at(b, i, b.len()) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    (out, at)
}

/// `s` percent-decoded as UTF-8; the error is the byte offset in `s` where the first octet
/// that is not part of well-formed UTF-8 came from.
pub(crate) fn decode_utf8(s: &str) -> Result<String, usize> {
    let (bytes, at) = decode(s);
    String::from_utf8(bytes).map_err(|e| at[e.utf8_error().valid_up_to()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_with_offsets() {
        let (b, at) = decode("a%20é%ff");
        assert_eq!(b, [b'a', b' ', 0xC3, 0xA9, 0xFF]);
        assert_eq!(at, [0, 1, 4, 5, 6]);
        assert_eq!(decode_utf8("ok%C3%A9"), Ok(String::from("oké")));
        assert_eq!(decode_utf8("a%C3"), Err(1));
        assert_eq!(decode_utf8("é%80"), Err(2));
    }
}
