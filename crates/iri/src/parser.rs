//! The single-pass validating parser.
//!
//! Implements the grammar of RFC 3987 §2.2 (`IRI-reference`, `IRI`, `absolute-IRI`,
//! `irelative-ref`) and of RFC 3986 §3–§4 for the URI counterparts (`URI-reference`, `URI`,
//! `absolute-URI`, `relative-ref`, ASCII only), with the "first-match-wins" reading both RFCs
//! prescribe: a leading `scheme ":"` is a scheme, `//` always starts an authority, and a
//! relative reference cannot hold `:` in its first segment. RFC 3987 §4.1 forbids the bidi
//! formatting characters that the grammar would let through; they are rejected here too, with
//! their own error kind (and so are the isolates U+2066–U+2069).
//!
//! The parser walks the bytes once and records where components end in [`Positions`]: four
//! `u32`, 16 bytes, the top bit of one saying whether the text is ASCII. It never
//! allocates. Inputs of 2 GiB or more are rejected ([`ErrorKind::TooLong`]).
//!
//! Left out on purpose: the lenient grammars (space, `<`, `>`, … of the 2002 draft) and IPv6
//! zone identifiers (RFC 6874), which RFC 3987 does not have; both are opt-ins of the
//! `legacy` module (`LenientIriRef`, `ZonedIriRef`).

use core::cell::Cell;

use crate::chars::{self, is, DIGIT, HEXDIG, PATH, QUERY, REG_NAME, SCHEME, USERINFO};
use crate::error::{Component, ErrorKind, Hint, ParseError};

use crate::scan::{self, MarkWord, Marks, NormalMarks};
use crate::utf8::decode_utf8;

/// The grammar rule to parse against.
///
/// ```
/// use iri::{validate, Kind};
/// assert!(validate("http://example.org/ros\u{E9}", Kind::Iri).is_ok());
/// assert!(validate("http://example.org/ros\u{E9}", Kind::Uri).is_err());
/// assert!(validate("../a", Kind::RelativeIri).is_ok());
/// assert!(validate("http://a/#f", Kind::AbsoluteIri).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `IRI-reference` (RFC 3987 §2.2): an IRI or a relative reference.
    IriReference,
    /// `IRI`: scheme, hierarchical part, optional query and fragment.
    Iri,
    /// `absolute-IRI`: an IRI without fragment.
    AbsoluteIri,
    /// `irelative-ref`: a relative reference.
    RelativeIri,
    /// `URI-reference` (RFC 3986 §4.1).
    UriReference,
    /// `URI` (RFC 3986 §3).
    Uri,
    /// `absolute-URI` (RFC 3986 §4.3).
    AbsoluteUri,
    /// `relative-ref` (RFC 3986 §4.2).
    RelativeUri,
}

impl Kind {
    /// All kinds, in declaration order.
    ///
    /// ```
    /// assert_eq!(iri::Kind::ALL.len(), 8);
    /// ```
    pub const ALL: [Kind; 8] = [
        Kind::IriReference,
        Kind::Iri,
        Kind::AbsoluteIri,
        Kind::RelativeIri,
        Kind::UriReference,
        Kind::Uri,
        Kind::AbsoluteUri,
        Kind::RelativeUri,
    ];

