//! The wider grammar, as an explicit parse mode (RFC 3987 §3.1, last paragraphs; the July
//! 2002 IRI draft §2.2; LEIRIs, the W3C note on XML system identifiers).
//!
//! RFC 3987 excludes the printable US-ASCII characters that URIs exclude: space, `<`, `>`,
//! `"`, `{`, `}`, `|`, `\`, `^` and `` ` ``. The 2002 draft allowed them (`ichar = … | space
//! | delims | unwise`), and so do XML system identifiers and LEIRIs, which also allow the
//! control characters, the other non-`ucschar` code points and the bidi formatting
//! characters. RFC 3987 §3.1 lets systems accepting IRIs percent-encode these characters in
//! the IRI→URI mapping, and says that if they are found but not converted, the conversion
//! SHOULD fail. `#`, `%`, `[` and `]` are never converted: they are delimiters (or start a
//! percent-encoding), so a stray one stays an error.
//!
//! [`LenientIriRef`] keeps the original text, reports each character that only the wider
//! grammar allows (a [`Widened`] warning with its byte offset, its character and its
//! component), and holds the strict [`IriRef`] obtained by percent-encoding exactly those
//! characters (as UTF-8, upper-case hex) and parsing the result strictly. None of them is a
//! delimiter, so the components of the strict value are those of the original; positions in
//! errors and warnings are offsets in the original text. [`ParseMode::Strict`] is the strict
//! parser, with no fallback. The mode is always chosen by the caller. A text the strict
//! grammar accepts is parsed once and borrowed; only a text holding characters to widen is
//! encoded and parsed again.
//!
//! Left out on purpose: LEIRI's U+FFFE and U+FFFF (not in `leiri-ucschar`) stay errors; the
//! wider characters in the scheme cannot be rescued (the scheme allows no percent-encoding),
//! so such input fails as the strict parser says.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::chars::{self, is_leiri_char, is_wider_ascii};
use crate::error::{fmt_char, Component, ParseError};
use crate::iri::parts;
use crate::parser::{self, Kind, Positions};
use crate::pct::push_pct_char;
use crate::{IriRef, UriRef};

/// Which grammar a lenient parse accepts.
///
/// ```
/// use iri::legacy::{LenientIriRef, ParseMode};
/// assert!(LenientIriRef::parse("http://a/b c", ParseMode::Strict).is_err());
/// assert!(LenientIriRef::parse("http://a/b c", ParseMode::Lenient).is_ok());
/// assert!(LenientIriRef::parse("http://a/b\tc", ParseMode::Lenient).is_err());
/// assert!(LenientIriRef::parse("http://a/b\tc", ParseMode::Leiri).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ParseMode {
    /// RFC 3987 §2.2 exactly, as [`IriRef::parse`].
    Strict,
    /// Also space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and `` ` `` (the 2002 draft's
    /// `space`, `delims` and `unwise` without `#` and `%`; RFC 3987 §3.1).
    Lenient,
    /// LEIRI: also the C0 controls, DEL, the C1 controls, every other non-`ucschar` code
    /// point but U+FFFE and U+FFFF, private-use characters outside the query, and the bidi
    /// formatting characters (`leiri-ucschar`, W3C LEIRI note).
    Leiri,
}

impl ParseMode {
    /// The kebab-case name, as the `iri` command writes it.
    ///
    /// ```
    /// assert_eq!(iri::legacy::ParseMode::Leiri.as_str(), "leiri");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ParseMode::Strict => "strict",
            ParseMode::Lenient => "lenient",
            ParseMode::Leiri => "leiri",
        }
    }
}

/// Why the wider grammar allows a character that RFC 3987 does not.
///
/// ```
/// use iri::legacy::{LenientIriRef, ParseMode, WideKind};
/// let r = LenientIriRef::parse("/a b{c}", ParseMode::Lenient).unwrap();
/// let kinds: Vec<_> = r.warnings().iter().map(|w| w.kind).collect();
/// assert_eq!(kinds, [WideKind::Space, WideKind::Unwise, WideKind::Unwise]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WideKind {
    /// U+0020 SPACE (`space`).
    Space,
    /// `<`, `>` or `"` (`delims`).
    Delimiter,
    /// `{`, `}`, `|`, `\`, `^` or `` ` `` (`unwise`).
    Unwise,
    /// A C0 or C1 control character or DEL (LEIRI only).
    Control,
    /// A bidi formatting character, which RFC 3987 §4.1 forbids (LEIRI only).
    BidiFormatting,
    /// Another code point outside `ucschar` (and outside `iprivate` in the query), such as a
    /// noncharacter or a private-use character (LEIRI only).
    NotUcschar,
}

