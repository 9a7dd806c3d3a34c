// Tests of the npm package's opt-in extensions: resolveRelative (a relative base, beyond RFC
// 3986 §5.1) and parseZoned (RFC 6874 zone identifiers), run with Node's test runner like
// api.test.mjs (IRI_PKG overrides the package directory).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const { parse, parseZoned, resolve, resolveRelative, IriError } = await import(
  pathToFileURL(join(pkgDir, manifest.exports["."].node)).href
);

test("resolveRelative: Jena's and oxiri's relative-base cases, and the law", () => {
  const table = [
    // reference, base, expected, source
    ["c/d", "a/b", "a/c/d", "Jena jena-iri3986 TestResolve"],
    ["../../x", "a/b", "../x", "a '..' above a relative base is kept"],
    ["g", "http://a/b/c/d;p?q", "http://a/b/c/g", "RFC 3986 §5.4.1: an absolute base is resolve"],
    ["?y", "a/b?q", "a/b?y", "RFC 3986 §5.2.2: the base path is copied"],
  ];
  for (const [reference, base, expected, source] of table) {
    assert.equal(resolveRelative(reference, base), expected, source);
  }
  // Resolving the result against an absolute IRI is resolving the base, then the reference.
  const abs = "http://h/p/q/r";
  for (const [reference, base] of [["c/d", "a/b"], ["../../x", "a/b"], ["./b?q#f", "../a/"]]) {
    const chained = resolve(reference, resolve(base, abs));
    assert.equal(resolve(resolveRelative(reference, base), abs), chained, `${base} + ${reference}`);
  }
  assert.equal(resolveRelative("?y", "http://a/bb/ccc/./d;p?q", { preset: "rdf" }), "http://a/bb/ccc/d;p?y");
  // resolve itself still wants an absolute base.
  assert.throws(() => resolve("c/d", "a/b"), (e) => e instanceof IriError && e.argument === "base");
  assert.throws(() => resolveRelative("c", "a b"), (e) => e instanceof IriError && e.argument === "base");
  assert.throws(() => resolveRelative("c", "a", { preset: "nope" }), RangeError);
});

test("parseZoned: every row of the library's zone table (RFC 6874 §2, Jena)", () => {
  const rows = readFileSync(join(here, "../../iri/tests/data/zone_id.tsv"), "utf8").trim().split("\n").slice(1);
  assert.ok(rows.length >= 10);
  for (const row of rows) {
    const [input, zoned, zone] = row.split("\t");
    if (zoned === "yes") {
      const c = parseZoned(input);
      assert.equal(c.zone, zone, row);
      assert.ok(!c.host.includes("%"), row);
      assert.throws(() => parse(input), (e) => e instanceof IriError && /zone identifiers are not allowed/.test(e.message), row);
    } else {
      assert.throws(() => parseZoned(input), IriError, row);
    }
  }
  assert.equal(parseZoned("http://[::1]/").zone, null);
  const c = parseZoned("http://[fe80::1%25en1]:8080/x?q", "iri");
  assert.deepEqual([c.host, c.host_kind, c.port, c.path, c.query], ["[fe80::1]", "ipv6", "8080", "/x", "q"]);
  assert.throws(() => parseZoned("//[fe80::1%25en1]/", "iri"), (e) => e.kind === "missing-scheme");
  // The offset is that of the input as given, after the zone.
  assert.throws(() => parseZoned("http://[fe80::1%25en1]/é", "uri"), (e) => e.offset === 23 && e.index === 23);
});
