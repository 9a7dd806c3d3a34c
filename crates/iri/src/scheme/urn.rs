//! The `urn` scheme (RFC 8141), as a view over a parsed IRI.
//!
//! `urn:` NID `:` NSS [ `?+` r-component ] [ `?=` q-component ] [ `#` f-component ]
//! (RFC 8141 §2). [`Urn::parse`] checks the NID (2 to 32 letters, digits and hyphens, starting
//! and ending with a letter or digit), that the NSS is not empty and does not start with `/`,
//! and that a query is an r-component and/or a q-component; the NSS may hold non-ASCII
//! characters, as the IRI does.
//!
//! Equivalence (RFC 8141 §3.1): two URNs are equivalent when, after the "urn" prefix and the
//! NID are lower-cased and the hex digits of percent-encodings upper-cased, their
//! `urn:NID:NSS` are equal octet by octet; the r-, q- and f-components are not taken into
//! account, and nothing is percent-decoded. As this is an IRI library, the comparison is made
//! on the URI form (RFC 3987 §3.1), so an NSS written with a character and with its
//! percent-encoded UTF-8 compare equal.
//!
//! Left out on purpose: the namespace-specific rules of each NID (lexical equivalence of
//! `urn:isbn:` and others), and the registry of NIDs.

use alloc::string::String;
use core::fmt;

use crate::Iri;

/// Why an IRI is not a URN.
///
/// ```
/// let e = iri::scheme::urn::Urn::parse(&iri::Iri::parse("urn:x:y").unwrap()).unwrap_err();
/// assert_eq!(e.kind(), iri::scheme::urn::UrnErrorKind::Nid);
/// assert_eq!(e.to_string(), "urn: a namespace identifier that is not 2 to 32 letters, digits and inner hyphens at byte 4 (RFC 8141 §2)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UrnError {
    kind: UrnErrorKind,
    offset: usize,
}

/// What is wrong.
///
/// ```
/// assert_ne!(iri::scheme::urn::UrnErrorKind::NotUrn, iri::scheme::urn::UrnErrorKind::Nss);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrnErrorKind {
    /// The scheme is not `urn`.
    NotUrn,
    /// `urn://…`: URNs have no authority.
    Authority,
    /// No `:` after the NID.
    MissingColon,
    /// An NID that breaks the rule.
    Nid,
    /// An empty NSS, or one that starts with `/`.
    Nss,
    /// A query that is neither `?+r-component` nor `?=q-component`, or an empty component.
    Component,
}

impl UrnError {
    /// What is wrong.
    ///
    /// ```
    /// let e = iri::scheme::urn::Urn::parse(&iri::Iri::parse("urn:example:a?b").unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), iri::scheme::urn::UrnErrorKind::Component);
    /// ```
    pub fn kind(&self) -> UrnErrorKind {
        self.kind
    }

    /// The byte offset in the IRI.
    ///
    /// ```
    /// let e = iri::scheme::urn::Urn::parse(&iri::Iri::parse("urn:example:").unwrap()).unwrap_err();
    /// assert_eq!(e.offset(), 12);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for UrnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            UrnErrorKind::NotUrn => "the scheme is not urn",
            UrnErrorKind::Authority => "an authority ('//'), which URNs do not have",
            UrnErrorKind::MissingColon => "no ':' after the namespace identifier",
            UrnErrorKind::Nid => {
                "a namespace identifier that is not 2 to 32 letters, digits and inner hyphens"
            }
            UrnErrorKind::Nss => "an empty namespace-specific string, or one starting with '/'",
            UrnErrorKind::Component => "a query that is not ?+r-component or ?=q-component",
        };
        write!(f, "urn: {what} at byte {} (RFC 8141 §2)", self.offset)
    }
}

impl core::error::Error for UrnError {}

/// A URN taken apart (RFC 8141 §2); the parts are slices of the IRI.
///
/// ```
/// use iri::{scheme::urn::Urn, Iri};
/// let iri = Iri::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=lang=en#top").unwrap();
/// let u = Urn::parse(&iri).unwrap();
/// assert_eq!((u.nid(), u.nss()), ("example", "foo-bar-baz-qux"));
/// assert_eq!(u.r_component(), Some("CCResolve:cc=uk"));
/// assert_eq!(u.q_component(), Some("lang=en"));
/// assert_eq!(u.f_component(), Some("top"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    nid: &'a str,
    nss: &'a str,
    r: Option<&'a str>,
    q: Option<&'a str>,
    f: Option<&'a str>,
}

fn is_nid(s: &str) -> bool {
    let b = s.as_bytes();
    (2..=32).contains(&b.len())
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
}

