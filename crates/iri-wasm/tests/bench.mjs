// The npm package's hot calls against what JavaScript has for the same job, in one run: isValid
// against URL.canParse, parse against `new URL` (in try/catch), fast-uri and uri-js, resolve
// against `new URL(ref, base)`, fast-uri and uri-js, and isValidLines (one string, an array, its UTF-8 bytes)
// against a loop of URL.canParse, and toUriLines and toUriText (the same three each) and toUriBytes
// (bytes) against a loop of encodeURI and one of toUri. Every line of the corpus, samples rotating which goes first; the
// median calls (or lines) per second, by the clock and by the process's CPU time (which a busy
// machine inflates less), and the ratios to the reference of the row (the first of its call).
//
// Not a test (node --test runs *.test.mjs only). Usage, after crates/iri-wasm/build.sh and
// `npm ci` in crates/iri-wasm/bench (which holds fast-uri and uri-js):
//   node crates/iri-wasm/tests/bench.mjs [--corpus DIR] [--samples N] [--markdown] [--pkg DIR]
//     [--calls isValid,parse,resolve,lines,to-uri]
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadavg } from "node:os";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolvePath(here, "../../..");
const require = createRequire(join(here, "../bench/package.json"));

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const corpusDir = flag("--corpus", process.env.IRI_CORPUS_DIR || join(root, "data/corpus"));
const samples = Number(flag("--samples", "7"));
const markdown = args.includes("--markdown");
const pkg = resolvePath(flag("--pkg", join(here, "../pkg")));
const calls = flag("--calls", "isValid,parse,resolve,lines,to-uri").split(",");

const iri = await import(pathToFileURL(join(pkg, "node.js")).href);
const fastUri = require("fast-uri");
const uriJs = require("uri-js");

const plain = join(corpusDir, "corpus.txt");
const text = existsSync(plain)
  ? readFileSync(plain, "utf8")
  : gunzipSync(readFileSync(join(corpusDir, "corpus.txt.gz"))).toString("utf8");
const lines = text.split("\n");
if (lines[lines.length - 1] === "") lines.pop();
const joined = lines.join("\n");
// The same text as UTF-8 bytes, as a file reads.
const bytes = new TextEncoder().encode(joined);

// Resolution pairs: the corpus's absolute IRIs as bases, the next line as the reference.
const bases = lines.filter((l) => URL.canParse(l) && iri.isValid(l, "iri"));
const pairs = bases.map((b, i) => [lines[(i * 7 + 1) % lines.length], b]);

let sink = 0;
const parseUrl = (s) => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};
const resolveUrl = (r, b) => {
  try {
    return new URL(r, b).href;
  } catch {
    return null;
  }
};
const tryIri = (f) => {
  try {
    return f();
  } catch {
    return null;
  }
};

