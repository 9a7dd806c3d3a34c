//! The diagnostics of RFC 3987 §6.1, §7.5 and §8 and RFC 3986 §7 (character and security
//! checks): for each code an input that triggers it and a near miss that does not.

use iri::lint::{lint, lint_str, Code, Diagnostic, Linter, Policy, Severity};
use iri::{Component, IriRef, UriRef};

/// The codes of the character and security checks (not the bidi ones).
const MINE: &[Code] = &[
    Code::NotNfc,
    Code::NotNfkc,
    Code::LookalikeDelimiter,
    Code::LookalikeSpace,
    Code::InvisibleCharacter,
    Code::UnassignedCodePoint,
    Code::MixedScript,
    Code::Confusable,
    Code::PrivateUse,
    Code::OverlongUtf8,
    Code::OverlongTraversal,
    Code::EncodedSurrogate,
    Code::NonUtf8Octets,
    Code::EncodedDelimiterInPath,
    Code::PasswordInUserinfo,
    Code::Ipv4LookalikeHost,
    Code::MixedScriptHostLabel,
];

fn with_code(found: &[Diagnostic], code: Code) -> Vec<Diagnostic> {
    found.iter().filter(|d| d.code == code).cloned().collect()
}

/// Asserts that `s` gets `code` over `span` in `component`, at `severity`, with a message
/// containing `says`; returns the diagnostic. Valid inputs are also checked through `lint`.
#[track_caller]
fn expect(
    s: &str,
    code: Code,
    span: &str,
    component: Component,
    severity: Severity,
    says: &str,
) -> Diagnostic {
    let found = lint_str(s);
    if let Ok(r) = IriRef::parse(s) {
        assert_eq!(lint(&r), found, "lint and lint_str agree on {s:?}");
    }
    let hits = with_code(&found, code);
    let d = hits
        .iter()
        .find(|d| &s[d.span.clone()] == span)
        .unwrap_or_else(|| panic!("{code} over {span:?} in {s:?}; found {found:#?}"))
        .clone();
    assert_eq!(d.component, Some(component), "{d:?}");
    assert_eq!(d.severity, severity, "{d:?}");
    assert_eq!(d.severity, code.default_severity());
    assert_eq!(d.section, code.section());
    assert!(
        d.message.contains(says),
        "{:?} does not say {says:?}",
        d.message
    );
    d
}

#[track_caller]
fn absent(s: &str, code: Code) {
    let found = lint_str(s);
    assert!(
        with_code(&found, code).is_empty(),
        "no {code} in {s:?}; found {found:#?}"
    );
}

// ---- characters: RFC 3987 §5.3.2.2, §6.1, §7.5 ----

#[test]
fn not_nfc() {
    let d = expect(
        "http://example.org/re\u{301}sume",
        Code::NotNfc,
        "e\u{301}",
        Component::Path,
        Severity::Warning,
        "NFC",
    );
    assert_eq!(d.suggestion.as_deref(), Some("\u{E9}"));
    // Percent-encoded decomposed text: the span covers the triplets, the suggestion stays
    // encoded.
    let d = expect(
        "http://example.org/e%CC%81",
        Code::NotNfc,
        "e%CC%81",
        Component::Path,
        Severity::Warning,
        "U+00E9",
    );
    assert_eq!(d.suggestion.as_deref(), Some("%C3%A9"));
    // A host label too.
    expect(
        "http://a\u{308}.example/",
        Code::NotNfc,
        "a\u{308}",
        Component::Host,
        Severity::Warning,
        "NFC",
    );
    // Near misses: precomposed text; a delimiter followed by a mark does not compose across it.
    absent("http://example.org/r\u{E9}sum\u{E9}", Code::NotNfc);
    absent("http://example.org/a?x=\u{338}", Code::NotNfc);
}

