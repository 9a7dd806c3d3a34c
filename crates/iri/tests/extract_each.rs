//! The streaming forms of extraction (`extract_markup_each`, `extract_text_each`,
//! `extract_document_each`): the same candidates, in the same order, as the collecting forms,
//! handed over one at a time; in HTML the first `<base href>` (HTML Living Standard §4.2.3)
//! applies to the candidates before it too.

use iri::extract::{
    extract_markup, extract_markup_each, extract_text, extract_text_each, Found, MarkupKind,
    MarkupOptions,
};

fn each_markup(doc: &str, kind: MarkupKind, opts: &MarkupOptions) -> Vec<Found> {
    let mut v = Vec::new();
    extract_markup_each(doc, kind, opts, |f| v.push(f));
    v
}

fn uris(found: &[Found]) -> Vec<String> {
    found
        .iter()
        .map(|f| match &f.result {
            Ok(r) => r.uri.clone(),
            Err(e) => format!("error: {e}"),
        })
        .collect()
}

#[test]
fn the_first_html_base_applies_before_it_too() {
    // A base in a comment, in a script, in an attribute value and in text is no base; the
    // first real one (upper case, unquoted) is; the second is not.
    let doc = "<!-- <base href='http://comment/'> --><a href=x>t http://t/ ../y</a>\
               <script>'<base href=\"http://script/\">'</script><p title='<base href=http://attr/>'>\
               &lt;base href='http://text/'&gt;</p>\n<BASE HREF=http://example.org/d/>\
               <base href='http://second/'><img src=z>";
    let opts = MarkupOptions::new().base(iri::Iri::parse("http://caller/".to_string()).unwrap());
    let found = each_markup(doc, MarkupKind::Html, &opts);
    assert_eq!(found, extract_markup(doc, MarkupKind::Html, &opts));
    let got = uris(&found);
    assert_eq!(got[0], "http://example.org/d/x");
    assert!(
        got.contains(&"http://example.org/d/".to_string()),
        "{got:?}"
    );
    assert!(got.contains(&"http://second/".to_string()), "{got:?}");
    assert_eq!(got.last().unwrap(), "http://example.org/d/z");
    assert!(!got
        .iter()
        .any(|u| u.contains("comment") || u.contains("script")));
    // Document order, and lines and columns that go forward.
    let at: Vec<_> = found.iter().map(|f| (f.line, f.column)).collect();
    let mut sorted = at.clone();
    sorted.sort();
    assert_eq!(at, sorted);
    assert_eq!(found.last().unwrap().line, 2);
}

#[test]
fn without_a_base_element_the_callers_base_holds() {
    let doc = "<a href=x><basefont><a href=y>";
    let opts = MarkupOptions::new().base(iri::Iri::parse("http://caller/d/".to_string()).unwrap());
    let found = each_markup(doc, MarkupKind::Html, &opts);
    assert_eq!(uris(&found), ["http://caller/d/x", "http://caller/d/y"]);
}

#[test]
fn xml_bases_stay_scoped() {
    let doc = "<r xml:base='http://a/b/'><e href='c'/><f xml:base='g/'><e href='h'/></f><e href='i'/></r>";
    let found = each_markup(doc, MarkupKind::Xml, &MarkupOptions::new());
    assert_eq!(
        found,
        extract_markup(doc, MarkupKind::Xml, &MarkupOptions::new())
    );
    assert_eq!(
        uris(&found),
        [
            "http://a/b/",
            "http://a/b/c",
            "http://a/b/g/",
            "http://a/b/g/h",
            "http://a/b/i"
        ]
    );
}

#[test]
fn text_is_handed_over_in_order() {
    let text = "see http://a/b, <URL:../x>\nand mailto:q@example.org.";
    let mut found = Vec::new();
    extract_text_each(text, &MarkupOptions::new(), |f| found.push(f));
    assert_eq!(found, extract_text(text, &MarkupOptions::new()));
    assert_eq!(found.len(), 3);
    assert_eq!((found[2].line, found[2].column), (2, 5));
}