    /// The kebab-case name used by the `iri` command and the test tables.
    ///
    /// ```
    /// assert_eq!(iri::Kind::IriReference.as_str(), "iri-ref");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::IriReference => "iri-ref",
            Kind::Iri => "iri",
            Kind::AbsoluteIri => "absolute-iri",
            Kind::RelativeIri => "relative-iri",
            Kind::UriReference => "uri-ref",
            Kind::Uri => "uri",
            Kind::AbsoluteUri => "absolute-uri",
            Kind::RelativeUri => "relative-uri",
        }
    }

    /// Parses a kebab-case name (see [`Kind::as_str`]); `absolute` and `relative` are also
    /// accepted for the IRI kinds.
    ///
    /// ```
    /// assert_eq!(iri::Kind::from_name("uri-ref"), Some(iri::Kind::UriReference));
    /// assert_eq!(iri::Kind::from_name("absolute"), Some(iri::Kind::AbsoluteIri));
    /// ```
    pub fn from_name(name: &str) -> Option<Kind> {
        Some(match name {
            "iri-ref" | "iri-reference" => Kind::IriReference,
            "iri" => Kind::Iri,
            "absolute-iri" | "absolute" => Kind::AbsoluteIri,
            "relative-iri" | "relative" | "irelative-ref" => Kind::RelativeIri,
            "uri-ref" | "uri-reference" => Kind::UriReference,
            "uri" => Kind::Uri,
            "absolute-uri" => Kind::AbsoluteUri,
            "relative-uri" | "relative-ref" => Kind::RelativeUri,
            _ => return None,
        })
    }

    /// A phrase naming the grammar in messages ("IRI reference", "absolute URI", …).
    ///
    /// ```
    /// assert_eq!(iri::Kind::AbsoluteUri.description(), "absolute URI");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Kind::IriReference => "IRI reference",
            Kind::Iri => "IRI",
            Kind::AbsoluteIri => "absolute IRI",
            Kind::RelativeIri => "relative IRI reference",
            Kind::UriReference => "URI reference",
            Kind::Uri => "URI",
            Kind::AbsoluteUri => "absolute URI",
            Kind::RelativeUri => "relative URI reference",
        }
    }

    /// Whether the grammar allows only ASCII (the URI kinds).
    ///
    /// ```
    /// assert!(iri::Kind::Uri.is_uri() && !iri::Kind::Iri.is_uri());
    /// ```
    pub const fn is_uri(self) -> bool {
        matches!(
            self,
            Kind::UriReference | Kind::Uri | Kind::AbsoluteUri | Kind::RelativeUri
        )
    }

    const fn needs_scheme(self) -> bool {
        matches!(
            self,
            Kind::Iri | Kind::AbsoluteIri | Kind::Uri | Kind::AbsoluteUri
        )
    }

    const fn is_relative(self) -> bool {
        matches!(self, Kind::RelativeIri | Kind::RelativeUri)
    }

    const fn allows_fragment(self) -> bool {
        !matches!(self, Kind::AbsoluteIri | Kind::AbsoluteUri)
    }
}

impl core::fmt::Display for Kind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

pub(crate) use crate::types::compose::Positions;
pub(crate) use ip::{parse_ipv4, parse_ipv6, valid_ip_literal};

/// Validates an IRI (or URI) of the given kind without building a value.
///
/// ```
/// use iri::{validate, ErrorKind, Kind};
/// assert!(validate("https://例え.テスト/パス?q#f", Kind::IriReference).is_ok());
/// let err = validate("http://[::1%25eth0]/", Kind::Iri).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidIpLiteral);
/// ```
pub fn validate(s: &str, kind: Kind) -> Result<(), ParseError> {
    parse(s, kind).map(|_| ())
}

/// The parser of one text. `WIDE` is 0 for URI kinds and [`chars::WIDE_SHIFT`] for IRI
/// kinds, whose scans use the `I…` classes (the ASCII class plus the octets of common
/// `ucschar` characters); a constant, so that each scan's class is one too.
///
/// # Invariants
///
/// - `b` is the bytes of a `&str` (UTF-8); one longer than [`Positions::MAX_LEN`] is
///   rejected before any other step. Every index the parser passes between its steps is at
///   most `b.len()` and on a character boundary (the grammar's delimiters are ASCII, and a
///   run ends before a byte outside its class).
/// - `WIDE` is [`chars::WIDE_SHIFT`] exactly when `kind` is an IRI kind (`parse_with` builds
///   it so), and 0 for the URI kinds.
/// - `scanner` is a [`scan::Scanner`] the processor supports: it is made only inside
///   [`scan::dispatch`] (or the tests' own choice).
/// - `met_non_ascii` is `false` only while every byte scanned so far is ASCII; at the end,
///   `false` means the whole text is ASCII (only the scans can meet a non-ASCII byte).
struct P<'a, S, const WIDE: u32> {
    /// How runs of a class are scanned (chosen once per parse, see [`scan::dispatch`]).
    scanner: S,
    b: &'a [u8],
    kind: Kind,
    /// Whether a scan met a non-ASCII byte: only the scans can (every other part of the
    /// grammar is ASCII), so the text is ASCII when none did.
    met_non_ascii: Cell<bool>,
    /// What normalization's one-pass check would find ([`scan::normal_marks`], with the
    /// upper-case letters looked for below the end of the authority), when the parse went
    /// by the marks, which hold it at no further pass; read by [`parse_marked`] only (in a
    /// plain parse nothing reads it, and the compiler drops its making).
    normal: Cell<Option<NormalMarks>>,
}

