// The npm package against the native library, byte for byte: every corpus
// VS/PS listed (disasm), translated and every corpus VS/PS pair linked
// under each built-in profile, outputs and failures alike.
//
//   scripts/build-npm.sh && node --test wasm/tests/
//
// The native side is `cargo run -p dxlower-wasm --example native -- dump`
// (the same Rust API compiled natively), run by this test unless
// DXLOWER_NATIVE_DUMP names a dump already made. The package is read from
// target/npm/ (DXLOWER_NPM_DIR overrides).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream, readFileSync, mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const npmDir = resolve(process.env.DXLOWER_NPM_DIR ?? join(root, "target/npm"));
const corpusDir = resolve(process.env.DXLOWER_CORPUS_DIR ?? join(root, "../shared/corpus"));

function nativeDump() {
  if (process.env.DXLOWER_NATIVE_DUMP) return process.env.DXLOWER_NATIVE_DUMP;
  const out = join(root, "target/npm-test/native.jsonl");
  mkdirSync(dirname(out), { recursive: true });
  execFileSync("cargo", ["run", "-q", "-p", "dxlower-wasm", "--example", "native", "--", "dump", out], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  return out;
}

// The first line where two texts differ, for the failure message.
function firstDiff(a, b) {
  const x = a.split("\n");
  const y = b.split("\n");
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}:\n  native: ${x[i]}\n  wasm:   ${y[i]}`;
  }
  return "(same lines)";
}

test("the package matches the native library on the whole corpus", async (t) => {
  const dump = nativeDump();
  const dx = await import(pathToFileURL(join(npmDir, "dxlower.js")).href);
  await dx.default();
  const glue = await import(pathToFileURL(join(npmDir, "dxlower_glue.js")).href);

  const lines = createInterface({ input: createReadStream(dump), crlfDelay: Infinity });
  let header = null;
  const bytes = new Map();
  const read = (f) => {
    let b = bytes.get(f);
    if (!b) {
      b = readFileSync(join(corpusDir, f));
      bytes.set(f, b);
    }
    return b;
  };
  const counts = {};
  const diffs = [];
  let listings = 0;
  for await (const line of lines) {
    const want = JSON.parse(line);
    if (header === null) {
      header = want;
      assert.deepEqual(
        Array.from(glue.registrationCounts()),
        [header.handlers, header.passes, header.sections],
        "handlers, passes and profile sections registered, as natively",
      );
      assert.equal(dx.handlerCount(), header.handlers);
      assert.deepEqual(dx.profiles(), header.profiles);
      continue;
    }
    if (want.disasm !== undefined) {
      let got;
      try {
        got = { text: dx.disasm(read(want.disasm)) };
      } catch (e) {
        if (!(e instanceof dx.DxlowerError)) throw e;
        got = { error: JSON.stringify(e) };
      }
      listings++;
      if (got.text !== want.text || got.error !== want.error) diffs.push(`disasm ${want.disasm} differs`);
      continue;
    }
    const c = (counts[want.profile] ??= { translate: 0, refused: 0, failed: 0, link: 0, linkFailed: 0, differ: 0 });
    let got;
    const what = want.file ? `${want.profile} ${want.file}` : `${want.profile} link ${want.pair.join(" + ")}`;
    try {
      if (want.file) {
        const r = dx.translate(read(want.file), want.profile);
        got = { glsl: r.glsl, manifest: JSON.stringify(r.manifest) };
      } else {
        const r = dx.link(read(want.pair[0]), read(want.pair[1]), want.profile);
        got = { vs: r.vs, ps: r.ps, manifest: JSON.stringify(r.manifest) };
      }
    } catch (e) {
      if (!(e instanceof dx.DxlowerError)) throw e;
      got = { error: JSON.stringify(e) };
    }
    if (want.file) {
      if (want.error === undefined) c.translate++;
      else if (JSON.parse(want.error).status === "refused") c.refused++;
      else c.failed++;
    } else if (want.error === undefined) c.link++;
    else c.linkFailed++;
    for (const k of ["glsl", "vs", "ps", "manifest", "error"]) {
      if (want[k] === got[k]) continue;
      c.differ++;
      diffs.push(
        `${what}: ${k} differs` +
          (typeof want[k] === "string" && typeof got[k] === "string"
            ? ` at ${firstDiff(want[k], got[k])}`
            : `: native ${JSON.stringify(want[k])?.slice(0, 200)}, wasm ${JSON.stringify(got[k])?.slice(0, 200)}`),
      );
      break;
    }
  }
  for (const [p, c] of Object.entries(counts)) {
    t.diagnostic(
      `${p}: ${c.translate} translated, ${c.refused} refused, ${c.failed} other failures; ` +
        `${c.link} pairs linked, ${c.linkFailed} did not; ${c.differ} differences`,
    );
  }
  t.diagnostic(`disasm: ${listings} listings compared`);
  assert.equal(listings, header.files.length);
  assert.deepEqual(Object.keys(counts), header.profiles, "every profile compared");
  assert.equal(diffs.length, 0, `${diffs.length} differences:\n${diffs.slice(0, 20).join("\n")}`);
});
