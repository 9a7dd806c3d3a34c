//! Scheme knowledge for scheme-based normalization (RFC 3987 §5.3.3, RFC 3986 §6.2.3) and
//! for the IDNA choices of the mappings (RFC 3987 §3.1, §3.2).
//!
//! A [`SchemeRegistry`] says, per scheme, the default port, whether an empty path with an
//! authority means `/`, and whether the host is a DNS name (so that IDNA applies to it).
//! [`SchemeRegistry::default`] knows the common schemes; users add their own with
//! [`SchemeRegistry::insert`].
//!
//! Left out on purpose: scheme-specific syntax checks; those belong to the scheme views
//! (processing draft §6): [`mailto`] (RFC 6068), [`data`] (RFC 2397), [`file`](mod@file) (RFC 8089),
//! [`urn`] (RFC 8141) and [`javascript`] (draft-hoehrmann-javascript-scheme-03, RFC 4329).

use alloc::borrow::Cow;
use alloc::vec::Vec;

pub mod data;
pub mod file;
pub mod javascript;
pub mod mailto;
mod pct;
pub mod urn;

/// What normalization knows about one scheme.
///
/// ```
/// use iri::SchemeInfo;
/// let info = SchemeInfo::new("gemini").default_port(1965).dns_host(true).empty_path_is_root(true);
/// assert_eq!(info.port(), Some(1965));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemeInfo {
    name: Cow<'static, str>,
    default_port: Option<u16>,
    empty_path_is_root: bool,
    dns_host: bool,
}

impl SchemeInfo {
    /// A scheme with no default port, no path rule and a host that is not a DNS name.
    /// The name is compared case-insensitively.
    ///
    /// ```
    /// assert_eq!(iri::SchemeInfo::new("x-custom").name(), "x-custom");
    /// ```
    pub fn new(name: impl Into<Cow<'static, str>>) -> Self {
        SchemeInfo {
            name: name.into(),
            default_port: None,
            empty_path_is_root: false,
            dns_host: false,
        }
    }

    const fn known(name: &'static str, port: u16, root: bool) -> Self {
        SchemeInfo {
            name: Cow::Borrowed(name),
            default_port: Some(port),
            empty_path_is_root: root,
            dns_host: true,
        }
    }

    /// Sets the default port, which scheme-based normalization drops.
    ///
    /// ```
    /// assert_eq!(iri::SchemeInfo::new("s").default_port(7).port(), Some(7));
    /// ```
    pub fn default_port(mut self, port: u16) -> Self {
        self.default_port = Some(port);
        self
    }

    /// Sets whether an empty path (with an authority) is the same as `/`.
    ///
    /// ```
    /// assert!(iri::SchemeInfo::new("s").empty_path_is_root(true).is_empty_path_root());
    /// ```
    pub fn empty_path_is_root(mut self, yes: bool) -> Self {
        self.empty_path_is_root = yes;
        self
    }

    /// Sets whether the host is a DNS name, so that IDNA (UTS #46) applies to it.
    ///
    /// ```
    /// assert!(iri::SchemeInfo::new("s").dns_host(true).is_dns_host());
    /// ```
    pub fn dns_host(mut self, yes: bool) -> Self {
        self.dns_host = yes;
        self
    }

    /// The scheme name, as registered.
    ///
    /// ```
    /// assert_eq!(iri::SchemeRegistry::default().get("HTTP").unwrap().name(), "http");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The default port, if any.
    ///
    /// ```
    /// assert_eq!(iri::SchemeRegistry::default().get("https").unwrap().port(), Some(443));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.default_port
    }

    /// Whether an empty path (with an authority) means `/`.
    ///
    /// ```
    /// assert!(iri::SchemeRegistry::default().get("http").unwrap().is_empty_path_root());
    /// ```
    pub fn is_empty_path_root(&self) -> bool {
        self.empty_path_is_root
    }

    /// Whether the host is a DNS name.
    ///
    /// ```
    /// assert!(iri::SchemeRegistry::default().get("ftp").unwrap().is_dns_host());
    /// ```
    pub fn is_dns_host(&self) -> bool {
        self.dns_host
    }
}

