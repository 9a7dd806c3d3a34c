"""Edge cases of untrusted input: lone surrogates (which a ``str`` can hold and UTF-8 cannot
encode) are in no IRI, and the ``threads`` argument says what it accepts."""

import json

import jsonschema
import pytest

import iri
import iri.jsonschema

SURROGATE = "http://a/\ud800"


@pytest.mark.parametrize("kind", ["iri-reference", "iri", "uri", "absolute-iri"])
def test_is_valid_is_false(kind):
    assert iri.is_valid(SURROGATE, kind) is False
    assert iri.is_valid(SURROGATE, kind=kind) is False
    assert iri.is_valid("\udfff") is False


@pytest.mark.parametrize(
    "call",
    [
        lambda s: iri.validate(s),
        lambda s: iri.parse(s),
        lambda s: iri.to_uri(s),
        lambda s: iri.to_iri(s),
        lambda s: iri.normalize(s),
        lambda s: iri.lint(s),
        lambda s: iri.resolve("http://b/", s),
        lambda s: iri.resolve(s, "x"),
        lambda s: iri.extract(s),
    ],
)
def test_every_other_function_raises_iri_error(call):
    with pytest.raises(iri.IriError) as e:
        call(SURROGATE)
    assert e.value.kind == "surrogate"
    assert e.value.offset == 9
    assert "U+D800" in str(e.value)
    # An IriError is a ValueError, never a UnicodeEncodeError.
    assert not isinstance(e.value, UnicodeError)


def test_offset_counts_characters():
    with pytest.raises(iri.IriError) as e:
        iri.parse("http://é/ü\udc00")
    assert (e.value.kind, e.value.offset) == ("surrogate", 10)


def test_jsonschema_reports_an_invalid_format():
    # JSON lets "\ud800" through as a lone surrogate; the validation reports the format.
    instance = json.loads('"http://a/\\ud800"')
    for fmt in ["iri", "iri-reference", "uri", "uri-reference"]:
        validator = jsonschema.Draft202012Validator(
            {"format": fmt}, format_checker=iri.jsonschema.FORMAT_CHECKER
        )
        errors = list(validator.iter_errors(instance))
        assert len(errors) == 1, fmt
        assert isinstance(errors[0].cause, iri.IriError)
        assert errors[0].cause.kind == "surrogate"


def test_threads_says_what_is_allowed():
    pa = pytest.importorskip("pyarrow")
    import iri.arrow

    arr = pa.array(["http://a/", "b c"])
    for bad in [-1, 0, -(2**40)]:
        with pytest.raises(ValueError) as e:
            iri.arrow.is_valid(arr, threads=bad)
        assert "threads" in str(e.value) and "None" in str(e.value), str(e.value)
    for good in [None, 1, 2, 2**40]:
        assert iri.arrow.is_valid(arr, threads=good).to_pylist() == [True, False]
