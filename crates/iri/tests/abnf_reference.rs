//! The parser checked against a naive ABNF matcher (`tests/abnf/mod.rs`): the grammars of
//! RFC 3987 §2.2 and RFC 3986 Appendix A transcribed as data and matched by exhaustive
//! backtracking. For each of the eight forms (`IRI-reference`, `IRI`, `absolute-IRI`,
//! `irelative-ref` and their URI counterparts), the parser must accept an input exactly when
//! the ABNF matches it and none of the [`EXTRA_CHECKS`] (rules the parser enforces beyond the
//! ABNF, each with its source) rejects it. The inputs:
//!
//! - the corpus (`data/corpus`): the matcher is too slow for all 334,956 lines in the test profile, so
//!   a fixed sample: every 97th line (3,454), every line that the parser rejects as an IRI
//!   reference, every line of more than 500 characters, and every line that holds `[`, `@`, a bidi formatting character or a non-ASCII
//!   character that is no `ucschar` (see [`corpus_sample`]); `IRI_ABNF_CORPUS=all` checks every
//!   line. The corpus is the repository's `data/corpus`, or the directory `IRI_CORPUS_DIR`
//!   names, and the test fails when it is absent;
//! - every string of up to three characters over an alphabet that meets every character class
//!   of the grammar, of four over one character of each class, and of five over the
//!   delimiters;
//! - each character at each offset of an eight-byte word, in each component (the parser reads
//!   words);
//! - IP literals of every shape (each number of groups, `::` at each place, valid and broken
//!   last groups, IPvFuture parts);
//! - proptest strings (1,500 of each kind, or `PROPTEST_CASES`): concatenations of grammar
//!   pieces, valid and broken, and strings derived at random from the ABNF itself (from the
//!   forms and from the host, authority, path, query and fragment rules, in context), some
//!   with up to two characters changed.
//!
//! A disagreement in which the parser is wrong goes into [`KNOWN_DISAGREEMENTS`], which the
//! tests assert still disagree, so that the fix flips them.

use std::collections::BTreeMap;

use iri::{Iri, IriRef, Kind, ParseError, Uri, UriRef};
use proptest::prelude::*;

mod abnf;
mod common;
use abnf::{Grammar, Node};

/// One parser entry point and the ABNF rule it implements.
struct Form {
    kind: Kind,
    rule: &'static str,
    parse: fn(&str) -> Result<(), ParseError>,
}

/// The eight forms: RFC 3987 §2.2 and RFC 3986 §3, §4.1–§4.3.
const FORMS: [Form; 8] = [
    Form {
        kind: Kind::IriReference,
        rule: "IRI-reference",
        parse: |s| IriRef::<&str>::parse(s).map(drop),
    },
    Form {
        kind: Kind::Iri,
        rule: "IRI",
        parse: |s| Iri::<&str>::parse(s).map(drop),
    },
    Form {
        kind: Kind::AbsoluteIri,
        rule: "absolute-IRI",
        parse: |s| Iri::<&str>::parse_absolute(s).map(drop),
    },
    Form {
        kind: Kind::RelativeIri,
        rule: "irelative-ref",
        parse: |s| IriRef::<&str>::parse_relative(s).map(drop),
    },
    Form {
        kind: Kind::UriReference,
        rule: "URI-reference",
        parse: |s| UriRef::<&str>::parse(s).map(drop),
    },
    Form {
        kind: Kind::Uri,
        rule: "URI",
        parse: |s| Uri::<&str>::parse(s).map(drop),
    },
    Form {
        kind: Kind::AbsoluteUri,
        rule: "absolute-URI",
        parse: |s| Uri::<&str>::parse_absolute(s).map(drop),
    },
    Form {
        kind: Kind::RelativeUri,
        rule: "relative-ref",
        parse: |s| UriRef::<&str>::parse_relative(s).map(drop),
    },
];

/// A rule the parser enforces beyond the ABNF: an input the ABNF matches is still rejected
/// when the check says so.
struct ExtraCheck {
    name: &'static str,
    source: &'static str,
    rejects: fn(&str) -> bool,
}

