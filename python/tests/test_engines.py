"""The engine doors: the Polars ``iri`` namespace (eager, lazy, streaming), DuckDB's
``iri.duckdb.register``, pandas Series, lists and dictionary-encoded columns into the Arrow
functions, and the kernels for equivalence, the dedup key, the error message, one component
and resolve-normalize, each checked row by row against the scalar API."""

from __future__ import annotations

import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import iri
import iri.arrow

LINKS = [
    "http://例え.テスト:8080/a/./b?q=1#f",
    "HTTP://Example.COM:80/%7euser/",
    "../c/d",
    "a b",
    "http://[fe80::1]/",
    "http://a:/",
    "http://a:99999999999999999999999/",
    "mailto:x@y",
    None,
]
BASE = "http://x/y/z"


def scalar_or_none(f, *args, **kw):
    try:
        return f(*args, **kw)
    except iri.IriError:
        return None


def test_port_is_an_integer_as_in_the_scalar_api() -> None:
    rows = iri.arrow.parse(pa.array(LINKS)).to_pylist()
    for s, row in zip(LINKS, rows):
        if s is None:
            assert row is None
            continue
        r = scalar_or_none(iri.parse, s)
        if r is None:
            assert row["valid"] is False and row["port"] is None
            continue
        big = r.port is not None and r.port >= 2**63
        assert row["port"] == (None if big else r.port), s
        assert row["port_str"] == r.port_str, s
    assert iri.arrow.parse(pa.array(["http://a:8/"])).type.field("port").type == pa.int64()


@pytest.mark.parametrize("name", ["scheme", "authority", "userinfo", "host", "host_kind", "port", "port_str", "path", "query", "fragment"])
def test_component_matches_the_scalar_api(name: str) -> None:
    got = iri.arrow.component(pa.array(LINKS), name).to_pylist()
    for s, g in zip(LINKS, got):
        r = scalar_or_none(iri.parse, s) if s is not None else None
        want = None if r is None else getattr(r, name)
        if name == "port" and want is not None and want >= 2**63:
            want = None
        assert g == want, (s, name)
    with pytest.raises(iri.IriError) as e:
        iri.arrow.component(pa.array(["http://a/", "a b"]), "host", errors="raise")
    assert e.value.row == 1
    with pytest.raises(ValueError):
        iri.arrow.component(pa.array(["x"]), "hostname")


def test_error_equivalent_dedup_key_against_the_scalar_api() -> None:
    errors = iri.arrow.error(pa.array(LINKS)).to_pylist()
    for s, e in zip(LINKS, errors):
        if s is None:
            assert e is None
            continue
        try:
            iri.validate(s)
            assert e is None
        except iri.IriError as x:
            assert e == str(x)
    other = "http://example.com/~user/"
    for level in ("simple", "syntax", "scheme"):
        got = iri.arrow.equivalent(pa.array(LINKS), other, level, errors="null").to_pylist()
        for s, g in zip(LINKS, got):
            want = None if s is None else scalar_or_none(iri.equivalent, s, other, level)
            assert g == want, (s, level)
        keys = iri.arrow.dedup_key(pa.array(LINKS), level if level != "simple" else "syntax", errors="null").to_pylist()
        for s, k in zip(LINKS, keys):
            want = None if s is None else scalar_or_none(iri.normalize, s, level if level != "simple" else "syntax")
            assert k == want, (s, level)


def test_resolve_normalize_is_the_three_steps_in_one() -> None:
    pages = [BASE, "not a base", BASE, BASE, None, BASE, "HTTP://A:80/b/", BASE, BASE]
    rows = iri.arrow.resolve_normalize(pa.array(pages), pa.array(LINKS), "scheme").to_pylist()
    for page, link, row in zip(pages, LINKS, rows):
        if page is None or link is None:
            assert row is None
            continue
        try:
            resolved = iri.resolve(page, link)
        except iri.IriError:
            link_error = None
            try:
                iri.validate(link)
            except iri.IriError as e:
                link_error = str(e)
            if link_error is None:
                try:
                    iri.validate(page, "iri")
                except iri.IriError as e:
                    link_error = str(e)
            assert row == {"resolved": None, "normalized": None, "uri": None, "error": link_error}
            continue
        normalized = iri.normalize(resolved, "scheme")
        assert row == {"resolved": resolved, "normalized": normalized, "uri": iri.to_uri(normalized), "error": None}


def test_lists_pandas_and_dictionary_columns() -> None:
    pd = pytest.importorskip("pandas")
    values = ["http://a/é", "a b", None, "http://a/é"]
    assert iri.arrow.is_valid(values) == [True, False, None, True]
    assert iri.arrow.to_uri(tuple(values), errors="null") == ["http://a/%C3%A9", None, None, "http://a/%C3%A9"]
    assert iri.arrow.resolve("http://a/b/", ["c", "../d"]) == ["http://a/b/c", "http://a/d"]
    s = pd.Series(values, index=[10, 11, 12, 13], name="link")
    out = iri.arrow.is_valid(s)
    assert isinstance(out, pd.Series) and out.name == "link" and list(out.index) == [10, 11, 12, 13]
    assert out.tolist() == [True, False, None, True]
    cat = s.astype("category")
    assert iri.arrow.to_uri(cat, errors="null").tolist() == [
        "http://a/%C3%A9", None, None, "http://a/%C3%A9"
    ]
    d = pa.array(values).dictionary_encode()
    assert pa.types.is_dictionary(d.type)
    assert iri.arrow.parse(d).field("valid").to_pylist() == [True, False, None, True]
    assert iri.arrow.component(pa.chunked_array([d, d]), "host").to_pylist() == ["a", None, None, "a"] * 2


