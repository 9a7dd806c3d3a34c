// Tests of parse's fast path (src/fast.rs `parse_at`, `parse_failure_at` through js/api.js) in
// both modules: on every corpus line (data/corpus), on crafted references (RFC 3986 §3.2: IP
// literals, IPvFuture, userinfo with ':', empty ports and hosts, IPv4 look-alikes; non-ASCII
// and surrogate pairs in every component) and on each crafted one with a character of every
// kind put at every place, against each grammar, `parse` gives the object of the module's JSON
// binding (the library's IriRef accessors, crate `parse`) key for key and in its key order, or
// throws the IriError of the JSON binding's failure, field for field; a lone surrogate throws
// the lone-surrogate IriError at its index. Run with node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { full, lite, rawFull, rawLite, corpusLines } from "./common.mjs";

const corpus = corpusLines();

// The keys of the JSON binding's object, in its order.
const KEYS = ["authority", "fragment", "host", "host_kind", "path", "port", "query", "scheme", "userinfo"];
const KINDS = [undefined, "iri", "absolute-iri", "relative-iri", "uri", "uri-reference", "relative-ref"];

const CRAFTED = [
  "http://user:pass@host.example:8080/p/q?x=1&y#frag",
  "http://u:p:x@h/",
  "http://%40:%3A@h/",
  "http://@h/",
  "http://a@b@c/",
  "http://a@b:c@d/",
  "http://h:/",
  "http://:80/",
  "http://u@:/",
  "http://[::1]/",
  "http://[::1]:8/",
  "http://u:p@[2001:db8::7]:/x",
  "http://[::ffff:192.0.2.1]:443",
  "http://[v7.x:y]/",
  "http://[V1F.a]:9",
  "http://[::1]x/",
  "http://[::1/",
  "http://[fe80::1%25en1]/",
  "http://[::é]/",
  "http://1.2.3.4/",
  "http://1.2.3.4:5/",
  "http://01.2.3.4/",
  "http://1.2.3/",
  "http://256.1.1.1/",
  "http://1.2.3.4./",
  "http://1.2.3.4.5/",
  "http://../",
  "http://h:8é/",
  "http://h:x/",
  "file:///etc/hosts",
  "file://",
  "//",
  "///",
  "//h",
  "//h?#",
  "",
  "#",
  "?",
  "?#",
  "#?",
  "a:",
  "a:b",
  "a:b:c",
  "a:b@c",
  "A+.-1://x",
  "1a:b",
  "mailto:someone@example.org?subject=x",
  "urn:isbn:0451450523",
  "../a?b#c",
  "./a:b",
  "a/b:c",
  "é:x",
  "http://ü:ñ@例え.テスト:8080/δ/ε?ζ=η#θ",
  "http://𝔸:𝔸@𝔸.𝔸:1/𝔸/𝔸?𝔸#𝔸",
  "//𝔸é𝔸@é𝔸é/é𝔸?𝔸é#é𝔸",
  "http://𝔸é/a b",
  "http://a/%zz",
  "http://a/\uE000?\uE000#\uE000",
  "http://a/?\uE000",
  "http://a/b\u202Ec",
  "\uFEFFhttp://a/",
  "http://a/b\uDC00c",
  "\uD800",
  "http://\uD83D/",
  "http://a/\uD83D\uDE00\uDE00",
];

