//! Fuzz target `bidi`: the laws in `iri_testkit::laws` (`laws::bidi`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::bidi(data));
