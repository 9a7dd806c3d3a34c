//! Making and changing IRIs from Python: the library's builder, setters, encoders and query
//! pairs (RFC 3987 §2.2, RFC 3986 §3, §4.2). Python strings are immutable, so each edit is a
//! function that returns the new text. Each docstring's examples run as doctests.

use iri::{encode as enc, Builder, Form, IriRef, PairSyntax};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::fail::Fail;

fn raise_edit(py: Python<'_>, e: &iri::ParseError, input: &str) -> PyErr {
    Fail::edit(e, input).into_pyerr(py, None)
}

fn parsed(py: Python<'_>, s: &str) -> PyResult<IriRef<String>> {
    IriRef::parse(s.to_owned()).map_err(|e| Fail::parse(&e, s).into_pyerr(py, None))
}

fn syntax(form: bool, semicolon: bool) -> PairSyntax {
    let s = if form {
        PairSyntax::FORM
    } else {
        PairSyntax::PLAIN
    };
    if semicolon {
        s.with_semicolon()
    } else {
        s
    }
}

fn form_of(uri: bool) -> Form {
    if uri {
        Form::Uri
    } else {
        Form::Iri
    }
}

/// Builds an IRI reference (or, with ``uri=True``, a URI reference) from components, each
/// given as it appears in the text and checked against its own rule (RFC 3987 §2.2). The
/// authority is present when ``host``, ``userinfo`` or ``port`` is given. A delimiter inside
/// a component, or a combination RFC 3986 forbids (a path after an authority that does not
/// start with ``/``, §3.3; a path starting with ``//`` without an authority, §3.3; a first
/// segment with ``:`` in a reference with neither scheme nor authority, §4.2), raises
/// :class:`IriError`, whose ``byte_offset`` counts in the text that would have been written
/// (``offset`` is ``None``).
///
/// >>> import iri
/// >>> iri.build(scheme="https", host="例え.テスト", port="8080", path="/δ", query="q=1")
/// 'https://例え.テスト:8080/δ?q=1'
/// >>> iri.build(scheme="s", host="h", path="a")
/// Traceback (most recent call last):
///   ...
/// iri.IriError: invalid IRI reference: the path at byte 5 follows an authority, so it must be empty or start with '/' (RFC 3986 §3.3)
/// >>> try:
/// ...     iri.build(path="/a?b")
/// ... except iri.IriError as e:
/// ...     (e.kind, e.component, e.byte_offset)
/// ('invalid-char', 'path', 2)
#[pyfunction]
#[pyo3(signature = (*, scheme = None, userinfo = None, host = None, port = None, path = "", query = None, fragment = None, uri = false))]
#[allow(clippy::too_many_arguments)]
fn build(
    py: Python<'_>,
    scheme: Option<&str>,
    userinfo: Option<&str>,
    host: Option<&str>,
    port: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
    uri: bool,
) -> PyResult<String> {
    let mut b = Builder::new().path(path);
    if let Some(x) = scheme {
        b = b.scheme(x);
    }
    if let Some(x) = userinfo {
        b = b.userinfo(x);
    }
    if let Some(x) = host {
        b = b.host(x);
    }
    if let Some(x) = port {
        b = b.port(x);
    }
    if let Some(x) = query {
        b = b.query(x);
    }
    if let Some(x) = fragment {
        b = b.fragment(x);
    }
    let built = if uri {
        b.build_uri_ref().map(|r| r.into_inner())
    } else {
        b.build().map(|r| r.into_inner())
    };
    built.map_err(|e| raise_edit(py, &e, ""))
}

