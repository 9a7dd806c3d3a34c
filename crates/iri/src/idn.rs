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
use alloc::format;
use alloc::string::String;
use core::fmt;

use icu_properties::props::{BidiClass, GeneralCategory, GeneralCategoryGroup};
use icu_properties::CodePointMapData;
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
    reason: Option<String>,
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

    /// Which rule the host breaks, in words, when one can be named: a disallowed character,
    /// an ASCII character or hyphen that UseSTD3ASCIIRules refuses, the Bidi Rule, an `xn--`
    /// label that is not Punycode, a label starting with a combining mark, or the DNS lengths.
    /// `Display` ends with it.
    ///
    /// ```
    /// let err = iri::idn::to_ascii("\u{661}\u{662}\u{663}.example").unwrap_err();
    /// assert!(err.reason().unwrap().contains("Bidi Rule"));
    /// let err = iri::idn::to_ascii("exa_mple.org").unwrap_err();
    /// assert!(err.reason().unwrap().contains("UseSTD3ASCIIRules"));
    /// ```
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// The error for `host`, with the rule it breaks when one can be named.
    #[cold]
    fn new(host: &str, operation: &'static str) -> Self {
        IdnaError {
            host: String::from(host),
            operation,
            reason: why(host, operation == "ToASCII"),
        }
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
        )?;
        match &self.reason {
            Some(reason) => write!(f, ": {reason}"),
            None => Ok(()),
        }
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
        .map_err(|_| IdnaError::new(host, "ToASCII"))
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
        Err(_) => Err(IdnaError::new(host, "ToUnicode")),
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
            reason: None,
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

/// The label separators UTS #46 maps to `.` (§2.3: U+002E and the ideographic and full-width
/// full stops).
const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// `U+XXXX NAME` or `U+XXXX 'c'`, as the parse errors write a character.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::types::error::fmt_char(f, self.0)
    }
}

