// Types of the npm package `iri-toolkit`: Internationalized Resource Identifiers (RFC 3987)
// and URIs (RFC 3986), strictly, in WebAssembly.

/**
 * A grammar to check against: `iri-ref` (`IRI-reference`, RFC 3987 §2.2, the default), `iri`
 * (`IRI`: a scheme, a fragment allowed), `absolute-iri` (no fragment), `relative-iri`
 * (`irelative-ref`), and the URI grammars of RFC 3986: `uri-ref`, `uri`, `absolute-uri`,
 * `relative-uri`. The other names are aliases.
 */
export type Kind =
  | "iri-ref" | "iri-reference" | "iri" | "absolute-iri" | "absolute"
  | "relative-iri" | "relative" | "irelative-ref"
  | "uri-ref" | "uri-reference" | "uri" | "absolute-uri" | "relative-uri" | "relative-ref";

/** The components of a reference (RFC 3986 §3), each a slice of the input; null when absent. */
export interface Components {
  scheme: string | null;
  /** userinfo, host and port with their delimiters. */
  authority: string | null;
  userinfo: string | null;
  host: string | null;
  host_kind: HostKind | null;
  port: string | null;
  /** Always present, maybe empty. */
  path: string;
  query: string | null;
  fragment: string | null;
}

export type HostKind = "reg-name" | "ipv4" | "ipv6" | "ipvfuture";

export type Component = "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

/** The kinds of parse error (RFC 3987 §2.2, §4.1; RFC 3986 §3). */
export type ErrorKind =
  | "invalid-char" | "bidi-formatting" | "invalid-pct-encoding" | "missing-scheme"
  | "colon-in-first-segment" | "invalid-ip-literal" | "invalid-port" | "non-ascii"
  | "fragment-not-allowed" | "too-long" | "relative-path-after-authority"
  | "double-slash-without-authority" | "no-authority";

/**
 * Why a call gave no result. Thrown by every function that returns a value made from an IRI
 * (an unknown option value throws a RangeError, an argument that is not a string a TypeError).
 */
export class IriError extends Error {
  name: "IriError";
  /**
   * A parse error's kind; `unreachable` when no reference reaches the target (relativize),
   * `idna` when ToASCII rejects the host (toUri with idna), `lone-surrogate` when a string
   * holds half a surrogate pair.
   */
  kind: ErrorKind | "unreachable" | "idna" | "lone-surrogate";
  /** The component in which it went wrong, when known. */
  component: Component | null;
  /** The byte offset (UTF-8) of the offending character, as the rest of the toolkit counts. */
  offset: number | null;
  /** The same place as a UTF-16 index: `argument.slice(index)` starts with the character. */
  index: number | null;
  /** The name of the argument at fault: `input`, `reference`, `base`, `target` or the option at fault (`kind`, `level`, `form`, `preset`). */
  argument: string;
}

/** Whether `input` matches the grammar `kind` (default `iri-ref`). Never throws on input. */
export function isValid(input: string, kind?: Kind): boolean;

/** Whether each line matches `kind` (default `iri-ref`), in one call: 1 for a valid line, 0
 * for an invalid one. `lines` is one string (lines end at `\n`, a `\r` before it is dropped;
 * a last `\n` ends the last line), the same text as UTF-8 bytes (a `Uint8Array` or `Buffer`,
 * as read from a file: the quickest, copied without transcoding; a line that is not UTF-8 is
 * invalid), or an array of strings, one line each. */
export function isValidLines(lines: string | Uint8Array | readonly string[], kind?: Kind): Uint8Array;

/** Each line mapped from an IRI reference to a URI reference (RFC 3987 §3.1, as `toUri`
 * without IDNA), in one call: the URI reference of each line, or `null` for a line that is not
 * an IRI reference (where `toUri` throws) or not UTF-8. `lines` is one string, UTF-8 bytes or
 * an array, as in `isValidLines`. */
export function toUriLines(lines: string | Uint8Array | readonly string[]): (string | null)[];

