//! The `data` scheme (RFC 2397), as a view over a parsed IRI (processing draft §6).
//!
//! `data:[<mediatype>][;base64],<data>` (RFC 2397 §3). [`DataIri::parse`] reads the media
//! type (`type/subtype`, lower-cased; when left out, `text/plain` and, if no parameter is given
//! either, `charset=US-ASCII`), its parameters (values percent-decoded), whether the payload is
//! base64, and decodes the payload to octets: percent-encoded octets as they are, other
//! characters as their UTF-8 octets (RFC 3987 §3.1, so an IRI and its URI give the same
//! octets), then, for base64, through a strict decoder (RFC 4648 §4: the standard alphabet,
//! the length a multiple of four, `=` padding only at the end, no whitespace, and the unused
//! bits of the last character zero). The payload includes a `?…` part (RFC 2397's `urlchar`
//! includes `?`); a fragment is not part of it.
//!
//! Errors carry the byte offset in the IRI: not `data`, an authority, no `,`, a malformed
//! media type or parameter, percent-encoded parameter values that are not UTF-8, and each
//! base64 error.
//!
//! Left out on purpose: decoding the payload's text in its charset (that needs the charset
//! tables of the `encoding` feature; [`DataIri::charset`] says which one) and checking media
//! types against a registry.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::pct::{decode, decode_utf8};
use crate::Iri;

/// Why an IRI is not a usable `data` IRI.
///
/// ```
/// let e = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:;base64,QQ=").unwrap()).unwrap_err();
/// assert_eq!(e.kind(), iri::scheme::data::DataErrorKind::Base64Length);
/// assert_eq!(e.to_string(), "data: base64 text whose length is not a multiple of 4 at byte 16 (RFC 2397 §3, RFC 4648 §4)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataError {
    kind: DataErrorKind,
    offset: usize,
}

/// What is wrong in a `data` IRI.
///
/// ```
/// assert_ne!(iri::scheme::data::DataErrorKind::NotData, iri::scheme::data::DataErrorKind::MissingComma);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataErrorKind {
    /// The scheme is not `data`.
    NotData,
    /// `data://…`: RFC 2397 has no authority.
    Authority,
    /// No `,` between the media type and the data.
    MissingComma,
    /// A media type that is not `type/subtype` with token characters.
    MediaType,
    /// A parameter that is not `attribute=value`.
    Parameter,
    /// Percent-encoded octets in a parameter that are not UTF-8.
    InvalidUtf8,
    /// A character outside the base64 alphabet.
    Base64Char,
    /// `=` padding in the middle, or more than two.
    Base64Padding,
    /// Base64 text whose length is not a multiple of four.
    Base64Length,
    /// Base64 whose last character has bits set that encode nothing (not canonical).
    Base64TrailingBits,
}

impl DataError {
    /// What is wrong.
    ///
    /// ```
    /// let e = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:text").unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), iri::scheme::data::DataErrorKind::MissingComma);
    /// ```
    pub fn kind(&self) -> DataErrorKind {
        self.kind
    }

    /// The byte offset in the IRI where it is.
    ///
    /// ```
    /// let e = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:;base64,QQ!=").unwrap()).unwrap_err();
    /// assert_eq!(e.offset(), 15);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            DataErrorKind::NotData => "the scheme is not data",
            DataErrorKind::Authority => "an authority ('//'), which data does not have",
            DataErrorKind::MissingComma => "no ',' before the data",
            DataErrorKind::MediaType => "a media type that is not type/subtype",
            DataErrorKind::Parameter => "a parameter that is not attribute=value",
            DataErrorKind::InvalidUtf8 => "percent-encoded octets that are not UTF-8",
            DataErrorKind::Base64Char => "a character outside the base64 alphabet",
            DataErrorKind::Base64Padding => "misplaced base64 padding '='",
            DataErrorKind::Base64Length => "base64 text whose length is not a multiple of 4",
            DataErrorKind::Base64TrailingBits => {
                "a base64 character with unused bits set (not canonical)"
            }
        };
        let section = if matches!(
            self.kind,
            DataErrorKind::Base64Char
                | DataErrorKind::Base64Padding
                | DataErrorKind::Base64Length
                | DataErrorKind::Base64TrailingBits
        ) {
            "RFC 2397 §3, RFC 4648 §4"
        } else {
            "RFC 2397 §3"
        };
        write!(f, "data: {what} at byte {} ({section})", self.offset)
    }
}

