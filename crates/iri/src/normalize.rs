//! The comparison ladder of RFC 3987 §5: simple string comparison (§5.3.1), syntax-based
//! normalization (§5.3.2) and scheme-based normalization (§5.3.3), with keys for
//! deduplication and the fragment optionally left out (§5.1).
//!
//! A [`Normalizer`] is built for a rung ([`Level`]) and can then be adjusted step by step:
//! - case (§5.3.2.1): scheme and US-ASCII-only hosts to lower case (IP literals too);
//!   the hex digits of percent-encodings to upper case; never userinfo, path, query or
//!   fragment text;
//! - percent-encoding (§5.3.2.3): decode `%HH` of unreserved characters, and of UTF-8 for
//!   characters the component allows unencoded (`iunreserved`; `iprivate` in the query),
//!   never reserved characters, never illegal UTF-8, never what RFC 3987 §3.2 keeps encoded
//!   (bidi formatting characters, non-`ucschar`);
//! - path segments (§5.3.2.4): `remove_dot_segments` on the path of references with a
//!   scheme (relative references keep theirs: they matter to resolution);
//! - characters (§5.3.2.2, §7.5): NFC or NFKC, each an explicit opt-in (feature `unicode`).
//!   Normalization applies to the text between delimiters and percent-encodings, so a
//!   delimiter never composes with a following mark (`=` + U+0338 stays two characters);
//!   an ASCII character that NFKC makes out of a non-ASCII one (U+FF0F → `/`) is
//!   percent-encoded, so structure never changes;
//! - scheme rules (§5.3.3) from a [`SchemeRegistry`]: an empty or default port goes, an
//!   empty path with an authority becomes `/` where the scheme says so; empty `?` and `#`
//!   stay; host names of DNS schemes are compared after UTS #46 processing (feature `idna`),
//!   shown in Unicode in the IRI form and in ACE (`xn--`) in the URI form. A host that UTS #46
//!   rejects is compared as text.
//!
//! Two output forms: the IRI form keeps non-ASCII characters; the URI form applies the §3.1
//! mapping after normalizing. Normalizing never maps anything for simple string comparison:
//! that rung is `Eq` on the types and compares the text as it is.
//!
//! Left out on purpose: protocol-based normalization (§5.3.4), which needs the network.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

#[cfg(any(feature = "unicode", feature = "idna"))]
use crate::chars;
#[cfg(feature = "unicode")]
use crate::chars::{is, UNRESERVED};
use crate::convert::{decode_region_with, HexCase};
use crate::iri::parts;
use crate::parser::Positions;
#[cfg(any(feature = "unicode", feature = "idna"))]
use crate::pct;
use crate::resolve::{fix_double_slash, has_dot_segment, remove_dot_segments};
use crate::{Iri, IriRef, SchemeRegistry};

mod unchanged;

/// A rung of the comparison ladder (RFC 3987 §5.3).
///
/// ```
/// use iri::{equivalence_level, IriRef, Level};
/// let a = IriRef::parse("HTTP://example.org:80").unwrap();
/// let b = IriRef::parse("http://example.org/").unwrap();
/// assert_eq!(equivalence_level(&a, &b), Some(Level::Scheme));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Simple string comparison (§5.3.1): the text as it is.
    Simple,
    /// Syntax-based normalization (§5.3.2): case, percent-encoding, dot segments.
    Syntax,
    /// Scheme-based normalization (§5.3.3): syntax, then the scheme's rules and IDN, and the
    /// case rules of the `urn` and `mailto` views (NID, domains).
    Scheme,
}

impl Level {
    /// The kebab-case name: `simple`, `syntax` or `scheme`.
    ///
    /// ```
    /// assert_eq!(iri::Level::Scheme.as_str(), "scheme");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The syntax-based steps of §5.3.2, as a set.
///
/// ```
/// use iri::{Normalizer, Steps, IriRef};
/// let r = IriRef::parse("HTTP://a/%7e/./b").unwrap();
/// let only_case = Normalizer::syntax().steps(Steps::CASE);
/// assert_eq!(only_case.normalize(&r), "http://a/%7E/./b");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Steps(u8);

impl Steps {
    /// No step.
    pub const NONE: Steps = Steps(0);
    /// Case normalization (§5.3.2.1).
    pub const CASE: Steps = Steps(1);
    /// Percent-encoding normalization (§5.3.2.3).
    pub const PERCENT: Steps = Steps(2);
    /// Path segment normalization (§5.3.2.4).
    pub const DOT_SEGMENTS: Steps = Steps(4);
    /// All three.
    pub const SYNTAX: Steps = Steps(7);

