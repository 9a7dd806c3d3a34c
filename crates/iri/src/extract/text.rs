//! IRIs in plain text (RFC 3987 §7.3, RFC 3986 Appendix C).
//!
//! [`find_iris`] walks a text and yields every IRI candidate with its byte span, its line and
//! column, and how it was delimited. The heuristics:
//!
//! - A candidate starts at a scheme followed by `:`: either `//` comes next, or the scheme is
//!   one of the schemes without authority people write in text ([`OPAQUE_SCHEMES`]: `mailto`,
//!   `urn`, `data`, `tel`, …). So `Note: this` is not a candidate, `mailto:a@b` is.
//! - It runs over the characters an IRI may hold: ASCII `unreserved`, `reserved` and `%`, and
//!   every non-ASCII `ucschar` or `iprivate` character. RFC 3987 §7.3: "a non-ASCII character
//!   should not be taken as the indication of the end of an IRI". A non-ASCII character that
//!   no IRI can hold (a bidi formatting character, a noncharacter, a C1 control) ends it, as
//!   do space, controls and `<>"{}|\^``.
//! - Trailing sentence punctuation (`.` `,` `;` `:` `!` `?` `'`) is left out, and so is a
//!   closing `)`, `]` or `}` that has no opening partner inside the candidate, repeatedly:
//!   `(see http://a/b_(c)).` yields `http://a/b_(c)`.
//! - `<…>` delimits (Appendix C): the text inside is taken whole, with the old `URL:` prefix
//!   removed and any whitespace inside removed (a long URI broken across lines); punctuation is
//!   then kept. The inside must start with a scheme, unless the `URL:` prefix says it is one.
//!   A hyphen before a line break is kept (Appendix C: it "may or may not actually be part of
//!   the URI"; the hyphen is the more likely reading, as no whitespace should follow one).
//! - An IRI wrapped for bidi display (RFC 3987 §4.1: LRE … PDF, or LRI … PDI, or LRM around
//!   it) is found without its wrapping characters, and marked [`Delimiter::Bidi`].
//!
//! # Non-ASCII punctuation and prose (Unicode properties)
//!
//! RFC 3987 §7.3 allows non-ASCII characters inside IRIs, so the end of an IRI in text is
//! decided by what the Unicode Character Database says a character is (general category,
//! script and block; the data of ICU4X's `icu_properties`), never by "non-ASCII" alone:
//!
//! - **Trailing punctuation.** Non-ASCII punctuation at the end of a candidate (general
//!   categories Pd, Ps, Pe, Pi, Pf and Po: `。` `、` `»` `”` `’` `…` `—` `¿`) is left out like
//!   its ASCII cousins, repeatedly and together with them (`…/été».` yields `…/été`). A closing
//!   bracket (Pe) is kept when the candidate holds more opening brackets (Ps) than closing
//!   ones, as for `)`. Connector punctuation (Pc, like `_`) is kept.
//! - **Spaces and CJK punctuation end a candidate.** A non-ASCII space (general category Zs:
//!   U+00A0 NO-BREAK SPACE, U+3000 IDEOGRAPHIC SPACE, …) ends a candidate like U+0020 does, and
//!   so does any punctuation of the blocks CJK Symbols and Punctuation (U+3000–U+303F: `。`
//!   `、` `「` `」` `【` `〜`) and Halfwidth and Fullwidth Forms (`（` `）` `！` `，` `｡`):
//!   they are written in Chinese, Japanese and Korean prose, while an IRI uses the ASCII
//!   forms. `・` (U+30FB KATAKANA MIDDLE DOT, in the Katakana block) is not among them and
//!   stays inside: `…/ジョン・レノン`.
//! - **Prose directly after a dot-suffix.** Chinese, Japanese, Thai and other writing without
//!   spaces between words puts the sentence right after an IRI. A letter (general category L)
//!   of a script other than Latin (and not Common or Inherited) ends a candidate when it comes
//!   directly after a *dot-suffix*: a `.` and one or more ASCII letters or digits, as in a
//!   file name's extension or the end of a host name. So
//!   `詳細はhttp://example.jp/索引.htmlをご覧ください。` yields `http://example.jp/索引.html`,
//!   `http://example.jpを` yields `http://example.jp`, and Arabic or Thai text right after
//!   `.php` or `.com` is left out alike; `…/wiki/NHK紅白歌合戦` and `…/wiki/2020年` keep their
//!   non-ASCII letters (no dot-suffix before them), and so do `…/résumé` and `…/Москва`.
//!
//! What these rules cannot tell apart, and take into the candidate: prose glued to an IRI
//! whose end is not a dot-suffix (`…/索引をご覧ください`, `…/aboutをご覧ください`), since
//! `…/東京の天気` is a path in the same characters. Such an IRI runs to the next space, CJK
//! punctuation or character that no IRI can hold; a writer can delimit it with a space or
//! `<…>`.
//!
//! Left out on purpose: IRIs without a scheme (`www.example.org`), since guessing a scheme is
//! not this crate's business; double quotes need no special rule, as `"` cannot occur in an
//! IRI. Candidates are not validated here: [`TextMatch::parse`] does that, so that an invalid
//! candidate is reported rather than dropped.

