//! Byte searches for callers that cut text into lines or fields before parsing it: the
//! library's own SIMD search (the `scan` module: 16 bytes per step with SSE2 on x86-64, eight
//! with word arithmetic elsewhere), behind a safe, plain interface. Implements no RFC rule.

/// The index of the first byte `byte` in `haystack`, or `None`: what `memchr` does.
///
/// ```
/// assert_eq!(iri::bytes::find_byte(b"http://a/\nnext\n", b'\n'), Some(9));
/// assert_eq!(iri::bytes::find_byte(b"no line feed", b'\n'), None);
/// ```
#[inline]
pub fn find_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    crate::scan::find_byte(haystack, 0, byte)
}

/// The index of the last byte `byte` in `haystack`, or `None`: what `memrchr` does.
///
/// ```
/// assert_eq!(iri::bytes::rfind_byte(b"a\nb\nc", b'\n'), Some(3));
/// assert_eq!(iri::bytes::rfind_byte(b"", b'\n'), None);
/// ```
#[inline]
pub fn rfind_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    crate::scan::rfind_byte(haystack, haystack.len(), byte)
}

/// The index of every byte `byte` in `haystack`, in order: what `memchr_iter` does. It takes
/// 64 bytes per step (SSE2 on x86-64) and hands out their matches one by one, so that
/// cutting a block into many short lines costs no search call per line.
///
/// ```
/// let ends: Vec<usize> = iri::bytes::byte_indexes(b"a\nbc\n\nd", b'\n').collect();
/// assert_eq!(ends, [1, 4, 5]);
/// ```
pub fn byte_indexes(haystack: &[u8], byte: u8) -> ByteIndexes<'_> {
    let mask = if haystack.is_empty() {
        0
    } else {
        crate::scan::set::byte_mask64(haystack, 0, byte)
    };
    ByteIndexes {
        haystack,
        byte,
        at: 0,
        mask,
    }
}

/// The iterator of [`byte_indexes`].
///
/// ```
/// let mut it = iri::bytes::byte_indexes(b"x,y", b',');
/// assert_eq!((it.next(), it.next()), (Some(1), None));
/// ```
#[derive(Debug, Clone)]
pub struct ByteIndexes<'a> {
    haystack: &'a [u8],
    byte: u8,
    /// Where the 64 bytes of `mask` start.
    at: usize,
    /// The matches not handed out yet among the 64 bytes from `at`, one bit each.
    mask: u64,
}

impl Iterator for ByteIndexes<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            let next = self.at + 64;
            if next >= self.haystack.len() {
                return None;
            }
            self.at = next;
            self.mask = crate::scan::set::byte_mask64(self.haystack, next, self.byte);
        }
        let k = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(self.at + k)
    }
}

/// A set of byte values to search for with [`find_in_set`]: any of the 256 values, built at
/// compile time.
///
/// ```
/// use iri::bytes::ByteSet;
/// const CONTROLS: ByteSet = ByteSet::range(0x00, 0x1F).with(0x7F);
/// assert!(CONTROLS.contains(b'\t') && CONTROLS.contains(0x7F));
/// assert!(!CONTROLS.contains(b' '));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteSet(crate::scan::set::SetRows);

impl ByteSet {
    /// The empty set.
    ///
    /// ```
    /// assert!(!iri::bytes::ByteSet::EMPTY.contains(0));
    /// ```
    pub const EMPTY: ByteSet = ByteSet(crate::scan::set::SetRows::EMPTY);

    /// The set of the values listed.
    ///
    /// ```
    /// let quotes = iri::bytes::ByteSet::of(b"\"'");
    /// assert!(quotes.contains(b'\'') && !quotes.contains(b'`'));
    /// ```
    pub const fn of(bytes: &[u8]) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            set = set.with(bytes[i]);
            i += 1;
        }
        set
    }

    /// The set of the values from `first` to `last`, both included (empty when `first` is
    /// above `last`).
    ///
    /// ```
    /// let digits = iri::bytes::ByteSet::range(b'0', b'9');
    /// assert!(digits.contains(b'0') && digits.contains(b'9') && !digits.contains(b'a'));
    /// ```
    pub const fn range(first: u8, last: u8) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        let mut b = first as u16;
        while b <= last as u16 {
            set = set.with(b as u8);
            b += 1;
        }
        set
    }

    /// The set with `b` added.
    ///
    /// ```
    /// let set = iri::bytes::ByteSet::EMPTY.with(b'%');
    /// assert!(set.contains(b'%'));
    /// ```
    pub const fn with(self, b: u8) -> ByteSet {
        ByteSet(self.0.with(b))
    }

    /// The set with the values of `other` added.
    ///
    /// ```
    /// use iri::bytes::ByteSet;
    /// let set = ByteSet::range(b'a', b'f').union(ByteSet::range(b'A', b'F'));
    /// assert!(set.contains(b'c') && set.contains(b'C') && !set.contains(b'g'));
    /// ```
    pub const fn union(self, other: ByteSet) -> ByteSet {
        let mut rows = self.0.rows;
        let mut h = 0;
        while h < 2 {
            let mut l = 0;
            while l < 16 {
                rows[h][l] |= other.0.rows[h][l];
                l += 1;
            }
            h += 1;
        }
        ByteSet(crate::scan::set::SetRows { rows })
    }

    /// Whether `b` is in the set.
    ///
    /// ```
    /// assert!(iri::bytes::ByteSet::of(b"?#").contains(b'#'));
    /// ```
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.0.contains(b)
    }
}

impl core::fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set()
            .entries((0..=255u8).filter(|&b| self.contains(b)))
            .finish()
    }
}

