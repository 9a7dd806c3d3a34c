//! Interpreting incoming URIs (RFC 3987 §7.7): the readings of a percent-encoded string in
//! several charsets, so that a server can match them against its local resource names.
//!
//! §7.7 says that software interpreting IRIs as names of local resources should accept, besides
//! IRIs and their URIs, URIs made with charsets other than UTF-8 by older user agents ("software
//! for Japanese may accept URIs in Shift_JIS and/or EUC-JP in addition to UTF-8"). [`interpret`]
//! decodes the `%HH` of a string and reads the octets in UTF-8 first, then in each charset
//! given, in order; each [`Candidate`] says whether its reading was strict (no malformed byte
//! sequence; a non-strict reading holds U+FFFD where the bytes were malformed). The regularity
//! of UTF-8 makes a strict UTF-8 reading of legacy bytes unlikely (§7.7 last paragraph).
//!
//! The input is one string: a path segment, a whole path, a query value. Every `%HH` is
//! decoded, `%2F` too, so a caller that needs the segments apart splits on `/` first. ASCII
//! characters written as they are count as their octets (a Shift_JIS trail byte may be a
//! plain `\` or `@`). A non-ASCII character written as it is (an IRI received in the
//! protocol's own encoding) stays that character in every reading: only the octets around it
//! are read in the charset.
//!
//! Left out on purpose: the further mappings §7.7 mentions (case folding, ignoring accents) are
//! language-dependent and the server's to choose.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::charset::Charset;
use crate::pct::pct_at;

/// One reading of an incoming string.
///
/// ```
/// use iri::legacy::{interpret, Charset};
/// let c = &interpret("caf%E9", &[Charset::for_label("latin1").unwrap()]).unwrap()[1];
/// assert_eq!((c.charset.name(), c.text.as_str(), c.strict), ("windows-1252", "café", true));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The charset of this reading.
    pub charset: Charset,
    /// The decoded text.
    pub text: String,
    /// Whether every byte sequence was valid in the charset (no U+FFFD was put in).
    pub strict: bool,
}

/// A `%` that does not start a percent-encoding.
///
/// ```
/// use iri::legacy::{interpret, Charset};
/// let err = interpret("/a%2", &[Charset::utf8()]).unwrap_err();
/// assert_eq!(err.offset(), 2);
/// assert_eq!(err.to_string(), "'%' at byte 2 is not followed by two hex digits (RFC 3986 §2.1)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InterpretError {
    offset: usize,
}

impl InterpretError {
    /// The kind of this failure, a stable kebab-case name (`"invalid-pct-encoding"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// assert_eq!(iri::legacy::interpret("%G1", &[]).unwrap_err().kind(), "invalid-pct-encoding");
    /// ```
    pub fn kind(&self) -> &'static str {
        "invalid-pct-encoding"
    }

    /// The byte offset of the `%`.
    ///
    /// ```
    /// assert_eq!(iri::legacy::interpret("%G1", &[]).unwrap_err().offset(), 0);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for InterpretError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'%' at byte {} is not followed by two hex digits (RFC 3986 §2.1)",
            self.offset
        )
    }
}

impl core::error::Error for InterpretError {}

/// A piece of the input: octets (from `%HH` and ASCII) or a non-ASCII character as written.
enum Piece<'a> {
    Octets(Vec<u8>),
    Text(&'a str),
}

fn pieces(s: &str) -> Result<Vec<Piece<'_>>, InterpretError> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut octets = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            octets.push(pct_at(b, i, b.len()).ok_or(InterpretError { offset: i })?);
            i += 3;
        } else if b[i] < 0x80 {
            octets.push(b[i]);
            i += 1;
        } else {
            let start = i;
            while i < b.len() && b[i] >= 0x80 {
                i += 1;
            }
            if !octets.is_empty() {
                out.push(Piece::Octets(core::mem::take(&mut octets)));
            }
            out.push(Piece::Text(&s[start..i]));
        }
    }
    if !octets.is_empty() {
        out.push(Piece::Octets(octets));
    }
    Ok(out)
}

/// The readings of the percent-encoded string `s`: UTF-8 first, then each of `charsets` in
/// order (UTF-8 again, or a charset given twice, is skipped). Each tells whether it was
/// strict. A `%` that does not start a percent-encoding is an error.
///
/// ```
/// use iri::legacy::{interpret, Charset};
/// let cs = |l| Charset::for_label(l).unwrap();
/// // 日本 in Shift_JIS; not UTF-8, not EUC-JP.
/// let found = interpret("/%93%FA%96%7B", &[cs("shift_jis"), cs("euc-jp")]).unwrap();
/// let summary: Vec<_> = found.iter().map(|c| (c.charset.name(), c.strict)).collect();
/// assert_eq!(summary, [("UTF-8", false), ("Shift_JIS", true), ("EUC-JP", false)]);
/// assert_eq!(found[1].text, "/日本");
/// ```
pub fn interpret(s: &str, charsets: &[Charset]) -> Result<Vec<Candidate>, InterpretError> {
    let pieces = pieces(s)?;
    let mut seen: Vec<Charset> = Vec::with_capacity(charsets.len() + 1);
    let mut out = Vec::with_capacity(charsets.len() + 1);
    for charset in core::iter::once(Charset::utf8()).chain(charsets.iter().copied()) {
        if seen.contains(&charset) {
            continue;
        }
        seen.push(charset);
        let mut text = String::with_capacity(s.len());
        let mut strict = true;
        for piece in &pieces {
            match piece {
                Piece::Text(t) => text.push_str(t),
                Piece::Octets(o) => {
                    let (decoded, had_errors): (Cow<'_, str>, bool) =
                        charset.encoding().decode_without_bom_handling(o);
                    strict &= !had_errors;
                    text.push_str(&decoded);
                }
            }
        }
        out.push(Candidate {
            charset,
            text,
            strict,
        });
    }
    Ok(out)
}
