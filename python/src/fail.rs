//! Errors: one plain Rust value ([`Fail`]) that worker threads can carry, turned into an
//! `iri.IriError` (a subclass of `ValueError`) with its attributes once the GIL is held.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    iri,
    IriError,
    PyValueError,
    "Why a text is not a valid IRI (or could not be mapped, resolved or relativized).\n\n\
     Attributes: ``kind`` (``'invalid-char'``, ``'missing-scheme'``, … or ``'idna'``,\n\
     ``'unmappable'``, ``'relativize'``, ``'char-ref'``, ``'unknown-charset'``), ``offset``\n\
     (character offset in the input, or ``None``), ``byte_offset`` (UTF-8 byte offset),\n\
     ``component`` (``'path'``, … or ``None``), ``char`` (the offending character or ``None``),\n\
     ``grammar`` (the grammar rule, e.g. ``'iri-ref'``), ``hint`` (what the text probably\n\
     meant, such as the brackets of an IPv6 address, or ``None``), ``input`` (the text) and\n\
     ``row`` (the row of an Arrow array, or ``None``).\n\n\
     >>> import iri\n\
     >>> try:\n\
     ...     iri.parse('http://example.org/a b')\n\
     ... except iri.IriError as e:\n\
     ...     (e.kind, e.offset, e.component, e.char)\n\
     ('invalid-char', 20, 'path', ' ')\n"
);

/// An error, independent of the GIL (boxed: it travels in the `Err` of every row's result).
#[derive(Debug, Clone)]
pub struct Fail(Box<FailInfo>);

/// What a [`Fail`] holds.
#[derive(Debug, Clone)]
pub struct FailInfo {
    pub message: String,
    pub kind: &'static str,
    pub byte_offset: Option<usize>,
    pub offset: Option<usize>,
    pub component: Option<&'static str>,
    pub ch: Option<char>,
    pub grammar: Option<&'static str>,
    pub hint: Option<&'static str>,
    pub input: String,
}

/// The character offset of a byte offset in `s` (the byte offset itself if it is not on a
/// character boundary, which the library never reports).
pub fn char_offset(s: &str, byte: usize) -> usize {
    match s.get(..byte) {
        Some(prefix) => prefix.chars().count(),
        None => byte,
    }
}

/// [`char_offset`] for many byte offsets of one text, each counted from the one before
/// (forwards or backwards), so that the offsets of all the results of a text (in document
/// order) cost one pass over it instead of one pass each.
pub struct CharOffsets<'a> {
    s: &'a str,
    byte: usize,
    chars: usize,
}

impl<'a> CharOffsets<'a> {
    /// At the start of `s`.
    pub fn new(s: &'a str) -> Self {
        CharOffsets {
            s,
            byte: 0,
            chars: 0,
        }
    }

    /// The character offset of byte offset `byte` (`byte` itself when it is not on a
    /// character boundary of the text, as [`char_offset`] says).
    pub fn at(&mut self, byte: usize) -> usize {
        if !self.s.is_char_boundary(byte) {
            return byte;
        }
        if byte >= self.byte {
            self.chars += self.s[self.byte..byte].chars().count();
        } else {
            self.chars -= self.s[byte..self.byte].chars().count();
        }
        self.byte = byte;
        self.chars
    }
}

impl std::ops::Deref for Fail {
    type Target = FailInfo;

    fn deref(&self) -> &FailInfo {
        &self.0
    }
}

impl Fail {
    /// An error without position.
    pub fn plain(kind: &'static str, message: String, input: &str) -> Fail {
        Fail(Box::new(FailInfo {
            message,
            kind,
            byte_offset: None,
            offset: None,
            component: None,
            ch: None,
            grammar: None,
            hint: None,
            input: input.to_string(),
        }))
    }

    /// A lone surrogate (U+`code`, when known) at character `offset` of a `str`, which UTF-8
    /// cannot encode; `input` is the text with it replaced.
    pub fn surrogate(offset: usize, code: Option<u32>, input: &str) -> Fail {
        let what = code.map_or("a lone surrogate".to_owned(), |c| {
            format!("U+{c:04X}, a lone surrogate,")
        });
        let mut f = Fail::plain(
            "surrogate",
            format!(
                "{what} at character {offset} is no Unicode character: an IRI is a sequence of \
                 characters (RFC 3987 §2), and a surrogate stands only in a pair in UTF-16"
            ),
            input,
        );
        f.0.offset = Some(offset);
        f
    }

    /// An error at a byte offset of `input`.
    pub fn at(kind: &'static str, message: String, input: &str, byte: usize) -> Fail {
        let mut f = Fail::plain(kind, message, input);
        f.0.byte_offset = Some(byte);
        f.0.offset = Some(char_offset(input, byte));
        f
    }

    /// A parse error of `input`.
    pub fn parse(e: &iri::ParseError, input: &str) -> Fail {
        Fail(Box::new(FailInfo {
            message: e.to_string(),
            kind: e.kind().as_str(),
            byte_offset: Some(e.offset()),
            offset: Some(char_offset(input, e.offset())),
            component: Some(e.component().as_str()),
            ch: e.char(),
            grammar: Some(e.grammar().as_str()),
            hint: e.hint().map(iri::Hint::message),
            input: input.to_string(),
        }))
    }

    /// An error of the builder or a setter: its byte offset counts in the text being
    /// written, which the caller does not have, so there is no character offset.
    pub fn edit(e: &iri::ParseError, input: &str) -> Fail {
        let mut f = Fail::parse(e, input);
        f.0.offset = None;
        f
    }

    /// A bad argument (an unknown kind, level, …): a `ValueError`, not an `IriError`.
    pub fn argument(message: String) -> PyErr {
        PyValueError::new_err(message)
    }

    /// The `IriError`, with `row` set for an error in an Arrow array.
    pub fn into_pyerr(self, py: Python<'_>, row: Option<usize>) -> PyErr {
        let message = match row {
            Some(r) => format!("row {r}: {}", self.message),
            None => self.message.clone(),
        };
        let err = IriError::new_err(message);
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("kind", self.kind)?;
            value.setattr("offset", self.offset)?;
            value.setattr("byte_offset", self.byte_offset)?;
            value.setattr("component", self.component)?;
            value.setattr("char", self.ch.map(String::from))?;
            value.setattr("grammar", self.grammar)?;
            value.setattr("hint", self.hint)?;
            value.setattr("input", &self.input)?;
            value.setattr("row", row)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}
