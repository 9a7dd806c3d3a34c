//! Byte searches for callers that cut text into lines or fields before parsing it: the
//! library's own SIMD search (the `scan` module: 16 bytes per step with SSE2 on x86-64, eight
//! with word arithmetic elsewhere; every line feed of a text 64 bytes per step with
//! [`line_feeds`]), behind a safe, plain interface. Implements no RFC rule.

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

/// The indexes of the line feeds (`\n`) of `haystack`, in order: one pass over the text, 64
/// bytes per step (AVX2 on x86-64 when the processor has it, SSE2 otherwise, simd128 on
/// WebAssembly built with it, word arithmetic elsewhere), rather than one search per line.
/// What is found in a step is handed out with no further look at the text, so a text of
/// short lines costs about one step per 64 bytes and a few instructions per line.
///
/// ```
/// let text = b"http://a/\r\nb\n\nlast";
/// let feeds: Vec<usize> = iri::bytes::line_feeds(text).collect();
/// assert_eq!(feeds, [10, 12, 13]);
/// // The lines, without their line feeds; the last has none.
/// let mut start = 0;
/// let mut lines = Vec::new();
/// for k in iri::bytes::line_feeds(text) {
///     lines.push(&text[start..k]);
///     start = k + 1;
/// }
/// lines.push(&text[start..]);
/// assert_eq!(lines, [&b"http://a/\r"[..], b"b", b"", b"last"]);
/// ```
#[inline]
pub fn line_feeds(haystack: &[u8]) -> LineFeeds<'_> {
    LineFeeds(crate::scan::lines::Positions::new(
        haystack,
        b'\n',
        crate::scan::lines::Kernel::best(),
    ))
}

/// The iterator of [`line_feeds`]: the index of each line feed of a text, in order; once it
/// has said `None` it says `None` again.
///
/// ```
/// let mut feeds = iri::bytes::line_feeds(b"a\nb\n");
/// assert_eq!(feeds.next(), Some(1));
/// assert_eq!(feeds.next(), Some(3));
/// assert_eq!(feeds.next(), None);
/// assert_eq!(feeds.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct LineFeeds<'a>(crate::scan::lines::Positions<'a>);

impl Iterator for LineFeeds<'_> {
    type Item = usize;

    // Inlined into the caller's loop, so that the state lives in registers (a call per line
    // feed cost about 60 instructions a line in the command).
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        self.0.next()
    }
}

impl core::iter::FusedIterator for LineFeeds<'_> {}

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

    /// The scan module's form of the set (its tests build their sets with [`ByteSet::of`]
    /// and [`ByteSet::range`]).
    #[cfg(test)]
    pub(crate) const fn rows(self) -> crate::scan::set::SetRows {
        self.0
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

/// Single bytes and two-byte sequences to search for with [`find_in_pairs`]: any set of
/// single bytes, and up to eight first bytes, each with the set of bytes that may follow it.
/// Built at compile time. A search for the lead bytes of some characters, told their second
/// bytes as well, passes over the other characters that share those lead bytes without
/// stopping.
///
/// ```
/// use iri::bytes::{ByteSet, PairSet};
/// // The C0 controls alone, and U+0080 to U+009F (C2 80 to C2 9F in UTF-8).
/// const C0_C1: PairSet =
///     PairSet::new(ByteSet::range(0x00, 0x1F)).with_pairs(0xC2, ByteSet::range(0x80, 0x9F));
/// assert!(C0_C1.matches_at(b"\t", 0));
/// assert!(C0_C1.matches_at("\u{85}".as_bytes(), 0));
/// assert!(!C0_C1.matches_at("\u{E9}".as_bytes(), 0)); // C3 A9
/// assert!(!C0_C1.matches_at("\u{A9}".as_bytes(), 0)); // C2 A9
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairSet(crate::scan::pairs::PairRows);

impl PairSet {
    /// The set of the single bytes of `singles`, and no pairs.
    ///
    /// ```
    /// use iri::bytes::{ByteSet, PairSet};
    /// let set = PairSet::new(ByteSet::of(b"%"));
    /// assert!(set.matches_at(b"a%", 1) && !set.matches_at(b"a%", 0));
    /// ```
    pub const fn new(singles: ByteSet) -> PairSet {
        PairSet(crate::scan::pairs::PairRows::new(singles.0))
    }

    /// The set with the pairs of `first` followed by any byte of `seconds` added.
    ///
    /// # Panics
    ///
    /// When `first` was given before, or when the set has eight first bytes already (in a
    /// `const`, the build fails).
    ///
    /// ```
    /// use iri::bytes::{ByteSet, PairSet};
    /// // U+200B to U+200F (E2 80 8B to E2 80 8F) start with E2 80.
    /// const SET: PairSet = PairSet::new(ByteSet::EMPTY).with_pairs(0xE2, ByteSet::of(&[0x80]));
    /// assert!(SET.matches_at("\u{200B}".as_bytes(), 0));
    /// assert!(!SET.matches_at("\u{2192}".as_bytes(), 0)); // E2 86 92
    /// ```
    pub const fn with_pairs(self, first: u8, seconds: ByteSet) -> PairSet {
        PairSet(self.0.with_pairs(first, seconds.0))
    }

    /// Whether a single or a pair of the set starts at index `i` of `haystack`: its byte is
    /// one of the singles, or one of the first bytes followed (within `haystack`) by one of
    /// that byte's second bytes. A first byte at the end has no byte after it: only as a
    /// single does it match there.
    ///
    /// # Panics
    ///
    /// When `i` is not below `haystack.len()`.
    ///
    /// ```
    /// use iri::bytes::{ByteSet, PairSet};
    /// let set = PairSet::new(ByteSet::EMPTY).with_pairs(b'%', ByteSet::of(b"2"));
    /// assert!(set.matches_at(b"a%20", 1));
    /// assert!(!set.matches_at(b"a%41", 1));
    /// assert!(!set.matches_at(b"a%", 1));
    /// ```
    #[inline]
    pub fn matches_at(&self, haystack: &[u8], i: usize) -> bool {
        self.0.matches_at(haystack, i)
    }
}

impl core::fmt::Debug for PairSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let rows = &self.0;
        let pairs: alloc::vec::Vec<(u8, ByteSet)> = (0..rows.count as usize)
            .map(|k| (rows.firsts[k], ByteSet(rows.seconds[k])))
            .collect();
        f.debug_struct("PairSet")
            .field("singles", &ByteSet(rows.singles))
            .field("pairs", &pairs)
            .finish()
    }
}

