//! Property tests of the laws of making and changing references (`iri_testkit::laws::builder`,
//! which the fuzz target `builder` checks too): the builder accepts exactly what the parser
//! splits back the same way (RFC 3987 §2.2, RFC 3986 §3, §4.2); a setter's value is what the
//! accessor returns and the result parses; a failed setter changes nothing; encode then decode
//! is the identity; query pair edits keep the other pairs' bytes.
#![cfg(all(feature = "unicode", feature = "idna"))]

use proptest::prelude::*;

use iri_testkit::laws;

/// Component text from an alphabet with every delimiter, `%`, non-ASCII (`ucschar`,
/// `iprivate`, a bidi control) and reference-like pieces.
fn piece() -> impl Strategy<Value = String> {
    let unit = prop_oneof![
        Just("a"),
        Just("Z9"),
        Just(":"),
        Just("/"),
        Just("//"),
        Just("?"),
        Just("#"),
        Just("@"),
        Just("["),
        Just("]"),
        Just("[::1]"),
        Just("[v1.x]"),
        Just("%"),
        Just("%41"),
        Just("%C3%A9"),
        Just("%zz"),
        Just("é"),
        Just("例"),
        Just("\u{E000}"),
        Just("\u{202E}"),
        Just(" "),
        Just("&"),
        Just("="),
        Just(";"),
        Just("+"),
        Just("."),
        Just(".."),
        Just("8080"),
        Just("http"),
        Just("\\"),
        Just("~!$'()*,"),
    ];
    proptest::collection::vec(unit, 0..6).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn build_laws(choice in any::<u8>(), pieces in proptest::collection::vec(piece(), 0..8)) {
        let mut data = vec![choice];
        data.extend_from_slice(pieces.join("\n").as_bytes());
        laws::builder(&data);
    }

    /// References that parse, as the base of the setters (the first piece).
    #[test]
    fn setter_laws_on_references(
        choice in any::<u8>(),
        scheme in prop_oneof![Just(""), Just("s:"), Just("http:")],
        auth in prop_oneof![Just(""), Just("//"), Just("//u@h:1"), Just("//[::1]")],
        path in prop_oneof![Just(""), Just("/"), Just("/a/b"), Just("a/b"), Just("/a/"), Just("./a:b")],
        rest in prop_oneof![Just(""), Just("?x=1&y=2"), Just("#f"), Just("?q#f")],
        value in piece(),
    ) {
        let base = format!("{scheme}{auth}{path}{rest}");
        let mut data = vec![choice];
        data.extend_from_slice(format!("{base}\n{value}").as_bytes());
        laws::builder(&data);
    }
}
