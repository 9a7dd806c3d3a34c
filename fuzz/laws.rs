//! The laws every fuzz target checks, shared by the targets in `fuzz_targets/` and by the
//! regression test `crates/iri/tests/fuzz_regressions.rs`, which replays each recorded finding
//! through the same function.
//!
//! Each public function takes the fuzzer's raw bytes and panics (with the input in the
//! message) when a law is broken; it never panics on input the library rejects. The laws are
//! those of DESIGN.md: `to_uri` is idempotent and the identity on URIs (RFC 3987 §3.1);
//! `to_uri(to_iri(u)) == u` up to hex case and decoded unreserved characters (§3.2);
//! resolution output parses (RFC 3986 §5.2); normalization is idempotent (RFC 3987 §5.3);
//! `resolve(base, relativize(base, t)) == t`; and every output claimed to be an IRI or URI
//! parses as one. Lint spans lie on character boundaries.
//!
//! Inputs that need two strings (a base and a reference) split the bytes at the first line
//! feed, a character no IRI may hold. Inputs that choose an option take it from the first
//! byte.
#![allow(dead_code)]

use iri::idn::IdnaOptions;
use iri::{
    remove_dot_segments, validate, Form, Iri, IriRef, Kind, Level, Normalizer, Steps, Uri, UriRef,
};

/// The fuzzer's bytes as text: invalid UTF-8 is replaced, so that every input is used.
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Two strings, split at the first line feed (the second is empty without one).
pub fn pair(data: &[u8]) -> (String, String) {
    let s = text(data);
    match s.split_once('\n') {
        Some((a, b)) => (a.to_string(), b.to_string()),
        None => (s.into_owned(), String::new()),
    }
}

