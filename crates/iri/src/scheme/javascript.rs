//! The `javascript` scheme, as a view over a parsed IRI (processing draft §6.2, which refers
//! to draft-hoehrmann-javascript-scheme-03).
//!
//! A `javascript` IRI carries script code: [`Javascript::parse`] gives the script text. The
//! script is everything after `javascript:`, including what reads as an authority (`//…`,
//! a comment in the script), a query (`?` is the conditional operator) and a fragment (`#`
//! appears in script strings, as in `javascript:go('#top')`, and browsers keep it in the
//! script), percent-decoded (RFC 3986 §2.1). Non-ASCII characters written directly in the IRI
//! count as their UTF-8 octets (RFC 3987 §3.1), so an IRI and its URI give the same script.
//!
//! The octets are then read as text by the rules of the draft's references: the script is
//! `application/javascript` text (RFC 4329), whose character encoding is found (RFC 4329
//! §4.2) from a byte order mark at its start: `EF BB BF` UTF-8, `FF FE 00 00` UTF-32LE,
//! `00 00 FE FF` UTF-32BE, `FF FE` UTF-16LE, `FE FF` UTF-16BE (the mark is not part of the
//! script); without a mark, and without a `charset` parameter (an IRI has none), UTF-8
//! (RFC 3629), as the draft says for the octets of the IRI. [`Javascript::encoding`] says
//! which one was used.
//!
//! Errors, each with the byte offset in the IRI: not `javascript`, and octets that are not
//! well-formed in the encoding found (an unpaired surrogate, a length that is not a multiple
//! of the code unit, a code point beyond U+10FFFF).
//!
//! Left out on purpose: running or checking the script (its syntax is ECMAScript's), and the
//! legacy behaviour of decoding the octets in the charset of the referring document.

use alloc::string::String;
use core::fmt;

use super::pct::decode;
use crate::Iri;

/// Why an IRI gives no `javascript` script.
///
/// ```
/// let iri = iri::Iri::parse("javascript:alert(%FF)").unwrap();
/// let e = iri::scheme::javascript::Javascript::parse(&iri).unwrap_err();
/// assert_eq!(e.kind(), iri::scheme::javascript::JavascriptErrorKind::InvalidText);
/// assert_eq!(e.offset(), 17);
/// assert_eq!(
///     e.to_string(),
///     "javascript: the script is not well-formed UTF-8 at byte 17 (RFC 4329 §4.2, RFC 3629)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JavascriptError {
    kind: JavascriptErrorKind,
    encoding: ScriptEncoding,
    offset: usize,
}

/// What is wrong in a `javascript` IRI.
///
/// ```
/// use iri::scheme::javascript::JavascriptErrorKind;
/// assert_ne!(JavascriptErrorKind::NotJavascript, JavascriptErrorKind::InvalidText);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JavascriptErrorKind {
    /// The scheme is not `javascript`.
    NotJavascript,
    /// The decoded octets are not well-formed text in the encoding found.
    InvalidText,
}

/// The character encoding the script's octets were read in (RFC 4329 §4.2).
///
/// ```
/// use iri::scheme::javascript::{Javascript, ScriptEncoding};
/// let iri = iri::Iri::parse("javascript:%FF%FEa%00").unwrap();
/// assert_eq!(Javascript::parse(&iri).unwrap().encoding(), ScriptEncoding::Utf16Le);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScriptEncoding {
    /// UTF-8 without a byte order mark: the default.
    Utf8,
    /// UTF-8 after the mark `EF BB BF`.
    Utf8Bom,
    /// UTF-16, little-endian, after `FF FE`.
    Utf16Le,
    /// UTF-16, big-endian, after `FE FF`.
    Utf16Be,
    /// UTF-32, little-endian, after `FF FE 00 00`.
    Utf32Le,
    /// UTF-32, big-endian, after `00 00 FE FF`.
    Utf32Be,
}

impl ScriptEncoding {
    /// The encoding's name, as RFC 4329 §4.2 writes it (`UTF-8` for both UTF-8 forms).
    ///
    /// ```
    /// assert_eq!(iri::scheme::javascript::ScriptEncoding::Utf16Be.as_str(), "UTF-16BE");
    /// ```
    pub fn as_str(&self) -> &'static str {
        match self {
            ScriptEncoding::Utf8 | ScriptEncoding::Utf8Bom => "UTF-8",
            ScriptEncoding::Utf16Le => "UTF-16LE",
            ScriptEncoding::Utf16Be => "UTF-16BE",
            ScriptEncoding::Utf32Le => "UTF-32LE",
            ScriptEncoding::Utf32Be => "UTF-32BE",
        }
    }

    /// Whether the octets started with a byte order mark.
    ///
    /// ```
    /// assert!(!iri::scheme::javascript::ScriptEncoding::Utf8.has_bom());
    /// ```
    pub fn has_bom(&self) -> bool {
        !matches!(self, ScriptEncoding::Utf8)
    }

    /// The encoding a byte order mark at the start of `octets` names, and the mark's length
    /// (RFC 4329 §4.2; the UTF-32LE mark is checked before the UTF-16LE one it starts with).
    fn sniff(octets: &[u8]) -> (ScriptEncoding, usize) {
        match octets {
            [0xEF, 0xBB, 0xBF, ..] => (ScriptEncoding::Utf8Bom, 3),
            [0xFF, 0xFE, 0, 0, ..] => (ScriptEncoding::Utf32Le, 4),
            [0, 0, 0xFE, 0xFF, ..] => (ScriptEncoding::Utf32Be, 4),
            [0xFF, 0xFE, ..] => (ScriptEncoding::Utf16Le, 2),
            [0xFE, 0xFF, ..] => (ScriptEncoding::Utf16Be, 2),
            _ => (ScriptEncoding::Utf8, 0),
        }
    }
}

