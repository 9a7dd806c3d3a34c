//! The scalar API: one IRI at a time. Each function's docstring is its Python documentation,
//! with examples that the test suite runs as doctests.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use iri::extract::{DocumentKind, DocumentOptions, Found as RFound, MarkupKind, MarkupOptions};
use iri::legacy::{DocumentCharset, ParseMode};
use iri::{IriRef as RIriRef, Kind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::fail::{char_offset, CharOffsets, Fail};
use crate::ops;

fn arg<T>(r: Result<T, String>) -> PyResult<T> {
    r.map_err(Fail::argument)
}

fn raise<T>(py: Python<'_>, r: Result<T, Fail>) -> PyResult<T> {
    r.map_err(|f| f.into_pyerr(py, None))
}

/// The UTF-8 text of a `str`, without a copy (see [`crate::fast::utf8`]); a lone surrogate
/// gives an `IriError` of kind `surrogate` at its character offset.
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
    // SAFETY: `s` is a live `str` borrowed for `'a`, and the GIL is held (`Bound` proves it).
    unsafe { crate::fast::utf8(s.as_ptr()) }.ok_or_else(|| surrogate_error(s))
}

/// The `IriError` for a `str` that UTF-8 cannot encode (the error CPython set is taken): a
/// lone surrogate, which is no Unicode scalar value and so in no IRI (RFC 3987 §2: IRIs are
/// sequences of characters from the UCS). Another error is passed on as it is.
fn surrogate_error(s: &Bound<'_, PyString>) -> PyErr {
    let py = s.py();
    let err = PyErr::fetch(py);
    if !err.is_instance_of::<pyo3::exceptions::PyUnicodeEncodeError>(py) {
        return err;
    }
    let Ok(start) = err
        .value(py)
        .getattr("start")
        .and_then(|v| v.extract::<usize>())
    else {
        return err;
    };
    let code = s
        .get_item(start)
        .ok()
        .and_then(|c| c.cast_into::<PyString>().ok())
        .and_then(|c| {
            py.import("builtins")
                .and_then(|b| b.getattr("ord"))
                .and_then(|ord| ord.call1((c,)))
                .and_then(|n| n.extract::<u32>())
                .ok()
        });
    Fail::surrogate(start, code, &s.to_string_lossy()).into_pyerr(py, None)
}

/// Whether `e` is the `IriError` of a lone surrogate.
fn is_surrogate(py: Python<'_>, e: &PyErr) -> bool {
    e.value(py)
        .getattr("kind")
        .and_then(|k| k.extract::<String>())
        .is_ok_and(|k| k == "surrogate")
}

/// A text argument: a `str`, or an `IriRef` (its text).
pub fn text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(utf8(s)?.to_owned());
    }
    if let Ok(r) = obj.cast::<IriRef>() {
        return Ok(r.get().text.clone());
    }
    Err(PyTypeError::new_err(format!(
        "expected str or IriRef, got {}",
        obj.get_type().name()?
    )))
}

/// A character of a lenient parse that only the wider grammar allows.
///
/// >>> import iri
/// >>> w = iri.parse("http://a/b c", mode="lenient").warnings[0]
/// >>> (w.offset, w.char, w.component, w.kind)
/// (10, ' ', 'path', 'space')
#[pyclass(module = "iri", frozen, get_all)]
pub struct Warning {
    /// The character offset in the original text.
    offset: usize,
    /// The UTF-8 byte offset in the original text.
    byte_offset: usize,
    /// The character.
    char: String,
    /// The component it is in.
    component: &'static str,
    /// Why the strict grammar refuses it: `space`, `delimiter`, `unwise`, `control`,
    /// `bidi-formatting` or `not-ucschar`.
    kind: &'static str,
    /// A sentence for people.
    message: String,
}

#[pymethods]
impl Warning {
    fn __repr__(&self) -> String {
        format!(
            "Warning(offset={}, char={:?}, component={:?}, kind={:?})",
            self.offset, self.char, self.component, self.kind
        )
    }
    fn __str__(&self) -> String {
        self.message.clone()
    }
}

fn warning(w: &iri::legacy::Widened, original: &str) -> Warning {
    Warning {
        offset: char_offset(original, w.offset),
        byte_offset: w.offset,
        char: w.ch.to_string(),
        component: w.component.as_str(),
        kind: w.kind.as_str(),
        message: w.to_string(),
    }
}

