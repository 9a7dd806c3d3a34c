//! End-to-end tests of `iri to-uri --lenient` and `--leiri`: the wider grammars (RFC 3987 §3.1;
//! the July 2002 draft; the W3C LEIRI note) with a warning per extra character, combined with
//! --idna and --charset, in every format.

mod common;

use common::*;

#[test]
fn strict_refuses_what_lenient_encodes_with_warnings() {
    let input = "http://example.org/my file#{x}";
    let o = run(&["to-uri", input]);
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["to-uri", "--lenient", input]);
    assert_eq!(o.status.code(), Some(0));
    // The result alone on standard output (`… | xargs curl`), the warnings on standard error.
    assert_eq!(stdout(&o), "http://example.org/my%20file#%7Bx%7D\n");
    assert_eq!(
        stderr(&o),
        "iri: argument 1: warning: U+0020 SPACE at byte 21 in the path is not allowed in an \
         RFC 3987 IRI; accepted by the wider grammar (space) and percent-encoded (RFC 3987 \
         §3.1)\n\
         iri: argument 1: warning: U+007B LEFT CURLY BRACKET at byte 27 in the fragment is not \
         allowed in an RFC 3987 IRI; accepted by the wider grammar (unwise) and percent-encoded \
         (RFC 3987 §3.1)\n\
         iri: argument 1: warning: U+007D RIGHT CURLY BRACKET at byte 29 in the fragment is not \
         allowed in an RFC 3987 IRI; accepted by the wider grammar (unwise) and percent-encoded \
         (RFC 3987 §3.1)\n"
    );
    // From standard input, the warning names the line.
    let o = run_with_stdin(&["to-uri", "--lenient"], b"http://a/\nhttp://a/b c\n");
    assert_eq!(stdout(&o), "http://a/\nhttp://a/b%20c\n");
    assert!(
        stderr(&o).starts_with("iri: line 2: warning: U+0020 SPACE"),
        "{}",
        stderr(&o)
    );
    // A strict IRI has no warning, and the mapping is the usual one.
    let o = run(&["to-uri", "--lenient", "http://a/é"]);
    assert_eq!(stdout(&o), "http://a/%C3%A9\n");
}

#[test]
fn leiri_also_takes_controls_and_neither_takes_delimiters() {
    let o = run(&["to-uri", "--lenient", "http://a/\tb"]);
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["to-uri", "--leiri", "--format", "json", "http://a/\tb"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["output"], "http://a/%09b");
    assert_eq!(v["warnings"][0]["byte"], 9);
    assert_eq!(v["warnings"][0]["kind"], "control");
    // '#' is a delimiter: a second one stays an error (RFC 3987 §3.1).
    let o = run(&["to-uri", "--leiri", "a#b#c"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("error: "));
    let o = run(&["to-uri", "--lenient", "--leiri", "a"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn error_offsets_are_in_the_input() {
    // The query character KOI8-R cannot hold is at byte 15 of the input (19 in the strict
    // IRI, where `{` and `}` became `%7B` and `%7D`).
    let o = run(&[
        "to-uri",
        "--lenient",
        "--charset",
        "koi8-r",
        "--format",
        "json",
        "http://a/{x}?q=日",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["error"]["kind"], "unmappable");
    assert_eq!(v["error"]["byte"], 15);
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("at byte 15 "));
    // The host after a userinfo with a space: byte 11 of the input.
    let o = run(&[
        "to-uri",
        "--lenient",
        "--idna",
        "--format",
        "json",
        "http://x y@\u{E9}_x.org/",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["error"]["kind"], "idna");
    assert_eq!(v["error"]["byte"], 11);
    // Mapped through the charset and ToASCII when all is well.
    let o = run(&[
        "to-uri",
        "--lenient",
        "--idna",
        "--charset",
        "koi8-r",
        "http://résumé.example/{x}?q=д",
    ]);
    assert_eq!(stdout(&o), "http://xn--rsum-bpad.example/%7Bx%7D?q=%C4\n");
}

#[test]
fn one_line_per_input_in_order_in_every_format() {
    let o = run_with_stdin(
        &["to-uri", "--lenient", "--format", "tsv"],
        b"http://a/ b\nx y%\n/ok\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\twarnings\n\
         http://a/ b\thttp://a/%20b\t\tU+0020 SPACE at byte 9 in the path is not allowed in an \
         RFC 3987 IRI; accepted by the wider grammar (space) and percent-encoded (RFC 3987 §3.1)\n\
         x y%\t\tinvalid IRI reference: '%' at byte 3 in the path is not followed by two hex \
         digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)\t\n\
         /ok\t/ok\t\t\n"
    );
    let o = run_with_stdin(&["to-uri", "--lenient"], b"a b\n\xFF\n");
    assert_eq!(
        stdout(&o)
            .lines()
            .map(|l| l.split(' ').next().unwrap())
            .collect::<Vec<_>>(),
        ["a%20b", "error:"]
    );
}
