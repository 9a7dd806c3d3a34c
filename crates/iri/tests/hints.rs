//! The hints of parse errors (`ParseError::hint`): the table `tests/data/hints.tsv` gives,
//! for each input, the error kind and the hint (`-` for none), with its source.

mod common;

use common::table;
use iri::Kind;

#[test]
fn hints_table() {
    let rows = table("hints.tsv", 5..=5);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let kind = Kind::from_name(&f[0]).unwrap_or_else(|| panic!("kind {}", f[0]));
        let input = f[1].as_str();
        let what = format!("hints.tsv:{} {input:?} ({})", row.line, f[4]);
        let got = match iri::validate(input, kind) {
            Ok(()) => ("-".to_owned(), "-".to_owned()),
            Err(e) => {
                let hint = e.hint().map_or("-", |h| h.as_str());
                // The message ends with the hint's sentence, and only when there is one.
                let text = e.to_string();
                let shown = e.hint().map(|h| format!("; hint: {h}"));
                if text.contains("; hint: ") != shown.is_some()
                    || shown.is_some_and(|s| !text.ends_with(&s))
                {
                    failures.push(format!("{what}: message {text:?}"));
                }
                (e.kind().as_str().to_owned(), hint.to_owned())
            }
        };
        if (got.0.as_str(), got.1.as_str()) != (f[2].as_str(), f[3].as_str()) {
            failures.push(format!("{what}: got {got:?}, want ({}, {})", f[2], f[3]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The hint does not change what the error says otherwise.
#[test]
fn hint_follows_the_message() {
    let e = iri::IriRef::parse("http://2001:db8::1/").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid IRI reference: U+0064 'd' at byte 12 is not a digit, and the port holds only \
         digits; hint: an IPv6 address as host is enclosed in square brackets, as in \
         http://[2001:db8::1]/ (RFC 3986 §3.2.2)"
    );
    let e = iri::Iri::parse("http://[::1/").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid IRI: the IP literal at byte 7 is not a valid IPv6 address or IPvFuture \
         (RFC 3986 §3.2.2; zone identifiers are not allowed); hint: the ']' that closes the IP \
         literal is missing, as in http://[::1]/ (RFC 3986 §3.2.2)"
    );
}
