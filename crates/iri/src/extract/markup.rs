//! IRIs in HTML and XML documents that are already text (RFC 3987 §7.3 for documents; the
//! 2001 paper's "IRIs inside documents"). Bytes in some charset go through
//! [`extract_document`](super::extract_document) (feature `encoding`) first.
//!
//! What is found:
//! - the values of the attributes in [`URL_ATTRIBUTES`], on any element, matched by name
//!   (case-insensitively in HTML), or by the local part after a namespace prefix other than
//!   `xmlns` (`xlink:href`, `rdf:about`, `rdf:resource`); `xml:base` too;
//! - with [`MarkupOptions::text`] (on by default), IRIs in text content, found by the rules
//!   of [`find_iris`](super::find_iris), CDATA sections included; never inside comments,
//!   processing instructions, doctype declarations, or HTML `script` and `style` elements.
//!   In text content, `<…>` (RFC 3986 Appendix C) delimits an IRI only when what it holds
//!   would start one in running text too (a scheme and `//`, or a scheme of
//!   [`OPAQUE_SCHEMES`](super::OPAQUE_SCHEMES)): a `<` there is escaped markup
//!   (`&lt;xsl:number level="any"/&gt;`), not an IRI's delimiter.
//!
//! Character references are resolved first ([XML 1.0 §4.1; HTML 4.01 §24.2]: all numeric ones,
//! the five XML entities, in HTML the Latin-1 entities), and leading and trailing ASCII
//! whitespace of an attribute value is left out. Each value is then parsed as an
//! `IRI-reference` (RFC 3987 §2.2) and resolved (RFC 3986 §5.2) against the document's base:
//! in HTML the first `<base href>` (applying to the whole document); in XML the `xml:base` in
//! scope (XML Base §4.2, nested bases resolved against their parent's), over the base the
//! caller gave. A value that is not an IRI reference is reported with its parse error, never
//! dropped; a relative reference with no base is reported unresolved.
//!
//! With [`MarkupOptions::mode`] set to [`ParseMode::Lenient`] (or [`ParseMode::Leiri`]), values
//! are parsed in that wider grammar ([`LenientIriRef`]): each character only it allows is
//! percent-encoded and reported in [`Resolved::warnings`]; in text, `{}|\^`` then continue a
//! candidate too.
//!
//! Left out on purpose: attributes that hold lists (`srcset`, `ping`, `archive`), namespace
//! names (`xmlns`), CSS `url(…)`, `<meta http-equiv=refresh>`, DTD-declared entities, the
//! recovery rules of the HTML parsing algorithm beyond what finding attributes needs, and
//! `<base href>` in XHTML read as XML (there, only `xml:base` sets the base).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use super::entities::{decode, Decoded};
use super::text::{find_iris_with, Cursor, Scan};
use crate::legacy::{LenientIriRef, ParseMode, Widened};
use crate::{Iri, IriRef, ParseError};

/// The attributes whose values are IRI references (HTML 4.01 §6.4 and the HTML Living
/// Standard's URL-valued attributes, XML Base, XLink, RDFa). `xml:base` is handled as the base.
///
/// ```
/// assert!(iri::extract::URL_ATTRIBUTES.contains(&"href"));
/// ```
pub const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "cite",
    "formaction",
    "poster",
    "data",
    "background",
    "longdesc",
    "codebase",
    "usemap",
    "manifest",
    "profile",
    "classid",
    "icon",
    "about",
    "resource",
];

/// HTML elements without an end tag (HTML Living Standard §13.1.2), which never hold text.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Which markup language: it decides case, entities and how the base is found.
///
/// ```
/// assert_ne!(iri::extract::MarkupKind::Html, iri::extract::MarkupKind::Xml);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkupKind {
    /// HTML: names case-insensitive, Latin-1 entities, `<base href>`, raw `script`/`style`.
    Html,
    /// XML (and XHTML): names as written, the five XML entities, scoped `xml:base`.
    Xml,
}

