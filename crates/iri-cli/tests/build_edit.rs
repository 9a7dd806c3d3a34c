//! End-to-end tests of `iri build` and `iri edit`: components checked against their own rule
//! (RFC 3987 §2.2), the combinations of RFC 3986 §3.3 and §4.2 as errors, raw text encoded
//! into segments and pairs, and the batch conventions (one result or error per input, in
//! order, text, JSON and TSV, escaped text).

mod common;

use common::*;

#[test]
fn build_writes_one_reference() {
    let o = run(&[
        "build",
        "--scheme",
        "https",
        "--host",
        "例え.テスト",
        "--path-segment",
        "a b/c",
        "--query-pair",
        "q=ü&x",
        "--fragment",
        "top",
    ]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "https://例え.テスト/a%20b%2Fc?q=ü%26x#top\n");
    let o = run(&[
        "build",
        "--uri",
        "--form",
        "--scheme",
        "http",
        "--host",
        "a",
        "--query-pair",
        "k=é f",
    ]);
    assert_eq!(stdout(&o), "http://a?k=%C3%A9+f\n");
}

#[test]
fn build_errors_name_the_rule() {
    let o = run(&["build", "--scheme", "s", "--host", "h", "--path", "rel"]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "error: invalid IRI reference: the path at byte 5 follows an authority, so it must be \
         empty or start with '/' (RFC 3986 §3.3)\n"
    );
    let o = run(&["build", "--format", "json", "--path", "%41:b"]);
    assert_eq!(
        stdout(&o),
        "{\"input\":\"\",\"error\":{\"kind\":\"colon-in-first-segment\",\"component\":\"path\",\
         \"byte\":null,\"column\":null,\"message\":\"invalid IRI reference: ':' at byte 3 is in \
         the first path segment of a relative reference, where it would read as a scheme \
         (write \\\"./\\\" before the segment)\"}}\n"
    );
    let o = run(&["build", "--scheme", "s", "--path", "//x"]);
    assert!(stdout(&o).contains("starts with \"//\" and there is no authority"));
    // A delimiter inside a component is an error at its byte, never a different split.
    let o = run(&["build", "--scheme", "s", "--host", "h", "--path", "/a?b"]);
    assert_eq!(
        stdout(&o),
        "error: invalid IRI reference: U+003F QUESTION MARK at byte 7 is not allowed in the path\n"
    );
}

#[test]
fn edit_applies_to_each_line_in_order() {
    let input = "http://example.org:80/a?utm_source=x&page=1#f\nnot valid\nmailto:x\n";
    let o = run_with_stdin(
        &[
            "edit",
            "--scheme",
            "https",
            "--no-port",
            "--set-pair",
            "page=2",
            "--remove-pair",
            "utm_source",
            "--no-fragment",
        ],
        input.as_bytes(),
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "https://example.org/a?page=2\n\
         error: line 2: invalid IRI reference: U+0020 SPACE at byte 3 is not allowed in the path\n\
         https:x?page=2\n"
    );
    let o = run(&["edit", "--format", "tsv", "--host", "h", "mailto:x", "/p"]);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         mailto:x\t\tinvalid IRI reference: the path at byte 10 follows an authority, so it must \
         be empty or start with '/' (RFC 3986 §3.3)\n\
         /p\t//h/p\t\n"
    );
}

#[test]
fn edit_segments_and_uri_form() {
    let o = run(&[
        "edit",
        "--pop-segment",
        "--path-segment",
        "résumé.pdf",
        "http://a/b/c#f",
    ]);
    assert_eq!(stdout(&o), "http://a/b/résumé.pdf#f\n");
    let o = run(&["edit", "--uri", "--path-segment", "résumé", "http://a/b"]);
    assert_eq!(stdout(&o), "http://a/b/r%C3%A9sum%C3%A9\n");
    let o = run(&["edit", "--uri", "http://a/é"]);
    assert!(stdout(&o).contains("not ASCII"));
}

/// Text output escapes hidden characters (here U+00AD, which an IRI may hold); JSON keeps
/// them; errors name them.
#[test]
fn hidden_characters_are_escaped() {
    let o = run(&["edit", "--fragment", "a\u{AD}b", "http://a/"]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "http://a/#a<U+00AD>b\n");
    let o = run(&[
        "edit",
        "--format",
        "json",
        "--fragment",
        "a\u{AD}b",
        "http://a/",
    ]);
    assert!(
        stdout(&o).contains("\"output\":\"http://a/#a\u{AD}b\""),
        "{}",
        stdout(&o)
    );
    let o = run(&["edit", "--fragment", "a\u{202E}b", "http://a/"]);
    assert_code(&o, 1);
    assert!(!stdout(&o).contains('\u{202E}'));
    assert!(stdout(&o).contains("U+202E RIGHT-TO-LEFT OVERRIDE at byte 11"));
    let o = run(&["build", "--path-segment", "a\u{202E}b"]);
    assert_eq!(stdout(&o), "a%E2%80%AEb\n");
}