/// Upper-cases percent-encodings and decodes those of unreserved characters: the differences
/// RFC 3987 §3.2 allows between `u` and `to_uri(to_iri(u))`.
pub fn canon(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(o) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                if o.is_ascii_alphanumeric() || b"-._~".contains(&o) {
                    out.push(o as char);
                } else {
                    out.push_str(&format!("%{o:02X}"));
                }
                i += 3;
                continue;
            }
        }
        let c = s[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Parsing with every kind: `validate` agrees with `parse`; the kinds nest as the grammar says
/// (RFC 3987 §2.2, RFC 3986 §4); components concatenate back to the input; an error's offset is
/// a character boundary within the input.
pub fn parse(data: &[u8]) {
    let s = &*text(data);
    let iri_ref = IriRef::parse(s);
    let iri = Iri::parse(s);
    let absolute = Iri::parse_absolute(s);
    let relative = IriRef::parse_relative(s);
    let uri_ref = UriRef::parse(s);
    let uri = Uri::parse(s);
    let abs_uri = Uri::parse_absolute(s);
    let rel_uri = UriRef::parse_relative(s);
    let results = [
        (Kind::IriReference, iri_ref.as_ref().err().cloned()),
        (Kind::Iri, iri.as_ref().err().cloned()),
        (Kind::AbsoluteIri, absolute.as_ref().err().cloned()),
        (Kind::RelativeIri, relative.as_ref().err().cloned()),
        (Kind::UriReference, uri_ref.as_ref().err().cloned()),
        (Kind::Uri, uri.as_ref().err().cloned()),
        (Kind::AbsoluteUri, abs_uri.as_ref().err().cloned()),
        (Kind::RelativeUri, rel_uri.as_ref().err().cloned()),
    ];
    for (kind, err) in &results {
        let v = validate(s, *kind);
        assert_eq!(
            v.is_ok(),
            err.is_none(),
            "{kind} {s:?}: validate and parse disagree"
        );
        if let Some(e) = err {
            assert!(
                e.offset() <= s.len(),
                "{kind} {s:?}: offset {} past the end",
                e.offset()
            );
            assert!(
                s.is_char_boundary(e.offset()),
                "{kind} {s:?}: offset {} inside a character",
                e.offset()
            );
            if let Some(c) = e.char() {
                assert!(
                    s[e.offset()..].starts_with(c),
                    "{kind} {s:?}: error char {c:?} not at offset {}",
                    e.offset()
                );
            }
            assert!(!e.to_string().is_empty());
        }
    }
    // The kinds nest.
    let ok = |k: usize| results[k].1.is_none();
    let (ir, i, ai, ri, ur, u, au, ru) = (ok(0), ok(1), ok(2), ok(3), ok(4), ok(5), ok(6), ok(7));
    assert_eq!(ir, i || ri, "{s:?}: IRI-reference = IRI / irelative-ref");
    assert!(!(i && ri), "{s:?}: both IRI and relative");
    assert!(!ai || i, "{s:?}: absolute-IRI but not IRI");
    assert_eq!(
        ai,
        i && !s.contains('#'),
        "{s:?}: absolute-IRI = IRI without fragment"
    );
    assert_eq!(
        ur,
        ir && s.is_ascii(),
        "{s:?}: URI-reference = ASCII IRI-reference"
    );
    assert_eq!(u, i && s.is_ascii(), "{s:?}: URI = ASCII IRI");
    assert_eq!(
        au,
        ai && s.is_ascii(),
        "{s:?}: absolute-URI = ASCII absolute-IRI"
    );
    assert_eq!(
        ru,
        ri && s.is_ascii(),
        "{s:?}: relative-ref = ASCII irelative-ref"
    );
    if let Ok(r) = &iri_ref {
        // RFC 3986 §5.3: the components recompose to the text.
        let mut t = String::new();
        if let Some(sc) = r.scheme() {
            t.push_str(sc);
            t.push(':');
        }
        if let Some(a) = r.authority() {
            t.push_str("//");
            t.push_str(a);
            let mut a2 = String::new();
            if let Some(ui) = r.userinfo() {
                a2.push_str(ui);
                a2.push('@');
            }
            a2.push_str(r.host_str().expect("authority has a host"));
            if let Some(p) = r.port() {
                a2.push(':');
                a2.push_str(p);
            }
            assert_eq!(a2, a, "{s:?}: authority parts");
            assert!(r.host().is_some());
        }
        t.push_str(r.path());
        if let Some(q) = r.query() {
            t.push('?');
            t.push_str(q);
        }
        if let Some(f) = r.fragment() {
            t.push('#');
            t.push_str(f);
        }
        assert_eq!(t, s, "components do not recompose");
        // The segments join back to the path, without its leading "/".
        let segments: Vec<&str> = r.path_segments().collect();
        let path = r.path();
        assert_eq!(
            segments.join("/"),
            path.strip_prefix('/').unwrap_or(path),
            "{s:?}: segments"
        );
        assert_eq!(segments.is_empty(), path.is_empty());
        if let Some(p) = r.port() {
            assert!(p.bytes().all(|b| b.is_ascii_digit()));
            if let Some(n) = r.port_number() {
                assert_eq!(p.trim_start_matches('0').parse::<u16>().unwrap_or(0), n);
            }
        }
        // Display / FromStr round trip.
        let owned: IriRef<String> = r.to_string().parse().expect("Display output parses");
        assert_eq!(owned.as_str(), s);
    }
}

/// RFC 3987 §3.1: `to_uri` gives an ASCII URI reference that parses, is idempotent, is the
/// identity on URIs, keeps the components present, and agrees with `to_uri_into`; the IDNA
/// variant gives a URI reference that parses, too.
pub fn to_uri(data: &[u8]) {
    let s = &*text(data);
    let Ok(r) = IriRef::parse(s) else { return };
    let u = r.to_uri();
    assert!(u.as_str().is_ascii(), "{s:?} -> {u:?}: not ASCII");
    let parsed = UriRef::parse(u.as_str());
    assert!(parsed.is_ok(), "{s:?} -> {u:?}: {parsed:?}");
    assert_eq!(
        u.as_iri_ref().to_uri().as_str(),
        u.as_str(),
        "{s:?}: not idempotent"
    );
    assert_eq!(
        s.is_ascii(),
        u.as_str() == s,
        "{s:?} -> {u:?}: identity on URIs only"
    );
    assert_eq!(u.scheme(), r.scheme());
    assert_eq!(u.has_authority(), r.has_authority());
    assert_eq!(u.has_query(), r.has_query());
    assert_eq!(u.has_fragment(), r.has_fragment());
    let mut buf = String::new();
    assert_eq!(r.to_uri_into(&mut buf).as_str(), u.as_str());
    if let Ok(i) = Iri::parse(s) {
        assert_eq!(i.to_uri().as_str(), u.as_str());
        assert!(Uri::parse(i.to_uri().as_str()).is_ok());
    }
    if let Ok(ui) = r.to_uri_with(&IdnaOptions::new()) {
        assert!(
            ui.as_str().is_ascii(),
            "{s:?} -> {ui:?}: IDNA form not ASCII"
        );
        let parsed = UriRef::parse(ui.as_str());
        assert!(parsed.is_ok(), "{s:?} -> {ui:?} (IDNA): {parsed:?}");
        assert_eq!(ui.scheme(), r.scheme());
        assert_eq!(ui.has_authority(), r.has_authority());
        assert_eq!(ui.path(), u.path(), "{s:?}: IDNA changes only the host");
        assert_eq!(ui.query(), u.query());
        assert_eq!(ui.fragment(), u.fragment());
        let as_iri = ui.as_iri_ref();
        let again = as_iri.to_uri_with(&IdnaOptions::new());
        assert_eq!(
            again.as_ref().map(|x| x.as_str()).ok(),
            Some(ui.as_str()),
            "{s:?}: IDNA form not idempotent"
        );
    }
}

/// RFC 3987 §3.2: `to_iri` gives an IRI reference that parses, is idempotent, and maps back to
/// the input with `to_uri` up to hex case and decoded unreserved characters; the IDNA variant
/// gives an IRI reference that parses.
pub fn to_iri(data: &[u8]) {
    let s = &*text(data);
    // Any IRI reference, not only URIs: to_iri leaves non-ASCII text alone.
    let Ok(r) = IriRef::parse(s) else { return };
    let i = r.to_iri();
    let parsed = IriRef::parse(i.as_str());
    assert!(parsed.is_ok(), "{s:?} -> {i:?}: {parsed:?}");
    assert_eq!(
        i.to_iri().as_str(),
        i.as_str(),
        "{s:?}: to_iri not idempotent"
    );
    assert_eq!(i.scheme(), r.scheme());
    assert_eq!(i.has_authority(), r.has_authority());
    assert_eq!(i.has_query(), r.has_query());
    assert_eq!(i.has_fragment(), r.has_fragment());
    let mut buf = String::new();
    assert_eq!(r.to_iri_into(&mut buf).as_str(), i.as_str());
    if let Ok(u) = UriRef::parse(s) {
        let ui = u.to_iri();
        assert_eq!(ui.as_str(), i.as_str());
        let back = ui.to_uri();
        assert_eq!(
            canon(back.as_str()),
            canon(s),
            "{s:?} -> {ui:?} -> {back:?}"
        );
    } else {
        // to_uri(to_iri(r)) == to_uri(r), up to the same differences.
        assert_eq!(
            canon(i.to_uri().as_str()),
            canon(r.to_uri().as_str()),
            "{s:?} -> {i:?}"
        );
    }
    let opts = IdnaOptions::new();
    let ii = r.to_iri_with(&opts);
    let parsed = IriRef::parse(ii.as_str());
    assert!(parsed.is_ok(), "{s:?} -> {ii:?} (IDNA): {parsed:?}");
    assert_eq!(ii.path(), i.path(), "{s:?}: IDNA changes only the host");
    assert_eq!(ii.query(), i.query());
    assert_eq!(ii.fragment(), i.fragment());
    if let Ok(u) = UriRef::parse(s) {
        assert_eq!(u.to_iri_with(&opts).as_str(), ii.as_str());
    }
}

/// RFC 3986 §5.2: resolution output parses as an IRI with the reference's fragment; it agrees
/// with `resolve_into`, with URI resolution after mapping (RFC 3987 §6.5), and for ASCII input
/// with `Uri::resolve`.
pub fn resolve(data: &[u8]) {
    let (b, r) = pair(data);
    let (Ok(base), Ok(reference)) = (Iri::parse(b.as_str()), IriRef::parse(r.as_str())) else {
        return;
    };
    let t = base.resolve(&reference);
    let again = Iri::parse(t.as_str());
    assert!(again.is_ok(), "{b:?} + {r:?} -> {t:?}: {again:?}");
    let again = again.unwrap();
    assert_eq!(again.path(), t.path(), "{b:?} + {r:?}: path");
    assert_eq!(again.authority(), t.authority());
    assert_eq!(again.query(), t.query());
    assert_eq!(
        t.fragment(),
        reference.fragment(),
        "{b:?} + {r:?}: fragment"
    );
    let mut buf = String::new();
    assert_eq!(base.resolve_into(&reference, &mut buf).as_str(), t.as_str());
    let bu = Uri::parse(base.to_uri().to_string()).unwrap();
    let ru = UriRef::parse(reference.to_uri().to_string()).unwrap();
    assert_eq!(
        bu.resolve(&ru).as_str(),
        t.to_uri().as_str(),
        "{b:?} + {r:?}: URI resolution differs"
    );
    if let (Ok(bu), Ok(ru)) = (Uri::parse(b.as_str()), UriRef::parse(r.as_str())) {
        assert_eq!(bu.resolve(&ru).as_str(), t.as_str());
    }
    // A resolved IRI without dot segments is a fixed point.
    let p = t.path();
    let p = match p.strip_prefix("/.") {
        Some(q) if !t.has_authority() && q.starts_with("//") => q,
        _ => p,
    };
    if remove_dot_segments(p) == p {
        let twice = base.resolve(&IriRef::parse(t.as_str()).unwrap());
        assert_eq!(
            twice.as_str(),
            t.as_str(),
            "{b:?} + {r:?}: resolved IRI not a fixed point"
        );
    }
}

/// `resolve(base, relativize(base, t)) == t`; the reference is no longer than the target; a
/// failure happens only for targets whose path holds dot segments.
pub fn relativize(data: &[u8]) {
    let (b, t) = pair(data);
    let (Ok(base), Ok(target)) = (Iri::parse(b.as_str()), Iri::parse(t.as_str())) else {
        return;
    };
    check_relativize(&base, &target);
    // Targets that share a prefix with the base reach deeper paths: also the target as a
    // reference resolved against the base.
    if let Ok(r) = IriRef::parse(t.as_str()) {
        let near = base.resolve(&r);
        check_relativize(&base, &near);
    }
}

fn check_relativize(base: &Iri<&str>, target: &Iri<impl AsRef<str>>) {
    let (b, t) = (base.as_str(), target.as_str());
    match base.relativize(target) {
        Ok(r) => {
            assert!(
                IriRef::parse(r.as_str()).is_ok(),
                "{b:?} {t:?} -> {r:?} does not parse"
            );
            assert_eq!(base.resolve(&r).as_str(), t, "{b:?} {t:?} via {r:?}");
            assert!(
                r.as_str().len() <= t.len(),
                "{b:?} {t:?} -> {r:?} longer than the target"
            );
        }
        Err(e) => {
            assert!(
                remove_dot_segments(target.path()) != target.path(),
                "{b:?} {t:?}: {e}"
            );
        }
    }
    if let (Ok(bu), Ok(tu)) = (Uri::parse(b), Uri::parse(t)) {
        if let Ok(r) = bu.relativize(&tu) {
            assert_eq!(bu.resolve(&r).as_str(), t, "{b:?} {t:?} via {r:?} (URI)");
        }
    }
}

/// The normalizer chosen by a byte: every level, both forms, the character steps, NFC, NFKC
/// and IDN off.
pub fn normalizer(which: u8) -> Normalizer<'static> {
    match which % 12 {
        0 => Normalizer::new(Level::Simple),
        1 => Normalizer::syntax(),
        2 => Normalizer::scheme(),
        3 => Normalizer::syntax().form(Form::Uri),
        4 => Normalizer::scheme().form(Form::Uri),
        5 => Normalizer::syntax().nfc(),
        6 => Normalizer::scheme().nfkc(),
        7 => Normalizer::syntax().steps(Steps::CASE),
        8 => Normalizer::syntax().steps(Steps::PERCENT),
        9 => Normalizer::syntax().steps(Steps::DOT_SEGMENTS),
        10 => Normalizer::scheme().idn(false).ignore_fragment(true),
        _ => Normalizer::scheme().nfc().form(Form::Uri),
    }
}

