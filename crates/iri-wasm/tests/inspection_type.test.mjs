// The TypeScript type `Inspection` (index.d.ts) names every field that `inspect` returns, and
// only those: read from the declaration file, compared with the answer of a valid input with
// a base (every field present). Run with node --test, after build.sh (IRI_PKG overrides the
// package directory).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const { inspect } = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);

/** The top-level field names of `export interface NAME { … }` in the declaration file. */
function fields(name) {
  const dts = readFileSync(join(pkgDir, manifest.types), "utf8");
  const start = dts.indexOf(`export interface ${name} {`);
  assert.ok(start >= 0, `no interface ${name} in ${manifest.types}`);
  const names = [];
  let depth = 0;
  for (const line of dts.slice(start).split("\n").slice(1)) {
    if (depth === 0 && line.startsWith("}")) break;
    const m = depth === 0 && /^ {2}([a-z_]+)\??:/.exec(line);
    if (m) names.push(m[1]);
    depth += (line.match(/[{(]/g) || []).length - (line.match(/[})]/g) || []).length;
  }
  return names.sort();
}

test("Inspection types every field of inspect's answer", () => {
  const answer = inspect("javascript:alert(%22%C3%A9%22)", "http://example.org/");
  assert.deepEqual(Object.keys(answer).sort(), fields("Inspection"));
  assert.deepEqual(answer.javascript, { script: 'alert("é")', encoding: "UTF-8", bom: false });
  assert.equal(inspect("http://a/").javascript, null);
});

test("InspectionError types every field of an error", () => {
  const answer = inspect("http://a/b c");
  assert.deepEqual(Object.keys(answer.error).sort(), fields("InspectionError"));
});
