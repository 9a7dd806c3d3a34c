//! End-to-end tests of the batch machinery: the same output, in input order, whatever the
//! number of threads and across chunk boundaries; streaming before the input ends; `--stats`
//! on standard error; completions, man pages, version and examples in the help.

mod common;

use common::*;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Lines per chunk in the program (`batch::CHUNK_LINES`).
const CHUNK_LINES: usize = 8192;

/// A mixed input over three chunks: valid IRIs in several scripts, equivalent spellings,
/// invalid lines, lines that are not UTF-8, CRLF endings and empty lines; the special lines
/// fall on both sides of the chunk boundaries.
fn mixed_input() -> Vec<u8> {
    let mut input = Vec::new();
    for i in 0..(CHUNK_LINES * 2 + 1000) {
        let line: Vec<u8> = match i % 11 {
            _ if i == CHUNK_LINES - 1 || i == CHUNK_LINES * 2 => b"bad line \xFF".to_vec(),
            _ if i == CHUNK_LINES => b"http://a/ b".to_vec(),
            0 => format!("http://example.org/δ/{}?q=ü#f", i % 500).into_bytes(),
            1 => format!("HTTP://EXAMPLE.org:80/./%CE%B4/{}?q=%C3%BC#f", i % 500).into_bytes(),
            2 => format!("https://пример.рф/مرحبا/{i}").into_bytes(),
            3 => b"http://[::1]:8080/".to_vec(),
            4 => format!("../rel/{i}\r").into_bytes(),
            5 => b"".to_vec(),
            6 => format!("http://a/<{i}>").into_bytes(),
            7 => b"http://user:pw@0x7f.1/%C0%AF..".to_vec(),
            8 => format!("mailto:x{i}@example.org").into_bytes(),
            9 => b"http://a/\xE2\x80\xAEx".to_vec(),
            _ => format!("urn:isbn:{i}").into_bytes(),
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    input
}

#[test]
fn same_output_whatever_the_threads() {
    let input = mixed_input();
    let commands: &[&[&str]] = &[
        &["parse", "--format", "json"],
        &["parse", "--format", "tsv"],
        &["parse"],
        &["validate"],
        &["validate", "--format", "json"],
        &["to-uri"],
        &["to-uri", "--idna", "--format", "tsv"],
        &["to-iri"],
        &["resolve", "--base", "http://a/b/c"],
        &["relativize", "--base", "http://example.org/δ/"],
        &["normalize", "--level", "scheme", "--format", "json"],
        &["dedup"],
        &["dedup", "--level", "scheme", "--format", "json"],
        &["lint", "--format", "json"],
        &["lint"],
        &["display", "--visual"],
    ];
    for args in commands {
        let one = run_with_stdin(&[&["-j", "1"], *args].concat(), &input);
        let two = run_with_stdin(&[&["--threads", "2"], *args].concat(), &input);
        let four = run_with_stdin(&[*args, &["-j", "4"]].concat(), &input);
        assert!(!one.stdout.is_empty(), "{args:?}");
        assert_eq!(one.stdout, two.stdout, "{args:?}: 1 and 2 threads");
        assert_eq!(one.stdout, four.stdout, "{args:?}: 1 and 4 threads");
        assert_eq!(one.stderr, two.stderr, "{args:?}");
        assert_eq!(one.status.code(), two.status.code(), "{args:?}");
        assert_eq!(
            one.status.code(),
            Some(1),
            "{args:?}: some lines are invalid"
        );
    }
}

#[test]
fn one_output_per_line_across_chunks_with_line_numbers() {
    let input = mixed_input();
    let lines = input.split(|&b| b == b'\n').count() - 1;
    let o = run_with_stdin(&["-j", "2", "to-uri", "--format", "json"], &input);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), lines);
    for (i, line) in out.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            v["output"].is_string() || v["error"].is_object(),
            "{i}: {line}"
        );
    }
    // The lines at the chunk boundaries, by their numbers.
    let o = run_with_stdin(&["-j", "2", "to-uri"], &input);
    let out = String::from_utf8(o.stdout).unwrap();
    let all: Vec<&str> = out.lines().collect();
    assert_eq!(
        all[CHUNK_LINES - 1],
        format!("error: line {CHUNK_LINES}: invalid UTF-8 at byte 9 (0xFF)")
    );
    assert!(
        all[CHUNK_LINES].starts_with(&format!("error: line {}: ", CHUNK_LINES + 1)),
        "{}",
        all[CHUNK_LINES]
    );
    assert_eq!(
        all[CHUNK_LINES * 2],
        format!(
            "error: line {}: invalid UTF-8 at byte 9 (0xFF)",
            CHUNK_LINES * 2 + 1
        )
    );
    // validate names the same lines.
    let o = run_with_stdin(&["-j", "2", "validate"], &input);
    let out = String::from_utf8(o.stdout).unwrap();
    for n in [CHUNK_LINES, CHUNK_LINES + 1, CHUNK_LINES * 2 + 1] {
        assert!(out.contains(&format!("<stdin>:{n}:")), "line {n}");
    }
    // One TSV header, then one row per line.
    let o = run_with_stdin(&["-j", "2", "normalize", "--format", "tsv"], &input);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), lines + 1);
    assert_eq!(out.matches("input\toutput\terror\n").count(), 1);
}

