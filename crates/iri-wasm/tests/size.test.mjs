// The sizes of the package's two WebAssembly modules, as `gzip -9 -c FILE | wc -c` counts them
// (the measure of build.sh and BENCHMARKS.md; Node's zlib compresses these modules 3–4 % worse):
// the lite entry point within its target of 60 KB, and the full module within a ceiling about
// 1.6 KB above its present size (210,854), room for a newer compiler, so that neither grows
// unnoticed (BENCHMARKS.md, "npm module size", has the table and the full module's target,
// 200 KB, which it does not reach yet). Run with node --test crates/iri-wasm/tests/ after
// crates/iri-wasm/build.sh.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const gzipped = (file) =>
  execFileSync("gzip", ["-9", "-c", join(pkgDir, file)], { maxBuffer: 1 << 26 }).length;

test("size: the lite module is at most 60 KB gzipped", () => {
  const n = gzipped("iri_toolkit_lite_bg.wasm");
  assert.ok(n <= 60_000, `iri_toolkit_lite_bg.wasm: ${n} bytes gzipped, more than 60,000`);
});

test("size: the full module stays under its ceiling (212.5 KB gzipped; target 200 KB)", () => {
  const n = gzipped("iri_toolkit_bg.wasm");
  assert.ok(n <= 212_500, `iri_toolkit_bg.wasm: ${n} bytes gzipped, more than 212,500`);
});
