//! Reference resolution (RFC 3986 §5.2, which RFC 3987 §6.5 applies to IRIs unchanged) and
//! its inverse, relativization (whose search for the shortest reference is in
//! `resolve/relativize.rs`).
//!
//! Resolution is the strict algorithm of RFC 3986 §5.2.2 with `merge` (§5.2.3) and
//! `remove_dot_segments` (§5.2.4), applied to the characters of IRIs as they are: nothing is
//! percent-encoded or decoded, so non-ASCII characters pass through untouched. The output is
//! written in two copies (the base up to its directory, the reference from its path on), its
//! path is then cleared of dot segments in place (only from the first one on, and only when
//! there is one), and its component offsets are computed on the way, so the result is never
//! re-parsed; [`Iri::resolve_into`] writes into a caller's buffer and allocates nothing once
//! the buffer is large enough. The leading `.` and `..` segments of a relative reference
//! (`../g`) are taken against the base's directory before the copies, which then start at
//! the parent directory and after those segments. The searches for the base's last `/` and
//! for a dot segment in the copy read fixed windows of the text around the range they
//! search, so that one window covers most paths.
//!
//! One deliberate addition: when the result has no authority and its path starts with `//`
//! (base `a:/b`, reference `..//c`), the algorithm's output `a://c` would read back with the
//! authority `c`. Such a path gets the prefix `/.`, giving `a:/.//c`, which denotes the same
//! path after dot-segment removal and parses back as what was resolved.
//!
//! The options that RFC 3986 allows beyond §5.2.2 as written (base normalization, §5.2.1;
//! erratum 4789 to §5.2.3; percent-encoded dots, §6.2.2.2) and their presets are in
//! `resolve/options.rs` ([`ResolveOptions`], [`Iri::resolve_with`]): the code above is not
//! touched by them, and is what they fall back to when the inputs need no option.
//!
//! Left out on purpose: the non-strict reading of §5.2.2 (ignoring a reference's scheme when
//! it equals the base's), which the RFC keeps only for backward compatibility.

use alloc::string::String;

use crate::convert::reserve;
use crate::parser::Positions;
use crate::{Iri, IriRef, Uri, UriRef};

mod options;
mod relativize;
pub use options::{ResolveOptions, UnknownPreset};
use relativize::relativize;
pub use relativize::RelativizeError;

/// RFC 3986 §5.2.4 `remove_dot_segments` of `dir + path`, appended to `out`, where `dir` is
/// empty or ends with `/` (the directory that `merge` puts in front of a relative path).
///
/// The RFC's loop works on the characters of its input buffer; this one takes the input a
/// segment at a time (split at `/`, so `dir`'s final `/` is the seam), which is the same
/// thing: rule A drops leading `.` and `..` segments that a `/` follows, rule D a lone final
/// one; the first remaining segment moves to the output as it is (rule E; empty when the
/// input starts with `/`); after that each segment is a piece `/seg`: `/.` goes (rule B),
/// `/..` removes the last output segment (rule C), and a final one of either leaves a `/`;
/// any other piece moves to the output (rule E).
fn remove_dot_segments_into(out: &mut String, dir: &str, path: &str) {
    debug_assert!(dir.is_empty() || dir.ends_with('/'));
    let start = out.len();
    if dir.is_empty() {
        // One slice: rules A and D on its leading segments, then the pieces.
        let mut rest = path;
        loop {
            let slash = crate::scan::find_byte(rest.as_bytes(), 0, b'/');
            let first = &rest[..slash.unwrap_or(rest.len())];
            if first == "." || first == ".." {
                match slash {
                    Some(k) => rest = &rest[k + 1..], // A
                    None => return,                   // D
                }
                continue;
            }
            out.push_str(first);
            if let Some(k) = slash {
                dot_pieces_str(out, start, &rest[k + 1..]);
            }
            return;
        }
    }
    let mut segs = dir
        .strip_suffix('/')
        .map(|d| d.split('/'))
        .into_iter()
        .flatten()
        .chain(path.split('/'))
        .peekable();
    // `split` yields at least one (possibly empty) segment.
    let mut first = segs.next().unwrap_or("");
    while first == "." || first == ".." {
        match segs.next() {
            Some(next) => first = next, // A
            None => return,             // D
        }
    }
    out.push_str(first);
    dot_pieces(out, start, segs);
}

