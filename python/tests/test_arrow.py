"""The Arrow kernels: each row gives what the scalar call gives; nulls stay null; pyarrow,
Polars and DuckDB inputs; chunks and threads."""

import pyarrow as pa
import pytest

import iri
import iri.arrow

ROWS = [
    "http://example.org/résumé?q=é#f",
    "HTTP://Example.ORG/a/./b/../%7e",
    "a b",
    None,
    "//host:80/p",
    "http://[::1]:8080/",
    "mailto:someone@example.org",
    "http://a/\u202e",
    "",
    "../x",
]


def scalar_or_none(f, s):
    if s is None:
        return None
    try:
        return f(s)
    except iri.IriError:
        return None


def test_is_valid_matches_scalar():
    out = iri.arrow.is_valid(pa.array(ROWS))
    assert isinstance(out, pa.Array) and out.type == pa.bool_()
    assert out.to_pylist() == [None if s is None else iri.is_valid(s) for s in ROWS]
    out = iri.arrow.is_valid(pa.array(ROWS), kind="uri")
    assert out.to_pylist() == [None if s is None else iri.is_valid(s, kind="uri") for s in ROWS]


def test_parse_struct_fields_and_nulls():
    out = iri.arrow.parse(pa.array(ROWS))
    assert pa.types.is_struct(out.type)
    names = [out.type.field(i).name for i in range(out.type.num_fields)]
    for n in ["valid", "error", "scheme", "authority", "userinfo", "host", "host_kind", "port", "path", "query", "fragment"]:
        assert n in names
    rows = out.to_pylist()
    for s, row in zip(ROWS, rows):
        if s is None:
            assert row is None
            continue
        if not iri.is_valid(s):
            with pytest.raises(iri.IriError) as info:
                iri.parse(s)
            assert row["valid"] is False and row["error"] == str(info.value)
            assert row["error_kind"] == info.value.kind and row["error_offset"] == info.value.offset
            assert row["scheme"] is None and row["path"] is None
            continue
        r = iri.parse(s)
        assert row["valid"] is True and row["error"] is None
        d = r.to_dict()
        assert row["port_str"] == r.port_str
        for k, v in d.items():
            assert row[k] == v, (s, k)
        assert row["iri"] == str(r)


@pytest.mark.parametrize(
    ("kernel", "scalar"),
    [
        (iri.arrow.to_uri, iri.to_uri),
        (iri.arrow.to_iri, iri.to_iri),
        (iri.arrow.normalize, iri.normalize),
        (iri.arrow.display, iri.display),
        (iri.arrow.preprocess, iri.preprocess),
    ],
)
def test_unary_kernels_match_scalar_with_errors_null(kernel, scalar):
    kw = {} if kernel is iri.arrow.display else {"errors": "null"}
    out = kernel(pa.array(ROWS), **kw)
    assert out.to_pylist() == [scalar_or_none(scalar, s) for s in ROWS]


def test_errors_raise_names_the_row():
    with pytest.raises(iri.IriError) as info:
        iri.arrow.to_uri(pa.array(["http://a/", None, "a b"]))
    assert info.value.row == 2 and str(info.value).startswith("row 2: ")
    assert info.value.kind == "invalid-char" and info.value.offset == 1
    with pytest.raises(ValueError):
        iri.arrow.to_uri(pa.array(["a"]), errors="ignore")


def test_resolve_scalar_base_and_column_base():
    refs = pa.array(["../d", None, "#f", "g:h"])
    assert iri.arrow.resolve("http://a/b/c", refs).to_pylist() == ["http://a/d", None, "http://a/b/c#f", "g:h"]
    bases = pa.array(["http://x/y/z", "http://a/", None, "http://a/"])
    assert iri.arrow.resolve(bases, refs).to_pylist() == ["http://x/d", None, None, "g:h"]
    with pytest.raises(ValueError, match="differ in length"):
        iri.arrow.resolve(bases, pa.array(["a"]))
    with pytest.raises(iri.IriError) as info:
        iri.arrow.resolve(pa.array(["/not-absolute"]), pa.array(["a"]))
    assert info.value.kind == "missing-scheme" and info.value.row == 0


