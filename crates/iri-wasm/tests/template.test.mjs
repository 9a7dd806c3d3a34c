// Tests of the npm package's Template (URI Templates, RFC 6570): node --test crates/iri-wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const { Template, IriError, toUri } = await import(pathToFileURL(join(pkgDir, manifest.exports["."].node)).href);

// RFC 6570 §3.2.1's variables (those the rows use), in the RFC's order.
const VARS = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  v: "6",
  x: 1024,
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};

const ROWS = [
  ["3.2.1", "{/count*}", "/one/two/three"],
  ["3.2.2", "{hello}", "Hello%20World%21"],
  ["3.2.2", "?{undef,y}", "?768"],
  ["3.2.2", "{keys*}", "semi=%3B,dot=.,comma=%2C"],
  ["3.2.3", "{+base}index", "http://example.com/home/index"],
  ["3.2.3", "{+keys}", "semi,;,dot,.,comma,,"],
  ["3.2.4", "{#path:6}/here", "#/foo/b/here"],
  ["3.2.5", "X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
  ["3.2.5", "X{.empty_keys}", "X"],
  ["3.2.6", "{/who,dub}", "/fred/me%2Ftoo"],
  ["3.2.7", "{;v,empty,who}", ";v=6;empty;who=fred"],
  ["3.2.8", "{?x,y,undef}", "?x=1024&y=768"],
  ["3.2.9", "{&list*}", "&list=red&list=green&list=blue"],
];

test("RFC 6570 §3.2 examples expand, in both forms, and match back", () => {
  for (const [section, template, expected] of ROWS) {
    const t = new Template(template);
    assert.equal(t.expand(VARS), expected, `§${section} ${template}`);
    assert.equal(t.expand(VARS, { iri: true }), expected, `§${section} ${template}`);
    const found = t.match(expected);
    assert.notEqual(found, null, `§${section} ${template}`);
    assert.equal(t.expand(found), expected, `§${section} ${template}`);
  }
});

test("IRI form keeps non-ASCII and maps to the URI form", () => {
  const t = new Template("http://例え.jp/ü/{city}{?q}");
  const vars = { city: "Zürich", q: "a b" };
  const uri = t.expand(vars);
  const text = t.expand(vars, { iri: true });
  assert.equal(uri, "http://%E4%BE%8B%E3%81%88.jp/%C3%BC/Z%C3%BCrich?q=a%20b");
  assert.equal(text, "http://例え.jp/ü/Zürich?q=a%20b");
  assert.equal(toUri(text), uri);
});

test("associative arrays keep the object's or Map's order", () => {
  const t = new Template("{?m*}");
  assert.equal(t.expand({ m: { z: "1", a: "2" } }), "?z=1&a=2");
  assert.equal(t.expand({ m: new Map([["b", 1], ["a", 2]]) }), "?b=1&a=2");
  assert.deepEqual(t.match("?z=1&a="), { m: { z: "1", a: "" } });
  assert.deepEqual(Object.keys(t.match("?z=1&a=").m), ["z", "a"]);
});

test("errors: the template's offset and rule, prefix on a list, bad values", () => {
  assert.throws(() => new Template("/é{x"), (e) => e instanceof IriError && e.kind === "unclosed-expression" && e.offset === 3 && e.index === 2 && e.argument === "template");
  assert.throws(() => new Template("{!x}"), (e) => e instanceof IriError && e.kind === "reserved-operator");
  assert.throws(() => new Template("{l:1}").expand({ l: ["a"] }), (e) => e instanceof IriError && e.kind === "prefix-on-composite");
  assert.throws(() => new Template("{x}").expand({ x: [["nested"]] }), TypeError);
  assert.throws(() => new Template("{x}").expand("x=1"), TypeError);
  assert.throws(() => new Template("{a}{b}{c}{d}{e}{f}x").match("a".repeat(2000)), (e) => e instanceof IriError && e.kind === "too-complex");
});

test("match: values, null when none, the forms", () => {
  const t = new Template("/users/{id}/posts{?page}");
  assert.deepEqual(t.match("/users/7/posts?page=2"), { id: "7", page: "2" });
  assert.equal(t.match("/groups/7"), null);
  assert.deepEqual(t.match("/users/é/posts"), { id: "é" });
  assert.equal(t.match("/users/é/posts", { iri: false }), null);
  assert.deepEqual(t.match("/users/%C3%A9/posts"), { id: "é" });
  assert.deepEqual(t.variables, ["id", "page"]);
  assert.equal(String(t), "/users/{id}/posts{?page}");
  assert.equal(t.template, "/users/{id}/posts{?page}");
});