/// The schemes known out of the box: the HTTP family (RFC 9110 §4.2, RFC 6455 §3), FTP
/// (RFC 1738), and other schemes whose authority is `host[:port]` with a registered port.
const KNOWN: [SchemeInfo; 18] = [
    SchemeInfo::known("http", 80, true),
    SchemeInfo::known("https", 443, true),
    SchemeInfo::known("ws", 80, true),
    SchemeInfo::known("wss", 443, true),
    SchemeInfo::known("ftp", 21, true),
    SchemeInfo::known("ftps", 990, true),
    SchemeInfo::known("gopher", 70, true),
    SchemeInfo::known("ldap", 389, true),
    SchemeInfo::known("ldaps", 636, true),
    SchemeInfo::known("telnet", 23, true),
    SchemeInfo::known("rtsp", 554, true),
    SchemeInfo::known("imap", 143, true),
    SchemeInfo::known("pop", 110, true),
    SchemeInfo::known("nntp", 119, true),
    SchemeInfo::known("ssh", 22, true),
    SchemeInfo::known("git", 9418, true),
    SchemeInfo::known("coap", 5683, true),
    SchemeInfo::known("coaps", 5684, true),
];

/// A set of [`SchemeInfo`], looked up by case-insensitive scheme name.
///
/// ```
/// use iri::{SchemeInfo, SchemeRegistry};
/// let mut reg = SchemeRegistry::default();
/// assert_eq!(reg.get("HTTPS").and_then(|s| s.port()), Some(443));
/// reg.insert(SchemeInfo::new("gemini").default_port(1965).dns_host(true));
/// assert_eq!(reg.get("gemini").and_then(|s| s.port()), Some(1965));
/// ```
#[derive(Debug, Clone)]
pub struct SchemeRegistry {
    entries: Cow<'static, [SchemeInfo]>,
}

impl SchemeRegistry {
    /// The built-in registry, without allocation.
    ///
    /// ```
    /// assert!(iri::SchemeRegistry::builtin().get("wss").is_some());
    /// ```
    pub const fn builtin() -> &'static SchemeRegistry {
        &BUILTIN
    }

    /// An empty registry.
    ///
    /// ```
    /// assert!(iri::SchemeRegistry::empty().get("http").is_none());
    /// ```
    pub const fn empty() -> SchemeRegistry {
        SchemeRegistry {
            entries: Cow::Borrowed(&[]),
        }
    }

    /// The entry for `scheme` (case-insensitive), if any.
    ///
    /// ```
    /// assert!(iri::SchemeRegistry::default().get("mailto").is_none());
    /// ```
    pub fn get(&self, scheme: &str) -> Option<&SchemeInfo> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(scheme))
    }

    /// Adds or replaces the entry for a scheme.
    ///
    /// ```
    /// let mut reg = iri::SchemeRegistry::empty();
    /// reg.insert(iri::SchemeInfo::new("s").default_port(1));
    /// reg.insert(iri::SchemeInfo::new("S").default_port(2));
    /// assert_eq!(reg.get("s").unwrap().port(), Some(2));
    /// ```
    pub fn insert(&mut self, info: SchemeInfo) {
        let entries: &mut Vec<SchemeInfo> = self.entries.to_mut();
        entries.retain(|e| !e.name.eq_ignore_ascii_case(&info.name));
        entries.push(info);
    }
}

static BUILTIN: SchemeRegistry = SchemeRegistry {
    entries: Cow::Borrowed(&KNOWN),
};

impl Default for SchemeRegistry {
    /// The built-in schemes: http, https, ws, wss, ftp, ftps, gopher, ldap, ldaps, telnet,
    /// rtsp, imap, pop, nntp, ssh, git, coap, coaps.
    ///
    /// ```
    /// assert_eq!(iri::SchemeRegistry::default().get("ws").unwrap().port(), Some(80));
    /// ```
    fn default() -> Self {
        BUILTIN.clone()
    }
}
