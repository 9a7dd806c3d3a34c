//! Pre-processing arbitrary strings before parsing (IRI processing draft, 2011, §4).
//!
//! Implements steps 1, 2 and 4 of §4:
//! 1. leading and trailing ASCII whitespace is removed: U+0020 SPACE, CR, LF and TAB only
//!    ([`trim`]); other Unicode spaces are left alone, as the draft says;
//! 2. where several references are allowed, the text is split on runs of U+0020 SPACE
//!    ([`split_references`]); where one is allowed, each run of whitespace is removed or each
//!    U+0020 is replaced by `%20` ([`Whitespace`]);
//! 4. optionally, numeric character references (`&#x70;`, `&#112;`) are replaced by the
//!    characters they name ([`CharRefs`]). A malformed reference, or one naming a surrogate, a
//!    noncharacter or a number above U+10FFFF, is an error with its position and reason.
//!
//! Step 3 (transcoding to a Unicode encoding) is `legacy::charset`'s, behind the `encoding`
//! feature; everything here works in the `no_std` core.
//!
//! Left out on purpose: named entity references (`&amp;`, `&eacute;`) are not decoded (they
//! belong to the document format, not to IRIs); `&` not followed by `#` is an ordinary
//! character. A character produced by a reference is never trimmed, split on or encoded: it
//! was escaped on purpose. With [`Whitespace::EncodeSpaces`], TAB, CR and LF inside the text
//! are kept as they are (the draft names only U+0020), so that the parser reports them.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::chars;
use crate::pct::hex_value;

/// The ASCII whitespace of §4 step 1: SP, CR, LF, TAB.
#[inline]
fn is_ascii_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\r' | b'\n' | b'\t')
}

/// Removes leading and trailing U+0020, CR, LF and TAB (§4 step 1), and nothing else.
///
/// ```
/// use iri::legacy::trim;
/// assert_eq!(trim(" \t\r\nhttp://a/b \n"), "http://a/b");
/// // U+3000 IDEOGRAPHIC SPACE and U+00A0 are not ASCII whitespace: they stay.
/// assert_eq!(trim("\u{3000}http://a/\u{A0}"), "\u{3000}http://a/\u{A0}");
/// ```
pub fn trim(s: &str) -> &str {
    let (start, end) = trimmed_bounds(s);
    &s[start..end]
}

/// The byte range of `s` that [`trim`] keeps.
fn trimmed_bounds(s: &str) -> (usize, usize) {
    let b = s.as_bytes();
    let start = b.iter().position(|&c| !is_ascii_ws(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|&c| !is_ascii_ws(c))
        .map_or(start, |i| i + 1);
    (start, end)
}

/// What to do with whitespace inside a text that holds one reference (§4 step 2).
///
/// ```
/// use iri::legacy::{Preprocessor, Whitespace};
/// let remove = Preprocessor::new(Whitespace::Remove);
/// assert_eq!(remove.single("http://a/b c\t d").unwrap(), "http://a/bcd");
/// let encode = Preprocessor::new(Whitespace::EncodeSpaces);
/// assert_eq!(encode.single(" http://a/b  c ").unwrap(), "http://a/b%20%20c");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Whitespace {
    /// Remove each run of SP, CR, LF and TAB.
    Remove,
    /// Replace each U+0020 SPACE by `%20`; TAB, CR and LF are kept (the parser reports them).
    EncodeSpaces,
}

/// Whether numeric character references are decoded (§4 step 4).
///
/// ```
/// use iri::legacy::{CharRefs, Preprocessor, Whitespace};
/// let p = Preprocessor::new(Whitespace::Remove).char_refs(CharRefs::Decode);
/// assert_eq!(p.single("htt&#x0070;://a/&#102;oo").unwrap(), "http://a/foo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CharRefs {
    /// Leave `&#…;` as it is (the default).
    #[default]
    Keep,
    /// Replace `&#xHH…;` (or `&#XHH…;`) and `&#DD…;` by the character they name.
    Decode,
}

/// Why a numeric character reference could not be decoded.
///
/// ```
/// use iri::legacy::{decode_char_refs, CharRefErrorKind};
/// let err = decode_char_refs("a&#xD800;").unwrap_err();
/// assert_eq!(err.kind(), CharRefErrorKind::Surrogate(0xD800));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CharRefErrorKind {
    /// No digit after `&#` or `&#x`.
    NoDigits,
    /// A character that is not a digit (of the base) before the `;`.
    BadDigit(char),
    /// The text ends, or something other than a digit follows, with no `;`.
    Unterminated,
    /// The number is a UTF-16 surrogate code point (U+D800–U+DFFF), not a character.
    Surrogate(u32),
    /// The number is a noncharacter (U+FDD0–U+FDEF, or U+xFFFE / U+xFFFF of any plane).
    Noncharacter(u32),
    /// The number is above U+10FFFF (saturated at `u32::MAX` when longer).
    OutOfRange(u32),
}

