//! End-to-end tests of `iri extract`: the test documents of the library in eight charsets,
//! standard input, the formats, and the exit status.

mod common;

use common::*;

use std::path::{Path, PathBuf};
use std::process::Output;

fn documents() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../iri/tests/data/documents")
}

/// The lines of the output with the file name left out.
fn located(o: &Output, name: &str) -> Vec<String> {
    stdout(o)
        .lines()
        .map(|l| {
            l.strip_prefix(name)
                .unwrap_or_else(|| panic!("{l}"))
                .to_string()
        })
        .collect()
}

#[test]
fn same_output_for_every_charset() {
    for kind in ["html", "xml"] {
        let mut first: Option<Vec<String>> = None;
        for cs in [
            "utf-8",
            "utf-16le",
            "utf-16be",
            "iso-8859-1",
            "windows-1252",
            "shift_jis",
            "euc-jp",
            "koi8-r",
        ] {
            let path = documents().join(format!("page.{cs}.{kind}"));
            let name = path.to_str().unwrap();
            let o = run_with_stdin(&["extract", name], b"");
            // The documents hold one invalid candidate each (a space in a path).
            assert_eq!(o.status.code(), Some(1), "{name}");
            let lines = located(&o, name);
            assert_eq!(lines.len(), 11, "{name}");
            match &first {
                None => first = Some(lines),
                Some(f) => assert_eq!(&lines, f, "{name}"),
            }
        }
        let lines = first.unwrap();
        if kind == "html" {
            assert_eq!(
                lines[1],
                ":9:10: a@href: http://example.org/résumé -> http://example.org/r%C3%A9sum%C3%A9"
            );
            assert_eq!(
                lines[10],
                ":18:10: a@href: http://example.org/a b -> error: invalid IRI reference: U+0020 \
                 SPACE at byte 20 is not allowed in the path"
            );
        }
    }
}

#[test]
fn stdin_text_json() {
    let o = run_with_stdin(
        &["extract", "--format", "json"],
        b"Note the warning in <http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.",
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(1), Some(22))
    );
    assert_eq!(v["place"], "text");
    assert_eq!(
        v["uri"],
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("found 1 IRI in 1 file: 0 invalid"));
}

#[test]
fn charset_base_and_type_options() {
    // "é" in ISO-8859-1, read as HTML though nothing says so, against a base.
    let o = run_with_stdin(
        &[
            "extract",
            "--charset",
            "latin1",
            "--base",
            "http://example.org/d/",
            "--type",
            "html",
            "--format",
            "tsv",
        ],
        b"<a href='caf\xE9'>",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "file\tline\tcolumn\tplace\ttext\tresolved\turi\terror\n\
         <stdin>\t1\t10\ta@href\tcafé\thttp://example.org/d/café\thttp://example.org/d/caf%C3%A9\t\n"
    );
    // A line break inside an attribute value stays on its output line.
    let o = run_with_stdin(&["extract", "--type", "html"], b"<a href='http://a/\nb'>");
    assert_eq!(
        stdout(&o),
        "<stdin>:1:10: a@href: http://a/\\nb -> error: invalid IRI reference: U+000A LINE FEED at \
         byte 9 is not allowed in the path\n"
    );
    // --type text: the same bytes hold no IRI with a scheme.
    let o = run_with_stdin(&["extract", "--type", "text"], b"<a href='caf'>");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
}

#[test]
fn usage_errors_and_unreadable_files() {
    let o = run_with_stdin(&["extract", "--charset", "klingon"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run_with_stdin(&["extract", "--base", "relative/base"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run_with_stdin(&["extract", "/nonexistent/file.html"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/file.html"));
}
