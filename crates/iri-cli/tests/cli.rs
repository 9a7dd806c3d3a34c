//! End-to-end tests of the `iri` binary: real processes, real outputs, exit codes.

mod common;

use common::*;

use std::path::PathBuf;

// ---------------------------------------------------------------------------------------------
// parse

#[test]
fn parse_json_full_reference() {
    let o = run(&["parse", "--format", "json", "http://user@[::1]:80/p?q#f"]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"input":"http://user@[::1]:80/p?q#f","valid":true,"scheme":"http","#,
            r#""authority":"user@[::1]:80","userinfo":"user","host":"[::1]","host_kind":"ipv6","#,
            r#""port":"80","path":"/p","query":"q","fragment":"f"}"#,
            "\n"
        )
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn parse_json_non_ascii_and_relative() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "http://例え.テスト:8080/δοκιμή?q=1#ñ",
        "../Zürich",
        "",
        "mailto:x@192.0.2.1",
    ]);
    assert_code(&o, 0);
    let want = [
        r#"{"input":"http://例え.テスト:8080/δοκιμή?q=1#ñ","valid":true,"scheme":"http","authority":"例え.テスト:8080","userinfo":null,"host":"例え.テスト","host_kind":"reg-name","port":"8080","path":"/δοκιμή","query":"q=1","fragment":"ñ"}"#,
        r#"{"input":"../Zürich","valid":true,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"../Zürich","query":null,"fragment":null}"#,
        r#"{"input":"","valid":true,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"","query":null,"fragment":null}"#,
        r#"{"input":"mailto:x@192.0.2.1","valid":true,"scheme":"mailto","authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"x@192.0.2.1","query":null,"fragment":null}"#,
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
}

#[test]
fn parse_json_host_kinds() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "s://192.0.2.1",
        "s://[v7.x]",
        "s://01.2.3.4",
    ]);
    assert_code(&o, 0);
    let kinds: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["host_kind"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(kinds, ["ipv4", "ipvfuture", "reg-name"]);
}

#[test]
fn parse_json_invalid_with_offset() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "http://a/b\u{202E}c",
        "http://a:8x/",
    ]);
    assert_code(&o, 1);
    let want = [
        concat!(
            "{\"input\":\"http://a/b\u{202E}c\",",
            r#""valid":false,"error":{"kind":"bidi-formatting","#,
            r#""component":"path","byte":10,"column":11,"message":"invalid IRI reference: U+202E "#,
            r#"RIGHT-TO-LEFT OVERRIDE at byte 10 in the path is a bidi formatting character, "#,
            r#"which IRIs must not contain (RFC 3987 §4.1)"}}"#
        ),
        concat!(
            r#"{"input":"http://a:8x/","valid":false,"error":{"kind":"invalid-port","#,
            r#""component":"port","byte":10,"column":11,"message":"invalid IRI reference: U+0078 'x' "#,
            r#"at byte 10 is not a digit, and the port holds only digits"}}"#
        ),
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
}