impl JavascriptError {
    /// What is wrong.
    ///
    /// ```
    /// let e = iri::scheme::javascript::Javascript::parse(&iri::Iri::parse("http://a/").unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), iri::scheme::javascript::JavascriptErrorKind::NotJavascript);
    /// ```
    pub fn kind(&self) -> JavascriptErrorKind {
        self.kind
    }

    /// The byte offset in the IRI where it is: the start of the scheme, or where the first
    /// octet of the ill-formed code unit came from (its `%` triplet, or the start of the
    /// character written directly that holds it).
    ///
    /// ```
    /// let iri = iri::Iri::parse("javascript:%FE%FF%D8%00").unwrap();
    /// let e = iri::scheme::javascript::Javascript::parse(&iri).unwrap_err();
    /// assert_eq!(e.offset(), 17);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The encoding the octets were read in when they were found ill-formed (UTF-8 for an
    /// IRI that is not `javascript`).
    ///
    /// ```
    /// use iri::scheme::javascript::{Javascript, ScriptEncoding};
    /// let iri = iri::Iri::parse("javascript:%FF%FE%00").unwrap();
    /// assert_eq!(Javascript::parse(&iri).unwrap_err().encoding(), ScriptEncoding::Utf16Le);
    /// ```
    pub fn encoding(&self) -> ScriptEncoding {
        self.encoding
    }
}

impl fmt::Display for JavascriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            JavascriptErrorKind::NotJavascript => write!(
                f,
                "javascript: the scheme is not javascript (processing draft §6.2)"
            ),
            JavascriptErrorKind::InvalidText => write!(
                f,
                "javascript: the script is not well-formed {} at byte {} (RFC 4329 §4.2{})",
                self.encoding.as_str(),
                self.offset,
                if matches!(
                    self.encoding,
                    ScriptEncoding::Utf8 | ScriptEncoding::Utf8Bom
                ) {
                    ", RFC 3629"
                } else {
                    ""
                }
            ),
        }
    }
}

impl core::error::Error for JavascriptError {}

/// The script of a `javascript` IRI: its text and the encoding it was read in.
///
/// ```
/// use iri::scheme::javascript::{Javascript, ScriptEncoding};
/// let iri = iri::Iri::parse("javascript:alert('%E2%9C%93%20ok')?1:go('#top')").unwrap();
/// let js = Javascript::parse(&iri).unwrap();
/// assert_eq!(js.script(), "alert('✓ ok')?1:go('#top')");
/// assert_eq!(js.encoding(), ScriptEncoding::Utf8);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Javascript {
    script: String,
    encoding: ScriptEncoding,
}

impl Javascript {
    /// The script of `iri`, whose scheme must be `javascript` (ASCII case-insensitive).
    ///
    /// ```
    /// use iri::scheme::javascript::Javascript;
    /// let iri = iri::Iri::parse("JavaScript://%0Aalert(1)").unwrap();
    /// assert_eq!(Javascript::parse(&iri).unwrap().script(), "//\nalert(1)");
    /// ```
    pub fn parse<T: AsRef<str>>(iri: &Iri<T>) -> Result<Javascript, JavascriptError> {
        let text = iri.as_str();
        if !iri.scheme().eq_ignore_ascii_case("javascript") {
            return Err(JavascriptError {
                kind: JavascriptErrorKind::NotJavascript,
                encoding: ScriptEncoding::Utf8,
                offset: 0,
            });
        }
        let from = iri.scheme().len() + 1;
        let (octets, at) = decode(&text[from..]);
        let (encoding, bom) = ScriptEncoding::sniff(&octets);
        let body = &octets[bom..];
        // The offset of the octet's character in the IRI: an octet of a character written
        // directly (not percent-encoded) reports where that character starts.
        let bad = |k: usize| {
            let mut offset = from + at[bom + k];
            while !text.is_char_boundary(offset) {
                offset -= 1;
            }
            JavascriptError {
                kind: JavascriptErrorKind::InvalidText,
                encoding,
                offset,
            }
        };
        let script = match encoding {
            ScriptEncoding::Utf8 | ScriptEncoding::Utf8Bom => match core::str::from_utf8(body) {
                Ok(s) => String::from(s),
                Err(e) => return Err(bad(e.valid_up_to())),
            },
            ScriptEncoding::Utf16Le | ScriptEncoding::Utf16Be => {
                utf16(body, encoding == ScriptEncoding::Utf16Le).map_err(bad)?
            }
            ScriptEncoding::Utf32Le | ScriptEncoding::Utf32Be => {
                utf32(body, encoding == ScriptEncoding::Utf32Le).map_err(bad)?
            }
        };
        Ok(Javascript { script, encoding })
    }

