// Browser test of the live IRI viewer (`iri serve`): starts the server on a free local port,
// drives its page in headless Chromium (Debian's /usr/bin/chromium through playwright-core),
// types an IRI with Arabic and Cyrillic characters, checks the components and the URI form
// shown, checks that an invalid IRI gets its offending character marked, and saves a
// screenshot.
//
// Environment: IRI_BIN (the `iri` binary; default target/debug/iri of the workspace),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT (default target/browser/viewer.png).
// Exit status 0 when every check passes; 1 with a message saying which did not.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.IRI_BIN || join(root, "target/debug/iri");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const screenshot = resolve(root, process.env.SCREENSHOT || "target/browser/viewer.png");

// An IRI with Cyrillic (host, path, fragment) and Arabic (path, query) characters.
const IRI = "https://пример.рф:8443/مرحبا/мир?q=كتاب#раздел";
const EXPECTED_PARTS = [
  ["scheme", "https"],
  ["host", "пример.рф"],
  ["port", "8443"],
  ["path", "/مرحبا/мир"],
  ["query", "q=كتاب"],
  ["fragment", "раздел"],
];

// The URI form by RFC 3987 §3.1, computed here independently of the server: each non-ASCII
// character becomes the %HH of its UTF-8 bytes (upper-case hex), the rest is kept.
function expectedUri(iri) {
  let out = "";
  for (const ch of iri) {
    out += ch.codePointAt(0) < 0x80 ? ch : encodeURIComponent(ch);
  }
  return out;
}

let server = null;
let browser = null;
let profile = null;

function fail(message) {
  console.error("browser test FAILED: " + message);
  cleanup().finally(() => process.exit(1));
}

async function cleanup() {
  if (browser) {
    await browser.close().catch(() => {});
    browser = null;
  }
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => {
      const t = setTimeout(() => { server.kill("SIGKILL"); r(); }, 3000);
      server.once("exit", () => { clearTimeout(t); r(); });
    });
  }
  if (profile) rmSync(profile, { recursive: true, force: true });
}

// The whole test must finish in two minutes.
const watchdog = setTimeout(() => fail("timed out after 120 s"), 120_000);

function startServer() {
  return new Promise((resolveStart, rejectStart) => {
    server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    const timer = setTimeout(() => rejectStart(new Error("iri serve printed no address in 10 s")), 10_000);
    let seen = "";
    server.on("error", (e) => rejectStart(new Error(`cannot start ${bin}: ${e.message}`)));
    server.on("exit", (code) => rejectStart(new Error(`iri serve exited early with status ${code}`)));
    server.stdout.on("data", (d) => {
      seen += d;
      const m = seen.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        clearTimeout(timer);
        resolveStart(m[1]);
      }
    });
  });
}

let passed = 0;

/** Reports a check that passed. */
function ok(what) {
  passed += 1;
  console.log(`ok: ${what}`);
}

async function main() {
  const started = Date.now();
  const url = await startServer();
  console.log(`server: ${url}`);
  profile = mkdtempSync(join(tmpdir(), "iri-chromium-"));
  browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: 30_000,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--disk-cache-dir=${profile}`,
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(15_000);
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  const outside = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(url)) outside.push(r.url());
  });

  await page.goto(url, { waitUntil: "load" });

  // Type the IRI as a person would, key by key.
  const input = page.locator("#iri");
  await input.click();
  await input.pressSequentially(IRI, { delay: 5 });
  await page.waitForFunction(
    (iri) => {
      const v = document.getElementById("validity");
      const comps = document.getElementById("components");
      const text = [...comps.querySelectorAll(".component .text")].map((e) => e.textContent).join("");
      return v.dataset.state === "valid" && text === iri;
    },
    IRI,
  ).catch(() => { throw new Error("the page did not show the typed IRI as valid with its components"); });

  const parts = await page.$$eval("#components .component", (els) =>
    els
      .filter((e) => e.dataset.part !== "delimiter")
      .map((e) => [e.dataset.part, e.querySelector(".text").textContent]),
  );
  if (JSON.stringify(parts) !== JSON.stringify(EXPECTED_PARTS)) {
    throw new Error(`components shown: ${JSON.stringify(parts)}; expected ${JSON.stringify(EXPECTED_PARTS)}`);
  }
  const uri = await page.textContent("#uri");
  if (uri !== expectedUri(IRI)) {
    throw new Error(`URI form shown: ${uri}; expected ${expectedUri(IRI)}`);
  }
  const hostKind = await page.textContent("#host-kind");
  if (hostKind !== "host kind: reg-name") throw new Error(`host kind shown: ${hostKind}`);
  ok("components and URI form of the Arabic/Cyrillic IRI");

  // An invalid IRI: the offending character is marked.
  await input.fill("");
  await input.pressSequentially("http://пример.рф/a b", { delay: 5 });
  await page.waitForSelector("#validity[data-state=invalid]");
  const marked = await page.textContent("#marked .err");
  if (marked !== " ") throw new Error(`marked character: ${JSON.stringify(marked)}; expected the space`);
  const message = await page.textContent("#error-message");
  if (!message.includes("U+0020 SPACE")) throw new Error(`error message shown: ${message}`);
  ok("the space of an invalid IRI is marked");

  // Back to the IRI, with a base, for the screenshot.
  await input.fill(IRI);
  await page.locator("#base").fill("https://пример.рф/каталог/");
  await page.waitForFunction(() => document.getElementById("resolved").textContent.startsWith("https://"));
  await page.waitForSelector("#validity[data-state=valid]");
  if (pageErrors.length) throw new Error(`script errors on the page: ${pageErrors.join("; ")}`);
  if (outside.length) throw new Error(`the page asked for outside resources: ${outside.join(", ")}`);
  mkdirSync(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  ok(`screenshot saved to ${screenshot}`);
  console.log(`browser test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A check that fails throws, so reaching here means every check passed.
  console.log(`browser: ${passed} passed, 0 failed`);
}

main()
  .then(async () => {
    clearTimeout(watchdog);
    await cleanup();
    process.exit(0);
  })
  .catch((e) => fail(e && e.message ? e.message : String(e)));