/// The rules beyond the ABNF, all of them; nothing else is excused.
const EXTRA_CHECKS: [ExtraCheck; 2] = [
    ExtraCheck {
        name: "bidi formatting character",
        source: "RFC 3987 §4.1: IRIs MUST NOT contain LRM, RLM, LRE, RLE, LRO, RLO and PDF \
                 (U+200E, U+200F, U+202A–U+202E), which `ucschar` includes; the isolates \
                 U+2066–U+2069, added to Unicode later, are treated alike (README, \
                 \"What is implemented\")",
        rejects: |s| s.chars().any(is_bidi_formatting),
    },
    ExtraCheck {
        name: "too long",
        source: "own: the parser records offsets in 31 bits, so inputs of 2 GiB or more are \
                 rejected (`ErrorKind::TooLong`)",
        rejects: |s| s.len() >= 1 << 31,
    },
];

/// The bidi formatting characters of RFC 3987 §4.1, and the isolates.
fn is_bidi_formatting(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A known disagreement where the parser is wrong: the tests assert that it still disagrees.
struct Disagreement {
    kind: Kind,
    input: &'static str,
    /// The rule of the grammar the parser gets wrong, and why.
    note: &'static str,
}

/// The parser's known departures from the ABNF (none known).
const KNOWN_DISAGREEMENTS: &[Disagreement] = &[];

/// The grammar, built once.
fn grammar() -> &'static Grammar {
    static GRAMMAR: std::sync::OnceLock<Grammar> = std::sync::OnceLock::new();
    GRAMMAR.get_or_init(Grammar::rfc3987_and_rfc3986)
}

/// What the grammar says about `s` as `form`: `Ok` to accept, or the reason to reject.
fn expected(g: &Grammar, form: &Form, s: &str) -> Result<(), String> {
    verdict(g.matches(form.rule, s), form, s)
}

/// [`expected`] when the ABNF rule of `form` matches `s` or not (`abnf`).
fn verdict(abnf: bool, form: &Form, s: &str) -> Result<(), String> {
    if !abnf {
        return Err(format!("the ABNF rule {} does not match", form.rule));
    }
    match EXTRA_CHECKS.iter().find(|c| (c.rejects)(s)) {
        Some(c) => Err(format!("extra check \"{}\" ({})", c.name, c.source)),
        None => Ok(()),
    }
}

/// Runs every form over inputs and keeps the disagreements and some counts.
struct Checker {
    grammar: &'static Grammar,
    inputs: usize,
    accepted: BTreeMap<Kind, usize>,
    by_extra: BTreeMap<&'static str, usize>,
    known_seen: usize,
    failures: Vec<String>,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            grammar: grammar(),
            inputs: 0,
            accepted: BTreeMap::new(),
            by_extra: BTreeMap::new(),
            known_seen: 0,
            failures: Vec::new(),
        }
    }

    fn check(&mut self, s: &str) {
        self.inputs += 1;
        for form in &FORMS {
            let parser = (form.parse)(s);
            let abnf = self.grammar.matches(form.rule, s);
            let grammar = verdict(abnf, form, s);
            if grammar.is_ok() {
                *self.accepted.entry(form.kind).or_default() += 1;
            }
            if abnf {
                for c in EXTRA_CHECKS.iter().filter(|c| (c.rejects)(s)) {
                    *self.by_extra.entry(c.name).or_default() += 1;
                }
            }
            let known = KNOWN_DISAGREEMENTS
                .iter()
                .any(|d| d.kind == form.kind && d.input == s);
            if known {
                self.known_seen += 1;
                if parser.is_ok() == grammar.is_ok() {
                    self.failures.push(format!(
                        "{} {s:?}: listed in KNOWN_DISAGREEMENTS but the parser now agrees \
                         with the grammar; remove it from the list",
                        form.kind
                    ));
                }
            } else if parser.is_ok() != grammar.is_ok() {
                self.failures.push(format!(
                    "{} {s:?}: parser {}, grammar {}",
                    form.kind,
                    match &parser {
                        Ok(()) => "accepts".to_string(),
                        Err(e) => format!("rejects ({e})"),
                    },
                    match &grammar {
                        Ok(()) => "accepts".to_string(),
                        Err(why) => format!("rejects: {why}"),
                    },
                ));
            }
        }
    }

    /// Fails with the disagreements found (the first 40 of them).
    fn finish(self, what: &str) -> Checker {
        eprintln!(
            "{what}: {} inputs × {} forms; accepted by the grammar: {:?}; decided by an extra \
             check: {:?}",
            self.inputs,
            FORMS.len(),
            self.accepted,
            self.by_extra
        );
        assert!(
            self.failures.is_empty(),
            "{what}: {} disagreements between the parser and the ABNF:\n{}",
            self.failures.len(),
            self.failures
                .iter()
                .take(40)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
        self
    }
}

