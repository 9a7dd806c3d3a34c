// Tests of the npm package `iri-toolkit` (the directory build.sh writes; IRI_PKG overrides
// it), run with Node's test runner: node --test crates/iri-wasm/tests/
// With IRI_BIN (the `iri` binary), `inspect` is also compared with `iri serve`'s /api/inspect.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
// The entry Node picks through the package's exports (the "node" condition).
const iri = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);
const { isValid, isValidLines, parse, resolve, relativize, toUri, toIri, normalize, lint, inspect, IriError } = iri;

test("the package: name, ESM, an entry for Node and one for the rest, types", () => {
  assert.equal(manifest.name, "iri-toolkit");
  assert.equal(manifest.type, "module");
  const entry = manifest.exports["."];
  assert.deepEqual(Object.keys(entry), ["types", "node", "default"]);
  for (const file of [entry.types, entry.node, entry.default, ...manifest.files.filter((f) => !f.startsWith("LICENSE"))]) {
    assert.ok(readFileSync(join(pkgDir, file)).length > 0, file);
  }
  assert.deepEqual(
    Object.keys(iri).sort(),
    [
      "IriError", "Template", "appendQueryPair", "build", "decodeComponent", "encodeComponent",
      "inspect", "isValid", "isValidLines", "lint", "normalize", "parse", "parseZoned",
      "popPathSegment", "pushPathSegment", "queryPairs", "relativize", "removeQueryPairs",
      "resolve", "resolveRelative", "setQueryPair", "toIri", "toUri", "toUriBytes", "toUriLines", "toUriText", "withComponents",
    ],
  );
});

test("isValid: the grammars of RFC 3987 §2.2 and RFC 3986", () => {
  const table = [
    // input, kind (undefined: iri-ref), expected, source
    ["http://例え.テスト/δοκιμή?q=1#ñ", undefined, true, "RFC 3987 §2.2 ucschar"],
    ["http://a/b c", undefined, false, "RFC 3987 §2.2: no space"],
    ["http://a/invoice\u202Efdp.exe", undefined, false, "RFC 3987 §4.1: no bidi formatting characters"],
    ["http://a/%E2%80%AE", undefined, true, "RFC 3987 §3.1: percent-encoded they are fine"],
    ["http://a/%zz", undefined, false, "RFC 3986 §2.1 pct-encoded"],
    ["http://[::1]:8080/", "iri", true, "RFC 3986 §3.2.2 IP-literal"],
    ["http://[::1/", "iri", false, "RFC 3986 §3.2.2 IP-literal"],
    ["http://a:8o/", "iri", false, "RFC 3986 §3.2.3 port"],
    ["../a", "iri", false, "RFC 3987 §2.2 IRI: a scheme"],
    ["../a", "relative-iri", true, "RFC 3987 §2.2 irelative-ref"],
    ["http://a/#f", "absolute-iri", false, "RFC 3987 §2.2 absolute-IRI: no fragment"],
    ["http://a/é", "uri", false, "RFC 3986 §3: ASCII"],
    ["http://a/%C3%A9", "uri", true, "RFC 3986 §3"],
    ["a:b", "relative-ref", false, "RFC 3986 §4.2: no colon in the first segment"],
    ["", undefined, true, "RFC 3986 §4.1: the empty reference"],
    ["http://a/\uE000", undefined, false, "RFC 3987 §2.2: iprivate only in the query"],
    ["http://a/?\uE000", undefined, true, "RFC 3987 §2.2: iprivate in the query"],
  ];
  for (const [input, kind, expected, source] of table) {
    assert.equal(isValid(input, kind), expected, `${JSON.stringify(input)} as ${kind ?? "iri-ref"} (${source})`);
  }
  assert.throws(() => isValid("a", "url"), RangeError);
  assert.throws(() => isValid(42), TypeError);
  // A lone surrogate is not a character: nothing that holds one is an IRI.
  assert.equal(isValid("http://a/\uD800"), false);
  assert.equal(isValid("http://a/\uD83D\uDE00"), true);
});