#[test]
fn not_nfkc() {
    let d = expect(
        "http://example.org/\u{FB01}le",
        Code::NotNfkc,
        "\u{FB01}",
        Component::Path,
        Severity::Warning,
        "compatibility",
    );
    assert_eq!(d.suggestion.as_deref(), Some("fi"));
    let d = expect(
        "http://example.org/\u{FF76}\u{FF9E}",
        Code::NotNfkc,
        "\u{FF76}\u{FF9E}",
        Component::Path,
        Severity::Warning,
        "U+30AC",
    );
    assert_eq!(d.suggestion.as_deref(), Some("\u{30AC}"));
    let d = expect(
        "http://example.org/?q=\u{FF50}\u{FF41}\u{FF59}",
        Code::NotNfkc,
        "\u{FF50}\u{FF41}\u{FF59}",
        Component::Query,
        Severity::Warning,
        "'pay'",
    );
    assert_eq!(d.suggestion.as_deref(), Some("pay"));
    // A decomposed letter and a ligature in one segment: two problems, one code each.
    let s = "http://example.org/\u{FB01}e\u{301}";
    let found = lint_str(s);
    let nfc = with_code(&found, Code::NotNfc);
    let nfkc = with_code(&found, Code::NotNfkc);
    assert_eq!((nfc.len(), nfkc.len()), (1, 1), "{found:#?}");
    assert_eq!(&s[nfc[0].span.clone()], "e\u{301}");
    assert_eq!(&s[nfkc[0].span.clone()], "\u{FB01}");
    // Near misses: plain letters; and a text that is not NFC gets not-nfc only, once.
    absent("http://example.org/file", Code::NotNfkc);
    let s = "http://example.org/\u{212B}";
    assert_eq!(with_code(&lint_str(s), Code::NotNfc).len(), 1);
    absent(s, Code::NotNfkc);
}

#[test]
fn lookalike_delimiter() {
    expect(
        "http://example.org/a\u{2215}b",
        Code::LookalikeDelimiter,
        "\u{2215}",
        Component::Path,
        Severity::Warning,
        "U+2215 DIVISION SLASH looks like '/'",
    );
    expect(
        "http://example\u{3002}org/",
        Code::LookalikeDelimiter,
        "\u{3002}",
        Component::Host,
        Severity::Warning,
        "U+3002 IDEOGRAPHIC FULL STOP looks like '.'",
    );
    expect(
        "http://example.org/x\u{FF1F}y=1",
        Code::LookalikeDelimiter,
        "\u{FF1F}",
        Component::Path,
        Severity::Warning,
        "looks like '?'",
    );
    // Percent-encoded U+2044 FRACTION SLASH, which to_iri would decode.
    expect(
        "http://example.org/a%E2%81%84b",
        Code::LookalikeDelimiter,
        "%E2%81%84",
        Component::Path,
        Severity::Warning,
        "FRACTION SLASH",
    );
    // The look-alike is not also reported as a compatibility character.
    absent("http://example.org/a\u{FF0F}b", Code::NotNfkc);
    absent("http://example.org/a/b.c?d#e", Code::LookalikeDelimiter);
}

#[test]
fn lookalike_space() {
    expect(
        "http://example.org/a\u{A0}b",
        Code::LookalikeSpace,
        "\u{A0}",
        Component::Path,
        Severity::Warning,
        "U+00A0 NO-BREAK SPACE looks like a space",
    );
    expect(
        "http://example.org/#a\u{2028}b",
        Code::LookalikeSpace,
        "\u{2028}",
        Component::Fragment,
        Severity::Warning,
        "LINE SEPARATOR",
    );
    // U+0085 reaches the check only in an invalid string.
    expect(
        "http://example.org/a\u{85}b",
        Code::LookalikeSpace,
        "\u{85}",
        Component::Path,
        Severity::Warning,
        "NEXT LINE",
    );
    absent("http://example.org/a_b", Code::LookalikeSpace);
    absent("http://example.org/a%20b", Code::LookalikeSpace);
}