    /// The script text.
    ///
    /// ```
    /// let iri = iri::Iri::parse("javascript:a%3Db%20%7C%7C%20c").unwrap();
    /// assert_eq!(iri::scheme::javascript::Javascript::parse(&iri).unwrap().script(), "a=b || c");
    /// ```
    pub fn script(&self) -> &str {
        &self.script
    }

    /// The encoding the script's octets were read in.
    ///
    /// ```
    /// use iri::scheme::javascript::{Javascript, ScriptEncoding};
    /// let iri = iri::Iri::parse("javascript:%EF%BB%BFx()").unwrap();
    /// let js = Javascript::parse(&iri).unwrap();
    /// assert_eq!((js.script(), js.encoding()), ("x()", ScriptEncoding::Utf8Bom));
    /// ```
    pub fn encoding(&self) -> ScriptEncoding {
        self.encoding
    }

    /// The script text, taken out of the view.
    ///
    /// ```
    /// let iri = iri::Iri::parse("javascript:void(0)").unwrap();
    /// assert_eq!(iri::scheme::javascript::Javascript::parse(&iri).unwrap().into_script(), "void(0)");
    /// ```
    pub fn into_script(self) -> String {
        self.script
    }
}

/// `body` read as UTF-16 in the byte order `le`; the error is the index of the first octet
/// of an unpaired surrogate or of an incomplete last unit.
fn utf16(body: &[u8], le: bool) -> Result<String, usize> {
    let units = body.chunks_exact(2).map(|c| {
        let pair = [c[0], c[1]];
        if le {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    let mut out = String::with_capacity(body.len());
    let mut k = 0;
    for c in char::decode_utf16(units) {
        let c = c.map_err(|_| 2 * k)?;
        k += c.len_utf16();
        out.push(c);
    }
    if !body.len().is_multiple_of(2) {
        return Err(body.len() - 1);
    }
    Ok(out)
}

/// `body` read as UTF-32 in the byte order `le`; the error is the index of the first octet
/// of a unit that is no scalar value or of an incomplete last unit.
fn utf32(body: &[u8], le: bool) -> Result<String, usize> {
    let mut out = String::with_capacity(body.len());
    for (k, c) in body.chunks_exact(4).enumerate() {
        let quad = [c[0], c[1], c[2], c[3]];
        let u = if le {
            u32::from_le_bytes(quad)
        } else {
            u32::from_be_bytes(quad)
        };
        out.push(char::from_u32(u).ok_or(4 * k)?);
    }
    if !body.len().is_multiple_of(4) {
        return Err(body.len() - body.len() % 4);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(s: &str) -> Result<(String, ScriptEncoding), (JavascriptErrorKind, usize)> {
        let iri = Iri::parse(s).unwrap();
        Javascript::parse(&iri)
            .map(|j| (j.script().into(), j.encoding()))
            .map_err(|e| (e.kind(), e.offset()))
    }

    #[test]
    fn byte_order_marks() {
        use ScriptEncoding::*;
        assert_eq!(
            script("javascript:%FF%FEa%00b%00"),
            Ok(("ab".into(), Utf16Le))
        );
        assert_eq!(
            script("javascript:%FE%FF%00a%00b"),
            Ok(("ab".into(), Utf16Be))
        );
        assert_eq!(
            script("javascript:%FF%FE%00%00a%00%00%00"),
            Ok(("a".into(), Utf32Le))
        );
        assert_eq!(
            script("javascript:%00%00%FE%FF%00%00%00a"),
            Ok(("a".into(), Utf32Be))
        );
        // A surrogate pair in UTF-16BE: U+1F600.
        assert_eq!(
            script("javascript:%FE%FF%D8%3D%DE%00"),
            Ok(("😀".into(), Utf16Be))
        );
        // An unpaired surrogate, an odd length, a code point beyond U+10FFFF.
        assert_eq!(
            script("javascript:%FE%FF%D8%3Dx"),
            Err((JavascriptErrorKind::InvalidText, 17))
        );
        assert_eq!(
            script("javascript:%FE%FF%00"),
            Err((JavascriptErrorKind::InvalidText, 17))
        );
        assert_eq!(
            script("javascript:%00%00%FE%FF%00%11%00%00"),
            Err((JavascriptErrorKind::InvalidText, 23))
        );
    }
}