test("parse: components, or an IriError that says what and where", () => {
  assert.deepEqual(parse("http://user@例え.テスト:8080/δ?q=1#ñ"), {
    scheme: "http",
    authority: "user@例え.テスト:8080",
    userinfo: "user",
    host: "例え.テスト",
    host_kind: "reg-name",
    port: "8080",
    path: "/δ",
    query: "q=1",
    fragment: "ñ",
  });
  assert.equal(parse("//[v7.x]").host_kind, "ipvfuture");
  const input = "http://𝔸é/a b";
  const e = captured(() => parse(input));
  assert.ok(e instanceof IriError && e instanceof Error);
  assert.equal(e.name, "IriError");
  assert.equal(e.kind, "invalid-char");
  assert.equal(e.component, "path");
  assert.equal(e.argument, "input");
  assert.equal(e.offset, 15); // bytes of UTF-8
  assert.equal(input.slice(e.index), " b"); // UTF-16 units
  assert.equal(e.message, "invalid IRI reference: U+0020 SPACE at byte 15 is not allowed in the path");
  assert.equal(captured(() => parse("../a", "iri")).kind, "missing-scheme");
  const lone = captured(() => parse("http://a/b\uDC00c"));
  assert.equal(lone.kind, "lone-surrogate");
  assert.equal(lone.index, 10);
});

function captured(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("no exception");
}

test("resolve: RFC 3986 §5.4.1 and §5.4.2", () => {
  const base = "http://a/b/c/d;p?q";
  const table = [
    ["g:h", "g:h"], ["g", "http://a/b/c/g"], ["./g", "http://a/b/c/g"], ["g/", "http://a/b/c/g/"],
    ["/g", "http://a/g"], ["//g", "http://g"], ["?y", "http://a/b/c/d;p?y"], ["g?y", "http://a/b/c/g?y"],
    ["#s", "http://a/b/c/d;p?q#s"], ["", "http://a/b/c/d;p?q"], ["../..", "http://a/"],
    ["../../../g", "http://a/g"], ["g;x=1/../y", "http://a/b/c/y"], ["g#s/../x", "http://a/b/c/g#s/../x"],
  ];
  for (const [reference, expected] of table) assert.equal(resolve(reference, base), expected, reference);
  assert.equal(resolve("Genève#ü", "http://例え.テスト/wiki/Zürich"), "http://例え.テスト/wiki/Genève#ü");
  const e = captured(() => resolve("a", "relative/base"));
  assert.equal(e.argument, "base");
  assert.equal(e.kind, "missing-scheme");
});

test("resolve and inspect with a preset: RFC 3986 §5.2.1, erratum 4789, §6.2.2.2", () => {
  const base = "http://a/bb/ccc/./d;p?q";
  assert.equal(resolve("?y", base), "http://a/bb/ccc/./d;p?y"); // §5.2.2 as written
  assert.equal(resolve("?y", base, { preset: "strict" }), "http://a/bb/ccc/./d;p?y");
  assert.equal(resolve("?y", base, { preset: "rdf" }), "http://a/bb/ccc/d;p?y"); // §5.2.1
  assert.equal(resolve("c", "http://a/b/..", { preset: "rdf" }), "http://a/b/c"); // oxiri: the base path as written merges
  assert.equal(resolve("c", "http://a/b/..", { preset: "browser" }), "http://a/c"); // erratum 4789
  assert.equal(resolve("%2E%2E/g", "scheme://a/b/c/d/e/f", { preset: "browser" }), "scheme://a/b/c/d/g");
  assert.equal(resolve("%2E%2E/g", "scheme://a/b/c/d/e/f", { preset: "rdf" }), "scheme://a/b/c/d/e/%2E%2E/g");
  assert.throws(() => resolve("a", base, { preset: "html" }), RangeError);
  const v = inspect("?y", base, { preset: "rdf" });
  assert.equal(v.resolved.iri, "http://a/bb/ccc/d;p?y");
  assert.equal(v.resolved.preset, "rdf");
  assert.equal(inspect("?y", base).resolved.preset, "strict");
  assert.throws(() => inspect("a", base, { preset: "html" }), RangeError);
});

test("relativize: the inverse of resolve", () => {
  const base = "http://example.org/wiki/Zürich";
  for (const target of ["http://example.org/wiki/Genève", "http://example.org/w/index.php?title=Genève",
    "http://example.org/wiki/Zürich#Geschichte", "https://example.org/wiki/", "http://example.org/"]) {
    const r = relativize(target, base);
    assert.equal(resolve(r, base), target, `${target} via ${r}`);
  }
  assert.equal(relativize("http://example.org/wiki/Genève", base), "Genève");
  assert.equal(captured(() => relativize("http://a/b/../c", "http://a/x")).kind, "unreachable");
});