impl<'a> Urn<'a> {
    /// Takes `iri` apart; see the [module docs](self) for the errors.
    ///
    /// ```
    /// let iri = iri::Iri::parse("URN:ISBN:978-3-16-148410-0").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().nid(), "ISBN");
    /// ```
    pub fn parse<T: AsRef<str>>(iri: &'a Iri<T>) -> Result<Self, UrnError> {
        let err = |kind, offset| Err(UrnError { kind, offset });
        if !iri.scheme().eq_ignore_ascii_case("urn") {
            return err(UrnErrorKind::NotUrn, 0);
        }
        if iri.has_authority() {
            return err(UrnErrorKind::Authority, 4);
        }
        let path = iri.path();
        let Some(colon) = path.find(':') else {
            return err(UrnErrorKind::MissingColon, 4 + path.len());
        };
        let (nid, nss) = (&path[..colon], &path[colon + 1..]);
        if !is_nid(nid) {
            return err(UrnErrorKind::Nid, 4);
        }
        if nss.is_empty() || nss.starts_with('/') {
            return err(UrnErrorKind::Nss, 4 + colon + 1);
        }
        let (mut r, mut q) = (None, None);
        if let Some(query) = iri.query() {
            let at = 4 + path.len() + 1;
            let bad = Err(UrnError {
                kind: UrnErrorKind::Component,
                offset: at,
            });
            if let Some(rest) = query.strip_prefix('+') {
                match rest.find("?=") {
                    Some(k) => {
                        r = Some(&rest[..k]);
                        q = Some(&rest[k + 2..]);
                    }
                    None => r = Some(rest),
                }
            } else if let Some(rest) = query.strip_prefix('=') {
                q = Some(rest);
            } else {
                return bad;
            }
            if r.is_some_and(str::is_empty) || q.is_some_and(str::is_empty) {
                return bad;
            }
        }
        Ok(Urn {
            nid,
            nss,
            r,
            q,
            f: iri.fragment(),
        })
    }

    /// The namespace identifier, as written.
    ///
    /// ```
    /// let iri = iri::Iri::parse("urn:EXAMPLE:x").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().nid(), "EXAMPLE");
    /// ```
    pub fn nid(&self) -> &'a str {
        self.nid
    }

    /// The namespace-specific string, as written.
    ///
    /// ```
    /// let iri = iri::Iri::parse("urn:example:a/b").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().nss(), "a/b");
    /// ```
    pub fn nss(&self) -> &'a str {
        self.nss
    }

    /// The r-component (after `?+`), for resolvers.
    ///
    /// ```
    /// let iri = iri::Iri::parse("urn:example:a?+r").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().r_component(), Some("r"));
    /// ```
    pub fn r_component(&self) -> Option<&'a str> {
        self.r
    }

    /// The q-component (after `?=`), for the named resource.
    ///
    /// ```
    /// let iri = iri::Iri::parse("urn:example:a?=q").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().q_component(), Some("q"));
    /// ```
    pub fn q_component(&self) -> Option<&'a str> {
        self.q
    }

    /// The f-component (the fragment).
    ///
    /// ```
    /// let iri = iri::Iri::parse("urn:example:a").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().f_component(), None);
    /// ```
    pub fn f_component(&self) -> Option<&'a str> {
        self.f
    }

    /// The text compared for RFC 8141 §3.1 equivalence: `urn:` and the NID in lower case, the
    /// NSS in URI form with upper-case hex digits; no r-, q- or f-component.
    ///
    /// ```
    /// let iri = iri::Iri::parse("URN:EXAMPLE:a123%2cz456?+abc#789").unwrap();
    /// assert_eq!(iri::scheme::urn::Urn::parse(&iri).unwrap().equivalence_key(), "urn:example:a123%2Cz456");
    /// ```
    pub fn equivalence_key(&self) -> String {
        let mut key = String::from("urn:");
        key.push_str(&self.nid.to_ascii_lowercase());
        key.push(':');
        // The NSS with the hex digits of its percent-encodings in upper case, in URI form
        // (RFC 3987 §3.1).
        let mut nss = String::with_capacity(self.nss.len());
        crate::normalize::upper_hex(self.nss, &mut nss);
        crate::convert::encode_non_ascii(&nss, &mut key);
        key
    }

    /// Whether two URNs are equivalent (RFC 8141 §3.1).
    ///
    /// ```
    /// use iri::{scheme::urn::Urn, Iri};
    /// let (a, b) = (Iri::parse("urn:example:a123,z456").unwrap(), Iri::parse("urn:EXAMPLE:a123,z456?=xyz").unwrap());
    /// assert!(Urn::parse(&a).unwrap().equivalent(&Urn::parse(&b).unwrap()));
    /// ```
    pub fn equivalent(&self, other: &Urn<'_>) -> bool {
        self.equivalence_key() == other.equivalence_key()
    }
}
