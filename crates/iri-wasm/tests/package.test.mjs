// What the npm package ships and what its registry page shows: `npm pack --dry-run` in the
// package directory (build.sh writes it; IRI_PKG overrides) lists exactly the files that
// package.json names, and the fields a registry page needs are there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));

test("npm pack ships the files package.json names, and nothing else", () => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: pkgDir,
    encoding: "utf8",
  });
  const [packed] = JSON.parse(out);
  const shipped = packed.files.map((f) => f.path).sort();
  assert.deepEqual(shipped, [...manifest.files, "package.json"].sort());
  for (const f of packed.files) assert.ok(f.size > 0, f.path);
  assert.equal(packed.name, "iri-toolkit");
  assert.equal(packed.version, manifest.version);
});

test("package.json has what a registry page needs", () => {
  for (const field of ["name", "version", "description", "license", "keywords", "types", "exports", "files", "engines"]) {
    assert.ok(manifest[field] !== undefined && manifest[field] !== "", field);
  }
  assert.equal(manifest.license, "MIT OR Apache-2.0");
  assert.ok(manifest.keywords.includes("rfc3987"));
  assert.equal(manifest.types, manifest.exports["."].types);
  assert.notEqual(manifest.version, "0.0.0", "build.sh sets the version of the crate");
});
