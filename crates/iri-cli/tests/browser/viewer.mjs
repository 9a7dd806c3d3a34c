// Browser test of the IRI viewer, one page run both ways: served by `iri serve` (the page asks
// /api/inspect) and as the static files of crates/iri-wasm/build.sh opened from disk (file://,
// the page calls the library compiled to WebAssembly). For each, in headless Chromium (Debian's
// /usr/bin/chromium through playwright-core): types an IRI with Arabic and Cyrillic characters,
// checks the components and the URI form shown, checks that an invalid IRI gets its offending
// character marked, that bidi controls in the input never reach the page's text (RFC 3987 §4.1)
// and cannot reorder what follows them, that valid syntax with ERROR diagnostics is not called
// valid; served, that a server error (an input over 8 KiB: 414) replaces the results instead of
// leaving them stale, static, that such an input is inspected in the page; and saves
// screenshots.
//
// Environment: IRI_BIN (the `iri` binary; default target/debug/iri of the workspace),
// VIEWER_DIR (the static viewer; default target/viewer), MODES (default "server,static"),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT (default target/browser/viewer.png; the
// static run's have -static in their names).
// Exit status 0 when every check passes; 1 with a message saying which did not.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.IRI_BIN || join(root, "target/debug/iri");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const screenshotBase = resolve(root, process.env.SCREENSHOT || "target/browser/viewer.png");
const viewerDir = resolve(root, process.env.VIEWER_DIR || "target/viewer");
const modes = (process.env.MODES || "server,static").split(",");

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

// Bidi formatting characters (RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO; and the
// isolates LRI, RLI, FSI, PDI and the Arabic letter mark, which reorder text as well): none
// may appear in the page's text, in its attributes either.
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

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

// The whole test must finish in four minutes.
const watchdog = setTimeout(() => fail("timed out after 240 s"), 240_000);

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

let mode = "";

/** Reports a check that passed. */
function ok(what) {
  passed += 1;
  console.log(`ok (${mode}): ${what}`);
}

