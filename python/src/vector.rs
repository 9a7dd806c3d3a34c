//! The Arrow kernels: each operation of [`crate::ops`] over a column of strings.
//!
//! Input comes through the Arrow PyCapsule interface (`__arrow_c_array__` or
//! `__arrow_c_stream__`: pyarrow arrays and chunked arrays, Polars Series, DuckDB relations of
//! one column, …) as `string`, `large_string` or `string_view`. The rows are split in ranges
//! worked on by scoped threads with the GIL released; each range gives one output chunk, in
//! order. A null row gives a null row. A single array in gives a single array out; a stream
//! gives a chunked array.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{ArrayBuilder, BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field, FieldRef, Fields};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use crate::fail::{CharOffsets, Fail};
use crate::ops;
use crate::scalar::to_uri_options;

/// One chunk of strings.
pub(crate) enum Strs {
    Utf8(arrow_array::StringArray),
    Large(arrow_array::LargeStringArray),
    View(arrow_array::StringViewArray),
    Null(usize),
}

impl Strs {
    fn new(a: &ArrayRef) -> Result<Strs, String> {
        Ok(match a.data_type() {
            DataType::Utf8 => Strs::Utf8(a.as_string::<i32>().clone()),
            DataType::LargeUtf8 => Strs::Large(a.as_string::<i64>().clone()),
            DataType::Utf8View => Strs::View(a.as_string_view().clone()),
            DataType::Null => Strs::Null(a.len()),
            // Dictionary-encoded strings (pandas and Polars categoricals): the values taken
            // by key, a null key a null row.
            DataType::Dictionary(_, v)
                if matches!(
                    **v,
                    DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
                ) =>
            {
                let d = a.as_any_dictionary();
                let taken = arrow_select::take::take(d.values().as_ref(), d.keys(), None)
                    .map_err(|e| e.to_string())?;
                return Strs::new(&taken);
            }
            t => {
                return Err(format!(
                    "expected an Arrow array of strings (string, large_string or string_view), \
                     got {t}"
                ))
            }
        })
    }

    fn len(&self) -> usize {
        match self {
            Strs::Utf8(a) => a.len(),
            Strs::Large(a) => a.len(),
            Strs::View(a) => a.len(),
            Strs::Null(n) => *n,
        }
    }

    fn get(&self, i: usize) -> Option<&str> {
        match self {
            Strs::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strs::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strs::View(a) => a.is_valid(i).then(|| a.value(i)),
            Strs::Null(_) => None,
        }
    }
}

/// A column of strings in chunks, addressed by row.
pub(crate) struct Column {
    chunks: Vec<Strs>,
    /// The first row of each chunk, and the length at the end.
    starts: Vec<usize>,
    single: bool,
    name: String,
}

impl Column {
    pub(crate) fn len(&self) -> usize {
        *self.starts.last().unwrap_or(&0)
    }

    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        let c = self.starts.partition_point(|&s| s <= row) - 1;
        self.chunks[c].get(row - self.starts[c])
    }

    /// Reads an Arrow object; a struct of one field (a DuckDB relation or a one-column record
    /// batch stream) stands for that field.
    pub(crate) fn read(arr: AnyArray) -> PyResult<Column> {
        let single = matches!(arr, AnyArray::Array(_));
        let reader = arr.into_reader()?;
        let field = reader.field();
        let mut arrays = Vec::new();
        for a in reader {
            arrays.push(a.map_err(|e| PyTypeError::new_err(e.to_string()))?);
        }
        let mut name = field.name().clone();
        if let DataType::Struct(fields) = field.data_type() {
            if fields.len() != 1 {
                return Err(PyTypeError::new_err(format!(
                    "expected one column of strings, got a struct of {} fields",
                    fields.len()
                )));
            }
            name = fields[0].name().clone();
            arrays = arrays
                .iter()
                .map(|a| a.as_struct().column(0).clone())
                .collect();
        }
        let mut chunks = Vec::with_capacity(arrays.len());
        let mut starts = vec![0];
        for a in &arrays {
            let s = Strs::new(a).map_err(PyTypeError::new_err)?;
            starts.push(starts.last().unwrap() + s.len());
            chunks.push(s);
        }
        Ok(Column {
            chunks,
            starts,
            single,
            name,
        })
    }
}

