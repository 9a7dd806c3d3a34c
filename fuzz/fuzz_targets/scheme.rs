//! Fuzz target `scheme`: the laws in `laws.rs` (`laws::scheme`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::scheme(data));
