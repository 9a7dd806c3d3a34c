//! Finding IRIs in text and documents (RFC 3987 §7.3, RFC 3986 Appendix C): the tables
//! `tests/data/extract_text.tsv`, `documents.tsv` and `document_charsets.tsv`, and the
//! documents of `tests/data/documents/` (made by `make_documents.py` there), each holding the
//! same IRIs in another charset.

mod common;

use common::pairs;
use iri::extract::{
    extract_markup, extract_text, find_iris, Delimiter, MarkupKind, MarkupOptions, Place,
};

#[test]
fn text_table() {
    // Every row is checked, and every mismatch reported at once.
    let mut wrong = Vec::new();
    for (line, f) in pairs("extract_text.tsv", ..) {
        let found: Vec<String> = find_iris(&f[0])
            .map(|m| {
                let suffix = match m.delimiter {
                    Delimiter::None => "",
                    Delimiter::Angle => "/angle",
                    Delimiter::AngleUrl => "/url",
                    Delimiter::Bidi => "/bidi",
                };
                // The span holds the text, whitespace aside.
                let span: String = f[0][m.span.clone()].split_ascii_whitespace().collect();
                assert_eq!(span, m.text, "extract_text.tsv:{line}: span");
                format!("{}@{}:{}{suffix}", m.text, m.line, m.column)
            })
            .collect();
        let got = if found.is_empty() {
            "(none)".to_string()
        } else {
            found.join(" | ")
        };
        if got != f[1] {
            wrong.push(format!(
                "extract_text.tsv:{line} ({}):\n  got      {got}\n  expected {}",
                f[2], f[1]
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn invalid_candidates_are_reported_with_positions() {
    let found = extract_text(
        "ok http://a/b\nbad <http://a/\u{FFFF}x>",
        &MarkupOptions::new(),
    );
    assert_eq!(found.len(), 2);
    assert!(found[0].result.is_ok());
    let e = found[1].result.as_ref().unwrap_err();
    assert_eq!((found[1].line, found[1].column), (2, 6));
    assert_eq!(e.offset(), 9);
    assert_eq!(e.char(), Some('\u{FFFF}'));
}

#[test]
fn html_base_applies_to_the_whole_document_and_resolves_against_the_callers() {
    let base = iri::Iri::parse("http://example.org/dir/page".to_string()).unwrap();
    let doc = "<a href=x></a><base href='../other/'><img src=y>";
    let found = extract_markup(doc, MarkupKind::Html, &MarkupOptions::new().base(base));
    let uris: Vec<_> = found
        .iter()
        .map(|f| f.result.as_ref().unwrap().uri.clone())
        .collect();
    // HTML §4.2.3: the document base URL comes from the first base element with href, and
    // applies to the links before it too.
    assert_eq!(
        uris,
        [
            "http://example.org/other/x",
            "http://example.org/other/",
            "http://example.org/other/y"
        ]
    );
}

#[test]
fn markup_skips_comments_scripts_and_knows_its_attributes() {
    let doc = "<!-- <a href='http://no/'> --><script>var u = 'http://no/';</script>\
               <object data=http://o/ codebase=/c/></object><Q CITE='http://q/'>x</Q>\
               <a ping='http://p/' xmlns:href='http://ns/'>";
    let found = extract_markup(doc, MarkupKind::Html, &MarkupOptions::new());
    let got: Vec<_> = found
        .iter()
        .map(|f| format!("{}={}", f.place, f.text))
        .collect();
    assert_eq!(
        got,
        [
            "object@data=http://o/",
            "object@codebase=/c/",
            "q@cite=http://q/"
        ]
    );
}

#[test]
fn xml_bases_nest_and_pop() {
    let doc = r#"<a xml:base="http://h/x/"><b xml:base="y/"><c href="z"/></b><d href="z"/></a><e href="z"/>"#;
    let found = extract_markup(doc, MarkupKind::Xml, &MarkupOptions::new());
    let got: Vec<_> = found
        .iter()
        .map(|f| match &f.result.as_ref().unwrap().resolved {
            Some(r) => r.to_string(),
            None => format!("unresolved {}", f.text),
        })
        .collect();
    assert_eq!(
        got,
        [
            "http://h/x/",
            "http://h/x/y/",
            "http://h/x/y/z",
            "http://h/x/z",
            "unresolved z"
        ]
    );
    assert_eq!(
        found[2].place,
        Place::Attribute {
            element: "c".into(),
            attribute: "href".into()
        }
    );
}

#[cfg(feature = "encoding")]
mod documents {
    use super::pairs;
    use iri::extract::{extract_document, CharsetSource, DocumentKind, DocumentOptions};

    fn describe(f: &iri::extract::Found) -> Vec<String> {
        let outcome = match &f.result {
            Ok(r) => r.uri.clone(),
            Err(e) => format!("error: {} at byte {}", e.kind().as_str(), e.offset()),
        };
        vec![
            f.line.to_string(),
            f.column.to_string(),
            f.place.to_string(),
            f.text.clone(),
            outcome,
        ]
    }

    fn source_name(s: CharsetSource) -> &'static str {
        match s {
            CharsetSource::Bom => "bom",
            CharsetSource::Caller => "caller",
            CharsetSource::Meta => "meta",
            CharsetSource::XmlDeclaration => "xml-declaration",
            CharsetSource::Default => "default",
        }
    }

    /// The 2001 paper's test idea: the same IRIs in documents in different charsets give the
    /// same URIs, at the same places.
    #[test]
    fn same_iris_in_every_charset_give_the_same_uris() {
        let expected = pairs("documents.tsv", ..);
        let charsets = pairs("document_charsets.tsv", ..);
        assert_eq!(charsets.len(), 16);
        for (line, c) in &charsets {
            let path = format!(
                "{}/tests/data/documents/{}",
                env!("CARGO_MANIFEST_DIR"),
                c[0]
            );
            let bytes = std::fs::read(&path).unwrap();
            let doc = extract_document(&bytes, &DocumentOptions::new());
            assert_eq!(doc.encoding, c[1], "document_charsets.tsv:{line}");
            assert_eq!(
                source_name(doc.charset_source),
                c[2],
                "document_charsets.tsv:{line}"
            );
            assert!(!doc.malformed, "{}", c[0]);
            let kind = if c[0].ends_with(".xml") {
                "xml"
            } else {
                "html"
            };
            assert_eq!(
                doc.kind,
                if kind == "xml" {
                    DocumentKind::Xml
                } else {
                    DocumentKind::Html
                }
            );
            let want: Vec<(usize, &[String])> = expected
                .iter()
                .filter(|(_, r)| r[0] == kind)
                .map(|(l, r)| (*l, &r[1..6]))
                .collect();
            assert_eq!(doc.found.len(), want.len(), "{}", c[0]);
            for (f, (l, w)) in doc.found.iter().zip(&want) {
                assert_eq!(describe(f), *w, "{} against documents.tsv:{l}", c[0]);
            }
        }
    }

    #[test]
    fn callers_charset_and_base() {
        // Bytes of "é" in ISO-8859-1, read as the caller says, resolved against its base.
        let opts = DocumentOptions::new()
            .charset("latin1")
            .unwrap()
            .base(iri::Iri::parse("http://example.org/".into()).unwrap());
        let doc = extract_document(b"<p><a href='caf\xE9'>", &opts);
        assert_eq!(doc.charset_source, CharsetSource::Caller);
        assert_eq!(
            doc.found[0].result.as_ref().unwrap().uri,
            "http://example.org/caf%C3%A9"
        );
    }

    /// RFC 3987 §3.1 step 1b: an IRI from a non-Unicode charset is brought to NFC; step 1c:
    /// one from a Unicode encoding is left as it is.
    #[test]
    fn nfc_for_legacy_charsets_only() {
        let html = "<a href='http://a/e&#x301;'>";
        let legacy = extract_document(
            html.as_bytes(),
            &DocumentOptions::new().charset("koi8-r").unwrap(),
        );
        assert_eq!(legacy.found[0].text, "http://a/\u{E9}");
        let utf8 = extract_document(
            html.as_bytes(),
            &DocumentOptions::new().charset("utf-8").unwrap(),
        );
        assert_eq!(utf8.found[0].text, "http://a/e\u{301}");
    }

    #[test]
    fn malformed_bytes_are_reported() {
        let doc = extract_document(
            b"<?xml version='1.0'?><a href='http://a/\xFF'/>",
            &DocumentOptions::new(),
        );
        assert!(doc.malformed);
        let e = doc.found[0].result.as_ref().unwrap_err();
        assert_eq!(e.char(), Some('\u{FFFD}'));
    }

    #[test]
    fn text_documents_in_a_legacy_charset() {
        // "http://пример.рф/" in KOI8-R, as plain text.
        let bytes = b"see http://\xD0\xD2\xC9\xCD\xC5\xD2.\xD2\xC6/.";
        let doc = extract_document(
            bytes,
            &DocumentOptions::new()
                .kind(DocumentKind::Text)
                .charset("koi8-r")
                .unwrap(),
        );
        assert_eq!(doc.found[0].text, "http://пример.рф/");
        assert_eq!((doc.found[0].line, doc.found[0].column), (1, 5));
    }
}

mod robustness {
    use iri::extract::{extract_markup, find_iris, MarkupKind, MarkupOptions};
    use proptest::prelude::*;

    /// Text made of the characters that matter to the scanners.
    fn markupish() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("<".to_string()),
                Just(">".to_string()),
                Just("</a>".to_string()),
                Just("<a href=".to_string()),
                Just("xml:base='".to_string()),
                Just("\"".to_string()),
                Just("'".to_string()),
                Just("&".to_string()),
                Just("&#x".to_string()),
                Just(";".to_string()),
                Just("http://".to_string()),
                Just("<URL:".to_string()),
                Just("<!--".to_string()),
                Just("-->".to_string()),
                Just("<![CDATA[".to_string()),
                Just("<script>".to_string()),
                Just(")".to_string()),
                Just("\n".to_string()),
                Just(" ".to_string()),
                Just("\u{202A}".to_string()),
                Just("é".to_string()),
                Just("例".to_string()),
                "[a-z:/.]{1,4}",
                any::<char>().prop_map(String::from),
            ],
            0..40,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        /// Nothing panics; spans are in order, inside the text and on character boundaries.
        #[test]
        fn no_panic_and_sane_spans(s in markupish()) {
            let mut last = 0;
            for m in find_iris(&s) {
                prop_assert!(m.span.start >= last && m.span.end <= s.len());
                prop_assert!(s.is_char_boundary(m.span.start) && s.is_char_boundary(m.span.end));
                last = m.span.end;
            }
            for kind in [MarkupKind::Html, MarkupKind::Xml] {
                for f in extract_markup(&s, kind, &MarkupOptions::new()) {
                    prop_assert!(f.span.start <= f.span.end && f.span.end <= s.len());
                    prop_assert!(f.line >= 1 && f.column >= 1);
                }
            }
        }

        /// Any bytes, in any of the test charsets, go through without panicking.
        #[cfg(feature = "encoding")]
        #[test]
        fn documents_of_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200),
                                  cs in prop::sample::select(vec!["utf-8", "utf-16le", "shift_jis", "koi8-r"])) {
            let opts = iri::extract::DocumentOptions::new().charset(cs).unwrap();
            let _ = iri::extract::extract_document(&bytes, &opts);
            let _ = iri::extract::extract_document(&bytes, &iri::extract::DocumentOptions::new());
        }
    }
}

