//! Table-driven tests: the vectors in `tests/data/*.tsv`, each row naming its source
//! (an RFC section, or `own` with the grammar rule it exercises).
//!
//! Field conventions: `\u{XXXX}` stands for the code point, `\\` for a backslash, `(none)`
//! for an absent component, `-` for "not applicable".

mod common;

use common::table;
use iri::{Iri, IriRef, Kind, ResolveOptions, Uri, UriRef};

fn opt(s: &str) -> Option<&str> {
    (s != "(none)").then_some(s)
}

#[test]
fn parse_table() {
    let rows = table("parse.tsv", 16..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let kind = Kind::from_name(&f[0]).unwrap_or_else(|| panic!("kind {}", f[0]));
        let input = f[1].as_str();
        let result = iri::validate(input, kind);
        let what = format!("parse.tsv:{} {kind} {input:?} ({})", row.line, f[15]);
        match (f[2].as_str(), result) {
            ("yes", Ok(())) => {
                // Every valid input of any kind is an IRI reference; check the components.
                let r = IriRef::parse(input).expect("valid under some kind => iri-ref");
                let got = [
                    r.scheme().map(str::to_owned),
                    r.authority().map(str::to_owned),
                    r.userinfo().map(str::to_owned),
                    r.host_str().map(str::to_owned),
                    r.host().map(|h| h.kind().as_str().to_owned()),
                    r.port().map(str::to_owned),
                    Some(r.path().to_owned()),
                    r.query().map(str::to_owned),
                    r.fragment().map(str::to_owned),
                ];
                let names = [
                    "scheme",
                    "authority",
                    "userinfo",
                    "host",
                    "host_kind",
                    "port",
                    "path",
                    "query",
                    "fragment",
                ];
                for (k, name) in names.iter().enumerate() {
                    let want = opt(&f[3 + k]).map(str::to_owned);
                    if got[k] != want {
                        failures.push(format!("{what}: {name} = {:?}, want {want:?}", got[k]));
                    }
                }
                // Typed parsing agrees with validation.
                let typed_ok = match kind {
                    Kind::IriReference => IriRef::parse(input).is_ok(),
                    Kind::Iri => Iri::parse(input).is_ok(),
                    Kind::AbsoluteIri => Iri::parse_absolute(input).is_ok(),
                    Kind::RelativeIri => IriRef::parse_relative(input).is_ok(),
                    Kind::UriReference => UriRef::parse(input).is_ok(),
                    Kind::Uri => Uri::parse(input).is_ok(),
                    Kind::AbsoluteUri => Uri::parse_absolute(input).is_ok(),
                    Kind::RelativeUri => UriRef::parse_relative(input).is_ok(),
                };
                if !typed_ok {
                    failures.push(format!("{what}: typed parse rejects it"));
                }
            }
            ("no", Err(e)) => {
                let (want_kind, want_comp, want_off) = (&f[12], &f[13], &f[14]);
                if e.kind().as_str() != want_kind
                    || e.component().as_str() != want_comp
                    || e.offset().to_string() != *want_off
                {
                    failures.push(format!(
                        "{what}: got {} in {} at {}, want {want_kind} in {want_comp} at {want_off} ({e})",
                        e.kind(),
                        e.component(),
                        e.offset()
                    ));
                }
                // Messages about a character name it as U+XXXX.
                let msg = e.to_string();
                let about_char = matches!(
                    e.kind(),
                    iri::ErrorKind::InvalidChar
                        | iri::ErrorKind::BidiFormatting
                        | iri::ErrorKind::InvalidPort
                        | iri::ErrorKind::NonAscii
                );
                if let (true, Some(c)) = (about_char, e.char()) {
                    let code = format!("U+{:04X}", c as u32);
                    if !msg.contains(&code) {
                        failures.push(format!("{what}: message {msg:?} lacks {code}"));
                    }
                }
            }
            ("yes", Err(e)) => failures.push(format!("{what}: rejected: {e}")),
            ("no", Ok(())) => failures.push(format!("{what}: accepted")),
            (v, _) => panic!("parse.tsv:{}: valid must be yes or no, not {v}", row.line),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

#[test]
fn resolve_table() {
    let rows = table("resolve.tsv", 4..);
    let mut failures = Vec::new();
    let mut buf = String::new();
    for row in &rows {
        let f = &row.fields;
        let base = Iri::parse(f[0].as_str()).expect("base");
        let r = IriRef::parse(f[1].as_str()).expect("reference");
        let got = base.resolve(&r);
        let into = base.resolve_into(&r, &mut buf).as_str().to_owned();
        if got != f[2].as_str() || into != f[2] {
            failures.push(format!(
                "resolve.tsv:{} {} + {} = {got}, want {} ({})",
                row.line, f[0], f[1], f[2], f[3]
            ));
        }
        // The result parses back to the same components.
        let again = Iri::parse(got.as_str()).expect("result parses");
        assert_eq!(again.path(), got.path(), "resolve.tsv:{}", row.line);
        assert_eq!(
            again.authority(),
            got.authority(),
            "resolve.tsv:{}",
            row.line
        );
        assert_eq!(again.query(), got.query(), "resolve.tsv:{}", row.line);
    }
    // RFC 3986 §5.4: 23 normal and 19 abnormal examples.
    let from = |sec: &str| {
        rows.iter()
            .filter(|r| r.fields[3].starts_with(&format!("RFC 3986 {sec}")))
            .count()
    };
    let (normal, abnormal) = (from("§5.4.1"), from("§5.4.2"));
    assert_eq!((normal, abnormal), (23, 19));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The options column of resolve_options.tsv: a preset or option names, comma-separated.
fn options_of(field: &str) -> ResolveOptions {
    field
        .split(',')
        .fold(ResolveOptions::strict(), |o, name| match name {
            "base-normalize" => o.base_normalize(true),
            "copied-path-normalize" => o.copied_path_normalize(true),
            "erratum-4789" => o.erratum_4789(true),
            "dot-encoded" => o.dot_encoded(true),
            preset => preset.parse().expect("a preset or an option name"),
        })
}

// RFC 3986 §5.2.1, §5.2.3 with erratum 4789, §2.3/§6.2.2.2/§6.2.2.3: each row's result with
// its options, by `resolve_with`, `resolve_into_with` and, for URIs, `Uri::resolve_with`;
// each result is a valid IRI that parses back to the same components.
#[test]
fn resolve_options_table() {
    let rows = table("resolve_options.tsv", 5..);
    assert!(rows.len() >= 40, "{} rows", rows.len());
    let mut failures = Vec::new();
    let mut buf = String::new();
    for row in &rows {
        let f = &row.fields;
        let base = Iri::parse(f[0].as_str()).expect("base");
        let r = IriRef::parse(f[1].as_str()).expect("reference");
        let opts = options_of(&f[2]);
        let got = base.resolve_with(&r, opts);
        let into = base
            .resolve_into_with(&r, opts, &mut buf)
            .as_str()
            .to_owned();
        if got != f[3].as_str() || into != f[3] {
            failures.push(format!(
                "resolve_options.tsv:{} {} + {} [{}] = {got}, want {} ({})",
                row.line, f[0], f[1], f[2], f[3], f[4]
            ));
        }
        if opts.is_strict() {
            assert_eq!(got, base.resolve(&r), "resolve_options.tsv:{}", row.line);
        }
        let again = Iri::parse(got.as_str()).expect("result parses");
        assert_eq!(again.path(), got.path(), "resolve_options.tsv:{}", row.line);
        assert_eq!(again.authority(), got.authority());
        assert_eq!(again.query(), got.query());
        assert_eq!(again.fragment(), got.fragment());
        if let (Ok(bu), Ok(ru)) = (Uri::parse(f[0].as_str()), UriRef::parse(f[1].as_str())) {
            assert_eq!(bu.resolve_with(&ru, opts), f[3].as_str());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// RFC 3986 §5.4: the bases of resolve.tsv hold no dot segment, so every preset gives the
// strict results there, except where a reference holds a %2E segment (encoded dots).
#[test]
fn presets_keep_the_results_of_resolve_tsv() {
    let rows = table("resolve.tsv", 4..);
    let mut buf = String::new();
    for row in &rows {
        let f = &row.fields;
        let base = Iri::parse(f[0].as_str()).expect("base");
        let r = IriRef::parse(f[1].as_str()).expect("reference");
        for opts in [
            ResolveOptions::strict(),
            ResolveOptions::default(),
            ResolveOptions::rdf(),
            ResolveOptions::browser(),
        ] {
            let base_dots = iri::remove_dot_segments(base.path()) != base.path();
            let pct_dot = f[1].to_ascii_lowercase().contains("%2e")
                || f[0].to_ascii_lowercase().contains("%2e");
            if opts.is_strict() || !(base_dots || (opts.is_dot_encoded() && pct_dot)) {
                assert_eq!(
                    base.resolve_with(&r, opts),
                    f[2].as_str(),
                    "resolve.tsv:{} {opts:?}",
                    row.line
                );
                assert_eq!(base.resolve_into_with(&r, opts, &mut buf), f[2].as_str());
            }
        }
    }
}

#[test]
fn relativize_table() {
    let rows = table("relativize.tsv", 4..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let base = Iri::parse(f[0].as_str()).expect("base");
        let target = Iri::parse(f[1].as_str()).expect("target");
        match (base.relativize(&target), f[2].as_str()) {
            (Err(_), "(error)") => {}
            (Ok(r), want) if r == want => {
                assert_eq!(base.resolve(&r), target, "relativize.tsv:{}", row.line);
            }
            (got, want) => failures.push(format!(
                "relativize.tsv:{} {} -> {}: got {got:?}, want {want:?} ({})",
                row.line, f[0], f[1], f[3]
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn to_uri_table() {
    let rows = table("to_uri.tsv", 3..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let r = IriRef::parse(f[0].as_str()).expect("input is an IRI reference");
        let uri = r.to_uri();
        if uri != f[1].as_str() {
            failures.push(format!(
                "to_uri.tsv:{} {} -> {uri}, want {} ({})",
                row.line, f[0], f[1], f[2]
            ));
        }
        // Idempotent, and the output is a URI reference.
        assert_eq!(uri.as_iri_ref().to_uri(), uri, "to_uri.tsv:{}", row.line);
        assert!(
            UriRef::parse(uri.as_str()).is_ok(),
            "to_uri.tsv:{}",
            row.line
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn to_iri_table() {
    let rows = table("to_iri.tsv", 3..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let u = UriRef::parse(f[0].as_str()).expect("input is a URI reference");
        let i = u.to_iri();
        if i != f[1].as_str() {
            failures.push(format!(
                "to_iri.tsv:{} {} -> {i}, want {} ({})",
                row.line, f[0], f[1], f[2]
            ));
        }
        // The output is an IRI reference, and maps back to the input up to hex case and
        // decoded unreserved characters (RFC 3987 §3.2).
        assert!(IriRef::parse(i.as_str()).is_ok(), "to_iri.tsv:{}", row.line);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn normalize_table() {
    use iri::{Form, Level, Normalizer};
    let rows = table("normalize.tsv", 5..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let level = match f[0].as_str() {
            "syntax" => Level::Syntax,
            "scheme" => Level::Scheme,
            other => panic!("normalize.tsv:{}: level {other}", row.line),
        };
        let mut n = Normalizer::new(level);
        match f[1].as_str() {
            "-" => {}
            "uri" => n = n.form(Form::Uri),
            "nfc" => n = n.nfc(),
            "nfkc" => n = n.nfkc(),
            "ignore-fragment" => n = n.ignore_fragment(true),
            other => panic!("normalize.tsv:{}: option {other}", row.line),
        }
        let input = IriRef::parse(f[2].as_str()).expect("input");
        let got = n.normalize(&input);
        if got != f[3].as_str() {
            failures.push(format!(
                "normalize.tsv:{} {} {} -> {got}, want {} ({})",
                row.line, f[0], f[2], f[3], f[4]
            ));
        }
        // Normal forms are fixed points, and valid.
        assert_eq!(n.normalize(&got), got, "normalize.tsv:{}", row.line);
        assert!(
            IriRef::parse(got.as_str()).is_ok(),
            "normalize.tsv:{}",
            row.line
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn equivalence_table() {
    use iri::{equivalence_level, Level};
    let rows = table("equivalence.tsv", 4..);
    let mut failures = Vec::new();
    for row in &rows {
        let f = &row.fields;
        let a = IriRef::parse(f[0].as_str()).expect("a");
        let b = IriRef::parse(f[1].as_str()).expect("b");
        let want = match f[2].as_str() {
            "simple" => Some(Level::Simple),
            "syntax" => Some(Level::Syntax),
            "scheme" => Some(Level::Scheme),
            "none" => None,
            other => panic!("equivalence.tsv:{}: {other}", row.line),
        };
        let got = equivalence_level(&a, &b);
        if got != want || equivalence_level(&b, &a) != want {
            failures.push(format!(
                "equivalence.tsv:{} {} vs {}: {got:?}, want {want:?} ({})",
                row.line, f[0], f[1], f[3]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