impl core::error::Error for DataError {}

/// A `data` IRI taken apart, its payload decoded.
///
/// ```
/// use iri::{scheme::data::DataIri, Iri};
/// let d = DataIri::parse(&Iri::parse("data:,A%20brief%20note").unwrap()).unwrap();
/// assert_eq!(d.media_type(), "text/plain");
/// assert_eq!(d.charset(), Some("US-ASCII"));
/// assert_eq!(d.bytes(), b"A brief note");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DataIri {
    media_type: String,
    parameters: Vec<(String, String)>,
    base64: bool,
    bytes: Vec<u8>,
}

/// RFC 2045 `token` characters.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?=".contains(&b))
}

/// The value of a base64 character (RFC 4648 §4, Table 1).
fn b64(b: u8) -> Option<u32> {
    Some(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// Strict base64 (RFC 4648 §4) of `text`, whose octet `i` came from offset `at[i]` in the IRI;
/// `end` is the IRI offset just after the text.
fn base64(text: &[u8], at: &[usize], end: usize) -> Result<Vec<u8>, DataError> {
    let err = |kind, offset| Err(DataError { kind, offset });
    let pad = text.iter().rev().take_while(|&&b| b == b'=').count();
    let body = &text[..text.len() - pad];
    if let Some(i) = body.iter().position(|&b| b == b'=') {
        return err(DataErrorKind::Base64Padding, at[i]);
    }
    if let Some(i) = body.iter().position(|&b| b64(b).is_none()) {
        return err(DataErrorKind::Base64Char, at[i]);
    }
    if pad > 2 {
        return err(DataErrorKind::Base64Padding, at[body.len()]);
    }
    if !text.len().is_multiple_of(4) {
        return err(DataErrorKind::Base64Length, end);
    }
    let mut out = Vec::with_capacity(body.len() / 4 * 3 + 2);
    for chunk in body.chunks(4) {
        let mut n = 0u32;
        for &b in chunk {
            n = n << 6 | b64(b).unwrap_or(0);
        }
        match chunk.len() {
            4 => out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]),
            3 => {
                if n & 0b11 != 0 {
                    return err(DataErrorKind::Base64TrailingBits, at[body.len() - 1]);
                }
                out.extend_from_slice(&[(n >> 10) as u8, (n >> 2) as u8]);
            }
            2 => {
                if n & 0b1111 != 0 {
                    return err(DataErrorKind::Base64TrailingBits, at[body.len() - 1]);
                }
                out.push((n >> 4) as u8);
            }
            _ => return err(DataErrorKind::Base64Length, end),
        }
    }
    Ok(out)
}

impl DataIri {
    /// Takes `iri` apart and decodes its payload; see the [module docs](self) for the errors.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:text/plain;charset=utf-8;base64,Y2Fmw6k=").unwrap()).unwrap();
    /// assert!(d.is_base64());
    /// assert_eq!(d.bytes(), "café".as_bytes());
    /// ```
    pub fn parse<T: AsRef<str>>(iri: &Iri<T>) -> Result<Self, DataError> {
        let s = iri.as_str();
        let err = |kind, offset| Err(DataError { kind, offset });
        if !iri.scheme().eq_ignore_ascii_case("data") {
            return err(DataErrorKind::NotData, 0);
        }
        let start = iri.scheme().len() + 1;
        if iri.has_authority() {
            return err(DataErrorKind::Authority, start);
        }
        let end = iri.positions().query_end() as usize;
        let all = &s[start..end];
        let Some(comma) = all.find(',') else {
            return err(DataErrorKind::MissingComma, end);
        };
        let header = &all[..comma];
        let payload_start = start + comma + 1;
        let payload = &all[comma + 1..];

        let mut parts: Vec<(&str, usize)> = Vec::new();
        let mut at = start;
        for p in header.split(';') {
            parts.push((p, at));
            at += p.len() + 1;
        }
        let base64_flag = parts.len() > 1
            && parts
                .last()
                .is_some_and(|(p, _)| p.eq_ignore_ascii_case("base64"));
        if base64_flag {
            parts.pop();
        }
        let (first, first_at) = parts[0];
        let mut params_from = 1;
        let media_type = if first.is_empty() {
            String::from("text/plain")
        } else if first.contains('=') {
            params_from = 0;
            String::from("text/plain")
        } else {
            let mt = decode_utf8(first).map_err(|i| DataError {
                kind: DataErrorKind::InvalidUtf8,
                offset: first_at + i,
            })?;
            match mt.split_once('/') {
                Some((t, st)) if is_token(t) && is_token(st) => mt.to_ascii_lowercase(),
                _ => return err(DataErrorKind::MediaType, first_at),
            }
        };
        let mut parameters = Vec::new();
        for &(p, p_at) in &parts[params_from..] {
            let Some(eq) = p.find('=') else {
                return err(DataErrorKind::Parameter, p_at);
            };
            let dec = |t: &str, o: usize| {
                decode_utf8(t).map_err(|i| DataError {
                    kind: DataErrorKind::InvalidUtf8,
                    offset: o + i,
                })
            };
            let name = dec(&p[..eq], p_at)?;
            if !is_token(&name) {
                return err(DataErrorKind::Parameter, p_at);
            }
            parameters.push((name.to_ascii_lowercase(), dec(&p[eq + 1..], p_at + eq + 1)?));
        }
        if first.is_empty() && parameters.is_empty() {
            parameters.push((String::from("charset"), String::from("US-ASCII")));
        }

        let (octets, mut at) = decode(payload);
        let bytes = if base64_flag {
            at.iter_mut().for_each(|o| *o += payload_start);
            base64(&octets, &at, end)?
        } else {
            octets
        };
        Ok(DataIri {
            media_type,
            parameters,
            base64: base64_flag,
            bytes,
        })
    }

