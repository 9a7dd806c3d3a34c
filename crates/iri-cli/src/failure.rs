//! Why an input gave no result: a parse error, a line that is not UTF-8, a target that no
//! reference reaches, or a host that IDNA rejects; in one shape for every output format.

use std::io::{self, Write};
use std::str::Utf8Error;

use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::escaped;

/// An input's error, as reported on standard output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// A stable kebab-case name: an [`iri::ErrorKind::as_str`], `invalid-utf8`,
    /// `unreachable` or `idna`.
    pub kind: &'static str,
    /// The component in which it went wrong ([`iri::Component::as_str`]), if known.
    pub component: Option<&'static str>,
    /// The byte offset of the offending character or byte, if there is one.
    pub offset: Option<usize>,
    /// The sentence for people (for a parse error, it ends with the hint, if any).
    pub message: String,
    /// What the input probably meant ([`iri::Hint::message`]), for a parse error whose input
    /// looks like a common mistake.
    pub hint: Option<&'static str>,
    /// Whether `message` already names where the input came from.
    pub located: bool,
}

impl Failure {
    /// A parse error of the library; the message is its `Display`.
    pub fn parse(e: &iri::ParseError) -> Self {
        Failure {
            kind: e.kind().as_str(),
            component: Some(e.component().as_str()),
            offset: Some(e.offset()),
            message: e.to_string(),
            hint: e.hint().map(iri::Hint::message),
            located: false,
        }
    }

    /// Bytes that are not UTF-8 (`bytes` is the whole input). With an origin, the message
    /// starts with it (`line 3: invalid UTF-8 …`).
    pub fn utf8(e: &Utf8Error, bytes: &[u8], origin: Option<Origin>) -> Self {
        let at = e.valid_up_to();
        let what = if e.error_len().is_some() {
            "invalid UTF-8"
        } else {
            "truncated UTF-8 sequence"
        };
        let mut message = String::new();
        if let Some(origin) = origin {
            message = format!("{origin}: ");
        }
        message.push_str(&format!("{what} at byte {at} (0x{:02X})", bytes[at]));
        Failure {
            kind: "invalid-utf8",
            component: None,
            offset: Some(at),
            message,
            hint: None,
            located: origin.is_some(),
        }
    }

    /// A target that no reference reaches from the base.
    pub fn unreachable(e: &iri::RelativizeError) -> Self {
        Failure {
            kind: e.kind(),
            component: None,
            offset: None,
            message: e.to_string(),
            hint: None,
            located: false,
        }
    }

    /// A host that IDNA (ToASCII) rejects; `offset` is where the host starts in the input.
    pub fn idna(e: &iri::idn::IdnaError, offset: Option<usize>) -> Self {
        Failure {
            kind: e.kind(),
            component: Some(iri::Component::Host.as_str()),
            offset,
            message: e.to_string(),
            hint: None,
            located: false,
        }
    }

    /// Writes the text-format line `error: MESSAGE`, with `line N: ` before the message for
    /// a line of standard input.
    pub fn write_text(&self, w: &mut impl Write, origin: Origin) -> io::Result<()> {
        let message = escaped(&self.message);
        if origin.is_line() && !self.located {
            writeln!(w, "error: {origin}: {message}")
        } else {
            writeln!(w, "error: {message}")
        }
    }

    /// The 1-based character column of the offset in `text`, the bytes it is an offset in.
    pub fn column(&self, text: &[u8]) -> Option<usize> {
        self.offset.map(|at| char_column(text, at))
    }

    /// Writes the members `kind`, `component`, `byte` (the 0-based byte offset), `column`
    /// (the 1-based character column) and `message` into an object, and `hint` when there is
    /// one; `text` is the bytes the offset is in.
    pub fn write_json_fields<W: Write>(
        &self,
        o: &mut JsonObject<'_, W>,
        text: &[u8],
    ) -> io::Result<()> {
        o.str("kind", Some(self.kind))?;
        o.str("component", self.component)?;
        o.num("byte", self.offset.map(|n| n as u64))?;
        o.num("column", self.column(text).map(|n| n as u64))?;
        o.str("message", Some(&self.message))?;
        match self.hint {
            Some(hint) => o.str("hint", Some(hint)),
            None => Ok(()),
        }
    }
}

/// The 1-based column, in characters, of byte `offset` of `text`: one more than the
/// characters that start before it (a byte that is not UTF-8 counts as one).
pub fn char_column(text: &[u8], offset: usize) -> usize {
    let before = &text[..offset.min(text.len())];
    1 + before.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_in_characters() {
        assert_eq!(char_column(b"abc", 0), 1);
        assert_eq!(char_column("a\u{e9}\u{4F8B} x".as_bytes(), 6), 4);
        assert_eq!(char_column(b"ab\xFFc", 3), 4);
        assert_eq!(char_column(b"ab", 9), 3);
    }

    #[test]
    fn utf8_messages() {
        let utf8_error = |bytes: &[u8]| std::str::from_utf8(bytes).unwrap_err();
        let bytes = b"ab\xFFc";
        let f = Failure::utf8(&utf8_error(bytes), bytes, Some(Origin::Line(7)));
        assert_eq!(f.message, "line 7: invalid UTF-8 at byte 2 (0xFF)");
        assert_eq!(f.offset, Some(2));
        let bytes = b"ab\xC3";
        let f = Failure::utf8(&utf8_error(bytes), bytes, None);
        assert_eq!(f.message, "truncated UTF-8 sequence at byte 2 (0xC3)");
    }

    #[test]
    fn text_lines() {
        let e = iri::IriRef::parse("a b").unwrap_err();
        let f = Failure::parse(&e);
        let mut v = Vec::new();
        f.write_text(&mut v, Origin::Line(2)).unwrap();
        f.write_text(&mut v, Origin::Argument(2)).unwrap();
        let text = String::from_utf8(v).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(format!("error: line 2: {e}").as_str()));
        assert_eq!(lines.next(), Some(format!("error: {e}").as_str()));
    }
}
