// Tests of the batch calls on bytes: isValidLines and toUriLines given a Uint8Array (or a
// Buffer) of UTF-8 text answer, line for line, what isValid and toUri answer for each line
// decoded, and 0 (null) for a line that is not UTF-8; in the full module (simd128, its own batch
// map) and in the lite one (portable scans, toUri per line). The texts: the corpus
// (data/corpus), every ASCII byte and some non-ASCII characters at each place of a few IRIs,
// invalid UTF-8 (stray continuation bytes, truncated and overlong sequences, encoded
// surrogates, bytes never used), CRLF and bare CR, empty lines, a leading U+FEFF and a last line
// with or without its line feed. Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, lite, corpusBytes as readCorpusBytes, asText, asBytes, linesOf, toUriOr, concat } from "./common.mjs";

const corpusBytes = readCorpusBytes();

const encoder = new TextEncoder();
const KINDS = [undefined, "iri", "absolute-iri", "relative-iri", "uri", "uri-reference", "relative-ref"];

// IRIs with one byte sequence put at every third place: each ASCII byte but the line feed,
// some non-ASCII characters, and sequences that are not UTF-8.
const SHAPES = ["http://user@host.example:8080/path/to/x?query=1#frag", "http://例え.テスト/δ/ε?ζ=η#θ", "//[::1]:80/a", "?q#f"];
const BAD = [[0x80], [0xbf], [0xc0, 0xaf], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x9d], [0xf4, 0x90, 0x80, 0x80], [0xfe], [0xff]];
const FILL = [
  ...Array.from({ length: 128 }, (_, c) => [c]).filter(([c]) => c !== 10),
  ...["é", "€", "𝔸", "\uE000", "\uFFFD", "\uFEFF", "\u202E"].map((c) => [...encoder.encode(c)]),
  ...BAD,
];
const crafted = [];
for (const shape of SHAPES) {
  const b = encoder.encode(shape);
  for (let at = 0; at <= b.length; at += 3) {
    for (const fill of FILL) crafted.push(concat([b.subarray(0, at), Uint8Array.from(fill), b.subarray(at)]));
  }
}
const NL = Uint8Array.of(10);
const CRLF = Uint8Array.of(13, 10);
const craftedText = concat(crafted.flatMap((line, i) => [line, i % 5 === 0 ? CRLF : NL, ...(i % 7 === 0 ? [NL] : [])]));

const TEXTS = [
  ["the corpus", corpusBytes],
  ["crafted lines", craftedText],
  ["crafted lines, the last without line feed", craftedText.subarray(0, craftedText.length - 1)],
  ["empty", new Uint8Array(0)],
  ["line feeds only", Uint8Array.of(10, 10, 13, 10)],
  ["a bare CR, and one at the end", encoder.encode("http://a/\rb\nhttp://a/\r")],
  ["a leading U+FEFF", encoder.encode("\uFEFFhttp://a/\nhttp://a/\uFEFF\n")],
  ["no line feed", encoder.encode("http://é/")],
];

test("isValidLines on bytes gives isValid of each line, 0 where it is not UTF-8 (RFC 3987 §2.2)", () => {
  for (const [name, bytes] of TEXTS) {
    const lines = linesOf(bytes);
    for (const kind of KINDS) {
      const one = Uint8Array.from(lines, (s) => (s !== null && full.isValid(s, kind) ? 1 : 0));
      assert.deepEqual(full.isValidLines(bytes, kind), one, `${name}, ${kind}, full`);
      assert.deepEqual(full.isValidLines(Buffer.from(bytes), kind), one, `${name}, ${kind}, a Buffer`);
      if (bytes.length < 1e6 || kind === undefined) {
        assert.deepEqual(lite.isValidLines(bytes, kind), one, `${name}, ${kind}, lite`);
      }
    }
  }
  // A view into a larger buffer reads its own bytes only.
  const big = encoder.encode("a b\nhttp://a/\nc d");
  assert.deepEqual(full.isValidLines(big.subarray(4, 13)), Uint8Array.of(1));
  assert.deepEqual(lite.isValidLines(big.subarray(4, 13)), Uint8Array.of(1));
});

test("isValidLines answers the same for a text as a string and as its UTF-8 bytes", () => {
  const text = corpusBytes.toString("utf8");
  const pieces = ["http://a/\r\n", "\n", "a b\n", "http://é/\uD800\n", "\uDC00\n", "x"].join("");
  for (const s of [text, pieces]) {
    for (const m of [full, lite]) {
      assert.deepEqual(m.isValidLines(encoder.encode(s)), m.isValidLines(s));
    }
  }
});

test("toUriLines on bytes gives toUri of each line, null where it throws or is not UTF-8 (RFC 3987 §3.1)", () => {
  for (const [name, bytes] of TEXTS) {
    const lines = linesOf(bytes);
    const one = lines.map((s) => (s === null ? null : toUriOr(full, s)));
    assert.deepEqual(full.toUriLines(bytes), one, `${name}, full`);
    assert.deepEqual(full.toUriLines(Buffer.from(bytes)), one, `${name}, a Buffer`);
    const some = bytes.length < 1e6 ? bytes : bytes.subarray(0, bytes.indexOf(10, 200000) + 1);
    const expected = bytes.length < 1e6 ? one : linesOf(some).map((s) => (s === null ? null : toUriOr(full, s)));
    assert.deepEqual(lite.toUriLines(some), expected, `${name}, lite`);
    assert.deepEqual(full.toUriText(bytes), asText(one), `${name}, toUriText, full`);
    assert.deepEqual(full.toUriText(Buffer.from(bytes)), asText(one), `${name}, toUriText, a Buffer`);
    assert.deepEqual(lite.toUriText(some), asText(expected), `${name}, toUriText, lite`);
    assert.deepEqual(full.toUriBytes(bytes), asBytes(asText(one)), `${name}, toUriBytes, full`);
    assert.deepEqual(lite.toUriBytes(some), asBytes(asText(expected)), `${name}, toUriBytes, lite`);
  }
  assert.ok(full.toUriLines(craftedText).some((u) => u === null));
});

test("the batch calls refuse what is neither a string, an array nor a Uint8Array", () => {
  for (const m of [full, lite]) {
    assert.throws(() => m.isValidLines(new Uint16Array(2)), TypeError);
    assert.throws(() => m.isValidLines(42), TypeError);
    assert.throws(() => m.toUriLines(new ArrayBuffer(2)), TypeError);
    assert.throws(() => m.toUriText(new ArrayBuffer(2)), TypeError);
    assert.throws(() => m.toUriBytes(new ArrayBuffer(2)), TypeError);
  }
});

test("toUriLines of one string gives its ASCII lines back without their CR", () => {
  const text = "http://a/\r\nhttp://é/\r\na b\r\n\r\n/x\r";
  const want = ["http://a/", "http://%C3%A9/", null, "", "/x"];
  for (const m of [full, lite]) {
    assert.deepEqual(m.toUriLines(text), want);
    assert.deepEqual(m.toUriLines(encoder.encode(text)), want);
    assert.deepEqual(m.toUriText(text), asText(want));
  }
});