impl WideKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(iri::legacy::WideKind::NotUcschar.as_str(), "not-ucschar");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            WideKind::Space => "space",
            WideKind::Delimiter => "delimiter",
            WideKind::Unwise => "unwise",
            WideKind::Control => "control",
            WideKind::BidiFormatting => "bidi-formatting",
            WideKind::NotUcschar => "not-ucschar",
        }
    }

    /// Where the wider grammar that allows it is defined.
    ///
    /// ```
    /// use iri::legacy::WideKind;
    /// assert_eq!(WideKind::Unwise.section(), "RFC 3987 §3.1; IRI draft of July 2002 §2.2");
    /// assert_eq!(WideKind::Control.section(), "W3C LEIRI note (leiri-ucschar)");
    /// ```
    pub const fn section(self) -> &'static str {
        match self {
            WideKind::Space | WideKind::Delimiter | WideKind::Unwise => {
                "RFC 3987 §3.1; IRI draft of July 2002 §2.2"
            }
            WideKind::Control | WideKind::NotUcschar => "W3C LEIRI note (leiri-ucschar)",
            WideKind::BidiFormatting => "RFC 3987 §4.1; W3C LEIRI note (leiri-ucschar)",
        }
    }

    fn of(c: char) -> WideKind {
        match c {
            ' ' => WideKind::Space,
            '<' | '>' | '"' => WideKind::Delimiter,
            '{' | '}' | '|' | '\\' | '^' | '`' => WideKind::Unwise,
            c if c.is_control() => WideKind::Control,
            c if chars::is_bidi_formatting(c as u32) => WideKind::BidiFormatting,
            _ => WideKind::NotUcschar,
        }
    }
}

/// A character that only the wider grammar allows: a warning, with where it is.
///
/// ```
/// use iri::legacy::{LenientIriRef, ParseMode};
/// use iri::Component;
/// let r = LenientIriRef::parse("http://a/?q=<x>", ParseMode::Lenient).unwrap();
/// let w = r.warnings()[0];
/// assert_eq!((w.offset, w.ch, w.component), (12, '<', Component::Query));
/// assert_eq!(
///     w.to_string(),
///     "U+003C LESS-THAN SIGN at byte 12 in the query is not allowed in an RFC 3987 IRI; \
///      accepted by the wider grammar (a delimiter) and percent-encoded (RFC 3987 §3.1)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Widened {
    /// The byte offset of the character in the original text.
    pub offset: usize,
    /// The character.
    pub ch: char,
    /// The component it is in.
    pub component: Component,
    /// Why the wider grammar allows it.
    pub kind: WideKind,
}

impl Widened {
    /// The byte range of the character in the original text.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/a\u{85}", ParseMode::Leiri).unwrap();
    /// assert_eq!(r.warnings()[0].span(), 2..4);
    /// ```
    pub fn span(&self) -> core::ops::Range<usize> {
        self.offset..self.offset + self.ch.len_utf8()
    }
}

impl fmt::Display for Widened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_char(f, self.ch)?;
        let what = match self.kind {
            WideKind::Space => "the wider grammar (space)",
            WideKind::Delimiter => "the wider grammar (a delimiter)",
            WideKind::Unwise => "the wider grammar (unwise)",
            WideKind::Control => "LEIRI (a control character)",
            WideKind::BidiFormatting => "LEIRI (a bidi formatting character, RFC 3987 §4.1)",
            WideKind::NotUcschar => "LEIRI (not ucschar)",
        };
        write!(
            f,
            " at byte {} in the {} is not allowed in an RFC 3987 IRI; accepted by {what} and \
             percent-encoded (RFC 3987 §3.1)",
            self.offset, self.component
        )
    }
}

/// What a conversion to a URI does with the characters only the wider grammar allows.
///
/// ```
/// use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
/// let r = LenientIriRef::parse("/a b", ParseMode::Lenient).unwrap();
/// assert_eq!(r.to_uri_with(ExtraChars::PercentEncode).unwrap(), "/a%20b");
/// assert!(r.to_uri_with(ExtraChars::Fail).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtraChars {
    /// Percent-encode them (RFC 3987 §3.1: systems accepting IRIs MAY).
    PercentEncode,
    /// Do not convert them, so fail when there are any (§3.1: "if these characters are found
    /// but are not converted, then the conversion SHOULD fail").
    Fail,
}