/** The lines mapped as by `toUriLines`, answered as one text, which is quicker for many lines
 * (no string is made per line): `text` holds the URI reference of each line, joined by `\n`,
 * with an empty line for a line that is not an IRI reference or not UTF-8, and `mapped` holds
 * 1 for each line mapped, 0 for each that is not. `text.split("\n")[i]` is line `i`'s URI
 * reference when `mapped[i]` is 1 (no lines at all give `""` and an empty `mapped`). */
export function toUriText(lines: string | Uint8Array | readonly string[]): { text: string; mapped: Uint8Array };

/** `toUriText` answered as bytes, without decoding them into a string, which is quicker still:
 * `bytes` holds the UTF-8 (all ASCII) of `toUriText(lines).text`, and `mapped` is the same. To
 * map a file's lines: `writeFileSync(out, toUriBytes(readFileSync(file)).bytes)`. */
export function toUriBytes(lines: string | Uint8Array | readonly string[]): { bytes: Uint8Array; mapped: Uint8Array };

/** The components of `input`, checked against `kind` (default `iri-ref`). */
export function parse(input: string, kind?: Kind): Components;

/** A resolution preset (docs/resolution.md): `strict` (RFC 3986 §5.2.2 as written, the
 * default), `rdf` (a base path copied for an empty reference, `?y` or `#s` loses its dot
 * segments: oxiri's results) or `browser` (base normalization, RFC 3986 §5.2.1, erratum 4789
 * and percent-encoded dot segments). An unknown name throws a RangeError. */
export type Preset = "strict" | "rdf" | "browser";

/** `reference` resolved against the IRI `base` (RFC 3986 §5.2; strict unless a preset says
 * otherwise). */
export function resolve(reference: string, base: string, options?: { preset?: Preset }): string;

/** The shortest reference that resolves against the IRI `base` to the IRI `target`. */
export function relativize(target: string, base: string): string;

export interface IdnaOptions {
  /** Host names of DNS schemes through IDNA (UTS #46): ToASCII in toUri, ToUnicode in toIri. */
  idna?: boolean;
}

/** The URI form of an IRI reference (RFC 3987 §3.1): non-ASCII characters percent-encoded. */
export function toUri(input: string, options?: IdnaOptions): string;

/** The IRI form of a URI reference (RFC 3987 §3.2): percent-encoded UTF-8 decoded where allowed. */
export function toIri(input: string, options?: IdnaOptions): string;

export interface NormalizeOptions {
  /** `syntax` (RFC 3987 §5.3.2, the default) or `scheme` (§5.3.3: default ports, IDN, …). */
  level?: "syntax" | "scheme";
  /** The form of the result: `iri` (the default) or `uri`. */
  form?: "iri" | "uri";
  /** NFC (§5.3.2.2). */
  nfc?: boolean;
  /** NFKC (§5.3.2.2; for comparison only). */
  nfkc?: boolean;
  /** Leave the fragment out (§5.1). */
  ignoreFragment?: boolean;
}

/** `input` normalized for a rung of the comparison ladder (RFC 3987 §5.3). */
export function normalize(input: string, options?: NormalizeOptions): string;

export type Severity = "error" | "warning" | "info";

/** One diagnostic (codes and sections: docs/diagnostics.md of the toolkit). */
export interface Diagnostic {
  /** A stable kebab-case code, such as `bidi-formatting-character` or `password-in-userinfo`. */
  code: string;
  severity: Severity;
  component: Component | null;
  /** Byte offsets (UTF-8) of the span, end exclusive. */
  start: number;
  end: number;
  /** The text of the span. */
  text: string;
  message: string;
  /** The RFC section of the rule, such as `RFC 3987 §4.1`. */
  section: string;
  /** A replacement for the span, where one is known. */
  suggestion: string | null;
}

/** The diagnostics of `input` at their default severities (RFC 3987 §4, §6.1, §7.5, §8). */
export function lint(input: string): Diagnostic[];

