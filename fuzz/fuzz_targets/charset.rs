//! Fuzz target `charset`: the laws in `laws.rs` (`laws::charset`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::charset(data));
