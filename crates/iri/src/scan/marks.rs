//! The marks of a short text, one bit per byte, that the parser finds an IRI reference's
//! components with ([`Marks`], given by a [`Scanner`](super::Scanner)), and the one-pass
//! check of normalization ([`normal_marks`]). No RFC rule is implemented here.

use super::word::{load_word, swar_eq, HIGH};

/// The longest text [`Scanner::marks`] takes, in bytes.
pub(crate) const MARKS_MAX: usize = 64;

/// The longest text [`Scanner::long_marks`] takes, in bytes.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86-64 scanners mark
pub(crate) const LONG_MARKS_MAX: usize = 128;

/// Where the bytes that shape an IRI reference lie in a text of 1 to [`LONG_MARKS_MAX`] bytes,
/// one bit per byte (bit `k` for byte `k`, in a `u64` or a `u128`; no bit past the text is
/// set, except in `not_scheme`): what [`Scanner::marks`] gives the parser, so that it finds
/// the components of a common IRI reference with a few operations on words instead of a scan
/// per component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Marks<W> {
    /// The bytes outside the class asked for, and every `@` (which the class holds).
    pub(crate) unusual: W,
    /// The `:` bytes.
    pub(crate) colon: W,
    /// The `/` bytes.
    pub(crate) slash: W,
    /// The `?` bytes.
    pub(crate) question: W,
    /// The `#` bytes.
    pub(crate) hash: W,
    /// The `.` bytes (for normalization's check, [`Marks::normal`]).
    pub(crate) dot: W,
    /// The ASCII upper-case letters, `A`–`Z` (for normalization's check).
    pub(crate) upper: W,
    /// Whether a byte is non-ASCII.
    pub(crate) non_ascii: bool,
    /// Among the first 16 bytes, those outside `chars::SCHEME`; the bits of bytes past the
    /// text (up to bit 15) are set, those from bit 16 on clear.
    pub(crate) not_scheme: u32,
}

/// A word of [`Marks`]: `u64` or `u128`, one bit per byte.
pub(crate) trait MarkWord:
    Copy + Eq + core::ops::BitOr<Output = Self> + core::ops::BitAnd<Output = Self>
{
    /// The first marked byte at or after `i` (`i` at most the word's bits), or a number
    /// past the last byte the word can mark when there is none.
    fn first_from(self, i: usize) -> usize;
    /// Whether at most one byte is marked.
    fn at_most_one(self) -> bool;
    /// Whether a byte is marked in `self` whose next byte is marked in `next`.
    fn followed_by(self, next: Self) -> bool;
    /// Whether a byte below `k` is marked.
    fn any_below(self, k: usize) -> bool;
}

macro_rules! mark_word {
    ($w:ty) => {
        impl MarkWord for $w {
            #[inline(always)]
            fn first_from(self, i: usize) -> usize {
                let rest = self.checked_shr(i as u32).unwrap_or(0);
                i + rest.trailing_zeros() as usize
            }
            #[inline(always)]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline(always)]
            fn followed_by(self, next: Self) -> bool {
                self & (next >> 1) != 0
            }
            #[inline(always)]
            fn any_below(self, k: usize) -> bool {
                let below = match (1 as $w).checked_shl(k as u32) {
                    Some(bit) => bit - 1,
                    None => <$w>::MAX,
                };
                self & below != 0
            }
        }
    };
}
mark_word!(u64);
mark_word!(u128);

impl<N: Copy> Marks<N> {
    /// These marks and those of `z`, which start at byte `at`, in one wider word: the two may
    /// overlap, as a byte has the same marks in both. `not_scheme` is this one's. (`m.join(m,
    /// 0)` is `m` in the wider word.)
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86-64 scanners mark
    #[inline(always)]
    pub(crate) fn join<W>(self, z: Self, at: usize) -> Marks<W>
    where
        W: From<N> + core::ops::Shl<usize, Output = W> + core::ops::BitOr<Output = W>,
    {
        let join = |a: N, z: N| W::from(a) | W::from(z) << at;
        Marks {
            unusual: join(self.unusual, z.unusual),
            colon: join(self.colon, z.colon),
            slash: join(self.slash, z.slash),
            question: join(self.question, z.question),
            hash: join(self.hash, z.hash),
            dot: join(self.dot, z.dot),
            upper: join(self.upper, z.upper),
            non_ascii: self.non_ascii | z.non_ascii,
            not_scheme: self.not_scheme,
        }
    }
}

/// What [`normal_marks`] finds in a text: the bytes that syntax-based normalization could
/// act on. A text with none of them is left as it is by the case, percent-encoding and
/// dot-segment steps; one with some may still be (the caller then looks closer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct NormalMarks {
    /// A `%`.
    pub(crate) percent: bool,
    /// A `/` followed by a `.`.
    pub(crate) slash_dot: bool,
    /// An ASCII upper-case letter (`A`–`Z`) before the `upper_to` given.
    pub(crate) upper: bool,
}

/// Whether `s` holds a `%`, a `/` directly followed by a `.`, and an ASCII upper-case letter
/// at an index below `upper_to`, in one pass.
///
/// Contract: `upper_to <= s.len()`.
#[inline]
pub(crate) fn normal_marks(s: &[u8], upper_to: usize) -> NormalMarks {
    debug_assert!(upper_to <= s.len());
    #[cfg(target_arch = "x86_64")]
    {
        // Texts of 33 bytes and more take 32 bytes per step where the processor can.
        if s.len() >= 33 && super::x86::has_avx2() {
            // SAFETY: the processor has AVX2 (checked just above).
            return unsafe { super::x86::normal_marks_avx2(s, upper_to) };
        }
        // SAFETY: SSE2 is part of x86-64.
        unsafe { super::x86::normal_marks_sse2(s, upper_to) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        normal_marks_scalar(s, upper_to)
    }
}

/// [`normal_marks`] eight bytes at a time, without SIMD: exact byte comparisons
/// ([`swar_eq`]), the word after each byte for the pairs, and the upper-case test of
/// [`ascii_case_scan`] kept to the bytes below `upper_to`.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn normal_marks_scalar(s: &[u8], upper_to: usize) -> NormalMarks {
    let (mut percent, mut pairs, mut upper) = (0u64, 0u64, 0u64);
    let mut i = 0;
    while i < s.len() {
        let w = load_word(s, i);
        // The eight bytes from `i + 1`: those of `w` moved down, and the one after them
        // (zero past the end, which matches nothing).
        let next = (w >> 8) | (u64::from(s.get(i + 8).copied().unwrap_or(0)) << 56);
        percent |= swar_eq(w, b'%');
        pairs |= swar_eq(w, b'/') & swar_eq(next, b'.');
        let below = upper_to.saturating_sub(i).min(8);
        if below > 0 {
            let keep = if below == 8 {
                u64::MAX
            } else {
                (1u64 << (8 * below)) - 1
            };
            let low = w & !HIGH;
            upper |= low.wrapping_add(0x3F3F_3F3F_3F3F_3F3F)
                & !low.wrapping_add(0x2525_2525_2525_2525)
                & !w
                & keep;
        }
        i += 8;
    }
    NormalMarks {
        percent: percent != 0,
        slash_dot: pairs != 0,
        upper: upper & HIGH != 0,
    }
}
