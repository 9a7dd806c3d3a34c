//! Making and changing references: a checked [`Builder`] (RFC 3987 §2.2, RFC 3986 §3, §4.2),
//! setters and path segment editing on owned values (`set.rs`), encoders from raw text to a
//! component ([`encode`](crate::encode), RFC 3986 §2.1, §3.2.1–§3.5; the
//! `application/x-www-form-urlencoded` rules of the WHATWG URL Standard §5 as an explicit
//! choice) and the pairs of a query (`query.rs`, [`QueryPairs`]).
//!
//! # Rules
//!
//! - Every component is checked against its own rule of RFC 3987 §2.2 (`scheme`,
//!   `iuserinfo`, `ihost`, `port`, `ipath`, `iquery`, `ifragment`; for the URI types, their
//!   RFC 3986 counterparts, ASCII only) with the character classes of the one table
//!   (`text/chars.rs`) and the IP-literal rule of the parser, and fails with the parser's
//!   [`ParseError`]: the same kinds and hints, its offset counted in the text that would have
//!   been written, its component the one that was given. A delimiter inside a component is an
//!   error, never a different split: `Builder::new().path("a?b")` fails at the `?` instead of
//!   making a query.
//! - The combinations that RFC 3986 forbids are errors that name the rule: a path that is
//!   neither empty nor starts with `/` after an authority
//!   ([`ErrorKind::RelativePathAfterAuthority`], §3.3), a path that starts with `//` without
//!   an authority ([`ErrorKind::DoubleSlashWithoutAuthority`], §3.3; resolution writes `/.`
//!   before such a path, a builder does not change what it was given), and a first segment
//!   holding `:` in a reference with neither scheme nor authority
//!   ([`ErrorKind::ColonInFirstSegment`], §4.2).
//! - The [`Builder`] then parses what it wrote with the parser, and returns the parser's
//!   positions; a setter writes in place and computes the positions, which the fuzz target
//!   `builder` checks against the parser (`iri_testkit::laws::builder`).
//!
//! Left out: building from decoded (raw) text in one step: raw text goes through an encoder
//! of [`encode`](crate::encode) first, so that what is encoded stays visible; IPv6 zone
//! identifiers (RFC 6874) are not a host here, as in the parser.

mod query;
mod set;

pub mod encode;

pub use query::{PairSyntax, QueryPair, QueryPairs};

use alloc::string::String;

use crate::chars::{self, is, DIGIT, HEXDIG, PATH, QUERY, REG_NAME, SCHEME, USERINFO};
use crate::error::{Component, ErrorKind, Hint, ParseError};
use crate::parser::{parse_ipv4, valid_ip_literal, Positions};
use crate::utf8::decode_utf8;
use crate::{Iri, IriRef, Kind, Uri, UriRef};

