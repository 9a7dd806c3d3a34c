//! `iri expand` and `iri match` end to end: RFC 6570 examples (§3.2), both output forms,
//! variables from --var and --vars, every output format, errors in place, exit statuses.

mod common;

use common::{iri, run_with_stdin};

fn run(args: &[&str]) -> (String, i32) {
    let out = iri().args(args).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The JSON value of each line.
fn json_rows(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn write_vars(name: &str, json: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-template-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, json).unwrap();
    path
}

#[test]
fn expand_rfc6570_examples_with_vars_file() {
    // The variables of RFC 6570 §3.2.1 (those these rows use), objects in file order.
    let path = write_vars(
        "rfc.json",
        r#"{"count": ["one", "two", "three"], "hello": "Hello World!", "half": "50%",
            "keys": {"semi": ";", "dot": ".", "comma": ","}, "x": 1024, "y": "768",
            "empty": "", "undef": null, "path": "/foo/bar", "list": ["red", "green", "blue"]}"#,
    );
    let p = path.to_str().unwrap();
    let cases = [
        ("{count*}", "one,two,three"),                 // §3.2.1
        ("{hello}", "Hello%20World%21"),               // §3.2.2
        ("?{x,undef}", "?1024"),                       // §3.2.2
        ("{+path:6}/here", "/foo/b/here"),             // §3.2.3
        ("{#keys*}", "#semi=;,dot=.,comma=,"),         // §3.2.4
        ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),   // §3.2.5
        ("{/list*,path:4}", "/red/green/blue/%2Ffoo"), // §3.2.6
        ("{;x,y,empty}", ";x=1024;y=768;empty"),       // §3.2.7
        ("{?x,y,empty}", "?x=1024&y=768&empty="),      // §3.2.8
        ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),     // §3.2.9
        ("{half}", "50%25"),                           // §3.2.2
    ];
    let mut args = vec!["expand", "--vars", p];
    args.extend(cases.iter().map(|c| c.0));
    let (out, code) = run(&args);
    let want: Vec<&str> = cases.iter().map(|c| c.1).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    assert_eq!(code, 0);
}

