"""Resolve, normalize and deduplicate links on Spark with ``mapInArrow``.

Each row is a link as found on a page (``page``: the page's IRI, the base; ``link``: the
reference in its ``href``). Each Arrow batch goes through ``iri.arrow.resolve_normalize`` on
the executors, one pass per row: the link is resolved against its page (RFC 3986 §5.2),
normalized at the scheme level of the comparison ladder (RFC 3987 §5.3.3, so
``HTTP://Example.org:80/a/./b`` and ``http://example.org/a/b`` are one), mapped to its URI
form (RFC 3987 §3.1), and a row whose link (or page) does not parse keeps the error of that
same pass. Spark then keeps one row per normalized IRI.

Run: ``python examples/spark_dedup.py [FILE]`` (one ``page<TAB>link`` per line; a small
built-in sample without FILE). Executors must import ``iri``: see the README on shipping the
wheel to a cluster.
"""

from __future__ import annotations

import os
import sys
from typing import Iterator

SCHEMA = "page string, link string, resolved string, normalized string, uri string, error string"


def resolve_batches(batches: Iterator["pyarrow.RecordBatch"]) -> Iterator["pyarrow.RecordBatch"]:
    """The ``mapInArrow`` function: runs on the executors, one Arrow batch at a time."""
    import pyarrow as pa

    import iri.arrow

    for batch in batches:
        page, link = batch.column("page"), batch.column("link")
        # One pass: resolved, normalized, URI form and, for a failing row, why (the link's
        # parse error, else the page's). Spark runs one task per core: one thread each.
        out = iri.arrow.resolve_normalize(page, link, level="scheme", threads=1)
        yield pa.RecordBatch.from_arrays(
            [page, link, out.field("resolved"), out.field("normalized"), out.field("uri"), out.field("error")],
            names=["page", "link", "resolved", "normalized", "uri", "error"],
        )


def dedup(df):
    """One row per normalized IRI (the first page that links to it), and the failures."""
    from pyspark.sql import functions as F

    resolved = df.mapInArrow(resolve_batches, SCHEMA)
    ok = resolved.where(F.col("normalized").isNotNull())
    unique = ok.groupBy("normalized").agg(
        F.min("uri").alias("uri"),
        F.count("*").alias("links"),
        F.min("page").alias("first_page"),
    )
    failed = resolved.where(F.col("normalized").isNull()).select("page", "link", "error")
    return unique, failed


SAMPLE = [
    ("http://example.org/wiki/Zürich", "Genève"),
    ("http://example.org/wiki/Zürich", "../wiki/Genève"),
    ("http://EXAMPLE.org:80/wiki/Bern", "./Genève"),
    ("http://example.org/wiki/Bern", "http://example.org/wiki/%47en%C3%A8ve"),
    ("http://example.org/a/b", "//other.example/x/../y?q=ü#top"),
    ("http://example.org/a/b", "a b"),
    ("not a base", "x"),
]


def main(argv: list[str]) -> None:
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master("local[2]").appName("iri-dedup").getOrCreate()
    if len(argv) > 1:
        df = spark.read.csv(argv[1], sep="\t", schema="page string, link string")
    else:
        df = spark.createDataFrame(SAMPLE, "page string, link string")
    unique, failed = dedup(df)
    unique.orderBy("normalized").show(truncate=False)
    failed.show(truncate=False)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv)