#[test]
fn invisible_character() {
    expect(
        "http://example.org/pay\u{200B}pal",
        Code::InvisibleCharacter,
        "\u{200B}",
        Component::Path,
        Severity::Warning,
        "U+200B ZERO WIDTH SPACE",
    );
    expect(
        "http://exam\u{AD}ple.org/",
        Code::InvisibleCharacter,
        "\u{AD}",
        Component::Host,
        Severity::Warning,
        "SOFT HYPHEN",
    );
    expect(
        "http://example.org/%E2%81%A0",
        Code::InvisibleCharacter,
        "%E2%81%A0",
        Component::Path,
        Severity::Warning,
        "WORD JOINER",
    );
    // A ZWNJ between Latin letters is reported; between Persian letters it is needed.
    expect(
        "http://example.org/a\u{200C}b",
        Code::InvisibleCharacter,
        "\u{200C}",
        Component::Path,
        Severity::Warning,
        "invisible",
    );
    absent(
        "http://example.org/\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
        Code::InvisibleCharacter,
    );
    // After a virama (Devanagari), ZWJ is needed too.
    absent(
        "http://example.org/\u{915}\u{94D}\u{200D}\u{937}",
        Code::InvisibleCharacter,
    );
    // U+061C ARABIC LETTER MARK is default-ignorable but not one of §4.1's formatting
    // characters, so it is reported here.
    expect(
        "http://example.org/\u{627}\u{61C}\u{628}",
        Code::InvisibleCharacter,
        "\u{61C}",
        Component::Path,
        Severity::Warning,
        "ARABIC LETTER MARK",
    );
    // The bidi formatting characters are the bidi check's.
    absent("http://example.org/a\u{200F}b", Code::InvisibleCharacter);
}

#[test]
fn unassigned_code_point() {
    expect(
        "http://example.org/\u{378}",
        Code::UnassignedCodePoint,
        "\u{378}",
        Component::Path,
        Severity::Warning,
        "not assigned in Unicode",
    );
    expect(
        "http://example.org/%CD%B8",
        Code::UnassignedCodePoint,
        "%CD%B8",
        Component::Path,
        Severity::Warning,
        "U+0378",
    );
    // Private use and assigned characters are not unassigned.
    absent("http://example.org/?\u{E000}", Code::UnassignedCodePoint);
    absent("http://example.org/\u{37B}", Code::UnassignedCodePoint);
}

#[test]
fn mixed_script() {
    expect(
        "http://example.org/\u{440}\u{430}\u{443}\u{440}\u{430}l",
        Code::MixedScript,
        "\u{440}\u{430}\u{443}\u{440}\u{430}l",
        Component::Path,
        Severity::Warning,
        "Cyrillic and Latin",
    );
    expect(
        "http://example.org/?q=\u{3B1}b&r=1",
        Code::MixedScript,
        "\u{3B1}b",
        Component::Query,
        Severity::Warning,
        "Greek and Latin",
    );
    expect(
        "http://p\u{430}ul@example.org/",
        Code::MixedScript,
        "p\u{430}ul",
        Component::Userinfo,
        Severity::Warning,
        "mixes",
    );
    // Near misses: one script per segment or query part; Japanese (Han with kana) is one
    // writing system; digits and punctuation count for every script.
    absent(
        "http://example.org/\u{43C}\u{438}\u{440}/peace?q=\u{43C}\u{438}\u{440}&lang=ru",
        Code::MixedScript,
    );
    absent(
        "http://example.org/\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC}",
        Code::MixedScript,
    );
    absent("http://example.org/\u{3B1}\u{3B2}-123", Code::MixedScript);
    // Host labels get mixed-script-host-label, not mixed-script.
    absent("http://\u{430}pple.com/", Code::MixedScript);
}

#[test]
fn confusable() {
    let s = "http://\u{440}\u{430}\u{443}\u{440}\u{430}\u{4CF}.com/";
    expect(
        s,
        Code::Confusable,
        "\u{440}\u{430}\u{443}\u{440}\u{430}\u{4CF}",
        Component::Host,
        Severity::Warning,
        "'paypal'",
    );
    // The whole label is Cyrillic: it is not mixed, only confusable.
    absent(s, Code::MixedScriptHostLabel);
    expect(
        "http://example.org/\u{441}\u{43E}\u{440}/x",
        Code::Confusable,
        "\u{441}\u{43E}\u{440}",
        Component::Path,
        Severity::Warning,
        "can pass for the ASCII 'cop'",
    );
    // An IDNA A-label is read in its Unicode form (feature `idna`).
    #[cfg(feature = "idna")]
    expect(
        "http://xn--80ak6aa92e.com/",
        Code::Confusable,
        "xn--80ak6aa92e",
        Component::Host,
        Severity::Warning,
        "'apple'",
    );
    // Near misses: Cyrillic that looks Cyrillic; Latin with marks; ASCII; full-width forms
    // (not-nfkc's) and invisible characters in ASCII (invisible-character's).
    absent(
        "http://example.org/\u{41C}\u{43E}\u{441}\u{43A}\u{432}\u{430}",
        Code::Confusable,
    );
    absent("http://example.org/caf\u{E9}", Code::Confusable);
    absent("http://paypal.com/paypal", Code::Confusable);
    absent(
        "http://example.org/\u{FF50}\u{FF41}\u{FF59}",
        Code::Confusable,
    );
    absent("http://example.org/pay\u{200B}pal", Code::Confusable);
}

