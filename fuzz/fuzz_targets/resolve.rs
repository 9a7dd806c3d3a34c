//! Fuzz target `resolve`: the laws in `iri_testkit::laws` (`laws::resolve`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::resolve(data));