use alloc::borrow::Cow;
use core::ops::Range;

use icu_properties::props::{Block, GeneralCategory, GeneralCategoryGroup, Script};
use icu_properties::CodePointMapData;

use crate::chars::{allowed_unencoded, is, ALPHA, SCHEME, URI_CHAR};
use crate::{IriRef, ParseError};

/// Schemes without an authority that are recognised in running text without `//` after them.
///
/// ```
/// assert!(iri::extract::OPAQUE_SCHEMES.contains(&"mailto"));
/// ```
pub const OPAQUE_SCHEMES: &[&str] = &[
    "mailto", "urn", "data", "tel", "news", "tag", "sip", "sips", "xmpp", "geo", "magnet", "fax",
    "sms", "cid", "mid", "about",
];

/// How a candidate was delimited in the text.
///
/// ```
/// use iri::extract::{find_iris, Delimiter};
/// let found: Vec<_> = find_iris("<URL:http://a/b>").collect();
/// assert_eq!(found[0].delimiter, Delimiter::AngleUrl);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// No delimiter: the end was found by the characters and the punctuation rules.
    None,
    /// `<…>` (RFC 3986 Appendix C).
    Angle,
    /// `<URL:…>`, the formerly recommended form (RFC 3986 Appendix C).
    AngleUrl,
    /// Bidi formatting characters around it (RFC 3987 §4.1): LRE/RLE/LRI/RLI/FSI/LRM/RLM before,
    /// PDF/PDI/LRM/RLM after.
    Bidi,
}

/// One IRI candidate found in text.
///
/// ```
/// let m = iri::extract::find_iris("go to\nhttp://例え.jp/パス。").next().unwrap();
/// assert_eq!(m.text, "http://例え.jp/パス");
/// assert_eq!((m.line, m.column), (2, 1));
/// assert_eq!(m.span, 6..29);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMatch<'a> {
    /// The IRI text: the span itself, or (inside `<…>`) the span with whitespace removed.
    pub text: Cow<'a, str>,
    /// The byte range in the text searched, without delimiters.
    pub span: Range<usize>,
    /// The 1-based line of the span's start (lines end at LF).
    pub line: usize,
    /// The 1-based column of the span's start, in characters (Unicode scalar values).
    pub column: usize,
    /// How it was delimited.
    pub delimiter: Delimiter,
}

