//! `compare` and `normalize --level scheme` use what the `urn` and `mailto` views know about
//! case (RFC 3987 §5.3.3; RFC 8141 §3.1, RFC 6068 §6.1).

mod common;

use common::{assert_code, run, stdout};

#[test]
fn compare_knows_urn_and_mailto_case() {
    for (a, b) in [
        ("urn:ISBN:1", "urn:isbn:1"),
        ("mailto:a@EXAMPLE.com", "mailto:a@example.com"),
    ] {
        let o = run(&["compare", a, b]);
        assert_code(&o, 0);
        assert_eq!(stdout(&o), "equivalent at: scheme\n", "{a} {b}");
    }
    for (a, b) in [
        ("urn:isbn:A", "urn:isbn:a"),
        ("mailto:A@example.com", "mailto:a@example.com"),
    ] {
        let o = run(&["compare", "--level", "scheme", a, b]);
        assert_code(&o, 1);
        assert_eq!(stdout(&o), "different\n", "{a} {b}");
    }
}

#[test]
fn normalize_at_the_scheme_level() {
    let o = run(&[
        "normalize",
        "--level",
        "scheme",
        "urn:ISBN:0-395-36341-1",
        "mailto:Joe@Example.ORG?subject=Hi",
    ]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "urn:isbn:0-395-36341-1\nmailto:Joe@example.org?subject=Hi\n"
    );
}