test("toUri and toIri: RFC 3987 §3.1 and §3.2", () => {
  // §3.1's example.
  assert.equal(toUri("http://www.example.org/red%09ros\u00E9#red"), "http://www.example.org/red%09ros%C3%A9#red");
  assert.equal(toUri("http://résumé.example/é"), "http://r%C3%A9sum%C3%A9.example/%C3%A9");
  assert.equal(toUri("http://résumé.example/é", { idna: true }), "http://xn--rsum-bpad.example/%C3%A9");
  const e = captured(() => toUri("http://é_x.org/", { idna: true }));
  assert.equal(e.kind, "idna");
  assert.equal(e.component, "host");
  // §3.2's examples: UTF-8 is decoded, what is not UTF-8 stays, and so does a bidi control.
  assert.equal(toIri("http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst");
  assert.equal(toIri("http://www.example.org/D%FCrst"), "http://www.example.org/D%FCrst");
  assert.equal(toIri("http://xn--99zt52a.example.org/%e2%80%ae"), "http://xn--99zt52a.example.org/%E2%80%AE");
  assert.equal(toIri("http://xn--99zt52a.example.org/", { idna: true }), "http://\u7D0D\u8C46.example.org/");
});

test("normalize: the comparison ladder of RFC 3987 §5.3", () => {
  const s = "HTTP://résumé.example:80/%7e/./a";
  assert.equal(normalize(s), "http://résumé.example:80/~/a");
  assert.equal(normalize(s, { level: "scheme" }), "http://résumé.example/~/a");
  assert.equal(normalize(s, { level: "scheme", form: "uri" }), "http://xn--rsum-bpad.example/~/a");
  assert.equal(normalize("http://a/e\u0301#f", { nfc: true, ignoreFragment: true }), "http://a/\u00E9");
  assert.equal(normalize("http://a/\uFB01", { nfkc: true }), "http://a/fi");
  assert.throws(() => normalize(s, { level: "simple" }), RangeError);
  assert.throws(() => normalize(s, { form: "url" }), RangeError);
});

test("lint: the diagnostics, with RFC sections", () => {
  const [d] = lint("http://user:secret@example.org/");
  assert.deepEqual(
    { code: d.code, severity: d.severity, component: d.component, text: d.text, section: d.section },
    { code: "password-in-userinfo", severity: "warning", component: "userinfo", text: "user:secret", section: "RFC 3986 §3.2.1" },
  );
  const codes = lint("http://a/invoice\u202Efdp.exe").map((x) => [x.code, x.section]);
  assert.ok(codes.some(([c, s]) => c === "bidi-formatting-character" && s === "RFC 3987 §4.1"), JSON.stringify(codes));
  assert.deepEqual(lint("http://example.org/"), []);
});

test("inspect: the JSON of /api/inspect", () => {
  const v = inspect("Genève#ü", "http://例え.テスト/wiki/Zürich");
  assert.equal(v.valid, true);
  assert.equal(v.absolute, false);
  assert.equal(v.resolved.iri, "http://例え.テスト/wiki/Genève#ü");
  assert.equal(v.resolved.uri, "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/wiki/Gen%C3%A8ve#%C3%BC");
  assert.deepEqual(v.normalized.map((n) => n.level), ["syntax", "scheme"]);
  const bad = inspect("http://a/b c");
  assert.deepEqual([bad.error.before, bad.error.char, bad.error.after], ["http://a/b", " ", "c"]);
  assert.equal(bad.components, null);
  assert.equal("uri" in bad, false);
  assert.equal("base" in inspect("a"), false);
  assert.equal("base" in inspect("a", ""), false);
  // The formatting characters of the display form are spelled out as tokens.
  assert.equal(inspect("http://a/\u202E").bidi.display_escaped, "http://a/<U+202E>");
});

const SAMPLES = [
  ["?y", "http://a/bb/ccc/./d;p?q"],
  ["%2E%2E/g", "scheme://a/b/c/d/e/f"],
  ["https://пример.рф:8443/مرحبا/мир?q=كتاب#раздел", ""],
  ["http://a/invoice\u202Efdp.exe", "http://b/\u2067x\u2069/\u200F"],
  ["http://user:pw@0x7f.1/%C0%AF..", ""],
  ["Genève#ü", "http://例え.テスト/wiki/Zürich"],
  ["http://a/b c", "not a base"],
  ["HTTP://résumé.example.org:80/%7e", ""],
  ["", ""],
];

test("inspect answers as iri serve does, field for field", { skip: !process.env.IRI_BIN && "IRI_BIN is not set" }, async () => {
  const server = spawn(process.env.IRI_BIN, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const url = await new Promise((ok, fail) => {
      let seen = "";
      server.on("error", fail);
      server.stdout.on("data", (d) => {
        seen += d;
        const m = seen.match(/listening on (http:\/\/\S+\/)/);
        if (m) ok(m[1]);
      });
    });
    for (const [input, base] of SAMPLES) {
      for (const preset of ["strict", "rdf", "browser"]) {
        const params = new URLSearchParams({ iri: input });
        if (base) params.set("base", base);
        params.set("preset", preset);
        const res = await fetch(`${url}api/inspect?${params}`);
        assert.equal(res.status, 200);
        const text = await res.text();
        assert.deepEqual(inspect(input, base, { preset }), JSON.parse(text), `${input} (${preset})`);
      }
    }
  } finally {
    server.kill();
  }
});

test("the entry for browsers and bundlers (index.js) fetches the module next to it", async () => {
  // A copy of the package, so that its module is not the one node.js has already set up.
  const copy = mkdtempSync(join(tmpdir(), "iri-toolkit-"));
  cpSync(pkgDir, copy, { recursive: true });
  // Node's fetch() does not read file: URLs; this one does, as a browser's would read https:.
  const realFetch = globalThis.fetch;
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(readFileSync(fileURLToPath(url)), { headers: { "Content-Type": "application/wasm" } });
  };
  try {
    const browser = await import(pathToFileURL(join(copy, manifest.exports["."].default)).href);
    assert.deepEqual(asked, [pathToFileURL(join(copy, "iri_toolkit_bg.wasm")).href]);
    assert.equal(browser.toUri("http://a/é"), "http://a/%C3%A9");
    assert.equal(browser.isValid("http://a/é", "uri"), false);
  } finally {
    globalThis.fetch = realFetch;
    rmSync(copy, { recursive: true, force: true });
  }
});

