//! The command reports the library's name for each failure (`kind()` of the library's error
//! types), never one of its own; the WebAssembly and Python bindings are checked against the
//! same names in their own tests (`crates/iri-wasm/tests/error_kinds.rs`,
//! `python/tests/test_scalar.py`).

mod common;

use common::*;

/// The `kind` of the JSON error of one input.
fn json_kind(args: &[&str]) -> String {
    let o = run(args);
    let out = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().expect("one line"))
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    v["error"]["kind"].as_str().expect("a kind").to_owned()
}

#[test]
fn relativize_failure_is_the_library_kind() {
    let base = iri::Iri::parse("http://a/x").unwrap();
    let target = iri::Iri::parse("http://a/b/../c").unwrap();
    let want = base.relativize(&target).unwrap_err().kind();
    let got = json_kind(&[
        "relativize",
        "--format",
        "json",
        "--base",
        "http://a/x",
        "http://a/b/../c",
    ]);
    assert_eq!(got, want);
}
