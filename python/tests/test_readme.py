"""The examples of the package's page (python/README.md) run as written.

Every block fenced ``python`` is a doctest; a block fenced otherwise (``sh``, ``py``) is not run
here (the Spark code is that of ``examples/spark_dedup.py``, which ``test_examples`` runs).
"""

import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def blocks():
    text = README.read_text(encoding="utf-8")
    found = BLOCK.findall(text)
    assert len(found) >= 5, f"only {len(found)} python blocks in {README}"
    return found


def test_readme_blocks_run_in_order():
    """The blocks run one after another in one namespace, as a reader types them."""
    namespace = {}
    for n, source in enumerate(blocks(), 1):
        assert ">>>" in source, f"block {n} is not a doctest"
        test = doctest.DocTestParser().get_doctest(source, namespace, f"README.md block {n}", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, clear_globs=False)
        result = runner.summarize(verbose=False)
        assert result.attempted > 0 and result.failed == 0, f"README.md block {n}: {result}"
        namespace = test.globs
