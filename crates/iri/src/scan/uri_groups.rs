//! The tables of the SIMD IRI→URI octet writers (`x86/uri.rs` with SSSE3, `wasm_uri.rs` with
//! simd128; RFC 3987 §3.1 step 2.2 is implemented in `convert`): both lay a group of four
//! octets out next to their hex digits and four `%` in one register
//! (`o0 o1 o2 o3 h0 h1 h2 h3 l0 l1 l2 l3 % % % %`) and put its output bytes in order with one
//! byte shuffle (`pshufb`, `i8x16.swizzle`), which gives zero for an index of 0x80.

/// For each pattern `k` of non-ASCII octets in a group of four (bit `t` for octet `t`),
/// the shuffle indices that write the group from its register: `12, 4 + t, 8 + t`
/// (`%HH`) for an octet of the pattern, `t` for another; the unused rest is zero.
pub(super) static GROUP_SHUFFLE: [[u8; 16]; 16] = {
    let mut t = [[0x80u8; 16]; 16];
    let mut k = 0;
    while k < 16 {
        let mut j = 0;
        let mut o = 0;
        while o < 4 {
            if k >> o & 1 == 1 {
                t[k][j] = 12;
                t[k][j + 1] = 4 + o as u8;
                t[k][j + 2] = 8 + o as u8;
                j += 3;
            } else {
                t[k][j] = o as u8;
                j += 1;
            }
            o += 1;
        }
        k += 1;
    }
    t
};

/// How many bytes a group of four with the non-ASCII pattern `k` writes.
pub(super) static GROUP_LEN: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = 4 + 2 * (k as u32).count_ones() as u8;
        k += 1;
    }
    t
};

/// Shuffle indices that move the bytes of a register down by `r` (read from `r`),
/// zero-filling the top: `SHIFT_DOWN[r..r + 16]`.
pub(super) static SHIFT_DOWN: [u8; 32] = {
    let mut t = [0x80u8; 32];
    let mut i = 0;
    while i < 16 {
        t[i] = i as u8;
        i += 1;
    }
    t
};
