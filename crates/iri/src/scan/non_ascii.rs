//! Where the non-ASCII bytes of a text are ([`NonAscii`]), as the IRI→URI mapping of
//! `convert` (RFC 3987 §3.1 step 2.2) needs them to size and place its result.

use super::first_non_ascii;
use super::word::{load_word, HIGH};

/// Where the non-ASCII bytes of a text are, as the IRI→URI mapping needs them: where the
/// first one is, how many there are, and how many lie before a given index (so how far the
/// mapping moves that index: two bytes for each).
///
/// For a text of up to [`NonAscii::BITS`] bytes (99.8% of the benchmark corpus's lines that
/// hold a non-ASCII character) one pass sets one bit per non-ASCII byte, and every answer is
/// a bit count, with no branch on the text; a longer text is counted in when asked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NonAscii<'a> {
    s: &'a [u8],
    /// Bit `i` of the two words for a non-ASCII `s[i]`, when `s.len() <= BITS`.
    bits: Option<[u64; 2]>,
}

impl<'a> NonAscii<'a> {
    /// The longest text whose non-ASCII bytes are kept as bits.
    pub(crate) const BITS: usize = 128;

    /// The non-ASCII bytes of `s`.
    #[inline(always)]
    pub(crate) fn of(s: &'a [u8]) -> Self {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86-64.
        let bits = unsafe { super::x86::non_ascii_bits_sse2(s) };
        #[cfg(not(target_arch = "x86_64"))]
        let bits = non_ascii_bits_scalar(s);
        NonAscii { s, bits }
    }

    /// The index of the first non-ASCII byte, or the text's length.
    #[inline(always)]
    pub(crate) fn first(&self) -> usize {
        match self.bits {
            // No bit gives 128, past every text that has bits.
            Some(words) => (bits_of(words).trailing_zeros() as usize).min(self.s.len()),
            None => first_non_ascii(self.s, 0),
        }
    }

    /// The length of the text's IRI→URI mapping (two bytes more for each non-ASCII byte),
    /// and where the mapping moves each of `ends` (ascending indexes of the text, at most its
    /// length: two bytes further on for each non-ASCII byte before it); `None` for an ASCII
    /// text, whose mapping is itself. A text without bits is counted once, from each end to
    /// the next and from the last to the text's end.
    #[inline(always)]
    pub(crate) fn layout(&self, ends: [usize; 3]) -> Option<(usize, [usize; 3])> {
        debug_assert!(ends.is_sorted(), "{ends:?}");
        let [a, b, c] = ends;
        let (to, count) = match self.bits {
            Some(words) => (
                [a, b, c].map(|e| bits_before(words, e)),
                bits_of(words).count_ones() as usize,
            ),
            None => {
                let to_a = count_non_ascii(&self.s[..a]);
                let to_b = to_a + count_non_ascii(&self.s[a..b]);
                let to_c = to_b + count_non_ascii(&self.s[b..c]);
                ([to_a, to_b, to_c], to_c + count_non_ascii(&self.s[c..]))
            }
        };
        if count == 0 {
            return None;
        }
        let [to_a, to_b, to_c] = to;
        Some((
            self.s.len() + 2 * count,
            [a + 2 * to_a, b + 2 * to_b, c + 2 * to_c],
        ))
    }

    /// The text's [`layout`](Self::layout), after room for the mapping and [`URI_SLACK`]
    /// more bytes was made in `out`; `None`, making no room, for an ASCII text.
    #[inline(always)]
    pub(crate) fn make_room(
        &self,
        out: &mut alloc::string::String,
        ends: [usize; 3],
    ) -> Option<(usize, [usize; 3])> {
        let layout = self.layout(ends)?;
        crate::buf::reserve(out, layout.0 + URI_SLACK);
        Some(layout)
    }
}

/// How many of [`NonAscii`]'s bits `words` lie below index `e` (at most 128).
#[inline(always)]
fn bits_before([lo, hi]: [u64; 2], e: usize) -> usize {
    let below = |e: usize| if e >= 64 { u64::MAX } else { (1u64 << e) - 1 };
    ((lo & below(e)).count_ones() + (hi & below(e.saturating_sub(64))).count_ones()) as usize
}

/// The two words of [`NonAscii`]'s bits as one number, bit `i` for byte `i`.
#[inline(always)]
fn bits_of([lo, hi]: [u64; 2]) -> u128 {
    u128::from(hi) << 64 | u128::from(lo)
}

/// The bits of [`NonAscii`] eight bytes at a time, without SIMD: the high bit of each byte
/// of a word, moved to the low end of the byte, gathered into eight bits by one
/// multiplication (bit `8k` lands on bit `56 + k`, and no two products meet).
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn non_ascii_bits_scalar(s: &[u8]) -> Option<[u64; 2]> {
    if s.len() > NonAscii::BITS {
        return None;
    }
    let mut bits = [0u64; 2];
    let mut i = 0;
    while i < s.len() {
        let high = (load_word(s, i) & HIGH) >> 7;
        bits[i / 64] |= (high.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (i % 64);
        i += 8;
    }
    Some(bits)
}

/// How many bytes of `b` are not ASCII, eight at a time: the high bits of a word moved to
/// the low end of each byte and summed into the top byte by one multiplication.
pub(crate) fn count_non_ascii(b: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        let high = load_word(b, i) & HIGH;
        n += ((high >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        i += 8;
    }
    n
}

/// The room past the result that [`push_uri_octets`] asks for: the SSSE3 writers store
/// whole 16-byte registers, each from where the bytes written so far end.
pub(crate) const URI_SLACK: usize = 16;
