//! URI Templates (RFC 6570): every example of §1.2, §2.4 and §3.2 (`tests/data/template.tsv`,
//! each row naming its section), expanded in both forms; the IRI form mapped to a URI
//! (RFC 3987 §3.1) equals the URI form; and every expansion matched back.
//!
//! The `vars` column names the variable set of the row: the ones the RFC lists in §1.2,
//! §2.4.1, §2.4.2 and §3.2.1 (`3.2`), and `own` for the rows with non-ASCII values.

mod common;

use common::table;
use iri::template::{Template, Value, Vars};
use iri::IriRef;

fn vars(set: &str) -> Vars {
    let keys = Value::map([("semi", ";"), ("dot", "."), ("comma", ",")]);
    match set {
        // RFC 6570 §1.2.
        "1.2" => Vars::new()
            .with("var", "value")
            .with("hello", "Hello World!")
            .with("path", "/foo/bar")
            .with("list", Value::list(["red", "green", "blue"]))
            .with("keys", keys)
            .with("x", "1024")
            .with("y", "768")
            .with("empty", ""),
        // RFC 6570 §2.4.1.
        "2.4.1" => Vars::new().with("var", "value").with("semi", ";"),
        // RFC 6570 §2.4.2.
        "2.4.2" => Vars::new()
            .with("year", Value::list(["1965", "2000", "2012"]))
            .with("dom", Value::list(["example", "com"]))
            .with(
                "address",
                Value::map([("city", "Newport Beach"), ("state", "CA")]),
            ),
        // RFC 6570 §3.2.1 (`undef` is left out: it has no value).
        "3.2" => Vars::new()
            .with("count", Value::list(["one", "two", "three"]))
            .with("dom", Value::list(["example", "com"]))
            .with("dub", "me/too")
            .with("hello", "Hello World!")
            .with("half", "50%")
            .with("var", "value")
            .with("who", "fred")
            .with("base", "http://example.com/home/")
            .with("path", "/foo/bar")
            .with("list", Value::list(["red", "green", "blue"]))
            .with("keys", keys)
            .with("v", "6")
            .with("x", "1024")
            .with("y", "768")
            .with("empty", "")
            .with("empty_keys", Value::map(Vec::<(String, String)>::new())),
        "own" => Vars::new()
            .with("city", "Zürich")
            .with("title", "Gödel")
            .with("q", "café au lait")
            .with("name", "テスト")
            .with("bidi", "a\u{202E}b")
            .with("priv", "\u{E000}")
            .with("u", "Zürich")
            .with("tags", Value::list(["déjà", "vu"]))
            .with("pairs", Value::map([("straße", "Hauptstraße"), ("n", "1")]))
            .with("pct", "%41%c3%a9%25"),
        other => panic!("unknown variable set {other}"),
    }
}