// ---- the matcher itself

/// Every rule named in a rule is defined, and every rule of RFC 3987 §2.2 and RFC 3986
/// Appendix A is there.
#[test]
fn grammar_is_complete() {
    let g = Grammar::rfc3987_and_rfc3986();
    let names: Vec<&str> = g.names().collect();
    let mut referenced = std::collections::BTreeSet::new();
    for name in &names {
        Grammar::references(g.rule(name), &mut referenced);
    }
    for name in &referenced {
        assert!(names.contains(name), "{name} is used but not defined");
    }
    let rfc3987 = "IRI ihier-part IRI-reference absolute-IRI irelative-ref irelative-part \
         iauthority iuserinfo ihost ireg-name ipath ipath-abempty ipath-absolute ipath-noscheme \
         ipath-rootless ipath-empty isegment isegment-nz isegment-nz-nc ipchar iquery ifragment \
         iunreserved ucschar iprivate scheme port IP-literal IPvFuture IPv6address h16 ls32 \
         IPv4address dec-octet pct-encoded unreserved reserved gen-delims sub-delims";
    let rfc3986 = "URI hier-part URI-reference absolute-URI relative-ref relative-part scheme \
         authority userinfo host port IP-literal IPvFuture IPv6address h16 ls32 IPv4address \
         dec-octet reg-name path path-abempty path-absolute path-noscheme path-rootless \
         path-empty segment segment-nz segment-nz-nc pchar query fragment pct-encoded \
         unreserved reserved gen-delims sub-delims";
    for name in rfc3987.split_whitespace().chain(rfc3986.split_whitespace()) {
        assert!(names.contains(&name), "{name} is missing");
    }
}

