//! Fuzz target `preprocess`: the laws in `iri_testkit::laws` (`laws::preprocess`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::preprocess(data));