#[test]
fn parse_text_layout() {
    let o = run(&[
        "parse",
        "http://user@[::1]:80/p?q#f",
        "//例え.テスト/δ",
        "",
        "s:p?#",
        "a b",
    ]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=user@[::1]:80 userinfo=user host=[::1] (ipv6) port=80 path=/p query=q fragment=f\n\
         authority=例え.テスト host=例え.テスト (reg-name) path=/δ\n\
         path=\n\
         scheme=s path=p query= fragment=\n\
         error: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn parse_tsv_header_rows_and_escapes() {
    let o = run_with_stdin(
        &["parse", "--format", "tsv"],
        b"http://h:1/p?q#f\nrel\na\tb\\c\n",
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\terror\n\
         http://h:1/p?q#f\ttrue\thttp\th:1\t\th\treg-name\t1\t/p\tq\tf\t\n\
         rel\ttrue\t\t\t\t\t\t\trel\t\t\t\n\
         a\\tb\\\\c\tfalse\t\t\t\t\t\t\t\t\t\tinvalid IRI reference: U+0009 CHARACTER TABULATION at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn parse_kinds() {
    let o = run(&["parse", "--kind", "uri", "--format", "json", "http://é/"]);
    assert_code(&o, 1);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(v["error"]["kind"], "non-ascii");
    assert_eq!(v["error"]["byte"], 7);

    // A valid input of a narrower kind still gets its components.
    let o = run(&["parse", "--kind", "absolute", "http://a/b?c"]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=a host=a (reg-name) path=/b query=c\n"
    );
    let o = run(&["parse", "--kind", "absolute", "http://a/b#c"]);
    assert_code(&o, 1);
    assert!(stdout(&o).starts_with("error: invalid absolute IRI: '#' at byte 10"));

    for (kind, input, ok) in [
        ("iri", "rel", false),
        ("iri", "s:é", true),
        ("relative", "s:x", false),
        ("relative", "./s:x", true),
        ("uri-ref", "é", false),
        ("absolute-uri", "s:x", true),
        ("relative-uri", "/x", true),
        ("iri-ref", "x", true),
        ("relative-iri", "x", true),
    ] {
        let o = run(&["parse", "--kind", kind, input]);
        assert_code(&o, if ok { 0 } else { 1 });
    }
}

// ---------------------------------------------------------------------------------------------
// exit codes and usage errors

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["parse", "--kind", "url", "x"],
        &["parse", "--format", "xml", "x"],
        &["parse", "--nope"],
        &["resolve", "x"],
        &["relativize", "x"],
        &["normalize", "--nfc", "--nfkc", "x"],
        &["normalize", "--level", "simple", "x"],
        &["normalize", "--form", "url", "x"],
        &["compare"],
        &["compare", "a:b"],
        &["compare", "a:b", "a:b", "a:b"],
        &["compare", "--level", "exact", "a:b", "a:b"],
        &["dedup", "--level", "simple"],
        &["dedup", "--nfkc"],
        &["to-iri", "--idna=yes", "x"],
        &["lint", "--format", "tsv", "x"],
        &["lint", "--deny"],
        &["display", "--wrap", "rle", "x"],
        &["display", "--context", "up", "x"],
        &["display", "--bidi-notation", "greek", "x"],
    ] {
        let o = run(args);
        assert_code(&o, 2);
        assert_eq!(stdout(&o), "", "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn invalid_base_is_a_usage_error() {
    for cmd in ["resolve", "relativize"] {
        let o = run(&[cmd, "--base", "not/absolute", "x"]);
        assert_code(&o, 2);
        assert_eq!(stdout(&o), "");
        let err = stderr(&o);
        assert!(err.contains("--base"), "{err}");
        assert!(err.contains("invalid IRI: no scheme"), "{err}");
    }
}

#[test]
fn help_and_version_exit_0() {
    let o = run(&["parse", "--help"]);
    assert_code(&o, 0);
    assert!(stdout(&o).contains("scheme=S authority=A"));
    let o = run(&["--help"]);
    assert_code(&o, 0);
    for command in ["normalize", "compare", "dedup", "lint", "display"] {
        assert!(stdout(&o).contains(command), "{command}");
    }
    for (command, text) in [
        ("normalize", "--nfkc"),
        ("normalize", "syntax-based normalization"),
        ("compare", "equivalent at: LEVEL"),
        ("compare", "--ignore-fragment"),
        ("dedup", "N lines, M classes, K invalid"),
        ("to-uri", "--idna"),
        ("to-iri", "ToUnicode"),
        ("lint", "--deny <CODE>"),
        ("lint", "N inputs: E errors, W warnings, I info"),
        ("display", "need not be valid IRIs"),
        ("display", "--bidi-notation"),
        ("display", "http://ab.HGFEDC.ij/kl/mn/op.html"),
    ] {
        let o = run(&[command, "--help"]);
        assert_code(&o, 0);
        assert!(stdout(&o).contains(text), "{command}: {text}");
    }
    // The codes are listed after lint's options, from the library's list.
    let o = run(&["lint", "--help"]);
    for code in iri::lint::Code::ALL {
        let row = format!(
            "  {:<26} {:<8} {}\n",
            code.as_str(),
            code.default_severity().as_str(),
            code.section()
        );
        assert!(stdout(&o).contains(&row), "{row}");
    }
    let o = run(&["--version"]);
    assert_code(&o, 0);
    assert!(stdout(&o).starts_with("iri "));
}

#[test]
fn exit_0_when_all_valid_1_when_some_invalid() {
    assert_code(&run(&["parse", "a", "b"]), 0);
    assert_code(&run(&["parse", "a", "<b>"]), 1);
    assert_code(&run(&["to-uri", "a"]), 0);
    assert_code(&run(&["to-uri", "a", "%"]), 1);
    assert_code(&run(&["validate", "-"]), 0);
}

#[test]
fn inputs_after_double_dash() {
    let o = run(&["parse", "--", "-x"]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "path=-x\n");
}

// ---------------------------------------------------------------------------------------------
// standard input

#[test]
fn stdin_crlf_missing_newline_and_empty_lines() {
    let o = run_with_stdin(&["parse"], b"http://a/\r\n\r\n\nrel\r\nlast");
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=a host=a (reg-name) path=/\npath=\npath=\npath=rel\npath=last\n"
    );
}

#[test]
fn stdin_invalid_utf8_line_in_the_middle() {
    let input = b"http://a/1\nok\xFFbad\n\nhttp://a/4\r\n\xE2\x82\n";
    for format in ["text", "json", "tsv"] {
        let o = run_with_stdin(&["parse", "--format", format], input);
        assert_code(&o, 1);
        let out = stdout(&o);
        let mut lines: Vec<&str> = out.lines().collect();
        if format == "tsv" {
            lines.remove(0);
        }
        assert_eq!(lines.len(), 5, "{format}: {out}");
        match format {
            "text" => {
                assert_eq!(
                    lines[0],
                    "scheme=http authority=a host=a (reg-name) path=/1"
                );
                assert_eq!(lines[1], "error: line 2: invalid UTF-8 at byte 2 (0xFF)");
                assert_eq!(lines[2], "path=");
                assert_eq!(
                    lines[3],
                    "scheme=http authority=a host=a (reg-name) path=/4"
                );
                assert_eq!(
                    lines[4],
                    "error: line 5: truncated UTF-8 sequence at byte 0 (0xE2)"
                );
            }
            "json" => {
                assert_eq!(
                    lines[1],
                    r#"{"input":"ok�bad","valid":false,"error":{"kind":"invalid-utf8","component":null,"byte":2,"column":3,"message":"line 2: invalid UTF-8 at byte 2 (0xFF)"}}"#
                );
                let v: serde_json::Value = serde_json::from_str(lines[3]).unwrap();
                assert_eq!(v["path"], "/4");
            }
            _ => {
                assert_eq!(
                    lines[1],
                    "ok\u{FFFD}bad\tfalse\t\t\t\t\t\t\t\t\t\tline 2: invalid UTF-8 at byte 2 (0xFF)"
                );
            }
        }
    }
    // The same for the converting commands.
    let o = run_with_stdin(&["to-uri"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://a/1\nerror: line 2: invalid UTF-8 at byte 2 (0xFF)\n\nhttp://a/4\n\
         error: line 5: truncated UTF-8 sequence at byte 0 (0xE2)\n"
    );
}

#[test]
fn stdin_errors_name_their_line() {
    let o = run_with_stdin(&["resolve", "--base", "http://a/b/c"], b"g\nh i\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://a/b/g\nerror: line 2: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn nul_byte() {
    let o = run_with_stdin(&["parse", "--format", "json"], b"http://a/b\0c\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"input":"http://a/b\u0000c","valid":false,"error":{"kind":"invalid-char","#,
            r#""component":"path","byte":10,"column":11,"message":"invalid IRI reference: U+0000 NULL "#,
            r#"at byte 10 is not allowed in the path"}}"#,
            "\n"
        )
    );
    let o = run_with_stdin(&["validate"], b"a\0\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "<stdin>:1:2: invalid IRI reference: U+0000 NULL at byte 1 is not allowed in the path\n"
    );
    assert_eq!(stderr(&o), "checked 1 line: 0 valid, 1 invalid\n");
}

#[test]
fn ten_megabyte_line() {
    let mut line = b"http://example.org/".to_vec();
    line.extend(vec![b'a'; 10 << 20]);
    let mut input = line.clone();
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&line);
    input.extend_from_slice(b" \n"); // invalid at its very end
    let o = run_with_stdin(&["parse", "--format", "json"], &input);
    assert_code(&o, 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["path"].as_str().unwrap().len(), (10 << 20) + 1);
    let v: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(v["error"]["byte"], line.len());

    let o = run_with_stdin(&["validate"], &input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "<stdin>:2:{}: invalid IRI reference: U+0020 SPACE at byte {} is not allowed in the path\n",
            line.len() + 1,
            line.len()
        )
    );
    let o = run_with_stdin(&["to-uri"], &input);
    assert_code(&o, 1);
    assert_eq!(
        o.stdout.len(),
        line.len() + 1 + stdout(&o).lines().nth(1).unwrap().len() + 1
    );
}

// ---------------------------------------------------------------------------------------------
// validate

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

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

// ---------------------------------------------------------------------------------------------
// to-uri, to-iri, resolve, relativize

#[test]
fn to_uri_formats() {
    let args = ["http://example.org/résumé?q=ü#δ", "a b"];
    let o = run(&["to-uri", args[0], args[1]]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4\n\
         error: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
    let o = run(&["to-uri", "--format", "json", args[0], args[1]]);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"input":"http://example.org/résumé?q=ü#δ","output":"http://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4"}"#,
            r#"{"input":"a b","error":{"kind":"invalid-char","component":"path","byte":1,"column":2,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#,
        ]
    );
    let o = run(&["to-uri", "--format", "tsv", args[0], args[1]]);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         http://example.org/résumé?q=ü#δ\thttp://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4\t\n\
         a b\t\tinvalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn to_iri_formats() {
    let inputs = [
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D%FCrst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://example.org/résumé",
    ];
    let mut args = vec!["to-iri"];
    args.extend(inputs);
    let o = run(&args);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\n\
         http://xn--99zt52a.example.org/%E2%80%AE\nhttp://example.org/résumé\n"
    );
    let o = run(&["to-iri", "--format", "json", inputs[0]]);
    assert_eq!(
        stdout(&o),
        "{\"input\":\"http://www.example.org/D%C3%BCrst\",\"output\":\"http://www.example.org/Dürst\"}\n"
    );
    let o = run(&["to-iri", "--format", "tsv", "%"]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n%\t\tinvalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)\n"
    );
}

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