/// A parsed IRI reference (RFC 3987 §2.2): its text and its components.
///
/// Made by :func:`iri.parse`. ``str()`` gives the text; ``==`` and ``hash`` are simple string
/// comparison (RFC 3987 §5.3.1): use :func:`iri.normalize` or :func:`iri.equivalence_level`
/// for the other rungs of the comparison ladder. Instances are immutable and picklable.
///
/// >>> import iri
/// >>> r = iri.parse("http://user@例え.テスト:8080/δοκιμή?q=1#ñ")
/// >>> r.scheme, r.userinfo, r.host, r.host_kind, r.port
/// ('http', 'user', '例え.テスト', 'reg-name', 8080)
/// >>> r.path, r.query, r.fragment
/// ('/δοκιμή', 'q=1', 'ñ')
/// >>> r == iri.parse("http://user@例え.テスト:8080/δοκιμή?q=1#ñ")
/// True
#[pyclass(module = "iri", frozen)]
pub struct IriRef {
    pub text: String,
    inner: RIriRef<String>,
    kind: Kind,
    mode: ParseMode,
    original: Option<String>,
    warnings: Vec<iri::legacy::Widened>,
}

impl IriRef {
    fn r(&self) -> &RIriRef<String> {
        &self.inner
    }
}

/// Builds an `IriRef` from a parse.
pub fn make(s: &str, kind: Kind, mode: ParseMode) -> Result<IriRef, Fail> {
    let (r, warnings) = ops::parse(s, kind, mode)?;
    let inner = r.into_owned();
    let text = inner.as_str().to_owned();
    let original = (mode != ParseMode::Strict).then(|| s.to_owned());
    Ok(IriRef {
        text,
        inner,
        kind,
        mode,
        original,
        warnings,
    })
}

