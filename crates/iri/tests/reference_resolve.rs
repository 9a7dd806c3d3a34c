//! Resolution against a literal transcription of RFC 3986 §5.2 (the pseudocode of §5.2.2,
//! `merge` of §5.2.3, `remove_dot_segments` of §5.2.4 and the recomposition of §5.3), with
//! the RFC's own names (`R`, `Base`, `T`, the input and output buffers) and the component
//! split of Appendix B: on the corpus pairs, on every short reference over a small alphabet
//! against bases of every shape, and on random pairs.
//!
//! The transcription is slow and obvious on purpose: strings are copied, buffers are
//! rewritten from the front, nothing is searched more cleverly than the RFC says.
//!
//! One deliberate addition of the library is applied to the reference's result too (it is
//! documented on `Iri::resolve`): a result without authority whose path starts with `//`
//! gets the prefix `/.`, so that it does not read back with an authority.

extern crate alloc;

mod common;

use iri::{Iri, IriRef};
#[path = "reference/rfc3986_5_2.rs"]
mod rfc;
use proptest::prelude::*;
use rfc::{remove_dot_segments, transform_references};

/// Resolves `r` against `base` with the library (`resolve` and `resolve_into`) and with the
/// transcription, and checks that they agree; `false` when the library does not take the
/// pair (a base that is not an absolute IRI, a reference that is not an IRI reference).
fn check(base: &str, r: &str) -> bool {
    let (Ok(b), Ok(rr)) = (Iri::parse(base), IriRef::parse(r)) else {
        return false;
    };
    let want = transform_references(r, base);
    let got = b.resolve(&rr);
    assert_eq!(got.as_str(), want, "base {base:?} + reference {r:?}");
    let mut buf = String::from("stale");
    assert_eq!(
        b.resolve_into(&rr, &mut buf).as_str(),
        want,
        "{base:?} {r:?}"
    );
    // The result's components are where the parser puts them.
    let parsed = Iri::parse(want.as_str()).expect("a resolution result parses");
    assert_eq!(got.scheme(), parsed.scheme(), "{base:?} {r:?}");
    assert_eq!(got.authority(), parsed.authority(), "{base:?} {r:?}");
    assert_eq!(got.path(), parsed.path(), "{base:?} {r:?}");
    assert_eq!(got.query(), parsed.query(), "{base:?} {r:?}");
    assert_eq!(got.fragment(), parsed.fragment(), "{base:?} {r:?}");
    true
}

