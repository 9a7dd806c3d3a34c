//! Reference resolution (RFC 3986 §5.2, which RFC 3987 §6.5 applies to IRIs unchanged):
//! the strict algorithm of §5.2.2 with `merge` (§5.2.3) and `remove_dot_segments` (§5.2.4),
//! on the characters of IRIs as they are (nothing is percent-encoded or decoded).
//! [`resolve_parts`] is the four cases of §5.2.2, [`merge_dir`] is §5.2.3, and
//! [`remove_dot_segments_into`] with [`walk_segments`] is the loop of §5.2.4. The public
//! methods are in `resolve/api.rs`, relativization in `resolve/relativize.rs`, and the
//! options beyond §5.2.2 as written (§5.2.1 base normalization, erratum 4789 to §5.2.3,
//! §6.2.2.2 encoded dots) in `resolve/options.rs`, which fall back to the strict code here
//! when the inputs need no option and walk with the same §5.2.4 loop when they do.
//!
//! How it is made fast, without changing those steps: the result is written as whole runs of
//! the inputs ([`Target`]: what comes from the base, `merge`'s directory, the reference from
//! its path on), and `remove_dot_segments` then works on that copy of the path, which is the
//! result as it is when the path holds no `.` or `..` segment (the common case); otherwise
//! the walk starts at the first such segment. The component offsets are computed on the way,
//! so the result is never re-parsed. The byte searches are those of the `scan` module.
//!
//! One deliberate addition: when the result has no authority and its path starts with `//`
//! (base `a:/b`, reference `..//c`), the algorithm's output `a://c` would read back with the
//! authority `c`. Such a path gets the prefix `/.` (`a:/.//c`), which denotes the same path
//! after dot-segment removal and parses back as what was resolved. Left out on purpose: the
//! non-strict reading of §5.2.2 (ignoring a reference's scheme equal to the base's), which
//! the RFC keeps only for backward compatibility.

use alloc::string::String;

use crate::buf::reserve;
use crate::parser::Positions;
use crate::scan::{find_byte, first_dot_segment, first_dot_segment_in, rfind_byte};
pub(crate) use crate::types::compose::fix_double_slash;

mod api;
mod options;
mod relative_base;
mod relativize;
pub use api::remove_dot_segments;
pub use options::{ResolveOptions, UnknownPreset};
pub use relativize::RelativizeError;

// ---- RFC 3986 §5.2.2: the four cases ----

/// Writes the resolution of the reference R (text `rs`, positions `rp`) against the base
/// (`bs`, `bp`) into `out` (which the caller has cleared), returning the result's
/// positions: RFC 3986 §5.2.2, strict. The result is made of pieces of the two texts (and
/// `/.` at most), so it is known to be ASCII when both are.
///
/// In WebAssembly not inlined: every entry point (each string storage of `resolve_into`, and
/// the options' strict case) calls one copy, which is much larger than a call (the npm module
/// 3.9 KB smaller gzipped). Natively inlined into each, which saves 7% of the instructions of
/// a resolution.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn resolve_parts(
    bs: &str,
    bp: Positions,
    rs: &str,
    rp: Positions,
    out: &mut String,
) -> Positions {
    let start = out.len();
    let r_path = rp.auth_end as usize..rp.path_end as usize;
    let b_scheme = &bs[..bp.scheme_end as usize];
    let pos = if rp.scheme_end > 0 {
        // if defined(R.scheme): T.scheme, T.authority, T.query from R;
        // T.path = remove_dot_segments(R.path).
        let path_start = Target::new("", Dir::InBase(0), rs, r_path).write(out);
        fix_double_slash(out, path_start, rp.auth_end > rp.scheme_end);
        positions_after(out, start, rp.scheme_end, path_start - start, rs, rp)
    } else if rp.auth_end > 0 {
        // else if defined(R.authority): T.authority, T.query from R;
        // T.path = remove_dot_segments(R.path); T.scheme = Base.scheme.
        let path_start = Target::new(b_scheme, Dir::InBase(0), rs, r_path).write(out);
        positions_after(out, start, bp.scheme_end, path_start - start, rs, rp)
    } else if rp.path_end == 0 {
        // if (R.path == ""): T.path = Base.path; T.query = R.query if defined, else
        // Base.query. T.authority = Base.authority, T.scheme = Base.scheme.
        return same_path(bs, bp, rs, rp, out).ascii_if(bp.known_ascii() && rp.known_ascii());
    } else {
        let has_auth = bp.auth_end > bp.scheme_end;
        let auth_end = bp.auth_end as usize;
        let path_start = if rs.as_bytes()[0] == b'/' {
            // if (R.path starts-with "/"): T.path = remove_dot_segments(R.path).
            Target::new(&bs[..auth_end], Dir::InBase(0), rs, r_path).write(out)
        } else {
            // else: T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path).
            let dir = merge_dir(bs, bp);
            let in_base = if let Dir::InBase(n) = dir { n } else { 0 };
            Target::new(&bs[..auth_end + in_base], dir, rs, r_path)
                .take_leading_dots()
                .write(out)
        };
        fix_double_slash(out, path_start, has_auth);
        positions_after(out, start, bp.scheme_end, auth_end, rs, rp)
    };
    pos.ascii_if(bp.known_ascii() && rp.known_ascii())
}

