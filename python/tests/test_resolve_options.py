"""Resolution presets and options (RFC 3986 §5.2.1, erratum 4789 to §5.2.3, §2.3/§6.2.2.2)
through the Python API: every row of the library's table ``resolve_options.tsv`` (each row
names its RFC section), by the scalar functions, the method and the Arrow kernel."""

from __future__ import annotations

import csv
from pathlib import Path

import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import iri
import iri.arrow

TABLE = Path(__file__).resolve().parents[2] / "crates" / "iri" / "tests" / "data" / "resolve_options.tsv"
PRESETS = {"strict", "rdf", "browser"}
FLAGS = {
    "base-normalize": "base_normalize",
    "copied-path-normalize": "copied_path_normalize",
    "erratum-4789": "erratum_4789",
    "dot-encoded": "dot_encoded",
}


def rows() -> list[tuple[str, str, str, str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as f:
        r = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        next(r)
        return [tuple(row) for row in r if row]  # type: ignore[misc]


def options(spec: str) -> dict[str, object]:
    """``rdf`` → preset; ``dot-encoded,erratum-4789`` → those keyword flags."""
    if spec in PRESETS:
        return {"preset": spec}
    return {FLAGS[name]: True for name in spec.split(",")}


ROWS = rows()


def test_the_table_covers_every_preset_and_option() -> None:
    seen = {part for _, _, spec, _, _ in ROWS for part in spec.split(",")}
    assert seen == PRESETS | set(FLAGS), seen
    assert len(ROWS) >= 40


@pytest.mark.parametrize(("base", "reference", "spec", "expected", "source"), ROWS)
def test_scalar_and_method(base: str, reference: str, spec: str, expected: str, source: str) -> None:
    kw = options(spec)
    assert iri.resolve(base, reference, **kw) == expected, source  # type: ignore[arg-type]
    assert str(iri.parse(reference).resolve_against(base, **kw)) == expected, source  # type: ignore[arg-type]


def test_arrow_applies_the_options_to_every_row() -> None:
    for spec in sorted({r[2] for r in ROWS}):
        picked = [r for r in ROWS if r[2] == spec]
        got = iri.arrow.resolve(
            pa.array([r[0] for r in picked]), pa.array([r[1] for r in picked]), **options(spec)  # type: ignore[arg-type]
        ).to_pylist()
        assert got == [r[3] for r in picked], spec


def test_an_option_beside_a_preset_is_added_to_it() -> None:
    # §2.3/§6.2.2.2: rdf leaves %2E alone; with dot_encoded it is a dot segment.
    assert iri.resolve("http://a/b/c/d", "%2E%2E/g", preset="rdf") == "http://a/b/c/%2E%2E/g"
    assert iri.resolve("http://a/b/c/d", "%2E%2E/g", preset="rdf", dot_encoded=True) == "http://a/b/g"
    assert iri.resolve("http://a/b/c/d", "%2E%2E/g", preset="RDF", dot_encoded=True) == "http://a/b/g"  # type: ignore[arg-type]


def test_an_unknown_preset_is_a_value_error_not_an_iri_error() -> None:
    with pytest.raises(ValueError, match="unknown resolution preset 'html'") as e:
        iri.resolve("http://a/", "b", preset="html")  # type: ignore[arg-type]
    assert not isinstance(e.value, iri.IriError)
    with pytest.raises(ValueError, match="unknown resolution preset"):
        iri.arrow.resolve("http://a/", pa.array(["b"]), preset="html")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        iri.resolve("http://a/", "b", "rdf")  # type: ignore[call-arg]  # keyword only
