"""URI Template expansion (RFC 6570): ``iri.Template.expand`` against ``uritemplate``'s
``URITemplate.expand`` (PyPI), the same templates and variables, in one run (results in
BENCHMARKS.md, section "Python").

    python bench_template.py [--repeat R] [--loops N]

Each template is parsed once beforehand; one run expands every template N times (default
2,000). The outputs are compared first and the templates whose expansions differ are
printed (uritemplate writes an associative array's pairs in sorted key order, ours in the
dict's order); both sides expand every template.
Each figure is the median CPU time (``time.process_time``) of R runs (default 7) after one
warm-up run.
"""

from __future__ import annotations

import argparse
import statistics
import time

import iri
import uritemplate

TEMPLATES = [
    "http://example.com/~{who}/",
    "{/list*,path:4}",
    "http://example.com/search{?q,lang,list*}",
    "{+base}index{#hello}",
    "X{.dom*}{;x,y,empty}",
    "/wiki/{title}{?keys*}",
    "{&keys}{;list}",
    "https://example.org/repos/{owner}/{repo}/issues{?labels,page,per_page}",
    "/{city}/{+path}/{who}{?q}",
    "{var:3}/{hello:5}/{half}",
    "map?{x,y}&{/count*}",
    "/files{/path*}{?keys*}{#frag}",
]

VARS = {
    "count": ["one", "two", "three"],
    "dom": ["example", "com"],
    "hello": "Hello World!",
    "half": "50%",
    "var": "value",
    "who": "fred",
    "base": "http://example.com/home/",
    "path": "/foo/bar",
    "list": ["red", "green", "blue"],
    "keys": {"semi": ";", "dot": ".", "comma": ","},
    "x": "1024",
    "y": "768",
    "empty": "",
    "q": "café au lait",
    "lang": "fr",
    "title": "Gödel, Escher, Bach",
    "city": "Zürich",
    "owner": "rust-lang",
    "repo": "rust",
    "labels": ["C-bug", "T-libs"],
    "page": "2",
    "per_page": "100",
    "frag": "section-2",
}


def median_cpu(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--loops", type=int, default=2000)
    args = ap.parse_args()
    ours = [iri.Template(t) for t in TEMPLATES]
    theirs = [uritemplate.URITemplate(t) for t in TEMPLATES]
    differ = [t for t, a, b in zip(TEMPLATES, ours, theirs) if a.expand(VARS) != b.expand(VARS)]
    for t in differ:
        print(f"note: outputs differ for {t}: {iri.Template(t).expand(VARS)!r} vs {uritemplate.URITemplate(t).expand(VARS)!r}")
    n = len(TEMPLATES) * args.loops

    def run_ours():
        for _ in range(args.loops):
            for t in ours:
                t.expand(VARS)

    def run_theirs():
        for _ in range(args.loops):
            for t in theirs:
                t.expand(VARS)

    a = median_cpu(run_ours, args.repeat)
    b = median_cpu(run_theirs, args.repeat)
    print(f"| operation | library | call | expansions | median CPU s | expansions/s | ratio peer/ours |")
    print(f"|---|---|---|---:|---:|---:|---:|")
    print(f"| expand (URI) | iri (ours) | `iri.Template(t).expand(vars)` | {n} | {a:.3f} | {n / a:,.0f} | 1.00 |")
    print(f"| expand (URI) | uritemplate {uritemplate.__version__} | `uritemplate.URITemplate(t).expand(vars)` | {n} | {b:.3f} | {n / b:,.0f} | {b / a:.2f} |")
    print(f"({len(differ)} of {len(TEMPLATES)} templates expand differently; see the notes above)")


if __name__ == "__main__":
    main()
