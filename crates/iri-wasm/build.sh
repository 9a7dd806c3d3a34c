#!/usr/bin/env bash
# Builds the library for WebAssembly and writes
#   - the npm package `iri-toolkit` into crates/iri-wasm/pkg/ (ESM, types; `npm pack` there),
#     with its `lite` entry point (`iri-toolkit/lite`: a second module built without the
#     feature `full`, so without normalization, IDNA and the diagnostics), and
#   - the static IRI viewer into target/viewer/ (or $CARGO_TARGET_DIR/viewer/; index.html, viewer.css, viewer.js): the page
#     of `iri serve` calling the WebAssembly module instead of the server, the module embedded
#     in viewer.js (base64) so that it works opened from disk (file://) as on any static host.
#
# Usage: crates/iri-wasm/build.sh [--pkg DIR] [--viewer DIR]
# Needs: the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown) and the
# wasm-bindgen command of the same version as the wasm-bindgen crate in Cargo.lock
# (cargo install wasm-bindgen-cli --version VERSION). WASM_OPT=PATH runs that wasm-opt
# (binaryen) -Oz on the module; not by default: it makes the module smaller but its gzipped
# size larger (BENCHMARKS.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# The target directory: CARGO_TARGET_DIR when set (relative to the workspace), else target/.
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
pkg="$here/pkg"
viewer="$target/viewer"
while [ $# -gt 0 ]; do
  case "$1" in
    --pkg) pkg=$2; shift 2 ;;
    --viewer) viewer=$2; shift 2 ;;
    *) echo "usage: $0 [--pkg DIR] [--viewer DIR]" >&2; exit 2 ;;
  esac
done

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "build.sh: needs wasm-bindgen $want (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

cd "$root"
# Both modules are built at `opt-level = "z"` (the profile) with LLVM's inliner at a threshold
# of 60 instead of z's 5: z alone made the full module 30 KB smaller gzipped but `parse` 0.72x
# and `resolve` 0.92x as fast, as it left the scans' small helpers out of line; at 60 it is
# 6 KB larger than z alone, and `resolve` keeps the margin over `new URL(ref, base)` that it
# had at "s" (at 25 it was at 0.98-1.10x of it; docs/perf/2026-11-28-wasm-size-5.md).
inline="-C llvm-args=-inline-threshold=60"
# The full module with WebAssembly SIMD (simd128: Node.js 16.4 and every current browser), which
# the library's scans use when the build enables it; the lite module below without, for size.
# `cargo rustc --crate-type cdylib`: the crate is also an rlib (for the host's tests), and cargo
# leaves LTO out of a library built as both, which made the module 18 KB larger gzipped (the
# dependencies' code and tables are only merged and pruned across crates with LTO).
RUSTFLAGS="${RUSTFLAGS:-} $inline -C target-feature=+simd128" \
  cargo rustc --lib --crate-type cdylib --target wasm32-unknown-unknown --profile wasm-release -p iri-toolkit-wasm
wasm="$target/wasm32-unknown-unknown/wasm-release/iri_toolkit_wasm.wasm"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# wasm-opt -Oz, when WASM_OPT names one.
opt=${WASM_OPT:-}
optimize() {
  if [ -n "$opt" ]; then
    "$opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-multivalue --enable-reference-types "$1" -o "$1.opt"
    mv "$1.opt" "$1"
  fi
}

# The npm package: wasm-bindgen's ES module (target web) under the wrapper of js/.
rm -rf "$pkg"
mkdir -p "$pkg"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-name iri_toolkit --out-dir "$pkg" "$wasm"
optimize "$pkg/iri_toolkit_bg.wasm"
cp "$here/js/api.js" "$here/js/build.js" "$here/js/template.js" "$here/js/node.js" "$here/js/index.js" "$here/js/index.d.ts" \
  "$here/js/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$pkg/"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/Cargo.toml" | head -1)
sed "s/\"version\": \"0.0.0\"/\"version\": \"$version\"/" "$here/js/package.json" > "$pkg/package.json"

# The static viewer: wasm-bindgen's classic script (target no-modules, the global
# wasm_bindgen), the module's bytes in base64, then the page's own script.
wasm-bindgen --target no-modules --no-typescript --remove-name-section --remove-producers-section --out-name iri_toolkit --out-dir "$work" "$wasm"
optimize "$work/iri_toolkit_bg.wasm"
page="$root/crates/iri-cli/src/serve"
mkdir -p "$viewer"
cp "$page/page.html" "$viewer/index.html"
cp "$page/page.css" "$viewer/viewer.css"
{
  cat "$work/iri_toolkit.js"
  echo
  echo "// The library compiled to WebAssembly, embedded so that no fetch() is needed (file://)."
  echo "var iriViewerWasm = (function () {"
  printf '  const text = atob("'
  base64 -w0 "$work/iri_toolkit_bg.wasm"
  echo '");'
  echo "  const bytes = new Uint8Array(text.length);"
  echo "  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);"
  echo "  return { ready: wasm_bindgen({ module_or_path: bytes }).then(() => wasm_bindgen) };"
  echo "})();"
  echo
  cat "$page/page.js"
} > "$viewer/viewer.js"

# The lite module (profile wasm-lite: the same settings in a directory of its own). Its
# JavaScript is api.js bound to it; its entry points export the functions it has.
RUSTFLAGS="${RUSTFLAGS:-} $inline" \
  cargo rustc --lib --crate-type cdylib --target wasm32-unknown-unknown --profile wasm-lite -p iri-toolkit-wasm --no-default-features
wasm="$target/wasm32-unknown-unknown/wasm-lite/iri_toolkit_wasm.wasm"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-name iri_toolkit_lite --out-dir "$pkg" "$wasm"
optimize "$pkg/iri_toolkit_lite_bg.wasm"
sed 's|"\./iri_toolkit\.js"|"./iri_toolkit_lite.js"|' "$here/js/api.js" > "$pkg/api_lite.js"
grep -q '"./iri_toolkit_lite.js"' "$pkg/api_lite.js"
cp "$here/js/lite.js" "$here/js/lite_node.js" "$here/js/lite.d.ts" "$pkg/"

for module in iri_toolkit iri_toolkit_lite; do
  size=$(wc -c < "$pkg/${module}_bg.wasm")
  gz=$(gzip -9 -c "$pkg/${module}_bg.wasm" | wc -c)
  echo "npm package: $pkg (${module}_bg.wasm: $size bytes, $gz gzipped)"
done
echo "static viewer: $viewer/index.html"
