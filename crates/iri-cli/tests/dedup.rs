//! End-to-end tests of `iri dedup`: equivalence classes of lines, in order.

mod common;

use common::*;

/// Lines with duplicates at both rungs, an invalid line in the middle, and an empty line.
const DEDUP_INPUT: &str = "\
http://example.com/%7euser
HTTP://Example.com/~user
http://example.com:80/~user
http://example.com/a#x
http://[::1
http://example.com/./a#x
http://r\u{E9}sum\u{E9}.example.org/
http://example.com/a#y

http://xn--rsum-bpad.example.org/
http://example.com:/~user
";

#[test]
fn dedup_syntax_and_scheme() {
    let dir = scratch("dedup");
    let file = dir.join("in.txt");
    std::fs::write(&file, DEDUP_INPUT).unwrap();
    let name = file.to_str().unwrap();
    let error = format!(
        "error: {name}:5:8: invalid IRI reference: the IP literal at byte 7 is not a valid IPv6 \
         address or IPvFuture (RFC 3986 §3.2.2; zone identifiers are not allowed); hint: the ']' \
         that closes the IP literal is missing, as in http://[::1]/ (RFC 3986 §3.2.2)"
    );
    let o = run(&["dedup", name]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "http://example.com/%7euser\n\
             http://example.com:80/~user\n\
             http://example.com/a#x\n\
             {error}\n\
             http://r\u{E9}sum\u{E9}.example.org/\n\
             http://example.com/a#y\n\
             \n\
             http://xn--rsum-bpad.example.org/\n\
             http://example.com:/~user\n"
        )
    );
    assert_eq!(stderr(&o), "11 lines, 8 classes, 1 invalid\n");

    let o = run(&["dedup", "--level", "scheme", name]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "http://example.com/%7euser\n\
             http://example.com/a#x\n\
             {error}\n\
             http://r\u{E9}sum\u{E9}.example.org/\n\
             http://example.com/a#y\n\
             \n"
        )
    );
    assert_eq!(stderr(&o), "11 lines, 5 classes, 1 invalid\n");

    let o = run(&["dedup", "--level", "scheme", "--ignore-fragment", name]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "http://example.com/%7euser\n\
             http://example.com/a#x\n\
             {error}\n\
             http://r\u{E9}sum\u{E9}.example.org/\n\
             \n"
        )
    );
    assert_eq!(stderr(&o), "11 lines, 4 classes, 1 invalid\n");

    // Only valid lines: exit 0. Classes span files; '-' is standard input.
    let o = run_with_stdin(
        &["dedup", "-", name],
        b"http://example.com/~user\r\nhttp://x/re\xCC\x81\n",
    );
    assert_code(&o, 1);
    let out = stdout(&o);
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        [
            "http://example.com/~user",
            "http://x/re\u{301}",
            "http://example.com:80/~user"
        ]
    );
    assert_eq!(stderr(&o), "13 lines, 9 classes, 1 invalid\n");
    let o = run_with_stdin(
        &["dedup", "--nfc"],
        "http://x/r\u{E9}\nhttp://x/re\u{301}\nhttp://x/r%C3%A9\n".as_bytes(),
    );
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "http://x/r\u{E9}\n");
    assert_eq!(stderr(&o), "3 lines, 1 class, 0 invalid\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn dedup_formats() {
    let input = b"a:b\nA:b\n\xFFx\nb c\na:c\n";
    let o = run_with_stdin(&["dedup"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "a:b\n\
         error: <stdin>:3:1: invalid UTF-8 at byte 0 (0xFF)\n\
         error: <stdin>:4:2: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n\
         a:c\n"
    );
    assert_eq!(stderr(&o), "5 lines, 2 classes, 2 invalid\n");

    let o = run_with_stdin(&["dedup", "--format", "json"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"file":"<stdin>","line":1,"input":"a:b"}"#,
            r#"{"file":"<stdin>","line":3,"input":"�x","error":{"kind":"invalid-utf8","component":null,"byte":0,"column":1,"message":"invalid UTF-8 at byte 0 (0xFF)"}}"#,
            r#"{"file":"<stdin>","line":4,"input":"b c","error":{"kind":"invalid-char","component":"path","byte":1,"column":2,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#,
            r#"{"file":"<stdin>","line":5,"input":"a:c"}"#,
        ]
    );
    assert_eq!(stderr(&o), "5 lines, 2 classes, 2 invalid\n");

    let o = run_with_stdin(&["dedup", "--format", "tsv"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "file\tline\tinput\terror\n\
         <stdin>\t1\ta:b\t\n\
         <stdin>\t3\t\u{FFFD}x\tinvalid UTF-8 at byte 0 (0xFF)\n\
         <stdin>\t4\tb c\tinvalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n\
         <stdin>\t5\ta:c\t\n"
    );

    let o = run(&["dedup"]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "0 lines, 0 classes, 0 invalid\n");
}

#[test]
fn dedup_missing_file() {
    let dir = scratch("dedup-missing");
    let good = dir.join("good.txt");
    std::fs::write(&good, "a:b\na:b").unwrap();
    let missing = dir.join("missing.txt");
    let (good, missing) = (good.to_str().unwrap(), missing.to_str().unwrap());
    let o = run(&["dedup", missing, good]);
    assert_code(&o, 1);
    assert_eq!(stdout(&o), "a:b\n");
    assert_eq!(
        stderr(&o),
        format!(
            "iri: {missing}: No such file or directory (os error 2)\n\
             2 lines, 1 class, 0 invalid; 1 file could not be read\n"
        )
    );
    let o = run(&["dedup", good]);
    assert_code(&o, 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn dedup_a_million_lines() {
    let mut input = Vec::with_capacity(24 << 20);
    for i in 0..1_000_000u32 {
        // Three spellings of each of 1000 classes.
        let n = i % 3000;
        let line = match n % 3 {
            0 => format!("http://example.org/{}\n", n / 3),
            1 => format!("HTTP://example.org/./{}\n", n / 3),
            _ => format!("http://example.org:80/{}\n", n / 3),
        };
        input.extend_from_slice(line.as_bytes());
    }
    let o = run_with_stdin(&["dedup", "--level", "scheme"], &input);
    assert_code(&o, 0);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1000);
    assert_eq!(out.lines().next(), Some("http://example.org/0"));
    assert_eq!(out.lines().last(), Some("http://example.org/999"));
    assert_eq!(stderr(&o), "1000000 lines, 1000 classes, 0 invalid\n");
    let o = run_with_stdin(&["dedup"], &input);
    assert_eq!(stdout(&o).lines().count(), 2000);
    assert_eq!(stderr(&o), "1000000 lines, 2000 classes, 0 invalid\n");
}
