//! Fuzz target `scan`: every version of each scan of the library's private `scan` module
//! against the one-byte-at-a-time version, and the IRI→URI octet writers; the checks live
//! in the library (`crates/iri/src/scan/fuzz.rs`), reached through `iri::fuzzing`, which
//! exists only in fuzzing builds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| iri::fuzzing::scan(data));
