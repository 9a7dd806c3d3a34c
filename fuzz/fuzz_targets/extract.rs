//! Fuzz target `extract`: the laws in `iri_testkit::laws` (`laws::extract`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::extract(data));
