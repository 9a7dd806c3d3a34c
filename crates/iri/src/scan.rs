//! The byte-level scanning of the library, in one place: every word-at-a-time trick sits
//! behind a function named by what it finds, so the grammar code (`chars`, `parser`,
//! `resolve`, `convert`, `normalize`) reads as the RFC rules it implements.
//!
//! Implements no RFC rule itself: each function has a contract stated on it, and the tests
//! below check it exhaustively against the obvious one-byte-at-a-time version. Character
//! classes come from `chars` (RFC 3986 §2, RFC 3987 §2.2); this module only scans for them.

use crate::chars::TABLE;

/// The bytes of `w` (eight bytes, little-endian) equal to `v`: the high bit of each such
/// byte is set, every other bit is clear. Exact (no false positives), unlike the shorter
/// `(x - 0x01…) & !x & 0x80…` test, which may also flag a byte above a match.
#[inline(always)]
pub(crate) const fn swar_eq(w: u64, v: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = w ^ (v as u64 * 0x0101_0101_0101_0101);
    // A byte of `x` is zero exactly when adding 0x7F to its low seven bits leaves the high
    // bit clear and its own high bit is clear.
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Eight bytes of `s` from `i` as a little-endian word, zero-padded past the end; for a
/// short tail the last eight bytes are loaded and shifted, so no byte loop is needed.
#[inline(always)]
pub(crate) fn load_word(s: &[u8], i: usize) -> u64 {
    let n = s.len();
    let mut w = [0u8; 8];
    if i + 8 <= n {
        w.copy_from_slice(&s[i..i + 8]);
        u64::from_le_bytes(w)
    } else if n >= 8 {
        w.copy_from_slice(&s[n - 8..]);
        u64::from_le_bytes(w) >> (8 * (i + 8 - n))
    } else {
        w[..n - i].copy_from_slice(&s[i..]);
        u64::from_le_bytes(w)
    }
}

/// The bits of `bits` that every byte of `w` has: the classes, among those asked for, that
/// hold all of `w` (the table entries ANDed, with no branch per byte). `w` is all in a
/// class when the result has its bit.
#[inline(always)]
pub(crate) fn common_bits(w: &[u8], bits: u16) -> u16 {
    w.iter().fold(bits, |m, &c| m & TABLE[c as usize])
}

/// How many of the eight bytes of `w` (little-endian: first byte lowest), from the first on,
/// are in `class`: 0 to 8, found without a branch.
#[inline(always)]
pub(crate) fn class_prefix(w: u64, class: u16) -> usize {
    let mut outside = 0u32;
    let mut k = 0;
    while k < 8 {
        let c = (w >> (8 * k)) as u8;
        outside |= u32::from(TABLE[c as usize] & class == 0) << k;
        k += 1;
    }
    (outside | 0x100).trailing_zeros() as usize
}

/// The high bit of each byte of a word: the bit that a non-ASCII byte has set, and where
/// the word-at-a-time tests flag a byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The index of the first byte `v` in `s` from `from`, eight bytes at a time.
#[inline]
pub(crate) fn find_byte(s: &[u8], from: usize, v: u8) -> Option<usize> {
    let mut i = from;
    while i < s.len() {
        let x = load_word(s, i) ^ (v as u64 * 0x0101_0101_0101_0101);
        // The lowest flagged byte is a true match (a false flag only sits above one); the
        // zero padding never matches a non-zero `v`, and a zero `v` is found in place.
        let m = x.wrapping_sub(0x0101_0101_0101_0101) & !x & HIGH;
        if m != 0 {
            let at = i + (m.trailing_zeros() / 8) as usize;
            return (at < s.len()).then_some(at);
        }
        i += 8;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    // own: every byte value at every position, against a byte-wise comparison.
    #[test]
    fn swar_eq_is_exact() {
        for v in [b'.', b'/', 0u8, 0x80, 0xFF] {
            for pos in 0..8 {
                for other in 0..=255u8 {
                    let mut bytes = [other; 8];
                    bytes[pos] = v;
                    let m = swar_eq(u64::from_le_bytes(bytes), v);
                    for (k, &b) in bytes.iter().enumerate() {
                        let bit = (m >> (8 * k + 7)) & 1 == 1;
                        assert_eq!(bit, b == v, "{bytes:?} {v} {k}");
                    }
                    assert_eq!(m & !0x8080_8080_8080_8080, 0);
                }
            }
        }
    }

    // own: against a byte-wise search, every length, position and start.
    #[test]
    fn find_byte_and_load_word() {
        for len in 0..20usize {
            for at in 0..=len {
                let mut s = alloc::vec![b'a'; len];
                if at < len {
                    s[at] = b'%';
                }
                for from in 0..=len {
                    let want = s[from..].iter().position(|&c| c == b'%').map(|p| from + p);
                    assert_eq!(find_byte(&s, from, b'%'), want, "{len} {at} {from}");
                    if from < len {
                        let w = load_word(&s, from).to_le_bytes();
                        for (k, &b) in w.iter().enumerate() {
                            assert_eq!(b, s.get(from + k).copied().unwrap_or(0));
                        }
                    }
                }
            }
        }
    }
}
