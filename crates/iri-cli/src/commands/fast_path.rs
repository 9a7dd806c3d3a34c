//! The outputs of `to-uri`, `normalize` and `resolve` that are their input, told without
//! building them, so that the driver writes the input's own bytes ([`Made::Input`]):
//!
//! - `to-uri`: RFC 3987 §3.1 step 2 changes only the non-ASCII characters (`ucschar` and
//!   `iprivate`), so an ASCII IRI reference maps to itself;
//! - `normalize`: the library's check that a reference is in normal form already
//!   ([`Normalizer::normalize`] answers borrowed, RFC 3987 §5.3.2);
//! - `resolve`: a reference with a scheme resolves to itself with its path through
//!   `remove_dot_segments` (RFC 3986 §5.2.2), which is the identity on a path without `.` or
//!   `..` segments (§5.2.4); with encoded dots (`%2E`, RFC 3986 §6.2.2.2 as an option), a path
//!   with a `%` takes the full algorithm.
//!
//! Every other input takes the library's full operation, written into the buffer.

use std::borrow::Cow;

use iri::{Iri, IriRef, Normalizer, ParseError as IriError, ResolveOptions};

use super::transform::Made;

/// `to-uri` of a parsed reference (RFC 3987 §3.1 step 2): the input itself when it is ASCII,
/// else its mapping in `buf`.
#[inline]
pub(super) fn to_uri(r: &IriRef<&str>, buf: &mut String) -> Made {
    // A parsed reference knows whether it is ASCII: the answer costs nothing.
    if r.is_ascii() {
        return Made::AsciiInput;
    }
    r.to_uri_into(buf);
    Made::Buf
}

/// `normalize` of the text `s`, parsed as an IRI reference: the input itself when it is in
/// normal form already, else its normal form in `buf`. One call of the library parses and
/// checks ([`Normalizer::normalize_str`]), its parse's pass serving the check.
#[inline]
pub(super) fn normalize(n: &Normalizer<'_>, s: &str, buf: &mut String) -> Result<Made, IriError> {
    let r = n.normalize_str(s)?;
    // A borrowed answer is the input, with the input's positions (normalization borrows only
    // its input's text); an owned one becomes the buffer, moved rather than copied.
    let ascii = r.is_ascii();
    Ok(match r.into_inner() {
        Cow::Borrowed(_) if ascii => Made::AsciiInput,
        Cow::Borrowed(_) => Made::Input,
        Cow::Owned(s) => {
            *buf = s;
            Made::Buf
        }
    })
}

/// The output that is the input `r`: known to be printable when it is ASCII.
#[inline]
fn input(r: &IriRef<&str>) -> Made {
    if r.is_ascii() {
        Made::AsciiInput
    } else {
        Made::Input
    }
}

/// `resolve` of a parsed reference against `base` with `opts`: the input itself when it
/// resolves to itself ([`resolves_to_itself`]), else the result in `buf`.
#[inline]
pub(super) fn resolve<T: AsRef<str>>(
    base: &Iri<T>,
    r: &IriRef<&str>,
    opts: ResolveOptions,
    buf: &mut String,
) -> Made {
    if resolves_to_itself(r, opts) {
        return input(r);
    }
    base.resolve_into_with(r, opts, buf);
    Made::Buf
}

/// Whether `r` resolves to itself against any base: it has a scheme, so that T is R but for
/// T.path = remove_dot_segments(R.path) (RFC 3986 §5.2.2), and its path has no dot segment
/// (nor, with [`ResolveOptions::is_dot_encoded`], any `%`), so that remove_dot_segments
/// leaves it as it is (§5.2.4). No option changes a reference with a scheme otherwise: they
/// act on the base's path and on merging.
#[inline]
pub(super) fn resolves_to_itself(r: &IriRef<&str>, opts: ResolveOptions) -> bool {
    if !r.is_absolute() {
        return false;
    }
    let encoded_dots_may_count = opts.is_dot_encoded() && r.path().contains('%');
    !encoded_dots_may_count && !r.has_dot_segment()
}

#[cfg(test)]
mod tests {
    use super::*;
    use iri::{Form, Level};

    /// Dot segments by their definition: a segment of the path split at `/` that is `.` or
    /// `..`.
    fn has_dot_segment_by_split(path: &str) -> bool {
        path.split('/').any(|s| s == "." || s == "..")
    }

