//! Tests of dot-segment removal and resolution's copy-and-fix path against RFC 3986 §5.2.4
//! applied word for word.

use super::*;
use crate::parser::fast_path_tests::strings_over;

// The literal transcription of RFC 3986 §5.2 shared with the integration tests; only its
// §5.2.4 is used here.
use crate::scan::{first_dot_segment_in, rfind_byte_in};
// The literal transcription of RFC 3986 §5.2 shared with the integration tests; only its
// §5.2.4 is used here.
#[allow(dead_code)]
#[path = "../../tests/reference/rfc3986_5_2.rs"]
mod rfc;

#[test]
fn dot_segments_rfc_examples() {
    // RFC 3986 §5.2.4, both worked examples, plus the rules one by one.
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    assert_eq!(remove_dot_segments("../a"), "a");
    assert_eq!(remove_dot_segments("./a"), "a");
    assert_eq!(remove_dot_segments("/."), "/");
    assert_eq!(remove_dot_segments("/.."), "/");
    assert_eq!(remove_dot_segments("."), "");
    assert_eq!(remove_dot_segments(".."), "");
    assert_eq!(remove_dot_segments("a/.."), "/");
    assert_eq!(remove_dot_segments("a/../../b"), "/b");
    assert_eq!(remove_dot_segments("/a//../b"), "/a/b");
    assert_eq!(remove_dot_segments("/a/.../b"), "/a/.../b");
    assert_eq!(remove_dot_segments("/a/..b/.c"), "/a/..b/.c");
}

#[test]
fn dot_segment_detection() {
    for s in [
        ".", "..", "./a", "../a", "a/.", "a/..", "/./", "/a/../b", "a/./b",
    ] {
        assert!(has_dot_segment(s), "{s}");
    }
    for s in [
        "",
        "a.b",
        ".a",
        "..a",
        "a.",
        "/a./b",
        "/.../",
        "/a/.b/c..",
        "é.é",
    ] {
        assert!(!has_dot_segment(s), "{s}");
    }
}

/// Appends `remove_dot_segments(dir + path)` (`dir` empty or ending with `/`) by the walk.
fn merged_into(out: &mut String, dir: &str, path: &str) {
    remove_dot_segments_into::<false>(out, dir.strip_suffix('/'), path);
}

/// Appends `remove_dot_segments(dir + path)` as resolution does: copy, then fix in place.
fn push_path(out: &mut String, dir: &str, path: &str) {
    // The directory as the end of `head`, as for a relative reference.
    let head = alloc::format!("x{dir}");
    let dir = Dir::InBase(dir.len());
    let start = out.len();
    Target::new(&head, dir, path, 0..path.len()).write(out);
    out.replace_range(start..start + 1, "");
}

/// RFC 3986 §5.2.4 word for word, on a character buffer: the reference for the tests below,
/// the same transcription the integration test `reference_resolve` checks against.
fn literal_rfc(input: &str) -> String {
    rfc::remove_dot_segments(input)
}

/// Every path of up to 8 characters from `a`, `.`, `/`, and every split of it into a
/// directory ending with `/` and the rest, against the literal algorithm (own).
#[test]
fn segment_walk_equals_the_literal_algorithm() {
    let mut n = 0;
    for len in 0..=8u32 {
        for path in strings_over("a./", len) {
            let want = literal_rfc(&path);
            assert_eq!(remove_dot_segments(&path), want, "{path}");
            // Resolution's entry point without a directory (absolute paths, references
            // with a scheme or an authority).
            let mut out = String::from("x");
            push_path(&mut out, "", &path);
            assert_eq!(out[1..], want, "push_path: {path}");
            for (k, _) in path.match_indices('/') {
                let mut out = String::from("x");
                merged_into(&mut out, &path[..=k], &path[k + 1..]);
                assert_eq!(out[1..], want, "{path} split after {k}");
                // And through resolution's entry point, which copies a clean directory.
                let mut out = String::from("x");
                push_path(&mut out, &path[..=k], &path[k + 1..]);
                assert_eq!(out[1..], want, "push_path: {path} split after {k}");
            }
            n += 1;
        }
    }
    assert_eq!(n, (0..=8).map(|l| 3usize.pow(l)).sum::<usize>());
}

