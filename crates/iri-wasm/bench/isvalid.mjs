// isValid of the npm package iri-toolkit against what JavaScript programs use to check IRIs
// and URIs: uri-js and fast-uri (parsers: "valid" is a parse without `error`), the `uri` and
// `uri-reference` formats of ajv-formats (regexes; @cfworker/json-schema has the same ones)
// and the `iri` and `iri-reference` formats of ajv-formats-draft2019 (uri-js plus a list of
// schemes). Calls per second over every line of the corpus, the median of the samples, all in
// one run; then how many lines each accepts, and inputs where they disagree with RFC 3987.
//
// Usage (after crates/iri-wasm/build.sh, and npm ci in this directory):
//   node crates/iri-wasm/bench/isvalid.mjs [--corpus DIR] [--samples N] [--limit LINES] [--markdown]
// DIR holds corpus.txt or corpus.txt.gz (one IRI per line); default: $IRI_CORPUS_DIR, else
// <workspace root>/data/corpus, as for the Rust benchmarks.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const corpusDir = flag("--corpus", process.env.IRI_CORPUS_DIR || join(root, "data/corpus"));
const samples = Number(flag("--samples", "7"));
const markdown = args.includes("--markdown");
const pkg = resolve(flag("--pkg", join(here, "../pkg")));

const iri = await import(pathToFileURL(join(pkg, "node.js")).href);
const uriJs = require("uri-js");
const fastUri = require("fast-uri");
const { fullFormats } = require("ajv-formats/dist/formats.js");
const draft2019 = require("ajv-formats-draft2019/formats");
const versions = Object.fromEntries(
  ["uri-js", "fast-uri", "ajv-formats", "ajv-formats-draft2019"].map((n) => [n, require(`${n}/package.json`).version]),
);
versions["iri-toolkit"] = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).version;

// Each check: [name, what it checks, function]. The regex formats are used as ajv calls them.
const uriRef = fullFormats["uri-reference"];
const CHECKS = [
  ["iri-toolkit isValid(s)", "IRI reference (RFC 3987 §2.2)", (s) => iri.isValid(s)],
  ["iri-toolkit isValid(s, \"iri\")", "IRI (RFC 3987 §2.2)", (s) => iri.isValid(s, "iri")],
  ["iri-toolkit isValid(s, \"uri\")", "URI (RFC 3986 §3)", (s) => iri.isValid(s, "uri")],
  ["uri-js parse(s, {iri:true})", "no error: any reference", (s) => uriJs.parse(s, { iri: true }).error === undefined],
  ["fast-uri parse(s)", "no error: any reference", (s) => fastUri.parse(s).error === undefined],
  ["ajv-formats uri", "URI (regex + a check)", (s) => fullFormats.uri(s)],
  ["ajv-formats uri-reference", "URI reference (regex)", (s) => uriRef.test(s)],
  ["ajv-formats-draft2019 iri", "IRI (uri-js + known schemes)", (s) => draft2019.iri(s)],
  ["ajv-formats-draft2019 iri-reference", "IRI reference (uri-js + known schemes)", (s) => draft2019["iri-reference"](s)],
];

const limit = Number(flag("--limit", "0"));
const plain = join(corpusDir, "corpus.txt");
const corpusText = existsSync(plain)
  ? readFileSync(plain, "utf8")
  : gunzipSync(readFileSync(plain + ".gz")).toString("utf8");
const all = corpusText.split("\n").filter((l) => l.length > 0);
const lines = limit > 0 ? all.slice(0, limit) : all;

function pass(f) {
  let accepted = 0;
  for (let i = 0; i < lines.length; i++) if (f(lines[i])) accepted++;
  return accepted;
}

