//! Linear work and bounded memory on adversarial input: every operation that takes untrusted
//! text is run at two sizes, n and 10·n, with a counting allocator, and must stay within
//! c·n bytes at its peak and allocate a number of times that grows at most linearly (here:
//! at most 10× + a small constant from n to 10·n). Counts, not clocks: the numbers are the
//! same on every machine and every run.
//!
//! The inputs: 100k `../` segments through resolution (RFC 3986 §5.2.4), 1 MB of
//! percent-encodings through to_iri, normalization and to_uri (RFC 3987 §3.1, §3.2, §5.3.2),
//! a 10 MB single line through parsing and the linter, 1M path segments, input that looks
//! deeply nested (`[[[…`, `%%%…`, `::::…`), and long runs of combining marks for NFC.
//!
//! Time is not measured; a quadratic algorithm on these sizes would take minutes rather than
//! milliseconds and so shows as a test that does not finish. Recursion: none in the library
//! depends on its input (see docs/fuzzing.md, "Recursion audit").

use std::cell::Cell;

use iri::{remove_dot_segments, Iri, IriRef, Kind, Normalizer, UriRef};

use iri_testkit::counting::{Counting, ALLOCS, LIVE, PEAK};

#[global_allocator]
static COUNTING: Counting = Counting;

/// `IRI_ADVERSARIAL_SCALE` (default 1) multiplies the sizes of the linter's inputs, whose
/// per-character Unicode work is slow without optimization (some 6 µs a byte in the test
/// profile): with 50 the linter gets the same 1 MB and 10 MB lines as the parser (run it
/// with `--release`; docs/fuzzing.md).
fn lint_scale() -> usize {
    std::env::var("IRI_ADVERSARIAL_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// What one call cost: the peak of bytes live above what was live before, and allocations.
#[derive(Debug, Clone, Copy)]
struct Cost {
    peak: usize,
    allocs: usize,
}

/// Runs `f` on `input` and counts (the input itself is built before counting starts).
fn cost<R>(input: &str, f: impl Fn(&str) -> R) -> Cost {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    ALLOCS.with(|a| a.set(0));
    let r = f(input);
    let peak = PEAK.with(Cell::get) - base;
    let allocs = ALLOCS.with(Cell::get);
    drop(r);
    Cost {
        peak: peak.max(0) as usize,
        allocs,
    }
}

/// Checks `f` on `make(n)` and `make(10·n)`: the peak stays within `bytes_per_byte` × input
/// length (+ 4 KiB), and allocations grow at most 10× + 64 from the small to the large input.
fn linear<R>(
    what: &str,
    n: usize,
    bytes_per_byte: usize,
    make: impl Fn(usize) -> String,
    f: impl Fn(&str) -> R,
) {
    let small = make(n);
    let large = make(10 * n);
    // The times are shown with --nocapture, not checked.
    let t = std::time::Instant::now();
    let cs = cost(&small, &f);
    let ts = t.elapsed();
    let cl = cost(&large, &f);
    let tl = t.elapsed() - ts;
    eprintln!(
        "{what}: n = {}: {cs:?} in {ts:.2?}; 10·n: {cl:?} in {tl:.2?}",
        small.len()
    );
    for (input, c) in [(&small, cs), (&large, cl)] {
        assert!(
            c.peak <= bytes_per_byte * input.len() + 4096,
            "{what}: peak {} bytes for {} bytes of input (limit {}×)",
            c.peak,
            input.len(),
            bytes_per_byte
        );
    }
    assert!(
        cl.allocs <= 10 * cs.allocs + 64,
        "{what}: {} allocations at n = {}, {} at 10·n: more than linear",
        cs.allocs,
        small.len(),
        cl.allocs
    );
}

#[test]
fn counting_allocator_counts() {
    let c = cost("abc", |s| s.repeat(1000));
    assert!(c.peak >= 3000 && c.allocs >= 1, "{c:?}");
    let c = cost("abc", |s| s.len());
    assert_eq!((c.peak, c.allocs), (0, 0));
}

#[test]
fn dot_segments_100k() {
    let dots = |n: usize| "../".repeat(n) + "g";
    // The reference alone, then against a base with as many segments.
    linear("resolve ../…", 10_000, 4, dots, |r| {
        let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
        let t = base.resolve(&IriRef::parse(r).unwrap());
        assert_eq!(t, "http://a/g");
        t
    });
    linear(
        "resolve deep base",
        10_000,
        6,
        |n| format!("http://a{}\n{}", "/b".repeat(n), "../".repeat(n / 2) + "g"),
        |s| {
            let (b, r) = s.split_once('\n').unwrap();
            let t = Iri::parse(b).unwrap().resolve(&IriRef::parse(r).unwrap());
            assert!(t.path().ends_with("/g"));
            t
        },
    );
    linear(
        "remove_dot_segments",
        10_000,
        4,
        |n| "/a/..".repeat(n) + "/./b/.",
        |p| {
            let out = remove_dot_segments(p);
            assert_eq!(out, "/b/");
            out
        },
    );
}

#[test]
fn percent_encodings_1mb() {
    // 100 KB and 1 MB of encoded UTF-8, of encoded unreserved ASCII, and of octets that are
    // not UTF-8.
    for (name, unit) in [
        ("é", "%C3%A9"),
        ("A", "%41"),
        ("FF", "%FF"),
        ("mixed", "%e2%80%aeZ%2F%C3"),
    ] {
        let make = |n: usize| {
            format!(
                "http://a/{}?{}",
                unit.repeat(n / unit.len() / 2),
                unit.repeat(n / unit.len() / 2)
            )
        };
        linear(&format!("to_iri {name}"), 100_000, 4, make, |s| {
            let u = UriRef::parse(s).unwrap();
            let i = u.to_iri().into_owned();
            assert!(IriRef::parse(i.as_str()).is_ok());
            i
        });
        linear(&format!("normalize syntax {name}"), 100_000, 6, make, |s| {
            let r = IriRef::parse(s).unwrap();
            Normalizer::syntax().normalize(&r).into_owned()
        });
        linear(
            &format!("normalize uri form {name}"),
            100_000,
            8,
            make,
            |s| {
                let r = IriRef::parse(s).unwrap();
                Normalizer::scheme()
                    .form(iri::Form::Uri)
                    .normalize(&r)
                    .into_owned()
            },
        );
        linear(
            &format!("to_iri then to_uri {name}"),
            100_000,
            8,
            make,
            |s| {
                let i = UriRef::parse(s).unwrap().to_iri().into_owned();
                i.to_uri().into_owned()
            },
        );
    }
}

#[test]
fn single_line_10mb() {
    let make = |n: usize| format!("http://example.org/{}", "aé~%41".repeat(n / 7));
    linear("parse 10 MB", 1_000_000, 0, make, |s| {
        for kind in Kind::ALL {
            let _ = iri::validate(s, kind);
        }
        IriRef::parse(s).unwrap().path().len()
    });
    // An invalid byte at the very end: the whole line is read before the error.
    let bad = |n: usize| format!("http://example.org/{} ", "a".repeat(n));
    linear("parse 10 MB, error at the end", 1_000_000, 0, bad, |s| {
        let e = IriRef::parse(s).unwrap_err();
        assert_eq!(e.offset(), s.len() - 1);
    });
    linear("to_uri 10 MB", 1_000_000, 4, make, |s| {
        IriRef::parse(s).unwrap().to_uri().into_owned()
    });
}

/// The linter keeps per-character tables (bidi classes and levels, scripts) and reports each
/// finding, so it may hold some tens of bytes per input byte; still c·n.
#[cfg(feature = "unicode")]
const LINT_BYTES_PER_BYTE: usize = 48;

#[cfg(feature = "unicode")]
#[test]
fn lint_10mb() {
    // A long line with little to report, valid and invalid: 20 KB and 200 KB, or 1 MB and
    // 10 MB with IRI_ADVERSARIAL_SCALE=50.
    let n = 20_000 * lint_scale();
    let plain = |n: usize| {
        format!(
            "http://example.org/{}?{}",
            "abc/".repeat(n / 8),
            "é".repeat(n / 4)
        )
    };
    linear(
        "lint_str long line",
        n,
        LINT_BYTES_PER_BYTE,
        plain,
        iri::lint::lint_str,
    );
    let bad = |n: usize| format!("http://a/{} \u{202E}", "aé\u{5D0}".repeat(n / 6));
    linear(
        "lint_str long line invalid",
        n,
        LINT_BYTES_PER_BYTE,
        bad,
        iri::lint::lint_str,
    );
    // A line where nearly every byte is part of a finding: one diagnostic (some 100 bytes
    // with its message) for every 18 bytes of input, hence the larger factor.
    let dense = |n: usize| {
        format!(
            "http://user:pw@0x7f.1/{}",
            "a%C0%AF..%ED%A0%80".repeat(n / 18)
        )
    };
    linear(
        "lint_str dense findings",
        2_000 * lint_scale(),
        2 * LINT_BYTES_PER_BYTE,
        dense,
        |s| {
            let found = iri::lint::lint_str(s);
            assert!(found.len() > s.len() / 40, "{} findings", found.len());
            found
        },
    );
    // With a cap per code, the same line keeps at most 20 of each: the memory is that of the
    // per-character tables alone.
    let capped = iri::lint::Linter::default().max_per_code(20);
    linear(
        "lint_str dense findings, 20 per code",
        2_000 * lint_scale(),
        LINT_BYTES_PER_BYTE,
        dense,
        |s| {
            let report = capped.report_str(s);
            assert!(report.diagnostics.len() <= 20 * iri::lint::Code::ALL.len());
            assert!(report.omitted_total() > s.len() / 40);
            report
        },
    );
    // One path segment of many dot-separated pieces that each mix directions: each finding
    // names its piece and the segment, which is quoted in part, not whole (it was quadratic:
    // 10 MB of messages for a 20 KB line). Three findings of some 110 bytes for every 4 bytes
    // of input, hence the larger factor.
    let pieces = |n: usize| format!("x:/{}", "a\u{5D0}.".repeat(n / 4));
    linear(
        "lint_str mixed-direction pieces of one segment",
        2_000 * lint_scale(),
        8 * LINT_BYTES_PER_BYTE,
        pieces,
        |s| {
            let found = iri::lint::lint_str(s);
            assert!(found.iter().all(|d| d.message.len() < 400));
            found
        },
    );
}

#[test]
fn path_segments_1m() {
    let make = |n: usize| format!("http://a{}?q#f", "/s".repeat(n));
    linear("1M segments", 100_000, 6, make, |s| {
        let r = Iri::parse(s).unwrap();
        let segments = r.path_segments().count();
        let n = Normalizer::syntax().normalize_iri(&r).into_owned();
        let t = r.resolve(&IriRef::parse("x/./y/../z").unwrap());
        let back = r.relativize(&t).unwrap();
        (segments, n, back)
    });
}

#[test]
fn nested_looking_input() {
    for unit in [
        "[", "]", "[v1.", "%", "%%41", ":", "::", "@", "?", "#", "//", "/.", "(", "\u{301}",
    ] {
        let make = |n: usize| {
            format!(
                "http://{}/{}",
                unit.repeat(n / unit.len() / 2),
                unit.repeat(n / unit.len() / 2)
            )
        };
        linear(&format!("parse {unit:?}…"), 100_000, 0, make, |s| {
            let a = IriRef::parse(s).is_ok();
            let b = IriRef::parse(&s[7..]).is_ok();
            (a, b)
        });
        #[cfg(feature = "unicode")]
        linear(
            &format!("lint {unit:?}…"),
            2_000 * lint_scale(),
            LINT_BYTES_PER_BYTE,
            make,
            iri::lint::lint_str,
        );
    }
}

#[cfg(feature = "unicode")]
#[test]
fn combining_marks_nfc() {
    // One base letter and a long run of marks of two combining classes (230 and 220), so that
    // canonical ordering has work to do.
    let make = |n: usize| format!("http://a/e{}", "\u{301}\u{316}".repeat(n / 4));
    // unicode-normalization holds each decomposed character with its combining class (8 bytes)
    // for every 2 bytes of input while it reorders marks.
    linear("nfc marks", 100_000, 16, make, |s| {
        let r = IriRef::parse(s).unwrap();
        Normalizer::syntax().nfc().normalize(&r).into_owned()
    });
    linear("nfkc marks", 100_000, 16, make, |s| {
        let r = IriRef::parse(s).unwrap();
        Normalizer::syntax().nfkc().normalize(&r).into_owned()
    });
    linear(
        "lint marks",
        2_000 * lint_scale(),
        LINT_BYTES_PER_BYTE,
        make,
        iri::lint::lint_str,
    );
}
