//! Differential tests of `iri` against oxiri and iri-string, and the conformance matrix of the
//! third-party suites of `data/conformance/` against `iri` and oxiri, iri-string, fluent-uri
//! and url (`docs/conformance.md`); the tests are in `tests/` and the classes of difference
//! they accept are listed in `docs/differences.md`. This crate has no library code and is not
//! published.
#![no_std]
