//! Relativization: the inverse of reference resolution (RFC 3986 §5.2). For a base and a
//! target it finds the shortest reference that resolves back to the target, each candidate
//! checked by resolving it; a target whose path holds dot segments that resolution would
//! remove has none.

use alloc::string::String;
use core::fmt;

use super::{has_dot_segment, remove_dot_segments};
use crate::iri::parts;
use crate::{Iri, IriRef};

/// Why [`Iri::relativize`] found no reference.
///
/// ```
/// use iri::Iri;
/// let base = Iri::parse("http://a/b").unwrap();
/// let err = base.relativize(&Iri::parse("http://a/./c").unwrap()).unwrap_err();
/// assert!(err.to_string().contains("dot segments"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelativizeError {
    target: String,
}

impl RelativizeError {
    /// The kind of this failure, a stable kebab-case name (`"unreachable"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// let base = iri::Iri::parse("http://a/x").unwrap();
    /// let target = iri::Iri::parse("http://a/b/../c").unwrap();
    /// assert_eq!(base.relativize(&target).unwrap_err().kind(), "unreachable");
    /// ```
    pub fn kind(&self) -> &'static str {
        "unreachable"
    }
}

impl fmt::Display for RelativizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no reference resolves to {}: its path holds dot segments ('.' or '..') that \
             resolution would remove, and it differs from the base's path (RFC 3986 §5.2.4)",
            self.target
        )
    }
}

impl core::error::Error for RelativizeError {}

pub(super) fn relativize(
    base: Iri<&str>,
    target: Iri<&str>,
) -> Result<IriRef<String>, RelativizeError> {
    let t = target.as_str();
    let tail_start = target.positions().path_end as usize; // "?query#fragment" of the target
    let t_tail = &t[tail_start..];
    let frag_tail = &t[target.positions().query_end() as usize..]; // "#fragment" or ""
                                                                   // Candidates in order of preference: among equally short ones, the first wins. Each is
                                                                   // built only when it can be shorter than the best so far, and checked at once, so that a
                                                                   // long target is held in one candidate and its check, not in every candidate at once.
    let mut best: Option<IriRef<String>> = None;
    let mut buf = String::new();
    let shorter = |best: &Option<IriRef<String>>, len: usize| {
        best.as_ref().is_none_or(|b| len < b.as_str().len())
    };
    let mut consider = |best: &mut Option<IriRef<String>>, c: String| {
        if !shorter(best, c.len()) {
            return;
        }
        let Ok(r) = IriRef::parse(c) else { return };
        let found = if t.len() < HEAD_CHECK_FROM {
            base.resolve_into(&r, &mut buf) == t
        } else {
            resolves_to(base, &r, t, &mut buf)
        };
        if found {
            *best = Some(r);
        }
    };

    if base.scheme() == target.scheme() {
        if base.authority() == target.authority() {
            let (bp, tp) = (base.path(), target.path());
            if bp == tp {
                if base.query() == target.query() {
                    consider(&mut best, String::from(frag_tail));
                } else if target.query().is_some() {
                    consider(&mut best, String::from(t_tail));
                }
            }
            let dir = base_directory(base);
            let normalized = remove_dot_segments(dir);
            for d in [dir, normalized.as_str()] {
                let mut c = relative_path(d, tp, t_tail.len());
                c.push_str(t_tail);
                consider(&mut best, c);
                if d == normalized {
                    break;
                }
            }
            let extra = if tp.starts_with("//") { 2 } else { 0 };
            if tp.starts_with('/') && shorter(&best, extra + tp.len() + t_tail.len()) {
                let mut c = String::new();
                if tp.starts_with("//") {
                    c.push_str("/.");
                }
                c.push_str(tp);
                c.push_str(t_tail);
                consider(&mut best, c);
            }
        }
        if let Some(a) = target.authority() {
            let len = 2 + a.len() + target.path().len() + t_tail.len();
            if shorter(&best, len) {
                let mut c = String::from("//");
                c.push_str(a);
                c.push_str(target.path());
                c.push_str(t_tail);
                consider(&mut best, c);
            }
        }
    }
    if shorter(&best, t.len()) {
        consider(&mut best, String::from(t));
    }
    best.ok_or_else(|| RelativizeError {
        target: String::from(t),
    })
}

/// The length of a target from which its candidates are checked by [`resolves_to`]; a
/// shorter one is resolved whole, which costs little memory and one parse less.
const HEAD_CHECK_FROM: usize = 4096;