impl<S: scan::Scanner, const WIDE: u32> P<'_, S, WIDE> {
    #[cold]
    fn err(&self, kind: ErrorKind, comp: Component, at: usize) -> ParseError {
        let ch = if at < self.b.len() {
            // `at` always sits on a character boundary.
            core::str::from_utf8(&self.b[at..])
                .ok()
                .and_then(|s| s.chars().next())
        } else {
            None
        };
        ParseError::new(kind, self.kind, comp, at, ch)
    }

    /// Scans `*( class / pct-encoded / ucschar [/ iprivate] )` from `i`; returns the index of
    /// the first byte that is none of these (a delimiter, or a character the caller reports).
    ///
    /// Runs of characters of the class, the bulk of most IRIs, are taken by
    /// [`scan::class_run_noting`], many bytes per step. In an IRI the class is widened to the
    /// octets of the common `ucschar` characters (see `chars::fast_ucs`), so most non-ASCII
    /// text is taken in runs too; any other non-ASCII character goes through
    /// [`P::non_ascii`], and a percent-encoding is checked here, before the next run.
    #[inline(always)]
    fn scan(
        &self,
        mut i: usize,
        class: u16,
        private: bool,
        comp: Component,
    ) -> Result<usize, ParseError> {
        let class = class << WIDE;
        let b = self.b;
        // Whether a non-ASCII byte was met: only the scans can meet one (every other part of
        // the grammar is ASCII).
        let mut met = false;
        'runs: loop {
            let run = self.scanner.class_run_noting(b, i, class);
            met |= run.non_ascii;
            i = run.end;
            // Percent-encodings and non-ASCII characters, back to runs after the last one.
            loop {
                let Some(&c) = b.get(i) else {
                    break 'runs;
                };
                if c == b'%' {
                    if i + 2 < b.len() && is(b[i + 1], HEXDIG) && is(b[i + 2], HEXDIG) {
                        i += 3;
                    } else {
                        return Err(self.err(ErrorKind::InvalidPctEncoding, comp, i));
                    }
                } else if c >= 0x80 {
                    met = true;
                    i = self.non_ascii(i, private, comp)?;
                } else if is(c, class) {
                    continue 'runs;
                } else {
                    break 'runs;
                }
            }
        }
        self.met_non_ascii.set(self.met_non_ascii.get() | met);
        Ok(i)
    }

    /// Checks the non-ASCII character at `i`; returns the index after it.
    #[inline(never)]
    fn non_ascii(&self, i: usize, private: bool, comp: Component) -> Result<usize, ParseError> {
        if self.kind.is_uri() {
            return Err(self.err(ErrorKind::NonAscii, comp, i));
        }
        let (cp, n) = decode_utf8(self.b, i);
        if chars::is_ucschar(cp) {
            if chars::is_bidi_formatting(cp) {
                return Err(self.err(ErrorKind::BidiFormatting, comp, i));
            }
        } else if !(private && chars::is_iprivate(cp)) {
            return Err(self.err(ErrorKind::InvalidChar, comp, i));
        }
        Ok(i + n)
    }

    fn scheme_error(&self) -> ParseError {
        let b = self.b;
        let stop = b
            .iter()
            .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
            .unwrap_or(b.len());
        if stop < b.len() && b[stop] == b':' && stop > 0 {
            // The author meant a scheme: point at its first bad character.
            if !b[0].is_ascii_alphabetic() {
                return self.err(ErrorKind::InvalidChar, Component::Scheme, 0);
            }
            let bad = b[..stop]
                .iter()
                .position(|&c| !is(c, SCHEME))
                .unwrap_or(stop);
            return self.err(ErrorKind::InvalidChar, Component::Scheme, bad);
        }
        ParseError::new(
            ErrorKind::MissingScheme,
            self.kind,
            Component::Scheme,
            0,
            None,
        )
    }

    /// [`P::parse`], and what its marks said of normalization ([`P::normal`]).
    #[inline(always)]
    fn parse_keeping(self) -> Result<(Positions, Option<NormalMarks>), ParseError> {
        let p = self.parse()?;
        Ok((p, self.normal.get()))
    }

    #[inline(always)]
    fn parse(&self) -> Result<Positions, ParseError> {
        let b = self.b;
        if b.len() > Positions::MAX_LEN {
            return Err(ParseError::new(
                ErrorKind::TooLong,
                self.kind,
                Component::Scheme,
                b.len(),
                None,
            ));
        }
        let class = if WIDE == 0 { QUERY } else { QUERY << WIDE };
        let marked = if b.len() <= scan::MARKS_MAX {
            self.scanner.marks(b, class).and_then(|m| self.by_marks(&m))
        } else {
            self.scanner
                .long_marks(b, class)
                .and_then(|m| self.by_marks(&m))
        };
        if let Some(p) = marked {
            return Ok(p);
        }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        let mut scheme_end = 0;
        if !self.kind.is_relative() && !b.is_empty() && b[0].is_ascii_alphabetic() {
            let i = self.scanner.class_run(b, 1, SCHEME);
            if i < b.len() && b[i] == b':' {
                scheme_end = i + 1;
            }
        }
        if scheme_end == 0 && self.kind.needs_scheme() {
            return Err(self.scheme_error());
        }
        let mut i = scheme_end;
        // "//" iauthority
        let has_auth = b.len() >= i + 2 && b[i] == b'/' && b[i + 1] == b'/';
        if has_auth {
            i = self.authority(i + 2)?;
        }
        let auth_end = i;
        // ipath
        i = self.scan(i, PATH, false, Component::Path)?;
        let path_end = i;
        if scheme_end == 0 && !has_auth {
            // ipath-noscheme: the first segment must not hold ':' (RFC 3986 §4.2).
            let path = &b[..path_end];
            let seg_end = scan::find_byte(path, auth_end, b'/').unwrap_or(path_end);
            if let Some(colon) = scan::find_byte(&path[..seg_end], auth_end, b':') {
                return Err(self.err(ErrorKind::ColonInFirstSegment, Component::Path, colon));
            }
        }
        // [ "?" iquery ]
        if i < b.len() && b[i] == b'?' {
            i = self.scan(i + 1, QUERY, true, Component::Query)?;
        } else if i < b.len() && b[i] != b'#' {
            return Err(self.err(ErrorKind::InvalidChar, Component::Path, i));
        }
        let query_end = i;
        // [ "#" ifragment ]
        if i < b.len() {
            if b[i] != b'#' {
                return Err(self.err(ErrorKind::InvalidChar, Component::Query, i));
            }
            if !self.kind.allows_fragment() {
                return Err(self.err(ErrorKind::FragmentNotAllowed, Component::Fragment, i));
            }
            i = self.scan(i + 1, QUERY, false, Component::Fragment)?;
            if i < b.len() {
                return Err(self.err(ErrorKind::InvalidChar, Component::Fragment, i));
            }
        }
        let ascii = !self.met_non_ascii.get();
        Ok(Positions::new(
            scheme_end as u32,
            auth_end as u32,
            path_end as u32,
            query_end as u32,
        )
        .ascii_if(ascii))
    }

    /// The components of a common IRI reference, found from the [`Marks`] of its text: the
    /// same positions as the scans of [`P::parse`] find, or `None` when the text has
    /// something the marks do not settle (the scans then decide, and report any error).
    ///
    /// When no byte is [`Marks::unusual`] but one `#`, every other byte is one that `iquery`
    /// takes (`query` for a URI) and none is `@`: there is no `%`, `[`, `]`, nor a non-ASCII
    /// character outside the common `ucschar` ranges. The grammar then reduces to where the
    /// delimiters lie (RFC 3986 §3, Appendix B):
    /// - `scheme ":"`: the first 16 bytes' `SCHEME` run from an ALPHA, ended by `:`;
    /// - `"//" iauthority`: up to the first `/`, `?` or `#`, with no `@`, so no
    ///   `iuserinfo`; `ihost` holds `iquery`'s bytes but `:`, `/`, `?`, `#`, `@`, which is
    ///   `ireg-name`; after its first `:`, `port = *DIGIT`;
    /// - `ipath` up to the first `?` or `#` (`iquery`'s bytes but `?`: `ipchar / "/"`), its
    ///   first segment without `:` when there is neither scheme nor authority (§4.2);
    /// - `"?" iquery` up to the `#`, and `"#" ifragment` after it (`iquery`'s bytes, which
    ///   hold no `iprivate`, are `ifragment`'s too).
    #[inline(always)]
    fn by_marks<W: MarkWord>(&self, m: &Marks<W>) -> Option<Positions> {
        let b = self.b;
        let n = b.len();
        // The first marked byte at or after `i` (`i <= n`), or `n`.
        let first = |set: W, i: usize| set.first_from(i).min(n);
        if m.unusual != m.hash || !m.hash.at_most_one() {
            return None;
        }
        let mut scheme_end = 0;
        if !self.kind.is_relative() && b[0].is_ascii_alphabetic() {
            let run = m.not_scheme.trailing_zeros() as usize;
            if run >= 16 {
                return None;
            }
            if b.get(run) == Some(&b':') {
                scheme_end = run + 1;
            }
        }
        if scheme_end == 0 && self.kind.needs_scheme() {
            return None;
        }
        let has_auth = b.get(scheme_end..scheme_end + 2) == Some(b"//");
        let mut auth_end = scheme_end;
        if has_auth {
            auth_end = first(m.slash | m.question | m.hash, scheme_end + 2);
            let colon = first(m.colon, scheme_end + 2).min(auth_end);
            if colon < auth_end && self.port(colon + 1, auth_end).is_err() {
                return None;
            }
        }
        let path_end = first(m.question | m.hash, auth_end);
        if scheme_end == 0 && !has_auth {
            let segment_end = first(m.slash, auth_end).min(path_end);
            if first(m.colon, auth_end) < segment_end {
                return None;
            }
        }
        let query_end = first(m.hash, path_end);
        if query_end < n && !self.kind.allows_fragment() {
            return None;
        }
        // No byte but `#` is unusual: the text has no `%`.
        self.normal.set(Some(NormalMarks {
            percent: false,
            slash_dot: m.slash.followed_by(m.dot),
            upper: m.upper.any_below(auth_end),
        }));
        Some(
            Positions::new(
                scheme_end as u32,
                auth_end as u32,
                path_end as u32,
                query_end as u32,
            )
            .ascii_if(!m.non_ascii),
        )
    }

    /// Parses `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` from `start`; returns its end.
    #[inline(always)]
    fn authority(&self, start: usize) -> Result<usize, ParseError> {
        let b = self.b;
        // `iuserinfo` characters are a superset of `ireg-name` plus ':' and the port's
        // digits, so one scan covers either a userinfo or a whole "host:port".
        // The scan goes in two steps so that the first ':' (the port's, when there is no
        // userinfo) is known without a search: `ireg-name` characters up to the first ':',
        // then, from there if there is one, `iuserinfo` characters. `iuserinfo` differs from
        // `ireg-name` only by ':', so the two steps stop where one `iuserinfo` scan would.
        let scanned = match self.scan(start, REG_NAME, false, Component::Userinfo) {
            Ok(j) if b.get(j) == Some(&b':') => self
                .scan(j, USERINFO, false, Component::Userinfo)
                .map(|k| (k, Some(j))),
            other => other.map(|j| (j, None)),
        };
        let (j, colon) = match scanned {
            Ok(jc) => jc,
            Err(mut e) => {
                e.component = self.authority_component(start, e.offset);
                return Err(e);
            }
        };
        if j < b.len() && b[j] == b'@' {
            return self.host_port(j + 1);
        }
        if j == start && j < b.len() && b[j] == b'[' {
            return self.host_port(start);
        }
        if j < b.len() && !matches!(b[j], b'/' | b'?' | b'#') {
            let comp = self.authority_component(start, j);
            let kind = if comp == Component::Port {
                ErrorKind::InvalidPort
            } else {
                ErrorKind::InvalidChar
            };
            return Err(self.err(kind, comp, j));
        }
        // No userinfo: start..j is "reg-name [ ':' port ]".
        if let Some(colon) = colon {
            self.port(colon + 1, j)?;
        }
        Ok(j)
    }

    /// Which authority component an error at `at` lies in (only used on the error path).
    #[cold]
    fn authority_component(&self, start: usize, at: usize) -> Component {
        let b = self.b;
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |p| start + p);
        if let Some(p) = b[start..end].iter().position(|&c| c == b'@') {
            if start + p >= at {
                return Component::Userinfo;
            }
            return if b[start + p + 1..at].contains(&b':') {
                Component::Port
            } else {
                Component::Host
            };
        }
        if b[start..at.min(end)].contains(&b':') {
            Component::Port
        } else {
            Component::Host
        }
    }

    /// Checks `port = *DIGIT` in `from..to`.
    #[inline(always)]
    fn port(&self, from: usize, to: usize) -> Result<(), ParseError> {
        let end = self.scanner.class_run(&self.b[..to], from, DIGIT);
        if end < to {
            Err(self.err(ErrorKind::InvalidPort, Component::Port, end))
        } else {
            Ok(())
        }
    }

    /// Parses `ihost [ ":" port ]` from `h`; returns the end of the authority.
    #[inline(always)]
    fn host_port(&self, h: usize) -> Result<usize, ParseError> {
        let b = self.b;
        let mut i;
        if h < b.len() && b[h] == b'[' {
            let Some(close) = scan::find_byte(b, h, b']') else {
                return Err(self.err(ErrorKind::InvalidIpLiteral, Component::Host, h));
            };
            if !valid_ip_literal(&b[h + 1..close]) {
                return Err(self.err(ErrorKind::InvalidIpLiteral, Component::Host, h));
            }
            i = close + 1;
        } else {
            i = self.scan(h, REG_NAME, false, Component::Host)?;
        }
        if i < b.len() && b[i] == b':' {
            i = self.scanner.class_run(b, i + 1, DIGIT);
            if i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
                return Err(self.err(ErrorKind::InvalidPort, Component::Port, i));
            }
        } else if i < b.len() && !matches!(b[i], b'/' | b'?' | b'#') {
            return Err(self.err(ErrorKind::InvalidChar, Component::Host, i));
        }
        Ok(i)
    }
}

