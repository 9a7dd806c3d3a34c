"""Runs the examples in every docstring of the package (the Rust-defined functions and
classes included, which ``pytest --doctest-modules`` does not see)."""

import doctest
import importlib
import inspect

import pytest

import iri
import iri._iri
import iri.arrow
import iri.jsonschema

MODULES = [iri, iri._iri, iri.arrow, iri.jsonschema]
# The engine modules import their engine (an optional dependency, installed for the tests).
for _name in ("iri.polars", "iri.duckdb"):
    try:
        MODULES.append(importlib.import_module(_name))
    except ImportError:
        pass


def _docstrings():
    seen = set()
    for module in MODULES:
        yield module.__name__, module.__doc__
        for name, obj in vars(module).items():
            if name.startswith("__") or id(obj) in seen:
                continue
            if not (inspect.isroutine(obj) or inspect.isclass(obj)):
                continue
            if getattr(obj, "__module__", "").split(".")[0] not in ("iri", "_iri", "builtins"):
                continue
            seen.add(id(obj))
            yield f"{module.__name__}.{name}", obj.__doc__
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("__"):
                        continue
                    yield f"{module.__name__}.{name}.{attr}", getattr(member, "__doc__", None)


CASES = [(name, doc) for name, doc in _docstrings() if doc and ">>>" in doc]


def test_there_are_many_examples():
    assert len(CASES) > 50


@pytest.mark.parametrize(("name", "doc"), CASES, ids=[c[0] for c in CASES])
def test_docstring_examples(name, doc):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(doc, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