def test_relativize_and_equivalence_level():
    targets = pa.array(["http://a/b/d", "http://a/./c", None])
    assert iri.arrow.relativize("http://a/b/c", targets, errors="null").to_pylist() == ["d", None, None]
    levels = iri.arrow.equivalence_level(pa.array(["http://a/%7e", "HTTP://a", "http://a/"]), "http://a/~")
    assert levels.to_pylist() == ["syntax", None, None]


def test_lint_and_extract_lists():
    rows = iri.arrow.lint(pa.array(["http://u:p@a/", None, "http://a/"])).to_pylist()
    assert [d["code"] for d in rows[0]] == ["password-in-userinfo"] and rows[1] is None and rows[2] == []
    assert (rows[0][0]["start"], rows[0][0]["end"]) == (7, 10)
    found = iri.arrow.extract(pa.array(['<a href="é">', None]), type="html", base="http://a/").to_pylist()
    assert found[0][0]["resolved"] == "http://a/é" and found[0][0]["place"] == "a@href" and found[1] is None
    assert [iri.extract(s, type="html", base="http://a/")[0].uri for s in ['<a href="é">']] == [found[0][0]["uri"]]


def test_input_types():
    strings = pa.array(["http://a/é", None], pa.string())
    for arr in [strings, strings.cast(pa.large_string()), strings.cast(pa.string_view()), pa.array([None, None], pa.null())]:
        assert iri.arrow.to_uri(arr).to_pylist() == [scalar_or_none(iri.to_uri, s) for s in arr.to_pylist()]
    with pytest.raises(TypeError, match="strings"):
        iri.arrow.is_valid(pa.array([1, 2]))
    assert iri.arrow.is_valid(pa.array([], pa.string())).to_pylist() == []


def test_chunked_in_chunked_out_and_threads_agree():
    data = [f"http://example.org/{i}/é?{i}" if i % 7 else f"bad {i}" for i in range(50_000)]
    data[100] = None
    chunked = pa.chunked_array([data[:12_345], data[12_345:30_000], data[30_000:]])
    one = iri.arrow.to_uri(chunked, errors="null", threads=1)
    many = iri.arrow.to_uri(chunked, errors="null", threads=4)
    assert isinstance(one, pa.ChunkedArray) and isinstance(many, pa.ChunkedArray)
    assert one.to_pylist() == many.to_pylist() == [scalar_or_none(iri.to_uri, s) for s in data]
    arr = pa.array(data)
    out = iri.arrow.parse(arr, threads=3)
    assert isinstance(out, pa.Array) and len(out) == len(data)
    assert out.field("valid").to_pylist() == [None if s is None else iri.is_valid(s) for s in data]


def test_polars_series_in_series_out():
    pl = pytest.importorskip("polars")
    s = pl.Series("links", ["http://a/é", None, "a b"])
    out = iri.arrow.to_uri(s, errors="null")
    assert isinstance(out, pl.Series) and out.name == "links"
    assert out.to_list() == ["http://a/%C3%A9", None, None]
    parsed = iri.arrow.parse(s)
    assert isinstance(parsed, pl.Series) and parsed.struct.field("valid").to_list() == [True, None, False]
    assert iri.arrow.resolve("http://x/", pl.Series(["a", "b"])).to_list() == ["http://x/a", "http://x/b"]


def test_duckdb_relation_and_arrow_udf():
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    rel = con.sql("select * from (values ('http://a/é'), (NULL), ('a b')) t(link)")
    assert iri.arrow.is_valid(rel).to_pylist() == [True, None, False]
    try:  # duckdb 2
        from duckdb.sqltypes import BOOLEAN, VARCHAR
    except ImportError:  # duckdb 1
        from duckdb.typing import BOOLEAN, VARCHAR

    con.create_function("iri_valid", lambda a: iri.arrow.is_valid(a), [VARCHAR], BOOLEAN, type="arrow", null_handling="special")
    rows = con.sql("select link, iri_valid(link) from (values ('http://a/'), ('a b'), (NULL)) t(link)").fetchall()
    assert rows == [("http://a/", True), ("a b", False), (None, None)]
