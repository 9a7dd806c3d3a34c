// Making and changing IRIs (RFC 3987 §2.2, RFC 3986 §3, §4.2) in the npm package
// `iri-toolkit`: the builder, setters, encoders and query pairs of the library, over the
// exports of its WebAssembly module. Strings are immutable, so every edit returns the new
// text; a failure is thrown as an IriError (offset: the byte in the text being written).
import * as wasm from "./iri_toolkit.js";
import { IriError } from "./api.js";

function thrown(e) {
  if (typeof e !== "string") return e;
  const failure = JSON.parse(e);
  return failure.kind === "invalid-argument" ? new RangeError(failure.message) : new IriError(failure);
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function text(value, name) {
  if (typeof value !== "string") {
    throw new TypeError(`${name} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  const m = LONE.exec(value);
  if (m) {
    throw new IriError({
      kind: "lone-surrogate",
      component: null,
      offset: null,
      index: m.index,
      message: `${name} holds a lone surrogate at index ${m.index}, which has no UTF-8 form`,
      argument: name,
    });
  }
  return value;
}

function components(value, name) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object`);
  }
  for (const [k, v] of Object.entries(value)) {
    if (v !== null) text(v, k);
  }
  return JSON.stringify(value);
}

function call(f) {
  try {
    return f();
  } catch (e) {
    throw thrown(e);
  }
}

export function build(parts, options = {}) {
  return call(() => wasm.buildIri(components(parts, "components"), !!options.uri));
}

export function withComponents(input, changes) {
  return call(() => wasm.withComponents(text(input, "input"), components(changes, "changes")));
}

export function pushPathSegment(input, raw, options = {}) {
  return call(() => wasm.pushPathSegment(text(input, "input"), text(raw, "segment"), !!options.uri));
}

export function popPathSegment(input) {
  return call(() => wasm.popPathSegment(text(input, "input")));
}

export function queryPairs(input, options = {}) {
  return call(() => JSON.parse(wasm.queryPairs(text(input, "input"), !!options.form, !!options.semicolon)));
}

function value(v) {
  return v === undefined || v === null ? undefined : text(v, "value");
}

export function appendQueryPair(input, name, v, options = {}) {
  return call(() => wasm.appendQueryPair(text(input, "input"), text(name, "name"), value(v), !!options.form));
}

export function setQueryPair(input, name, v, options = {}) {
  return call(() =>
    wasm.setQueryPair(text(input, "input"), text(name, "name"), value(v), !!options.form, !!options.semicolon),
  );
}

export function removeQueryPairs(input, name, options = {}) {
  return call(() => wasm.removeQueryPairs(text(input, "input"), text(name, "name"), !!options.form, !!options.semicolon));
}

export function encodeComponent(raw, component, options = {}) {
  return call(() => wasm.encodeComponent(text(raw, "raw"), text(component, "component"), !!options.uri));
}

export function decodeComponent(encoded, options = {}) {
  return call(() => wasm.decodeComponent(text(encoded, "text"), !!options.form));
}
