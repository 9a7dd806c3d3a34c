//! Fuzz target `normalize`: the laws in `laws.rs` (`laws::normalize`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::normalize(data));