#[pymethods]
impl IriRef {
    /// The scheme, or ``None`` for a relative reference.
    ///
    /// >>> import iri
    /// >>> iri.parse("HTTP://a/").scheme, iri.parse("../a").scheme
    /// ('HTTP', None)
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.r().scheme()
    }

    /// The authority (``userinfo@host:port``), or ``None`` when there is none.
    ///
    /// >>> import iri
    /// >>> iri.parse("http://u@a:1/").authority
    /// 'u@a:1'
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.r().authority()
    }

    /// The user information, or ``None``.
    ///
    /// >>> import iri
    /// >>> iri.parse("ftp://anne@a/").userinfo
    /// 'anne'
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.r().userinfo()
    }

    /// The host as text (an IP literal with its brackets), or ``None`` without authority.
    ///
    /// >>> import iri
    /// >>> iri.parse("http://[::1]:80/").host
    /// '[::1]'
    #[getter]
    fn host(&self) -> Option<&str> {
        self.r().host_str()
    }

    /// The kind of host: ``'reg-name'``, ``'ipv4'``, ``'ipv6'``, ``'ipvfuture'``, or ``None``.
    ///
    /// >>> import iri
    /// >>> iri.parse("http://192.0.2.1/").host_kind, iri.parse("http://[v7.x]/").host_kind
    /// ('ipv4', 'ipvfuture')
    #[getter]
    fn host_kind(&self) -> Option<&'static str> {
        self.r().host().map(|h| h.kind().as_str())
    }

    /// The port as an integer, or ``None`` when there is none or it is empty (``http://a:/``).
    /// RFC 3986 allows any number of digits: a port past 65535 is returned as it is.
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a:8080/").port, iri.parse("http://a:/").port
    /// (8080, None)
    #[getter]
    fn port(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.r().port() {
            None | Some("") => Ok(None),
            Some(p) => {
                let int = py.get_type::<pyo3::types::PyInt>().call1((p,))?;
                Ok(Some(int.unbind()))
            }
        }
    }

    /// The port's text, or ``None`` (``''`` for ``http://a:/``).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a:/").port_str
    /// ''
    #[getter]
    fn port_str(&self) -> Option<&str> {
        self.r().port()
    }

    /// The path (possibly empty).
    ///
    /// >>> import iri
    /// >>> iri.parse("mailto:a@b").path
    /// 'a@b'
    #[getter]
    fn path(&self) -> &str {
        self.r().path()
    }

    /// The path's segments, split on ``/`` (percent-encodings kept).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/b/c%2Fd/").path_segments
    /// ['b', 'c%2Fd', '']
    #[getter]
    fn path_segments(&self) -> Vec<&str> {
        self.r().path_segments().collect()
    }

    /// The query, or ``None`` (``''`` for ``http://a/?``).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/?").query, iri.parse("http://a/").query
    /// ('', None)
    #[getter]
    fn query(&self) -> Option<&str> {
        self.r().query()
    }

    /// The fragment, or ``None``.
    ///
    /// >>> import iri
    /// >>> iri.parse("#top").fragment
    /// 'top'
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.r().fragment()
    }

    /// Whether it has a scheme (an IRI rather than a relative reference).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/").is_absolute, iri.parse("/a").is_absolute
    /// (True, False)
    #[getter]
    fn is_absolute(&self) -> bool {
        self.r().is_absolute()
    }

    /// The grammar it was parsed against (``'iri-ref'``, ``'iri'``, …).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/", kind="uri").kind
    /// 'uri'
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind.as_str()
    }

    /// The parse mode: ``'strict'``, ``'lenient'`` or ``'leiri'``.
    ///
    /// >>> import iri
    /// >>> iri.parse("a b", mode="lenient").mode
    /// 'lenient'
    #[getter]
    fn mode(&self) -> &'static str {
        self.mode.as_str()
    }

    /// The text given to :func:`iri.parse` in a lenient mode (``str()`` is the strict form);
    /// the same as ``str()`` in strict mode.
    ///
    /// >>> import iri
    /// >>> r = iri.parse("http://a/b c", mode="lenient")
    /// >>> str(r), r.original
    /// ('http://a/b%20c', 'http://a/b c')
    #[getter]
    fn original(&self) -> &str {
        self.original.as_deref().unwrap_or(&self.text)
    }

    /// In a lenient mode, the characters only that mode allows (an empty list in strict mode).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/b").warnings
    /// []
    #[getter]
    fn warnings(&self) -> Vec<Warning> {
        let original = self.original.as_deref().unwrap_or(&self.text);
        self.warnings.iter().map(|w| warning(w, original)).collect()
    }

    /// The components as a dict (the same keys as the struct fields of
    /// :func:`iri.arrow.parse`, without ``valid`` and ``error``).
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a:1/p?q").to_dict()["port"]
    /// 1
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("scheme", self.scheme())?;
        d.set_item("authority", self.authority())?;
        d.set_item("userinfo", self.userinfo())?;
        d.set_item("host", self.host())?;
        d.set_item("host_kind", self.host_kind())?;
        d.set_item("port", self.port(py)?)?;
        d.set_item("path", self.path())?;
        d.set_item("query", self.query())?;
        d.set_item("fragment", self.fragment())?;
        Ok(d)
    }

    /// This reference resolved against ``base`` (RFC 3986 §5.2); see :func:`iri.resolve`
    /// for ``preset`` and the options.
    ///
    /// >>> import iri
    /// >>> iri.parse("../c").resolve_against("http://a/b/d")
    /// IriRef('http://a/c')
    /// >>> iri.parse("?y").resolve_against("http://a/bb/ccc/..", preset="rdf")
    /// IriRef('http://a/bb/?y')
    #[pyo3(signature = (base, *, preset = "strict", base_normalize = false, copied_path_normalize = false, erratum_4789 = false, dot_encoded = false))]
    #[allow(clippy::too_many_arguments)]
    fn resolve_against(
        &self,
        py: Python<'_>,
        base: &Bound<'_, PyAny>,
        preset: &str,
        base_normalize: bool,
        copied_path_normalize: bool,
        erratum_4789: bool,
        dot_encoded: bool,
    ) -> PyResult<IriRef> {
        let opts = arg(ops::resolve_options(
            preset,
            base_normalize,
            copied_path_normalize,
            erratum_4789,
            dot_encoded,
        ))?;
        let b = text(base)?;
        let out = raise(py, ops::resolve(&b, &self.text, opts))?;
        raise(py, make(&out, Kind::IriReference, ParseMode::Strict))
    }

    /// The URI form (RFC 3987 §3.1); see :func:`iri.to_uri`.
    ///
    /// >>> import iri
    /// >>> iri.parse("http://a/é").to_uri()
    /// 'http://a/%C3%A9'
    #[pyo3(signature = (*, idna = false))]
    fn to_uri(&self, py: Python<'_>, idna: bool) -> PyResult<String> {
        let o = ops::ToUri {
            idna,
            charset: None,
            mode: ParseMode::Strict,
        };
        raise(py, ops::to_uri(&self.text, &o))
    }

    /// ``IriRef('…')``.
    fn __repr__(&self) -> String {
        format!("IriRef({:?})", self.text)
            .replace("IriRef(\"", "IriRef('")
            .replace("\")", "')")
    }

    /// The text.
    fn __str__(&self) -> &str {
        &self.text
    }

    /// Simple string comparison (RFC 3987 §5.3.1) with another ``IriRef``.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<IriRef>() {
            Ok(o) => o.get().text == self.text,
            Err(_) => false,
        }
    }

    /// The hash of the text.
    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }

    /// Pickles as the text given, the grammar and the mode.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str, &'static str))> {
        let unpickle = py.import("iri")?.getattr("_unpickle")?;
        Ok((
            unpickle,
            (
                self.original().to_owned(),
                self.kind.as_str(),
                self.mode.as_str(),
            ),
        ))
    }
}