/// The second input of a binary operation: a column or one text for every row.
pub(crate) enum Other {
    Column(Column),
    Scalar(String),
}

impl Other {
    pub(crate) fn read(obj: &Bound<'_, PyAny>) -> PyResult<Other> {
        if let Ok(s) = crate::scalar::text(obj) {
            return Ok(Other::Scalar(s));
        }
        Ok(Other::Column(Column::read(obj.extract::<AnyArray>()?)?))
    }

    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        match self {
            Other::Column(c) => c.get(row),
            Other::Scalar(s) => Some(s),
        }
    }
}

/// The row ranges for `threads` workers (at least 4096 rows each).
fn ranges(len: usize, threads: Option<usize>) -> Vec<Range<usize>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let n = threads
        .unwrap_or(cores)
        .max(1)
        .min(len.div_ceil(4096))
        .max(1);
    let step = len.div_ceil(n).max(1);
    (0..n)
        .map(|i| (i * step).min(len)..((i + 1) * step).min(len))
        .collect()
}

/// A worker's job: the rows of a range into one array, or the first failing row and why.
pub(crate) type Kernel<'a> = dyn Fn(Range<usize>) -> Result<ArrayRef, (usize, Fail)> + Sync + 'a;

/// Runs `kernel` over the ranges on scoped threads, the GIL released; the first error (by row)
/// wins.
pub(crate) fn run(
    py: Python<'_>,
    len: usize,
    threads: Option<i64>,
    kernel: &Kernel<'_>,
) -> PyResult<Vec<ArrayRef>> {
    let threads = match threads {
        None => None,
        Some(n) if n >= 1 => Some(usize::try_from(n).unwrap_or(usize::MAX)),
        Some(n) => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "threads={n}: expected None (one thread per core) or a number of threads \
                 from 1 up"
            )))
        }
    };
    let rs = ranges(len, threads);
    let results: Vec<Result<ArrayRef, (usize, Fail)>> = py.detach(|| {
        if rs.len() == 1 {
            return vec![kernel(rs[0].clone())];
        }
        std::thread::scope(|s| {
            let handles: Vec<_> = rs
                .iter()
                .map(|r| {
                    let r = r.clone();
                    s.spawn(move || kernel(r))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("an Arrow kernel thread panicked"))
                .collect()
        })
    });
    let mut out = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Ok(a) => out.push(a),
            Err((row, f)) => return Err(f.into_pyerr(py, Some(row))),
        }
    }
    Ok(out)
}

/// The chunks as a single array (for a single array in) or a chunked array.
pub(crate) fn finish(
    py: Python<'_>,
    col: &Column,
    chunks: Vec<ArrayRef>,
    dt: DataType,
) -> PyResult<Py<PyAny>> {
    let field: FieldRef = Arc::new(Field::new(col.name.clone(), dt.clone(), true));
    if col.single {
        let refs: Vec<&dyn Array> = chunks.iter().map(|a| a.as_ref()).collect();
        let one = if refs.len() == 1 {
            chunks[0].clone()
        } else if refs.is_empty() {
            arrow_array::new_empty_array(&dt)
        } else {
            arrow_select::concat::concat(&refs).map_err(|e| PyTypeError::new_err(e.to_string()))?
        };
        Ok(Py::new(py, PyArray::new(one, field))?.into_any())
    } else {
        Ok(Py::new(py, PyChunkedArray::try_new(chunks, field)?)?.into_any())
    }
}

