//! The component splitter ([`Components`], RFC 3986 §3 and Appendix B, §3.2 for the
//! authority): a table written from the RFC's examples (`tests/data/split.tsv`, each row naming
//! its section), the parse table's valid rows, every line of the corpus, and generated
//! strings. The laws: the components with their delimiters give back the input; on a valid
//! reference they are the parsed types' components; on an invalid one the parse error lies in
//! the component it names.
//!
//! The corpus is the repository's `data/corpus`, or the directory `IRI_CORPUS_DIR` names; the
//! corpus test fails with a clear message when it is absent.

mod common;

use common::table;
use iri::{Component, Components, IriRef};
use proptest::prelude::*;

fn opt(s: &str) -> Option<&str> {
    (s != "(none)").then_some(s)
}

/// The input rebuilt from the components and their delimiters; also checks that the authority
/// is its userinfo, host and port.
fn recompose(c: &Components<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = c.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = c.authority() {
        let mut a = String::new();
        if let Some(u) = c.userinfo() {
            a.push_str(u);
            a.push('@');
        }
        a.push_str(c.host_str().expect("an authority has a host"));
        if let Some(p) = c.port() {
            a.push(':');
            a.push_str(p);
        }
        assert_eq!(a, authority, "the authority of {:?}", c.as_str());
        s.push_str("//");
        s.push_str(authority);
    } else {
        assert_eq!(
            (c.userinfo(), c.host_str(), c.port()),
            (None, None, None),
            "{:?}",
            c.as_str()
        );
    }
    s.push_str(c.path());
    if let Some(q) = c.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = c.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

const ALL: [Component; 7] = [
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// The laws on any string: the components give back the input, each span is its text, and the
/// spans come in order without overlapping.
fn check_any(s: &str) {
    let c = Components::split(s);
    assert_eq!(recompose(&c), s);
    let mut at = 0;
    for comp in ALL {
        if let Some(span) = c.span(comp) {
            assert!(span.start >= at, "{s:?}: {comp} at {span:?}, after {at}");
            at = span.end;
        }
    }
    assert_eq!(c.path(), &s[c.span(Component::Path).unwrap()]);
}

/// On a valid reference, the splitter's components are the types'; on an invalid one, the
/// error lies in the component it names (when it lies in a component, not on a delimiter, and
/// before the end).
fn check_against_parser(s: &str) {
    let c = Components::split(s);
    match IriRef::parse(s) {
        Ok(r) => {
            let want = (
                r.scheme(),
                r.authority(),
                r.userinfo(),
                r.host_str(),
                r.port(),
                r.path(),
                r.query(),
                r.fragment(),
            );
            let got = (
                c.scheme(),
                c.authority(),
                c.userinfo(),
                c.host_str(),
                c.port(),
                c.path(),
                c.query(),
                c.fragment(),
            );
            assert_eq!(got, want, "{s:?}");
        }
        Err(e) => {
            let at = e.offset();
            let holder = ALL
                .into_iter()
                .find(|&comp| c.span(comp).is_some_and(|r| r.contains(&at)));
            if let Some(holder) = holder {
                assert_eq!(
                    holder,
                    e.component(),
                    "{s:?}: the error at {at} ({e}) lies in the split's {holder}"
                );
            }
        }
    }
}

#[test]
fn split_table() {
    let rows = table("split.tsv", 10..=10);
    for row in &rows {
        let f = &row.fields;
        let input = f[0].as_str();
        let what = format!("split.tsv:{} {input:?} ({})", row.line, f[9]);
        let c = Components::split(input);
        let got = [
            c.scheme(),
            c.authority(),
            c.userinfo(),
            c.host_str(),
            c.port(),
            Some(c.path()),
            c.query(),
            c.fragment(),
        ];
        let want: Vec<Option<&str>> = f[1..9].iter().map(|x| opt(x)).collect();
        assert_eq!(got.as_slice(), want.as_slice(), "{what}");
        check_any(input);
        check_against_parser(input);
    }
}

#[test]
fn the_parse_table_splits_as_it_parses() {
    let rows = table("parse.tsv", 16..);
    let mut valid = 0;
    for row in &rows {
        let input = row.fields[1].as_str();
        check_any(input);
        check_against_parser(input);
        valid += usize::from(IriRef::parse(input).is_ok());
    }
    assert!(valid > 100, "only {valid} valid rows");
}

/// The regression: lint took the last '@' as the end of the userinfo, the types and the parser
/// the first.
#[test]
fn lint_the_types_and_the_parser_agree_on_the_userinfo() {
    let input = "http://u:pw@b@c/";
    let e = IriRef::parse(input).unwrap_err();
    assert_eq!((e.component(), e.offset()), (Component::Host, 13));
    let c = Components::split(input);
    assert_eq!(c.span(Component::Userinfo), Some(7..11));
    assert_eq!(c.span(Component::Host), Some(12..15));
    let found = iri::lint::lint_str(input);
    let password: Vec<_> = found
        .iter()
        .filter(|d| d.code == iri::lint::Code::PasswordInUserinfo)
        .collect();
    assert_eq!(password.len(), 1);
    assert_eq!(password[0].span, 7..11);
    assert_eq!(found[0].code, iri::lint::Code::ParseError);
    assert_eq!(found[0].component, Some(Component::Host));
    // The valid form, with the second '@' encoded: the types say the same.
    let r = IriRef::parse("http://u:pw@b%40c/").unwrap();
    assert_eq!((r.userinfo(), r.host_str()), (Some("u:pw"), Some("b%40c")));
    let c = Components::split("http://a@b@c/");
    assert_eq!((c.userinfo(), c.host_str()), (Some("a"), Some("b@c")));
}

#[test]
fn every_corpus_line_splits_as_it_parses() {
    let text = iri_testkit::corpus::corpus_file("corpus.txt");
    let (mut lines, mut valid) = (0, 0);
    for line in text.lines() {
        check_any(line);
        check_against_parser(line);
        lines += 1;
        valid += usize::from(IriRef::parse(line).is_ok());
    }
    assert!(lines > 300_000, "corpus.txt has only {lines} lines");
    assert!(valid > 300_000, "only {valid} valid lines");
}

/// Strings made mostly of delimiters, so that every branch of the split is taken.
fn delimited() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "1", ":", "/", "//", "?", "#", "@", "[", "]", "[::1]", "%41", ".", "é", " ", "-",
        ]),
        0..16,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn generated_strings_split_as_they_parse(s in delimited()) {
        check_any(&s);
        check_against_parser(&s);
    }

    #[test]
    fn any_string_recomposes(s in ".*") {
        check_any(&s);
    }
}

/// `UriRef::try_from` names the component of the first non-ASCII character from the
/// splitter: the same component the URI parser names.
#[test]
fn non_ascii_errors_name_the_parsers_component() {
    for s in [
        "http://ü@h/",
        "http://u@ж.example/",
        "http://résumé.example.org",
        "http://[::1]/ж",
        "//h:1/ж?q",
        "http://h/?q=ж",
        "http://h/#ж",
        "ж",
        "?ж#",
        "s:ж",
    ] {
        let want = iri::UriRef::parse(s).unwrap_err();
        let got = iri::UriRef::try_from(IriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!(
            (got.kind(), got.component(), got.offset()),
            (want.kind(), want.component(), want.offset()),
            "{s:?}"
        );
    }
}