#[test]
fn markup_table() {
    for (line, f) in pairs("extract_markup.tsv", ..) {
        let kind = if f[0] == "xml" {
            MarkupKind::Xml
        } else {
            MarkupKind::Html
        };
        let mut opts = MarkupOptions::new();
        if f[1] != "-" {
            opts = opts.base(iri::Iri::parse(f[1].clone()).unwrap());
        }
        let got: Vec<String> = extract_markup(&f[2], kind, &opts)
            .iter()
            .map(|x| {
                let outcome = match &x.result {
                    Ok(r) => r.uri.clone(),
                    Err(e) => format!("error: {} at byte {}", e.kind().as_str(), e.offset()),
                };
                format!("{}={outcome}", x.place)
            })
            .collect();
        assert_eq!(
            got.join(" | "),
            f[3],
            "extract_markup.tsv:{line} ({})",
            f[4]
        );
    }
}

#[test]
fn escaped_markup_in_text_is_not_an_iri() {
    // HTML text that shows markup: the `<…>` of RFC 3986 Appendix C is for plain text, and
    // `xsl:number …` does not start an IRI in running text.
    let doc = "<p>Use &lt;xsl:number level=\"any\"/&gt; or &lt;http://example.org/x&gt;.</p>\
               <pre><![CDATA[<xsl:value-of select=\"a\"/> <mailto:a@example.org>]]></pre>";
    for kind in [MarkupKind::Html, MarkupKind::Xml] {
        let found = extract_markup(doc, kind, &MarkupOptions::new());
        let got: Vec<_> = found
            .iter()
            .map(|f| (f.text.as_str(), f.result.is_ok()))
            .collect();
        assert_eq!(
            got,
            [
                ("http://example.org/x", true),
                ("mailto:a@example.org", true)
            ],
            "{kind:?}"
        );
    }
    // In plain text, Appendix C still applies to whatever starts with a scheme.
    let found = extract_text("<xsl:number level=\"any\"/>", &MarkupOptions::new());
    assert_eq!(found.len(), 1);
    assert!(found[0].result.is_err());
}

