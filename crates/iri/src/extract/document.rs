//! IRIs in documents given as bytes in any charset (feature `encoding`): RFC 3987 §7.3 and
//! §3.1 step 1, and the 2001 paper's test idea that the same IRI in documents in different
//! encodings gives the same URI.
//!
//! The bytes are decoded (see [`CharsetSource`] for how the charset is chosen) with
//! `encoding_rs`; then plain text goes through [`extract_text`](super::extract_text) and
//! HTML/XML through [`extract_markup`](super::extract_markup). When the charset is not a
//! Unicode encoding (UTF-8, UTF-16LE, UTF-16BE), each candidate's characters are brought to
//! NFC before parsing, as RFC 3987 §3.1 step 1b asks of IRIs "in some known non-Unicode
//! character encoding"; text from a Unicode encoding is used as it is (step 1c).
//!
//! Positions (lines, columns, spans) are those of the decoded text, without a BOM, so they do
//! not depend on the charset. Malformed bytes become U+FFFD, which no IRI may hold: an IRI with
//! one is reported invalid, and [`Document::malformed`] says that the document had some.
//!
//! Left out on purpose: transport metadata (an HTTP `Content-Type` header is the caller's to
//! pass as the charset), and documents larger than memory (the whole text is decoded at once).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use encoding_rs::Encoding;

use super::charset::decode;
pub use super::charset::CharsetSource;
use super::markup::{extract_markup_with, extract_text_with, Found, MarkupKind, MarkupOptions};
use crate::legacy::{Charset, ParseMode};
use crate::Iri;

/// What a document is.
///
/// ```
/// use iri::extract::{sniff_kind, DocumentKind};
/// assert_eq!(sniff_kind(b"\xEF\xBB\xBF<?xml version='1.0'?><a/>"), DocumentKind::Xml);
/// assert_eq!(sniff_kind(b"  <!DOCTYPE html><p>"), DocumentKind::Html);
/// assert_eq!(sniff_kind(b"see http://a/"), DocumentKind::Text);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    /// Plain text: [`find_iris`](super::find_iris).
    Text,
    /// HTML.
    Html,
    /// XML, XHTML included.
    Xml,
}

/// Guesses the kind from the first bytes: after a BOM, whitespace and NUL bytes (UTF-16),
/// `<?xml` means XML, another `<` HTML, anything else text.
///
/// ```
/// assert_eq!(iri::extract::sniff_kind(b"<\0h\0t\0m\0l\0>\0"), iri::extract::DocumentKind::Html);
/// ```
pub fn sniff_kind(bytes: &[u8]) -> DocumentKind {
    let body = Encoding::for_bom(bytes).map_or(bytes, |(_, n)| &bytes[n..]);
    let start: Vec<u8> = body
        .iter()
        .take(512)
        .copied()
        .filter(|&b| b != 0)
        .skip_while(|b| b.is_ascii_whitespace())
        .take(5)
        .collect();
    if start.eq_ignore_ascii_case(b"<?xml") {
        DocumentKind::Xml
    } else if start.first() == Some(&b'<') {
        DocumentKind::Html
    } else {
        DocumentKind::Text
    }
}

/// A charset label that names no usable charset: the one error type of both
/// [`DocumentOptions::charset`] and [`Charset::for_label`](crate::legacy::Charset::for_label),
/// with one rule (the labels of the WHATWG Encoding Standard, less those of its replacement
/// encoding, which decodes nothing).
///
/// ```
/// let e = iri::extract::DocumentOptions::new().charset("klingon").unwrap_err();
/// assert_eq!(e.label(), "klingon");
/// assert!(e.to_string().starts_with("unknown charset label \"klingon\""));
/// ```
pub use crate::legacy::UnknownCharset;

/// Options for [`extract_document`].
///
/// ```
/// use iri::extract::{DocumentKind, DocumentOptions};
/// let opts = DocumentOptions::new().kind(DocumentKind::Html).charset("shift_jis").unwrap();
/// # let _ = opts;
/// ```
#[derive(Debug, Clone, Default)]
pub struct DocumentOptions {
    kind: Option<DocumentKind>,
    charset: Option<&'static Encoding>,
    markup: MarkupOptions,
}

impl DocumentOptions {
    /// Kind sniffed, charset detected, no base, text content searched.
    ///
    /// ```
    /// let _ = iri::extract::DocumentOptions::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Forces the kind instead of [`sniff_kind`].
    ///
    /// ```
    /// let _ = iri::extract::DocumentOptions::new().kind(iri::extract::DocumentKind::Text);
    /// ```
    pub fn kind(mut self, kind: DocumentKind) -> Self {
        self.kind = Some(kind);
        self
    }

    /// The charset, by a WHATWG label (`utf-8`, `shift_jis`, `euc-jp`, `koi8-r`, `latin1`, …),
    /// by the rule of [`Charset::for_label`](crate::legacy::Charset::for_label) (the labels
    /// of the replacement encoding are refused); a BOM still wins over it.
    ///
    /// ```
    /// assert!(iri::extract::DocumentOptions::new().charset("EUC-JP").is_ok());
    /// assert!(iri::extract::DocumentOptions::new().charset("iso-2022-kr").is_err());
    /// ```
    pub fn charset(mut self, label: &str) -> Result<Self, UnknownCharset> {
        let charset = crate::legacy::Charset::for_label(label.trim())?;
        self.charset = Some(charset.encoding());
        Ok(self)
    }

    /// The base IRI (where the document came from), under `<base href>` and `xml:base`.
    ///
    /// ```
    /// let _ = iri::extract::DocumentOptions::new().base(iri::Iri::parse("http://a/".into()).unwrap());
    /// ```
    pub fn base(mut self, base: Iri<String>) -> Self {
        self.markup = self.markup.base(base);
        self
    }