#[cfg(unix)]
#[test]
fn non_utf8_argument() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let o = iri()
        .args(["parse", "ok"])
        .arg(OsStr::from_bytes(b"a\xFFb"))
        .output()
        .unwrap();
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "path=ok\nerror: argument 2: invalid UTF-8 at byte 1 (0xFF)\n"
    );
}

// ---------------------------------------------------------------------------------------------
// to-uri --idna, to-iri --idna

#[test]
fn to_uri_idna() {
    let inputs = [
        "http://r\u{E9}sum\u{E9}.example.org/",
        "http://\u{E9}_x.org/",
        "x-s://r\u{E9}sum\u{E9}/caf\u{E9}",
        "http://EXAMPLE.org/caf\u{E9}",
    ];
    let mut args = vec!["to-uri", "--idna"];
    args.extend(inputs);
    let o = run(&args);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://xn--rsum-bpad.example.org/\n\
         error: the host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules)\n\
         x-s://r%C3%A9sum%C3%A9/caf%C3%A9\n\
         http://EXAMPLE.org/caf%C3%A9\n"
    );
    // Without the flag, the host is percent-encoded (RFC 3987 §3.1).
    let o = run(&["to-uri", inputs[0], inputs[1]]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://r%C3%A9sum%C3%A9.example.org/\nhttp://%C3%A9_x.org/\n"
    );

    let o = run(&["to-uri", "--idna", "--format", "json", inputs[1]]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        concat!(
            "{\"input\":\"http://\u{E9}_x.org/\",\"error\":{\"kind\":\"idna\",",
            r#""component":"host","byte":7,"column":8,"message":"the host \"#,
            "\"\u{E9}_x.org\\\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules)\"}}\n"
        )
    );
    let o = run_with_stdin(
        &["to-uri", "--idna", "--format", "tsv"],
        "http://\u{E9}_x.org/\nhttp://b\u{FC}cher.example/\n".as_bytes(),
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         http://\u{E9}_x.org/\t\tthe host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules)\n\
         http://b\u{FC}cher.example/\thttp://xn--bcher-kva.example/\t\n"
    );
    // On standard input, the error names its line.
    let o = run_with_stdin(
        &["to-uri", "--idna"],
        "a\nhttp://\u{E9}_x.org/\n".as_bytes(),
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "a\nerror: line 2: the host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules)\n"
    );
}

