// Carbon effect containers through the package against the native library
// and the `dxlower effect` command, byte for byte: the CEWG package, the
// summary and the failures.
//
//   scripts/build-npm.sh && node --test wasm/tests/
//
// The fixtures (containers built with the test helpers) and the native
// side come from `cargo run -p dxlower-wasm --example native -- effects
// DIR`; the command is `target/debug/dxlower` (built here; DXLOWER_BIN
// names another). The package is read from target/npm/ (DXLOWER_NPM_DIR
// overrides).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cargo, effectFixtures, root } from "./fixtures.mjs";

const npmDir = resolve(process.env.DXLOWER_NPM_DIR ?? join(root, "target/npm"));
const dir = join(root, "target/npm-test/effects");

function cli() {
  if (process.env.DXLOWER_BIN) return process.env.DXLOWER_BIN;
  cargo(["build", "-q", "-p", "dxlower"]);
  return join(root, "target/debug/dxlower");
}

// The chunks of a package: tag → JSON.
function chunks(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = {};
  let at = 12;
  for (let i = 0; i < view.getUint32(8, true); i++) {
    const tag = Buffer.from(bytes.subarray(at, at + 4)).toString("latin1");
    const size = view.getUint32(at + 4, true);
    out[tag] = JSON.parse(Buffer.from(bytes.subarray(at + 8, at + 8 + size)).toString("utf8"));
    at += 8 + size;
  }
  return out;
}

function call(dx, bytes, options) {
  try {
    return { pkg: dx.effect(bytes, options) };
  } catch (e) {
    if (!(e instanceof dx.DxlowerError)) throw e;
    return { error: e };
  }
}

const calls = effectFixtures(dir);
const dx = await import(pathToFileURL(join(npmDir, "dxlower.js")).href);
await dx.default();
const fixture = (name) => readFileSync(join(dir, `${name}.sm_hi`));

test("effect() matches the native library byte for byte", () => {
  let packages = 0;
  let failures = 0;
  for (const want of calls) {
    const what = `${want.fixture} under ${want.profile} [${want.permutations.join(" ")}]`;
    const got = call(dx, fixture(want.fixture), {
      profile: want.profile,
      permutations: want.permutations,
      sourcePath: want.sourcePath,
      generatedAt: want.generatedAt,
    });
    if (want.error !== undefined) {
      assert.ok(got.error, `${what}: native failed (${want.error}), the package did not`);
      assert.equal(JSON.stringify(got.error), want.error, what);
      failures++;
      continue;
    }
    assert.ok(got.pkg, `${what}: ${got.error?.reason}`);
    const native = readFileSync(join(dir, want.package));
    assert.ok(Buffer.from(got.pkg.bytes).equals(native), `${what}: package bytes differ`);
    assert.equal(JSON.stringify(got.pkg.summary), want.summary, `${what}: summary`);
    // The chunk getters read the bytes.
    assert.deepEqual(got.pkg.info, chunks(native).INFO);
    assert.equal(got.pkg.glsl.shaders.length, got.pkg.summary.shaders);
    packages++;
  }
  // Every built-in profile, a selection, inline RON, and every failure kind.
  assert.equal(packages, 8);
  assert.equal(failures, 3);
});