// Each crafted reference with one character of each kind put at every place.
const FILL = ["", ":", "@", "/", "?", "#", "[", "]", "%", "%41", "a", "9", ".", " ", "é", "€", "𝔸", "\uE000", "\uD800", "\uDC00"];
const edges = [];
for (const s of CRAFTED) {
  for (let at = 0; at <= s.length; at++) {
    for (const c of FILL) edges.push(s.slice(0, at) + c + s.slice(at));
  }
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// What parse gives: the object (its keys in order and every value), or the IriError's fields.
function got(parse, input, kind) {
  try {
    const v = parse(input, kind);
    return { keys: Object.keys(v), value: KEYS.map((k) => v[k]) };
  } catch (e) {
    assert.equal(e.constructor.name, "IriError", `${JSON.stringify(input)}: ${e}`);
    return { error: [e.kind, e.component, e.offset, e.index, e.message, e.argument] };
  }
}

// What the JSON binding gives for the same input: the object, or the failure it throws; for an
// input with a lone surrogate (which the binding receives as U+FFFD) the lone-surrogate error.
function expected(raw, input, kind) {
  const lone = LONE.exec(input);
  if (lone) {
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    const message = `input holds a lone surrogate U+${unit} at index ${lone.index}, which is not a Unicode character and has no UTF-8 form`;
    return { error: ["lone-surrogate", null, null, lone.index, message, "input"] };
  }
  let text;
  try {
    text = raw.parse(input, kind);
  } catch (e) {
    const f = JSON.parse(e);
    return { error: [f.kind, f.component, f.offset, f.index, f.message, f.argument] };
  }
  const v = JSON.parse(text);
  return { keys: Object.keys(v), value: KEYS.map((k) => v[k]) };
}

function compare(inputs, kinds) {
  let parsed = 0;
  for (const [name, parse, raw] of [["full", full.parse, rawFull], ["lite", lite.parse, rawLite]]) {
    for (const kind of kinds) {
      for (const input of inputs) {
        const want = expected(raw, input, kind);
        assert.deepEqual(got(parse, input, kind), want, `${name}: ${JSON.stringify(input)} as ${kind ?? "iri-ref"}`);
        if (want.value) parsed++;
      }
    }
  }
  return parsed;
}

test("parse: the JSON binding's components and failures on every corpus line, both modules", () => {
  const parsed = compare(corpus, [undefined]);
  // Most corpus lines parse: the comparison is of components, not only of failures.
  assert.ok(parsed > corpus.length, `${parsed} parsed`);
});

test("parse: crafted references and a character of each kind at every place, every grammar, both modules", () => {
  compare(CRAFTED, KINDS);
  const parsed = compare(edges, [undefined, "uri", "relative-ref"]);
  assert.ok(parsed > edges.length, `${parsed} parsed`);
});

test("parse: the crafted references' components are those RFC 3986 §3 names", () => {
  // A few answers written out, so that the comparison above is not of two equal mistakes.
  const table = [
    ["http://u:p:x@h/", { userinfo: "u:p:x", host: "h", port: null, host_kind: "reg-name" }],
    ["http://h:/", { host: "h", port: "", authority: "h:" }],
    ["http://:80/", { host: "", port: "80", host_kind: "reg-name" }],
    ["http://u:p@[2001:db8::7]:/x", { userinfo: "u:p", host: "[2001:db8::7]", port: "", host_kind: "ipv6" }],
    ["http://[V1F.a]:9", { host: "[V1F.a]", port: "9", host_kind: "ipvfuture", path: "" }],
    ["http://1.2.3.4:5/", { host: "1.2.3.4", host_kind: "ipv4" }],
    ["http://01.2.3.4/", { host_kind: "reg-name" }],
    ["http://1.2.3.4./", { host_kind: "reg-name" }],
    ["file:///etc/hosts", { authority: "", host: "", host_kind: "reg-name", path: "/etc/hosts" }],
    ["?#", { path: "", query: "", fragment: "", authority: null, host: null, host_kind: null }],
    ["http://𝔸:𝔸@𝔸.𝔸:1/𝔸/𝔸?𝔸#𝔸", { userinfo: "𝔸:𝔸", host: "𝔸.𝔸", port: "1", path: "/𝔸/𝔸", query: "𝔸", fragment: "𝔸" }],
    ["//𝔸é𝔸@é𝔸é/é𝔸?𝔸é#é𝔸", { scheme: null, userinfo: "𝔸é𝔸", host: "é𝔸é", path: "/é𝔸", query: "𝔸é", fragment: "é𝔸" }],
  ];
  for (const api of [full, lite]) {
    for (const [input, want] of table) {
      const p = api.parse(input);
      for (const [k, v] of Object.entries(want)) assert.equal(p[k], v, `${input}: ${k}`);
    }
    const e = (input) => {
      try {
        api.parse(input);
      } catch (err) {
        return [err.kind, err.component, err.offset, err.index];
      }
      return null;
    };
    // "𝔸" is 4 bytes of UTF-8 and 2 UTF-16 units, "é" 2 and 1.
    assert.deepEqual(e("http://𝔸é/a b"), ["invalid-char", "path", 15, 12]);
    assert.deepEqual(e("http://a@b@c/"), ["invalid-char", "host", 10, 10]);
    assert.deepEqual(e("http://h:8é/"), ["invalid-port", "port", 10, 10]);
    assert.deepEqual(e("http://a/\uD83D\uDE00\uDE00"), ["lone-surrogate", null, null, 11]);
  }
});

test("parse: inputs that grow the input buffer, then short ones, both modules", () => {
  for (const api of [full, lite]) {
    for (const n of [1, 5000, 300000]) {
      const long = "http://ü@é.example:1/" + "é𝔸/".repeat(n) + "?" + "a".repeat(n) + "#𝔸";
      const p = api.parse(long);
      assert.equal(p.path, "/" + "é𝔸/".repeat(n));
      assert.equal(p.query, "a".repeat(n));
      assert.deepEqual([p.userinfo, p.host, p.port, p.fragment], ["ü", "é.example", "1", "𝔸"]);
      const q = api.parse("//[::1]:80?#");
      assert.deepEqual([q.host, q.host_kind, q.port, q.path, q.query, q.fragment], ["[::1]", "ipv6", "80", "", "", ""]);
      // The first object is the first input's still.
      assert.equal(p.query.length, n);
    }
  }
});
