//! Differential tests of `iri` against oxiri and iri-string, and the conformance matrix of the
//! third-party suites of `data/conformance/` against `iri` and oxiri, iri-string, fluent-uri
//! and url (`docs/conformance.md`); the tests are in `tests/` and the classes of difference
//! they accept are listed in `docs/differences.md`. This crate has no library code and is not
//! published.
//!
//! It also runs the examples of the repository's README as doctests: the library's published
//! package holds only its own README (`crates/iri/README.md`, run by the library's doctests),
//! so the repository's README, which lies outside that package, is checked from here.
#![no_std]

/// The repository README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