/// [`dot_pieces`] over the segments of `rest` (split at `/`), found eight bytes at a time.
#[inline]
fn dot_pieces_str(out: &mut String, start: usize, rest: &str) {
    let b = rest.as_bytes();
    let mut from = 0;
    loop {
        let slash = crate::scan::find_byte(b, from, b'/');
        let end = slash.unwrap_or(b.len());
        match &b[from..end] {
            b"." => {}
            b".." => pop_segment(out, start),
            _ => {
                out.push('/');
                out.push_str(&rest[from..end]);
                match slash {
                    Some(k) => {
                        from = k + 1;
                        continue;
                    }
                    None => return,
                }
            }
        }
        match slash {
            Some(k) => from = k + 1,
            None => {
                out.push('/');
                return;
            }
        }
    }
}

/// The rest of `remove_dot_segments` once the first segment is dealt with: each segment is
/// a piece `/seg` (rules B, C and E); `start` is where the output began.
#[inline]
fn dot_pieces<'a>(out: &mut String, start: usize, segs: impl Iterator<Item = &'a str>) {
    let mut segs = segs.peekable();
    while let Some(seg) = segs.next() {
        let last = segs.peek().is_none();
        match seg {
            "." => {}
            ".." => pop_segment(out, start),
            _ => {
                out.push('/');
                out.push_str(seg);
                continue;
            }
        }
        if last {
            out.push('/');
        }
    }
}

/// Whether a path holds a `.` or `..` segment (a segment starts at 0 and after each `/`).
/// Without one, `remove_dot_segments` is the identity, and resolution copies the path.
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    first_dot_segment(path.as_bytes()).is_some()
}

/// Where the first `.` or `..` segment of a path starts (at 0, or right after a `/`).
#[inline]
fn first_dot_segment(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') && dot_segment_at(s, 0, s.len()) {
        return Some(0);
    }
    if s.len() < WINDOW {
        return dot_pairs_short(s, 0, s.len());
    }
    dot_pairs::<WINDOW>(s, 0, s.len())
}

/// Bytes in a window of the dot-segment search: 32 pairs `/.`.
const WINDOW: usize = 33;

/// Whether some `w[k]` is `/` and `w[k + 1]` is `.`: a fixed-size loop of byte comparisons,
/// which the compiler turns into vector compares where the target has them.
#[inline(always)]
fn any_pair<const W: usize>(w: &[u8; W]) -> bool {
    let mut any = false;
    for k in 0..W - 1 {
        any |= (w[k] == b'/') & (w[k + 1] == b'.');
    }
    any
}

/// Where the first `.` or `..` segment of the path `h[from..to]` starts, counted from
/// `from`. The search may read any byte of `h`: callers pass the whole text around the path
/// (the scheme and authority before it, the query and fragment after it), so that one
/// window of [`WINDOW`] bytes covers most paths and the loop rarely goes round. A window
/// lies at the next byte to search or, near the end of `h`, ends there; only when it holds
/// a pair `/.` is it searched byte by byte, within the path. An `h` shorter than a window
/// is searched with windows of 17 bytes, padded with zeros (which match nothing) when it is
/// shorter still.
#[inline(always)]
fn first_dot_segment_in(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if from == to {
        return None;
    }
    if h[from] == b'.' && dot_segment_at(h, from, to) {
        return Some(0);
    }
    if h.len() < WINDOW {
        return first_dot_segment_short(h, from, to);
    }
    dot_pairs::<WINDOW>(h, from, to)
}

/// Whether the '.' at `d`, which starts a segment, makes a whole `.` or `..` segment of a
/// path that ends at `to`.
#[inline(always)]
fn dot_segment_at(h: &[u8], d: usize, to: usize) -> bool {
    let after = if d + 1 < to && h[d + 1] == b'.' {
        d + 2
    } else {
        d + 1
    };
    after == to || h[after] == b'/'
}

