// The npm package in Node against native in-process translation of the
// same corpus, in one run; prints the ratios and the module's sizes.
//
//   scripts/build-npm.sh && node wasm/bench/bench.mjs [ITERATIONS]
//
// Both sides translate every corpus VS/PS under `webgl2` from bytes
// already in memory, one thread: the first pass (cold: for the package it
// follows `await init()`, for native the process start; the registry and
// the profile are built on first use in both), then the best and the
// median of ITERATIONS further passes (default 20). Native is
// `cargo run --release -p dxlower-wasm --example native -- bench`, the
// same Rust API compiled natively, or the binary DXLOWER_NATIVE_BIN names
// (to compare two builds in one run: DXLOWER_NPM_DIR and
// DXLOWER_NATIVE_BIN pointing at copies of the older ones).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { performance } from "node:perf_hooks";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const npmDir = resolve(process.env.DXLOWER_NPM_DIR ?? join(root, "target/npm"));
const corpusDir = resolve(process.env.DXLOWER_CORPUS_DIR ?? join(root, "../shared/corpus"));
const iterations = Number(process.argv[2] ?? 20);

const [nativeExe, nativeArgs] = process.env.DXLOWER_NATIVE_BIN
  ? [process.env.DXLOWER_NATIVE_BIN, []]
  : ["cargo", ["run", "-q", "--release", "-p", "dxlower-wasm", "--example", "native", "--"]];
const native = JSON.parse(
  execFileSync(nativeExe, [...nativeArgs, "bench", String(iterations)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  }),
);

const manifest = JSON.parse(readFileSync(join(corpusDir, "manifest.json"), "utf8"));
const files = manifest
  .filter((e) => e.stage === "vs" || e.stage === "ps")
  .map((e) => e.file)
  .sort()
  .map((f) => readFileSync(join(corpusDir, f)));

const wasmBytes = readFileSync(join(npmDir, "dxlower_bg.wasm"));
const t0 = performance.now();
const dx = await import(pathToFileURL(join(npmDir, "dxlower.js")).href);
await dx.default({ module_or_path: wasmBytes });
const initMs = performance.now() - t0;

function pass() {
  const t = performance.now();
  let ok = 0;
  for (const b of files) {
    try {
      dx.translate(b, "webgl2");
      ok++;
    } catch (e) {
      if (!(e instanceof dx.DxlowerError)) throw e;
    }
  }
  return [performance.now() - t, ok];
}

const [firstMs, translated] = pass();
const times = [];
for (let i = 0; i < iterations; i++) times.push(pass()[0]);
times.sort((a, b) => a - b);
const best = times[0];
const median = times[Math.floor(times.length / 2)];

const gz = gzipSync(wasmBytes, { level: 9 }).length;
const br = brotliCompressSync(wasmBytes, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasmBytes.length },
}).length;
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const ms = (n) => `${n.toFixed(1)} ms`;

if (translated !== native.translated || files.length !== native.files) {
  throw new Error(`the two sides disagree: native ${native.translated}/${native.files}, wasm ${translated}/${files.length}`);
}
console.log(`corpus: ${files.length} VS/PS (${(native.bytes / 1e6).toFixed(2)} MB), ${translated} translate under webgl2`);
console.log(`native: first pass ${ms(native.first_ms)}, best ${ms(native.best_ms)}, median ${ms(native.median_ms)}`);
console.log(`node:   init ${ms(initMs)}, first pass ${ms(firstMs)}, best ${ms(best)}, median ${ms(median)}`);
console.log(
  `ratio node/native: best ${(best / native.best_ms).toFixed(2)}x, median ${(median / native.median_ms).toFixed(2)}x, ` +
    `first pass ${(firstMs / native.best_ms).toFixed(2)}x of a warm native pass ` +
    `(${(firstMs / native.first_ms).toFixed(2)}x of native's first)`,
);
console.log(`module: ${kib(wasmBytes.length)} raw, ${kib(gz)} gzip -9, ${kib(br)} brotli -q 11`);
