//! Fuzz target `builder`: the laws in `iri_testkit::laws` (`laws::builder`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::builder(data));
