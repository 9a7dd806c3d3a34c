// Tests of the package's fast paths (src/fast.rs through js/api.js): the batch calls
// isValidLines and toUriLines answer, line for line, what isValid and toUri answer one call at a
// time; parse and resolve answer what the module's JSON bindings answer; and the full module
// (built with WebAssembly SIMD, simd128) answers as the lite one (built without, so with the
// library's portable scans), on the corpus (data/corpus) and on texts that put every byte class
// at every place. Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { full, fullEntry, lite, rawFull as raw, corpusLines, asText, asBytes } from "./common.mjs";

const corpus = corpusLines();
const encoder = new TextEncoder();

// Short texts with one byte (as a character) of each kind at each place: every ASCII byte and
// some non-ASCII characters, in each component of a reference around 16, 32 and 64 bytes (the
// SIMD blocks) long.
const SHAPES = [
  "http://user@host.example:8080/path/to/x?query=1#frag",
  "http://例え.テスト/δ/ε?ζ=η#θ",
  "//[::1]:80/a",
  "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t",
  "mailto:someone@example.org?subject=x",
  "?q#f",
];
const FILL = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), "é", "€", "𝔸", "\uE000", "\uFFFD", "\uD800"];
const edges = [];
for (const shape of SHAPES) {
  for (let at = 0; at <= shape.length; at += 3) {
    for (const c of FILL) edges.push(shape.slice(0, at) + c + shape.slice(at));
  }
}
const KINDS = [undefined, "iri", "absolute-iri", "relative-iri", "uri", "uri-reference", "relative-ref"];

function outcome(f) {
  try {
    return { value: f() };
  } catch (e) {
    return { thrown: e.constructor.name, message: e.message, kind: e.kind, offset: e.offset, index: e.index };
  }
}

test("isValidLines gives isValid of each line, as one string and as an array (RFC 3987 §2.2)", () => {
  const lines = corpus.concat(edges.filter((s) => !s.includes("\n") && !s.includes("\r")));
  for (const kind of KINDS) {
    const one = Uint8Array.from(lines, (s) => (full.isValid(s, kind) ? 1 : 0));
    assert.deepEqual(full.isValidLines(lines, kind), one, `array, ${kind}`);
    assert.deepEqual(full.isValidLines(lines.join("\n"), kind), one, `one string, ${kind}`);
    assert.deepEqual(full.isValidLines(lines.join("\r\n") + "\r\n", kind), one, `CRLF, ${kind}`);
  }
  // Lines the joined text would not give back: each alone.
  assert.deepEqual(full.isValidLines(["a", "b\nc", ""]), Uint8Array.from([1, 0, 1]));
  assert.deepEqual(full.isValidLines(["a", ""]), Uint8Array.from([1, 1]));
  assert.deepEqual(full.isValidLines([]), Uint8Array.from([]));
});

test("toUriLines gives toUri of each line, or null where it throws (RFC 3987 §3.1)", () => {
  const lines = corpus.concat(edges.filter((s) => !s.includes("\n") && !s.includes("\r")));
  const one = lines.map((s) => {
    const r = outcome(() => full.toUri(s));
    return "value" in r ? r.value : null;
  });
  assert.ok(one.some((u) => u === null) && one.some((u) => u !== null));
  assert.deepEqual(full.toUriLines(lines), one);
  assert.deepEqual(full.toUriLines(lines.join("\n")), one);
  assert.deepEqual(full.toUriLines(lines.join("\r\n") + "\r\n"), one);
  assert.deepEqual(lite.toUriLines(lines.slice(0, 2000)), one.slice(0, 2000));
  assert.deepEqual(lite.toUriLines(lines.slice(0, 2000).join("\r\n")), one.slice(0, 2000));
  assert.deepEqual(full.toUriLines(["http://é/", "a\nb", "", "a\r"]), ["http://%C3%A9/", null, "", null]);
  assert.deepEqual(full.toUriLines(["a", "b\nc", ""]), ["a", null, ""]);
  assert.deepEqual(full.toUriLines(["é", ""]), ["%C3%A9", ""]);
  assert.deepEqual(full.toUriLines([]), []);
  assert.deepEqual(full.toUriLines(""), []);
  assert.throws(() => full.toUriLines([1]), TypeError);
});

