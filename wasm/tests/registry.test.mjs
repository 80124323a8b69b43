// Registration survives every build of the module: a debug build of
// dxlower-wasm for wasm32 (no LTO, one object file per codegen unit)
// registers the same handlers, passes and profile sections as the
// package's optimized build, and translates alike.
//
//   scripts/test builds target/wasm-debug/ (cargo build --target
//   wasm32-unknown-unknown -p dxlower-wasm, then wasm-bindgen); set
//   DXLOWER_WASM_DEBUG_DIR to test another build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const npmDir = resolve(process.env.DXLOWER_NPM_DIR ?? join(root, "target/npm"));
const debugDir = resolve(process.env.DXLOWER_WASM_DEBUG_DIR ?? join(root, "target/wasm-debug"));
const corpusDir = resolve(process.env.DXLOWER_CORPUS_DIR ?? join(root, "../shared/corpus"));

async function load(dir) {
  const glue = await import(pathToFileURL(join(dir, "dxlower.js")).href);
  await glue.default({ module_or_path: readFileSync(join(dir, "dxlower_bg.wasm")) });
  return glue;
}

test("a debug wasm build registers what the package registers", async (t) => {
  const debug = await load(debugDir);
  const pkg = await import(pathToFileURL(join(npmDir, "dxlower.js")).href);
  await pkg.default();
  const pkgGlue = await import(pathToFileURL(join(npmDir, "dxlower_glue.js")).href);
  const counts = Array.from(debug.registrationCounts());
  t.diagnostic(`debug build: ${counts[0]} handlers, ${counts[1]} passes, ${counts[2]} profile sections`);
  assert.ok(counts[0] > 0, "the debug build registered no handler");
  assert.deepEqual(counts, Array.from(pkgGlue.registrationCounts()));
  const bytes = readFileSync(join(corpusDir, "dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc"));
  assert.equal(debug.translate(bytes, "ccpwgl")[0], pkg.translate(bytes, "ccpwgl").glsl);
});
