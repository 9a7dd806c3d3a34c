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

// The fast path of isValid, parse, resolve and isValidLines (src/fast.rs): strings go into one
// input buffer in the module's memory with TextEncoder.encodeInto, the answers come back as a
// number, places in the slots (a Uint32Array) or bytes in the output buffer; nothing is
// allocated per call on either side. A failure is then asked again of the JSON binding, which
// throws with the details.
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NONE = 0xffffffff;
const HOST_KINDS = ["reg-name", "ipv4", "ipv6", "ipvfuture"];
let memory = null;
let input = new Uint8Array(0);
let inputAt = 0;
let slots = new Uint32Array(0);
const kinds = new Map();

// The input buffer with room for `units` UTF-16 code units (3 bytes each at most).
function room(units) {
  const need = units * 3;
  if (input.length < need || input.byteLength === 0) {
    memory ??= wasm.fastMemory();
    const size = Math.max(need, 256, input.length * 2);
    inputAt = wasm.fastInput(size);
    input = new Uint8Array(memory.buffer, inputAt, size);
  }
  return input;
}

// The slots, as a view that follows the memory when it grows.
function slotView() {
  if (slots.length === 0) {
    memory ??= wasm.fastMemory();
    slots = new Uint32Array(memory.buffer, wasm.fastSlots(), 19);
  }
  return slots;
}

// The code of a grammar's name: 0 (iri-ref) for undefined or null, -1 for an unknown name.
function kindCode(kind) {
  if (kind === undefined || kind === null) return 0;
  if (typeof kind !== "string") return -1;
  let code = kinds.get(kind);
  if (code === undefined) {
    code = wasm.fastKind(kind);
    kinds.set(kind, code);
  }
  return code;
}

// The output bytes of the last call, as a fresh copy.
function outputBytes() {
  const s = slotView();
  return new Uint8Array(memory.buffer, s[17], s[18]);
}

function option(value, name) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new TypeError(`${name} must be a string`);
  return value;
}

export function isValid(input, kind) {
  if (typeof input !== "string") text(input, "input");
  const code = kindCode(kind);
  if (code >= 0) {
    // A lone surrogate is written as U+FFFD, which no IRI or URI may hold: false, as it must be.
    const { written } = encoder.encodeInto(input, room(input.length));
    return wasm.fastIsValid(written, code);
  }
  try {
    // A lone surrogate arrives as U+FFFD, which no IRI or URI may hold: false, as it must be.
    return wasm.isValid(input, option(kind, "kind"));
  } catch (e) {
    throw thrown(e);
  }
}

export function parse(input, kind) {
  const code = kindCode(kind);
  if (code >= 0 && typeof input === "string" && input.isWellFormed?.()) {
    const { written } = encoder.encodeInto(input, room(input.length));
    if (wasm.fastParse(written, code)) {
      const s = slotView();
      const part = (k) => (s[k] === NONE ? null : input.slice(s[k], s[k + 1]));
      // The keys in the order of the JSON binding's object.
      return {
        authority: part(2),
        fragment: part(14),
        host: part(6),
        host_kind: s[16] === NONE ? null : HOST_KINDS[s[16]],
        path: part(10),
        port: part(8),
        query: part(12),
        scheme: part(0),
        userinfo: part(4),
      };
    }
  }
  try {
    return JSON.parse(wasm.parse(text(input, "input"), option(kind, "kind")));
  } catch (e) {
    throw thrown(e);
  }
}

export function resolve(reference, base, options = {}) {
  const preset = options.preset === undefined ? undefined : text(options.preset, "preset");
  if (
    (preset === undefined || preset === "strict") &&
    typeof reference === "string" &&
    typeof base === "string" &&
    reference.isWellFormed?.() &&
    base.isWellFormed?.()
  ) {
    const buf = room(base.length + reference.length);
    const b = encoder.encodeInto(base, buf).written;
    const r = encoder.encodeInto(reference, buf.subarray(b)).written;
    if (wasm.fastResolve(b, r)) return decoder.decode(outputBytes());
  }
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

// Validates every line of `lines` (one string, lines ending at "\n", a "\r" before it dropped;
// or an array of strings, one line each): a Uint8Array with 1 for each valid line, 0 for each
// invalid one. A lone surrogate makes its line invalid, as in isValid.
export function isValidLines(lines, kind) {
  const code = kindCode(kind);
  if (code < 0) {
    // The JSON binding throws the RangeError that names the grammars.
    isValid("", kind);
  }
  if (Array.isArray(lines)) {
    for (let i = 0; i < lines.length; i++) {
      if (typeof lines[i] !== "string") text(lines[i], `lines[${i}]`);
    }
    // One call for all, joined; an element that holds a line feed (no IRI does), or an
    // empty last one, changes the count: then each is checked alone.
    const joined = lines.join("\n");
    const { written } = encoder.encodeInto(joined, room(joined.length));
    const n = wasm.fastValidLines(written, code, false);
    if (n === lines.length) return outputBytes().slice(0, n);
    return Uint8Array.from(lines, (line) => (!line.includes("\n") && isValid(line, kind) ? 1 : 0));
  }
  if (typeof lines !== "string") text(lines, "lines");
  const { written } = encoder.encodeInto(lines, room(lines.length));
  const n = wasm.fastValidLines(written, code, true);
  return outputBytes().slice(0, n);
}