test("effect() summaries say what translated and why the rest did not", () => {
  const ccpwgl = dx.effect(fixture("skinned"), { generatedAt: "2026-01-01T00:00:00.000Z" });
  assert.equal(ccpwgl.info.translator.profile, "ccpwgl", "ccpwgl is the default");
  assert.equal(ccpwgl.info.generatedAt, "2026-01-01T00:00:00.000Z");
  assert.equal(ccpwgl.summary.translated, 2);
  assert.equal(ccpwgl.summary.linkedPasses, 2);
  const webgl2 = dx.effect(fixture("skinned"), { profile: "webgl2" });
  assert.match(webgl2.info.generatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(webgl2.summary.refused, 1);
  assert.equal(webgl2.summary.incompletePasses, 2);
  const refused = webgl2.summary.programs.find((p) => p.status === "refused");
  assert.equal(refused.stage, "vertex");
  assert.match(refused.reason, /structured/);
  assert.deepEqual(webgl2.summary.reasons, [{ status: "refused", key: refused.key, count: 1 }]);
  const shader = webgl2.glsl.shaders.find((s) => s.key === `dxbc_${refused.sha1}`);
  assert.equal(shader.source, null);
  // Selections: one as an object, one as text, the same row.
  const a = dx.effect(fixture("corpus"), { permutations: [{ QUALITY: "QUALITY_2" }], generatedAt: "x" });
  const b = dx.effect(fixture("corpus"), { permutations: ["QUALITY=QUALITY_2"], generatedAt: "x" });
  assert.ok(Buffer.from(a.bytes).equals(Buffer.from(b.bytes)));
  assert.equal(a.info.packageKind, "tr2-effect-webgl");
  assert.equal(a.summary.variants, 1);
});

test("effect() errors carry the field and byte the reader stopped at", () => {
  const cut = fixture("truncated");
  assert.throws(
    () => dx.effect(cut),
    (e) =>
      e instanceof dx.DxlowerError &&
      e.status === "decode_failed" &&
      e.field === "row 0 size" &&
      e.byte === 2925 &&
      e.reason.startsWith("row 0 size at byte 2925 (0xb6d): truncated"),
  );
  assert.throws(
    () => dx.effect(fixture("mismatch")),
    (e) => e.status === "failed" && /^body_\d+_\d+\.Main\.pass0\.vertex$/.test(e.field) && /^dxbc_[0-9a-f]{40}$/.test(e.program),
  );
  assert.throws(() => dx.effect(fixture("skinned"), { profile: "webgl3" }), (e) => e.status === "invalid");
  assert.throws(() => dx.effect(fixture("corpus"), { permutations: ["QUALITY"] }), (e) => e.status === "invalid" && /axis=option/.test(e.reason));
  assert.throws(() => dx.effect(fixture("skinned"), { permutations: "QUALITY=1" }), TypeError);
});

test("effect() writes the bytes `dxlower effect` writes", () => {
  const bin = cli();
  const out = join(dir, "cli");
  mkdirSync(out, { recursive: true });
  let compared = 0;
  for (const [k, want] of calls.entries()) {
    const file = join(dir, `${want.fixture}.sm_hi`);
    let profile = want.profile;
    if (profile.startsWith("(")) {
      profile = join(out, `profile-${k}.ron`);
      writeFileSync(profile, want.profile);
    }
    const pkgFile = join(out, `${k}.cewg`);
    const args = ["effect", file, "--profile", profile, "-o", pkgFile, "--quiet"];
    for (const p of want.permutations) args.push("--permutation", p);
    const r = spawnSync(bin, args, { encoding: "utf8" });
    const what = `dxlower ${args.join(" ")}`;
    if (want.error !== undefined) {
      const reason = JSON.parse(want.error).reason;
      assert.notEqual(r.status, 0, what);
      // The command names the option; the package's reason is the rest.
      const line = r.stderr.trim().split("\n").pop();
      assert.ok(
        line === `dxlower: ${file}: ${reason}` || line === `dxlower: ${file}: --${reason}`,
        `${what}: ${line} vs ${reason}`,
      );
      compared++;
      continue;
    }
    assert.equal(r.status, 0, `${what}: ${r.stderr}`);
    const written = readFileSync(pkgFile);
    const info = chunks(written).INFO;
    const got = dx.effect(readFileSync(file), {
      profile: want.profile,
      permutations: want.permutations,
      sourcePath: file,
      generatedAt: info.generatedAt,
    });
    assert.ok(Buffer.from(got.bytes).equals(written), `${what}: package bytes differ`);
    assert.equal(r.stdout.split("\n")[0], got.summary.line, what);
    compared++;
  }
  assert.equal(compared, calls.length);
  assert.ok(readdirSync(out).length >= 8);
});