/// Parses ``s`` against a grammar of RFC 3987 §2.2 (or RFC 3986), strictly by default.
///
/// ``kind``: ``'iri-reference'`` (default), ``'iri'``, ``'absolute-iri'``, ``'relative-iri'``,
/// ``'uri-reference'``, ``'uri'``, ``'absolute-uri'``, ``'relative-uri'``. ``mode``:
/// ``'strict'``; ``'lenient'`` (spaces, ``<>"{}|\^`` and the like accepted) or ``'leiri'``
/// (also controls and other non-ucschar characters), whose extra characters are
/// percent-encoded in the result and listed in ``warnings``.
///
/// Raises :class:`IriError` with position and reason.
///
/// >>> import iri
/// >>> str(iri.parse("http://example.org/résumé"))
/// 'http://example.org/résumé'
/// >>> iri.parse("//example.org/", kind="iri")
/// Traceback (most recent call last):
///   ...
/// iri.IriError: invalid IRI: no scheme: it must start with a letter, then letters, digits, '+', '-' or '.', then ':'
#[pyfunction]
#[pyo3(signature = (s, kind = "iri-reference", *, mode = "strict"))]
fn parse(py: Python<'_>, s: &Bound<'_, PyString>, kind: &str, mode: &str) -> PyResult<IriRef> {
    let k = arg(ops::kind(kind))?;
    let m = arg(ops::mode(mode))?;
    raise(py, make(utf8(s)?, k, m))
}