// Warm-up, and the count of accepted lines.
const accepted = CHECKS.map(([, , f]) => {
  pass(f);
  return pass(f);
});
// Samples round by round, rotating which check goes first.
const times = CHECKS.map(() => []);
for (let round = 0; round < samples; round++) {
  for (let k = 0; k < CHECKS.length; k++) {
    const c = (k + round) % CHECKS.length;
    const t0 = process.hrtime.bigint();
    pass(CHECKS[c][2]);
    times[c].push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rate = times.map((t) => lines.length / median(t));
const ours = rate[0];

// Inputs where the checks disagree, with the rule that decides.
const CASES = [
  ["http://example.org/a b", "RFC 3986 §3.3: no space in a path"],
  ["http://example.org/a%zz", "RFC 3986 §2.1: % takes two hex digits"],
  ["http://example.org/invoice\u202Efdp.exe", "RFC 3987 §2.2, §4.1: no bidi formatting character"],
  ["http://example.org/\uE000", "RFC 3987 §2.2: private use only in the query"],
  ["http://example.org/?\uE000", "RFC 3987 §2.2: iprivate in the query"],
  ["http://example.org/\uFDD0", "RFC 3987 §2.2: noncharacters are not ucschar"],
  ["http://[::1/", "RFC 3986 §3.2.2: IP-literal closes with ]"],
  ["http://example.org:8o/", "RFC 3986 §3.2.3: port = *DIGIT"],
  ["http://example.org/a#b#c", "RFC 3986 §3.5: no # in a fragment"],
  ["http://example.org/<a>", "RFC 3986 §2: < > are not allowed"],
  ["http://exa mple.org/", "RFC 3986 §3.2.2: no space in a host"],
  ["1http://example.org/", "RFC 3986 §3.1: a scheme starts with a letter"],
  ["http://例え.テスト/δοκιμή", "RFC 3987 §2.2: ucschar in host and path"],
  ["foo:bar", "RFC 3986 §3: any scheme"],
  ["//example.org/a", "RFC 3986 §4.2: a relative reference, not an IRI"],
];
const CASE_CHECKS = [0, 1, 3, 4, 5, 7];
const verdict = (f, s) => {
  try {
    return f(s) ? "yes" : "no";
  } catch (e) {
    return "throws";
  }
};
// Bidi controls, private use and noncharacters written as \uXXXX, never raw.
const shown = (s) => JSON.stringify(s).slice(1, -1).replace(/\|/g, "\\|")
  .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069\uE000-\uF8FF\uFDD0-\uFDEF]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0"));

if (markdown) {
  console.log(`${lines.length} lines of corpus.txt, ${samples} samples, median; Node ${process.version}; ` +
    Object.entries(versions).map(([n, v]) => `${n} ${v}`).join(", "));
  console.log();
  console.log("| check | checks | calls/s | vs isValid(s) | lines accepted |");
  console.log("|---|---|---:|---:|---:|");
  CHECKS.forEach(([name, what], i) => {
    console.log(`| ${name} | ${what} | ${(rate[i] / 1e6).toFixed(2)} M | ${(rate[i] / ours).toFixed(2)}× | ${accepted[i]} |`);
  });
  console.log();
  console.log("| input | rule | " + CASE_CHECKS.map((i) => CHECKS[i][0]).join(" | ") + " |");
  console.log("|---|---|" + CASE_CHECKS.map(() => "---").join("|") + "|");
  for (const [input, rule] of CASES) {
    console.log(`| \`${shown(input)}\` | ${rule} | ` + CASE_CHECKS.map((i) => verdict(CHECKS[i][2], input)).join(" | ") + " |");
  }
} else {
  console.log(`${lines.length} lines, ${samples} samples; ${JSON.stringify(versions)}`);
  CHECKS.forEach(([name, what], i) => {
    console.log(`${name.padEnd(38)} ${(rate[i] / 1e6).toFixed(2).padStart(6)} M calls/s  ${(rate[i] / ours).toFixed(2)}×  accepts ${accepted[i]}  (${what})`);
  });
  for (const [input, rule] of CASES) {
    console.log(`${shown(input)}  [${rule}]  ` + CASE_CHECKS.map((i) => `${CHECKS[i][0]}: ${verdict(CHECKS[i][2], input)}`).join(", "));
  }
}