/// The matcher on its own, against examples from the RFCs: it must be right before it can
/// judge the parser.
#[test]
fn matcher_agrees_with_the_rfc_examples() {
    let g = Grammar::rfc3987_and_rfc3986();
    // (rule, input, matches, source)
    let rows: &[(&str, &str, bool, &str)] = &[
        (
            "URI",
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            true,
            "RFC 3986 §1.1.2",
        ),
        (
            "URI",
            "http://www.ietf.org/rfc/rfc2396.txt",
            true,
            "RFC 3986 §1.1.2",
        ),
        (
            "URI",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            true,
            "RFC 3986 §1.1.2",
        ),
        (
            "URI",
            "mailto:John.Doe@example.com",
            true,
            "RFC 3986 §1.1.2",
        ),
        (
            "URI",
            "news:comp.infosystems.www.servers.unix",
            true,
            "RFC 3986 §1.1.2",
        ),
        ("URI", "tel:+1-816-555-1212", true, "RFC 3986 §1.1.2"),
        ("URI", "telnet://192.0.2.16:80/", true, "RFC 3986 §1.1.2"),
        (
            "URI",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            true,
            "RFC 3986 §1.1.2",
        ),
        (
            "URI",
            "foo://example.com:8042/over/there?name=ferret#nose",
            true,
            "RFC 3986 §3",
        ),
        ("URI-reference", "../../../g", true, "RFC 3986 §5.4.2"),
        ("URI-reference", "g;x=1/../y", true, "RFC 3986 §5.4.2"),
        (
            "relative-ref",
            "g:h",
            false,
            "RFC 3986 §4.2 (a colon in the first segment)",
        ),
        ("relative-ref", "./g:h", true, "RFC 3986 §4.2"),
        (
            "URI",
            "http://a/b c",
            false,
            "RFC 3986 §2 (space is no URI character)",
        ),
        ("URI", "http://a/%zz", false, "RFC 3986 §2.1"),
        (
            "URI",
            "http://a/%7e",
            true,
            "RFC 3986 §2.1 (lower-case hex)",
        ),
        (
            "URI",
            "http://[V7.x]/",
            true,
            "RFC 3986 §3.2.2, RFC 5234 §2.3 (case)",
        ),
        (
            "URI",
            "http://[::1%25eth0]/",
            false,
            "RFC 3986 §3.2.2 (no zone)",
        ),
        ("IPv4address", "255.255.255.255", true, "RFC 3986 §3.2.2"),
        ("IPv4address", "256.1.1.1", false, "RFC 3986 §3.2.2"),
        ("IPv4address", "01.1.1.1", false, "RFC 3986 §3.2.2"),
        (
            "IPv6address",
            "1:2:3:4:5:6:7:8",
            true,
            "RFC 3986 §3.2.2, first form",
        ),
        (
            "IPv6address",
            "::2:3:4:5:6:7:8",
            true,
            "RFC 3986 §3.2.2, second form",
        ),
        (
            "IPv6address",
            "1::3:4:5:6:7:8",
            true,
            "RFC 3986 §3.2.2, third form",
        ),
        (
            "IPv6address",
            "1:2::4:5:6:7:8",
            true,
            "RFC 3986 §3.2.2, fourth form",
        ),
        (
            "IPv6address",
            "1:2:3::5:6:7:8",
            true,
            "RFC 3986 §3.2.2, fifth form",
        ),
        (
            "IPv6address",
            "1:2:3:4::6:7:8",
            true,
            "RFC 3986 §3.2.2, sixth form",
        ),
        (
            "IPv6address",
            "1:2:3:4:5::7:8",
            true,
            "RFC 3986 §3.2.2, seventh form",
        ),
        (
            "IPv6address",
            "1:2:3:4:5:6::8",
            true,
            "RFC 3986 §3.2.2, eighth form",
        ),
        (
            "IPv6address",
            "1:2:3:4:5:6:7::",
            true,
            "RFC 3986 §3.2.2, ninth form",
        ),
        ("IPv6address", "::", true, "RFC 3986 §3.2.2, ninth form"),
        (
            "IPv6address",
            "::ffff:192.0.2.1",
            true,
            "RFC 3986 §3.2.2 (ls32 as IPv4)",
        ),
        ("IPv6address", "1:2:3:4:5:6:7:8:9", false, "RFC 3986 §3.2.2"),
        ("IPv6address", "1::2::3", false, "RFC 3986 §3.2.2"),
        (
            "IPv6address",
            "12345::",
            false,
            "RFC 3986 §3.2.2 (h16 is 1*4HEXDIG)",
        ),
        (
            "IRI",
            "http://r\u{E9}sum\u{E9}.example.org",
            true,
            "RFC 3987 §3.1",
        ),
        (
            "IRI",
            "http://www.example.org/r%E9sum%E9.html",
            true,
            "RFC 3987 §3.2",
        ),
        (
            "IRI",
            "http://xn--99zt52a.example.org/%e2%80%ae",
            true,
            "RFC 3987 §3.2.1",
        ),
        (
            "IRI",
            "http://example.com/\u{10300}\u{10301}\u{10302}",
            true,
            "RFC 3987 §3.1 (a note in step 2)",
        ),
        (
            "IRI",
            "http://a/?\u{E000}",
            true,
            "RFC 3987 §2.2 (iprivate in iquery)",
        ),
        (
            "IRI",
            "http://a/\u{E000}",
            false,
            "RFC 3987 §2.2 (iprivate only in iquery)",
        ),
        (
            "IRI",
            "http://a/#\u{E000}",
            false,
            "RFC 3987 §2.2 (iprivate only in iquery)",
        ),
        (
            "IRI",
            "http://a/\u{FFFE}",
            false,
            "RFC 3987 §2.2 (not ucschar)",
        ),
        (
            "IRI",
            "http://a/\u{E0001}",
            false,
            "RFC 3987 §2.2 (tags are not ucschar)",
        ),
        (
            "IRI",
            "http://a/\u{200F}",
            true,
            "RFC 3987 §2.2 (ucschar; §4.1 forbids it)",
        ),
        ("URI", "http://a/\u{E9}", false, "RFC 3986 §2 (ASCII only)"),
        ("irelative-ref", "", true, "RFC 3987 §2.2 (ipath-empty)"),
        ("IRI", "", false, "RFC 3987 §2.2"),
        ("ipath-empty", "", true, "RFC 3987 §2.2 (0<ipchar>)"),
        ("ipath-empty", "a", false, "RFC 3987 §2.2 (0<ipchar>)"),
        ("absolute-IRI", "http://a/#f", false, "RFC 3987 §2.2"),
    ];
    for &(rule, input, want, source) in rows {
        assert_eq!(g.matches(rule, input), want, "{rule} {input:?} ({source})");
    }
}

