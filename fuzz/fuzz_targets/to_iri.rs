//! Fuzz target `to_iri`: the laws in `laws.rs` (`laws::to_iri`).
#![no_main]

#[path = "../laws.rs"]
mod laws;

libfuzzer_sys::fuzz_target!(|data: &[u8]| laws::to_iri(data));
