// Tests of the IRI→URI mapping's octets (RFC 3987 §3.1 step 2.2: every non-ASCII octet as %HH,
// upper-case hex) in both modules: the full one writes them with its simd128 kernel (16 octets
// a step, a block stored whole when it is ASCII, the last block shifted or padded), the lite
// one with the portable writer (one octet at a time). Each answer of toUri, and of toUriLines
// on all the texts at once, is compared with a mapping written here from TextEncoder's bytes.
// The texts: one to three non-ASCII characters (2, 3 and 4 octets) at every place of every
// length up to 80 and around 128 (where the non-ASCII bits change form), every pattern of
// ASCII and non-ASCII characters of up to 12, and random texts up to 300 octets; as relative
// references and after a scheme.
// Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const full = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);
const lite = await import(pathToFileURL(join(pkgDir, manifest.exports["./lite"].node)).href);

const encoder = new TextEncoder();
const hex = "0123456789ABCDEF";

/** The mapping, one octet at a time: %HH for each octet from 0x80, the others as they are. */
function mapped(s) {
  let out = "";
  for (const o of encoder.encode(s)) {
    out += o < 0x80 ? String.fromCharCode(o) : "%" + hex[o >> 4] + hex[o & 15];
  }
  return out;
}

/** Every text through toUri of both modules, then all at once through toUriLines. */
function check(texts) {
  const want = texts.map(mapped);
  for (const [name, m] of [["full", full], ["lite", lite]]) {
    for (let i = 0; i < texts.length; i++) {
      assert.equal(m.toUri(texts[i]), want[i], `${name} ${JSON.stringify(texts[i])}`);
    }
    assert.deepEqual(m.toUriLines(texts), want, `${name} toUriLines(array)`);
    assert.deepEqual(m.toUriLines(texts.join("\n")), want, `${name} toUriLines(string)`);
    assert.deepEqual(m.toUriLines(encoder.encode(texts.join("\n"))), want, `${name} toUriLines(bytes)`);
    const all = { text: want.join("\n"), mapped: new Uint8Array(texts.length).fill(1) };
    assert.deepEqual(m.toUriText(texts), all, `${name} toUriText(array)`);
    assert.deepEqual(m.toUriText(texts.join("\n")), all, `${name} toUriText(string)`);
    assert.deepEqual(m.toUriText(encoder.encode(texts.join("\n"))), all, `${name} toUriText(bytes)`);
    assert.deepEqual(m.toUriBytes(texts), { bytes: encoder.encode(all.text), mapped: all.mapped }, `${name} toUriBytes(array)`);
  }
}

const CHARS = ["\u00E9", "\u20AC", "\u{10300}", "\u00E9\u4E2D\u{10300}"];

test("non-ASCII characters at every place of every length", () => {
  const lengths = [];
  for (let n = 0; n <= 80; n++) lengths.push(n);
  for (let n = 118; n <= 136; n++) lengths.push(n);
  for (const n of lengths) {
    const texts = [];
    // A relative reference of n octets (a path that ends in a query and a fragment when it
    // is long enough), alone and after a scheme.
    const fill = "bcdefghij/".repeat(14).slice(0, n).split("");
    if (n > 40) fill[n - 20] = "?";
    if (n > 60) fill[n - 8] = "#";
    for (const [base, from] of [[fill.join(""), 0], ["a:" + fill.join(""), 2]]) {
      texts.push(base);
      for (let at = from; at <= base.length; at++) {
        for (const c of CHARS) texts.push(base.slice(0, at) + c + base.slice(at));
      }
      // Two characters, the second 17 octets on (another block, or the shifted last one).
      for (let at = from; at + 17 <= base.length; at++) {
        texts.push(base.slice(0, at) + "\u00FC" + base.slice(at, at + 17) + "\u20AC" + base.slice(at + 17));
      }
    }
    check(texts);
  }
});

test("every pattern of ASCII and non-ASCII characters up to 12", () => {
  for (const c of ["\u00E9", "\u4E2D"]) {
    const texts = [];
    for (let len = 0; len <= 12; len++) {
      for (let bits = 0; bits < 1 << len; bits++) {
        let s = "";
        for (let k = 0; k < len; k++) s += (bits >> k) & 1 ? c : "bcdefghijklm"[k];
        texts.push(s);
      }
    }
    check(texts);
  }
});

test("random texts up to 300 octets", () => {
  const pool = ["b", "c", "-", "/", ".", "~", "\u00E9", "\u00FF", "\u0100", "\u07FF", "\u0800", "\u4E2D", "\uFFEF", "\u{10000}", "\u{1F600}", "\u{10300}"];
  let x = 0x2545f4914f6cdd1dn;
  const next = () => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x & 0xffffffn);
  };
  const texts = [];
  for (let i = 0; i < 5000; i++) {
    const chars = next() % 120;
    const ascii = next() % 6; // how many in six are ASCII, at most
    let s = i % 2 ? "a:" : "";
    while (encoder.encode(s).length < 300 && s.length < chars) {
      const r = next();
      s += r % 6 < ascii ? pool[r % 6] : pool[6 + ((r >> 3) % 10)];
    }
    texts.push(s);
  }
  check(texts);
});
