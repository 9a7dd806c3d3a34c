//! Property tests: generators built from the grammar of RFC 3987 §2.2 produce valid IRIs
//! with every component and host kind, non-ASCII characters and percent-encodings; the laws
//! of ARCHITECTURE.md are checked on them.

#![cfg(all(feature = "unicode", feature = "idna"))]

use proptest::prelude::*;

// The laws the fuzz targets check; their helpers (`canon`, `normalizer`) serve here too.
use iri_testkit::laws as fuzz_laws;
use iri_testkit::laws::{canon, normalizer};

use iri::{remove_dot_segments, Form, Iri, IriRef, Level, Normalizer, Steps, Uri, UriRef};

/// A sample of `ucschar` from several ranges and planes, including range ends.
fn ucschar() -> impl Strategy<Value = char> {
    prop_oneof![
        0xA0u32..0x800,
        0x800u32..0xD7FF,
        Just(0xD7FF),
        0xF900u32..=0xFDCF,
        0xFDF0u32..=0xFFEF,
        0x10000u32..=0x1FFFD,
        0x20000u32..=0x2FFFD,
        0xE1000u32..=0xEFFFD,
    ]
    .prop_filter_map("scalar, not bidi formatting", |c| {
        char::from_u32(c).filter(|&ch| !iri::is_bidi_formatting(ch as u32))
    })
}

/// `iprivate`.
fn iprivate() -> impl Strategy<Value = char> {
    prop_oneof![
        0xE000u32..=0xF8FF,
        0xF0000u32..=0xFFFFD,
        0x100000u32..=0x10FFFD
    ]
    .prop_map(|c| char::from_u32(c).unwrap())
}

/// `pct-encoded`: any octet, in either hex case; sometimes the UTF-8 of a character.
fn pct_encoded() -> impl Strategy<Value = String> {
    prop_oneof![
        (any::<u8>(), any::<bool>()).prop_map(|(o, lower)| if lower {
            format!("%{o:02x}")
        } else {
            format!("%{o:02X}")
        }),
        ucschar().prop_map(|c| {
            let mut b = [0; 4];
            c.encode_utf8(&mut b)
                .bytes()
                .map(|o| format!("%{o:02X}"))
                .collect()
        }),
    ]
}

/// One unit of text from `iunreserved / pct-encoded / sub-delims` plus the ASCII `extra`.
fn unit(extra: &'static str, private: bool) -> BoxedStrategy<String> {
    let ascii: Vec<char> = "abcXYZ019-._~!$&'()*+,;="
        .chars()
        .chain(extra.chars())
        .collect();
    let mut options = vec![
        (
            6,
            proptest::sample::select(ascii)
                .prop_map(String::from)
                .boxed(),
        ),
        (2, ucschar().prop_map(String::from).boxed()),
        (1, pct_encoded().boxed()),
    ];
    if private {
        options.push((1, iprivate().prop_map(String::from).boxed()));
    }
    proptest::strategy::Union::new_weighted(options).boxed()
}

fn text(extra: &'static str, private: bool, max: usize) -> BoxedStrategy<String> {
    proptest::collection::vec(unit(extra, private), 0..max)
        .prop_map(|v| v.concat())
        .boxed()
}

/// Any scheme, often one the scheme registry knows (default ports, DNS hosts), in any case.
fn scheme() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zA-Z][a-zA-Z0-9+.-]{0,7}",
        1 => proptest::sample::select(vec!["http", "HTTPS", "ftp", "ws", "wss", "file", "urn", "mailto"])
            .prop_map(String::from),
    ]
}

/// `h16`: one to four hex digits, in either case, leading zeros allowed.
fn h16() -> impl Strategy<Value = String> {
    "[0-9a-fA-F]{1,4}"
}

