//! Arrow kernels for the engines (Polars expressions, DuckDB functions, Spark `mapInArrow`):
//! one question per kernel, each row answered in one pass.
//!
//! - `arrow_equivalent`: RFC 3987 §5.3, equivalent at a rung of the ladder or below.
//! - `arrow_dedup_key`: the normalized key that deduplication compares (§5.3.2, §5.3.3).
//! - `arrow_error`: why a row is not valid (RFC 3987 §2.2), null when it is.
//! - `arrow_component`: one component (RFC 3986 §3), `port` as an integer.
//! - `arrow_resolve_normalize`: a reference resolved against its base (RFC 3986 §5.2),
//!   normalized (§5.3), mapped to a URI (§3.1), and the error of a failing row, in one pass.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use iri::{Iri, IriRef, Kind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;

use crate::fail::Fail;
use crate::ops;
use crate::vector::{finish, port_number, raise_errors, rows, run, Column, Other};

/// The column two inputs run over (at least one is a column), checked for equal lengths.
fn pair<'a>(a: &'a Other, b: &'a Other) -> PyResult<&'a Column> {
    if let (Other::Column(x), Other::Column(y)) = (a, b) {
        if x.len() != y.len() {
            return Err(Fail::argument(format!(
                "the two arrays differ in length ({} and {})",
                x.len(),
                y.len()
            )));
        }
    }
    match (a, b) {
        (Other::Column(c), _) | (Other::Scalar(_), Other::Column(c)) => Ok(c),
        _ => Err(PyTypeError::new_err(
            "expected at least one Arrow array of strings",
        )),
    }
}

/// `iri.arrow.equivalent`: whether each pair is equivalent at `level` or below (RFC 3987
/// §5.3); either side may be one text. An invalid row raises or, with `errors='null'`, is
/// null.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", *, errors = "raise", threads = None))]
fn arrow_equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    level: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let strict = raise_errors(errors)?;
    let normalizer = iri::Normalizer::new(ops::level(level).map_err(Fail::argument)?);
    let (x, y) = (Other::read(a)?, Other::read(b)?);
    let col = pair(&x, &y)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let out = BooleanBuilder::with_capacity(r.len());
        let get = |row| x.get(row).zip(y.get(row));
        rows(r, out, strict, get, |out, (p, q)| {
            let (p, q) = (ops::reference(p)?, ops::reference(q)?);
            out.append_value(normalizer.equivalent(&p, &q));
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, col, chunks, DataType::Boolean)
}