#[test]
fn to_iri_idna() {
    let o = run(&[
        "to-iri",
        "--idna",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "https://XN--RSUM-BPAD.example.org/r%C3%A9sum%C3%A9",
        "http://xn--a.org/",
        "x-s://xn--99zt52a.example.org/",
    ]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE\n\
         https://r\u{E9}sum\u{E9}.example.org/r\u{E9}sum\u{E9}\n\
         http://xn--a.org/\n\
         x-s://xn--99zt52a.example.org/\n"
    );
    let o = run(&[
        "to-iri",
        "--idna",
        "--format",
        "json",
        "http://xn--99zt52a.example.org/",
    ]);
    assert_eq!(
        stdout(&o),
        "{\"input\":\"http://xn--99zt52a.example.org/\",\"output\":\"http://\u{7D0D}\u{8C46}.example.org/\"}\n"
    );
}

// ---------------------------------------------------------------------------------------------
// normalize

/// The two IRIs of RFC 3987 §5.3.2.
const RFC_5_3_2: [&str; 2] = [
    "example://a/b/c/%7Bfoo%7D/ros\u{E9}",
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
];

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

// ---------------------------------------------------------------------------------------------
// compare

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

// ---------------------------------------------------------------------------------------------
// dedup

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

// ---------------------------------------------------------------------------------------------
// lint

#[test]
fn lint_text_carets_after_wide_characters() {
    // "http://" takes 7 columns, 例え 4, "." 1, テスト 6 and "/" 1: the span starts at column
    // 19 (byte 24).
    let o = run(&["lint", "http://例え.テスト/%C0%AF"]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "error[overlong-utf8]: %C0%AF is an overlong encoding of '/' (U+002F SOLIDUS): strict \
         UTF-8 forbids it, and a lax decoder that accepts it lets the character slip past checks \
         made before decoding (RFC 3987 §8)\n\
         \x20 --> input 1, column 15, component path\n\
         \x20  |\n\
         \x20  | http://例え.テスト/%C0%AF\n\
         \x20  |                    ^^^^^^\n\
         \x20  = RFC 3987 §8\n\
         \n"
    );
    assert_eq!(stderr(&o), "1 input: 1 error, 0 warnings, 0 info\n");
}

