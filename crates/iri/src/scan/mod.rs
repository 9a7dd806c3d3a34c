//! The byte-level scanning of the library, in one place: every word-at-a-time and SIMD trick
//! sits behind a function named by what it finds, so the grammar code (`chars`, `parser`,
//! `resolve`, `convert`, `normalize`) reads as the RFC rules it implements.
//!
//! Implements one RFC rule itself: the octets of the IRI→URI mapping, each non-ASCII one as
//! `%HH` (RFC 3987 §3.1 step 2.2, [`push_uri_octets`]); `convert` places the components
//! around them. Character classes come from `chars` (RFC 3986 §2, RFC 3987 §2.2); this
//! module only scans for them. The contracts, with `n = s.len()`:
//!
//! - [`class_run`]`(s, from, class)`: the first index `i >= from` whose byte is not in
//!   `class` (`chars::TABLE[s[i]] & class == 0`), or `n`. [`class_run_noting`] also says
//!   whether a byte of `s[from..end]` is non-ASCII. `from <= n`; `class` is one class bit.
//! - [`find_byte`]`(s, from, v)`: the first index `i >= from` with `s[i] == v`, or `None`;
//!   [`rfind_byte`]`(s, to, v)`: the last index `i < to` with `s[i] == v`, or `None`.
//! - [`first_non_ascii`]`(s, from)`: the first index `i >= from` with `s[i] >= 0x80`, or `n`.
//! - [`NonAscii::of`]`(s)`: where the non-ASCII bytes are: the first, and the mapping's
//!   length with how far it moves given indexes ([`NonAscii::layout`]; one bit per byte for
//!   `n <= 128`, counted in one pass for longer texts).
//! - [`push_uri_octets`]`(out, s, ends)`: appends `s` with every non-ASCII byte as `%HH`
//!   (upper-case hex) into room made once for the exact result, and returns where each of
//!   `ends` went; `None`, appending nothing, for an ASCII `s`.
//! - [`swar_eq`], [`load_word`], [`HIGH`]: the word-level pieces, for code that combines
//!   words itself.
//! - [`Scanner::marks`]`(s, class)` and [`Scanner::long_marks`]: for a text of 1 to 64 (65 to
//!   128) bytes, one bit per byte for each of: outside `class` or `@`, `:`, `/`, `?`, `#`; and
//!   whether a byte is non-ASCII, and which of the first 16 are outside `SCHEME` ([`Marks`]);
//!   `None` from scanners that do not classify many bytes at once.
//! - [`dispatch`]`(task)`: runs a [`WithScanner`] task with the fastest [`Scanner`] the
//!   processor has, chosen once; code generic over the scanner (the parser) is compiled once
//!   per version, so that its scans are inlined. Every scanner gives the same results.
//!
//! Any `from` or `to` past `n` is a caller's error (the functions may panic on it).
//!
//! **How.** On x86-64 the searches for one byte and for non-ASCII take 16 bytes per step with
//! SSE2, which every x86-64 processor has. [`class_run`] classifies 16 bytes per step with two
//! 16-entry nibble tables and SSSE3's `pshufb` (a byte is in the class when the entries of its
//! low and of its high nibble share a bit); SSSE3 is used when the build enables it or, with
//! the `std` feature, when the processor reports it at run time. With AVX2 (detected the
//! same way) the marks take 32 bytes per step, which is what makes them pay on texts of up
//! to 128 bytes; with SSSE3 alone they are given for texts of up to 64. Everywhere else (other
//! targets, `no_std` builds without SSSE3) the scalar versions take eight bytes per step with
//! word arithmetic and table lookups. The IRI→URI mapping takes its non-ASCII bits with SSE2
//! and writes sixteen octets per step with SSSE3, in one function compiled for SSSE3 and
//! POPCNT (so that each count is one instruction) when the processor has both. The tests
//! check every version against the obvious one-byte-at-a-time one (`scan/one_byte.rs`), at
//! every length up to 48 and alignment, every position and start, and every byte value at
//! every position up to length 34; the `scan` fuzz target does the same on random input.
//!
//! `unsafe` in the library is confined to this module: unaligned 16- and 32-byte loads from
//! in-bounds pointers, and calls of the SSSE3, AVX2 and POPCNT functions after the processor
//! was found to have them.
#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

use crate::chars::TABLE;

#[cfg(test)]
pub(crate) mod one_byte;

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

/// The high bit of each byte of a word: the bit that a non-ASCII byte has set, and where
/// the word-at-a-time tests flag a byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// A run of bytes of one class: where it ends, and whether it holds a non-ASCII byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    /// The index of the first byte outside the class (or the length of the text).
    pub(crate) end: usize,
    /// Whether a byte of the run (before `end`) is non-ASCII.
    pub(crate) non_ascii: bool,
}

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
            non_ascii: self.non_ascii | z.non_ascii,
            not_scheme: self.not_scheme,
        }
    }
}

/// The end of the run of `class` bytes that starts at `from`: the first index `i >= from`
/// whose byte is not in `class`, or `s.len()`.
// The parser scans through a `Scanner` chosen once per parse (below); this form, which
// asks the processor at each call, serves the tests.
#[cfg(test)]
pub(crate) fn class_run(s: &[u8], from: usize, class: u16) -> usize {
    class_run_noting(s, from, class).end
}

/// As [`class_run`], noting also whether the run holds a non-ASCII byte (an `I…` class of
/// `chars` holds the octets of common non-ASCII characters).
// The parser scans through a `Scanner` chosen once per parse (below); this form, which
// asks the processor at each call, serves the tests.
#[cfg(test)]
pub(crate) fn class_run_noting(s: &[u8], from: usize, class: u16) -> Run {
    debug_assert!(from <= s.len() && class.is_power_of_two());
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        return unsafe { x86::class_run_ssse3(s, from, class) };
    }
    class_run_scalar(s, from, class)
}

/// A way of scanning, chosen once for a whole task (a parse) rather than at each scan: the
/// scalar version, or on x86-64 the SSSE3 one. Code generic over it and run through
/// [`dispatch`] is compiled once per version, the SSSE3 copy with SSSE3 enabled, so that its
/// scans are inlined where they are called.
pub(crate) trait Scanner: Copy {
    /// The end of the run of `class` bytes that starts at `from` (the first index
    /// `i >= from` whose byte is not in `class`, or `s.len()`), and whether the run holds a
    /// non-ASCII byte; `class` is one bit of `chars`' table.
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run;

    /// The end of the run alone.
    #[inline(always)]
    fn class_run(self, s: &[u8], from: usize, class: u16) -> usize {
        self.class_run_noting(s, from, class).end
    }

    /// The [`Marks`] of `s` for `class` (`chars::QUERY` or `chars::IQUERY`), when `s` holds
    /// 1 to [`MARKS_MAX`] bytes and the scanner classifies many bytes at once; else `None`
    /// (the scalar scanner always says `None`: for it, a scan per component is as quick).
    #[inline(always)]
    fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
        let _ = (s, class);
        None
    }

    /// As [`Scanner::marks`], for texts of `MARKS_MAX + 1` to [`LONG_MARKS_MAX`] bytes, when
    /// the scanner takes 32 bytes at once (else `None`: with 16, a scan per component is
    /// quicker on such texts).
    #[inline(always)]
    fn long_marks(self, s: &[u8], class: u16) -> Option<Marks<u128>> {
        let _ = (s, class);
        None
    }
}

/// A task generic over the [`Scanner`] it runs with (a closure cannot be generic).
pub(crate) trait WithScanner {
    /// What the task returns.
    type Output;
    /// Runs the task with `scanner`.
    fn run<S: Scanner>(self, scanner: S) -> Self::Output;
}

/// The portable [`Scanner`]: eight bytes at a time.
#[derive(Clone, Copy)]
pub(crate) struct Scalar;

impl Scanner for Scalar {
    #[inline(always)]
    fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
        class_run_scalar(s, from, class)
    }
}

/// Runs `task` with the fastest [`Scanner`] the processor has.
#[inline(always)]
pub(crate) fn dispatch<T: WithScanner>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { x86::run_avx2(task) };
    }
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        return unsafe { x86::run_ssse3(task) };
    }
    task.run(Scalar)
}

/// Runs `task` with the SSSE3 scanner when the processor has SSSE3, even where it has a
/// quicker one (for the tests that compare the scanners).
#[cfg(test)]
pub(crate) fn run_with_ssse3<T: WithScanner>(task: T) -> Option<T::Output> {
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() {
        // SAFETY: the processor has SSSE3 (checked just above).
        return Some(unsafe { x86::run_ssse3(task) });
    }
    let _ = task;
    None
}

