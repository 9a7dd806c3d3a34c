//! Fuzz target `normalize`: the laws in `iri_testkit::laws` (`laws::normalize`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::normalize(data));
