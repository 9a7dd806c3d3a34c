//! The command loses nothing: written against the contract in README.md and `iri --help`
//! ("every input line yields one output line or one error line, in order"; exit status 1
//! when some input is invalid; a closed standard output ends the program quietly).
//!
//! Every subcommand that reads lines gets input with invalid UTF-8 (a bad byte, a truncated
//! sequence, an encoded surrogate), NUL bytes, tabs and a lone CR inside lines, CRLF and LF
//! line ends mixed, empty lines, a missing final newline and a 10 MB line; each line must give
//! one output or one error line, in order, the error naming its line. The library decides
//! which lines are valid, so the expectations are not written by hand. Then each is cut off
//! by a closed pipe and must end without a word on standard error.

mod common;

use common::*;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Output, Stdio};

/// The hostile lines, without terminators.
fn lines() -> Vec<Vec<u8>> {
    [
        &b"http://example.org/ok"[..],
        b"http://a/\xFF",
        b"",
        b"http://a/b\x00c",
        b"",
        b"",
        b"rel\xC3",
        "http://例え.テスト/δ?q=1#ñ".as_bytes(),
        b"http://a/\xED\xA0\x80",
        b"a\tb",
        b"x\ry",
        b"../rel/x",
        b"http://a/ b",
        b"\r",
        b"http://a/%C0%AF..",
        b"http://example.org/last",
    ]
    .iter()
    .map(|l| l.to_vec())
    .collect()
}

/// The lines joined with LF and CRLF in turn, the last one without a newline.
fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        out.extend_from_slice(l);
        if i + 1 < lines.len() {
            out.extend_from_slice(if i % 2 == 0 { b"\n" } else { b"\r\n" });
        }
    }
    out
}

/// What the command reads back for each line of `join(lines)`: the terminator is gone, so a
/// line that was a lone `\r` followed by `\n` or `\r\n` is read as empty (`\r` then `\n`
/// ends the line, and the CR is stripped as part of a CRLF).
fn read_back(lines: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let count = lines.len();
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let crlf = i % 2 == 1 && i + 1 < count;
            if !crlf && line.ends_with(b"\r") && i + 1 < count {
                return line[..line.len() - 1].to_vec();
            }
            line.to_vec()
        })
        .collect()
}

/// Whether the library takes the line as an IRI reference (or, with `absolute`, an IRI).
fn valid(line: &[u8], absolute: bool) -> bool {
    std::str::from_utf8(line).is_ok_and(|s| {
        if absolute {
            iri::Iri::parse(s).is_ok()
        } else {
            iri::IriRef::parse(s).is_ok()
        }
    })
}

/// Subcommands that print one line per input in text and JSON, and how each judges a line.
const ONE_PER_LINE: &[(&[&str], Judge)] = &[
    (&["parse"], Judge::IriRef),
    (&["parse", "--kind", "iri"], Judge::Iri),
    (&["to-uri"], Judge::IriRef),
    (&["to-uri", "--idna"], Judge::Idna),
    (&["to-iri"], Judge::IriRef),
    (&["to-iri", "--idna"], Judge::IriRef),
    (&["resolve", "--base", "http://a/b/c"], Judge::IriRef),
    (&["relativize", "--base", "http://a/b/c"], Judge::Iri),
    (&["normalize"], Judge::IriRef),
    (
        &["normalize", "--level", "scheme", "--nfkc", "--form", "uri"],
        Judge::Idna,
    ),
    (&["display"], Judge::Utf8),
    (&["display", "--visual"], Judge::Utf8),
];

#[derive(Debug, Clone, Copy)]
enum Judge {
    /// Valid when it parses as an IRI reference.
    IriRef,
    /// Valid when it parses as an IRI.
    Iri,
    /// Valid when it parses as an IRI reference; IDNA may reject a valid one too.
    Idna,
    /// Valid when it is UTF-8.
    Utf8,
}

impl Judge {
    /// `Some(valid)`, or `None` when the library alone cannot say.
    fn expect(self, line: &[u8]) -> Option<bool> {
        match self {
            Judge::IriRef => Some(valid(line, false)),
            Judge::Iri => Some(valid(line, true)),
            Judge::Idna => (!valid(line, false)).then_some(false),
            Judge::Utf8 => Some(std::str::from_utf8(line).is_ok()),
        }
    }
}

#[track_caller]
fn check_text(args: &[&str], judge: Judge, lines: &[Vec<u8>], out: &Output) {
    let what = args.join(" ");
    let text = String::from_utf8_lossy(&out.stdout);
    let got: Vec<&str> = text.split_terminator('\n').collect();
    assert_eq!(
        got.len(),
        lines.len(),
        "{what}: {} output lines for {} inputs:\n{text}",
        got.len(),
        lines.len()
    );
    for (i, (line, shown)) in lines.iter().zip(&got).enumerate() {
        let n = i + 1;
        let is_error = shown.starts_with("error: ");
        if is_error {
            assert!(
                shown.starts_with(&format!("error: line {n}: ")),
                "{what}: line {n}: {shown:?}"
            );
        }
        if let Some(ok) = judge.expect(line) {
            assert_eq!(
                !is_error,
                ok,
                "{what}: line {n} {:?}: {shown:?}",
                String::from_utf8_lossy(line)
            );
        }
    }
    let some_invalid = got.iter().any(|l| l.starts_with("error: "));
    assert_eq!(out.status.code(), Some(i32::from(some_invalid)), "{what}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{what}");
}

