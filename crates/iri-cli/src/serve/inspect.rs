//! The answer of `GET /api/inspect`: everything the library can say about one IRI reference,
//! and its resolution against an optional base, as one JSON object (described in
//! `docs/serve.md`).
//!
//! Validity and the error (RFC 3987 §2.2), the components (RFC 3986 §3), the URI form
//! (RFC 3987 §3.1) and the IRI form (§3.2), with and without IDNA, the normalized forms at
//! each rung of the ladder (§5.3.2, §5.3.3), the script of a `javascript` IRI (processing
//! draft §6.2), the resolved reference (RFC 3986 §5.2, with a preset of its options), the
//! diagnostics (§4, §6.1, §7.5, §8; RFC 3986 §7) and the bidi display form and visual order
//! (§4.1, §4.4). Offsets are byte offsets into the UTF-8 text; the pieces of text around
//! them are given too, so that a client in another encoding (JavaScript) need not count.
//!
//! The same file is compiled into `crates/iri-wasm` (`#[path]`), so that the static viewer and
//! the npm package answer with this very JSON: it uses only the library and `serde_json`.

use iri::idn::IdnaOptions;
use iri::scheme::javascript::Javascript;
use iri::{Form, Iri, IriRef, Level, Normalizer, ResolveOptions};
use serde_json::{json, Value};

/// The inspection of `input`, resolved against `base` when one is given (and not empty), by
/// RFC 3986 §5.2 as written.
pub fn inspect(input: &str, base: Option<&str>) -> Value {
    inspect_with(input, base, ResolveOptions::strict())
}

/// [`inspect`], with the reference resolved with `opts` (a preset of
/// [`ResolveOptions`], named in `resolved.preset`).
pub fn inspect_with(input: &str, base: Option<&str>, opts: ResolveOptions) -> Value {
    let parsed = IriRef::parse(input);
    let mut v = json!({
        "input": input,
        "valid": parsed.is_ok(),
        "error": parsed.as_ref().err().map(|e| error(input, e)),
        "absolute": parsed.as_ref().ok().map(|r| r.scheme().is_some()),
        "components": parsed.as_ref().ok().map(|r| components(r.as_str())),
        "host_kind": parsed.as_ref().ok().and_then(|r| r.host()).map(|h| h.kind().as_str()),
        "diagnostics": diagnostics(input),
        "bidi": bidi(input),
    });
    if let Ok(r) = &parsed {
        let idna = IdnaOptions::new();
        v["uri"] = json!(r.to_uri().as_str());
        v["uri_idna"] = match r.to_uri_with(&idna) {
            Ok(u) => json!({ "value": u.as_str(), "error": null }),
            Err(e) => json!({ "value": null, "error": e.to_string() }),
        };
        v["iri"] = json!(r.to_iri().as_str());
        v["javascript"] = javascript(r);
        v["iri_idna"] = json!(r.to_iri_with(&idna).as_str());
        v["normalized"] = json!([Level::Syntax, Level::Scheme].map(|level| {
            let n = Normalizer::new(level);
            json!({
                "level": level.as_str(),
                "iri": n.normalize(r).as_str(),
                "uri": n.form(Form::Uri).normalize(r).as_str(),
            })
        }));
    }
    if let Some(base) = base.filter(|b| !b.is_empty()) {
        let parsed_base = Iri::parse(base);
        v["base"] = json!({
            "input": base,
            "valid": parsed_base.is_ok(),
            "error": parsed_base.as_ref().err().map(|e| error(base, e)),
        });
        v["resolved"] = match (&parsed_base, &parsed) {
            (Ok(b), Ok(r)) => {
                let target = b.resolve_with(r, opts);
                json!({
                    "iri": target.as_str(),
                    "uri": target.to_uri().as_str(),
                    "preset": opts.preset_name(),
                })
            }
            _ => Value::Null,
        };
    }
    v
}

/// The script of a `javascript` IRI (processing draft §6.2): `{"script","encoding"}` or
/// `{"error"}`; `null` for any other reference.
fn javascript<T: AsRef<str>>(r: &IriRef<T>) -> Value {
    let Ok(iri) = Iri::parse(r.as_str()) else {
        return Value::Null;
    };
    if !iri.scheme().eq_ignore_ascii_case("javascript") {
        return Value::Null;
    }
    match Javascript::parse(&iri) {
        Ok(j) => json!({
            "script": j.script(),
            "encoding": j.encoding().as_str(),
            "bom": j.encoding().has_bom(),
        }),
        Err(e) => json!({ "error": {
            "byte": e.offset(),
            "column": column(iri.as_str(), e.offset()),
            "message": e.to_string(),
        } }),
    }
}

/// The 1-based column in characters of the byte offset `at` in `text` (the characters that
/// start before it, plus one), as the command's JSON counts columns.
fn column(text: &str, at: usize) -> usize {
    text.char_indices().take_while(|&(i, _)| i < at).count() + 1
}

/// A parse error: kind, component, `byte` offset and character `column`, message and hint,
/// and the text before, at and after the offending character.
fn error(input: &str, e: &iri::ParseError) -> Value {
    let at = e.offset().min(input.len());
    let (before, rest) = input.split_at(if input.is_char_boundary(at) { at } else { 0 });
    let ch = rest.chars().next().map(String::from).unwrap_or_default();
    json!({
        "kind": e.kind().as_str(),
        "component": e.component().as_str(),
        "byte": e.offset(),
        "column": column(input, e.offset()),
        "message": e.to_string(),
        "hint": e.hint().map(iri::Hint::message),
        "before": before,
        "char": ch,
        "after": &rest[ch.len()..],
    })
}

