//! IPv6 zone identifiers (RFC 6874 §2: `IP-literal = "[" ( IPv6address / IPv6addrz /
//! IPvFuture ) "]"`, `IPv6addrz = IPv6address "%25" ZoneID`, `ZoneID = 1*( unreserved /
//! pct-encoded )`), as an opt-in lenient choice. RFC 3987 §2.2 and RFC 3986 §3.2.2 have no
//! zone identifier, so [`IriRef::parse`] refuses `http://[fe80::a%25en1]/` with the reason
//! (`InvalidIpLiteral`, "zone identifiers are not allowed"); [`ZonedIriRef::parse`] accepts it
//! and keeps the zone beside the IRI reference it gives, which is the text without the zone
//! (`http://[fe80::a]/`), so everything else in the library sees a valid IRI reference.

use alloc::string::String;
use core::ops::Range;

use crate::chars::{is, HEXDIG};
use crate::parser::parse_ipv6;
use crate::{ErrorKind, IriRef, ParseError};

/// An IRI reference whose IPv6 literal may carry a zone identifier (RFC 6874): the reference
/// without the zone, and the zone as written.
///
/// ```
/// use iri::legacy::ZonedIriRef;
/// let z = ZonedIriRef::parse("http://[fe80::a%25en1]/x").unwrap();
/// assert_eq!(z.zone_id(), Some("en1"));
/// assert_eq!(z.as_iri_ref(), "http://[fe80::a]/x");
/// assert_eq!(z.original(), "http://[fe80::a%25en1]/x");
/// // Refused by default, with the reason:
/// let e = iri::IriRef::parse("http://[fe80::a%25en1]/x").unwrap_err();
/// assert!(e.to_string().contains("zone identifiers are not allowed"));
/// // A zone needs an IPv6 address before it and one character at least.
/// assert!(ZonedIriRef::parse("http://[%25en1]/").is_err());
/// assert!(ZonedIriRef::parse("http://[fe80::a%25]/").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZonedIriRef<'a> {
    original: &'a str,
    iri: Stripped<'a>,
    zone: Option<Range<usize>>,
}

/// The reference without the zone: the text itself when it has none (no copy of a long
/// reference), else a copy with the zone cut out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stripped<'a> {
    Same(IriRef<&'a str>),
    Cut(IriRef<String>),
}

impl<'a> ZonedIriRef<'a> {
    /// Parses `text` as an `IRI-reference` whose IP literal may be an `IPv6addrz` (RFC 6874
    /// §2). Without a zone it is [`IriRef::parse`]; errors carry offsets in `text`.
    ///
    /// ```
    /// use iri::legacy::ZonedIriRef;
    /// let z = ZonedIriRef::parse("//[::1]/").unwrap();
    /// assert_eq!(z.zone_id(), None);
    /// let e = ZonedIriRef::parse("http://[fe80::1%25eth0]/a b").unwrap_err();
    /// assert_eq!(e.offset(), 25);
    /// ```
    pub fn parse(text: &'a str) -> Result<Self, ParseError> {
        let err = match IriRef::parse(text) {
            Ok(r) => {
                return Ok(ZonedIriRef {
                    original: text,
                    iri: Stripped::Same(r),
                    zone: None,
                })
            }
            Err(e) => e,
        };
        if err.kind() != ErrorKind::InvalidIpLiteral {
            return Err(err);
        }
        let open = err.offset();
        let b = text.as_bytes();
        let Some(close) = b[open..].iter().position(|&c| c == b']').map(|k| open + k) else {
            return Err(err);
        };
        let literal = &text[open + 1..close];
        let Some(k) = literal.find("%25") else {
            return Err(err);
        };
        let (address, zone) = (&literal[..k], &literal[k + 3..]);
        if parse_ipv6(address.as_bytes()).is_none() || !is_zone_id(zone.as_bytes()) {
            return Err(err);
        }
        let zone_start = open + 1 + k + 3;
        let cut = open + 1 + k..close;
        let mut without = String::with_capacity(text.len());
        without.push_str(&text[..cut.start]);
        without.push_str(&text[cut.end..]);
        let iri = IriRef::parse(without).map_err(|mut e| {
            if e.offset >= cut.start {
                e.offset += cut.len();
            }
            e
        })?;
        Ok(ZonedIriRef {
            original: text,
            iri: Stripped::Cut(iri),
            zone: Some(zone_start..close),
        })
    }

