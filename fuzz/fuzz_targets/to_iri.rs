//! Fuzz target `to_iri`: the laws in `iri_testkit::laws` (`laws::to_iri`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::to_iri(data));