/** A parse error with the text around the offending character. */
export interface InspectionError {
  kind: ErrorKind;
  component: Component;
  /** Byte offset (UTF-8). */
  byte: number;
  /** 1-based column in characters (code points). */
  column: number;
  message: string;
  /** Advice for a common mistake (an IPv6 host without brackets, `\\` for `/`, …), or null. */
  hint: string | null;
  before: string;
  /** The offending character; empty at the end of the input. */
  char: string;
  after: string;
}

/** The script of a `javascript` IRI, as `inspect` reads it. */
export interface JavascriptScript {
  script: string;
  /** The encoding it was read in: `"UTF-8"`, or the one its byte order mark names (`"UTF-16LE"`, …). */
  encoding: string;
  /** Whether a byte order mark named the encoding. */
  bom: boolean;
}

/** The answer of `iri serve`'s `/api/inspect` (its fields are described in docs/serve.md). */
export interface Inspection {
  input: string;
  valid: boolean;
  error: InspectionError | null;
  absolute: boolean | null;
  components: { part: Component | "delimiter"; text: string }[] | null;
  host_kind: HostKind | null;
  diagnostics: Diagnostic[];
  bidi: { is_bidi: boolean; display: string; display_escaped: string; visual: string };
  /** The URI form; this and the next four are absent when the input is not valid. */
  uri?: string;
  uri_idna?: { value: string; error: null } | { value: null; error: string };
  iri?: string;
  /** For a `javascript` IRI (processing draft §6.2): its script, percent-decoded and read by
   * its byte order mark or as UTF-8, or why it cannot be read; null for any other reference;
   * absent when the input is not valid. */
  javascript?: JavascriptScript | { error: { byte: number; column: number; message: string } } | null;
  iri_idna?: string;
  normalized?: { level: "syntax" | "scheme"; iri: string; uri: string }[];
  /** Present when a base is given. */
  base?: { input: string; valid: boolean; error: InspectionError | null };
  /** Present when a base is given; null when the base or the input is not valid. */
  resolved?: { iri: string; uri: string; preset: Preset } | null;
}

/** Everything the toolkit says about `input`, resolved against `base` (with `preset`, default
 * `strict`) when one is given. */
export function inspect(input: string, base?: string | null, options?: { preset?: Preset }): Inspection;

/** `reference` resolved against `base`, which may itself be relative (an extension: RFC 3986
 * §5.1 wants an absolute base; for chains of relative bases such as XML Base and JSON-LD).
 * Every `..` that climbs above a relative base is kept as a leading `../`:
 * `resolveRelative("c/d", "a/b")` is `"a/c/d"`, `resolveRelative("../../x", "a/b")` is
 * `"../x"`. Against an absolute base it is `resolve`. Throws an `IriError`. */
export function resolveRelative(reference: string, base: string, options?: { preset?: Preset }): string;

/** The components of `input` with an IPv6 zone identifier allowed (RFC 6874:
 * `http://[fe80::1%25en1]/`), which `parse` refuses with the reason: those of the reference
 * without the zone, and `zone`, the zone as written (null without one). Throws an
 * `IriError`. */
export function parseZoned(input: string, kind?: Kind): Components & { zone: string | null };
/** Components as they appear in the text (RFC 3986 §3); `null` in `withComponents` removes one. */
export interface ComponentParts {
  scheme?: string | null;
  /** `withComponents` only: userinfo@host:port as a whole. */
  authority?: string | null;
  userinfo?: string | null;
  host?: string;
  port?: string | null;
  path?: string;
  query?: string | null;
  fragment?: string | null;
}

/** What `encodeComponent` writes: a raw text's form as this component. */
export type EncodeComponent = "path-segment" | "query-part" | "form" | "fragment" | "userinfo";

/**
 * An IRI reference (a URI reference with `uri`) from components, each checked against its own
 * rule (RFC 3987 §2.2); a delimiter inside one, or a combination RFC 3986 forbids (§3.3,
 * §4.2), throws an IriError whose `offset` is in the text that would have been written.
 *
 * @example build({ scheme: "https", host: "例え.テスト", path: "/a" }) // "https://例え.テスト/a"
 */
