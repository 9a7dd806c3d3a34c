// A type check of the package's lite.d.ts (`iri-toolkit/lite`, tsc -p tsconfig.json): the
// lite functions have the full package's types, and what lite leaves out is not there.
import {
  isValid, isValidLines, IriError, parse, relativize, resolve, toIri, toUri, toUriBytes, toUriLines, toUriText,
  type Components, type Kind,
} from "iri-toolkit/lite";
// @ts-expect-error: lite has no normalize
import { normalize } from "iri-toolkit/lite";
// @ts-expect-error: lite has no lint
import { lint } from "iri-toolkit/lite";
// @ts-expect-error: lite has no inspect
import { inspect } from "iri-toolkit/lite";

const kind: Kind = "uri";
const valid: boolean = isValid("http://a/", kind);
const each: Uint8Array = isValidLines(["http://a/", "b c"]);
const eachByteLine: Uint8Array = isValidLines(new Uint8Array([104, 10]));
const uris: (string | null)[] = toUriLines("http://é/\nb c");
const text: string = toUriText(["http://é/", "b c"]).text;
const bytes: Uint8Array = toUriBytes("http://é/\nb c").bytes;
const c: Components = parse("http://a/");
const host: string | null = c.host;
const resolved: string = resolve("g", "http://a/b", { preset: "rdf" });
const relative: string = relativize("http://a/g", "http://a/b");
const uri: string = toUri("http://a/é");
const iri: string = toIri("http://a/%C3%A9", { idna: false });
try {
  parse("a b");
} catch (e) {
  if (e instanceof IriError) {
    const where: number | null = e.index;
    console.log(where);
  }
}
// @ts-expect-error: a kind that is not a grammar
isValid("a", "url");
console.log(valid, each, host, resolved, relative, uri, iri, normalize, lint, inspect);
