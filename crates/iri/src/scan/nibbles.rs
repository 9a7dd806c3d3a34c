//! The nibble tables that classify 16 bytes at once with a byte shuffle (`pshufb` on x86-64,
//! `i8x16.swizzle` in WebAssembly): built at compile time from `chars::TABLE`, the classes of
//! RFC 3986 §2 and RFC 3987 §2.2. Shared by the SIMD scanners of `x86/` and `wasm.rs`.

use crate::chars::{IQUERY, QUERY, TABLE};

/// The two 16-entry tables that classify a byte by its nibbles: the byte `b` is in the class
/// exactly when `lo[b & 15] & hi[b >> 4] != 0`.
///
/// Built from `chars::TABLE`: for each high nibble, the set of low nibbles that make a member
/// is one of at most eight distinct sets (checked when the tables are built), each given a
/// bit; `hi` holds the bit of the high nibble's set, `lo` the bits of the sets a low nibble
/// belongs to.
#[derive(Clone, Copy)]
pub(crate) struct Nibbles {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
}

const fn nibbles(class: u16) -> Nibbles {
    nibbles_except(class, None)
}

/// [`nibbles`] of `class` without the byte `except`.
pub(crate) const fn nibbles_except(class: u16, except: Option<u8>) -> Nibbles {
    let mut sets = [0u16; 8];
    let mut count = 0;
    let mut t = Nibbles {
        lo: [0; 16],
        hi: [0; 16],
    };
    let mut h = 0;
    while h < 16 {
        let mut set = 0u16;
        let mut l = 0;
        while l < 16 {
            let not_except = match except {
                Some(e) => e as usize != h << 4 | l,
                None => true,
            };
            if TABLE[h << 4 | l] & class != 0 && not_except {
                set |= 1 << l;
            }
            l += 1;
        }
        if set != 0 {
            let mut k = 0;
            while k < count && sets[k] != set {
                k += 1;
            }
            if k == count {
                assert!(count < 8, "a class needs more than eight low-nibble sets");
                sets[k] = set;
                count += 1;
            }
            t.hi[h] = 1 << k;
            let mut l = 0;
            while l < 16 {
                if set & (1 << l) != 0 {
                    t.lo[l] |= 1 << k;
                }
                l += 1;
            }
        }
        h += 1;
    }
    t
}

/// The nibble tables of every class bit of `chars`, indexed by the bit's number.
pub(crate) static NIBBLES: [Nibbles; 16] = {
    let mut all = [Nibbles {
        lo: [0; 16],
        hi: [0; 16],
    }; 16];
    let mut bit = 0;
    while bit < 16 {
        all[bit] = nibbles(1 << bit);
        bit += 1;
    }
    all
};

/// The nibble tables of `chars::QUERY` and `chars::IQUERY` without `@`, for
/// [`Marks::unusual`](super::Marks::unusual).
pub(crate) static MARK_CLASSES: [Nibbles; 2] = [
    nibbles_except(QUERY, Some(b'@')),
    nibbles_except(IQUERY, Some(b'@')),
];
