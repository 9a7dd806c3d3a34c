//! Fuzz target `lint`: the laws in `laws.rs` (`laws::lint`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::lint(data));