/// [`class_run_noting`] eight bytes at a time, without SIMD: the portable version.
#[inline]
pub(crate) fn class_run_scalar(s: &[u8], from: usize, class: u16) -> Run {
    // The class bit of the ASCII class whose members are the ASCII members of `class`: the
    // `I…` classes lie `WIDE_SHIFT` bits above theirs, and every other class is ASCII.
    let narrow = if class >= crate::chars::IUSERINFO {
        class >> crate::chars::WIDE_SHIFT
    } else {
        class
    };
    let both = class | narrow;
    // ANDed class bits of the words taken whole: without `narrow`, one was not ASCII.
    let mut whole = both;
    let mut i = from;
    let end = 'run: {
        while let Some(w) = s.get(i..i + 8) {
            let m = common_bits(w, both);
            if m & class == 0 {
                break 'run word_end(s, i, class, &mut whole);
            }
            whole &= m;
            i += 8;
        }
        let n = s.len();
        if n >= 8 {
            // Fewer than eight bytes are left: when the last eight are all in the class (the
            // common case: the component runs to the end), so is the rest.
            if common_bits(&s[n - 8..], class) != 0 {
                whole &= common_bits(&s[i..], both);
                break 'run n;
            }
        }
        if i < n {
            word_end(s, i, class, &mut whole)
        } else {
            n
        }
    };
    Run {
        end,
        non_ascii: whole & narrow == 0,
    }
}

/// Where the run ends within the word at `i` (the run is known to end in it, or at the end
/// of `s`); the class bits of its bytes before that end are ANDed into `whole`.
#[inline(always)]
fn word_end(s: &[u8], i: usize, class: u16, whole: &mut u16) -> usize {
    // The zero padding past the end of `s` is outside every class.
    let k = class_prefix(load_word(s, i), class);
    *whole &= common_bits(&s[i..i + k], u16::MAX);
    i + k
}

/// The bits of `bits` that every byte of `w` has: the classes, among those asked for, that
/// hold all of `w` (the table entries ANDed, with no branch per byte).
#[inline(always)]
fn common_bits(w: &[u8], bits: u16) -> u16 {
    w.iter().fold(bits, |m, &c| m & TABLE[c as usize])
}

/// How many of the eight bytes of `w` (little-endian: first byte lowest), from the first on,
/// are in `class`: 0 to 8, found without a branch.
#[inline(always)]
fn class_prefix(w: u64, class: u16) -> usize {
    let mut outside = 0u32;
    let mut k = 0;
    while k < 8 {
        let c = (w >> (8 * k)) as u8;
        outside |= u32::from(TABLE[c as usize] & class == 0) << k;
        k += 1;
    }
    (outside | 0x100).trailing_zeros() as usize
}

/// The index of the first byte `v` in `s` from `from`.
#[inline]
pub(crate) fn find_byte(s: &[u8], from: usize, v: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::find_byte_sse2(s, from, v)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_byte_scalar(s, from, v)
    }
}

/// [`find_byte`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn find_byte_scalar(s: &[u8], from: usize, v: u8) -> Option<usize> {
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

/// The index of the last byte `v` in `s[..to]`.
#[inline]
pub(crate) fn rfind_byte(s: &[u8], to: usize, v: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::rfind_byte_sse2(s, to, v)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        rfind_byte_scalar(s, to, v)
    }
}

