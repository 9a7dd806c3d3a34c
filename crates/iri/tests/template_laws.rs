//! Property tests of URI Templates (RFC 6570): templates and values generated from the §2
//! grammar, checked with the laws of `iri_testkit::laws::template` (those of the `template`
//! fuzz target): the IRI form maps to the URI form (RFC 3987 §3.1), and
//! `expand(match(t, u)) == u`; and where a template cannot be ambiguous, the match is found
//! and gives the values back.

use iri::template::{Template, Value, Vars};
use iri_testkit::laws;
use proptest::prelude::*;

const OPS: [&str; 8] = ["", "+", "#", ".", "/", ";", "?", "&"];

/// A value's text: ASCII of every class, delimiters, `%`, non-ASCII, `iprivate`, bidi.
fn value_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            4 => proptest::char::range('a', 'z'),
            1 => proptest::sample::select(vec![
                ' ', '%', '/', '?', '#', '&', '=', ',', ';', '.', '+', '!', '~', '-', '[', ':'
            ]),
            1 => proptest::sample::select(vec!['é', 'ü', 'テ', '\u{E000}', '\u{202E}', '𝄞']),
        ],
        0..6,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => value_text().prop_map(Value::String),
        1 => proptest::collection::vec(value_text(), 0..4).prop_map(Value::List),
        1 => proptest::collection::vec(("[a-z]{1,3}", value_text()), 0..3).prop_map(Value::Map),
    ]
}

/// A template: literals and expressions with 1–3 variables of names `a`–`e`, any operator
/// and modifier.
fn template() -> impl Strategy<Value = String> {
    let spec = (0usize..5, 0u8..4).prop_map(|(n, m)| {
        let name = ["a", "b", "c", "d", "e"][n];
        match m {
            0 => format!("{name}*"),
            1 => format!("{name}:{}", n + 1),
            _ => name.to_string(),
        }
    });
    let expr = (0usize..8, proptest::collection::vec(spec, 1..4))
        .prop_map(|(op, specs)| format!("{{{}{}}}", OPS[op], specs.join(",")));
    let lit = proptest::sample::select(vec!["/", "x", "?q=", "#", "-", "é", ".", ":", "http://h/"]);
    proptest::collection::vec(prop_oneof![expr, lit.prop_map(String::from)], 0..5)
        .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn expansion_laws(t in template(), vals in proptest::collection::vec(value(), 5)) {
        let tpl = Template::parse(&t).unwrap();
        let vars: Vars = ["a", "b", "c", "d", "e"].into_iter().zip(vals).collect();
        if let (Ok(uri), Ok(iri)) = (tpl.expand_uri(&vars), tpl.expand_iri(&vars)) {
            prop_assert!(uri.is_ascii());
            if iri::UriRef::parse(uri.as_str()).is_ok() {
                let parsed = iri::IriRef::parse(iri.as_str());
                prop_assert!(parsed.is_ok(), "{iri:?}");
                let mapped = parsed.unwrap().to_uri().as_str().to_owned();
                prop_assert_eq!(mapped, uri.clone());
            }
            laws::match_law(&tpl, &uri, false);
            laws::match_law(&tpl, &iri, true);
        }
    }

    /// Simple and named expressions of distinct variables, each after a literal `/` or with
    /// its own operator, string values of unreserved characters: no ambiguity, so the match
    /// is found and returns the values (empty strings aside, which read back as undefined
    /// where the expansion writes nothing for them).
    #[test]
    fn unambiguous_templates_match_their_values(
        vals in proptest::collection::vec("[a-zA-Z0-9é ~-]{1,6}", 3),
        named in any::<bool>(),
    ) {
        let t = if named { "/p/{a}{?b,c}" } else { "/p/{a}/{b}{;c}" };
        let tpl = Template::parse(t).unwrap();
        let vars: Vars = ["a", "b", "c"].into_iter().zip(vals.iter().map(String::as_str)).collect();
        for iri in [false, true] {
            let text = if iri { tpl.expand_iri(&vars) } else { tpl.expand_uri(&vars) }.unwrap();
            let found = if iri { tpl.match_iri(&text) } else { tpl.match_uri(&text) };
            prop_assert_eq!(found.as_ref(), Ok(&vars), "{} {}", t, text);
        }
    }

    #[test]
    fn fuzz_law_on_arbitrary_bytes(data in proptest::collection::vec(any::<u8>(), 0..64)) {
        laws::template(&data);
    }

    #[test]
    fn fuzz_law_on_templates_and_text(t in template(), rest in "[a-z/?#&=,.;%é\n\\[{]{0,24}") {
        laws::template(format!("{t}\n{rest}").as_bytes());
    }
}