/// The index of the first place in `haystack` where a single or a pair of `set` starts
/// ([`PairSet::matches_at`]), or `None`: each byte is looked at with the byte after it, 32
/// bytes per step with AVX2 on x86-64, 16 with SSSE3 (asked of the processor once, with the
/// `std` feature) or with WebAssembly's simd128, one at a time elsewhere.
///
/// ```
/// use iri::bytes::{find_in_pairs, ByteSet, PairSet};
/// // The controls, and the bidi embeddings and overrides U+202A to U+202E (E2 80 AA to
/// // E2 80 AE), which are all E2 80 followed by a third byte: E2 80 is looked for.
/// const SET: PairSet = PairSet::new(ByteSet::range(0x00, 0x1F).with(0x7F))
///     .with_pairs(0xE2, ByteSet::of(&[0x80]));
/// assert_eq!(find_in_pairs("caf\u{E9} \u{2192} x\u{202E}y".as_bytes(), &SET), Some(11));
/// assert_eq!(find_in_pairs("\u{4F8B}\u{2192}\u{E9}".as_bytes(), &SET), None);
/// ```
#[inline]
pub fn find_in_pairs(haystack: &[u8], set: &PairSet) -> Option<usize> {
    crate::scan::pairs::find_in_pairs(haystack, 0, &set.0)
}

/// As [`find_in_pairs`], from index `from` of `haystack` on (the index returned is in
/// `haystack`; `None` when `from` is at or past its end). The bytes before `from` are not
/// looked at: a search that goes on after a place found, or after a part known to hold
/// none, takes the whole text with a later start rather than a shorter slice, so that a
/// short rest is searched with the steps of the longer text.
///
/// ```
/// use iri::bytes::{find_in_pairs_from, ByteSet, PairSet};
/// const SET: PairSet = PairSet::new(ByteSet::of(b"\t"));
/// let text = b"a\tb\tc";
/// assert_eq!(find_in_pairs_from(text, 0, &SET), Some(1));
/// assert_eq!(find_in_pairs_from(text, 2, &SET), Some(3));
/// assert_eq!(find_in_pairs_from(text, 4, &SET), None);
/// assert_eq!(find_in_pairs_from(text, 99, &SET), None);
/// ```
#[inline]
pub fn find_in_pairs_from(haystack: &[u8], from: usize, set: &PairSet) -> Option<usize> {
    if from >= haystack.len() {
        return None;
    }
    crate::scan::pairs::find_in_pairs(haystack, from, &set.0)
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
