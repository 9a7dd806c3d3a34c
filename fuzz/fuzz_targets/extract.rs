//! Fuzz target `extract`: the laws in `laws.rs` (`laws::extract`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::extract(data));
