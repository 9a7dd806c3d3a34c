//! The byte-level scanning of the library, in one place: every word-at-a-time and SIMD trick
//! sits behind a function named by what it finds, so the grammar code (`chars`, `parser`,
//! `resolve`, `convert`, `normalize`) reads as the RFC rules it implements.
//!
//! Implements no RFC rule itself: character classes come from `chars` (RFC 3986 §2, RFC 3987
//! §2.2) and the octets of the IRI→URI mapping from `convert` (RFC 3987 §3.1 step 2.2); this
//! module only scans for them, and gives `convert`'s writer its SIMD kernel. The contracts,
//! with `n = s.len()`:
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
//! - [`uri_kernel`]`()`: the SIMD writer of the IRI→URI octets when the processor has one
//!   ([`UriKernel::push_uri_octets`] appends `s` with every non-ASCII byte as `%HH` into room
//!   made once for the exact result); [`push_octet_entries`] appends octets as the entries
//!   of an all-ASCII table, the portable writer's step.
//! - [`set::find_in_set`]`(s, from, set)`: the first index `i >= from` with `s[i]` in `set`
//!   (a [`set::SetRows`], any set of byte values), or `None`; AVX2 takes 32 bytes per step, SSSE3 16.
//!   [`set::find_outside`]`(s, from, first, last)`: the first index `i >= from` with `s[i]`
//!   outside `first..=last`, or `None` (SSE2).
//! - [`pairs::find_in_pairs`]`(s, from, set)`: the first index `i >= from` where a single
//!   byte of `set` (a [`pairs::PairRows`]) is, or one of its first bytes followed by one of
//!   that byte's second bytes, or `None`; AVX2 takes 32 bytes per step, SSSE3 and simd128
//!   16, each byte looked at with the next.
//! - [`lines::Positions`]`::new(s, v, kernel)`: every index `i` with `s[i] == v`, in order,
//!   64 bytes per step (one `u64` of places each, AVX2 in two compares, SSE2 and simd128 in
//!   four, words elsewhere).
//! - `word::swar_eq`, `word::load_word`, `word::HIGH`: the word-level pieces, for code that
//!   combines words itself.
//! - [`first_dot_segment`], [`normal_marks`], [`ascii_case_scan`], [`count_non_ascii`]: the
//!   searches of resolution and normalization.
//! - [`Scanner::marks`]`(s, class)` and [`Scanner::long_marks`]: for a text of 1 to 64 (65 to
//!   128) bytes, one bit per byte for each of: outside `class` or `@`, `:`, `/`, `?`, `#`,
//!   `.`, `A`–`Z` (the last two for normalization's check, made by the parse on the way); and
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
//! word arithmetic and table lookups. WebAssembly built with simd128
//! (`-C target-feature=+simd128`; it has no run-time test, so the build decides) takes 16
//! bytes per step in the class runs, the marks of texts of up to 64 bytes and the byte
//! searches, as SSSE3 and SSE2 do, with `i8x16.swizzle` and `i8x16.bitmask`. The IRI→URI
//! mapping takes its non-ASCII bits with SSE2 and writes sixteen octets per step with SSSE3,
//! in one function compiled for SSSE3 and POPCNT (so that each count is one instruction)
//! when the processor has both; with simd128 it writes them the same way with
//! `i8x16.swizzle`. The tests
//! check every version against the obvious one-byte-at-a-time one (`scan/one_byte.rs`), at
//! every length up to 48 and alignment, every position and start, and every byte value at
//! every position up to length 34; the `scan` fuzz target does the same on random input.
//!
//! **Files.** This file holds the contracts and the dispatch ([`Scanner`], [`dispatch`], the
//! functions that pick a version); `word.rs` the portable versions (eight bytes per step);
//! `marks.rs` the parser's and normalization's marks; `nibbles.rs` the nibble tables of the
//! SIMD class tests; `wasm.rs` the WebAssembly simd128 versions (`wasm_uri.rs` for the
//! IRI→URI kernel, `uri_groups.rs` its tables, shared with x86-64); `dots.rs` the dot-segment
//! search; `lines.rs` every place of a byte (the simd128 step in `wasm_lines.rs`);
//! `non_ascii.rs` where the non-ASCII bytes are; `set.rs` the sets of byte values and
//! their search; `pairs.rs` the sets of bytes and two-byte sequences and theirs (the simd128
//! version in `wasm_pairs.rs`); `x86/` the x86-64 versions, one instruction set per file
//! (`sse2.rs`, `ssse3.rs`, `avx2.rs`, `uri.rs` for the IRI→URI kernel, `set.rs` for the
//! search of a set, `pairs.rs` for that of pairs, `lines.rs` for every place of a byte);
//! `one_byte.rs` and `tests/` the tests' reference versions and the tests.
//!
//! `unsafe` in the library is confined to this module: unaligned 16- and 32-byte loads from
//! in-bounds pointers (`x86/`, `wasm.rs`, `wasm_uri.rs`) and stores into a string's spare
//! capacity (`x86/`, `wasm_uri.rs`), calls of the SSSE3, AVX2 and POPCNT functions after the processor was found to
//! have them, and the appending of bytes known to be ASCII (`word.rs`). Every block states
//! why it is sound.

