//! Tests of the parser's shortcuts against the grammar read directly (RFC 3986 §3.1, §3.2).

use super::*;
use alloc::string::String;

/// Every string of `len` characters from the ASCII `alphabet`, each once: the exhaustive
/// inputs of the tests that check a shortcut against its rule read directly.
pub(crate) fn strings_over(alphabet: &str, len: u32) -> impl Iterator<Item = String> + '_ {
    let a = alphabet.as_bytes();
    (0..a.len().pow(len)).map(move |code| {
        let mut c = code;
        let mut s = String::with_capacity(len as usize);
        for _ in 0..len {
            s.push(a[c % a.len()] as char);
            c /= a.len();
        }
        s
    })
}

/// The word comparison for "http:" and "https:" against the scheme rule of RFC 3986 §3.1
/// applied byte by byte, on every prefix and small change of those schemes (own).
#[test]
fn scheme_fast_path_agrees_with_the_rule() {
    let rule = |s: &str| {
        let b = s.as_bytes();
        let colon = b.iter().position(|&c| c == b':')?;
        let ok =
            colon > 0 && b[0].is_ascii_alphabetic() && b[1..colon].iter().all(|&c| is(c, SCHEME));
        ok.then_some(colon + 1)
    };
    let mut inputs = alloc::vec::Vec::new();
    for head in [
        "http:", "https:", "HTTP:", "Https:", "httpx:", "http+s:", "httpss:", "htt:", "http",
        "https", "http/", "https/", ":http:", "h:", "http::", "https::",
    ] {
        for rest in ["", "x", "//a", "//a/b?c#d", "/p", "?q", "#f", "a:b"] {
            inputs.push(alloc::format!("{head}{rest}"));
        }
    }
    let mut schemes = 0;
    for s in &inputs {
        let got = parse(s, Kind::IriReference).map(|p| p.scheme_end as usize);
        match rule(s) {
            // Every rest above is a valid hier-part, so a valid scheme makes an IRI.
            Some(end) => {
                assert_eq!(got, Ok(end), "{s}");
                schemes += 1;
            }
            // No scheme: a relative reference, or rejected (":http:", "http/a:b").
            None => assert!(matches!(got, Ok(0) | Err(_)), "{s}"),
        }
    }
    assert!(schemes > 60, "{schemes}");
}

/// Every authority of up to 7 characters from `a`, `1`, `:`, `@`, against RFC 3986
/// §3.2 read directly: `[ userinfo "@" ] host [ ":" port ]`, where a userinfo may hold
/// ':' but not '@', a reg-name neither, and a port only digits (own).
#[test]
fn authority_split_agrees_with_the_rule() {
    let host_port = |h: &str| match h.find(':') {
        Some(c) => h[c + 1..].bytes().all(|c| c.is_ascii_digit()),
        None => true,
    };
    for len in 0..=7u32 {
        for a in strings_over("a1:@", len) {
            let want = match a.split_once('@') {
                Some((_, hp)) => !hp.contains('@') && host_port(hp),
                None => host_port(&a),
            };
            let s = alloc::format!("http://{a}/p");
            let got = parse(&s, Kind::Iri);
            assert_eq!(got.is_ok(), want, "{s}");
            if let Ok(p) = got {
                assert_eq!(p.auth_end as usize, 7 + a.len(), "{s}");
            }
        }
    }
}

/// The word scan's three ways of finding where a run ends (inside a whole word, among the
/// last bytes, the last eight bytes all in the class) against the grammar: a run of every
/// length from 0 to 24 of path, query, fragment or host characters (ASCII and two- and
/// three-octet ones), at every offset, ended by every delimiter and by the end of the
/// input, gives the component boundaries where the run ends (RFC 3986 §3, RFC 3987 §2.2;
/// own).
#[test]
fn runs_end_where_the_grammar_says() {
    let unit = ["a", "é", "中", "%41", "-"];
    for lead in ["", "x", "xyz", "xyzwvut"] {
        for len in 0..=24usize {
            for u in unit {
                let run = u.repeat(len);
                // (prefix, end of input or delimiter, which position the run must end at)
                for (pre, stop) in [
                    ("http://h/", ""),
                    ("http://h/", "?q"),
                    ("http://h/", "#f"),
                    ("http://h?", ""),
                    ("http://h?", "#f"),
                    ("http://h#", ""),
                    ("http://", "/p"),
                    ("http://", ":80/"),
                    ("http://", ""),
                ] {
                    let s = alloc::format!("{pre}{lead}{run}{stop}");
                    let p = parse(&s, Kind::Iri).unwrap_or_else(|e| panic!("{s:?}: {e}"));
                    let end = pre.len() + lead.len() + run.len();
                    let got = match (pre, stop) {
                        ("http://", ":80/") => s[..p.auth_end as usize].rfind(':').unwrap_or(0),
                        ("http://", _) => p.auth_end as usize,
                        ("http://h/", "?q") | ("http://h/", "") => p.path_end as usize,
                        ("http://h/", _) | ("http://h?", _) => p.query_end() as usize,
                        _ => s.len(),
                    };
                    assert_eq!(got, end, "{s:?}");
                    assert_eq!(p.known_ascii(), s.is_ascii(), "{s:?}");
                    let bad = alloc::format!("{pre}{lead}{run}\u{202E}{stop}");
                    let e = parse(&bad, Kind::Iri).expect_err(&bad);
                    assert_eq!(e.offset(), end, "{bad:?}");
                }
            }
        }
    }
}

