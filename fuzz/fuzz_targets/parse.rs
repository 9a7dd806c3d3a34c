//! Fuzz target `parse`: the laws in `laws.rs` (`laws::parse`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::parse(data));