    /// The media type, `type/subtype` in lower case (`text/plain` when left out).
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:Image/GIF;base64,").unwrap()).unwrap();
    /// assert_eq!(d.media_type(), "image/gif");
    /// ```
    pub fn media_type(&self) -> &str {
        &self.media_type
    }

    /// The parameters, names in lower case, values decoded, in order.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:;charset=iso-8859-7,x").unwrap()).unwrap();
    /// assert_eq!(d.parameters(), [("charset".to_string(), "iso-8859-7".to_string())]);
    /// ```
    pub fn parameters(&self) -> &[(String, String)] {
        &self.parameters
    }

    /// The `charset` parameter.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:text/html,x").unwrap()).unwrap();
    /// assert_eq!(d.charset(), None);
    /// ```
    pub fn charset(&self) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(n, _)| n == "charset")
            .map(|(_, v)| v.as_str())
    }

    /// Whether the payload was base64.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:,base64").unwrap()).unwrap();
    /// assert!(!d.is_base64());
    /// ```
    pub fn is_base64(&self) -> bool {
        self.base64
    }

    /// The decoded payload.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:,é%E9").unwrap()).unwrap();
    /// assert_eq!(d.bytes(), [0xC3, 0xA9, 0xE9]);
    /// ```
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The payload, taken.
    ///
    /// ```
    /// let d = iri::scheme::data::DataIri::parse(&iri::Iri::parse("data:;base64,Zm9v").unwrap()).unwrap();
    /// assert_eq!(d.into_bytes(), b"foo".to_vec());
    /// ```
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl fmt::Display for DataIri {
    /// The media type with its parameters, as in a Content-Type header.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.media_type)?;
        for (n, v) in &self.parameters {
            write!(f, ";{n}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64s(s: &str) -> Result<Vec<u8>, DataErrorKind> {
        let at: Vec<usize> = (0..s.len()).collect();
        base64(s.as_bytes(), &at, s.len()).map_err(|e| e.kind)
    }

    #[test]
    fn strict_base64() {
        assert_eq!(b64s("").unwrap(), b"");
        assert_eq!(b64s("Zg==").unwrap(), b"f");
        assert_eq!(b64s("Zh==").unwrap_err(), DataErrorKind::Base64TrailingBits);
        assert_eq!(b64s("Zm9=").unwrap_err(), DataErrorKind::Base64TrailingBits);
        assert_eq!(b64s("Z===").unwrap_err(), DataErrorKind::Base64Padding);
        assert_eq!(b64s("Zg=a").unwrap_err(), DataErrorKind::Base64Padding);
        assert_eq!(b64s("Zg").unwrap_err(), DataErrorKind::Base64Length);
        assert_eq!(b64s("Zg =").unwrap_err(), DataErrorKind::Base64Char);
    }
}