#[test]
fn rfc6570_examples_expand() {
    let rows = table("template.tsv", 5..=5);
    assert!(rows.len() >= 190, "{} rows", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let what = format!("template.tsv:{} {} ({})", row.line, f[1], f[4]);
        let t = Template::parse(&f[1]).unwrap_or_else(|e| panic!("{what}: {e}"));
        let v = vars(&f[0]);
        let uri = t.expand_uri(&v).unwrap();
        let iri = t.expand_iri(&v).unwrap();
        if uri != f[2] {
            failures.push(format!("{what}: uri {uri:?}, want {:?}", f[2]));
        }
        if iri != f[3] {
            failures.push(format!("{what}: iri {iri:?}, want {:?}", f[3]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The law of the IRI form: mapped to a URI (RFC 3987 §3.1), it is the URI form.
#[test]
fn iri_form_maps_to_uri_form() {
    let mut checked = 0;
    for row in table("template.tsv", 5..=5) {
        let f = &row.fields;
        let iri = &f[3];
        // Some examples expand to text that is no reference (`{+keys}` repeats `,`, fine;
        // `#` twice is not): those have no mapping to compare.
        let Ok(parsed) = IriRef::parse(iri.as_str()) else {
            assert!(
                iri::UriRef::parse(f[2].as_str()).is_err(),
                "{}: {iri}",
                row.line
            );
            continue;
        };
        assert_eq!(parsed.to_uri().as_str(), f[2], "template.tsv:{}", row.line);
        checked += 1;
    }
    assert!(checked >= 190, "{checked}");
}

/// Matching every expansion gives values that expand back to it, in both forms.
#[test]
fn every_example_matches_back() {
    let mut failures = Vec::new();
    for row in table("template.tsv", 5..=5) {
        let f = &row.fields;
        let t = Template::parse(&f[1]).unwrap();
        for (text, iri) in [(&f[2], false), (&f[3], true)] {
            let got = if iri {
                t.match_iri(text).map(|v| t.expand_iri(&v).unwrap())
            } else {
                t.match_uri(text).map(|v| t.expand_uri(&v).unwrap())
            };
            if got.as_ref() != Ok(text) {
                failures.push(format!(
                    "template.tsv:{} {} {text:?}: {got:?}",
                    row.line, f[1]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn match_reads_values_back() {
    let t = Template::parse("/search{?q,tags*}{#frag}").unwrap();
    let v = t
        .match_uri("/search?q=caf%C3%A9&tags=a&tags=b%20c#top")
        .unwrap();
    assert_eq!(v.get("q"), Some(&Value::from("café")));
    assert_eq!(v.get("tags"), Some(&Value::list(["a", "b c"])));
    assert_eq!(v.get("frag"), Some(&Value::from("top")));
    let v = t.match_iri("/search?q=café").unwrap();
    assert_eq!(v.get("q"), Some(&Value::from("café")));
    assert_eq!(v.len(), 1);
    // An exploded associative array comes back as one.
    let t = Template::parse("{?m*}").unwrap();
    let v = t.match_uri("?a=1&b=").unwrap();
    assert_eq!(v.get("m"), Some(&Value::map([("a", "1"), ("b", "")])));
    // Named parameters are found by name, whatever the order of the variables' values.
    let t = Template::parse("{?x,y}").unwrap();
    let v = t.match_uri("?y=2").unwrap();
    assert!(v.get("x").is_none());
    assert_eq!(v.get("y"), Some(&Value::from("2")));
}

#[test]
fn match_says_when_nothing_matches() {
    use iri::template::MatchError;
    let t = Template::parse("/users/{id}/posts").unwrap();
    assert_eq!(t.match_uri("/users/7/comments"), Err(MatchError::NoMatch));
    assert_eq!(t.match_uri("/users/a/b/posts"), Err(MatchError::NoMatch));
    // `%ZZ` is no expansion of any value; nor is raw non-ASCII in URI form.
    assert_eq!(t.match_uri("/users/%ZZ/posts"), Err(MatchError::NoMatch));
    assert_eq!(t.match_uri("/users/é/posts"), Err(MatchError::NoMatch));
    assert!(t.match_iri("/users/é/posts").is_ok());
    // Not UTF-8 once decoded.
    assert_eq!(t.match_uri("/users/%FF/posts"), Err(MatchError::NoMatch));
}

#[test]
fn match_gives_up_on_too_ambiguous_text_instead_of_running_on() {
    use iri::template::MatchError;
    let t = Template::parse("{a}{b}{c}{d}{e}{f}x").unwrap();
    let text = "a".repeat(2000);
    assert_eq!(t.match_uri(&text), Err(MatchError::TooComplex));
}

#[test]
fn prefix_on_a_composite_value_is_an_error() {
    let t = Template::parse("a{/list:2}").unwrap();
    let err = t
        .expand_uri(&Vars::new().with("list", Value::list(["x"])))
        .unwrap_err();
    assert_eq!(err.variable(), "list");
    let mut out = String::from("keep");
    assert!(t
        .expand_into(
            &Vars::new().with("list", Value::list(["x"])),
            iri::template::Output::Uri,
            &mut out
        )
        .is_err());
    assert_eq!(out, "keep");
}