test("toUriText and toUriBytes give toUri of each line as one text, an empty line where it throws (RFC 3987 §3.1)", () => {
  const lines = corpus.concat(edges.filter((s) => !s.includes("\n") && !s.includes("\r")));
  const want = asText(lines.map((s) => {
    const r = outcome(() => full.toUri(s));
    return "value" in r ? r.value : null;
  }));
  assert.ok(want.mapped.includes(0) && want.mapped.includes(1));
  for (const input of [lines, lines.join("\n"), lines.join("\r\n") + "\r\n", encoder.encode(lines.join("\n"))]) {
    assert.deepEqual(full.toUriText(input), want);
    assert.deepEqual(full.toUriBytes(input), asBytes(want));
  }
  const some = lines.slice(0, 2000);
  const wantSome = { text: want.text.split("\n").slice(0, 2000).join("\n"), mapped: want.mapped.slice(0, 2000) };
  assert.deepEqual(lite.toUriText(some), wantSome);
  assert.deepEqual(lite.toUriText(some.join("\r\n")), wantSome);
  assert.deepEqual(lite.toUriBytes(some), asBytes(wantSome));
  for (const m of [full, lite]) {
    const bytesMatch = (input) => assert.deepEqual(m.toUriBytes(input), asBytes(m.toUriText(input)));
    for (const input of [["http://é/", "a\nb", "", "a\r"], ["a b", "x"], "a b\n", [], ""]) bytesMatch(input);
    assert.deepEqual(m.toUriText(["http://é/", "a\nb", "", "a\r"]), { text: "http://%C3%A9/\n\n\n", mapped: Uint8Array.of(1, 0, 1, 0) });
    assert.deepEqual(m.toUriText(["a b", "x"]), { text: "\nx", mapped: Uint8Array.of(0, 1) });
    assert.deepEqual(m.toUriText(["é", ""]), { text: "%C3%A9\n", mapped: Uint8Array.of(1, 1) });
    assert.deepEqual(m.toUriText("a b"), { text: "", mapped: Uint8Array.of(0) });
    assert.deepEqual(m.toUriText([]), { text: "", mapped: Uint8Array.of() });
    assert.deepEqual(m.toUriText(""), { text: "", mapped: Uint8Array.of() });
    assert.throws(() => m.toUriText([1]), TypeError);
    assert.throws(() => m.toUriText(null), TypeError);
    assert.throws(() => m.toUriBytes([1]), TypeError);
  }
});

test("without Node.js's Buffer (as in a browser) the batch map's text is decoded as well", () => {
  // A second Node.js process without the global Buffer: the wrapper decodes with TextDecoder.
  const lines = ["http://é/", "a b", "", "/x\u{10300}"];
  const script = `delete globalThis.Buffer;
    const m = await import(${JSON.stringify(fullEntry)});
    const lines = ${JSON.stringify(lines)};
    const bytes = new TextEncoder().encode(lines.join("\\n"));
    process.stdout.write(JSON.stringify([typeof globalThis.Buffer, m.toUriText(lines).text, m.toUriLines(bytes), m.toUriLines(lines.join("\\n"))]));`;
  const got = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  const uris = lines.map((s) => {
    const r = outcome(() => full.toUri(s));
    return "value" in r ? r.value : null;
  });
  assert.deepEqual(got, ["undefined", asText(uris).text, uris, uris]);
});

test("parse and resolve answer as the JSON bindings do (RFC 3986 §3, §5.2)", () => {
  for (const s of corpus.concat(edges)) {
    for (const kind of [undefined, "uri"]) {
      const json = outcome(() => JSON.parse(raw.parse(s, kind)));
      if ("value" in json) assert.deepEqual(full.parse(s, kind), json.value, s);
      else assert.throws(() => full.parse(s, kind), s);
    }
  }
  const bases = corpus.filter((_, i) => i % 50 === 0).filter((b) => full.isValid(b, "iri"));
  assert.ok(bases.length > 1000);
  bases.forEach((base, i) => {
    const reference = corpus[(i * 7 + 1) % corpus.length];
    const json = outcome(() => raw.resolve(reference, base, undefined));
    if ("value" in json) assert.equal(full.resolve(reference, base), json.value, `${reference} against ${base}`);
    else assert.throws(() => full.resolve(reference, base));
  });
});

test("the full module (simd128) answers as the lite one (portable scans)", () => {
  for (const s of edges.concat(corpus.filter((_, i) => i % 5 === 0))) {
    for (const kind of KINDS) {
      assert.equal(full.isValid(s, kind), lite.isValid(s, kind), `${JSON.stringify(s)} as ${kind}`);
    }
    assert.deepEqual(outcome(() => full.parse(s)), outcome(() => lite.parse(s)), JSON.stringify(s));
  }
});
