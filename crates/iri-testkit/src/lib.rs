//! Test helpers shared by the workspace's tests, the fuzz targets and the differential crate;
//! not published.
//!
//! - [`laws`]: the laws every fuzz target checks (RFC 3987 §3.1, §3.2, §5.3; RFC 3986 §5.2),
//!   one function per target, taking the fuzzer's bytes and panicking when a law is broken;
//!   the library's property tests and fuzz regressions call the same functions.
//! - [`counting`]: a counting global allocator, for the tests of allocation promises and
//!   bounded memory.
//! - [`corpus`]: the reader of the repository's corpus (`data/corpus/`).

pub mod corpus;
pub mod counting;
pub mod laws;
