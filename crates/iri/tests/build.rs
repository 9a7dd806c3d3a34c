//! Table-driven tests of making and changing references: the builder (`tests/data/build.tsv`),
//! the setters and path and query edits (`setters.tsv`), the encoders (`encode.tsv`), each
//! row naming the RFC section it exercises.
//!
//! Field conventions (as in `vectors.rs`): `(none)` for an absent component, `-` for "not
//! applicable"; a result is either the text written or `ERROR-KIND` (the builder, with the
//! component and offset in their own columns) or `ERROR-KIND@OFFSET` (the setters).

mod common;

use common::table;
use iri::{encode, Builder, Form, IriRef, PairSyntax, ParseError, UriRef};

fn opt(s: &str) -> Option<&str> {
    (s != "(none)").then_some(s)
}

#[test]
fn build_table() {
    for row in table("build.tsv", 13..=13) {
        let f = &row.fields;
        let mut b = Builder::new();
        if let Some(s) = opt(&f[1]) {
            b = b.scheme(s);
        }
        if let Some(u) = opt(&f[2]) {
            b = b.userinfo(u);
        }
        if let Some(h) = opt(&f[3]) {
            b = b.host(h);
        }
        if let Some(p) = opt(&f[4]) {
            b = b.port(p);
        }
        if let Some(p) = opt(&f[5]) {
            b = b.path(p);
        }
        if let Some(q) = opt(&f[6]) {
            b = b.query(q);
        }
        if let Some(x) = opt(&f[7]) {
            b = b.fragment(x);
        }
        let got: Result<String, ParseError> = match f[0].as_str() {
            "iri" => b.build_iri().map(|r| r.into_inner()),
            "iri-ref" => b.build().map(|r| r.into_inner()),
            "uri" => b.build_uri().map(|r| r.into_inner()),
            "uri-ref" => b.build_uri_ref().map(|r| r.into_inner()),
            k => panic!("build.tsv:{}: kind {k}", row.line),
        };
        let line = row.line;
        if f[9] == "-" {
            let text = got.unwrap_or_else(|e| panic!("build.tsv:{line}: {e}"));
            assert_eq!(text, f[8], "build.tsv:{line}");
            // What was given is what the accessors return.
            let r = IriRef::parse(text.as_str()).unwrap();
            assert_eq!(r.scheme(), opt(&f[1]), "build.tsv:{line}: scheme");
            assert_eq!(r.path(), opt(&f[5]).unwrap_or(""), "build.tsv:{line}: path");
            assert_eq!(r.query(), opt(&f[6]), "build.tsv:{line}: query");
        } else {
            let e = got.expect_err(&format!("build.tsv:{line}: built"));
            assert_eq!(e.kind().as_str(), f[8], "build.tsv:{line}: {e}");
            assert_eq!(e.component().as_str(), f[9], "build.tsv:{line}: {e}");
            assert_eq!(e.offset().to_string(), f[10], "build.tsv:{line}: {e}");
        }
    }
}

/// Applies one operation of `setters.tsv` to `r`.
fn apply(r: &mut IriRef, op: &str, v: &str) -> Result<(), ParseError> {
    let syntax = PairSyntax::PLAIN;
    let pair = || match v.split_once('=') {
        Some((n, val)) => (n, Some(val)),
        None => (v, None),
    };
    match op {
        "set_scheme" => r.set_scheme(v),
        "remove_scheme" => r.remove_scheme(),
        "set_authority" => r.set_authority(opt(v)),
        "set_userinfo" => r.set_userinfo(opt(v)),
        "set_host" => r.set_host(v),
        "set_port" => r.set_port(opt(v)),
        "set_path" => r.set_path(v),
        "set_query" => r.set_query(opt(v)),
        "set_fragment" => r.set_fragment(opt(v)),
        "push_path_segment" => r.push_path_segment(v),
        "pop_path_segment" => {
            assert!(r.pop_path_segment());
            Ok(())
        }
        "set_path_segment" => {
            let (i, seg) = v.split_once('=').unwrap();
            r.set_path_segment(i.parse().unwrap(), seg)
                .map(|done| assert!(done))
        }
        "append_query_pair" => {
            let (n, val) = pair();
            r.append_query_pair(n, val, syntax)
        }
        "set_query_pair" => {
            let (n, val) = pair();
            r.set_query_pair(n, val, syntax)
        }
        "remove_query_pairs" => {
            assert!(r.remove_query_pairs(v, syntax) > 0);
            Ok(())
        }
        other => panic!("unknown operation {other}"),
    }
}