#[test]
fn private_use() {
    expect(
        "http://example.org/?icon=\u{E000}",
        Code::PrivateUse,
        "\u{E000}",
        Component::Query,
        Severity::Warning,
        "private use",
    );
    // Percent-encoded in the query: to_iri decodes it there.
    expect(
        "http://example.org/?%EE%80%80",
        Code::PrivateUse,
        "%EE%80%80",
        Component::Query,
        Severity::Warning,
        "U+E000",
    );
    // Outside the query it is a parse error, and reported too.
    let s = "http://example.org/\u{F0000}";
    let found = lint_str(s);
    assert_eq!(found[0].code, Code::ParseError);
    expect(
        s,
        Code::PrivateUse,
        "\u{F0000}",
        Component::Path,
        Severity::Warning,
        "only in the query",
    );
    // Near misses: encoded in the path (to_iri keeps it encoded); an ordinary character.
    absent("http://example.org/%EE%80%80", Code::PrivateUse);
    absent("http://example.org/?q=\u{E9}", Code::PrivateUse);
}

// ---- security: RFC 3987 §8, §3.2; RFC 3986 §7 ----

#[test]
fn overlong_utf8() {
    for (s, seq, says) in [
        (
            "http://example.org/a%C0%AFb",
            "%C0%AF",
            "%C0%AF is an overlong encoding of '/'",
        ),
        (
            "http://example.org/a%c1%81",
            "%c1%81",
            "overlong encoding of 'A'",
        ),
        ("http://example.org/%E0%80%AFx", "%E0%80%AF", "of '/'"),
        ("http://example.org/%F0%80%80%AFx", "%F0%80%80%AF", "of '/'"),
        ("http://example.org/?q=%C0%80", "%C0%80", "U+0000 NULL"),
    ] {
        let comp = if s.contains('?') {
            Component::Query
        } else {
            Component::Path
        };
        expect(s, Code::OverlongUtf8, seq, comp, Severity::Error, says);
        absent(s, Code::NonUtf8Octets);
    }
    // Near miss: the shortest form of the same character.
    absent("http://example.org/%C3%A9", Code::OverlongUtf8);
    absent("http://example.org/%2F", Code::OverlongUtf8);
}

#[test]
fn overlong_traversal() {
    expect(
        "http://example.org/a/%C0%AF../etc",
        Code::OverlongTraversal,
        "%C0%AF..",
        Component::Path,
        Severity::Error,
        "'/..'",
    );
    expect(
        "http://example.org/..%C0%AFetc",
        Code::OverlongTraversal,
        "..%C0%AF",
        Component::Path,
        Severity::Error,
        "traversal",
    );
    expect(
        "http://example.org/%C0%AE%C0%AE/etc",
        Code::OverlongTraversal,
        "%C0%AE%C0%AE",
        Component::Path,
        Severity::Error,
        "'..'",
    );
    expect(
        "http://example.org/?file=..%c0%afpasswd",
        Code::OverlongTraversal,
        "..%c0%af",
        Component::Query,
        Severity::Error,
        "traversal",
    );
    // Each overlong sequence is also reported on its own.
    assert_eq!(
        with_code(
            &lint_str("http://example.org/%C0%AE%C0%AE/"),
            Code::OverlongUtf8
        )
        .len(),
        2
    );
    // Near misses: an overlong slash without dots; plain dots.
    absent("http://example.org/a%C0%AFb", Code::OverlongTraversal);
    absent("http://example.org/a/../b", Code::OverlongTraversal);
    absent("http://example.org/a%C0%AF...b", Code::OverlongTraversal);
}

