//! Host names and IDNA: ToASCII and ToUnicode for `ireg-name` (RFC 3987 §3.1, §3.2, §5.3.3).
//!
//! RFC 3987 names the IDNA2003 operations of RFC 3490 (ToASCII with UseSTD3ASCIIRules, and
//! AllowUnassigned false when creating IRIs, true otherwise). This module uses UTS #46
//! processing from the `idna` crate instead, which is what resolvers and browsers implement
//! today (IDNA2008 with the UTS #46 compatibility mapping). The differences that matter:
//! - UTS #46 always rejects unassigned code points; there is no AllowUnassigned flag.
//! - A few characters map differently from IDNA2003 (nontransitional processing: `ß`, `ς`,
//!   ZWJ and ZWNJ are kept, not mapped away), and symbols IDNA2003 allowed are disallowed.
//! - UseSTD3ASCIIRules is UTS #46's STD3 ASCII deny list; leading and trailing hyphens are
//!   rejected as STD3 requires.
//!
//! Hosts must be percent-decoded before they reach these functions.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::{IriRef, UriRef};

/// Why a host name failed IDNA processing.
///
/// ```
/// let err = iri::idn::to_ascii("exa_mple.org").unwrap_err();
/// assert!(err.to_string().contains("exa_mple.org"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdnaError {
    host: String,
    operation: &'static str,
}

impl IdnaError {
    /// The kind of this failure, a stable kebab-case name (`"idna"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// assert_eq!(iri::idn::to_ascii("a\u{FFFF}b.example").unwrap_err().kind(), "idna");
    /// ```
    pub fn kind(&self) -> &'static str {
        "idna"
    }

    /// The host that failed.
    ///
    /// ```
    /// assert_eq!(iri::idn::to_ascii("-a.org").unwrap_err().host(), "-a.org");
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the host {:?} fails IDNA {} (UTS #46{})",
            self.host,
            self.operation,
            if self.operation == "ToASCII" {
                ", UseSTD3ASCIIRules"
            } else {
                ""
            }
        )
    }
}

impl core::error::Error for IdnaError {}

/// ToASCII with UseSTD3ASCIIRules (RFC 3987 §3.1): each label mapped (UTS #46), and
/// non-ASCII labels converted to Punycode with the `xn--` prefix. Label and name lengths
/// are checked as DNS requires (a final root dot is allowed).
///
/// ```
/// assert_eq!(iri::idn::to_ascii("r\u{E9}sum\u{E9}.example.org").unwrap(), "xn--rsum-bpad.example.org");
/// assert_eq!(iri::idn::to_ascii("EXAMPLE.org").unwrap(), "example.org");
/// assert!(iri::idn::to_ascii("a b.org").is_err());
/// ```
pub fn to_ascii(host: &str) -> Result<Cow<'_, str>, IdnaError> {
    Uts46::new()
        .to_ascii(
            host.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::VerifyAllowRootDot,
        )
        .map_err(|_| IdnaError {
            host: String::from(host),
            operation: "ToASCII",
        })
}

/// ToASCII for comparison: UTS #46 mapping and Punycode without the STD3 and length checks,
/// so that names seen in the wild (`_dmarc.example`) still compare.
pub(crate) fn to_ascii_lenient(host: &str) -> Option<Cow<'_, str>> {
    Uts46::new()
        .to_ascii(
            host.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()
}

/// ToUnicode (RFC 3987 §3.2, §5.3.3): each label mapped (UTS #46), and `xn--` labels
/// decoded from Punycode.
///
/// ```
/// assert_eq!(iri::idn::to_unicode("xn--99zt52a.example.org").unwrap(), "\u{7D0D}\u{8C46}.example.org");
/// assert_eq!(iri::idn::to_unicode("XN--RSUM-BPAD.Example.ORG").unwrap(), "r\u{E9}sum\u{E9}.example.org");
/// assert!(iri::idn::to_unicode("xn--a.org").is_err());
/// ```
pub fn to_unicode(host: &str) -> Result<Cow<'_, str>, IdnaError> {
    let (out, result) =
        Uts46::new().to_unicode(host.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    match result {
        Ok(()) => Ok(out),
        Err(_) => Err(IdnaError {
            host: String::from(host),
            operation: "ToUnicode",
        }),
    }
}

