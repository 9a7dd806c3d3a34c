//! The inspection (`iri::inspect`): its JSON, byte for byte the answer of `iri serve`'s
//! `/api/inspect` and of the npm package's `inspect` (tests/data/inspect.jsonl, which covers
//! ASCII and non-ASCII references, bidi text, errors with and without hints, relative
//! references, IP literals, `javascript` IRIs and each resolution preset), and the fields
//! that the viewer relies on: components that cover the input (RFC 3986 §3), the error's
//! pieces (RFC 3987 §2.2), the forms (§3.1, §3.2, §5.3) and the resolution (RFC 3986 §5.2).
#![cfg(all(feature = "serde", feature = "unicode", feature = "idna"))]

use iri::inspect::{inspect, inspect_with};
use iri::{IriRef, ResolveOptions};
use serde_json::Value;

fn json(input: &str, base: Option<&str>) -> Value {
    serde_json::to_value(inspect(input, base)).unwrap()
}

#[test]
fn the_json_is_byte_for_byte_the_recorded_answer() {
    let text = include_str!("data/inspect.jsonl");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len() % 2, 0);
    assert!(lines.len() >= 60, "{} lines", lines.len());
    for pair in lines.chunks(2) {
        let (input, base, preset): (String, Option<String>, Option<String>) =
            serde_json::from_str(pair[0]).unwrap();
        let opts = match &preset {
            None => ResolveOptions::strict(),
            Some(p) => p.parse().unwrap(),
        };
        let got = serde_json::to_string(&inspect_with(&input, base.as_deref(), opts)).unwrap();
        assert_eq!(got, pair[1], "{}", pair[0]);
    }
}

#[test]
fn components_cover_the_input() {
    for s in [
        "http://user@例え.テスト:8080/δ?q=1#ñ",
        "mailto:a@b",
        "//h",
        "?q",
        "",
        "s:?#",
    ] {
        let joined: String = inspect(s, None)
            .components
            .unwrap()
            .iter()
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(joined, s);
    }
    let parts: Vec<&str> = inspect("http://user@h:1/p?q#f", None)
        .components
        .unwrap()
        .iter()
        .map(|c| c.part)
        .collect();
    assert_eq!(
        parts,
        [
            "scheme",
            "delimiter",
            "userinfo",
            "delimiter",
            "host",
            "delimiter",
            "port",
            "path",
            "delimiter",
            "query",
            "delimiter",
            "fragment"
        ]
    );
}

/// The parser, the diagnostics, the component table and the types all end the userinfo at
/// the first '@'.
#[test]
fn the_first_at_ends_the_userinfo_everywhere() {
    let input = "http://u:pw@b@c/";
    let i = inspect(input, None);
    // The parser: the second '@' is a character the host does not allow.
    let e = i.error.unwrap();
    assert_eq!((e.component, e.byte), ("host", 13));
    // The diagnostics: the password is "u:pw", not "u:pw@b".
    let password: Vec<_> = i
        .diagnostics
        .iter()
        .filter(|d| d.code == "password-in-userinfo")
        .collect();
    assert_eq!(password.len(), 1);
    assert_eq!(
        (
            password[0].text.as_str(),
            password[0].start,
            password[0].end
        ),
        ("u:pw", 7, 11)
    );
    // The splitter puts the error in the host.
    let split = iri::Components::split(input);
    assert_eq!(
        (split.userinfo(), split.host_str()),
        (Some("u:pw"), Some("b@c"))
    );
    assert!(split.span(iri::Component::Host).unwrap().contains(&13));
    // The same reference with the second '@' encoded is valid: the table and the types give
    // the same userinfo.
    let valid = "http://u:pw@b%40c/";
    let table: Vec<(&str, String)> = inspect(valid, None)
        .components
        .unwrap()
        .into_iter()
        .filter(|c| c.part != "delimiter")
        .map(|c| (c.part, c.text))
        .collect();
    let strs: Vec<(&str, &str)> = table.iter().map(|(p, t)| (*p, t.as_str())).collect();
    assert_eq!(
        strs,
        [
            ("scheme", "http"),
            ("userinfo", "u:pw"),
            ("host", "b%40c"),
            ("path", "/")
        ]
    );
    let r = IriRef::parse(valid).unwrap();
    assert_eq!((r.userinfo(), r.host_str()), (Some("u:pw"), Some("b%40c")));
}

#[test]
fn error_pieces() {
    let v = json("http://a/b c", None);
    assert_eq!(v["valid"], false);
    let e = &v["error"];
    assert_eq!(
        (e["before"].as_str(), e["char"].as_str()),
        (Some("http://a/b"), Some(" "))
    );
    assert_eq!(e["after"], "c");
    assert_eq!(
        (e["byte"].as_u64(), e["column"].as_u64()),
        (Some(10), Some(11))
    );
    assert!(v["components"].is_null());
    // An invalid reference has no forms: the keys are absent, not null.
    assert!(v.get("uri").is_none() && v.get("normalized").is_none());
    // Two two-byte characters before: the byte offset runs one ahead of the 0-based column.
    let e = &json("http://éé/a b", None)["error"];
    assert_eq!(
        (e["byte"].as_u64(), e["column"].as_u64()),
        (Some(13), Some(12))
    );
    assert!(e["hint"].is_null());
    let v = json("http://2001:db8::1/", None);
    assert!(v["error"]["hint"]
        .as_str()
        .is_some_and(|h| h.starts_with("an IPv6 address as host is enclosed in square brackets")));
    // At the end: no character.
    let e = inspect("http://a/%4", None).error.unwrap();
    assert_eq!(e.before.len() + e.at.len() + e.after.len(), 11);
}

#[test]
fn forms_and_resolution() {
    let v = json("Genève#ü", Some("http://例え.テスト/wiki/Zürich"));
    assert_eq!(v["resolved"]["iri"], "http://例え.テスト/wiki/Genève#ü");
    assert_eq!(
        v["resolved"]["uri"],
        "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/wiki/Gen%C3%A8ve#%C3%BC"
    );
    let v = json("HTTP://résumé.example.org:80/%7e", None);
    assert_eq!(v["uri"], "HTTP://r%C3%A9sum%C3%A9.example.org:80/%7e");
    assert_eq!(
        v["uri_idna"]["value"],
        "HTTP://xn--rsum-bpad.example.org:80/%7e"
    );
    assert_eq!(v["normalized"][0]["iri"], "http://résumé.example.org:80/~");
    assert_eq!(v["normalized"][1]["iri"], "http://résumé.example.org/~");
    assert_eq!(
        v["normalized"][1]["uri"],
        "http://xn--rsum-bpad.example.org/~"
    );
    // Without a base, no `base` and no `resolved`; with a base that is not an IRI, `resolved`
    // is null.
    assert!(v.get("base").is_none() && v.get("resolved").is_none());
    let v = json("a", Some("not absolute"));
    assert_eq!(v["base"]["valid"], false);
    assert!(v["resolved"].is_null() && v.get("resolved").is_some());
    // An empty base is no base.
    assert!(inspect("a", Some("")).base.is_none());
}