/// The same with a first segment of 0 to 11 `b`s in front, so that the dot segments fall
/// at every place of the eight-byte words the search reads, and resolution's entry point
/// at every split into a directory and the rest (own).
#[test]
fn push_path_equals_the_literal_algorithm_at_every_offset() {
    for pad in 0..12 {
        for len in 0..=7u32 {
            for tail in strings_over("a./", len) {
                let path = alloc::format!("{}/{tail}", "b".repeat(pad));
                let want = literal_rfc(&path);
                let mut out = String::from("x");
                push_path(&mut out, "", &path);
                assert_eq!(out[1..], want, "{path}");
                for (k, _) in path.match_indices('/') {
                    let mut out = String::from("x");
                    push_path(&mut out, &path[..=k], &path[k + 1..]);
                    assert_eq!(out[1..], want, "{path} split after {k}");
                }
            }
        }
    }
}

/// Every path of up to 11 characters from `a`, `.`, `/` (so that words of eight bytes
/// and their seams are covered): the first dot segment against splitting at `/` (own).
#[test]
fn dot_segment_detection_is_exact() {
    for len in 0..=11u32 {
        for path in strings_over("a./", len) {
            let mut at = 0;
            let mut want = None;
            for seg in path.split('/') {
                if seg == "." || seg == ".." {
                    want = Some(at);
                    break;
                }
                at += seg.len() + 1;
            }
            assert_eq!(first_dot_segment(path.as_bytes()), want, "{path}");
            assert_eq!(has_dot_segment(&path), want.is_some(), "{path}");
        }
    }
}

#[test]
fn last_slash_of_every_length() {
    for len in 0..20 {
        for at in 0..=len {
            let mut s = vec![b'a'; len];
            if at < len {
                s[at] = b'/';
            }
            let want = s.iter().rposition(|&c| c == b'/');
            assert_eq!(last_slash(&s), want, "{len} {at}");
            if len > 2 {
                s[0] = b'/';
                s[1] = b'/';
                let want = s.iter().rposition(|&c| c == b'/');
                assert_eq!(last_slash(&s), want, "{len} {at}");
            }
        }
    }
}

/// `resolve` allocates its result once, at its exact size, when no dot segment is
/// removed (RFC 3986 §5.4.1 examples without dot segments, and own; results of at least
/// eight bytes, the smallest capacity `String` allocates).
#[test]
fn resolve_allocates_the_exact_size() {
    let base = crate::Iri::parse("http://a/b/c/d;p?q").unwrap();
    for r in [
        "g:hij/klm",
        "g",
        "g/",
        "/g",
        "//g",
        "?y",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "",
        "//a/b/c/ζ?η#θ",
    ] {
        let t = base.resolve(&crate::IriRef::parse(r).unwrap()).into_inner();
        assert_eq!(t.capacity(), t.len(), "{r} -> {t}");
    }
}

#[test]
fn merge_across_the_seam() {
    let mut out = String::new();
    merged_into(&mut out, "/a/b/", "../g");
    assert_eq!(out, "/a/g");
    out.clear();
    merged_into(&mut out, "/a/", "..");
    assert_eq!(out, "/");
    out.clear();
    merged_into(&mut out, "/a/", "./");
    assert_eq!(out, "/a/");
    // The seam: a dot segment at the end of the directory, or made across it.
    for (dir, path, want) in [
        ("a/./", "g", "a/g"),
        ("a/../", "g", "/g"),
        ("./", "..", ""),
        ("../", "../g", "g"),
        ("/", "./", "/"),
        ("b/", "../g", "/g"),
        ("/a/b/", ".", "/a/b/"),
        ("/a/b/", "..", "/a/"),
        ("/a//", "../x", "/a/x"),
    ] {
        out.clear();
        merged_into(&mut out, dir, path);
        assert_eq!(out, want, "{dir} + {path}");
        let joined = format!("{dir}{path}");
        assert_eq!(remove_dot_segments(&joined), want, "{joined}");
    }
}

