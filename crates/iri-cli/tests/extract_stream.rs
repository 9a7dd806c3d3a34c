//! `iri extract` on plain text from a pipe writes each IRI as its line comes, without waiting
//! for the end of the input (`tail -f log | iri extract -`), and finds the same as on the
//! whole text.

mod common;

use std::io::Write;
use std::time::Duration;

use common::{run_with_stdin, spawn_piped, stdout, Piped};

/// Far above the milliseconds a result takes: without streaming it never comes while the
/// input stays open.
const BOUND: Duration = Duration::from_secs(5);

#[test]
fn each_iri_comes_while_the_input_stays_open() {
    for args in [&["extract", "-"][..], &["extract", "--type", "text", "-"]] {
        let Piped {
            mut child,
            stdin,
            lines: rx,
        } = spawn_piped(args);
        let mut stdin = stdin.unwrap();
        for (i, line) in [
            "GET http://a.example/one 200",
            "nothing here",
            "GET http://b.example/two?x=1 404",
        ]
        .iter()
        .enumerate()
        {
            stdin.write_all(line.as_bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
            stdin.flush().unwrap();
            if i == 1 {
                continue;
            }
            let got = rx
                .recv_timeout(BOUND)
                .unwrap_or_else(|_| panic!("{args:?}: no result for {line:?} within {BOUND:?}"));
            let want = line.split(' ').nth(1).unwrap();
            assert!(
                got.starts_with(&format!("<stdin>:{}:5: text: {want} -> ", i + 1)),
                "{got}"
            );
        }
        drop(stdin);
        assert_eq!(child.wait().unwrap().code(), Some(0));
    }
}

#[test]
fn a_text_not_in_utf8_is_still_read_whole() {
    // Latin-1 bytes: not UTF-8, so windows-1252, as before.
    let o = run_with_stdin(
        &["extract", "--type", "text", "-"],
        b"see http://a/caf\xE9 x\n",
    );
    assert_eq!(
        stdout(&o),
        "<stdin>:1:5: text: http://a/café -> http://a/caf%C3%A9\n"
    );
}