/// A numeric character reference that cannot be decoded: where it starts (the byte offset of
/// its `&` in the text given) and why.
///
/// ```
/// use iri::legacy::decode_char_refs;
/// let err = decode_char_refs("/a&#x110000;").unwrap_err();
/// assert_eq!(err.offset(), 2);
/// assert_eq!(
///     err.to_string(),
///     "the numeric character reference at byte 2 names 0x110000, above U+10FFFF, the last \
///      code point (IRI processing draft §4 step 4)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CharRefError {
    offset: usize,
    kind: CharRefErrorKind,
}

impl CharRefError {
    /// The byte offset of the reference's `&`.
    ///
    /// ```
    /// assert_eq!(iri::legacy::decode_char_refs("ab&#;").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Why it failed.
    ///
    /// ```
    /// use iri::legacy::{decode_char_refs, CharRefErrorKind};
    /// assert_eq!(decode_char_refs("&#12").unwrap_err().kind(), CharRefErrorKind::Unterminated);
    /// ```
    pub fn kind(&self) -> CharRefErrorKind {
        self.kind
    }
}

impl fmt::Display for CharRefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        write!(f, "the numeric character reference at byte {at} ")?;
        match self.kind {
            CharRefErrorKind::NoDigits => f.write_str("has no digits after '&#' or '&#x'"),
            CharRefErrorKind::BadDigit(c) => {
                f.write_str("holds ")?;
                crate::error::fmt_char(f, c)?;
                f.write_str(", which is not a digit of its base")
            }
            CharRefErrorKind::Unterminated => f.write_str("does not end with ';'"),
            CharRefErrorKind::Surrogate(n) => {
                write!(
                    f,
                    "names U+{n:04X}, a surrogate code point, not a character"
                )
            }
            CharRefErrorKind::Noncharacter(n) => write!(f, "names U+{n:04X}, a noncharacter"),
            CharRefErrorKind::OutOfRange(n) => {
                write!(f, "names 0x{n:X}, above U+10FFFF, the last code point")
            }
        }?;
        f.write_str(" (IRI processing draft §4 step 4)")
    }
}

impl core::error::Error for CharRefError {}

/// Decodes the numeric character reference starting at `b[at]` (`&#`); returns the
/// character and the length of the reference.
fn char_ref_at(s: &str, at: usize) -> Result<(char, usize), CharRefError> {
    let b = s.as_bytes();
    let err = |kind| CharRefError { offset: at, kind };
    let mut i = at + 2;
    let hex = matches!(b.get(i), Some(b'x' | b'X'));
    if hex {
        i += 1;
    }
    let digits_start = i;
    let mut n: u32 = 0;
    while let Some(&c) = b.get(i) {
        if c == b';' {
            break;
        }
        let d = if hex {
            hex_value(c)
        } else {
            c.is_ascii_digit().then(|| c - b'0')
        };
        match d {
            Some(d) => {
                let base = if hex { 16 } else { 10 };
                n = n.saturating_mul(base).saturating_add(d as u32);
                i += 1;
            }
            None if i == digits_start && !c.is_ascii_alphanumeric() => {
                return Err(err(CharRefErrorKind::NoDigits))
            }
            None if c.is_ascii_alphanumeric() || c >= 0x80 => {
                let ch = s[i..].chars().next().unwrap_or('\u{FFFD}');
                return Err(err(CharRefErrorKind::BadDigit(ch)));
            }
            None => return Err(err(CharRefErrorKind::Unterminated)),
        }
    }
    if i == digits_start {
        return Err(err(if i < b.len() {
            CharRefErrorKind::NoDigits
        } else {
            CharRefErrorKind::Unterminated
        }));
    }
    if i >= b.len() {
        return Err(err(CharRefErrorKind::Unterminated));
    }
    if (0xD800..=0xDFFF).contains(&n) {
        return Err(err(CharRefErrorKind::Surrogate(n)));
    }
    if n > 0x10FFFF {
        return Err(err(CharRefErrorKind::OutOfRange(n)));
    }
    if chars::is_noncharacter(n) {
        return Err(err(CharRefErrorKind::Noncharacter(n)));
    }
    let c = char::from_u32(n).ok_or_else(|| err(CharRefErrorKind::OutOfRange(n)))?;
    Ok((c, i + 1 - at))
}

