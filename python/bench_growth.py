"""Growth of ``iri.extract`` and ``iri.lint`` with the size of their input: a benchmark, not a
timed test.

    python bench_growth.py [--base N] [--repeat R]

Texts of N, 10·N and 100·N IRIs (default N = 5,000: one IRI per 12 characters, with a
non-ASCII character every line so that byte and character offsets differ), given to
``iri.extract`` as ``str`` and to ``iri.arrow.extract`` as a one-row array; and an IRI whose
path holds N, 10·N and 100·N zero-width spaces, given to ``iri.lint`` (a diagnostic each).
Each figure is the median of R runs after a warm-up run, with the ratio to the size before:
linear growth gives 10×, the bar is 15×.
"""

from __future__ import annotations

import argparse
import statistics
import time

import iri
import iri.arrow


def median_time(fn, repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def text(n: int) -> str:
    line = "é http://a.example/x http://b.example/é y\n"
    return line * (n // 2)


def report(name: str, sizes: list[int], make, run, repeat: int) -> list[float]:
    times = []
    for n in sizes:
        data = make(n)
        t = median_time(lambda: run(data), repeat)
        ratio = f"{t / times[-1]:5.1f}x" if times else "     -"
        times.append(t)
        print(f"{name:<22} {n:>9,} {t * 1000:10.1f} ms {ratio}")
    return times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--base", type=int, default=5000)
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args()
    sizes = [a.base, 10 * a.base, 100 * a.base]
    print(f"{'function':<22} {'size':>9} {'median':>13} {'ratio':>6}")
    report("iri.extract (str)", sizes, text, iri.extract, a.repeat)
    try:
        import pyarrow as pa

        report(
            "iri.arrow.extract",
            sizes,
            lambda n: pa.array([text(n)]),
            iri.arrow.extract,
            a.repeat,
        )
    except ImportError:
        print("iri.arrow.extract: pyarrow is not installed")
    report(
        "iri.lint (ZWSP)",
        sizes,
        lambda n: "http://a/" + "x\u200b" * n,
        iri.lint,
        a.repeat,
    )


if __name__ == "__main__":
    main()