/// Resolution of every path reference of up to 5 characters from `a`, `.`, `/` (relative,
/// with its leading `.` and `..` segments taken against the base's directory, and absolute)
/// against bases with and without an authority whose paths are every string of up to 6 such
/// characters, against RFC 3986 §5.2.2 with §5.2.3 `merge` and §5.2.4 applied word for word
/// (plus the `/.` prefix of a path that would start with `//` without an authority).
#[test]
fn path_references_resolve_as_the_literal_algorithm() {
    let mut n = 0;
    for b_len in 0..=6u32 {
        for b_path in strings_over("a./", b_len) {
            for with_auth in [true, false] {
                if with_auth && !(b_path.is_empty() || b_path.starts_with('/')) {
                    continue;
                }
                if !with_auth && b_path.starts_with("//") {
                    continue;
                }
                let prefix = if with_auth { "s://h" } else { "s:" };
                let base = crate::Iri::parse(format!("{prefix}{b_path}?b#c")).unwrap();
                for r_len in 1..=5u32 {
                    for r_path in strings_over("a./", r_len) {
                        if r_path.starts_with("//") {
                            continue;
                        }
                        let merged = if r_path.starts_with('/') {
                            r_path.clone()
                        } else if with_auth && b_path.is_empty() {
                            format!("/{r_path}")
                        } else {
                            let dir = b_path.rfind('/').map_or("", |p| &b_path[..=p]);
                            format!("{dir}{r_path}")
                        };
                        let mut t_path = literal_rfc(&merged);
                        if !with_auth && t_path.starts_with("//") {
                            t_path.insert_str(0, "/.");
                        }
                        for tail in ["", "?q#f"] {
                            let r = crate::IriRef::parse(format!("{r_path}{tail}")).unwrap();
                            let want = format!("{prefix}{t_path}{tail}");
                            assert_eq!(base.resolve(&r), want.as_str(), "{base} {r}");
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(n > 500_000, "{n}");
}

/// The windowed searches read bytes around the range they search: every path of up to 7
/// characters from `a`, `.`, `/`, after a first segment of 0 to 40 `b`s (so that it falls
/// at every place of the windows and crosses their ends), with `/` and `.` around it that
/// must not be found, against splitting at `/` and a plain backward search (own).
#[test]
fn windowed_searches_ignore_the_bytes_around_the_range() {
    let first_dot = |path: &str| {
        let mut at = 0;
        for seg in path.split('/') {
            if seg == "." || seg == ".." {
                return Some(at);
            }
            at += seg.len() + 1;
        }
        None
    };
    for len in 0..=7u32 {
        for path in strings_over("a./", len) {
            for pad in 0..=40 {
                let run = if pad == 0 {
                    path.clone()
                } else {
                    format!("{}/{path}", "b".repeat(pad))
                };
                let (want_dot, want_slash) = (first_dot(&run), run.rfind('/'));
                assert_eq!(first_dot_segment(run.as_bytes()), want_dot, "{run}");
                for (before, after) in [("", ""), ("/./", "/../."), ("x/.", "/./x/."), ("", "/.")] {
                    let h = format!("{before}{run}{after}");
                    let (from, to) = (before.len(), before.len() + run.len());
                    assert_eq!(
                        first_dot_segment_in(h.as_bytes(), from, to),
                        want_dot,
                        "{h} {from}..{to}"
                    );
                    let want = want_slash.map(|p| p + from);
                    assert_eq!(
                        rfind_byte_in(h.as_bytes(), from, to, b'/'),
                        want,
                        "{h} {from}..{to}"
                    );
                }
            }
        }
    }
}

/// The index of the last `/` of `s`.
fn last_slash(s: &[u8]) -> Option<usize> {
    rfind_byte_in(s, 0, s.len(), b'/')
}

/// Every combination of the resolution options.
fn all_options() -> impl Iterator<Item = ResolveOptions> {
    (0..16u8).map(|k| {
        ResolveOptions::strict()
            .base_normalize(k & 1 != 0)
            .erratum_4789(k & 2 != 0)
            .dot_encoded(k & 4 != 0)
            .copied_path_normalize(k & 8 != 0)
    })
}

/// The option-aware walk with no option on gives what the strict code gives, for every
/// path reference of up to 4 characters from `a`, `.`, `/` against every base path of up
/// to 5 (own): it is RFC 3986 §5.2.2 as written, the same as the tuned code.
#[test]
fn options_walk_without_options_is_the_strict_code() {
    let mut n = 0;
    let mut buf = String::new();
    for b_len in 0..=5u32 {
        for b_path in strings_over("a./", b_len) {
            for prefix in ["s://h", "s:"] {
                let Ok(base) = crate::Iri::parse(format!("{prefix}{b_path}?b#c")) else {
                    continue;
                };
                for r_len in 0..=4u32 {
                    for r_path in strings_over("a./", r_len) {
                        for tail in ["", "?q", "#f"] {
                            let Ok(r) = crate::IriRef::parse(format!("{r_path}{tail}")) else {
                                continue;
                            };
                            buf.clear();
                            let pos = super::options::resolve_options_walk(
                                base.as_str(),
                                base.positions(),
                                r.as_str(),
                                r.positions(),
                                ResolveOptions::strict(),
                                &mut buf,
                            );
                            let want = base.resolve(&r);
                            assert_eq!(buf, want.as_str(), "{base} {r}");
                            let got = crate::Iri::from_parts(buf.as_str(), pos);
                            assert_eq!(got.path(), want.path(), "{base} {r}");
                            assert_eq!(got.query(), want.query(), "{base} {r}");
                            assert_eq!(got.fragment(), want.fragment(), "{base} {r}");
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(n > 100_000, "{n}");
}

/// Each combination of options against a model written from the RFC's words: base paths
/// of up to 4 and reference paths of up to 3 characters from `a`, `.`, `E` and `/`, where
/// `E` stands for `%2E`. The model: RFC 3986 §5.2.4 word for word (on the text with `%2E`
/// decoded when encoded dots are on, §6.2.2.2), applied first to the base path under base
/// normalization (§5.2.1); `merge` (§5.2.3) keeps the whole base path as the directory
/// under erratum 4789 when its last segment is a dot segment. With encoded dots the result
/// is compared once decoded (a segment that is not a dot segment keeps its `%2E`). Every
/// result is a valid IRI (own).
#[test]
fn options_follow_the_rfc_model() {
    let mut n = 0;
    let mut buf = String::new();
    for b_len in 0..=4u32 {
        for b_path in strings_over("a.E/", b_len) {
            let b_path = b_path.replace('E', "%2E");
            for with_auth in [true, false] {
                // A path after an authority is empty or starts with '/'; without one it
                // does not start with "//".
                let rooted = b_path.is_empty() || b_path.starts_with('/');
                if (with_auth && !rooted) || (!with_auth && b_path.starts_with("//")) {
                    continue;
                }
                let prefix = if with_auth { "s://h" } else { "s:" };
                let Ok(base) = crate::Iri::parse(format!("{prefix}{b_path}?b#c")) else {
                    continue;
                };
                for r_len in 1..=3u32 {
                    for r_path in strings_over("a.E/", r_len) {
                        let r_path = r_path.replace('E', "%2E");
                        if r_path.starts_with("//") {
                            continue;
                        }
                        for opts in all_options() {
                            let dec = |s: &str| {
                                if opts.is_dot_encoded() {
                                    s.replace("%2E", ".")
                                } else {
                                    s.to_owned()
                                }
                            };
                            let mut bp = dec(&b_path);
                            if opts.is_base_normalize() {
                                bp = literal_rfc(&bp);
                            }
                            let rp = dec(&r_path);
                            let last = bp.rsplit('/').next().unwrap_or("");
                            let merged = if rp.starts_with('/') {
                                rp.clone()
                            } else if with_auth && bp.is_empty() {
                                format!("/{rp}")
                            } else if opts.is_erratum_4789() && (last == "." || last == "..") {
                                format!("{bp}/{rp}")
                            } else {
                                let dir = bp.rfind('/').map_or("", |p| &bp[..=p]);
                                format!("{dir}{rp}")
                            };
                            let mut t_path = literal_rfc(&merged);
                            if !with_auth && t_path.starts_with("//") {
                                t_path.insert_str(0, "/.");
                            }
                            let r = crate::IriRef::parse(format!("{r_path}?q")).unwrap();
                            let got = base.resolve_with(&r, opts);
                            let into = base.resolve_into_with(&r, opts, &mut buf);
                            assert_eq!(got.as_str(), into.as_str());
                            assert_eq!(
                                dec(got.as_str()),
                                format!("{prefix}{t_path}?q"),
                                "{base} {r} {opts:?}"
                            );
                            let again = crate::Iri::parse(got.as_str()).expect("valid");
                            assert_eq!(again.path(), got.path(), "{base} {r} {opts:?}");
                            assert_eq!(again.query(), got.query());
                            // A reference without path keeps the (normalized) base path.
                            let e = crate::IriRef::parse("#s").unwrap();
                            let mut want_e = dec(&b_path);
                            if opts.is_base_normalize() || opts.is_copied_path_normalize() {
                                want_e = literal_rfc(&want_e);
                                if !with_auth && want_e.starts_with("//") {
                                    want_e.insert_str(0, "/.");
                                }
                            }
                            let got_e = base.resolve_with(&e, opts);
                            assert_eq!(
                                dec(got_e.as_str()),
                                format!("{prefix}{want_e}?b#s"),
                                "{base} #s {opts:?}"
                            );
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(n > 100_000, "{n}");
}

/// The search for `%2E` against a plain search, with the triplet at every place of strings
/// up to 40 bytes long (across the eight-byte steps of the search), and near misses (own).
#[test]
fn pct_2e_search_at_every_offset() {
    for len in 0..40 {
        for at in 0..=len {
            for (piece, want) in [
                ("%2E", true),
                ("%2e", true),
                ("%2F", false),
                ("%3E", false),
                ("%2", false),
            ] {
                let mut s = "a".repeat(at);
                s.push_str(piece);
                s.push_str(&"b".repeat(len - at));
                assert_eq!(super::options::has_pct_2e_for_tests(&s), want, "{s}");
                assert_eq!(s.contains("%2E") || s.contains("%2e"), want);
            }
        }
    }
}

/// Resolution against a relative base (`IriRef::resolve_relative_with`) keeps the law of its
/// module: for each absolute base B, B + (base + r) = (B + base) + r, over every relative base
/// and reference of up to 4 characters from `a`, `.`, `/` whose base path does not end in a
/// dot segment (own; RFC 3986 §5.2.2 to §5.2.4 on both sides).
#[test]
fn relative_base_resolution_is_associative() {
    let abs = ["http://h/p/q/r", "http://h", "x:/a/b", "x:a/b/c"];
    let mut n = 0;
    for b_len in 0..=4u32 {
        for b in strings_over("a./", b_len) {
            let Ok(base) = crate::IriRef::parse(b.as_str()) else {
                continue;
            };
            let last = base.path().rsplit('/').next().unwrap_or("");
            if last == "." || last == ".." || base.has_authority() {
                continue;
            }
            for r_len in 0..=4u32 {
                for r in strings_over("a./", r_len) {
                    let Ok(reference) = crate::IriRef::parse(format!("{r}?q")) else {
                        continue;
                    };
                    let t = base.resolve_relative_with(&reference, ResolveOptions::strict());
                    for a in abs {
                        let a = crate::Iri::parse(a).unwrap();
                        let left = a.resolve(&t);
                        let right = a.resolve(&base).resolve(&reference);
                        assert_eq!(left, right, "{a} + ({base} + {reference} = {t})");
                        n += 1;
                    }
                }
            }
        }
    }
    assert!(n > 10_000, "{n}");
}
