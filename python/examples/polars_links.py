"""IRIs in a Polars DataFrame: a Series in, a Series out, and inside expressions.

Run: ``python examples/polars_links.py``.
"""

import polars as pl

import iri.arrow


def clean(df: pl.DataFrame) -> pl.DataFrame:
    """Adds the resolved, normalized and URI forms of ``link`` against ``page``, and the
    parse error of rows that have one."""
    resolved = iri.arrow.resolve(df["page"], df["link"], errors="null")
    return df.with_columns(
        resolved=resolved,
        normalized=iri.arrow.normalize(resolved, level="scheme", errors="null"),
        # Inside an expression: map_batches hands a Series to the kernel.
        uri=pl.col("link").map_batches(lambda s: iri.arrow.to_uri(s, errors="null"), return_dtype=pl.String),
        error=iri.arrow.parse(df["link"]).struct.field("error"),
    )


def main() -> None:
    df = pl.DataFrame(
        {
            "page": ["http://example.org/wiki/Zürich", "http://example.org/wiki/Zürich", "http://example.org/"],
            "link": ["Genève", "../w/index.php?title=Genève", "a b"],
        }
    )
    with pl.Config(fmt_str_lengths=60, tbl_width_chars=200):
        print(clean(df))


if __name__ == "__main__":
    main()
