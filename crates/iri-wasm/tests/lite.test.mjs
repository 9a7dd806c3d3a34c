// Tests of the package's lite entry point `iri-toolkit/lite` (the module built without the
// feature `full`): it exports the grammar, resolution and IRI↔URI functions, and each answers
// exactly as the full module does, errors included. Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const full = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);
const lite = await import(pathToFileURL(join(pkgDir, manifest.exports["./lite"].node)).href);

const EXPORTS = ["IriError", "isValid", "isValidLines", "parse", "relativize", "resolve", "toIri", "toUri", "toUriBytes", "toUriLines", "toUriText"];

// What a call gives: its value, or the class and fields of what it throws.
function outcome(f) {
  try {
    return { value: f() };
  } catch (e) {
    return {
      thrown: e.constructor.name,
      message: e.message,
      kind: e.kind,
      component: e.component,
      offset: e.offset,
      index: e.index,
      argument: e.argument,
    };
  }
}

test("lite: its own entry, types and module, and only the lite functions", () => {
  const entry = manifest.exports["./lite"];
  assert.deepEqual(Object.keys(entry), ["types", "node", "default"]);
  for (const file of [entry.types, entry.node, entry.default, "iri_toolkit_lite_bg.wasm"]) {
    assert.ok(manifest.files.includes(file.replace(/^\.\//, "")), file);
  }
  assert.deepEqual(Object.keys(lite).sort(), EXPORTS);
  // A module of its own, smaller than the full one (it has no normalization, IDNA or lint data).
  const size = (f) => statSync(join(pkgDir, f)).size;
  assert.ok(size("iri_toolkit_lite_bg.wasm") < size("iri_toolkit_bg.wasm"));
  assert.notEqual(lite.IriError, full.IriError);
});

// Inputs from the RFCs' grammars and examples, valid and not, ASCII and not.
const INPUTS = [
  "http://例え.テスト/δοκιμή?q=1#ñ", // RFC 3987 §2.2 ucschar
  "http://user@例え.テスト:8080/δ?q=1#ñ",
  "http://www.example.org/red%09ros\u00E9#red", // RFC 3987 §3.1's example
  "http://www.example.org/D%C3%BCrst", // RFC 3987 §3.2's examples
  "http://www.example.org/D%FCrst",
  "http://xn--99zt52a.example.org/%e2%80%ae",
  "http://a/b c", // RFC 3987 §2.2: no space
  "http://𝔸é/a b",
  "http://a/invoice\u202Efdp.exe", // RFC 3987 §4.1: no bidi formatting characters
  "http://a/%zz", // RFC 3986 §2.1
  "http://[::1]:8080/", // RFC 3986 §3.2.2
  "http://[::1/",
  "http://a:8o/", // RFC 3986 §3.2.3
  "//[v7.x]",
  "../a",
  "a:b",
  "",
  "http://a/\uE000", // RFC 3987 §2.2: iprivate only in the query
  "http://a/?\uE000",
  "http://a/\uD800", // a lone surrogate
  "x".repeat(3000) + "é", // grows the input buffer
];
const KINDS = [undefined, "iri", "iri-ref", "absolute-iri", "relative-iri", "uri", "uri-reference", "relative-ref", "url"];

test("lite: isValid, isValidLines and parse answer as the full module does (RFC 3987 §2.2, RFC 3986 §3)", () => {
  for (const input of INPUTS) {
    for (const kind of KINDS) {
      const what = `${JSON.stringify(input.slice(0, 40))} as ${kind}`;
      assert.deepEqual(outcome(() => lite.isValid(input, kind)), outcome(() => full.isValid(input, kind)), what);
      assert.deepEqual(outcome(() => lite.parse(input, kind)), outcome(() => full.parse(input, kind)), what);
    }
  }
  assert.equal(lite.isValid("http://a/é", "uri"), false);
  assert.equal(lite.parse("http://a:80/p").port, "80");
  const lines = INPUTS.filter((s) => !s.includes("\n"));
  assert.deepEqual(lite.isValidLines(lines), full.isValidLines(lines));
  assert.deepEqual(lite.isValidLines(lines.join("\r\n")), full.isValidLines(lines.join("\r\n")));
  assert.deepEqual(outcome(() => lite.isValid(42)), outcome(() => full.isValid(42)));
  assert.throws(() => lite.isValid("a", "url"), RangeError);
});

test("lite: resolve and relativize answer as the full module does (RFC 3986 §5.2, §5.4)", () => {
  const bases = ["http://a/b/c/d;p?q", "http://a/bb/ccc/./d;p?q", "http://例え.テスト/wiki/Zürich", "http://a/b/..", "relative/base"];
  // RFC 3986 §5.4.1 and §5.4.2, and some that fail.
  const references = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "", "../..", "../../../g",
    "g;x=1/../y", "g#s/../x", "../../../../g", "Genève#ü", "%2E%2E/g", "a b", "%", "http://a/\uD800"];
  for (const base of bases) {
    for (const reference of references) {
      for (const options of [undefined, { preset: "strict" }, { preset: "rdf" }, { preset: "browser" }, { preset: "html" }]) {
        const what = `${reference} against ${base} with ${JSON.stringify(options)}`;
        assert.deepEqual(
          outcome(() => lite.resolve(reference, base, options)),
          outcome(() => full.resolve(reference, base, options)),
          what,
        );
      }
      const target = outcome(() => full.resolve(reference, base)).value;
      if (target !== undefined) {
        assert.deepEqual(outcome(() => lite.relativize(target, base)), outcome(() => full.relativize(target, base)), target);
      }
    }
  }
  assert.equal(lite.resolve("g;x=1/../y", "http://a/b/c/d;p?q"), "http://a/b/c/y");
  assert.equal(outcome(() => lite.relativize("http://a/b/../c", "http://a/x")).kind, "unreachable");
});

test("lite: toUri and toIri answer as the full module does, but refuse IDNA (RFC 3987 §3.1, §3.2)", () => {
  for (const input of INPUTS) {
    const what = JSON.stringify(input.slice(0, 40));
    assert.deepEqual(outcome(() => lite.toUri(input)), outcome(() => full.toUri(input)), what);
    assert.deepEqual(outcome(() => lite.toIri(input)), outcome(() => full.toIri(input)), what);
    assert.deepEqual(outcome(() => lite.toUri(input, { idna: false })), outcome(() => full.toUri(input, { idna: false })), what);
  }
  assert.equal(lite.toUri("http://résumé.example/é"), "http://r%C3%A9sum%C3%A9.example/%C3%A9");
  assert.equal(lite.toIri("http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst");
  // No IDNA tables in the lite module: a RangeError that says so, not a silent non-IDNA answer.
  for (const f of [lite.toUri, lite.toIri]) {
    const e = outcome(() => f("http://résumé.example/", { idna: true }));
    assert.equal(e.thrown, "RangeError");
    assert.match(e.message, /lite module has no IDNA/);
  }
  // An invalid input is still reported as such, before the option.
  assert.equal(outcome(() => lite.toUri("http://a/b c", { idna: true })).kind, "invalid-char");
});

test("lite: the entry for browsers and bundlers (lite.js) fetches the lite module next to it", async () => {
  const copy = mkdtempSync(join(tmpdir(), "iri-toolkit-lite-"));
  cpSync(pkgDir, copy, { recursive: true });
  const realFetch = globalThis.fetch;
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(readFileSync(fileURLToPath(url)), { headers: { "Content-Type": "application/wasm" } });
  };
  try {
    const browser = await import(pathToFileURL(join(copy, manifest.exports["./lite"].default)).href);
    assert.deepEqual(asked, [pathToFileURL(join(copy, "iri_toolkit_lite_bg.wasm")).href]);
    assert.deepEqual(Object.keys(browser).sort(), EXPORTS);
    assert.equal(browser.toUri("http://a/é"), "http://a/%C3%A9");
    assert.equal(browser.isValid("http://a/é", "uri"), false);
  } finally {
    globalThis.fetch = realFetch;
    rmSync(copy, { recursive: true, force: true });
  }
});
