//! The exports of [`crate::fast`] to JavaScript: numbers in and out, strings through the
//! input buffer in the module's memory (`memory`), which the wrapper (`js/api.js`) reads and
//! writes with typed arrays.

use wasm_bindgen::prelude::*;

use crate::fast;

/// The module's memory (a `WebAssembly.Memory`), for the wrapper's views of the buffers.
#[wasm_bindgen(js_name = fastMemory)]
pub fn memory() -> JsValue {
    wasm_bindgen::memory()
}

/// The address of the input buffer, at least `len` bytes long.
#[wasm_bindgen(js_name = fastInput)]
pub fn input_buffer(len: usize) -> usize {
    fast::input_buffer(len)
}

/// The address of the slots.
#[wasm_bindgen(js_name = fastSlots)]
pub fn slots() -> usize {
    fast::slots()
}

/// The code of a grammar's name, or -1.
#[wasm_bindgen(js_name = fastKind)]
pub fn kind_code(name: &str) -> i32 {
    fast::kind_code(name)
}

/// Whether the input's first `len` bytes match grammar `kind`.
#[wasm_bindgen(js_name = fastIsValid)]
pub fn is_valid(len: usize, kind: u32) -> bool {
    fast::is_valid_at(len, kind)
}

/// Parses the input's first `len` bytes, `units` UTF-16 units; the components' places into
/// the slots.
#[wasm_bindgen(js_name = fastParse)]
pub fn parse(len: usize, units: usize, kind: u32) -> bool {
    fast::parse_at(len, units, kind)
}

/// Why the input's first `len` bytes do not parse: a failure's JSON text, or "".
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = fastParseFailure)]
pub fn parse_failure(len: usize, kind: u32) -> String {
    fast::parse_failure_at(len, kind)
}

/// Resolves the reference after the base in the input; the result into the output.
#[wasm_bindgen(js_name = fastResolve)]
pub fn resolve(base_len: usize, ref_len: usize) -> bool {
    fast::resolve_at(base_len, ref_len)
}

/// Validates each line of the input's first `len` bytes; one byte per line into the output.
#[wasm_bindgen(js_name = fastValidLines)]
pub fn valid_lines(len: usize, kind: u32, strip_cr: bool) -> usize {
    fast::valid_lines_at(len, kind, strip_cr)
}

/// Maps each line of the input's first `len` bytes to a URI reference: the URIs into the
/// output (an empty line for a line not mapped), one byte per line into the second output
/// (with `same`, only the non-ASCII lines mapped are in the output, and an ASCII line, its own
/// URI, is flagged 2). (Not in the lite module, for its size: its `toUriLines` calls `toUri`
/// per line.)
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = fastToUriLines)]
pub fn to_uri_lines(len: usize, strip_cr: bool, same: bool) -> usize {
    fast::to_uri_lines_at(len, strip_cr, same)
}
