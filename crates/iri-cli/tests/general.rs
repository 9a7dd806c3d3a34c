//! End-to-end tests of what every subcommand shares: exit codes, usage errors, standard
//! input, arguments.

mod common;

use common::*;

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
// arguments

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
