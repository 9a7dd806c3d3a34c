"""Benchmarks of the Python package (results in BENCHMARKS.md, section "Python").

    python bench.py [--corpus DIR] [--rows N] [--repeat R] [--no-spark]

- scalar: calls per CPU second (and per wall-clock second) of ``iri.is_valid`` against ``rfc3987`` (``match(s, 'IRI_reference')``)
  and ``rfc3986`` (``uri_reference(s).is_valid()``), on the same corpus lines in the same run;
- vectorized: rows/s of ``iri.arrow.is_valid``, ``parse``, ``to_uri`` and ``normalize`` over
  N corpus lines (the corpus repeated to N, default 1,000,000) as a pyarrow array, a Polars
  Series and through a DuckDB Arrow UDF, on one thread and on all cores;
- Spark: rows/s of ``mapInArrow`` with ``iri.arrow.is_valid`` + ``normalize`` in local mode
  (``local[*]``), against the same job with an identity ``mapInArrow`` (the transfer alone).

Each figure is the median of R timed runs after one warm-up run.
"""

from __future__ import annotations

import argparse
import gzip
import os
import pathlib
import statistics
import sys
import time

import iri
import iri.arrow


def median_time(fn, repeat, clock=time.perf_counter):
    """The median of `repeat` timed runs after a warm-up run; `clock=time.process_time` gives
    the CPU time of the process (all its threads), which a loaded machine does not inflate."""
    fn()
    times = []
    for _ in range(repeat):
        t = clock()
        fn()
        times.append(clock() - t)
    return statistics.median(times)


