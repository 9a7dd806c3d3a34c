//! End-to-end tests of `iri lint`, and of docs/diagnostics.md against it.

mod common;

use common::*;

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