/// [`rfind_byte`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn rfind_byte_scalar(s: &[u8], to: usize, v: u8) -> Option<usize> {
    let s = &s[..to];
    let mut end = s.len();
    while end >= 8 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[end - 8..end]);
        // `swar_eq` is exact, so the highest flag is the last match.
        let m = swar_eq(u64::from_le_bytes(w), v);
        if m != 0 {
            return Some(end - 8 + (63 - m.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    s[..end].iter().rposition(|&c| c == v)
}

/// The index of the first non-ASCII byte of `s` from `from`, or `s.len()`.
#[inline]
pub(crate) fn first_non_ascii(s: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::first_non_ascii_sse2(s, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        first_non_ascii_scalar(s, from)
    }
}

/// [`first_non_ascii`] eight bytes at a time, without SIMD.
#[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
#[inline]
pub(crate) fn first_non_ascii_scalar(s: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < s.len() {
        // The zero padding past the end is ASCII.
        let m = load_word(s, i) & HIGH;
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    s.len()
}

/// The two 16-entry tables that classify a byte by its nibbles: the byte `b` is in the class
/// exactly when `lo[b & 15] & hi[b >> 4] != 0`.
///
/// Built from `chars::TABLE`: for each high nibble, the set of low nibbles that make a member
/// is one of at most eight distinct sets (checked when the tables are built), each given a
/// bit; `hi` holds the bit of the high nibble's set, `lo` the bits of the sets a low nibble
/// belongs to.
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Nibbles {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn nibbles(class: u16) -> Nibbles {
    nibbles_except(class, None)
}

/// [`nibbles`] of `class` without the byte `except`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn nibbles_except(class: u16, except: Option<u8>) -> Nibbles {
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
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
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

/// The x86-64 versions: SSE2 (always there) and SSSE3 (checked before use).
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86 {
    use super::{nibbles_except, Marks, Nibbles, Run, LONG_MARKS_MAX, MARKS_MAX, NIBBLES};
    use crate::chars::{IQUERY, QUERY, SCHEME};
    use core::arch::x86_64::{
        __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
        _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_srli_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };

    /// Whether the processor has the target feature `$f`: known at build time when the
    /// target enables it, else asked of the processor (with `std`; the answer is cached by
    /// `std`), else no.
    macro_rules! has_feature {
        ($f:tt) => {{
            #[cfg(target_feature = $f)]
            {
                true
            }
            #[cfg(all(not(target_feature = $f), any(feature = "std", test)))]
            {
                std::is_x86_feature_detected!($f)
            }
            #[cfg(all(not(target_feature = $f), not(any(feature = "std", test))))]
            {
                false
            }
        }};
    }

    /// Whether the processor has AVX2 (see `has_feature`).
    #[inline(always)]
    pub(crate) fn has_avx2() -> bool {
        has_feature!("avx2")
    }

    /// Whether the processor has POPCNT (see `has_feature`).
    #[inline(always)]
    pub(crate) fn has_popcnt() -> bool {
        has_feature!("popcnt")
    }

    /// Whether the processor has SSSE3 (see `has_feature`).
    #[inline(always)]
    pub(crate) fn has_ssse3() -> bool {
        has_feature!("ssse3")
    }

    /// The SSSE3 [`super::Scanner`]; made only by [`run_ssse3`], which the processor's
    /// SSSE3 is required for, and by the AVX2 scanner (AVX2 implies SSSE3).
    #[derive(Clone, Copy)]
    pub(crate) struct Ssse3(());

    impl super::Scanner for Ssse3 {
        #[inline(always)]
        fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
            // SAFETY: an `Ssse3` exists only inside `run_ssse3`, which is called only on a
            // processor with SSSE3.
            unsafe { class_run_ssse3_inline(s, from, class) }
        }

        #[inline(always)]
        fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
            if s.is_empty() || s.len() > MARKS_MAX {
                return None;
            }
            // SAFETY: as above.
            Some(unsafe { marks_ssse3_inline(s, class) })
        }
    }

    /// The AVX2 [`super::Scanner`]: the SSSE3 runs, and marks taken 32 bytes at a time;
    /// made only by [`run_avx2`], which the processor's AVX2 is required for.
    #[derive(Clone, Copy)]
    pub(crate) struct Avx2(());

    impl super::Scanner for Avx2 {
        #[inline(always)]
        fn class_run_noting(self, s: &[u8], from: usize, class: u16) -> Run {
            // An `Avx2` exists only inside `run_avx2`, which is called only on a processor
            // with AVX2, which has SSSE3 too.
            Ssse3(()).class_run_noting(s, from, class)
        }

        #[inline(always)]
        fn marks(self, s: &[u8], class: u16) -> Option<Marks<u64>> {
            if s.is_empty() || s.len() > MARKS_MAX {
                return None;
            }
            // SAFETY: as above.
            Some(unsafe { marks_avx2_inline(s, class) })
        }

        #[inline(always)]
        fn long_marks(self, s: &[u8], class: u16) -> Option<Marks<u128>> {
            if s.len() <= MARKS_MAX || s.len() > LONG_MARKS_MAX {
                return None;
            }
            // SAFETY: as above.
            Some(unsafe { long_marks_avx2_inline(s, class) })
        }
    }

    /// Runs `task` with the AVX2 scanner, compiled with AVX2 enabled.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn run_avx2<T: super::WithScanner>(task: T) -> T::Output {
        task.run(Avx2(()))
    }

    /// Runs `task` with the SSSE3 scanner, compiled with SSSE3 enabled.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(crate) unsafe fn run_ssse3<T: super::WithScanner>(task: T) -> T::Output {
        task.run(Ssse3(()))
    }

    /// The 16 bytes of `s` from `i` (`i + 16 <= s.len()`).
    #[inline(always)]
    pub(super) fn load16(s: &[u8], i: usize) -> __m128i {
        let w: &[u8; 16] = s[i..i + 16].try_into().expect("16 bytes");
        // SAFETY: `w` is 16 readable bytes; the load has no alignment requirement.
        unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
    }

    /// The 16 bytes of `s` from `i`, padded with zero bytes past the end (`i < s.len()`),
    /// and how many of them are text (at most 16). When at least 16 bytes remain, the
    /// caller loads them directly; this is for the tail.
    #[inline(always)]
    fn load_tail(s: &[u8], i: usize) -> (__m128i, usize) {
        let left = s.len() - i;
        let mut buf = [0u8; 16];
        buf[..left].copy_from_slice(&s[i..]);
        (load16(&buf, 0), left)
    }

    /// The top bit of each byte of `v`, gathered: bit k for byte k.
    #[inline(always)]
    fn bits(v: __m128i) -> u32 {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_movemask_epi8(v) as u32 }
    }

    /// [`super::find_byte`] 16 bytes at a time.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn find_byte_sse2(s: &[u8], from: usize, v: u8) -> Option<usize> {
        let needle = _mm_set1_epi8(v as i8);
        let n = s.len();
        let mut i = from;
        while i + 16 <= n {
            let m = bits(_mm_cmpeq_epi8(load16(s, i), needle));
            if m != 0 {
                return Some(i + m.trailing_zeros() as usize);
            }
            i += 16;
        }
        if i < n {
            let m = if n >= 16 {
                // The last 16 bytes, of which those before `i` were searched already.
                bits(_mm_cmpeq_epi8(load16(s, n - 16), needle)) >> (i - (n - 16))
            } else {
                let (w, left) = load_tail(s, i);
                bits(_mm_cmpeq_epi8(w, needle)) & ((1 << left) - 1)
            };
            if m != 0 {
                return Some(i + m.trailing_zeros() as usize);
            }
        }
        None
    }

    /// [`super::rfind_byte`] 16 bytes at a time.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn rfind_byte_sse2(s: &[u8], to: usize, v: u8) -> Option<usize> {
        let s = &s[..to];
        let needle = _mm_set1_epi8(v as i8);
        let mut end = s.len();
        while end >= 16 {
            let m = bits(_mm_cmpeq_epi8(load16(s, end - 16), needle));
            if m != 0 {
                return Some(end - 16 + (31 - m.leading_zeros() as usize));
            }
            end -= 16;
        }
        if end > 0 {
            let (w, left) = load_tail(&s[..end], 0);
            let m = bits(_mm_cmpeq_epi8(w, needle)) & ((1 << left) - 1);
            if m != 0 {
                return Some(31 - m.leading_zeros() as usize);
            }
        }
        None
    }

    /// [`super::first_non_ascii`] 16 bytes at a time.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn first_non_ascii_sse2(s: &[u8], from: usize) -> usize {
        let n = s.len();
        let mut i = from;
        while i + 16 <= n {
            let m = bits(load16(s, i));
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i < n {
            let m = if n >= 16 {
                bits(load16(s, n - 16)) >> (i - (n - 16))
            } else {
                // The zero padding is ASCII.
                bits(load_tail(s, i).0)
            };
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
        }
        n
    }

    /// The bits of [`super::NonAscii`] 16 bytes at a time, with no branch on the text: the
    /// block at `16k` for each `k`, moved back to end at the text's end where it would
    /// pass it (so that the last blocks overlap and set some bits twice). A text of up to
    /// 64 bytes takes four loads and a 64-bit word, one of up to 128 eight loads.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn non_ascii_bits_sse2(s: &[u8]) -> Option<[u64; 2]> {
        let n = s.len();
        if n < 16 {
            // The zero padding is ASCII.
            return Some([u64::from(bits(load_tail(s, 0).0)), 0]);
        }
        let at = |k: usize| (16 * k).min(n - 16);
        let word = |k: usize| u64::from(bits(load16(s, at(k)))) << at(k);
        let lo = word(0) | word(1) | word(2) | word(3);
        if n <= 64 {
            Some([lo, 0])
        } else if n <= super::NonAscii::BITS {
            // Blocks from 64 on, in the second word: the high word of the block's bits
            // placed at `at < 128` in a 128-bit number (the last block may reach back below
            // 64, where the first word has its bits already).
            let high = |k: usize| (u128::from(bits(load16(s, at(k)))) << at(k) >> 64) as u64;
            Some([lo, high(4) | high(5) | high(6) | high(7)])
        } else {
            None
        }
    }

    /// The bytes of `v` outside the class of `lo`/`hi` (see [`super::Nibbles`]), one bit
    /// each.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[inline(always)]
    unsafe fn outside(v: __m128i, lo: __m128i, hi: __m128i) -> u32 {
        // SAFETY: SSE2 is part of x86-64, and the caller vouches for SSSE3 (`pshufb`).
        unsafe {
            let low4 = _mm_set1_epi8(0x0F);
            // `pshufb` picks a table entry by the low four bits of each index byte (and gives
            // 0 when the index has its top bit set, which the masks clear).
            let by_lo = _mm_shuffle_epi8(lo, _mm_and_si128(v, low4));
            let by_hi = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), low4));
            let shared = _mm_and_si128(by_lo, by_hi);
            bits(_mm_cmpeq_epi8(shared, _mm_setzero_si128()))
        }
    }

    /// [`super::class_run_noting`] 16 bytes at a time, with SSSE3's `pshufb`; a function
    /// compiled with SSSE3 enabled, for the tests and the fuzz target (the parser inlines
    /// [`class_run_ssse3_inline`] into its own SSSE3 copy instead).
    #[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
    #[target_feature(enable = "ssse3")]
    pub(crate) fn class_run_ssse3(s: &[u8], from: usize, class: u16) -> Run {
        // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
        unsafe { class_run_ssse3_inline(s, from, class) }
    }

    /// The body of [`class_run_ssse3`], inlined into its callers: inside a function compiled
    /// with SSSE3 (such as [`run_ssse3`]'s task) its intrinsics become single instructions.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[inline(always)]
    pub(crate) unsafe fn class_run_ssse3_inline(s: &[u8], from: usize, class: u16) -> Run {
        let t = &NIBBLES[class.trailing_zeros() as usize];
        let lo = load16(&t.lo, 0);
        let hi = load16(&t.hi, 0);
        let n = s.len();
        let mut i = from;
        // The high bits (non-ASCII bytes) of the bytes taken so far.
        let mut high = 0;
        while i + 16 <= n {
            let v = load16(s, i);
            // SAFETY: the caller vouches for SSSE3.
            let out = unsafe { outside(v, lo, hi) };
            if out != 0 {
                let k = out.trailing_zeros();
                high |= bits(v) & ((1 << k) - 1);
                return Run {
                    end: i + k as usize,
                    non_ascii: high != 0,
                };
            }
            high |= bits(v);
            i += 16;
        }
        if i < n {
            // The tail: a bit past the text marks its end as outside.
            let (v, skip, left) = if n >= 16 {
                (load16(s, n - 16), i - (n - 16), n - i)
            } else {
                let (v, left) = load_tail(s, i);
                (v, 0, left)
            };
            // SAFETY: the caller vouches for SSSE3.
            let out = (unsafe { outside(v, lo, hi) } >> skip) | (1 << left);
            let k = out.trailing_zeros();
            high |= (bits(v) >> skip) & ((1 << k) - 1);
            i += k as usize;
        }
        Run {
            end: i,
            non_ascii: high != 0,
        }
    }

    /// The nibble tables of `chars::QUERY` and `chars::IQUERY` without `@`, for
    /// [`Marks::unusual`].
    static MARK_CLASSES: [Nibbles; 2] = [
        nibbles_except(QUERY, Some(b'@')),
        nibbles_except(IQUERY, Some(b'@')),
    ];

    /// [`super::Scanner::marks`] with SSSE3, as a function compiled with SSSE3 enabled, for
    /// the tests and the fuzz target (the parser inlines [`marks_ssse3_inline`]).
    ///
    /// Contract: `1 <= s.len() <= MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
    #[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
    #[target_feature(enable = "ssse3")]
    pub(crate) fn marks_ssse3(s: &[u8], class: u16) -> Marks<u64> {
        // SAFETY: this function is compiled for, and called only on, a processor with SSSE3.
        unsafe { marks_ssse3_inline(s, class) }
    }

    /// The body of [`marks_ssse3`]. Texts of 16 bytes or more are read as four blocks of 16
    /// at fixed places (the first, the last, and two between them, which overlap the others
    /// when the text is short): no branch on the length, and as the marks of a byte are the
    /// same in every block that holds it, ORing the blocks' marks in place gives each byte
    /// its own. A shorter text is read as one block padded with zeros.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[inline(always)]
    pub(crate) unsafe fn marks_ssse3_inline(s: &[u8], class: u16) -> Marks<u64> {
        debug_assert!(!s.is_empty() && s.len() <= MARKS_MAX);
        debug_assert!(class == QUERY || class == IQUERY);
        let t = &MARK_CLASSES[usize::from(class == IQUERY)];
        let (lo, hi) = (load16(&t.lo, 0), load16(&t.hi, 0));
        let n = s.len();
        let mut m = Marks::default();
        let mut high = 0;
        let first = if n >= 16 {
            let last = n - 16;
            for at in [16.min(last), 32.min(last), last] {
                let v = load16(s, at);
                // SAFETY: the caller vouches for SSSE3.
                unsafe { mark_block(&mut m, v, at, lo, hi) };
                high |= bits(v);
            }
            load16(s, 0)
        } else {
            load_tail(s, 0).0
        };
        // SAFETY: the caller vouches for SSSE3.
        unsafe { mark_block(&mut m, first, 0, lo, hi) };
        high |= bits(first);
        if n < 16 {
            // The zero padding is outside every class.
            m.unusual &= (1 << n) - 1;
        }
        m.non_ascii = high != 0;
        // SAFETY: the caller vouches for SSSE3.
        m.not_scheme = unsafe { not_scheme(first) };
        m
    }

    /// The bytes of the first 16, `v`, outside `chars::SCHEME`.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[inline(always)]
    unsafe fn not_scheme(v: __m128i) -> u32 {
        let sch = &NIBBLES[SCHEME.trailing_zeros() as usize];
        // SAFETY: the caller vouches for SSSE3.
        unsafe { outside(v, load16(&sch.lo, 0), load16(&sch.hi, 0)) }
    }

    /// ORs the marks of the 16 bytes `v`, which start at byte `at`, into `m` (all but
    /// `non_ascii`).
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[inline(always)]
    unsafe fn mark_block(m: &mut Marks<u64>, v: __m128i, at: usize, lo: __m128i, hi: __m128i) {
        let of = |b: u8| {
            // SAFETY: SSE2 is part of x86-64.
            let eq = unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8)) };
            u64::from(bits(eq)) << at
        };
        // SAFETY: the caller vouches for SSSE3.
        m.unusual |= u64::from(unsafe { outside(v, lo, hi) }) << at;
        m.colon |= of(b':');
        m.slash |= of(b'/');
        m.question |= of(b'?');
        m.hash |= of(b'#');
    }

    /// [`super::Scanner::marks`] with AVX2, as a function compiled with AVX2 enabled, for
    /// the tests and the fuzz target (the parser inlines [`marks_avx2_inline`]).
    ///
    /// Contract: `1 <= s.len() <= MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
    #[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
    #[target_feature(enable = "avx2")]
    pub(crate) fn marks_avx2(s: &[u8], class: u16) -> Marks<u64> {
        // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
        unsafe { marks_avx2_inline(s, class) }
    }

    /// [`super::Scanner::long_marks`] with AVX2, as a function compiled with AVX2 enabled,
    /// for the tests and the fuzz target.
    ///
    /// Contract: `MARKS_MAX < s.len() <= LONG_MARKS_MAX`; `class` is `QUERY` or `IQUERY`.
    #[cfg_attr(not(test), allow(dead_code))] // the library may not call every version
    #[target_feature(enable = "avx2")]
    pub(crate) fn long_marks_avx2(s: &[u8], class: u16) -> Marks<u128> {
        // SAFETY: this function is compiled for, and called only on, a processor with AVX2.
        unsafe { long_marks_avx2_inline(s, class) }
    }

    /// The body of [`marks_avx2`]: texts of 32 bytes or more as their first 32 and their last
    /// 32 (which overlap, and give each byte its own marks when ORed in place), shorter
    /// ones as [`marks_ssse3_inline`] reads them.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn marks_avx2_inline(s: &[u8], class: u16) -> Marks<u64> {
        let n = s.len();
        if n < 32 {
            // SAFETY: the caller vouches for AVX2, which implies SSSE3.
            return unsafe { marks_ssse3_inline(s, class) };
        }
        // SAFETY: the caller vouches for AVX2 (which implies SSSE3).
        unsafe {
            Marks {
                not_scheme: not_scheme(load16(s, 0)),
                ..marks32(s, 0, class).join(marks32(s, n - 32, class), n - 32)
            }
        }
    }

    /// The body of [`long_marks_avx2`]: the marks of the first 64 bytes and of the last 64
    /// (which overlap), each from two blocks of 32, ORed in place.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn long_marks_avx2_inline(s: &[u8], class: u16) -> Marks<u128> {
        let n = s.len();
        debug_assert!(n > MARKS_MAX && n <= LONG_MARKS_MAX);
        // SAFETY: the caller vouches for AVX2 (which implies SSSE3).
        unsafe {
            Marks {
                not_scheme: not_scheme(load16(s, 0)),
                ..marks64(s, 0, class).join(marks64(s, n - 64, class), n - 64)
            }
        }
    }

    /// The marks of the 32 bytes of `s` from `at` (`at + 32 <= s.len()`), but `not_scheme`.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline(always)]
    unsafe fn marks32(s: &[u8], at: usize, class: u16) -> Marks<u32> {
        let w: &[u8; 32] = s[at..at + 32].try_into().expect("32 bytes");
        let t = &MARK_CLASSES[usize::from(class == IQUERY)];
        // SAFETY: `w` is 32 readable bytes (the load has no alignment requirement), and the
        // caller vouches for AVX2.
        unsafe {
            let v = _mm256_loadu_si256(w.as_ptr().cast());
            let lo = _mm256_broadcastsi128_si256(load16(&t.lo, 0));
            let hi = _mm256_broadcastsi128_si256(load16(&t.hi, 0));
            let low4 = _mm256_set1_epi8(0x0F);
            // `vpshufb` looks up each 16-byte half in the same half of the table, which
            // holds the same 16 entries in both.
            let by_lo = _mm256_shuffle_epi8(lo, _mm256_and_si256(v, low4));
            let by_hi = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
            let shared = _mm256_and_si256(by_lo, by_hi);
            let eq = |b: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8));
            Marks {
                unusual: bits32(_mm256_cmpeq_epi8(shared, _mm256_setzero_si256())),
                colon: bits32(eq(b':')),
                slash: bits32(eq(b'/')),
                question: bits32(eq(b'?')),
                hash: bits32(eq(b'#')),
                non_ascii: bits32(v) != 0,
                not_scheme: 0,
            }
        }
    }

    /// The top bit of each byte of `v`, gathered: bit k for byte k.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline(always)]
    unsafe fn bits32(v: __m256i) -> u32 {
        // SAFETY: the caller vouches for AVX2.
        unsafe { _mm256_movemask_epi8(v) as u32 }
    }

    /// The marks of the 64 bytes of `s` from `at` (`at + 64 <= s.len()`), from two blocks of
    /// 32, but `not_scheme`.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[inline(always)]
    unsafe fn marks64(s: &[u8], at: usize, class: u16) -> Marks<u64> {
        // SAFETY: the caller vouches for AVX2.
        unsafe { marks32(s, at, class).join(marks32(s, at + 32, class), 32) }
    }
}