/// `IPv6address` in all nine forms of RFC 3986 §3.2.2. Form 0 writes six groups and `ls32`;
/// forms 1–6 write up to `form - 1` groups, `::`, `6 - form` groups and `ls32`; form 7 up to
/// six groups, `::` and one group; form 8 up to seven groups and `::`. `ls32` is two groups
/// or an IPv4 address.
fn ipv6() -> impl Strategy<Value = String> {
    (
        0usize..9,
        0usize..8,
        any::<bool>(),
        any::<[u8; 4]>(),
        proptest::collection::vec(h16(), 8),
    )
        .prop_map(|(form, before, v4, octets, g)| {
            let ls32 = if v4 {
                std::net::Ipv4Addr::from(octets).to_string()
            } else {
                format!("{}:{}", g[6], g[7])
            };
            let inner = match form {
                0 => format!("{}:{ls32}", g[..6].join(":")),
                1..=6 => {
                    let before = before % form;
                    let after = 6 - form;
                    let mut s = g[..before].join(":") + "::";
                    for x in &g[before..before + after] {
                        s.push_str(x);
                        s.push(':');
                    }
                    s + &ls32
                }
                7 => g[..before % 7].join(":") + "::" + &g[7],
                _ => g[..before % 8].join(":") + "::",
            };
            format!("[{inner}]")
        })
}

/// `ihost` of every kind, with the kind's name.
fn host() -> impl Strategy<Value = (String, &'static str)> {
    prop_oneof![
        text("", false, 8).prop_map(|h| (h, "reg-name")),
        any::<[u8; 4]>().prop_map(|o| (std::net::Ipv4Addr::from(o).to_string(), "ipv4")),
        any::<[u16; 8]>().prop_map(|g| (format!("[{}]", std::net::Ipv6Addr::from(g)), "ipv6")),
        (any::<[u16; 6]>(), any::<[u8; 4]>()).prop_map(|(g, v4)| (
            format!(
                "[{:x}:{:x}:{:x}:{:x}:{:x}:{:x}:{}]",
                g[0],
                g[1],
                g[2],
                g[3],
                g[4],
                g[5],
                std::net::Ipv4Addr::from(v4)
            ),
            "ipv6"
        )),
        (
            "[0-9a-fA-F]{1,3}",
            "[a-zA-Z0-9:!$=~._-]{1,6}",
            any::<bool>()
        )
            .prop_map(|(h, t, up)| (
                format!("[{}{h}.{t}]", if up { 'V' } else { 'v' }),
                "ipvfuture"
            )),
        ipv6().prop_map(|h| (h, "ipv6")),
        // Internationalized domain names, in Unicode and in ACE form.
        proptest::sample::select(vec![
            "xn--rsum-bpad.example.org",
            "XN--99ZT52A.example",
            "résumé.EXAMPLE.org",
            "例え.テスト",
            "xn--.bad",
        ])
        .prop_map(|h| (h.to_string(), "reg-name")),
    ]
}

/// Path segments, with dot segments mixed in.
fn segments() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(
        prop_oneof![
            6 => text(":@", false, 6),
            1 => Just(".".to_string()),
            1 => Just("..".to_string()),
        ],
        0..6,
    )
}

/// The parts of a generated IRI reference, kept to check the accessors.
#[derive(Debug, Clone)]
struct Parts {
    scheme: Option<String>,
    authority: Option<(Option<String>, String, &'static str, Option<String>)>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(sc) = &self.scheme {
            s.push_str(sc);
            s.push(':');
        }
        if let Some((ui, h, _, port)) = &self.authority {
            s.push_str("//");
            if let Some(u) = ui {
                s.push_str(u);
                s.push('@');
            }
            s.push_str(h);
            if let Some(p) = port {
                s.push(':');
                s.push_str(p);
            }
        }
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }
}

