//! The dot-segment search of resolution: where the first `.` or `..` segment of a path starts
//! (RFC 3986 §3.3, §5.2.4 finds them; this module only looks for them).

/// Where the first `.` or `..` segment of the path `s` starts (a segment starts at 0 and
/// after each `/`; RFC 3986 §3.3), or `None`.
#[inline]
pub(crate) fn first_dot_segment(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') && dot_segment_at(s, 0, s.len()) {
        return Some(0);
    }
    if s.len() < DOT_WINDOW {
        return dot_pairs_short(s, 0, s.len());
    }
    dot_pairs::<DOT_WINDOW>(s, 0, s.len())
}

/// [`first_dot_segment`] of the path `h[from..to]`, counted from `from`.
///
/// Contract: `from <= to <= h.len()`; `h[from]` starts a segment. The search may read any
/// byte of `h`: callers pass the whole text around the path (what comes before it and
/// after it), so that one window of [`DOT_WINDOW`] bytes covers most paths and the loop
/// rarely goes round. A window lies at the next byte to search or, near the end of `h`,
/// ends there; only when it holds a pair `/.` is it searched byte by byte, within the path.
/// An `h` shorter than a window is searched with windows of 17 bytes, padded with zeros
/// (which match nothing) when it is shorter still.
#[inline(always)]
pub(crate) fn first_dot_segment_in(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if from == to {
        return None;
    }
    if h[from] == b'.' && dot_segment_at(h, from, to) {
        return Some(0);
    }
    if h.len() < DOT_WINDOW {
        return first_dot_segment_short(h, from, to);
    }
    dot_pairs::<DOT_WINDOW>(h, from, to)
}

/// Bytes in a window of the dot-segment search: 32 pairs `/.`.
const DOT_WINDOW: usize = 33;

/// Whether some `w[k]` is `/` and `w[k + 1]` is `.`: a fixed-size loop of byte comparisons,
/// which the compiler turns into vector compares where the target has them.
#[inline(always)]
fn any_slash_dot<const W: usize>(w: &[u8; W]) -> bool {
    let mut any = false;
    for k in 0..W - 1 {
        any |= (w[k] == b'/') & (w[k + 1] == b'.');
    }
    any
}

/// Whether the `.` at `d`, which starts a segment, makes a whole `.` or `..` segment of a
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
/// (`h.len() >= W`): every other dot segment starts with a pair `/.` at some `k` with
/// `from <= k` and `k + 1 < to`.
#[inline(always)]
fn dot_pairs<const W: usize>(h: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut k = from;
    while k + 1 < to {
        let ws = k.min(h.len() - W);
        let Ok(w) = <&[u8; W]>::try_from(&h[ws..ws + W]) else {
            break;
        };
        if any_slash_dot(w) {
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

/// [`dot_pairs`] on an `h` shorter than a [`DOT_WINDOW`], in windows of 17 bytes, padded
/// with zeros when `h` is shorter still.
#[inline(always)]
fn dot_pairs_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if h.len() >= 17 {
        return dot_pairs::<17>(h, from, to);
    }
    let mut pad = [0u8; 17];
    pad[..h.len()].copy_from_slice(h);
    dot_pairs::<17>(&pad, from, to)
}