/// RFC 3987 §5.3: normalization (chosen by the first byte) gives an IRI reference that parses,
/// is idempotent, keeps the components present, is ASCII in the URI form, and agrees with its
/// key and equivalence; the rest of the input (after a line feed) is compared with it.
pub fn normalize(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let n = normalizer(which);
    let (a, b) = pair(rest);
    let Ok(r) = IriRef::parse(a.as_str()) else {
        return;
    };
    let once = n.normalize(&r);
    let parsed = IriRef::parse(once.as_str());
    assert!(parsed.is_ok(), "{n:?} {a:?} -> {once:?}: {parsed:?}");
    let twice = n.normalize(&once);
    assert_eq!(twice.as_str(), once.as_str(), "{n:?} {a:?}: not idempotent");
    assert_eq!(once.scheme().is_some(), r.scheme().is_some());
    assert_eq!(once.has_authority(), r.has_authority());
    assert_eq!(once.has_query(), r.has_query());
    if which % 12 != 10 {
        assert_eq!(once.has_fragment(), r.has_fragment());
    }
    if which % 12 == 0 {
        assert_eq!(once.as_str(), r.as_str());
    }
    if matches!(which % 12, 3 | 4 | 11) {
        assert!(
            once.as_str().is_ascii(),
            "{n:?} {a:?} -> {once:?}: URI form not ASCII"
        );
        assert!(UriRef::parse(once.as_str()).is_ok());
    }
    assert!(n.equivalent(&r, &r));
    assert_eq!(
        n.key(&r),
        n.key(&once),
        "{n:?} {a:?}: key changes under normalization"
    );
    if let Ok(i) = Iri::parse(a.as_str()) {
        let ni = n.normalize_iri(&i);
        assert!(
            Iri::parse(ni.as_str()).is_ok(),
            "{n:?} {a:?} -> {ni:?}: not an IRI"
        );
    }
    if let Ok(o) = IriRef::parse(b.as_str()) {
        assert_eq!(
            n.key(&r) == n.key(&o),
            n.equivalent(&r, &o),
            "{a:?} {b:?}: key vs equivalent"
        );
        assert_eq!(
            n.equivalent(&r, &o),
            n.equivalent(&o, &r),
            "{a:?} {b:?}: not symmetric"
        );
        let level = iri::equivalence_level(&r, &o);
        assert_eq!(level, iri::equivalence_level(&o, &r));
        if let Some(level) = level {
            for higher in [Level::Simple, Level::Syntax, Level::Scheme] {
                assert_eq!(
                    iri::equivalent(&r, &o, higher),
                    higher >= level,
                    "{a:?} {b:?} at {higher}"
                );
            }
        }
    }
}

/// Diagnostics (RFC 3987 §4, §6.1, §7.5, §8): spans lie within the text on character
/// boundaries; a string that fails to parse gets the parse error first; for one that parses,
/// `lint` and `lint_str` agree.
pub fn lint(data: &[u8]) {
    use iri::lint::{lint_str, Code, Linter, Policy, Severity};
    let s = &*text(data);
    let found = lint_str(s);
    for d in &found {
        assert!(
            d.span.start <= d.span.end && d.span.end <= s.len(),
            "{s:?}: span {:?} out of range ({:?})",
            d.span,
            d.code
        );
        assert!(
            s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end),
            "{s:?}: span {:?} inside a character ({:?})",
            d.span,
            d.code
        );
        assert!(!d.message.is_empty());
        assert!(!d.to_string().is_empty());
    }
    match IriRef::parse(s) {
        Ok(r) => {
            assert!(
                found.iter().all(|d| d.code != Code::ParseError),
                "{s:?}: parse error on a valid IRI"
            );
            assert_eq!(iri::lint::lint(&r), found);
        }
        Err(_) => {
            // The parse error, or a more specific error-level code in its place.
            assert!(
                found.iter().any(|d| d.severity == Severity::Error),
                "{s:?}: invalid but no error"
            );
        }
    }
    let strict = Linter::new(Policy::new().set(Code::NotNfc, Severity::Error));
    for d in strict.lint_str(s) {
        assert!(s.is_char_boundary(d.span.start) && s.is_char_boundary(d.span.end));
    }
}

