// Types of `iri-toolkit/lite`: the grammar (RFC 3987 §2.2, RFC 3986 §3, §4), resolution
// (RFC 3986 §5.2) and the IRI↔URI mapping (RFC 3987 §3.1, §3.2) of the full package, whose
// declarations these are. Left out: normalize, lint, inspect; toUri and toIri throw a
// RangeError for `{ idna: true }` (the lite module has no IDNA).
export type { Kind, Components, HostKind, Component, ErrorKind, Preset, IdnaOptions } from "./index.js";
export { IriError, isValid, isValidLines, parse, resolve, relativize, toUri, toIri, toUriBytes, toUriLines, toUriText } from "./index.js";
