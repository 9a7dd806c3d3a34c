//! Which charset a document's bytes are in, and decoding them (feature `encoding`).
//!
//! The order, as in the HTML Living Standard's encoding sniffing (§13.2.3.2) and XML 1.0
//! Appendix F: a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins; then the charset the caller
//! gives (as a transport protocol would); then, for XML, the encoding declaration
//! (`<?xml version="1.0" encoding="…"?>`, or UTF-16 detected from `<?` without a BOM); for
//! HTML, the `<meta charset=…>` or `<meta http-equiv=… content="…; charset=…">` prescan of
//! the first 1024 bytes; else UTF-8 for XML, and for HTML and text UTF-8 when the bytes are
//! valid UTF-8, windows-1252 otherwise. Labels are the WHATWG Encoding Standard's
//! (`encoding_rs`), so `iso-8859-1` means windows-1252, as browsers do; a UTF-16 label found by
//! the prescan means UTF-8 (the prescan could not have read it otherwise).
//!
//! Left out: guessing from byte statistics, and HTML's re-decoding when a late `<meta>` is
//! found.

use alloc::borrow::Cow;
use alloc::string::String;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

/// Where a document's charset came from.
///
/// ```
/// use iri::extract::{extract_document, CharsetSource, DocumentOptions};
/// let doc = extract_document(b"<meta charset=koi8-r>", &DocumentOptions::new());
/// assert_eq!(doc.charset_source, CharsetSource::Meta);
/// assert_eq!(doc.encoding, "KOI8-R");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CharsetSource {
    /// A byte order mark.
    Bom,
    /// The caller's charset.
    Caller,
    /// HTML `<meta charset>` or `<meta http-equiv=Content-Type content=…charset=…>`.
    Meta,
    /// The XML declaration's `encoding`, or UTF-16 seen from `<?` without a BOM.
    XmlDeclaration,
    /// None of those: the default.
    Default,
}

/// Bytes decoded to text.
pub(crate) struct Decoded<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) encoding: &'static Encoding,
    pub(crate) source: CharsetSource,
    /// Whether some bytes were malformed (each became U+FFFD).
    pub(crate) malformed: bool,
}

/// The value after `name` `=` in an attribute list or a content string, ASCII only.
fn value_after<'a>(s: &'a str, name: &str) -> Option<&'a str> {
    let lower = s.to_ascii_lowercase();
    let mut from = 0;
    while let Some(k) = lower[from..].find(name).map(|k| from + k) {
        let rest = s[k + name.len()..].trim_start();
        if let Some(v) = rest.strip_prefix('=') {
            let v = v.trim_start();
            let (v, stop): (&str, &[char]) = match v.chars().next() {
                Some(q @ ('"' | '\'')) => (&v[1..], if q == '"' { &['"'] } else { &['\''] }),
                _ => (
                    v,
                    &[' ', '\t', '\n', '\r', '\x0C', ';', '>', '/', '"', '\''],
                ),
            };
            let end = v.find(stop).unwrap_or(v.len());
            return Some(&v[..end]);
        }
        from = k + name.len();
    }
    None
}

/// The first 1024 bytes with every byte outside ASCII as U+FFFD, for the prescans.
fn ascii_view(bytes: &[u8]) -> String {
    bytes[..bytes.len().min(1024)]
        .iter()
        .map(|&b| if b.is_ascii() { b as char } else { '\u{FFFD}' })
        .collect()
}

/// The HTML `<meta>` prescan.
fn meta(bytes: &[u8]) -> Option<&'static Encoding> {
    let view = ascii_view(bytes);
    let lower = view.to_ascii_lowercase();
    let mut from = 0;
    while let Some(k) = lower[from..].find("<meta").map(|k| from + k) {
        let end = view[k..].find('>').map_or(view.len(), |e| k + e);
        let attrs = &view[k + 5..end];
        let label = value_after(attrs, "charset").or_else(|| {
            let http_equiv = value_after(attrs, "http-equiv")?;
            if !http_equiv.eq_ignore_ascii_case("content-type") {
                return None;
            }
            value_after(value_after(attrs, "content")?, "charset")
        });
        if let Some(e) = label.and_then(|l| Encoding::for_label(l.trim().as_bytes())) {
            return Some(if e == UTF_16LE || e == UTF_16BE {
                UTF_8
            } else {
                e.output_encoding()
            });
        }
        from = end;
    }
    None
}

/// The XML declaration's encoding, or UTF-16 from the first bytes.
fn xml_declaration(bytes: &[u8]) -> Option<&'static Encoding> {
    match bytes {
        [0x3C, 0, 0x3F, 0, ..] => return Some(UTF_16LE),
        [0, 0x3C, 0, 0x3F, ..] => return Some(UTF_16BE),
        _ => {}
    }
    let view = ascii_view(bytes);
    let decl = view.strip_prefix("<?xml")?;
    let decl = &decl[..decl.find("?>")?];
    Encoding::for_label(value_after(decl, "encoding")?.as_bytes())
}

/// Decodes `bytes`: see the module docs for how the charset is chosen.
pub(crate) fn decode<'a>(
    bytes: &'a [u8],
    caller: Option<&'static Encoding>,
    xml: bool,
    html: bool,
) -> Decoded<'a> {
    let (encoding, source, body) = if let Some((e, n)) = Encoding::for_bom(bytes) {
        (e, CharsetSource::Bom, &bytes[n..])
    } else if let Some(e) = caller {
        (e, CharsetSource::Caller, bytes)
    } else if let Some(e) = xml.then(|| xml_declaration(bytes)).flatten() {
        (e, CharsetSource::XmlDeclaration, bytes)
    } else if let Some(e) = html.then(|| meta(bytes)).flatten() {
        (e, CharsetSource::Meta, bytes)
    } else if xml || core::str::from_utf8(bytes).is_ok() {
        (UTF_8, CharsetSource::Default, bytes)
    } else {
        (WINDOWS_1252, CharsetSource::Default, bytes)
    };
    let (text, malformed) = encoding.decode_without_bom_handling(body);
    Decoded {
        text,
        encoding,
        source,
        malformed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prescans() {
        assert_eq!(
            meta(b"<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=Shift_JIS'>"),
            Some(encoding_rs::SHIFT_JIS)
        );
        assert_eq!(meta(b"<meta charset=\"utf-16\">"), Some(UTF_8));
        assert_eq!(meta(b"<meta name=x>"), None);
        assert_eq!(
            xml_declaration(b"<?xml version='1.0' encoding='EUC-JP'?><a/>"),
            Some(encoding_rs::EUC_JP)
        );
        assert_eq!(xml_declaration(b"<?xml version='1.0'?>"), None);
        assert_eq!(xml_declaration(b"<\0?\0x\0"), Some(UTF_16LE));
    }

    #[test]
    fn order() {
        let d = decode(
            b"\xEF\xBB\xBF<meta charset=koi8-r>",
            Some(WINDOWS_1252),
            false,
            true,
        );
        assert_eq!((d.encoding, d.source), (UTF_8, CharsetSource::Bom));
        let d = decode(b"<meta charset=koi8-r>", Some(WINDOWS_1252), false, true);
        assert_eq!(
            (d.encoding, d.source),
            (WINDOWS_1252, CharsetSource::Caller)
        );
        let d = decode(b"caf\xE9", None, false, true);
        assert_eq!((d.encoding, &*d.text), (WINDOWS_1252, "café"));
        let d = decode(b"caf\xE9", None, true, false);
        assert!(d.malformed);
    }
}
