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
// Bytes given as lines decode as the module reads them: a leading U+FEFF is a character.
const bomKeeper = new TextDecoder("utf-8", { ignoreBOM: true });
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
    slots = new Uint32Array(memory.buffer, wasm.fastSlots(), 21);
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

// The text of bytes that are all ASCII, as the batch map writes: Node.js's Buffer decodes them
// about twice as quickly as TextDecoder (which looks for multi-byte UTF-8); elsewhere
// TextDecoder.
const NodeBuffer = globalThis.Buffer;
function asciiText(bytes) {
  if (typeof NodeBuffer?.from !== "function") return decoder.decode(bytes);
  return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("ascii");
}

// The output bytes of the last call (a view into the module's memory).
function outputBytes() {
  const s = slotView();
  return new Uint8Array(memory.buffer, s[17], s[18]);
}

// The second output of the last batch map: one byte per line (a view).
function flagBytes() {
  const s = slotView();
  return new Uint8Array(memory.buffer, s[19], s[20]);
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
  if (code >= 0 && typeof input === "string") {
    const { written } = encoder.encodeInto(input, room(input.length));
    if (wasm.fastParse(written, input.length, code)) {
      const s = slotView();
      // The keys in the order of the JSON binding's object; each part sliced out of the input.
      return {
        authority: s[2] === NONE ? null : input.slice(s[2], s[3]),
        fragment: s[14] === NONE ? null : input.slice(s[14], s[15]),
        host: s[6] === NONE ? null : input.slice(s[6], s[7]),
        host_kind: s[16] === NONE ? null : HOST_KINDS[s[16]],
        path: input.slice(s[10], s[11]),
        port: s[8] === NONE ? null : input.slice(s[8], s[9]),
        query: s[12] === NONE ? null : input.slice(s[12], s[13]),
        scheme: s[0] === NONE ? null : input.slice(s[0], s[1]),
        userinfo: s[4] === NONE ? null : input.slice(s[4], s[5]),
      };
    }
    // Why not: a lone surrogate (written as U+FFFD) throws here; any other failure is read
    // from the input buffer (the lite module has no fastParseFailure: the JSON binding below).
    text(input, "input");
    const failure = wasm.fastParseFailure?.(written, code);
    if (failure) throw new IriError(JSON.parse(failure));
  }
  try {
    return JSON.parse(wasm.parse(text(input, "input"), option(kind, "kind")));
  } catch (e) {
    throw thrown(e);
  }
}