// ---- used by resolution, conversion and normalization ----

/// The index of the last byte `v` of `b[from..to]`, in `b`: [`rfind_byte`] on that range.
///
/// Contract: `from <= to <= b.len()`.
#[inline]
pub(crate) fn rfind_byte_in(b: &[u8], from: usize, to: usize, v: u8) -> Option<usize> {
    debug_assert!(from <= to && to <= b.len());
    rfind_byte(&b[from..], to - from, v).map(|i| i + from)
}

/// Where the first `.` or `..` segment of the path `s` starts (a segment starts at 0 and
/// after each `/`; RFC 3986 §3.3), or `None`.
#[inline]
pub(crate) fn first_dot_segment(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') && dot_segment_at(s, 0, s.len()) {
        return Some(0);
    }
    if s.len() < DOT_WINDOW {
        return dot_pairs_short(s, 0, s.len());
    }
    dot_pairs::<DOT_WINDOW>(s, 0, s.len())
}

/// [`first_dot_segment`] of the path `h[from..to]`, counted from `from`.
///
/// Contract: `from <= to <= h.len()`; `h[from]` starts a segment. The search may read any
/// byte of `h`: callers pass the whole text around the path (what comes before it and
/// after it), so that one window of [`DOT_WINDOW`] bytes covers most paths and the loop
/// rarely goes round. A window lies at the next byte to search or, near the end of `h`,
/// ends there; only when it holds a pair `/.` is it searched byte by byte, within the path.
/// An `h` shorter than a window is searched with windows of 17 bytes, padded with zeros
/// (which match nothing) when it is shorter still.
#[inline(always)]
pub(crate) fn first_dot_segment_in(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if from == to {
        return None;
    }
    if h[from] == b'.' && dot_segment_at(h, from, to) {
        return Some(0);
    }
    if h.len() < DOT_WINDOW {
        return first_dot_segment_short(h, from, to);
    }
    dot_pairs::<DOT_WINDOW>(h, from, to)
}

/// Bytes in a window of the dot-segment search: 32 pairs `/.`.
const DOT_WINDOW: usize = 33;

/// Whether some `w[k]` is `/` and `w[k + 1]` is `.`: a fixed-size loop of byte comparisons,
/// which the compiler turns into vector compares where the target has them.
#[inline(always)]
fn any_slash_dot<const W: usize>(w: &[u8; W]) -> bool {
    let mut any = false;
    for k in 0..W - 1 {
        any |= (w[k] == b'/') & (w[k + 1] == b'.');
    }
    any
}

