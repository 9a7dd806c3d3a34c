//! The laws of extraction from text and documents (RFC 3987 §7.3, RFC 3986 Appendix C) and of
//! the `mailto`, `data`, `file` and `urn` views. Part of `laws`, with its conventions.

use super::*;

/// The 1-based line and column (in characters) of byte `at` of `s`, lines ending at LF.
fn line_column(s: &str, at: usize) -> (usize, usize) {
    let before = &s[..at];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, 1 + before[line_start..].chars().count())
}

/// Whether `small` is `big` with some whitespace characters left out.
fn is_big_without_whitespace(small: &str, big: &str) -> bool {
    let mut want = small.chars().peekable();
    for c in big.chars() {
        if want.peek() == Some(&c) {
            want.next();
        } else if !c.is_whitespace() {
            return false;
        }
    }
    want.peek().is_none()
}

/// Checks the candidates found in a document: positions on character boundaries of `doc`, in
/// document order, with the line and column of their start; a text without whitespace at its
/// ends; a result that is the text parsed (an error exactly when it does not parse), whose URI
/// is an ASCII URI reference, the URI form of the resolved IRI when there is one, and of the
/// reference otherwise.
fn check_found(doc: &str, found: &[iri::extract::Found], what: &str) {
    let mut last = 0;
    for f in found {
        assert!(
            f.span.start <= f.span.end
                && f.span.end <= doc.len()
                && doc.is_char_boundary(f.span.start)
                && doc.is_char_boundary(f.span.end),
            "{what} {doc:?}: span {:?} of {:?}",
            f.span,
            f.text
        );
        assert!(
            f.span.start >= last,
            "{what} {doc:?}: {:?} out of order",
            f.text
        );
        last = f.span.start;
        assert_eq!(
            (f.line, f.column),
            line_column(doc, f.span.start),
            "{what} {doc:?}: line and column of {:?}",
            f.text
        );
        assert!(
            !ascii_ws_at_ends(&f.text),
            "{what} {doc:?}: {:?} not trimmed",
            f.text
        );
        assert!(!f.place.to_string().is_empty());
        check_result(&f.text, &f.result, &format!("{what} {doc:?}"));
    }
}

/// The result of a found candidate agrees with parsing its text.
fn check_result(text: &str, result: &Result<iri::extract::Resolved, iri::ParseError>, what: &str) {
    match result {
        Ok(r) => {
            assert_eq!(
                r.reference.as_str(),
                text,
                "{what}: reference is not the text"
            );
            assert!(
                r.uri.is_ascii() && UriRef::parse(r.uri.as_str()).is_ok(),
                "{what}: {:?} is not a URI reference",
                r.uri
            );
            match &r.resolved {
                Some(abs) => {
                    assert!(
                        Iri::parse(abs.as_str()).is_ok(),
                        "{what}: resolved {abs} is not an IRI"
                    );
                    assert_eq!(
                        r.uri,
                        abs.to_uri().as_str(),
                        "{what}: uri of the resolved IRI"
                    );
                    assert!(Uri::parse(r.uri.as_str()).is_ok(), "{what}: resolved uri");
                }
                None => {
                    assert!(
                        r.reference.scheme().is_none(),
                        "{what}: an IRI left unresolved"
                    );
                    assert_eq!(
                        r.uri,
                        r.reference.to_uri().as_str(),
                        "{what}: uri of the reference"
                    );
                }
            }
        }
        Err(e) => {
            assert_eq!(
                IriRef::parse(text).err().as_ref(),
                Some(e),
                "{what}: {text:?} reported with another error"
            );
        }
    }
}

