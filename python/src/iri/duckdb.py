"""IRIs in DuckDB SQL: ``iri.duckdb.register(con)`` adds the toolkit's functions to a
connection, each a vectorized Arrow UDF over :mod:`iri.arrow` (a chunk of the column at a
time, on all cores, the GIL released):

============================== ========= ==========================================================
function                       returns   what (RFC)
============================== ========= ==========================================================
``iri_is_valid(s)``            BOOLEAN   matches IRI-reference (RFC 3987 §2.2)
``iri_error(s)``               VARCHAR   why not, NULL when valid
``iri_resolve(base, ref)``     VARCHAR   ref resolved against base (RFC 3986 §5.2)
``iri_relativize(base, t)``    VARCHAR   the shortest reference from base to t
``iri_to_uri(s)``              VARCHAR   the URI form (RFC 3987 §3.1)
``iri_to_iri(s)``              VARCHAR   the IRI form (§3.2)
``iri_normalize(s)``           VARCHAR   syntax-based normal form (§5.3.2)
``iri_normalize_scheme(s)``    VARCHAR   scheme-based normal form (§5.3.3)
``iri_dedup_key(s)``           VARCHAR   the key equivalent IRIs share (syntax level)
``iri_equivalent(a, b)``       BOOLEAN   equivalent at the syntax level or below (§5.3)
``iri_component(s, name)``     VARCHAR   ``scheme``, ``authority``, ``userinfo``, ``host``, ``host_kind``,
                                         ``port`` (its text), ``path``, ``query``, ``fragment``
``iri_port(s)``                BIGINT    the port as an integer
============================== ========= ==========================================================

A row that cannot be answered (an invalid IRI) gives NULL, and a NULL gives NULL; so the
functions are registered with ``null_handling='special'``. ``iri_component``'s ``name`` must
be the same on every row of a call (a constant, as in SQL it is).

>>> import duckdb, iri.duckdb
>>> con = duckdb.connect()
>>> iri.duckdb.register(con)
>>> con.sql("select iri_is_valid('a b'), iri_resolve('http://a/b/c', '../d'), iri_port('http://a:8080/')").fetchall()
[(False, 'http://a/d', 8080)]
>>> con.sql("select iri_component(x, 'host') from (values ('http://例え.テスト/'), ('a b')) t(x)").fetchall()
[('例え.テスト',), (None,)]
"""

from __future__ import annotations

from typing import Any

from . import arrow as _arrow

__all__ = ["FUNCTIONS", "register"]


def _component(s: Any, name: Any) -> Any:
    import pyarrow.compute as pc

    names = pc.unique(name).drop_null().to_pylist() if len(name) else []
    if len(names) > 1:
        raise ValueError(f"iri_component: the component name must be one value, got {names}")
    if not names:  # every name null: every row null
        import pyarrow as pa

        return pa.nulls(len(s), pa.string())
    which = "port_str" if names[0] == "port" else names[0]
    return _arrow.component(s, which)


def _functions() -> list[tuple[str, Any, list[Any], Any]]:
    try:  # duckdb 1.4 and later
        from duckdb.sqltypes import BIGINT, BOOLEAN, VARCHAR
    except ImportError:  # earlier duckdb
        from duckdb.typing import BIGINT, BOOLEAN, VARCHAR  # type: ignore[no-redef]

    a = _arrow
    return [
        ("iri_is_valid", lambda s: a.is_valid(s), [VARCHAR], BOOLEAN),
        ("iri_error", lambda s: a.error(s), [VARCHAR], VARCHAR),
        ("iri_resolve", lambda b, r: a.resolve(b, r, errors="null"), [VARCHAR, VARCHAR], VARCHAR),
        ("iri_relativize", lambda b, t: a.relativize(b, t, errors="null"), [VARCHAR, VARCHAR], VARCHAR),
        ("iri_to_uri", lambda s: a.to_uri(s, errors="null"), [VARCHAR], VARCHAR),
        ("iri_to_iri", lambda s: a.to_iri(s, errors="null"), [VARCHAR], VARCHAR),
        ("iri_normalize", lambda s: a.normalize(s, errors="null"), [VARCHAR], VARCHAR),
        ("iri_normalize_scheme", lambda s: a.normalize(s, "scheme", errors="null"), [VARCHAR], VARCHAR),
        ("iri_dedup_key", lambda s: a.dedup_key(s, errors="null"), [VARCHAR], VARCHAR),
        ("iri_equivalent", lambda x, y: a.equivalent(x, y, errors="null"), [VARCHAR, VARCHAR], BOOLEAN),
        ("iri_component", _component, [VARCHAR, VARCHAR], VARCHAR),
        ("iri_port", lambda s: a.component(s, "port"), [VARCHAR], BIGINT),
    ]


FUNCTIONS = (
    "iri_is_valid",
    "iri_error",
    "iri_resolve",
    "iri_relativize",
    "iri_to_uri",
    "iri_to_iri",
    "iri_normalize",
    "iri_normalize_scheme",
    "iri_dedup_key",
    "iri_equivalent",
    "iri_component",
    "iri_port",
)
"""The names :func:`register` adds."""


def register(con: Any) -> None:
    """Adds the functions of :data:`FUNCTIONS` to the DuckDB connection ``con`` (each as a
    vectorized Arrow UDF).

    >>> import duckdb, iri.duckdb
    >>> con = duckdb.connect()
    >>> iri.duckdb.register(con)
    >>> con.sql("select iri_normalize_scheme('HTTP://A:80/./b'), iri_equivalent('http://a/%7e', 'http://a/~')").fetchall()
    [('http://a/b', True)]
    """
    for name, fn, params, ret in _functions():
        con.create_function(name, fn, params, ret, type="arrow", null_handling="special")
