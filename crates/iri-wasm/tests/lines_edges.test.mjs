// Tests of the batch calls where their simd128 steps change course: lines of 1 to 130 bytes
// (the 16-byte blocks of the line search and of the parser's marks, whose fast path takes
// lines up to 64 bytes), each with one byte sequence at every place (a non-ASCII character of
// two, three or four bytes, bytes that are not UTF-8, ASCII bytes the grammar refuses or
// reads as delimiters, a bare CR), the lines starting at many offsets modulo 16 of the text
// (their lengths vary, and a first line of 1, 2, 7 or 16 bytes shifts them all), every third
// line ended by CRLF, and texts ending at every offset of their last block. isValidLines and
// toUriBytes of the bytes must answer, line for line, what isValid and toUri answer for each
// line decoded (0, or an empty line, where it is not UTF-8), in the full module and the lite.
// Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, lite, asText, asBytes, linesOf, toUriOr, concat } from "./common.mjs";

const encoder = new TextEncoder();

// A valid IRI of exactly `n` bytes (n >= 1): a scheme, an authority and a path when there is
// room, else a relative path of letters.
function iriOfLength(n) {
  const head = "http://a.example/";
  if (n <= head.length) return "abcdefghijklmnopqrstuvwxyz".repeat(2).slice(0, n);
  return (head + "p/q-r_s~t".repeat(20)).slice(0, n);
}

const LENGTHS = [1, 2, 3, 7, 8, 9, 15, 16, 17, 18, 31, 32, 33, 34, 47, 48, 49, 62, 63, 64, 65, 66, 79, 80, 81, 95, 96, 97, 127, 128, 129, 130];
const PUT = [
  "é", "€", "例", "𝔸", "\uE000", "\uFEFF", "\u202E",
  [0x80], [0xc3], [0xe2, 0x82], [0xf0, 0x9d, 0x94], [0xed, 0xa0, 0x80], [0xff],
  " ", "%", "%4", "%41", "#", "?", "@", "[", ":", "\r",
].map((p) => (typeof p === "string" ? encoder.encode(p) : Uint8Array.from(p)));

// Each line of each length with each sequence put at each place (replacing the byte there).
const lines = [];
for (const n of LENGTHS) {
  const b = encoder.encode(iriOfLength(n));
  lines.push(b);
  for (const p of PUT) {
    for (let at = 0; at < n; at++) lines.push(concat([b.subarray(0, at), p, b.subarray(at + 1)]));
  }
}
const NL = Uint8Array.of(10);

// The lines after a first line of `lead` bytes, so that they start at other offsets in the
// text's 16-byte blocks; every line ended by a line feed, every third one by CRLF.
function textOf(lead) {
  const parts = [encoder.encode(iriOfLength(lead + 1)), NL];
  lines.forEach((line, i) => parts.push(line, i % 3 === 0 ? Uint8Array.of(13, 10) : NL));
  return concat(parts);
}

function check(m, name, bytes) {
  const each = linesOf(bytes);
  const valid = Uint8Array.from(each, (s) => (s !== null && m.isValid(s) ? 1 : 0));
  assert.deepEqual(m.isValidLines(bytes), valid, `${name}: isValidLines`);
  const uris = each.map((s) => (s === null ? null : toUriOr(m, s)));
  assert.deepEqual(m.toUriBytes(bytes), asBytes(asText(uris)), `${name}: toUriBytes`);
  return valid;
}

test("the batch calls agree with the calls per line at every block edge (RFC 3987 §2.2, §3.1)", () => {
  let some = 0;
  for (const lead of [0, 1, 6, 15]) {
    const text = textOf(lead);
    const valid = check(full, `lead ${lead}, full`, text);
    if (lead === 0) check(lite, `lead ${lead}, lite`, text);
    some |= valid.includes(0) && valid.includes(1) ? 1 : 0;
  }
  // The crafted lines are both valid and invalid: the comparison can fail either way.
  assert.equal(some, 1);
});

test("the batch calls read a text ending at every offset of its last 16 bytes", () => {
  const text = textOf(3);
  // A last line of 1 to 130 bytes, cut from its longest form, without and with a line feed.
  const long = encoder.encode(iriOfLength(130).replace("p/q", "é/q"));
  for (let cut = 1; cut <= long.length; cut++) {
    for (const tail of [new Uint8Array(0), NL]) {
      const bytes = concat([text.subarray(0, 400), long.subarray(0, cut), tail]);
      check(full, `last line of ${cut} bytes${tail.length ? ", with a line feed" : ""}`, bytes);
      check(full, `only a line of ${cut} bytes`, concat([long.subarray(0, cut), tail]));
    }
  }
});