#[test]
fn encoded_surrogate() {
    expect(
        "http://example.org/%ED%A0%80",
        Code::EncodedSurrogate,
        "%ED%A0%80",
        Component::Path,
        Severity::Error,
        "surrogate U+D800",
    );
    expect(
        "http://example.org/%ED%A0%BD%ED%B8%80",
        Code::EncodedSurrogate,
        "%ED%A0%BD%ED%B8%80",
        Component::Path,
        Severity::Error,
        "U+1F600",
    );
    expect(
        "http://example.org/?%ed%bf%bf",
        Code::EncodedSurrogate,
        "%ed%bf%bf",
        Component::Query,
        Severity::Error,
        "U+DFFF",
    );
    // Near misses: the last code point before the surrogates, and the first after.
    absent("http://example.org/%ED%9F%BF", Code::EncodedSurrogate);
    absent("http://example.org/%EE%80%80", Code::EncodedSurrogate);
}

#[test]
fn non_utf8_octets() {
    expect(
        "http://example.org/D%FCrst",
        Code::NonUtf8Octets,
        "%FC",
        Component::Path,
        Severity::Info,
        "%FC is not UTF-8; probably a legacy charset such as ISO-8859-1 ('\u{FC}')",
    );
    expect(
        "http://example.org/%E4%F6",
        Code::NonUtf8Octets,
        "%E4%F6",
        Component::Path,
        Severity::Info,
        "('\u{E4}\u{F6}')",
    );
    expect(
        "http://example.org/%E2%82x",
        Code::NonUtf8Octets,
        "%E2%82",
        Component::Path,
        Severity::Info,
        "not UTF-8",
    );
    expect(
        "http://example.org/%F4%90%80%80",
        Code::NonUtf8Octets,
        "%F4%90%80%80",
        Component::Path,
        Severity::Info,
        "beyond U+10FFFF",
    );
    // Near misses: UTF-8; overlong and surrogate forms have their own codes.
    absent("http://example.org/D%C3%BCrst", Code::NonUtf8Octets);
    absent("http://example.org/%C0%AF", Code::NonUtf8Octets);
    absent("http://example.org/%ED%A0%80", Code::NonUtf8Octets);
}

#[test]
fn encoded_delimiter_in_path() {
    for (s, seq, says) in [
        ("http://example.org/a%2Fb", "%2F", "encoded '/'"),
        ("http://example.org/a%2fb", "%2f", "encoded '/'"),
        ("http://example.org/a%3Fb", "%3F", "encoded '?'"),
        ("http://example.org/a%23b", "%23", "encoded '#'"),
        (
            "http://example.org/a/%2E%2E/b",
            "%2E%2E",
            "encoded '..' segment",
        ),
        ("http://example.org/a/.%2e/b", ".%2e", "'..'"),
        ("http://example.org/a/%2E/b", "%2E", "'.' segment"),
    ] {
        expect(
            s,
            Code::EncodedDelimiterInPath,
            seq,
            Component::Path,
            Severity::Warning,
            says,
        );
    }
    // Near misses: in the query; a %2E inside a name; unencoded delimiters.
    absent(
        "http://example.org/a?b=%2F%3F%23",
        Code::EncodedDelimiterInPath,
    );
    absent(
        "http://example.org/file%2Etxt",
        Code::EncodedDelimiterInPath,
    );
    absent(
        "http://example.org/a/../b?c#d",
        Code::EncodedDelimiterInPath,
    );
}

#[test]
fn password_in_userinfo() {
    let d = expect(
        "http://alice:s3cr3t@example.org/",
        Code::PasswordInUserinfo,
        "alice:s3cr3t",
        Component::Userinfo,
        Severity::Warning,
        "alice:***",
    );
    assert!(
        !d.message.contains("s3cr3t"),
        "the message must not echo the password: {}",
        d.message
    );
    // Near misses: no password; an empty one (RFC 3986 §3.2.1: "no password").
    absent("http://alice@example.org/", Code::PasswordInUserinfo);
    absent("http://alice:@example.org/", Code::PasswordInUserinfo);
    absent("http://example.org/a:b@c", Code::PasswordInUserinfo);
}

