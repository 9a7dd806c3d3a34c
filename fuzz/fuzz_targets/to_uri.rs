//! Fuzz target `to_uri`: the laws in `iri_testkit::laws` (`laws::to_uri`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::to_uri(data));