#[test]
fn lint_text_escapes_marks_suggestions_and_stdin() {
    // An invisible character is shown escaped, and the carets cover the escape; a combining
    // mark takes no column; a clean line and an empty line print nothing but count.
    let o = run_with_stdin(
        &["lint"],
        "http://example.org/pay\u{200B}pal\nhttp://example.org/re\u{301}sume\n\nhttps://example.org/\n"
            .as_bytes(),
    );
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "warning[invisible-character]: U+200B ZERO WIDTH SPACE in the path is invisible: the IRI \
         looks the same without it (RFC 3987 §6.1)\n\
         \x20 --> line 1 of standard input, column 23, component path\n\
         \x20  |\n\
         \x20  | http://example.org/pay<U+200B>pal\n\
         \x20  |                       ^^^^^^^^\n\
         \x20  = RFC 3987 §6.1\n\
         \n\
         warning[not-nfc]: 'e\u{301}' (U+0065 U+0301) in the path is not in Unicode \
         Normalization Form C; its NFC form is '\u{E9}' (U+00E9) (RFC 3987 §5.3.2.2: IRIs \
         should be created in NFC)\n\
         \x20 --> line 2 of standard input, column 21, component path\n\
         \x20  |\n\
         \x20  | http://example.org/re\u{301}sume\n\
         \x20  |                     ^\n\
         \x20  = RFC 3987 §5.3.2.2\n\
         \x20  = suggestion: \u{E9}\n\
         \n"
    );
    assert_eq!(stderr(&o), "4 inputs: 0 errors, 2 warnings, 0 info\n");

    // A bidi override in the input (and in a message) cannot reorder the line: it is escaped.
    let o = run(&["lint", "x:/a\u{202E}b"]);
    assert_code(&o, 1);
    let out = stdout(&o);
    assert!(!out.contains('\u{202E}'), "{out}");
    assert!(
        out.contains("   | x:/a<U+202E>b\n   |     ^^^^^^^^\n"),
        "{out}"
    );
    // A parse error at the very end of the input: an empty span still gets a caret.
    let o = run(&["lint", "http://a:8x"]);
    assert!(
        stdout(&o).contains("   | http://a:8x\n   |           ^\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn lint_json() {
    let o = run(&[
        "lint",
        "--format",
        "json",
        "http://user:secret@example.org/",
        "https://example.org/",
        "http://example.org/re\u{301}",
        "http://a/b c",
    ]);
    assert_code(&o, 1);
    assert_eq!(stderr(&o), "", "no summary in json");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        concat!(
            r#"{"input":"http://user:secret@example.org/","diagnostics":[{"code":"password-in-userinfo","#,
            r#""severity":"warning","component":"userinfo","start":7,"end":18,"column":8,"message":"the userinfo "#,
            r#"'user:***' holds a password in clear text; RFC 3986 §3.2.1 deprecates \"user:password\" "#,
            r#"and applications should not show what follows the ':'","section":"RFC 3986 §3.2.1","#,
            r#""suggestion":null}],"omitted":{}}"#
        )
    );
    assert_eq!(
        lines[1],
        r#"{"input":"https://example.org/","diagnostics":[],"omitted":{}}"#
    );
    let v: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "not-nfc");
    assert_eq!(
        (d["start"].as_u64(), d["end"].as_u64(), d["column"].as_u64()),
        (Some(20), Some(23), Some(21))
    );
    assert_eq!(d["suggestion"], "\u{E9}");
    let v: serde_json::Value = serde_json::from_str(lines[3]).unwrap();
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "parse-error");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["component"], "path");
    assert_eq!(d["section"], "RFC 3987 §2.2");
    assert_eq!(
        (d["start"].as_u64(), d["end"].as_u64()),
        (Some(10), Some(11))
    );
    // Every member, for every diagnostic (their order is checked by the first line).
    let mut keys = [
        "code",
        "severity",
        "component",
        "start",
        "end",
        "column",
        "message",
        "section",
        "suggestion",
    ];
    keys.sort_unstable();
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for d in v["diagnostics"].as_array().unwrap() {
            let mut got: Vec<&str> = d.as_object().unwrap().keys().map(String::as_str).collect();
            got.sort_unstable();
            assert_eq!(got, keys);
        }
    }
}