/// Replaces every numeric character reference (`&#xHH…;`, `&#XHH…;`, `&#DD…;`) by the
/// character it names (§4 step 4); borrowed when there is none. Every `&#` must start a
/// well-formed reference to a character.
///
/// ```
/// use iri::legacy::decode_char_refs;
/// // The example of the processing draft, §4 step 4.
/// let s = "htt&#x0070;://www.example.com/&#x0066;&#x006f;&#x006f;bar&#x002f;foo&#x003f;bar";
/// assert_eq!(decode_char_refs(s).unwrap(), "http://www.example.com/foobar/foo?bar");
/// assert_eq!(decode_char_refs("r&#233;sum&#xE9;").unwrap(), "résumé");
/// assert!(decode_char_refs("a&#xFFFE;").is_err());
/// ```
pub fn decode_char_refs(s: &str) -> Result<Cow<'_, str>, CharRefError> {
    decode_char_refs_at(s, 0)
}

/// [`decode_char_refs`] with error offsets shifted by `base`.
fn decode_char_refs_at(s: &str, base: usize) -> Result<Cow<'_, str>, CharRefError> {
    if !s.contains("&#") {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = String::with_capacity(s.len());
    let mut from = 0;
    while let Some(p) = s[from..].find("&#") {
        let at = from + p;
        out.push_str(&s[from..at]);
        let (c, len) = char_ref_at(s, at).map_err(|mut e| {
            e.offset += base;
            e
        })?;
        out.push(c);
        from = at + len;
    }
    out.push_str(&s[from..]);
    Ok(Cow::Owned(out))
}

/// One reference found by [`split_references`]: its text and where it starts in the input.
///
/// ```
/// let refs: Vec<_> = iri::legacy::split_references(" a  b").collect();
/// assert_eq!((refs[1].offset, refs[1].text), (4, "b"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reference<'a> {
    /// The byte offset of the reference in the input.
    pub offset: usize,
    /// The reference's text.
    pub text: &'a str,
}

/// The references in a text that may hold several (§4 steps 1 and 2): trimmed of ASCII
/// whitespace, then split on runs of U+0020 SPACE (only: a TAB or line break inside stays in
/// its reference).
///
/// ```
/// let refs: Vec<&str> = iri::legacy::split_references("\n http://a/  b.html\tc  ")
///     .map(|r| r.text)
///     .collect();
/// assert_eq!(refs, ["http://a/", "b.html\tc"]);
/// assert_eq!(iri::legacy::split_references("  ").count(), 0);
/// ```
pub fn split_references(s: &str) -> SplitReferences<'_> {
    let (start, end) = trimmed_bounds(s);
    SplitReferences { s, pos: start, end }
}

/// The iterator of [`split_references`].
///
/// ```
/// let mut it = iri::legacy::split_references("a b");
/// assert_eq!(it.next().map(|r| r.text), Some("a"));
/// ```
#[derive(Debug, Clone)]
pub struct SplitReferences<'a> {
    s: &'a str,
    pos: usize,
    end: usize,
}

impl<'a> Iterator for SplitReferences<'a> {
    type Item = Reference<'a>;

    fn next(&mut self) -> Option<Reference<'a>> {
        let b = self.s.as_bytes();
        while self.pos < self.end && b[self.pos] == b' ' {
            self.pos += 1;
        }
        if self.pos >= self.end {
            return None;
        }
        let start = self.pos;
        let len = b[start..self.end]
            .iter()
            .position(|&c| c == b' ')
            .unwrap_or(self.end - start);
        self.pos = start + len;
        Some(Reference {
            offset: start,
            text: &self.s[start..start + len],
        })
    }
}

impl core::iter::FusedIterator for SplitReferences<'_> {}

/// Pre-processing of §4 with its choices made: what to do with whitespace inside a single
/// reference, and whether to decode numeric character references.
///
/// ```
/// use iri::legacy::{CharRefs, Preprocessor, Whitespace};
/// let p = Preprocessor::new(Whitespace::EncodeSpaces).char_refs(CharRefs::Decode);
/// assert_eq!(p.single("\t http://a/my file&#x2E;html \r\n").unwrap(), "http://a/my%20file.html");
/// let many = p.multiple(" /a&#x20;b  /c ").unwrap();
/// assert_eq!(many, [(1, "/a b".into()), (12, "/c".into())]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Preprocessor {
    whitespace: Whitespace,
    char_refs: CharRefs,
}

impl Preprocessor {
    /// Pre-processing with the given whitespace rule; references are kept.
    ///
    /// ```
    /// use iri::legacy::{Preprocessor, Whitespace};
    /// assert_eq!(Preprocessor::new(Whitespace::Remove).single(" a b ").unwrap(), "ab");
    /// ```
    pub const fn new(whitespace: Whitespace) -> Self {
        Preprocessor {
            whitespace,
            char_refs: CharRefs::Keep,
        }
    }

