//! Allocation promises, checked with a counting global allocator: `to_uri` of ASCII-only
//! input, `to_iri` of input without `%` and normalization of already normal input borrow and
//! allocate nothing; `resolve_into` and `to_uri_into` in a loop that reuses one buffer
//! allocate nothing once the buffer has grown.
//!
//! The count is per thread, so tests running in parallel do not disturb each other.

use std::borrow::Cow;
use std::cell::Cell;

use iri::{Iri, IriRef, Normalizer, ResolveOptions, UriRef};

mod common;

use iri_testkit::counting::{Counting, ALLOCS};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations (and reallocations) `f` made on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCS.with(Cell::get);
    let r = f();
    (ALLOCS.with(Cell::get) - before, r)
}

/// A column of a data table.
fn column(name: &str, index: usize) -> Vec<String> {
    common::table(name, index + 1..)
        .into_iter()
        .map(|mut r| r.fields.swap_remove(index))
        .collect()
}

/// The rows of resolve.tsv: base, reference, expected.
fn resolve_rows() -> Vec<(String, String, String)> {
    common::table("resolve.tsv", 4..)
        .into_iter()
        .map(|r| {
            let mut f = r.fields.into_iter();
            let mut next = || f.next().unwrap();
            (next(), next(), next())
        })
        .collect()
}

/// ASCII-only inputs: the ASCII inputs of the to_uri and resolution tables, and some own ones.
fn ascii_inputs() -> Vec<String> {
    let mut v: Vec<String> = column("to_uri.tsv", 0);
    v.extend(resolve_rows().into_iter().flat_map(|(b, r, _)| [b, r]));
    v.extend(
        [
            "http://example.org/a/b?c=d#e",
            "",
            "//h",
            "urn:isbn:0451450523",
            "http://[::1]:8080/%7E/",
        ]
        .map(String::from),
    );
    v.retain(|s| s.is_ascii() && IriRef::parse(s.as_str()).is_ok());
    assert!(v.len() > 50, "{} inputs", v.len());
    v
}

// own: RFC 3987 §3.1 maps only non-ASCII characters, so ASCII input is its own URI.
#[test]
fn to_uri_of_ascii_input_allocates_nothing() {
    let inputs = ascii_inputs();
    let parsed: Vec<IriRef<&str>> = inputs
        .iter()
        .map(|s| IriRef::parse(s.as_str()).unwrap())
        .collect();
    for r in &parsed {
        let (n, uri) = allocations(|| r.to_uri());
        assert_eq!(n, 0, "to_uri({}) allocated", r.as_str());
        assert_eq!(uri.as_str(), r.as_str());
        assert!(matches!(uri.into_inner(), Cow::Borrowed(_)));
        if let Ok(i) = Iri::parse(r.as_str()) {
            let (n, uri) = allocations(|| i.to_uri());
            assert_eq!(n, 0, "Iri::to_uri({}) allocated", i.as_str());
            assert!(matches!(uri.into_inner(), Cow::Borrowed(_)));
        }
    }
}

// own: a non-ASCII input does allocate (the counter sees allocations at all).
#[test]
fn to_uri_of_non_ascii_input_allocates() {
    let r = IriRef::parse("http://example.org/ros\u{E9}").unwrap();
    let (n, uri) = allocations(|| r.to_uri());
    assert!(n >= 1);
    assert_eq!(uri, "http://example.org/ros%C3%A9");
}

// own: without '%' there is nothing for RFC 3987 §3.2 to decode.
#[test]
fn to_iri_without_percent_allocates_nothing() {
    for s in ascii_inputs().iter().filter(|s| !s.contains('%')) {
        let u = UriRef::parse(s.as_str()).unwrap();
        let (n, i) = allocations(|| u.to_iri());
        assert_eq!(n, 0, "to_iri({s}) allocated");
        assert!(matches!(i.into_inner(), Cow::Borrowed(_)));
    }
}