/// Whether ``s`` matches the grammar ``kind`` (see :func:`parse`), without building a value.
///
/// >>> import iri
/// >>> iri.is_valid("http://例え.テスト/"), iri.is_valid("http://例え.テスト/", kind="uri")
/// (True, False)
/// >>> iri.is_valid("a b")
/// False
#[pyfunction]
#[pyo3(signature = (s, kind = "iri-reference"))]
fn is_valid(s: &Bound<'_, PyString>, kind: &str) -> PyResult<bool> {
    let k = arg(ops::kind(kind))?;
    match utf8(s) {
        Ok(t) => Ok(iri::validate(t, k).is_ok()),
        // A lone surrogate is in no IRI.
        Err(e) if is_surrogate(s.py(), &e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Checks ``s`` against the grammar ``kind``: returns ``None`` or raises :class:`IriError`.
///
/// >>> import iri
/// >>> iri.validate("http://a/%zz")
/// Traceback (most recent call last):
///   ...
/// iri.IriError: invalid IRI reference: '%' at byte 9 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)
#[pyfunction]
#[pyo3(signature = (s, kind = "iri-reference"))]
fn validate(py: Python<'_>, s: &Bound<'_, PyString>, kind: &str) -> PyResult<()> {
    let k = arg(ops::kind(kind))?;
    let s = utf8(s)?;
    iri::validate(s, k).map_err(|e| Fail::parse(&e, s).into_pyerr(py, None))
}

/// ``reference`` resolved against ``base`` (an IRI, RFC 3986 §5.2), as text.
///
/// ``preset``: ``'strict'`` (the literal algorithm of §5.2.2, the default), ``'rdf'`` (the dot
/// segments of a base path copied for an empty reference, ``?y`` or ``#s`` removed: oxiri's
/// results and the W3C RDF suites') or ``'browser'`` (base normalization, §5.2.1, erratum 4789
/// to §5.2.3, and ``%2E`` counted as ``.`` in dot segments, §2.3 and §6.2.2.2).
/// ``base_normalize``, ``copied_path_normalize``, ``erratum_4789`` and ``dot_encoded`` add that
/// one option to the preset.
///
/// >>> import iri
/// >>> iri.resolve("http://example.org/wiki/Zürich", "../w/index.php?title=Genève")
/// 'http://example.org/w/index.php?title=Genève'
/// >>> iri.resolve("http://a/bb/ccc/./d;p?q", "?y", preset="rdf")
/// 'http://a/bb/ccc/d;p?y'
/// >>> iri.resolve("http://a/b/c/d", "%2E%2E/g", dot_encoded=True)
/// 'http://a/b/g'
#[pyfunction]
#[pyo3(signature = (base, reference, *, preset = "strict", base_normalize = false, copied_path_normalize = false, erratum_4789 = false, dot_encoded = false))]
#[allow(clippy::too_many_arguments)]
fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    preset: &str,
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
) -> PyResult<String> {
    let opts = arg(ops::resolve_options(
        preset,
        base_normalize,
        copied_path_normalize,
        erratum_4789,
        dot_encoded,
    ))?;
    raise(py, ops::resolve(&text(base)?, &text(reference)?, opts))
}

/// The shortest reference that resolves against ``base`` to ``target`` (both IRIs).
///
/// >>> import iri
/// >>> iri.relativize("http://example.org/wiki/Zürich", "http://example.org/wiki/Genève")
/// 'Genève'
#[pyfunction]
fn relativize(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
) -> PyResult<String> {
    raise(py, ops::relativize(&text(base)?, &text(target)?))
}

/// Reads the `to_uri` options.
pub fn to_uri_options(idna: bool, charset: Option<&str>, mode: &str) -> PyResult<ops::ToUri> {
    let charset = match charset {
        None => None,
        Some(label) => Some(DocumentCharset::new(arg(ops::charset(label))?)),
    };
    Ok(ops::ToUri {
        idna,
        charset,
        mode: arg(ops::mode(mode))?,
    })
}

/// The URI form of an IRI reference (RFC 3987 §3.1): non-ASCII characters as UTF-8
/// percent-encodings.
///
/// ``idna=True``: the host of DNS schemes through ToASCII (UTS #46) first. ``charset``: a
/// legacy document charset (``'shift_jis'``, ``'windows-1252'``, …) for the query of http(s)
/// IRIs, as browsers do (RFC 3987 §3.1 note). ``mode``: ``'lenient'`` or ``'leiri'`` accept
/// the wider grammars (see :func:`parse`).
///
/// >>> import iri
/// >>> iri.to_uri("http://example.org/résumé")
/// 'http://example.org/r%C3%A9sum%C3%A9'
/// >>> iri.to_uri("http://例え.テスト/", idna=True)
/// 'http://xn--r8jz45g.xn--zckzah/'
/// >>> iri.to_uri("http://a/?q=é", charset="latin1")
/// 'http://a/?q=%E9'
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, charset = None, mode = "strict"))]
fn to_uri(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    idna: bool,
    charset: Option<&str>,
    mode: &str,
) -> PyResult<String> {
    let o = to_uri_options(idna, charset, mode)?;
    raise(py, ops::to_uri(&text(s)?, &o))
}

/// The IRI form of a URI reference (RFC 3987 §3.2): percent-encoded UTF-8 that an IRI may
/// hold is decoded. ``idna=True``: ``xn--`` labels of DNS hosts through ToUnicode.
///
/// >>> import iri
/// >>> iri.to_iri("http://example.org/r%C3%A9sum%C3%A9")
/// 'http://example.org/résumé'
/// >>> iri.to_iri("http://xn--r8jz45g.xn--zckzah/", idna=True)
/// 'http://例え.テスト/'
#[pyfunction]
#[pyo3(signature = (s, *, idna = false))]
fn to_iri(py: Python<'_>, s: &Bound<'_, PyAny>, idna: bool) -> PyResult<String> {
    raise(py, ops::to_iri(&text(s)?, idna))
}

/// The normal form of ``s`` at a rung of the comparison ladder (RFC 3987 §5.3).
///
/// ``level``: ``'syntax'`` (case, percent-encoding, dot segments; §5.3.2) or ``'scheme'``
/// (also default ports, empty paths and IDN hosts of known schemes; §5.3.3), or
/// ``'simple'`` (unchanged). ``nfc``/``nfkc``: also Unicode normalization (§5.3.2.2).
/// ``form``: ``'iri'`` or ``'uri'``. ``idn``: override whether hosts go through IDNA at the
/// scheme level. ``ignore_fragment``: drop the fragment.
///
/// >>> import iri
/// >>> iri.normalize("HTTP://Example.COM/a/./b/../%7e")
/// 'http://example.com/a/~'
/// >>> iri.normalize("http://example.com:80", level="scheme")
/// 'http://example.com/'
/// >>> iri.normalize("http://a/é", form="uri")
/// 'http://a/%C3%A9'
#[pyfunction]
#[pyo3(signature = (s, level = "syntax", *, nfc = false, nfkc = false, form = "iri", idn = None, ignore_fragment = false))]
#[allow(clippy::too_many_arguments)]
fn normalize(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    level: &str,
    nfc: bool,
    nfkc: bool,
    form: &str,
    idn: Option<bool>,
    ignore_fragment: bool,
) -> PyResult<String> {
    let n = arg(ops::normalizer(
        level,
        nfc,
        nfkc,
        form,
        idn,
        ignore_fragment,
    ))?;
    raise(py, ops::normalize(&text(s)?, &n))
}