export function resolve(reference, base, options) {
  const preset = options?.preset === undefined ? undefined : text(options.preset, "preset");
  // A lone surrogate is written as U+FFFD, which no IRI may hold: the JSON binding then throws.
  if ((preset === undefined || preset === "strict") && typeof reference === "string" && typeof base === "string") {
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

// Writes the lines of an array into the input buffer as one text, each ended by a line feed
// (so that an empty last one counts), joined and encoded a thousand lines at a time: twice as
// quick as one join of all of them, whose string is large and, with one non-Latin-1 line in
// it, two bytes a unit. An element that is not a string is a TypeError. Returns the text's
// length in bytes.
const JOIN = 1024;
function putLines(lines) {
  let units = lines.length;
  for (let i = 0; i < lines.length; i++) {
    if (typeof lines[i] !== "string") text(lines[i], `lines[${i}]`);
    units += lines[i].length;
  }
  const buf = room(units);
  let at = 0;
  for (let i = 0; i < lines.length; i += JOIN) {
    at += encoder.encodeInto(lines.slice(i, i + JOIN).join("\n"), buf.subarray(at)).written;
    buf[at++] = 10;
  }
  return at;
}

// Writes one text of lines into the input buffer: a string with encodeInto, or the bytes of a
// Uint8Array (a Buffer too: UTF-8, as read from a file) as they are, a copy without transcoding;
// returns its length in bytes.
function putText(lines) {
  if (lines instanceof Uint8Array) {
    room(Math.ceil(lines.length / 3)).set(lines);
    return lines.length;
  }
  if (typeof lines !== "string") text(lines, "lines");
  return encoder.encodeInto(lines, room(lines.length)).written;
}

// Validates every line of `lines` (one string, lines ending at "\n", a "\r" before it dropped;
// the same as UTF-8 bytes in a Uint8Array, where a line that is not UTF-8 is invalid; or an
// array of strings, one line each): a Uint8Array with 1 for each valid line, 0 for each invalid
// one. A lone surrogate makes its line invalid, as in isValid.
export function isValidLines(lines, kind) {
  const code = kindCode(kind);
  if (code < 0) {
    // The JSON binding throws the RangeError that names the grammars.
    isValid("", kind);
  }
  if (Array.isArray(lines)) {
    // One call for all, each line ended by a line feed; an element that holds one (no IRI
    // does) adds to the count: then each is checked alone.
    const n = wasm.fastValidLines(putLines(lines), code, false);
    if (n === lines.length) return outputBytes().slice(0, n);
    return Uint8Array.from(lines, (line) => (!line.includes("\n") && isValid(line, kind) ? 1 : 0));
  }
  const n = wasm.fastValidLines(putText(lines), code, true);
  return outputBytes().slice(0, n);
}

// Maps every line of `lines` (as in isValidLines) from an IRI reference to a URI reference
// (RFC 3987 §3.1, toUri without IDNA) in one call: an array with the URI reference of each
// line, or null for a line that is not an IRI reference (which toUri would throw for).
export function toUriLines(lines) {
  if (wasm.fastToUriLines === undefined) return toUriEach(lines);
  // Whether the output holds a line for each line (bytes), or for each non-ASCII line mapped.
  let n, every = false;
  if (Array.isArray(lines)) {
    // An ASCII line is its own URI: flagged 2 and left out of the output, the element reused.
    n = wasm.fastToUriLines(putLines(lines), false, true);
    // An element that holds a line feed (no IRI does) adds to the count: each alone then.
    if (n !== lines.length) return toUriEach(lines);
  } else if (typeof lines === "string") {
    // The same for one string, whose lines are cut from it (a "\r" at the end dropped).
    n = wasm.fastToUriLines(putText(lines), true, true);
    lines = lines.split("\n");
  } else {
    n = wasm.fastToUriLines(putText(lines), true, false);
    every = true;
  }
  const flags = flagBytes().slice(0, n);
  // A URI is ASCII: one string for all, cut at the line feeds.
  const uris = asciiText(outputBytes()).split("\n");
  const out = new Array(n);
  for (let i = 0, k = 0; i < n; i++) {
    if (flags[i] === 1) out[i] = uris[every ? i : k++];
    else if (flags[i] === 2) out[i] = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    else out[i] = null;
  }
  return out;
}

// Maps every line of `lines` (as in isValidLines) as toUriLines does, answered as one text: the
// URI references joined by "\n" (an empty line for a line that is not an IRI reference) and a
// Uint8Array with 1 for each line mapped, 0 for each that is not. No string per line is made:
// the module writes the whole text, which is decoded once.
export function toUriText(lines) {
  const out = mapAll(lines);
  if (Array.isArray(out)) return { text: out.map((u) => u ?? "").join("\n"), mapped: mappedOf(out) };
  return { text: asciiText(out.bytes), mapped: out.mapped };
}

// The same as UTF-8 bytes (every byte ASCII): the bytes of toUriText's text, without decoding
// them into a string, which is quicker still.
export function toUriBytes(lines) {
  const out = mapAll(lines);
  if (Array.isArray(out)) return { bytes: encoder.encode(out.map((u) => u ?? "").join("\n")), mapped: mappedOf(out) };
  return { bytes: out.bytes.slice(), mapped: out.mapped };
}

const mappedOf = (uris) => Uint8Array.from(uris, (u) => (u === null ? 0 : 1));

// The batch map of every line into one output: a view of its bytes (the URI references joined
// by "\n", until the next call) and the flags; or, where the module has no batch map or an
// element of an array holds a line feed, the array of toUriEach.
function mapAll(lines) {
  let n = -1;
  if (wasm.fastToUriLines !== undefined) {
    if (Array.isArray(lines)) {
      n = wasm.fastToUriLines(putLines(lines), false, false);
      // An element that holds a line feed (no IRI does) adds to the count: each alone then.
      if (n !== lines.length) n = -1;
    } else {
      n = wasm.fastToUriLines(putText(lines), true, false);
    }
  }
  if (n < 0) return toUriEach(lines);
  const mapped = flagBytes().slice(0, n);
  const out = outputBytes();
  // Every line is ended by a line feed in the output: the last one is left out.
  return { bytes: out.subarray(0, Math.max(out.length - 1, 0)), mapped };
}

// toUriLines one line at a time with toUri: in the lite module, which has no batch map, and for
// an array whose lines the joined text would not give back.
function toUriEach(lines) {
  // Bytes that are not UTF-8 decode to U+FFFD, which no IRI holds: their line maps to null.
  if (lines instanceof Uint8Array) lines = bomKeeper.decode(lines);
  if (!Array.isArray(lines)) {
    if (typeof lines !== "string") text(lines, "lines");
    lines = lines.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    lines = lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  }
  return Array.from(lines, (line, i) => {
    if (typeof line !== "string") text(line, `lines[${i}]`);
    try {
      return toUri(line);
    } catch {
      return null;
    }
  });
}
