// The functions of the npm package `iri-toolkit`, over the exports of its WebAssembly module
// (iri_toolkit.js, written by wasm-bindgen). The module answers structured results as JSON
// text and throws a failure as the JSON text of one; these functions parse both and throw an
// IriError. Before a call, each checks that its arguments are strings and, where a result or
// an error would otherwise be about a U+FFFD that the caller never wrote, that they hold no
// lone surrogate (a JavaScript string may; UTF-8, and so an IRI, cannot).
import * as wasm from "./iri_toolkit.js";

/** Why a call gave no result: see index.d.ts. */
export class IriError extends Error {
  constructor(failure) {
    super(failure.message);
    this.name = "IriError";
    this.kind = failure.kind;
    this.component = failure.component;
    this.offset = failure.offset;
    this.index = failure.index;
    this.argument = failure.argument;
  }
}

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
  const wellFormed = typeof value.isWellFormed === "function" ? value.isWellFormed() : !LONE.test(value);
  const m = wellFormed ? null : LONE.exec(value);
  if (m) {
    const unit = m[0].charCodeAt(0).toString(16).toUpperCase();
    throw new IriError({
      kind: "lone-surrogate",
      component: null,
      offset: null,
      index: m.index,
      message: `${name} holds a lone surrogate U+${unit} at index ${m.index}, which is not a Unicode ` +
        "character and has no UTF-8 form",
      argument: name,
    });
  }
  return value;
}

function option(value, name) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new TypeError(`${name} must be a string`);
  return value;
}

export function isValid(input, kind) {
  if (typeof input !== "string") text(input, "input");
  try {
    // A lone surrogate arrives as U+FFFD, which no IRI or URI may hold: false, as it must be.
    return wasm.isValid(input, option(kind, "kind"));
  } catch (e) {
    throw thrown(e);
  }
}

export function parse(input, kind) {
  try {
    return JSON.parse(wasm.parse(text(input, "input"), option(kind, "kind")));
  } catch (e) {
    throw thrown(e);
  }
}

export function resolve(reference, base, options = {}) {
  const preset = options.preset === undefined ? undefined : text(options.preset, "preset");
  try {
    return wasm.resolve(text(reference, "reference"), text(base, "base"), preset);
  } catch (e) {
    throw thrown(e);
  }
}

export function relativize(target, base) {
  try {
    return wasm.relativize(text(target, "target"), text(base, "base"));
  } catch (e) {
    throw thrown(e);
  }
}

export function toUri(input, options = {}) {
  try {
    return wasm.toUri(text(input, "input"), Boolean(options.idna));
  } catch (e) {
    throw thrown(e);
  }
}

export function toIri(input, options = {}) {
  try {
    return wasm.toIri(text(input, "input"), Boolean(options.idna));
  } catch (e) {
    throw thrown(e);
  }
}

export function normalize(input, options = {}) {
  try {
    return wasm.normalize(
      text(input, "input"),
      option(options.level, "level"),
      option(options.form, "form"),
      Boolean(options.nfc),
      Boolean(options.nfkc),
      Boolean(options.ignoreFragment),
    );
  } catch (e) {
    throw thrown(e);
  }
}

export function lint(input) {
  return JSON.parse(wasm.lint(text(input, "input")));
}

export function inspect(input, base, options = {}) {
  const b = base === undefined || base === null ? undefined : text(base, "base");
  const preset = options.preset === undefined ? undefined : text(options.preset, "preset");
  try {
    return JSON.parse(wasm.inspect(text(input, "input"), b, preset));
  } catch (e) {
    throw thrown(e);
  }
}

export function resolveRelative(reference, base, options = {}) {
  const preset = options.preset === undefined ? undefined : text(options.preset, "preset");
  try {
    return wasm.resolveRelative(text(reference, "reference"), text(base, "base"), preset);
  } catch (e) {
    throw thrown(e);
  }
}

export function parseZoned(input, kind) {
  try {
    return JSON.parse(wasm.parseZoned(text(input, "input"), option(kind, "kind")));
  } catch (e) {
    throw thrown(e);
  }
}