    /// References at the edges of each fast path: case in scheme and host, percent-encodings
    /// in lower case and of unreserved characters, dot segments (whole, in names, encoded),
    /// empty paths with and without authority, IPv6 and IPvFuture hosts, ports (default,
    /// empty, with zeros), non-ASCII in every component, relative references.
    const EDGES: &[&str] = &[
        "http://example.com",
        "http://example.com/",
        "HTTP://Example.COM/A/B",
        "http://example.com:80/",
        "http://example.com:/",
        "http://example.com:0080/x",
        "https://example.com:443",
        "http://[2001:DB8::1]/",
        "http://[2001:db8::1]:8080/a",
        "http://[v7.ABC]/",
        "http://a/%7euser/%7Euser/%41%42/%2f/%2F",
        "http://a/%e2%82%ac/%E2%82%AC",
        "http://a/b/./c",
        "http://a/b/../c",
        "http://a/./",
        "http://a/..",
        "http://a/.",
        "http://a/b/.c/..d/.../c.",
        "http://a/b/%2E/c",
        "http://a/b/%2e%2E/c",
        "http://a/b/.%2e/c",
        "s:.",
        "s:..",
        "s:./a",
        "s:../a",
        "s:a/./b",
        "s:/.//a",
        "s:/..//a",
        "s:",
        "s://",
        "s:///",
        "s:?q#f",
        "mailto:User@Example.COM",
        "urn:ISBN:0-395-36341-1",
        "http://user:pass@host:1/p?q=1#f",
        "http://r\u{E9}sum\u{E9}.example.org/\u{10300}?\u{E000}#\u{1F600}",
        "http://xn--rsum-bpad.example.org/",
        "HTTP://ÉXAMPLE.org/Ä/%c3%a4",
        "http://a/\u{200B}/\u{202E}",
        "/a/b/../c",
        "a/./b",
        "../g",
        "./",
        ".",
        "..",
        "",
        "?q",
        "#f",
        "//host/p",
        "//HOST/./p",
        "g;x=1/../y",
        "file:///C:/Windows/../x",
        "file:/etc/./passwd",
        "http://a/b/c/g;x?y#s",
        // Where the parse's marks tell the normalization check (up to 128 bytes, neither `%`
        // nor `@`): upper case and `/.` on both sides of the blocks of 16, 32 and 64 bytes,
        // and past 128 bytes, where the check looks for itself.
        "http://www.example.org.example.org.EXAMPLE/a",
        "http://www.example.org.example.org.example.org.example.org.example.orG/a",
        "http://www.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/./t/u/v/w/x/y/z",
        "http://www.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/./4",
        "http://www.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7/8/9/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/./",
        "Http://www.example.org/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7/8/9/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z",
        "http://www.example.org/UPPER/PATH/Is/Kept/./x?Q=A#/./F",
        "http://h/\u{3042}\u{3044}/./\u{3046}",
        "s:/.",
        "s:/a/.",
    ];

    /// The corpus lines a unit test can reach without the repository (the corpus tests of the
    /// command's end-to-end suite walk the whole file): the edges, and each with a path
    /// after it.
    fn inputs() -> Vec<String> {
        let mut all: Vec<String> = EDGES.iter().map(|s| s.to_string()).collect();
        for s in EDGES {
            for tail in ["/x/./y", "/..", "/%2E%2e/z", "/a.b/"] {
                all.push(format!("{s}{tail}"));
            }
        }
        all
    }

    #[test]
    fn dot_segments_are_found_as_the_split_finds_them() {
        let mut paths: Vec<String> = inputs();
        // Every path of up to five bytes over `.`, `/`, `a`.
        let mut level = vec![String::new()];
        for _ in 0..5 {
            let next: Vec<String> = level
                .iter()
                .flat_map(|p| ['.', '/', 'a'].map(|c| format!("{p}{c}")))
                .collect();
            paths.extend(next.iter().cloned());
            level = next;
        }
        // Each path in references whose text around it is short (under 17 bytes), medium
        // and long (over 33), with `/.` and `/..` after it that are not in the path.
        let mut checked = 0;
        // (A path ends at `?` or `#`: the references cut there serve as paths.)
        for p in paths
            .iter()
            .map(|p| p.split(['?', '#']).next().unwrap_or(""))
        {
            let want = has_dot_segment_by_split(p);
            let mut texts = Vec::new();
            if !p.starts_with("//") {
                texts.push(format!("s:{p}"));
            }
            if p.is_empty() || p.starts_with('/') {
                texts.push(format!("s://h{p}"));
                texts.push(format!("s://www.example.org{p}?/.#/.."));
                texts.push(format!("s://www.example.org.example.org.example{p}#/../."));
            }
            for t in texts {
                let Ok(r) = IriRef::parse(t.as_str()) else {
                    continue;
                };
                assert_eq!(r.path(), p, "{t:?}");
                assert_eq!(r.has_dot_segment(), want, "{t:?}");
                checked += 1;
            }
        }
        assert!(checked > paths.len(), "{checked}");
    }