/// Where an IRI was found.
///
/// ```
/// let found = iri::extract::extract_markup(
///     "<a href='x'>", iri::extract::MarkupKind::Html, &Default::default());
/// assert_eq!(found[0].place.to_string(), "a@href");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Place {
    /// In an attribute value.
    Attribute {
        /// The element's name (lower case in HTML).
        element: String,
        /// The attribute's name (lower case in HTML).
        attribute: String,
    },
    /// In text content, inside the named element (none at the top level or in plain text).
    Text {
        /// The innermost open element.
        element: Option<String>,
    },
}

impl core::fmt::Display for Place {
    /// `element@attribute`, `text in element`, or `text`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Place::Attribute { element, attribute } => write!(f, "{element}@{attribute}"),
            Place::Text { element: Some(e) } => write!(f, "text in {e}"),
            Place::Text { element: None } => f.write_str("text"),
        }
    }
}

/// A found IRI reference that parsed: itself, resolved, and as a URI.
///
/// ```
/// use iri::extract::{extract_markup, MarkupKind, MarkupOptions};
/// let base = iri::Iri::parse("http://example.org/dir/".to_string()).unwrap();
/// let found = extract_markup("<a href='ré'>", MarkupKind::Html, &MarkupOptions::new().base(base));
/// let ok = found[0].result.as_ref().unwrap();
/// assert_eq!(ok.reference, "ré");
/// assert_eq!(ok.resolved.as_ref().unwrap(), "http://example.org/dir/ré");
/// assert_eq!(ok.uri, "http://example.org/dir/r%C3%A9");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The reference as found (after references and, for legacy charsets, NFC); in a wider
    /// [`ParseMode`], with the characters only that grammar allows percent-encoded.
    pub reference: IriRef<String>,
    /// The reference resolved against the base in scope; `None` when it is relative and there
    /// is no base.
    pub resolved: Option<Iri<String>>,
    /// The URI form (RFC 3987 §3.1) of the resolved IRI, or of the reference when unresolved.
    pub uri: String,
    /// In a wider [`ParseMode`], each character of the found text that only that grammar
    /// allows (offsets within [`Found::text`]); empty in strict mode.
    pub warnings: Vec<Widened>,
}

/// One IRI candidate found in a document.
///
/// ```
/// use iri::extract::{extract_markup, MarkupKind};
/// let found = extract_markup("<p>\n <img src=\"&#x2F;a b\">", MarkupKind::Html, &Default::default());
/// assert_eq!(found[0].text, "/a b");
/// assert_eq!((found[0].line, found[0].column), (2, 12));
/// assert!(found[0].result.is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The candidate's text: references resolved, surrounding whitespace left out.
    pub text: String,
    /// Its byte range in the document's text (before references were resolved).
    pub span: Range<usize>,
    /// The 1-based line of its start.
    pub line: usize,
    /// The 1-based column of its start, in characters.
    pub column: usize,
    /// Where it was found.
    pub place: Place,
    /// The parsed, resolved reference, or why the text is not an `IRI-reference` (the error's
    /// offset is within [`text`](Self::text)).
    pub result: Result<Resolved, ParseError>,
}

/// Options for [`extract_markup`].
///
/// ```
/// let opts = iri::extract::MarkupOptions::new().text(false);
/// assert!(iri::extract::extract_markup("<p>http://a/</p>", iri::extract::MarkupKind::Html, &opts).is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct MarkupOptions {
    pub(crate) base: Option<Iri<String>>,
    pub(crate) text: bool,
    pub(crate) mode: ParseMode,
}

impl Default for MarkupOptions {
    fn default() -> Self {
        MarkupOptions {
            base: None,
            text: true,
            mode: ParseMode::Strict,
        }
    }
}

impl MarkupOptions {
    /// No base; text content searched too.
    ///
    /// ```
    /// let _ = iri::extract::MarkupOptions::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The base IRI of the document (where it was retrieved from), under `<base>`/`xml:base`.
    ///
    /// ```
    /// let b = iri::Iri::parse("http://a/".to_string()).unwrap();
    /// let _ = iri::extract::MarkupOptions::new().base(b);
    /// ```
    pub fn base(mut self, base: Iri<String>) -> Self {
        self.base = Some(base);
        self
    }

    /// Whether to search text content as well as attributes.
    ///
    /// ```
    /// let _ = iri::extract::MarkupOptions::new().text(true);
    /// ```
    pub fn text(mut self, yes: bool) -> Self {
        self.text = yes;
        self
    }