/// Returns ``s`` with components replaced: each keyword (``scheme``, ``authority``,
/// ``userinfo``, ``host``, ``port``, ``path``, ``query``, ``fragment``) set to a ``str``
/// sets that component as it appears in the text (checked), set to ``None`` removes it
/// (``host`` and ``path`` cannot be removed: remove the ``authority``, or set the path to
/// ``''``). They apply in that order, whatever the order of the keywords. An invalid value or
/// combination raises :class:`IriError` and nothing is changed.
///
/// >>> import iri
/// >>> iri.with_components("http://example.org:80/a?x#f", scheme="https", port=None, fragment=None)
/// 'https://example.org/a?x'
/// >>> iri.with_components("http://a/b", host="例え.テスト", query="q=ü")
/// 'http://例え.テスト/b?q=ü'
/// >>> iri.with_components("urn:a:b", scheme=None)
/// Traceback (most recent call last):
///   ...
/// iri.IriError: invalid IRI reference: ':' at byte 1 ends a scheme, which a relative reference does not have; hint: it starts with a scheme, so it is an absolute IRI, and a relative reference has none: read it as an IRI or IRI reference (RFC 3986 §4.1); if the ':' is data, write "./" before the segment
#[pyfunction]
#[pyo3(signature = (s, **changes))]
fn with_components(
    py: Python<'_>,
    s: &str,
    changes: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    let Some(changes) = changes else {
        return Ok(r.into_inner());
    };
    const ORDER: [&str; 8] = [
        "scheme",
        "authority",
        "host",
        "userinfo",
        "port",
        "path",
        "query",
        "fragment",
    ];
    for key in changes.keys() {
        let k: String = key.extract()?;
        if !ORDER.contains(&k.as_str()) {
            return Err(Fail::argument(format!(
                "unknown component {k:?}: one of {}",
                ORDER.join(", ")
            )));
        }
    }
    for name in ORDER {
        let Some(v) = changes.get_item(name)? else {
            continue;
        };
        let v: Option<String> = v.extract()?;
        let v = v.as_deref();
        let done = match (name, v) {
            ("scheme", Some(x)) => r.set_scheme(x),
            ("scheme", None) => r.remove_scheme(),
            ("authority", v) => r.set_authority(v),
            ("host", Some(x)) => r.set_host(x),
            ("userinfo", v) => r.set_userinfo(v),
            ("port", v) => r.set_port(v),
            ("path", Some(x)) => r.set_path(x),
            ("query", v) => r.set_query(v),
            ("fragment", v) => r.set_fragment(v),
            ("host" | "path", None) => {
                return Err(Fail::argument(format!(
                    "the {name} cannot be removed (remove the authority, or set the path to '')"
                )))
            }
            // The names were checked against ORDER above.
            _ => continue,
        };
        done.map_err(|e| raise_edit(py, &e, s))?;
    }
    Ok(r.into_inner())
}

/// Appends raw text as one path segment of ``s``, percent-encoding what a segment cannot
/// hold (``/``, ``?``, ``#``, ``%``, spaces, …; ``.`` and ``..`` become ``%2E``, ``%2E%2E``);
/// non-ASCII text is kept, or UTF-8 ``%HH`` with ``uri=True``.
///
/// >>> import iri
/// >>> iri.push_path_segment("http://a/b/", "c d/e")
/// 'http://a/b/c%20d%2Fe'
/// >>> iri.push_path_segment("http://a", "é", uri=True)
/// 'http://a/%C3%A9'
#[pyfunction]
#[pyo3(signature = (s, raw, *, uri = false))]
fn push_path_segment(py: Python<'_>, s: &str, raw: &str, uri: bool) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    r.push_path_segment(&enc::path_segment(raw, form_of(uri)))
        .map_err(|e| raise_edit(py, &e, s))?;
    Ok(r.into_inner())
}

/// Removes the last path segment of ``s`` (and the ``/`` before it); ``s`` unchanged when the
/// path is empty.
///
/// >>> import iri
/// >>> iri.pop_path_segment("http://a/b/c?q")
/// 'http://a/b?q'
#[pyfunction]
fn pop_path_segment(py: Python<'_>, s: &str) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    r.pop_path_segment();
    Ok(r.into_inner())
}

/// The name/value pairs of the query of ``s``, decoded: ``&`` separates pairs (and ``;`` with
/// ``semicolon=True``), ``+`` is a space only with ``form=True``; a pair without ``=`` has
/// the value ``None``. Octets that are not UTF-8 keep their ``%HH``.
///
/// >>> import iri
/// >>> iri.query_pairs("http://a/?x=1&y=a+b&flag&z=%C3%BC")
/// [('x', '1'), ('y', 'a+b'), ('flag', None), ('z', 'ü')]
/// >>> iri.query_pairs("http://a/?y=a+b;z=2", form=True, semicolon=True)
/// [('y', 'a b'), ('z', '2')]
#[pyfunction]
#[pyo3(signature = (s, *, form = false, semicolon = false))]
fn query_pairs(
    py: Python<'_>,
    s: &str,
    form: bool,
    semicolon: bool,
) -> PyResult<Vec<(String, Option<String>)>> {
    let r = IriRef::parse(s).map_err(|e| Fail::parse(&e, s).into_pyerr(py, None))?;
    Ok(r.query_pairs(syntax(form, semicolon))
        .map(|p| {
            let value = p.raw_value().map(|_| p.value().into_owned());
            (p.name().into_owned(), value)
        })
        .collect())
}