export function build(components: ComponentParts, options?: { uri?: boolean }): string;
/**
 * `input` with components set (a string) or removed (`null`), in the order scheme, authority,
 * host, userinfo, port, path, query, fragment.
 *
 * @example withComponents("http://a:80/b#f", { scheme: "https", port: null, fragment: null }) // "https://a/b"
 */
export function withComponents(input: string, changes: ComponentParts): string;
/** `input` with raw text appended as one path segment, percent-encoded where needed. */
export function pushPathSegment(input: string, raw: string, options?: { uri?: boolean }): string;
/** `input` without its last path segment. */
export function popPathSegment(input: string): string;
/**
 * The decoded name/value pairs of the query (`&`, and `;` with `semicolon`; `+` a space with
 * `form`); a pair without `=` has the value null.
 *
 * @example queryPairs("?a=1&b=x+y", { form: true }) // [["a", "1"], ["b", "x y"]]
 */
export function queryPairs(input: string, options?: { form?: boolean; semicolon?: boolean }): [string, string | null][];
/** `input` with a pair (raw text, encoded) appended to its query. */
export function appendQueryPair(input: string, name: string, value?: string | null, options?: { form?: boolean }): string;
/** `input` with the first pair named `name` given `value` in its place, the later ones removed; the others keep their bytes. */
export function setQueryPair(
  input: string, name: string, value?: string | null, options?: { form?: boolean; semicolon?: boolean },
): string;
/** `input` without the pairs named `name` (decoded); the query goes when nothing is left. */
export function removeQueryPairs(input: string, name: string, options?: { form?: boolean; semicolon?: boolean }): string;
/** Raw text as a valid component, percent-encoding only what its rule forbids (UTF-8 %HH for non-ASCII with `uri`). */
export function encodeComponent(raw: string, component: EncodeComponent, options?: { uri?: boolean }): string;
/** The %HH of a component decoded (`+` a space with `form`); octets that are not UTF-8 keep their %HH. */
export function decodeComponent(text: string, options?: { form?: boolean }): string;
/** A variable's value for a URI Template: a string (numbers and booleans are written as
 * `String()` writes them), a list, or an associative array (an object or a `Map`, in its
 * order); `null` and `undefined` are undefined (RFC 6570 §2.3). */
export type TemplateValue =
  | string
  | number
  | boolean
  | (string | number | boolean)[]
  | { [key: string]: string | number | boolean }
  | Map<string, string | number | boolean>
  | null
  | undefined;

/** What `Template.match` finds: strings, lists and associative arrays. */
export type TemplateVars = { [name: string]: string | string[] | { [key: string]: string } };

/**
 * A URI Template (RFC 6570, levels 1–4), parsed once. An invalid template throws an
 * `IriError` whose `kind` names the rule (`unclosed-expression`, `invalid-var-name`, …) with
 * its `offset` and `index`; `argument` is `template`.
 *
 * ```js
 * const t = new Template("http://example.org/{city}{?q}");
 * t.expand({ city: "Zürich", q: "a b" });             // "http://example.org/Z%C3%BCrich?q=a%20b"
 * t.expand({ city: "Zürich" }, { iri: true });        // "http://example.org/Zürich"
 * t.match("http://example.org/Genève?q=x");           // { city: "Genève", q: "x" }
 * ```
 */
export class Template {
  constructor(template: string);
  /** The template's text. */
  readonly template: string;
  /** The variable names, in the order they first appear. */
  readonly variables: string[];
  /** The expansion (RFC 6570 §3): a URI, or with `iri: true` an IRI that maps to it (RFC 3987
   * §3.1). A prefix modifier on a list or associative array throws (`prefix-on-composite`). */
  expand(vars?: { [name: string]: TemplateValue }, options?: { iri?: boolean }): string;
  /** The variables whose expansion is exactly `text`, or null when none are found; read in the
   * IRI form when `iri` is true, or by default when `text` is not ASCII. A template too
   * ambiguous for the text throws (`too-complex`). */
  match(text: string, options?: { iri?: boolean }): TemplateVars | null;
}