async function main() {
  const started = Date.now();
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
  for (const m of modes) {
    mode = m;
    if (m === "server") {
      const url = await startServer();
      console.log(`server: ${url}`);
      await checkViewer(url, url, "server", screenshotBase);
    } else if (m === "static") {
      const index = join(viewerDir, "index.html");
      if (!existsSync(index)) {
        throw new Error(`no static viewer at ${index}: run crates/iri-wasm/build.sh first (or MODES=server)`);
      }
      const url = pathToFileURL(index).href;
      console.log(`static: ${url}`);
      await checkViewer(url, pathToFileURL(viewerDir).href + "/", "wasm", screenshotBase.replace(/\.png$/, "-static.png"));
    } else {
      throw new Error(`unknown mode ${m}: server or static`);
    }
  }
  console.log(`browser test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A check that fails throws, so reaching here means every check passed.
  console.log(`browser: ${passed} passed, 0 failed`);
}

// The checks of one way of running the page: `url` opens it, every resource it loads starts
// with `inside`, and `transport` is what it must say it uses.
async function checkViewer(url, inside, transport, screenshot) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(15_000);
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  const outside = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(inside)) outside.push(r.url());
  });

  await page.goto(url, { waitUntil: "load" });
  const shownTransport = await page.evaluate(() => document.body.dataset.transport);
  if (shownTransport !== transport) throw new Error(`the page uses ${shownTransport}, not ${transport}`);

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

  // A 5,000-character invalid input: a window of 30 characters on each side of the error is
  // shown (the marker on screen, not pages below), the whole input one click away.
  const LONG_INVALID = "http://a/" + "x".repeat(2500) + " " + "y".repeat(2490);
  await input.fill(LONG_INVALID);
  await page.waitForFunction(() => {
    const line = document.querySelector("#marked .err");
    return line && document.getElementById("marked").textContent.includes("…");
  });
  const shownLong = await page.evaluate(() => {
    const err = document.querySelector("#marked .err").getBoundingClientRect();
    const line = document.querySelector("#marked bdi");
    return { text: line.textContent, errTop: err.top, height: window.innerHeight,
      button: document.getElementById("whole-input")?.textContent ?? null };
  });
  const expectedWindow = "…" + "x".repeat(30) + " " + "y".repeat(30) + "…";
  if (shownLong.text !== expectedWindow) throw new Error(`long input shown as ${JSON.stringify(shownLong.text.slice(0, 200))}`);
  if (!(shownLong.errTop > 0 && shownLong.errTop < shownLong.height)) {
    throw new Error(`the marked error is off screen: top ${shownLong.errTop} of ${shownLong.height}`);
  }
  if (!shownLong.button || !shownLong.button.includes("5000 characters")) {
    throw new Error(`no button for the whole input: ${shownLong.button}`);
  }
  await page.click("#whole-input");
  const whole = await page.textContent("#marked bdi");
  if (whole !== LONG_INVALID) throw new Error(`the whole input is not shown after the click (${whole.length} characters)`);
  await page.click("#whole-input");
  if ((await page.textContent("#marked bdi")) !== expectedWindow) throw new Error("the window is not back after a second click");
  ok("a long invalid input is shown around its error, the whole input one click away");

  // An RLO in the path (the "invoice\u202Efdp.exe" spoof): the page shows it as the token
  // <U+202E>, in logical order, and the diagnostic's RFC label after it still reads
  // left to right.
  const SPOOF = "http://a/invoice\u202Efdp.exe";
  await input.fill(SPOOF);
  await page.locator("#base").fill("http://b/\u2067x\u2069/\u200F");
  await page.waitForFunction(() =>
    document.querySelector('#diagnostics li[data-code="bidi-formatting-character"]') !== null &&
    document.getElementById("resolved").textContent.includes("base"),
  ).catch(() => { throw new Error("the page did not show the bidi-formatting-character diagnostic"); });
  const leaks = await page.evaluate((pattern) => {
    const re = new RegExp(pattern, "u");
    const found = [];
    const main = document.querySelector("main");
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (re.test(n.data)) found.push(JSON.stringify(n.data));
    }
    for (const e of main.querySelectorAll("*")) {
      if (e.tagName === "INPUT") continue; // what the user typed, in a dir=ltr field
      for (const a of e.attributes) if (re.test(a.value)) found.push(`${e.tagName}@${a.name}`);
    }
    return found;
  }, BIDI_CONTROLS.source);
  if (leaks.length) throw new Error(`raw bidi controls in the page: ${leaks.join(", ")}`);
  const markedText = await page.textContent("#marked");
  if (markedText !== "http://a/invoice<U+202E>fdp.exe") {
    throw new Error(`marked input shown as ${JSON.stringify(markedText)}`);
  }
  if ((await page.textContent("#marked .err")) !== "<U+202E>") {
    throw new Error(`marked character: ${await page.textContent("#marked .err")}`);
  }
  // Drawn in logical order: each character of the marked line, and of the RFC label after
  // the diagnostic's span, lies to the right of the one before.
  const order = await page.evaluate(() => {
    function xs(root) {
      const out = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (let i = 0; i < n.data.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const rect = r.getBoundingClientRect();
          out.push([n.data[i], rect.left]);
        }
      }
      return out;
    }
    const backwards = (list) => {
      const bad = [];
      for (let i = 1; i < list.length; i++) {
        if (!(list[i][1] > list[i - 1][1])) bad.push(list[i - 1][0] + list[i][0]);
      }
      return bad;
    };
    const li = document.querySelector('#diagnostics li[data-code="bidi-formatting-character"]');
    const label = li.querySelector(":scope > .ref");
    const marker = document.querySelector("#marked .err").getBoundingClientRect();
    const before = xs(document.getElementById("marked")).find(([c]) => c === "<");
    return {
      marked: backwards(xs(document.getElementById("marked"))),
      label: label.textContent,
      labelOrder: backwards(xs(label)),
      markerAt: Math.abs(marker.left - before[1]) < 2,
    };
  });
  if (order.marked.length) throw new Error(`the marked input is drawn out of order at ${order.marked}`);
  if (order.label !== "RFC 3987 §4.1") throw new Error(`RFC label: ${JSON.stringify(order.label)}`);
  if (order.labelOrder.length) throw new Error(`the RFC label is drawn out of order at ${order.labelOrder}`);
  if (!order.markerAt) throw new Error("the marked character is not where <U+202E> is drawn");
  mkdirSync(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-bidi.png"), fullPage: true });
  ok("bidi controls are shown as <U+XXXX> tokens, in logical order, the label reads RFC 3987 §4.1");
  await page.locator("#base").fill("");

  // Valid syntax with ERROR diagnostics is not called valid (overlong UTF-8, RFC 3987 §8).
  await input.fill("http://user:pw@0x7f.1/%C0%AF..");
  await page.waitForFunction(() => document.getElementById("validity").textContent.startsWith("valid syntax"))
    .catch(async () => { throw new Error(`validity shown: ${await page.textContent("#validity")}`); });
  const validity = await page.evaluate(() => {
    const v = document.getElementById("validity");
    const probe = document.createElement("span");
    probe.style.color = "var(--bad)";
    document.body.appendChild(probe);
    const bad = getComputedStyle(probe).color;
    probe.remove();
    return {
      text: v.textContent,
      color: getComputedStyle(v).color,
      bad,
      errors: document.querySelectorAll("#diagnostics .sev.error").length,
    };
  });
  if (validity.text !== `valid syntax, ${validity.errors} errors in diagnostics` || validity.errors !== 2) {
    throw new Error(`validity line: ${JSON.stringify(validity.text)} with ${validity.errors} ERROR diagnostics`);
  }
  if (validity.color !== validity.bad) throw new Error(`validity colour ${validity.color}, not ${validity.bad}`);
  ok("valid syntax with 2 ERROR diagnostics says so, in the error colour");

  // More than 8 KiB. Served: the server answers 414 (JSON) and the page shows that error in
  // place of the results, none of the previous input's results left. Static: no server, no
  // limit; the page inspects it.
  await input.fill(IRI);
  await page.waitForSelector("#validity[data-state=valid]");
  const LONG = "http://a/" + "é".repeat(1500);
  await input.fill(LONG);
  if (transport === "server") {
    await page.waitForSelector("#validity[data-state=error]")
      .catch(async () => { throw new Error(`after a long input the page shows: ${await page.textContent("#validity")} / ${await page.textContent("#error-message")}`); });
    const shown = await page.evaluate(() => ({
      validity: document.getElementById("validity").textContent,
      resultsHidden: document.getElementById("results").hidden,
      components: document.getElementById("components").childElementCount,
      stale: document.querySelector("main").innerText.includes("пример"),
    }));
    if (!shown.validity.includes("414 URI Too Long") || !shown.validity.includes("8192")) {
      throw new Error(`error shown: ${JSON.stringify(shown.validity)}`);
    }
    if (!shown.resultsHidden || shown.components !== 0 || shown.stale) {
      throw new Error(`stale results shown with the error: ${JSON.stringify(shown)}`);
    }
    // And back.
    await input.fill("http://a/b");
    await page.waitForSelector("#validity[data-state=valid]");
    if (await page.evaluate(() => document.getElementById("results").hidden)) {
      throw new Error("the results stay hidden after the error");
    }
    ok("an input over 8 KiB shows the server's 414 in place of the results");
  } else {
    await page.waitForFunction((long) => {
      const comps = document.getElementById("components");
      const text = [...comps.querySelectorAll(".component .text")].map((e) => e.textContent).join("");
      return document.getElementById("validity").dataset.state === "valid" && text === long;
    }, LONG).catch(async () => { throw new Error(`after a long input the page shows: ${await page.textContent("#validity")}`); });
    const uriShown = await page.textContent("#uri");
    if (uriShown !== expectedUri(LONG)) throw new Error("the URI form of the long input is not shown whole");
    ok("an input over 8 KiB is inspected in the page, whole");
  }

  // Back to the IRI, with a base, for the screenshot.
  await input.fill(IRI);
  await page.locator("#base").fill("https://пример.рф/каталог/");
  await page.waitForFunction(() => document.getElementById("resolved").textContent.startsWith("https://"));
  await page.waitForSelector("#validity[data-state=valid]");
  if (pageErrors.length) throw new Error(`script errors on the page: ${pageErrors.join("; ")}`);
  if (outside.length) throw new Error(`the page asked for outside resources: ${outside.join(", ")}`);
  const footer = await page.textContent("#footer");
  if (!footer.includes(transport === "wasm" ? "WebAssembly" : "iri serve")) throw new Error(`footer: ${footer}`);
  await page.screenshot({ path: screenshot, fullPage: true });
  ok(`screenshot saved to ${screenshot}`);
  await page.close();
}

main()
  .then(async () => {
    clearTimeout(watchdog);
    await cleanup();
    process.exit(0);
  })
  .catch((e) => fail(e && e.message ? e.message : String(e)));
