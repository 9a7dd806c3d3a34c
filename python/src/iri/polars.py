"""IRIs in Polars expressions: ``import iri.polars`` registers the ``iri`` namespace on
``pl.Expr``, so that ``pl.col("link").iri.is_valid()``, ``.iri.resolve(base)``,
``.iri.to_uri()``, ``.iri.normalize()``, ``.iri.host()`` and the rest work in eager, lazy
and streaming queries.

Each method is an elementwise ``map_batches`` over the Arrow kernels of :mod:`iri.arrow`
(no Polars plugin, nothing compiled against Polars): a batch of the column goes to the
kernel as Arrow, without a copy, and comes back as a Series. The results and options are
those of :mod:`iri.arrow`; functions that can fail give null for a failing row
(``errors='null'``) unless ``errors='raise'`` is asked for. A second input (``base``,
``other``, ``target``) is a ``str`` for every row or an expression.

>>> import polars as pl, iri.polars
>>> df = pl.DataFrame({"link": ["http://例え.テスト:8080/a/./b", "../c", "a b"]})
>>> df.select(
...     valid=pl.col("link").iri.is_valid(),
...     host=pl.col("link").iri.host(),
...     port=pl.col("link").iri.port(),
...     abs=pl.col("link").iri.resolve("http://x/y/z").iri.normalize(),
... ).rows()
[(True, '例え.テスト', 8080, 'http://例え.テスト:8080/a/b'), (True, None, None, 'http://x/c'), (False, None, None, None)]
>>> df.lazy().filter(pl.col("link").iri.is_valid()).select(pl.col("link").iri.to_uri()).collect(engine="streaming").rows()
[('http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88:8080/a/./b',), ('../c',)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import polars as pl

from . import arrow as _arrow

if TYPE_CHECKING:
    from ._iri import Errors, Form, Kind, Level, Mode, Preset, Wrap

__all__ = ["IriExpr", "PARSE_DTYPE", "RESOLVE_NORMALIZE_DTYPE"]

_S = pl.String

PARSE_DTYPE = pl.Struct(
    {
        "valid": pl.Boolean,
        "error": _S,
        "error_kind": _S,
        "error_offset": pl.Int64,
        "scheme": _S,
        "authority": _S,
        "userinfo": _S,
        "host": _S,
        "host_kind": _S,
        "port": pl.Int64,
        "port_str": _S,
        "path": _S,
        "query": _S,
        "fragment": _S,
        "iri": _S,
        "warnings": pl.Int64,
    }
)
"""The dtype of :meth:`IriExpr.parse` (the struct of :func:`iri.arrow.parse`)."""

RESOLVE_NORMALIZE_DTYPE = pl.Struct({"resolved": _S, "normalized": _S, "uri": _S, "error": _S})
"""The dtype of :meth:`IriExpr.resolve_normalize`."""


def _name(expr: pl.Expr) -> str | None:
    try:
        return expr.meta.output_name()
    except Exception:  # an expression without one name (a literal, a struct, ...)
        return None


@pl.api.register_expr_namespace("iri")
class IriExpr:
    """The ``iri`` namespace of ``pl.Expr`` (see the module's documentation)."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, fn: Callable[[pl.Series], Any], dtype: Any) -> pl.Expr:
        return self._expr.map_batches(fn, return_dtype=dtype, is_elementwise=True)

    def _map2(self, other: str | pl.Expr, fn: Callable[[Any, Any], Any], dtype: Any, *, other_first: bool) -> pl.Expr:
        """``fn(other, self)`` (or ``fn(self, other)``) with ``other`` a ``str`` or an
        expression; the result keeps this expression's name."""
        if isinstance(other, str):
            if other_first:
                return self._map(lambda s: fn(other, s), dtype)
            return self._map(lambda s: fn(s, other), dtype)

        def both(s: pl.Series) -> Any:
            x, y = s.struct.field("x"), s.struct.field("o")
            out = fn(y, x) if other_first else fn(x, y)
            return out.rename(s.name)

        e = pl.struct(self._expr.alias("x"), other.alias("o")).map_batches(both, return_dtype=dtype, is_elementwise=True)
        name = _name(self._expr)
        return e.alias(name) if name is not None else e

    # -- validity and errors (RFC 3987 §2.2)

    def is_valid(self, kind: Kind = "iri-reference") -> pl.Expr:
        """Booleans: whether each row matches ``kind`` (:func:`iri.arrow.is_valid`)."""
        return self._map(lambda s: _arrow.is_valid(s, kind), pl.Boolean)

    def error(self, kind: Kind = "iri-reference") -> pl.Expr:
        """The error message of each row, null for a valid one (:func:`iri.arrow.error`)."""
        return self._map(lambda s: _arrow.error(s, kind), _S)

    def parse(self, kind: Kind = "iri-reference", *, mode: Mode = "strict") -> pl.Expr:
        """A struct per row (:func:`iri.arrow.parse`, dtype :data:`PARSE_DTYPE`)."""
        return self._map(lambda s: _arrow.parse(s, kind, mode=mode), PARSE_DTYPE)

    # -- components (RFC 3986 §3)

    def component(self, name: str, *, kind: Kind = "iri-reference", errors: Errors = "null") -> pl.Expr:
        """One component by name (:func:`iri.arrow.component`); ``port`` is an integer."""
        dtype = pl.Int64 if name == "port" else _S
        return self._map(lambda s: _arrow.component(s, name, kind=kind, errors=errors), dtype)

    def scheme(self) -> pl.Expr:
        """The scheme, null for a relative reference or an invalid row."""
        return self.component("scheme")

    def authority(self) -> pl.Expr:
        """The authority (``userinfo@host:port``)."""
        return self.component("authority")

    def userinfo(self) -> pl.Expr:
        """The userinfo."""
        return self.component("userinfo")

    def host(self) -> pl.Expr:
        """The host (an IP literal with its brackets)."""
        return self.component("host")

    def host_kind(self) -> pl.Expr:
        """``reg-name``, ``ipv4``, ``ipv6`` or ``ipvfuture``."""
        return self.component("host_kind")

    def port(self) -> pl.Expr:
        """The port as an integer (null without one, for an empty one and past 64 bits)."""
        return self.component("port")

    def path(self) -> pl.Expr:
        """The path (possibly empty)."""
        return self.component("path")

    def query(self) -> pl.Expr:
        """The query, without its ``?``."""
        return self.component("query")

    def fragment(self) -> pl.Expr:
        """The fragment, without its ``#``."""
        return self.component("fragment")

    # -- resolution (RFC 3986 §5.2)

    def resolve(
        self,
        base: str | pl.Expr,
        *,
        errors: Errors = "null",
        preset: Preset = "strict",
        base_normalize: bool = False,
        copied_path_normalize: bool = False,
        erratum_4789: bool = False,
        dot_encoded: bool = False,
    ) -> pl.Expr:
        """Each row (a reference) resolved against ``base`` (:func:`iri.arrow.resolve`)."""
        opts = dict(
            errors=errors,
            preset=preset,
            base_normalize=base_normalize,
            copied_path_normalize=copied_path_normalize,
            erratum_4789=erratum_4789,
            dot_encoded=dot_encoded,
        )
        return self._map2(base, lambda b, r: _arrow.resolve(b, r, **opts), _S, other_first=True)

    def relativize(self, base: str | pl.Expr, *, errors: Errors = "null") -> pl.Expr:
        """The shortest reference from ``base`` to each row (:func:`iri.arrow.relativize`)."""
        return self._map2(base, lambda b, t: _arrow.relativize(b, t, errors=errors), _S, other_first=True)

    def resolve_normalize(self, base: str | pl.Expr, level: Level = "syntax", **options: Any) -> pl.Expr:
        """Resolved, normalized, as a URI and the error, in one pass
        (:func:`iri.arrow.resolve_normalize`, dtype :data:`RESOLVE_NORMALIZE_DTYPE`)."""
        return self._map2(
            base,
            lambda b, r: _arrow.resolve_normalize(b, r, level, **options),
            RESOLVE_NORMALIZE_DTYPE,
            other_first=True,
        )

    # -- mappings (RFC 3987 §3) and display (§4)

    def to_uri(
        self, *, idna: bool = False, charset: str | None = None, mode: Mode = "strict", errors: Errors = "null"
    ) -> pl.Expr:
        """The URI form of each row (:func:`iri.arrow.to_uri`)."""
        return self._map(lambda s: _arrow.to_uri(s, idna=idna, charset=charset, mode=mode, errors=errors), _S)

    def to_iri(self, *, idna: bool = False, errors: Errors = "null") -> pl.Expr:
        """The IRI form of each row (:func:`iri.arrow.to_iri`)."""
        return self._map(lambda s: _arrow.to_iri(s, idna=idna, errors=errors), _S)

    def display(self, wrap: Wrap = "embedding") -> pl.Expr:
        """The display text of each row (:func:`iri.arrow.display`)."""
        return self._map(lambda s: _arrow.display(s, wrap), _S)

    # -- comparison (RFC 3987 §5.3)

    def normalize(
        self,
        level: Level = "syntax",
        *,
        nfc: bool = False,
        nfkc: bool = False,
        form: Form = "iri",
        idn: bool | None = None,
        ignore_fragment: bool = False,
        errors: Errors = "null",
    ) -> pl.Expr:
        """The normal form of each row (:func:`iri.arrow.normalize`)."""
        return self._map(
            lambda s: _arrow.normalize(
                s, level, nfc=nfc, nfkc=nfkc, form=form, idn=idn, ignore_fragment=ignore_fragment, errors=errors
            ),
            _S,
        )

    def dedup_key(self, level: Level = "syntax", *, ignore_fragment: bool = False, errors: Errors = "null") -> pl.Expr:
        """The key equivalent rows share (:func:`iri.arrow.dedup_key`): ``unique`` or
        ``group_by`` on it."""
        return self._map(lambda s: _arrow.dedup_key(s, level, ignore_fragment=ignore_fragment, errors=errors), _S)

    def equivalent(self, other: str | pl.Expr, level: Level = "syntax", *, errors: Errors = "null") -> pl.Expr:
        """Whether each row is equivalent to ``other`` at ``level`` or below
        (:func:`iri.arrow.equivalent`)."""
        return self._map2(other, lambda a, b: _arrow.equivalent(a, b, level, errors=errors), pl.Boolean, other_first=False)

    def equivalence_level(self, other: str | pl.Expr, *, errors: Errors = "null") -> pl.Expr:
        """The lowest rung at which each row and ``other`` are equivalent
        (:func:`iri.arrow.equivalence_level`)."""
        return self._map2(other, lambda a, b: _arrow.equivalence_level(a, b, errors=errors), _S, other_first=False)