/// The lowest rung of the comparison ladder (RFC 3987 §5.3) at which ``a`` and ``b`` are
/// equivalent: ``'simple'``, ``'syntax'``, ``'scheme'``, or ``None``.
///
/// >>> import iri
/// >>> iri.equivalence_level("http://example.com", "HTTP://example.com:80/")
/// 'scheme'
/// >>> iri.equivalence_level("http://a/", "http://b/") is None
/// True
#[pyfunction]
fn equivalence_level(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<Option<&'static str>> {
    raise(py, ops::equivalence_level(&text(a)?, &text(b)?))
}

/// Whether ``a`` and ``b`` are equivalent at ``level`` or below (RFC 3987 §5.3).
///
/// >>> import iri
/// >>> iri.equivalent("http://a/%7e", "http://a/~"), iri.equivalent("http://a/%7e", "http://a/~", level="simple")
/// (True, False)
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax"))]
fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    level: &str,
) -> PyResult<bool> {
    let l = arg(ops::level(level))?;
    let found = raise(py, ops::equivalence_level(&text(a)?, &text(b)?))?;
    Ok(match found {
        None => false,
        Some(f) => arg(ops::level(f))? <= l,
    })
}

/// One finding of :func:`lint`.
///
/// ``span`` is in characters of the input, ``byte_span`` in UTF-8 bytes; ``str()`` is
/// ``severity[code]: message (section)``.
///
/// >>> import iri
/// >>> d = iri.lint("http://user:secret@example.org/")[0]
/// >>> d.code, d.severity, d.component, d.span, d.section
/// ('password-in-userinfo', 'warning', 'userinfo', (7, 18), 'RFC 3986 §3.2.1')
#[pyclass(module = "iri", frozen, get_all)]
pub struct Diagnostic {
    /// The stable code (``'password-in-userinfo'``, ``'not-nfc'``, …).
    code: &'static str,
    /// ``'info'``, ``'warning'`` or ``'error'``.
    severity: &'static str,
    /// The component concerned, or ``None``.
    component: Option<&'static str>,
    /// ``(start, end)`` in characters.
    span: (usize, usize),
    /// ``(start, end)`` in UTF-8 bytes.
    byte_span: (usize, usize),
    /// A sentence for people.
    message: String,
    /// The RFC section of the rule.
    section: &'static str,
    /// A replacement for the text under the span, where one is known.
    suggestion: Option<String>,
    display: String,
}

#[pymethods]
impl Diagnostic {
    fn __str__(&self) -> String {
        self.display.clone()
    }
    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(code={:?}, severity={:?}, span={:?})",
            self.code, self.severity, self.span
        )
    }
}

/// Converts a diagnostic.
pub fn diagnostic(d: &iri::lint::Diagnostic, offsets: &mut CharOffsets<'_>) -> Diagnostic {
    Diagnostic {
        code: d.code.as_str(),
        severity: d.severity.as_str(),
        component: d.component.map(|c| c.as_str()),
        span: (offsets.at(d.span.start), offsets.at(d.span.end)),
        byte_span: (d.span.start, d.span.end),
        message: d.message.clone(),
        section: d.section,
        suggestion: d.suggestion.clone(),
        display: d.to_string(),
    }
}

/// Diagnostics for ``s`` (RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §3.2.1): bidi rules,
/// confusables, non-NFC text, passwords in userinfo, … An invalid ``s`` gives an error
/// diagnostic rather than an exception.
///
/// >>> import iri
/// >>> [d.code for d in iri.lint("http://example.org/")]
/// []
/// >>> print(iri.lint("http://user:pw@a/")[0])
/// warning[password-in-userinfo]: the userinfo 'user:***' holds a password in clear text; ...
#[pyfunction]
fn lint(s: &Bound<'_, PyAny>) -> PyResult<Vec<Diagnostic>> {
    let t = text(s)?;
    let mut offsets = CharOffsets::new(&t);
    Ok(iri::lint::lint_str(&t)
        .iter()
        .map(|d| diagnostic(d, &mut offsets))
        .collect())
}