/// Parses `s` against `kind`, returning the component offsets.
pub(crate) fn parse(s: &str, kind: Kind) -> Result<Positions, ParseError> {
    with_hint(s, scan::dispatch(Parse { s, kind }))
}

/// [`parse`], and what normalization's one-pass check would find in `s` when the parse
/// knows it without a further pass (see [`P::normal`]): a common reference of up to 128
/// bytes with neither `%` nor `@`, on a processor that marks many bytes at once.
#[inline]
pub(crate) fn parse_marked(
    s: &str,
    kind: Kind,
) -> Result<(Positions, Option<NormalMarks>), ParseError> {
    match scan::dispatch(ParseMarked { s, kind }) {
        Ok(found) => Ok(found),
        Err(e) => Err(with_hint(s, Err(e)).unwrap_err()),
    }
}

/// `parsed`, the parse of `s`, with the hint of its error, if any.
#[inline(always)]
fn with_hint(s: &str, parsed: Result<Positions, ParseError>) -> Result<Positions, ParseError> {
    parsed.map_err(|mut e| {
        e.hint = hint(s, &e);
        e
    })
}

/// [`parse`] with a given scanner, for the tests that compare the scanners.
#[cfg(test)]
pub(crate) fn parse_with<S: scan::Scanner>(
    s: &str,
    kind: Kind,
    scanner: S,
) -> Result<Positions, ParseError> {
    use scan::WithScanner;
    with_hint(s, Parse { s, kind }.run(scanner))
}