/// Extraction (RFC 3987 §7.3, RFC 3986 Appendix C). The first byte chooses the options (bit 0:
/// a base; bit 1: text content not searched; bits 2–3 for documents: the kind; bits 4–5: the
/// charset); the rest is the text.
/// - `find_iris`: candidates in order, not overlapping, on character boundaries, with the line
///   and column of their start; the text is the span itself, or inside `<…>` the span with
///   whitespace left out; `parse` is `IriRef::parse` of the text;
/// - `extract_text` and `extract_markup` (HTML and XML): as `check_found` says;
/// - `extract_document` on the raw bytes: every candidate has a result that agrees with its
///   text, positions are in range; forced to UTF-8 and a kind, valid UTF-8 without a byte order
///   mark gives what `extract_markup` or `extract_text` gives on the text.
pub fn extract(data: &[u8]) {
    use iri::extract::{
        extract_markup, extract_text, find_iris, Delimiter, MarkupKind, MarkupOptions,
    };
    let Some((&sel, raw)) = data.split_first() else {
        return;
    };
    let s = &*text(raw);
    let mut last_end = 0;
    for m in find_iris(s) {
        let what = format!("find_iris {s:?}: {:?}", m.text);
        assert!(
            m.span.start >= last_end && m.span.end <= s.len(),
            "{what}: span {:?} after {last_end}",
            m.span
        );
        assert!(
            s.is_char_boundary(m.span.start) && s.is_char_boundary(m.span.end),
            "{what}: span"
        );
        last_end = m.span.end;
        assert!(!m.text.is_empty(), "{what}: empty");
        assert_eq!(
            (m.line, m.column),
            line_column(s, m.span.start),
            "{what}: line and column"
        );
        let inside = &s[m.span.clone()];
        match m.delimiter {
            Delimiter::None | Delimiter::Bidi => assert_eq!(m.text, inside, "{what}: not the span"),
            Delimiter::Angle | Delimiter::AngleUrl => {
                assert!(
                    is_big_without_whitespace(&m.text, inside),
                    "{what}: not the span {inside:?}"
                )
            }
        }
        assert_eq!(
            m.parse().err(),
            IriRef::parse(&*m.text).err(),
            "{what}: parse"
        );
    }
    let mut opts = MarkupOptions::new().text(sel & 2 == 0);
    if sel & 1 != 0 {
        opts = opts.base(Iri::parse("http://example.org/d/e?q".to_string()).unwrap());
    }
    check_found(s, &extract_text(s, &opts), "extract_text");
    check_found(
        s,
        &extract_markup(s, MarkupKind::Html, &opts),
        "extract_markup(html)",
    );
    check_found(
        s,
        &extract_markup(s, MarkupKind::Xml, &opts),
        "extract_markup(xml)",
    );
    #[cfg(feature = "encoding")]
    {
        use iri::extract::{extract_document, DocumentKind, DocumentOptions};
        let kinds = [
            None,
            Some(DocumentKind::Html),
            Some(DocumentKind::Xml),
            Some(DocumentKind::Text),
        ];
        let kind = kinds[(sel >> 2) as usize & 3];
        let label =
            [None, Some("utf-8"), Some("shift_jis"), Some("windows-1252")][(sel >> 4) as usize & 3];
        let mut dopts = DocumentOptions::new().text(sel & 2 == 0);
        if let Some(k) = kind {
            dopts = dopts.kind(k);
        }
        if let Some(l) = label {
            dopts = dopts.charset(l).unwrap();
        }
        if sel & 1 != 0 {
            dopts = dopts.base(Iri::parse("http://example.org/d/e?q".to_string()).unwrap());
        }
        let doc = extract_document(raw, &dopts);
        // Each byte decodes to at most one character of three bytes, U+FFFD included.
        let bound = 3 * raw.len();
        for f in &doc.found {
            assert!(
                f.span.start <= f.span.end && f.span.end <= bound && f.line >= 1 && f.column >= 1,
                "extract_document {raw:?}: position of {:?}",
                f.text
            );
            assert!(f.line <= raw.len() + 1 && f.column <= raw.len() + 1);
            check_result(&f.text, &f.result, &format!("extract_document {raw:?}"));
        }
        if let (Some(k), Some("utf-8"), Ok(t)) = (kind, label, std::str::from_utf8(raw)) {
            if !t.starts_with('\u{FEFF}') {
                let expected = match k {
                    DocumentKind::Html => extract_markup(t, MarkupKind::Html, &opts),
                    DocumentKind::Xml => extract_markup(t, MarkupKind::Xml, &opts),
                    DocumentKind::Text => extract_text(t, &opts),
                };
                assert_eq!(
                    doc.found, expected,
                    "extract_document {t:?}: not the text's"
                );
                assert!(!doc.malformed);
            }
        }
    }
}