#[test]
fn setters_table() {
    for row in table("setters.tsv", 6..=6) {
        let f = &row.fields;
        let line = row.line;
        let mut r = IriRef::parse(f[0].clone()).unwrap();
        let before = r.clone();
        match apply(&mut r, &f[1], &f[2]) {
            Ok(()) => {
                assert_eq!(r.as_str(), f[3], "setters.tsv:{line}");
                // The positions are the parser's.
                let again = IriRef::parse(r.as_str()).unwrap();
                assert_eq!(
                    (
                        again.scheme(),
                        again.authority(),
                        again.path(),
                        again.query()
                    ),
                    (r.scheme(), r.authority(), r.path(), r.query()),
                    "setters.tsv:{line}: positions"
                );
                assert_eq!(again.fragment(), r.fragment(), "setters.tsv:{line}");
            }
            Err(e) => {
                assert_eq!(
                    format!("{}@{}", e.kind(), e.offset()),
                    f[3],
                    "setters.tsv:{line}: {e}"
                );
                assert_eq!(r, before, "setters.tsv:{line}: changed on error");
            }
        }
    }
}

#[test]
fn encode_table() {
    for row in table("encode.tsv", 6..=6) {
        let f = &row.fields;
        let form = match f[1].as_str() {
            "iri" => Form::Iri,
            "uri" => Form::Uri,
            other => panic!("encode.tsv:{}: form {other}", row.line),
        };
        let raw = f[2].as_str();
        let (got, back) = match f[0].as_str() {
            "path_segment" => (encode::path_segment(raw, form), None),
            "query_part" => (encode::query_part(raw, form), None),
            "form_part" => {
                let e = encode::form_part(raw, form);
                let back = encode::decode_form(&e).into_owned();
                (e, Some(back))
            }
            "fragment" => (encode::fragment(raw, form), None),
            "userinfo" => (encode::userinfo(raw, form), None),
            other => panic!("encode.tsv:{}: encoder {other}", row.line),
        };
        assert_eq!(got, f[3], "encode.tsv:{}", row.line);
        let back = back.unwrap_or_else(|| encode::decode(&got).into_owned());
        assert_eq!(back, raw, "encode.tsv:{}: decode", row.line);
    }
}

/// Undecodable octets keep their `%HH`; `+` is a space only in forms (WHATWG URL §5.1).
#[test]
fn decoding_keeps_what_is_not_utf8() {
    assert_eq!(encode::decode("%E2%82%AC%E2%82"), "€%E2%82");
    assert_eq!(encode::decode("%ff%41%"), "%ffA%");
    assert_eq!(encode::decode("a+b"), "a+b");
    assert_eq!(encode::decode_form("a+b%20"), "a b ");
}

#[test]
fn query_pairs_read_and_edit() {
    let r = IriRef::parse("http://a/?x=1&&y=a+b;z=%C3%BC&w#f").unwrap();
    let read = |syntax| -> Vec<(String, String)> {
        r.query_pairs(syntax)
            .map(|p| (p.name().into_owned(), p.value().into_owned()))
            .collect()
    };
    assert_eq!(
        read(PairSyntax::PLAIN),
        [("x", "1"), ("y", "a+b;z=ü"), ("w", "")].map(|(a, b)| (a.into(), b.into()))
    );
    assert_eq!(
        read(PairSyntax::FORM.with_semicolon()),
        [("x", "1"), ("y", "a b"), ("z", "ü"), ("w", "")].map(|(a, b)| (a.into(), b.into()))
    );
    // Form mode writes '+' for a space; the URI type writes UTF-8 octets.
    let mut u = UriRef::parse(String::from("?k=v")).unwrap();
    u.append_query_pair("a b", Some("ü c"), PairSyntax::FORM)
        .unwrap();
    assert_eq!(u, "?k=v&a+b=%C3%BC+c");
    assert_eq!(
        u.query_pairs(PairSyntax::FORM).nth(1).unwrap().value(),
        "ü c"
    );
}

#[test]
fn uri_setters_reject_non_ascii() {
    let mut u = UriRef::parse(String::from("http://a/b")).unwrap();
    let e = u.set_path("/é").unwrap_err();
    assert_eq!((e.kind().as_str(), e.offset()), ("non-ascii", 9));
    assert_eq!(u, "http://a/b");
    u.set_path(&format!("/{}", encode::path_segment("é", Form::Uri)))
        .unwrap();
    assert_eq!(u, "http://a/%C3%A9");
}
