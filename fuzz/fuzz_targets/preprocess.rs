//! Fuzz target `preprocess`: the laws in `laws.rs` (`laws::preprocess`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::preprocess(data));
