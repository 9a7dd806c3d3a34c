//! Fuzz target `resolve`: the laws in `laws.rs` (`laws::resolve`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::resolve(data));