#[test]
fn lint_policy_flags_change_the_exit_status() {
    /// The (code, severity) pairs of one input under `flags`, and the exit code.
    fn lint(flags: &[&str], input: &str) -> (Vec<(String, String)>, i32) {
        let mut args = vec!["lint", "--format", "json"];
        args.extend(flags);
        args.push(input);
        let o = run(&args);
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
        let found = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap().to_owned(),
                    d["severity"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        (found, code(&o))
    }
    let pair = |c: &str, s: &str| (c.to_owned(), s.to_owned());
    let password = "http://alice:s3cr3t@example.org/";
    assert_eq!(
        lint(&[], password),
        (vec![pair("password-in-userinfo", "warning")], 0)
    );
    assert_eq!(
        lint(&["--deny", "password-in-userinfo"], password),
        (vec![pair("password-in-userinfo", "error")], 1)
    );
    assert_eq!(
        lint(&["--allow", "password-in-userinfo"], password),
        (vec![], 0)
    );
    let overlong = "http://example.org/a%C0%AFb";
    assert_eq!(
        lint(&[], overlong),
        (vec![pair("overlong-utf8", "error")], 1)
    );
    assert_eq!(
        lint(&["--warn", "overlong-utf8"], overlong),
        (vec![pair("overlong-utf8", "warning")], 0)
    );
    assert_eq!(lint(&["--allow", "overlong-utf8"], overlong), (vec![], 0));
    // The last flag for a code wins; flags for other codes leave it alone; repeats are fine.
    let both = "http://u:p@example.org/%C0%AF";
    assert_eq!(
        lint(
            &[
                "--deny",
                "password-in-userinfo",
                "--allow",
                "password-in-userinfo"
            ],
            both
        ),
        (vec![pair("overlong-utf8", "error")], 1)
    );
    assert_eq!(
        lint(
            &[
                "--allow",
                "password-in-userinfo",
                "--warn",
                "overlong-utf8",
                "--deny",
                "password-in-userinfo",
            ],
            both
        ),
        (
            vec![
                pair("password-in-userinfo", "error"),
                pair("overlong-utf8", "warning")
            ],
            1
        )
    );
    assert_eq!(
        lint(
            &[
                "--allow=overlong-utf8",
                "--allow",
                "password-in-userinfo",
                "--allow",
                "overlong-utf8",
            ],
            both
        ),
        (vec![], 0)
    );

    // In text, the severity shown and the summary follow the policy.
    let o = run(&["lint", "--deny", "password-in-userinfo", password]);
    assert_code(&o, 1);
    assert!(stdout(&o).starts_with("error[password-in-userinfo]: "));
    assert_eq!(stderr(&o), "1 input: 1 error, 0 warnings, 0 info\n");
    let o = run(&["lint", "--allow", "overlong-utf8", overlong, password]);
    assert_code(&o, 0);
    assert_eq!(stderr(&o), "2 inputs: 0 errors, 1 warning, 0 info\n");
}

#[test]
fn lint_unknown_code_is_a_usage_error() {
    for flag in ["--allow", "--warn", "--deny"] {
        let o = run(&["lint", flag, "password-in-url", "http://a/"]);
        assert_code(&o, 2);
        assert_eq!(stdout(&o), "");
        let err = stderr(&o);
        assert!(err.contains("'password-in-url'"), "{err}");
        for code in iri::lint::Code::ALL {
            assert!(err.contains(code.as_str()), "{code} in {err}");
        }
    }
}

#[test]
fn lint_invalid_utf8_lines() {
    let input = b"http://a/\n\xFFx\nhttp://u:p@a/\n";
    let o = run_with_stdin(&["lint"], input);
    assert_code(&o, 1);
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "error: line 2: invalid UTF-8 at byte 0 (0xFF)\n\nwarning[password-in-userinfo]"
        ),
        "{out}"
    );
    assert!(out.contains("  --> line 3 of standard input, column 8, component userinfo\n"));
    assert_eq!(
        stderr(&o),
        "3 inputs: 0 errors, 1 warning, 0 info; 1 not UTF-8\n"
    );
    let o = run_with_stdin(&["lint", "--format", "json"], input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"input":"http://a/","diagnostics":[],"omitted":{}}"#,
            r#"{"input":"�x","error":{"kind":"invalid-utf8","component":null,"byte":0,"column":1,"message":"line 2: invalid UTF-8 at byte 0 (0xFF)"}}"#,
            stdout(&run(&["lint", "--format", "json", "http://u:p@a/"])).trim_end(),
        ]
    );
    // No input at all: nothing to say.
    let o = run(&["lint"]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "0 inputs: 0 errors, 0 warnings, 0 info\n");
}

// ---------------------------------------------------------------------------------------------
// display

/// Runs `iri display ARGS`, returning its standard output lines and exit code.
fn display(args: &[&str]) -> (Vec<String>, i32) {
    let mut all = vec!["display"];
    all.extend(args);
    let o = run(&all);
    assert_eq!(stderr(&o), "", "{args:?}");
    (stdout(&o).lines().map(str::to_owned).collect(), code(&o))
}

