"""Internationalized Resource Identifiers (RFC 3987), done strictly.

Parse and take apart (RFC 3987 §2.2):

>>> import iri
>>> r = iri.parse("http://example.org/wiki/Zürich?q=1#ñ")
>>> r.scheme, r.host, r.path, r.query, r.fragment
('http', 'example.org', '/wiki/Zürich', 'q=1', 'ñ')

Resolve (RFC 3986 §5.2), map to a URI and back (RFC 3987 §3.1, §3.2), compare (§5.3):

>>> iri.resolve("http://example.org/wiki/Zürich", "Genève")
'http://example.org/wiki/Genève'
>>> iri.to_uri("http://example.org/résumé")
'http://example.org/r%C3%A9sum%C3%A9'
>>> iri.equivalence_level("http://example.com", "HTTP://example.com:80/")
'scheme'

Every operation also runs over Arrow arrays (pyarrow, Polars, DuckDB) in :mod:`iri.arrow`,
and :mod:`iri.jsonschema` checks the ``iri``/``iri-reference``/``uri``/``uri-reference``
formats of JSON Schema.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version
from typing import TYPE_CHECKING

from ._iri import (
    Diagnostic,
    Found,
    IriError,
    IriRef,
    Template,
    Warning,
    append_query_pair,
    build,
    decode,
    display,
    encode,
    equivalence_level,
    equivalent,
    extract,
    is_valid,
    lint,
    normalize,
    parse,
    parse_zoned,
    pop_path_segment,
    preprocess,
    push_path_segment,
    query_pairs,
    relativize,
    remove_query_pairs,
    resolve,
    resolve_relative,
    set_query_pair,
    to_iri,
    to_uri,
    validate,
    with_components,
)

if TYPE_CHECKING:
    from ._iri import Kind as _Kind, Mode as _Mode

try:
    __version__ = _version("iri-toolkit")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

KINDS = (
    "iri-reference",
    "iri",
    "absolute-iri",
    "relative-iri",
    "uri-reference",
    "uri",
    "absolute-uri",
    "relative-uri",
)
"""The grammar names that ``kind=`` accepts."""

__all__ = [
    "KINDS",
    "Diagnostic",
    "Found",
    "IriError",
    "IriRef",
    "Template",
    "Warning",
    "display",
    "equivalence_level",
    "equivalent",
    "extract",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "parse_zoned",
    "preprocess",
    "relativize",
    "resolve",
    "resolve_relative",
    "to_iri",
    "to_uri",
    "validate",
    "build",
    "with_components",
    "push_path_segment",
    "pop_path_segment",
    "query_pairs",
    "append_query_pair",
    "set_query_pair",
    "remove_query_pairs",
    "encode",
    "decode",
]


def _unpickle(s: str, kind: _Kind, mode: _Mode) -> IriRef:
    """Rebuilds a pickled :class:`IriRef`."""
    return parse(s, kind, mode=mode)
