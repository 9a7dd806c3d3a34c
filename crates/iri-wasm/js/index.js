// The entry point for browsers, bundlers and Deno: the WebAssembly module is fetched next to
// this file (bundlers follow `new URL(…, import.meta.url)`) and instantiated before the import
// completes (top-level await).
import init from "./iri_toolkit.js";

await init({ module_or_path: new URL("./iri_toolkit_bg.wasm", import.meta.url) });

export * from "./api.js";
export * from "./build.js";
export * from "./template.js";
