//! Differential tests: `iri` against oxiri 0.3.1 and iri-string 0.7.14 on validity (RFC 3987
//! §2.2, RFC 3986 §3, §4) and on reference resolution (RFC 3986 §5.2), over the corpus
//! and over generated inputs.
//!
//! Every disagreement is put in a class by code ([`classify_validity`],
//! [`classify_resolution`]), never by a list of inputs. Each class is a place where a peer
//! departs from the RFCs (or, for iri-string's serialization, where the RFC leaves a choice);
//! `docs/differences.md` lists each with an example and the RFC text that decides it. A
//! disagreement that no class explains fails the test.
//!
//! The corpus is the repository's `data/corpus` (`corpus.txt.gz`, `relative_urls_cc_10k.csv`),
//! or the directory `IRI_CORPUS_DIR` names; the corpus tests fail with a clear message when
//! it is absent.

use std::collections::BTreeMap;

use iri::{ErrorKind, Iri, IriRef, Kind, ResolveOptions};
use iri_string::format::ToDedicatedString;
use iri_string::types::{IriAbsoluteStr, IriReferenceStr, IriStr};
use iri_testkit::corpus::corpus_file;
use proptest::prelude::*;

/// A class of difference: its name (a heading of docs/differences.md) and which peer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The peer accepts a bidi formatting character that RFC 3987 §4.1 forbids.
    BidiFormattingAccepted,
    /// The peer takes a percent-encoded `.` for a dot segment in resolution (RFC 3986 §5.2.4
    /// matches the literal segments only).
    PercentEncodedDotSegment,
    /// The peer refuses to resolve when the §5.2 result would be a path starting with `//`
    /// without an authority, which RFC 3986 §3.3 does not allow; ours keeps a `/.` before it.
    DoubleSlashPathRefused,
}

impl Class {
    const ALL: [Class; 3] = [
        Class::BidiFormattingAccepted,
        Class::PercentEncodedDotSegment,
        Class::DoubleSlashPathRefused,
    ];

