// The lite entry point for Node.js (`iri-toolkit/lite`): the module built without
// normalization, IDNA and the diagnostics, read from the package's directory and compiled
// synchronously, so the functions are ready when the import is.
import { readFileSync } from "node:fs";
import { initSync } from "./iri_toolkit_lite.js";

initSync({ module: readFileSync(new URL("./iri_toolkit_lite_bg.wasm", import.meta.url)) });

export { IriError, isValid, isValidLines, parse, resolve, relativize, toUri, toIri, toUriBytes, toUriLines, toUriText } from "./api_lite.js";
