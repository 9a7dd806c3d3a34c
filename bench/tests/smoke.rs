//! Runs the whole harness on a tiny inline corpus with one sample, so that
//! `cargo test --workspace` exercises every operation quickly.

use std::collections::BTreeSet;
use std::path::PathBuf;

use iri_bench::{
    Config, Corpus, Report, COPY_FLOOR, FLUENT, FROM_UTF8, IRI_STRING, OURS, OXIRI, URL,
};

const LINES: &[&str] = &[
    "http://example.org/a/b?q#f",
    "../c/d?x",
    "https://ex.org/résumé",
    "a b",          // space: rejected by every RFC 3987 parser
    "http://a/%zz", // bad percent-encoding: rejected by all
    "//h/p",        // network-path reference
    "/r%C3%A9sum%C3%A9",
    // U+200F RIGHT-TO-LEFT MARK: allowed by the ABNF, forbidden by RFC 3987 §4.1; only we
    // enforce §4.1 (the real corpus has four such lines).
    "http://a/b\u{200F}c",
    // Normalization: an empty port (dropped by both peers, by us only at the scheme level),
    // a dot segment, a percent-encoded '~' and '/'.
    "HTTP://Example.COM:/a/./b/../%7e%2f",
    // A percent-encoded U+200F, which both peers decode and we keep encoded (RFC 3987 §3.2,
    // §4.1); fluent-uri also drops the default port.
    "https://Host:443/%E2%80%8F",
];

const PAIRS: &[(&str, &str)] = &[
    ("http://a/b/c/d;p?q", "../g?y#s"),
    ("http://a/b/c/d;p?q", "//g"),
    (
        "http://example.org/wiki/Zürich",
        "../w/index.php?title=Genève",
    ),
    ("http://a/b", "a b"), // invalid reference for the RFC libraries; url joins it anyway
];

fn run() -> Report {
    let corpus = Corpus::from_parts(LINES, PAIRS);
    let cfg = Config {
        samples: 1,
        warmups: 1,
        progress: false,
        only: None,
        // Samples of a few passes each on the tiny corpus, to run that path too.
        min_sample: std::time::Duration::from_micros(50),
    };
    iri_bench::run(&corpus, &cfg)
}

fn libs(report: &Report, op: &str) -> BTreeSet<&'static str> {
    report
        .op(op)
        .unwrap_or_else(|| panic!("no operation {op}"))
        .rows
        .iter()
        .map(|r| r.lib)
        .collect()
}

fn items(report: &Report, op: &str, lib: &str) -> usize {
    report
        .op(op)
        .unwrap()
        .rows
        .iter()
        .find(|r| r.lib == lib)
        .unwrap_or_else(|| panic!("no {lib} in {op}"))
        .items
}

