"""Benchmarks of the engine doors (results in BENCHMARKS.md, section "Python engines").

    python bench_engines.py [--corpus DIR] [--rows N] [--repeat R] [--only polars|duckdb|spark]

- Polars: rows/s of ``pl.col("link").iri.is_valid()``, ``.iri.normalize()`` and ``.iri.host()``
  in a lazy query run by the streaming engine, against the trivial expression
  ``pl.col("link").str.len_bytes()`` in the same query (the scan and the batch traffic alone);
- DuckDB: rows/s of ``iri_is_valid(link)`` and ``iri_normalize(link)`` (``iri.duckdb.register``)
  against ``length(link)``, over a table of N rows;
- Spark: rows/s of the dedup example's ``mapInArrow`` (``examples/spark_dedup.py``,
  ``resolve_batches``: one ``iri.arrow.resolve_normalize`` pass per batch, error included)
  against an identity ``mapInArrow`` of the same two columns (the JVM↔Python transfer alone),
  and the same job done the earlier way (five kernel passes per batch), in local mode.

Rows: N corpus lines (the corpus repeated to N, default 1,000,000) as ``link``; ``page`` is
the line before it (so some pages are no IRI, as in a crawl). Each figure is the median of R
timed runs after one warm-up run; the ratio is taken in the same run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import statistics
import sys
import time

import iri

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import load, median_time  # noqa: E402


def polars(lines: list[str], repeat: int) -> None:
    import polars as pl

    import iri.polars  # noqa: F401  (registers the namespace)

    lf = pl.DataFrame({"link": lines}).lazy()
    cases = [
        ("`pl.col(\"link\").str.len_bytes()` (trivial)", pl.col("link").str.len_bytes().sum()),
        ("`.iri.is_valid()`", pl.col("link").iri.is_valid().sum()),
        ("`.iri.host()`", pl.col("link").iri.host().null_count()),
        ("`.iri.normalize()`", pl.col("link").iri.normalize().null_count()),
    ]
    print(f"\n## Polars {pl.__version__}, lazy query, streaming engine, {len(lines):,} rows (median of {repeat})\n")
    print("| expression | rows/s | share of the trivial expression's rate |")
    print("|---|---:|---:|")
    base = None
    for name, e in cases:
        t = median_time(lambda: lf.select(e).collect(engine="streaming"), repeat)
        rate = len(lines) / t
        base = base or rate
        print(f"| {name} | {rate:,.0f} | {rate / base:.0%} |")


def duckdb(lines: list[str], repeat: int) -> None:
    import duckdb as ddb
    import pyarrow as pa

    import iri.duckdb

    con = ddb.connect()
    iri.duckdb.register(con)
    con.register("t", pa.table({"link": pa.array(lines, pa.string())}))
    con.execute("create table links as select * from t")
    cases = [
        ("`sum(length(link))` (trivial)", "select sum(length(link)) from links"),
        ("`count_if(iri_is_valid(link))`", "select count_if(iri_is_valid(link)) from links"),
        ("`count(iri_normalize(link))`", "select count(iri_normalize(link)) from links"),
        ("`count(iri_component(link, 'host'))`", "select count(iri_component(link, 'host')) from links"),
    ]
    threads = con.sql("select current_setting('threads')").fetchall()[0][0]
    print(f"\n## DuckDB {ddb.__version__} ({threads} threads), {len(lines):,} rows (median of {repeat})\n")
    print("| query | rows/s | share of the trivial query's rate |")
    print("|---|---:|---:|")
    base = None
    for name, q in cases:
        t = median_time(lambda: con.sql(q).fetchall(), repeat)
        rate = len(lines) / t
        base = base or rate
        print(f"| {name} | {rate:,.0f} | {rate / base:.0%} |")


def earlier_batches(batches):
    """The dedup example as it was: five kernel passes per batch, two of them only for the
    error message."""
    import pyarrow as pa
    import pyarrow.compute as pc

    import iri.arrow

    for batch in batches:
        page, link = batch.column("page"), batch.column("link")
        resolved = iri.arrow.resolve(page, link, errors="null", threads=1)
        normalized = iri.arrow.normalize(resolved, level="scheme", errors="null", threads=1)
        uri = iri.arrow.to_uri(normalized, errors="null", threads=1)
        error = pc.coalesce(iri.arrow.parse(link, threads=1).field("error"), iri.arrow.parse(page, kind="iri", threads=1).field("error"))
        yield pa.RecordBatch.from_arrays(
            [page, link, resolved, normalized, uri, error],
            names=["page", "link", "resolved", "normalized", "uri", "error"],
        )


def identity(batches):
    yield from batches


def spark(lines: list[str], repeat: int) -> None:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    spec = importlib.util.spec_from_file_location("spark_dedup", HERE / "examples" / "spark_dedup.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)

    session = (
        SparkSession.builder.master("local[*]")
        .appName("iri-bench-engines")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    import pyarrow as pa

    pages = [lines[-1]] + lines[:-1]
    df = session.createDataFrame(pa.table({"page": pages, "link": lines}).to_pandas())
    df = df.repartition(session.sparkContext.defaultParallelism).cache()
    df.count()
    jobs = [
        ("identity mapInArrow (transfer only)", lambda: df.mapInArrow(identity, "page string, link string").selectExpr("count(link)").collect()),
        ("dedup example: `resolve_normalize`, one pass", lambda: df.mapInArrow(example.resolve_batches, example.SCHEMA).selectExpr("count(normalized)", "count(error)").collect()),
        ("the same, five passes (before)", lambda: df.mapInArrow(earlier_batches, example.SCHEMA).selectExpr("count(normalized)", "count(error)").collect()),
    ]
    print(f"\n## Spark local[*] ({session.sparkContext.defaultParallelism} cores), mapInArrow over {len(lines):,} cached (page, link) rows (median of {repeat})\n")
    print("| job | rows/s | share of identity |")
    print("|---|---:|---:|")
    # The jobs take turns (a warm-up round, then R rounds), so that a change of the machine's
    # load or the JVM's warming falls on all of them alike.
    times: dict[str, list[float]] = {name: [] for name, _ in jobs}
    for round_ in range(repeat + 1):
        for name, job in jobs:
            t = time.perf_counter()
            job()
            if round_:
                times[name].append(time.perf_counter() - t)
    base = None
    for name, _ in jobs:
        rate = len(lines) / statistics.median(times[name])
        base = base or rate
        print(f"| {name} | {rate:,.0f} | {rate / base:.0%} |")
    session.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=pathlib.Path, default=HERE.parent / "data" / "corpus")
    p.add_argument("--rows", type=int, default=1_000_000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--only", choices=["polars", "duckdb", "spark"])
    args = p.parse_args()
    lines = load(args.corpus, args.rows)
    print(f"iri {iri.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    if args.only in (None, "polars"):
        polars(lines, args.repeat)
    if args.only in (None, "duckdb"):
        duckdb(lines, args.repeat)
    if args.only in (None, "spark"):
        spark(lines, args.repeat)


if __name__ == "__main__":
    main()