// RFC 3986 §5.4 (the examples of resolve.tsv): a reused buffer serves every resolution.
#[test]
fn resolve_into_a_reused_buffer_allocates_nothing_after_warm_up() {
    let rows = resolve_rows();
    let parsed: Vec<(Iri<&str>, IriRef<&str>, &str)> = rows
        .iter()
        .filter_map(|(b, r, want)| {
            Some((
                Iri::parse(b.as_str()).ok()?,
                IriRef::parse(r.as_str()).ok()?,
                want.as_str(),
            ))
        })
        .collect();
    assert!(parsed.len() > 40, "{} rows", parsed.len());
    let mut buf = String::new();
    // Warm-up: the buffer grows to the longest result.
    for (base, r, _) in &parsed {
        base.resolve_into(r, &mut buf);
    }
    let (n, ()) = allocations(|| {
        for _ in 0..3 {
            for (base, r, want) in &parsed {
                let out = base.resolve_into(r, &mut buf);
                assert!(out.as_str() == *want, "{} + {}", base, r);
            }
        }
    });
    assert_eq!(n, 0, "resolve_into allocated after warm-up");
}

// RFC 3986 §5.2.1, erratum 4789, §6.2.2.2 (the rows of resolve.tsv and resolve_options.tsv,
// under every preset and option): the option-aware path allocates nothing either.
#[test]
fn resolve_into_with_options_allocates_nothing_after_warm_up() {
    let mut rows = resolve_rows();
    rows.extend(
        common::table("resolve_options.tsv", 5..)
            .into_iter()
            .map(|r| {
                let mut f = r.fields.into_iter();
                let mut next = || f.next().unwrap();
                (next(), next(), next())
            }),
    );
    let parsed: Vec<(Iri<&str>, IriRef<&str>)> = rows
        .iter()
        .filter_map(|(b, r, _)| {
            Some((
                Iri::parse(b.as_str()).ok()?,
                IriRef::parse(r.as_str()).ok()?,
            ))
        })
        .collect();
    assert!(parsed.len() > 80, "{} rows", parsed.len());
    let all = [
        ResolveOptions::strict(),
        ResolveOptions::rdf(),
        ResolveOptions::browser(),
        ResolveOptions::strict().base_normalize(true),
        ResolveOptions::strict().erratum_4789(true),
        ResolveOptions::strict().dot_encoded(true),
    ];
    let mut buf = String::new();
    // Warm-up: the buffer grows to the longest result; the results to compare with.
    let want: Vec<String> = all
        .iter()
        .flat_map(|&opts| parsed.iter().map(move |(b, r)| (opts, b, r)))
        .map(|(opts, base, r)| {
            base.resolve_into_with(r, opts, &mut buf);
            base.resolve_with(r, opts).into_inner()
        })
        .collect();
    let (n, ()) = allocations(|| {
        let mut want = want.iter();
        for opts in all {
            for (base, r) in &parsed {
                let out = base.resolve_into_with(r, opts, &mut buf);
                assert!(Some(&out.as_str()) == want.next().map(String::as_str).as_ref());
            }
        }
    });
    assert_eq!(n, 0, "resolve_into_with allocated after warm-up");
}

// own: the same for to_uri_into, on ASCII and non-ASCII input alike.
#[test]
fn to_uri_into_a_reused_buffer_allocates_nothing_after_warm_up() {
    let mut inputs = ascii_inputs();
    inputs.extend(column("to_uri.tsv", 0));
    let parsed: Vec<IriRef<&str>> = inputs
        .iter()
        .filter_map(|s| IriRef::parse(s.as_str()).ok())
        .collect();
    let mut buf = String::new();
    for r in &parsed {
        r.to_uri_into(&mut buf);
    }
    let (n, ()) = allocations(|| {
        for r in &parsed {
            let out = r.to_uri_into(&mut buf);
            assert!(out.as_str().is_ascii());
        }
    });
    assert_eq!(n, 0, "to_uri_into allocated after warm-up");
}

// RFC 3987 §5.3.2: an IRI that is already in normal form comes back borrowed, unallocated.
#[test]
fn normalizing_a_normal_iri_allocates_nothing() {
    let n = Normalizer::syntax();
    for s in [
        "http://example.org/a/b?c=d#e",
        "example://a/b/c/%7Bfoo%7D/ros\u{E9}",
        "http://例え.テスト/パス?q=%2F#f",
        "urn:isbn:0451450523",
        "a/../b",
        "//h/p",
    ] {
        let r = IriRef::parse(s).unwrap();
        let (count, out) = allocations(|| n.normalize(&r));
        assert_eq!(out.as_str(), s);
        assert!(matches!(out.into_inner(), Cow::Borrowed(_)), "{s}");
        assert_eq!(count, 0, "normalize({s}) allocated");
    }
}