/// Whether the `.` at `d`, which starts a segment, makes a whole `.` or `..` segment of a
/// path that ends at `to`.
#[inline(always)]
fn dot_segment_at(h: &[u8], d: usize, to: usize) -> bool {
    let after = if d + 1 < to && h[d + 1] == b'.' {
        d + 2
    } else {
        d + 1
    };
    after == to || h[after] == b'/'
}

/// The search of [`first_dot_segment_in`] after its first byte, with windows of `W` bytes
/// (`h.len() >= W`): every other dot segment starts with a pair `/.` at some `k` with
/// `from <= k` and `k + 1 < to`.
#[inline(always)]
fn dot_pairs<const W: usize>(h: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut k = from;
    while k + 1 < to {
        let ws = k.min(h.len() - W);
        let Ok(w) = <&[u8; W]>::try_from(&h[ws..ws + W]) else {
            break;
        };
        if any_slash_dot(w) {
            for j in k - ws..(to - 1 - ws).min(W - 1) {
                if w[j] == b'/' && w[j + 1] == b'.' && dot_segment_at(h, ws + j + 1, to) {
                    return Some(ws + j + 1 - from);
                }
            }
        }
        k = ws + W - 1;
    }
    None
}

/// [`dot_pairs_short`] kept out of line: in resolution, which searches the whole result,
/// it is rare.
#[inline(never)]
fn first_dot_segment_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    dot_pairs_short(h, from, to)
}

/// [`dot_pairs`] on an `h` shorter than a [`DOT_WINDOW`], in windows of 17 bytes, padded
/// with zeros when `h` is shorter still.
#[inline(always)]
fn dot_pairs_short(h: &[u8], from: usize, to: usize) -> Option<usize> {
    if h.len() >= 17 {
        return dot_pairs::<17>(h, from, to);
    }
    let mut pad = [0u8; 17];
    pad[..h.len()].copy_from_slice(h);
    dot_pairs::<17>(&pad, from, to)
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

/// Writes the octets of `src` into `out` from `j` on, each as its entry of `table` (up to
/// four bytes, little-endian, the number of bytes that count in the top byte: for
/// `pct::URI_OCTET`, `%HH` or the octet itself), each entry after the bytes that count of
/// the one before; returns where the last ends.
///
/// Contract: `out` has room from `j` for every octet to take its longest entry and three
/// bytes more, since every entry is written as a whole word: no octet takes a branch.
#[inline(always)]
pub(crate) fn write_octet_entries(
    src: &[u8],
    table: &[u32; 256],
    out: &mut [u8],
    mut j: usize,
) -> usize {
    for &o in src {
        let e = table[o as usize];
        out[j..j + 4].copy_from_slice(&e.to_le_bytes());
        j += (e >> 24) as usize;
    }
    j
}

/// What [`ascii_case_scan`] finds in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CaseScan {
    /// A byte of 0x80 or above.
    pub(crate) non_ascii: bool,
    /// An ASCII upper-case letter (`A`–`Z`).
    pub(crate) upper: bool,
}

/// Whether `b` holds a non-ASCII byte and whether it holds an ASCII upper-case letter,
/// eight bytes at a time: for the low seven bits of each byte, adding 0x3F sets the high
/// bit from `A` up and adding 0x25 from `[` up, without carries between bytes (zero padding
/// is neither).
#[inline]
pub(crate) fn ascii_case_scan(b: &[u8]) -> CaseScan {
    let (mut high, mut upper) = (0u64, 0u64);
    let mut i = 0;
    while i < b.len() {
        let w = load_word(b, i);
        high |= w;
        let low = w & !HIGH;
        upper |=
            low.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & !low.wrapping_add(0x2525_2525_2525_2525) & !w;
        i += 8;
    }
    CaseScan {
        non_ascii: high & HIGH != 0,
        upper: upper & HIGH != 0,
    }
}

// ---- used by normalization ----

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
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        normal_marks_x86::normal_marks_sse2(s, upper_to)
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

/// The SSE2 version of [`normal_marks`].
#[cfg(target_arch = "x86_64")]
pub(crate) mod normal_marks_x86 {
    use super::x86::load16;
    use super::NormalMarks;
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
    };

    /// The bytes of `a` that are `A`–`Z`, one bit each: adding 63 takes `A`–`Z` to
    /// -128..=-103 (as signed bytes) and every other byte above.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn upper_bits(a: __m128i) -> u32 {
        let shifted = _mm_add_epi8(a, _mm_set1_epi8(63));
        _mm_movemask_epi8(_mm_cmplt_epi8(shifted, _mm_set1_epi8(-102))) as u32
    }

    /// The `%` bytes of `a`, and the `/` bytes of `a` whose next byte (the same byte of
    /// `b`, loaded one further on) is `.`, as masks.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn percent_and_pairs(a: __m128i, b: __m128i) -> (__m128i, __m128i) {
        let percent = _mm_cmpeq_epi8(a, _mm_set1_epi8(b'%' as i8));
        let slash = _mm_cmpeq_epi8(a, _mm_set1_epi8(b'/' as i8));
        let dot = _mm_cmpeq_epi8(b, _mm_set1_epi8(b'.' as i8));
        (percent, _mm_and_si128(slash, dot))
    }

    /// The low `k` bits set (`k <= 16`).
    #[inline(always)]
    fn low_bits(k: usize) -> u32 {
        (1u32 << k) - 1
    }

    /// [`super::normal_marks`] 16 bytes at a time: each step loads the 16 bytes from `i`
    /// and those from `i + 1` (the second bytes of the pairs). The marks are only ORed
    /// together, so the last step may load bytes already seen: it takes the last 17.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn normal_marks_sse2(s: &[u8], upper_to: usize) -> NormalMarks {
        let n = s.len();
        if n < 17 {
            // One step over a copy padded with zeros, which match nothing.
            let mut buf = [0u8; 32];
            buf[..n].copy_from_slice(s);
            let (a, b) = (load16(&buf, 0), load16(&buf, 1));
            let (percent, pairs) = percent_and_pairs(a, b);
            return NormalMarks {
                percent: _mm_movemask_epi8(percent) != 0,
                slash_dot: _mm_movemask_epi8(pairs) != 0,
                upper: upper_bits(a) & low_bits(upper_to.min(16)) != 0,
            };
        }
        let (mut percent, mut pairs) = (_mm_setzero_si128(), _mm_setzero_si128());
        let mut upper = 0u32;
        let mut i = 0;
        // The steps that start below `upper_to` also look for upper-case letters.
        while i + 17 <= n && i < upper_to {
            let a = load16(s, i);
            let (p, q) = percent_and_pairs(a, load16(s, i + 1));
            percent = _mm_or_si128(percent, p);
            pairs = _mm_or_si128(pairs, q);
            upper |= upper_bits(a) & low_bits((upper_to - i).min(16));
            i += 16;
        }
        while i + 17 <= n {
            let (p, q) = percent_and_pairs(load16(s, i), load16(s, i + 1));
            percent = _mm_or_si128(percent, p);
            pairs = _mm_or_si128(pairs, q);
            i += 16;
        }
        // The rest (`i >= n - 16`): the bytes of the last 16 and the pairs of the last 17.
        let last = load16(s, n - 16);
        let (p, _) = percent_and_pairs(last, last);
        let (_, q) = percent_and_pairs(load16(s, n - 17), last);
        percent = _mm_or_si128(percent, p);
        pairs = _mm_or_si128(pairs, q);
        upper |= upper_bits(last) & low_bits(upper_to.saturating_sub(n - 16).min(16));
        NormalMarks {
            percent: _mm_movemask_epi8(percent) != 0,
            slash_dot: _mm_movemask_epi8(pairs) != 0,
            upper: upper != 0,
        }
    }
}

// ---- used by IRI→URI mapping ----

