//! The laws every fuzz target checks, shared by the targets in `fuzz/fuzz_targets/` and by the
//! regression test `crates/iri/tests/fuzz_regressions.rs`, which replays each recorded finding
//! through the same function. The property tests of `crates/iri/tests/laws.rs` use its helpers.
//!
//! Each public function takes the fuzzer's raw bytes and panics (with the input in the
//! message) when a law is broken; it never panics on input the library rejects. The laws are
//! those of ARCHITECTURE.md: `to_uri` is idempotent and the identity on URIs (RFC 3987 §3.1);
//! `to_uri(to_iri(u)) == u` up to hex case and decoded unreserved characters (§3.2);
//! resolution output parses (RFC 3986 §5.2); normalization is idempotent (RFC 3987 §5.3);
//! `resolve(base, relativize(base, t)) == t`; and every output claimed to be an IRI or URI
//! parses as one. Lint spans lie on character boundaries.
//!
//! Inputs that need two strings (a base and a reference) split the bytes at the first line
//! feed, a character no IRI may hold. Inputs that choose an option take it from the first
//! byte.

// The laws of pre-processing, lenient parsing and legacy charsets, and those of extraction and
// the scheme views, in files of their own. Each fuzz target uses one function of all of them.
mod build;
mod extra;
mod template;
mod views;
pub use build::*;
pub use extra::*;
pub use template::*;
pub use views::*;

use iri::idn::IdnaOptions;
use iri::{
    remove_dot_segments, validate, Form, Iri, IriRef, Kind, Level, Normalizer, ResolveOptions,
    Steps, Uri, UriRef,
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
    if let Ok(p) = &parsed {
        // The mapping computes the offsets of its result itself: they must be the parser's.
        assert_eq!(
            (p.authority(), p.path(), p.query(), p.fragment()),
            (u.authority(), u.path(), u.query(), u.fragment()),
            "{s:?} -> {u:?}: components"
        );
    }
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
    resolve_options(&base, &reference, t.as_str());
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

/// The resolution options (RFC 3986 §5.2.1, erratum 4789, §6.2.2.2): under each preset and
/// each option alone the result is a valid IRI that parses back with the same components and
/// the reference's fragment, `resolve_into_with` agrees, URI resolution agrees after mapping;
/// the strict options give `strict` (the result of `resolve`), and so does every option when
/// the base path has no dot segment and neither path a `%2E`.
pub fn resolve_options<B: AsRef<str>, R: AsRef<str>>(
    base: &Iri<B>,
    reference: &IriRef<R>,
    strict: &str,
) {
    let (b, r) = (base.as_str(), reference.as_str());
    let plain = remove_dot_segments(base.path()) == base.path()
        && !b.to_ascii_lowercase().contains("%2e")
        && !r.to_ascii_lowercase().contains("%2e");
    let mut buf = String::new();
    for opts in [
        ResolveOptions::strict(),
        ResolveOptions::rdf(),
        ResolveOptions::browser(),
        ResolveOptions::strict().base_normalize(true),
        ResolveOptions::strict().erratum_4789(true),
        ResolveOptions::strict().dot_encoded(true),
    ] {
        let t = base.resolve_with(reference, opts);
        let again = Iri::parse(t.as_str());
        assert!(again.is_ok(), "{b:?} + {r:?} {opts:?} -> {t:?}: {again:?}");
        let again = again.unwrap();
        assert_eq!(again.path(), t.path(), "{b:?} + {r:?} {opts:?}: path");
        assert_eq!(again.authority(), t.authority());
        assert_eq!(again.query(), t.query());
        assert_eq!(t.fragment(), reference.fragment(), "{b:?} + {r:?} {opts:?}");
        assert_eq!(
            base.resolve_into_with(reference, opts, &mut buf).as_str(),
            t.as_str()
        );
        if opts.is_strict() || plain {
            assert_eq!(
                t.as_str(),
                strict,
                "{b:?} + {r:?} {opts:?}: not the strict result"
            );
        }
        let bu = Uri::parse(base.to_uri().to_string()).unwrap();
        let ru = UriRef::parse(reference.to_uri().to_string()).unwrap();
        assert_eq!(
            bu.resolve_with(&ru, opts).as_str(),
            t.to_uri().as_str(),
            "{b:?} + {r:?} {opts:?}: URI resolution differs"
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