impl TextMatch<'_> {
    /// Parses the candidate as an `IRI-reference` (RFC 3987 §2.2). Error offsets are within
    /// [`text`](Self::text).
    ///
    /// ```
    /// let m = iri::extract::find_iris("<http://a/\u{FFFF}>").next().unwrap();
    /// assert_eq!(m.parse().unwrap_err().offset(), 9);
    /// ```
    pub fn parse(&self) -> Result<IriRef<&str>, ParseError> {
        IriRef::parse(&*self.text)
    }
}

/// Finds the IRI candidates in `text`, in order. See the [module docs](self) for the rules.
///
/// ```
/// let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
///             but you can probably pick it up from <ftp://foo.example.\n\
///             com/rfc/>.";
/// let found: Vec<_> = iri::extract::find_iris(text).map(|m| m.text.into_owned()).collect();
/// assert_eq!(found, ["http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/"]);
/// ```
pub fn find_iris(text: &str) -> TextMatches<'_> {
    find_iris_with(text, Scan::default())
}

/// How [`find_iris_with`] scans, beyond the rules of the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Scan {
    /// The wider grammar (RFC 3987 §3.1; the 2002 draft): `{}|\^`` continue a candidate.
    pub(crate) lenient: bool,
    /// Text content of a document, markup already decoded: `<…>` delimits only a candidate
    /// that would start one in running text too (scheme and `//`, or an [`OPAQUE_SCHEMES`]
    /// scheme), since a `<` there is escaped markup (`&lt;xsl:number level="any"/&gt;`).
    pub(crate) markup: bool,
}

/// [`find_iris`] scanning as `scan` says.
pub(crate) fn find_iris_with(text: &str, scan: Scan) -> TextMatches<'_> {
    TextMatches {
        text,
        pos: 0,
        cursor: Cursor::new(),
        scan,
    }
}

/// The iterator of [`find_iris`].
///
/// ```
/// let n = iri::extract::find_iris("a http://a b urn:x:y").count();
/// assert_eq!(n, 2);
/// ```
#[derive(Debug, Clone)]
pub struct TextMatches<'a> {
    text: &'a str,
    pos: usize,
    cursor: Cursor,
    scan: Scan,
}

/// Line and column bookkeeping that only moves forward.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
}

