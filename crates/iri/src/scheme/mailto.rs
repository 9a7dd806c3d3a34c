//! The `mailto` scheme (RFC 6068), as a view over a parsed IRI (processing draft §6).
//!
//! [`Mailto::parse`] splits `mailto:` `[to]` `["?" hfields]` (RFC 6068 §2): the addresses of
//! the path, separated by `,`, and the header fields `hfname=hfvalue` of the query, separated by
//! `&`. Everything is percent-decoded and read as UTF-8 (RFC 6068 §2: non-ASCII characters
//! are percent-encoded UTF-8; in an IRI they may also be written directly), so a subject or an
//! address comes out in Unicode. Each address is split at its last `@` into local part and
//! domain; with the `idna` feature the domain is also available in ToASCII and ToUnicode form
//! (RFC 6068 §5, UTS #46).
//!
//! Errors, each with the byte offset in the IRI: not `mailto`, an authority, a fragment (RFC
//! 6068's syntax has none), an empty address, an address without `@`, a header field without
//! `=`, and percent-encoded octets that are not UTF-8.
//!
//! Left out on purpose: checking addresses against RFC 5322's `addr-spec` (quoted local parts
//! are returned as written, quotes included), and RFC 2047 decoding of `=?…?=` in header
//! values (RFC 6068 §2 says not to use it; it is returned as text).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::pct::decode_utf8;
use crate::Iri;

/// Why an IRI is not a usable `mailto` IRI.
///
/// ```
/// let iri = iri::Iri::parse("mailto:joe").unwrap();
/// let e = iri::scheme::mailto::Mailto::parse(&iri).unwrap_err();
/// assert_eq!(e.kind(), iri::scheme::mailto::MailtoErrorKind::MissingAt);
/// assert_eq!(e.to_string(), "mailto: an address without '@' at byte 7 (RFC 6068 §2)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailtoError {
    kind: MailtoErrorKind,
    offset: usize,
}

/// What is wrong in a `mailto` IRI.
///
/// ```
/// use iri::scheme::mailto::MailtoErrorKind;
/// assert_ne!(MailtoErrorKind::NotMailto, MailtoErrorKind::Fragment);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailtoErrorKind {
    /// The scheme is not `mailto`.
    NotMailto,
    /// `mailto://…`: RFC 6068 has no authority.
    Authority,
    /// A fragment: RFC 6068's syntax has none.
    Fragment,
    /// An empty address between commas.
    EmptyAddress,
    /// An address without `@`.
    MissingAt,
    /// A header field without `=`.
    MissingEquals,
    /// Percent-encoded octets that are not UTF-8.
    InvalidUtf8,
}

impl MailtoError {
    /// What is wrong.
    ///
    /// ```
    /// let e = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@b#x").unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), iri::scheme::mailto::MailtoErrorKind::Fragment);
    /// ```
    pub fn kind(&self) -> MailtoErrorKind {
        self.kind
    }

    /// The byte offset in the IRI where it is.
    ///
    /// ```
    /// let e = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@b?x").unwrap()).unwrap_err();
    /// assert_eq!(e.offset(), 11);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for MailtoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            MailtoErrorKind::NotMailto => "the scheme is not mailto",
            MailtoErrorKind::Authority => "an authority ('//'), which mailto does not have",
            MailtoErrorKind::Fragment => "a fragment, which mailto does not have",
            MailtoErrorKind::EmptyAddress => "an empty address",
            MailtoErrorKind::MissingAt => "an address without '@'",
            MailtoErrorKind::MissingEquals => "a header field without '='",
            MailtoErrorKind::InvalidUtf8 => "percent-encoded octets that are not UTF-8",
        };
        write!(f, "mailto: {what} at byte {} (RFC 6068 §2)", self.offset)
    }
}

impl core::error::Error for MailtoError {}

/// One address, decoded.
///
/// ```
/// let iri = iri::Iri::parse("mailto:%22not%40me%22@example.org").unwrap();
/// let m = iri::scheme::mailto::Mailto::parse(&iri).unwrap();
/// assert_eq!(m.to()[0].local(), "\"not@me\"");
/// assert_eq!(m.to()[0].domain(), "example.org");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address {
    text: String,
    at: usize,
}