    /// The grammar the candidates are parsed in: [`ParseMode::Strict`] (the default) or a
    /// wider one, whose extra characters are percent-encoded with a warning each.
    ///
    /// ```
    /// use iri::extract::{extract_markup, MarkupKind, MarkupOptions};
    /// use iri::legacy::ParseMode;
    /// let opts = MarkupOptions::new().mode(ParseMode::Lenient);
    /// let found = extract_markup("<a href='/my file'>", MarkupKind::Html, &opts);
    /// let ok = found[0].result.as_ref().unwrap();
    /// assert_eq!(ok.uri, "/my%20file");
    /// assert_eq!(ok.warnings[0].offset, 3);
    /// ```
    pub fn mode(mut self, mode: ParseMode) -> Self {
        self.mode = mode;
        self
    }
}

/// Finds the IRI references in an HTML or XML document; see the [module docs](self).
///
/// ```
/// use iri::extract::{extract_markup, MarkupKind, MarkupOptions};
/// let doc = r#"<doc xml:base="http://example.org/a/"><x xlink:href="b&#xE9;"/></doc>"#;
/// let found = extract_markup(doc, MarkupKind::Xml, &MarkupOptions::new());
/// let uris: Vec<_> = found.iter().map(|f| f.result.as_ref().unwrap().uri.as_str()).collect();
/// assert_eq!(uris, ["http://example.org/a/", "http://example.org/a/b%C3%A9"]);
/// ```
pub fn extract_markup(doc: &str, kind: MarkupKind, opts: &MarkupOptions) -> Vec<Found> {
    let mut found = Vec::new();
    extract_markup_each(doc, kind, opts, |f| found.push(f));
    found
}

/// Finds the IRIs in plain text (by [`find_iris`](super::find_iris)) and resolves them like
/// [`extract_markup`] does.
///
/// ```
/// let found = iri::extract::extract_text("see <URL:../x> or http://a/b.", &Default::default());
/// assert_eq!(found.len(), 2);
/// assert_eq!(found[1].result.as_ref().unwrap().uri, "http://a/b");
/// assert!(found[0].result.as_ref().unwrap().resolved.is_none());
/// ```
pub fn extract_text(doc: &str, opts: &MarkupOptions) -> Vec<Found> {
    let mut found = Vec::new();
    extract_text_each(doc, opts, |f| found.push(f));
    found
}

/// Calls `each` with every candidate in an HTML or XML document, in document order, as it is
/// found: the results of [`extract_markup`], without collecting them. Beside the document,
/// only the open elements (and in XML the `xml:base` values seen) are held, so a large
/// document with many IRIs needs little more memory than itself. In HTML the first
/// `<base href>` applies to the whole document, also to what comes before it: a first pass
/// that resolves nothing looks for it when the document holds `<base`.
///
/// ```
/// use iri::extract::{extract_markup_each, MarkupKind, MarkupOptions};
/// let doc = "<a href='x'>x</a><base href='http://example.org/d/'><img src='y'>";
/// let mut uris = Vec::new();
/// extract_markup_each(doc, MarkupKind::Html, &MarkupOptions::new(), |f| {
///     uris.push(f.result.unwrap().uri);
/// });
/// assert_eq!(uris, ["http://example.org/d/x", "http://example.org/d/", "http://example.org/d/y"]);
/// ```
pub fn extract_markup_each(
    doc: &str,
    kind: MarkupKind,
    opts: &MarkupOptions,
    mut each: impl FnMut(Found),
) {
    extract_markup_with(doc, kind, opts, &|s| s.to_string(), &mut each)
}

/// Calls `each` with every candidate in plain text, in order, as it is found: the results of
/// [`extract_text`], without collecting them.
///
/// ```
/// let mut n = 0;
/// iri::extract::extract_text_each("see http://a/b and <URL:../c>", &Default::default(), |f| {
///     assert!(f.result.is_ok());
///     n += 1;
/// });
/// assert_eq!(n, 2);
/// ```
pub fn extract_text_each(doc: &str, opts: &MarkupOptions, mut each: impl FnMut(Found)) {
    extract_text_with(doc, opts, &|s| s.to_string(), &mut each)
}