/// The extra checks' bidi set is the library's (`iri::is_bidi_formatting`), checked on every
/// code point: the test would otherwise excuse a different set than the parser rejects.
#[test]
fn bidi_extra_check_is_the_librarys_set() {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        assert_eq!(
            is_bidi_formatting(c),
            iri::is_bidi_formatting(c as u32),
            "U+{:04X}",
            c as u32
        );
    }
}

/// Each known disagreement still disagrees (the fix flips it, and it must then leave the list).
#[test]
fn known_disagreements_still_disagree() {
    let g = Grammar::rfc3987_and_rfc3986();
    for d in KNOWN_DISAGREEMENTS {
        let form = FORMS.iter().find(|f| f.kind == d.kind).unwrap();
        let parser = (form.parse)(d.input);
        let grammar = expected(&g, form, d.input);
        assert_ne!(
            parser.is_ok(),
            grammar.is_ok(),
            "{} {:?} ({}) now agrees: remove it from KNOWN_DISAGREEMENTS",
            d.kind,
            d.input,
            d.note
        );
    }
}

// ---- the corpus

/// The lines of the corpus the matcher judges: every 97th line, every line the parser rejects
/// as an IRI reference, every line of more than 500 characters (43), and every line holding `[`, `@`, a bidi formatting character or a
/// character the parser takes outside its fast classes (`iprivate`, or a non-ASCII character
/// that is not `ucschar`). The matcher takes some milliseconds per line in the test profile,
/// too slow for all 334,956 lines.
fn corpus_sample(text: &str) -> Vec<&str> {
    let mut sample = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let rare = line.chars().any(|c| {
            matches!(c, '[' | '@')
                || is_bidi_formatting(c)
                || (!c.is_ascii() && !iri::is_ucschar(c as u32))
        });
        let long = line.chars().count() > 500;
        if n % 97 == 0 || rare || long || IriRef::<&str>::parse(line).is_err() {
            sample.push(line);
        }
    }
    sample
}

/// The stack of the thread that checks the corpus.
const BIG_STACK: usize = 1 << 30;

#[test]
fn corpus_agrees() {
    let text = iri_testkit::corpus::corpus_file("corpus.txt");
    assert!(text.lines().count() > 300_000, "corpus.txt is too short");
    // `IRI_ABNF_CORPUS=all` checks every line (minutes in the test profile, seconds with
    // `--release`).
    let sample = if std::env::var_os("IRI_ABNF_CORPUS").is_some_and(|v| v == "all") {
        text.lines().collect()
    } else {
        corpus_sample(&text)
    };
    let rejected = sample
        .iter()
        .filter(|l| IriRef::<&str>::parse(l).is_err())
        .count();
    eprintln!(
        "corpus sample: {} lines, {rejected} rejected as IRI references",
        sample.len()
    );
    // The matcher recurses once or more per character: the longest line (2,035 characters)
    // needs more than the 2 MiB stack of a test thread.
    let checker = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(BIG_STACK)
            .spawn_scoped(scope, || {
                let mut checker = Checker::new();
                for line in &sample {
                    checker.check(line);
                }
                checker.finish("corpus sample")
            })
            .unwrap()
            .join()
            .unwrap()
    });
    assert!(
        checker.inputs > 3_000,
        "only {} corpus lines",
        checker.inputs
    );
    assert!(rejected > 100, "only {rejected} rejected corpus lines");
}

