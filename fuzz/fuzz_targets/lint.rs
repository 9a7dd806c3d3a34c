//! Fuzz target `lint`: the laws in `iri_testkit::laws` (`laws::lint`).
#![no_main]

use iri_testkit::laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::lint(data));
