//! Two messages that used to mislead or say too little: an absolute IRI parsed as a relative
//! reference (it was told to write "./" before its scheme), and a host that fails UTS #46
//! (the message now names the rule).

mod common;

use common::*;

#[test]
fn an_absolute_iri_parsed_as_relative_is_called_absolute() {
    let o = run(&["parse", "--kind", "relative", "http://a/"]);
    assert_code(&o, 1);
    let out = stdout(&o);
    assert!(
        out.contains("':' at byte 4 ends a scheme, which a relative reference does not have"),
        "{out}"
    );
    assert!(
        out.contains("; hint: it starts with a scheme, so it is an absolute IRI"),
        "{out}"
    );
    // A first segment that cannot be a scheme keeps the advice to write "./".
    let o = run(&["parse", "--kind", "relative", "1a:b"]);
    let out = stdout(&o);
    assert!(out.contains("(write \"./\" before the segment)"), "{out}");
    assert!(!out.contains("absolute IRI"), "{out}");
    // JSON carries the hint as its own member.
    let o = run(&[
        "parse",
        "--kind",
        "relative",
        "--format",
        "json",
        "urn:isbn:1",
    ]);
    assert!(
        stdout(&o).contains("\"hint\":\"it starts with a scheme"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_host_failing_uts46_says_why() {
    // U+0661..U+0663 ARABIC-INDIC DIGITS: valid characters, but a label may not start with
    // one in a domain name with right-to-left characters (RFC 5893 §2, condition 1).
    let o = run(&["to-uri", "--idna", "http://\u{661}\u{662}\u{663}.example/"]);
    assert_code(&o, 1);
    let out = stdout(&o);
    assert!(out.contains("fails IDNA ToASCII"), "{out}");
    assert!(out.contains("starts with U+0661"), "{out}");
    assert!(out.contains("Bidi Rule, RFC 5893 §2 condition 1"), "{out}");
    // A disallowed character (U+2FF0, an ideographic description character) and an ASCII
    // character outside STD3 (in a non-ASCII host: ASCII hosts are left as they are).
    let o = run(&[
        "to-uri",
        "--idna",
        "http://a\u{2FF0}b.example/",
        "http://\u{E9}_b.example/",
    ]);
    let out = stdout(&o);
    assert!(out.contains("U+2FF0 is disallowed"), "{out}");
    assert!(
        out.contains("U+005F LOW LINE is not allowed by UseSTD3ASCIIRules"),
        "{out}"
    );
}
