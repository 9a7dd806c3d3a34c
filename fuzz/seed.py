#!/usr/bin/env python3
"""Writes seed corpora for the fuzz targets into fuzz/corpus/TARGET/ (ignored by git).

Seeds come from the test tables (crates/iri/tests/data/*.tsv, every input) and a sample of
the shared corpus (every Nth line of corpus.txt, the first pairs of relative_urls_cc_10k.csv).
The corpus directory is found from $IRI_CORPUS_DIR or ../shared/corpus beside the workspace.

    python3 fuzz/seed.py [--every N] [--pairs N]
"""
import argparse
import csv
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SINGLE = ["parse", "to_uri", "to_iri", "lint", "bidi"]


def unescape(s):
    """The tables' escapes: \\u{XXXX} and \\\\."""
    return re.sub(r"\\u\{([0-9A-Fa-f]+)\}|\\\\", lambda m: chr(int(m.group(1), 16)) if m.group(1) else "\\", s)


def table(name):
    path = os.path.join(ROOT, "crates/iri/tests/data", name)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()[1:]
    return [[unescape(x) for x in line.split("\t")] for line in lines if line.strip()]


def write(target, data, seen):
    if isinstance(data, str):
        data = data.encode("utf-8")
    digest = hashlib.sha1(data).hexdigest()
    if (target, digest) in seen:
        return
    seen.add((target, digest))
    d = os.path.join(ROOT, "fuzz/corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, digest), "wb") as f:
        f.write(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=100, help="take every Nth line of corpus.txt")
    ap.add_argument("--pairs", type=int, default=2000, help="pairs from relative_urls_cc_10k.csv")
    args = ap.parse_args()
    corpus = os.environ.get("IRI_CORPUS_DIR") or os.path.join(ROOT, "..", "shared", "corpus")
    if not os.path.isfile(os.path.join(corpus, "corpus.txt")):
        sys.exit(f"corpus.txt not found in {corpus}: set IRI_CORPUS_DIR")
    seen = set()
    singles = []
    for row in table("parse.tsv"):
        singles.append(row[1])
    for name in ["to_uri.tsv", "to_iri.tsv"]:
        singles += [r[0] for r in table(name)] + [r[1] for r in table(name)]
    for r in table("normalize.tsv"):
        singles += [r[2], r[3]]
    with open(os.path.join(corpus, "corpus.txt"), encoding="utf-8") as f:
        for n, line in enumerate(f):
            if n % args.every == 0:
                singles.append(line.rstrip("\n"))
    for t in SINGLE:
        for s in singles:
            write(t, s, seen)
    pairs = [(r[0], r[1]) for r in table("resolve.tsv")]
    pairs += [(r[0], r[1]) for r in table("relativize.tsv")]
    with open(os.path.join(corpus, "relative_urls_cc_10k.csv"), encoding="utf-8", newline="") as f:
        for n, row in enumerate(csv.reader(f)):
            if 0 < n <= args.pairs and len(row) == 2:
                pairs.append((row[0], row[1]))
    for a, b in pairs:
        write("resolve", a + "\n" + b, seen)
        write("relativize", a + "\n" + b, seen)
    eq = [(r[0], r[1]) for r in table("equivalence.tsv")]
    eq += [(r[2], r[3]) for r in table("normalize.tsv")]
    for i, (a, b) in enumerate(eq + pairs[: len(pairs) // 4]):
        for sel in range(12):
            if (i + sel) % 3 == 0:
                write("normalize", bytes([sel]) + (a + "\n" + b).encode("utf-8"), seen)
    counts = {}
    for t, _ in seen:
        counts[t] = counts.get(t, 0) + 1
    for t in sorted(counts):
        print(f"{t}: {counts[t]} seeds")


if __name__ == "__main__":
    main()