/// Reads `errors=`.
pub(crate) fn raise_errors(errors: &str) -> PyResult<bool> {
    match errors {
        "raise" => Ok(true),
        "null" => Ok(false),
        _ => Err(Fail::argument(format!(
            "unknown errors {errors:?}: expected 'raise' or 'null'"
        ))),
    }
}

/// A builder that can append a null row: the output of a kernel's loop ([`rows`]).
pub(crate) trait Rows: ArrayBuilder {
    /// Appends a null row.
    fn null(&mut self);
}

impl Rows for StringBuilder {
    fn null(&mut self) {
        self.append_null();
    }
}

impl Rows for BooleanBuilder {
    fn null(&mut self) {
        self.append_null();
    }
}

impl Rows for Int64Builder {
    fn null(&mut self) {
        self.append_null();
    }
}

/// The loop of a kernel over the rows `r`: `get` gives a row's input (`None` for a null row,
/// which gives a null row), `each` appends its answer to `out` or fails without appending. A
/// failing row raises when `strict` (its number goes with the error), else it is null.
pub(crate) fn rows<T, B: Rows>(
    r: Range<usize>,
    mut out: B,
    strict: bool,
    get: impl Fn(usize) -> Option<T>,
    mut each: impl FnMut(&mut B, T) -> Result<(), Fail>,
) -> Result<ArrayRef, (usize, Fail)> {
    for row in r {
        match get(row).map(|x| each(&mut out, x)) {
            Some(Ok(())) => {}
            Some(Err(f)) if strict => return Err((row, f)),
            None | Some(Err(_)) => out.null(),
        }
    }
    Ok(out.finish())
}

