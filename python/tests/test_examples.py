"""The examples run, and their results are those of the scalar API."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

import iri

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected(page, link):
    """The scalar pipeline of the examples: resolve, normalize (scheme level), URI form."""
    try:
        normalized = iri.normalize(iri.resolve(page, link), level="scheme")
    except iri.IriError:
        return None
    return normalized, iri.to_uri(normalized)


def test_polars_example():
    pytest.importorskip("polars")
    ex = load("polars_links")
    import polars as pl

    df = pl.DataFrame({"page": ["http://a/b/c", "http://a/", None], "link": ["../d", "a b", "x"]})
    out = ex.clean(df)
    assert out["resolved"].to_list() == ["http://a/d", None, None]
    assert out["normalized"].to_list() == ["http://a/d", None, None]
    assert out["uri"].to_list() == ["../d", None, "x"]
    assert out["error"].to_list()[1].startswith("invalid IRI reference")
    subprocess.run([sys.executable, str(EXAMPLES / "polars_links.py")], check=True, capture_output=True)


def test_duckdb_example():
    pytest.importorskip("duckdb")
    ex = load("duckdb_udf")
    con = ex.connect()
    rows = con.sql(
        "select iri_valid(l), iri_normalize(l), iri_resolve('http://a/b/', l) "
        "from (values ('HTTP://A:80/./x'), ('a b'), (NULL), ('../é')) t(l)"
    ).fetchall()
    assert rows == [
        (True, "http://a/x", "HTTP://A:80/x"),
        (False, None, None),
        (None, None, None),
        (True, "../é", "http://a/é"),
    ]
    for link, row in zip(["HTTP://A:80/./x", "a b", None, "../é"], rows):
        if link is not None and iri.is_valid(link):
            assert row == (True, iri.normalize(link, level="scheme"), iri.resolve("http://a/b/", link))
    out = subprocess.run([sys.executable, str(EXAMPLES / "duckdb_udf.py")], check=True, capture_output=True, text=True)
    assert "http://example.org/wiki/Genève" in out.stdout


@pytest.fixture(scope="module")
def spark():
    pytest.importorskip("pyspark")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("iri-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    yield session
    session.stop()


@pytest.mark.spark
def test_spark_dedup_matches_scalar_api(spark):
    ex = load("spark_dedup")
    rows = list(ex.SAMPLE) + [
        (f"http://example.org/dir{i % 5}/page", f"../Dir{i % 3}/./item%7e{i % 4}?q=ü") for i in range(200)
    ] + [("http://example.org/", None), ("http://example.org/x", "HTTP://Other.example:80")]
    df = spark.createDataFrame(rows, "page string, link string").repartition(3)
    unique, failed = ex.dedup(df)
    got = {r["normalized"]: (r["uri"], r["links"]) for r in unique.collect()}

    want = {}
    for page, link in rows:
        e = expected(page, link) if link is not None else None
        if e is None:
            continue
        uri, n = want.get(e[0], (e[1], 0))
        want[e[0]] = (uri, n + 1)
    assert got == want
    assert "http://example.org/wiki/Genève" in got and got["http://example.org/wiki/Genève"][1] == 4

    bad = {(r["page"], r["link"]): r["error"] for r in failed.collect()}
    assert set(bad) == {(p, l) for p, l in rows if l is None or expected(p, l) is None}
    assert bad[("http://example.org/a/b", "a b")].startswith("invalid IRI reference: U+0020 SPACE")
    assert bad[("not a base", "x")].startswith("invalid IRI")
