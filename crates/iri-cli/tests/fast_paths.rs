//! The outputs that `to-uri`, `normalize` and `resolve` write without building them (an output
//! equal to its input is echoed) against the library's full operation, line by line, over
//! the corpus (`data/corpus/corpus.txt.gz`) and references at the edges of each shortcut:
//! case in scheme and host, percent-encodings in lower case and of unreserved characters,
//! dot segments whole, in names and encoded, empty paths, IPv6 hosts, ports, non-ASCII text,
//! relative references and invalid lines. JSON output carries each output as it is; the
//! text output (checked once for each subcommand) must be the same where it is printable
//! ASCII.

mod common;

use common::{assert_code, run_with_stdin};
use iri::{Iri, IriRef, Normalizer, ResolveOptions};
use serde_json::Value;

/// References at the edges of the shortcuts, on top of the corpus.
const EDGES: &[&str] = &[
    "HTTP://Example.COM/A/B",
    "http://example.com",
    "http://example.com:80/",
    "http://example.com:/",
    "http://[2001:DB8::1]:8080/a",
    "http://[v7.ABC]/",
    "http://a/%7euser/%7Euser/%41%42/%2f/%2F",
    "http://a/%e2%82%ac/%E2%82%AC",
    "http://a/b/./c",
    "http://a/b/../c",
    "http://a/..",
    "http://a/b/.c/..d/.../c.",
    "http://a/b/%2E/c",
    "http://a/b/.%2e/c",
    "s:.",
    "s:../a",
    "s:/.//a",
    "s:",
    "s://",
    "mailto:User@Example.COM",
    "http://r\u{E9}sum\u{E9}.example.org/\u{10300}?\u{E000}#\u{1F600}",
    "HTTP://\u{C9}XAMPLE.org/\u{C4}/%c3%a4",
    "http://a/\u{200B}/x\u{AD}y",
    "/a/b/../c",
    "a/./b",
    "../g",
    ".",
    "",
    "?q",
    "#f",
    "//HOST/./p",
    "not valid",
    "http://a/%zz",
];

/// The corpus and the edges, one per line.
fn lines() -> Vec<String> {
    let corpus = iri_testkit::corpus::corpus_file("corpus.txt");
    let mut lines: Vec<String> = corpus.lines().map(str::to_owned).collect();
    assert!(
        lines.len() > 300_000,
        "the corpus has {} lines",
        lines.len()
    );
    lines.extend(EDGES.iter().map(|s| s.to_string()));
    lines
}

/// Runs `iri -j 1 ARGS` on the lines in JSON and returns each line's output (`None` for an
/// error); then, with `text`, on the valid lines in text, whose outputs must be the same where
/// they are printable ASCII (elsewhere the escape may write a character as `<U+XXXX>`).
fn outputs(args: &[&str], lines: &[String], text: bool) -> Vec<Option<String>> {
    let run = |format: &str, lines: &[&str], code: i32| {
        let input = lines.join("\n") + "\n";
        let mut all = vec!["-j", "1", "-q"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", format]);
        let o = run_with_stdin(&all, input.as_bytes());
        assert_code(&o, code);
        String::from_utf8(o.stdout).unwrap()
    };
    let all: Vec<&str> = lines.iter().map(String::as_str).collect();
    let got: Vec<Option<String>> = run("json", &all, 1)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v.get("output").map(|o| o.as_str().unwrap().to_owned())
        })
        .collect();
    assert_eq!(got.len(), lines.len());
    if !text {
        return got;
    }
    let valid: Vec<&str> = all
        .iter()
        .zip(&got)
        .filter_map(|(line, out)| out.as_ref().map(|_| *line))
        .collect();
    let text = run("text", &valid, 0);
    let text: Vec<&str> = text.lines().collect();
    assert_eq!(text.len(), valid.len());
    let mut compared = 0;
    for (shown, out) in text.iter().zip(got.iter().flatten()) {
        if out.bytes().all(|b| matches!(b, b' '..=b'~')) {
            assert_eq!(shown, out);
            compared += 1;
        }
    }
    assert!(compared > 100_000, "{compared} text lines compared");
    got
}

#[test]
fn to_uri_over_the_corpus_is_the_mapping() {
    let lines = lines();
    let got = outputs(&["to-uri"], &lines, true);
    let mut buf = String::new();
    for (line, out) in lines.iter().zip(got) {
        let want = IriRef::parse(line.as_str())
            .ok()
            .map(|r| r.to_uri_into(&mut buf).as_str().to_owned());
        assert_eq!(out, want, "{line:?}");
    }
}

#[test]
fn normalize_over_the_corpus_is_the_normal_form() {
    let lines = lines();
    for (args, n, text) in [
        (&["normalize"][..], Normalizer::syntax(), true),
        (
            &["normalize", "--level", "scheme"][..],
            Normalizer::scheme(),
            false,
        ),
    ] {
        let got = outputs(args, &lines, text);
        for (line, out) in lines.iter().zip(got) {
            let want = IriRef::parse(line.as_str())
                .ok()
                .map(|r| n.key(&r).as_str().to_owned());
            assert_eq!(out, want, "{line:?} with {args:?}");
        }
    }
}

#[test]
fn resolve_over_the_corpus_is_the_resolution() {
    let lines = lines();
    let base_text = "http://example.com/a/b?q";
    let base = Iri::parse(base_text).unwrap();
    for (preset, opts, text) in [
        ("strict", ResolveOptions::strict(), true),
        ("browser", ResolveOptions::browser(), false),
    ] {
        let args = ["resolve", "--base", base_text, "--preset", preset];
        let got = outputs(&args, &lines, text);
        let mut buf = String::new();
        for (line, out) in lines.iter().zip(got) {
            let want = IriRef::parse(line.as_str()).ok().map(|r| {
                base.resolve_into_with(&r, opts, &mut buf)
                    .as_str()
                    .to_owned()
            });
            assert_eq!(out, want, "{line:?} with --preset {preset}");
        }
    }
}