/// The case of a reference without scheme, authority or path: the base up to its path, or
/// up to its query when R has none, followed by the rest of R.
#[inline(always)]
fn same_path(bs: &str, bp: Positions, rs: &str, rp: Positions, out: &mut String) -> Positions {
    let (b_end, r_from) = if rp.query_end() > rp.path_end {
        (bp.path_end, rp.path_end)
    } else {
        (bp.query_end(), rp.query_end())
    };
    let r_rest = &rs[r_from as usize..];
    reserve(out, b_end as usize + r_rest.len());
    out.push_str(&bs[..b_end as usize]);
    out.push_str(r_rest);
    Positions::new(
        bp.scheme_end,
        bp.auth_end,
        bp.path_end,
        bp.query_end().min(b_end) + (rp.query_end() - r_from),
    )
}

/// RFC 3986 §5.2.3 `merge`, as the directory that goes in front of a relative path: `/` for
/// a base with an authority and an empty path, else the base path up to and including its
/// last `/` (empty when it has none).
#[inline(always)]
fn merge_dir(bs: &str, bp: Positions) -> Dir {
    let (from, to) = (bp.auth_end as usize, bp.path_end as usize);
    if bp.auth_end > bp.scheme_end && from == to {
        return Dir::Root;
    }
    Dir::InBase(last_slash(bs.as_bytes(), from, to).map_or(0, |q| q + 1 - from))
}

/// `merge`'s directory (§5.2.3) in front of a relative path.
#[derive(Debug, Clone, Copy)]
enum Dir {
    /// The first `n` bytes of the base path; none (`InBase(0)`) for a path that is not
    /// relative, or a base path without `/`.
    InBase(usize),
    /// The `/` of a base with an authority and an empty path, which the base does not hold.
    Root,
}

impl Dir {
    #[inline(always)]
    fn len(self) -> usize {
        match self {
            Dir::InBase(n) => n,
            Dir::Root => 1,
        }
    }
}

/// The result's positions once `out` holds it from `start` on, with the path from
/// `start + auth_end` on and the reference's query and fragment at the end.
#[inline(always)]
fn positions_after(
    out: &str,
    start: usize,
    scheme_end: u32,
    auth_end: usize,
    rs: &str,
    rp: Positions,
) -> Positions {
    let path_end = out.len() - start - (rs.len() - rp.path_end as usize);
    Positions::new(
        scheme_end,
        auth_end as u32,
        path_end as u32,
        path_end as u32 + (rp.query_end() - rp.path_end),
    )
}

// ---- The result of a reference with a path, written as runs of its inputs ----

/// What resolution writes for a reference with a path: `head` (what comes from the base:
/// its scheme; or its scheme, its authority and, for a relative path, `merge`'s directory
/// `dir` when it is in the base), the `/` of [`Dir::Root`], then the whole reference text,
/// whose path is `reference[path]`. The result's path is `remove_dot_segments(dir + R.path)`.
struct Target<'a> {
    head: &'a str,
    dir: Dir,
    reference: &'a str,
    path: core::ops::Range<usize>,
}

impl<'a> Target<'a> {
    #[inline(always)]
    fn new(head: &'a str, dir: Dir, reference: &'a str, path: core::ops::Range<usize>) -> Self {
        // `dir` goes right before the path, which then starts the reference.
        debug_assert!(dir.len() == 0 || path.start == 0);
        Target {
            head,
            dir,
            reference,
            path,
        }
    }

