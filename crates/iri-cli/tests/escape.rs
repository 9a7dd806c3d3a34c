//! Untrusted text never reaches a terminal raw: every text and TSV output of every subcommand
//! writes the C0 and C1 controls, DEL, the bidi formatting characters (RFC 3987 §4.1, with
//! the isolates and U+061C) and the other default-ignorable and invisible characters as a
//! visible `<U+XXXX>`. Each such character is put in each position of an IRI (raw, and
//! percent-encoded for the subcommands that decode), in plain text and in HTML, and no output
//! may hold it raw.

mod common;

use common::{run, run_with_stdin, stderr};

/// The characters that must never be written raw: every C0 control but LF (which ends a
/// line of input), DEL, every C1 control, the bidi formatting characters, and a sample of the
/// default-ignorable, invisible and non-space white-space characters.
fn hidden() -> Vec<char> {
    let mut v: Vec<char> = (0u32..0x20).filter(|&c| c != 0x0A).map(ch).collect();
    v.push('\u{7F}');
    v.extend((0x80u32..0xA0).map(ch));
    v.extend((0x202A..=0x202E).map(ch));
    v.extend((0x2066..=0x2069).map(ch));
    v.extend([
        '\u{061C}',
        '\u{200E}',
        '\u{200F}', // bidi marks
        '\u{00A0}',
        '\u{00AD}',
        '\u{034F}',
        '\u{115F}',
        '\u{1160}',
        '\u{17B4}',
        '\u{180E}',
        '\u{200B}',
        '\u{200C}',
        '\u{200D}',
        '\u{2028}',
        '\u{2029}',
        '\u{2060}',
        '\u{2064}',
        '\u{3000}',
        '\u{3164}',
        '\u{FE00}',
        '\u{FE0F}',
        '\u{FEFF}',
        '\u{FFA0}',
        '\u{1D173}',
        '\u{E0001}',
        '\u{E0041}',
        '\u{E0100}',
    ]);
    v
}

fn ch(c: u32) -> char {
    char::from_u32(c).unwrap()
}

/// The positions of an IRI where a character goes: before it, in the scheme, the userinfo,
/// the host, the port, the path, the query, the fragment, and after it.
const POSITIONS: &[(&str, &str)] = &[
    ("", "http://u@host.example:80/p/q?k=v#f"),
    ("ht", "tp://u@host.example:80/p/q?k=v#f"),
    ("http://u", "@host.example:80/p/q?k=v#f"),
    ("http://u@ho", "st.example:80/p/q?k=v#f"),
    ("http://u@host.example:8", "0/p/q?k=v#f"),
    ("http://u@host.example:80/p", "/q?k=v#f"),
    ("http://u@host.example:80/p/q?k", "=v#f"),
    ("http://u@host.example:80/p/q?k=v#", "f"),
    ("http://u@host.example:80/p/q?k=v#f", ""),
];