/// A string → string operation over a column.
fn unary(
    py: Python<'_>,
    arr: AnyArray,
    threads: Option<i64>,
    errors: &str,
    op: &(dyn Fn(&str) -> Result<String, Fail> + Sync),
) -> PyResult<Py<PyAny>> {
    let strict = raise_errors(errors)?;
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let b = StringBuilder::with_capacity(r.len(), r.len() * 48);
        let get = |row| col.get(row);
        rows(r, b, strict, get, |b, s| {
            b.append_value(op(s)?);
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Utf8)
}

/// A (string, string) → string operation: `None` gives a null row.
type BinaryOp<'a> = dyn Fn(&str, &str) -> Result<Option<String>, Fail> + Sync + 'a;

/// A (string, string) → string operation over two columns, or a column and one text.
fn binary(
    py: Python<'_>,
    first: &Bound<'_, PyAny>,
    second: &Bound<'_, PyAny>,
    threads: Option<i64>,
    errors: &str,
    op: &BinaryOp<'_>,
) -> PyResult<Py<PyAny>> {
    let strict = raise_errors(errors)?;
    let a = Other::read(first)?;
    let b = Other::read(second)?;
    let col = match (&a, &b) {
        (Other::Column(c), _) | (Other::Scalar(_), Other::Column(c)) => c,
        _ => {
            return Err(PyTypeError::new_err(
                "expected at least one Arrow array of strings",
            ))
        }
    };
    if let (Other::Column(x), Other::Column(y)) = (&a, &b) {
        if x.len() != y.len() {
            return Err(Fail::argument(format!(
                "the two arrays differ in length ({} and {})",
                x.len(),
                y.len()
            )));
        }
    }
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let out = StringBuilder::with_capacity(r.len(), r.len() * 48);
        let get = |row| a.get(row).zip(b.get(row));
        rows(r, out, strict, get, |out, (x, y)| {
            out.append_option(op(x, y)?);
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, col, chunks, DataType::Utf8)
}

/// `iri.arrow.is_valid`.
#[pyfunction]
#[pyo3(signature = (arr, kind = "iri-reference", *, threads = None))]
fn arrow_is_valid(
    py: Python<'_>,
    arr: AnyArray,
    kind: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let k = ops::kind(kind).map_err(Fail::argument)?;
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let b = BooleanBuilder::with_capacity(r.len());
        let get = |row| col.get(row);
        rows(r, b, false, get, |b, s| {
            b.append_value(iri::validate(s, k).is_ok());
            Ok(())
        })
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Boolean)
}

const PARSE_FIELDS: [(&str, DataType); 16] = [
    ("valid", DataType::Boolean),
    ("error", DataType::Utf8),
    ("error_kind", DataType::Utf8),
    ("error_offset", DataType::Int64),
    ("scheme", DataType::Utf8),
    ("authority", DataType::Utf8),
    ("userinfo", DataType::Utf8),
    ("host", DataType::Utf8),
    ("host_kind", DataType::Utf8),
    ("port", DataType::Int64),
    ("port_str", DataType::Utf8),
    ("path", DataType::Utf8),
    ("query", DataType::Utf8),
    ("fragment", DataType::Utf8),
    ("iri", DataType::Utf8),
    ("warnings", DataType::Int64),
];

fn parse_fields() -> Fields {
    PARSE_FIELDS
        .iter()
        .map(|(n, t)| Field::new(*n, t.clone(), true))
        .collect()
}

/// A port's number, as the scalar API's `port`: none for no port or an empty one (`http://a:/`),
/// and none past `i64` (RFC 3986 §3.2.3 allows any number of digits; `port_str` keeps them).
pub(crate) fn port_number(p: Option<&str>) -> Option<i64> {
    p.and_then(|p| p.parse().ok())
}

/// `iri.arrow.parse`.
#[pyfunction]
#[pyo3(signature = (arr, kind = "iri-reference", *, mode = "strict", threads = None))]
fn arrow_parse(
    py: Python<'_>,
    arr: AnyArray,
    kind: &str,
    mode: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let k = ops::kind(kind).map_err(Fail::argument)?;
    let m = ops::mode(mode).map_err(Fail::argument)?;
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let n = r.len();
        let mut valid = BooleanBuilder::with_capacity(n);
        let mut error = StringBuilder::new();
        let mut error_kind = StringBuilder::new();
        let mut error_offset = Int64Builder::with_capacity(n);
        // scheme, authority, userinfo, host, host_kind | port | port_str, path, query,
        // fragment
        let mut strs: Vec<StringBuilder> = (0..9)
            .map(|_| StringBuilder::with_capacity(n, n * 8))
            .collect();
        let mut port = Int64Builder::with_capacity(n);
        let mut whole = StringBuilder::with_capacity(n, n * 48);
        let mut warnings = Int64Builder::with_capacity(n);
        let mut nulls = Vec::with_capacity(n);
        for row in r {
            let Some(s) = col.get(row) else {
                nulls.push(false);
                valid.append_null();
                error.append_null();
                error_kind.append_null();
                error_offset.append_null();
                strs.iter_mut().for_each(|b| b.append_null());
                port.append_null();
                whole.append_null();
                warnings.append_null();
                continue;
            };
            nulls.push(true);
            match ops::parse(s, k, m) {
                Ok((p, w)) => {
                    valid.append_value(true);
                    error.append_null();
                    error_kind.append_null();
                    error_offset.append_null();
                    let host = p.host_str();
                    let vals = [
                        p.scheme(),
                        p.authority(),
                        p.userinfo(),
                        host,
                        p.host().map(|h| h.kind().as_str()),
                        p.port(),
                        Some(p.path()),
                        p.query(),
                        p.fragment(),
                    ];
                    for (b, v) in strs.iter_mut().zip(vals) {
                        b.append_option(v);
                    }
                    port.append_option(port_number(p.port()));
                    whole.append_value(p.as_str());
                    warnings.append_value(w.len() as i64);
                }
                Err(f) => {
                    valid.append_value(false);
                    error.append_value(&f.message);
                    error_kind.append_value(f.kind);
                    error_offset.append_option(f.offset.map(|o| o as i64));
                    strs.iter_mut().for_each(|b| b.append_null());
                    port.append_null();
                    whole.append_null();
                    warnings.append_null();
                }
            }
        }
        let mut cols: Vec<ArrayRef> = vec![
            Arc::new(valid.finish()),
            Arc::new(error.finish()),
            Arc::new(error_kind.finish()),
            Arc::new(error_offset.finish()),
        ];
        let strs: Vec<ArrayRef> = strs
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef)
            .collect();
        cols.extend_from_slice(&strs[..5]);
        cols.push(Arc::new(port.finish()));
        cols.extend_from_slice(&strs[5..]);
        cols.push(Arc::new(whole.finish()));
        cols.push(Arc::new(warnings.finish()));
        let s = StructArray::new(parse_fields(), cols, Some(NullBuffer::from(nulls)));
        Ok(Arc::new(s))
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(py, &col, chunks, DataType::Struct(parse_fields()))
}

