//! The obvious one-byte-at-a-time versions of the scans, which the tests and the `scan` fuzz
//! target check the fast versions against. They state the contracts of the module doc as
//! plainly as possible; nothing else uses them.

use crate::chars::TABLE;

/// `class_run_noting`: the first index from `from` whose byte is not in `class`, and whether
/// a byte before it is non-ASCII.
pub(crate) fn class_run(s: &[u8], from: usize, class: u16) -> (usize, bool) {
    let mut i = from;
    let mut non_ascii = false;
    while i < s.len() && TABLE[s[i] as usize] & class != 0 {
        non_ascii |= s[i] >= 0x80;
        i += 1;
    }
    (i, non_ascii)
}

/// `find_byte`: the first index from `from` whose byte is `v`.
pub(crate) fn find_byte(s: &[u8], from: usize, v: u8) -> Option<usize> {
    (from..s.len()).find(|&i| s[i] == v)
}

/// `rfind_byte`: the last index before `to` whose byte is `v`.
pub(crate) fn rfind_byte(s: &[u8], to: usize, v: u8) -> Option<usize> {
    (0..to).rev().find(|&i| s[i] == v)
}

/// `first_non_ascii`: the first index from `from` whose byte is 0x80 or above, or the length.
pub(crate) fn first_non_ascii(s: &[u8], from: usize) -> usize {
    (from..s.len()).find(|&i| s[i] >= 0x80).unwrap_or(s.len())
}

/// `Scanner::marks` and `Scanner::long_marks`: each byte's marks, one at a time, in a `u128`
/// (for texts of up to 128 bytes).
pub(crate) fn marks(s: &[u8], class: u16) -> crate::scan::Marks<u128> {
    let mut m = crate::scan::Marks::default();
    for (k, &c) in s.iter().enumerate() {
        let bit = 1u128 << k;
        if TABLE[c as usize] & class == 0 || c == b'@' {
            m.unusual |= bit;
        }
        for (v, set) in [
            (b':', &mut m.colon),
            (b'/', &mut m.slash),
            (b'?', &mut m.question),
            (b'#', &mut m.hash),
            (b'.', &mut m.dot),
        ] {
            if c == v {
                *set |= bit;
            }
        }
        if c.is_ascii_uppercase() {
            m.upper |= bit;
        }
        m.non_ascii |= c >= 0x80;
    }
    for k in 0..16 {
        if s.get(k)
            .is_none_or(|&c| TABLE[c as usize] & crate::chars::SCHEME == 0)
        {
            m.not_scheme |= 1 << k;
        }
    }
    m
}

// ---- used by normalization ----

/// `normal_marks`: whether `s` holds a `%`, a `/` followed by a `.`, and an `A`–`Z` below
/// `upper_to`, as `(percent, slash_dot, upper)`.
pub(crate) fn normal_marks(s: &[u8], upper_to: usize) -> (bool, bool, bool) {
    (
        s.contains(&b'%'),
        s.windows(2).any(|w| w == b"/."),
        s[..upper_to].iter().any(u8::is_ascii_uppercase),
    )
}