/// The text to display for an IRI (RFC 3987 §4.1): wrapped left to right when it holds a
/// right-to-left character. ``wrap``: ``'embedding'`` (LRE…PDF, as the RFC says) or
/// ``'isolate'`` (LRI…PDI, what Unicode now recommends).
///
/// >>> import iri
/// >>> iri.display("http://example.org/\u05d0") == "\u202ahttp://example.org/\u05d0\u202c"
/// True
/// >>> iri.display("http://example.org/")
/// 'http://example.org/'
#[pyfunction]
#[pyo3(signature = (s, wrap = "embedding"))]
fn display(s: &Bound<'_, PyAny>, wrap: &str) -> PyResult<String> {
    let w = arg(ops::wrap(wrap))?;
    Ok(ops::display(&text(s)?, w))
}

/// Pre-processes a reference taken from a document (the IRI processing draft §4):
/// surrounding whitespace trimmed, inner whitespace removed (``whitespace='remove'``) or spaces
/// percent-encoded (``'encode-spaces'``), numeric character references decoded if
/// ``char_refs``. ``multiple=True``: the text holds several references separated by spaces;
/// returns ``[(offset, reference), …]`` with character offsets.
///
/// >>> import iri
/// >>> iri.preprocess("\t http://a/my file&#x2E;html \r\n", whitespace="encode-spaces", char_refs=True)
/// 'http://a/my%20file.html'
/// >>> iri.preprocess("a.css  b.css", multiple=True)
/// [(0, 'a.css'), (7, 'b.css')]
#[pyfunction]
#[pyo3(signature = (s, *, whitespace = "remove", char_refs = false, multiple = false))]
fn preprocess<'py>(
    py: Python<'py>,
    s: &str,
    whitespace: &str,
    char_refs: bool,
    multiple: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let p = arg(ops::preprocessor(whitespace, char_refs))?;
    if multiple {
        let v = raise(py, ops::preprocess_multiple(s, &p))?;
        let mut offsets = CharOffsets::new(s);
        let v: Vec<(usize, String)> = v.into_iter().map(|(o, t)| (offsets.at(o), t)).collect();
        Ok(v.into_pyobject(py)?.into_any())
    } else {
        Ok(raise(py, ops::preprocess(s, &p))?
            .into_pyobject(py)?
            .into_any())
    }
}

/// One IRI candidate found by :func:`extract`.
///
/// ``text``: as found (references decoded). ``span``: ``(start, end)`` in characters of the
/// document text (for a ``bytes`` document, in UTF-8 bytes of its decoded text, like
/// ``byte_span``), ``byte_span`` in its UTF-8 bytes; ``line`` and ``column`` 1-based.
/// ``place``: ``'a@href'``, ``'text in p'``, ``'text'``. When it parses: ``reference`` (the
/// strict reference), ``resolved`` (against the base in scope, or ``None``), ``uri`` (the
/// URI form) and ``error`` ``None``; otherwise those are ``None`` and ``error`` is the
/// :class:`IriError`.
///
/// >>> import iri
/// >>> f = iri.extract("see http://example.org/ä.")[0]
/// >>> f.text, f.span, f.uri
/// ('http://example.org/ä', (4, 24), 'http://example.org/%C3%A4')
#[pyclass(module = "iri", frozen, get_all)]
pub struct Found {
    text: String,
    span: (usize, usize),
    byte_span: (usize, usize),
    line: usize,
    column: usize,
    place: String,
    reference: Option<String>,
    resolved: Option<String>,
    uri: Option<String>,
    error: Option<Py<PyAny>>,
    warnings: Vec<Py<Warning>>,
}

#[pymethods]
impl Found {
    fn __repr__(&self) -> String {
        format!(
            "Found(text={:?}, line={}, column={}, place={:?})",
            self.text, self.line, self.column, self.place
        )
    }
}