/// `%XX` for each UTF-8 byte of `c`.
fn pct(c: char) -> String {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// One IRI per line: each character in each position, raw and percent-encoded.
fn lines() -> String {
    let mut s = String::new();
    for c in hidden() {
        for (a, b) in POSITIONS {
            s.push_str(&format!("{a}{c}{b}\n{a}{}{b}\n", pct(c)));
        }
    }
    s
}

/// A plain-text document: each character in each position of an IRI in angle brackets, and
/// bare after a word.
fn text_document() -> String {
    let mut s = String::new();
    for c in hidden() {
        for (a, b) in POSITIONS {
            s.push_str(&format!("see <{a}{c}{b}> and {a}{c}{b} here\n"));
        }
    }
    s
}

/// An HTML document: each character (as a numeric character reference, and raw) in each
/// position of an attribute value, in the text of an element, and in an element's name.
fn html_document() -> String {
    let mut s = String::from("<!doctype html><meta charset=utf-8><body>\n");
    for c in hidden() {
        let r = format!("&#x{:X};", c as u32);
        for (a, b) in POSITIONS {
            s.push_str(&format!(
                "<a href=\"{a}{r}{b}\">x</a><a href=\"{a}{c}{b}\">y</a><p>{a}{r}{b}</p>\
                 <q{c}x cite=\"{a}{b}\">z</q{c}x>\n"
            ));
        }
    }
    s
}

/// `display`'s own wrapping (LRE … PDF, LRI … PDI) taken off the ends of a line (a TSV line's
/// output field), the rest of which must hold no hidden character.
fn unwrapped(line: &str) -> String {
    let mut fields: Vec<&str> = line.split('\t').collect();
    for f in &mut fields {
        for (open, close) in [('\u{202A}', '\u{202C}'), ('\u{2066}', '\u{2069}')] {
            if let Some(inner) = f.strip_prefix(open).and_then(|f| f.strip_suffix(close)) {
                *f = inner;
            }
        }
    }
    fields.join("\t")
}

/// Fails when `text` holds one of the hidden characters raw; `allowed` may appear (the line
/// break that ends each line, the tab that separates TSV fields).
#[track_caller]
fn assert_no_raw(what: &str, text: &str, allowed: &[char]) {
    let hidden = hidden();
    let display = what.starts_with("iri display");
    for (n, line) in text.lines().enumerate() {
        let line = if display {
            unwrapped(line)
        } else {
            line.to_owned()
        };
        if let Some(c) = line
            .chars()
            .find(|c| hidden.contains(c) && !allowed.contains(c))
        {
            panic!(
                "{what}: line {} holds U+{:04X} raw: {line:?}",
                n + 1,
                c as u32
            );
        }
    }
    // A CR would also pass through `lines()`, which drops it before a LF.
    assert!(
        !text.contains('\r'),
        "{what}: a raw CR in the output: {text:?}"
    );
}

/// Runs `iri ARGS` on `stdin` and checks standard output and standard error; TSV output must
/// also keep its columns: as many tabs on each line as on its header.
#[track_caller]
fn check(args: &[&str], stdin: &str) -> String {
    let o = run_with_stdin(args, stdin.as_bytes());
    let what = format!("iri {}", args.join(" "));
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{what}: {}",
        stderr(&o)
    );
    let out = String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8");
    let tsv = args.windows(2).any(|w| w == ["--format", "tsv"]);
    assert_no_raw(&what, &out, if tsv { &['\t'] } else { &[] });
    assert_no_raw(&format!("{what} (stderr)"), &stderr(&o), &[]);
    if tsv {
        let mut rows = out.lines();
        let columns = rows.next().expect("a header").matches('\t').count();
        for row in rows {
            assert_eq!(row.matches('\t').count(), columns, "{what}: {row:?}");
        }
    }
    assert!(!out.is_empty(), "{what}: no output");
    out
}

/// The line-reading subcommands, in each format that is not JSON.
#[test]
fn line_subcommands_escape_every_hidden_character() {
    let input = lines();
    let base = "http://b.example/x/y";
    let runs: &[&[&str]] = &[
        &["parse"],
        &["parse", "--lenient"],
        &["validate", "-"],
        &["to-uri"],
        &["to-uri", "--lenient"],
        &["to-iri"],
        &["to-iri", "--idna"],
        &["resolve", "--base", base],
        &["relativize", "--base", base],
        &["normalize"],
        &["normalize", "--level", "scheme"],
        &["dedup", "-"],
        &["display"],
        &["display", "--wrap", "lri"],
        &["display", "--bidi-notation", "hebrew"],
    ];
    for args in runs {
        for format in ["text", "tsv"] {
            let mut all = args.to_vec();
            all.extend(["--format", format]);
            check(&all, &input);
        }
    }
    check(&["lint"], &input);
    check(&["--stats=text", "parse"], &input);
    check(&["--stats=lint", "validate", "-"], &input);
}