/// Assembles a reference from its components, each checked against its own rule
/// (RFC 3987 §2.2), and the whole checked by the parser.
///
/// Components are given as they appear in the text (percent-encoded where needed; see
/// [`encode`](crate::encode) for raw text). The authority is present when a host, a userinfo
/// or a port is given (the host is empty when only the others are).
///
/// ```
/// use iri::Builder;
///
/// let iri = Builder::new()
///     .scheme("https")
///     .host("例え.テスト")
///     .port("8080")
///     .path("/δοκιμή")
///     .query("q=ü")
///     .build_iri()
///     .unwrap();
/// assert_eq!(iri, "https://例え.テスト:8080/δοκιμή?q=ü");
/// assert_eq!(iri.port_number(), Some(8080));
///
/// // A '?' in the path would silently start a query: it is an error instead.
/// let err = Builder::new().scheme("s").path("/a?b").build_iri().unwrap_err();
/// assert_eq!(err.kind(), iri::ErrorKind::InvalidChar);
/// assert_eq!((err.component(), err.offset()), (iri::Component::Path, 4));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Builder<'a> {
    /// A builder with no component: it builds the empty relative reference.
    ///
    /// ```
    /// assert_eq!(iri::Builder::new().build().unwrap(), "");
    /// ```
    pub const fn new() -> Self {
        Builder {
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: "",
            query: None,
            fragment: None,
        }
    }

    /// Sets the scheme (without its `:`).
    ///
    /// ```
    /// assert_eq!(iri::Builder::new().scheme("urn").path("isbn:0").build().unwrap(), "urn:isbn:0");
    /// ```
    pub const fn scheme(mut self, scheme: &'a str) -> Self {
        self.scheme = Some(scheme);
        self
    }

    /// Sets the userinfo (before `@`, without it).
    ///
    /// ```
    /// let r = iri::Builder::new().userinfo("ü").host("h").build().unwrap();
    /// assert_eq!(r, "//ü@h");
    /// ```
    pub const fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.userinfo = Some(userinfo);
        self
    }

    /// Sets the host: a registered name, an IPv4 address or an IP literal in brackets.
    ///
    /// ```
    /// let r = iri::Builder::new().scheme("http").host("[::1]").build_iri().unwrap();
    /// assert_eq!(r, "http://[::1]");
    /// ```
    pub const fn host(mut self, host: &'a str) -> Self {
        self.host = Some(host);
        self
    }

    /// Sets the port (`*DIGIT`, possibly empty).
    ///
    /// ```
    /// let err = iri::Builder::new().host("h").port("8o").build().unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::InvalidPort);
    /// ```
    pub const fn port(mut self, port: &'a str) -> Self {
        self.port = Some(port);
        self
    }

    /// Sets the path (empty when not set).
    ///
    /// ```
    /// let err = iri::Builder::new().host("h").path("a").build().unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::RelativePathAfterAuthority);
    /// ```
    pub const fn path(mut self, path: &'a str) -> Self {
        self.path = path;
        self
    }

    /// Sets the query (after `?`, without it).
    ///
    /// ```
    /// assert_eq!(iri::Builder::new().path("p").query("").build().unwrap(), "p?");
    /// ```
    pub const fn query(mut self, query: &'a str) -> Self {
        self.query = Some(query);
        self
    }

    /// Sets the fragment (after `#`, without it).
    ///
    /// ```
    /// assert_eq!(iri::Builder::new().fragment("ñ").build().unwrap(), "#ñ");
    /// ```
    pub const fn fragment(mut self, fragment: &'a str) -> Self {
        self.fragment = Some(fragment);
        self
    }

    /// Builds an IRI reference (`IRI-reference`).
    ///
    /// ```
    /// let err = iri::Builder::new().path("a:b").build().unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::ColonInFirstSegment);
    /// assert_eq!(iri::Builder::new().path("./a:b").build().unwrap(), "./a:b");
    /// ```
    pub fn build(&self) -> Result<IriRef<String>, ParseError> {
        let (s, p) = self.write(Kind::IriReference)?;
        Ok(IriRef::from_parts(s, p))
    }

    /// Builds an IRI (`IRI`): the scheme is required.
    ///
    /// ```
    /// let err = iri::Builder::new().path("/a").build_iri().unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::MissingScheme);
    /// ```
    pub fn build_iri(&self) -> Result<Iri<String>, ParseError> {
        let (s, p) = self.write(Kind::Iri)?;
        Ok(Iri::from_parts(s, p))
    }

    /// Builds a URI reference (`URI-reference`, RFC 3986 §4.1): ASCII only.
    ///
    /// ```
    /// let err = iri::Builder::new().path("é").build_uri_ref().unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::NonAscii);
    /// assert_eq!(iri::Builder::new().path("%C3%A9").build_uri_ref().unwrap(), "%C3%A9");
    /// ```
    pub fn build_uri_ref(&self) -> Result<UriRef<String>, ParseError> {
        let (s, p) = self.write(Kind::UriReference)?;
        Ok(UriRef::from_parts(s, p))
    }

    /// Builds a URI (`URI`, RFC 3986 §3): a scheme, ASCII only.
    ///
    /// ```
    /// let u = iri::Builder::new().scheme("http").host("a").path("/b").build_uri().unwrap();
    /// assert_eq!(u.path(), "/b");
    /// ```
    pub fn build_uri(&self) -> Result<Uri<String>, ParseError> {
        let (s, p) = self.write(Kind::Uri)?;
        Ok(Uri::from_parts(s, p))
    }

    /// Checks each component, writes the text in a string of exactly its length, and parses
    /// it: the positions are the parser's.
    fn write(&self, kind: Kind) -> Result<(String, Positions), ParseError> {
        let has_auth = self.userinfo.is_some() || self.host.is_some() || self.port.is_some();
        let opt = |o: Option<&str>| o.map_or(0, |t| t.len() + 1);
        let len = opt(self.scheme)
            + if has_auth { 2 } else { 0 }
            + opt(self.userinfo)
            + self.host.map_or(0, str::len)
            + opt(self.port)
            + self.path.len()
            + opt(self.query)
            + opt(self.fragment);
        if len > Positions::MAX_LEN {
            return Err(ParseError::new(
                ErrorKind::TooLong,
                kind,
                Component::Scheme,
                len,
                None,
            ));
        }
        // The checks, each at the offset where its component will stand.
        let mut at = 0;
        match self.scheme {
            Some(s) => {
                check(Component::Scheme, s, at, kind)?;
                at += s.len() + 1;
            }
            None if matches!(kind, Kind::Iri | Kind::Uri) => {
                return Err(ParseError::new(
                    ErrorKind::MissingScheme,
                    kind,
                    Component::Scheme,
                    0,
                    None,
                ))
            }
            None => {}
        }
        if has_auth {
            at += 2;
            if let Some(u) = self.userinfo {
                check(Component::Userinfo, u, at, kind)?;
                at += u.len() + 1;
            }
            let host = self.host.unwrap_or("");
            check(Component::Host, host, at, kind)?;
            at += host.len();
            if let Some(p) = self.port {
                check(Component::Port, p, at + 1, kind)?;
                at += p.len() + 1;
            }
        }
        check(Component::Path, self.path, at, kind)?;
        check_path_rules(self.path, at, self.scheme.is_some(), has_auth, kind)?;
        at += self.path.len();
        if let Some(q) = self.query {
            check(Component::Query, q, at + 1, kind)?;
            at += q.len() + 1;
        }
        if let Some(f) = self.fragment {
            check(Component::Fragment, f, at + 1, kind)?;
        }
        let mut s = String::with_capacity(len);
        if let Some(scheme) = self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        if has_auth {
            s.push_str("//");
            if let Some(u) = self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            s.push_str(self.host.unwrap_or(""));
            if let Some(p) = self.port {
                s.push(':');
                s.push_str(p);
            }
        }
        s.push_str(self.path);
        if let Some(q) = self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = self.fragment {
            s.push('#');
            s.push_str(f);
        }
        debug_assert_eq!(s.len(), len);
        // The parser has the last word; after the checks above it agrees with them (the fuzz
        // target `builder` holds it to that).
        let p = crate::parser::parse(&s, kind)?;
        Ok((s, p))
    }
}

