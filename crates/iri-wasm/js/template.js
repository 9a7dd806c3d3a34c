// URI Templates (RFC 6570) in the npm package `iri-toolkit`: the class Template over the
// WebAssembly module's JsTemplate. Variables go to the module as [name, type, value] triples
// (src/template.rs), so that an object's member order, which an associative array's expansion
// follows, is kept.
import * as wasm from "./iri_toolkit.js";
import { IriError } from "./api.js";

function thrown(e) {
  if (typeof e !== "string") return e;
  const failure = JSON.parse(e);
  return failure.kind === "invalid-argument" ? new TypeError(failure.message) : new IriError(failure);
}

function scalar(v, name) {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  throw new TypeError(`variable ${name}: values must be strings, numbers, arrays or objects of them`);
}

function triples(vars) {
  if (vars === null || typeof vars !== "object" || Array.isArray(vars)) {
    throw new TypeError("vars must be an object of names to values");
  }
  const out = [];
  for (const [name, v] of Object.entries(vars)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out.push([name, "l", v.map((x) => scalar(x, name))]);
    else if (v instanceof Map) out.push([name, "m", [...v].map(([k, x]) => [scalar(k, name), scalar(x, name)])]);
    else if (typeof v === "object") out.push([name, "m", Object.entries(v).map(([k, x]) => [k, scalar(x, name)])]);
    else out.push([name, "s", scalar(v, name)]);
  }
  return JSON.stringify(out);
}

/** A URI Template (RFC 6570), parsed once: see index.d.ts. */
export class Template {
  #inner;
  #text;

  constructor(template) {
    if (typeof template !== "string") throw new TypeError("template must be a string");
    try {
      this.#inner = new wasm.JsTemplate(template);
    } catch (e) {
      throw thrown(e);
    }
    this.#text = template;
  }

  get template() {
    return this.#text;
  }

  get variables() {
    return JSON.parse(this.#inner.variables());
  }

  expand(vars = {}, options = {}) {
    try {
      return this.#inner.expand(triples(vars), Boolean(options.iri));
    } catch (e) {
      throw thrown(e);
    }
  }

  match(text, options = {}) {
    if (typeof text !== "string") throw new TypeError("text must be a string");
    const iri = options.iri === undefined || options.iri === null ? undefined : Boolean(options.iri);
    try {
      return JSON.parse(this.#inner.matchText(text, iri));
    } catch (e) {
      throw thrown(e);
    }
  }

  toString() {
    return this.#text;
  }
}