#[test]
fn ipv4_lookalike_host() {
    for (s, host, addr) in [
        ("http://0x7f.1/", "0x7f.1", "127.0.0.1"),
        ("http://017.0.0.1/", "017.0.0.1", "15.0.0.1"),
        ("http://0177.0.0.01/", "0177.0.0.01", "127.0.0.1"),
        ("http://127.1/", "127.1", "127.0.0.1"),
        ("http://2130706433/", "2130706433", "127.0.0.1"),
        ("http://0x7F000001/", "0x7F000001", "127.0.0.1"),
        ("http://127.0.0.1./", "127.0.0.1.", "127.0.0.1"),
        ("http://10.0.258/", "10.0.258", "10.0.1.2"),
        (
            "http://\u{FF11}\u{FF12}\u{FF17}.0.0.1/",
            "\u{FF11}\u{FF12}\u{FF17}.0.0.1",
            "127.0.0.1",
        ),
    ] {
        expect(
            s,
            Code::Ipv4LookalikeHost,
            host,
            Component::Host,
            Severity::Warning,
            addr,
        );
    }
    // Near misses: a strict IPv4 address; ordinary names; numbers out of range; five parts;
    // a non-octal digit after a leading zero.
    for s in [
        "http://127.0.0.1/",
        "http://1.example/",
        "http://example.com/",
        "http://256.1.1.1/",
        "http://1.2.3.4.5/",
        "http://08.1/",
        "http://[::1]/",
        "http://a/",
    ] {
        absent(s, Code::Ipv4LookalikeHost);
    }
}

#[test]
fn mixed_script_host_label() {
    expect(
        "http://\u{430}pple.com/",
        Code::MixedScriptHostLabel,
        "\u{430}pple",
        Component::Host,
        Severity::Warning,
        "Cyrillic and Latin",
    );
    expect(
        "http://www.p%D0%B0ypal.com/",
        Code::MixedScriptHostLabel,
        "p%D0%B0ypal",
        Component::Host,
        Severity::Warning,
        "mixes",
    );
    // Near misses: each label single-script (the labels may differ); Japanese.
    absent(
        "http://\u{43F}\u{440}\u{438}\u{43C}\u{435}\u{440}.example.com/",
        Code::MixedScriptHostLabel,
    );
    absent(
        "http://\u{4F8B}\u{3048}.\u{30C6}\u{30B9}\u{30C8}/",
        Code::MixedScriptHostLabel,
    );
    absent("http://\u{430}pple.com/", Code::MixedScript);
}

// ---- the whole linter ----

/// RFC 3987 §3.2.1: `%e2%80%ae` (U+202E) stays encoded when converted, so the character checks
/// (which look at what to_iri decodes) have nothing to say about it.
#[test]
fn rfc3987_example_rlo_stays_encoded() {
    let s = "http://xn--99zt52a.example.org/%e2%80%ae";
    let u = UriRef::parse(s).unwrap();
    assert_eq!(u.to_iri(), "http://xn--99zt52a.example.org/%E2%80%AE");
    let found = lint_str(s);
    assert!(found.iter().all(|d| !MINE.contains(&d.code)), "{found:#?}");
}

#[test]
fn policy_silences_and_raises() {
    let s = "http://u:p@example.org/re\u{301}/%C0%AF";
    let default = lint_str(s);
    assert!(default.iter().any(|d| d.code == Code::NotNfc));
    let policy = Policy::new()
        .silence(Code::NotNfc)
        .set(Code::PasswordInUserinfo, Severity::Error)
        .set(Code::OverlongUtf8, Severity::Info);
    let found = Linter::new(policy).lint_str(s);
    assert!(found.iter().all(|d| d.code != Code::NotNfc));
    let pw = found
        .iter()
        .find(|d| d.code == Code::PasswordInUserinfo)
        .unwrap();
    assert_eq!(pw.severity, Severity::Error);
    let ov = found.iter().find(|d| d.code == Code::OverlongUtf8).unwrap();
    assert_eq!(ov.severity, Severity::Info);
    assert_eq!(found.len(), default.len() - 1);
}

