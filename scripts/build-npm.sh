#!/usr/bin/env bash
# Builds the npm package `dxlower` into target/npm/: the crate `wasm/`
# (dxlower-wasm) for wasm32-unknown-unknown (cargo profile `wasm`), its
# glue from the wasm-bindgen CLI, the module optimized by wasm-opt, and
# the package's own files from wasm/js/ and wasm/npm/.
#
# Installs what it needs when missing: the wasm32 target (rustup), the
# wasm-bindgen CLI at the version wasm/Cargo.toml pins (cargo install,
# about 3.5 minutes once), wasm-opt (npm's `binaryen`, into
# target/tools). Needs Node 18 or later and npm.
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen crate and CLI must be the same version.
WASM_BINDGEN=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' wasm/Cargo.toml)
[ -n "$WASM_BINDGEN" ] || { echo "build-npm: no pinned wasm-bindgen in wasm/Cargo.toml" >&2; exit 1; }
BINARYEN=132
OUT=target/npm
TMP=target/npm-build

if command -v rustup >/dev/null 2>&1 &&
    ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN" ]; then
    echo "build-npm: installing wasm-bindgen-cli $WASM_BINDGEN" >&2
    # No default features: they only add TLS for the test runner's
    # downloads, which the CLI's bindgen step never makes.
    cargo install --quiet wasm-bindgen-cli --version "=$WASM_BINDGEN" --no-default-features
fi

# wasm-opt from npm's `binaryen` (Debian 12's binaryen 108 breaks the
# externref table wasm-bindgen emits; the npm package is version 132, run
# by Node, no download at run time).
WASM_OPT=target/tools/node_modules/.bin/wasm-opt
if [ "$("$WASM_OPT" --version 2>/dev/null)" != "wasm-opt version $BINARYEN (version_$BINARYEN)" ]; then
    echo "build-npm: installing binaryen@$BINARYEN (wasm-opt) into target/tools" >&2
    npm install --silent --no-audit --no-fund --prefix target/tools "binaryen@$BINARYEN.0.0"
fi

cargo build --profile wasm --target wasm32-unknown-unknown -p dxlower-wasm
rm -rf "$TMP" "$OUT"
mkdir -p "$TMP" "$OUT"
wasm-bindgen --target web --out-name dxlower --out-dir "$TMP" \
    target/wasm32-unknown-unknown/wasm/dxlower_wasm.wasm
# Optimize the module (see README, Performance, for the choice).
"$WASM_OPT" -O3 --strip-debug --strip-producers "$TMP/dxlower_bg.wasm" -o "$OUT/dxlower_bg.wasm"
# The glue loads dxlower_bg.wasm beside itself; dxlower.js wraps it.
cp "$TMP/dxlower.js" "$OUT/dxlower_glue.js"
cp wasm/js/dxlower.js wasm/js/dxlower.d.ts wasm/js/README.md "$OUT/"
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
sed "s/@VERSION@/$VERSION/" wasm/npm/package.json >"$OUT/package.json"
echo "build-npm: $OUT/ ($(wc -c <"$OUT/dxlower_bg.wasm") bytes of WebAssembly)" >&2
