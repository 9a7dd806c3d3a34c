//! Fuzz target `scheme`: the laws in `iri_testkit::laws` (`laws::scheme`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::scheme(data));
