//! End-to-end tests of the `iri` binary: real processes, real outputs, exit codes.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The workspace root, where `examples/` lives.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn iri() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_iri"));
    c.current_dir(workspace());
    c
}

/// Runs `iri ARGS` with `stdin` as standard input (written from a thread, so that large
/// inputs cannot deadlock).
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = iri()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn iri");
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may exit before reading everything (usage errors); that is fine.
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for iri");
    writer.join().unwrap();
    out
}

/// Runs `iri ARGS` with an empty standard input.
fn run(args: &[&str]) -> Output {
    run_with_stdin(args, b"")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

/// Asserts the exit code, showing stdout and stderr when it is wrong.
#[track_caller]
fn assert_code(o: &Output, want: i32) {
    assert_eq!(
        code(o),
        want,
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&o.stdout),
        stderr(o)
    );
}

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
            r#""component":"path","offset":10,"message":"invalid IRI reference: U+202E "#,
            r#"RIGHT-TO-LEFT OVERRIDE at byte 10 in the path is a bidi formatting character, "#,
            r#"which IRIs must not contain (RFC 3987 §4.1)"}}"#
        ),
        concat!(
            r#"{"input":"http://a:8x/","valid":false,"error":{"kind":"invalid-port","#,
            r#""component":"port","offset":10,"message":"invalid IRI reference: U+0078 'x' "#,
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
    assert_eq!(v["error"]["offset"], 7);

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
                    r#"{"input":"ok�bad","valid":false,"error":{"kind":"invalid-utf8","component":null,"offset":2,"message":"line 2: invalid UTF-8 at byte 2 (0xFF)"}}"#
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
            r#""component":"path","offset":10,"message":"invalid IRI reference: U+0000 NULL "#,
            r#"at byte 10 is not allowed in the path"}}"#,
            "\n"
        )
    );
    let o = run_with_stdin(&["validate"], b"a\0\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "<stdin>:1:2: invalid IRI reference: U+0000 NULL at byte 1 is not allowed in the path\n\
         checked 1 line: 0 valid, 1 invalid\n"
    );
}

#[test]
fn ten_megabyte_line() {
    let mut line = b"http://example.org/".to_vec();
    line.extend(vec![b'a'; 10 << 20]);
    let mut input = line.clone();
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&line);
    input.extend_from_slice(b" \n"); // invalid at its very end
    let start = Instant::now();
    let o = run_with_stdin(&["parse", "--format", "json"], &input);
    assert_code(&o, 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["path"].as_str().unwrap().len(), (10 << 20) + 1);
    let v: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(v["error"]["offset"], line.len());

    let o = run_with_stdin(&["validate"], &input);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        format!(
            "<stdin>:2:{}: invalid IRI reference: U+0020 SPACE at byte {} is not allowed in the path\n\
             checked 2 lines: 1 valid, 1 invalid\n",
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
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn broken_pipe_ends_quietly() {
    let mut input = Vec::new();
    for i in 0..200_000 {
        input.extend_from_slice(format!("http://example.org/δ/{i}?q=ü#f\n").as_bytes());
    }
    for format in ["text", "json"] {
        let mut child = iri()
            .args(["parse", "--format", format])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let data = input.clone();
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&data);
        });
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert!(first.contains("example.org"), "{first}");
        drop(reader); // close the pipe, as `head -1` does
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        writer.join().unwrap();
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err, "", "{format}");
        assert_eq!(status.code(), Some(0), "{format}: {status:?}");
    }
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
    assert_eq!(
        out.lines().last(),
        Some("checked 40 lines: 30 valid, 10 invalid")
    );
    assert_eq!(stderr(&o), "", "no progress bar outside a terminal");

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
             {good}:4:1: invalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits\n\
             checked 4 lines: 2 valid, 2 invalid; 1 file could not be read\n"
        )
    );
    assert_eq!(
        stderr(&o),
        format!("iri: {missing}: No such file or directory (os error 2)\n")
    );

    let o = run(&["validate", "--format", "json", good, missing]);
    assert_code(&o, 1);
    let want = [
        format!(
            r#"{{"file":"{good}","line":2,"column":2,"offset":1,"kind":"invalid-char","component":"path","message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#
        ),
        format!(
            r#"{{"file":"{good}","line":4,"column":1,"offset":0,"kind":"invalid-pct-encoding","component":"path","message":"invalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits"}}"#
        ),
        r#"{"summary":{"lines":4,"valid":2,"invalid":2}}"#.to_owned(),
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
    assert!(stderr(&o).contains("No such file"));

    // Only the missing file: still exit 1, nothing checked.
    let o = run(&["validate", missing]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "checked 0 lines: 0 valid, 0 invalid; 1 file could not be read\n"
    );
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
        r#"{"file":"<stdin>","line":2,"column":1,"offset":0,"kind":"invalid-utf8","component":null,"message":"invalid UTF-8 at byte 0 (0xC3)"}"#
    );
    assert_eq!(lines[2], r#"{"summary":{"lines":3,"valid":1,"invalid":2}}"#);

    let o = run_with_stdin(&["validate", "--kind", "uri"], b"http://a/\nhttp://b/\n");
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "checked 2 lines: 2 valid, 0 invalid\n");
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
            r#"{"input":"a b","error":{"kind":"invalid-char","component":"path","offset":1,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#,
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
        "input\toutput\terror\n%\t\tinvalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits\n"
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
            r#"{"input":"<","error":{"kind":"invalid-char","component":"path","offset":0,"message":"invalid IRI reference: U+003C LESS-THAN SIGN at byte 0 is not allowed in the path"}}"#,
        ]
    );
    let o = run(&["resolve", "--base", base, "--format", "tsv", "../x"]);
    assert_eq!(stdout(&o), "input\toutput\terror\n../x\thttp://a/b/x\t\n");
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
    assert_eq!(lines[0]["error"]["offset"], serde_json::Value::Null);
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