    /// Whether every step of `other` is in `self`.
    ///
    /// ```
    /// assert!(iri::Steps::SYNTAX.contains(iri::Steps::PERCENT));
    /// ```
    pub const fn contains(self, other: Steps) -> bool {
        self.0 & other.0 == other.0
    }
}

impl core::ops::BitOr for Steps {
    type Output = Steps;

    /// The union of two sets of steps.
    ///
    /// ```
    /// use iri::Steps;
    /// assert_eq!(Steps::CASE | Steps::PERCENT | Steps::DOT_SEGMENTS, Steps::SYNTAX);
    /// ```
    fn bitor(self, rhs: Steps) -> Steps {
        Steps(self.0 | rhs.0)
    }
}

/// The output form of normalization.
///
/// ```
/// use iri::{Form, IriRef, Normalizer};
/// let r = IriRef::parse("http://a/r%C3%A9sum%C3%A9").unwrap();
/// assert_eq!(Normalizer::syntax().normalize(&r), "http://a/résumé");
/// assert_eq!(Normalizer::syntax().form(Form::Uri).normalize(&r), "http://a/r%C3%A9sum%C3%A9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// Keeps non-ASCII characters.
    Iri,
    /// Applies the IRI→URI mapping (RFC 3987 §3.1) after normalizing.
    Uri,
}

/// Character normalization (§5.3.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Chars {
    AsIs,
    #[cfg(feature = "unicode")]
    Nfc,
    #[cfg(feature = "unicode")]
    Nfkc,
}

/// A normalization for one rung of the ladder, adjustable step by step.
///
/// ```
/// use iri::{IriRef, Normalizer};
/// // The two IRIs of RFC 3987 §5.3.2.
/// let a = IriRef::parse("example://a/b/c/%7Bfoo%7D/ros\u{E9}").unwrap();
/// let b = IriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9").unwrap();
/// let n = Normalizer::syntax();
/// assert_eq!(n.normalize(&a), n.normalize(&b));
/// assert_eq!(n.normalize(&b), "example://a/b/c/%7Bfoo%7D/rosé");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Normalizer<'r> {
    steps: Steps,
    scheme: bool,
    idn: bool,
    chars: Chars,
    form: Form,
    ignore_fragment: bool,
    registry: &'r SchemeRegistry,
}

impl Normalizer<'static> {
    /// The normalization of a rung: nothing for [`Level::Simple`], all syntax steps for
    /// [`Level::Syntax`], and syntax steps plus scheme rules and IDN for [`Level::Scheme`],
    /// with the built-in [`SchemeRegistry`]. IRI form, fragment kept, no NFC.
    ///
    /// ```
    /// use iri::{IriRef, Level, Normalizer};
    /// let r = IriRef::parse("HTTP://a/./b").unwrap();
    /// assert_eq!(Normalizer::new(Level::Simple).normalize(&r), "HTTP://a/./b");
    /// assert_eq!(Normalizer::new(Level::Syntax).normalize(&r), "http://a/b");
    /// ```
    pub fn new(level: Level) -> Self {
        Normalizer {
            steps: if level == Level::Simple {
                Steps::NONE
            } else {
                Steps::SYNTAX
            },
            scheme: level == Level::Scheme,
            idn: level == Level::Scheme,
            chars: Chars::AsIs,
            form: Form::Iri,
            ignore_fragment: false,
            registry: SchemeRegistry::builtin(),
        }
    }

    /// Syntax-based normalization (§5.3.2), all steps.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/%7euser").unwrap();
    /// assert_eq!(iri::Normalizer::syntax().normalize(&r), "http://a/~user");
    /// ```
    pub fn syntax() -> Self {
        Normalizer::new(Level::Syntax)
    }

    /// Scheme-based normalization (§5.3.3) with the built-in registry.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://example.com:/").unwrap();
    /// assert_eq!(iri::Normalizer::scheme().normalize(&r), "http://example.com/");
    /// ```
    pub fn scheme() -> Self {
        Normalizer::new(Level::Scheme)
    }
}