    /// Parses `text` as [`ZonedIriRef::parse`] does, then checks it against the grammar
    /// `kind` (RFC 3987 §2.2, RFC 3986 §4): the reference without the zone must match it.
    /// Errors carry offsets in `text`.
    ///
    /// ```
    /// use iri::{legacy::ZonedIriRef, Kind};
    /// let z = ZonedIriRef::parse_kind("http://[fe80::1%25en1]/", Kind::Uri).unwrap();
    /// assert_eq!(z.zone_id(), Some("en1"));
    /// let e = ZonedIriRef::parse_kind("//[fe80::1%25en1]/", Kind::Iri).unwrap_err();
    /// assert_eq!(e.kind(), iri::ErrorKind::MissingScheme);
    /// // The offset is that of `é` in the text given, after the zone.
    /// let e = ZonedIriRef::parse_kind("http://[fe80::1%25en1]/é", Kind::Uri).unwrap_err();
    /// assert_eq!(e.offset(), 23);
    /// ```
    pub fn parse_kind(text: &'a str, kind: crate::Kind) -> Result<Self, ParseError> {
        let z = Self::parse(text)?;
        if kind != crate::Kind::IriReference {
            crate::validate(z.as_iri_ref().as_str(), kind).map_err(|mut e| {
                // The zone and its `%25` were cut out before the `]`.
                if let Some(r) = &z.zone {
                    let cut = r.start - 3..r.end;
                    if e.offset >= cut.start {
                        e.offset += cut.len();
                    }
                }
                e
            })?;
        }
        Ok(z)
    }

    /// The reference without the zone identifier (and its `%25`).
    ///
    /// ```
    /// let z = iri::legacy::ZonedIriRef::parse("http://[fe80::2%253]:8080/").unwrap();
    /// assert_eq!(z.as_iri_ref().authority(), Some("[fe80::2]:8080"));
    /// assert_eq!(z.as_iri_ref().port(), Some("8080"));
    /// ```
    pub fn as_iri_ref(&self) -> IriRef<&str> {
        match &self.iri {
            Stripped::Same(r) => *r,
            Stripped::Cut(r) => r.as_borrowed(),
        }
    }

    /// The zone identifier as written (percent-encoded as RFC 6874 §2 allows), if any.
    ///
    /// ```
    /// let z = iri::legacy::ZonedIriRef::parse("http://[fe80::1%25%65th0]/").unwrap();
    /// assert_eq!(z.zone_id(), Some("%65th0"));
    /// ```
    pub fn zone_id(&self) -> Option<&'a str> {
        self.zone.clone().map(|r| &self.original[r])
    }

    /// The text as given.
    ///
    /// ```
    /// let z = iri::legacy::ZonedIriRef::parse("http://[fe80::a%25en1]/").unwrap();
    /// assert_eq!(z.original(), "http://[fe80::a%25en1]/");
    /// ```
    pub fn original(&self) -> &'a str {
        self.original
    }
}

/// `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2).
fn is_zone_id(z: &[u8]) -> bool {
    let mut i = 0;
    while i < z.len() {
        match z[i] {
            b'%' if i + 2 < z.len() && is(z[i + 1], HEXDIG) && is(z[i + 2], HEXDIG) => i += 3,
            c if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') => i += 1,
            _ => return false,
        }
    }
    !z.is_empty()
}
