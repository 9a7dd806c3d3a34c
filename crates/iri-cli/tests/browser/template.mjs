// Browser test of the viewer's template box (RFC 6570), both ways the page runs: served by
// `iri serve` (the box asks /api/expand) and as the static files of crates/iri-wasm/build.sh
// opened from disk (the box calls the WebAssembly module). In headless Chromium (Debian's,
// through playwright-core): types a template and variables, checks the URI and IRI shown
// (RFC 6570 §3.2.1 and the IRI form that maps to it), that they follow further typing, that
// an invalid template shows its error and no stale expansion, and that a bidi control in a
// value never reaches the page's text.
//
// Environment as viewer.mjs: IRI_BIN, VIEWER_DIR, MODES, CHROMIUM. Exit status 0 when every
// check passes; its last line is 'template box: N passed, 0 failed'.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.IRI_BIN || join(root, "target/debug/iri");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const viewerDir = resolve(root, process.env.VIEWER_DIR || "target/viewer");
const modes = (process.env.MODES || "server,static").split(",");
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

let server = null;
let browser = null;
let profile = null;
let passed = 0;

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  if (server && server.exitCode === null) server.kill("SIGTERM");
  if (profile) rmSync(profile, { recursive: true, force: true });
}

function fail(message) {
  console.error("template box test FAILED: " + message);
  cleanup().finally(() => process.exit(1));
}

setTimeout(() => fail("timed out after 180 s"), 180_000).unref();

function startServer() {
  return new Promise((ok, no) => {
    server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let seen = "";
    server.on("error", (e) => no(new Error(`cannot start ${bin}: ${e.message}`)));
    server.stdout.on("data", (d) => {
      seen += d;
      const m = seen.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) ok(m[1]);
    });
  });
}

function check(mode, cond, what) {
  if (!cond) throw new Error(`${mode}: ${what}`);
  passed += 1;
  console.log(`ok (${mode}): ${what}`);
}

async function shown(page, uri) {
  await page.waitForFunction(
    (want) => document.getElementById("template-uri").textContent === want,
    uri,
    { timeout: 10_000 },
  );
}

async function checkBox(mode, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.fill("#template-vars", '{"city": "Zürich", "q": "café au lait", "tags": ["a", "b"], "m": {"z": "1", "a": "2"}}');
  await page.fill("#template", "http://example.org/ü/{city}{?q,tags*}");
  await shown(page, "http://example.org/%C3%BC/Z%C3%BCrich?q=caf%C3%A9%20au%20lait&tags=a&tags=b");
  const iri = await page.textContent("#template-iri");
  check(mode, iri === "http://example.org/ü/Zürich?q=café%20au%20lait&tags=a&tags=b", `IRI form shown: ${iri}`);
  // Live: typing more changes both forms; an object keeps its order.
  await page.fill("#template", "{/city}{?m*}");
  await shown(page, "/Z%C3%BCrich?z=1&a=2");
  check(mode, (await page.textContent("#template-iri")) === "/Zürich?z=1&a=2", "follows typing, associative array in order");
  // An invalid template: its error, and no stale expansion.
  await page.fill("#template", "/{city");
  await page.waitForFunction(() => document.body.dataset.template === "error", null, { timeout: 10_000 });
  const err = await page.textContent("#template-error");
  check(mode, /no closing '}'/.test(err) && (await page.textContent("#template-uri")) === "", `error shown: ${err}`);
  // Invalid variables.
  await page.fill("#template", "{x}");
  await page.fill("#template-vars", "[1]");
  await page.waitForFunction(() => document.getElementById("template-error").textContent.includes("JSON object"), null, { timeout: 10_000 });
  check(mode, true, "variables that are no JSON object are reported");
  // A bidi control in a value: percent-encoded in both forms, never on the page.
  await page.fill("#template-vars", '{"x": "a\\u202Eb"}');
  await shown(page, "a%E2%80%AEb");
  const text = await page.evaluate(() => document.body.innerText);
  check(mode, !BIDI_CONTROLS.test(text) && (await page.textContent("#template-iri")) === "a%E2%80%AEb", "no bidi control reaches the page");
  await page.close();
}

async function main() {
  profile = mkdtempSync(join(tmpdir(), "iri-chromium-"));
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", `--disk-cache-dir=${profile}`],
  });
  for (const mode of modes) {
    if (mode === "server") {
      await checkBox(mode, await startServer());
    } else {
      const index = join(viewerDir, "index.html");
      if (!existsSync(index)) throw new Error(`no static viewer at ${index}: run crates/iri-wasm/build.sh`);
      await checkBox(mode, pathToFileURL(index).href);
    }
  }
  console.log(`template box: ${passed} passed, 0 failed`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch((e) => fail(e.stack || String(e)));