/// Options for [`IriRef::to_uri_with`] and [`IriRef::to_iri_with`]: whether host names of
/// DNS schemes go through IDNA, and which schemes those are.
///
/// ```
/// use iri::{idn::IdnaOptions, IriRef};
/// let r = IriRef::parse("http://r\u{E9}sum\u{E9}.example.org/caf\u{E9}").unwrap();
/// let uri = r.to_uri_with(&IdnaOptions::new()).unwrap();
/// assert_eq!(uri, "http://xn--rsum-bpad.example.org/caf%C3%A9");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct IdnaOptions<'r> {
    registry: &'r crate::SchemeRegistry,
}

impl IdnaOptions<'static> {
    /// IDNA on, for the DNS schemes of the built-in registry.
    ///
    /// ```
    /// let _ = iri::idn::IdnaOptions::new();
    /// ```
    pub fn new() -> Self {
        IdnaOptions {
            registry: crate::SchemeRegistry::builtin(),
        }
    }
}

impl Default for IdnaOptions<'static> {
    fn default() -> Self {
        IdnaOptions::new()
    }
}

impl IdnaOptions<'_> {
    /// Uses another registry to decide which schemes have DNS host names.
    ///
    /// ```
    /// use iri::{idn::IdnaOptions, IriRef, SchemeInfo, SchemeRegistry};
    /// let mut reg = SchemeRegistry::empty();
    /// reg.insert(SchemeInfo::new("gemini").dns_host(true));
    /// let r = IriRef::parse("gemini://b\u{FC}cher.example/").unwrap();
    /// assert_eq!(r.to_uri_with(&IdnaOptions::new().registry(&reg)).unwrap(), "gemini://xn--bcher-kva.example/");
    /// ```
    pub fn registry<'s>(self, registry: &'s crate::SchemeRegistry) -> IdnaOptions<'s> {
        IdnaOptions { registry }
    }

    /// The registered-name host of `r` when its scheme has DNS host names.
    fn dns_host<'a, T: AsRef<str>>(&self, r: &'a IriRef<T>) -> Option<&'a str> {
        let info = self.registry.get(r.scheme()?)?;
        if !info.is_dns_host() {
            return None;
        }
        match r.host()? {
            crate::Host::RegName(h) if !h.is_empty() => Some(h),
            _ => None,
        }
    }
}

/// `s` with `part` (a slice of `s`) replaced by `with`.
fn replace_slice(s: &str, part: &str, with: &str) -> String {
    let start = part.as_ptr() as usize - s.as_ptr() as usize;
    let mut out = String::with_capacity(s.len() + with.len());
    out.push_str(&s[..start]);
    out.push_str(with);
    out.push_str(&s[start + part.len()..]);
    out
}

