"""``iri.is_valid`` on CPython ≥ 3.10 is a vectorcall (``METH_FASTCALL``) function that
answers the common calls itself and hands every other call to the pyo3 function
(``iri._iri._is_valid_full``): both must give the same answers and raise the same errors."""

from __future__ import annotations

import inspect
import sys
from typing import Any

import pytest

import iri
import iri._iri

# Typed loosely: the tests pass kinds as plain ``str`` and wrong arguments on purpose.
FAST: Any = iri.is_valid
FULL: Any = getattr(iri._iri, "_is_valid_full", iri.is_valid)
KINDS = ["iri-reference", "iri", "absolute-iri", "relative-iri", "uri-reference", "uri", "absolute-uri", "relative-uri"]
# RFC 3987 §2.2 and RFC 3986 §3: valid and invalid texts of every shape.
TEXTS = [
    "", "a", "http://例え.テスト/", "http://a/%zz", "a b", "//a", "#f", "?q", "http://[::1]:80/",
    "http://[::1", "mailto:a@b", "http://a/\u202e", "http://a/\ue000?\ue000", "x:\U0010fffd", "%", "1:a",
]


class Text(str):
    """A ``str`` subclass: pyo3 accepts these, so the fast path must too."""


def generated() -> list[str]:
    """Every text of up to three characters over an alphabet that meets each class of the
    grammar (RFC 3987 §2.2): letters, digits, delimiters, ``%``, ``ucschar``, ``iprivate``,
    a bidi formatting character and a space."""
    alphabet = ["a", "1", ":", "/", "?", "#", "[", "]", "@", "%", ".", "é", "\ue000", "\u200e", " "]
    out = [""]
    level = [""]
    for _ in range(3):
        level = [t + c for t in level for c in alphabet]
        out += level
    return out


@pytest.mark.skipif(sys.version_info < (3, 10), reason="METH_FASTCALL is in the stable ABI from 3.10")
def test_the_fast_function_is_in_place() -> None:
    assert iri.is_valid is not FULL
    assert iri.is_valid.__name__ == "is_valid"
    assert iri.is_valid.__module__ == "iri._iri"
    assert iri.is_valid.__doc__ == FULL.__doc__
    assert str(inspect.signature(iri.is_valid)) == str(inspect.signature(FULL)) == "(s, kind='iri-reference')"


def test_same_answers_as_the_full_function() -> None:
    for s in TEXTS + generated():
        want = FULL(s)
        assert FAST(s) is want, s
        assert FAST(Text(s)) is want, s
        for kind in KINDS:
            want = FULL(s, kind)
            assert FAST(s, kind) is want, (s, kind)
            assert FAST(s, kind=kind) is want, (s, kind)
            assert FAST(s=s, kind=kind) is want, (s, kind)
            assert FAST(kind=kind, s=s) is want, (s, kind)


def test_the_calls_the_fast_path_hands_on_raise_as_before() -> None:
    cases: list[tuple[tuple[Any, ...], dict[str, Any], type[Exception]]] = [
        ((1,), {}, TypeError),
        ((b"http://a/",), {}, TypeError),
        (("a", 1), {}, TypeError),
        (("a",), {"kind": None}, TypeError),
        (("a",), {"kind": "nope"}, ValueError),
        (("a", "nope"), {}, ValueError),
        (("a",), {"other": 1}, TypeError),
        (("a", "iri", "x"), {}, TypeError),
        ((), {}, TypeError),
        (("a", "iri"), {"kind": "iri"}, TypeError),
    ]
    for args, kwargs, error in cases:
        with pytest.raises(error) as fast:
            FAST(*args, **kwargs)
        with pytest.raises(error) as full:
            FULL(*args, **kwargs)
        assert str(fast.value) == str(full.value), (args, kwargs)
    with pytest.raises(ValueError, match="unknown kind"):
        FAST("a", kind="nope")


def test_a_lone_surrogate_is_in_no_iri() -> None:
    # Both paths say False for the text; a kind name that is not text still raises.
    for f in (FAST, FULL):
        assert f("http://a/\ud800") is False
        assert f("\udfff", kind="iri") is False
        with pytest.raises(UnicodeEncodeError):
            f("a", kind="iri\ud800")