/// RFC 3987 §4.1 display and §4.4 visual order: `display` wraps exactly the text that holds a
/// right-to-left character and keeps the text inside; visual order keeps text below U+0590
/// (no right-to-left letters, Arabic digits or bidi controls) in place; the Bidi Notation
/// round-trips.
pub fn bidi(data: &[u8]) {
    use iri::bidi::notation::{from_notation, to_notation, NotationScript};
    use iri::bidi::{
        display, display_2002, is_bidi, visual_order, visual_order_in, Direction, Wrap,
    };
    let s = &*text(data);
    for wrap in [Wrap::Embedding, Wrap::Isolate] {
        let d = display(s, wrap);
        if is_bidi(s) {
            let inner = d.chars().skip(1).collect::<String>();
            let inner: String = {
                let mut c = inner.chars();
                c.next_back();
                c.collect()
            };
            assert_eq!(inner, s, "{s:?}: display changes the text");
        } else {
            assert_eq!(&*d, s);
        }
    }
    for dir in [Direction::Ltr, Direction::Rtl] {
        // The 2002 form adds LRM around components and LRE … PDF around the whole.
        let strip = |t: &str| t.replace(['\u{200E}', '\u{202A}', '\u{202C}'], "");
        assert_eq!(
            strip(&display_2002(s, dir)),
            strip(s),
            "{s:?}: display_2002 changes the text"
        );
    }
    let v = visual_order(s);
    // Below U+0590 there is no character of bidi class R, AL or AN and no explicit
    // formatting character; an AN (Arabic-Indic digit) alone is enough to reorder the
    // neutrals around it (UAX #9 N1), so is_bidi is not the test.
    if s.chars().all(|c| c < '\u{590}')
        && !s.contains(['\n', '\r', '\u{1C}', '\u{1D}', '\u{1E}', '\u{85}'])
    {
        assert_eq!(v, s, "{s:?}: left-to-right text reordered");
    }
    let _ = visual_order_in(s, Direction::Rtl);
    if !s.chars().any(|c| ('\u{590}'..='\u{6FF}').contains(&c)) {
        for script in [NotationScript::Hebrew, NotationScript::Arabic] {
            assert_eq!(
                to_notation(&from_notation(s, script), script),
                s,
                "{s:?}: notation round trip"
            );
        }
    }
}

/// Whether `s` starts or ends with the ASCII whitespace of the processing draft, §4 step 1.
fn ascii_ws_at_ends(s: &str) -> bool {
    let ws = |c: char| matches!(c, ' ' | '\r' | '\n' | '\t');
    s.starts_with(ws) || s.ends_with(ws)
}

/// Checks a character-reference error: its offset is that of a `&#` in `s`.
fn check_char_ref_error(s: &str, e: &iri::legacy::CharRefError, what: &str) {
    assert!(
        s.get(e.offset()..).is_some_and(|t| t.starts_with("&#")),
        "{what} {s:?}: error offset {} is not at a \"&#\"",
        e.offset()
    );
    assert!(!e.to_string().is_empty());
}

/// Pre-processing (IRI processing draft §4): `trim` removes exactly the leading and trailing
/// SP, CR, LF and TAB; `split_references` gives the runs between U+0020, each at its offset in
/// the input, which join back (with single spaces) to the trimmed text with its runs of spaces
/// collapsed; `Preprocessor::single` without references is `trim` followed by removing the
/// whitespace or encoding the spaces; `multiple` without references is `split_references`;
/// `decode_char_refs` leaves a text without `&#` alone and every error points at a `&#`; with
/// references decoded, `single` and `multiple` agree with `decode_char_refs` where the
/// whitespace rule cannot interfere. The first byte chooses nothing: every function runs.
pub fn preprocess(data: &[u8]) {
    use iri::legacy::{
        decode_char_refs, split_references, trim, CharRefs, Preprocessor, Whitespace,
    };
    let s = &*text(data);
    let ws = |c: char| matches!(c, ' ' | '\r' | '\n' | '\t');
    // trim
    let t = trim(s);
    assert!(
        !ascii_ws_at_ends(t),
        "trim {s:?}: {t:?} has whitespace at an end"
    );
    let start = t.as_ptr() as usize - s.as_ptr() as usize;
    assert!(
        s[..start].chars().all(ws) && s[start + t.len()..].chars().all(ws),
        "trim {s:?}: removed more than whitespace"
    );
    assert_eq!(trim(t), t, "trim {s:?}: not idempotent");
    // split_references
    let refs: Vec<_> = split_references(s).collect();
    let mut last_end = 0;
    for r in &refs {
        assert!(!r.text.is_empty(), "split {s:?}: an empty reference");
        assert!(
            !r.text.contains(' '),
            "split {s:?}: {:?} holds a space",
            r.text
        );
        assert!(r.offset >= last_end, "split {s:?}: references out of order");
        assert_eq!(
            s.get(r.offset..r.offset + r.text.len()),
            Some(r.text),
            "split {s:?}: offset {} does not point at {:?}",
            r.offset,
            r.text
        );
        last_end = r.offset + r.text.len();
    }
    let joined: Vec<&str> = refs.iter().map(|r| r.text).collect();
    let collapsed: Vec<&str> = t.split(' ').filter(|p| !p.is_empty()).collect();
    assert_eq!(
        joined, collapsed,
        "split {s:?}: not the runs between spaces"
    );
    // single and multiple, references kept
    let remove = Preprocessor::new(Whitespace::Remove);
    let encode = Preprocessor::new(Whitespace::EncodeSpaces);
    let r = remove.single(s).expect("no references: no error");
    let expected: String = t.chars().filter(|&c| !ws(c)).collect();
    assert_eq!(r, expected, "single(remove) {s:?}");
    let e = encode.single(s).expect("no references: no error");
    assert_eq!(e, t.replace(' ', "%20"), "single(encode) {s:?}");
    assert!(
        !ascii_ws_at_ends(&e),
        "single(encode) {s:?}: whitespace at an end"
    );
    let m = remove.multiple(s).expect("no references: no error");
    let split: Vec<(usize, &str)> = refs.iter().map(|r| (r.offset, r.text)).collect();
    let got: Vec<(usize, &str)> = m.iter().map(|(o, t)| (*o, &**t)).collect();
    assert_eq!(got, split, "multiple {s:?}: not split_references");
    // decode_char_refs
    let decoded = decode_char_refs(s);
    match &decoded {
        Ok(d) => {
            if !s.contains("&#") {
                assert_eq!(d, s, "decode {s:?}: changed a text without \"&#\"");
            }
            assert!(d.len() <= s.len(), "decode {s:?}: longer than its input");
        }
        Err(e) => check_char_ref_error(s, e, "decode"),
    }
    // single and multiple, references decoded
    for p in [remove, encode] {
        let p = p.char_refs(CharRefs::Decode);
        match p.single(s) {
            Ok(out) => {
                if !s.contains("&#") {
                    let keep = if p == remove.char_refs(CharRefs::Decode) {
                        &r
                    } else {
                        &e
                    };
                    assert_eq!(
                        &out, keep,
                        "single(decode) {s:?}: differs without references"
                    );
                }
                // With no whitespace inside, decoding is all that happens after trimming.
                if !t.contains(ws) {
                    assert_eq!(
                        Ok(&out),
                        decode_char_refs(t).as_ref(),
                        "single(decode) {s:?}: not decode_char_refs of the trimmed text"
                    );
                }
            }
            Err(err) => check_char_ref_error(s, &err, "single(decode)"),
        }
        match p.multiple(s) {
            Ok(many) => {
                assert_eq!(many.len(), refs.len(), "multiple(decode) {s:?}: count");
                for ((o, d), r) in many.iter().zip(&refs) {
                    assert_eq!(*o, r.offset, "multiple(decode) {s:?}: offset");
                    assert_eq!(
                        Ok(d),
                        decode_char_refs(r.text).as_ref(),
                        "multiple(decode) {s:?}"
                    );
                }
            }
            Err(err) => {
                check_char_ref_error(s, &err, "multiple(decode)");
                assert!(
                    refs.iter().any(|r| decode_char_refs(r.text).is_err()),
                    "multiple(decode) {s:?}: an error where every reference decodes"
                );
            }
        }
    }
}

