//! `validate`, `dedup` and `extract` read files: an argument that names no file but looks like
//! an IRI gets a hint with the two ways to check one IRI.

mod common;

use common::{assert_code, run, stderr};

#[test]
fn an_iri_given_for_a_file_gets_a_hint() {
    for sub in ["validate", "dedup", "extract"] {
        let o = run(&[sub, "http://example.org/a b"]);
        assert_code(&o, 1);
        let err = stderr(&o);
        assert!(err.contains("http://example.org/a b: "), "{sub}: {err}");
        assert!(
            err.contains("iri parse 'http://example.org/a b'")
                && err.contains("echo 'http://example.org/a b' | iri validate"),
            "{sub}: {err}"
        );
    }
    // A missing file that does not look like an IRI gets no hint, nor a drive letter.
    for name in ["no-such-file.txt", "C:missing"] {
        let o = run(&["validate", name]);
        assert_code(&o, 1);
        assert!(!stderr(&o).contains("hint"), "{}", stderr(&o));
    }
}