    /// The directory's text.
    #[inline(always)]
    fn dir(&self) -> &'a str {
        match self.dir {
            Dir::InBase(n) => &self.head[self.head.len() - n..],
            Dir::Root => "/",
        }
    }

    /// Rules A and C of §5.2.4 on the leading `./` and `../` of a relative path, taken
    /// against the directory before anything is copied: `./` goes, and `../` goes with the
    /// directory's last segment (with nothing when the directory is `/` or empty), which is
    /// what the walk would do with a directory free of dot segments. Nothing is taken from
    /// a directory that holds one, and the taking stops where the result would be no prefix
    /// of the directory (a directory of one rootless segment): the walk then does the rest.
    #[inline(always)]
    fn take_leading_dots(&mut self) -> &mut Self {
        debug_assert!(self.path.start == 0);
        let r = self.reference.as_bytes();
        if (r.starts_with(b"./") || r.starts_with(b"../")) && !self.dir_has_dot_segment() {
            self.take_dots();
        }
        self
    }

    /// The loop of [`take_leading_dots`](Self::take_leading_dots), out of line: most
    /// relative paths have no leading dot segment.
    #[inline(never)]
    fn take_dots(&mut self) {
        loop {
            let r = self.reference.as_bytes();
            let n = if r.starts_with(b"./") {
                2
            } else if r.starts_with(b"../") && self.dir_up() {
                3
            } else {
                return;
            };
            self.reference = &self.reference[n..];
            self.path = 0..self.path.end - n;
        }
    }

    /// Whether the directory holds a `.` or `..` segment (searched in the base's text around
    /// it, see [`first_dot_segment_in`]).
    #[inline(always)]
    fn dir_has_dot_segment(&self) -> bool {
        let end = self.head.len();
        let from = end - self.dir.len();
        matches!(self.dir, Dir::InBase(_))
            && first_dot_segment_in(self.head.as_bytes(), from, end).is_some()
    }

    /// Takes the last segment off the directory (§5.2.4 C, for a `../` after it); `false`
    /// when the result is no prefix of the directory.
    #[inline(always)]
    fn dir_up(&mut self) -> bool {
        let Dir::InBase(n @ 1..) = self.dir else {
            return true; // "/" and "" stay
        };
        let h = self.head.as_bytes();
        let (dir_start, last) = (h.len() - n, h.len() - 1);
        match last_slash(h, dir_start, last) {
            Some(q) => {
                self.head = &self.head[..q + 1];
                self.dir = Dir::InBase(q + 1 - dir_start);
                true
            }
            // A directory "/" stays; "a/" would become "/".
            None => last == dir_start,
        }
    }

    /// Appends the result to `out` and returns where its path starts. The inputs are copied
    /// in one reservation (the exact length when no dot segment goes, so that `resolve`
    /// allocates once and exactly); then the copied path `dir + R.path` is searched for a
    /// dot segment and, when it holds one, cleared of them in place.
    #[inline(always)]
    fn write(&self, out: &mut String) -> usize {
        let start = out.len();
        let root = usize::from(matches!(self.dir, Dir::Root));
        reserve(out, self.head.len() + root + self.reference.len());
        out.push_str(self.head);
        if root == 1 {
            out.push('/');
        }
        out.push_str(self.reference);
        let dir_len = self.dir.len();
        let path_start = start + self.head.len() + root + self.path.start - dir_len;
        let path_end = path_start + dir_len + self.path.len();
        if let Some(d) = first_dot_segment_in(out.as_bytes(), path_start, path_end) {
            self.remove_dots(out, path_start, d);
        }
        path_start
    }

    /// `remove_dot_segments(dir + R.path)` over the copy at `out[path_start..]`, whose first
    /// dot segment starts at `path_start + d`, then R's query and fragment again.
    ///
    /// When that segment lies in R.path after a `/` (always so for a relative reference
    /// against a base path free of dot segments), everything before it went to the output
    /// by rule E unchanged and stays where it is, and the walk goes on from that `/`; else
    /// (a dot segment in the base's directory, or a path that starts with one) the whole
    /// input is walked again.
    #[inline]
    fn remove_dots(&self, out: &mut String, path_start: usize, d: usize) {
        let path = &self.reference[self.path.clone()];
        let tail = &self.reference[self.path.end..];
        let dir_len = self.dir.len();
        if d > 0 && d >= dir_len {
            out.truncate(path_start + d - 1);
            walk_segments::<false>(out, path_start, &path[d - dir_len..], true);
        } else {
            out.truncate(path_start);
            let dir = self.dir().strip_suffix('/');
            remove_dot_segments_into::<false>(out, dir, path);
        }
        out.push_str(tail);
    }
}

// ---- RFC 3986 §5.2.4 remove_dot_segments ----

/// Whether a path holds a `.` or `..` segment. Without one, `remove_dot_segments` is the
/// identity.
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    first_dot_segment(path.as_bytes()).is_some()
}