/// One parse, as a task for [`scan::dispatch`].
struct Parse<'a> {
    s: &'a str,
    kind: Kind,
}

impl scan::WithScanner for Parse<'_> {
    type Output = Result<Positions, ParseError>;

    #[inline(always)]
    fn run<S: scan::Scanner>(self, scanner: S) -> Self::Output {
        // Nothing reads `normal` here (its making is dropped by the compiler).
        run_parser::<S, Plain>(scanner, self.s, self.kind)
    }
}

/// What a task does with its parser, for each width of character class ([`run_parser`]).
trait ParserTask {
    type Output;
    fn go<S: scan::Scanner, const WIDE: u32>(p: P<'_, S, WIDE>) -> Self::Output;
}

/// The plain parse.
struct Plain;

impl ParserTask for Plain {
    type Output = Result<Positions, ParseError>;
    #[inline(always)]
    fn go<S: scan::Scanner, const WIDE: u32>(p: P<'_, S, WIDE>) -> Self::Output {
        p.parse()
    }
}

/// The parse and what its marks said of normalization.
struct Keeping;

impl ParserTask for Keeping {
    type Output = Result<(Positions, Option<NormalMarks>), ParseError>;
    #[inline(always)]
    fn go<S: scan::Scanner, const WIDE: u32>(p: P<'_, S, WIDE>) -> Self::Output {
        p.parse_keeping()
    }
}

/// The parser of `s` against `kind` with `scanner` (URI rules read the ASCII classes, IRI
/// rules the wide ones), handed to `T`.
#[inline(always)]
fn run_parser<S: scan::Scanner, T: ParserTask>(scanner: S, s: &str, kind: Kind) -> T::Output {
    let b = s.as_bytes();
    let met_non_ascii = Cell::new(false);
    let normal = Cell::new(None);
    if kind.is_uri() {
        T::go(P::<S, 0> {
            scanner,
            b,
            kind,
            met_non_ascii,
            normal,
        })
    } else {
        T::go(P::<S, { chars::WIDE_SHIFT }> {
            scanner,
            b,
            kind,
            met_non_ascii,
            normal,
        })
    }
}

/// One parse that also gives what the marks say of normalization, as a task for
/// [`scan::dispatch`] ([`parse_marked`]).
struct ParseMarked<'a> {
    s: &'a str,
    kind: Kind,
}

