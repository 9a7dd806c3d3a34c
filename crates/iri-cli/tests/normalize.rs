//! End-to-end tests of `iri normalize` (RFC 3987 §5.3.2, §5.3.3).

mod common;

use common::*;

#[test]
fn normalize_syntax_rfc_pair() {
    for level in [&[][..], &["--level", "syntax"], &["--level", "scheme"]] {
        let mut args = vec!["normalize"];
        args.extend(level);
        args.extend(RFC_5_3_2);
        let o = run(&args);
        assert_code(&o, 0);
        assert_eq!(
            stdout(&o),
            "example://a/b/c/%7Bfoo%7D/ros\u{E9}\nexample://a/b/c/%7Bfoo%7D/ros\u{E9}\n",
            "{level:?}"
        );
    }
    let o = run(&["normalize", "--form", "uri", RFC_5_3_2[1]]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "example://a/b/c/%7Bfoo%7D/ros%C3%A9\n");
}

#[test]
fn normalize_levels_and_forms() {
    let inputs = [
        "HTTP://Example.COM:80",
        "http://example.com:/%7euser/./a/../b?%7e#%7e",
        "http://XN--RSUM-BPAD.example.org",
        "http://r\u{E9}sum\u{E9}.example.org:80/caf\u{E9}#f",
        "../a/./b",
        "",
    ];
    let cases: [(&[&str], [&str; 6]); 5] = [
        (
            &[],
            [
                "http://example.com:80",
                "http://example.com:/~user/b?~#~",
                "http://xn--rsum-bpad.example.org",
                "http://r\u{E9}sum\u{E9}.example.org:80/caf\u{E9}#f",
                "../a/./b",
                "",
            ],
        ),
        (
            &["--level", "scheme"],
            [
                "http://example.com/",
                "http://example.com/~user/b?~#~",
                "http://r\u{E9}sum\u{E9}.example.org/",
                "http://r\u{E9}sum\u{E9}.example.org/caf\u{E9}#f",
                "../a/./b",
                "",
            ],
        ),
        (
            &["--level", "scheme", "--form", "uri"],
            [
                "http://example.com/",
                "http://example.com/~user/b?~#~",
                "http://xn--rsum-bpad.example.org/",
                "http://xn--rsum-bpad.example.org/caf%C3%A9#f",
                "../a/./b",
                "",
            ],
        ),
        (
            &["--form", "uri", "--ignore-fragment"],
            [
                "http://example.com:80",
                "http://example.com:/~user/b?~",
                "http://xn--rsum-bpad.example.org",
                "http://r%C3%A9sum%C3%A9.example.org:80/caf%C3%A9",
                "../a/./b",
                "",
            ],
        ),
        (
            &["--level", "syntax", "--form", "iri", "--ignore-fragment"],
            [
                "http://example.com:80",
                "http://example.com:/~user/b?~",
                "http://xn--rsum-bpad.example.org",
                "http://r\u{E9}sum\u{E9}.example.org:80/caf\u{E9}",
                "../a/./b",
                "",
            ],
        ),
    ];
    for (flags, want) in cases {
        let mut args = vec!["normalize"];
        args.extend(flags);
        args.push("--");
        args.extend(inputs);
        let o = run(&args);
        assert_code(&o, 0);
        assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want, "{flags:?}");
        assert_eq!(stdout(&o).lines().count(), inputs.len());
    }
}

#[test]
fn normalize_nfc_nfkc() {
    let decomposed = "http://a/re\u{301}sume\u{301}";
    let compat = "http://a/\u{FB01}le\u{FF0F}x";
    // Never implied.
    let o = run(&["normalize", decomposed, compat]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), format!("{decomposed}\n{compat}\n"));
    let o = run(&["normalize", "--nfc", decomposed, compat]);
    assert_eq!(stdout(&o), format!("http://a/r\u{E9}sum\u{E9}\n{compat}\n"));
    let o = run(&["normalize", "--nfkc", decomposed, compat]);
    assert_eq!(stdout(&o), "http://a/r\u{E9}sum\u{E9}\nhttp://a/file%2Fx\n");
    let o = run(&["normalize", "--nfc", "--form", "uri", decomposed]);
    assert_eq!(stdout(&o), "http://a/r%C3%A9sum%C3%A9\n");
    let o = run(&["normalize", "--nfc", "--nfkc", decomposed]);
    assert_code(&o, 2);
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

#[test]
fn normalize_formats_and_errors() {
    let input = b"A:b\nb c\n\nHTTP://a/%7e\n\xFF\n";
    let o = run_with_stdin(&["normalize"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "a:b\n\
         error: line 2: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n\
         \n\
         http://a/~\n\
         error: line 5: invalid UTF-8 at byte 0 (0xFF)\n"
    );
    let o = run_with_stdin(
        &["normalize", "--format", "json", "--level", "scheme"],
        input,
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"input":"A:b","output":"a:b"}"#,
            r#"{"input":"b c","error":{"kind":"invalid-char","component":"path","byte":1,"column":2,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#,
            r#"{"input":"","output":""}"#,
            r#"{"input":"HTTP://a/%7e","output":"http://a/~"}"#,
            r#"{"input":"�","error":{"kind":"invalid-utf8","component":null,"byte":0,"column":1,"message":"line 5: invalid UTF-8 at byte 0 (0xFF)"}}"#,
        ]
    );
    let o = run(&["normalize", "--format", "tsv", "HTTP://a:80", "%"]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         HTTP://a:80\thttp://a:80\t\n\
         %\t\tinvalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)\n"
    );
}
