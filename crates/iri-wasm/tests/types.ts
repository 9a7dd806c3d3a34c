// A type check of the package's index.d.ts (tsc -p tsconfig.json): what must compile does,
// and what must not is marked @ts-expect-error (tsc fails if such a line compiles).
import {
  inspect, isValid, isValidLines, IriError, lint, normalize, parse, relativize, resolve, Template, toIri, toUri,
  toUriBytes, toUriLines, toUriText,
  type Components, type Diagnostic, type Inspection, type Kind,
} from "iri-toolkit";

const kind: Kind = "absolute-iri";
const valid: boolean = isValid("http://a/", kind);
const each: Uint8Array = isValidLines(["http://a/", "b c"], kind);
const eachLine: Uint8Array = isValidLines("http://a/\nb c\n");
const eachByteLine: Uint8Array = isValidLines(new TextEncoder().encode("http://a/\n"), kind);
const urisOfBytes: (string | null)[] = toUriLines(new Uint8Array([104, 10]));
const uris: (string | null)[] = toUriLines(["http://é/", "b c"]);
const asOne: { text: string; mapped: Uint8Array } = toUriText(new Uint8Array([104, 10]));
const asBytes: { bytes: Uint8Array; mapped: Uint8Array } = toUriBytes(["http://é/"]);
// @ts-expect-error: a line may not map
const onlyStrings: string[] = toUriLines("http://é/\n");
const c: Components = parse("http://a/");
const path: string = c.path;
const host: string | null = c.host;
const resolved: string = resolve("g", "http://a/b");
const relative: string = relativize("http://a/g", "http://a/b");
const uri: string = toUri("http://a/é", { idna: true });
const iri: string = toIri("http://a/%C3%A9");
const n: string = normalize("HTTP://a/", { level: "scheme", form: "uri", nfc: true, ignoreFragment: true });
const diagnostics: Diagnostic[] = lint("http://a/");
const sections: string[] = diagnostics.map((d) => d.section);
const v: Inspection = inspect("a", "http://b/");
const shownUri: string | undefined = v.uri;
const resolvedIri: string | undefined = v.resolved?.iri;
const js = inspect("javascript:alert(1)").javascript;
const script: string | undefined = js && "script" in js ? js.script : undefined;
const scriptError: number | undefined = js && "error" in js ? js.error.column : undefined;
const hint: string | null | undefined = v.error?.hint;
try {
  parse("a b");
} catch (e) {
  if (e instanceof IriError) {
    const at: number | null = e.index;
    const where: string = e.argument;
    console.log(at, where, e.kind === "invalid-char", e.message);
  }
}

// @ts-expect-error: not a kind
isValid("a", "url");
// @ts-expect-error: not a level
normalize("a", { level: "simple" });
// @ts-expect-error: the base is a string
resolve("a", 1);
// @ts-expect-error: the path is never null
const nullPath: null = c.path;

console.log(valid, path, host, resolved, relative, uri, iri, n, sections, shownUri, resolvedIri, nullPath);
console.log(script, scriptError, hint);

// The opt-in extensions: a relative base, RFC 6874 zones.
import { parseZoned, resolveRelative } from "iri-toolkit";
const chained: string = resolveRelative("c/d", "a/b", { preset: "strict" });
const zoned = parseZoned("http://[fe80::1%25en1]/", "iri");
const zone: string | null = zoned.zone;
const zonedHost: string | null = zoned.host;
// @ts-expect-error: the preset names are a closed set
resolveRelative("c", "a/b", { preset: "whatwg" });
// Making and changing IRIs.
import {
  appendQueryPair, build, decodeComponent, encodeComponent, popPathSegment, pushPathSegment,
  queryPairs, removeQueryPairs, setQueryPair, withComponents, type ComponentParts,
} from "iri-toolkit";
const parts: ComponentParts = { scheme: "https", host: "a", path: "/b" };
const built: string = build(parts, { uri: true });
const edited: string = withComponents(built, { port: null, query: "q" });
const pairs: [string, string | null][] = queryPairs(edited, { form: true, semicolon: true });
const pushed: string = popPathSegment(pushPathSegment(edited, "c d"));
const pairsEdited: string = removeQueryPairs(setQueryPair(appendQueryPair(pushed, "k", null), "k", "v"), "x");
const encoded: string = encodeComponent("a b", "form", { uri: true });
const decoded: string = decodeComponent(encoded, { form: true });
// @ts-expect-error: not a component an encoder writes
encodeComponent("a", "host");
// URI Templates (RFC 6570).
const tpl = new Template("http://example.org/{city}{?q,tags*}");
const expanded: string = tpl.expand({ city: "Zürich", q: 1, tags: ["a", "b"], keys: { k: "v" }, m: new Map([["k", "v"]]), none: null });
const expandedIri: string = tpl.expand({ city: "Zürich" }, { iri: true });
const matched = tpl.match("http://example.org/x");
const matchedCity: string | string[] | { [key: string]: string } | undefined = matched === null ? undefined : matched.city;
const names: string[] = tpl.variables;
// @ts-expect-error: a value is no nested list
tpl.expand({ x: [["a"]] });
// @ts-expect-error: match takes a string
tpl.match(1);
console.log(expanded, expandedIri, matchedCity, names, tpl.template);
