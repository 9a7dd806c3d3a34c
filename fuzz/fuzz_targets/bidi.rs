//! Fuzz target `bidi`: the laws in `laws.rs` (`laws::bidi`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::bidi(data));
