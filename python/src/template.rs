//! `iri.Template`: URI Templates (RFC 6570 §2, §3) of the library's `iri::template`, parsed
//! once and expanded or matched many times; values are `str` (numbers as `str()` writes
//! them), lists or tuples of them, and mappings (associative arrays, in their order); `None`
//! is undefined.

use iri::template::{Output, Template as RTemplate, Value, Vars};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};

use crate::fail::Fail;

/// A URI Template (RFC 6570, levels 1–4), parsed once.
///
/// ``expand`` writes a URI (RFC 6570 §3.2.1: non-ASCII as UTF-8 ``%HH``) or, with
/// ``iri=True``, an IRI that keeps non-ASCII text and maps to the URI (RFC 3987 §3.1).
/// ``match`` is the inverse: the variables whose expansion is the text, or ``None``.
/// An invalid template raises :class:`IriError` with ``kind`` and ``offset``.
///
/// >>> import iri
/// >>> t = iri.Template("http://example.org/{city}{?q,tags*}")
/// >>> t.expand(city="Zürich", q="café", tags=["a", "b"])
/// 'http://example.org/Z%C3%BCrich?q=caf%C3%A9&tags=a&tags=b'
/// >>> t.expand({"city": "Zürich", "q": "café"}, iri=True)
/// 'http://example.org/Zürich?q=café'
/// >>> t.match("http://example.org/Genève?q=fondue&tags=x&tags=y")
/// {'city': 'Genève', 'q': 'fondue', 'tags': ['x', 'y']}
/// >>> t.variables
/// ['city', 'q', 'tags']
/// >>> try:
/// ...     iri.Template("/{a b}")
/// ... except iri.IriError as e:
/// ...     (e.kind, e.offset)
/// ('invalid-var-name', 3)
#[pyclass(module = "iri", frozen)]
pub struct Template {
    inner: RTemplate,
}

fn scalar(v: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if v.is_instance_of::<PyString>() {
        return v.extract::<String>();
    }
    if v.is_instance_of::<pyo3::types::PyInt>() || v.is_instance_of::<pyo3::types::PyFloat>() {
        return v.str()?.extract::<String>();
    }
    Err(PyTypeError::new_err(format!(
        "variable '{name}': a value must be a str, a number, a list of them or a mapping of them, not {}",
        v.get_type().name()?
    )))
}

fn value(v: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Value>> {
    if v.is_none() {
        return Ok(None);
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let items = v
            .try_iter()?
            .map(|i| scalar(&i?, name))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Some(Value::List(items)));
    }
    if let Ok(m) = v.cast::<PyMapping>() {
        let mut pairs = Vec::new();
        for item in m.items()?.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            pairs.push((scalar(&k, name)?, scalar(&v, name)?));
        }
        return Ok(Some(Value::Map(pairs)));
    }
    Ok(Some(Value::String(scalar(v, name)?)))
}

fn vars_of(vars: Option<&Bound<'_, PyAny>>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vars> {
    let mut out = Vars::new();
    let mut add = |k: Bound<'_, PyAny>, v: Bound<'_, PyAny>| -> PyResult<()> {
        if !k.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("variable names must be str"));
        }
        let name: String = k.extract()?;
        match value(&v, &name)? {
            Some(val) => out.insert(name, val),
            None => out.remove(&name),
        };
        Ok(())
    };
    if let Some(vars) = vars {
        let m = vars
            .cast::<PyMapping>()
            .map_err(|_| PyTypeError::new_err("vars must be a mapping of names to values"))?;
        for item in m.items()?.iter() {
            let (k, v) = item.extract()?;
            add(k, v)?;
        }
    }
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            add(k, v)?;
        }
    }
    Ok(out)
}

fn to_py<'py>(py: Python<'py>, vars: &Vars) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in vars.iter() {
        match v {
            Value::String(s) => d.set_item(k, s)?,
            Value::List(items) => d.set_item(k, PyList::new(py, items)?)?,
            Value::Map(pairs) => {
                let m = PyDict::new(py);
                for (a, b) in pairs {
                    m.set_item(a, b)?;
                }
                d.set_item(k, m)?;
            }
        }
    }
    Ok(d)
}