#[test]
fn output_streams_before_the_input_ends() {
    // Three chunks' worth of lines, and the input kept open: the first results must come out.
    for threads in ["1", "2"] {
        let mut child = iri()
            .args(["-j", threads, "to-uri"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        // Written from a thread (the pipes are small), and kept open until the first result
        // has been read.
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let writer = std::thread::spawn(move || {
            for i in 0..CHUNK_LINES * 3 {
                writeln!(stdin, "http://example.org/δ/{i}").unwrap();
            }
            stdin.flush().unwrap();
            let _ = wait.recv();
            drop(stdin);
        });
        // Should nothing come out, the program is killed after a minute and the test fails
        // rather than hangs.
        let pid = child.id().to_string();
        let (got_first, watch) = std::sync::mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if watch
                .recv_timeout(std::time::Duration::from_secs(60))
                .is_err()
            {
                let _ = Command::new("kill").arg(&pid).status();
            }
        });
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        let _ = reader.read_line(&mut first);
        let _ = got_first.send(());
        watchdog.join().unwrap();
        assert_eq!(first, "http://example.org/%CE%B4/0\n", "{threads} threads");
        done.send(()).unwrap();
        let rest = reader.lines().count();
        assert_eq!(rest, CHUNK_LINES * 3 - 1);
        writer.join().unwrap();
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn stats_go_to_standard_error() {
    let input = b"http://example.org/\xC3\xA9\nhttp://[::1]/\nhttp://1.2.3.4/\na b\n\xFF\nrel\n";
    let plain = run_with_stdin(&["to-uri"], input);
    let o = run_with_stdin(&["to-uri", "--stats"], input);
    assert_eq!(o.stdout, plain.stdout, "standard output is unchanged");
    assert_eq!(plain.stderr, b"");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("stats: 6 lines: 4 valid, 1 invalid, 1 not UTF-8\n"),
        "{err}"
    );
    assert!(
        err.contains("stats: invalid by kind: invalid-char 1\n"),
        "{err}"
    );
    assert!(
        err.contains("stats: non-ASCII: 2 of 6 lines (33.3%)"),
        "{err}"
    );
    assert!(
        err.contains("stats: hosts: reg-name 1, ipv4 1, ipv6 1, ipvfuture 0, none 1\n"),
        "{err}"
    );
    // The diagnostics are counted only when asked for (`lint`: some 20 times slower).
    assert!(!err.contains("diagnostics"), "{err}");
    let o = run_with_stdin(&["to-uri", "--stats=lint"], input);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("stats: diagnostics: parse-error 1"), "{err}");

    let stats_json = |o: std::process::Output| {
        let err = String::from_utf8(o.stderr).unwrap();
        let line = err
            .lines()
            .find(|l| l.starts_with("{\"stats\""))
            .unwrap()
            .to_owned();
        serde_json::from_str::<serde_json::Value>(&line).unwrap()
    };
    let v = stats_json(run_with_stdin(
        &["validate", "--stats=json,lint", "-"],
        input,
    ));
    assert_eq!(v["stats"]["lines"], 6);
    assert_eq!(v["stats"]["hosts"]["ipv4"], 1);
    assert_eq!(v["stats"]["diagnostics"]["parse-error"], 1);
    let v = stats_json(run_with_stdin(&["validate", "--stats=json", "-"], input));
    assert!(v["stats"]["diagnostics"].is_null(), "{v}");
    // A global flag: before or after the subcommand.
    let o = run_with_stdin(&["--stats", "-q", "dedup"], input);
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("stats: 6 lines"));
    // Over arguments too.
    let o = iri()
        .args(["parse", "--stats", "a:b", "c d"])
        .output()
        .unwrap();
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .starts_with("stats: 2 lines: 1 valid, 1 invalid"));
    // One line is one line.
    let o = iri().args(["parse", "--stats", "a:b"]).output().unwrap();
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .starts_with("stats: 1 line: 1 valid, 0 invalid"));
}

