"""The operations of :mod:`iri` over Arrow arrays of strings, on all cores.

Input: anything that speaks the Arrow PyCapsule interface — ``pyarrow.Array``,
``pyarrow.ChunkedArray``, a Polars ``Series``, a DuckDB relation of one column, an
``arro3``/``nanoarrow`` array — holding ``string``, ``large_string`` or ``string_view``
values, dictionary-encoded or not; a pandas ``Series`` and a Python list of ``str`` too.
Output follows the input: a ``pyarrow.Array`` for a ``pyarrow.Array``, a Polars or pandas
``Series`` (same name) for a Series, a list for a list, a ``pyarrow.ChunkedArray`` for
anything else. Results
need ``pyarrow`` (or ``polars`` for Series); without either, the raw Arrow object (which has
``__arrow_c_array__``/``__arrow_c_stream__``) is returned.

A null row gives a null row. The rows are split in chunks worked on by threads with the GIL
released: ``threads=None`` uses every core, ``threads=N`` N of them (from 1 up; less is a
``ValueError``). Functions that can fail take
``errors='raise'`` (the default: an :class:`iri.IriError` naming the first failing row in its
``row`` attribute) or ``errors='null'`` (a failing row gives null). :func:`parse` never raises
for a row: its struct says ``valid`` and ``error``.

>>> import pyarrow as pa, iri.arrow
>>> iri.arrow.is_valid(pa.array(["http://a/é", "a b", None])).to_pylist()
[True, False, None]
>>> iri.arrow.to_uri(pa.array(["http://a/é", None])).to_pylist()
['http://a/%C3%A9', None]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _iri

if TYPE_CHECKING:
    from ._iri import DocType, Errors, Form, Kind, Level, Mode, Preset, Whitespace, Wrap

__all__ = [
    "component",
    "dedup_key",
    "display",
    "equivalence_level",
    "equivalent",
    "error",
    "extract",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "preprocess",
    "relativize",
    "resolve",
    "resolve_normalize",
    "to_iri",
    "to_uri",
]


def _is_pandas(obj: Any) -> bool:
    return type(obj).__module__.startswith("pandas") and type(obj).__name__ == "Series"


def _in(obj: Any) -> Any:
    """An input the kernels read: a Python list or tuple of ``str`` (and ``None``) becomes an
    Arrow ``string`` array, a pandas ``Series`` an Arrow array (a categorical one a
    dictionary array, which the kernels decode); anything else is passed as it is."""
    if isinstance(obj, (list, tuple)):
        import pyarrow as pa

        return pa.array(obj, type=pa.string())
    if _is_pandas(obj):
        import pyarrow as pa

        return pa.Array.from_pandas(obj)
    return obj


def _is_polars(obj: Any) -> bool:
    return type(obj).__module__.startswith("polars") and type(obj).__name__ == "Series"


def _is_pyarrow_array(obj: Any) -> bool:
    try:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return False
    return isinstance(obj, pa.Array)


def _out(like: Any, result: Any) -> Any:
    """The result in the input's library: a Polars or pandas ``Series`` (same name; pandas:
    same index) for one, a list for a list or tuple, else a pyarrow array."""
    if _is_polars(like):
        import polars as pl

        return pl.Series(like.name, result)
    try:
        import pyarrow as pa
    except ImportError:
        return result
    if _is_pandas(like):
        out = (pa.array(result) if hasattr(result, "__arrow_c_array__") else pa.chunked_array(result)).to_pandas()
        out.index, out.name = like.index, like.name
        return out
    if isinstance(like, (list, tuple)):
        return (pa.array(result) if hasattr(result, "__arrow_c_array__") else pa.chunked_array(result)).to_pylist()
    if hasattr(result, "__arrow_c_array__") and _is_pyarrow_array(like):
        return pa.array(result)
    return pa.chunked_array(result)


def _first(a: Any, b: Any) -> Any:
    """The column of a pair (the other may be one ``str`` for every row)."""
    return b if isinstance(a, (str, _iri.IriRef)) else a


def is_valid(arr: Any, kind: Kind = "iri-reference", *, threads: int | None = None) -> Any:
    """Booleans: whether each row matches the grammar ``kind`` (see :func:`iri.parse`).

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.is_valid(pa.array(["http://a/", "/a"]), kind="iri").to_pylist()
    [True, False]
    """
    return _out(arr, _iri.arrow_is_valid(_in(arr), kind, threads=threads))


def parse(arr: Any, kind: Kind = "iri-reference", *, mode: Mode = "strict", threads: int | None = None) -> Any:
    """A struct per row: ``valid``, ``error``, ``error_kind``, ``error_offset`` (characters),
    the components ``scheme``, ``authority``, ``userinfo``, ``host``, ``host_kind``, ``port``
    (an integer, as :attr:`iri.IriRef.port`: null without a port, for an empty one and past
    64 bits), ``port_str`` (its text), ``path``, ``query``, ``fragment``, the strict text
    ``iri`` and the number of
    lenient ``warnings``. An invalid row has ``valid`` false, the error and null components; a
    null row is a null struct.

    >>> import pyarrow as pa, iri.arrow
    >>> rows = iri.arrow.parse(pa.array(["http://a:8/p?q#f", "a b", None])).to_pylist()
    >>> rows[0]["host"], rows[0]["port"], rows[0]["port_str"], rows[0]["fragment"]
    ('a', 8, '8', 'f')
    >>> rows[1]["valid"], rows[1]["error_kind"], rows[1]["error_offset"], rows[2]
    (False, 'invalid-char', 1, None)
    """
    return _out(arr, _iri.arrow_parse(_in(arr), kind, mode=mode, threads=threads))


def resolve(
    base: Any,
    reference: Any,
    *,
    errors: Errors = "raise",
    threads: int | None = None,
    preset: Preset = "strict",
    base_normalize: bool = False,
    copied_path_normalize: bool = False,
    erratum_4789: bool = False,
    dot_encoded: bool = False,
) -> Any:
    """Each reference resolved against its base (RFC 3986 §5.2); either may be one ``str``
    for every row. ``preset`` and the options are those of :func:`iri.resolve`.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.resolve("http://a/b/c", pa.array(["../d", "#f", None])).to_pylist()
    ['http://a/d', 'http://a/b/c#f', None]
    >>> iri.arrow.resolve("http://a/bb/ccc/./d;p?q", pa.array(["?y", ""]), preset="rdf").to_pylist()
    ['http://a/bb/ccc/d;p?y', 'http://a/bb/ccc/d;p?q']
    """
    return _out(
        _first(base, reference),
        _iri.arrow_resolve(
            _in(base),
            _in(reference),
            errors=errors,
            threads=threads,
            preset=preset,
            base_normalize=base_normalize,
            copied_path_normalize=copied_path_normalize,
            erratum_4789=erratum_4789,
            dot_encoded=dot_encoded,
        ),
    )


def relativize(base: Any, target: Any, *, errors: Errors = "raise", threads: int | None = None) -> Any:
    """The shortest reference from each base to each target; either may be one ``str``.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.relativize("http://a/b/c", pa.array(["http://a/b/d", "http://x/"])).to_pylist()
    ['d', '//x/']
    """
    return _out(_first(base, target), _iri.arrow_relativize(_in(base), _in(target), errors=errors, threads=threads))


def equivalence_level(a: Any, b: Any, *, errors: Errors = "raise", threads: int | None = None) -> Any:
    """The lowest rung of the comparison ladder at which each pair is equivalent
    (``'simple'``, ``'syntax'``, ``'scheme'``), null where none; either may be one ``str``.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.equivalence_level("http://a/~", pa.array(["http://a/%7E", "http://b/"])).to_pylist()
    ['syntax', None]
    """
    return _out(_first(a, b), _iri.arrow_equivalence_level(_in(a), _in(b), errors=errors, threads=threads))


def to_uri(
    arr: Any,
    *,
    idna: bool = False,
    charset: str | None = None,
    mode: Mode = "strict",
    errors: Errors = "raise",
    threads: int | None = None,
) -> Any:
    """The URI form of each row (RFC 3987 §3.1); the options are those of :func:`iri.to_uri`.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.to_uri(pa.array(["http://a/b c"]), mode="lenient").to_pylist()
    ['http://a/b%20c']
    >>> iri.arrow.to_uri(pa.array(["a b", "é"]), errors="null").to_pylist()
    [None, '%C3%A9']
    """
    return _out(arr, _iri.arrow_to_uri(_in(arr), idna=idna, charset=charset, mode=mode, errors=errors, threads=threads))


def to_iri(arr: Any, *, idna: bool = False, errors: Errors = "raise", threads: int | None = None) -> Any:
    """The IRI form of each row (RFC 3987 §3.2).

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.to_iri(pa.array(["http://a/%C3%A9"])).to_pylist()
    ['http://a/é']
    """
    return _out(arr, _iri.arrow_to_iri(_in(arr), idna=idna, errors=errors, threads=threads))


def normalize(
    arr: Any,
    level: Level = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    form: Form = "iri",
    idn: bool | None = None,
    ignore_fragment: bool = False,
    errors: Errors = "raise",
    threads: int | None = None,
) -> Any:
    """The normal form of each row (RFC 3987 §5.3); the options are those of
    :func:`iri.normalize`.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.normalize(pa.array(["HTTP://A/./b", "http://a:80"]), level="scheme").to_pylist()
    ['http://a/b', 'http://a/']
    """
    return _out(
        arr,
        _iri.arrow_normalize(
            _in(arr),
            level,
            nfc=nfc,
            nfkc=nfkc,
            form=form,
            idn=idn,
            ignore_fragment=ignore_fragment,
            errors=errors,
            threads=threads,
        ),
    )


def display(arr: Any, wrap: Wrap = "embedding", *, threads: int | None = None) -> Any:
    """The display text of each row (RFC 3987 §4.1); see :func:`iri.display`.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.display(pa.array(["http://a/"])).to_pylist()
    ['http://a/']
    """
    return _out(arr, _iri.arrow_display(_in(arr), wrap, threads=threads))


def preprocess(
    arr: Any,
    *,
    whitespace: Whitespace = "remove",
    char_refs: bool = False,
    errors: Errors = "raise",
    threads: int | None = None,
) -> Any:
    """Each row pre-processed as one reference; see :func:`iri.preprocess`.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.preprocess(pa.array([" /a b "])).to_pylist()
    ['/ab']
    """
    return _out(arr, _iri.arrow_preprocess(_in(arr), whitespace=whitespace, char_refs=char_refs, errors=errors, threads=threads))


def lint(arr: Any, *, threads: int | None = None) -> Any:
    """A list of diagnostics per row: structs of ``code``, ``severity``, ``component``,
    ``message``, ``section``, ``suggestion``, ``start``, ``end`` (characters).

    >>> import pyarrow as pa, iri.arrow
    >>> [[d["code"] for d in row] for row in iri.arrow.lint(pa.array(["http://u:p@a/", "http://a/"])).to_pylist()]
    [['password-in-userinfo'], []]
    """
    return _out(arr, _iri.arrow_lint(_in(arr), threads=threads))


def extract(
    arr: Any,
    type: DocType | None = None,
    *,
    base: str | None = None,
    mode: Mode = "strict",
    threads: int | None = None,
) -> Any:
    """A list of the IRIs found in each row's text (see :func:`iri.extract`): structs of
    ``text``, ``place``, ``reference``, ``resolved``, ``uri``, ``error``, ``start``, ``end``
    (characters), ``line``, ``column``.

    >>> import pyarrow as pa, iri.arrow
    >>> rows = iri.arrow.extract(pa.array(["see http://a/b. and <x>"])).to_pylist()
    >>> [f["uri"] for f in rows[0]]
    ['http://a/b']
    """
    return _out(arr, _iri.arrow_extract(_in(arr), type, base=base, mode=mode, threads=threads))


def equivalent(a: Any, b: Any, level: Level = "syntax", *, errors: Errors = "raise", threads: int | None = None) -> Any:
    """Booleans: whether each pair is equivalent at ``level`` or below (RFC 3987 §5.3, as
    :func:`iri.equivalent`); either may be one ``str``.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.equivalent(pa.array(["HTTP://a/%7e", "http://a:80/"]), "http://a/~").to_pylist()
    [True, False]
    >>> iri.arrow.equivalent(pa.array(["http://a:80/"]), "http://a/", level="scheme").to_pylist()
    [True]
    """
    return _out(_first(a, b), _iri.arrow_equivalent(_in(a), _in(b), level, errors=errors, threads=threads))


def dedup_key(
    arr: Any,
    level: Level = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    form: Form = "iri",
    idn: bool | None = None,
    ignore_fragment: bool = False,
    errors: Errors = "raise",
    threads: int | None = None,
) -> Any:
    """The key two rows share exactly when they are equivalent under the normalization (what
    ``iri dedup`` compares; the options are those of :func:`normalize`): group or deduplicate
    by it.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.dedup_key(pa.array(["HTTP://a/./b", "http://a/b#x"]), ignore_fragment=True).to_pylist()
    ['http://a/b', 'http://a/b']
    """
    return _out(
        arr,
        _iri.arrow_dedup_key(
            _in(arr),
            level,
            nfc=nfc,
            nfkc=nfkc,
            form=form,
            idn=idn,
            ignore_fragment=ignore_fragment,
            errors=errors,
            threads=threads,
        ),
    )


def error(arr: Any, kind: Kind = "iri-reference", *, threads: int | None = None) -> Any:
    """The error message of each row against ``kind`` (what :func:`iri.validate` raises),
    null for a valid row.

    >>> import pyarrow as pa, iri.arrow
    >>> iri.arrow.error(pa.array(["http://a/", "a b", None])).to_pylist()
    [None, 'invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path', None]
    """
    return _out(arr, _iri.arrow_error(_in(arr), kind, threads=threads))


def component(
    arr: Any,
    name: str,
    *,
    kind: Kind = "iri-reference",
    errors: Errors = "null",
    threads: int | None = None,
) -> Any:
    """One component of each row: ``scheme``, ``authority``, ``userinfo``, ``host``,
    ``host_kind``, ``port`` (an integer, as :attr:`iri.IriRef.port`), ``port_str``, ``path``,
    ``query`` or ``fragment``. A row that is not a valid ``kind`` is null (``errors='null'``,
    the default here) or raises (``errors='raise'``).

    >>> import pyarrow as pa, iri.arrow
    >>> links = pa.array(["http://例え.テスト:8080/p?q", "a b", "/x"])
    >>> iri.arrow.component(links, "host").to_pylist(), iri.arrow.component(links, "port").to_pylist()
    (['例え.テスト', None, None], [8080, None, None])
    """
    return _out(arr, _iri.arrow_component(_in(arr), name, kind=kind, errors=errors, threads=threads))


def resolve_normalize(
    base: Any,
    reference: Any,
    level: Level = "syntax",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    idn: bool | None = None,
    ignore_fragment: bool = False,
    preset: Preset = "strict",
    base_normalize: bool = False,
    copied_path_normalize: bool = False,
    erratum_4789: bool = False,
    dot_encoded: bool = False,
    threads: int | None = None,
) -> Any:
    """Each reference resolved against its base (RFC 3986 §5.2), normalized (RFC 3987 §5.3)
    and mapped to a URI (§3.1) in one pass: a struct of ``resolved``, ``normalized``, ``uri``
    and ``error`` (the reference's parse error, else the base's; null when it worked; the
    other fields are null when it did not). Either input may be one ``str``. The options are
    those of :func:`resolve` and :func:`normalize`.

    >>> import pyarrow as pa, iri.arrow
    >>> rows = iri.arrow.resolve_normalize("HTTP://a/b/c", pa.array(["../D%7e", "a b"]), level="scheme").to_pylist()
    >>> rows[0]
    {'resolved': 'HTTP://a/D%7e', 'normalized': 'http://a/D~', 'uri': 'http://a/D~', 'error': None}
    >>> rows[1]["error"]
    'invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path'
    """
    return _out(
        _first(base, reference),
        _iri.arrow_resolve_normalize(
            _in(base),
            _in(reference),
            level,
            nfc=nfc,
            nfkc=nfkc,
            idn=idn,
            ignore_fragment=ignore_fragment,
            preset=preset,
            base_normalize=base_normalize,
            copied_path_normalize=copied_path_normalize,
            erratum_4789=erratum_4789,
            dot_encoded=dot_encoded,
            threads=threads,
        ),
    )