// ---- every short string over an alphabet of every class

/// One character of each class the grammar tells apart: a letter that is also a hex digit,
/// a digit, each delimiter, `%`, `.` and `-`, a `ucschar` (é), an `iprivate` (U+E000) and a
/// bidi mark (U+200F, RFC 3987 §4.1).
const CLASSES: [char; 15] = [
    'a', '1', ':', '/', '?', '#', '[', ']', '@', '%', '.', '-', '\u{E9}', '\u{E000}', '\u{200F}',
];

/// [`CLASSES`] and five more, for the strings of up to three characters: `v` (which starts an
/// IPvFuture), `0` (no dec-octet starts with it), a sub-delim, a non-ASCII character that is no
/// `ucschar` (U+FFFE) and an ASCII one the grammar never allows (space).
const ALPHABET: [char; 20] = [
    'a', '1', ':', '/', '?', '#', '[', ']', '@', '%', '.', '-', '\u{E9}', '\u{E000}', '\u{200F}',
    'v', '0', '+', '\u{FFFE}', ' ',
];

/// The structural characters alone, for the strings of five.
const DELIMITERS: [char; 8] = ['a', '1', ':', '/', '?', '#', '[', ']'];

/// Calls `f` with every string of `0..=max_len` characters from `alphabet`.
fn every_string(alphabet: &[char], max_len: usize, mut f: impl FnMut(&str)) {
    let mut digits: Vec<usize> = Vec::new();
    let mut s = String::new();
    loop {
        s.clear();
        s.extend(digits.iter().map(|&d| alphabet[d]));
        f(&s);
        // The next string: count up in base `alphabet.len()`, growing by one digit.
        let mut i = 0;
        loop {
            if i == digits.len() {
                if digits.len() == max_len {
                    return;
                }
                digits.push(0);
                break;
            }
            digits[i] += 1;
            if digits[i] < alphabet.len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn every_short_string_agrees() {
    let mut checker = Checker::new();
    every_string(&ALPHABET, 3, |s| checker.check(s));
    every_string(&CLASSES, 4, |s| {
        if s.chars().count() == 4 {
            checker.check(s)
        }
    });
    let checker = checker.finish("every string of up to 3 characters, and of 4 of the classes");
    assert!(checker.by_extra["bidi formatting character"] > 0);
}

#[test]
fn every_string_of_delimiters_agrees() {
    let mut checker = Checker::new();
    every_string(&DELIMITERS, 5, |s| {
        if s.chars().count() == 5 {
            checker.check(s)
        }
    });
    checker.finish("every string of 5 delimiters");
}

/// The parser takes runs of characters eight bytes at a time: each character of
/// [`ALPHABET`] (and a few more) at each offset of a 17-byte run, in each component.
#[test]
fn every_character_at_every_word_offset_agrees() {
    let mut checker = Checker::new();
    let places = [
        ("http://", "@h/"),
        ("http://", ":1/"),
        ("http://h:", "/"),
        ("http://h/", ""),
        ("http://h/?", ""),
        ("http://h/#", ""),
        ("", ""),
        ("//", ""),
        ("http://[v1.", "]/"),
        ("http://[::", "]/"),
    ];
    let more = [
        '\u{E0001}',
        '\u{10FFFD}',
        '\u{1F600}',
        '\u{2066}',
        '\u{7F}',
        '%',
        'A',
    ];
    let run = |n: usize| {
        "a1.b2-c3_d4~e5f6"
            .chars()
            .cycle()
            .take(n)
            .collect::<String>()
    };
    for (before, after) in places {
        for at in 0..17 {
            for c in ALPHABET.iter().chain(&more) {
                checker.check(&format!("{before}{}{c}{}{after}", run(at), run(16 - at)));
            }
            // And a percent-encoding cut short by the end of the input.
            checker.check(&format!("{before}{}%4", run(at)));
        }
    }
    checker.finish("every character at every word offset");
}

/// IP literals of every shape (RFC 3986 §3.2.2): 0 to 9 groups, with and without `::` at each
/// place, the last group each of a few valid and broken `h16` and `IPv4address` forms; and
/// IPvFuture with each part present, absent or broken; each as a host of an IRI and of a
/// relative reference.
#[test]
fn every_ip_literal_shape_agrees() {
    let mut checker = Checker::new();
    let lasts = [
        "1",
        "ffff",
        "FFFF",
        "12345",
        "g",
        "1.2.3.4",
        "255.255.255.255",
        "01.2.3.4",
        "1.02.3.4",
        "0.0.0.0",
        "256.1.1.1",
        "1.2.3",
        "1.2.3.4.5",
        "1..3.4",
        "",
    ];
    let mut literals = Vec::new();
    for groups in 0..=9 {
        for last in lasts {
            let mut g: Vec<&str> = vec!["a"; groups];
            if let Some(l) = g.last_mut() {
                *l = last;
            }
            literals.push(g.join(":"));
            for gap in 0..=groups {
                literals.push(format!("{}::{}", g[..gap].join(":"), g[gap..].join(":")));
            }
        }
    }
    for version in ["", "1", "F", "1f", "g"] {
        for dot in ["", "."] {
            for tail in [
                "", "a", ":", "!$", "a:b~", "%41", "\u{E9}", "a@b", "a/b", "[", "]",
            ] {
                for v in ["v", "V"] {
                    literals.push(format!("{v}{version}{dot}{tail}"));
                }
            }
        }
    }
    for literal in &literals {
        checker.check(&format!("http://[{literal}]:80/a"));
        checker.check(&format!("//u@[{literal}]"));
    }
    checker.finish("every IP literal shape");
}

// ---- generated strings

/// Pieces of IRIs, valid and broken, to be put together in any order.
const PIECES: &[&str] = &[
    "http:",
    "a:",
    "1a:",
    "a+.-1:",
    ":",
    "//",
    "/",
    "?",
    "#",
    "@",
    "user@",
    "u:p@",
    "a",
    "Z",
    "1",
    ".",
    "..",
    "-",
    "_",
    "~",
    "!",
    "$&'()*+,;=",
    "%41",
    "%e9",
    "%",
    "%4",
    "%G1",
    "é",
    "\u{10300}",
    "\u{E000}",
    "\u{F0000}",
    "\u{200F}",
    "\u{202E}",
    "\u{2066}",
    "\u{FFFE}",
    "\u{FDD0}",
    "\u{E0001}",
    "\u{7F}",
    " ",
    "\\",
    "<",
    "\"",
    "[",
    "]",
    "[::1]",
    "[::]",
    "[1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:7:8:9]",
    "[::ffff:1.2.3.4]",
    "[1::2::3]",
    "[v7.a:b]",
    "[V1F.!]",
    "[v.x]",
    "[v1.]",
    "[::1%25e]",
    "1.2.3.4",
    "256.0.0.1",
    "01.2.3.4",
    ":80",
    ":8a",
    "h16:",
    "ffff",
    "12345",
    "::",
];

fn pieces() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PIECES), 0..10).prop_map(|v| v.concat())
}

