// Tests of making and changing IRIs in the npm package (the directory build.sh writes;
// IRI_PKG overrides it): node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const iri = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);
const {
  build, withComponents, pushPathSegment, popPathSegment, queryPairs, appendQueryPair, setQueryPair,
  removeQueryPairs, encodeComponent, decodeComponent, IriError,
} = iri;

test("build: components checked, combinations named by their rule", () => {
  assert.equal(build({ scheme: "https", host: "例え.テスト", port: "8080", path: "/δ", query: "q=ü" }),
    "https://例え.テスト:8080/δ?q=ü"); // RFC 3987 §2.2
  assert.equal(build({ path: "./a:b" }), "./a:b"); // RFC 3986 §4.2
  const cases = [
    // components, kind, component, offset, source
    [{ scheme: "s", host: "h", path: "a" }, "relative-path-after-authority", "path", 5, "RFC 3986 §3.3"],
    [{ scheme: "s", path: "//a" }, "double-slash-without-authority", "path", 2, "RFC 3986 §3.3"],
    [{ path: "%41:b" }, "colon-in-first-segment", "path", 3, "RFC 3986 §4.2"],
    [{ scheme: "s", host: "h", path: "/a?b" }, "invalid-char", "path", 7, "RFC 3986 §3.3"],
  ];
  for (const [parts, kind, component, offset, source] of cases) {
    assert.throws(() => build(parts), (e) => e instanceof IriError && e.kind === kind &&
      e.component === component && e.offset === offset && e.index === null, source);
  }
  assert.throws(() => build({ path: "é" }, { uri: true }), (e) => e.kind === "non-ascii");
  assert.throws(() => build({ nonsense: "x" }), RangeError);
});

test("withComponents: set and remove, nothing changed on error", () => {
  const s = "http://user@example.org:80/a?x=1#f";
  assert.equal(withComponents(s, { scheme: "https", userinfo: null, port: null, fragment: null }),
    "https://example.org/a?x=1");
  assert.equal(withComponents(s, { authority: null, path: "/p" }), "http:/p?x=1#f");
  assert.throws(() => withComponents(s, { query: "a#b" }), (e) => e.kind === "invalid-char" && e.argument === "query");
  assert.throws(() => withComponents("urn:a:b", { scheme: null }), (e) => e.kind === "colon-in-first-segment");
});

test("segments and query pairs keep the other bytes", () => {
  assert.equal(pushPathSegment("http://a/b/", "c d/é"), "http://a/b/c%20d%2Fé");
  assert.equal(pushPathSegment("http://a", "é", { uri: true }), "http://a/%C3%A9");
  assert.equal(popPathSegment("http://a/b/c?q"), "http://a/b?q");
  const s = "http://a/?x=%31&y=a+b&x=3&flag#f";
  assert.deepEqual(queryPairs(s), [["x", "1"], ["y", "a+b"], ["x", "3"], ["flag", null]]);
  assert.deepEqual(queryPairs(s, { form: true })[1], ["y", "a b"]);
  assert.equal(setQueryPair(s, "x", "9"), "http://a/?x=9&y=a+b&flag#f");
  assert.equal(removeQueryPairs(s, "x"), "http://a/?y=a+b&flag#f");
  assert.equal(appendQueryPair("http://a/", "q", "a b&", { form: true }), "http://a/?q=a+b%26");
});

test("encodeComponent then decodeComponent gives the raw text back", () => {
  const raws = ["", "a b", "100%", "x/y?z#w", "ü€𐌀", "a&b=c+d;e", "\u202e", ".."];
  for (const component of ["path-segment", "query-part", "form", "fragment", "userinfo"]) {
    for (const raw of raws) {
      for (const uri of [false, true]) {
        const enc = encodeComponent(raw, component, { uri });
        assert.equal(decodeComponent(enc, { form: component === "form" }), raw, `${component} ${raw}`);
        if (uri) assert.match(enc, /^[\x00-\x7f]*$/);
      }
    }
  }
  assert.throws(() => encodeComponent("x", "host"), RangeError);
});