/// A strict conversion that met a character only the wider grammar allows.
///
/// ```
/// use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
/// let r = LenientIriRef::parse("http://a/b|c", ParseMode::Lenient).unwrap();
/// let err = r.to_uri_with(ExtraChars::Fail).unwrap_err();
/// assert_eq!(err.widened().offset, 10);
/// assert_eq!(
///     err.to_string(),
///     "cannot map to a URI: U+007C VERTICAL LINE at byte 10 in the path is not allowed in \
///      a URI and is not converted, so the conversion fails (RFC 3987 §3.1)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtraCharError {
    widened: Widened,
}

impl ExtraCharError {
    /// The first such character.
    ///
    /// ```
    /// use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("a^b", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.to_uri_with(ExtraChars::Fail).unwrap_err().widened().ch, '^');
    /// ```
    pub fn widened(&self) -> Widened {
        self.widened
    }
}

impl fmt::Display for ExtraCharError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot map to a URI: ")?;
        fmt_char(f, self.widened.ch)?;
        write!(
            f,
            " at byte {} in the {} is not allowed in a URI and is not converted, so the \
             conversion fails (RFC 3987 §3.1)",
            self.widened.offset, self.widened.component
        )
    }
}

impl core::error::Error for ExtraCharError {}

/// One percent-encoded character: where it was and where its triplets are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Replacement {
    orig: usize,
    orig_len: usize,
    enc: usize,
    enc_len: usize,
    ch: char,
}

/// An IRI reference read with a wider grammar: the original text, the characters only the
/// wider grammar allows, and the strict IRI reference in which exactly those characters are
/// percent-encoded.
///
/// ```
/// use iri::legacy::{LenientIriRef, ParseMode};
/// let r = LenientIriRef::parse("http://example.org/my file.html#{x}", ParseMode::Lenient)?;
/// assert_eq!(r.original(), "http://example.org/my file.html#{x}");
/// assert_eq!(r.as_iri_ref(), "http://example.org/my%20file.html#%7Bx%7D");
/// assert_eq!(r.warnings().len(), 3);
/// assert_eq!(r.original_path(), "/my file.html");
/// assert_eq!(r.to_uri(), "http://example.org/my%20file.html#%7Bx%7D");
/// # Ok::<(), iri::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct LenientIriRef<'a> {
    original: &'a str,
    iri: IriRef<Cow<'a, str>>,
    widened: Vec<Widened>,
    replaced: Vec<Replacement>,
}

impl<'a> LenientIriRef<'a> {
    /// Parses `text` as an `IRI-reference` in the given mode.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("file:///C:/Program Files/", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.as_iri_ref().path(), "/C:/Program%20Files/");
    /// // `#`, `%`, `[` and `]` are never converted.
    /// assert!(LenientIriRef::parse("/a#b#c", ParseMode::Lenient).is_err());
    /// assert!(LenientIriRef::parse("/100%", ParseMode::Leiri).is_err());
    /// ```
    pub fn parse(text: &'a str, mode: ParseMode) -> Result<Self, ParseError> {
        Self::parse_kind(text, mode, Kind::IriReference)
    }

    /// Parses `text` against the grammar rule `kind` in the given mode. Errors carry offsets
    /// in `text`.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// use iri::{ErrorKind, Kind};
    /// let err = LenientIriRef::parse_kind("a b", ParseMode::Lenient, Kind::Iri).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::MissingScheme);
    /// let err = LenientIriRef::parse_kind("http://a:8 0/", ParseMode::Lenient, Kind::Iri)
    ///     .unwrap_err();
    /// assert_eq!((err.kind(), err.offset(), err.char()), (ErrorKind::InvalidPort, 10, Some(' ')));
    /// ```
    pub fn parse_kind(text: &'a str, mode: ParseMode, kind: Kind) -> Result<Self, ParseError> {
        // A strictly valid text holds no character that a wider grammar would encode (each
        // is one the strict grammar rejects where it stands): most inputs stop here.
        let strict_err = match parser::parse(text, kind) {
            Ok(pos) => {
                return Ok(LenientIriRef {
                    original: text,
                    iri: IriRef::from_parts(Cow::Borrowed(text), pos),
                    widened: Vec::new(),
                    replaced: Vec::new(),
                })
            }
            Err(e) => e,
        };
        let (encoded, replaced) = widen(text, mode);
        // Nothing widened (always so in strict mode): parsing again would fail the same way.
        if replaced.is_empty() {
            return Err(strict_err);
        }
        let pos = match parser::parse(&encoded, kind) {
            Ok(pos) => pos,
            Err(mut e) => {
                let (at, ch) = to_original(&replaced, e.offset);
                e.offset = at;
                if let Some(ch) = ch {
                    e.ch = Some(ch);
                }
                return Err(e);
            }
        };
        let widened = replaced
            .iter()
            .map(|r| Widened {
                offset: r.orig,
                ch: r.ch,
                component: component_at(&encoded, pos, r.enc),
                kind: WideKind::of(r.ch),
            })
            .collect();
        Ok(LenientIriRef {
            original: text,
            iri: IriRef::from_parts(encoded, pos),
            widened,
            replaced,
        })
    }