def load(corpus: pathlib.Path, rows: int) -> list[str]:
    plain = corpus / "corpus.txt"
    if plain.is_file():
        text = plain.read_text(encoding="utf-8")
    else:
        text = gzip.decompress((corpus / "corpus.txt.gz").read_bytes()).decode("utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = (lines * (rows // len(lines) + 1))[:rows]
    return out


def scalar(lines: list[str], repeat: int) -> None:
    sample = lines[:20_000]
    cases = [("iri.is_valid", lambda: [iri.is_valid(s) for s in sample])]
    try:
        import rfc3987

        cases.append(("rfc3987.match(s, 'IRI_reference')", lambda: [rfc3987.match(s, "IRI_reference") for s in sample]))
    except ImportError:
        print("rfc3987 not installed", file=sys.stderr)
    try:
        import rfc3986

        cases.append(("rfc3986.uri_reference(s).is_valid()", lambda: [rfc3986.uri_reference(s).is_valid() for s in sample]))
    except ImportError:
        print("rfc3986 not installed", file=sys.stderr)
    print(f"\n## is_valid, one call per line ({len(sample):,} corpus lines, median of {repeat})\n")
    print("| function | calls per CPU second | µs per call (CPU) | calls/s, wall clock | iri is … times faster |")
    print("|---|---:|---:|---:|---:|")
    base = None
    for name, fn in cases:
        cpu = median_time(fn, repeat, time.process_time)
        wall = median_time(fn, repeat)
        rate = len(sample) / cpu
        base = base or rate
        print(f"| `{name}` | {rate:,.0f} | {1e6 / rate:.2f} | {len(sample) / wall:,.0f} | {base / rate:,.1f} |")


def udfs(threads):
    """DuckDB UDFs of one argument (DuckDB counts a lambda's defaulted parameters too)."""
    return (
        lambda a: iri.arrow.is_valid(a, threads=threads),
        lambda a: iri.arrow.normalize(a, errors="null", threads=threads),
    )


def vectorized(lines: list[str], repeat: int) -> None:
    import pyarrow as pa

    cores = os.cpu_count() or 1
    arr = pa.array(lines, pa.string())
    ops = [
        ("is_valid", lambda a, t: iri.arrow.is_valid(a, threads=t)),
        ("parse", lambda a, t: iri.arrow.parse(a, threads=t)),
        ("to_uri", lambda a, t: iri.arrow.to_uri(a, errors="null", threads=t)),
        ("normalize", lambda a, t: iri.arrow.normalize(a, errors="null", threads=t)),
    ]
    inputs = [("pyarrow.Array", arr)]
    try:
        import polars as pl

        inputs.append(("polars.Series", pl.Series("link", lines)))
    except ImportError:
        pass
    print(f"\n## Vectorized, {len(lines):,} corpus lines (median of {repeat}), rows/s in millions\n")
    print(f"| input | operation | 1 thread, per CPU second | 1 thread, wall clock | {cores} threads, wall clock |")
    print("|---|---|---:|---:|---:|")
    for label, data in inputs:
        for name, fn in ops:
            cpu = median_time(lambda: fn(data, 1), repeat, time.process_time)
            one = median_time(lambda: fn(data, 1), repeat)
            many = median_time(lambda: fn(data, None), repeat)
            print(f"| {label} | {name} | {len(lines) / cpu / 1e6:.2f} | {len(lines) / one / 1e6:.2f} | {len(lines) / many / 1e6:.2f} |")
    try:
        import duckdb
    except ImportError:
        return
    try:  # duckdb 2
        from duckdb.sqltypes import BOOLEAN, VARCHAR
    except ImportError:  # duckdb 1
        from duckdb.typing import BOOLEAN, VARCHAR
    for threads in (1, None):
        con = duckdb.connect()
        con.execute(f"set threads = {1 if threads == 1 else cores}")
        valid, norm = udfs(threads)
        con.create_function("iri_valid", valid, [VARCHAR], BOOLEAN, type="arrow", null_handling="special")
        con.create_function("iri_norm", norm, [VARCHAR], VARCHAR, type="arrow", null_handling="special")
        con.register("t", pa.table({"link": arr}))
        con.execute("create table links as select * from t")
        base = median_time(lambda: con.sql("select count(link) from links").fetchall(), repeat)
        v = median_time(lambda: con.sql("select count_if(iri_valid(link)) from links").fetchall(), repeat)
        n = median_time(lambda: con.sql("select count(iri_norm(link)) from links").fetchall(), repeat)
        rel = median_time(lambda: iri.arrow.is_valid(con.sql("select link from links"), threads=threads), repeat)
        label = "1 thread" if threads == 1 else f"{cores} threads"
        print(f"| DuckDB UDF, {label} | is_valid | | {len(lines) / v / 1e6:.2f} (count(link) alone: {base * 1e3:.0f} ms) | |")
        print(f"| DuckDB UDF, {label} | normalize | | {len(lines) / n / 1e6:.2f} | |")
        print(f"| DuckDB relation, {label} | is_valid | | {len(lines) / rel / 1e6:.2f} | |")


def spark(lines: list[str], repeat: int) -> None:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    def kernel(batches):
        import pyarrow as pa

        import iri.arrow

        for b in batches:
            link = b.column("link")
            yield pa.RecordBatch.from_arrays(
                [iri.arrow.is_valid(link, threads=1), iri.arrow.normalize(link, errors="null", threads=1)],
                names=["valid", "normalized"],
            )

    def identity(batches):
        yield from batches

    session = (
        SparkSession.builder.master("local[*]")
        .appName("iri-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    import tempfile

    tmp = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False)
    with tmp:
        tmp.write("\n".join(lines) + "\n")
    df = session.read.text(tmp.name).withColumnRenamed("value", "link")
    df = df.repartition(session.sparkContext.defaultParallelism).cache()
    df.count()
    t_iri = median_time(lambda: df.mapInArrow(kernel, "valid boolean, normalized string").selectExpr("count_if(valid)", "count(normalized)").collect(), repeat)
    t_id = median_time(lambda: df.mapInArrow(identity, "link string").selectExpr("count(link)").collect(), repeat)
    print(f"\n## Spark local[*] ({session.sparkContext.defaultParallelism} cores), mapInArrow over {len(lines):,} cached rows (median of {repeat})\n")
    print("| job | rows/s |")
    print("|---|---:|")
    print(f"| is_valid + normalize | {len(lines) / t_iri:,.0f} |")
    print(f"| identity mapInArrow (transfer only) | {len(lines) / t_id:,.0f} |")
    session.stop()
    os.unlink(tmp.name)


def main() -> None:
    here = pathlib.Path(__file__).resolve().parent
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=pathlib.Path, default=here.parent / "data" / "corpus")
    p.add_argument("--rows", type=int, default=1_000_000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--no-spark", action="store_true")
    p.add_argument("--only", choices=["scalar", "vectorized", "spark"])
    args = p.parse_args()
    lines = load(args.corpus, args.rows)
    print(f"iri {iri.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if args.only in (None, "scalar"):
        scalar(lines, args.repeat)
    if args.only in (None, "vectorized"):
        vectorized(lines, args.repeat)
    if args.only == "spark" or (args.only is None and not args.no_spark):
        spark(lines, args.repeat)


if __name__ == "__main__":
    main()
