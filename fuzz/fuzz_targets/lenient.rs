//! Fuzz target `lenient`: the laws in `laws.rs` (`laws::lenient`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::lenient(data));
