//! Fuzz target `relativize`: the laws in `laws.rs` (`laws::relativize`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::relativize(data));