    /// Sets whether numeric character references are decoded.
    ///
    /// ```
    /// use iri::legacy::{CharRefs, Preprocessor, Whitespace};
    /// let p = Preprocessor::new(Whitespace::Remove).char_refs(CharRefs::Keep);
    /// assert_eq!(p.single("&#x41;").unwrap(), "&#x41;");
    /// ```
    pub const fn char_refs(mut self, char_refs: CharRefs) -> Self {
        self.char_refs = char_refs;
        self
    }

    /// Pre-processes a text that holds one reference: trimmed, whitespace handled, references
    /// decoded if asked. Error offsets are in `s`. Borrowed when nothing but trimming applies.
    ///
    /// ```
    /// use iri::legacy::{CharRefs, Preprocessor, Whitespace};
    /// let p = Preprocessor::new(Whitespace::Remove).char_refs(CharRefs::Decode);
    /// let err = p.single("  /a&#xZ;").unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// ```
    pub fn single<'a>(&self, s: &'a str) -> Result<Cow<'a, str>, CharRefError> {
        let (start, end) = trimmed_bounds(s);
        let t = &s[start..end];
        let decode = self.char_refs == CharRefs::Decode && t.contains("&#");
        let has_ws = match self.whitespace {
            Whitespace::Remove => t.bytes().any(is_ascii_ws),
            Whitespace::EncodeSpaces => t.contains(' '),
        };
        if !decode && !has_ws {
            return Ok(Cow::Borrowed(t));
        }
        let b = t.as_bytes();
        let mut out = String::with_capacity(t.len() + 8);
        let mut from = 0;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if decode && c == b'&' && b.get(i + 1) == Some(&b'#') {
                out.push_str(&t[from..i]);
                let (ch, len) = char_ref_at(t, i).map_err(|mut e| {
                    e.offset += start;
                    e
                })?;
                out.push(ch);
                i += len;
                from = i;
            } else if self.whitespace == Whitespace::Remove && is_ascii_ws(c) {
                out.push_str(&t[from..i]);
                i += 1;
                from = i;
            } else if self.whitespace == Whitespace::EncodeSpaces && c == b' ' {
                out.push_str(&t[from..i]);
                out.push_str("%20");
                i += 1;
                from = i;
            } else {
                i += 1;
            }
        }
        out.push_str(&t[from..]);
        Ok(Cow::Owned(out))
    }

    /// Pre-processes a text that may hold several references: trimmed, split on runs of
    /// U+0020 ([`split_references`]), references decoded in each if asked. Each result
    /// comes with its byte offset in `s`; error offsets are in `s`. The whitespace rule is for
    /// single references and does not apply here.
    ///
    /// ```
    /// use iri::legacy::{Preprocessor, Whitespace};
    /// let refs = Preprocessor::new(Whitespace::Remove).multiple("a.css  b.css").unwrap();
    /// assert_eq!(refs, [(0, "a.css".into()), (7, "b.css".into())]);
    /// ```
    pub fn multiple<'a>(&self, s: &'a str) -> Result<Vec<(usize, Cow<'a, str>)>, CharRefError> {
        split_references(s)
            .map(|r| {
                let text = match self.char_refs {
                    CharRefs::Keep => Cow::Borrowed(r.text),
                    CharRefs::Decode => decode_char_refs_at(r.text, r.offset)?,
                };
                Ok((r.offset, text))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_forms() {
        assert_eq!(char_ref_at("&#112;", 0), Ok(('p', 6)));
        assert_eq!(char_ref_at("&#x70;", 0), Ok(('p', 6)));
        assert_eq!(char_ref_at("&#X1F600;x", 0), Ok(('\u{1F600}', 9)));
        let kind = |s| char_ref_at(s, 0).unwrap_err().kind;
        assert_eq!(kind("&#;"), CharRefErrorKind::NoDigits);
        assert_eq!(kind("&#x;"), CharRefErrorKind::NoDigits);
        assert_eq!(kind("&#"), CharRefErrorKind::Unterminated);
        assert_eq!(kind("&#12a;"), CharRefErrorKind::BadDigit('a'));
        assert_eq!(kind("&#xG;"), CharRefErrorKind::BadDigit('G'));
        assert_eq!(kind("&#12/"), CharRefErrorKind::Unterminated);
        assert_eq!(kind("&#x1FFFF;"), CharRefErrorKind::Noncharacter(0x1FFFF));
        assert_eq!(
            kind("&#99999999999999;"),
            CharRefErrorKind::OutOfRange(u32::MAX)
        );
    }
}