    /// The grammar the candidates are parsed in (see [`MarkupOptions::mode`]).
    ///
    /// ```
    /// use iri::extract::{extract_document, DocumentOptions};
    /// use iri::legacy::ParseMode;
    /// let opts = DocumentOptions::new().mode(ParseMode::Lenient);
    /// let doc = extract_document(b"see http://a/{id}/x", &opts);
    /// assert_eq!(doc.found[0].result.as_ref().unwrap().uri, "http://a/%7Bid%7D/x");
    /// ```
    pub fn mode(mut self, mode: ParseMode) -> Self {
        self.markup = self.markup.mode(mode);
        self
    }

    /// Whether HTML/XML text content is searched too (on by default).
    ///
    /// ```
    /// let _ = iri::extract::DocumentOptions::new().text(false);
    /// ```
    pub fn text(mut self, yes: bool) -> Self {
        self.markup = self.markup.text(yes);
        self
    }
}

/// What [`extract_document`] found.
///
/// ```
/// let doc = iri::extract::extract_document(b"<a href=\"http://a/\xE9\">", &Default::default());
/// assert_eq!(doc.encoding, "windows-1252");
/// assert_eq!(doc.found[0].result.as_ref().unwrap().uri, "http://a/%C3%A9");
/// ```
#[derive(Debug, Clone)]
pub struct Document {
    /// The kind it was read as.
    pub kind: DocumentKind,
    /// The charset's name (WHATWG Encoding Standard).
    pub encoding: &'static str,
    /// Where the charset came from.
    pub charset_source: CharsetSource,
    /// Whether some bytes were malformed in that charset (each became U+FFFD).
    pub malformed: bool,
    /// The candidates, in document order.
    pub found: Vec<Found>,
}

/// Decodes `bytes` and finds the IRIs in them; see the [module docs](self).
///
/// ```
/// use iri::extract::{extract_document, DocumentOptions};
/// let koi8 = b"<?xml version=\"1.0\" encoding=\"KOI8-R\"?><a href=\"http://\xD0\xD2\xC9\xCD\xC5\xD2.\xD2\xC6/\"/>";
/// let doc = extract_document(koi8, &DocumentOptions::new());
/// assert_eq!(doc.found[0].text, "http://пример.рф/");
/// ```
pub fn extract_document(bytes: &[u8], opts: &DocumentOptions) -> Document {
    let mut found = Vec::new();
    let mut doc = extract_document_each(bytes, opts, |_, f| found.push(f));
    doc.found = found;
    doc
}

/// Decodes `bytes` and calls `each` with every candidate, in document order, as it is found:
/// the results of [`extract_document`] without collecting them (see
/// [`extract_markup_each`](super::extract_markup_each) for what is held meanwhile). `each` is
/// also given what is known of the document once it is decoded (its
/// [`found`](Document::found) is empty); the same is returned at the end.
///
/// ```
/// use iri::extract::{extract_document_each, DocumentOptions};
/// let mut uris = Vec::new();
/// let doc = extract_document_each(b"<p>http://a/\xE9</p>", &DocumentOptions::new(), |doc, f| {
///     assert_eq!(doc.encoding, "windows-1252");
///     uris.push(f.result.unwrap().uri);
/// });
/// assert_eq!(uris, ["http://a/%C3%A9"]);
/// assert!(doc.found.is_empty() && !doc.malformed);
/// ```
pub fn extract_document_each(
    bytes: &[u8],
    opts: &DocumentOptions,
    mut each: impl FnMut(&Document, Found),
) -> Document {
    let kind = opts.kind.unwrap_or_else(|| sniff_kind(bytes));
    let decoded = decode(
        bytes,
        opts.charset,
        kind == DocumentKind::Xml,
        kind == DocumentKind::Html,
    );
    let unicode = Charset::from_encoding(decoded.encoding).is_some_and(Charset::is_unicode);
    let map = |s: &str| -> String {
        if unicode {
            s.to_string()
        } else {
            crate::nf::nfc(s).collect()
        }
    };
    let map = &map;
    let doc = Document {
        kind,
        encoding: decoded.encoding.name(),
        charset_source: decoded.source,
        malformed: decoded.malformed,
        found: Vec::new(),
    };
    let each = &mut |f| each(&doc, f);
    match kind {
        DocumentKind::Text => extract_text_with(&decoded.text, &opts.markup, map, each),
        DocumentKind::Html => {
            extract_markup_with(&decoded.text, MarkupKind::Html, &opts.markup, map, each)
        }
        DocumentKind::Xml => {
            extract_markup_with(&decoded.text, MarkupKind::Xml, &opts.markup, map, each)
        }
    }
    doc
}

/// [`extract_text_each`](super::extract_text_each) for plain text decoded from a non-Unicode
/// charset: each candidate's text is brought to NFC before it is parsed (RFC 3987 §3.1 step
/// 1b), as [`extract_document_each`] does with such a text. For text decoded as it is read,
/// searched piece by piece, in either grammar ([`MarkupOptions::mode`]).
///
/// ```
/// use iri::extract::{extract_text_each_nfc, MarkupOptions};
/// let mut texts = Vec::new();
/// // `e` and a combining acute accent, as windows-1258 decodes an `é`.
/// extract_text_each_nfc("see http://a/e\u{301}", &MarkupOptions::new(), |f| texts.push(f.text));
/// assert_eq!(texts, ["http://a/\u{E9}"]);
/// ```
pub fn extract_text_each_nfc(text: &str, opts: &MarkupOptions, mut each: impl FnMut(Found)) {
    extract_text_with(text, opts, &|s| crate::nf::nfc(s).collect(), &mut each)
}
