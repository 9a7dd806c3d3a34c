//! Table-driven tests of `iri::legacy`: `tests/data/preprocess.tsv` (processing draft §4),
//! `lenient.tsv` (RFC 3987 §3.1, the 2002 draft §2.2, LEIRI) and `charsets.tsv` (RFC 3987
//! §3.1 step 1 and its query note, §7.7, the 2001 IUC paper's Tables 1 and 2). Each row names
//! its source in its last column.
//!
//! Field conventions (as in `vectors.rs`): `\u{XXXX}` stands for the code point, `\\` for a
//! backslash; `-` means "not applicable"; `(empty)` is the empty result. Bytes are written in
//! hex, space-separated.

use iri::legacy::{
    decode_char_refs, split_references, trim, CharRefErrorKind, CharRefs, ExtraChars,
    LenientIriRef, ParseMode, Preprocessor, Whitespace,
};
use iri::{IriRef, Kind, UriRef};

mod common;

use common::table;

/// Collects the failures of a table and reports them all at once.
struct Failures(Vec<String>);

impl Failures {
    fn check(&mut self, what: &str, got: &str, want: &str) {
        if got != want {
            self.0
                .push(format!("{what}\n    got:  {got:?}\n    want: {want:?}"));
        }
    }

    fn done(self, rows: usize) {
        assert!(
            self.0.is_empty(),
            "{} of {rows} rows failed:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

fn char_ref_kind(k: CharRefErrorKind) -> &'static str {
    match k {
        CharRefErrorKind::NoDigits => "no-digits",
        CharRefErrorKind::BadDigit(_) => "bad-digit",
        CharRefErrorKind::Unterminated => "unterminated",
        CharRefErrorKind::Surrogate(_) => "surrogate",
        CharRefErrorKind::Noncharacter(_) => "noncharacter",
        CharRefErrorKind::OutOfRange(_) => "out-of-range",
    }
}

fn empty_as_marker(s: &str) -> String {
    if s.is_empty() {
        "(empty)".to_owned()
    } else {
        s.to_owned()
    }
}

#[test]
fn preprocess_table() {
    let rows = table("preprocess.tsv", 5..=5);
    let mut fails = Failures(Vec::new());
    for row in &rows {
        let f = &row.fields;
        let (op, input) = (f[0].as_str(), f[1].as_str());
        let want = if f[3] != "-" { &f[3] } else { &f[2] };
        let what = format!("preprocess.tsv:{} {op} {input:?} ({})", row.line, f[4]);
        let refs = if op.ends_with("+refs") || op == "refs" {
            CharRefs::Decode
        } else {
            CharRefs::Keep
        };
        let got: Result<String, iri::legacy::CharRefError> = match op {
            "trim" => Ok(empty_as_marker(trim(input))),
            "split" | "split+refs" => Preprocessor::new(Whitespace::Remove)
                .char_refs(refs)
                .multiple(input)
                .map(|v| {
                    let parts: Vec<String> = v.iter().map(|(at, s)| format!("{at}:{s}")).collect();
                    empty_as_marker(&parts.join("|"))
                }),
            "remove" | "remove+refs" => Preprocessor::new(Whitespace::Remove)
                .char_refs(refs)
                .single(input)
                .map(|s| empty_as_marker(&s)),
            "encode-spaces" | "encode-spaces+refs" => Preprocessor::new(Whitespace::EncodeSpaces)
                .char_refs(refs)
                .single(input)
                .map(|s| empty_as_marker(&s)),
            "refs" => decode_char_refs(input).map(|s| empty_as_marker(&s)),
            _ => panic!("{what}: unknown operation"),
        };
        let got = match got {
            Ok(s) => s,
            Err(e) => format!("{}@{}", char_ref_kind(e.kind()), e.offset()),
        };
        fails.check(&what, &got, want);
    }
    fails.done(rows.len());
}

/// `split_references` and `Preprocessor::multiple` agree on where references are.
#[test]
fn split_matches_multiple() {
    let s = "\t a  b\u{3000}c   d ";
    let split: Vec<(usize, String)> = split_references(s)
        .map(|r| (r.offset, r.text.to_owned()))
        .collect();
    let multiple: Vec<(usize, String)> = Preprocessor::new(Whitespace::Remove)
        .multiple(s)
        .unwrap()
        .into_iter()
        .map(|(at, t)| (at, t.into_owned()))
        .collect();
    assert_eq!(split, multiple);
    assert_eq!(
        split,
        [(2, "a".into()), (5, "b\u{3000}c".into()), (13, "d".into())]
    );
    for (at, text) in &split {
        assert_eq!(&s[*at..*at + text.len()], text);
    }
}

fn mode(name: &str) -> ParseMode {
    match name {
        "strict" => ParseMode::Strict,
        "lenient" => ParseMode::Lenient,
        "leiri" => ParseMode::Leiri,
        _ => panic!("unknown mode {name}"),
    }
}

#[test]
fn lenient_table() {
    let rows = table("lenient.tsv", 8..=8);
    let mut fails = Failures(Vec::new());
    for row in &rows {
        let f = &row.fields;
        let m = mode(&f[0]);
        let kind = Kind::from_name(&f[1]).unwrap_or_else(|| panic!("kind {}", f[1]));
        let input = f[2].as_str();
        let what = format!("lenient.tsv:{} {} {input:?} ({})", row.line, f[0], f[7]);
        let r = match LenientIriRef::parse_kind(input, m, kind) {
            Ok(r) => r,
            Err(e) => {
                let got = format!("error:{}@{}", e.kind(), e.offset());
                fails.check(&what, &got, &f[3]);
                // An error names the character at its offset in the original text.
                if let (Some(c), Some(at)) = (e.char(), input.get(e.offset()..)) {
                    fails.check(
                        &what,
                        &at.chars().next().unwrap().to_string(),
                        &c.to_string(),
                    );
                }
                continue;
            }
        };
        fails.check(&what, r.as_iri_ref().as_str(), &f[3]);
        let warnings: Vec<String> = r
            .warnings()
            .iter()
            .map(|w| {
                format!(
                    "{}:U+{:04X}:{}:{}",
                    w.offset,
                    w.ch as u32,
                    w.component,
                    w.kind.as_str()
                )
            })
            .collect();
        let warnings = if warnings.is_empty() {
            "-".to_owned()
        } else {
            warnings.join(" ")
        };
        fails.check(&what, &warnings, &f[4]);
        // Each warning points at its character in the original.
        for w in r.warnings() {
            fails.check(
                &what,
                &input[w.offset..].chars().next().unwrap().to_string(),
                &w.ch.to_string(),
            );
        }
        fails.check(&what, r.to_uri().as_str(), &f[5]);
        let strict = match r.to_uri_with(ExtraChars::Fail) {
            Ok(u) => {
                fails.check(&what, u.as_str(), &f[5]);
                "ok".to_owned()
            }
            Err(e) => format!("fail@{}", e.widened().offset),
        };
        fails.check(&what, &strict, &f[6]);
        // The original's components, put back together, are the original.
        let mut joined = String::new();
        if let Some(s) = r.original_scheme() {
            joined.push_str(s);
            joined.push(':');
        }
        if let Some(a) = r.original_authority() {
            joined.push_str("//");
            joined.push_str(a);
        }
        joined.push_str(r.original_path());
        if let Some(q) = r.original_query() {
            joined.push('?');
            joined.push_str(q);
        }
        if let Some(fr) = r.original_fragment() {
            joined.push('#');
            joined.push_str(fr);
        }
        fails.check(&what, &joined, input);
        // The strict value is a valid IRI reference of the kind asked for.
        if let Err(e) = iri::validate(r.as_iri_ref().as_str(), kind) {
            fails.0.push(format!("{what}: strict value invalid: {e}"));
        }
    }
    fails.done(rows.len());
}

/// Strict mode is the strict parser: same answers, same errors.
#[test]
fn strict_mode_is_the_strict_parser() {
    for s in [
        "http://a/b c",
        "http://a/{x}",
        "a\u{202E}",
        "http://[::1%25x]/",
        "http://a/é?\u{E000}",
        "",
    ] {
        let strict = IriRef::parse(s).map(|r| r.as_str().to_owned());
        let lenient = LenientIriRef::parse(s, ParseMode::Strict).map(|r| {
            assert!(r.is_strict());
            r.as_iri_ref().as_str().to_owned()
        });
        assert_eq!(strict, lenient, "{s:?}");
    }
}

#[cfg(feature = "encoding")]
mod charsets {
    use super::*;
    use iri::legacy::{encode_in, interpret, Charset, DocumentCharset, Source, Unmappable};

    fn charset(label: &str) -> Charset {
        Charset::for_label(label).unwrap_or_else(|e| panic!("{e}"))
    }

    fn bytes(hex: &str) -> Vec<u8> {
        hex.split(' ')
            .map(|h| u8::from_str_radix(h, 16).unwrap_or_else(|_| panic!("hex {h:?}")))
            .collect()
    }

    fn readings(list: &str, input: &str) -> String {
        let charsets: Vec<Charset> = if list == "-" {
            Vec::new()
        } else {
            list.split(',').map(charset).collect()
        };
        match interpret(input, &charsets) {
            Err(e) => format!("error@{}", e.offset()),
            Ok(found) => found
                .iter()
                .map(|c| {
                    if c.strict {
                        format!("{}:strict:{}", c.charset, c.text)
                    } else {
                        // A lax reading holds a U+FFFD for what was malformed.
                        let marked = if c.text.contains('\u{FFFD}') {
                            "lax"
                        } else {
                            "lax-without-U+FFFD"
                        };
                        format!("{}:{marked}", c.charset)
                    }
                })
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }

    #[test]
    fn charsets_table() {
        let rows = table("charsets.tsv", 5..=5);
        let mut fails = Failures(Vec::new());
        for row in &rows {
            let f = &row.fields;
            let (op, cs, input, want) = (f[0].as_str(), f[1].as_str(), f[2].as_str(), &f[3]);
            let what = format!("charsets.tsv:{} {op} {cs} {input:?} ({})", row.line, f[4]);
            let query = |policy: Unmappable| {
                let doc = DocumentCharset::new(charset(cs)).unmappable(policy);
                let r = IriRef::parse(input).unwrap_or_else(|e| panic!("{what}: {e}"));
                match doc.to_uri(&r) {
                    Ok(u) => u.into_inner(),
                    Err(e) => format!("error:U+{:04X}@{}", e.ch() as u32, e.offset()),
                }
            };
            let got = match op {
                "step1-bytes" => {
                    let b = bytes(input);
                    let s = Source::Bytes {
                        bytes: &b,
                        charset: charset(cs),
                    };
                    match s.to_ucs() {
                        Ok(t) => t.into_owned(),
                        Err(e) => format!("error@{}", e.offset()),
                    }
                }
                "step1-characters" => Source::Characters(input).to_ucs().unwrap().into_owned(),
                "step1-unicode" => Source::Unicode(input).to_ucs().unwrap().into_owned(),
                "bytes-to-uri" => {
                    let b = bytes(input);
                    let s = Source::Bytes {
                        bytes: &b,
                        charset: charset(cs),
                    };
                    let text = s.to_ucs().unwrap_or_else(|e| panic!("{what}: {e}"));
                    let r = IriRef::parse(text.as_ref()).unwrap_or_else(|e| panic!("{what}: {e}"));
                    r.to_uri().as_str().to_owned()
                }
                "legacy-uri" => {
                    let out = encode_in(input, charset(cs), Unmappable::Fail)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    // The result is a URI reference, and an IRI that maps to itself.
                    let uri = UriRef::parse(&*out).unwrap_or_else(|e| panic!("{what}: {e}"));
                    fails.check(&what, IriRef::from(uri).to_uri().as_str(), &out);
                    out.into_owned()
                }
                "iri-to-uri" => IriRef::parse(input).unwrap().to_uri().as_str().to_owned(),
                "uri-to-iri" => UriRef::parse(input).unwrap().to_iri().as_str().to_owned(),
                "query" => query(Unmappable::Fail),
                "query-utf8" => query(Unmappable::Utf8),
                "query-ncr" => query(Unmappable::NumericReference),
                "interpret" => readings(cs, input),
                _ => panic!("{what}: unknown operation"),
            };
            fails.check(&what, &got, want);
        }
        fails.done(rows.len());
    }

    /// The query exception changes the query and nothing else: outside it, the result is the
    /// plain UTF-8 mapping.
    #[test]
    fn query_exception_touches_only_the_query() {
        let doc = DocumentCharset::new(charset("shift_jis"));
        for s in [
            "http://例え.jp/パス?検索=日本#断片",
            "https://a/ü?ソ表#ü",
            "http://a/?",
            "http://a/#日本",
        ] {
            let r = IriRef::parse(s).unwrap();
            let utf8 = r.to_uri();
            let legacy = doc.to_uri(&r).unwrap();
            let (u, l) = (utf8.as_iri_ref(), legacy.as_iri_ref());
            assert_eq!(l.scheme(), u.scheme(), "{s}");
            assert_eq!(l.authority(), u.authority(), "{s}");
            assert_eq!(l.path(), u.path(), "{s}");
            assert_eq!(l.fragment(), u.fragment(), "{s}");
            assert_eq!(l.has_query(), u.has_query(), "{s}");
            // The query reads back in the charset.
            if let Some(q) = l.query() {
                let back = interpret(q, &[charset("shift_jis")]).unwrap();
                let sjis = back
                    .iter()
                    .find(|c| c.charset == charset("shift_jis"))
                    .unwrap();
                assert!(sjis.strict, "{s}");
                assert_eq!(sjis.text, r.query().unwrap(), "{s}");
            }
        }
    }

    #[test]
    fn unknown_labels() {
        for label in ["", "utf-9", "latin-1x", "replacement", "iso-2022-kr"] {
            assert!(Charset::for_label(label).is_err(), "{label}");
        }
        for label in [" UTF-8 ", "LATIN1", "sjis", "cp1258", "x-mac-roman"] {
            assert!(Charset::for_label(label).is_ok(), "{label}");
        }
    }
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    /// Text made of the characters that matter to the wider grammars: delimiters, the
    /// printable ASCII that URIs exclude, controls, and non-ASCII of every kind.
    fn messy() -> impl Strategy<Value = String> {
        let alphabet: Vec<char> = "ab:/?#[]@%20 <>\"{}|\\^`\t\n\u{7F}\u{85}é日\u{202E}\u{E000}\u{FDD0}\u{FFFE}\u{10000}&;x"
            .chars()
            .collect();
        proptest::collection::vec(proptest::sample::select(alphabet), 0..24)
            .prop_map(|v| v.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Whatever the input, a lenient parse either fails with an offset on a character
        /// boundary of the input, or gives a strict IRI reference whose URI parses, whose
        /// warnings point at their characters, and whose original components make up the input.
        #[test]
        fn lenient_parse_is_consistent(s in messy(), m in 0..3usize) {
            let mode = [ParseMode::Strict, ParseMode::Lenient, ParseMode::Leiri][m];
            match LenientIriRef::parse(&s, mode) {
                Err(e) => {
                    prop_assert!(s.is_char_boundary(e.offset()), "{:?} {}", s, e);
                    if let Some(c) = e.char() {
                        prop_assert_eq!(s[e.offset()..].chars().next(), Some(c));
                    }
                }
                Ok(r) => {
                    prop_assert!(UriRef::parse(r.to_uri().as_str()).is_ok());
                    prop_assert_eq!(r.is_strict(), IriRef::parse(s.as_str()).is_ok());
                    for w in r.warnings() {
                        prop_assert_eq!(s[w.offset..].chars().next(), Some(w.ch));
                    }
                    let mut joined = String::new();
                    if let Some(x) = r.original_scheme() { joined.push_str(x); joined.push(':'); }
                    if let Some(x) = r.original_authority() { joined.push_str("//"); joined.push_str(x); }
                    joined.push_str(r.original_path());
                    if let Some(x) = r.original_query() { joined.push('?'); joined.push_str(x); }
                    if let Some(x) = r.original_fragment() { joined.push('#'); joined.push_str(x); }
                    prop_assert_eq!(joined, s.clone());
                    // Lenient accepts all that strict does, LEIRI all that lenient does.
                    if mode == ParseMode::Lenient {
                        prop_assert!(LenientIriRef::parse(&s, ParseMode::Leiri).is_ok());
                    }
                }
            }
        }

        /// Pre-processing never panics, and errors point at a `&#` of the input.
        #[test]
        fn preprocessing_errors_point_at_references(s in messy()) {
            for ws in [Whitespace::Remove, Whitespace::EncodeSpaces] {
                let p = Preprocessor::new(ws).char_refs(CharRefs::Decode);
                for err in [p.single(&s).err(), p.multiple(&s).err()].into_iter().flatten() {
                    prop_assert!(s[err.offset()..].starts_with("&#"), "{:?} {}", s, err);
                }
            }
            let t = trim(&s);
            prop_assert!(!t.starts_with([' ', '\t', '\r', '\n']));
            prop_assert!(!t.ends_with([' ', '\t', '\r', '\n']));
        }
    }

    #[cfg(feature = "encoding")]
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Percent-encoding through a charset and reading back in that charset (§7.7) gives the
        /// text again, up to canonical equivalence.
        #[test]
        fn legacy_encoding_reads_back(
            s in proptest::collection::vec(proptest::sample::select(
                "aZ09/-.éäß€日本語Москва\u{1EC7}\u{1EA0}ソ表".chars().collect::<Vec<_>>()), 0..12)
                .prop_map(|v| v.into_iter().collect::<String>()),
            label in proptest::sample::select(vec![
                "utf-8", "windows-1252", "macintosh", "shift_jis", "euc-jp", "iso-2022-jp",
                "koi8-r", "windows-1258", "gb18030", "utf-16le",
            ]),
        ) {
            use iri::legacy::{encode_in, interpret, Charset, Unmappable};
            use unicode_normalization::UnicodeNormalization;
            let cs = Charset::for_label(label).unwrap();
            let Ok(encoded) = encode_in(&s, cs, Unmappable::Fail) else { return Ok(()) };
            prop_assert!(UriRef::parse(encoded.as_ref()).is_ok());
            let found = interpret(&encoded, &[cs]).unwrap();
            let reading = found.iter().find(|c| c.charset == cs || cs.is_unicode()).unwrap();
            prop_assert!(reading.strict, "{:?} in {}: {}", s, cs, encoded);
            let a: String = reading.text.nfc().collect();
            let b: String = s.nfc().collect();
            prop_assert_eq!(a, b);
        }
    }
}