/// `iri.arrow.dedup_key`: the key two rows share exactly when they are equivalent under the
/// normalization (`iri dedup`'s key; the options are those of `iri.normalize`).
#[pyfunction]
#[pyo3(signature = (arr, level = "syntax", *, nfc = false, nfkc = false, form = "iri", idn = None, ignore_fragment = false, errors = "raise", threads = None))]
#[allow(clippy::too_many_arguments)]
fn arrow_dedup_key(
    py: Python<'_>,
    arr: AnyArray,
    level: &str,
    nfc: bool,
    nfkc: bool,
    form: &str,
    idn: Option<bool>,
    ignore_fragment: bool,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let strict = raise_errors(errors)?;
    let n =
        ops::normalizer(level, nfc, nfkc, form, idn, ignore_fragment).map_err(Fail::argument)?;
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let out = StringBuilder::with_capacity(r.len(), r.len() * 48);
        let get = |row| col.get(row);
        rows(r, out, strict, get, |out, s| {
            out.append_value(n.key(&ops::reference(s)?).as_str());
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Utf8)
}

/// `iri.arrow.error`: the error message of each row against the grammar `kind` (what
/// `iri.validate` raises), null for a valid row and for a null row.
#[pyfunction]
#[pyo3(signature = (arr, kind = "iri-reference", *, threads = None))]
fn arrow_error(
    py: Python<'_>,
    arr: AnyArray,
    kind: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let k = ops::kind(kind).map_err(Fail::argument)?;
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let out = StringBuilder::with_capacity(r.len(), 0);
        let get = |row| col.get(row);
        rows(r, out, false, get, |out, s| {
            out.append_option(iri::validate(s, k).err().map(|e| e.to_string()));
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Utf8)
}

/// The components `arrow_component` knows.
const COMPONENTS: [&str; 10] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "port_str",
    "path",
    "query",
    "fragment",
];

/// `iri.arrow.component`: one component of each row (RFC 3986 §3): a string, or for `port`
/// an integer (as the scalar API's `port`). A row that is not a valid `kind` raises or, with
/// `errors='null'` (the default here), is null; an absent component is null.
#[pyfunction]
#[pyo3(signature = (arr, name, *, kind = "iri-reference", errors = "null", threads = None))]
fn arrow_component(
    py: Python<'_>,
    arr: AnyArray,
    name: &str,
    kind: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let strict = raise_errors(errors)?;
    let k = ops::kind(kind).map_err(Fail::argument)?;
    let Some(which) = COMPONENTS.iter().position(|&c| c == name) else {
        return Err(Fail::argument(format!(
            "unknown component {name:?}: one of {}",
            COMPONENTS.join(", ")
        )));
    };
    let parsed = |s| parsed_as(s, k);
    let col = Column::read(arr)?;
    if name == "port" {
        let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
            let out = Int64Builder::with_capacity(r.len());
            let get = |row| col.get(row);
            rows(r, out, strict, get, |out, s| {
                out.append_option(port_number(parsed(s)?.port()));
                Ok(())
            })
        };
        let chunks = run(py, col.len(), threads, &kernel)?;
        return finish(py, &col, chunks, DataType::Int64);
    }
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let out = StringBuilder::with_capacity(r.len(), r.len() * 16);
        let get = |row| col.get(row);
        rows(r, out, strict, get, |out, s| {
            let p = parsed(s)?;
            out.append_option(match which {
                0 => p.scheme(),
                1 => p.authority(),
                2 => p.userinfo(),
                3 => p.host_str(),
                4 => p.host().map(|h| h.kind().as_str()),
                6 => p.port(),
                7 => Some(p.path()),
                8 => p.query(),
                _ => p.fragment(),
            });
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Utf8)
}

/// `s` parsed as an IRI reference after a check against `kind`.
fn parsed_as(s: &str, k: Kind) -> Result<IriRef<&str>, Fail> {
    if k != Kind::IriReference {
        iri::validate(s, k).map_err(|e| Fail::parse(&e, s))?;
    }
    ops::reference(s)
}

fn resolve_normalize_fields() -> Fields {
    ["resolved", "normalized", "uri", "error"]
        .iter()
        .map(|n| Field::new(*n, DataType::Utf8, true))
        .collect()
}

/// `iri.arrow.resolve_normalize`: for each (base, reference), in one pass, a struct of
/// `resolved` (RFC 3986 §5.2, with the resolution options), `normalized` (RFC 3987 §5.3, with
/// the normalization options), `uri` (its URI form, §3.1) and `error` (the reference's parse
/// error, else the base's, null when it worked). A failing row has null results and its
/// error; a null input gives a null struct.
#[pyfunction]
#[pyo3(signature = (base, reference, level = "syntax", *, nfc = false, nfkc = false, idn = None, ignore_fragment = false, preset = "strict", base_normalize = false, copied_path_normalize = false, erratum_4789 = false, dot_encoded = false, threads = None))]
#[allow(clippy::too_many_arguments)]
fn arrow_resolve_normalize(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    level: &str,
    nfc: bool,
    nfkc: bool,
    idn: Option<bool>,
    ignore_fragment: bool,
    preset: &str,
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let n =
        ops::normalizer(level, nfc, nfkc, "iri", idn, ignore_fragment).map_err(Fail::argument)?;
    let opts = ops::resolve_options(
        preset,
        base_normalize,
        copied_path_normalize,
        erratum_4789,
        dot_encoded,
    )
    .map_err(Fail::argument)?;
    let (x, y) = (Other::read(base)?, Other::read(reference)?);
    let col = pair(&x, &y)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let len = r.len();
        let mut resolved = StringBuilder::with_capacity(len, len * 48);
        let mut normalized = StringBuilder::with_capacity(len, len * 48);
        let mut uri = StringBuilder::with_capacity(len, len * 48);
        let mut error = StringBuilder::with_capacity(len, 0);
        let mut valid = Vec::with_capacity(len);
        for row in r {
            let (Some(b), Some(t)) = (x.get(row), y.get(row)) else {
                valid.push(false);
                resolved.append_null();
                normalized.append_null();
                uri.append_null();
                error.append_null();
                continue;
            };
            valid.push(true);
            let parsed = IriRef::parse(t)
                .and_then(|t| Iri::parse(b).map(|b| (b, t)))
                .map_err(|e| {
                    let first = IriRef::parse(t).err().unwrap_or(e);
                    first.to_string()
                });
            match parsed {
                Ok((b, t)) => {
                    let target = b.resolve_with(&t, opts);
                    resolved.append_value(target.as_str());
                    let norm = n.normalize_iri(&target);
                    normalized.append_value(norm.as_str());
                    uri.append_value(norm.to_uri().as_str());
                    error.append_null();
                }
                Err(message) => {
                    resolved.append_null();
                    normalized.append_null();
                    uri.append_null();
                    error.append_value(message);
                }
            }
        }
        let cols: Vec<ArrayRef> = vec![
            Arc::new(resolved.finish()),
            Arc::new(normalized.finish()),
            Arc::new(uri.finish()),
            Arc::new(error.finish()),
        ];
        let s = StructArray::new(
            resolve_normalize_fields(),
            cols,
            Some(NullBuffer::from(valid)),
        );
        Ok(Arc::new(s))
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(
        py,
        col,
        chunks,
        DataType::Struct(resolve_normalize_fields()),
    )
}

/// Registers the engine kernels.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arrow_equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_dedup_key, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_error, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_component, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_resolve_normalize, m)?)?;
    Ok(())
}