/// [`extract_text_each`] with a mapping applied to each candidate's text (NFC for legacy
/// charsets).
pub(crate) fn extract_text_with(
    doc: &str,
    opts: &MarkupOptions,
    map: &dyn Fn(&str) -> String,
    each: &mut dyn FnMut(Found),
) {
    let mut s = Scanner::new(doc, MarkupKind::Html, opts, Sink::Each(each));
    let scan = Scan {
        lenient: opts.mode != ParseMode::Strict,
        markup: false,
    };
    for m in find_iris_with(doc, scan) {
        s.push(map(&m.text), m.span, Place::Text { element: None }, 0);
    }
}

/// [`extract_markup_each`] with a mapping applied to each candidate's text.
pub(crate) fn extract_markup_with(
    doc: &str,
    kind: MarkupKind,
    opts: &MarkupOptions,
    map: &dyn Fn(&str) -> String,
    each: &mut dyn FnMut(Found),
) {
    // HTML: the first `<base href>` first, by a pass that keeps and resolves nothing.
    let html_base = if kind == MarkupKind::Html && find_ci(doc, 0, "<base").is_some() {
        let mut probe = Scanner::new(doc, kind, &opts.clone().text(false), Sink::Probe);
        probe.run(map);
        probe.html_base.map(|h| probe.bases.swap_remove(h))
    } else {
        None
    };
    let mut s = Scanner::new(doc, kind, opts, Sink::Each(each));
    if let Some(base) = html_base {
        s.bases.push(base);
        s.html_base = Some(1);
    }
    s.run(map);
}

/// Where the scanner's candidates go.
enum Sink<'s> {
    /// Parsed, resolved and handed over at once.
    Each(&'s mut dyn FnMut(Found)),
    /// Nowhere: the pass that looks for the HTML base.
    Probe,
}

/// The scanner's state over one document.
struct Scanner<'d, 's> {
    doc: &'d str,
    kind: MarkupKind,
    sink: Sink<'s>,
    /// Lines and columns, counted up to the last candidate.
    cursor: Cursor,
    /// Base IRIs; index 0 is the caller's.
    bases: Vec<Option<Iri<String>>>,
    /// Open elements with the index of the base in scope inside them.
    stack: Vec<(String, usize)>,
    /// HTML: the index of the first `<base href>`'s base.
    html_base: Option<usize>,
    /// Whether text content is searched.
    text_on: bool,
    /// The grammar candidates are parsed in.
    mode: ParseMode,
}

/// Finds `needle` (ASCII) in `hay` from `from`, ASCII case-insensitively.
fn find_ci(hay: &str, from: usize, needle: &str) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    (from..h.len().saturating_sub(n.len() - 1)).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Whether an attribute name holds an IRI reference.
fn is_url_attribute(name: &str) -> bool {
    if URL_ATTRIBUTES.contains(&name) {
        return true;
    }
    match name.split_once(':') {
        Some((prefix, local)) => prefix != "xmlns" && URL_ATTRIBUTES.contains(&local),
        None => false,
    }
}

impl<'d, 's> Scanner<'d, 's> {
    fn new(doc: &'d str, kind: MarkupKind, opts: &MarkupOptions, sink: Sink<'s>) -> Self {
        Scanner {
            doc,
            kind,
            sink,
            cursor: Cursor::new(),
            bases: alloc::vec![opts.base.clone()],
            stack: Vec::new(),
            html_base: None,
            text_on: opts.text,
            mode: opts.mode,
        }
    }

    fn html(&self) -> bool {
        self.kind == MarkupKind::Html
    }

    /// Parses and resolves a candidate against base `base` (or the HTML base), and hands it
    /// over.
    fn push(&mut self, text: String, span: Range<usize>, place: Place, base: usize) {
        let each = match &mut self.sink {
            Sink::Each(each) => each,
            Sink::Probe => return,
        };
        let (line, column) = self.cursor.advance(self.doc, span.start);
        let base_ix = match self.html_base {
            Some(h) if base == 0 => h,
            _ => base,
        };
        let parsed = LenientIriRef::parse(&text, self.mode)
            .map(|l| (l.warnings().to_vec(), l.into_iri_ref().into_owned()));
        let result = parsed.map(|(warnings, reference)| {
            let resolved = match (reference.to_iri_checked(), &self.bases[base_ix]) {
                (Some(abs), _) => Some(abs.into_owned()),
                (None, Some(b)) => Some(b.resolve(&reference)),
                (None, None) => None,
            };
            let uri = match &resolved {
                Some(iri) => iri.to_uri().as_str().to_string(),
                None => reference.to_uri().as_str().to_string(),
            };
            Resolved {
                reference,
                resolved,
                uri,
                warnings,
            }
        });
        each(Found {
            text,
            span,
            line,
            column,
            place,
            result,
        });
    }