/// The search of [`first_dot_segment_in`] after its first byte, with windows of `W` bytes
/// (`h.len() >= W`): every other dot segment starts with a pair "/." at some `k` with
/// `from <= k` and `k + 1 < to`.
#[inline(always)]
fn dot_pairs<const W: usize>(h: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut k = from;
    while k + 1 < to {
        let ws = k.min(h.len() - W);
        let Ok(w) = <&[u8; W]>::try_from(&h[ws..ws + W]) else {
            break;
        };
        if any_pair(w) {
            for j in k - ws..(to - 1 - ws).min(W - 1) {
                if w[j] == b'/' && w[j + 1] == b'.' && dot_segment_at(h, ws + j + 1, to) {
                    return Some(ws + j + 1 - from);
                }
            }
        }
        k = ws + W - 1;
    }
    None
}

/// [`dot_pairs_short`] kept out of line: in resolution, which searches the whole result,
/// it is rare.
#[inline(never)]
fn first_dot_segment_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    dot_pairs_short(h, from, to)
}

/// [`dot_pairs`] on an `h` shorter than a [`WINDOW`], in windows of 17 bytes, padded with
/// zeros when `h` is shorter still.
#[inline(always)]
fn dot_pairs_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if h.len() >= 17 {
        return dot_pairs::<17>(h, from, to);
    }
    let mut pad = [0u8; 17];
    pad[..h.len()].copy_from_slice(h);
    dot_pairs::<17>(&pad, from, to)
}

/// The index of the last `/` of `b[from..to]` (in `b`). The search may read any byte of
/// `b`, so that one window of sixteen bytes ending at `to` (or starting at 0) covers the
/// last segment of most paths and the loop rarely goes round. The window is read as two
/// words, the bytes equal to `/` flagged at once, one bit a byte, and the flags from `to`
/// on cleared; the highest left is the last `/`. A last `/` before `from` means none in
/// `from..to`. A `b` shorter than a window is padded with zeros, which match nothing.
#[inline]
fn last_slash_in(b: &[u8], from: usize, to: usize) -> Option<usize> {
    if b.len() < 16 {
        return last_slash_padded(b, from, to);
    }
    let mut end = to;
    while end > from {
        // `end <= b.len()`, so the window fits; it holds `1..=16` bytes before `end`.
        let ws = end.saturating_sub(16);
        let Ok(w) = <[u8; 16]>::try_from(&b[ws..ws + 16]) else {
            break;
        };
        let x = u128::from_le_bytes(w);
        let m = byte_flags(x as u64) | byte_flags((x >> 64) as u64) << 8;
        let m = m & ((1 << (end - ws)) - 1);
        if m != 0 {
            let at = ws + 31 - m.leading_zeros() as usize;
            return (at >= from).then_some(at);
        }
        end = ws;
    }
    None
}

/// [`last_slash_in`] on `b` padded with zeros to a window.
#[cold]
#[inline(never)]
fn last_slash_padded(b: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut pad = [0u8; 16];
    pad[..b.len()].copy_from_slice(b);
    last_slash_in(&pad, from, to)
}

