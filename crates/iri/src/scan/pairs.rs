//! Sets of bytes and of two-byte sequences, and the search for the first place where one
//! starts ([`find_in_pairs`]): the portable version here (one byte at a time), the SSSE3 and
//! AVX2 ones in `x86/pairs.rs` (16 and 32 bytes per step), the simd128 one in
//! `wasm_pairs.rs`. Implements no RFC rule.
//!
//! **How.** The SIMD versions look at each byte and at the byte after it in one step. A
//! byte's membership of the singles is exact (the bitmap of [`SetRows`]). For the pairs,
//! each of the (at most eight) first bytes owns one bit: a byte's low-nibble entry and its
//! high-nibble entry in the first-byte tables share that bit only when the byte is that first
//! byte; the second-byte tables hold, for each bit, the low and the high nibbles of its
//! second bytes, so a following byte whose two nibbles both appear there shares the bit. The
//! pair test is then a superset of the pairs (every combination of the nibbles), so each
//! place it reports is checked against the exact sets ([`PairRows::matches_at`]) before it
//! is returned: the search is exact, and it settles text without any of the first bytes, or
//! with them followed by other second bytes, many bytes at a time.

use super::set::SetRows;

/// The most first bytes a [`PairRows`] holds: one bit of a byte each.
pub(crate) const MAX_FIRSTS: usize = 8;

/// Single bytes and pairs of bytes to search for: see the module's notes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PairRows {
    /// The bytes that match alone.
    pub(crate) singles: SetRows,
    /// The first bytes of the pairs, in the order added (`count` of them).
    pub(crate) firsts: [u8; MAX_FIRSTS],
    /// For each first byte, its second bytes.
    pub(crate) seconds: [SetRows; MAX_FIRSTS],
    /// How many first bytes there are.
    pub(crate) count: u8,
    /// Bit k of entry `l` of `first_low`: the k-th first byte's low nibble is `l`; the same
    /// for the high nibble in `first_high`.
    pub(crate) first_low: [u8; 16],
    pub(crate) first_high: [u8; 16],
    /// Bit k of entry `l` of `second_low`: one of the k-th first byte's second bytes has the
    /// low nibble `l`; the same for the high nibble in `second_high`.
    pub(crate) second_low: [u8; 16],
    pub(crate) second_high: [u8; 16],
}

impl PairRows {
    /// The set of the singles given and no pairs.
    pub(crate) const fn new(singles: SetRows) -> PairRows {
        PairRows {
            singles,
            firsts: [0; MAX_FIRSTS],
            seconds: [SetRows::EMPTY; MAX_FIRSTS],
            count: 0,
            first_low: [0; 16],
            first_high: [0; 16],
            second_low: [0; 16],
            second_high: [0; 16],
        }
    }

    /// The set with the pairs of `first` followed by any byte of `seconds` added. Panics
    /// when `first` has pairs already or when there are [`MAX_FIRSTS`] first bytes already.
    pub(crate) const fn with_pairs(mut self, first: u8, seconds: SetRows) -> PairRows {
        let mut j = 0;
        while j < self.count as usize {
            assert!(self.firsts[j] != first, "a first byte given twice");
            j += 1;
        }
        let k = self.count as usize;
        assert!(k < MAX_FIRSTS, "more than eight first bytes");
        let bit = 1u8 << k;
        self.firsts[k] = first;
        self.seconds[k] = seconds;
        self.count += 1;
        self.first_low[(first & 15) as usize] |= bit;
        self.first_high[(first >> 4) as usize] |= bit;
        let mut b = 0u16;
        while b < 256 {
            if seconds.contains(b as u8) {
                self.second_low[(b & 15) as usize] |= bit;
                self.second_high[(b >> 4) as usize] |= bit;
            }
            b += 1;
        }
        self
    }

    /// Whether a single or a pair starts at `i` (`i < s.len()`): `s[i]` is a single, or a
    /// first byte followed, at `i + 1` within `s`, by one of its second bytes.
    #[inline]
    pub(crate) fn matches_at(&self, s: &[u8], i: usize) -> bool {
        let b = s[i];
        if self.singles.contains(b) {
            return true;
        }
        // The bit the tables give `b`: at most one, that of its own first byte.
        let bit = self.first_low[(b & 15) as usize] & self.first_high[(b >> 4) as usize];
        if bit == 0 {
            return false;
        }
        let k = bit.trailing_zeros() as usize;
        match s.get(i + 1) {
            Some(&next) => self.seconds[k].contains(next),
            None => false,
        }
    }

    /// The first index of `mask`'s bits (bit j for index `base + j`) where a single or a pair
    /// starts, checked by [`PairRows::matches_at`].
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    #[inline(always)]
    pub(crate) fn first_match(&self, s: &[u8], base: usize, mut mask: u64) -> Option<usize> {
        while mask != 0 {
            let i = base + mask.trailing_zeros() as usize;
            if self.matches_at(s, i) {
                return Some(i);
            }
            mask &= mask - 1;
        }
        None
    }
}

/// The index of the first `i >= from` where a single or a pair of `set` starts in `s`
/// ([`PairRows::matches_at`]), or `None`.
#[inline]
pub(crate) fn find_in_pairs(s: &[u8], from: usize, set: &PairRows) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { super::x86::find_in_pairs_avx2(s, from, set) };
    }
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        return unsafe { super::x86::find_in_pairs_ssse3(s, from, set) };
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        super::wasm_pairs::find_in_pairs_simd128(s, from, set)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        find_in_pairs_scalar(s, from, set)
    }
}

/// [`find_in_pairs`] one byte at a time, for every target: the reference of the others.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128", not(test)),
    allow(dead_code)
)] // simd128 builds have their own
pub(crate) fn find_in_pairs_scalar(s: &[u8], from: usize, set: &PairRows) -> Option<usize> {
    (from..s.len()).find(|&i| set.matches_at(s, i))
}

/// [`find_in_pairs`] of `s` from `from` by every version the processor has, named (for the
/// tests).
#[cfg(test)]
pub(crate) fn find_in_pairs_every_version(
    s: &[u8],
    from: usize,
    set: &PairRows,
) -> alloc::vec::Vec<(&'static str, Option<usize>)> {
    #[allow(unused_mut)] // nothing more is pushed on other targets
    let mut all = alloc::vec![("scalar", find_in_pairs_scalar(s, from, set))];
    #[cfg(target_arch = "x86_64")]
    {
        use super::x86;
        if x86::has_ssse3() {
            // SAFETY: the processor has SSSE3 (checked just above).
            all.push(("ssse3", unsafe { x86::find_in_pairs_ssse3(s, from, set) }));
        }
        if x86::has_avx2() {
            // SAFETY: the processor has AVX2 (checked just above).
            all.push(("avx2", unsafe { x86::find_in_pairs_avx2(s, from, set) }));
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    all.push((
        "simd128",
        super::wasm_pairs::find_in_pairs_simd128(s, from, set),
    ));
    all
}