test("isValidLines: one answer per line, as isValid gives it (RFC 3987 §2.2)", () => {
  const lines = ["http://例え.テスト/δ", "http://a/b c", "", "../a", "http://a/\uD800", "http://a/%zz", "x\r"];
  const expected = Uint8Array.from(lines, (l) => (isValid(l) ? 1 : 0));
  assert.deepEqual([...expected], [1, 0, 1, 1, 0, 0, 0]);
  // An array: each element is one line, a "\r" is part of it.
  assert.deepEqual(isValidLines(lines), expected);
  // One string: "\n" ends a line and a "\r" before it is dropped, as `iri validate` reads lines.
  assert.deepEqual([...isValidLines("http://a/\r\na b\n\n/x")], [1, 0, 1, 1]);
  assert.deepEqual([...isValidLines("http://a/\n")], [1]);
  assert.deepEqual([...isValidLines("")], []);
  assert.deepEqual([...isValidLines([])], []);
  // An element with a line feed is not one IRI; an empty last element is still a line.
  assert.deepEqual([...isValidLines(["a\nb", "http://a/"])], [0, 1]);
  assert.deepEqual([...isValidLines(["http://a/", ""])], [1, 1]);
  for (const kind of ["iri", "uri", "absolute-iri", "relative-ref"]) {
    assert.deepEqual(isValidLines(lines, kind), Uint8Array.from(lines, (l) => (isValid(l, kind) ? 1 : 0)), kind);
  }
  assert.throws(() => isValidLines(["a"], "url"), RangeError);
  assert.throws(() => isValidLines([1]), TypeError);
  assert.throws(() => isValidLines(null), TypeError);
});

test("the fast paths agree with the JSON binding on long, non-ASCII and repeated inputs", () => {
  // Longer than any buffer so far (the input buffer grows), then short again.
  const long = "http://a/" + "é".repeat(5000) + "?" + "𝔸".repeat(3000) + "#f";
  assert.equal(isValid(long), true);
  const p = parse(long);
  assert.equal(p.query, "𝔸".repeat(3000));
  assert.equal(p.path, "/" + "é".repeat(5000));
  assert.equal(resolve("../x?" + "ü".repeat(2000), long), "http://a/x?" + "ü".repeat(2000));
  assert.deepEqual(parse("a"), {
    scheme: null, authority: null, userinfo: null, host: null, host_kind: null, port: null, path: "a", query: null, fragment: null,
  });
  assert.equal(parse("http://1.2.3.4:/").port, "");
  assert.equal(parse("http://1.2.3.4:/").host_kind, "ipv4");
  assert.equal(parse("//[::1]").host_kind, "ipv6");
  for (let i = 0; i < 3; i++) {
    assert.equal(resolve("g", "http://a/b/c/d;p?q"), "http://a/b/c/g");
    assert.equal(isValid("http://a/b c"), false);
  }
});