#[track_caller]
fn check_json(args: &[&str], judge: Judge, lines: &[Vec<u8>], out: &Output) {
    let what = args.join(" ");
    let text = std::str::from_utf8(&out.stdout).expect("JSON Lines are UTF-8");
    let got: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: {l:?}: {e}")))
        .collect();
    assert_eq!(
        got.len(),
        lines.len(),
        "{what}: {} objects for {} inputs",
        got.len(),
        lines.len()
    );
    for (i, (line, v)) in lines.iter().zip(&got).enumerate() {
        let n = i + 1;
        assert_eq!(
            v["input"].as_str(),
            Some(&*String::from_utf8_lossy(line)),
            "{what}: object {n} is not line {n}"
        );
        let is_error = v.get("error").is_some_and(|e| !e.is_null());
        if let Some(ok) = judge.expect(line) {
            assert_eq!(!is_error, ok, "{what}: line {n}: {v}");
        }
        if std::str::from_utf8(line).is_err() {
            assert_eq!(v["error"]["kind"], "invalid-utf8", "{what}: line {n}");
            let msg = v["error"]["message"].as_str().unwrap();
            assert!(msg.starts_with(&format!("line {n}: ")), "{what}: {msg}");
        }
    }
}

#[test]
fn every_line_gives_one_line_in_order() {
    let raw = lines();
    let input = join(&raw);
    let read = read_back(&raw);
    for &(args, judge) in ONE_PER_LINE {
        let out = run_with_stdin(args, &input);
        check_text(args, judge, &read, &out);
        let mut json = args.to_vec();
        json.extend(["--format", "json"]);
        let out = run_with_stdin(&json, &input);
        check_json(&json, judge, &read, &out);
    }
}

#[test]
fn tsv_keeps_one_row_per_line_and_its_columns() {
    let raw = lines();
    let input = join(&raw);
    for args in [
        &["parse", "--format", "tsv"][..],
        &["to-uri", "--format", "tsv"],
        &["normalize", "--format", "tsv"],
        &["resolve", "--base", "http://a/b/c", "--format", "tsv"],
    ] {
        let out = run_with_stdin(args, &input);
        let text = String::from_utf8_lossy(&out.stdout);
        let rows: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(
            rows.len(),
            raw.len() + 1,
            "{args:?}: header and one row per line:\n{text}"
        );
        let columns = rows[0].split('\t').count();
        for (n, row) in rows.iter().enumerate().skip(1) {
            assert_eq!(
                row.split('\t').count(),
                columns,
                "{args:?}: row {n}: {row:?}"
            );
            assert!(
                !row.contains('\r'),
                "{args:?}: row {n} holds a raw CR: {row:?}"
            );
        }
    }
}