impl Address {
    fn new(text: String, offset: usize) -> Result<Self, MailtoError> {
        match text.rfind('@') {
            Some(at) => Ok(Address { text, at }),
            None => Err(MailtoError {
                kind: MailtoErrorKind::MissingAt,
                offset,
            }),
        }
    }

    /// The whole address, decoded.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:Mike%26family@example.org").unwrap()).unwrap();
    /// assert_eq!(m.to()[0].as_str(), "Mike&family@example.org");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The local part: everything before the last `@`.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:gorby%25kremvax@example.com").unwrap()).unwrap();
    /// assert_eq!(m.to()[0].local(), "gorby%kremvax");
    /// ```
    pub fn local(&self) -> &str {
        &self.text[..self.at]
    }

    /// The domain, as written (decoded).
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:u@%E7%B4%8D%E8%B1%86.example.org").unwrap()).unwrap();
    /// assert_eq!(m.to()[0].domain(), "納豆.example.org");
    /// ```
    pub fn domain(&self) -> &str {
        &self.text[self.at + 1..]
    }

    /// The domain after ToASCII (UTS #46), for sending mail (RFC 6068 §5).
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:u@納豆.example.org").unwrap()).unwrap();
    /// assert_eq!(m.to()[0].domain_ascii().unwrap(), "xn--99zt52a.example.org");
    /// ```
    #[cfg(feature = "idna")]
    pub fn domain_ascii(&self) -> Result<alloc::borrow::Cow<'_, str>, crate::idn::IdnaError> {
        crate::idn::to_ascii(self.domain())
    }

    /// The domain after ToUnicode (UTS #46), for showing it.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:u@xn--99zt52a.example.org").unwrap()).unwrap();
    /// assert_eq!(m.to()[0].domain_unicode().unwrap(), "納豆.example.org");
    /// ```
    #[cfg(feature = "idna")]
    pub fn domain_unicode(&self) -> Result<alloc::borrow::Cow<'_, str>, crate::idn::IdnaError> {
        crate::idn::to_unicode(self.domain())
    }
}

/// A `mailto` IRI taken apart (RFC 6068).
///
/// ```
/// use iri::{scheme::mailto::Mailto, Iri};
/// let m = Mailto::parse(&Iri::parse("mailto:joe@example.com?cc=bob@example.com&body=hello").unwrap()).unwrap();
/// assert_eq!(m.to()[0].as_str(), "joe@example.com");
/// assert_eq!(m.header("CC"), Some("bob@example.com"));
/// assert_eq!(m.body(), Some("hello"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mailto {
    to: Vec<Address>,
    headers: Vec<(String, String)>,
    /// The addresses of `to` header fields.
    header_to: Vec<Address>,
}

/// Splits `s` (at `base` in the IRI) on `sep`, with each piece's offset.
fn pieces(s: &str, base: usize, sep: char) -> impl Iterator<Item = (&str, usize)> {
    let mut at = base;
    s.split(sep).map(move |p| {
        let here = at;
        at += p.len() + 1;
        (p, here)
    })
}

fn decode(s: &str, offset: usize) -> Result<String, MailtoError> {
    decode_utf8(s).map_err(|i| MailtoError {
        kind: MailtoErrorKind::InvalidUtf8,
        offset: offset + i,
    })
}

/// Splits the decoded address list of a `to` header field whose value starts at `offset` in
/// the IRI; errors point at the value.
fn addresses(list: &str, offset: usize, out: &mut Vec<Address>) -> Result<(), MailtoError> {
    for a in list.split(',') {
        if a.is_empty() {
            return Err(MailtoError {
                kind: MailtoErrorKind::EmptyAddress,
                offset,
            });
        }
        out.push(Address::new(a.into(), offset)?);
    }
    Ok(())
}

