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