    #[test]
    fn a_parsed_ascii_reference_is_printable() {
        // Every ASCII byte in every component: what parses has no control and no space, so
        // that the escape leaves it (and to-uri's output) as it is.
        let mut parsed = 0;
        for b in 0u8..=127 {
            let c = char::from(b).to_string();
            for template in [
                "C",
                "s:C",
                "http://hC/p",
                "http://h/pC?qC#fC",
                "//[::1C]/",
                "s://uC@h:1C/",
                "s:/%4C",
                "%C",
            ] {
                let s = template.replace('C', &c);
                if let Ok(r) = IriRef::parse(s.as_str()) {
                    parsed += 1;
                    assert!(r.is_ascii(), "{s:?}");
                    assert!(s.bytes().all(|b| matches!(b, b'!'..=b'~')), "{s:?}");
                    assert!(matches!(crate::output::escaped(&s), Cow::Borrowed(_)));
                    let mut buf = String::new();
                    assert_eq!(to_uri(&r, &mut buf), Made::AsciiInput, "{s:?}");
                }
            }
        }
        assert!(parsed > 300, "{parsed} references parsed");
    }

    #[test]
    fn to_uri_output_is_printable_ascii() {
        for s in inputs() {
            let Ok(r) = IriRef::parse(s.as_str()) else {
                continue;
            };
            let mut buf = String::new();
            if to_uri(&r, &mut buf) == Made::Buf {
                assert!(buf.bytes().all(|b| matches!(b, b'!'..=b'~')), "{buf:?}");
            }
        }
    }

    #[test]
    fn to_uri_fast_path_is_the_mapping() {
        for s in inputs() {
            let Ok(r) = IriRef::parse(s.as_str()) else {
                continue;
            };
            let mut slow = String::new();
            r.to_uri_into(&mut slow);
            let mut buf = String::new();
            let fast = match to_uri(&r, &mut buf) {
                Made::AsciiInput => s.as_str(),
                Made::Input => panic!("{s:?}: to-uri's own output is ASCII"),
                Made::Buf => buf.as_str(),
            };
            assert_eq!(fast, slow, "{s:?}");
        }
    }

    #[test]
    fn normalize_fast_path_is_the_normal_form() {
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            let plain = Normalizer::new(level);
            let all = [
                plain,
                plain.nfc(),
                plain.nfkc(),
                plain.form(Form::Uri),
                plain.ignore_fragment(true),
            ];
            for n in all {
                for s in inputs() {
                    let Ok(r) = IriRef::parse(s.as_str()) else {
                        continue;
                    };
                    let slow = n.key(&r);
                    let mut buf = String::new();
                    let fast = match normalize(&n, &s, &mut buf).unwrap() {
                        Made::Input | Made::AsciiInput => s.as_str(),
                        Made::Buf => buf.as_str(),
                    };
                    assert_eq!(fast, slow.as_str(), "{s:?} at {level:?}");
                }
            }
        }
    }

    #[test]
    fn normalize_fails_as_the_parse() {
        let n = Normalizer::syntax();
        for s in [
            "http://a b",
            "%zz",
            "http://[::1",
            "a:b/c d",
            "http://h/\u{202E}",
            ":x",
        ] {
            let want = IriRef::parse(s).unwrap_err();
            let mut buf = String::new();
            assert_eq!(normalize(&n, s, &mut buf), Err(want), "{s:?}");
        }
    }

    #[test]
    fn resolve_fast_path_is_the_resolution() {
        let presets = [
            ResolveOptions::strict(),
            ResolveOptions::rdf(),
            ResolveOptions::browser(),
            ResolveOptions::strict().dot_encoded(true),
        ];
        let mut echoed = 0;
        for base in ["http://example.com/a/b?q", "s:/x/./y/..", "HTTP://H/%2E/"] {
            let base = Iri::parse(base).unwrap();
            for opts in presets {
                for s in inputs() {
                    let Ok(r) = IriRef::parse(s.as_str()) else {
                        continue;
                    };
                    let mut slow = String::new();
                    base.resolve_into_with(&r, opts, &mut slow);
                    let mut buf = String::new();
                    let fast = match resolve(&base, &r, opts, &mut buf) {
                        Made::Input | Made::AsciiInput => {
                            echoed += 1;
                            s.as_str()
                        }
                        Made::Buf => buf.as_str(),
                    };
                    assert_eq!(fast, slow, "{s:?} against {base} with {opts:?}");
                }
            }
        }
        assert!(echoed > 100, "the fast path was taken {echoed} times");
    }
}
