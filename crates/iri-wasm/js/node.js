// The entry point for Node.js: the WebAssembly module is read from the package's directory
// and compiled synchronously, so the functions are ready when the import is.
import { readFileSync } from "node:fs";
import { initSync } from "./iri_toolkit.js";

initSync({ module: readFileSync(new URL("./iri_toolkit_bg.wasm", import.meta.url)) });

export * from "./api.js";
export * from "./build.js";
export * from "./template.js";