    fn name(self) -> &'static str {
        match self {
            Class::BidiFormattingAccepted => "bidi-formatting-accepted",
            Class::PercentEncodedDotSegment => "percent-encoded-dot-segment",
            Class::DoubleSlashPathRefused => "double-slash-path-refused",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Peer {
    Oxiri,
    IriString,
}

/// What one run found: counts per (peer, class) with a first example, and the disagreements
/// no class explains.
#[derive(Default)]
struct Tally {
    compared: usize,
    classified: BTreeMap<(Peer, Class), (usize, String)>,
    /// For each resolution difference: which of our options give the peer's result.
    agreeing: BTreeMap<(Peer, Class, String), (usize, String)>,
    unclassified: Vec<String>,
}

impl Tally {
    fn record(&mut self, peer: Peer, class: Option<Class>, what: impl FnOnce() -> String) {
        match class {
            Some(c) => {
                let e = self
                    .classified
                    .entry((peer, c))
                    .or_insert_with(|| (0, what()));
                e.0 += 1;
            }
            None => {
                if self.unclassified.len() < 30 {
                    self.unclassified.push(format!("{peer:?}: {}", what()));
                } else {
                    self.unclassified.push(String::new());
                }
            }
        }
    }

    fn finish(self, label: &str) {
        eprintln!("{label}: {} compared", self.compared);
        for ((peer, class), (n, example)) in &self.classified {
            eprintln!("  {peer:?} {}: {n}, e.g. {example}", class.name());
        }
        for ((peer, class, with), (n, example)) in &self.agreeing {
            eprintln!(
                "  {peer:?} {}: {n} agree with ours under {with}, e.g. {example}",
                class.name()
            );
        }
        let shown: Vec<&String> = self.unclassified.iter().filter(|s| !s.is_empty()).collect();
        assert!(
            self.unclassified.is_empty(),
            "{label}: {} unclassified differences, first ones:\n{}",
            self.unclassified.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Why a peer's validity verdict (as IRI-reference or IRI) differs from ours (`ours`).
/// No class has the peer reject what ours accepts: every such case fails the test.
fn classify_validity(ours: &Result<(), iri::ParseError>, peer_ok: bool) -> Option<Class> {
    match ours {
        // RFC 3987 §4.1: the peer accepts a bidi formatting character.
        Err(e) if peer_ok && e.kind() == ErrorKind::BidiFormatting => {
            Some(Class::BidiFormattingAccepted)
        }
        _ => None,
    }
}

/// Why a peer's resolution of `r` against `b` differs from ours (`theirs` is `None` when the
/// peer fails to resolve).
fn classify_resolution(b: &str, r: &str, ours: &str, theirs: Option<&str>) -> Option<Class> {
    let Some(theirs) = theirs else {
        let t = Iri::parse(ours).ok()?;
        return (!t.has_authority() && t.path().starts_with("/.//"))
            .then_some(Class::DoubleSlashPathRefused);
    };
    // Our resolution once `%2E` is decoded in base and reference gives the peer's result.
    let (db, dr) = (decode_dots(b), decode_dots(r));
    if (db != b || dr != r) && ours_resolve(&db, &dr).as_deref() == Some(theirs) {
        return Some(Class::PercentEncodedDotSegment);
    }
    None
}

/// `s` with each segment of its path that is `.` or `..` once `%2E` is decoded written as
/// that dot segment; other components as they are.
fn decode_dots(s: &str) -> String {
    let Ok(r) = IriRef::parse(s) else {
        return s.to_string();
    };
    let path: Vec<String> = r
        .path()
        .split('/')
        .map(|seg| {
            let decoded = seg.replace("%2E", ".").replace("%2e", ".");
            if decoded == "." || decoded == ".." {
                decoded
            } else {
                seg.to_string()
            }
        })
        .collect();
    let mut out = String::new();
    if let Some(sc) = r.scheme() {
        out.push_str(sc);
        out.push(':');
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        out.push_str(a);
    }
    out.push_str(&path.join("/"));
    if let Some(q) = r.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// The resolution options (RFC 3986 §5.2.1, erratum 4789, §6.2.2.2) by name: the presets,
/// then each option alone.
const OPTIONS: [(&str, ResolveOptions); 5] = [
    ("rdf", ResolveOptions::rdf()),
    ("browser", ResolveOptions::browser()),
    (
        "base-normalize",
        ResolveOptions::strict().base_normalize(true),
    ),
    ("erratum-4789", ResolveOptions::strict().erratum_4789(true)),
    ("dot-encoded", ResolveOptions::strict().dot_encoded(true)),
];

/// Which of [`OPTIONS`] make our resolution of `r` against `b` equal `theirs`: their names
/// joined with `+`, or `none`.
fn agreeing_options(b: &str, r: &str, theirs: Option<&str>) -> String {
    let (Ok(base), Ok(reference), Some(theirs)) = (Iri::parse(b), IriRef::parse(r), theirs) else {
        return "none".into();
    };
    let names: Vec<&str> = OPTIONS
        .iter()
        .filter(|(_, o)| base.resolve_with(&reference, *o) == theirs)
        .map(|(name, _)| *name)
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join("+")
    }
}

/// Counts, for each of [`OPTIONS`], whether it changes our result for `r` against `b`.
fn count_option_changes(b: &str, r: &str, changed: &mut [usize; OPTIONS.len()]) {
    let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
        return;
    };
    let strict = base.resolve(&reference);
    for (k, (_, o)) in OPTIONS.iter().enumerate() {
        if base.resolve_with(&reference, *o) != strict.as_str() {
            changed[k] += 1;
        }
    }
}

fn ours_resolve(b: &str, r: &str) -> Option<String> {
    let base = Iri::parse(b).ok()?;
    Some(base.resolve(&IriRef::parse(r).ok()?).into_inner())
}

fn oxiri_valid(s: &str, kind: Kind) -> bool {
    match kind {
        Kind::Iri => oxiri::Iri::parse(s).is_ok(),
        _ => oxiri::IriRef::parse(s).is_ok(),
    }
}

fn iri_string_valid(s: &str, kind: Kind) -> bool {
    match kind {
        Kind::Iri => IriStr::new(s).is_ok(),
        _ => IriReferenceStr::new(s).is_ok(),
    }
}

/// Compares validity of `s` as an IRI reference and as an IRI.
fn compare_validity(s: &str, tally: &mut Tally) {
    for kind in [Kind::IriReference, Kind::Iri] {
        tally.compared += 1;
        let ours = iri::validate(s, kind);
        for (peer, ok) in [
            (Peer::Oxiri, oxiri_valid(s, kind)),
            (Peer::IriString, iri_string_valid(s, kind)),
        ] {
            if ours.is_ok() != ok {
                let class = classify_validity(&ours, ok);
                tally.record(peer, class, || {
                    format!(
                        "{kind} {s:?}: ours {:?}, peer accepts: {ok}",
                        ours.as_ref().err().map(|e| e.to_string())
                    )
                });
            }
        }
    }
}

fn oxiri_resolve(b: &str, r: &str) -> Option<Option<String>> {
    let base = oxiri::Iri::parse(b).ok()?;
    let rel = oxiri::IriRef::parse(r).ok()?;
    Some(base.resolve(&rel).ok().map(oxiri::Iri::into_inner))
}

fn iri_string_resolve(b: &str, r: &str) -> Option<Option<String>> {
    // iri-string takes a base without fragment (RFC 3986 §5.2.1 ignores it).
    let b = b.split_once('#').map_or(b, |(x, _)| x);
    let base = IriAbsoluteStr::new(b).ok()?;
    let rel = IriReferenceStr::new(r).ok()?;
    Some(Some(
        rel.resolve_against(base).to_dedicated_string().to_string(),
    ))
}

/// Compares resolution of `r` against `b` where ours accepts both.
fn compare_resolution(b: &str, r: &str, tally: &mut Tally) {
    let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
        return;
    };
    tally.compared += 1;
    let ours = base.resolve(&reference).into_inner();
    for (peer, theirs) in [
        (Peer::Oxiri, oxiri_resolve(b, r)),
        (Peer::IriString, iri_string_resolve(b, r)),
    ] {
        // A peer that rejects an input was counted by the validity comparison.
        let Some(theirs) = theirs else { continue };
        if theirs.as_deref() != Some(ours.as_str()) {
            let class = classify_resolution(b, r, &ours, theirs.as_deref());
            if let Some(c) = class {
                let with = agreeing_options(b, r, theirs.as_deref());
                let e = tally
                    .agreeing
                    .entry((peer, c, with))
                    .or_insert_with(|| (0, format!("{b:?} + {r:?}")));
                e.0 += 1;
            }
            tally.record(peer, class, || {
                format!("{b:?} + {r:?}: ours {ours:?}, peer {theirs:?}")
            });
        }
    }
}

#[test]
fn corpus_validity_agrees() {
    let text = corpus_file("corpus.txt");
    let mut tally = Tally::default();
    let mut lines = 0;
    for line in text.lines() {
        compare_validity(line, &mut tally);
        lines += 1;
    }
    assert!(lines > 300_000, "corpus.txt has only {lines} lines");
    tally.finish("corpus validity");
}

#[test]
fn corpus_resolution_agrees() {
    let text = corpus_file("relative_urls_cc_10k.csv");
    let mut tally = Tally::default();
    let mut changed = [0usize; OPTIONS.len()];
    let mut rows = 0;
    for line in text.lines().skip(1) {
        // `base,relative`: bases hold no comma in this file; a reference may.
        let Some((b, r)) = line.split_once(',') else {
            continue;
        };
        rows += 1;
        compare_validity(b, &mut tally);
        compare_validity(r, &mut tally);
        compare_resolution(b, r, &mut tally);
        // Also the reference resolved against itself as base, and the base as a reference:
        // more shapes of path from real data.
        compare_resolution(r, b, &mut tally);
        for (x, y) in [(b, r), (r, b)] {
            count_option_changes(x, y, &mut changed);
        }
    }
    for (name, n) in OPTIONS.iter().map(|(name, _)| name).zip(changed) {
        eprintln!("corpus resolution: {n} results change under {name}");
    }
    assert!(
        rows >= 9_000,
        "relative_urls_cc_10k.csv has only {rows} rows"
    );
    tally.finish("corpus resolution");
}

/// Every class is listed in docs/differences.md under its name.
#[test]
fn every_class_is_documented() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/differences.md");
    let doc = std::fs::read_to_string(path).unwrap();
    for c in Class::ALL {
        assert!(
            doc.contains(&format!("`{}`", c.name())),
            "{} is not in docs/differences.md",
            c.name()
        );
    }
}

/// The examples of docs/differences.md fall in the classes they illustrate.
#[test]
fn documented_examples_are_classified() {
    let classes = |t: Tally| t.classified.keys().copied().collect::<Vec<_>>();
    let mut t = Tally::default();
    compare_validity("https://he.wikipedia.org/wiki/\u{200F}a", &mut t);
    assert_eq!(
        classes(t),
        [
            (Peer::Oxiri, Class::BidiFormattingAccepted),
            (Peer::IriString, Class::BidiFormattingAccepted)
        ]
    );
    let mut t = Tally::default();
    compare_resolution("http://a/b/c", "%2e%2e/g", &mut t);
    assert_eq!(
        iri_string_resolve("http://a/b/c", "%2e%2e/g"),
        Some(Some("http://a/g".into()))
    );
    assert_eq!(
        classes(t),
        [(Peer::IriString, Class::PercentEncodedDotSegment)]
    );
    let mut t = Tally::default();
    compare_resolution("http:", "a:/.//.", &mut t);
    assert_eq!(ours_resolve("http:", "a:/.//.").as_deref(), Some("a:/.//"));
    assert_eq!(classes(t), [(Peer::Oxiri, Class::DoubleSlashPathRefused)]);
}

/// Pieces of IRIs, valid and invalid, that generated strings are made of: delimiters, every
/// host form, percent-encodings good and bad, non-ASCII of each class, dot segments.
const PIECES: &[&str] = &[
    "http",
    "s",
    "a+b-c.d",
    ":",
    "//",
    "/",
    "?",
    "#",
    "@",
    "[",
    "]",
    ".",
    "..",
    "./",
    "../",
    "%",
    "%4",
    "%41",
    "%2F",
    "%2e",
    "%2E%2E",
    "%C3%A9",
    "%zz",
    "%00",
    "1",
    "255",
    "256",
    "0",
    "09",
    "127.0.0.1",
    "1.2.3",
    "::",
    "::1",
    "1:2:3:4:5:6:7:8",
    "::ffff:1.2.3.4",
    "fe80::1%25eth0",
    "v1.x",
    "vF.a:b",
    "v.x",
    "a",
    "Z",
    "-",
    "_",
    "~",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "é",
    "ü",
    "\u{A0}",
    "\u{D7FF}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{FDD0}",
    "\u{FFFD}",
    "\u{FFFE}",
    "\u{10000}",
    "\u{1FFFE}",
    "\u{E0001}",
    "\u{F0000}",
    "\u{10FFFD}",
    "\u{200E}",
    "\u{202E}",
    "\u{2066}",
    "\u{0}",
    "\u{7F}",
    " ",
    "\"",
    "<",
    ">",
    "\\",
    "^",
    "`",
    "{",
    "|",
    "}",
    "\t",
    "\u{85}",
    "\u{3000}",
    "例",
];

fn piece_string(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PIECES), 0..max).prop_map(|v| v.concat())
}

