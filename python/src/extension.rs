//! Two opt-in extensions beyond RFC 3987 that third-party suites asked for, each a function
//! of its own so that the strict functions never take them silently:
//!
//! - [`resolve_relative`]: resolution against a *relative* base (RFC 3986 §5.2 wants an
//!   absolute one, §5.1), for chains of relative bases (XML Base, JSON-LD);
//! - [`parse_zoned`]: IPv6 zone identifiers (RFC 6874 §2), which RFC 3987 §2.2 and RFC 3986
//!   §3.2.2 do not have.

use iri::legacy::{ParseMode, ZonedIriRef};
use pyo3::prelude::*;

use crate::fail::Fail;
use crate::ops;
use crate::scalar::{make, text, IriRef};

/// ``reference`` resolved against ``base``, which may itself be relative (an extension: RFC
/// 3986 §5.1 wants an absolute base). Every ``..`` that climbs above a relative base is kept
/// as a leading ``../``, so that resolving the result against an absolute IRI gives what
/// resolving ``base`` and then ``reference`` gives. Against an absolute base it is
/// :func:`resolve`. The options are those of :func:`resolve`.
///
/// >>> import iri
/// >>> iri.resolve_relative("a/b", "c/d")
/// 'a/c/d'
/// >>> iri.resolve_relative("a/b", "../../x")
/// '../x'
/// >>> iri.resolve_relative("http://h/a/b", "c") == iri.resolve("http://h/a/b", "c")
/// True
#[pyfunction]
#[pyo3(signature = (base, reference, *, preset = "strict", base_normalize = false, copied_path_normalize = false, erratum_4789 = false, dot_encoded = false))]
#[allow(clippy::too_many_arguments)]
fn resolve_relative(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    preset: &str,
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
) -> PyResult<String> {
    let opts = ops::resolve_options(
        preset,
        base_normalize,
        copied_path_normalize,
        erratum_4789,
        dot_encoded,
    )
    .map_err(Fail::argument)?;
    let (base, reference) = (text(base)?, text(reference)?);
    let b = ops::reference(&base).map_err(|f| f.into_pyerr(py, None))?;
    let r = ops::reference(&reference).map_err(|f| f.into_pyerr(py, None))?;
    Ok(b.resolve_relative_with(&r, opts).into_inner())
}

/// Parses ``s`` with an IPv6 zone identifier allowed (RFC 6874: ``[fe80::1%25en1]``), which
/// :func:`parse` refuses with the reason. Returns the reference without the zone (checked
/// against ``kind``, see :func:`parse`) and the zone as written, or ``None`` without one.
///
/// Raises :class:`IriError` with position (in ``s``) and reason.
///
/// >>> import iri
/// >>> r, zone = iri.parse_zoned("http://[fe80::1%25en1]:8080/x")
/// >>> str(r), r.host, r.port, zone
/// ('http://[fe80::1]:8080/x', '[fe80::1]', 8080, 'en1')
/// >>> iri.parse_zoned("http://[::1]/")[1] is None
/// True
/// >>> iri.parse("http://[fe80::1%25en1]/")
/// Traceback (most recent call last):
///   ...
/// iri.IriError: invalid IRI reference: the IP literal at byte 7 is not a valid IPv6 address or IPvFuture (RFC 3986 §3.2.2; zone identifiers are not allowed)
#[pyfunction]
#[pyo3(signature = (s, kind = "iri-reference"))]
fn parse_zoned(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    kind: &str,
) -> PyResult<(IriRef, Option<String>)> {
    let k = ops::kind(kind).map_err(Fail::argument)?;
    let s = text(s)?;
    let z = ZonedIriRef::parse_kind(&s, k).map_err(|e| Fail::parse(&e, &s).into_pyerr(py, None))?;
    let r =
        make(z.as_iri_ref().as_str(), k, ParseMode::Strict).map_err(|f| f.into_pyerr(py, None))?;
    Ok((r, z.zone_id().map(str::to_owned)))
}

/// Registers the extensions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(resolve_relative, m)?)?;
    m.add_function(wrap_pyfunction!(parse_zoned, m)?)?;
    Ok(())
}