/// `iri.arrow.resolve`.
#[pyfunction]
#[pyo3(signature = (base, reference, *, errors = "raise", threads = None, preset = "strict", base_normalize = false, copied_path_normalize = false, erratum_4789 = false, dot_encoded = false))]
#[allow(clippy::too_many_arguments)]
fn arrow_resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    errors: &str,
    threads: Option<i64>,
    preset: &str,
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
) -> PyResult<Py<PyAny>> {
    let opts = ops::resolve_options(
        preset,
        base_normalize,
        copied_path_normalize,
        erratum_4789,
        dot_encoded,
    )
    .map_err(crate::fail::Fail::argument)?;
    binary(py, base, reference, threads, errors, &|b, r| {
        ops::resolve(b, r, opts).map(Some)
    })
}

/// `iri.arrow.relativize`.
#[pyfunction]
#[pyo3(signature = (base, target, *, errors = "raise", threads = None))]
fn arrow_relativize(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    binary(py, base, target, threads, errors, &|b, t| {
        ops::relativize(b, t).map(Some)
    })
}

/// `iri.arrow.equivalence_level`.
#[pyfunction]
#[pyo3(signature = (a, b, *, errors = "raise", threads = None))]
fn arrow_equivalence_level(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    binary(py, a, b, threads, errors, &|x, y| {
        ops::equivalence_level(x, y).map(|l| l.map(str::to_owned))
    })
}

/// `iri.arrow.to_uri`.
#[pyfunction]
#[pyo3(signature = (arr, *, idna = false, charset = None, mode = "strict", errors = "raise", threads = None))]
#[allow(clippy::too_many_arguments)]
fn arrow_to_uri(
    py: Python<'_>,
    arr: AnyArray,
    idna: bool,
    charset: Option<&str>,
    mode: &str,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let o = to_uri_options(idna, charset, mode)?;
    unary(py, arr, threads, errors, &|s| ops::to_uri(s, &o))
}

/// `iri.arrow.to_iri`.
#[pyfunction]
#[pyo3(signature = (arr, *, idna = false, errors = "raise", threads = None))]
fn arrow_to_iri(
    py: Python<'_>,
    arr: AnyArray,
    idna: bool,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    unary(py, arr, threads, errors, &|s| ops::to_iri(s, idna))
}

/// `iri.arrow.normalize`.
#[pyfunction]
#[pyo3(signature = (arr, level = "syntax", *, nfc = false, nfkc = false, form = "iri", idn = None, ignore_fragment = false, errors = "raise", threads = None))]
#[allow(clippy::too_many_arguments)]
fn arrow_normalize(
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
    let n =
        ops::normalizer(level, nfc, nfkc, form, idn, ignore_fragment).map_err(Fail::argument)?;
    unary(py, arr, threads, errors, &|s| ops::normalize(s, &n))
}

/// `iri.arrow.display`.
#[pyfunction]
#[pyo3(signature = (arr, wrap = "embedding", *, threads = None))]
fn arrow_display(
    py: Python<'_>,
    arr: AnyArray,
    wrap: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let w = ops::wrap(wrap).map_err(Fail::argument)?;
    unary(py, arr, threads, "raise", &|s| Ok(ops::display(s, w)))
}

