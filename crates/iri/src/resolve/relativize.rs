//! Relativization: the inverse of reference resolution (RFC 3986 §5.2). For a base and a
//! target it finds the shortest reference that resolves back to the target, each candidate
//! checked by resolving it; a target whose path holds dot segments that resolution would
//! remove has none.

use alloc::string::String;
use core::fmt;

use super::remove_dot_segments;
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
    let mut buf = String::with_capacity(t.len());
    let shorter = |best: &Option<IriRef<String>>, len: usize| {
        best.as_ref().is_none_or(|b| len < b.as_str().len())
    };
    let mut consider = |best: &mut Option<IriRef<String>>, c: String| {
        if !shorter(best, c.len()) {
            return;
        }
        let Ok(r) = IriRef::parse(c) else { return };
        if base.resolve_into(&r, &mut buf) == t {
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