/// The kinds a lenient parse is asked for.
const KINDS: [Kind; 4] = [
    Kind::IriReference,
    Kind::Iri,
    Kind::AbsoluteIri,
    Kind::RelativeIri,
];

/// Lenient parsing (RFC 3987 §3.1; LEIRI) in each mode and kind: strict mode is the strict
/// parser; a strictly valid text is taken as it is, without warnings, in every mode; the strict
/// form parses strictly as the kind asked for; each warning's offset holds its character,
/// in order, never `#`, `%`, `[` or `]`; the original components join back to the input and
/// the strict form is the input with exactly the warned characters percent-encoded; the URI
/// form parses as a URI; `to_uri_with(Fail)` fails exactly when there are warnings, at the
/// first; the LEIRI grammar accepts whatever the lenient one does. Errors lie on character
/// boundaries and point at the reported character.
pub fn lenient(data: &[u8]) {
    use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
    let s = &*text(data);
    for kind in KINDS {
        let strict_ok = validate(s, kind).is_ok();
        let mut accepted = Vec::new();
        for mode in [ParseMode::Strict, ParseMode::Lenient, ParseMode::Leiri] {
            let what = format!("{} {kind} {s:?}", mode.as_str());
            let r = LenientIriRef::parse_kind(s, mode, kind);
            if kind == Kind::IriReference {
                assert_eq!(
                    r.as_ref().ok().map(|r| r.as_iri_ref().as_str().to_string()),
                    LenientIriRef::parse(s, mode)
                        .ok()
                        .map(|r| r.as_iri_ref().as_str().to_string()),
                    "{what}: parse and parse_kind differ"
                );
            }
            if mode == ParseMode::Strict {
                assert_eq!(
                    r.is_ok(),
                    strict_ok,
                    "{what}: strict mode is not the strict parser"
                );
            }
            accepted.push(r.is_ok());
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    assert!(
                        e.offset() <= s.len() && s.is_char_boundary(e.offset()),
                        "{what}: error offset {} not a boundary",
                        e.offset()
                    );
                    if let Some(c) = e.char() {
                        assert!(
                            s[e.offset()..].starts_with(c),
                            "{what}: error char {c:?} not at {}",
                            e.offset()
                        );
                    }
                    assert!(!strict_ok, "{what}: a strictly valid text refused");
                    continue;
                }
            };
            let strict = r.as_iri_ref();
            assert_eq!(r.original(), s);
            assert!(
                validate(strict.as_str(), kind).is_ok(),
                "{what}: the strict form {:?} does not parse",
                strict.as_str()
            );
            if strict_ok {
                assert_eq!(strict.as_str(), s, "{what}: a strict text changed");
                assert!(
                    r.is_strict() && r.warnings().is_empty(),
                    "{what}: warnings on a strict text"
                );
            }
            assert_eq!(r.is_strict(), r.warnings().is_empty());
            // Warnings point at their characters, and encoding exactly them gives the strict form.
            let mut expected = String::new();
            let mut from = 0;
            for w in r.warnings() {
                assert!(w.offset >= from, "{what}: warnings out of order");
                assert!(
                    s.get(w.offset..).is_some_and(|t| t.starts_with(w.ch)),
                    "{what}: warning {:?} not at {}",
                    w.ch,
                    w.offset
                );
                assert_eq!(w.span(), w.offset..w.offset + w.ch.len_utf8());
                assert!(!"#%[]".contains(w.ch), "{what}: {:?} converted", w.ch);
                assert!(!w.to_string().is_empty());
                expected.push_str(&s[from..w.offset]);
                let mut buf = [0u8; 4];
                for b in w.ch.encode_utf8(&mut buf).bytes() {
                    expected.push_str(&format!("%{b:02X}"));
                }
                from = w.offset + w.ch.len_utf8();
            }
            expected.push_str(&s[from..]);
            assert_eq!(strict.as_str(), expected, "{what}: strict form");
            // The original components join back to the input.
            let mut joined = String::new();
            if let Some(sc) = r.original_scheme() {
                assert_eq!(Some(sc), strict.scheme(), "{what}: scheme");
                joined.push_str(sc);
                joined.push(':');
            }
            assert_eq!(
                r.original_authority().is_some(),
                strict.authority().is_some()
            );
            if let Some(a) = r.original_authority() {
                joined.push_str("//");
                joined.push_str(a);
            }
            joined.push_str(r.original_path());
            assert_eq!(r.original_query().is_some(), strict.query().is_some());
            if let Some(q) = r.original_query() {
                joined.push('?');
                joined.push_str(q);
            }
            assert_eq!(r.original_fragment().is_some(), strict.fragment().is_some());
            if let Some(f) = r.original_fragment() {
                joined.push('#');
                joined.push_str(f);
            }
            assert_eq!(joined, s, "{what}: original components do not join back");
            // The URI form.
            let uri = r.to_uri();
            let uri_kind = match kind {
                Kind::IriReference => Kind::UriReference,
                Kind::Iri => Kind::Uri,
                Kind::AbsoluteIri => Kind::AbsoluteUri,
                _ => Kind::RelativeUri,
            };
            assert!(
                uri.as_str().is_ascii() && validate(uri.as_str(), uri_kind).is_ok(),
                "{what}: to_uri gave {:?}, not a {uri_kind}",
                uri.as_str()
            );
            assert_eq!(uri.as_str(), strict.to_uri().as_str(), "{what}: to_uri");
            let pe = r
                .to_uri_with(ExtraChars::PercentEncode)
                .expect("percent-encoding never fails");
            assert_eq!(pe.as_str(), uri.as_str());
            match r.to_uri_with(ExtraChars::Fail) {
                Ok(u) => {
                    assert!(
                        r.warnings().is_empty(),
                        "{what}: Fail succeeded with warnings"
                    );
                    assert_eq!(u.as_str(), uri.as_str());
                }
                Err(e) => {
                    assert_eq!(
                        Some(&e.widened()),
                        r.warnings().first(),
                        "{what}: Fail's error"
                    );
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        assert!(
            !accepted[1] || accepted[2],
            "{kind} {s:?}: lenient but not LEIRI"
        );
    }
}

/// The charsets the first byte chooses from (WHATWG labels), single-byte ones first.
#[cfg(feature = "encoding")]
const CHARSETS: [&str; 16] = [
    "utf-8",
    "windows-1252",
    "koi8-r",
    "windows-1251",
    "iso-8859-7",
    "macintosh",
    "x-user-defined",
    "windows-1258",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gb18030",
    "big5",
    "euc-kr",
    "utf-16le",
    "utf-16be",
];

/// How many of `CHARSETS` decode each byte sequence to at most one text that encodes back to
/// it: UTF-8 and the single-byte charsets whose non-ASCII bytes are all non-ASCII characters.
#[cfg(feature = "encoding")]
const BIJECTIVE: usize = 7;

/// Bytes as a legacy URI writes them: ASCII as it is, other octets as `%HH`.
#[cfg(feature = "encoding")]
fn legacy_form(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        if b.is_ascii() {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Legacy charsets (RFC 3987 §3.1 step 1, the query exception, §7.7), with the charset chosen
/// by the first byte (low four bits) and the unmappable policy by its next bits:
/// - step 1 on the other bytes: a decoding error lies inside them; UTF-8 fails exactly on
///   invalid UTF-8; a non-Unicode charset's text comes out in NFC;
/// - `interpret` of those bytes, all percent-encoded: UTF-8 comes first, one reading per
///   distinct charset, each the same with the charset repeated; a strict reading in UTF-8 or a
///   single-byte charset encodes back (`encode_in`) to the bytes in legacy form;
/// - `interpret` of the other bytes as text: an error points at a `%`;
/// - `DocumentCharset::to_uri` of the text, when it is an IRI reference: the output is a URI
///   reference; it is the UTF-8 mapping wherever the exception does not apply, and where it
///   does, only the query differs (it is `map_query`); `apply` on the UTF-8 mapping agrees;
///   an unmappable character is reported in the query, only under `Unmappable::Fail`.
#[cfg(feature = "encoding")]
pub fn charset(data: &[u8]) {
    use iri::legacy::{encode_in, interpret, Charset, DocumentCharset, Source, Unmappable};
    let Some((&sel, raw)) = data.split_first() else {
        return;
    };
    let idx = (sel & 0x0F) as usize;
    let cs = Charset::for_label(CHARSETS[idx]).expect("a known label");
    let policy = [
        Unmappable::Fail,
        Unmappable::Utf8,
        Unmappable::NumericReference,
    ][(sel >> 4) as usize % 3];
    // Step 1.
    match (Source::Bytes {
        bytes: raw,
        charset: cs,
    })
    .to_ucs()
    {
        Ok(t) => {
            if cs == Charset::utf8() {
                let b = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
                assert_eq!(Ok(&*t), std::str::from_utf8(b), "to_ucs utf-8 {raw:?}");
            }
            if !cs.is_unicode() {
                let nfc = Source::Characters(&t).to_ucs().unwrap();
                assert_eq!(nfc, t, "to_ucs {cs} {raw:?}: not NFC");
            }
        }
        Err(e) => {
            assert!(
                e.offset() < raw.len(),
                "to_ucs {cs} {raw:?}: offset {}",
                e.offset()
            );
            assert_eq!(e.charset(), cs);
            if cs == Charset::utf8() {
                let b = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
                assert!(
                    std::str::from_utf8(b).is_err(),
                    "to_ucs utf-8 {raw:?}: refused valid UTF-8"
                );
            }
            assert!(!e.to_string().is_empty());
        }
    }
    // Interpreting the bytes, percent-encoded.
    let pct: String = raw.iter().map(|b| format!("%{b:02X}")).collect();
    let found = interpret(&pct, &[cs]).expect("every % starts a percent-encoding");
    assert_eq!(
        found[0].charset,
        Charset::utf8(),
        "interpret {pct:?}: UTF-8 first"
    );
    assert_eq!(found.len(), if cs == Charset::utf8() { 1 } else { 2 });
    assert_eq!(
        interpret(&pct, &[cs, cs, Charset::utf8()]).unwrap(),
        found,
        "interpret {pct:?}: repeated"
    );
    assert_eq!(
        found[0].strict,
        std::str::from_utf8(raw).is_ok(),
        "interpret {pct:?}: UTF-8 strictness"
    );
    for c in &found {
        if c.strict && (c.charset == Charset::utf8() || idx < BIJECTIVE) {
            let back = encode_in(&c.text, c.charset, Unmappable::Fail)
                .unwrap_or_else(|e| panic!("interpret {pct:?} in {}: {e}", c.charset));
            assert_eq!(
                back,
                legacy_form(raw),
                "interpret {pct:?}: {} does not encode back",
                c.charset
            );
        }
    }
    // Interpreting text.
    let s = &*text(raw);
    match interpret(s, &[cs]) {
        Ok(found) => assert_eq!(found[0].charset, Charset::utf8()),
        Err(e) => assert!(
            s.get(e.offset()..).is_some_and(|t| t.starts_with('%')),
            "interpret {s:?}: error offset {} not at a %",
            e.offset()
        ),
    }
    // The query exception.
    let Ok(r) = IriRef::parse(s) else {
        return;
    };
    let doc = DocumentCharset::new(cs).unmappable(policy);
    let plain = r.to_uri();
    let applies = doc.applies_to(&r);
    match doc.to_uri(&r) {
        Ok(u) => {
            assert!(
                UriRef::parse(u.as_str()).is_ok(),
                "query exception {cs} {s:?}: {u} is not a URI"
            );
            if applies {
                assert_eq!(u.scheme(), plain.scheme(), "{cs} {s:?}: scheme");
                assert_eq!(u.authority(), plain.authority(), "{cs} {s:?}: authority");
                assert_eq!(u.path(), plain.path(), "{cs} {s:?}: path");
                assert_eq!(u.fragment(), plain.fragment(), "{cs} {s:?}: fragment");
                assert_eq!(
                    u.query(),
                    doc.map_query(&r).unwrap().as_deref(),
                    "{cs} {s:?}: query"
                );
                if r.query().is_some_and(|q| q.is_ascii()) {
                    assert_eq!(u.query(), r.query(), "{cs} {s:?}: an ASCII query changed");
                }
            } else {
                assert_eq!(
                    u.as_str(),
                    plain.as_str(),
                    "{cs} {s:?}: not the UTF-8 mapping"
                );
            }
            assert_eq!(doc.apply(&r, &plain).unwrap(), u, "{cs} {s:?}: apply");
        }
        Err(e) => {
            assert!(
                applies && policy == Unmappable::Fail,
                "{cs} {s:?}: failed: {e}"
            );
            let q = r.query().expect("the exception applies to a query");
            let at = q.as_ptr() as usize - r.as_str().as_ptr() as usize;
            assert!(
                e.offset() >= at && s[e.offset()..].starts_with(e.ch()),
                "{cs} {s:?}: unmappable {:?} not at {}",
                e.ch(),
                e.offset()
            );
        }
    }
}

/// The 1-based line and column (in characters) of byte `at` of `s`, lines ending at LF.
fn line_column(s: &str, at: usize) -> (usize, usize) {
    let before = &s[..at];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, 1 + before[line_start..].chars().count())
}

/// Whether `small` is `big` with some whitespace characters left out.
fn is_big_without_whitespace(small: &str, big: &str) -> bool {
    let mut want = small.chars().peekable();
    for c in big.chars() {
        if want.peek() == Some(&c) {
            want.next();
        } else if !c.is_whitespace() {
            return false;
        }
    }
    want.peek().is_none()
}

/// Checks the candidates found in a document: positions on character boundaries of `doc`, in
/// document order, with the line and column of their start; a text without whitespace at its
/// ends; a result that is the text parsed (an error exactly when it does not parse), whose URI
/// is an ASCII URI reference, the URI form of the resolved IRI when there is one, and of the
/// reference otherwise.
fn check_found(doc: &str, found: &[iri::extract::Found], what: &str) {
    let mut last = 0;
    for f in found {
        assert!(
            f.span.start <= f.span.end
                && f.span.end <= doc.len()
                && doc.is_char_boundary(f.span.start)
                && doc.is_char_boundary(f.span.end),
            "{what} {doc:?}: span {:?} of {:?}",
            f.span,
            f.text
        );
        assert!(
            f.span.start >= last,
            "{what} {doc:?}: {:?} out of order",
            f.text
        );
        last = f.span.start;
        assert_eq!(
            (f.line, f.column),
            line_column(doc, f.span.start),
            "{what} {doc:?}: line and column of {:?}",
            f.text
        );
        assert!(
            !ascii_ws_at_ends(&f.text),
            "{what} {doc:?}: {:?} not trimmed",
            f.text
        );
        assert!(!f.place.to_string().is_empty());
        check_result(&f.text, &f.result, &format!("{what} {doc:?}"));
    }
}

/// The result of a found candidate agrees with parsing its text.
fn check_result(text: &str, result: &Result<iri::extract::Resolved, iri::ParseError>, what: &str) {
    match result {
        Ok(r) => {
            assert_eq!(
                r.reference.as_str(),
                text,
                "{what}: reference is not the text"
            );
            assert!(
                r.uri.is_ascii() && UriRef::parse(r.uri.as_str()).is_ok(),
                "{what}: {:?} is not a URI reference",
                r.uri
            );
            match &r.resolved {
                Some(abs) => {
                    assert!(
                        Iri::parse(abs.as_str()).is_ok(),
                        "{what}: resolved {abs} is not an IRI"
                    );
                    assert_eq!(
                        r.uri,
                        abs.to_uri().as_str(),
                        "{what}: uri of the resolved IRI"
                    );
                    assert!(Uri::parse(r.uri.as_str()).is_ok(), "{what}: resolved uri");
                }
                None => {
                    assert!(
                        r.reference.scheme().is_none(),
                        "{what}: an IRI left unresolved"
                    );
                    assert_eq!(
                        r.uri,
                        r.reference.to_uri().as_str(),
                        "{what}: uri of the reference"
                    );
                }
            }
        }
        Err(e) => {
            assert_eq!(
                IriRef::parse(text).err().as_ref(),
                Some(e),
                "{what}: {text:?} reported with another error"
            );
        }
    }
}

/// Extraction (RFC 3987 §7.3, RFC 3986 Appendix C). The first byte chooses the options (bit 0:
/// a base; bit 1: text content not searched; bits 2–3 for documents: the kind; bits 4–5: the
/// charset); the rest is the text.
/// - `find_iris`: candidates in order, not overlapping, on character boundaries, with the line
///   and column of their start; the text is the span itself, or inside `<…>` the span with
///   whitespace left out; `parse` is `IriRef::parse` of the text;
/// - `extract_text` and `extract_markup` (HTML and XML): as `check_found` says;
/// - `extract_document` on the raw bytes: every candidate has a result that agrees with its
///   text, positions are in range; forced to UTF-8 and a kind, valid UTF-8 without a byte order
///   mark gives what `extract_markup` or `extract_text` gives on the text.
pub fn extract(data: &[u8]) {
    use iri::extract::{
        extract_markup, extract_text, find_iris, Delimiter, MarkupKind, MarkupOptions,
    };
    let Some((&sel, raw)) = data.split_first() else {
        return;
    };
    let s = &*text(raw);
    let mut last_end = 0;
    for m in find_iris(s) {
        let what = format!("find_iris {s:?}: {:?}", m.text);
        assert!(
            m.span.start >= last_end && m.span.end <= s.len(),
            "{what}: span {:?} after {last_end}",
            m.span
        );
        assert!(
            s.is_char_boundary(m.span.start) && s.is_char_boundary(m.span.end),
            "{what}: span"
        );
        last_end = m.span.end;
        assert!(!m.text.is_empty(), "{what}: empty");
        assert_eq!(
            (m.line, m.column),
            line_column(s, m.span.start),
            "{what}: line and column"
        );
        let inside = &s[m.span.clone()];
        match m.delimiter {
            Delimiter::None | Delimiter::Bidi => assert_eq!(m.text, inside, "{what}: not the span"),
            Delimiter::Angle | Delimiter::AngleUrl => {
                assert!(
                    is_big_without_whitespace(&m.text, inside),
                    "{what}: not the span {inside:?}"
                )
            }
        }
        assert_eq!(
            m.parse().err(),
            IriRef::parse(&*m.text).err(),
            "{what}: parse"
        );
    }
    let mut opts = MarkupOptions::new().text(sel & 2 == 0);
    if sel & 1 != 0 {
        opts = opts.base(Iri::parse("http://example.org/d/e?q".to_string()).unwrap());
    }
    check_found(s, &extract_text(s, &opts), "extract_text");
    check_found(
        s,
        &extract_markup(s, MarkupKind::Html, &opts),
        "extract_markup(html)",
    );
    check_found(
        s,
        &extract_markup(s, MarkupKind::Xml, &opts),
        "extract_markup(xml)",
    );
    #[cfg(feature = "encoding")]
    {
        use iri::extract::{extract_document, DocumentKind, DocumentOptions};
        let kinds = [
            None,
            Some(DocumentKind::Html),
            Some(DocumentKind::Xml),
            Some(DocumentKind::Text),
        ];
        let kind = kinds[(sel >> 2) as usize & 3];
        let label =
            [None, Some("utf-8"), Some("shift_jis"), Some("windows-1252")][(sel >> 4) as usize & 3];
        let mut dopts = DocumentOptions::new().text(sel & 2 == 0);
        if let Some(k) = kind {
            dopts = dopts.kind(k);
        }
        if let Some(l) = label {
            dopts = dopts.charset(l).unwrap();
        }
        if sel & 1 != 0 {
            dopts = dopts.base(Iri::parse("http://example.org/d/e?q".to_string()).unwrap());
        }
        let doc = extract_document(raw, &dopts);
        // Each byte decodes to at most one character of three bytes, U+FFFD included.
        let bound = 3 * raw.len();
        for f in &doc.found {
            assert!(
                f.span.start <= f.span.end && f.span.end <= bound && f.line >= 1 && f.column >= 1,
                "extract_document {raw:?}: position of {:?}",
                f.text
            );
            assert!(f.line <= raw.len() + 1 && f.column <= raw.len() + 1);
            check_result(&f.text, &f.result, &format!("extract_document {raw:?}"));
        }
        if let (Some(k), Some("utf-8"), Ok(t)) = (kind, label, std::str::from_utf8(raw)) {
            if !t.starts_with('\u{FEFF}') {
                let expected = match k {
                    DocumentKind::Html => extract_markup(t, MarkupKind::Html, &opts),
                    DocumentKind::Xml => extract_markup(t, MarkupKind::Xml, &opts),
                    DocumentKind::Text => extract_text(t, &opts),
                };
                assert_eq!(
                    doc.found, expected,
                    "extract_document {t:?}: not the text's"
                );
                assert!(!doc.malformed);
            }
        }
    }
}

/// Percent-decodes `s` (every `%HH`; other characters as their UTF-8 octets).
fn pct_octets(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(Ok(o)) = hex.map(|h| u8::from_str_radix(h, 16)) {
                out.push(o);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Standard base64 with padding (RFC 4648 §4).
fn base64_encode(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The scheme views (RFC 6068, RFC 2397, RFC 8089, RFC 8141) on the text as an IRI, and the
/// text as a local path:
/// - each view of an IRI and of its URI (RFC 3987 §3.1) is the same (for `urn`, equivalent),
///   and an error's offset is a character boundary of the IRI;
/// - `mailto`: each address is its local part, `@` and its domain, which holds no `@`;
/// - `data`: the octets are the payload (after the first `,`, up to the fragment) decoded, and
///   for base64 that payload's standard encoding;
/// - `file`: a path from `to_path` goes through `from_path` and back to itself, in both
///   styles; `from_path` gives a `file` IRI that `to_path` takes to a path (which then goes
///   round as above);
/// - `urn`: the equivalence key is a URN whose key is itself; a URN is equivalent to itself.
pub fn scheme(data: &[u8]) {
    use iri::scheme::data::DataIri;
    use iri::scheme::file::{from_path, to_path, PathStyle};
    use iri::scheme::mailto::Mailto;
    use iri::scheme::urn::Urn;
    let s = &*text(data);
    for style in [PathStyle::Unix, PathStyle::Windows] {
        if let Ok(i) = from_path(s, style) {
            assert!(
                Iri::parse(i.as_str()).is_ok(),
                "from_path {style:?} {s:?}: {i} is not an IRI"
            );
            assert_eq!(i.scheme(), "file");
            let p = to_path(&i, style)
                .unwrap_or_else(|e| panic!("from_path {style:?} {s:?}: {i}: {e}"));
            // Not the same IRI: `to_path` upper-cases a drive letter.
            let again = from_path(&p, style).unwrap_or_else(|e| panic!("{s:?} via {p:?}: {e}"));
            assert_eq!(
                to_path(&again, style).as_ref(),
                Ok(&p),
                "from_path {style:?} {s:?}: via {p:?}"
            );
        }
    }
    let Ok(iri) = Iri::parse(s) else {
        return;
    };
    let uri_text = iri.to_uri();
    let uri = Iri::parse(uri_text.as_str()).expect("the URI of an IRI is an IRI");
    let boundary = |o: usize, what: &str| {
        assert!(
            o <= s.len() && s.is_char_boundary(o),
            "{what} {s:?}: error offset {o}"
        );
    };
    // mailto
    let m = Mailto::parse(&iri);
    match &m {
        Ok(m) => {
            for a in m.to() {
                assert_eq!(
                    format!("{}@{}", a.local(), a.domain()),
                    a.as_str(),
                    "mailto {s:?}"
                );
                assert!(
                    !a.domain().contains('@'),
                    "mailto {s:?}: domain {:?}",
                    a.domain()
                );
                if let Ok(d) = a.domain_ascii() {
                    assert!(d.is_ascii(), "mailto {s:?}: domain_ascii {d:?}");
                }
            }
        }
        Err(e) => {
            boundary(e.offset(), "mailto");
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        m.as_ref().ok(),
        Mailto::parse(&uri).as_ref().ok(),
        "mailto {s:?}: IRI and URI differ"
    );
    // data
    let d = DataIri::parse(&iri);
    match &d {
        Ok(d) => {
            let rest = &s[5..s.find('#').unwrap_or(s.len())];
            let payload = &rest[rest.find(',').expect("a data IRI has a comma") + 1..];
            let octets = pct_octets(payload);
            if d.is_base64() {
                assert_eq!(
                    base64_encode(d.bytes()).as_bytes(),
                    octets,
                    "data {s:?}: base64"
                );
            } else {
                assert_eq!(d.bytes(), octets, "data {s:?}: octets");
            }
        }
        Err(e) => {
            boundary(e.offset(), "data");
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        d.as_ref().ok(),
        DataIri::parse(&uri).as_ref().ok(),
        "data {s:?}: IRI and URI differ"
    );
    // file
    for style in [PathStyle::Unix, PathStyle::Windows] {
        match to_path(&iri, style) {
            Ok(p) => {
                let back = from_path(&p, style)
                    .unwrap_or_else(|e| panic!("to_path {style:?} {s:?}: {p:?} has no IRI: {e}"));
                assert_eq!(
                    to_path(&back, style).as_ref(),
                    Ok(&p),
                    "to_path {style:?} {s:?}: via {back}"
                );
                assert_eq!(
                    to_path(&uri, style).as_ref(),
                    Ok(&p),
                    "to_path {style:?} {s:?}: URI differs"
                );
            }
            Err(e) => {
                boundary(e.offset(), "file");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    // urn
    match Urn::parse(&iri) {
        Ok(u) => {
            let key = u.equivalence_key();
            assert!(
                key.starts_with("urn:") && key.is_ascii(),
                "urn {s:?}: key {key:?}"
            );
            let key_iri =
                Iri::parse(key.as_str()).unwrap_or_else(|e| panic!("urn {s:?}: key {key:?}: {e}"));
            let again =
                Urn::parse(&key_iri).unwrap_or_else(|e| panic!("urn {s:?}: key {key:?}: {e}"));
            assert_eq!(
                again.equivalence_key(),
                key,
                "urn {s:?}: key not idempotent"
            );
            assert!(u.equivalent(&u) && u.equivalent(&again) && again.equivalent(&u));
            let v = Urn::parse(&uri).unwrap_or_else(|e| panic!("urn {s:?}: its URI {uri}: {e}"));
            assert!(
                u.equivalent(&v) && v.equivalent(&u),
                "urn {s:?}: not equivalent to its URI"
            );
        }
        Err(e) => {
            boundary(e.offset(), "urn");
            assert!(
                Urn::parse(&uri).is_err(),
                "urn {s:?}: the URI is a URN, the IRI not"
            );
        }
    }
}