    /// The text as given.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// assert_eq!(LenientIriRef::parse("a b", ParseMode::Lenient).unwrap().original(), "a b");
    /// ```
    pub fn original(&self) -> &'a str {
        self.original
    }

    /// The strict IRI reference: the original with the wider characters percent-encoded.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("x?a=\"b\"", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.as_iri_ref().query(), Some("a=%22b%22"));
    /// ```
    pub fn as_iri_ref(&self) -> IriRef<&str> {
        self.iri.as_borrowed()
    }

    /// Gives back the strict IRI reference (borrowing the original when nothing was
    /// encoded).
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/ok", ParseMode::Leiri).unwrap();
    /// assert!(matches!(r.into_iri_ref().into_inner(), std::borrow::Cow::Borrowed(_)));
    /// ```
    pub fn into_iri_ref(self) -> IriRef<Cow<'a, str>> {
        self.iri
    }

    /// The characters only the wider grammar allows, in order: one warning each.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// assert!(LenientIriRef::parse("/é", ParseMode::Lenient).unwrap().warnings().is_empty());
    /// ```
    pub fn warnings(&self) -> &[Widened] {
        &self.widened
    }

    /// Whether the text is a strict RFC 3987 IRI reference (no warnings).
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// assert!(!LenientIriRef::parse("/a\\b", ParseMode::Lenient).unwrap().is_strict());
    /// ```
    pub fn is_strict(&self) -> bool {
        self.widened.is_empty()
    }

    /// Maps to a URI reference (RFC 3987 §3.1), the wider characters percent-encoded.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/ä b", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.to_uri(), "/%C3%A4%20b");
    /// ```
    pub fn to_uri(&self) -> UriRef<Cow<'_, str>> {
        self.iri.to_uri()
    }

    /// Maps to a URI reference, doing with the wider characters what `extra` says.
    ///
    /// ```
    /// use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/ä", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.to_uri_with(ExtraChars::Fail).unwrap(), "/%C3%A4");
    /// ```
    pub fn to_uri_with(&self, extra: ExtraChars) -> Result<UriRef<Cow<'_, str>>, ExtraCharError> {
        match (extra, self.widened.first()) {
            (ExtraChars::Fail, Some(&widened)) => Err(ExtraCharError { widened }),
            _ => Ok(self.to_uri()),
        }
    }

    /// The scheme, as written in the original (it never holds a wider character).
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("http://a/ b", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.original_scheme(), Some("http"));
    /// ```
    pub fn original_scheme(&self) -> Option<&'a str> {
        self.iri.scheme().map(|s| &self.original[..s.len()])
    }

    /// The authority, as written in the original.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("//a|b/c", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.original_authority(), Some("a|b"));
    /// ```
    pub fn original_authority(&self) -> Option<&'a str> {
        let a = self.iri.authority()?;
        Some(self.original_slice(a))
    }

    /// The path, as written in the original.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/a b?c d", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.original_path(), "/a b");
    /// ```
    pub fn original_path(&self) -> &'a str {
        self.original_slice(self.iri.path())
    }

    /// The query, as written in the original.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/a b?c d#e f", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.original_query(), Some("c d"));
    /// ```
    pub fn original_query(&self) -> Option<&'a str> {
        let q = self.iri.query()?;
        Some(self.original_slice(q))
    }

    /// The fragment, as written in the original.
    ///
    /// ```
    /// use iri::legacy::{LenientIriRef, ParseMode};
    /// let r = LenientIriRef::parse("/a b?c d#e f", ParseMode::Lenient).unwrap();
    /// assert_eq!(r.original_fragment(), Some("e f"));
    /// ```
    pub fn original_fragment(&self) -> Option<&'a str> {
        let f = self.iri.fragment()?;
        Some(self.original_slice(f))
    }

    /// The part of the original that the slice `part` of the strict text stands for.
    fn original_slice(&self, part: &str) -> &'a str {
        let text = self.iri.as_str();
        let start = part.as_ptr() as usize - text.as_ptr() as usize;
        let end = start + part.len();
        // Component boundaries are never inside a triplet.
        let (a, _) = to_original(&self.replaced, start);
        let (b, _) = to_original(&self.replaced, end);
        &self.original[a..b]
    }
}

