//! End-to-end tests of `iri validate`: files, standard input, formats.

mod common;

use common::*;

#[test]
fn validate_examples_file() {
    let o = run(&["validate", "examples/iris.txt"]);
    assert_code(&o, 1);
    let out = stdout(&o);
    let mut reported: Vec<usize> = Vec::new();
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("examples/iris.txt:") {
            reported.push(rest.split(':').next().unwrap().parse().unwrap());
        }
    }
    assert_eq!(reported, [4, 9, 12, 16, 20, 24, 28, 32, 35, 39]);
    // The summary on standard error, and no progress bar outside a terminal.
    assert_eq!(stderr(&o), "checked 40 lines: 30 valid, 10 invalid\n");

    // Each invalid line is invalid for its own reason.
    let o = run(&["validate", "--format", "tsv", "examples/iris.txt"]);
    let kinds: Vec<String> = stdout(&o)
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            format!("{}:{}:{}", f[1], f[3], f[4])
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "4:invalid-char:path",
            "9:bidi-formatting:path",
            "12:invalid-pct-encoding:path",
            "16:invalid-ip-literal:host",
            "20:invalid-char:path",
            "24:invalid-char:query",
            "28:invalid-port:port",
            "32:invalid-char:fragment",
            "35:colon-in-first-segment:path",
            "39:invalid-char:path",
        ]
    );
}

#[test]
fn validate_two_files_one_missing() {
    let dir = scratch("two-files");
    let good = dir.join("good.txt");
    std::fs::write(&good, "http://a/\nb c\r\n\n%zz").unwrap();
    let missing = dir.join("missing.txt");
    let (good, missing) = (good.to_str().unwrap(), missing.to_str().unwrap());

    let o = run(&["validate", missing, good]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "{good}:2:2: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n\
             {good}:4:1: invalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)\n"
        )
    );
    assert_eq!(
        stderr(&o),
        format!(
            "iri: {missing}: No such file or directory (os error 2)\n\
             checked 4 lines: 2 valid, 2 invalid; 1 file could not be read\n"
        )
    );

    let o = run(&["validate", "--format", "json", good, missing]);
    assert_code(&o, 1);
    let want = [
        format!(
            r#"{{"file":"{good}","line":2,"error":{{"kind":"invalid-char","component":"path","byte":1,"column":2,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}}}"#
        ),
        format!(
            r#"{{"file":"{good}","line":4,"error":{{"kind":"invalid-pct-encoding","component":"path","byte":0,"column":1,"message":"invalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)","hint":"a literal '%' is written %25 (RFC 3986 §2.4)"}}}}"#
        ),
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
    assert!(stderr(&o).contains("No such file"));
    assert!(stderr(&o)
        .ends_with("{\"summary\":{\"lines\":4,\"valid\":2,\"invalid\":2,\"unreadable\":1}}\n"));

    // Only the missing file: still exit 1, nothing checked.
    let o = run(&["validate", missing]);
    assert_code(&o, 1);
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).ends_with("checked 0 lines: 0 valid, 0 invalid; 1 file could not be read\n"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn validate_stdin_formats() {
    let input = b"http://a/\n\xC3(\n<x>\n";
    let o = run_with_stdin(&["validate", "--format", "tsv"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "file\tline\tcolumn\tkind\tcomponent\tmessage\n\
         <stdin>\t2\t1\tinvalid-utf8\t\tinvalid UTF-8 at byte 0 (0xC3)\n\
         <stdin>\t3\t1\tinvalid-char\tpath\tinvalid IRI reference: U+003C LESS-THAN SIGN at byte 0 is not allowed in the path\n"
    );
    assert_eq!(stderr(&o), "checked 3 lines: 1 valid, 2 invalid\n");

    let o = run_with_stdin(&["validate", "--format", "json", "-"], input);
    assert_code(&o, 1);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(
        lines[0],
        r#"{"file":"<stdin>","line":2,"error":{"kind":"invalid-utf8","component":null,"byte":0,"column":1,"message":"invalid UTF-8 at byte 0 (0xC3)"}}"#
    );
    assert_eq!(lines.len(), 2);
    assert_eq!(
        stderr(&o),
        "{\"summary\":{\"lines\":3,\"valid\":1,\"invalid\":2,\"unreadable\":0}}\n"
    );

    let o = run_with_stdin(&["validate", "--kind", "uri"], b"http://a/\nhttp://b/\n");
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "checked 2 lines: 2 valid, 0 invalid\n");
}
