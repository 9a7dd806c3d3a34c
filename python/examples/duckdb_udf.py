"""IRIs in DuckDB: Arrow UDFs over a column, and a relation handed to the kernels directly.

Run: ``python examples/duckdb_udf.py``.
"""

import duckdb
try:  # duckdb 2
    from duckdb.sqltypes import BOOLEAN, VARCHAR
except ImportError:  # duckdb 1
    from duckdb.typing import BOOLEAN, VARCHAR

import iri.arrow


def connect() -> duckdb.DuckDBPyConnection:
    """A connection with ``iri_valid(s)``, ``iri_normalize(s)`` and ``iri_resolve(base, ref)``
    as vectorized (Arrow) functions; an invalid IRI gives NULL in the last two, which is why
    they are registered with ``null_handling="special"`` (DuckDB otherwise refuses a NULL out of
    a UDF)."""
    con = duckdb.connect()
    con.create_function("iri_valid", lambda a: iri.arrow.is_valid(a), [VARCHAR], BOOLEAN, type="arrow", null_handling="special")
    con.create_function(
        "iri_normalize",
        lambda a: iri.arrow.normalize(a, level="scheme", errors="null"),
        [VARCHAR],
        VARCHAR,
        type="arrow",
        null_handling="special",
    )
    con.create_function(
        "iri_resolve",
        lambda b, r: iri.arrow.resolve(b, r, errors="null"),
        [VARCHAR, VARCHAR],
        VARCHAR,
        type="arrow",
        null_handling="special",
    )
    return con


def main() -> None:
    con = connect()
    con.sql(
        "create table links as select * from (values "
        "('http://example.org/wiki/Zürich', 'Genève'), "
        "('http://EXAMPLE.org:80/wiki/Bern', './Genève'), "
        "('http://example.org/', 'a b')) t(page, link)"
    )
    con.sql(
        "select iri_normalize(iri_resolve(page, link)) as target, count(*) as n "
        "from links where iri_valid(link) group by target order by target"
    ).show()
    # A relation of one column goes to the kernels without a UDF.
    print(iri.arrow.to_uri(con.sql("select link from links"), errors="null"))


if __name__ == "__main__":
    main()
