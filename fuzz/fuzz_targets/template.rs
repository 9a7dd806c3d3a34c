//! Fuzz target `template`: the laws in `iri_testkit::laws` (`laws::template`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::template(data));
