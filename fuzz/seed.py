#!/usr/bin/env python3
"""Writes seed corpora for the fuzz targets into fuzz/corpus/TARGET/ (ignored by git).

Seeds come from the test tables (crates/iri/tests/data/*.tsv, every input) and a sample of
the corpus (every Nth line of corpus.txt, the first pairs of relative_urls_cc_10k.csv): the
repository's data/corpus (corpus.txt.gz is read through gzip), or $IRI_CORPUS_DIR.

    python3 fuzz/seed.py [--every N] [--pairs N]
"""
import argparse
import csv
import gzip
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SINGLE = ["parse", "to_uri", "to_iri", "lint", "bidi"]
# The charsets of the `charset` target, in the order of CHARSETS in laws.rs, and other labels.
CHARSETS = ["utf-8", "windows-1252", "koi8-r", "windows-1251", "iso-8859-7", "macintosh",
            "x-user-defined", "windows-1258", "shift_jis", "euc-jp", "iso-2022-jp", "gb18030",
            "big5", "euc-kr", "utf-16le", "utf-16be"]
LABELS = {"iso-8859-1": "windows-1252", "us-ascii": "windows-1252", "-": "utf-8"}


ESCAPES = {"\\\\": "\\", "\\n": "\n", "\\r": "\r", "\\t": "\t"}


def unescape(s):
    """The tables' escapes: \\u{XXXX}, \\n, \\r, \\t and \\\\."""
    return re.sub(
        r"\\u\{([0-9A-Fa-f]+)\}|\\[\\nrt]",
        lambda m: chr(int(m.group(1), 16)) if m.group(1) else ESCAPES[m.group(0)],
        s,
    )


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
    corpus = os.environ.get("IRI_CORPUS_DIR") or os.path.join(ROOT, "data", "corpus")
    lines_path = os.path.join(corpus, "corpus.txt")
    if os.path.isfile(lines_path):
        open_lines = open
    elif os.path.isfile(lines_path + ".gz"):
        lines_path += ".gz"
        open_lines = gzip.open
    else:
        sys.exit(f"neither corpus.txt nor corpus.txt.gz in {corpus}: set IRI_CORPUS_DIR")
    seen = set()
    singles = []
    for row in table("parse.tsv"):
        singles.append(row[1])
    for name in ["to_uri.tsv", "to_iri.tsv"]:
        singles += [r[0] for r in table(name)] + [r[1] for r in table(name)]
    for r in table("normalize.tsv"):
        singles += [r[2], r[3]]
    with open_lines(lines_path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f):
            if n % args.every == 0:
                singles.append(line.rstrip("\n"))
    for t in SINGLE:
        for s in singles:
            write(t, s, seen)
    pairs = [(r[0], r[1]) for r in table("resolve.tsv")]
    pairs += [(r[0], r[1]) for r in table("relativize.tsv")]
    pairs += [(r[0], r[1]) for r in table("resolve_options.tsv")]
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
    # Pre-processing and lenient parsing: their tables, and the strings of the other targets.
    sample = singles[:: max(1, len(singles) // 2000)]
    for r in table("preprocess.tsv"):
        write("preprocess", r[1], seen)
    for r in table("lenient.tsv"):
        write("lenient", r[2], seen)
    for x in sample:
        write("preprocess", x, seen)
        write("lenient", x, seen)
    # Charsets: the first byte chooses the charset (the order of CHARSETS in laws.rs).
    for r in table("charsets.tsv"):
        for label in r[1].split(","):
            sel = CHARSETS.index(LABELS.get(label, label)) if LABELS.get(label, label) in CHARSETS else 0
            data = r[2].encode("utf-8")
            if re.fullmatch(r"([0-9A-Fa-f]{2} ?)+", r[2]):
                data = bytes.fromhex(r[2])
            for policy in range(3):
                write("charset", bytes([sel | policy << 4]) + data, seen)
    docs = os.path.join(ROOT, "crates/iri/tests/data/documents")
    for name in sorted(os.listdir(docs)):
        if not name.startswith("page."):
            continue
        with open(os.path.join(docs, name), "rb") as f:
            data = f.read()
        label = name.split(".")[1]
        sel = CHARSETS.index(LABELS.get(label, label)) if LABELS.get(label, label) in CHARSETS else 0
        write("charset", bytes([sel]) + data, seen)
        # Extraction: sniffed kind and charset, with and without a base.
        for opt in [0, 1, 2]:
            write("extract", bytes([opt]) + data, seen)
    for x in sample[:500]:
        write("charset", bytes([len(x) % len(CHARSETS)]) + x.encode("utf-8"), seen)
    # Extraction from text and markup; the first byte: bit 0 a base, bits 2-3 the kind,
    # bits 4-5 the charset (documents.tsv's rows use the kind and UTF-8).
    for r in table("extract_text.tsv"):
        for opt in [0, 1, 0x1C]:
            write("extract", bytes([opt]) + r[0].encode("utf-8"), seen)
    for r in table("extract_markup.tsv"):
        kind = 1 if r[0] == "html" else 2
        base = 0 if r[1] == "-" else 1
        for opt in [base, base | kind << 2 | 1 << 4]:
            write("extract", bytes([opt]) + r[2].encode("utf-8"), seen)
    # Scheme views: their tables (IRIs, and paths for from_path).
    for name, col in [("mailto.tsv", 0), ("data.tsv", 0), ("urn.tsv", 0), ("file.tsv", 2),
                      ("javascript.tsv", 0)]:
        for r in table(name):
            write("scheme", r[col], seen)
    for x in sample[:300]:
        write("scheme", x, seen)
        write("extract", b"\0see " + x.encode("utf-8") + b".", seen)
    for r in table("urn_equivalence.tsv"):
        write("scheme", r[0], seen)
        write("scheme", r[1], seen)
    counts = {}
    for t, _ in seen:
        counts[t] = counts.get(t, 0) + 1
    for t in sorted(counts):
        print(f"{t}: {counts[t]} seeds")


if __name__ == "__main__":
    main()