// Every byte of every entry of `pct::URI_OCTET` is ASCII: the IRI→URI writers rely on it.
const _: () = {
    let mut o = 0;
    while o < 256 {
        assert!(crate::pct::URI_OCTET[o] & 0x8080_8080 == 0);
        o += 1;
    }
};

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
        let bits = unsafe { x86::non_ascii_bits_sse2(s) };
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
    fn make_room(
        &self,
        out: &mut alloc::string::String,
        ends: [usize; 3],
    ) -> Option<(usize, [usize; 3])> {
        let layout = self.layout(ends)?;
        reserve(out, layout.0 + URI_SLACK);
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

/// Appends the IRI→URI mapping of `s` to `out`: every non-ASCII octet written as `%HH`
/// (upper-case hex), every ASCII one as it is (the octets of RFC 3987 §3.1 step 2.2), and
/// returns where each of `ends` (ascending indexes of `s`, at most its length) went,
/// relative to the start of what it appended. An ASCII `s` appends nothing and gives `None`.
///
/// The result's length is known before it is written ([`NonAscii`]), so `out` gets room for
/// it (and [`URI_SLACK`] more) once: a new string is allocated once, at that size.
///
/// With SSSE3 and POPCNT ([`uri_x86::push_uri_octets_ssse3`]), sixteen octets at a time
/// straight into the string's spare capacity, the counts one instruction each; otherwise
/// one octet at a time ([`push_uri_octets_portable`]). Every byte written is ASCII, so the
/// result needs no UTF-8 check.
#[inline]
pub(crate) fn push_uri_octets(
    out: &mut alloc::string::String,
    s: &str,
    ends: [usize; 3],
) -> Option<[usize; 3]> {
    #[cfg(target_arch = "x86_64")]
    if x86::has_ssse3() && x86::has_popcnt() {
        // SAFETY: the processor has SSSE3 and POPCNT (checked just above).
        return unsafe { uri_x86::push_uri_octets_ssse3(out, s, ends) };
    }
    push_uri_octets_portable(out, s, ends)
}

/// [`push_uri_octets`] without SIMD: the ASCII run before the first non-ASCII octet is
/// copied in one piece, each later octet written as its entry of `pct::URI_OCTET`
/// ([`write_octet_entries`]) into a buffer on the stack, [`URI_CHUNK`] octets at a time, and
/// each buffer's bytes appended.
#[inline]
pub(crate) fn push_uri_octets_portable(
    out: &mut alloc::string::String,
    s: &str,
    ends: [usize; 3],
) -> Option<[usize; 3]> {
    let non_ascii = NonAscii::of(s.as_bytes());
    let (_, moved) = non_ascii.make_room(out, ends)?;
    let first = non_ascii.first();
    out.push_str(&s[..first]);
    let mut buf = [0u8; 3 * URI_CHUNK + 3];
    for chunk in s.as_bytes()[first..].chunks(URI_CHUNK) {
        let n = write_octet_entries(chunk, &crate::pct::URI_OCTET, &mut buf, 0);
        // SAFETY: every byte of an entry of `URI_OCTET` is ASCII (checked at compile time
        // above), so the `n` bytes written are ASCII, and ASCII is UTF-8.
        out.push_str(unsafe { core::str::from_utf8_unchecked(&buf[..n]) });
    }
    Some(moved)
}

/// How many octets [`push_uri_octets_portable`] writes into its stack buffer at a time.
pub(crate) const URI_CHUNK: usize = 64;

/// Makes room for `n` more bytes in `out`. A string that has no buffer yet (a new result of
/// `IriRef::to_uri` or `Iri::resolve`) gets one of exactly `n` bytes straight from the
/// allocator, without the growth computation of `reserve`.
#[inline(always)]
pub(crate) fn reserve(out: &mut alloc::string::String, n: usize) {
    if out.capacity() == 0 {
        *out = alloc::string::String::with_capacity(n);
    } else {
        out.reserve(n);
    }
}

/// The room past the result that [`push_uri_octets`] asks for: the SSSE3 writers store
/// whole 16-byte registers, each from where the bytes written so far end.
pub(crate) const URI_SLACK: usize = 16;

/// The SSSE3 writer of [`push_uri_octets`].
///
/// Sixteen octets at a time: a block without a non-ASCII octet is stored whole; otherwise
/// the hex digits of the high and low nibbles of all sixteen are looked up with `pshufb`,
/// and each group of four octets is laid out next to its digits and four `%` in one
/// register (`o0 o1 o2 o3 h0 h1 h2 h3 l0 l1 l2 l3 % % % %`), from which one `pshufb`
/// chosen by the group's four non-ASCII bits puts its four to twelve output bytes in order.
#[cfg(target_arch = "x86_64")]
pub(crate) mod uri_x86 {
    use super::x86::load16;
    use alloc::string::String;
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16,
        _mm_storeu_si128, _mm_unpackhi_epi32, _mm_unpackhi_epi64, _mm_unpacklo_epi32,
        _mm_unpacklo_epi64,
    };
    use core::mem::MaybeUninit;

    /// For each pattern `k` of non-ASCII octets in a group of four (bit `t` for octet `t`),
    /// the `pshufb` indices that write the group from its register: `12, 4 + t, 8 + t`
    /// (`%HH`) for an octet of the pattern, `t` for another; the unused rest is zero.
    static GROUP_SHUFFLE: [[u8; 16]; 16] = {
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
    static GROUP_LEN: [u8; 16] = {
        let mut t = [0u8; 16];
        let mut k = 0;
        while k < 16 {
            t[k] = 4 + 2 * (k as u32).count_ones() as u8;
            k += 1;
        }
        t
    };

    /// `pshufb` indices that move the bytes of a register down by `r` (read from `r`),
    /// zero-filling the top: `SHIFT_DOWN[r..r + 16]`.
    static SHIFT_DOWN: [u8; 32] = {
        let mut t = [0x80u8; 32];
        let mut i = 0;
        while i < 16 {
            t[i] = i as u8;
            i += 1;
        }
        t
    };

    /// Stores `v` at `out[j..j + 16]` (`j + 16 <= out.len()`).
    #[inline(always)]
    fn store16(out: &mut [MaybeUninit<u8>], j: usize, v: __m128i) {
        let w: &mut [MaybeUninit<u8>; 16] = (&mut out[j..j + 16]).try_into().expect("16 bytes");
        // SAFETY: `w` is 16 writable bytes; the store has no alignment requirement.
        unsafe { _mm_storeu_si128(w.as_mut_ptr().cast(), v) }
    }

    /// Writes the first `groups` groups of four octets of `v` (non-ASCII bits `m`) at
    /// `out[j..]`, each group's 16-byte store after the bytes of the one before; returns
    /// where the last group's bytes end.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn write_groups(
        v: __m128i,
        m: u32,
        groups: usize,
        out: &mut [MaybeUninit<u8>],
        mut j: usize,
    ) -> usize {
        let nibble = _mm_set1_epi8(0x0F);
        let hex = load16(b"0123456789ABCDEF", 0);
        let hi = _mm_shuffle_epi8(hex, _mm_and_si128(_mm_srli_epi16::<4>(v), nibble));
        let lo = _mm_shuffle_epi8(hex, _mm_and_si128(v, nibble));
        let pct = _mm_set1_epi8(b'%' as i8);
        let (a, b) = (_mm_unpacklo_epi32(v, hi), _mm_unpacklo_epi32(lo, pct));
        let (c, d) = (_mm_unpackhi_epi32(v, hi), _mm_unpackhi_epi32(lo, pct));
        let regs = [
            _mm_unpacklo_epi64(a, b),
            _mm_unpackhi_epi64(a, b),
            _mm_unpacklo_epi64(c, d),
            _mm_unpackhi_epi64(c, d),
        ];
        for (g, &r) in regs.iter().enumerate().take(groups) {
            let k = (m >> (4 * g) & 15) as usize;
            let shuffle = load16(&GROUP_SHUFFLE[k], 0);
            store16(out, j, _mm_shuffle_epi8(r, shuffle));
            j += GROUP_LEN[k] as usize;
        }
        j
    }

    /// [`super::push_uri_octets`] with SSSE3 and POPCNT: the non-ASCII bytes found
    /// ([`super::NonAscii`]), room made once, the octets written by
    /// [`write_uri_octets_ssse3`], and the ends moved by bit counts (one instruction each
    /// with POPCNT), all in one function compiled for these features.
    ///
    /// # Safety
    /// The processor must have SSSE3 and POPCNT.
    #[target_feature(enable = "ssse3,popcnt")]
    pub(crate) unsafe fn push_uri_octets_ssse3(
        out: &mut String,
        s: &str,
        ends: [usize; 3],
    ) -> Option<[usize; 3]> {
        let b = s.as_bytes();
        let non_ascii = super::NonAscii::of(b);
        let (len, moved) = non_ascii.make_room(out, ends)?;
        // SAFETY: the bytes must be UTF-8 whenever the vector is handed back (also on a
        // panic): its length only changes by `set_len` below, whose bytes are ASCII.
        let v = unsafe { out.as_mut_vec() };
        let spare = v.spare_capacity_mut();
        // SAFETY: the processor has SSSE3 (this function's contract).
        let written = unsafe { write_uri_octets_ssse3(b, spare) };
        debug_assert_eq!(written, len);
        // SAFETY: the writers initialized the first `written` bytes of the spare capacity
        // (every byte they count lies in one of their stores), all ASCII, and ASCII bytes
        // after the string's own UTF-8 keep it UTF-8.
        unsafe { v.set_len(v.len() + written) };
        Some(moved)
    }

    /// Writes `s` as [`super::push_uri_octets`] does at the start of `out`, and returns how
    /// many bytes it wrote, all initialized and ASCII: each store starts where the bytes
    /// counted so far end and counts its first bytes (a group's, or a block's without a
    /// non-ASCII octet), so every counted byte was written by a store and no later store
    /// touches it.
    ///
    /// When the text is not a whole number of blocks and its first `r = s.len() % 16`
    /// octets are ASCII (the usual case: an IRI rarely has a non-ASCII character among its
    /// first few), they are written by storing the first block whole and counting `r`
    /// bytes; the rest is then whole blocks. Otherwise the last block is loaded with zeros
    /// past the text and writes only its groups that hold text (the zeros of the last one,
    /// at most three, take a byte each and are not counted).
    ///
    /// Contract: `out` has room for the bytes written (`s.len()` plus two for each
    /// non-ASCII octet) and [`super::URI_SLACK`] (16) more, else it panics: every store
    /// starts where the bytes counted so far end, at most at the result's end, and a store
    /// is 16 bytes.
    ///
    /// # Safety
    /// The processor must have SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(crate) unsafe fn write_uri_octets_ssse3(s: &[u8], out: &mut [MaybeUninit<u8>]) -> usize {
        let n = s.len();
        let mut i = 0;
        let mut j = 0;
        let r = n % 16;
        if n > 16 && r != 0 {
            let v = load16(s, 0);
            if _mm_movemask_epi8(v) as u32 & ((1 << r) - 1) == 0 {
                store16(out, 0, v);
                (i, j) = (r, r);
            }
        }
        while i + 16 <= n {
            let v = load16(s, i);
            let m = _mm_movemask_epi8(v) as u32;
            if m == 0 {
                store16(out, j, v);
                j += 16;
            } else {
                j = write_groups(v, m, 4, out, j);
            }
            i += 16;
        }
        let left = n - i;
        if left == 0 {
            return j;
        }
        // The last `left` octets, then zeros.
        let v = if n >= 16 {
            let shift = load16(&SHIFT_DOWN, 16 - left);
            _mm_shuffle_epi8(load16(s, n - 16), shift)
        } else {
            let mut buf = [0u8; 16];
            buf[..left].copy_from_slice(&s[i..]);
            load16(&buf, 0)
        };
        let m = _mm_movemask_epi8(v) as u32;
        if m == 0 {
            store16(out, j, v);
            return j + left;
        }
        let groups = left.div_ceil(4);
        write_groups(v, m, groups, out, j) - (4 * groups - left)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod resolve_scan_tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Every string of exactly `len` bytes over `alphabet`.
    fn all_strings(alphabet: &[u8], len: u32) -> Vec<Vec<u8>> {
        let n = alphabet.len();
        (0..n.pow(len))
            .map(|mut k| {
                (0..len)
                    .map(|_| {
                        let c = alphabet[k % n];
                        k /= n;
                        c
                    })
                    .collect()
            })
            .collect()
    }

    /// The one-byte-at-a-time first dot segment: split at `/`.
    fn first_dot_naive(path: &[u8]) -> Option<usize> {
        let mut at = 0;
        for seg in path.split(|&c| c == b'/') {
            if seg == b"." || seg == b".." {
                return Some(at);
            }
            at += seg.len() + 1;
        }
        None
    }

    // own: every path of up to 10 bytes over `a`, `.`, `/`, alone and after a first segment
    // of 0 to 40 bytes (so that it falls at every place of the windows), with `/` and `.`
    // around it that must not be found.
    #[test]
    fn first_dot_segment_against_splitting() {
        for len in 0..=10 {
            for path in all_strings(b"a./", len) {
                assert_eq!(first_dot_segment(&path), first_dot_naive(&path), "{path:?}");
            }
        }
        for len in 0..=6 {
            for path in all_strings(b"a./", len) {
                for pad in 0..=40 {
                    let mut run = alloc::vec![b'b'; pad];
                    if pad > 0 {
                        run.push(b'/');
                    }
                    run.extend_from_slice(&path);
                    let want = first_dot_naive(&run);
                    assert_eq!(first_dot_segment(&run), want, "{run:?}");
                    for (before, after) in [
                        (&b""[..], &b""[..]),
                        (b"/./", b"/../."),
                        (b"x/.", b"/./x/."),
                        (b"", b"/."),
                    ] {
                        let h = [before, &run, after].concat();
                        let (from, to) = (before.len(), before.len() + run.len());
                        assert_eq!(
                            first_dot_segment_in(&h, from, to),
                            want,
                            "{h:?} {from}..{to}"
                        );
                    }
                }
            }
        }
    }

    // own: every length up to 40, every place of one or two `v`, every range, against
    // `rposition`, with `v` around the range that must not be found.
    #[test]
    fn rfind_byte_against_rposition() {
        for len in 0..40usize {
            for at in 0..=len {
                for second in [None, Some(0), Some(len / 2)] {
                    let mut s = alloc::vec![b'a'; len];
                    if at < len {
                        s[at] = b'/';
                    }
                    if let Some(k) = second.filter(|&k| k < len) {
                        s[k] = b'/';
                    }
                    for from in 0..=len {
                        for to in from..=len {
                            let want = s[from..to]
                                .iter()
                                .rposition(|&c| c == b'/')
                                .map(|p| p + from);
                            assert_eq!(
                                rfind_byte_in(&s, from, to, b'/'),
                                want,
                                "{s:?} {from}..{to}"
                            );
                        }
                    }
                }
            }
        }
        for v in 1..=255u8 {
            let s: Vec<u8> = (0..=255u8).chain(0..=255u8).collect();
            let want = s.iter().rposition(|&c| c == v);
            assert_eq!(rfind_byte_in(&s, 0, s.len(), v), want, "{v}");
        }
    }

    // own: one non-ASCII byte (every value) at every place of every length up to 24.
    #[test]
    fn non_ascii_search_and_count() {
        for len in 0..24usize {
            for at in 0..=len {
                for hi in [0x80u8, 0xC3, 0xFF] {
                    let mut s = alloc::vec![b'a'; len];
                    if at < len {
                        s[at] = hi;
                    }
                    for k in (at + 3..len).step_by(5) {
                        s[k] = 0xA9;
                    }
                    let first = s.iter().position(|&c| c >= 0x80).unwrap_or(len);
                    let count = s.iter().filter(|&&c| c >= 0x80).count();
                    assert_eq!(first_non_ascii(&s, 0), first, "{s:?}");
                    assert_eq!(count_non_ascii(&s), count, "{s:?}");
                }
            }
        }
        for b in 0..=255u8 {
            assert_eq!(count_non_ascii(&[b; 11]), if b >= 0x80 { 11 } else { 0 });
        }
    }

    // own: every byte value, written through `pct::URI_OCTET`, against `%HH` one octet at
    // a time.
    #[test]
    fn octet_entries_are_percent_encoding() {
        let src: Vec<u8> = (0..=255u8).rev().chain(0..=255u8).collect();
        let mut out = alloc::vec![0u8; 3 * src.len() + 3];
        let end = write_octet_entries(&src, &crate::pct::URI_OCTET, &mut out, 0);
        let mut want = String::new();
        for &o in &src {
            if o < 0x80 {
                want.push(o as char);
            } else {
                want.push_str(&alloc::format!("%{o:02X}"));
            }
        }
        assert_eq!(&out[..end], want.as_bytes());
    }

    // own: every byte value at every place of lengths up to 17, against byte tests.
    #[test]
    fn case_scan_against_byte_tests() {
        for len in 1..18usize {
            for at in 0..len {
                for v in 0..=255u8 {
                    let mut s = alloc::vec![b'a'; len];
                    s[at] = v;
                    let got = ascii_case_scan(&s);
                    assert_eq!(got.non_ascii, v >= 0x80, "{s:?}");
                    assert_eq!(got.upper, v.is_ascii_uppercase(), "{s:?}");
                }
            }
        }
        assert_eq!(
            ascii_case_scan(b""),
            CaseScan {
                non_ascii: false,
                upper: false
            }
        );
    }
}

