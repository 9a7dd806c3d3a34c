//! The conformance matrix: the third-party suites of `data/conformance/` run against this
//! library (strict, and each resolution preset of RFC 3986 §5.2's options) and against
//! oxiri, iri-string, fluent-uri and url, rendered as `docs/conformance.md`.
//!
//! The tests: the committed file is what the suites give now (regenerate with
//! `IRI_CONFORMANCE_WRITE=1 cargo test -p iri-differential --test conformance`); each preset
//! reaches 100% on the groups of the implementations and suites it names; and every miss of
//! ours has a class (`classify.rs`).

#[path = "conformance/classify.rs"]
mod classify;
#[path = "conformance/imps.rs"]
mod imps;
#[path = "conformance/matrix.rs"]
mod matrix;
#[path = "conformance/suite.rs"]
mod suite;

use matrix::Matrix;

/// The groups (suite, group) whose results a column of ours claims to reproduce.
pub fn claims(column: &str) -> &'static [(&'static str, &'static str)] {
    match column {
        "ours strict" => &[
            ("json-ld", "toRdf-iri-resolution"),
            ("json-ld", "expand-base"),
        ],
        "ours rdf" => &[
            ("oxiri", "resolve"),
            ("rdf-tests", "IRI-resolution-01"),
            ("rdf-tests", "IRI-resolution-02"),
            ("rdf-tests", "IRI-resolution-07"),
            ("rdf-tests", "IRI-resolution-08"),
        ],
        "ours browser" => &[
            ("wpt-url", "relative-path"),
            ("wpt-url", "absolute-dot-segments"),
        ],
        _ => &[],
    }
}

/// What a preset reproduces, in words, for the matrix.
pub fn reproduces(preset: &str) -> &'static str {
    match preset {
        "strict" => {
            "RFC 3986 §5.2.2–§5.2.4 as written; the JSON-LD 1.1 API tests' IRI resolution \
             (toRdf, expand with `@base`)"
        }
        "rdf" => "oxiri (Oxigraph); the W3C RDF test suites' Turtle and TriG IRI resolution tests",
        "browser" => {
            "the paths browsers give (web-platform-tests `urltestdata.json`, the cases RFC 3986 \
             decides)"
        }
        _ => "",
    }
}

fn matrix() -> (Vec<suite::Suite>, Matrix) {
    let suites = suite::load_all();
    let m = Matrix::run(&suites, &imps::all());
    (suites, m)
}

#[test]
fn presets_reach_100_percent_on_what_they_name() {
    let (_, m) = matrix();
    for name in iri::ResolveOptions::PRESET_NAMES {
        let column = format!("ours {name}");
        for (s, g) in claims(&column) {
            let c = m.cell(&column, s, g);
            assert!(
                c.total > 0,
                "{column} claims {s}/{g}, which it does not run"
            );
            let out = m.out_of_scope(&column, s, g);
            assert_eq!(c.pass, c.total - out, "{column} on {s}/{g}");
        }
    }
}

#[test]
fn every_miss_of_ours_has_a_class() {
    let (_, m) = matrix();
    let open: Vec<String> = m
        .misses
        .iter()
        .filter(|x| x.class == classify::Class::Unexplained)
        .map(|x| {
            format!(
                "{} {}/{}: {}; got {}",
                x.column, x.suite, x.group, x.case, x.got
            )
        })
        .collect();
    assert!(
        open.is_empty(),
        "{} unexplained:\n{}",
        open.len(),
        open.join("\n")
    );
}

#[test]
fn docs_conformance_md_is_current() {
    let (suites, m) = matrix();
    let text = m.render(&suites);
    let path = suite::workspace().join("docs/conformance.md");
    if std::env::var_os("IRI_CONFORMANCE_WRITE").is_some() {
        std::fs::write(&path, &text).expect("docs/conformance.md written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "docs/conformance.md is stale: regenerate it with \
         IRI_CONFORMANCE_WRITE=1 cargo test -p iri-differential --test conformance"
    );
}