/// The index of the first byte of `haystack` that is in `set`, or `None`: 16 bytes per step
/// with SSSE3 on x86-64 (asked of the processor once, with the `std` feature), one at a
/// time elsewhere.
///
/// ```
/// use iri::bytes::{find_in_set, ByteSet};
/// const DELIMS: ByteSet = ByteSet::of(b":/?#");
/// assert_eq!(find_in_set(b"http://a/", &DELIMS), Some(4));
/// assert_eq!(find_in_set(b"no delimiter", &DELIMS), None);
/// ```
#[inline]
pub fn find_in_set(haystack: &[u8], set: &ByteSet) -> Option<usize> {
    crate::scan::set::find_in_set(haystack, 0, &set.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::one_byte;

    /// Sets that hit the corners of the bitmap: each nibble's extremes, both halves.
    fn sample_sets() -> [ByteSet; 5] {
        [
            ByteSet::EMPTY,
            ByteSet::range(0x00, 0x1F).with(0x7F),
            ByteSet::of(&[0x00, 0x0F, 0x70, 0x7F, 0x80, 0x8F, 0xF0, 0xFF]),
            ByteSet::range(0x80, 0xFF),
            ByteSet::range(0, 255),
        ]
    }

    #[test]
    fn sets_hold_what_they_are_built_of() {
        for set in sample_sets() {
            let listed: Vec<u8> = (0..=255u8).filter(|&b| set.contains(b)).collect();
            assert_eq!(ByteSet::of(&listed), set);
        }
        let set = ByteSet::range(0x00, 0x1F).with(0x7F);
        for b in 0..=255u8 {
            assert_eq!(set.contains(b), b < 0x20 || b == 0x7F, "{b:#x}");
        }
        assert_eq!(ByteSet::range(9, 3), ByteSet::EMPTY);
        assert_eq!(
            ByteSet::of(b"ab").union(ByteSet::of(b"bc")),
            ByteSet::of(b"abc")
        );
        assert_eq!(format!("{:?}", ByteSet::of(b"ba")), "{97, 98}");
    }

    #[test]
    fn the_set_search_agrees_with_the_one_byte_version() {
        // Every length up to 40, every position and value of one byte from the set in a text
        // of bytes outside it (the search's fast path, its 16-byte steps and both tails),
        // for every byte value as the member.
        for b in 0..=255u8 {
            let set = ByteSet::EMPTY.with(b);
            let filler = b.wrapping_add(1);
            for n in 0..40usize {
                for at in 0..=n {
                    let mut s = vec![filler; n];
                    if at < n {
                        s[at] = b;
                    }
                    let want = s.iter().position(|&c| c == b);
                    assert_eq!(find_in_set(&s, &set), want, "{b:#x} in {s:?}");
                    assert_eq!(
                        crate::scan::set::find_in_set_scalar(&s, 0, &set.0),
                        want,
                        "{b:#x} in {s:?}"
                    );
                }
            }
        }
        // Every byte value at every position up to 34, against the sample sets.
        for set in sample_sets() {
            for n in 0..34usize {
                for at in 0..n {
                    for v in 0..=255u8 {
                        let mut s: Vec<u8> = (0..n).map(|k| b'a' + (k % 26) as u8).collect();
                        s[at] = v;
                        let want = s.iter().position(|&c| set.contains(c));
                        assert_eq!(find_in_set(&s, &set), want, "{s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn byte_indexes_are_every_match_in_order() {
        // Every length up to 200 (within and across the 64-byte steps), with the byte at a
        // pattern of places (every k-th byte, for several k), and at none.
        for n in 0..200usize {
            for k in [1usize, 2, 3, 7, 16, 63, 64, 65, 1000] {
                let s: Vec<u8> = (0..n)
                    .map(|i| if i % k == k - 1 { b'\n' } else { b'x' })
                    .collect();
                let want: Vec<usize> = (0..n).filter(|&i| s[i] == b'\n').collect();
                let got: Vec<usize> = byte_indexes(&s, b'\n').collect();
                assert_eq!(got, want, "n {n}, every {k}");
                for at in (0..=n).step_by(13) {
                    let m = crate::scan::set::byte_mask64_scalar(&s, at, b'\n');
                    assert_eq!(crate::scan::set::byte_mask64(&s, at, b'\n'), m, "{n} {at}");
                }
            }
        }
        // A zero byte: the padding of the tail is not a match.
        assert_eq!(byte_indexes(&[0, 1, 0], 0).collect::<Vec<_>>(), [0, 2]);
        let mut it = byte_indexes(b"", b'a');
        assert_eq!((it.next(), it.next()), (None, None));
    }

    #[test]
    fn the_searches_agree_with_the_one_byte_versions() {
        // Every length up to 70 (within and across the 16-byte steps), every position of the
        // byte, with and without another copy of it further on.
        for n in 0..70usize {
            for at in 0..=n {
                for second in [None, Some(n.saturating_sub(1))] {
                    let mut s = vec![b'x'; n];
                    if at < n {
                        s[at] = b'\n';
                    }
                    if let Some(j) = second.filter(|&j| j < n) {
                        s[j] = b'\n';
                    }
                    assert_eq!(
                        find_byte(&s, b'\n'),
                        one_byte::find_byte(&s, 0, b'\n'),
                        "{s:?}"
                    );
                    assert_eq!(
                        rfind_byte(&s, b'\n'),
                        one_byte::rfind_byte(&s, n, b'\n'),
                        "{s:?}"
                    );
                }
            }
        }
    }
}