/// A string derived from the rule `name` of the grammar, each choice (alternative, number of
/// repetitions, character of a range, case of a letter) taken from `choices` in turn (0 when
/// they run out): a valid string of the rule, by construction.
fn derive(g: &Grammar, node: &Node, choices: &mut impl Iterator<Item = u32>, out: &mut String) {
    fn pick(choices: &mut impl Iterator<Item = u32>, n: u32) -> u32 {
        choices.next().unwrap_or(0) % n
    }
    match node {
        Node::Alt(options) => {
            let i = pick(choices, options.len() as u32) as usize;
            derive(g, &options[i], choices, out);
        }
        Node::Seq(items) => {
            for item in items {
                derive(g, item, choices, out);
            }
        }
        Node::Repeat { min, max, node } => {
            let max = max.unwrap_or(min + 6);
            let n = min + pick(choices, (max - min + 1) as u32) as usize;
            for _ in 0..n {
                derive(g, node, choices, out);
            }
        }
        Node::CharRange(lo, hi) => {
            let c = lo + pick(choices, hi - lo + 1);
            out.push(char::from_u32(c).expect("the ranges hold no surrogates"));
        }
        Node::Literal(text) => {
            for c in text.chars() {
                if pick(choices, 2) == 1 {
                    out.push(c.to_ascii_uppercase());
                } else {
                    out.push(c.to_ascii_lowercase());
                }
            }
        }
        Node::Rule(name) => derive(g, g.rule(name), choices, out),
        Node::Ref(_) => unreachable!("the rules as written name their rules"),
    }
}