/// `iri.arrow.preprocess`.
#[pyfunction]
#[pyo3(signature = (arr, *, whitespace = "remove", char_refs = false, errors = "raise", threads = None))]
fn arrow_preprocess(
    py: Python<'_>,
    arr: AnyArray,
    whitespace: &str,
    char_refs: bool,
    errors: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let p = ops::preprocessor(whitespace, char_refs).map_err(Fail::argument)?;
    unary(py, arr, threads, errors, &|s| ops::preprocess(s, &p))
}

/// Builds `list<struct<…>>` from per-row lists of rows of string/int columns.
struct ListOfStructs {
    fields: Fields,
    strs: Vec<StringBuilder>,
    ints: Vec<Int64Builder>,
    offsets: Vec<i32>,
    nulls: Vec<bool>,
}

impl ListOfStructs {
    fn new(str_names: &[&str], int_names: &[&str]) -> Self {
        ListOfStructs {
            fields: Self::fields(str_names, int_names),
            strs: str_names.iter().map(|_| StringBuilder::new()).collect(),
            ints: int_names.iter().map(|_| Int64Builder::new()).collect(),
            offsets: vec![0],
            nulls: Vec::new(),
        }
    }

    fn fields(str_names: &[&str], int_names: &[&str]) -> Fields {
        str_names
            .iter()
            .map(|n| Field::new(*n, DataType::Utf8, true))
            .chain(
                int_names
                    .iter()
                    .map(|n| Field::new(*n, DataType::Int64, true)),
            )
            .collect()
    }

    fn list_type(str_names: &[&str], int_names: &[&str]) -> DataType {
        let item = DataType::Struct(Self::fields(str_names, int_names));
        DataType::List(Arc::new(Field::new("item", item, true)))
    }

    fn push(&mut self, strs: &[Option<&str>], ints: &[Option<i64>]) {
        for (b, v) in self.strs.iter_mut().zip(strs) {
            b.append_option(*v);
        }
        for (b, v) in self.ints.iter_mut().zip(ints) {
            b.append_option(*v);
        }
    }

    fn end_row(&mut self, valid: bool) {
        let len = self.strs.first().map_or(0, |b| b.len()) as i32;
        self.offsets.push(len);
        self.nulls.push(valid);
    }

    fn finish(mut self) -> Result<ArrayRef, String> {
        let mut cols: Vec<ArrayRef> = self
            .strs
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef)
            .collect();
        cols.extend(
            self.ints
                .iter_mut()
                .map(|b| Arc::new(b.finish()) as ArrayRef),
        );
        let values = StructArray::new(self.fields.clone(), cols, None);
        let item = Arc::new(Field::new("item", DataType::Struct(self.fields), true));
        let offsets = OffsetBuffer::new(self.offsets.into());
        ListArray::try_new(
            item,
            offsets,
            Arc::new(values),
            Some(NullBuffer::from(self.nulls)),
        )
        .map(|l| Arc::new(l) as ArrayRef)
        .map_err(|e| e.to_string())
    }
}

const LINT_STRS: [&str; 6] = [
    "code",
    "severity",
    "component",
    "message",
    "section",
    "suggestion",
];
const LINT_INTS: [&str; 2] = ["start", "end"];