/// Bit `k` set when byte `k` of the little-endian word `w` is `/`. The exact flags of
/// [`crate::scan::swar_eq`] (bit 7 of each byte) are gathered into the top byte by one
/// multiplication: flag `k`, moved to bit `8k`, meets the constant's bit `56 - 7k` and lands
/// on bit `56 + k`; every other product falls below bit 56 or beyond bit 63, and no two
/// products share a bit, so nothing carries.
#[inline(always)]
fn byte_flags(w: u64) -> u32 {
    let f = crate::scan::swar_eq(w, b'/') >> 7;
    (f.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Applies `remove_dot_segments` to `dir + path` (`dir` empty or ending with `/`), which
/// `out` already holds from `path_start` on, followed by `tail`: the copy is searched for its
/// first dot segment, and without one (the common case) it is the result. When the first one
/// lies in `path`, everything before it is moved as it is (rule E) and stays in place, and
/// only the rest of `path` is walked, each segment a piece `/seg`; `tail` is then written
/// again after the path. A dot segment in `dir` (rare: bases are usually normalized) or at
/// the very start is left to the caller, which walks the whole input: the result is then
/// `false` and `out` is unchanged.
///
/// `dir` is `d[from..to]` of `(d, from, to)`, `path` is `r[from..to]` of `(r, from, to)` and
/// `tail` is `r[to..]`: the slices are taken only when there is something to remove.
#[inline(always)]
fn remove_dots_in_place(
    out: &mut String,
    path_start: usize,
    dir: (&str, usize, usize),
    path: (&str, usize, usize),
) -> bool {
    let dir_len = dir.2 - dir.1;
    let end = path_start + dir_len + (path.2 - path.1);
    let Some(d) = first_dot_segment_in(out.as_bytes(), path_start, end) else {
        return true;
    };
    if d == 0 || d < dir_len {
        return false;
    }
    let (tail, path) = (&path.0[path.2..], &path.0[path.1..path.2]);
    // `d` follows a '/', which the walk writes again in front of the next piece.
    out.truncate(path_start + d - 1);
    dot_pieces_str(out, path_start, &path[d - dir_len..]);
    out.push_str(tail);
    true
}

/// Removes the dot segments of a path that comes from the reference alone
/// (`rs[from..to]`, copied with the rest of `rs` to `out` from `path_start` on): in place,
/// or by the whole walk where [`remove_dots_in_place`] leaves it to its caller.
#[inline(always)]
fn remove_dots_of_reference(out: &mut String, path_start: usize, rs: &str, from: usize, to: usize) {
    if !remove_dots_in_place(out, path_start, ("", 0, 0), (rs, from, to)) {
        walk_whole(out, path_start, "", &rs[from..to], &rs[to..]);
    }
}

/// Writes `remove_dot_segments(dir + path)` and then `tail` over `out` from `path_start` on:
/// the whole walk, for what [`remove_dots_in_place`] leaves to its caller.
#[cold]
#[inline(never)]
fn walk_whole(out: &mut String, path_start: usize, dir: &str, path: &str, tail: &str) {
    out.truncate(path_start);
    remove_dot_segments_into(out, dir, path);
    out.push_str(tail);
}

/// The end of the parent of the directory `b[from..end]` (empty or ending with `/`), which
/// is what a leading `..` segment of a relative reference leaves of it (RFC 3986 §5.2.4 C,
/// on the merged path): the directory without its last segment, or the same directory when
/// it is empty or `/`. `None` when the result is not a prefix of the directory, so that
/// the caller must walk the whole merged path: a rootless directory of one segment (`a/`
/// becomes `/`), or a last segment that is itself `.` or `..`.
#[inline]
fn parent_dir(b: &[u8], from: usize, end: usize) -> Option<usize> {
    if end == from {
        return Some(end);
    }
    let seg_end = end - 1;
    match last_slash_in(b, from, seg_end) {
        Some(q) => {
            let seg = &b[q + 1..seg_end];
            (seg != b"." && seg != b"..").then_some(q + 1)
        }
        None => (seg_end == from).then_some(end),
    }
}

/// Removes the last segment of the output, and its preceding "/" if any (§5.2.4 C).
#[inline]
fn pop_segment(out: &mut String, start: usize) {
    let cut = last_slash_in(out.as_bytes(), start, out.len()).unwrap_or(start);
    out.truncate(cut);
}

/// The dot-segment removal of RFC 3986 §5.2.4 on its own.
///
/// ```
/// use iri::remove_dot_segments;
/// // The two examples of RFC 3986 §5.2.4.
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/δ/./ε/../ζ"), "/δ/ζ");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(&mut out, "", path);
    out
}

/// Writes the resolution of reference `r` (text `rs`, positions `rp`) against base `bs`/`bp`
/// into `out` (which the caller has cleared), returning the result's positions. The result
/// is made of pieces of the two texts (and "/." at most), so it is known to be ASCII when
/// both are.
#[inline]
pub(crate) fn resolve_parts(
    bs: &str,
    bp: Positions,
    rs: &str,
    rp: Positions,
    out: &mut String,
) -> Positions {
    resolve_offsets(bs, bp, rs, rp, out).ascii_if(bp.known_ascii() && rp.known_ascii())
}

/// [`resolve_parts`] without the ASCII flag.
#[inline(always)]
fn resolve_offsets(
    bs: &str,
    bp: Positions,
    rs: &str,
    rp: Positions,
    out: &mut String,
) -> Positions {
    // Each case reserves the length of its result when no dot segment is removed (the result
    // itself then, so `resolve` allocates once and exactly) and copies whole runs of its
    // inputs: what comes from the base, then the reference from its path on (its query and
    // fragment are always copied as they are). Dot segments are then removed from that copy
    // of the path. Offsets are used rather than slices where they suffice.
    let start = out.len();
    if rp.auth_end > 0 {
        // R has a scheme or an authority (`auth_end` is past both). T.scheme/authority from
        // R (R.scheme, or Base.scheme when R has only an authority);
        // T.path = remove_dot_segments(R.path); T.query = R.query.
        let b_scheme = if rp.scheme_end == 0 {
            &bs[..bp.scheme_end as usize]
        } else {
            ""
        };
        reserve(out, b_scheme.len() + rs.len());
        out.push_str(b_scheme);
        out.push_str(rs);
        let k = b_scheme.len();
        let (r_auth_end, r_path_end) = (rp.auth_end as usize, rp.path_end as usize);
        let path_start = start + k + r_auth_end;
        remove_dots_of_reference(out, path_start, rs, r_auth_end, r_path_end);
        fix_double_slash(out, path_start, rp.auth_end > rp.scheme_end);
        return positions_after(out, start, k as u32 + rp.scheme_end, k + r_auth_end, rs, rp);
    }
    let auth_end = bp.auth_end as usize;
    if rp.path_end == 0 {
        // T.path = Base.path; T.query = R.query if defined, else Base.query.
        let (b_end, r_from) = if rp.query_end() > rp.path_end {
            (bp.path_end, rp.path_end)
        } else {
            (bp.query_end(), rp.query_end())
        };
        let r_rest = &rs[r_from as usize..];
        reserve(out, b_end as usize + r_rest.len());
        out.push_str(&bs[..b_end as usize]);
        out.push_str(r_rest);
        return Positions::new(
            bp.scheme_end,
            bp.auth_end,
            bp.path_end,
            bp.query_end().min(b_end) + (rp.query_end() - r_from),
        );
    }
    let has_auth = bp.auth_end > bp.scheme_end;
    let r_path_end = rp.path_end as usize;
    let path_start = start + auth_end;
    if rs.as_bytes()[0] == b'/' {
        // T.path = remove_dot_segments(R.path), after Base.scheme and Base.authority.
        reserve(out, auth_end + rs.len());
        out.push_str(&bs[..auth_end]);
        out.push_str(rs);
        remove_dots_of_reference(out, path_start, rs, 0, r_path_end);
    } else {
        merge_relative(bs, bp, rs, r_path_end, out);
    }
    fix_double_slash(out, path_start, has_auth);
    positions_after(out, start, bp.scheme_end, auth_end, rs, rp)
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

/// T.path = remove_dot_segments(merge(Base.path, R.path)) (RFC 3986 §5.2.2, §5.2.3) for a
/// relative-path reference `rs` (path `rs[..r_path_end]`), written after Base.scheme and
/// Base.authority, followed by R.query and R.fragment.
///
/// The leading `.` and `..` segments of the reference (as in `../g`) are taken against the
/// base's directory D before anything is copied: in `remove_dot_segments(D + P)` with D free
/// of dot segments, rules A to D turn each of them into nothing (`.`) or the removal of D's
/// last segment (`..`, nothing when D is empty or `/`), since the output then holds D
/// without its final `/` and the input starts with `/` and the rest of P. So the result is
/// D's remaining prefix followed by the rest of P, which the copy and fix of
/// [`remove_dots_in_place`] finishes (it checks that remaining prefix for dot segments; the
/// segments removed from D are checked on the way). Cases where the result is no such
/// prefix go through the whole walk.
#[inline(always)]
fn merge_relative(bs: &str, bp: Positions, rs: &str, r_path_end: usize, out: &mut String) {
    let start = out.len();
    let (auth_end, b_path_end) = (bp.auth_end as usize, bp.path_end as usize);
    let b = bs.as_bytes();
    let b_path = &b[auth_end..b_path_end];
    let has_auth = bp.auth_end > bp.scheme_end;
    if has_auth && b_path.is_empty() {
        // §5.2.3: the directory is "/", which the base does not hold.
        return merge_whole(out, &bs[..auth_end], "/", rs, r_path_end);
    }
    let dir_end = last_slash_in(b, auth_end, b_path_end).map_or(auth_end, |p| p + 1);
    let r = rs.as_bytes();
    let (mut keep, mut from) = (dir_end, 0);
    // Leading `.` and `..` segments: `from` is where the next segment starts.
    while from < r_path_end && r[from] == b'.' {
        let next = r.get(from + 1).copied();
        let (len, up) = if from + 1 == r_path_end || next == Some(b'/') {
            (1, false)
        } else if next == Some(b'.') && (from + 2 == r_path_end || r[from + 2] == b'/') {
            (2, true)
        } else {
            break;
        };
        if up {
            match parent_dir(b, auth_end, keep) {
                Some(p) => keep = p,
                None => {
                    let (head, dir) = bs[..dir_end].split_at(auth_end);
                    return merge_whole(out, head, dir, rs, r_path_end);
                }
            }
        }
        from = (from + len + 1).min(r_path_end);
    }
    reserve(out, keep + (rs.len() - from));
    out.push_str(&bs[..keep]);
    out.push_str(&rs[from..]);
    let path_start = start + auth_end;
    if !remove_dots_in_place(
        out,
        path_start,
        (bs, auth_end, keep),
        (rs, from, r_path_end),
    ) {
        let (path, tail) = rs.split_at(r_path_end);
        walk_whole(out, path_start, &bs[auth_end..dir_end], path, tail);
    }
}

/// Writes `head` (Base.scheme and Base.authority), `remove_dot_segments(dir + R.path)` and
/// R.query and R.fragment: the whole walk of a relative reference `rs` (path
/// `rs[..r_path_end]`) whose leading dot segments cannot be taken against `dir` alone.
#[cold]
#[inline(never)]
fn merge_whole(out: &mut String, head: &str, dir: &str, rs: &str, r_path_end: usize) {
    let start = out.len();
    reserve(out, head.len() + dir.len() + rs.len());
    out.push_str(head);
    let (path, tail) = rs.split_at(r_path_end);
    walk_whole(out, start + head.len(), dir, path, tail);
}

/// A path that starts with "//" in a result without authority gets the prefix "/.".
#[inline]
pub(crate) fn fix_double_slash(out: &mut String, path_start: usize, has_auth: bool) {
    if !has_auth && out.as_bytes()[path_start..].starts_with(b"//") {
        out.insert_str(path_start, "/.");
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// Resolves a reference against this IRI as base (RFC 3986 §5.2, strict), returning a
    /// new IRI. The base's fragment is ignored; the result keeps the reference's.
    ///
    /// ```
    /// use iri::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = IriRef::parse("../g?y#s").unwrap();
    /// assert_eq!(base.resolve(&r), "http://a/b/g?y#s");
    ///
    /// let base = Iri::parse("http://例え.テスト/δ/ε").unwrap();
    /// assert_eq!(base.resolve(&IriRef::parse("ζ/../η").unwrap()), "http://例え.テスト/δ/η");
    /// ```
    pub fn resolve<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        let mut out = String::new();
        let pos = resolve_parts(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            &mut out,
        );
        Iri::from_parts(out, pos)
    }

    /// Resolves a reference into `buf` (cleared first) and returns a view of it. A loop that
    /// reuses one buffer allocates nothing once the buffer has grown to fit.
    ///
    /// ```
    /// use iri::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// for (r, want) in [("g", "http://a/b/c/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y")] {
    ///     let out = base.resolve_into(&IriRef::parse(r).unwrap(), &mut buf);
    ///     assert_eq!(out, want);
    /// }
    /// ```
    pub fn resolve_into<'b, U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        buf: &'b mut String,
    ) -> Iri<&'b str> {
        buf.clear();
        let pos = resolve_parts(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            buf,
        );
        Iri::from_parts(buf.as_str(), pos)
    }

    /// The shortest reference that resolves against this base to `target`:
    /// `base.resolve(&base.relativize(&t)?) == t` for every pair where it succeeds.
    ///
    /// The candidates, shortest chosen: the empty reference, `#fragment`, `?query…`, a
    /// relative path (`g`, `../g`, `.`, `..`, `./a:b`), an absolute path, a network-path
    /// reference (`//authority/…`) and the whole target. Each candidate is checked by
    /// resolving it, so the law holds by construction.
    ///
    /// Fails when no reference reaches the target: resolution removes dot segments from every
    /// path it builds, so a target whose path holds `.` or `..` segments is reachable only if
    /// the base has that very path.
    ///
    /// ```
    /// use iri::Iri;
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let rel = |t| base.relativize(&Iri::parse(t).unwrap()).unwrap().into_inner();
    /// assert_eq!(rel("http://a/b/c/g"), "g");
    /// assert_eq!(rel("http://a/b/"), "..");
    /// assert_eq!(rel("http://a/g"), "/g");
    /// assert_eq!(rel("http://a/b/c/d;p?q#s"), "#s");
    /// assert_eq!(rel("https://a/g"), "https://a/g");
    /// assert!(base.relativize(&Iri::parse("http://a/b/../c").unwrap()).is_err());
    /// ```
    pub fn relativize<U: AsRef<str>>(
        &self,
        target: &Iri<U>,
    ) -> Result<IriRef<String>, RelativizeError> {
        relativize(self.as_borrowed(), target.as_borrowed())
    }
}

