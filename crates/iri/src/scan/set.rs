//! Sets of byte values and the search for the first byte of a set ([`find_in_set`]): the
//! portable version here (one table lookup per byte), the SSSE3 one in `x86/set.rs` (16
//! bytes per step). Implements no RFC rule.

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

/// The bytes of `s[at..at + 64]` equal to `v`, one bit each (bit `k` for `s[at + k]`); the
/// bytes past the end of `s` count as not equal. `at <= s.len()`.
#[inline]
pub(crate) fn byte_mask64(s: &[u8], at: usize, v: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        super::x86::byte_mask64_sse2(s, at, v)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        byte_mask64_scalar(s, at, v)
    }
}

/// [`byte_mask64`] one byte at a time, for every target.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))] // x86-64 has its own
pub(crate) fn byte_mask64_scalar(s: &[u8], at: usize, v: u8) -> u64 {
    let end = s.len().min(at + 64);
    s[at..end]
        .iter()
        .enumerate()
        .fold(0, |m, (k, &b)| m | (u64::from(b == v) << k))
}
