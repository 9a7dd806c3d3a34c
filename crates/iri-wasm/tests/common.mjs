// What several test files of the package load: the two entry points of the built package
// (crates/iri-wasm/pkg, or IRI_PKG), the modules under them with their JSON bindings, and the
// corpus (data/corpus, or IRI_CORPUS_DIR; corpus.txt, or corpus.txt.gz where only that is
// there). Not a test file itself: node --test runs the *.test.mjs files.
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolvePath(here, "../../..");
const pkgDir = resolvePath(process.env.IRI_PKG || join(here, "../pkg"));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const load = (file) => import(pathToFileURL(join(pkgDir, file)).href);

/** The address of the package's main entry point for Node.js. */
export const fullEntry = pathToFileURL(join(pkgDir, manifest.exports["."].node)).href;
/** The package's main entry point (the full module, with simd128). */
export const full = await load(manifest.exports["."].node);
/** The `iri-toolkit/lite` entry point (the portable module). */
export const lite = await load(manifest.exports["./lite"].node);
/** The full module's JSON bindings, already instantiated by its entry point. */
export const rawFull = await load("iri_toolkit.js");
/** The lite module's JSON bindings, already instantiated by its entry point. */
export const rawLite = await load("iri_toolkit_lite.js");

/** What toUriText answers, built from the answers of toUriLines (null: a line not mapped). */
export function asText(uris) {
  return { text: uris.map((u) => u ?? "").join("\n"), mapped: Uint8Array.from(uris, (u) => (u === null ? 0 : 1)) };
}

/** What toUriBytes answers where toUriText answers `t`: the UTF-8 bytes of its text. */
export function asBytes(t) {
  return { bytes: new TextEncoder().encode(t.text), mapped: t.mapped };
}

/** The corpus as UTF-8 bytes. */
export function corpusBytes() {
  const dir = process.env.IRI_CORPUS_DIR || join(root, "data/corpus");
  const plain = join(dir, "corpus.txt");
  return existsSync(plain) ? readFileSync(plain) : gunzipSync(readFileSync(join(dir, "corpus.txt.gz")));
}

/** The corpus's lines, without the empty one after its last line feed. */
export function corpusLines() {
  const lines = corpusBytes().toString("utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The lines of a text of bytes as the batch calls read them: cut at each 0x0A, a 0x0D before
 * it (or at the very end) dropped, no empty line after a last 0x0A; each line's text, or null
 * when its bytes are not UTF-8.
 */
export function linesOf(bytes) {
  const out = [];
  let at = 0;
  while (at < bytes.length) {
    let end = bytes.indexOf(10, at);
    if (end < 0) end = bytes.length;
    const stop = end > at && bytes[end - 1] === 13 ? end - 1 : end;
    let line;
    try {
      line = strictUtf8.decode(bytes.subarray(at, stop));
    } catch {
      line = null;
    }
    out.push(line);
    at = end + 1;
  }
  return out;
}

/** `m.toUri(s)`, or null where it throws. */
export function toUriOr(m, s) {
  try {
    return m.toUri(s);
  } catch {
    return null;
  }
}

/** The byte arrays `parts`, one after the other in one array. */
export function concat(parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}