#[test]
fn expand_uri_and_iri_forms() {
    let t = "http://example.org/ü/{city}{?q}";
    let (uri, _) = run(&["expand", "--var", "city=Zürich", "--var", "q=a b", t]);
    assert_eq!(uri, "http://example.org/%C3%BC/Z%C3%BCrich?q=a%20b\n");
    let (uri2, _) = run(&[
        "expand",
        "--uri",
        "--var",
        "city=Zürich",
        "--var",
        "q=a b",
        t,
    ]);
    assert_eq!(uri2, uri);
    let (iri_out, _) = run(&[
        "expand",
        "--iri",
        "--var",
        "city=Zürich",
        "--var",
        "q=a b",
        t,
    ]);
    assert_eq!(iri_out, "http://example.org/ü/Zürich?q=a%20b\n");
    // --var wins over --vars.
    let path = write_vars("win.json", r#"{"city": "Bern"}"#);
    let (out, _) = run(&[
        "expand",
        "--vars",
        path.to_str().unwrap(),
        "--var",
        "city=Genf",
        "{city}",
    ]);
    assert_eq!(out, "Genf\n");
    let (_, code) = run(&["expand", "--uri", "--iri", "{x}"]);
    assert_eq!(code, 2);
}

#[test]
fn expand_errors_in_place_in_every_format() {
    let (out, code) = run(&["expand", "--var", "l=x", "a{b", "{l}", "{x:0}"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("error: invalid URI template: the expression opened by '{' at byte 1"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "x");
    assert!(lines[2].contains("prefix length at byte 3"), "{}", lines[2]);

    let (out, _) = run(&["expand", "--format", "json", "--var", "l=x", "a{b", "{l}"]);
    let rows = json_rows(&out);
    assert_eq!(rows[0]["input"], "a{b");
    assert_eq!(rows[0]["error"]["column"], 2);
    assert_eq!(rows[0]["error"]["component"], serde_json::Value::Null);
    assert_eq!(rows[0]["error"]["kind"], "unclosed-expression");
    assert_eq!(rows[0]["error"]["byte"], 1);
    assert_eq!(rows[1]["output"], "x");

    let path = write_vars("list.json", r#"{"l": ["a"]}"#);
    let (out, code) = run(&[
        "expand",
        "--format",
        "tsv",
        "--vars",
        path.to_str().unwrap(),
        "{l:1}",
        "{l}",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "template\toutput\terror");
    assert!(
        lines[1].starts_with("{l:1}\t\tcannot expand variable 'l'"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "{l}\ta\t");
}

#[test]
fn expand_reads_templates_from_standard_input_and_escapes_text() {
    let out = run_with_stdin(
        &["expand", "--iri", "--var", "x=a\u{202E}b"],
        "/{x}\n/\u{202E}{x}\n".as_bytes(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Bidi formatting characters are percent-encoded in the IRI form too (RFC 3987 §4.1),
    // in values and in literals.
    assert_eq!(lines[0], "/a%E2%80%AEb");
    assert_eq!(lines[1], "/%E2%80%AEa%E2%80%AEb");
    // A raw bidi control in the text output is escaped.
    let (out, _) = run(&["match", "/{x}", "/%E2%80%AE"]);
    assert_eq!(out, "{\"x\":\"<U+202E>\"}\n");
}

#[test]
fn vars_file_errors_are_reported() {
    let path = write_vars("bad.json", r#"{"x": [[1]]}"#);
    let out = iri()
        .args(["expand", "--vars", path.to_str().unwrap(), "{x}"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("variable 'x'"), "{err}");
    let out = iri()
        .args(["expand", "--vars", "/nonexistent/v.json", "{x}"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let (_, code) = run(&["expand", "--var", "novalue", "{x}"]);
    assert_eq!(code, 2);
}

#[test]
fn match_one_result_or_error_per_input_in_order() {
    let t = "/repos/{owner}/{repo}{?labels,page}";
    let input = "/repos/a/b?labels=x,y&page=2\n/nope\n/repos/ü/b\n/repos/%C3%BC/c\n";
    let out = run_with_stdin(&["match", "--format", "json", t], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows = json_rows(&text);
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows[0]["vars"],
        serde_json::json!({"owner": "a", "repo": "b", "labels": ["x", "y"], "page": "2"})
    );
    assert_eq!(rows[1]["input"], "/nope");
    assert_eq!(rows[1]["error"]["kind"], "no-match");
    // Non-ASCII input is read in IRI form, ASCII in URI form: both give ü.
    assert_eq!(rows[2]["vars"]["owner"], "ü");
    assert_eq!(rows[3]["vars"]["owner"], "ü");
    // --uri refuses raw non-ASCII; --iri refuses what the IRI form would not encode.
    let (_, code) = run(&["match", "--uri", t, "/repos/ü/b"]);
    assert_eq!(code, 1);
    let (out, code) = run(&["match", "--iri", t, "/repos/%C3%BC/b"]);
    assert_eq!((out.starts_with("error: "), code), (true, 1));
    // TSV.
    let (out, _) = run(&["match", "--format", "tsv", "{/p*}", "/a/b"]);
    assert_eq!(out, "input\tvars\terror\n/a/b\t{\"p\":[\"a\",\"b\"]}\t\n");
}

#[test]
fn match_output_expands_back() {
    // The law, through the command: expand(match(t, u)) == u.
    let t = "{+base}{/path*}{?q*}{#f}";
    let u = "http://h/x/a/b%20c?k=v&z=#frag";
    let (vars, code) = run(&["match", t, u]);
    assert_eq!(code, 0);
    let path = write_vars("back.json", vars.trim());
    let (out, _) = run(&["expand", "--vars", path.to_str().unwrap(), t]);
    assert_eq!(out.trim(), u);
}

#[test]
fn invalid_match_template_is_a_usage_error() {
    let out = iri().args(["match", "{a", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("no closing '}'"));
    let (_, code) = run(&["--stats", "match", "{a}", "x"]);
    assert_eq!(code, 2);
}

#[test]
fn standard_input_goes_through_the_batch_driver() {
    // Many lines on every worker: one output line per input, in input order.
    let mut input = String::new();
    let mut want = String::new();
    for i in 0..3000 {
        input.push_str(&format!("/{i}/{{x}}\n"));
        want.push_str(&format!("/{i}/v\n"));
    }
    let out = run_with_stdin(&["-j", "2", "expand", "--var", "x=v"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), want);

    // A failing line of standard input is named in text, as in every subcommand; a line
    // that is not UTF-8 has its input, byte and column; CRLF endings are cut.
    let out = run_with_stdin(&["expand", "--var", "x=1"], b"{x}\r\na{b\n\xFF{x}\n");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1");
    assert!(
        lines[1].starts_with("error: line 2: invalid URI template"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error: line 3: invalid UTF-8 at byte 0 (0xFF)");
    let out = run_with_stdin(&["match", "--format", "json", "/{a}"], b"/b\n/\xFF\n");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows = json_rows(&text);
    assert_eq!(
        rows[0],
        serde_json::json!({"input": "/b", "vars": {"a": "b"}})
    );
    assert_eq!(rows[1]["input"], "/\u{FFFD}");
    assert_eq!(rows[1]["error"]["kind"], "invalid-utf8");
    assert_eq!(rows[1]["error"]["byte"], 1);
    assert_eq!(rows[1]["error"]["column"], 2);

    // The TSV headers keep their names, from standard input too.
    let out = run_with_stdin(&["expand", "--format", "tsv", "--var", "x=1"], b"{x}\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "template\toutput\terror\n{x}\t1\t\n"
    );
    let out = run_with_stdin(&["match", "--format", "tsv", "{/p*}"], b"/a/b\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "input\tvars\terror\n/a/b\t{\"p\":[\"a\",\"b\"]}\t\n"
    );
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_an_error_in_place() {
    use std::os::unix::ffi::OsStrExt;
    let out = iri()
        .args(["match", "/{a}", "/b"])
        .arg(std::ffi::OsStr::from_bytes(b"/\xFF"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "{\"a\":\"b\"}");
    assert_eq!(
        lines[1],
        "error: argument 2: invalid UTF-8 at byte 1 (0xFF)"
    );
}