// RFC 3986 §5.4.1 and §5.4.2: the examples (the rows of resolve.tsv that cite them),
// through the transcription itself, so that it is known to read the RFC as the RFC's own
// examples do.
#[test]
fn transcription_gives_the_rfc_examples() {
    let mut n = 0;
    for row in common::table("resolve.tsv", 4..=4) {
        let [base, r, want, source] = &row.fields[..] else {
            unreachable!()
        };
        if !(source.starts_with("RFC 3986 §5.4.1") || source.starts_with("RFC 3986 §5.4.2")) {
            continue;
        }
        assert_eq!(
            transform_references(r, base),
            *want,
            "line {}: {r}",
            row.line
        );
        assert!(check(base, r), "line {}: {r}", row.line);
        n += 1;
    }
    assert!(n >= 40, "{n} examples");
    // §5.2.4's two worked examples.
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

/// Bases of every shape §5.2.2 tells apart: with and without authority, empty, rootless and
/// absolute paths, paths ending in `/`, holding dot segments (a base need not be
/// normalized) or empty segments, with query and fragment, non-ASCII.
const BASES: [&str; 16] = [
    "http://a/b/c/d;p?q",
    "s://h",
    "s://h?q#f",
    "s://u@h:8/",
    "s://h/a/b/",
    "s://h/a//b",
    "s://h/a/./b/../c",
    "s://h/a/..",
    "s://h/.",
    "s:",
    "s:a",
    "s:a/b",
    "s:/a/b/c",
    "s:/.//a",
    "s:a/./b/../",
    "s://é/δ/ε?ζ#η",
];

// own: every reference of up to 5 characters over `a . / ? # :` (every shape of §5.2.2's
// cases, `.` and `..` segments at every place, empty segments, delimiters in query and
// fragment) against every base above.
#[test]
fn every_short_reference_against_bases_of_every_shape() {
    let alphabet = ['a', '.', '/', '?', '#', ':'];
    let mut refs = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..5 {
        last = last
            .iter()
            .flat_map(|s| {
                alphabet.iter().map(move |c| {
                    let mut t = s.clone();
                    t.push(*c);
                    t
                })
            })
            .collect();
        refs.extend(last.iter().cloned());
    }
    let mut n = 0;
    for base in BASES {
        for r in &refs {
            n += usize::from(check(base, r));
        }
    }
    assert!(n > 50_000, "{n}");
}

/// The pairs of `relative_urls_cc_10k.csv` (base, reference), from the repository's
/// `data/corpus` or `IRI_CORPUS_DIR`.
fn corpus_pairs() -> Vec<(String, String)> {
    let text = common::corpus_file("relative_urls_cc_10k.csv");
    text.lines()
        .skip(1)
        .filter_map(|l| l.split_once(','))
        .map(|(b, r)| (b.to_string(), r.to_string()))
        .collect()
}

// own: the 10,000 corpus pairs, each also the other way round (the base as a reference
// against the reference, where that is an absolute IRI) and the reference against itself.
#[test]
fn corpus_pairs_resolve_as_the_transcription() {
    let pairs = corpus_pairs();
    assert!(pairs.len() >= 9_000, "only {} pairs", pairs.len());
    let mut n = 0;
    for (b, r) in &pairs {
        assert!(check(b, r), "the library rejects {b:?} + {r:?}");
        n += 1;
        n += usize::from(check(r, b));
        n += usize::from(check(r, r));
    }
    assert!(n >= pairs.len(), "{n}");
}

/// A path-ish string: segments of `.`, `..`, letters, `%2E`, non-ASCII and empty ones.
fn path_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(""),
            Just("."),
            Just(".."),
            Just("a"),
            Just("bc"),
            Just("%2E"),
            Just(".a"),
            Just("a."),
            Just("é"),
            Just("..."),
        ],
        0..8,
    )
    .prop_map(|segs| segs.join("/"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    // own: random bases and references made of the pieces of §5.2.2 (scheme, authority,
    // path of dot and other segments, query, fragment), each piece present or not.
    #[test]
    fn random_pairs_resolve_as_the_transcription(
        b_auth in proptest::option::of(Just("//h")),
        b_abs in any::<bool>(),
        b_path in path_text(),
        b_query in proptest::option::of(Just("?q")),
        r_scheme in proptest::option::of(Just("t:")),
        r_auth in proptest::option::of(Just("//g")),
        r_abs in any::<bool>(),
        r_path in path_text(),
        r_query in proptest::option::of(Just("?y/../z")),
        r_frag in proptest::option::of(Just("#s/./")),
    ) {
        let slash = |abs: bool, has_auth: bool, p: &str| {
            if (abs || has_auth) && !p.is_empty() { "/" } else { "" }.to_string() + p
        };
        let base = format!(
            "s:{}{}{}",
            b_auth.unwrap_or(""),
            slash(b_abs, b_auth.is_some(), &b_path),
            b_query.unwrap_or(""),
        );
        let r = format!(
            "{}{}{}{}{}",
            r_scheme.unwrap_or(""),
            r_auth.unwrap_or(""),
            slash(r_abs, r_auth.is_some(), &r_path),
            r_query.unwrap_or(""),
            r_frag.unwrap_or(""),
        );
        // A relative path whose first segment holds ':' would be a scheme; the generator
        // makes none, and every pair it makes is taken.
        prop_assume!(Iri::parse(base.as_str()).is_ok() && IriRef::parse(r.as_str()).is_ok());
        prop_assert!(check(&base, &r));
    }
}
