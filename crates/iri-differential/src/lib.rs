//! Differential tests of `iri` against oxiri and iri-string; the tests are in `tests/` and the
//! classes of difference they accept are listed in `docs/differences.md`. This crate has no
//! library code and is not published.
#![no_std]
