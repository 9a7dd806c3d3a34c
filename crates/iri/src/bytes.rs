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

/// The index of the first byte of `haystack` that is in `set`, or `None`: 32 bytes per step
/// with AVX2 on x86-64, 16 with SSSE3 (asked of the processor once, with the `std`
/// feature), one at a time elsewhere.
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

/// The index of the first byte of `haystack` outside `first..=last`, or `None` (also when
/// `first` is above `last`, an empty range, and `haystack` is empty): 16 bytes per step with
/// SSE2 on x86-64. The quick test that a text is all printable ASCII is
/// `find_outside(text, b' ', b'~').is_none()`.
///
/// ```
/// use iri::bytes::find_outside;
/// assert_eq!(find_outside(b"http://a/\tb", b' ', b'~'), Some(9));
/// assert_eq!(find_outside(b"plain", b' ', b'~'), None);
/// assert_eq!(find_outside("caf\u{e9}".as_bytes(), 0, 0x7F), Some(3));
/// ```
#[inline]
pub fn find_outside(haystack: &[u8], first: u8, last: u8) -> Option<usize> {
    if first > last {
        return (!haystack.is_empty()).then_some(0);
    }
    crate::scan::set::find_outside(haystack, 0, first, last)
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

    /// The search of `set` in `s` by every version the processor has.
    fn every_version(s: &[u8], set: &ByteSet) -> Vec<(&'static str, Option<usize>)> {
        let mut all = crate::scan::set::find_in_set_every_version(s, &set.0);
        all.push(("dispatched", find_in_set(s, set)));
        all
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
        // Every length up to 70, every position and value of one byte from the set in a text
        // of bytes outside it (the 16- and 32-byte steps and their tails), for every byte
        // value as the member.
        for b in 0..=255u8 {
            let set = ByteSet::EMPTY.with(b);
            let filler = b.wrapping_add(1);
            for n in 0..70usize {
                for at in 0..=n {
                    let mut s = vec![filler; n];
                    if at < n {
                        s[at] = b;
                    }
                    let want = s.iter().position(|&c| c == b);
                    for (version, got) in every_version(&s, &set) {
                        assert_eq!(got, want, "{version}: {b:#x} in {s:?}");
                    }
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
                        for (version, got) in every_version(&s, &set) {
                            assert_eq!(got, want, "{version}: {s:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_range_search_agrees_with_the_one_byte_version() {
        // Every byte value at every position of texts up to 40 bytes (the 16-byte steps and
        // both tails), for ranges at both ends, in the middle and of one value.
        for (first, last) in [
            (0x20, 0x7E),
            (0x00, 0x7F),
            (0x80, 0xFF),
            (b'a', b'a'),
            (0, 255),
        ] {
            for n in 0..40usize {
                for at in 0..n {
                    for v in 0..=255u8 {
                        let mut s = vec![first; n];
                        s[at] = v;
                        let want = s.iter().position(|b| !(first..=last).contains(b));
                        assert_eq!(
                            find_outside(&s, first, last),
                            want,
                            "{first}..={last} {s:?}"
                        );
                        assert_eq!(
                            crate::scan::set::find_outside_scalar(&s, 0, first, last),
                            want
                        );
                    }
                }
            }
        }
        assert_eq!(find_outside(b"x", 2, 1), Some(0));
        assert_eq!(find_outside(b"", 2, 1), None);
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