/// `display` shows each input with its hidden characters as tokens, not dropped.
#[test]
fn display_shows_tokens() {
    let mut input = String::new();
    for c in hidden() {
        input.push_str(&format!("http://a/{c}b\n"));
    }
    let out = check(&["display"], &input);
    for (line, c) in out.lines().zip(hidden()) {
        assert_eq!(line, format!("http://a/<U+{:04X}>b", c as u32));
    }
    assert_eq!(out.lines().count(), hidden().len());
}

/// The decoded forms of `to-iri` hold the characters it decodes as tokens.
#[test]
fn to_iri_tokens() {
    let o = check(&["to-iri", "--format", "tsv"], "http://a/%C2%A0x\n");
    assert!(o.contains("http://a/<U+00A0>x"), "{o}");
}

/// `extract` on plain text, HTML and XML, in text and TSV, and `--lenient`.
#[test]
fn extract_escapes_every_hidden_character() {
    let text = text_document();
    let html = html_document();
    for format in ["text", "tsv"] {
        for lenient in [false, true] {
            let mut args = vec!["extract", "--format", format];
            if lenient {
                args.push("--lenient");
            }
            for (kind, doc) in [("text", &text), ("html", &html), ("xml", &html)] {
                let mut all = args.clone();
                all.extend(["--type", kind, "-"]);
                check(&all, doc);
            }
        }
    }
}

/// The report of the issue: a terminal title set by OSC, and a right-to-left override.
#[test]
fn extract_report_cases() {
    let o = check(
        &["extract", "--type", "html", "-"],
        "<a href=\"http://a/&#x1b;]0;PWNED&#x7;x\">t</a>",
    );
    assert!(o.contains("http://a/<U+001B>]0;PWNED<U+0007>x"), "{o}");
    let o = check(
        &["extract", "--type", "html", "-"],
        "<a href=\"http://evil.example/invoice&#x202E;fdp.exe\">t</a>",
    );
    assert!(o.contains("invoice<U+202E>fdp.exe"), "{o}");
    let o = check(&["extract", "-"], "see <http://a/\u{1b}[31mX>\n");
    assert!(o.contains("<U+001B>"), "{o}");
}

/// Arguments can hold a line feed, which lines cannot; `compare` takes only arguments.
#[test]
fn arguments_and_compare() {
    // An argument cannot hold NUL (the C string of argv ends there); it can hold a LF.
    let mut chars: Vec<char> = hidden().into_iter().filter(|&c| c != '\0').collect();
    chars.push('\n');
    for c in chars {
        let args: Vec<String> = POSITIONS
            .iter()
            .flat_map(|(a, b)| [format!("{a}{c}{b}"), format!("{a}{}{b}", pct(c))])
            .collect();
        for format in ["text", "tsv"] {
            let allowed: &[char] = if format == "tsv" { &['\t'] } else { &[] };
            for sub in ["parse", "to-iri", "display"] {
                let mut all = vec![sub, "--format", format];
                all.extend(args.iter().map(String::as_str));
                let o = run(&all);
                let what = format!("iri {sub} --format {format} U+{:04X}", c as u32);
                let out = String::from_utf8(o.stdout.clone()).unwrap();
                assert_no_raw(&what, &out, allowed);
                assert_no_raw(&what, &stderr(&o), &[]);
                // One line per argument (and a TSV header): a LF stays inside its line.
                let header = usize::from(format == "tsv");
                assert_eq!(out.lines().count(), args.len() + header, "{what}: {out:?}");
            }
            // The host, the path and the end.
            for pair in [&args[6..8], &args[10..12], &args[16..18]] {
                let o = run(&["compare", "--format", format, &pair[0], &pair[1]]);
                let what = format!("iri compare --format {format} {pair:?}");
                let out = String::from_utf8(o.stdout.clone()).unwrap();
                assert_no_raw(&what, &out, allowed);
                assert_no_raw(&what, &stderr(&o), &[]);
            }
        }
    }
}