/// Appends a pair (raw ``name`` and ``value``, encoded; ``value=None`` writes the name
/// alone) to the query of ``s``, which is added when there is none.
///
/// >>> import iri
/// >>> iri.append_query_pair("http://a/?x=1#f", "q", "a&b ü")
/// 'http://a/?x=1&q=a%26b%20ü#f'
/// >>> iri.append_query_pair("http://a/", "q", "a b", form=True)
/// 'http://a/?q=a+b'
#[pyfunction]
#[pyo3(signature = (s, name, value = None, *, form = false))]
fn append_query_pair(
    py: Python<'_>,
    s: &str,
    name: &str,
    value: Option<&str>,
    form: bool,
) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    r.append_query_pair(name, value, syntax(form, false))
        .map_err(|e| raise_edit(py, &e, s))?;
    Ok(r.into_inner())
}

/// Gives the first pair named ``name`` (decoded) the new value in its place and removes the
/// later pairs of that name, or appends the pair; every other pair keeps its bytes.
///
/// >>> import iri
/// >>> iri.set_query_pair("http://a/?page=1&sort=%41&page=3", "page", "2")
/// 'http://a/?page=2&sort=%41'
#[pyfunction]
#[pyo3(signature = (s, name, value = None, *, form = false, semicolon = false))]
fn set_query_pair(
    py: Python<'_>,
    s: &str,
    name: &str,
    value: Option<&str>,
    form: bool,
    semicolon: bool,
) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    r.set_query_pair(name, value, syntax(form, semicolon))
        .map_err(|e| raise_edit(py, &e, s))?;
    Ok(r.into_inner())
}

/// Removes every pair named ``name`` (decoded) from the query of ``s``; the query goes when
/// nothing is left of it.
///
/// >>> import iri
/// >>> iri.remove_query_pairs("http://a/?utm_source=x&id=7&utm_source=y", "utm_source")
/// 'http://a/?id=7'
#[pyfunction]
#[pyo3(signature = (s, name, *, form = false, semicolon = false))]
fn remove_query_pairs(
    py: Python<'_>,
    s: &str,
    name: &str,
    form: bool,
    semicolon: bool,
) -> PyResult<String> {
    let mut r = parsed(py, s)?;
    r.remove_query_pairs(name, syntax(form, semicolon));
    Ok(r.into_inner())
}

/// Raw text as a valid component: ``component`` is ``'path-segment'``, ``'query-part'`` (a
/// name or value of a query pair), ``'form'`` (application/x-www-form-urlencoded, ``+`` for
/// a space), ``'fragment'`` or ``'userinfo'``. Only what the component's rule forbids is
/// percent-encoded; non-ASCII text is kept where allowed, or UTF-8 ``%HH`` with ``uri=True``.
///
/// >>> import iri
/// >>> iri.encode("a/b c?é", "path-segment")
/// 'a%2Fb%20c%3Fé'
/// >>> iri.encode("a/b c?é", "path-segment", uri=True)
/// 'a%2Fb%20c%3F%C3%A9'
/// >>> iri.encode("x&y=z", "query-part"), iri.encode("x y", "form")
/// ('x%26y%3Dz', 'x+y')
#[pyfunction]
#[pyo3(signature = (raw, component, *, uri = false))]
fn encode(raw: &str, component: &str, uri: bool) -> PyResult<String> {
    let f = form_of(uri);
    let out = match component {
        "path-segment" => enc::path_segment(raw, f),
        "query-part" => enc::query_part(raw, f),
        "form" => enc::form_part(raw, f),
        "fragment" => enc::fragment(raw, f),
        "userinfo" => enc::userinfo(raw, f),
        other => {
            return Err(Fail::argument(format!(
                "unknown component {other:?}: path-segment, query-part, form, fragment or userinfo"
            )))
        }
    };
    Ok(out.into_owned())
}

/// Decodes the ``%HH`` of a component (and ``+`` as a space with ``form=True``); octets that
/// are not UTF-8 keep their ``%HH``.
///
/// >>> import iri
/// >>> iri.decode("r%C3%A9sum%C3%A9%FF"), iri.decode("a+b", form=True)
/// ('résumé%FF', 'a b')
#[pyfunction]
#[pyo3(signature = (text, *, form = false))]
fn decode(text: &str, form: bool) -> String {
    if form {
        enc::decode_form(text).into_owned()
    } else {
        enc::decode(text).into_owned()
    }
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(build, m)?)?;
    m.add_function(wrap_pyfunction!(with_components, m)?)?;
    m.add_function(wrap_pyfunction!(push_path_segment, m)?)?;
    m.add_function(wrap_pyfunction!(pop_path_segment, m)?)?;
    m.add_function(wrap_pyfunction!(query_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(append_query_pair, m)?)?;
    m.add_function(wrap_pyfunction!(set_query_pair, m)?)?;
    m.add_function(wrap_pyfunction!(remove_query_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    Ok(())
}
