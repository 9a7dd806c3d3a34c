"""The opt-in extensions: ``iri.resolve_relative`` (resolution against a relative base, beyond
RFC 3986 §5.1) and ``iri.parse_zoned`` (RFC 6874 §2 zone identifiers), with the rows of the
library's table ``zone_id.tsv`` (Jena's cases and our own, each naming its section)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import iri

ZONES = Path(__file__).resolve().parents[2] / "crates" / "iri" / "tests" / "data" / "zone_id.tsv"


def zone_rows() -> list[tuple[str, ...]]:
    with ZONES.open(encoding="utf-8", newline="") as f:
        r = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        next(r)
        return [tuple(row) for row in r if row]


ROWS = zone_rows()


def test_the_table_is_there() -> None:
    assert len(ROWS) >= 10


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_parse_zoned_row(row: tuple[str, ...]) -> None:
    text, zoned, zone, without = row[:4]
    if zoned == "yes":
        r, z = iri.parse_zoned(text)
        assert z == zone
        assert str(r) == without
        # Strict parsing refuses the zone, with the reason.
        with pytest.raises(iri.IriError, match="zone identifiers are not allowed") as e:
            iri.parse(text)
        assert e.value.kind == "invalid-ip-literal"
    else:
        with pytest.raises(iri.IriError):
            iri.parse_zoned(text)


def test_parse_zoned_components_and_kind() -> None:
    r, z = iri.parse_zoned("http://[fe80::1%25en1]:8080/x?q", kind="iri")
    assert (r.host, r.host_kind, r.port, r.path, r.query, z) == ("[fe80::1]", "ipv6", 8080, "/x", "q", "en1")
    assert iri.parse_zoned("http://[::1]/")[1] is None
    with pytest.raises(iri.IriError) as e:
        iri.parse_zoned("//[fe80::1%25en1]/", kind="iri")
    assert e.value.kind == "missing-scheme"
    # Offsets are those of the text given, after the zone.
    with pytest.raises(iri.IriError) as e:
        iri.parse_zoned("http://[fe80::1%25en1]/é", kind="uri")
    assert e.value.offset == 23
    with pytest.raises(ValueError):
        iri.parse_zoned("http://a/", kind="url")


@pytest.mark.parametrize(
    ("base", "reference", "expected"),
    [
        ("a/b", "c/d", "a/c/d"),  # Jena jena-iri3986 TestResolve
        ("a/b", "../../x", "../x"),  # a '..' above a relative base is kept
        ("a/b?q", "?y", "a/b?y"),  # RFC 3986 §5.2.2: the base path is copied
        ("http://a/b/c/d;p?q", "g", "http://a/b/c/g"),  # RFC 3986 §5.4.1: absolute base
    ],
)
def test_resolve_relative(base: str, reference: str, expected: str) -> None:
    assert iri.resolve_relative(base, reference) == expected


def test_resolve_relative_law_and_options() -> None:
    absolute = "http://h/p/q/r"
    for base, reference in [("a/b", "c/d"), ("a/b", "../../x"), ("../a/", "./b?q#f")]:
        chained = iri.resolve(iri.resolve(absolute, base), reference)
        assert iri.resolve(absolute, iri.resolve_relative(base, reference)) == chained
    assert iri.resolve_relative("http://a/bb/ccc/./d;p?q", "?y", preset="rdf") == "http://a/bb/ccc/d;p?y"
    # resolve itself still wants an absolute base.
    with pytest.raises(iri.IriError):
        iri.resolve("a/b", "c/d")
    with pytest.raises(iri.IriError):
        iri.resolve_relative("a b", "c")
    with pytest.raises(ValueError):
        iri.resolve_relative("a", "b", preset="nope")