/// `iri.arrow.lint`.
#[pyfunction]
#[pyo3(signature = (arr, *, threads = None))]
fn arrow_lint(py: Python<'_>, arr: AnyArray, threads: Option<i64>) -> PyResult<Py<PyAny>> {
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let first = r.start;
        let mut l = ListOfStructs::new(&LINT_STRS, &LINT_INTS);
        for row in r {
            let Some(s) = col.get(row) else {
                l.end_row(false);
                continue;
            };
            let mut offsets = CharOffsets::new(s);
            for d in iri::lint::lint_str(s) {
                l.push(
                    &[
                        Some(d.code.as_str()),
                        Some(d.severity.as_str()),
                        d.component.map(|c| c.as_str()),
                        Some(&d.message),
                        Some(d.section),
                        d.suggestion.as_deref(),
                    ],
                    &[
                        Some(offsets.at(d.span.start) as i64),
                        Some(offsets.at(d.span.end) as i64),
                    ],
                );
            }
            l.end_row(true);
        }
        l.finish().map_err(|e| (first, Fail::plain("arrow", e, "")))
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(
        py,
        &col,
        chunks,
        ListOfStructs::list_type(&LINT_STRS, &LINT_INTS),
    )
}

const FOUND_STRS: [&str; 6] = ["text", "place", "reference", "resolved", "uri", "error"];
const FOUND_INTS: [&str; 4] = ["start", "end", "line", "column"];

/// `iri.arrow.extract`: the IRIs in each row's text.
#[pyfunction]
#[pyo3(signature = (arr, r#type = None, *, base = None, mode = "strict", threads = None))]
fn arrow_extract(
    py: Python<'_>,
    arr: AnyArray,
    r#type: Option<&str>,
    base: Option<&Bound<'_, PyAny>>,
    mode: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    use iri::extract::{MarkupKind, MarkupOptions};
    let m = ops::mode(mode).map_err(Fail::argument)?;
    let mut opts = MarkupOptions::new().mode(m);
    if let Some(b) = base {
        let t = crate::scalar::text(b)?;
        let i = ops::absolute(&t)
            .map_err(|f| f.into_pyerr(py, None))?
            .into_owned();
        opts = opts.base(i);
    }
    let markup = match r#type {
        None | Some("text") => None,
        Some("html") => Some(MarkupKind::Html),
        Some("xml") => Some(MarkupKind::Xml),
        Some(t) => {
            return Err(Fail::argument(format!(
                "unknown type {t:?}: expected 'text', 'html' or 'xml'"
            )))
        }
    };
    let col = Column::read(arr)?;
    let kernel = |r: Range<usize>| -> Result<ArrayRef, (usize, Fail)> {
        let first = r.start;
        let mut l = ListOfStructs::new(&FOUND_STRS, &FOUND_INTS);
        for row in r {
            let Some(s) = col.get(row) else {
                l.end_row(false);
                continue;
            };
            let found = match markup {
                None => iri::extract::extract_text(s, &opts),
                Some(k) => iri::extract::extract_markup(s, k, &opts),
            };
            let mut offsets = CharOffsets::new(s);
            for f in &found {
                let place = f.place.to_string();
                let (reference, resolved, uri, error) = match &f.result {
                    Ok(r) => (
                        Some(r.reference.as_str()),
                        r.resolved.as_ref().map(|i| i.as_str()),
                        Some(r.uri.as_str()),
                        None,
                    ),
                    Err(e) => (None, None, None, Some(e.to_string())),
                };
                l.push(
                    &[
                        Some(&f.text),
                        Some(&place),
                        reference,
                        resolved,
                        uri,
                        error.as_deref(),
                    ],
                    &[
                        Some(offsets.at(f.span.start) as i64),
                        Some(offsets.at(f.span.end) as i64),
                        Some(f.line as i64),
                        Some(f.column as i64),
                    ],
                );
            }
            l.end_row(true);
        }
        l.finish().map_err(|e| (first, Fail::plain("arrow", e, "")))
    };
    let chunks = run(py, col.len(), threads, &kernel)?;
    finish(
        py,
        &col,
        chunks,
        ListOfStructs::list_type(&FOUND_STRS, &FOUND_INTS),
    )
}

/// Registers the kernels.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arrow_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_relativize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_equivalence_level, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_display, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_preprocess, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_lint, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_extract, m)?)?;
    Ok(())
}