impl<'r> Normalizer<'r> {
    /// Selects the syntax-based steps.
    ///
    /// ```
    /// use iri::{IriRef, Normalizer, Steps};
    /// let r = IriRef::parse("HTTP://a/./%7e").unwrap();
    /// let n = Normalizer::syntax().steps(Steps::DOT_SEGMENTS | Steps::PERCENT);
    /// assert_eq!(n.normalize(&r), "HTTP://a/~");
    /// ```
    pub fn steps(mut self, steps: Steps) -> Self {
        self.steps = steps;
        self
    }

    /// Sets the output form.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/é").unwrap();
    /// assert_eq!(iri::Normalizer::syntax().form(iri::Form::Uri).normalize(&r), "http://a/%C3%A9");
    /// ```
    pub fn form(mut self, form: Form) -> Self {
        self.form = form;
        self
    }

    /// Leaves the fragment out, for comparisons for retrieval (§5.1).
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/b#c").unwrap();
    /// assert_eq!(iri::Normalizer::syntax().ignore_fragment(true).normalize(&r), "http://a/b");
    /// ```
    pub fn ignore_fragment(mut self, yes: bool) -> Self {
        self.ignore_fragment = yes;
        self
    }

    /// Uses another scheme registry for the scheme rules.
    ///
    /// ```
    /// use iri::{IriRef, Normalizer, SchemeInfo, SchemeRegistry};
    /// let mut reg = SchemeRegistry::default();
    /// reg.insert(SchemeInfo::new("gemini").default_port(1965).empty_path_is_root(true));
    /// let r = IriRef::parse("gemini://example.org:1965").unwrap();
    /// assert_eq!(Normalizer::scheme().registry(&reg).normalize(&r), "gemini://example.org/");
    /// ```
    pub fn registry<'s>(self, registry: &'s SchemeRegistry) -> Normalizer<'s> {
        Normalizer {
            steps: self.steps,
            scheme: self.scheme,
            idn: self.idn,
            chars: self.chars,
            form: self.form,
            ignore_fragment: self.ignore_fragment,
            registry,
        }
    }

    /// Turns IDN processing of DNS host names on or off (on at [`Level::Scheme`]).
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://XN--RSUM-BPAD.example.org/").unwrap();
    /// assert_eq!(iri::Normalizer::scheme().idn(false).normalize(&r), "http://xn--rsum-bpad.example.org/");
    /// ```
    pub fn idn(mut self, yes: bool) -> Self {
        self.idn = yes;
        self
    }

    /// Adds NFC (§5.3.2.2): for text that came from a non-UCS encoding, or when the
    /// application chooses it; equivalence must not rely on it otherwise.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/re\u{301}sume\u{301}").unwrap();
    /// assert_eq!(iri::Normalizer::syntax().nfc().normalize(&r), "http://a/r\u{E9}sum\u{E9}");
    /// ```
    #[cfg(feature = "unicode")]
    pub fn nfc(mut self) -> Self {
        self.chars = Chars::Nfc;
        self
    }

    /// Adds NFKC (§7.5, for creating IRIs): compatibility characters become their plain
    /// forms; an ASCII delimiter made this way is percent-encoded.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/\u{FB01}le\u{FF0F}x").unwrap();
    /// assert_eq!(iri::Normalizer::syntax().nfkc().normalize(&r), "http://a/file%2Fx");
    /// ```
    #[cfg(feature = "unicode")]
    pub fn nfkc(mut self) -> Self {
        self.chars = Chars::Nfkc;
        self
    }

    /// Normalizes an IRI reference. Borrowed when nothing changes.
    ///
    /// ```
    /// use iri::{IriRef, Normalizer};
    /// // The four equivalent http IRIs of §5.3.3.
    /// let n = Normalizer::scheme();
    /// for s in ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"] {
    ///     assert_eq!(n.normalize(&IriRef::parse(s).unwrap()), "http://example.com/");
    /// }
    /// ```
    pub fn normalize<'a, T: AsRef<str>>(&self, r: &'a IriRef<T>) -> IriRef<Cow<'a, str>> {
        let (text, pos) = self.cow(r.as_str(), r.positions());
        IriRef::from_parts(text, pos)
    }

    /// Parses `text` as an IRI reference ([`IriRef::parse`]) and normalizes it
    /// ([`Normalizer::normalize`]), in one step: borrowed when nothing changes. For a short
    /// common reference the parse's own pass over the text also tells whether the syntax-based
    /// steps have anything to change, so that the text is not read again to find out.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use iri::Normalizer;
    /// let n = Normalizer::syntax();
    /// let r = n.normalize_str("HTTP://Example.org/a/./b").unwrap();
    /// assert_eq!(r, "http://example.org/a/b");
    /// let same = n.normalize_str("http://example.org/a").unwrap();
    /// assert!(matches!(same.into_inner(), Cow::Borrowed("http://example.org/a")));
    /// assert!(n.normalize_str("http://a b").is_err());
    /// ```
    #[inline]
    pub fn normalize_str<'a>(
        &self,
        text: &'a str,
    ) -> Result<IriRef<Cow<'a, str>>, crate::ParseError> {
        let (p, known) = crate::parser::parse_marked(text, crate::Kind::IriReference)?;
        if known.is_some_and(|m| self.unchanged_by_marks(text, p, m)) {
            return Ok(IriRef::from_parts(Cow::Borrowed(text), p));
        }
        let (text, pos) = self.cow_marked(text, p, known);
        Ok(IriRef::from_parts(text, pos))
    }

    /// Normalizes an IRI; see [`Normalizer::normalize`].
    ///
    /// ```
    /// let i = iri::Iri::parse("HTTPS://Example.ORG:443").unwrap();
    /// assert_eq!(iri::Normalizer::scheme().normalize_iri(&i), "https://example.org/");
    /// ```
    pub fn normalize_iri<'a, T: AsRef<str>>(&self, i: &'a Iri<T>) -> Iri<Cow<'a, str>> {
        let (text, pos) = self.cow(i.as_str(), i.positions());
        Iri::from_parts(text, pos)
    }

    /// The normalized text of `s`, borrowed when it is `s` itself, and its positions.
    fn cow<'a>(&self, s: &'a str, p: Positions) -> (Cow<'a, str>, Positions) {
        if self.unchanged(s, p) {
            return (Cow::Borrowed(s), p);
        }
        self.written(s, p)
    }

    /// [`Normalizer::cow`], with what the parse found of the one-pass check, if it did
    /// ([`Normalizer::unchanged_marked`]).
    fn cow_marked<'a>(
        &self,
        s: &'a str,
        p: Positions,
        known: Option<crate::scan::NormalMarks>,
    ) -> (Cow<'a, str>, Positions) {
        if self.unchanged_marked(s, p, known) {
            return (Cow::Borrowed(s), p);
        }
        self.written(s, p)
    }

    /// The normalized text of `s` written out, borrowed when it is `s` after all.
    fn written<'a>(&self, s: &'a str, p: Positions) -> (Cow<'a, str>, Positions) {
        let mut out = String::with_capacity(s.len() + 4);
        let pos = self.write(s, p, &mut out);
        if out == s {
            (Cow::Borrowed(s), pos)
        } else {
            (Cow::Owned(out), pos)
        }
    }

    /// A key for hashing, sorting and deduplicating: equal keys mean equivalent references
    /// under this normalization.
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use iri::{IriRef, Normalizer};
    /// let n = Normalizer::syntax();
    /// let keys: HashSet<_> = ["http://a/~u", "http://a/%7eu", "HTTP://a/%7Eu", "http://a/v"]
    ///     .iter()
    ///     .map(|s| n.key(&IriRef::parse(*s).unwrap()))
    ///     .collect();
    /// assert_eq!(keys.len(), 2);
    /// ```
    pub fn key<T: AsRef<str>>(&self, r: &IriRef<T>) -> NormalizedKey {
        if self.unchanged(r.as_str(), r.positions()) {
            return NormalizedKey(String::from(r.as_str()));
        }
        let mut out = String::with_capacity(r.as_str().len() + 4);
        self.write(r.as_str(), r.positions(), &mut out);
        NormalizedKey(out)
    }

    /// Whether two references are equivalent under this normalization.
    ///
    /// ```
    /// use iri::{IriRef, Normalizer};
    /// let a = IriRef::parse("http://example.com/").unwrap();
    /// let b = IriRef::parse("http://example.com/?").unwrap();
    /// assert!(!Normalizer::scheme().equivalent(&a, &b));
    /// ```
    pub fn equivalent<A: AsRef<str>, B: AsRef<str>>(&self, a: &IriRef<A>, b: &IriRef<B>) -> bool {
        self.key(a) == self.key(b)
    }

    /// Writes the normalized text of `s` (positions `p`) into `out`; returns its positions.
    fn write(&self, s: &str, p: Positions, out: &mut String) -> Positions {
        let case = self.steps.contains(Steps::CASE);
        let scheme = parts::scheme(s, &p);
        if let Some(sc) = scheme {
            if case {
                out.extend(sc.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                out.push_str(sc);
            }
            out.push(':');
        }
        let scheme_end = out.len();
        let info = if self.scheme {
            scheme.and_then(|sc| self.registry.get(sc))
        } else {
            None
        };
        let authority = parts::authority(s, &p);
        if let Some(a) = authority {
            out.push_str("//");
            let (userinfo, host, port) = parts::split_authority(a);
            if let Some(u) = userinfo {
                self.text(u, Part::Userinfo, out);
                out.push('@');
            }
            self.host(host, info, out);
            if let Some(port) = port {
                let default = info.and_then(|i| i.port());
                // An empty port goes whatever the scheme (RFC 3986 §6.2.3); a default one
                // needs the registry.
                let drop = self.scheme
                    && (port.is_empty() || port_value(port).is_some_and(|v| Some(v) == default));
                if !drop {
                    out.push(':');
                    out.push_str(port);
                }
            }
        }
        let auth_end = out.len();
        let path = parts::path(s, &p);
        let path_start = out.len();
        self.text(path, Part::Path, out);
        if scheme.is_some()
            && self.steps.contains(Steps::DOT_SEGMENTS)
            && has_dot_segment(&out[path_start..])
        {
            let cleaned = remove_dot_segments(&out[path_start..]);
            out.truncate(path_start);
            out.push_str(&cleaned);
        }
        if authority.is_some()
            && out.len() == path_start
            && info.is_some_and(|i| i.is_empty_path_root())
        {
            out.push('/');
        }
        // A path may not start with "//" without an authority (as in resolution).
        fix_double_slash(out, path_start, authority.is_some());
        if self.scheme && authority.is_none() {
            if let Some(sc) = scheme {
                scheme_view_case(sc, out, path_start);
            }
        }
        let path_end = out.len();
        if let Some(q) = parts::query(s, &p) {
            out.push('?');
            self.text(q, Part::Query, out);
        }
        let query_end = out.len();
        if let Some(f) = parts::fragment(s, &p).filter(|_| !self.ignore_fragment) {
            out.push('#');
            self.text(f, Part::Fragment, out);
        }
        let pos = Positions::new(
            scheme_end as u32,
            auth_end as u32,
            path_end as u32,
            query_end as u32,
        );
        if self.form == Form::Uri {
            return crate::convert::to_uri_in_place(out, pos);
        }
        pos
    }

    /// Writes one host: IP literals lower-cased; registered names processed as text, then
    /// (scheme level, DNS schemes) through UTS #46, then lower-cased when ASCII.
    fn host(&self, host: &str, info: Option<&crate::SchemeInfo>, out: &mut String) {
        let case = self.steps.contains(Steps::CASE);
        if host.starts_with('[') {
            if case {
                out.extend(host.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                out.push_str(host);
            }
            return;
        }
        let start = out.len();
        self.text(host, Part::Host, out);
        #[cfg(feature = "idna")]
        if self.idn && info.is_some_and(|i| i.is_dns_host()) && !out[start..].contains('%') {
            let name = String::from(&out[start..]);
            let mapped = match self.form {
                Form::Iri => crate::idn::to_unicode(&name).ok(),
                Form::Uri => crate::idn::to_ascii_lenient(&name),
            };
            if let Some(m) = mapped {
                out.truncate(start);
                push_filtered(&m, Part::Host, out);
                return;
            }
        }
        #[cfg(not(feature = "idna"))]
        let _ = info;
        if case && out[start..].is_ascii() {
            lower_host(out, start);
        }
    }

    /// Writes the text of one component after the percent-encoding, case and character
    /// steps that apply to it.
    fn text(&self, s: &str, part: Part, out: &mut String) {
        let case = if self.steps.contains(Steps::CASE) {
            HexCase::Upper
        } else {
            HexCase::AsWritten
        };
        if self.chars == Chars::AsIs {
            self.percent(s, part, case, out);
            return;
        }
        let mut tmp = String::with_capacity(s.len());
        self.percent(s, part, case, &mut tmp);
        self.characters(&tmp, part, out);
    }

    fn percent(&self, s: &str, part: Part, case: HexCase, out: &mut String) {
        if self.steps.contains(Steps::PERCENT) {
            decode_region_with(s, part == Part::Query, case, out);
        } else if case == HexCase::Upper {
            upper_hex(s, out);
        } else {
            out.push_str(s);
        }
    }

    /// NFC or NFKC on the text between ASCII delimiters and percent-encodings.
    #[cfg(feature = "unicode")]
    fn characters(&self, s: &str, part: Part, out: &mut String) {
        let b = s.as_bytes();
        let mut from = 0;
        let mut i = 0;
        let flush = |out: &mut String, piece: &str| {
            if piece.is_ascii() {
                out.push_str(piece);
                return;
            }
            let mut norm = String::with_capacity(piece.len());
            match self.chars {
                Chars::Nfkc => norm.extend(crate::nf::nfkc(piece)),
                _ => norm.extend(crate::nf::nfc(piece)),
            }
            push_filtered(&norm, part, out);
        };
        while i < b.len() {
            let c = b[i];
            if c < 0x80 && !is(c, UNRESERVED) {
                flush(out, &s[from..i]);
                let n = if c == b'%' { 3 } else { 1 };
                out.push_str(&s[i..i + n]);
                i += n;
                from = i;
            } else {
                i += 1;
            }
        }
        flush(out, &s[from..]);
    }

    #[cfg(not(feature = "unicode"))]
    fn characters(&self, s: &str, _part: Part, out: &mut String) {
        out.push_str(s);
    }
}

/// Which component text belongs to, for what it may hold unencoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

/// The case rules of the scheme views in a path without authority (RFC 3987 §5.3.3, the
/// scheme-based rung): a `urn:` NID is case-insensitive (RFC 8141 §3.1: `urn:ISBN:1` is
/// `urn:isbn:1`), and so is the domain of each `mailto:` address (RFC 6068 §6.1, after RFC
/// 5321 §2.4: `a@EXAMPLE.com` is `a@example.com`; the local part keeps its case). The path
/// starts at `start` in `out`; `%XX` keeps its upper-case hex digits.
fn scheme_view_case(scheme: &str, out: &mut String, start: usize) {
    let path = &out[start..];
    let mut lowered = String::with_capacity(path.len());
    if scheme.eq_ignore_ascii_case("urn") {
        let Some(colon) = path.find(':') else { return };
        let nid = &path[..colon];
        let is_nid = (2..=32).contains(&nid.len())
            && nid.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-');
        if !is_nid {
            return;
        }
        lowered.push_str(&nid.to_ascii_lowercase());
        lowered.push_str(&path[colon..]);
    } else if scheme.eq_ignore_ascii_case("mailto") {
        for (i, address) in path.split(',').enumerate() {
            if i > 0 {
                lowered.push(',');
            }
            match address.rfind('@') {
                Some(at) => {
                    lowered.push_str(&address[..=at]);
                    lower_outside_escapes(&address[at + 1..], &mut lowered);
                }
                None => lowered.push_str(address),
            }
        }
    } else {
        return;
    }
    out.truncate(start);
    out.push_str(&lowered);
}

/// Appends `s` with its ASCII letters in lower case, but the hex digits of its `%XX`.
fn lower_outside_escapes(s: &str, out: &mut String) {
    let mut escape = 0;
    for c in s.chars() {
        if escape > 0 {
            escape -= 1;
            out.push(c);
        } else if c == '%' {
            escape = 2;
            out.push(c);
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
}

/// Appends text made by a mapping (NFKC, UTS #46): unreserved ASCII and characters the
/// component allows stay; anything else (a delimiter or space made from a compatibility
/// character, a bidi control) is percent-encoded as UTF-8.
#[cfg(any(feature = "unicode", feature = "idna"))]
fn push_filtered(s: &str, part: Part, out: &mut String) {
    // A host name keeps the sub-delims it was allowed to have; elsewhere the text comes from
    // between delimiters, so any delimiter here was made by the mapping.
    let (host, in_query) = (part == Part::Host, part == Part::Query);
    for c in s.chars() {
        if chars::kept_between_delimiters(c, host, in_query) {
            out.push(c);
        } else {
            pct::push_pct_char(out, c);
        }
    }
}

/// Lower-cases the ASCII host written from `start`, leaving the hex digits of its
/// percent-encodings in upper case (§5.3.2.1 wants both).
fn lower_host(out: &mut String, start: usize) {
    let host = String::from(&out[start..]);
    out.truncate(start);
    let mut rest = host.as_str();
    while let Some(i) = rest.find('%') {
        out.extend(rest[..i].chars().map(|c| c.to_ascii_lowercase()));
        out.extend(rest[i..i + 3].chars().map(|c| c.to_ascii_uppercase()));
        rest = &rest[i + 3..];
    }
    out.extend(rest.chars().map(|c| c.to_ascii_lowercase()));
}

/// Appends `s` with the hex digits of its percent-encodings in upper case.
pub(crate) fn upper_hex(s: &str, out: &mut String) {
    let mut rest = s;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let triplet = &rest[i..i + 3];
        out.extend(triplet.chars().map(|c| c.to_ascii_uppercase()));
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
}

/// The numeric value of a port, if it fits in `u16`.
fn port_value(port: &str) -> Option<u16> {
    let digits = port.trim_start_matches('0');
    if digits.is_empty() {
        return (!port.is_empty()).then_some(0);
    }
    digits.parse().ok()
}

/// A normalized reference as a key: `Eq`, `Ord` and `Hash` on the normalized text.
///
/// ```
/// use iri::{IriRef, Normalizer};
/// let n = Normalizer::scheme();
/// let a = n.key(&IriRef::parse("http://Example.com:80").unwrap());
/// assert_eq!(a.as_str(), "http://example.com/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NormalizedKey(String);

impl NormalizedKey {
    /// The normalized text.
    ///
    /// ```
    /// let k = iri::Normalizer::syntax().key(&iri::IriRef::parse("A:b").unwrap());
    /// assert_eq!(k.as_str(), "a:b");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The normalized text, owned.
    ///
    /// ```
    /// let k = iri::Normalizer::syntax().key(&iri::IriRef::parse("A:b").unwrap());
    /// assert_eq!(k.into_string(), "a:b");
    /// ```
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for NormalizedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether two references are equivalent at `level` (with the defaults of
/// [`Normalizer::new`]).
///
/// ```
/// use iri::{equivalent, IriRef, Level};
/// let a = IriRef::parse("http://example.org/~user").unwrap();
/// let b = IriRef::parse("http://example.org/%7euser").unwrap();
/// assert!(!equivalent(&a, &b, Level::Simple));
/// assert!(equivalent(&a, &b, Level::Syntax));
/// ```
pub fn equivalent<A: AsRef<str>, B: AsRef<str>>(
    a: &IriRef<A>,
    b: &IriRef<B>,
    level: Level,
) -> bool {
    Normalizer::new(level).equivalent(a, b)
}

/// The lowest rung of the ladder at which two references are equivalent, if any.
///
/// ```
/// use iri::{equivalence_level, IriRef, Level};
/// let p = |s| IriRef::parse(s).unwrap();
/// assert_eq!(equivalence_level(&p("a:b"), &p("a:b")), Some(Level::Simple));
/// assert_eq!(equivalence_level(&p("A:b"), &p("a:b")), Some(Level::Syntax));
/// assert_eq!(equivalence_level(&p("http://x#"), &p("http://x")), None);
/// ```
pub fn equivalence_level<A: AsRef<str>, B: AsRef<str>>(
    a: &IriRef<A>,
    b: &IriRef<B>,
) -> Option<Level> {
    [Level::Simple, Level::Syntax, Level::Scheme]
        .into_iter()
        .find(|&level| equivalent(a, b, level))
}
