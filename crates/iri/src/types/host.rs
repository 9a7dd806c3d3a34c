//! The host of an authority: `IP-literal / IPv4address / ireg-name` (RFC 3987 §2.2,
//! RFC 3986 §3.2.2).
//!
//! The grammar's first-match-wins rule decides the kind: text that matches `IPv4address`
//! (four dec-octets without leading zeros) is an IPv4 address; anything else without brackets,
//! such as `01.2.3.4` or `256.1.1.1`, is a registered name. Hosts are classified from text
//! that the parser has already validated, so classification cannot fail.
//!
//! Left out on purpose: IPv6 zone identifiers (RFC 6874; `legacy::ZonedIriRef` takes them off
//! before a host is classified) and the WHATWG URL Standard's other
//! IPv4 forms (`0x7f.1`); the latter are reported as look-alikes by the linter instead.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::parser::{parse_ipv4, parse_ipv6};

/// A parsed host.
///
/// ```
/// use iri::{Host, IriRef};
/// use std::net::{Ipv4Addr, Ipv6Addr};
///
/// let kinds = [
///     "http://例え.テスト/", "http://192.0.2.1/", "http://01.2.3.4/", "http://[::1]/", "http://[v7.x:y]/",
/// ]
/// .map(|s| IriRef::parse(s).unwrap());
/// assert_eq!(kinds[0].host(), Some(Host::RegName("例え.テスト")));
/// assert_eq!(kinds[1].host(), Some(Host::Ipv4(Ipv4Addr::new(192, 0, 2, 1))));
/// assert_eq!(kinds[2].host(), Some(Host::RegName("01.2.3.4")));
/// assert_eq!(kinds[3].host(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
/// assert_eq!(kinds[4].host(), Some(Host::IpvFuture("v7.x:y")));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// `ireg-name`: a registered name, possibly empty, possibly percent-encoded.
    RegName(&'a str),
    /// `IPv4address`.
    Ipv4(Ipv4Addr),
    /// `IPv6address` inside `[` `]`.
    Ipv6(Ipv6Addr),
    /// `IPvFuture` inside `[` `]`, without the brackets (`v1.example`).
    IpvFuture(&'a str),
}

/// The kind of a host, without its value.
///
/// ```
/// use iri::{HostKind, IriRef};
/// let r = IriRef::parse("ftp://[2001:db8::7]/").unwrap();
/// assert_eq!(r.host().unwrap().kind(), HostKind::Ipv6);
/// assert_eq!(HostKind::Ipv6.as_str(), "ipv6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostKind {
    /// `ireg-name`.
    RegName,
    /// `IPv4address`.
    Ipv4,
    /// `IPv6address`.
    Ipv6,
    /// `IPvFuture`.
    IpvFuture,
}

impl HostKind {
    /// The kebab-case name: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    ///
    /// ```
    /// assert_eq!(iri::HostKind::RegName.as_str(), "reg-name");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

impl fmt::Display for HostKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> Host<'a> {
    /// Classifies validated host text (as returned by `host_str`).
    pub(crate) fn classify(text: &'a str) -> Host<'a> {
        let b = text.as_bytes();
        if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            if let Some(g) = parse_ipv6(inner.as_bytes()) {
                return Host::Ipv6(Ipv6Addr::new(
                    g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7],
                ));
            }
            return Host::IpvFuture(inner);
        }
        match parse_ipv4(b) {
            Some(o) => Host::Ipv4(Ipv4Addr::new(o[0], o[1], o[2], o[3])),
            None => Host::RegName(text),
        }
    }

    /// The host's kind.
    ///
    /// ```
    /// use iri::{Host, HostKind};
    /// assert_eq!(Host::RegName("example.org").kind(), HostKind::RegName);
    /// ```
    pub fn kind(&self) -> HostKind {
        match self {
            Host::RegName(_) => HostKind::RegName,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture(_) => HostKind::IpvFuture,
        }
    }
}

impl fmt::Display for Host<'_> {
    /// Writes the host as it appears in an IRI (IPv6 in its canonical RFC 5952 text form).
    ///
    /// ```
    /// use iri::Host;
    /// use std::net::Ipv6Addr;
    /// assert_eq!(Host::Ipv6(Ipv6Addr::LOCALHOST).to_string(), "[::1]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::RegName(s) => f.write_str(s),
            Host::Ipv4(a) => write!(f, "{a}"),
            Host::Ipv6(a) => write!(f, "[{a}]"),
            Host::IpvFuture(s) => write!(f, "[{s}]"),
        }
    }
}
