//! End-to-end tests of `iri resolve` and `iri relativize` (RFC 3986 §5.2).

mod common;

use common::*;

#[test]
fn resolve_formats() {
    let base = "http://a/b/c/d;p?q";
    // RFC 3986 §5.4.1 and §5.4.2 examples.
    let o = run_with_stdin(
        &["resolve", "--base", base],
        b"g:h\ng\n./g\ng/\n/g\n//g\n?y\ng?y\n#s\n\n../../../g\n/./g\ng;x=1/../y\n",
    );
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "g:h\nhttp://a/b/c/g\nhttp://a/b/c/g\nhttp://a/b/c/g/\nhttp://a/g\nhttp://g\n\
         http://a/b/c/d;p?y\nhttp://a/b/c/g?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\n\
         http://a/g\nhttp://a/g\nhttp://a/b/c/y\n"
    );
    let o = run(&[
        "resolve",
        "--base",
        "http://例え.テスト/δ/ε",
        "--format",
        "json",
        "ζ/../η",
        "<",
    ]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"input":"ζ/../η","output":"http://例え.テスト/δ/η"}"#,
            r#"{"input":"<","error":{"kind":"invalid-char","component":"path","byte":0,"column":1,"message":"invalid IRI reference: U+003C LESS-THAN SIGN at byte 0 is not allowed in the path"}}"#,
        ]
    );
    let o = run(&["resolve", "--base", base, "--format", "tsv", "../x"]);
    assert_eq!(stdout(&o), "input\toutput\terror\n../x\thttp://a/b/x\t\n");
}

// RFC 3986 §5.2.1 (base normalization), §5.2.3 with erratum 4789, §6.2.2.2 (encoded dots):
// the presets and the option flags, one input line each, in order.
#[test]
fn resolve_presets_and_options() {
    let base = "http://a/bb/ccc/./d;p?q";
    let each = |args: &[&str], base: &str, stdin: &[u8]| {
        let mut a = vec!["resolve", "--base", base];
        a.extend_from_slice(args);
        let o = run_with_stdin(&a, stdin);
        assert_code(&o, 0);
        stdout(&o)
    };
    let refs = b"?y\n\n#s\ng\n";
    let strict = "http://a/bb/ccc/./d;p?y\nhttp://a/bb/ccc/./d;p?q\nhttp://a/bb/ccc/./d;p?q#s\nhttp://a/bb/ccc/g\n";
    let normal = "http://a/bb/ccc/d;p?y\nhttp://a/bb/ccc/d;p?q\nhttp://a/bb/ccc/d;p?q#s\nhttp://a/bb/ccc/g\n";
    assert_eq!(each(&[], base, refs), strict);
    assert_eq!(each(&["--preset", "strict"], base, refs), strict);
    assert_eq!(each(&["--preset", "rdf"], base, refs), normal);
    assert_eq!(each(&["--preset", "browser"], base, refs), normal);
    assert_eq!(each(&["--base-normalize"], base, refs), normal);
    // Erratum 4789 alone changes merge only.
    let up = "http://a/b/..";
    assert_eq!(each(&[], up, b"c\n?y\n"), "http://a/b/c\nhttp://a/b/..?y\n");
    assert_eq!(
        each(&["--erratum-4789"], up, b"c\n?y\n"),
        "http://a/c\nhttp://a/b/..?y\n"
    );
    assert_eq!(
        each(&["--preset", "rdf"], up, b"c\n?y\n"),
        "http://a/b/c\nhttp://a/?y\n"
    );
    // Encoded dots: only with --dot-encoded or the browser preset; flags add to a preset.
    let deep = "scheme://a/b/c/d/e/f";
    let kept = "scheme://a/b/c/d/e/%2E%2E/g\n";
    assert_eq!(each(&[], deep, b"%2E%2E/g\n"), kept);
    assert_eq!(each(&["--preset", "rdf"], deep, b"%2E%2E/g\n"), kept);
    for args in [
        &["--dot-encoded"][..],
        &["--preset", "browser"],
        &["--preset", "rdf", "--dot-encoded"],
    ] {
        assert_eq!(
            each(args, deep, b"%2E%2E/g\n"),
            "scheme://a/b/c/d/g\n",
            "{args:?}"
        );
    }
    // An unknown preset is a usage error.
    let o = run(&["resolve", "--base", base, "--preset", "html", "g"]);
    assert_code(&o, 2);
    assert!(
        stderr(&o).contains("strict, rdf, browser"),
        "{}",
        stderr(&o)
    );
    // The long help names each option with its RFC section.
    let o = run(&["resolve", "--help"]);
    let help = stdout(&o);
    for want in [
        "--base-normalize",
        "§5.2.1",
        "--erratum-4789",
        "--dot-encoded",
        "§6.2.2.2",
        "browser",
    ] {
        assert!(help.contains(want), "{want} missing from --help");
    }
}

#[test]
fn relativize_formats() {
    let base = "http://a/b/c/d;p?q";
    let o = run(&[
        "relativize",
        "--base",
        base,
        "http://a/b/c/g",
        "http://a/b/",
        "https://a/g",
        "http://a/b/c/d;p?q#s",
        "http://a/b/../c",
        "rel",
    ]);
    assert_code(&o, 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..4], ["g", "..", "https://a/g", "#s"]);
    assert!(lines[4].starts_with("error: no reference resolves to http://a/b/../c"));
    assert_eq!(
        lines[5],
        "error: invalid IRI: no scheme: it must start with a letter, then letters, digits, '+', '-' or '.', then ':'"
    );
    assert_eq!(lines.len(), 6);

    let o = run(&[
        "relativize",
        "--base",
        base,
        "--format",
        "json",
        "http://a/b/../c",
        "http://a/x",
    ]);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["input"], "http://a/b/../c");
    assert_eq!(lines[0]["error"]["kind"], "unreachable");
    assert_eq!(lines[0]["error"]["component"], serde_json::Value::Null);
    assert_eq!(lines[0]["error"]["byte"], serde_json::Value::Null);
    assert!(lines[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("dot segments"));
    assert_eq!(
        lines[1],
        serde_json::json!({"input": "http://a/x", "output": "/x"})
    );

    let o = run(&[
        "relativize",
        "--base",
        "http://example.org/wiki/Zürich",
        "--format",
        "tsv",
        "http://example.org/wiki/Genève",
    ]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\nhttp://example.org/wiki/Genève\tGenève\t\n"
    );
}
