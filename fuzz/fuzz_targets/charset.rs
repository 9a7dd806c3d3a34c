//! Fuzz target `charset`: the laws in `iri_testkit::laws` (`laws::charset`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::charset(data));