/// Percent-decodes `s` (every `%HH`; other characters as their UTF-8 octets).
fn pct_octets(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(Ok(o)) = hex.map(|h| u8::from_str_radix(h, 16)) {
                out.push(o);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Standard base64 with padding (RFC 4648 §4).
fn base64_encode(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The scheme views (RFC 6068, RFC 2397, RFC 8089, RFC 8141, `javascript`) on the text as an
/// IRI, and the text as a local path:
/// - each view of an IRI and of its URI (RFC 3987 §3.1) is the same (for `urn`, equivalent),
///   and an error's offset is a character boundary of the IRI;
/// - `mailto`: each address is its local part, `@` and its domain, which holds no `@`;
/// - `data`: the octets are the payload (after the first `,`, up to the fragment) decoded, and
///   for base64 that payload's standard encoding;
/// - `file`: a path from `to_path` goes through `from_path` and back to itself, in both
///   styles; `from_path` gives a `file` IRI that `to_path` takes to a path (which then goes
///   round as above);
/// - `urn`: the equivalence key is a URN whose key is itself; a URN is equivalent to itself;
/// - `javascript`: without `%`, the script is the text after `javascript:`, read as UTF-8.
pub fn scheme(data: &[u8]) {
    use iri::scheme::data::DataIri;
    use iri::scheme::file::{from_path, to_path, PathStyle};
    use iri::scheme::javascript::{Javascript, ScriptEncoding};
    use iri::scheme::mailto::Mailto;
    use iri::scheme::urn::Urn;
    let s = &*text(data);
    for style in [PathStyle::Unix, PathStyle::Windows] {
        if let Ok(i) = from_path(s, style) {
            assert!(
                Iri::parse(i.as_str()).is_ok(),
                "from_path {style:?} {s:?}: {i} is not an IRI"
            );
            assert_eq!(i.scheme(), "file");
            let p = to_path(&i, style)
                .unwrap_or_else(|e| panic!("from_path {style:?} {s:?}: {i}: {e}"));
            // Not the same IRI: `to_path` upper-cases a drive letter.
            let again = from_path(&p, style).unwrap_or_else(|e| panic!("{s:?} via {p:?}: {e}"));
            assert_eq!(
                to_path(&again, style).as_ref(),
                Ok(&p),
                "from_path {style:?} {s:?}: via {p:?}"
            );
        }
    }
    let Ok(iri) = Iri::parse(s) else {
        return;
    };
    let uri_text = iri.to_uri();
    let uri = Iri::parse(uri_text.as_str()).expect("the URI of an IRI is an IRI");
    let boundary = |o: usize, what: &str| {
        assert!(
            o <= s.len() && s.is_char_boundary(o),
            "{what} {s:?}: error offset {o}"
        );
    };
    // mailto
    let m = Mailto::parse(&iri);
    match &m {
        Ok(m) => {
            for a in m.to() {
                assert_eq!(
                    format!("{}@{}", a.local(), a.domain()),
                    a.as_str(),
                    "mailto {s:?}"
                );
                assert!(
                    !a.domain().contains('@'),
                    "mailto {s:?}: domain {:?}",
                    a.domain()
                );
                if let Ok(d) = a.domain_ascii() {
                    assert!(d.is_ascii(), "mailto {s:?}: domain_ascii {d:?}");
                }
            }
        }
        Err(e) => {
            boundary(e.offset(), "mailto");
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        m.as_ref().ok(),
        Mailto::parse(&uri).as_ref().ok(),
        "mailto {s:?}: IRI and URI differ"
    );
    // data
    let d = DataIri::parse(&iri);
    match &d {
        Ok(d) => {
            let rest = &s[5..s.find('#').unwrap_or(s.len())];
            let payload = &rest[rest.find(',').expect("a data IRI has a comma") + 1..];
            let octets = pct_octets(payload);
            if d.is_base64() {
                assert_eq!(
                    base64_encode(d.bytes()).as_bytes(),
                    octets,
                    "data {s:?}: base64"
                );
            } else {
                assert_eq!(d.bytes(), octets, "data {s:?}: octets");
            }
        }
        Err(e) => {
            boundary(e.offset(), "data");
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        d.as_ref().ok(),
        DataIri::parse(&uri).as_ref().ok(),
        "data {s:?}: IRI and URI differ"
    );
    // file
    for style in [PathStyle::Unix, PathStyle::Windows] {
        match to_path(&iri, style) {
            Ok(p) => {
                let back = from_path(&p, style)
                    .unwrap_or_else(|e| panic!("to_path {style:?} {s:?}: {p:?} has no IRI: {e}"));
                assert_eq!(
                    to_path(&back, style).as_ref(),
                    Ok(&p),
                    "to_path {style:?} {s:?}: via {back}"
                );
                assert_eq!(
                    to_path(&uri, style).as_ref(),
                    Ok(&p),
                    "to_path {style:?} {s:?}: URI differs"
                );
            }
            Err(e) => {
                boundary(e.offset(), "file");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    // urn
    match Urn::parse(&iri) {
        Ok(u) => {
            let key = u.equivalence_key();
            assert!(
                key.starts_with("urn:") && key.is_ascii(),
                "urn {s:?}: key {key:?}"
            );
            let key_iri =
                Iri::parse(key.as_str()).unwrap_or_else(|e| panic!("urn {s:?}: key {key:?}: {e}"));
            let again =
                Urn::parse(&key_iri).unwrap_or_else(|e| panic!("urn {s:?}: key {key:?}: {e}"));
            assert_eq!(
                again.equivalence_key(),
                key,
                "urn {s:?}: key not idempotent"
            );
            assert!(u.equivalent(&u) && u.equivalent(&again) && again.equivalent(&u));
            let v = Urn::parse(&uri).unwrap_or_else(|e| panic!("urn {s:?}: its URI {uri}: {e}"));
            assert!(
                u.equivalent(&v) && v.equivalent(&u),
                "urn {s:?}: not equivalent to its URI"
            );
        }
        Err(e) => {
            boundary(e.offset(), "urn");
            assert!(
                Urn::parse(&uri).is_err(),
                "urn {s:?}: the URI is a URN, the IRI not"
            );
        }
    }
    // javascript
    let j = Javascript::parse(&iri);
    match &j {
        Ok(j) => {
            let after = &s[iri.scheme().len() + 1..];
            if !after.contains('%') {
                assert_eq!(j.script(), after, "javascript {s:?}: nothing to decode");
                assert_eq!(j.encoding(), ScriptEncoding::Utf8);
            }
        }
        Err(e) => {
            boundary(e.offset(), "javascript");
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        j.as_ref().ok(),
        Javascript::parse(&uri).as_ref().ok(),
        "javascript {s:?}: IRI and URI differ"
    );
}
