//! Findings of the fuzz targets, replayed through the same laws the targets check
//! (`iri_testkit::laws`), so that each stays fixed without cargo-fuzz.
//!
//! The table `tests/data/fuzz_regressions.tsv` names the target, the input and its source
//! (`fuzz`). Input escapes: `\u{XXXX}` a code point, `\xNN` a raw byte (inputs need not be
//! UTF-8), `\n`, `\r`, `\t`, and `\\` a backslash.
#![cfg(all(feature = "unicode", feature = "idna"))]

use iri_testkit::laws;

mod common;
use common::unescape_bytes as unescape;

#[test]
fn fuzz_findings_stay_fixed() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz_regressions.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert!(
            f.len() >= 3,
            "fuzz_regressions.tsv:{}: too few fields",
            n + 1
        );
        assert_eq!(f[2], "fuzz", "fuzz_regressions.tsv:{}: source", n + 1);
        let input = unescape(f[1]);
        let check: fn(&[u8]) = match f[0] {
            "parse" => laws::parse,
            "to_uri" => laws::to_uri,
            "to_iri" => laws::to_iri,
            "resolve" => laws::resolve,
            "relativize" => laws::relativize,
            "template" => laws::template,
            "normalize" => laws::normalize,
            "lint" => laws::lint,
            "bidi" => laws::bidi,
            "preprocess" => laws::preprocess,
            "lenient" => laws::lenient,
            #[cfg(feature = "encoding")]
            "charset" => laws::charset,
            // The charset laws need the `encoding` feature; without it their rows are not run.
            #[cfg(not(feature = "encoding"))]
            "charset" => continue,
            "extract" => laws::extract,
            "scheme" => laws::scheme,
            "builder" => laws::builder,
            other => panic!("fuzz_regressions.tsv:{}: unknown target {other}", n + 1),
        };
        check(&input);
        rows += 1;
    }
    assert!(rows > 0);
}

/// The escapes read as documented.
#[test]
fn unescape_reads_the_escapes() {
    assert_eq!(unescape(r"a\x00\xFF\n\\\u{E9}"), b"a\x00\xFF\n\\\xC3\xA9");
}
