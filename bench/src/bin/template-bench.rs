//! URI Template expansion (RFC 6570) of `iri` against iri-string's, in one run:
//! `cargo run --release -p iri-bench --bin template-bench -- [--samples N] [--markdown]`.
//!
//! The work: the templates below (every operator, prefix and explode modifiers, lists and
//! associative arrays, non-ASCII values) with RFC 6570 §3.2.1's variables and a few more,
//! each template parsed once beforehand, expanded `REPEAT` times per pass; the outputs of the
//! two libraries are compared before timing (they must be equal). Matching, which iri-string
//! lacks, is timed for ours alone.

use std::hint::black_box;
use std::time::Duration;

use iri::template::{Template, Value, Vars};
use iri_bench::{measure, Case, Config, Measured};
use iri_string::spec::{IriSpec, UriSpec};
use iri_string::template::simple_context::{SimpleContext, Value as IsValue};
use iri_string::template::UriTemplateString;

const TEMPLATES: [&str; 12] = [
    "http://example.com/~{who}/",
    "{/list*,path:4}",
    "http://example.com/search{?q,lang,list*}",
    "{+base}index{#hello}",
    "X{.dom*}{;x,y,empty}",
    "/wiki/{title}{?keys*}",
    "{&keys}{;list}",
    "https://{host}/repos/{owner}/{repo}/issues{?labels,page,per_page}",
    "/{city}/{+path}/{who}{?q}",
    "{var:3}/{hello:5}/{half}",
    "map?{x,y}&{/count*}",
    "/files{/path*}{?keys*}{#frag}",
];

/// Expansions per pass: the templates, over and over.
const REPEAT: usize = 1000;

fn vars() -> Vec<(&'static str, Value)> {
    vec![
        ("count", Value::list(["one", "two", "three"])),
        ("dom", Value::list(["example", "com"])),
        ("hello", Value::from("Hello World!")),
        ("half", Value::from("50%")),
        ("var", Value::from("value")),
        ("who", Value::from("fred")),
        ("base", Value::from("http://example.com/home/")),
        ("path", Value::from("/foo/bar")),
        ("list", Value::list(["red", "green", "blue"])),
        (
            "keys",
            Value::map([("semi", ";"), ("dot", "."), ("comma", ",")]),
        ),
        ("x", Value::from("1024")),
        ("y", Value::from("768")),
        ("empty", Value::from("")),
        ("q", Value::from("café au lait")),
        ("lang", Value::from("fr")),
        ("title", Value::from("Gödel, Escher, Bach")),
        ("city", Value::from("Zürich")),
        ("host", Value::from("例え.テスト")),
        ("owner", Value::from("rust-lang")),
        ("repo", Value::from("rust")),
        ("labels", Value::list(["C-bug", "T-libs"])),
        ("page", Value::from("2")),
        ("per_page", Value::from("100")),
        ("frag", Value::from("section-2")),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let samples = args
        .iter()
        .position(|a| a == "--samples")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(15);
    let markdown = args.iter().any(|a| a == "--markdown");

    let ours_vars: Vars = vars().into_iter().collect();
    let mut ctx = SimpleContext::new();
    for (k, v) in vars() {
        let v = match v {
            Value::String(s) => IsValue::String(s),
            Value::List(l) => IsValue::List(l),
            Value::Map(m) => IsValue::Assoc(m),
        };
        ctx.insert(k, v);
    }
    let ours: Vec<Template> = TEMPLATES
        .iter()
        .map(|t| Template::parse(t).unwrap())
        .collect();
    let theirs: Vec<UriTemplateString> = TEMPLATES
        .iter()
        .map(|t| UriTemplateString::try_from(*t).unwrap())
        .collect();
    // The outputs agree, in both forms, before anything is timed.
    let mut uris = Vec::new();
    for (a, b) in ours.iter().zip(&theirs) {
        let ou = a.expand_uri(&ours_vars).unwrap();
        let tu = b.expand::<UriSpec, _>(&ctx).unwrap().to_string();
        assert_eq!(ou, tu, "URI form of {}", a.as_str());
        let oi = a.expand_iri(&ours_vars).unwrap();
        let ti = b.expand::<IriSpec, _>(&ctx).unwrap().to_string();
        assert_eq!(oi, ti, "IRI form of {}", a.as_str());
        uris.push(ou);
    }
    let n = TEMPLATES.len() * REPEAT;
    let cfg = Config {
        samples,
        ..Config::default()
    };
    let mut rows: Vec<(&str, Vec<Measured>)> = Vec::new();
    rows.push((
        "expand (URI)",
        measure(
            &cfg,
            vec![
                Case::new("iri (ours)", "Template::expand_uri -> String", n, || {
                    for _ in 0..REPEAT {
                        for t in &ours {
                            black_box(t.expand_uri(black_box(&ours_vars)).unwrap());
                        }
                    }
                }),
                Case::new(
                    "iri-string 0.7.14",
                    "UriTemplateStr::expand::<UriSpec>(&SimpleContext).to_string()",
                    n,
                    || {
                        for _ in 0..REPEAT {
                            for t in &theirs {
                                black_box(
                                    t.expand::<UriSpec, _>(black_box(&ctx)).unwrap().to_string(),
                                );
                            }
                        }
                    },
                ),
            ],
        ),
    ));
    rows.push((
        "expand (IRI)",
        measure(
            &cfg,
            vec![
                Case::new("iri (ours)", "Template::expand_iri -> String", n, || {
                    for _ in 0..REPEAT {
                        for t in &ours {
                            black_box(t.expand_iri(black_box(&ours_vars)).unwrap());
                        }
                    }
                }),
                Case::new(
                    "iri-string 0.7.14",
                    "UriTemplateStr::expand::<IriSpec>(&SimpleContext).to_string()",
                    n,
                    || {
                        for _ in 0..REPEAT {
                            for t in &theirs {
                                black_box(
                                    t.expand::<IriSpec, _>(black_box(&ctx)).unwrap().to_string(),
                                );
                            }
                        }
                    },
                ),
            ],
        ),
    ));
    rows.push((
        "match (URI)",
        measure(
            &cfg,
            vec![Case::new(
                "iri (ours)",
                "Template::match_uri -> Vars",
                n,
                || {
                    for _ in 0..REPEAT {
                        for (t, u) in ours.iter().zip(&uris) {
                            black_box(t.match_uri(black_box(u)).ok());
                        }
                    }
                },
            )],
        ),
    ));
    print(&rows, markdown, samples);
}

fn print(rows: &[(&str, Vec<Measured>)], markdown: bool, samples: usize) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    if markdown {
        println!("| operation | library | call | items | median ms per pass | ns per item | ratio peer/ours |");
        println!("|---|---|---|---:|---:|---:|---:|");
    }
    for (op, ms_rows) in rows {
        let ours = ms_rows[0].median;
        for m in ms_rows {
            let ratio = m.median.as_secs_f64() / ours.as_secs_f64();
            if markdown {
                println!(
                    "| {op} | {} | `{}` | {} | {:.3} | {:.1} | {:.2} |",
                    m.lib,
                    m.call,
                    m.items,
                    ms(m.median),
                    m.ns_per_item(),
                    ratio
                );
            } else {
                println!(
                    "{op:14} {:20} {:>8.3} ms/pass {:>8.1} ns/item  x{ratio:.2}  ({} items, {samples} samples)",
                    m.lib,
                    ms(m.median),
                    m.ns_per_item(),
                    m.items
                );
            }
        }
    }
}