#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod dots;
#[cfg(any(test, fuzzing))]
pub(crate) mod fuzz;
pub(crate) mod lines;
mod marks;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod nibbles;
mod non_ascii;
#[cfg(any(test, fuzzing))]
pub(crate) mod one_byte;
pub(crate) mod pairs;
pub(crate) mod set;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod uri_groups;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm_lines;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm_pairs;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm_uri;
mod word;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86;

pub(crate) use dots::{first_dot_segment, first_dot_segment_in};
pub(crate) use marks::{normal_marks, MarkWord, Marks, MARKS_MAX};
// Used by the x86 kernels (and their tests) only.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
pub(crate) use marks::{NormalMarks, LONG_MARKS_MAX};
pub(crate) use non_ascii::NonAscii;
pub(crate) use word::{ascii_case_scan, push_octet_entries, AsciiEntries};
// A build with simd128 parses with `wasm::Simd128` only (the tests use `Scalar` too).
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(unused_imports)
)]
pub(crate) use word::Scalar;
// For the tests and the fuzz target, which check every version.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) use wasm_uri::UriKernel;
#[cfg(target_arch = "x86_64")]
pub(crate) use x86::UriKernel;
#[cfg(any(test, fuzzing))]
pub(crate) use {
    marks::normal_marks_scalar,
    non_ascii::{non_ascii_bits_scalar, URI_SLACK},
    word::{
        class_run_scalar, find_byte_scalar, first_non_ascii_scalar, rfind_byte_scalar,
        write_octet_entries,
    },
};
#[cfg(test)]
pub(crate) use {
    non_ascii::count_non_ascii,
    word::{load_word, swar_eq, CaseScan, HIGH},
};

/// A run of bytes of one class: where it ends, and whether it holds a non-ASCII byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    /// The index of the first byte outside the class (or the length of the text).
    pub(crate) end: usize,
    /// Whether a byte of the run (before `end`) is non-ASCII.
    pub(crate) non_ascii: bool,
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
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        task.run(wasm::Simd128)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        task.run(Scalar)
    }
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

/// The index of the first byte `v` in `s` from `from`.
#[inline]
pub(crate) fn find_byte(s: &[u8], from: usize, v: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::find_byte_sse2(s, from, v)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm::find_byte_simd128(s, from, v)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        word::find_byte_scalar(s, from, v)
    }
}

/// The index of the last byte `v` in `s[..to]`.
#[inline]
pub(crate) fn rfind_byte(s: &[u8], to: usize, v: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::rfind_byte_sse2(s, to, v)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm::rfind_byte_simd128(s, to, v)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        word::rfind_byte_scalar(s, to, v)
    }
}

/// The index of the first non-ASCII byte of `s` from `from`, or `s.len()`.
#[inline]
pub(crate) fn first_non_ascii(s: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64.
    unsafe {
        x86::first_non_ascii_sse2(s, from)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm::first_non_ascii_simd128(s, from)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        word::first_non_ascii_scalar(s, from)
    }
}

/// The index of the last byte `v` of `b[from..to]`, in `b`: [`rfind_byte`] on that range.
///
/// Contract: `from <= to <= b.len()`.
#[inline]
pub(crate) fn rfind_byte_in(b: &[u8], from: usize, to: usize, v: u8) -> Option<usize> {
    debug_assert!(from <= to && to <= b.len());
    rfind_byte(&b[from..], to - from, v).map(|i| i + from)
}

/// The SIMD writer of the IRI→URI octets, when the processor has what it needs (on x86-64,
/// SSSE3 and POPCNT; WebAssembly built with simd128 always has it); `None` otherwise, and
/// then `convert` writes them one at a time.
#[inline(always)]
pub(crate) fn uri_kernel() -> Option<UriKernel> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::UriKernel::detect()
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        Some(wasm_uri::UriKernel)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        None
    }
}

/// Where there is no SIMD writer of the IRI→URI octets: a type with no value.
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
#[derive(Clone, Copy)]
pub(crate) enum UriKernel {}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
impl UriKernel {
    /// Never called: there is no value to call it on.
    pub(crate) fn push_uri_octets(
        self,
        _out: &mut alloc::string::String,
        _s: &str,
        _ends: [usize; 3],
    ) -> Option<[usize; 3]> {
        match self {}
    }
}

#[cfg(test)]
mod tests;