#[test]
fn parse_error_comes_first() {
    let s = "http://u:p@exa mple.org/\u{FB01}%C0%AF";
    let found = lint_str(s);
    assert_eq!(found[0].code, Code::ParseError);
    assert_eq!(found[0].severity, Severity::Error);
    for code in [Code::PasswordInUserinfo, Code::NotNfkc, Code::OverlongUtf8] {
        assert!(
            found[1..].iter().any(|d| d.code == code),
            "{code} in {found:#?}"
        );
    }
    // The others in order of position.
    assert!(found[1..]
        .windows(2)
        .all(|w| w[0].span.start <= w[1].span.start));
}

#[test]
fn everyday_iris_are_clean() {
    for s in [
        "https://ja.wikipedia.org/wiki/\u{6771}\u{4EAC}",
        "http://\u{4F8B}\u{3048}.\u{30C6}\u{30B9}\u{30C8}/\u{30D1}\u{30B9}?q=\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC}",
        "https://ru.wikipedia.org/wiki/\u{41C}\u{43E}\u{441}\u{43A}\u{432}\u{430}",
        "http://\u{43F}\u{440}\u{438}\u{43C}\u{435}\u{440}.\u{438}\u{441}\u{43F}\u{44B}\u{442}\u{430}\u{43D}\u{438}\u{435}/",
        "http://\u{645}\u{62B}\u{627}\u{644}.\u{625}\u{62E}\u{62A}\u{628}\u{627}\u{631}/\u{645}\u{633}\u{627}\u{631}/\u{635}\u{641}\u{62D}\u{629}",
        "https://hi.wikipedia.org/wiki/\u{939}\u{93F}\u{928}\u{94D}\u{926}\u{940}",
        "https://fa.wikipedia.org/wiki/\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
        "https://ko.wikipedia.org/wiki/\u{C11C}\u{C6B8}",
        "https://zh.wikipedia.org/wiki/\u{5317}\u{4EAC}",
        "https://el.wikipedia.org/wiki/\u{391}\u{3B8}\u{3AE}\u{3BD}\u{3B1}",
        "https://he.wikipedia.org/wiki/\u{5D9}\u{5E8}\u{5D5}\u{5E9}\u{5DC}\u{5D9}\u{5DD}",
        "https://th.wikipedia.org/wiki/\u{E01}\u{E23}\u{E38}\u{E07}\u{E40}\u{E17}\u{E1E}",
        "https://de.wikipedia.org/wiki/Stra\u{DF}e",
        "http://www.example.org/r\u{E9}sum\u{E9}.html",
        "http://www.example.org/D%C3%BCrst",
        "https://user@example.org:8443/a/b/../c?x=1&y=caf%C3%A9#top",
        "mailto:someone@example.org?subject=%E4%BD%A0%E5%A5%BD",
        "urn:isbn:978-3-16-148410-0",
        "http://192.0.2.1/index.html",
        "http://[2001:db8::7]/c=GB?objectClass?one",
        "../relative/path?q=1",
    ] {
        let found = lint_str(s);
        let mine: Vec<_> = found.iter().filter(|d| MINE.contains(&d.code)).collect();
        assert!(mine.is_empty(), "{s:?}: {mine:#?}");
        let r = IriRef::parse(s).unwrap();
        assert!(lint(&r).iter().all(|d| !MINE.contains(&d.code)));
    }
}

proptest::proptest! {
    /// Any string: no panic, and every span lies on character boundaries inside the input.
    #[test]
    fn any_string_lints(s in "[a-z:/?#@.%0-9A-Fa-f\u{80}-\u{3000}\u{FB01}\u{FF00}-\u{FFEF}\u{E000}\u{200B}-\u{200F}\u{10000}-\u{10010}]{0,40}") {
        for d in lint_str(&s) {
            proptest::prop_assert!(d.span.start <= d.span.end && d.span.end <= s.len());
            proptest::prop_assert!(s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end));
        }
    }

    /// Percent-encoded octets of every kind.
    #[test]
    fn any_octets_lint(octets in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..12), sep in "[/.?&=]{0,3}") {
        let mut s = String::from("http://example.org/");
        for (i, o) in octets.iter().enumerate() {
            s.push_str(&format!("%{o:02X}"));
            if i == octets.len() / 2 {
                s.push_str(&sep);
            }
        }
        for d in lint_str(&s) {
            proptest::prop_assert!(d.span.end <= s.len() && d.span.start < d.span.end);
        }
    }
}