/// The ASCII class of a component's characters, from the one table.
fn class_of(comp: Component) -> u16 {
    match comp {
        Component::Scheme => SCHEME,
        Component::Userinfo => USERINFO,
        Component::Host => REG_NAME,
        Component::Port => DIGIT,
        Component::Path => PATH,
        Component::Query | Component::Fragment => QUERY,
    }
}

/// Checks `text` as the component `comp` of a reference of grammar `kind`, standing at byte
/// `at` of the text to be written: its characters (the component's class, `pct-encoded`,
/// and `ucschar` — with `iprivate` in the query — where the grammar is an IRI's), the form of
/// a scheme, and an IP literal. Returns whether `text` is ASCII. The errors are the parser's,
/// with the hints it gives for the same mistakes.
pub(crate) fn check(
    comp: Component,
    text: &str,
    at: usize,
    kind: Kind,
) -> Result<bool, ParseError> {
    let b = text.as_bytes();
    let err = |k: ErrorKind, i: usize| {
        let ch = text[i..].chars().next();
        ParseError::new(k, kind, comp, at + i, ch)
    };
    match comp {
        Component::Scheme => {
            if b.is_empty() {
                return Err(ParseError::new(
                    ErrorKind::MissingScheme,
                    kind,
                    comp,
                    at,
                    None,
                ));
            }
            if !b[0].is_ascii_alphabetic() {
                return Err(err(ErrorKind::InvalidChar, 0));
            }
            return match b.iter().position(|&c| !is(c, SCHEME)) {
                Some(i) => Err(err(ErrorKind::InvalidChar, i)),
                None => Ok(true),
            };
        }
        Component::Host if b.first() == Some(&b'[') => {
            let close = b.iter().position(|&c| c == b']');
            let hint = match close {
                None => Some(Hint::MissingClosingBracket),
                Some(c) if parse_ipv4(&b[1..c]).is_some() => Some(Hint::Ipv4InBrackets),
                Some(_) => None,
            };
            return match close {
                Some(c) if c + 1 == b.len() && valid_ip_literal(&b[1..c]) => Ok(true),
                // Text after the literal's `]` (a port belongs in the port).
                Some(c) if c + 1 < b.len() && valid_ip_literal(&b[1..c]) => {
                    Err(err(ErrorKind::InvalidChar, c + 1))
                }
                _ => {
                    let mut e =
                        ParseError::new(ErrorKind::InvalidIpLiteral, kind, comp, at, Some('['));
                    e.hint = hint;
                    Err(e)
                }
            };
        }
        _ => {}
    }
    crate::scan::dispatch(Chars {
        comp,
        text,
        at,
        kind,
    })
}