impl<T: AsRef<str>> Uri<T> {
    /// Resolves a URI reference against this URI (RFC 3986 §5.2, strict); see
    /// [`Iri::resolve`].
    ///
    /// ```
    /// use iri::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// assert_eq!(base.resolve(&UriRef::parse("../../g").unwrap()), "http://a/g");
    /// ```
    pub fn resolve<U: AsRef<str>>(&self, reference: &UriRef<U>) -> Uri<String> {
        // URI in, URI out: resolution adds no character that was not in its inputs.
        let t = self.as_iri().resolve(&reference.as_iri_ref());
        let pos = t.positions();
        Uri::from_parts(t.into_inner(), pos)
    }

    /// Resolves a URI reference into `buf` (cleared first); see [`Iri::resolve_into`].
    ///
    /// ```
    /// use iri::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// assert_eq!(base.resolve_into(&UriRef::parse("g;x=1/../y").unwrap(), &mut buf), "http://a/b/c/y");
    /// ```
    pub fn resolve_into<'b, U: AsRef<str>>(
        &self,
        reference: &UriRef<U>,
        buf: &'b mut String,
    ) -> Uri<&'b str> {
        let pos = self
            .as_iri()
            .resolve_into(&reference.as_iri_ref(), buf)
            .positions();
        let buf: &'b String = buf;
        Uri::from_parts(buf.as_str(), pos)
    }

    /// The shortest URI reference that resolves against this base to `target`; see
    /// [`Iri::relativize`].
    ///
    /// ```
    /// use iri::Uri;
    /// let base = Uri::parse("http://a/b/c/d").unwrap();
    /// assert_eq!(base.relativize(&Uri::parse("http://a/b/x").unwrap()).unwrap(), "../x");
    /// ```
    pub fn relativize<U: AsRef<str>>(
        &self,
        target: &Uri<U>,
    ) -> Result<UriRef<String>, RelativizeError> {
        let r = relativize(self.as_iri(), target.as_iri())?;
        let pos = r.positions();
        Ok(UriRef::from_parts(r.into_inner(), pos))
    }
}

#[cfg(test)]
mod tests;
