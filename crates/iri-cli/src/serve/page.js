// The live IRI viewer: inspects the input on every change and shows the answer. One page, two
// transports: served by `iri serve`, it asks the server's /api/inspect; written as static
// files (crates/iri-wasm/build.sh), this script comes after the library compiled to
// WebAssembly, which defines `iriViewerWasm`, and the page asks that instead. Both answer
// the same JSON, made by the same code.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const iriInput = $("iri");
  const baseInput = $("base");
  // { ready: Promise of the module's exports } in the static page; null when served.
  const wasm = typeof iriViewerWasm === "object" && iriViewerWasm !== null ? iriViewerWasm : null;
  let sequence = 0;
  let timer = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function clear(e) {
    while (e.firstChild) e.removeChild(e.firstChild);
  }

  // Bidi formatting characters (RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO) and the
  // others that reorder text (ALM, LRI, RLI, FSI, PDI). None of them is ever put into the
  // page: each is shown as a visible token, <U+202E>, as the command's text output does.
  const CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

  function token(c) {
    return "<U+" + c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") + ">";
  }

  // Text with the controls spelled as tokens, for prose and attributes.
  function plain(text) {
    return String(text).replace(CONTROLS, token);
  }

  // Appends `text` to `parent`, each control as a marked token.
  function appendNeutral(parent, text) {
    text = String(text);
    let last = 0;
    for (const m of text.matchAll(CONTROLS)) {
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      parent.appendChild(el("span", "ctl", token(m[0])));
      last = m.index + m[0].length;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
    return parent;
  }

  // One shown value: left to right, isolated from the text around it (<bdi dir="ltr">), its
  // controls as tokens. Right-to-left characters inside still read right to left.
  function value(text, cls) {
    const b = el("bdi", cls ? "value " + cls : "value");
    b.dir = "ltr";
    return appendNeutral(b, text);
  }

  function setText(id, text) {
    const e = $(id);
    clear(e);
    e.classList.remove("failed");
    if (text === null || text === undefined) {
      e.appendChild(el("span", "na", "—"));
    } else {
      e.appendChild(value(text));
    }
  }

  function setValidity(state, cls, text) {
    const validity = $("validity");
    validity.className = "validity " + cls;
    validity.dataset.state = state;
    validity.textContent = text;
  }

  // Characters of an invalid input shown on each side of its error, as `iri lint` does in
  // text; the whole input is one click away (#whole-input), until the input changes.
  const CONTEXT = 30;
  let wholeInput = false;

  // `text` cut to its last (`fromEnd`) or first CONTEXT characters, unless the whole input is
  // asked for; and whether it was cut.
  function around(text, fromEnd) {
    const chars = Array.from(String(text));
    if (wholeInput || chars.length <= CONTEXT) return { text: String(text), cut: false };
    return { text: (fromEnd ? chars.slice(-CONTEXT) : chars.slice(0, CONTEXT)).join(""), cut: true };
  }

  function render(v) {
    const marked = $("marked");
    clear(marked);
    $("error-message").textContent = "";
    $("results").hidden = false;
    if (v.valid) {
      const errors = v.diagnostics.filter((d) => d.severity === "error").length;
      if (errors > 0) {
        // Valid syntax, yet an ERROR diagnostic (RFC 3987 §8, say): not "valid".
        setValidity("valid-with-errors", "bad",
          "valid syntax, " + errors + (errors === 1 ? " error" : " errors") + " in diagnostics");
      } else {
        setValidity("valid", "ok", v.absolute ? "✓ valid IRI" : "✓ valid relative IRI reference");
      }
      marked.appendChild(value(v.input));
    } else {
      setValidity("invalid", "bad", "✗ invalid: " + v.error.kind + " in the " + v.error.component);
      const line = el("bdi", "value");
      line.dir = "ltr";
      const before = around(v.error.before, true);
      const after = around(v.error.after, false);
      if (before.cut) line.appendChild(el("span", "cut", "…"));
      appendNeutral(line, before.text);
      const bad = el("span", "err" + (v.error.char === "" ? " end" : ""));
      if (v.error.char === "") bad.textContent = " ";
      else appendNeutral(bad, v.error.char);
      bad.title = plain(v.error.message);
      line.appendChild(bad);
      appendNeutral(line, after.text);
      if (after.cut) line.appendChild(el("span", "cut", "…"));
      marked.appendChild(line);
      if (before.cut || after.cut || wholeInput) {
        const n = Array.from(String(v.input)).length;
        const button = el("button", "whole",
          wholeInput ? "show only around the error" : "show the whole input (" + n + " characters)");
        button.type = "button";
        button.id = "whole-input";
        button.addEventListener("click", () => {
          wholeInput = !wholeInput;
          render(v);
        });
        marked.appendChild(button);
      }
      $("error-message").textContent = plain(v.error.message);
    }

    const comps = $("components");
    clear(comps);
    for (const c of v.components || []) {
      const box = el("span", "component");
      box.dataset.part = c.part;
      box.appendChild(value(c.text, "text"));
      box.appendChild(el("span", "name", c.part === "delimiter" ? "\u00a0" : c.part));
      comps.appendChild(box);
    }
    if (!v.components) comps.appendChild(el("span", "na", "— (not a valid IRI reference)"));
    $("host-kind").textContent = v.host_kind ? "host kind: " + v.host_kind : "";

    setText("uri", v.uri);
    if (v.uri_idna && v.uri_idna.error) {
      setText("uri-idna", v.uri_idna.error);
      $("uri-idna").classList.add("failed");
    } else {
      setText("uri-idna", v.uri_idna ? v.uri_idna.value : null);
    }
    setText("iri-form", v.iri);
    setText("iri-idna", v.iri_idna);

    const norm = $("normalized");
    clear(norm);
    for (const n of v.normalized || []) {
      const tr = el("tr");
      tr.appendChild(el("th", null, n.level));
      tr.appendChild(el("td", "mono")).appendChild(value(n.iri));
      tr.appendChild(el("td", "mono")).appendChild(value(n.uri));
      norm.appendChild(tr);
    }
    if (!v.normalized) {
      const tr = el("tr");
      tr.appendChild(el("td", "na", "—"));
      norm.appendChild(tr);
    }

    const resolved = $("resolved");
    clear(resolved);
    if (!v.base) {
      resolved.appendChild(el("span", "na", "— (no base)"));
    } else if (!v.base.valid) {
      resolved.appendChild(el("span", "failed", "base: " + plain(v.base.error.message)));
    } else if (!v.resolved) {
      resolved.appendChild(el("span", "na", "— (the reference is not valid)"));
    } else {
      resolved.appendChild(el("div")).appendChild(value(v.resolved.iri));
      const uri = resolved.appendChild(el("div", "note", "URI form: "));
      uri.appendChild(value(v.resolved.uri));
    }

    const diags = $("diagnostics");
    clear(diags);
    for (const d of v.diagnostics) {
      const li = el("li");
      li.dataset.code = d.code;
      li.appendChild(el("span", "sev " + d.severity, d.severity));
      li.appendChild(el("span", "code", d.code));
      li.appendChild(document.createTextNode(": " + plain(d.message) + " "));
      if (d.text) li.appendChild(value(d.text, "span mono"));
      li.appendChild(el("span", "ref", d.section));
      if (d.suggestion !== null) {
        li.appendChild(el("div", "note", "suggestion: ")).appendChild(value(d.suggestion, "mono"));
      }
      diags.appendChild(li);
    }
    if (v.diagnostics.length === 0) diags.appendChild(el("li", "na", "none"));

    setText("bidi-display", v.bidi.display_escaped);
    setText("bidi-visual", v.bidi.visual);
  }

  // An answer that is not an inspection (an HTTP error, or no answer): shown in place of the
  // results, none of which stays on the page.
  function showFailure(text) {
    setValidity("error", "bad", "✗ " + plain(text));
    clear($("marked"));
    $("error-message").textContent = "";
    for (const id of ["components", "uri", "uri-idna", "iri-form", "iri-idna", "normalized",
      "resolved", "diagnostics", "bidi-display", "bidi-visual"]) clear($(id));
    $("host-kind").textContent = "";
    $("results").hidden = true;
  }

  function showEmpty() {
    setValidity("empty", "empty", "Type an IRI above.");
  }

  // The server's answer to one inspection: { ok, status, reason, body }.
  async function askServer(iri, base, preset) {
    const params = new URLSearchParams();
    params.set("iri", iri);
    if (base) params.set("base", base);
    if (preset && preset !== "strict") params.set("preset", preset);
    const res = await fetch("/api/inspect?" + params.toString());
    return { ok: res.ok, status: res.status, reason: res.statusText, body: await res.text() };
  }

  // The same answer from the WebAssembly module, in this page: no request, no size limit.
  async function askWasm(iri, base, preset) {
    const library = await wasm.ready;
    return { ok: true, status: 200, reason: "OK", body: library.inspect(iri, base || undefined, preset || undefined) };
  }

  async function update() {
    const mine = ++sequence;
    let answer;
    try {
      answer = await (wasm ? askWasm : askServer)(iriInput.value, baseInput.value, $("preset").value);
    } catch (e) {
      if (mine === sequence) {
        showFailure((wasm ? "the WebAssembly module failed: " : "the server did not answer: ") + e);
      }
      return;
    }
    if (mine !== sequence) return; // a newer answer is on its way
    const body = answer.body;
    let v = null;
    try {
      v = JSON.parse(body);
    } catch (e) {
      v = null;
    }
    if (!answer.ok) {
      // Every error of the server is {"error":{"status","reason","message"}}.
      const e = v && v.error ? v.error : { status: answer.status, reason: answer.reason, message: body };
      showFailure("the server refused the request: " + e.status + " " + e.reason + ": " + e.message);
    } else if (v === null || typeof v !== "object" || !Array.isArray(v.diagnostics)) {
      showFailure((wasm ? "the module's" : "the server's") + " answer is not an inspection: " + body.slice(0, 200));
    } else {
      render(v);
    }
    document.body.dataset.shown = String(mine);
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(update, 40);
  }

  if (wasm) {
    document.body.dataset.transport = "wasm";
    $("footer").textContent = "A static page: the iri library, compiled to WebAssembly, inspects " +
      "each IRI in this browser; nothing is sent anywhere.";
  } else {
    document.body.dataset.transport = "server";
  }
  iriInput.addEventListener("input", () => {
    wholeInput = false;
    schedule();
  });
  baseInput.addEventListener("input", schedule);
  $("preset").addEventListener("change", schedule);
  $("form").addEventListener("submit", (e) => e.preventDefault());
  const fromUrl = new URLSearchParams(location.search);
  if (fromUrl.has("iri")) iriInput.value = fromUrl.get("iri");
  if (fromUrl.has("base")) baseInput.value = fromUrl.get("base");
  if (fromUrl.has("preset")) $("preset").value = fromUrl.get("preset");
  if (iriInput.value) update(); else showEmpty();
})();