impl Mailto {
    /// Takes `iri` apart; see the [module docs](self) for the errors.
    ///
    /// ```
    /// let iri = iri::Iri::parse("mailto:user@example.org?subject=caf%C3%A9").unwrap();
    /// let m = iri::scheme::mailto::Mailto::parse(&iri).unwrap();
    /// assert_eq!(m.subject(), Some("café"));
    /// ```
    pub fn parse<T: AsRef<str>>(iri: &Iri<T>) -> Result<Self, MailtoError> {
        let err = |kind, offset| Err(MailtoError { kind, offset });
        if !iri.scheme().eq_ignore_ascii_case("mailto") {
            return err(MailtoErrorKind::NotMailto, 0);
        }
        if iri.has_authority() {
            return err(MailtoErrorKind::Authority, iri.scheme().len() + 1);
        }
        if iri.fragment().is_some() {
            return err(
                MailtoErrorKind::Fragment,
                iri.positions().query_end() as usize,
            );
        }
        let path_start = iri.scheme().len() + 1;
        let mut to = Vec::new();
        let path = iri.path();
        if !path.is_empty() {
            for (a, at) in pieces(path, path_start, ',') {
                if a.is_empty() {
                    return err(MailtoErrorKind::EmptyAddress, at);
                }
                to.push(Address::new(decode(a, at)?, at)?);
            }
        }
        let mut headers = Vec::new();
        let mut header_to = Vec::new();
        if let Some(q) = iri.query() {
            let q_start = iri.positions().path_end as usize + 1;
            for (field, at) in pieces(q, q_start, '&') {
                let Some(eq) = field.find('=') else {
                    return err(MailtoErrorKind::MissingEquals, at);
                };
                let name = decode(&field[..eq], at)?;
                let value = decode(&field[eq + 1..], at + eq + 1)?;
                if name.eq_ignore_ascii_case("to") {
                    addresses(&value, at + eq + 1, &mut header_to)?;
                }
                headers.push((name, value));
            }
        }
        Ok(Mailto {
            to,
            headers,
            header_to,
        })
    }

    /// The addresses of the path (`mailto:a@x,b@y`), decoded.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:addr1@an.example,addr2@an.example").unwrap()).unwrap();
    /// assert_eq!(m.to().len(), 2);
    /// ```
    pub fn to(&self) -> &[Address] {
        &self.to
    }

    /// The header fields, in order, names and values decoded.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@b?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E").unwrap()).unwrap();
    /// assert_eq!(m.headers()[0], ("In-Reply-To".to_string(), "<3469A91.D10AF4C@example.com>".to_string()));
    /// ```
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The first header field named `name` (case-insensitive, RFC 6068 §2).
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@b?Subject=hi").unwrap()).unwrap();
    /// assert_eq!(m.header("subject"), Some("hi"));
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `subject` header field.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:infobot@example.com?subject=current-issue").unwrap()).unwrap();
    /// assert_eq!(m.subject(), Some("current-issue"));
    /// ```
    pub fn subject(&self) -> Option<&str> {
        self.header("subject")
    }

    /// The `body` pseudo header field: the text of the message (RFC 6068 §2).
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@b?body=send%20current-issue%0D%0Asend%20index").unwrap()).unwrap();
    /// assert_eq!(m.body(), Some("send current-issue\r\nsend index"));
    /// ```
    pub fn body(&self) -> Option<&str> {
        self.header("body")
    }

    /// Every recipient: the path's addresses, then those of `to` header fields (RFC 6068 §2:
    /// both name recipients), which [`parse`](Self::parse) checks too.
    ///
    /// ```
    /// let m = iri::scheme::mailto::Mailto::parse(&iri::Iri::parse("mailto:a@x?to=b@y,c@z&cc=d@w").unwrap()).unwrap();
    /// let all: Vec<_> = m.recipients().map(|a| a.as_str()).collect();
    /// assert_eq!(all, ["a@x", "b@y", "c@z"]);
    /// ```
    pub fn recipients(&self) -> impl Iterator<Item = &Address> {
        self.to.iter().chain(&self.header_to)
    }
}