/// An IRI reference built from the grammar; `absolute` forces a scheme.
fn iri_ref(absolute: bool) -> impl Strategy<Value = Parts> {
    let scheme = if absolute {
        scheme().prop_map(Some).boxed()
    } else {
        proptest::option::of(scheme()).boxed()
    };
    let authority = proptest::option::of((
        proptest::option::of(text(":", false, 6)),
        host(),
        proptest::option::of(prop_oneof![
            3 => "[0-9]{0,5}",
            1 => proptest::sample::select(vec!["", "80", "443", "21", "0080"]).prop_map(String::from),
        ]),
    ));
    (
        scheme,
        authority,
        segments(),
        any::<bool>(),
        proptest::option::of(text(":@/?", true, 8)),
        proptest::option::of(text(":@/?", false, 8)),
    )
        .prop_map(|(scheme, authority, segs, rooted, query, fragment)| {
            let authority = authority.map(|(ui, (h, k), p)| (ui, h, k, p));
            let mut path = String::new();
            if authority.is_some() || rooted {
                for s in &segs {
                    path.push('/');
                    path.push_str(s);
                }
            } else {
                path = segs.join("/");
            }
            let mut parts = Parts {
                scheme,
                authority,
                path,
                query,
                fragment,
            };
            if parts.authority.is_none() {
                // "//" would start an authority: a path may not begin with it.
                if parts.path.starts_with("//") {
                    parts.path.insert_str(0, "/.");
                }
                // ipath-noscheme: no ':' in the first segment of a relative reference.
                if parts.scheme.is_none() {
                    let first = parts.path.split('/').next().unwrap_or("");
                    if first.contains(':') {
                        parts.path.insert_str(0, "./");
                    }
                }
            }
            parts
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Generated references parse, and the accessors give back what was generated.
    #[test]
    fn generated_references_parse(p in iri_ref(false)) {
        let s = p.text();
        let r = IriRef::parse(s.as_str()).map_err(|e| TestCaseError::fail(format!("{s:?}: {e}")))?;
        prop_assert_eq!(r.scheme(), p.scheme.as_deref());
        prop_assert_eq!(r.path(), p.path.as_str());
        prop_assert_eq!(r.query(), p.query.as_deref());
        prop_assert_eq!(r.fragment(), p.fragment.as_deref());
        match &p.authority {
            Some((ui, h, kind, port)) => {
                prop_assert_eq!(r.userinfo(), ui.as_deref());
                prop_assert_eq!(r.host_str(), Some(h.as_str()));
                let got_kind = r.host().unwrap().kind().as_str();
                // A generated reg-name may happen to read as an IPv4 address.
                prop_assert!(got_kind == *kind || (*kind == "reg-name" && got_kind == "ipv4"));
                prop_assert_eq!(r.port(), port.as_deref());
            }
            None => prop_assert!(!r.has_authority()),
        }
        // Display / FromStr round trip, and owned storage agrees with borrowed.
        let owned: IriRef<String> = r.to_string().parse().unwrap();
        prop_assert_eq!(&owned, &r);
        prop_assert_eq!(owned.path(), r.path());
    }

    /// RFC 3987 §3.1: to_uri gives a URI, is idempotent, and is the identity on URIs.
    #[test]
    fn to_uri_laws(p in iri_ref(false)) {
        let s = p.text();
        let r = IriRef::parse(s.as_str()).unwrap();
        let u = r.to_uri();
        prop_assert!(u.as_str().is_ascii());
        let parsed = UriRef::parse(u.as_str());
        prop_assert!(parsed.is_ok(), "{:?} -> {:?}", s, u);
        prop_assert_eq!(u.as_iri_ref().to_uri().to_string(), u.as_str());
        prop_assert_eq!(s.is_ascii(), u.as_str() == s);
        // Components map one to one.
        prop_assert_eq!(u.scheme(), r.scheme());
        prop_assert_eq!(u.has_authority(), r.has_authority());
        prop_assert_eq!(u.has_query(), r.has_query());
        prop_assert_eq!(u.has_fragment(), r.has_fragment());
        let mut buf = String::new();
        prop_assert_eq!(r.to_uri_into(&mut buf).to_string(), u.as_str());
    }

    /// RFC 3987 §3.2: to_iri gives an IRI, and to_uri(to_iri(u)) == u up to hex case and
    /// decoded unreserved characters.
    #[test]
    fn to_iri_round_trip(p in iri_ref(false)) {
        let s = p.text();
        let r = IriRef::parse(s.as_str()).unwrap();
        let u = r.to_uri();
        let back = UriRef::parse(u.as_str()).unwrap();
        let i = back.to_iri();
        prop_assert!(IriRef::parse(i.as_str()).is_ok(), "{:?}", i);
        let again = i.to_uri();
        prop_assert_eq!(canon(again.as_str()), canon(u.as_str()));
        // Converting twice changes nothing more.
        prop_assert_eq!(i.to_iri().to_string(), i.as_str());
    }

    /// Resolution always gives an IRI that parses back with the same components.
    #[test]
    fn resolution_output_parses(b in iri_ref(true), r in iri_ref(false)) {
        let base = Iri::parse(b.text()).unwrap();
        let reference = IriRef::parse(r.text()).unwrap();
        let t = base.resolve(&reference);
        let again = Iri::parse(t.as_str()).map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
        prop_assert_eq!(again.path(), t.path());
        prop_assert_eq!(again.authority(), t.authority());
        prop_assert_eq!(again.query(), t.query());
        prop_assert_eq!(again.fragment(), reference.fragment());
        // Nothing is percent-encoded or decoded by resolution.
        let mut buf = String::new();
        prop_assert_eq!(base.resolve_into(&reference, &mut buf).to_string(), t.as_str());
        // URI resolution agrees with IRI resolution after mapping (RFC 3987 §6.5).
        let bu = Uri::parse(base.to_uri().to_string()).unwrap();
        let ru = UriRef::parse(reference.to_uri().to_string()).unwrap();
        prop_assert_eq!(bu.resolve(&ru).to_string(), t.to_uri().to_string());
        // Each option and preset gives a valid IRI; strict is `resolve` (RFC 3986 §5.2.1,
        // erratum 4789, §6.2.2.2; the law of the fuzz target `resolve`).
        fuzz_laws::resolve_options(&base, &reference, t.as_str());
    }

    /// The laws of the resolution options again, with the generated `..` written `.%2E`
    /// (RFC 3986 §6.2.2.2) in base and reference, so that encoded dots are exercised.
    #[test]
    fn resolution_options_with_encoded_dots(b in iri_ref(true), r in iri_ref(false)) {
        let (b, r) = (b.text().replace("..", ".%2E"), r.text().replace("..", "%2e."));
        if let (Ok(base), Ok(reference)) = (Iri::parse(b.as_str()), IriRef::parse(r.as_str())) {
            let t = base.resolve(&reference);
            fuzz_laws::resolve_options(&base, &reference, t.as_str());
        }
    }

    /// resolve(base, relativize(base, t)) == t, and relativize fails only for targets whose
    /// path holds dot segments.
    #[test]
    fn relativize_inverts_resolve(b in iri_ref(true), t in iri_ref(true), same in 0u8..4) {
        let base = Iri::parse(b.text()).unwrap();
        // Make targets that share scheme, authority or path with the base often.
        let target_text = match same {
            0 => t.text(),
            1 => format!("{}:{}", base.scheme(), t.text().split_once(':').unwrap().1),
            _ => {
                let r = IriRef::parse(t.text().split_once(':').unwrap().1.to_string());
                match r {
                    Ok(r) if !r.is_absolute() => base.resolve(&r).into_inner(),
                    _ => t.text(),
                }
            }
        };
        let target = Iri::parse(target_text.as_str()).unwrap();
        match base.relativize(&target) {
            Ok(r) => {
                prop_assert_eq!(base.resolve(&r).to_string(), target.as_str(), "via {:?}", r);
                prop_assert!(r.as_str().len() <= target.as_str().len());
            }
            Err(e) => {
                prop_assert!(remove_dot_segments(target.path()) != target.path(), "{}", e);
            }
        }
    }

    /// Resolving a resolved IRI's own text as a reference gives it back (absolute references
    /// are fixed points once dot segments are gone).
    #[test]
    fn resolution_is_stable(b in iri_ref(true), r in iri_ref(false)) {
        let base = Iri::parse(b.text()).unwrap();
        let t = base.resolve(&IriRef::parse(r.text()).unwrap());
        // A path copied from the base (empty reference path) may keep its dot segments.
        // Without authority, "/." may stand before a path starting with "//".
        let p = t.path();
        let p = match p.strip_prefix("/.") {
            Some(q) if !t.has_authority() && q.starts_with("//") => q,
            _ => p,
        };
        prop_assume!(remove_dot_segments(p) == p);
        let again = base.resolve(&IriRef::parse(t.as_str()).unwrap());
        prop_assert_eq!(again.as_str(), t.as_str());
    }

    /// Normalization is idempotent at every level and in both forms, and its output is a
    /// valid IRI reference with the same components present (RFC 3987 §5.3).
    #[test]
    fn normalize_is_idempotent_and_valid(p in iri_ref(false), which in 0usize..8) {
        let r = IriRef::parse(p.text()).unwrap();
        // The first eight normalizers of the fuzz laws: each level, both forms, NFC, NFKC and
        // the case step alone.
        let n = normalizer(which as u8);
        let once = n.normalize(&r);
        let again = IriRef::parse(once.as_str());
        prop_assert!(again.is_ok(), "{:?} -> {:?}", r, once);
        let twice = n.normalize(&once);
        prop_assert_eq!(twice.to_string(), once.to_string());
        prop_assert_eq!(once.scheme().is_some(), r.scheme().is_some());
        prop_assert_eq!(once.has_authority(), r.has_authority());
        prop_assert_eq!(once.has_query(), r.has_query());
        prop_assert_eq!(once.has_fragment(), r.has_fragment());
        if which == 0 {
            prop_assert_eq!(once.as_str(), r.as_str());
        }
        if matches!(which, 3 | 4) {
            prop_assert!(once.as_str().is_ascii());
        }
    }

    /// Percent-encoding normalization never decodes a delimiter: every `%2F`, `%3F`, `%23`
    /// (any case) of the input is still there.
    #[test]
    fn normalize_keeps_encoded_delimiters(p in iri_ref(false)) {
        let r = IriRef::parse(p.text()).unwrap();
        let n = Normalizer::syntax().steps(Steps::CASE | Steps::PERCENT);
        let out = n.normalize(&r);
        let count = |s: &str| {
            let up = s.to_ascii_uppercase();
            ["%2F", "%3F", "%23", "%25"].map(|t| up.matches(t).count())
        };
        prop_assert_eq!(count(out.as_str()), count(r.as_str()));
    }

    /// The URI form is the IRI form mapped to a URI (syntax level), keys agree with
    /// equivalence, and equivalence climbs the ladder.
    #[test]
    fn normalize_forms_and_keys_agree(a in iri_ref(false), b in iri_ref(false)) {
        let ra = IriRef::parse(a.text()).unwrap();
        let rb = IriRef::parse(b.text()).unwrap();
        let iri_form = Normalizer::syntax().normalize(&ra);
        let uri_form = Normalizer::syntax().form(Form::Uri).normalize(&ra);
        prop_assert_eq!(iri_form.to_uri().to_string(), uri_form.to_string());
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            let n = Normalizer::new(level);
            prop_assert_eq!(n.key(&ra) == n.key(&rb), n.equivalent(&ra, &rb));
            prop_assert!(n.equivalent(&ra, &ra));
        }
        if let Some(level) = iri::equivalence_level(&ra, &rb) {
            for higher in [Level::Simple, Level::Syntax, Level::Scheme] {
                if higher >= level {
                    prop_assert!(iri::equivalent(&ra, &rb, higher));
                }
            }
        }
    }
}

/// The generators reach every part of the grammar the laws should exercise: each host kind,
/// all nine IPv6 forms with and without an embedded IPv4 address, IPvFuture, non-ASCII and
/// percent-encoded text in every component, `iprivate` in queries, empty components, dot
/// segments, registered schemes with their default ports, and ACE host labels.
#[test]
fn generators_cover_the_grammar() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use std::collections::BTreeSet;

    let mut runner = TestRunner::deterministic();
    let strategy = iri_ref(false);
    let mut seen = BTreeSet::new();
    for _ in 0..4000 {
        let p = strategy.new_tree(&mut runner).unwrap().current();
        let s = p.text();
        let r = IriRef::parse(s.as_str()).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let mut note = |what: String| {
            seen.insert(what);
        };
        let mut component = |name: &str, text: Option<&str>| {
            let Some(t) = text else { return };
            if t.is_empty() {
                note(format!("empty {name}"));
            }
            if !t.is_ascii() {
                note(format!("non-ASCII {name}"));
            }
            if t.contains('%') {
                note(format!("percent-encoded {name}"));
            }
            if t.chars().any(|c| iri::is_iprivate(c as u32)) {
                note(format!("iprivate {name}"));
            }
        };
        component("userinfo", r.userinfo());
        component("reg-name", r.host_str().filter(|h| !h.starts_with('[')));
        component("port", r.port());
        component("path", Some(r.path()));
        component("query", r.query());
        component("fragment", r.fragment());
        if let Some(h) = r.host() {
            note(format!("host {}", h.kind().as_str()));
            let text = r.host_str().unwrap();
            if h.kind().as_str() == "ipv6" {
                let inner = &text[1..text.len() - 1];
                let groups = inner.split("::").next().unwrap();
                let before = if groups.is_empty() {
                    0
                } else {
                    groups.split(':').count()
                };
                let v4 = inner.contains('.');
                match inner.find("::") {
                    None => note(format!("ipv6 full v4={v4}")),
                    Some(_) if inner.ends_with("::") => {
                        note(format!("ipv6 ends with :: before={}", before.min(7)))
                    }
                    Some(_) => note(format!("ipv6 :: v4={v4}")),
                }
                if inner.bytes().any(|b| b.is_ascii_uppercase()) {
                    note("ipv6 upper-case hex".into());
                }
            }
            if text.to_ascii_lowercase().contains("xn--") {
                note("ACE label".into());
            }
        }
        if r.path().split('/').any(|s| s == "." || s == "..") {
            note("dot segment".into());
        }
        if let (Some(sc), Some(port)) = (r.scheme(), r.port()) {
            if sc.eq_ignore_ascii_case("http") && port == "80"
                || sc.eq_ignore_ascii_case("https") && port == "443"
            {
                note("default port".into());
            }
        }
        if r.scheme().is_none() {
            note(
                if r.has_authority() {
                    "network-path reference"
                } else {
                    "relative-path or absolute-path reference"
                }
                .into(),
            );
        }
    }
    let mut want: Vec<String> = [
        "host reg-name",
        "host ipv4",
        "host ipv6",
        "host ipvfuture",
        "ipv6 full v4=true",
        "ipv6 full v4=false",
        "ipv6 :: v4=true",
        "ipv6 :: v4=false",
        "ipv6 upper-case hex",
        "ACE label",
        "dot segment",
        "default port",
        "network-path reference",
        "relative-path or absolute-path reference",
        "iprivate query",
        "empty port",
    ]
    .map(String::from)
    .to_vec();
    for n in 0..=7 {
        want.push(format!("ipv6 ends with :: before={n}"));
    }
    for c in ["userinfo", "reg-name", "path", "query", "fragment"] {
        for what in ["empty", "non-ASCII", "percent-encoded"] {
            want.push(format!("{what} {c}"));
        }
    }
    let missing: Vec<&String> = want.iter().filter(|w| !seen.contains(*w)).collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    // iprivate stays out of every component but the query (RFC 3987 §2.2).
    for c in ["userinfo", "reg-name", "path", "fragment"] {
        assert!(
            !seen.contains(&format!("iprivate {c}")),
            "iprivate in the {c}"
        );
    }
}