    /// The base index in scope.
    fn current_base(&self) -> usize {
        self.stack.last().map_or(0, |&(_, b)| b)
    }

    /// Adds the base that `value` sets over base `parent`; its index.
    fn new_base(&mut self, value: &str, parent: usize) -> usize {
        let base = match LenientIriRef::parse(value, self.mode) {
            Ok(r) => match (r.as_iri_ref().to_iri_checked(), &self.bases[parent]) {
                (Some(abs), _) => Some(abs.into_owned()),
                (None, Some(p)) => Some(p.resolve(&r.as_iri_ref())),
                (None, None) => None,
            },
            Err(_) => self.bases[parent].clone(),
        };
        self.bases.push(base);
        self.bases.len() - 1
    }

    /// Scans the whole document.
    fn run(&mut self, map: &dyn Fn(&str) -> String) {
        let doc = self.doc;
        let b = doc.as_bytes();
        let mut i = 0;
        let mut text_start = 0;
        while i < b.len() {
            if matches!(self.sink, Sink::Probe) && self.html_base.is_some() {
                return;
            }
            if b[i] != b'<' {
                i += 1;
                continue;
            }
            let rest = &doc[i..];
            let next = if let Some(comment) = rest.strip_prefix("<!--") {
                self.text(text_start, i, map);
                comment.find("-->").map_or(b.len(), |j| i + 4 + j + 3)
            } else if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
                self.text(text_start, i, map);
                let end = cdata.find("]]>").map_or(b.len(), |j| i + 9 + j);
                self.cdata(i + 9, end, map);
                (end + 3).min(b.len())
            } else if let Some(pi) = rest.strip_prefix("<?") {
                self.text(text_start, i, map);
                let close = if self.html() { ">" } else { "?>" };
                pi.find(close).map_or(b.len(), |j| i + 2 + j + close.len())
            } else if rest.starts_with("<!") {
                self.text(text_start, i, map);
                rest.find('>').map_or(b.len(), |j| i + j + 1)
            } else if let Some(end_tag) = rest.strip_prefix("</") {
                self.text(text_start, i, map);
                let name_end = end_tag
                    .find(|c: char| c.is_ascii_whitespace() || c == '>')
                    .unwrap_or(end_tag.len());
                let mut name = end_tag[..name_end].to_string();
                if self.html() {
                    name.make_ascii_lowercase();
                }
                if let Some(k) = self.stack.iter().rposition(|(n, _)| *n == name) {
                    self.stack.truncate(k);
                }
                rest.find('>').map_or(b.len(), |j| i + j + 1)
            } else if rest[1..].chars().next().is_some_and(|c| {
                c.is_ascii_alphabetic() || (!self.html() && (c == '_' || c == ':' || !c.is_ascii()))
            }) {
                self.text(text_start, i, map);
                self.tag(i, map)
            } else {
                i += 1;
                continue;
            };
            i = next;
            text_start = next;
        }
        self.text(text_start, b.len(), map);
    }

    /// Searches text content `start..end` (references not yet resolved).
    fn text(&mut self, start: usize, end: usize, map: &dyn Fn(&str) -> String) {
        if start >= end || !self.text_on {
            return;
        }
        let decoded = decode(&self.doc[start..end], start, self.html());
        self.text_matches(&decoded, map);
    }

    /// Searches a CDATA section (no references in it).
    fn cdata(&mut self, start: usize, end: usize, map: &dyn Fn(&str) -> String) {
        if start >= end || !self.text_on {
            return;
        }
        let decoded = Decoded::verbatim(&self.doc[start..end], start);
        self.text_matches(&decoded, map);
    }

    fn text_matches(&mut self, decoded: &Decoded, map: &dyn Fn(&str) -> String) {
        let element = self.stack.last().map(|(n, _)| n.clone());
        let base = self.current_base();
        let scan = Scan {
            lenient: self.mode != ParseMode::Strict,
            markup: true,
        };
        for m in find_iris_with(&decoded.text, scan) {
            let span = decoded.source_offset(m.span.start)..decoded.source_offset(m.span.end);
            self.push(
                map(&m.text),
                span,
                Place::Text {
                    element: element.clone(),
                },
                base,
            );
        }
    }

    /// Reads the start tag at `lt`; returns the offset after it.
    fn tag(&mut self, lt: usize, map: &dyn Fn(&str) -> String) -> usize {
        let doc = self.doc;
        let b = doc.as_bytes();
        let html = self.html();
        let mut i = lt + 1;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'/' && b[i] != b'>' {
            i += 1;
        }
        let mut element = doc[lt + 1..i].to_string();
        if html {
            element.make_ascii_lowercase();
        }
        let parent = self.current_base();
        let mut own_base = parent;
        // (attribute name, value range) of the attributes that hold IRIs.
        let mut values: Vec<(String, Range<usize>)> = Vec::new();
        let mut self_closing = false;
        loop {
            while i < b.len()
                && (b[i].is_ascii_whitespace() || (b[i] == b'/' && b.get(i + 1) != Some(&b'>')))
            {
                i += 1;
            }
            if i >= b.len() {
                break;
            }
            if b[i] == b'>' {
                i += 1;
                break;
            }
            if b[i] == b'/' {
                self_closing = true;
                i += 2;
                break;
            }
            let name_start = i;
            while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'=' | b'>' | b'/')
            {
                i += 1;
            }
            if i == name_start {
                // A stray '=': skip it.
                i += 1;
                continue;
            }
            let mut name = doc[name_start..i].to_string();
            if html {
                name.make_ascii_lowercase();
            }
            let mut j = i;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if b.get(j) != Some(&b'=') {
                continue; // an attribute without a value
            }
            j += 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let range = match b.get(j) {
                Some(&q @ (b'"' | b'\'')) => {
                    let end = doc[j + 1..].find(q as char).map_or(b.len(), |k| j + 1 + k);
                    i = (end + 1).min(b.len());
                    j + 1..end
                }
                _ => {
                    let end = doc[j..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .map_or(b.len(), |k| j + k);
                    i = end;
                    j..end
                }
            };
            if name == "xml:base" || is_url_attribute(&name) {
                values.push((name, range));
            }
        }
        let attr_text = |r: &Range<usize>| {
            let d = decode(&doc[r.clone()], r.start, html);
            let t = d.text.trim_matches(|c: char| c.is_ascii_whitespace());
            let lead = d.text.len()
                - d.text
                    .trim_start_matches(|c: char| c.is_ascii_whitespace())
                    .len();
            let start = d.source_offset(lead);
            let end = d.source_offset(lead + t.len());
            (map(t), start..end)
        };
        // xml:base first: the element's other attributes resolve against it (XML Base §4.2).
        if !html {
            if let Some((_, r)) = values.iter().find(|(n, _)| n == "xml:base") {
                let (text, _) = attr_text(r);
                own_base = self.new_base(&text, parent);
            }
        }
        for (name, r) in &values {
            let (text, span) = attr_text(r);
            let base = if name == "xml:base" { parent } else { own_base };
            if html && element == "base" && name == "href" && self.html_base.is_none() {
                self.html_base = Some(self.new_base(&text, 0));
            }
            let place = Place::Attribute {
                element: element.clone(),
                attribute: name.clone(),
            };
            self.push(text, span, place, base);
        }
        let void = html && VOID.contains(&element.as_str());
        if html && (element == "script" || element == "style") {
            // Raw text: nothing in it is markup or searched.
            let close = alloc::format!("</{element}");
            return find_ci(doc, i, &close).map_or(b.len(), |k| {
                doc[k..].find('>').map_or(b.len(), |g| k + g + 1)
            });
        }
        if !self_closing && !void {
            self.stack.push((element, own_base));
        }
        i
    }
}