/// Whether `r` resolves against `base` to `t`, resolving it into `buf`; or only a head of `r`
/// when the rest of `r` ends `t` too and resolution would copy it as it is, so that a long
/// target is checked without a second copy of it beside the candidate.
///
/// The head ends just after a `/` of the path, and the rest is the path's remainder, which
/// holds no `.` or `..` segment and does not start with `/`, then the query and fragment. Of
/// a path `X + S` where `X` ends with `/` and `S` is such a remainder, `remove_dot_segments`
/// (RFC 3986 §5.2.4) makes its output for `X`, then moves each segment of `S` to the output
/// as it is (rule E): `T = T' + S + query + fragment`, where `T'` is the resolution of the
/// head. Whether a `//` at the start of the path needs a `/.` (see `fix_double_slash`) is
/// decided by `T'` alone, since `S` does not start with `/`.
fn resolves_to(base: Iri<&str>, r: &IriRef<String>, t: &str, buf: &mut String) -> bool {
    let c = r.as_str();
    let pos = r.positions();
    let (path_start, path_end) = (pos.auth_end as usize, pos.path_end as usize);
    let same = c
        .bytes()
        .rev()
        .zip(t.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let b = c.as_bytes();
    let from = (c.len() - same).max(path_start + 1);
    let cut = (from..=path_end).find(|&k| b[k - 1] == b'/' && (k == path_end || b[k] != b'/'));
    if let Some(k) = cut.filter(|&k| !has_dot_segment(&c[k..path_end])) {
        // `c[k..]` ends `t`, and starts a character (after a `/`) in both.
        let head = t.get(..t.len() - (c.len() - k));
        if let (Ok(r), Some(head)) = (IriRef::parse(&c[..k]), head) {
            return base.resolve_into(&r, buf) == head;
        }
    }
    base.resolve_into(r, buf) == t
}

/// The directory that `merge` (RFC 3986 §5.2.3) puts in front of a relative path.
fn base_directory(base: Iri<&str>) -> &str {
    let (has_authority, pos) = (base.has_authority(), base.positions());
    let bp = parts::path(base.into_inner(), &pos);
    if has_authority && bp.is_empty() {
        "/"
    } else {
        bp.rfind('/').map_or("", |p| &bp[..=p])
    }
}

/// The relative-path candidate: climb from the directory `dir` to the longest common
/// directory, then descend to the target path `tp`; with `room` bytes to spare for the tail.
fn relative_path(dir: &str, tp: &str, room: usize) -> String {
    let same = dir
        .bytes()
        .zip(tp.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // Compare bytes: `same` may fall inside a multi-byte character; a '/' never does.
    let common = dir.as_bytes()[..same]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(0, |p| p + 1);
    let ups = dir[common..].bytes().filter(|&c| c == b'/').count();
    let rest = &tp[common..];
    let mut c = String::with_capacity(3 * ups + 2 + rest.len() + room);
    if rest.is_empty() {
        if ups == 0 {
            c.push('.');
        } else {
            for _ in 1..ups {
                c.push_str("../");
            }
            c.push_str("..");
        }
        return c;
    }
    for _ in 0..ups {
        c.push_str("../");
    }
    let first_seg = rest.split('/').next().unwrap_or("");
    if ups == 0 && (first_seg.contains(':') || rest.starts_with('/')) {
        c.push_str("./");
    }
    c.push_str(rest);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check on a head of the candidate says what the resolution of the whole says, for
    /// candidates with and without dot segments, empty segments, `//` paths, queries and
    /// fragments, against bases with and without authority, and targets that are their
    /// resolutions or not.
    #[test]
    fn the_head_check_agrees_with_the_whole_resolution() {
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a",
            "http://a/",
            "foo:a/b",
            "foo:/a/b",
            "foo:",
            "foo:/b",
            "http://a/b/c/",
            "s://h/x/y/z?q#f",
        ];
        let candidates = [
            "g/h/i",
            "../g/h",
            "../../../g/h/",
            "./g:h/i",
            "g/./h/i",
            "g/../h/i",
            "g/h/..",
            "g/h/.",
            "g//h/i",
            "/g/h/i?x#y",
            "/./g/h",
            "/.//g/h",
            "//x/g/h",
            "//x//g/h",
            "g/h?q/r/../s#f/./g",
            "..",
            ".",
            "",
            "#f",
            "?q",
            "g/é/h",
            "foo:g/h",
            "http://a/g/../h/i",
            "g/.h/..i/",
            "../",
            "a/",
            "a//",
            // Resolves to `//g` against `foo:/b`, which becomes `/.//g`.
            "x/..//g",
        ];
        let mut buf = String::new();
        for b in bases {
            let base = Iri::parse(b).unwrap();
            let targets: alloc::vec::Vec<String> = candidates
                .iter()
                .map(|c| base.resolve(&IriRef::parse(*c).unwrap()).into_inner())
                .chain([
                    "http://a/g/h/i".into(),
                    "foo:g/h/i".into(),
                    "http://a/b/c/g/h".into(),
                ])
                // The candidates written after the base's directory as they are, dot segments
                // and all: the ends of these targets and the candidates' are the same.
                .chain(candidates.iter().flat_map(|c| {
                    [
                        "http://a/b/c/",
                        "http://a/",
                        "foo:a/",
                        "foo:/a/",
                        "s://h/x/y/",
                    ]
                    .map(|d| alloc::format!("{d}{c}"))
                }))
                .collect();
            // Long targets, whose candidates take the head check: they resolve back.
            for c in candidates {
                let long = alloc::format!("{}{c}", "seg/".repeat(HEAD_CHECK_FROM / 4));
                let t = base.resolve(&IriRef::parse(long.as_str()).unwrap());
                if let Ok(r) = base.relativize(&t) {
                    assert_eq!(base.resolve(&r), t, "{b} + {long}: {r}");
                    assert!(r.as_str().len() <= long.len(), "{b} + {long}: {r}");
                }
            }
            for c in candidates {
                let r = IriRef::parse(String::from(c)).unwrap();
                let whole = base.resolve(&r);
                for t in &targets {
                    assert_eq!(
                        resolves_to(base.as_borrowed(), &r, t, &mut buf),
                        whole == t.as_str(),
                        "{b} + {c} against {t} (resolves to {whole})"
                    );
                }
            }
        }
    }
}