/// Where a derived string goes: the rule it is derived from, and the text around it.
const CONTEXTS: [(&str, &str, &str); 14] = [
    ("IRI-reference", "", ""),
    ("IRI", "", ""),
    ("irelative-ref", "", ""),
    ("URI-reference", "", ""),
    ("relative-ref", "", ""),
    ("IP-literal", "http://", "/"),
    ("IPv6address", "//[", "]"),
    ("IPvFuture", "http://u@[", "]:1"),
    ("IPv4address", "http://", ":80/"),
    ("iauthority", "//", "/a"),
    ("iuserinfo", "http://", "@h/"),
    ("ipath-absolute", "a:", "?q"),
    ("iquery", "a:?", "#f"),
    ("ifragment", "#", ""),
];

/// A string derived from a rule of [`CONTEXTS`] and put in its context, sometimes with up to
/// two edits: a character replaced by, or inserted from, [`ALPHABET`] or the characters of
/// hosts, or a character deleted.
fn derived() -> impl Strategy<Value = String> {
    const EXTRA: [char; 6] = ['0', '2', '5', 'f', 'v', 'g'];
    let edit = (
        any::<prop::sample::Index>(),
        0..ALPHABET.len() + EXTRA.len(),
        0..3u8,
    );
    (
        0..CONTEXTS.len(),
        proptest::collection::vec(any::<u32>(), 0..200),
        proptest::collection::vec(edit, 0..3),
    )
        .prop_map(|(context, choices, edits)| {
            let (rule, before, after) = CONTEXTS[context];
            let g = grammar();
            let mut s = String::from(before);
            derive(g, g.rule(rule), &mut choices.into_iter(), &mut s);
            s.push_str(after);
            let mut chars: Vec<char> = s.chars().collect();
            for (at, c, how) in edits {
                let c = ALPHABET.iter().chain(&EXTRA).nth(c).copied().unwrap();
                let i = at.index(chars.len() + 1);
                match how {
                    0 if i < chars.len() => chars[i] = c,
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => chars.insert(i, c),
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    // 1,500 cases each, or `PROPTEST_CASES`.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1500),
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_pieces_agree(s in pieces()) {
        let mut checker = Checker::new();
        checker.check(&s);
        prop_assert!(checker.failures.is_empty(), "{}", checker.failures.join("\n"));
    }

    #[test]
    fn derived_strings_agree(s in derived()) {
        let mut checker = Checker::new();
        checker.check(&s);
        prop_assert!(checker.failures.is_empty(), "{}", checker.failures.join("\n"));
    }
}

/// The derivation gives strings the grammar matches: the generator is right.
#[test]
fn derived_strings_match_their_rule() {
    let g = Grammar::rfc3987_and_rfc3986();
    // A fixed, simple sequence of choices (a linear congruential generator).
    let mut state = 3987u32;
    let mut next = move || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        state >> 8
    };
    for round in 0..400 {
        let form = &FORMS[round % FORMS.len()];
        let choices: Vec<u32> = (0..120).map(|_| next()).collect();
        let mut s = String::new();
        derive(&g, g.rule(form.rule), &mut choices.into_iter(), &mut s);
        assert!(g.matches(form.rule, &s), "{} {s:?}", form.rule);
    }
}
