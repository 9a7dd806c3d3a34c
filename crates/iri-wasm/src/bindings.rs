//! The exports to JavaScript, under camelCase names. Structured results are JSON text and a
//! failure is thrown as the JSON text of a [`Failure`]: the package's wrapper (`js/api.js`)
//! parses both, so that neither needs a JavaScript object built across the boundary. The
//! static viewer calls `inspect` directly and parses its answer as it parses the server's.

use wasm_bindgen::prelude::*;

use crate::Failure;
#[cfg(feature = "full")]
use crate::NormalizeOptions;

/// A failure, thrown as its JSON text.
fn thrown(f: Failure) -> JsValue {
    JsValue::from_str(&f.to_json())
}

/// Whether `input` matches the grammar `kind` (default `iri-ref`).
#[wasm_bindgen(js_name = isValid)]
pub fn is_valid(input: &str, kind: Option<String>) -> Result<bool, JsValue> {
    crate::is_valid(input, kind.as_deref()).map_err(thrown)
}

/// The components of `input` as JSON text.
#[wasm_bindgen]
pub fn parse(input: &str, kind: Option<String>) -> Result<String, JsValue> {
    crate::parse(input, kind.as_deref()).map_err(thrown)
}

/// `reference` resolved against `base`, with the options of `preset` (default `strict`).
#[wasm_bindgen]
pub fn resolve(reference: &str, base: &str, preset: Option<String>) -> Result<String, JsValue> {
    crate::resolve_with_preset(reference, base, preset.as_deref().unwrap_or("strict"))
        .map_err(thrown)
}

/// The shortest reference from `base` to `target`.
#[wasm_bindgen]
pub fn relativize(target: &str, base: &str) -> Result<String, JsValue> {
    crate::relativize(target, base).map_err(thrown)
}

/// The URI form of `input`.
#[wasm_bindgen(js_name = toUri)]
pub fn to_uri(input: &str, idna: bool) -> Result<String, JsValue> {
    crate::to_uri(input, idna).map_err(thrown)
}

/// The IRI form of `input`.
#[wasm_bindgen(js_name = toIri)]
pub fn to_iri(input: &str, idna: bool) -> Result<String, JsValue> {
    crate::to_iri(input, idna).map_err(thrown)
}

#[cfg(feature = "full")]
/// `input` normalized.
#[wasm_bindgen]
pub fn normalize(
    input: &str,
    level: Option<String>,
    form: Option<String>,
    nfc: bool,
    nfkc: bool,
    ignore_fragment: bool,
) -> Result<String, JsValue> {
    let options = NormalizeOptions {
        level,
        form,
        nfc,
        nfkc,
        ignore_fragment,
    };
    crate::normalize(input, &options).map_err(thrown)
}

#[cfg(feature = "full")]
/// The diagnostics of `input` as JSON text.
#[wasm_bindgen]
pub fn lint(input: &str) -> String {
    crate::lint(input)
}

#[cfg(feature = "full")]
/// The inspection of `input` (against `base`, resolved with `preset`, default `strict`) as
/// JSON text: `/api/inspect`'s answer.
#[wasm_bindgen]
pub fn inspect(
    input: &str,
    base: Option<String>,
    preset: Option<String>,
) -> Result<String, JsValue> {
    crate::inspect_with_preset(
        input,
        base.as_deref(),
        preset.as_deref().unwrap_or("strict"),
    )
    .map_err(thrown)
}