#[test]
fn validate_and_dedup_count_every_line() {
    let raw = lines();
    let input = join(&raw);
    let read = read_back(&raw);
    let invalid: Vec<usize> = read
        .iter()
        .enumerate()
        .filter(|(_, l)| !valid(l, false))
        .map(|(i, _)| i + 1)
        .collect();
    let out = run_with_stdin(&["validate"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    let summary = String::from_utf8_lossy(&out.stderr);
    let reported: Vec<usize> = text
        .lines()
        .filter_map(|l| l.strip_prefix("<stdin>:"))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(reported, invalid, "{text}");
    assert_eq!(
        summary.lines().last(),
        Some(
            format!(
                "checked {} lines: {} valid, {} invalid",
                raw.len(),
                raw.len() - invalid.len(),
                invalid.len()
            )
            .as_str()
        )
    );
    assert_eq!(out.status.code(), Some(1));

    let out = run_with_stdin(&["validate", "--format", "json"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines_reported: Vec<u64> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()?["line"].as_u64())
        .collect();
    assert_eq!(
        lines_reported,
        invalid.iter().map(|&n| n as u64).collect::<Vec<_>>()
    );

    // dedup prints each class once and each invalid line as an error naming it.
    let out = run_with_stdin(&["dedup"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    let errors: Vec<usize> = text
        .lines()
        .filter_map(|l| l.strip_prefix("error: <stdin>:"))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(errors, invalid, "{text}");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.starts_with(&format!("{} lines, ", raw.len())),
        "{summary}"
    );
    assert!(
        summary
            .trim_end()
            .ends_with(&format!("{} invalid", invalid.len())),
        "{summary}"
    );
}

#[test]
fn lint_reports_every_line() {
    let raw = lines();
    let input = join(&raw);
    let read = read_back(&raw);
    let args = ["lint", "--format", "json"];
    let out = run_with_stdin(&args, &input);
    let text = std::str::from_utf8(&out.stdout).unwrap();
    let got: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), read.len());
    for (i, (line, v)) in read.iter().zip(&got).enumerate() {
        assert_eq!(
            v["input"].as_str(),
            Some(&*String::from_utf8_lossy(line)),
            "object {}",
            i + 1
        );
        let has_error = v["error"].is_object()
            || v["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["severity"] == "error"));
        if !valid(line, false) {
            assert!(has_error, "line {}: {v}", i + 1);
        }
    }
    assert_eq!(out.status.code(), Some(1));
    // The text form: the summary counts every input, and each block points at its line.
    let out = run_with_stdin(&["lint"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    let pointed: Vec<usize> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> line "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    let mut sorted = pointed.clone();
    sorted.sort();
    assert_eq!(pointed, sorted, "in order:\n{text}");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.starts_with(&format!("{} inputs: ", raw.len())),
        "{summary}"
    );
}

#[test]
fn a_10_mb_line_comes_through_whole() {
    let big = format!("http://example.org/{}?q#f", "aé~%41/".repeat(10 << 20 >> 3));
    let mut input = b"http://a/1\n".to_vec();
    input.extend_from_slice(big.as_bytes());
    input.extend_from_slice(b"\r\nhttp://a/\xFF\n");
    input.extend_from_slice(big.replace("?q", " ?q").as_bytes());
    input.extend_from_slice(b"\nhttp://a/4");
    // What the long line must come out as, from the library.
    let r = iri::IriRef::parse(big.as_str()).unwrap();
    let to_iri = r.to_iri().to_string();
    let normalized = iri::Normalizer::syntax().normalize(&r).to_string();
    let resolved = iri::Iri::parse("http://a/b")
        .unwrap()
        .resolve(&r)
        .to_string();
    let cases: [(&[&str], &str); 5] = [
        (&["parse", "--format", "json"], &big),
        (&["to-iri"], &to_iri),
        (&["normalize", "--format", "json"], &normalized),
        (&["resolve", "--base", "http://a/b"], &resolved),
        (&["display"], &big),
    ];
    for (args, want) in cases {
        let out = run_with_stdin(args, &input);
        let text = String::from_utf8_lossy(&out.stdout);
        let got: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(got.len(), 5, "{args:?}");
        let long = if args.contains(&"json") {
            let v: serde_json::Value = serde_json::from_str(got[1]).unwrap();
            let key = if args[0] == "parse" {
                "input"
            } else {
                "output"
            };
            v[key].as_str().unwrap().to_string()
        } else {
            got[1].to_string()
        };
        assert!(
            long == want,
            "{args:?}: the long line does not come out whole ({} bytes, want {})",
            long.len(),
            want.len()
        );
        assert!(got[2].contains("line 3"), "{args:?}: {:?}", got[2]);
        if args[0] != "display" {
            assert!(got[3].contains("error"), "{args:?}: the invalid long line");
        }
        assert!(got[4].contains("http://a/4"), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    }
    let out = run_with_stdin(&["validate"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    // The column counts characters.
    let with_space = big.replace("?q", " ?q");
    let space = with_space[..with_space.find(' ').unwrap()].chars().count();
    assert!(
        text.contains(&format!("<stdin>:4:{}: ", space + 1)),
        "{}",
        &text[..text.len().min(500)]
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "checked 5 lines: 3 valid, 2 invalid\n"
    );
}

/// The subcommands that read lines, in each of their formats.
const ALL: &[&[&str]] = &[
    &["parse"],
    &["parse", "--format", "json"],
    &["parse", "--format", "tsv"],
    &["validate"],
    &["validate", "--format", "json"],
    &["to-uri"],
    &["to-uri", "--idna", "--format", "tsv"],
    &["to-iri", "--format", "json"],
    &["resolve", "--base", "http://a/b"],
    &["relativize", "--base", "http://a/b", "--format", "json"],
    &["normalize", "--level", "scheme"],
    &["dedup"],
    &["lint"],
    &["lint", "--format", "json"],
    &["display", "--visual"],
    &["display", "--wrap", "lrm"],
];

#[test]
fn a_closed_pipe_ends_quietly() {
    // Many lines, every other one invalid (so that validate and dedup write as they go) and
    // every one different (so that dedup prints them).
    let mut input = Vec::new();
    for i in 0..100_000 {
        input.extend_from_slice(format!("http://example.org/é/{i}\nhttp://a/{i} x\n").as_bytes());
    }
    for args in ALL {
        let mut child = iri()
            .args(*args)
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
        assert!(!first.is_empty(), "{args:?}: no output");
        drop(reader);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        writer.join().unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}: a closed pipe is not worth a word");
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?}");
    }
}
