"""The package imports as installed from wherever Python starts, also inside the source tree.

A source folder named ``iri`` in the working directory would shadow the installed package
(``No module named 'iri._iri'``): the sources live in ``python/src/iri`` for that reason.
"""

import os
import pathlib
import subprocess
import sys

import pytest

PYTHON_DIR = pathlib.Path(__file__).resolve().parent.parent
IMPORT = "import iri, iri.arrow, iri.jsonschema; print(iri.is_valid('http://a/é'), iri._iri.__file__)"


@pytest.mark.parametrize("cwd", [PYTHON_DIR, PYTHON_DIR / "examples", PYTHON_DIR.parent])
def test_import_from_inside_the_checkout(cwd):
    out = subprocess.run([sys.executable, "-c", IMPORT], cwd=cwd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    valid, extension = out.stdout.split()
    assert valid == "True"
    # The compiled module comes from the installed package, never from the checkout.
    assert not pathlib.Path(extension).resolve().is_relative_to(PYTHON_DIR), extension


def test_typed_marker_ships():
    import iri

    assert (pathlib.Path(iri.__file__).parent / "py.typed").is_file()


@pytest.mark.spark
def test_spark_example_runs_as_its_docstring_says(tmp_path):
    """``python examples/spark_dedup.py [FILE]`` from python/: executors import the wheel."""
    pytest.importorskip("pyspark")
    links = tmp_path / "links.tsv"
    links.write_text("http://a/b/c\t../d\nHTTP://A:80/b/\td\nhttp://a/\ta b\n", encoding="utf-8")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    out = subprocess.run(
        [sys.executable, "examples/spark_dedup.py", str(links)],
        cwd=PYTHON_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    assert "http://a/d" in out.stdout, out.stdout