impl scan::WithScanner for ParseMarked<'_> {
    type Output = Result<(Positions, Option<NormalMarks>), ParseError>;

    #[inline(always)]
    fn run<S: scan::Scanner>(self, scanner: S) -> Self::Output {
        run_parser::<S, Keeping>(scanner, self.s, self.kind)
    }
}

/// What the input of `e` probably meant, when it looks like a common mistake (see [`Hint`]).
#[cold]
#[inline(never)]
fn hint(s: &str, e: &ParseError) -> Option<Hint> {
    let b = s.as_bytes();
    match e.kind {
        ErrorKind::InvalidPctEncoding => return Some(Hint::LiteralPercent),
        // The segment before the ':' has the form of a scheme (RFC 3986 §3.1).
        ErrorKind::ColonInFirstSegment => {
            let head = &b[..e.offset];
            let scheme = head.first().is_some_and(u8::is_ascii_alphabetic)
                && head.iter().all(|&c| is(c, SCHEME));
            return scheme.then_some(Hint::AbsoluteNotRelative);
        }
        ErrorKind::InvalidIpLiteral => {
            // `e.offset` is the `[`; the authority ends at the first '/', '?' or '#'.
            let rest = &b[e.offset + 1..];
            let end = rest
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                .unwrap_or(rest.len());
            return match rest[..end].iter().position(|&c| c == b']') {
                None => Some(Hint::MissingClosingBracket),
                Some(p) if parse_ipv4(&rest[..p]).is_some() => Some(Hint::Ipv4InBrackets),
                Some(_) => None,
            };
        }
        _ => {}
    }
    if e.ch == Some('\\') {
        return Some(Hint::Backslash);
    }
    if !matches!(
        e.component,
        Component::Userinfo | Component::Host | Component::Port
    ) {
        return None;
    }
    // The host and port: the authority (RFC 3986 §3.2) after its userinfo, as the one
    // splitter cuts them (the userinfo ends at the first '@').
    let c = crate::split::Components::split(s);
    let authority = c.authority()?;
    let host = c
        .userinfo()
        .map_or(authority, |u| &authority[u.len() + 1..])
        .as_bytes();
    if host.first() != Some(&b'[') && host.contains(&b':') && parse_ipv6(host).is_some() {
        return Some(Hint::Ipv6NeedsBrackets);
    }
    if e.ch == Some('@') && e.component == Component::Host {
        return Some(Hint::AtInUserinfo);
    }
    None
}

#[cfg(test)]
pub(crate) mod fast_path_tests;
mod ip;
#[cfg(test)]
mod tests;