/// The ASCII flag of the positions is exact: one non-ASCII character of each way the scan
/// meets one (octets the word loop takes whole: é, 中; characters it stops at: U+00A0,
/// U+2010, 𐌀, and U+E000, `iprivate`, in the query) at every byte offset of an IRI with
/// every component, including the last eight bytes that the scan reads as one word, sets
/// it clear; the ASCII text sets it (RFC 3987 §2.2 `ucschar`/`iprivate`; own).
#[test]
fn ascii_flag_is_exact() {
    let ascii = "http://user:pw@host.example:80/a/b/c/d?query=1&r=2#fragment-x";
    let p = parse(ascii, Kind::Iri).unwrap();
    assert!(p.known_ascii());
    assert!(parse(ascii, Kind::Uri).unwrap().known_ascii());
    // (character, at how many offsets at least it is allowed: all but in the scheme, the
    // port and "//"; U+E000 only in the query)
    let chars = [
        ("\u{E9}", 45),
        ("\u{4E2D}", 45),
        ("\u{A0}", 45),
        ("\u{2010}", 45),
        ("\u{10300}", 45),
        ("\u{E000}", 12),
    ];
    for (c, min) in chars {
        let mut parsed = 0;
        for at in 0..=ascii.len() {
            let s = alloc::format!("{}{c}{}", &ascii[..at], &ascii[at..]);
            if let Ok(p) = parse(&s, Kind::Iri) {
                assert!(!p.known_ascii(), "{s:?}");
                parsed += 1;
            }
            // The same without "http:", a network-path reference.
            for kind in [Kind::IriReference, Kind::RelativeIri] {
                match parse(&s[5.min(at)..], kind) {
                    Ok(p) if at >= 5 => assert!(!p.known_ascii(), "{s:?}"),
                    _ => {}
                }
            }
        }
        assert!(parsed >= min, "{c:?}: {parsed}");
    }
    // Every short text over an alphabet with one non-ASCII character, as a relative
    // reference: the flag is exactly "no é".
    for len in 0..=6u32 {
        for s in strings_over("a/?#%é", len) {
            if let Ok(p) = parse(&s, Kind::IriReference) {
                assert_eq!(p.known_ascii(), s.is_ascii(), "{s:?}");
            }
        }
    }
}

/// The portable scanner gives the same result (positions, ASCII flag, or the whole error) as
/// the one the processor runs with (AVX2 or SSSE3 on most x86-64) and as the SSSE3 one, for
/// every kind, on every input of
/// the parse table and on every string of up to four characters over an alphabet of
/// delimiters, class members, `%`, and non-ASCII characters of each kind, behind prefixes
/// that start each component (own).
#[test]
fn scanners_agree() {
    let check = |s: &str| {
        for kind in Kind::ALL {
            let fast = alloc::format!("{:?}", parse(s, kind));
            let portable = alloc::format!("{:?}", parse_with(s, kind, scan::Scalar));
            assert_eq!(fast, portable, "{kind} {s:?}");
            if let Some(ssse3) = scan::run_with_ssse3(Parse { s, kind }) {
                let ssse3 = alloc::format!("{:?}", with_hint(s, ssse3));
                assert_eq!(ssse3, portable, "ssse3 {kind} {s:?}");
            }
        }
    };
    for line in include_str!("../../tests/data/parse.tsv").lines().skip(1) {
        if let Some(input) = line.split('\t').nth(1) {
            check(input);
        }
    }
    let prefixes = [
        "",
        "a:",
        "http://",
        "http://u@",
        "http://h/",
        "h:/p?",
        "s://h/p?q#",
    ];
    let long = "abcdefghijklmnopqrstuvwxyz0123456789-._~";
    let alphabet = [
        'a', '/', ':', '@', '?', '#', '%', '9', '\u{e9}', '\u{20ac}', '\u{202e}', '\u{e000}',
    ];
    for x in alphabet {
        for y in alphabet {
            for z in alphabet {
                for p in prefixes {
                    check(&alloc::format!("{p}{x}{y}{z}"));
                    check(&alloc::format!("{p}{long}{x}{y}{long}{z}"));
                }
            }
        }
    }
    // Texts of every length up to 70, and around 128 (the parser finds the components of
    // texts of up to `scan::LONG_MARKS_MAX` bytes from marks of whole blocks), with two
    // characters of the alphabet at the places where blocks of 16 or 32 meet, and ports.
    for p in prefixes {
        let around_128 = (120 - p.len())..=(132 - p.len());
        for pad in (0..=(70 - p.len())).chain(around_128) {
            for x in alphabet {
                for y in alphabet {
                    let text = long.repeat(4);
                    check(&alloc::format!("{p}{}{x}{y}", &text[..pad]));
                    if pad >= long.len() {
                        let rest = &text[..pad - long.len()];
                        check(&alloc::format!("{p}{long}{x}{rest}{y}"));
                        check(&alloc::format!("{p}{rest}{x}{long}{y}"));
                    }
                }
            }
        }
    }
    for port in ["", "8", "80", "8a", "a", ":", "8:8", "\u{e9}", "%38", "@"] {
        for tail in ["", "/", "?", "#", "/p:q", "?x#y"] {
            for host in ["", "h", "h.example", "[::1]", "1.2.3.4"] {
                check(&alloc::format!("http://{host}:{port}{tail}"));
                check(&alloc::format!("//{host}:{port}{tail}"));
            }
        }
    }
}