impl Cursor {
    pub(crate) const fn new() -> Self {
        Cursor {
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Moves to `to` and returns (line, column) there; before the current offset, it counts
    /// again from the start.
    pub(crate) fn advance(&mut self, text: &str, to: usize) -> (usize, usize) {
        if to < self.offset {
            *self = Cursor::new();
        }
        for c in text[self.offset..to].chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset = to;
        (self.line, self.column)
    }
}

/// Whether `c` may continue an IRI candidate (with `lenient`, in the wider grammar).
fn continues(c: char, lenient: bool) -> bool {
    if c.is_ascii() {
        is(c as u8, URI_CHAR) || (lenient && matches!(c, '{' | '}' | '|' | '\\' | '^' | '`'))
    } else {
        allowed_unencoded(c as u32, true)
    }
}

/// The general category of `c` (Unicode Character Database, through `icu_properties`).
fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// Whether `c` is punctuation that a sentence puts after an IRI: any general category P
/// but Pc (connector punctuation, like `_`).
fn is_sentence_punctuation(category: GeneralCategory) -> bool {
    GeneralCategoryGroup::Punctuation.contains(category)
        && category != GeneralCategory::ConnectorPunctuation
}

/// Whether the non-ASCII `c` ends a candidate wherever it stands: a space (Zs), or
/// punctuation of the CJK Symbols and Punctuation or Halfwidth and Fullwidth Forms blocks.
fn ends_candidate(c: char) -> bool {
    let gc = category(c);
    if gc == GeneralCategory::SpaceSeparator {
        return true;
    }
    if !GeneralCategoryGroup::Punctuation.contains(gc) {
        return false;
    }
    let block = CodePointMapData::<Block>::new().get(c);
    block == Block::CJKSymbolsAndPunctuation || block == Block::HalfwidthAndFullwidthForms
}

/// Whether the non-ASCII `c` starts prose when it follows a dot-suffix: a letter of a script
/// other than Latin, Common and Inherited.
fn starts_prose(c: char) -> bool {
    if !GeneralCategoryGroup::Letter.contains(category(c)) {
        return false;
    }
    // The `Script` value from the `Script_Extensions` data, the one script table the
    // diagnostics read too.
    let script = icu_properties::script::ScriptWithExtensions::new().get_script_val(c);
    script != Script::Latin && script != Script::Common && script != Script::Inherited
}

/// Whether `c` opens a bidi wrapping (RFC 3987 §4.1).
fn opens_bidi(c: char) -> bool {
    matches!(
        c,
        '\u{202A}' | '\u{202B}' | '\u{2066}' | '\u{2067}' | '\u{2068}' | '\u{200E}' | '\u{200F}'
    )
}

/// Whether `c` closes a bidi wrapping.
fn closes_bidi(c: char) -> bool {
    matches!(c, '\u{202C}' | '\u{2069}' | '\u{200E}' | '\u{200F}')
}

/// The end of the candidate that starts at `start`, before the punctuation rules: the first
/// character that cannot continue it, that ends it wherever it stands, or that starts prose
/// right after a dot-suffix (see the module docs).
fn raw_end(text: &str, start: usize, lenient: bool) -> usize {
    // `dot`: the last character was `.`; `suffix`: the last characters were `.` and one or
    // more ASCII letters or digits.
    let (mut dot, mut suffix) = (false, false);
    for (i, c) in text[start..].char_indices() {
        if c.is_ascii() {
            if !continues(c, lenient) {
                return start + i;
            }
            suffix = c.is_ascii_alphanumeric() && (dot || suffix);
            dot = c == '.';
            continue;
        }
        if !continues(c, lenient) || ends_candidate(c) || (suffix && starts_prose(c)) {
            return start + i;
        }
        (dot, suffix) = (false, false);
    }
    text.len()
}

/// Leaves out trailing punctuation and unbalanced closing brackets; linear in `s`.
fn trim_end(s: &str) -> usize {
    let count = |b: u8| s.bytes().filter(|&x| x == b).count();
    // Only closing brackets are dropped, so the opening counts stay right.
    let (open_paren, mut close_paren) = (count(b'('), count(b')'));
    let (open_bracket, mut close_bracket) = (count(b'['), count(b']'));
    let (open_brace, mut close_brace) = (count(b'{'), count(b'}'));
    // Non-ASCII brackets by general category, Ps opening and Pe closing: counted only when
    // the end holds one.
    let mut others: Option<(usize, usize)> = None;
    let count_others = || {
        let (mut open, mut close) = (0, 0);
        for c in s.chars().filter(|c| !c.is_ascii()) {
            match category(c) {
                GeneralCategory::OpenPunctuation => open += 1,
                GeneralCategory::ClosePunctuation => close += 1,
                _ => {}
            }
        }
        (open, close)
    };
    let mut end = s.len();
    while let Some(c) = s[..end].chars().next_back() {
        let drop = match c {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' => true,
            ')' if open_paren < close_paren => {
                close_paren -= 1;
                true
            }
            ']' if open_bracket < close_bracket => {
                close_bracket -= 1;
                true
            }
            '}' if open_brace < close_brace => {
                close_brace -= 1;
                true
            }
            c if c.is_ascii() => false,
            c => match category(c) {
                GeneralCategory::ClosePunctuation => {
                    let (open, close) = others.get_or_insert_with(count_others);
                    let unbalanced = open < close;
                    *close -= usize::from(unbalanced);
                    unbalanced
                }
                gc => is_sentence_punctuation(gc),
            },
        };
        if !drop {
            break;
        }
        end -= c.len_utf8();
    }
    end
}

/// If `text[colon]` is `:` ending a scheme, the scheme's start.
fn scheme_before(text: &str, floor: usize, colon: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut s = colon;
    while s > floor && is(bytes[s - 1], SCHEME) {
        s -= 1;
    }
    while s < colon && !is(bytes[s], ALPHA) {
        s += 1;
    }
    (s < colon).then_some(s)
}

/// Whether a scheme at `start..colon` begins a candidate in running text.
fn starts_candidate(text: &str, start: usize, colon: usize) -> bool {
    let after = &text[colon + 1..];
    if after.starts_with("//") {
        return true;
    }
    let scheme = &text[start..colon];
    OPAQUE_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
        && after
            .chars()
            .next()
            .is_some_and(|c| continues(c, false) && c != '/')
}

/// The longest `<…>` content considered (Appendix C's wrapped URIs are long, not endless).
const MAX_ANGLE: usize = 4096;

impl<'a> TextMatches<'a> {
    /// Tries `<…>` at `lt`: the match and the position after `>`.
    fn angle(&mut self, lt: usize) -> Option<(TextMatch<'a>, usize)> {
        let text = self.text;
        let rest = &text[lt + 1..];
        let mut limit = rest.len().min(MAX_ANGLE);
        while !rest.is_char_boundary(limit) {
            limit -= 1;
        }
        let gt = rest[..limit].find(['<', '>'])?;
        if rest.as_bytes()[gt] != b'>' {
            return None;
        }
        let inner = &rest[..gt];
        let mut start = lt + 1 + (inner.len() - inner.trim_start().len());
        let mut delimiter = Delimiter::Angle;
        let trimmed = &text[start..lt + 1 + gt];
        if trimmed
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        {
            delimiter = Delimiter::AngleUrl;
            let after = &trimmed[4..];
            start += 4 + (after.len() - after.trim_start().len());
        }
        let end = lt + 1 + gt;
        let end = start + text[start..end].trim_end().len();
        let span_text = &text[start..end];
        if span_text.is_empty() {
            return None;
        }
        if delimiter == Delimiter::Angle {
            // The inside must start with a scheme (RFC 3986 §3.1), found by the splitter.
            let colon = crate::Components::split(span_text).scheme()?.len();
            if self.scan.markup && !starts_candidate(span_text, 0, colon) {
                return None;
            }
        }
        let text_out = if span_text.bytes().any(|b| b.is_ascii_whitespace()) {
            Cow::Owned(
                span_text
                    .chars()
                    .filter(|c| !c.is_ascii_whitespace())
                    .collect(),
            )
        } else {
            Cow::Borrowed(span_text)
        };
        let (line, column) = self.cursor.advance(text, start);
        Some((
            TextMatch {
                text: text_out,
                span: start..end,
                line,
                column,
                delimiter,
            },
            lt + 1 + gt + 1,
        ))
    }
}

impl<'a> Iterator for TextMatches<'a> {
    type Item = TextMatch<'a>;

    fn next(&mut self) -> Option<TextMatch<'a>> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() {
            match bytes[i] {
                b'<' => {
                    if let Some((m, next)) = self.angle(i) {
                        self.pos = next;
                        return Some(m);
                    }
                }
                b':' => {
                    if let Some(start) = scheme_before(text, self.pos, i) {
                        if starts_candidate(text, start, i) {
                            let raw = raw_end(text, start, self.scan.lenient);
                            let end = start + trim_end(&text[start..raw]);
                            let before = text[..start].chars().next_back();
                            let after = text[end..].chars().next();
                            let delimiter = if before.is_some_and(opens_bidi)
                                && after.is_some_and(closes_bidi)
                            {
                                Delimiter::Bidi
                            } else {
                                Delimiter::None
                            };
                            let (line, column) = self.cursor.advance(text, start);
                            self.pos = end;
                            return Some(TextMatch {
                                text: Cow::Borrowed(&text[start..end]),
                                span: start..end,
                                line,
                                column,
                                delimiter,
                            });
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.pos = bytes.len();
        None
    }
}
