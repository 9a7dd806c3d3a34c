//! The WebAssembly functions report the library's name for each failure (`kind()` of the
//! library's error types), as the command does (`crates/iri-cli/tests/error_kinds.rs`).

#[test]
fn relativize_failure_is_the_library_kind() {
    let base = iri::Iri::parse("http://a/x").unwrap();
    let target = iri::Iri::parse("http://a/b/../c").unwrap();
    let want = base.relativize(&target).unwrap_err().kind();
    let got = iri_toolkit_wasm::relativize("http://a/b/../c", "http://a/x").unwrap_err();
    assert_eq!(got.kind, want);
}
