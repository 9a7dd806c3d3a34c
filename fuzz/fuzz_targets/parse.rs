//! Fuzz target `parse`: the laws in `iri_testkit::laws` (`laws::parse`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::parse(data));
