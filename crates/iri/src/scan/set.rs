//! Sets of byte values and the search for the first byte of a set ([`find_in_set`]): the
//! portable version here (one table lookup per byte), the SSSE3 and AVX2 ones in
//! `x86/set.rs` (16 and 32 bytes per step). Implements no RFC rule.

/// A set of byte values, as a bitmap laid out for the SSSE3 search: for each low nibble `l`,
/// `rows[0][l]` has bit `h` set when the byte `h << 4 | l` is in the set (`h` from 0 to 7),
/// and `rows[1][l]` bit `h` when `(8 + h) << 4 | l` is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SetRows {
    pub(crate) rows: [[u8; 16]; 2],
}

impl SetRows {
    /// The empty set.
    pub(crate) const EMPTY: SetRows = SetRows { rows: [[0; 16]; 2] };

    /// The set with `b` added.
    pub(crate) const fn with(mut self, b: u8) -> SetRows {
        self.rows[(b >> 7) as usize][(b & 15) as usize] |= 1 << ((b >> 4) & 7);
        self
    }

    /// Whether `b` is in the set.
    #[inline(always)]
    pub(crate) const fn contains(&self, b: u8) -> bool {
        self.rows[(b >> 7) as usize][(b & 15) as usize] & (1 << ((b >> 4) & 7)) != 0
    }
}

/// The index of the first byte of `s[from..]` in `set` (an index into `s`), or `None`.
#[inline]
pub(crate) fn find_in_set(s: &[u8], from: usize, set: &SetRows) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { super::x86::find_in_set_avx2(s, from, set) };
    }
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        return unsafe { super::x86::find_in_set_ssse3(s, from, set) };
    }
    find_in_set_scalar(s, from, set)
}

/// [`find_in_set`] one byte at a time, for every target.
pub(crate) fn find_in_set_scalar(s: &[u8], from: usize, set: &SetRows) -> Option<usize> {
    s[from..]
        .iter()
        .position(|&b| set.contains(b))
        .map(|i| from + i)
}

/// [`find_in_set`] of `s` by every version the processor has, named (for the tests).
#[cfg(test)]
pub(crate) fn find_in_set_every_version(
    s: &[u8],
    set: &SetRows,
) -> alloc::vec::Vec<(&'static str, Option<usize>)> {
    #[allow(unused_mut)] // nothing more is pushed on other targets
    let mut all = alloc::vec![("scalar", find_in_set_scalar(s, 0, set))];
    #[cfg(target_arch = "x86_64")]
    {
        use super::x86;
        if x86::has_ssse3() {
            // SAFETY: the processor has SSSE3 (checked just above).
            all.push(("ssse3", unsafe { x86::find_in_set_ssse3(s, 0, set) }));
        }
        if x86::has_avx2() {
            // SAFETY: the processor has AVX2 (checked just above).
            all.push(("avx2", unsafe { x86::find_in_set_avx2(s, 0, set) }));
        }
    }
    all
}

/// The index of the first byte of `s[from..]` outside `first..=last` (an index into `s`), or
/// `None`. `first <= last`.
#[inline]
pub(crate) fn find_outside(s: &[u8], from: usize, first: u8, last: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        super::x86::find_outside_sse2(s, from, first, last)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_outside_scalar(s, from, first, last)
    }
}

/// [`find_outside`] one byte at a time, for every target.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))] // x86-64 has its own
pub(crate) fn find_outside_scalar(s: &[u8], from: usize, first: u8, last: u8) -> Option<usize> {
    s[from..]
        .iter()
        .position(|b| !(first..=last).contains(b))
        .map(|i| from + i)
}