#[cfg(test)]
mod normal_marks_tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every version of `normal_marks` this build has, against the one-byte version.
    fn check(s: &[u8], upper_to: usize) {
        let (percent, slash_dot, upper) = one_byte::normal_marks(s, upper_to);
        let want = NormalMarks {
            percent,
            slash_dot,
            upper,
        };
        let mut got = alloc::vec![
            ("dispatch", normal_marks(s, upper_to)),
            ("scalar", normal_marks_scalar(s, upper_to)),
        ];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86-64.
        got.push(("sse2", unsafe {
            normal_marks_x86::normal_marks_sse2(s, upper_to)
        }));
        for (name, marks) in got {
            assert_eq!(marks, want, "{name}: upper_to {upper_to} in {s:02X?}");
        }
    }

    /// The limits worth checking for a text of `len` bytes with something at `at`.
    fn limits(len: usize, at: usize) -> Vec<usize> {
        let mut v = alloc::vec![0, at, at + 1, len, len.saturating_sub(1), 15, 16, 17];
        v.retain(|&u| u <= len);
        v
    }

    // own: every byte value at every position of every length up to 48, with the limit of
    // the upper-case search before, at and after it, at the ends and around 16.
    #[test]
    fn every_byte_at_every_position() {
        for len in 1..=48usize {
            for at in 0..len {
                for v in 0..=255u8 {
                    let mut s = alloc::vec![b'a'; len];
                    s[at] = v;
                    for upper_to in limits(len, at) {
                        check(&s, upper_to);
                    }
                }
            }
        }
        check(b"", 0);
    }

    // own: a `/` and a `.` at every pair of positions of every length up to 48 (adjacent in
    // either order, or apart), over backgrounds of `a`, `/` and `.`, so that a pair falls
    // on every seam of the 8- and 16-byte steps and of the last step's overlap.
    #[test]
    fn slash_dot_pairs_everywhere() {
        for len in 0..=48usize {
            for background in [b'a', b'/', b'.'] {
                for slash in 0..len {
                    for dot in [slash + 1, slash.wrapping_sub(1), slash + 2, len - 1] {
                        let mut s = alloc::vec![background; len];
                        s[slash] = b'/';
                        if dot < len && dot != slash {
                            s[dot] = b'.';
                        }
                        check(&s, 0);
                        check(&s, len);
                    }
                }
            }
        }
    }

    // own: texts at every alignment in memory, with marks of every kind at the start, in
    // the middle and at the end.
    #[test]
    fn every_alignment() {
        let body: Vec<u8> = b"http://Ex%41mple.org/a/./b?Q=%7e#/.F".to_vec();
        for off in 0..16 {
            let mut v = alloc::vec![b'x'; off];
            v.extend_from_slice(&body);
            for from in 0..body.len() {
                for to in from..=body.len() {
                    let s = &v[off + from..off + to];
                    for upper_to in 0..=s.len() {
                        check(s, upper_to);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod uri_octet_tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// RFC 3987 §3.1 step 2.2, one octet at a time: `%HH` (upper-case hex) for each octet
    /// from 0x80 up, every other octet as it is.
    fn one_byte(s: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for &o in s {
            if o < 0x80 {
                out.push(o);
            } else {
                out.extend_from_slice(alloc::format!("%{o:02X}").as_bytes());
            }
        }
        out
    }

    /// Every version of the writer on `s` (any bytes), in a buffer of exactly the room its
    /// contract asks for (the bytes written and [`URI_SLACK`] more), against [`one_byte`].
    fn check_bytes(s: &[u8]) {
        let want = one_byte(s);
        let room = want.len() + URI_SLACK;
        #[cfg(target_arch = "x86_64")]
        if x86::has_ssse3() {
            let mut out = alloc::vec![core::mem::MaybeUninit::new(0xFFu8); room];
            // SAFETY: the processor has SSSE3 (checked just above).
            let n = unsafe { uri_x86::write_uri_octets_ssse3(s, &mut out) };
            // SAFETY: every byte of `out` was initialized above.
            let got: Vec<u8> = out[..n]
                .iter()
                .map(|b| unsafe { b.assume_init() })
                .collect();
            assert_eq!(got, want, "{s:02X?}");
        }
        let mut out = alloc::vec![0u8; 3 * s.len() + 3];
        let n = write_octet_entries(s, &crate::pct::URI_OCTET, &mut out, 0);
        assert_eq!(out[..n], want, "scalar {s:02X?} {room}");
    }

    /// The writers of strings, appended after a text already there and into a new string:
    /// the result as the one-byte version, the ends moved to where the one-byte version of
    /// the text before them ends, nothing appended for an ASCII text, and a new string
    /// allocated once, with room for the result and [`URI_SLACK`] more.
    fn check_str(s: &str) {
        let b = s.as_bytes();
        let mapped = one_byte(b);
        let ascii = b.is_ascii();
        let first = b.iter().position(|o| *o >= 0x80).unwrap_or(b.len());
        let mut cuts: Vec<usize> = [0, first, s.len() / 2, s.len()]
            .into_iter()
            .map(|e| (0..=e).rev().find(|&e| s.is_char_boundary(e)).unwrap())
            .collect();
        cuts.sort();
        let ends = [cuts[1], cuts[2], cuts[3]];
        let want_ends = ends.map(|e| one_byte(&b[..e]).len());
        for portable in [false, true] {
            for start in ["", "x\u{E9}"] {
                let mut out = String::from(start);
                let got = if portable {
                    push_uri_octets_portable(&mut out, s, ends)
                } else {
                    push_uri_octets(&mut out, s, ends)
                };
                if ascii {
                    assert_eq!((got, out.as_str()), (None, start), "{s:?}");
                    continue;
                }
                assert_eq!(got, Some(want_ends), "{s:?} portable: {portable}");
                assert_eq!(out.as_bytes()[..start.len()], *start.as_bytes());
                assert_eq!(out.as_bytes()[start.len()..], mapped, "{s:?} {portable}");
                if start.is_empty() {
                    assert_eq!(out.capacity(), mapped.len() + URI_SLACK, "{s:?}");
                }
            }
        }
    }

    /// [`NonAscii`] of `s` against one byte at a time: the bits of every version, the first
    /// non-ASCII byte, and the layout (the length and the moved ends) with every index among
    /// the ends.
    fn check_non_ascii(s: &[u8]) {
        let naive = |e: usize| s[..e].iter().filter(|&&o| o >= 0x80).count();
        let mut bits = [0u64; 2];
        for (i, _) in s.iter().enumerate().filter(|(_, &o)| o >= 0x80) {
            if i < NonAscii::BITS {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        let want = (s.len() <= NonAscii::BITS).then_some(bits);
        assert_eq!(non_ascii_bits_scalar(s), want, "scalar {s:02X?}");
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            // SAFETY: SSE2 is part of x86-64.
            unsafe { x86::non_ascii_bits_sse2(s) },
            want,
            "sse2 {s:02X?}"
        );
        let na = NonAscii::of(s);
        let first = s.iter().position(|&o| o >= 0x80).unwrap_or(s.len());
        assert_eq!(na.first(), first, "{s:02X?}");
        for e in 0..=s.len() {
            let ends = [e / 2, e, s.len()];
            let want = (naive(s.len()) > 0)
                .then(|| (s.len() + 2 * naive(s.len()), ends.map(|e| e + 2 * naive(e))));
            assert_eq!(na.layout(ends), want, "{e} {s:02X?}");
        }
    }

    // own: one, two and every non-ASCII byte at every place of every length up to 140 (the
    // bits' blocks, their two words, the overlapping last block, and texts too long for
    // bits), and random texts.
    #[test]
    fn non_ascii_bits_and_counts() {
        for len in 0..=140usize {
            for at in 0..=len {
                let mut s = alloc::vec![b'a'; len];
                if at < len {
                    s[at] = 0xC3;
                }
                check_non_ascii(&s);
                if at + 17 < len {
                    s[at + 17] = 0xFF;
                    s[len - 1] = 0x80;
                    check_non_ascii(&s);
                }
            }
            check_non_ascii(&alloc::vec![0xE2; len]);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 300) as usize;
            let s: Vec<u8> = (0..len)
                .map(|k| (x.rotate_left(k as u32 * 5) as u8) | if k % 3 == 0 { 0 } else { 0x80 })
                .collect();
            check_non_ascii(&s);
        }
    }

    // own: every byte value at every position of every length up to 40, among ASCII bytes
    // and among non-ASCII ones (so that the first block's ASCII start, whole blocks, the
    // zero-padded last block and texts shorter than a block are each taken).
    #[test]
    fn every_byte_at_every_position() {
        for len in 1..=40usize {
            for at in 0..len {
                for v in 0..=255u8 {
                    for fill in [b'a', 0xC3] {
                        let mut s = alloc::vec![fill; len];
                        s[at] = v;
                        check_bytes(&s);
                    }
                }
            }
        }
        check_bytes(b"");
    }

    // own: every pattern of ASCII and non-ASCII octets of lengths up to 20 (all 2^20 of
    // length 20 are too many, so every pattern up to 14 and a spread of longer ones), then
    // random texts up to 100 octets.
    #[test]
    fn every_pattern_of_non_ascii_octets() {
        for len in 0..=14usize {
            for bits in 0..1u32 << len {
                let s: Vec<u8> = (0..len)
                    .map(|k| {
                        if bits >> k & 1 == 1 {
                            0x80 | (k as u8 * 9)
                        } else {
                            b'/' + k as u8
                        }
                    })
                    .collect();
                check_bytes(&s);
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 101) as usize;
            let density = (x >> 8) % 5;
            let s: Vec<u8> = (0..len)
                .map(|k| {
                    let h = x.rotate_left(k as u32 * 7) ^ (k as u64 * 0x9E37_79B9);
                    if h % 5 < density {
                        0x80 | h as u8
                    } else {
                        h as u8 & 0x7F
                    }
                })
                .collect();
            check_bytes(&s);
        }
    }

    // own: strings of every length up to 40 and around the lengths where the non-ASCII bits
    // change form (64, 128) with one to three characters of each UTF-8 length at every
    // place, through both string writers.
    #[test]
    fn strings_through_both_writers() {
        for len in (0..=40usize).chain(58..=70).chain(120..=134) {
            for at in 0..=len {
                for c in ["\u{E9}", "\u{20AC}", "\u{10300}", "\u{E9}\u{4E2D}\u{10300}"] {
                    let mut s = "a".repeat(len);
                    s.insert_str(at, c);
                    check_str(&s);
                }
            }
            check_str(&"/".repeat(len));
        }
    }
}
