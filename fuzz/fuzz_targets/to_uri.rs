//! Fuzz target `to_uri`: the laws in `laws.rs` (`laws::to_uri`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::to_uri(data));
