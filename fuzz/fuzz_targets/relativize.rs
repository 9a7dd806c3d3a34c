//! Fuzz target `relativize`: the laws in `iri_testkit::laws` (`laws::relativize`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::relativize(data));
