//! Running the `iri` binary in the end-to-end tests: one way to start it, feed it and read it.

#![allow(dead_code)] // each test crate uses its own part

use std::io::Write;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};

/// The workspace root, where the tests run the command (so `examples/…` paths work).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The command, to be given arguments, run from the workspace root.
pub fn iri() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_iri"));
    c.current_dir(workspace());
    c
}

/// `iri` running with pipes: its standard input, to be written a line at a time, and the
/// lines of its standard output as they come (read on a thread of their own, so a test can
/// wait for one with a time bound while the input stays open).
pub struct Piped {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
}

/// Starts `iri ARGS` with its standard input and output as pipes (standard error ignored).
pub fn spawn_piped(args: &[&str]) -> Piped {
    let mut child = iri()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn iri");
    let stdin = child.stdin.take();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    Piped {
        child,
        stdin,
        lines,
    }
}

/// Runs `iri ARGS` with `stdin` on its standard input (written from another thread, so a
/// large input cannot deadlock against a full output pipe) and collects what it wrote.
pub fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
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
pub fn run(args: &[&str]) -> Output {
    run_with_stdin(args, b"")
}

/// Standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, lossily decoded.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit code; the process must have exited normally.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

/// Asserts the exit code, showing stdout and stderr when it is wrong.
#[track_caller]
pub fn assert_code(o: &Output, want: i32) {
    assert_eq!(
        code(o),
        want,
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&o.stdout),
        stderr(o)
    );
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The two IRIs of RFC 3987 §5.3.2.
pub const RFC_5_3_2: [&str; 2] = [
    "example://a/b/c/%7Bfoo%7D/ros\u{E9}",
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
];

/// Starts `iri serve --port 0 ARGS` with standard error as given, and reads the address of its
/// first line (`listening on http://ADDR/`); the tests of `iri serve` share it.
pub fn spawn_serve(
    args: &[&str],
    stderr: std::process::Stdio,
) -> (std::process::Child, std::net::SocketAddr) {
    use std::io::BufRead;
    let mut child = iri()
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("spawn iri serve");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim_end()
        .strip_prefix("listening on http://")
        .and_then(|s| s.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}