// The template box: a URI Template (RFC 6570) and its variables (a JSON object), expanded
// to a URI and to an IRI as they are typed; served, by /api/expand; static, by the
// WebAssembly module's JsTemplate. Text is shown with hidden characters as <U+XXXX>.
(function () {
  const $ = (id) => document.getElementById(id);
  const input = $("template");
  const varsInput = $("template-vars");
  if (!input || !varsInput) return;
  const wasm = typeof iriViewerWasm === "object" && iriViewerWasm !== null ? iriViewerWasm : null;
  const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/gu;
  const shown = (text) => text.replace(HIDDEN, (c) => "<U+" + c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") + ">");
  let sequence = 0;
  let timer = null;

  function show(answer) {
    const e = answer.error;
    $("template-uri").textContent = e ? "" : shown(answer.uri);
    $("template-iri").textContent = e ? "" : shown(answer.iri);
    $("template-error").textContent = e ? shown(e.message) : "";
    document.body.dataset.template = e ? "error" : "ok";
  }

  // The variables as the module takes them: [name, type, value] triples in order.
  function triples(vars) {
    const out = [];
    const scalar = (v) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : null);
    for (const [name, v] of Object.entries(vars)) {
      if (v === null) continue;
      if (Array.isArray(v)) out.push([name, "l", v.map(scalar)]);
      else if (typeof v === "object") out.push([name, "m", Object.entries(v).map(([k, x]) => [k, scalar(x)])]);
      else out.push([name, "s", scalar(v)]);
    }
    return JSON.stringify(out);
  }

  async function askWasm(template, varsText) {
    const library = await wasm.ready;
    let vars = {};
    try {
      vars = varsText.trim() ? JSON.parse(varsText) : {};
      if (vars === null || typeof vars !== "object" || Array.isArray(vars)) throw new Error("the variables must be a JSON object");
    } catch (e) {
      return { error: { kind: "invalid-vars", message: String(e.message || e) } };
    }
    let t = null;
    try {
      t = new library.JsTemplate(template);
      const v = triples(vars);
      return { uri: t.expand(v, false), iri: t.expand(v, true) };
    } catch (e) {
      return { error: typeof e === "string" ? JSON.parse(e) : { kind: "invalid-vars", message: String(e) } };
    } finally {
      if (t) t.free();
    }
  }

  async function askServer(template, varsText) {
    const params = new URLSearchParams();
    params.set("template", template);
    params.set("vars", varsText);
    const res = await fetch("/api/expand?" + params.toString());
    const body = await res.text();
    if (!res.ok) return { error: { message: "the server refused the request: " + res.status + " " + body } };
    return JSON.parse(body);
  }

  async function update() {
    const mine = ++sequence;
    if (!input.value) {
      show({ uri: "", iri: "" });
      return;
    }
    let answer;
    try {
      answer = await (wasm ? askWasm : askServer)(input.value, varsInput.value);
    } catch (e) {
      answer = { error: { message: String(e) } };
    }
    if (mine === sequence) show(answer);
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(update, 40);
  }

  input.addEventListener("input", schedule);
  varsInput.addEventListener("input", schedule);
  $("template-form").addEventListener("submit", (e) => e.preventDefault());
})();