/// Pieces that an IRI's path, query or fragment allows, so that most generated references
/// parse and resolution gets deep paths, dot segments and encoded dots.
const PATH_PIECES: &[&str] = &[
    "/", "/", "/", ".", "..", "./", "../", "/.", "/..", "a", "b:c", "@", "%2e", "%2E", "%2F", "?",
    "#", "é", "\u{E000}", "//", ";", "=", "~", "%C3%A9",
];

fn path_string(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PATH_PIECES), 0..max)
        .prop_map(|v| v.concat())
}

fn reference_string() -> impl Strategy<Value = String> {
    prop_oneof![
        piece_string(10),
        path_string(12),
        ("[a-z]{1,3}:", path_string(8)).prop_map(|(s, p)| s + &p),
        ("//[a-z]{0,3}", path_string(8)).prop_map(|(a, p)| a + &p),
    ]
}

/// A base: a scheme, often an authority, then pieces.
fn base_string() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("http:"), Just("s:"), Just("a.b:")],
        prop_oneof![
            Just("//"),
            Just("//u@h:1"),
            Just("//[::1]"),
            Just(""),
            Just("/")
        ],
        prop_oneof![piece_string(10), path_string(12)],
    )
        .prop_map(|(s, a, p)| format!("{s}{a}{p}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Generated strings: validity agrees with both peers up to the documented classes.
    #[test]
    fn generated_validity_agrees(s in piece_string(14)) {
        let mut tally = Tally::default();
        compare_validity(&s, &mut tally);
        prop_assert!(tally.unclassified.is_empty(), "{:?}", tally.unclassified);
    }

    /// Generated bases and references: resolution agrees up to the documented classes.
    #[test]
    fn generated_resolution_agrees(b in base_string(), r in reference_string()) {
        let mut tally = Tally::default();
        compare_resolution(&b, &r, &mut tally);
        prop_assert!(tally.unclassified.is_empty(), "{:?}", tally.unclassified);
    }
}

/// Each resolution difference, classed by the options of ours that give the peer's result
/// (docs/differences.md, "By option"): over 6,000 generated pairs from a fixed seed, every
/// `percent-encoded-dot-segment` difference agrees under `dot-encoded` (and so under the
/// browser preset when the base has no dot segment), and no option turns oxiri's refusal
/// into a result.
#[test]
fn generated_differences_by_option() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (base_string(), reference_string());
    let mut tally = Tally::default();
    for _ in 0..6000 {
        let (b, r) = strategy.new_tree(&mut runner).unwrap().current();
        compare_resolution(&b, &r, &mut tally);
    }
    for ((peer, class, with), (n, _)) in &tally.agreeing {
        match class {
            Class::PercentEncodedDotSegment => assert!(
                with.split('+').any(|w| w == "dot-encoded"),
                "{peer:?}: {n} differences agree under {with}"
            ),
            Class::DoubleSlashPathRefused => assert_eq!(with, "none", "{peer:?}"),
            Class::BidiFormattingAccepted => unreachable!(),
        }
    }
    assert!(
        tally
            .agreeing
            .keys()
            .any(|(_, c, _)| *c == Class::PercentEncodedDotSegment),
        "the generator no longer reaches a percent-encoded dot segment"
    );
    tally.finish("generated resolution, by option");
}