fn found(py: Python<'_>, f: &RFound, offsets: &mut CharOffsets<'_>) -> PyResult<Found> {
    let (reference, resolved, uri, error, warnings) = match &f.result {
        Ok(r) => {
            let ws = r
                .warnings
                .iter()
                .map(|w| Py::new(py, warning(w, &f.text)))
                .collect::<PyResult<Vec<_>>>()?;
            (
                Some(r.reference.as_str().to_owned()),
                r.resolved.as_ref().map(|i| i.as_str().to_owned()),
                Some(r.uri.clone()),
                None,
                ws,
            )
        }
        Err(e) => {
            let err = Fail::parse(e, &f.text).into_pyerr(py, None);
            (
                None,
                None,
                None,
                Some(err.into_value(py).into_any()),
                Vec::new(),
            )
        }
    };
    Ok(Found {
        text: f.text.clone(),
        span: (offsets.at(f.span.start), offsets.at(f.span.end)),
        byte_span: (f.span.start, f.span.end),
        line: f.line,
        column: f.column,
        place: f.place.to_string(),
        reference,
        resolved,
        uri,
        error,
        warnings,
    })
}

/// Finds the IRIs in a text or a document (RFC 3987 §7.3) and parses, resolves and maps each.
///
/// ``source``: ``str`` (text already decoded) or ``bytes`` (a document in any charset, detected
/// from a BOM, ``<meta charset>`` or the XML declaration, or given as ``charset``).
/// ``type``: ``'text'``, ``'html'`` or ``'xml'`` (for ``bytes``, sniffed when ``None``; for
/// ``str``, ``'text'`` when ``None``). ``base``: the IRI relative references resolve against
/// (HTML ``<base href>`` and ``xml:base`` override it). ``mode``: ``'lenient'`` or
/// ``'leiri'`` to accept the wider grammars.
///
/// >>> import iri
/// >>> [f.resolved for f in iri.extract('<a href="b">x</a>', type="html", base="http://a/")]
/// ['http://a/b']
/// >>> [f.uri for f in iri.extract('<a href="caf\xe9">'.encode("latin1"), charset="latin1")]
/// ['caf%C3%A9']
#[pyfunction]
#[pyo3(signature = (source, r#type = None, *, base = None, charset = None, mode = "strict"))]
fn extract(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    r#type: Option<&str>,
    base: Option<&Bound<'_, PyAny>>,
    charset: Option<&str>,
    mode: &str,
) -> PyResult<Vec<Found>> {
    let m = arg(ops::mode(mode))?;
    let base = match base {
        None => None,
        Some(b) => {
            let t = text(b)?;
            let i = raise(py, ops::absolute(&t).map(|i| i.into_owned()))?;
            Some(i)
        }
    };
    let mut markup = MarkupOptions::new().mode(m);
    if let Some(b) = &base {
        markup = markup.base(b.clone());
    }
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let mut opts = DocumentOptions::new().mode(m);
        if let Some(t) = r#type {
            opts = opts.kind(match t {
                "text" => DocumentKind::Text,
                "html" => DocumentKind::Html,
                "xml" => DocumentKind::Xml,
                _ => {
                    return Err(Fail::argument(format!(
                        "unknown type {t:?}: expected 'text', 'html' or 'xml'"
                    )))
                }
            });
        }
        if let Some(label) = charset {
            opts = opts
                .charset(label)
                .map_err(|e| Fail::argument(e.to_string()))?;
        }
        if let Some(b) = base {
            opts = opts.base(b);
        }
        let data = bytes.as_bytes();
        let doc = py.detach(|| iri::extract::extract_document(data, &opts));
        // Spans are in the decoded text, which the document does not keep: give them in bytes
        // of that text, and characters where they can be counted in the found text alone.
        return doc
            .found
            .iter()
            .map(|f| {
                let mut out = found(py, f, &mut CharOffsets::new(""))?;
                out.span = (f.span.start, f.span.end);
                Ok(out)
            })
            .collect();
    }
    if charset.is_some() {
        return Err(Fail::argument(
            "charset applies to bytes; a str is already decoded".to_string(),
        ));
    }
    let doc = text(source)?;
    let list = match r#type {
        None | Some("text") => iri::extract::extract_text(&doc, &markup),
        Some("html") => iri::extract::extract_markup(&doc, MarkupKind::Html, &markup),
        Some("xml") => iri::extract::extract_markup(&doc, MarkupKind::Xml, &markup),
        Some(t) => {
            return Err(Fail::argument(format!(
                "unknown type {t:?}: expected 'text', 'html' or 'xml'"
            )))
        }
    };
    // The results come in document order: their character offsets are counted in one pass.
    let mut offsets = CharOffsets::new(&doc);
    list.iter().map(|f| found(py, f, &mut offsets)).collect()
}

/// Registers the scalar API.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<IriRef>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Found>()?;
    m.add_class::<Warning>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(relativize, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(equivalence_level, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    m.add_function(wrap_pyfunction!(display, m)?)?;
    m.add_function(wrap_pyfunction!(preprocess, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    Ok(())
}