/// RFC 3986 §5.2.4 `remove_dot_segments` of the input buffer `dir + "/" + path` (with
/// `Some(dir)`: `merge`'s directory without its final `/`) or `path` alone, appended to
/// `out`. With `ENCODED`, a segment that is `.` or `..` once its `%2E` triplets are decoded
/// counts as a dot segment (an option of resolution, RFC 3986 §6.2.2.2).
///
/// The input is taken a segment at a time (split at `/`; the `/` after `dir` is the seam):
/// rules A and D drop its leading `.` and `..` segments, the first other segment moves to
/// the output as it is (rule E; empty when the input starts with `/`), and from there on
/// the input starts with `/`: [`walk_segments`].
fn remove_dot_segments_into<const ENCODED: bool>(out: &mut String, dir: Option<&str>, path: &str) {
    let start = out.len();
    if let Some(dir) = dir.and_then(without_leading_dots::<ENCODED>) {
        if let Some(rest) = push_first_segment(out, dir) {
            walk_segments::<ENCODED>(out, start, rest, false);
        }
        walk_segments::<ENCODED>(out, start, path, true);
    } else if let Some(path) = without_leading_dots::<ENCODED>(path) {
        // (A `dir` of dot segments only went whole by rule A: each has a `/` after it.)
        if let Some(rest) = push_first_segment(out, path) {
            walk_segments::<ENCODED>(out, start, rest, true);
        }
    }
}

/// Rule A of §5.2.4 on the start of `input`: what is left once each leading `.` or `..`
/// segment has gone with the `/` after it; `None` when the input ends with one (rule D).
fn without_leading_dots<const ENCODED: bool>(mut input: &str) -> Option<&str> {
    loop {
        let slash = find_byte(input.as_bytes(), 0, b'/');
        if !is_dot_segment::<ENCODED>(&input[..slash.unwrap_or(input.len())]) {
            return Some(input);
        }
        input = &input[slash? + 1..];
    }
}

/// Rule E of §5.2.4 on the first segment of `input`: appends it to `out`, and returns what
/// follows its `/` (the input then goes on at that `/`), or `None` when it was the last.
fn push_first_segment<'a>(out: &mut String, input: &'a str) -> Option<&'a str> {
    let slash = find_byte(input.as_bytes(), 0, b'/');
    out.push_str(&input[..slash.unwrap_or(input.len())]);
    Some(&input[slash? + 1..])
}

/// The rest of the loop of §5.2.4, once the input starts with `/`: on the input `/` +
/// `segs` (followed by more input unless `last`), appended to the output that starts at
/// `out[start]`. Each segment is a piece `/seg`: `/.` goes (rule B), `/..` also removes the
/// last segment of the output (rule C), and when either ends the input, a `/` is left in
/// its place; any other piece moves to the output (rule E). The pieces up to the next dot
/// segment move in one go.
fn walk_segments<const ENCODED: bool>(out: &mut String, start: usize, mut segs: &str, last: bool) {
    loop {
        let Some(dot) = DotSegment::first_in::<ENCODED>(segs) else {
            out.push('/'); // E, for all that is left
            out.push_str(segs);
            return;
        };
        if dot.start > 0 {
            out.push('/'); // E, for each piece before the dot segment
            out.push_str(&segs[..dot.start - 1]);
        }
        if dot.up {
            pop_segment(out, start); // C
        }
        if dot.end == segs.len() {
            if last {
                out.push('/'); // B or C on "/." or "/.." at the end: "/"
            }
            return;
        }
        segs = &segs[dot.end + 1..]; // B or C on "/./" or "/../": the input goes on at "/"
    }
}

/// Whether `seg` is a `.` or `..` segment (with `ENCODED`, once its `%2E` are decoded).
#[inline(always)]
fn is_dot_segment<const ENCODED: bool>(seg: &str) -> bool {
    if ENCODED {
        options::dot_kind(seg, true) != 0
    } else {
        seg == "." || seg == ".."
    }
}

/// A `.` or `..` segment: where it starts and ends, and whether it is `..`.
pub(super) struct DotSegment {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) up: bool,
}

impl DotSegment {
    /// The first dot segment of `segs` (segments separated by `/`).
    #[inline(always)]
    fn first_in<const ENCODED: bool>(segs: &str) -> Option<DotSegment> {
        if ENCODED {
            return options::first_encoded_dot_segment(segs);
        }
        let start = first_dot_segment(segs.as_bytes())?;
        let up = segs.as_bytes().get(start + 1) == Some(&b'.');
        let end = start + 1 + usize::from(up);
        Some(DotSegment { start, end, up })
    }
}

/// The index of the last `/` of `b[from..to]`. The search runs back from `to` over `b` as a
/// whole (what comes before `from` is the text before the path), so that it reads whole
/// windows rather than copying a short range: a `/` before `from` means none in the range.
#[inline(always)]
fn last_slash(b: &[u8], from: usize, to: usize) -> Option<usize> {
    rfind_byte(b, to, b'/').filter(|&q| q >= from)
}

/// Removes the last segment of the output (from `start`), and its preceding `/` if any
/// (§5.2.4 C).
#[inline]
fn pop_segment(out: &mut String, start: usize) {
    let cut = last_slash(out.as_bytes(), start, out.len()).unwrap_or(start);
    out.truncate(cut);
}

#[cfg(test)]
mod tests;
