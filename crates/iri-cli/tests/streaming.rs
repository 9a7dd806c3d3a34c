//! Results stream: with its input from a pipe, the command writes the result of a line as soon
//! as the line has come, without waiting for more input or for its end (`tail -f log | iri
//! to-uri`). Each test writes one line, reads its result within a bounded time while standard
//! input stays open, then another, then closes the input.

mod common;

use common::*;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far above the ~50 ms a result takes, for a loaded machine: without streaming the result
/// never comes while the input stays open.
const BOUND: Duration = Duration::from_secs(5);

/// `iri ARGS` with its input kept open.
type Running = Piped;

fn start(args: &[&str]) -> Running {
    spawn_piped(args)
}

impl Running {
    /// Writes `line` and a line feed, and returns the next output line and how long it took.
    fn send(&mut self, line: &str) -> (String, Duration) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        let t = Instant::now();
        let got = self
            .lines
            .recv_timeout(BOUND)
            .unwrap_or_else(|_| panic!("no result for {line:?} within {BOUND:?}"));
        (got, t.elapsed())
    }

    fn close(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        assert!(status.code().is_some());
        self.lines.iter().collect()
    }
}

#[test]
fn each_result_comes_while_the_input_stays_open() {
    // (arguments, a line, what its result starts with, a second line, its result's start)
    let cases: &[(&[&str], &str, &str, &str, &str)] = &[
        (
            &["to-uri"],
            "http://a/é",
            "http://a/%C3%A9",
            "http://b/ü",
            "http://b/%C3%BC",
        ),
        (
            &["parse"],
            "http://a/",
            "scheme=http",
            "b c",
            "error: line 2:",
        ),
        (
            &["validate"],
            "http://a/b c",
            "<stdin>:1:11:",
            "x y",
            "<stdin>:2:2:",
        ),
        (
            &["dedup"],
            "http://a/",
            "http://a/",
            "http://b/",
            "http://b/",
        ),
        (
            &["lint", "--format", "json"],
            "http://a/",
            "{",
            "http://b/",
            "{",
        ),
        (
            &["display"],
            "http://a/",
            "http://a/",
            "http://b/",
            "http://b/",
        ),
    ];
    for threads in ["1", "2"] {
        for (args, first, want1, second, want2) in cases {
            let mut all = vec!["--threads", threads, "--quiet"];
            all.extend_from_slice(args);
            let mut run = start(&all);
            let (got, took) = run.send(first);
            assert!(got.starts_with(want1), "{all:?}: {got:?}");
            let (got2, took2) = run.send(second);
            assert!(got2.starts_with(want2), "{all:?}: {got2:?}");
            eprintln!("{all:?}: {took:?}, {took2:?}");
            run.close();
        }
    }
}

#[test]
fn many_lines_through_a_slow_pipe_keep_order_and_count() {
    let mut run = start(&["to-uri", "--quiet"]);
    for i in 0..50 {
        let (got, _) = run.send(&format!("http://a/{i}/é"));
        assert_eq!(got, format!("http://a/{i}/%C3%A9"));
    }
    // A burst: every line gives one result, in order.
    let stdin = run.stdin.as_mut().unwrap();
    for i in 0..5000 {
        writeln!(stdin, "http://b/{i}").unwrap();
    }
    let rest = run.close();
    assert_eq!(rest.len(), 5000);
    assert!(rest
        .iter()
        .enumerate()
        .all(|(i, l)| *l == format!("http://b/{i}")));
}

/// With a terminal as standard input, the command says it is waiting there. `script` (util-linux)
/// gives the command a terminal; the test is skipped where there is none.
#[test]
fn a_terminal_is_told_how_to_end() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script`");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_iri");
    let o = Command::new("script")
        .args(["-qec", &format!("timeout 3 {bin} to-uri"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("iri: reading IRIs from standard input (Ctrl-D to end)"),
        "{text:?}"
    );
    // --quiet says nothing; arguments need no input.
    let o = Command::new("script")
        .args([
            "-qec",
            &format!("timeout 3 {bin} --quiet to-uri; {bin} to-uri http://a/"),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!text.contains("reading IRIs"), "{text:?}");
    assert!(text.contains("http://a/"), "{text:?}");
    // Not a terminal: nothing said.
    let o = run_with_stdin(&["to-uri"], b"http://a/\n");
    assert_eq!(stderr(&o), "");
}

/// A named pipe given as a file argument (`iri validate <(tail -f log)`) streams as standard
/// input does: the result of its first line comes while the pipe stays open.
#[cfg(unix)]
#[test]
fn a_named_pipe_argument_streams() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    let dir = scratch("fifo");
    for (args, first, want1, second, want2) in [
        (&["validate"][..], "http://a/b c", ":1:11:", "x y", ":2:2:"),
        (
            &["dedup"][..],
            "http://a/",
            "http://a/",
            "http://b/",
            "http://b/",
        ),
    ] {
        for threads in ["1", "2"] {
            let fifo = dir.join(format!("in-{}-{threads}", args[0]));
            let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
            assert!(made.success());
            let mut child = iri()
                .args(["--threads", threads, "--quiet"])
                .args(args)
                .arg(&fifo)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn iri");
            let stdout = child.stdout.take().unwrap();
            let (tx, lines) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            // Opening the pipe for writing waits until the command has opened it to read.
            let mut pipe = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
            for (line, want) in [(first, want1), (second, want2)] {
                writeln!(pipe, "{line}").unwrap();
                pipe.flush().unwrap();
                let got = lines.recv_timeout(BOUND).unwrap_or_else(|_| {
                    panic!("{args:?}: no result for {line:?} within {BOUND:?}")
                });
                assert!(got.contains(want), "{args:?}: {got:?}");
            }
            drop(pipe);
            assert!(child.wait().unwrap().code().is_some());
        }
    }
}
