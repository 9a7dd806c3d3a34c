// The live IRI viewer: asks /api/inspect on every change and shows the answer.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const iriInput = $("iri");
  const baseInput = $("base");
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

  function setText(id, value) {
    const e = $(id);
    clear(e);
    e.className = e.className.replace(/\b(na|failed)\b/g, "").trim();
    if (value === null || value === undefined) {
      e.appendChild(el("span", "na", "—"));
    } else {
      e.textContent = value;
    }
  }

  function render(v) {
    const validity = $("validity");
    const marked = $("marked");
    clear(marked);
    $("error-message").textContent = "";
    if (v.valid) {
      validity.className = "validity ok";
      validity.dataset.state = "valid";
      validity.textContent = v.absolute ? "✓ valid IRI" : "✓ valid relative IRI reference";
      marked.textContent = v.input;
    } else {
      validity.className = "validity bad";
      validity.dataset.state = "invalid";
      validity.textContent = "✗ invalid: " + v.error.kind + " in the " + v.error.component;
      marked.appendChild(document.createTextNode(v.error.before));
      const bad = el("span", "err" + (v.error.char === "" ? " end" : ""), v.error.char || " ");
      bad.title = v.error.message;
      marked.appendChild(bad);
      marked.appendChild(document.createTextNode(v.error.after));
      $("error-message").textContent = v.error.message;
    }

    const comps = $("components");
    clear(comps);
    for (const c of v.components || []) {
      const box = el("span", "component");
      box.dataset.part = c.part;
      box.appendChild(el("span", "text", c.text));
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
      tr.appendChild(el("td", "mono", n.iri));
      tr.appendChild(el("td", "mono", n.uri));
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
      resolved.appendChild(el("span", "failed", "base: " + v.base.error.message));
    } else if (!v.resolved) {
      resolved.appendChild(el("span", "na", "— (the reference is not valid)"));
    } else {
      resolved.appendChild(el("div", null, v.resolved.iri));
      resolved.appendChild(el("div", "note", "URI form: " + v.resolved.uri));
    }

    const diags = $("diagnostics");
    clear(diags);
    for (const d of v.diagnostics) {
      const li = el("li");
      li.dataset.code = d.code;
      li.appendChild(el("span", "sev " + d.severity, d.severity));
      li.appendChild(el("span", "code", d.code));
      li.appendChild(document.createTextNode(": " + d.message + " "));
      if (d.text) li.appendChild(el("span", "span mono", d.text));
      li.appendChild(el("span", "ref", d.section));
      if (d.suggestion !== null) li.appendChild(el("div", "note", "suggestion: " + d.suggestion));
      diags.appendChild(li);
    }
    if (v.diagnostics.length === 0) diags.appendChild(el("li", "na", "none"));

    setText("bidi-display", v.bidi.display_escaped);
    setText("bidi-visual", v.bidi.visual);
  }

  function showEmpty() {
    const validity = $("validity");
    validity.className = "validity empty";
    validity.dataset.state = "empty";
    validity.textContent = "Type an IRI above.";
  }

  async function update() {
    const mine = ++sequence;
    const params = new URLSearchParams();
    params.set("iri", iriInput.value);
    if (baseInput.value) params.set("base", baseInput.value);
    try {
      const res = await fetch("/api/inspect?" + params.toString());
      const v = await res.json();
      if (mine !== sequence) return; // a newer answer is on its way
      if (!res.ok) {
        $("error-message").textContent = v.error ? v.error.message : res.statusText;
        return;
      }
      render(v);
      document.body.dataset.shown = String(mine);
    } catch (e) {
      if (mine === sequence) $("error-message").textContent = "the server did not answer: " + e;
    }
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(update, 40);
  }

  iriInput.addEventListener("input", schedule);
  baseInput.addEventListener("input", schedule);
  $("form").addEventListener("submit", (e) => e.preventDefault());
  const fromUrl = new URLSearchParams(location.search);
  if (fromUrl.has("iri")) iriInput.value = fromUrl.get("iri");
  if (fromUrl.has("base")) baseInput.value = fromUrl.get("base");
  if (iriInput.value) update(); else showEmpty();
})();