/// `parse-error`: the grammar's verdict, with its offset as the span (RFC 3987 §2.2).
#[test]
fn parse_error_and_near_miss() {
    let found = lint_str("http://example.org/a b");
    assert_eq!(found[0].code, Code::ParseError);
    assert_eq!(found[0].span, 20..21);
    assert_eq!(found[0].component, Some(Component::Path));
    assert_eq!(found[0].section, "RFC 3987 §2.2");
    assert!(found[0].message.contains("U+0020 SPACE"));
    assert!(lint_str("http://example.org/a%20b")
        .iter()
        .all(|d| d.code != Code::ParseError));
}

/// Near misses found in review: a bidi control does not make text a confusable, and a
/// file name's extension is its own component for mixed scripts.
#[test]
fn confusable_and_mixed_script_near_misses() {
    absent("http://example.org/a\u{202E}b", Code::Confusable);
    absent(
        "http://example.org/invoice\u{202E}fdp.exe",
        Code::Confusable,
    );
    absent(
        "http://example.org/\u{6771}\u{4EAC}.html",
        Code::MixedScript,
    );
    absent(
        "http://example.org/\u{444}\u{430}\u{439}\u{43B}.txt",
        Code::MixedScript,
    );
    let found = lint_str("http://example.org/\u{444}\u{430}\u{439}l.txt");
    assert!(found.iter().any(|d| d.code == Code::MixedScript));
}

/// `Linter::max_per_code`: the first diagnostics of each code by position are kept, the others
/// counted per code; silenced codes count nowhere; the parse error takes one of its code's
/// places; 0 keeps every one.
#[test]
fn max_per_code_keeps_the_first_and_counts_the_rest() {
    // Overlong encodings, then a host label that mixes scripts reported before them (the host
    // comes first), then invisible characters.
    let s = format!(
        "http://pаypal.example/{}{}",
        "%C0%AF".repeat(30),
        "\u{200B}x".repeat(5)
    );
    let all = Linter::default().report_str(&s);
    assert!(all.omitted.is_empty());
    let capped = Linter::default().max_per_code(2).report_str(&s);
    assert_eq!(
        capped.omitted,
        [(Code::InvisibleCharacter, 3), (Code::OverlongUtf8, 28)]
    );
    assert_eq!(
        all.diagnostics.len(),
        capped.diagnostics.len() + capped.omitted_total()
    );
    // The kept ones are the first two of each code in the full list, in the same order.
    let mut expected: Vec<Diagnostic> = Vec::new();
    for d in &all.diagnostics {
        if expected.iter().filter(|e| e.code == d.code).count() < 2 {
            expected.push(d.clone());
        }
    }
    assert_eq!(capped.diagnostics, expected);
    // A silenced code is neither kept nor counted.
    let quiet = Linter::new(Policy::new().silence(Code::OverlongUtf8))
        .max_per_code(2)
        .report_str(&s);
    assert_eq!(quiet.omitted, [(Code::InvisibleCharacter, 3)]);
    assert!(quiet
        .diagnostics
        .iter()
        .all(|d| d.code != Code::OverlongUtf8));
    // A bidi formatting character as the parse error takes the first place of its code.
    let bidi = "http://a/\u{202E}b\u{202E}c\u{202E}";
    let r = Linter::default().max_per_code(1).report_str(bidi);
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].span, 9..12);
    assert_eq!(r.omitted, [(Code::BidiFormattingCharacter, 2)]);
    // Pushed out of position order, the first by position still win: checks for one code
    // run component by component.
    assert_eq!(
        Linter::default().max_per_code(0).lint_str(&s),
        all.diagnostics
    );
}

/// Messages quote long input text in part: their size does not grow with the input.
#[test]
fn messages_quote_long_text_in_part() {
    let segment = "\u{5D0}a".repeat(10_000);
    let found = lint_str(&format!("x:/{segment}"));
    assert!(!found.is_empty());
    for d in &found {
        assert!(d.message.len() < 400, "{}", d.message);
        assert!(d.message.contains('…'), "{}", d.message);
    }
}