/// Whether the wider grammar of `mode` percent-encodes `c`, which the strict grammar rejects
/// (or, with `in_query`, where it stands).
fn widens(mode: ParseMode, c: char, in_query: bool) -> bool {
    let n = c as u32;
    let wider_ascii = n < 0x80 && is_wider_ascii(n as u8);
    match mode {
        ParseMode::Strict => false,
        ParseMode::Lenient => wider_ascii,
        // No ASCII character is allowed unencoded, so this takes the C0 controls and DEL too.
        ParseMode::Leiri => {
            wider_ascii || (is_leiri_char(n) && !chars::allowed_unencoded(n, in_query))
        }
    }
}

/// The text with the characters `mode` widens percent-encoded, and where each was.
fn widen(text: &str, mode: ParseMode) -> (Cow<'_, str>, Vec<Replacement>) {
    if mode == ParseMode::Strict {
        return (Cow::Borrowed(text), Vec::new());
    }
    // RFC 3986 Appendix B: the query runs from the first '?' before any '#' to the next '#'.
    let hash = text.find('#').unwrap_or(text.len());
    let query = text[..hash].find('?').map_or(hash..hash, |q| q..hash);
    let mut replaced = Vec::new();
    let mut out = String::new();
    let mut from = 0;
    for (i, c) in text.char_indices() {
        if !widens(mode, c, query.contains(&i)) {
            continue;
        }
        if out.is_empty() {
            out.reserve(text.len() + 8);
        }
        out.push_str(&text[from..i]);
        let enc = out.len();
        push_pct_char(&mut out, c);
        replaced.push(Replacement {
            orig: i,
            orig_len: c.len_utf8(),
            enc,
            enc_len: out.len() - enc,
            ch: c,
        });
        from = i + c.len_utf8();
    }
    if replaced.is_empty() {
        return (Cow::Borrowed(text), replaced);
    }
    out.push_str(&text[from..]);
    (Cow::Owned(out), replaced)
}

/// The original offset of the strict text's offset `e`, and the original character when `e`
/// falls in a triplet that encodes one.
fn to_original(replaced: &[Replacement], e: usize) -> (usize, Option<char>) {
    let n = replaced.partition_point(|r| r.enc <= e);
    let Some(r) = n.checked_sub(1).map(|k| replaced[k]) else {
        return (e, None);
    };
    if e < r.enc + r.enc_len {
        (r.orig, Some(r.ch))
    } else {
        (e - (r.enc + r.enc_len) + r.orig + r.orig_len, None)
    }
}

/// The component of the strict text `s` (with positions `p`) that holds offset `e`.
fn component_at(s: &str, p: Positions, e: usize) -> Component {
    let (scheme_end, auth_end) = (p.scheme_end as usize, p.auth_end as usize);
    if e < scheme_end {
        Component::Scheme
    } else if e < auth_end {
        let auth_start = scheme_end + 2;
        let (userinfo, host, _) = parts::split_authority(&s[auth_start..auth_end]);
        let host_start = auth_start + userinfo.map_or(0, |u| u.len() + 1);
        if e < host_start {
            Component::Userinfo
        } else if e < host_start + host.len() {
            Component::Host
        } else {
            Component::Port
        }
    } else if e < p.path_end as usize {
        Component::Path
    } else if e < p.query_end() as usize {
        Component::Query
    } else {
        Component::Fragment
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_back() {
        let (enc, rep) = widen("a b\u{85}c", ParseMode::Leiri);
        assert_eq!(enc, "a%20b%C2%85c");
        assert_eq!(to_original(&rep, 0), (0, None));
        assert_eq!(to_original(&rep, 2), (1, Some(' ')));
        assert_eq!(to_original(&rep, 4), (2, None));
        assert_eq!(to_original(&rep, 5), (3, Some('\u{85}')));
        assert_eq!(to_original(&rep, 11), (5, None));
        assert_eq!(to_original(&rep, 12), (6, None));
    }

    #[test]
    fn private_use_is_widened_outside_the_query_only() {
        let (enc, _) = widen("/\u{E000}?\u{E000}#\u{E000}", ParseMode::Leiri);
        assert_eq!(enc, "/%EE%80%80?\u{E000}#%EE%80%80");
    }
}