#[test]
fn lenient_mode_accepts_the_wider_grammar_with_warnings() {
    use iri::legacy::{ParseMode, WideKind};
    let doc = "<a href=\"http://example.org/my file\">x</a><p>see http://example.org/{id}/x.</p>";
    let strict = extract_markup(doc, MarkupKind::Html, &MarkupOptions::new());
    let got: Vec<_> = strict
        .iter()
        .map(|f| (f.text.as_str(), f.result.is_ok()))
        .collect();
    assert_eq!(
        got,
        [
            ("http://example.org/my file", false),
            ("http://example.org/", true)
        ]
    );
    let opts = MarkupOptions::new().mode(ParseMode::Lenient);
    let lenient = extract_markup(doc, MarkupKind::Html, &opts);
    let got: Vec<_> = lenient
        .iter()
        .map(|f| {
            let r = f.result.as_ref().unwrap();
            let warnings: Vec<_> = r.warnings.iter().map(|w| (w.offset, w.kind)).collect();
            (f.text.as_str(), r.uri.as_str(), warnings)
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "http://example.org/my file",
                "http://example.org/my%20file",
                vec![(21, WideKind::Space)]
            ),
            (
                "http://example.org/{id}/x",
                "http://example.org/%7Bid%7D/x",
                vec![(19, WideKind::Unwise), (22, WideKind::Unwise)]
            ),
        ]
    );
}
