//! Fuzz target `lenient`: the laws in `iri_testkit::laws` (`laws::lenient`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::lenient(data));