#[pymethods]
impl Template {
    #[new]
    fn new(py: Python<'_>, template: &str) -> PyResult<Self> {
        RTemplate::parse(template)
            .map(|inner| Template { inner })
            .map_err(|e| {
                Fail::at(e.kind().as_str(), e.to_string(), template, e.offset())
                    .into_pyerr(py, None)
            })
    }

    /// The template's text.
    ///
    /// >>> import iri
    /// >>> iri.Template("{x}").template
    /// '{x}'
    #[getter]
    fn template(&self) -> &str {
        self.inner.as_str()
    }

    /// The variable names, in the order they first appear.
    ///
    /// >>> import iri
    /// >>> iri.Template("{a}/{b,a}{?c*}").variables
    /// ['a', 'b', 'c']
    #[getter]
    fn variables(&self) -> Vec<String> {
        self.inner.variables().map(str::to_owned).collect()
    }

    /// The expansion (RFC 6570 §3) with the variables of ``vars`` (a mapping) and the
    /// keyword arguments (which win); ``iri=True`` for the IRI form. A prefix modifier on a
    /// list or mapping raises :class:`IriError` (kind ``'prefix-on-composite'``).
    ///
    /// >>> import iri
    /// >>> t = iri.Template("{/path*}{?keys*}")
    /// >>> t.expand(path=["a b", "ü"], keys={"semi": ";", "dot": "."})
    /// '/a%20b/%C3%BC?semi=%3B&dot=.'
    /// >>> t.expand(path=["a b", "ü"], iri=True)
    /// '/a%20b/ü'
    #[pyo3(signature = (vars = None, /, *, iri = false, **kwargs))]
    fn expand(
        &self,
        py: Python<'_>,
        vars: Option<&Bound<'_, PyAny>>,
        iri: bool,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let vars = vars_of(vars, kwargs)?;
        let form = if iri { Output::Iri } else { Output::Uri };
        self.inner.expand(&vars, form).map_err(|e| {
            Fail::plain(e.kind(), e.to_string(), self.inner.as_str()).into_pyerr(py, None)
        })
    }

    /// The variables whose expansion is exactly ``text`` (a ``dict``: ``str``, ``list`` or
    /// ``dict`` values), or ``None`` when none are found. ``iri``: read ``text`` in the IRI
    /// form (``True``), the URI form (``False``) or, by default, the IRI form when it is not
    /// ASCII. Ambiguous templates are read leftmost-longest (the library's
    /// ``Template::match_uri`` states the rule); a template too ambiguous for the text raises
    /// :class:`IriError` (kind ``'too-complex'``). Whatever it returns expands back to ``text``.
    ///
    /// >>> import iri
    /// >>> t = iri.Template("/users/{id}/posts{?page}")
    /// >>> t.match("/users/7/posts?page=2")
    /// {'id': '7', 'page': '2'}
    /// >>> t.match("/groups/7") is None
    /// True
    /// >>> t.match("/users/%C3%A9/posts"), t.match("/users/é/posts")
    /// ({'id': 'é'}, {'id': 'é'})
    #[pyo3(name = "match", signature = (text, *, iri = None))]
    fn match_<'py>(
        &self,
        py: Python<'py>,
        text: &str,
        iri: Option<bool>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let iri = iri.unwrap_or(!text.is_ascii());
        let form = if iri { Output::Iri } else { Output::Uri };
        match self.inner.match_form(text, form) {
            Ok(vars) => Ok(Some(to_py(py, &vars)?)),
            Err(iri::template::MatchError::NoMatch) => Ok(None),
            Err(e) => Err(Fail::plain(e.as_str(), e.to_string(), text).into_pyerr(py, None)),
        }
    }

    fn __str__(&self) -> &str {
        self.inner.as_str()
    }

    fn __repr__(&self) -> String {
        let text = self
            .inner
            .as_str()
            .replace('\\', "\\\\")
            .replace('\'', "\\'");
        format!("Template('{text}')")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Template>()
            .is_ok_and(|o| o.get().inner.as_str() == self.inner.as_str())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.as_str().hash(&mut h);
        h.finish()
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Template>()
}
