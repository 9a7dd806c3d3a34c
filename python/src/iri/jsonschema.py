"""JSON Schema formats ``iri``, ``iri-reference``, ``uri`` and ``uri-reference``.

The formats of JSON Schema (draft 7 and later, §7.3.5 and §7.3.6 of the validation
specification) refer to RFC 3987 and RFC 3986; these checkers apply those grammars strictly
(the ``IRI``, ``IRI-reference``, ``URI`` and ``URI-reference`` rules). A value that is not a
string passes, as JSON Schema says of formats.

>>> import jsonschema, iri.jsonschema
>>> schema = {"type": "string", "format": "iri"}
>>> jsonschema.validate("http://example.org/résumé", schema, format_checker=iri.jsonschema.FORMAT_CHECKER)
>>> jsonschema.validate("/résumé", schema, format_checker=iri.jsonschema.FORMAT_CHECKER)
Traceback (most recent call last):
  ...
jsonschema.exceptions.ValidationError: '/résumé' is not a 'iri'
...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import _iri

if TYPE_CHECKING:
    from ._iri import Kind

__all__ = ["FORMATS", "FORMAT_CHECKER", "register"]

FORMATS: dict[str, Kind] = {
    "iri": "iri",
    "iri-reference": "iri-reference",
    "uri": "uri",
    "uri-reference": "uri-reference",
}
"""JSON Schema format name → grammar (``kind=`` of :func:`iri.is_valid`)."""


def _checker(kind: Kind) -> Callable[[Any], bool]:
    def check(instance: Any) -> bool:
        if not isinstance(instance, str):
            return True
        _iri.validate(instance, kind)
        return True

    check.__name__ = f"is_{kind.replace('-', '_')}"
    check.__doc__ = f"Whether a string is an RFC 3987/3986 ``{kind}`` (raises IriError if not)."
    return check


def register(checker: Any) -> Any:
    """Registers the four formats on a ``jsonschema.FormatChecker`` (replacing the ones it has)
    and returns it. An invalid value's error carries the :class:`iri.IriError` as its cause,
    with position and reason.

    >>> import jsonschema, iri.jsonschema
    >>> checker = iri.jsonschema.register(jsonschema.FormatChecker())
    >>> checker.conforms("http://a/b c", "iri")
    False
    >>> checker.conforms(42, "iri")
    True
    """
    for name, kind in FORMATS.items():
        checker.checks(name, raises=_iri.IriError)(_checker(kind))
    return checker


def _default() -> Any:
    try:
        import jsonschema  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        return None
    return register(jsonschema.FormatChecker())


FORMAT_CHECKER = _default()
"""A ``jsonschema.FormatChecker`` with jsonschema's own formats and these four (``None`` when
``jsonschema`` is not installed)."""