#[test]
fn every_operation_has_a_row_per_library() {
    let r = run();
    let set = |v: &[&'static str]| v.iter().copied().collect::<BTreeSet<_>>();
    let rfc = set(&[OURS, OXIRI, IRI_STRING, FLUENT]);
    let all = set(&[OURS, OXIRI, IRI_STRING, FLUENT, URL]);
    // parse also times the UTF-8 check of the same lines, its baseline.
    let mut parse = rfc.clone();
    parse.insert(FROM_UTF8);
    assert_eq!(libs(&r, "parse"), parse);
    assert_eq!(libs(&r, "parse absolute"), all);
    assert_eq!(libs(&r, "resolve"), all);
    assert_eq!(libs(&r, "resolve_into"), set(&[OURS, OXIRI, IRI_STRING]));
    assert_eq!(libs(&r, "parse+resolve"), all);
    assert_eq!(libs(&r, "to_uri"), set(&[OURS, IRI_STRING, FLUENT]));
    // to_uri on the non-ASCII lines also times its baseline: one allocation and one copy.
    assert_eq!(
        libs(&r, "to_uri non-ASCII"),
        set(&[OURS, IRI_STRING, FLUENT, COPY_FLOOR])
    );
    assert_eq!(libs(&r, "to_uri_into"), set(&[OURS, IRI_STRING]));
    // No peer has §3.2; fluent-uri's normalize() is timed as the closest equivalent.
    assert_eq!(libs(&r, "to_iri"), set(&[OURS, FLUENT]));
    assert_eq!(libs(&r, "to_iri with %"), set(&[OURS, FLUENT]));
    assert_eq!(libs(&r, "to_iri_into"), set(&[OURS]));
    assert_eq!(libs(&r, "normalize"), set(&[OURS, IRI_STRING, FLUENT]));
    assert_eq!(
        libs(&r, "normalize to URI"),
        set(&[OURS, IRI_STRING, FLUENT])
    );
    assert_eq!(libs(&r, "normalize scheme"), set(&[OURS]));
    assert_eq!(libs(&r, "parse base+ref+resolve"), set(&[OURS, OXIRI]));
    assert_eq!(libs(&r, "to_uri owned"), set(&[OURS, IRI_STRING]));
    assert_eq!(libs(&r, "to_uri owned non-ASCII"), set(&[OURS, IRI_STRING]));
    assert_eq!(libs(&r, "normalize owned"), set(&[OURS, FLUENT]));
    // Making and changing references: url's setters, iri-string's builder.
    for op in [
        "build set_query",
        "build set_host",
        "build push segment",
        "build append pair",
    ] {
        assert_eq!(libs(&r, op), set(&[OURS, URL]), "{op}");
    }
    assert_eq!(libs(&r, "build"), set(&[OURS, IRI_STRING]));
    assert_eq!(r.ops.len(), 23);
    for op in &r.ops {
        assert_eq!(op.rows[0].lib, OURS, "{}: ours comes first", op.op);
        if op.rows[0].median.as_nanos() > 0 {
            assert_eq!(op.ratio(&op.rows[0]), Some(1.0), "{}", op.op);
        }
        for row in &op.rows {
            assert_eq!(row.samples.len(), 1, "{} {}", op.op, row.lib);
            assert_eq!(row.median, row.samples[0]);
        }
    }
}

#[test]
fn accept_counts_and_item_counts() {
    let r = run();
    assert_eq!((r.lines, r.pairs, r.skipped_rows), (10, 4, 0));

    // parse: we accept 7 of 10; the peers also accept the line with U+200F.
    let parse = &r.accept[0];
    let counts: Vec<_> = parse
        .rows
        .iter()
        .map(|a| (a.lib, a.accepted, a.of))
        .collect();
    assert_eq!(
        counts,
        [
            (OURS, 7, 10),
            (OXIRI, 8, 10),
            (IRI_STRING, 8, 10),
            (FLUENT, 8, 10)
        ]
    );
    for a in &parse.rows[1..] {
        assert_eq!(a.only_ours.0, 0, "{}", a.lib);
        assert_eq!(a.only_peer.0, 1, "{}", a.lib);
        assert_eq!(a.only_peer.1, ["http://a/b\u{200F}c"], "{}", a.lib);
    }
    for lib in [OURS, OXIRI, IRI_STRING, FLUENT] {
        assert_eq!(items(&r, "parse", lib), 10, "parse times every line");
    }

    // parse absolute: the four lines with a scheme that we accept; everyone accepts them.
    let abs = &r.accept[1];
    assert!(abs.rows.iter().all(|a| (a.accepted, a.of) == (4, 4)));
    assert_eq!(abs.rows.len(), 5);
    assert_eq!(items(&r, "parse absolute", URL), 4);

    // resolve: three valid pairs for the RFC libraries; url also joins "a b".
    for lib in [OURS, OXIRI, IRI_STRING, FLUENT] {
        assert_eq!(items(&r, "resolve", lib), 3, "{lib}");
        assert_eq!(items(&r, "parse+resolve", lib), 3, "{lib}");
    }
    assert_eq!(items(&r, "resolve", URL), 4);
    assert_eq!(items(&r, "resolve_into", OXIRI), 3);

    // to_uri: the lines each library accepts; the non-ASCII ones among them.
    assert_eq!(items(&r, "to_uri", OURS), 7);
    assert_eq!(items(&r, "to_uri", IRI_STRING), 8);
    assert_eq!(items(&r, "to_uri non-ASCII", OURS), 1);
    assert_eq!(items(&r, "to_uri non-ASCII", FLUENT), 2);
    // The baseline copies the texts ours maps.
    assert_eq!(items(&r, "to_uri non-ASCII", COPY_FLOOR), 1);
    assert_eq!(items(&r, "to_uri_into", OURS), 7);

    // to_iri: the six ASCII URI references, three of which hold a '%'.
    assert_eq!(items(&r, "to_iri", OURS), 6);
    assert_eq!(items(&r, "to_iri with %", OURS), 3);
    assert_eq!(items(&r, "to_iri_into", OURS), 6);

    // normalize: the four absolute IRIs, which all three accept (iri-string normalizes
    // absolute IRIs only; the three relative references are left out).
    for op in ["normalize", "normalize to URI"] {
        for lib in [OURS, IRI_STRING, FLUENT] {
            assert_eq!(items(&r, op, lib), 4, "{op} {lib}");
        }
    }
    assert_eq!(items(&r, "normalize scheme", OURS), 4);
    let note = r
        .notes
        .iter()
        .find(|n| n.starts_with("normalize inputs"))
        .expect("a note on the normalize inputs");
    assert!(note.contains("4 accepted by all three"), "{note}");
    assert!(note.contains("3 relative references"), "{note}");
}

#[test]
fn cross_checks_agree_on_the_tiny_corpus() {
    let r = run();
    let check = |prefix: &str| {
        r.checks
            .iter()
            .find(|c| c.what.starts_with(prefix))
            .unwrap_or_else(|| panic!("no check {prefix}"))
    };
    let c = check("resolve: ours = oxiri = iri-string");
    assert_eq!((c.compared, c.agree, c.disagree), (3, 3, 0));
    assert!(c.examples.is_empty());
    let c = check("resolve: ours = fluent-uri");
    assert_eq!((c.compared, c.agree, c.disagree), (3, 3, 0));
    let c = check("to_uri:");
    assert_eq!((c.compared, c.agree, c.disagree), (7, 7, 0));
    // url adds a trailing '/' to "http://g" and percent-encodes "Zürich"/"Genève": WHATWG
    // differences, reported, not fatal.
    let c = check("resolve: ours = url");
    assert_eq!((c.compared, c.disagree), (3, 2));
    assert_eq!(c.examples[0].outputs[0], (OURS, "http://g".to_string()));
    assert_eq!(c.examples[0].outputs[1], (URL, "http://g/".to_string()));
}

#[test]
fn rendering_names_every_operation() {
    let r = run();
    let plain = iri_bench::render_plain(&r);
    let machine = iri_bench::Machine::detect();
    let md = iri_bench::render_markdown(
        &r,
        &machine,
        "cargo run --release -p iri-bench -- --markdown",
    );
    assert!(md.contains(
        "| operation | library | call | items | passes | median ms per pass | ns per item | ratio peer/ours |"
    ));
    // Every case of an operation ran the same number of passes per sample.
    for op in &r.ops {
        let passes: BTreeSet<usize> = op.rows.iter().map(|m| m.passes).collect();
        assert_eq!(passes.len(), 1, "{}: {passes:?}", op.op);
    }
    assert!(md.contains("`cargo run --release -p iri-bench -- --markdown`"));
    for op in &r.ops {
        assert!(plain.contains(op.op), "{}", op.op);
        let row_start = format!("| {} | {} |", op.op, OURS);
        assert!(md.contains(&row_start), "{row_start}");
    }
}

#[test]
fn csv_split_rule() {
    assert_eq!(
        iri_bench::split_pair("http://a/b,c"),
        Some(("http://a/b", "c"))
    );
    assert_eq!(
        iri_bench::split_pair("http://a/b,"),
        Some(("http://a/b", ""))
    );
    // Two commas: ambiguous, skipped rather than guessed.
    assert_eq!(iri_bench::split_pair("http://a/b,c,d"), None);
    assert_eq!(iri_bench::split_pair("no comma"), None);
    assert_eq!(iri_bench::split_pair("\"http://a/b\",c"), None);
    let (pairs, skipped) =
        iri_bench::parse_pairs_csv("base,relative\r\nhttp://a/,b\r\nhttp://a/x,y,z\n\n").unwrap();
    assert_eq!(pairs, [("http://a/".to_string(), "b".to_string())]);
    assert_eq!(skipped, ["http://a/x,y,z"]);
    assert!(iri_bench::parse_pairs_csv("a,b\nhttp://a/,b\n").is_err());
}

#[test]
fn loads_a_corpus_directory() {
    let dir = std::env::temp_dir().join(format!("iri-bench-smoke-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(iri_bench::CORPUS_FILE), "http://a/\n../b\n").unwrap();
    std::fs::write(
        dir.join(iri_bench::PAIRS_FILE),
        "base,relative\nhttp://a/b,c\nhttp://a/,x,y\n",
    )
    .unwrap();
    let c = iri_bench::load_corpus(&dir).unwrap();
    assert_eq!(c.lines, ["http://a/", "../b"]);
    assert_eq!(c.pairs, [("http://a/b".to_string(), "c".to_string())]);
    assert_eq!(c.skipped_rows.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
    let err = iri_bench::load_corpus(&dir).unwrap_err();
    assert!(matches!(err, iri_bench::LoadError::Missing(_)));
}

#[test]
fn binary_exits_2_without_a_corpus() {
    let missing: PathBuf = std::env::temp_dir().join("iri-bench-no-such-corpus-dir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_iri-bench"))
        .arg("--corpus")
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("corpus file not found"), "{err}");
    assert!(err.contains("corpus.txt"), "{err}");
}

#[test]
fn argument_parsing() {
    let args = |v: &[&str]| iri_bench::parse_args(v.iter().map(|s| s.to_string()));
    let o = args(&["--corpus", "/x", "--samples", "3", "--markdown"])
        .unwrap()
        .unwrap();
    assert_eq!(o.corpus, PathBuf::from("/x"));
    assert_eq!(o.samples, 3);
    assert!(o.markdown);
    assert_eq!(args(&[]).unwrap().unwrap().samples, 15);
    assert!(args(&["--samples", "0"]).is_err());
    assert!(args(&["--bogus"]).is_err());
    assert_eq!(args(&["--help"]).unwrap(), None);
    assert_eq!(
        args(&["--only", "to_uri"]).unwrap().unwrap().only,
        Some("to_uri")
    );
    assert_eq!(args(&[]).unwrap().unwrap().only, None);
    assert!(args(&["--only", "parsing"]).is_err());
    assert!(args(&["--only"]).is_err());
    assert_eq!(args(&[]).unwrap().unwrap().min_sample_ms, 20);
    let o = args(&["--min-sample-ms", "0"]).unwrap().unwrap();
    assert_eq!(o.min_sample_ms, 0);
    assert!(args(&["--min-sample-ms", "x"]).is_err());
    assert!(args(&["--min-sample-ms"]).is_err());
}

#[test]
fn only_times_one_family() {
    let corpus = Corpus::from_parts(LINES, PAIRS);
    for family in iri_bench::FAMILIES {
        let cfg = Config {
            samples: 1,
            warmups: 1,
            progress: false,
            only: Some(family),
            min_sample: std::time::Duration::ZERO,
        };
        let r = iri_bench::run(&corpus, &cfg);
        assert!(!r.ops.is_empty(), "{family}");
        for o in &r.ops {
            let in_family = o.op == family
                || o.op.starts_with(&format!("{family} "))
                || o.op.starts_with(&format!("{family}_"))
                || o.op.ends_with(&format!("+{family}"));
            assert!(in_family, "{family}: {}", o.op);
        }
    }
}

#[test]
fn normalize_cross_checks_explain_the_disagreements() {
    let r = run();
    let check = |prefix: &str| {
        r.checks
            .iter()
            .find(|c| c.what.starts_with(prefix))
            .unwrap_or_else(|| panic!("no check {prefix}"))
    };
    let empty_port = "peer drops an empty port, ours only at the scheme level (§5.3.3)";
    let bidi = "peer decodes a percent-encoded bidi formatting character in the path, ours \
                keeps it encoded";
    let default_port =
        "peer drops the scheme's default port, ours only at the scheme level (§5.3.3)";

    // iri-string: the four absolute lines; two agree, two do not.
    let c = check("normalize: ours (IRI form) = iri-string");
    assert_eq!((c.compared, c.agree, c.disagree), (4, 2, 2));
    let kinds: Vec<_> = c.kinds.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    assert_eq!(kinds, [(bidi, 1), (empty_port, 1)]);
    let d = &c.examples[0];
    assert_eq!(d.input, r#""HTTP://Example.COM:/a/./b/../%7e%2f""#);
    assert_eq!(d.why.as_deref(), Some(empty_port));
    assert_eq!(
        d.outputs,
        [
            (OURS, "http://example.com:/a/~%2F".to_string()),
            (IRI_STRING, "http://example.com/a/~%2F".to_string()),
        ]
    );
    let d = &c.examples[1];
    assert_eq!(d.why.as_deref(), Some(bidi));
    assert_eq!(
        d.outputs,
        [
            (OURS, "https://host:443/%E2%80%8F".to_string()),
            (IRI_STRING, "https://host:443/\u{200F}".to_string()),
        ]
    );

    // fluent-uri: the seven lines we accept, relative references included; the relative
    // ones agree (dot segments kept, "/r%C3%A9sum%C3%A9" decoded to "/résumé").
    let c = check("normalize: ours (IRI form) = fluent-uri");
    assert_eq!((c.compared, c.agree, c.disagree), (7, 5, 2));
    let both = format!("{default_port}; {bidi}");
    let kinds: Vec<_> = c.kinds.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    assert_eq!(kinds, [(empty_port, 1), (both.as_str(), 1)]);
    assert_eq!(c.examples[1].outputs[1].1, "https://host/\u{200F}");

    // Where the IRI forms agree, so do the URI forms.
    let c = check("normalize to URI: ours (URI form) = iri-string");
    assert_eq!((c.compared, c.agree, c.disagree), (2, 2, 0));
    let c = check("normalize to URI: ours (URI form) = fluent-uri");
    assert_eq!((c.compared, c.agree, c.disagree), (5, 5, 0));

    // The plain report prints the kinds and the explanation of each example.
    let plain = iri_bench::render_plain(&r);
    assert!(plain.contains("disagreements by kind:"), "{plain}");
    assert!(plain.contains(&format!("why: {empty_port}")), "{plain}");
}

/// The callgrind passes of the owned-result and parse-in-the-loop operations run on the
/// tiny corpus and count what they should; an unknown library is an error.
#[test]
fn callgrind_passes_of_the_new_operations() {
    let corpus = Corpus::from_parts(LINES, PAIRS);
    let pairs_bytes: usize = PAIRS.iter().map(|(b, r)| b.len() + r.len()).sum();
    for lib in ["ours", "oxiri"] {
        let (bytes, items) = iri_bench::run_callgrind(&corpus, "parse_resolve", lib).unwrap();
        assert_eq!((bytes, items), (pairs_bytes, PAIRS.len()), "{lib}");
    }
    // The absolute IRIs all three accept: 4 lines, 1 of them with a non-ASCII character.
    for (op, lib, want) in [
        ("to_uri_non_ascii", "ours", 1),
        ("to_uri_non_ascii", "iri-string", 1),
        ("to_uri_owned", "ours", 4),
        ("to_uri_owned_non_ascii", "ours", 1),
        ("normalize_owned", "ours", 4),
    ] {
        let (_, items) = iri_bench::run_callgrind(&corpus, op, lib).unwrap();
        assert_eq!(items, want, "{op} {lib}");
    }
    assert!(iri_bench::run_callgrind(&corpus, "normalize_owned", "fluent-uri").is_err());
    assert!(iri_bench::run_callgrind(&corpus, "no_such_op", "ours").is_err());
}
