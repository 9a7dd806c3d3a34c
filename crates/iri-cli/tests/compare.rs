//! End-to-end tests of `iri compare`: the comparison ladder (RFC 3987 §5.3) and exit status.

mod common;

use common::*;

/// Runs `iri compare ARGS`, returning its standard output and exit code.
fn compare(args: &[&str]) -> (String, i32) {
    let mut all = vec!["compare"];
    all.extend(args);
    let o = run(&all);
    assert_eq!(stderr(&o), "", "{args:?}");
    (stdout(&o), code(&o))
}

#[test]
fn compare_ladder() {
    let scheme = ("equivalent at: scheme\n".to_owned(), 0);
    assert_eq!(
        compare(&["http://example.com", "http://example.com:80/"]),
        scheme
    );
    assert_eq!(
        compare(&["http://example.com/", "http://example.com/?"]),
        ("different\n".to_owned(), 1)
    );
    assert_eq!(
        compare(&["a:b", "a:b"]),
        ("equivalent at: simple\n".to_owned(), 0)
    );
    assert_eq!(
        compare(&RFC_5_3_2),
        ("equivalent at: syntax\n".to_owned(), 0)
    );
    assert_eq!(
        compare(&[
            "http://r\u{E9}sum\u{E9}.example.org",
            "http://xn--rsum-bpad.example.org"
        ]),
        scheme
    );
    // The fragment counts unless left out.
    assert_eq!(
        compare(&["http://x/#a", "http://x/"]),
        ("different\n".to_owned(), 1)
    );
    assert_eq!(
        compare(&["--ignore-fragment", "http://x/#a", "http://x/"]),
        ("equivalent at: simple\n".to_owned(), 0)
    );
    assert_eq!(
        compare(&["--ignore-fragment", "HTTP://x#a", "http://x:80/#b"]),
        scheme
    );
    // Relative references too.
    assert_eq!(
        compare(&["--", "-a/%7e", "-a/~"]),
        ("equivalent at: syntax\n".to_owned(), 0)
    );
}

#[test]
fn compare_level_sets_the_exit_status() {
    let pair = ["http://example.com", "http://example.com:80/"];
    // Equivalent only at scheme: the output still says so, the status answers --level.
    for (level, want) in [("simple", 1), ("syntax", 1), ("scheme", 0)] {
        assert_eq!(
            compare(&["--level", level, pair[0], pair[1]]),
            ("equivalent at: scheme\n".to_owned(), want),
            "{level}"
        );
    }
    for (level, want) in [("simple", 1), ("syntax", 0), ("scheme", 0)] {
        assert_eq!(
            compare(&["--level", level, "A:b", "a:b"]).1,
            want,
            "{level}"
        );
    }
    assert_eq!(compare(&["--level", "simple", "a:b", "a:b"]).1, 0);
    assert_eq!(compare(&["--level", "scheme", "a:b", "a:c"]).1, 1);
}

#[test]
fn compare_formats() {
    let (out, code) = compare(&["--format", "json", "http://x", "HTTP://x:80/"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"input\":[\"http://x\",\"HTTP://x:80/\"],\"equivalent\":true,\"level\":\"scheme\"}\n"
    );
    let (out, code) = compare(&[
        "--format",
        "json",
        "--level",
        "syntax",
        "http://x",
        "http://x:80/",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["level"], "scheme");
    let (out, code) = compare(&["--format", "json", "a:\u{E9}", "a:b"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "{\"input\":[\"a:\u{E9}\",\"a:b\"],\"equivalent\":false,\"level\":null}\n"
    );
    let (out, _) = compare(&["--format", "tsv", "a:b", "A:b"]);
    assert_eq!(out, "a\tb\tequivalent\tlevel\na:b\tA:b\ttrue\tsyntax\n");
    let (out, _) = compare(&["--format", "tsv", "a:b", "a:c"]);
    assert_eq!(out, "a\tb\tequivalent\tlevel\na:b\ta:c\tfalse\t\n");
}

#[test]
fn compare_invalid_argument_exits_2() {
    for args in [["a b", "a:b"], ["a:b", "http://a:8x/"]] {
        let o = run(&["compare", args[0], args[1]]);
        assert_code(&o, 2);
        assert_eq!(stdout(&o), "");
        assert!(
            stderr(&o).contains("invalid IRI reference"),
            "{}",
            stderr(&o)
        );
    }
    let o = run(&["compare", "a:b", "%zz"]);
    assert!(
        stderr(&o).contains("'%' at byte 0 in the path is not followed by two hex digits"),
        "{}",
        stderr(&o)
    );
}