/// `--stats` where it cannot apply (no input lines), or with an unknown value, is a usage
/// error: exit status 2 and a message naming the subcommand.
#[test]
fn stats_refused_where_no_lines_are_read() {
    for args in [
        &["--stats", "compare", "a:", "a:"][..],
        &["--stats", "extract", "-"],
        &["--stats=json", "serve", "--port", "0"],
        &["completions", "bash", "--stats"],
        &["--stats", "man"],
    ] {
        let o = iri().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--stats summarizes the input lines"),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    let o = iri().args(["--stats=xml", "parse", "a:"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown --stats value 'xml'"));
}

#[test]
fn no_progress_bar_in_a_pipe() {
    let o = run_with_stdin(&["validate", "-"], &mixed_input());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("checked ") && err.lines().count() == 1,
        "{err}"
    );
    let o = run_with_stdin(&["parse", "-j", "0"], b"a\n");
    assert_eq!(o.stderr, b"");
    assert_eq!(o.stdout, b"path=a\n");
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-batch-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn completions_and_man_pages() {
    for (shell, marker) in [
        ("bash", "_iri()"),
        ("zsh", "#compdef iri"),
        ("fish", "complete -c iri"),
        ("elvish", "iri"),
        ("powershell", "iri"),
    ] {
        let o = iri().args(["completions", shell]).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(o.stdout).unwrap();
        assert!(script.contains(marker), "{shell}");
        if shell != "elvish" && shell != "powershell" {
            for sub in ["validate", "to-uri", "serve", "completions"] {
                assert!(script.contains(sub), "{shell}: {sub}");
            }
        }
    }
    let dir = scratch("generate");
    let file = dir.join("iri.bash");
    std::fs::write(&file, "old").unwrap();
    let o = iri()
        .args(["completions", "bash", "--output"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    assert!(std::fs::read_to_string(&file).unwrap().contains("_iri()"));

    let o = iri().arg("man").output().unwrap();
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH iri 1"),
        "{page}"
    );
    assert!(page.contains("validate"));
    let o = iri()
        .args(["man", "--output-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for want in [
        "iri.1",
        "iri-parse.1",
        "iri-serve.1",
        "iri-man.1",
        "iri.bash",
    ] {
        assert!(names.contains(&want.to_owned()), "{names:?}");
    }
    assert!(
        names.iter().all(|n| !n.starts_with('.')),
        "no temporary file left: {names:?}"
    );
    // A directory that does not exist: an error naming it, exit status 1, nothing written.
    let o = iri()
        .args(["man", "--output-dir"])
        .arg(dir.join("missing"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn version_and_an_example_in_every_help() {
    let o = iri().arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        format!("iri {}\n", env!("CARGO_PKG_VERSION"))
    );
    for sub in [
        "parse",
        "validate",
        "to-uri",
        "to-iri",
        "resolve",
        "relativize",
        "normalize",
        "compare",
        "dedup",
        "lint",
        "display",
        "serve",
        "completions",
        "man",
    ] {
        for flag in ["-h", "--help"] {
            let o = iri().args([sub, flag]).output().unwrap();
            assert_eq!(o.status.code(), Some(0), "{sub} {flag}");
            let help = String::from_utf8(o.stdout).unwrap();
            assert!(help.contains("Examples:\n  iri "), "{sub} {flag}: {help}");
        }
    }
    let o = iri().arg("--help").output().unwrap();
    let help = String::from_utf8(o.stdout).unwrap();
    for flag in ["--threads <N>", "--quiet", "--stats[=<WHAT>]"] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
}
