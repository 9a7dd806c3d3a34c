//! The Python binding of `iri-toolkit` (module `iri._iri`, re-exported by the `iri` package).
//!
//! - [`scalar`]: one IRI at a time (RFC 3987 §2.2 parsing, §3 mappings, §4 display, §5
//!   comparison, §7.3 extraction, the lenient grammar of the IRI processing draft).
//! - [`vector`]: the same operations over Arrow arrays (the Arrow PyCapsule interface), in
//!   chunks on all cores with the GIL released.
//! - [`fast`]: `is_valid` as a vectorcall (`METH_FASTCALL`) function on CPython ≥ 3.10.
//! - [`engine`]: the kernels for the engines (Polars, DuckDB, Spark): equivalence, the dedup
//!   key, the error message, one component, resolve-normalize in one pass.
//! - [`extension`]: the opt-in extensions, resolution against a relative base and RFC 6874
//!   zone identifiers.
//! - [`build`]: making and changing IRIs: builder, setters, encoders, query pairs.
//! - [`template`]: `iri.Template`, URI Templates (RFC 6570) expanded to URIs or IRIs and
//!   matched back.
//! - [`fail`]: every error as an `iri.IriError` (a `ValueError`) with kind, offsets and
//!   component.

use pyo3::prelude::*;

mod build;
mod engine;
mod extension;
mod fail;
mod fast;
mod ops;
mod scalar;
mod template;
mod vector;

/// The extension module: the scalar API, the classes, the error and the Arrow kernels.
#[pymodule]
fn _iri(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("IriError", py.get_type::<fail::IriError>())?;
    scalar::register(m)?;
    fast::register(m)?;
    template::register(m)?;
    vector::register(m)?;
    extension::register(m)?;
    engine::register(m)?;
    build::register(m)?;
    Ok(())
}