/// The character scan of [`check`] for one component, as a task for the scanner the
/// processor has (see `scan::dispatch`).
struct Chars<'a> {
    comp: Component,
    text: &'a str,
    at: usize,
    kind: Kind,
}

impl crate::scan::WithScanner for Chars<'_> {
    type Output = Result<bool, ParseError>;

    fn run<S: crate::scan::Scanner>(self, scanner: S) -> Self::Output {
        let Chars {
            comp,
            text,
            at,
            kind,
        } = self;
        let b = text.as_bytes();
        let err = |k: ErrorKind, i: usize| {
            let ch = text[i..].chars().next();
            ParseError::new(k, kind, comp, at + i, ch)
        };
        let class = class_of(comp);
        // The runs of the class are taken many bytes at a time, as the parser takes them: in an
        // IRI, with the octets of the common `ucschar` characters (the `I…` classes; the port
        // has none).
        let run_class = if kind.is_uri() || comp == Component::Port {
            class
        } else {
            class << chars::WIDE_SHIFT
        };
        let mut ascii = true;
        let mut i = 0;
        loop {
            let run = scanner.class_run_noting(b, i, run_class);
            ascii &= !run.non_ascii;
            i = run.end;
            if i >= b.len() {
                break;
            }
            let c = b[i];
            // `port = *DIGIT` has no percent-encodings.
            if c == b'%' && comp != Component::Port {
                if i + 2 < b.len() && is(b[i + 1], HEXDIG) && is(b[i + 2], HEXDIG) {
                    i += 3;
                    continue;
                }
                let mut e = err(ErrorKind::InvalidPctEncoding, i);
                e.hint = Some(Hint::LiteralPercent);
                return Err(e);
            }
            if c < 0x80 {
                if !is(c, class) {
                    let k = if comp == Component::Port {
                        ErrorKind::InvalidPort
                    } else {
                        ErrorKind::InvalidChar
                    };
                    let mut e = err(k, i);
                    e.hint = match c {
                        b'\\' => Some(Hint::Backslash),
                        b'@' if comp == Component::Host => Some(Hint::AtInUserinfo),
                        _ => None,
                    };
                    return Err(e);
                }
                i += 1;
                continue;
            }
            ascii = false;
            if comp == Component::Port {
                return Err(err(ErrorKind::InvalidPort, i));
            }
            if kind.is_uri() {
                return Err(err(ErrorKind::NonAscii, i));
            }
            let (cp, n) = decode_utf8(b, i);
            if chars::is_bidi_formatting(cp) {
                return Err(err(ErrorKind::BidiFormatting, i));
            }
            if !chars::allowed_unencoded(cp, comp == Component::Query) {
                return Err(err(ErrorKind::InvalidChar, i));
            }
            i += n;
        }
        Ok(ascii)
    }
}

/// The rules between the path and the components before it (RFC 3986 §3.3, §4.2), for a
/// path standing at byte `at`.
pub(crate) fn check_path_rules(
    path: &str,
    at: usize,
    has_scheme: bool,
    has_auth: bool,
    kind: Kind,
) -> Result<(), ParseError> {
    let b = path.as_bytes();
    let err = |k: ErrorKind, i: usize| {
        ParseError::new(k, kind, Component::Path, at + i, path[i..].chars().next())
    };
    if has_auth {
        if !b.is_empty() && b[0] != b'/' {
            return Err(err(ErrorKind::RelativePathAfterAuthority, 0));
        }
        return Ok(());
    }
    if b.starts_with(b"//") {
        return Err(err(ErrorKind::DoubleSlashWithoutAuthority, 0));
    }
    if !has_scheme {
        let first = b.iter().position(|&c| c == b'/').unwrap_or(b.len());
        if let Some(colon) = b[..first].iter().position(|&c| c == b':') {
            let mut e = err(ErrorKind::ColonInFirstSegment, colon);
            // The parser's hint for the same text: the head has the form of a scheme.
            let head = &b[..colon];
            if head.first().is_some_and(u8::is_ascii_alphabetic)
                && head.iter().all(|&c| is(c, SCHEME))
            {
                e.hint = Some(Hint::AbsoluteNotRelative);
            }
            return Err(e);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
