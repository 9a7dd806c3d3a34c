// The lite entry point for browsers, bundlers and Deno (`iri-toolkit/lite`): the module built
// without normalization, IDNA and the diagnostics, fetched next to this file and instantiated
// before the import completes (top-level await). Its functions answer as the full ones do.
import init from "./iri_toolkit_lite.js";

await init({ module_or_path: new URL("./iri_toolkit_lite_bg.wasm", import.meta.url) });

export { IriError, isValid, isValidLines, parse, resolve, relativize, toUri, toIri, toUriBytes, toUriLines, toUriText } from "./api_lite.js";