impl<T: AsRef<str>> IriRef<T> {
    /// Maps to a URI reference (RFC 3987 §3.1), converting the host of DNS schemes with
    /// ToASCII (UseSTD3ASCIIRules) first. A host that ToASCII rejects is an error, never
    /// a silent fallback to percent-encoding.
    ///
    /// ```
    /// use iri::{idn::IdnaOptions, IriRef};
    /// let opts = IdnaOptions::new();
    /// let r = IriRef::parse("http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE").unwrap();
    /// assert_eq!(r.to_uri_with(&opts).unwrap(), "http://xn--99zt52a.example.org/%E2%80%AE");
    /// // Only DNS schemes: the host of an unknown scheme is percent-encoded.
    /// let r = IriRef::parse("x-s://r\u{E9}sum\u{E9}/").unwrap();
    /// assert_eq!(r.to_uri_with(&opts).unwrap(), "x-s://r%C3%A9sum%C3%A9/");
    /// // ToASCII failures are errors.
    /// assert!(IriRef::parse("http://\u{E9}_x.org/").unwrap().to_uri_with(&opts).is_err());
    /// ```
    pub fn to_uri_with(&self, opts: &IdnaOptions<'_>) -> Result<UriRef<Cow<'_, str>>, IdnaError> {
        let Some(host) = opts
            .dns_host(self)
            .filter(|h| !h.is_ascii() || h.contains('%'))
        else {
            return Ok(self.to_uri());
        };
        // Percent-encoded UTF-8 in the host is the same name (§3.1): decode it first.
        let decoded = IriRef::parse(host).map(|h| String::from(h.to_iri().as_str()));
        let decoded = decoded.unwrap_or_else(|_| String::from(host));
        let ascii = to_ascii(&decoded)?;
        let text = replace_slice(self.as_str(), host, &ascii);
        let iri = IriRef::parse(text).map_err(|_| IdnaError {
            host: String::from(host),
            operation: "ToASCII",
        })?;
        let uri = iri.to_uri();
        let pos = uri.positions();
        Ok(UriRef::from_parts(
            Cow::Owned(String::from(uri.as_str())),
            pos,
        ))
    }

    /// Converts to an IRI reference (RFC 3987 §3.2) and, for DNS schemes, turns `xn--`
    /// labels of the host into Unicode with ToUnicode. A host that ToUnicode rejects stays
    /// as it is (it is still the right name in ASCII).
    ///
    /// ```
    /// use iri::{idn::IdnaOptions, IriRef};
    /// let r = IriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae").unwrap();
    /// assert_eq!(r.to_iri_with(&IdnaOptions::new()), "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE");
    /// // A label whose fourth byte is inside a character is not an A-label.
    /// let r = IriRef::parse("http://\u{4F8B}\u{3048}.xn--zckzah/").unwrap();
    /// assert_eq!(r.to_iri_with(&IdnaOptions::new()), "http://\u{4F8B}\u{3048}.\u{30C6}\u{30B9}\u{30C8}/");
    /// ```
    pub fn to_iri_with(&self, opts: &IdnaOptions<'_>) -> IriRef<Cow<'_, str>> {
        let (text, pos) = to_iri_idna(self.as_str(), self.positions(), opts);
        IriRef::from_parts(text, pos)
    }
}

/// §3.2 conversion, then ToUnicode of the `xn--` labels of a DNS host.
fn to_iri_idna<'a>(
    s: &'a str,
    p: crate::parser::Positions,
    opts: &IdnaOptions<'_>,
) -> (Cow<'a, str>, crate::parser::Positions) {
    let (text, pos) = crate::convert::to_iri_cow(s, p);
    let iri = IriRef::from_parts(text, pos);
    let unchanged = || (iri.clone().into_inner(), pos);
    let Some(host) = opts.dns_host(&iri) else {
        return unchanged();
    };
    let has_ace = host
        .split('.')
        .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"));
    let Some(unicode) = has_ace.then(|| to_unicode(host).ok()).flatten() else {
        return unchanged();
    };
    let allowed = unicode.chars().all(|c| {
        let cp = c as u32;
        if cp < 0x80 {
            crate::chars::is(cp as u8, crate::chars::REG_NAME)
        } else {
            crate::chars::allowed_unencoded(cp, false)
        }
    });
    if !allowed {
        return unchanged();
    }
    match IriRef::parse(replace_slice(iri.as_str(), host, &unicode)) {
        Ok(r) => {
            let pos = r.positions();
            (Cow::Owned(r.into_inner()), pos)
        }
        Err(_) => unchanged(),
    }
}

impl<T: AsRef<str>> UriRef<T> {
    /// Converts to an IRI reference with ToUnicode for DNS hosts; see
    /// [`IriRef::to_iri_with`].
    ///
    /// ```
    /// use iri::{idn::IdnaOptions, UriRef};
    /// let u = UriRef::parse("https://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9").unwrap();
    /// assert_eq!(u.to_iri_with(&IdnaOptions::new()), "https://r\u{E9}sum\u{E9}.example.org/r\u{E9}sum\u{E9}");
    /// ```
    pub fn to_iri_with(&self, opts: &IdnaOptions<'_>) -> IriRef<Cow<'_, str>> {
        let (text, pos) = to_iri_idna(self.as_str(), self.positions(), opts);
        IriRef::from_parts(text, pos)
    }
}
