//! The output convention, checked on every subcommand that writes JSON: each record on
//! standard output is one JSON object that carries `input` (or `line`, for file input), and an
//! error nested under `error` with `kind`, `component`, `byte` (0-based byte offset), `column`
//! (1-based, in characters) and `message`; summaries go to standard error, never between the
//! records.

mod common;

use common::{iri, run_with_stdin};
use serde_json::Value;

/// A line with a non-ASCII character before its error, so that column and byte differ.
const BAD: &str = "http://例.jp/a b";
/// Where the space is: byte 15, character column 14.
const BAD_BYTE: u64 = 15;
const BAD_COLUMN: u64 = 14;

fn records(stdout: &[u8], what: &str) -> Vec<Value> {
    let text = String::from_utf8(stdout.to_vec()).expect("UTF-8");
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: {e}: {l}"));
            assert!(v.is_object(), "{what}: {l}");
            v
        })
        .collect()
}

/// The members every error object has, with the position of the space in [`BAD`].
fn check_error(e: &Value, what: &str) {
    let o = e
        .as_object()
        .unwrap_or_else(|| panic!("{what}: error is not an object: {e}"));
    let mut keys: Vec<&str> = o.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["byte", "column", "component", "kind", "message"],
        "{what}"
    );
    assert_eq!(e["byte"], BAD_BYTE, "{what}: {e}");
    assert_eq!(e["column"], BAD_COLUMN, "{what}: {e}");
}

/// One record for a good input and one for a bad input, whatever the subcommand.
fn check_pair(what: &str, good: &Value, bad: &Value, key: &str) {
    for v in [good, bad] {
        assert!(v.get(key).is_some(), "{what}: no {key}: {v}");
        assert!(
            v.get("offset").is_none() && v.get("kind").is_none(),
            "{what}: {v}"
        );
    }
    assert!(good.get("error").is_none(), "{what}: {good}");
    check_error(&bad["error"], what);
}

#[test]
fn every_subcommand_writes_the_same_shape() {
    let good = "http://例.jp/a";
    let input = format!("{good}\n{BAD}\n");
    // Inputs as lines of standard input: one record per line, input named `input`.
    for args in [
        &["parse"][..],
        &["to-uri"],
        &["to-iri"],
        &["normalize"],
        &["resolve", "--base", "http://a/"],
        &["relativize", "--base", "http://例.jp/"],
    ] {
        let what = format!("{args:?}");
        let o = run_with_stdin(&[args, &["--format", "json"]].concat(), input.as_bytes());
        assert_eq!(o.status.code(), Some(1), "{what}");
        let r = records(&o.stdout, &what);
        assert_eq!(r.len(), 2, "{what}");
        check_pair(&what, &r[0], &r[1], "input");
        assert_eq!(r[0]["input"], good);
        assert_eq!(r[1]["input"], BAD);
    }
    // Lenient warnings: their position as an error's.
    for sub in ["to-uri", "parse"] {
        let o = run_with_stdin(&[sub, "--lenient", "--format", "json"], BAD.as_bytes());
        let r = records(&o.stdout, sub);
        let w = &r[0]["warnings"][0];
        assert_eq!(
            (w["byte"].as_u64(), w["column"].as_u64()),
            (Some(BAD_BYTE), Some(BAD_COLUMN)),
            "{sub}: {w}"
        );
        assert!(w.get("offset").is_none(), "{sub}: {w}");
    }
    // display shows any text: the error is a line that is not UTF-8.
    let o = run_with_stdin(&["display", "--format", "json"], b"a\n\xFFb\n");
    let r = records(&o.stdout, "display");
    assert_eq!(r[0]["input"], "a");
    assert_eq!(r[1]["error"]["kind"], "invalid-utf8");
    assert_eq!(
        (
            r[1]["error"]["byte"].as_u64(),
            r[1]["error"]["column"].as_u64()
        ),
        (Some(0), Some(1))
    );
    // File input: records carry `line` (and dedup the input too).
    for args in [&["validate"][..], &["dedup"]] {
        let what = format!("{args:?}");
        let o = run_with_stdin(
            &[args, &["--format", "json", "-"]].concat(),
            input.as_bytes(),
        );
        assert_eq!(o.status.code(), Some(1), "{what}");
        let r = records(&o.stdout, &what);
        let bad = r.last().unwrap();
        assert_eq!(bad["line"], 2, "{what}");
        assert_eq!(bad["file"], "<stdin>", "{what}");
        check_error(&bad["error"], &what);
        // The summary is on standard error.
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.is_empty(), "{what}: a summary on standard error");
    }
    // lint: the parse error is a diagnostic; its start is a byte offset, its column counts
    // characters.
    let o = run_with_stdin(&["lint", "--format", "json"], input.as_bytes());
    let r = records(&o.stdout, "lint");
    assert_eq!(r[0]["input"], good);
    assert_eq!(r[0]["diagnostics"], serde_json::json!([]));
    assert_eq!(r[0]["omitted"], serde_json::json!({}));
    let d = &r[1]["diagnostics"][0];
    assert_eq!(
        (
            d["code"].as_str(),
            d["start"].as_u64(),
            d["column"].as_u64()
        ),
        (Some("parse-error"), Some(BAD_BYTE), Some(BAD_COLUMN))
    );
    assert!(o.stderr.is_empty(), "lint's summary is for text only");
    // compare: one record for its two inputs.
    let o = iri()
        .args(["compare", "--format", "json", good, "HTTP://例.jp/a"])
        .output()
        .unwrap();
    let r = records(&o.stdout, "compare");
    assert_eq!(r[0]["input"], serde_json::json!([good, "HTTP://例.jp/a"]));
    // extract: records carry `line` and `column` of the IRI in the file, errors are within
    // its text.
    let o = run_with_stdin(
        &["extract", "--format", "json", "-"],
        format!("see {good}%zz and {good}\n").as_bytes(),
    );
    let r = records(&o.stdout, "extract");
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(
        (r[0]["line"].as_u64(), r[0]["column"].as_u64()),
        (Some(1), Some(5))
    );
    assert_eq!(r[0]["error"]["kind"], "invalid-pct-encoding");
    assert_eq!(
        (
            r[0]["error"]["byte"].as_u64(),
            r[0]["error"]["column"].as_u64()
        ),
        (Some(BAD_BYTE), Some(BAD_COLUMN))
    );
    assert!(r[1].get("error").is_none());
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("found 2 IRIs"));
}

/// The text formats put their columns in characters too, and summaries on standard error.
#[test]
fn text_columns_count_characters_and_summaries_go_to_standard_error() {
    let input = format!("http://例.jp/a\n{BAD}\n");
    let o = run_with_stdin(&["validate"], input.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("<stdin>:2:{BAD_COLUMN}: invalid IRI reference: U+0020 SPACE at byte {BAD_BYTE} is not allowed in the path\n")
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "checked 2 lines: 1 valid, 1 invalid\n"
    );
    let o = run_with_stdin(&["dedup"], input.as_bytes());
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&format!("error: <stdin>:2:{BAD_COLUMN}: "))
    );
    let o = run_with_stdin(&["lint"], input.as_bytes());
    assert!(String::from_utf8_lossy(&o.stdout).contains(&format!(
        "--> line 2 of standard input, column {BAD_COLUMN}, component path"
    )));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "2 inputs: 1 error, 0 warnings, 0 info\n"
    );
}