/// The bidi class of `c` (Unicode Character Database, through `icu_properties`).
fn bidi(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

/// Whether UTS #46 processing of `text` fails, with no deny list, hyphens allowed.
fn fails(text: &str) -> bool {
    Uts46::new()
        .to_unicode(text.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow)
        .1
        .is_err()
}

/// Whether `c` is disallowed (or unassigned) in UTS #46's mapping table: tried in a label
/// where no other rule can fail (after ALEF if it is an Arabic-Indic digit, alone if it is
/// right-to-left, else after `a`, so that the Bidi Rule and the combining-mark rule hold).
fn disallowed(c: char) -> bool {
    let mut label = String::new();
    match bidi(c) {
        BidiClass::ArabicNumber => label.push('\u{627}'),
        BidiClass::RightToLeft | BidiClass::ArabicLetter => {}
        _ => label.push('a'),
    }
    label.push(c);
    fails(&label)
}

/// Why `host` fails UTS #46 processing (ToASCII with UseSTD3ASCIIRules when `to_ascii`),
/// when one rule can be named (see [`IdnaError::reason`]); the rules of UTS #46 §4.1 and, for
/// ToASCII, §4.2 step 4 (the DNS lengths).
fn why(host: &str, to_ascii: bool) -> Option<String> {
    let labels = || host.split(DOTS);
    let bidi_name = |c: char| match bidi(c) {
        BidiClass::ArabicNumber => "AN, an Arabic-Indic digit",
        BidiClass::EuropeanNumber => "EN, a European digit",
        BidiClass::NonspacingMark => "NSM, a combining mark",
        BidiClass::OtherNeutral => "ON, a neutral",
        BidiClass::CommonSeparator => "CS, a separator",
        BidiClass::EuropeanTerminator => "ET, a terminator",
        _ => "neither L, R nor AL",
    };
    for label in labels() {
        let ace = label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
        if ace {
            if fails(label) {
                return Some(format!(
                    "the label \"{label}\" starts with xn-- but is not the Punycode of a \
                     valid label (UTS #46 §4.1)"
                ));
            }
            continue;
        }
        for c in label.chars().filter(|c| !c.is_ascii()) {
            if matches!(c, '\u{200C}' | '\u{200D}') {
                if fails(label) {
                    return Some(format!(
                        "{} is allowed only where the joining rules of RFC 5892 Appendix A \
                         (CONTEXTJ) allow it, as after a virama (UTS #46 §4.1, CheckJoiners)",
                        Shown(c)
                    ));
                }
                continue;
            }
            if disallowed(c) {
                return Some(format!(
                    "{} is disallowed in domain names (its status in the UTS #46 mapping \
                     table is disallowed, or it is unassigned)",
                    Shown(c)
                ));
            }
        }
        if let Some(first) = label.chars().next() {
            let mark = GeneralCategoryGroup::Mark
                .contains(CodePointMapData::<GeneralCategory>::new().get(first));
            if mark {
                return Some(format!(
                    "the label \"{label}\" starts with the combining mark {} (UTS #46 §4.1)",
                    Shown(first)
                ));
            }
        }
    }
    if to_ascii {
        for label in labels() {
            if let Some(c) = label
                .chars()
                .find(|&c| c.is_ascii() && !c.is_ascii_alphanumeric() && c != '-')
            {
                return Some(format!(
                    "{} is not allowed by UseSTD3ASCIIRules, which allows letters, digits and \
                     '-' in a label",
                    Shown(c)
                ));
            }
            if label.starts_with('-') || label.ends_with('-') {
                return Some(format!(
                    "the label \"{label}\" starts or ends with '-', which UseSTD3ASCIIRules \
                     does not allow"
                ));
            }
        }
    }
    // The Bidi Rule applies to every label of a domain name that holds a right-to-left
    // character or an Arabic-Indic digit (RFC 5893 §1.4, §2; UTS #46 §4.1, CheckBidi).
    let rtl = host.chars().any(|c| {
        matches!(
            bidi(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
        )
    });
    if rtl {
        for label in labels() {
            let Some(first) = label.chars().next() else {
                continue;
            };
            if !matches!(
                bidi(first),
                BidiClass::LeftToRight | BidiClass::RightToLeft | BidiClass::ArabicLetter
            ) {
                return Some(format!(
                    "the label \"{label}\" starts with {} (bidi class {}), and in a domain \
                     name with right-to-left characters or Arabic-Indic digits every label \
                     starts with a letter (the Bidi Rule, RFC 5893 §2 condition 1; UTS #46 \
                     §4.1, CheckBidi)",
                    Shown(first),
                    bidi_name(first)
                ));
            }
        }
        let (marked, _) =
            Uts46::new().to_unicode(host.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
        if let Some(label) = marked.split('.').find(|l| l.contains('\u{FFFD}')) {
            return Some(format!(
                "the label \"{label}\" (U+FFFD where it fails) breaks the Bidi Rule \
                 (RFC 5893 §2): a right-to-left label holds no left-to-right letters and does \
                 not mix European and Arabic-Indic digits, a left-to-right label holds no \
                 right-to-left characters, and each ends with a letter or digit"
            ));
        }
    }
    if to_ascii {
        let lax = Uts46::new().to_ascii(
            host.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::Ignore,
        );
        if lax.is_ok() {
            return Some(String::from(
                "it is too long or has an empty label for DNS: in ASCII form each label is 1 \
                 to 63 bytes and the name at most 253 (UTS #46 §4.2, VerifyDnsLength)",
            ));
        }
    }
    None
}

#[cfg(test)]
mod reason_tests {
    use super::*;

    /// The reason `to_ascii` gives for `host`.
    fn reason(host: &str) -> String {
        let err = to_ascii(host).unwrap_err();
        let reason = err.reason().unwrap_or_default().to_owned();
        assert!(err.to_string().ends_with(&reason));
        reason
    }

    #[test]
    fn each_rule_is_named() {
        // Arabic-Indic digits are valid characters, but a label may not start with one in a
        // domain name with right-to-left characters (RFC 5893 §2 condition 1).
        let r = reason("\u{661}\u{662}\u{663}.example");
        assert!(
            r.contains("\"\u{661}\u{662}\u{663}\" starts with U+0661"),
            "{r}"
        );
        assert!(
            r.contains("bidi class AN") && r.contains("condition 1"),
            "{r}"
        );
        // A right-to-left label may not hold left-to-right letters.
        let r = reason("\u{5D0}a\u{5D1}.example");
        assert!(r.contains("breaks the Bidi Rule"), "{r}");
        // U+2488 DIGIT ONE FULL STOP and U+E000 (private use) are disallowed.
        let r = reason("a\u{E000}b.example");
        assert!(r.contains("U+E000") && r.contains("disallowed"), "{r}");
        let r = reason("a\u{FFFF}b.example");
        assert!(r.contains("U+FFFF") && r.contains("disallowed"), "{r}");
        assert!(reason("exa_mple.org").contains("U+005F"));
        assert!(reason("-a.org").contains("starts or ends with '-'"));
        assert!(reason("xn--a.org").contains("not the Punycode"));
        assert!(reason("\u{301}a.org").contains("combining mark U+0301"));
        assert!(reason("a\u{200D}b.org").contains("CONTEXTJ"));
        assert!(reason(&"a".repeat(64)).contains("63 bytes"));
        assert!(reason("a..b").contains("empty label"));
        // ToUnicode names the rule too.
        let err = to_unicode("xn--a.org").unwrap_err();
        assert!(err.reason().unwrap().contains("not the Punycode"));
    }
}