def test_polars_namespace_eager_lazy_streaming() -> None:
    pl = pytest.importorskip("polars")
    import iri.polars  # noqa: F401

    df = pl.DataFrame({"link": LINKS, "page": [BASE] * len(LINKS)})
    exprs = dict(
        valid=pl.col("link").iri.is_valid(),
        host=pl.col("link").iri.host(),
        port=pl.col("link").iri.port(),
        uri=pl.col("link").iri.to_uri(),
        norm=pl.col("link").iri.normalize("scheme"),
        abs=pl.col("link").iri.resolve("http://x/y/z"),
        abs2=pl.col("link").iri.resolve(pl.col("page")),
        eq=pl.col("link").iri.equivalent("http://example.com/~user/", "scheme"),
        err=pl.col("link").iri.error(),
        key=pl.col("link").iri.dedup_key(),
    )
    eager = df.select(**exprs)
    lazy = df.lazy().select(**exprs).collect()
    streaming = df.lazy().select(**exprs).collect(engine="streaming")
    assert eager.equals(lazy) and eager.equals(streaming)
    assert eager.schema["port"] == pl.Int64 and eager.schema["valid"] == pl.Boolean
    for i, s in enumerate(LINKS):
        row = eager.row(i, named=True)
        r = scalar_or_none(iri.parse, s) if s is not None else None
        assert row["valid"] == (None if s is None else r is not None)
        assert row["host"] == (r.host if r else None)
        assert row["uri"] == (None if r is None else iri.to_uri(s))
        assert row["norm"] == (None if r is None else iri.normalize(s, "scheme"))
        assert row["abs"] == row["abs2"] == (None if r is None else iri.resolve(BASE, s))
        assert row["eq"] == (None if r is None else iri.equivalent(s, "http://example.com/~user/", "scheme"))
        assert (row["err"] is None) == (s is None or r is not None)
    # A filter in a streaming query, and the struct results.
    got = df.lazy().filter(pl.col("link").iri.is_valid()).select(pl.col("link").iri.parse().struct.field("scheme")).collect(engine="streaming")
    assert got["scheme"].to_list() == [scalar_or_none(iri.parse, s).scheme for s in LINKS if s is not None and iri.is_valid(s)]
    rn = df.select(pl.col("link").iri.resolve_normalize(pl.col("page"), "scheme")).unnest("link")
    assert rn.columns == ["resolved", "normalized", "uri", "error"]
    assert df.select(pl.col("link").iri.resolve(pl.col("page"))).columns == ["link"]


def test_duckdb_register() -> None:
    duckdb = pytest.importorskip("duckdb")
    import iri.duckdb

    con = duckdb.connect()
    iri.duckdb.register(con)
    con.execute("create table t(link varchar)")
    con.executemany("insert into t values (?)", [[s] for s in LINKS])
    rows = con.sql(
        "select link, iri_is_valid(link), iri_error(link), iri_resolve('http://x/y/z', link), iri_to_uri(link), "
        "iri_to_iri(link), iri_normalize(link), iri_normalize_scheme(link), iri_dedup_key(link), "
        "iri_equivalent(link, 'http://example.com/~user/'), iri_component(link, 'host'), iri_port(link), "
        "iri_relativize('http://x/y/z', iri_resolve('http://x/y/z', link)) from t"
    ).fetchall()
    assert len(rows) == len(LINKS)
    for row in rows:
        s = row[0]
        if s is None:
            assert set(row) == {None}
            continue
        r = scalar_or_none(iri.parse, s)
        assert row[1] == (r is not None)
        assert (row[2] is None) == (r is not None)
        if r is None:
            assert row[3:] == (None,) * 10
            continue
        assert row[3] == iri.resolve(BASE, s)
        assert row[4] == iri.to_uri(s)
        assert row[5] == iri.to_iri(s)
        assert row[6] == iri.normalize(s)
        assert row[7] == iri.normalize(s, "scheme")
        assert row[8] == iri.normalize(s)
        assert row[9] == iri.equivalent(s, "http://example.com/~user/")
        assert row[10] == r.host
        assert row[11] == (r.port if r.port is None or r.port < 2**63 else None)
        assert row[12] == scalar_or_none(iri.relativize, BASE, iri.resolve(BASE, s))
    assert con.sql("select iri_component('http://a:8/', 'port')").fetchall() == [("8",)]
    assert set(iri.duckdb.FUNCTIONS) <= {r[0] for r in con.sql("select function_name from duckdb_functions()").fetchall()}