// [family, name, items per pass, pass]; the first of a family is its reference.
const CASES = [
  ["isValid", "URL.canParse(s)", lines.length, () => { for (const s of lines) sink += URL.canParse(s); }],
  ["isValid", "iri-toolkit isValid(s)", lines.length, () => { for (const s of lines) sink += iri.isValid(s); }],
  ["parse", "new URL(s) in try/catch", lines.length, () => { for (const s of lines) sink += parseUrl(s) ? 1 : 0; }],
  ["parse", "iri-toolkit parse(s) in try/catch", lines.length, () => { for (const s of lines) sink += tryIri(() => iri.parse(s)) ? 1 : 0; }],
  ["parse", "fast-uri parse(s)", lines.length, () => { for (const s of lines) sink += fastUri.parse(s).error ? 0 : 1; }],
  ["parse", "uri-js parse(s, {iri:true})", lines.length, () => { for (const s of lines) sink += uriJs.parse(s, { iri: true }).error ? 0 : 1; }],
  ["resolve", "new URL(ref, base).href", pairs.length, () => { for (const [r, b] of pairs) sink += resolveUrl(r, b) ? 1 : 0; }],
  ["resolve", "iri-toolkit resolve(ref, base)", pairs.length, () => { for (const [r, b] of pairs) sink += tryIri(() => iri.resolve(r, b)) ? 1 : 0; }],
  ["resolve", "fast-uri resolve(base, ref)", pairs.length, () => { for (const [r, b] of pairs) sink += tryIri(() => fastUri.resolve(b, r)) ? 1 : 0; }],
  ["resolve", "uri-js resolve(base, ref, {iri:true})", pairs.length, () => { for (const [r, b] of pairs) sink += tryIri(() => uriJs.resolve(b, r, { iri: true })) ? 1 : 0; }],
  ["lines", "URL.canParse per line", lines.length, () => { for (const s of lines) sink += URL.canParse(s); }],
  ["lines", "iri-toolkit isValidLines(one string)", lines.length, () => { sink += iri.isValidLines(joined)[0]; }],
  ["lines", "iri-toolkit isValidLines(array)", lines.length, () => { sink += iri.isValidLines(lines)[0]; }],
  ["lines", "iri-toolkit isValidLines(bytes)", lines.length, () => { sink += iri.isValidLines(bytes)[0]; }],
  ["to-uri", "encodeURI per line", lines.length, () => { for (const s of lines) sink += encodeURI(s).length; }],
  ["to-uri", "iri-toolkit toUri per line", lines.length, () => { for (const s of lines) sink += tryIri(() => iri.toUri(s)) ? 1 : 0; }],
  ["to-uri", "iri-toolkit toUriLines(one string)", lines.length, () => { sink += iri.toUriLines(joined).length; }],
  ["to-uri", "iri-toolkit toUriLines(array)", lines.length, () => { sink += iri.toUriLines(lines).length; }],
  ["to-uri", "iri-toolkit toUriLines(bytes)", lines.length, () => { sink += iri.toUriLines(bytes).length; }],
  ["to-uri", "iri-toolkit toUriText(one string)", lines.length, () => { sink += iri.toUriText(joined).mapped[0]; }],
  ["to-uri", "iri-toolkit toUriText(array)", lines.length, () => { sink += iri.toUriText(lines).mapped[0]; }],
  ["to-uri", "iri-toolkit toUriText(bytes)", lines.length, () => { sink += iri.toUriText(bytes).mapped[0]; }],
  ["to-uri", "iri-toolkit toUriBytes(bytes)", lines.length, () => { sink += iri.toUriBytes(bytes).mapped[0]; }],
].filter(([family]) => calls.includes(family));

for (const [, , , pass] of CASES) pass(); // warm-up
const times = CASES.map(() => []);
const cpu = CASES.map(() => []);
const loadBefore = loadavg().map((x) => x.toFixed(2)).join(" ");
for (let k = 0; k < samples; k++) {
  for (let j = 0; j < CASES.length; j++) {
    const i = (j + k) % CASES.length;
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    CASES[i][3]();
    times[i].push(Number(process.hrtime.bigint() - t) / 1e9);
    const used = process.cpuUsage(c);
    cpu[i].push((used.user + used.system) / 1e6);
  }
}
const loadAfter = loadavg().map((x) => x.toFixed(2)).join(" ");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows = [];
const reference = {};
CASES.forEach(([family, name, items], i) => {
  const rate = items / median(times[i]);
  const cpuRate = items / median(cpu[i]);
  reference[family] ??= [rate, cpuRate];
  const [r, c] = reference[family];
  rows.push([
    family,
    name,
    `${(rate / 1e6).toFixed(2)} M/s`,
    `${(rate / r).toFixed(2)}×`,
    `${(cpuRate / 1e6).toFixed(2)} M/s`,
    `${(cpuRate / c).toFixed(2)}×`,
  ]);
});
console.log(
  `node ${process.version}; ${lines.length} lines, ${pairs.length} pairs; ${samples} samples; ` +
    `load average before: ${loadBefore}, after: ${loadAfter}; sink ${sink > 0}`,
);
if (markdown) {
  console.log("| call | what | per second | vs the first of its call | per CPU second | vs the first, CPU |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
} else {
  console.log("".padEnd(8), "".padEnd(42), "clock".padStart(12), "".padStart(8), "CPU".padStart(12), "".padStart(8));
  for (const r of rows) {
    console.log(r[0].padEnd(8), r[1].padEnd(42), r[2].padStart(12), r[3].padStart(8), r[4].padStart(12), r[5].padStart(8));
  }
}