#[test]
fn display_each_wrap_and_context() {
    let heb = "http://example.org/\u{5E9}\u{5DC}\u{5D5}\u{5DD}/a";
    let ascii = "http://example.org/a/";
    let cases = [
        (
            ["--wrap", "lre", "--context", "ltr"],
            [format!("\u{202A}{heb}\u{202C}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lre", "--context", "rtl"],
            [format!("\u{202A}{heb}\u{202C}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lri", "--context", "ltr"],
            [format!("\u{2066}{heb}\u{2069}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lri", "--context", "rtl"],
            [format!("\u{2066}{heb}\u{2069}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lrm", "--context", "ltr"],
            [
                "http://example.org/\u{200E}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{200E}/a".to_owned(),
                ascii.to_owned(),
            ],
        ),
        (
            ["--wrap", "lrm", "--context", "rtl"],
            [
                "\u{202A}http://example.org/\u{200E}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{200E}/a\u{202C}"
                    .to_owned(),
                format!("\u{202A}{ascii}\u{202C}"),
            ],
        ),
    ];
    for (flags, want) in &cases {
        let mut args = flags.to_vec();
        args.extend([heb, ascii]);
        assert_eq!(display(&args), (want.to_vec(), 0), "{flags:?}");
    }
    // The defaults are lre and ltr.
    assert_eq!(display(&[heb, ascii]).0, cases[0].1.to_vec());
    // In notation.
    assert_eq!(
        display(&[
            "--bidi-notation",
            "arabic",
            "--wrap",
            "lrm",
            "http://ab.CD.EF/gh"
        ])
        .0,
        ["http://ab.\u{200E}CD\u{200E}.\u{200E}EF\u{200E}/gh"]
    );
}

#[test]
fn display_visual_rfc_3987_examples() {
    // RFC 3987 §4.4, in Bidi Notation: logical → visual, with Hebrew and with Arabic letters.
    let examples = [
        // Example 1: a single component with right-to-left characters is inverted.
        (
            "http://ab.CDEFGH.ij/kl/mn/op.html",
            "http://ab.HGFEDC.ij/kl/mn/op.html",
        ),
        // Example 2: consecutive components with right-to-left characters are inverted as a
        // whole.
        (
            "http://ab.CDE.FGH/ij/kl/mn/op.html",
            "http://ab.HGF.EDC/ij/kl/mn/op.html",
        ),
        // The same rule, twice in one IRI.
        (
            "http://ab.CD.EF/gh/IJ/kl.html",
            "http://ab.FE.DC/gh/JI/kl.html",
        ),
    ];
    for script in ["hebrew", "arabic"] {
        for (logical, visual) in examples {
            assert_eq!(
                display(&["--visual", "--bidi-notation", script, logical]),
                (vec![visual.to_owned()], 0),
                "{script}: {logical}"
            );
            // Wrapped, the picture is the same in right-to-left text.
            for wrap in ["lre", "lri"] {
                assert_eq!(
                    display(&[
                        "--visual",
                        "--context",
                        "rtl",
                        "--wrap",
                        wrap,
                        "--bidi-notation",
                        script,
                        logical
                    ])
                    .0,
                    [visual],
                    "{script} {wrap}: {logical}"
                );
            }
        }
    }
    // The 2002 draft's rendering wraps the whole in LRE … PDF in right-to-left text, which
    // keeps the picture too.
    assert_eq!(
        display(&[
            "--visual",
            "--context",
            "rtl",
            "--wrap",
            "lrm",
            "--bidi-notation",
            "hebrew",
            "http://ab.cd/EF/"
        ])
        .0,
        ["http://ab.cd/FE/"]
    );
    // The 2002 draft's marks read each component in its own direction.
    assert_eq!(
        display(&[
            "--visual",
            "--wrap",
            "lrm",
            "--bidi-notation",
            "hebrew",
            "http://ab.CDE.FGH/ij/kl/mn/op.html"
        ])
        .0,
        ["http://ab.EDC.HGF/ij/kl/mn/op.html"]
    );
    // Several inputs from standard input, in order.
    let o = run_with_stdin(
        &["display", "--visual", "--bidi-notation", "hebrew"],
        b"http://ab.CDEFGH.ij/kl/mn/op.html\r\n\nhttp://AB.CD.ef/gh/IJ/KL.html\n",
    );
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://ab.HGFEDC.ij/kl/mn/op.html\n\nhttp://DC.BA.ef/gh/LK/JI.html\n"
    );
}

#[test]
fn display_formats_and_errors() {
    let heb = "http://a/\u{5D0}";
    // Not an IRI: shown anyway.
    let (out, code) = display(&["--format", "json", heb, "a b/\u{5D0}"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        [
            format!("{{\"input\":\"{heb}\",\"output\":\"\u{202A}{heb}\u{202C}\"}}"),
            "{\"input\":\"a b/\u{5D0}\",\"output\":\"\u{202A}a b/\u{5D0}\u{202C}\"}".to_owned(),
        ]
    );
    let (out, _) = display(&["--format", "tsv", "--visual", heb]);
    assert_eq!(
        out,
        [
            "input\toutput\terror",
            &format!("{heb}\thttp://a/\u{5D0}\t")
        ]
    );
    let o = run_with_stdin(&["display"], b"http://a/\n\xFF\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://a/\nerror: line 2: invalid UTF-8 at byte 0 (0xFF)\n"
    );
}

// ---------------------------------------------------------------------------------------------
// docs/diagnostics.md

/// The text of `docs/diagnostics.md`.
fn diagnostics_doc() -> String {
    std::fs::read_to_string(workspace().join("docs/diagnostics.md")).expect("docs/diagnostics.md")
}

/// The rows of the codes table: code, severity, section, trigger, near miss (without their
/// backticks).
fn doc_table() -> Vec<[String; 5]> {
    diagnostics_doc()
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_owned())
                .collect();
            cells
                .try_into()
                .unwrap_or_else(|c| panic!("five cells: {c:?}"))
        })
        .collect()
}

/// Replaces each `\u{XXXX}` by the character U+XXXX.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find("\\u{") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('}').expect("closing brace") + at;
        let cp = u32::from_str_radix(&rest[at + 3..end], 16).expect("hex");
        out.push(char::from_u32(cp).expect("a character"));
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn diagnostics_doc_covers_every_code() {
    let doc = diagnostics_doc();
    let table = doc_table();
    for code in iri::lint::Code::ALL {
        let name = code.as_str();
        assert!(
            doc.contains(&format!("\n### `{name}`\n")),
            "no heading for {name}"
        );
        let row = table
            .iter()
            .find(|r| r[0] == name)
            .unwrap_or_else(|| panic!("no table row for {name}"));
        assert_eq!(row[1], code.default_severity().as_str(), "{name}");
        assert_eq!(row[2], code.section(), "{name}");
    }
    // And nothing that is not a code.
    assert_eq!(table.len(), iri::lint::Code::ALL.len());
    for row in &table {
        assert!(iri::lint::Code::from_name(&row[0]).is_some(), "{}", row[0]);
    }
}

#[test]
fn diagnostics_doc_examples_are_true() {
    let table = doc_table();
    let mut args = vec![
        "lint".to_owned(),
        "--format".to_owned(),
        "json".to_owned(),
        "--".to_owned(),
    ];
    for row in &table {
        args.push(unescape(&row[3]));
        args.push(unescape(&row[4]));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&args);
    let out = stdout(&o);
    let codes: Vec<Vec<String>> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(codes.len(), 2 * table.len());
    for (row, found) in table.iter().zip(codes.chunks(2)) {
        let code = &row[0];
        assert!(
            found[0].contains(code),
            "trigger {} of {code} gets {:?}",
            row[3],
            found[0]
        );
        assert!(
            !found[1].contains(code),
            "near miss {} of {code} gets it: {:?}",
            row[4],
            found[1]
        );
    }
}

#[test]
fn diagnostics_doc_console_example_is_true() {
    let doc = diagnostics_doc();
    let block = doc
        .split("```console\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("a console example");
    let (command, want) = block.split_once('\n').unwrap();
    let input = command
        .strip_prefix("$ iri lint '")
        .and_then(|c| c.strip_suffix('\''))
        .expect("$ iri lint 'INPUT'");
    let o = run(&["lint", input]);
    assert_eq!(format!("{}{}", stdout(&o), stderr(&o)), format!("{want}\n"));
}

/// A long line with a finding every few bytes: the text output shows a window of the line
/// around each span (not the whole line each time: 160 KB gave 3.3 GB) and at most
/// --max-per-code of each code, with a note on the others; JSON counts them in `omitted`.
#[test]
fn lint_long_line_shows_windows_and_a_bounded_number() {
    let line = format!("http://a/{}", "x%C0%AF\u{200B}".repeat(20_000));
    let o = run_with_stdin(&["lint"], line.as_bytes());
    assert_code(&o, 1);
    let out = stdout(&o);
    assert!(out.len() < 40_000, "{} bytes of output", out.len());
    assert_eq!(out.matches("error[overlong-utf8]").count(), 20);
    assert_eq!(out.matches("warning[invisible-character]").count(), 20);
    assert!(
        out.contains(
            "note: 39960 more diagnostics left out: invisible-character 19980, overlong-utf8 \
             19980 (at most 20 of each code are shown; --max-per-code 0 shows every one)\n  \
             --> line 1 of standard input\n\n"
        ),
        "{out}"
    );
    // The second finding: the U+200B at column 17 (after `http://a/x%C0%AF`), in a window
    // that starts at the line's start and is cut 30 characters after the span.
    let second = out.split("\n\n").nth(1).unwrap();
    assert!(
        second.contains("--> line 1 of standard input, column 17, component path"),
        "{second}"
    );
    let echo = second.lines().nth(3).unwrap();
    assert!(
        echo.starts_with("   | http://a/x%C0%AF<U+200B>x%C0%AF"),
        "{echo}"
    );
    assert!(echo.ends_with('…'), "{echo}");
    assert!(echo.chars().count() < 120, "{echo}");
    // The summary counts every one, shown or not.
    assert_eq!(
        stderr(&o),
        "1 input: 20000 errors, 20000 warnings, 0 info\n"
    );
    // --max-per-code 1 and 0.
    let o = run_with_stdin(&["lint", "--max-per-code", "1"], line.as_bytes());
    assert_eq!(stdout(&o).matches("error[overlong-utf8]").count(), 1);
    let short = format!("http://a/{}", "%C0%AF".repeat(30));
    let o = run_with_stdin(&["lint", "--max-per-code", "0"], short.as_bytes());
    assert_eq!(stdout(&o).matches("error[overlong-utf8]").count(), 30);
    assert!(!stdout(&o).contains("note:"));
    // JSON: the kept ones, and the count left out of each code.
    let o = run_with_stdin(&["lint", "--format", "json"], line.as_bytes());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(v["diagnostics"].as_array().unwrap().len(), 40);
    assert_eq!(v["omitted"]["overlong-utf8"], 19980);
    assert_eq!(v["omitted"]["invisible-character"], 19980);
    assert_eq!(v["diagnostics"][1]["column"], 17);
    assert_eq!(v["diagnostics"][1]["start"], 16);
}
