// The package in a real page: headless Chromium loads the example page
// (examples/web/, the ES module from target/npm/), which translates corpus
// shaders and packages an effect container (made by the native example,
// fixtures.mjs) through the same code as a drop and compiles and links
// them with the page's own WebGL2 context (ANGLE on SwiftShader), then
// posts what it saw back to the test's server on 127.0.0.1.
//
//   scripts/build-npm.sh && node --test wasm/tests/
//
// Chromium is $DXLOWER_CHROMIUM or `chromium` on PATH, with the flags of
// harness/webgl (headless, no sandbox as root, WebGL on SwiftShader, no
// background networking), read from its source.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, serve } from "../../examples/web/serve.mjs";
import { effectFixtures } from "./fixtures.mjs";

// harness/webgl's CHROMIUM_FLAGS, read from its source: one list of
// flags for every page the tests load.
function chromiumFlags() {
  const src = readFileSync(join(repoRoot, "harness/webgl/src/lib.rs"), "utf8");
  const list = src.match(/pub const CHROMIUM_FLAGS: \[&str; \d+\] = \[([^\]]*)\];/);
  assert.ok(list, "CHROMIUM_FLAGS not found in harness/webgl/src/lib.rs");
  const flags = [...list[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(flags.includes("--headless"), flags.join(" "));
  return flags;
}

// A vertex and a pixel shader of one HLSL file (they link), two more
// stages, and a pixel shader `webgl2` refuses (a texture buffer).
const FILES = [
  "dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc",
  "dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc",
  "angle/clear11vs.vs.dxbc",
  "bgfx/embedded__fs_clear0_dxbc.ps.dxbc",
  "angle/buffertotexture11_ps_4f.ps.dxbc",
];

// Effect containers, served from the repository root.
const EFFECTS = "target/npm-test/page-effects";
const EFFECT_FILES = [`/${EFFECTS}/corpus.sm_hi`, `/${EFFECTS}/truncated.sm_hi`];

async function runPage(files) {
  let resolveResult;
  const result = new Promise((ok) => (resolveResult = ok));
  const server = await serve({ onResult: (text) => resolveResult(JSON.parse(text)) });
  const url = `http://127.0.0.1:${server.address().port}/examples/web/?test=${files.join(",")}`;
  const profile = mkdtempSync(join(tmpdir(), "dxlower-page-"));
  const exe = process.env.DXLOWER_CHROMIUM ?? "chromium";
  // A process group of its own: Chromium's helper processes (GPU,
  // renderer, crash handler) can outlive the main one and keep writing
  // into the profile directory, so the whole group is killed at the end.
  const browser = spawn(exe, [...chromiumFlags(), `--user-data-dir=${profile}`, url], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  browser.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise((_, fail) =>
    browser.on("exit", (code) => fail(new Error(`${exe} exited (${code}) before the page answered:\n${stderr}`))),
  );
  const spawnError = new Promise((_, fail) => browser.on("error", fail));
  const timeout = new Promise((_, fail) =>
    setTimeout(() => fail(new Error(`no answer from the page in 60 s; Chromium's stderr ends:\n${stderr}`)), 60000).unref(),
  );
  try {
    return await Promise.race([result, exited, spawnError, timeout]);
  } finally {
    browser.removeAllListeners("exit");
    if (browser.exitCode === null && browser.signalCode === null) {
      const gone = new Promise((ok) => browser.once("exit", ok));
      browser.kill();
      await Promise.race([gone, new Promise((ok) => setTimeout(ok, 5000).unref())]);
    }
    try {
      process.kill(-browser.pid, "SIGKILL");
    } catch {
      // The group is gone already.
    }
    server.close();
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      // A leftover temporary directory is not what this test checks.
      console.warn(`leaving ${profile}: ${e.message}`);
    }
  }
}

test("the example page translates, compiles and links corpus shaders in Chromium's WebGL2", async (t) => {
  const native = effectFixtures(join(repoRoot, EFFECTS));
  const r = await runPage([...FILES, ...EFFECT_FILES]);
  assert.equal(r.error, undefined, r.error);
  t.diagnostic(`WebGL: ${r.renderer}`);
  assert.equal(r.stages.length, FILES.length);
  for (const s of r.stages.slice(0, 4)) {
    assert.equal(s.status, "translated", `${s.name}: ${s.reason}`);
    assert.ok(s.compiled, `${s.name} does not compile in WebGL2: ${s.log}`);
    t.diagnostic(`${s.name}: ${s.stage} compiled`);
  }
  const refused = r.stages[4];
  assert.equal(refused.status, "refused");
  assert.equal(refused.liftedBy?.switch, "texture_buffers", JSON.stringify(refused));
  assert.equal(typeof refused.dword, "number");
  assert.ok(r.program, "a VS and a PS were dropped: the page links them");
  assert.equal(r.program.status, "linked", r.program.reason);
  assert.ok(r.program.linked, `the pair does not link in WebGL2: ${r.program.log}`);
  t.diagnostic(`${r.program.vs} + ${r.program.ps}: linked`);
  // The effect: the summary native gives under webgl2, every pass linked.
  assert.equal(r.effects.length, 2);
  const [fx, cut] = r.effects;
  assert.equal(fx.status, "packaged", fx.reason);
  const want = native.find((c) => c.fixture === "corpus" && c.profile === "webgl2" && !c.permutations.length);
  assert.equal(fx.summary.line, JSON.parse(want.summary).line);
  assert.equal(fx.passes.length, fx.summary.linkedPasses);
  assert.ok(fx.passes.length > 0);
  for (const p of fx.passes) assert.ok(p.ok, `${p.key} does not link in WebGL2: ${p.log}`);
  t.diagnostic(`corpus.sm_hi: ${fx.summary.line}; ${fx.passes.length} passes linked in WebGL2`);
  assert.equal(cut.status, "decode_failed");
  assert.equal(typeof cut.byte, "number");
  assert.ok(cut.field, JSON.stringify(cut));
});
