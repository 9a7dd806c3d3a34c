//! `iri extract --charset X` on plain text from a pipe decodes the bytes as they come and
//! writes each IRI as its line comes, as it does for UTF-8 (`tail -f log | iri extract
//! --charset shift_jis -`); the charset still names the encoding and maps http(s) queries
//! (RFC 3987 §3.1). The same with `--lenient`, whose text in a legacy charset was read whole.

mod common;

use std::io::Write;
use std::time::Duration;

use common::{spawn_piped, Piped};

/// Far above the milliseconds a result takes: without streaming it never comes while the
/// input stays open.
const BOUND: Duration = Duration::from_secs(5);

#[test]
fn each_iri_comes_while_the_input_stays_open() {
    each_iri_comes(&[], "\t");
}

#[test]
fn each_iri_comes_while_the_input_stays_open_lenient() {
    // The TSV has a `warnings` column, empty here.
    each_iri_comes(&["--lenient"], "\t\t");
}

/// Runs `iri extract --charset shift_jis --format tsv ARGS -` on lines written one at a time;
/// the first result's row ends with `tail` (its empty columns).
fn each_iri_comes(args: &[&str], tail: &str) {
    let mut all = vec!["extract", "--charset", "shift_jis", "--format", "tsv"];
    all.extend_from_slice(args);
    all.push("-");
    let Piped {
        mut child,
        stdin,
        lines: rx,
    } = spawn_piped(&all);
    let mut stdin = stdin.unwrap();
    // "検索" in Shift_JIS, and a character cut between two writes.
    let lines: [&[u8]; 3] = [
        b"GET http://a.example/?q=\x8C\x9F\x8D\xF5 200\n",
        b"nothing here\n",
        b"GET http://b.example/\x8C",
    ];
    for (i, line) in lines.iter().enumerate() {
        stdin.write_all(line).unwrap();
        stdin.flush().unwrap();
        if i == 0 {
            let header = rx.recv_timeout(BOUND).expect("the TSV header");
            assert!(header.starts_with("file\tline"), "{header}");
            let got = rx.recv_timeout(BOUND).expect("no result within the bound");
            assert_eq!(
                got,
                format!(
                    "<stdin>\t1\t5\ttext\thttp://a.example/?q=検索\thttp://a.example/?q=検索\t\
                     http://a.example/?q=%8C%9F%8D%F5{tail}"
                )
            );
        }
    }
    stdin.write_all(b"\x9F x\n").unwrap();
    stdin.flush().unwrap();
    let got = rx.recv_timeout(BOUND).expect("no result within the bound");
    assert!(
        got.starts_with("<stdin>\t3\t5\ttext\thttp://b.example/検\t"),
        "{got}"
    );
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}
