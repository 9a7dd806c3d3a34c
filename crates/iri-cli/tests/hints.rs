//! The hints of parse errors in the command's output: text (the message ends with
//! `; hint: …`), JSON (a `hint` member, present only when there is a hint) and the viewer's
//! API. The hints themselves are the library's (`crates/iri/tests/data/hints.tsv`).

mod common;

use common::*;

const IPV6: &str = "an IPv6 address as host is enclosed in square brackets, as in \
                    http://[2001:db8::1]/ (RFC 3986 §3.2.2)";
const BRACKET: &str =
    "the ']' that closes the IP literal is missing, as in http://[::1]/ (RFC 3986 §3.2.2)";

#[test]
fn text_output_ends_with_the_hint() {
    let o = run(&[
        "parse",
        "http://2001:db8::1/",
        "http://[::1/",
        "http://a/b c",
    ]);
    assert_code(&o, 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("error: invalid IRI reference: "),
        "{out}"
    );
    assert!(lines[0].ends_with(&format!("; hint: {IPV6}")), "{out}");
    assert!(lines[1].ends_with(&format!("; hint: {BRACKET}")), "{out}");
    assert!(!lines[2].contains("hint"), "{out}");
    // The same in to-uri and lint (whose parse-error diagnostic carries the message).
    let o = run(&["to-uri", "http://2001:db8::1/"]);
    assert!(stdout(&o).trim_end().ends_with(IPV6), "{}", stdout(&o));
    let o = run(&["lint", "http://[::1/"]);
    assert!(stdout(&o).contains(BRACKET), "{}", stdout(&o));
}

#[test]
fn json_output_has_a_hint_member() {
    let o = run_with_stdin(
        &["parse", "--format", "json"],
        b"http://2001:db8::1/\nhttp://a/b c\n",
    );
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["error"]["hint"], IPV6);
    assert_eq!(lines[0]["error"]["kind"], "invalid-port");
    assert!(lines[0]["error"]["message"]
        .as_str()
        .unwrap()
        .ends_with(IPV6));
    // No hint: no member.
    assert!(lines[1]["error"].get("hint").is_none(), "{}", lines[1]);
    // validate's report line has it too, in its error object.
    let o = run_with_stdin(&["validate", "--format", "json"], b"http://[::1/\n");
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["error"]["hint"], BRACKET);
}