/// The input cut into its components and the delimiters between them, in order, covering
/// all of it: `[{"part":"scheme","text":"http"},{"part":"delimiter","text":"://"},…]`.
/// Empty components are left out. The cut is the library's one component splitter
/// ([`iri::Components`]), which the diagnostics and the types use too.
fn components(text: &str) -> Value {
    use iri::Component::*;
    let split = iri::Components::split(text);
    let mut out = Vec::new();
    let mut at = 0;
    for part in [Scheme, Userinfo, Host, Port, Path, Query, Fragment] {
        let Some(span) = split.span(part).filter(|s| !s.is_empty()) else {
            continue;
        };
        if span.start > at {
            out.push(json!({ "part": "delimiter", "text": &text[at..span.start] }));
        }
        out.push(json!({ "part": part.as_str(), "text": &text[span.clone()] }));
        at = span.end;
    }
    if at < text.len() {
        out.push(json!({ "part": "delimiter", "text": &text[at..] }));
    }
    Value::Array(out)
}

/// The diagnostics at their default severities, each with the text of its span.
pub fn diagnostics(input: &str) -> Value {
    let found = iri::lint::lint_str(input);
    Value::Array(
        found
            .iter()
            .map(|d| {
                json!({
                    "code": d.code.as_str(),
                    "severity": d.severity.as_str(),
                    "component": d.component.map(iri::Component::as_str),
                    "start": d.span.start,
                    "end": d.span.end,
                    "text": input.get(d.span.clone()).unwrap_or(""),
                    "message": d.message,
                    "section": d.section,
                    "suggestion": d.suggestion,
                })
            })
            .collect(),
    )
}

/// The bidi display form (§4.1, LRE…PDF), with its formatting characters also spelled out,
/// and the visual order in a left-to-right paragraph (§4.4).
fn bidi(input: &str) -> Value {
    let display = iri::bidi::display(input, iri::bidi::Wrap::Embedding);
    let escaped: String = display
        .chars()
        .map(|c| {
            if iri::is_bidi_formatting(c as u32) || matches!(c, '\u{200E}' | '\u{200F}') {
                format!("<U+{:04X}>", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect();
    json!({
        "is_bidi": iri::bidi::is_bidi(input),
        "display": display,
        "display_escaped": escaped,
        "visual": iri::bidi::visual_order(input),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let v = inspect(s, None);
            let joined: String = v["components"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["text"].as_str().unwrap())
                .collect();
            assert_eq!(joined, s);
        }
        let v = inspect("http://user@h:1/p?q#f", None);
        let parts: Vec<&str> = v["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["part"].as_str().unwrap())
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

    /// The parser, the diagnostics, the component table and the types all end the userinfo
    /// at the first '@' (the diagnostics took the last one).
    #[test]
    fn the_first_at_ends_the_userinfo_everywhere() {
        let input = "http://u:pw@b@c/";
        let v = inspect(input, None);
        // The parser: the second '@' is a character the host does not allow.
        assert_eq!(v["error"]["component"], "host");
        assert_eq!(v["error"]["byte"], 13);
        // The diagnostics: the password is "u:pw", not "u:pw@b".
        let password: Vec<&Value> = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == "password-in-userinfo")
            .collect();
        assert_eq!(password.len(), 1);
        assert_eq!(password[0]["text"], "u:pw");
        assert_eq!(
            (password[0]["start"].as_u64(), password[0]["end"].as_u64()),
            (Some(7), Some(11))
        );
        // The splitter puts the error in the host.
        let split = iri::Components::split(input);
        assert_eq!(
            (split.userinfo(), split.host_str()),
            (Some("u:pw"), Some("b@c"))
        );
        assert!(split.span(iri::Component::Host).unwrap().contains(&13));
        // The same reference with the second '@' encoded is valid: the table and the types
        // give the same userinfo.
        let valid = "http://u:pw@b%40c/";
        let v = inspect(valid, None);
        let table: Vec<(&str, &str)> = v["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["part"].as_str().unwrap(), c["text"].as_str().unwrap()))
            .filter(|&(part, _)| part != "delimiter")
            .collect();
        assert_eq!(
            table,
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
        let v = inspect("http://a/b c", None);
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
        // Two two-byte characters before: the byte offset runs one ahead of the 0-based column.
        let e = &inspect("http://éé/a b", None)["error"];
        assert_eq!(
            (e["byte"].as_u64(), e["column"].as_u64()),
            (Some(13), Some(12))
        );
        assert!(e["hint"].is_null());
        assert!(v["components"].is_null());
        let v = inspect("http://2001:db8::1/", None);
        assert!(v["error"]["hint"].as_str().is_some_and(
            |h| h.starts_with("an IPv6 address as host is enclosed in square brackets")
        ));
        // At the end: no character.
        let v = inspect("http://a/%4", None);
        assert_eq!(
            v["error"]["before"].as_str().unwrap().len()
                + v["error"]["char"].as_str().unwrap().len()
                + v["error"]["after"].as_str().unwrap().len(),
            11
        );
    }

    #[test]
    fn forms_and_resolution() {
        let v = inspect("Genève#ü", Some("http://例え.テスト/wiki/Zürich"));
        assert_eq!(v["resolved"]["iri"], "http://例え.テスト/wiki/Genève#ü");
        assert_eq!(
            v["resolved"]["uri"],
            "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/wiki/Gen%C3%A8ve#%C3%BC"
        );
        let v = inspect("HTTP://résumé.example.org:80/%7e", None);
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
        let v = inspect("a", Some("not absolute"));
        assert_eq!(v["base"]["valid"], false);
        assert!(v["resolved"].is_null());
    }
}
