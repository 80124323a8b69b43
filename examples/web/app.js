// The example page: drop .dxbc files, see the GLSL, the manifest and what
// this browser's WebGL2 compiler says; drop a Carbon effect container
// (.sm_hi, .sm_lo, .sm_depth), see its CEWG package's summary and every
// pass linked by WebGL2. Served from the repository root
// (`node examples/web/serve.mjs`) after `scripts/build-npm.sh`; with
// `?test=LIST` it loads the files LIST names (corpus paths, or paths
// from the repository root when they start with `/`), runs them through the
// same code as a drop and posts the results to the server (the Chromium
// test, wasm/tests/page.test.mjs).
import init, { translate, link, effect, profiles, version, handlerCount, DxlowerError } from "../../target/npm/dxlower.js";

const $ = (id) => document.getElementById(id);
const gl = document.createElement("canvas").getContext("webgl2");

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

// Enables the WebGL extensions the GLSL's #extension lines need.
function enable(extensions) {
  for (const x of extensions ?? []) if (x.webgl) gl.getExtension(x.webgl);
}

function compile(type, source) {
  const s = gl.createShader(type);
  gl.shaderSource(s, source);
  gl.compileShader(s);
  const ok = !!gl.getShaderParameter(s, gl.COMPILE_STATUS);
  const log = gl.getShaderInfoLog(s) ?? "";
  return { ok, log, shader: s };
}

function linkProgram(vs, ps) {
  const a = compile(gl.VERTEX_SHADER, vs);
  const b = compile(gl.FRAGMENT_SHADER, ps);
  if (!a.ok || !b.ok) return { ok: false, log: `vs: ${a.log}\nps: ${b.log}` };
  const p = gl.createProgram();
  gl.attachShader(p, a.shader);
  gl.attachShader(p, b.shader);
  gl.linkProgram(p);
  return { ok: !!gl.getProgramParameter(p, gl.LINK_STATUS), log: gl.getProgramInfoLog(p) ?? "" };
}

function verdict(r, what) {
  return el("p", { className: r.ok ? "ok" : "bad" }, `${what}: ${r.ok ? "ok" : "failed"}${r.log ? ` — ${r.log}` : ""}`);
}

function errorView(e) {
  const fields = JSON.stringify(e, null, 2);
  return el("div", {}, el("p", { className: "bad" }, e.reason), el("pre", {}, fields));
}

// One dropped file: translated, shown, compiled. Returns what the test reads.
function showStage(name, bytes, profile) {
  const box = el("div", { className: "stage" }, el("h3", {}, name));
  $("out").append(box);
  let t;
  try {
    t = translate(bytes, profile);
  } catch (e) {
    if (!(e instanceof DxlowerError)) throw e;
    box.append(errorView(e));
    return { name, status: e.status, reason: e.reason, dword: e.dword ?? null, liftedBy: e.liftedBy ?? null };
  }
  const stage = t.manifest.stage;
  enable(t.manifest.extensions);
  const c = compile(stage === "vs" ? gl.VERTEX_SHADER : gl.FRAGMENT_SHADER, t.glsl);
  box.append(
    verdict(c, "WebGL2 compile"),
    el("details", { open: true }, el("summary", {}, "GLSL"), el("pre", {}, t.glsl)),
    el("details", {}, el("summary", {}, "manifest (stage record)"), el("pre", {}, JSON.stringify(t.manifest, null, 2))),
  );
  return { name, status: "translated", stage, compiled: c.ok, log: c.log };
}

function showPair(vsName, vs, psName, ps, profile) {
  const box = el("div", { className: "stage" }, el("h3", {}, `program: ${vsName} + ${psName}`));
  $("out").append(box);
  let p;
  try {
    p = link(vs, ps, profile);
  } catch (e) {
    if (!(e instanceof DxlowerError)) throw e;
    box.append(errorView(e));
    return { vs: vsName, ps: psName, status: e.status, reason: e.reason };
  }
  enable(p.manifest.extensions);
  const r = linkProgram(p.vs, p.ps);
  box.append(
    verdict(r, "WebGL2 link"),
    el("details", {}, el("summary", {}, "vertex GLSL"), el("pre", {}, p.vs)),
    el("details", {}, el("summary", {}, "fragment GLSL"), el("pre", {}, p.ps)),
    el("details", {}, el("summary", {}, "program manifest"), el("pre", {}, JSON.stringify(p.manifest, null, 2))),
  );
  return { vs: vsName, ps: psName, status: "linked", linked: r.ok, log: r.log };
}

// The passes of a CEWG package as a runtime joins them: (key, VS, PS).
function passes(glsl) {
  const source = new Map(glsl.shaders.map((s) => [s.key, s.source]));
  const groups = new Map();
  for (const st of glsl.stages) {
    const key = `${st.bodyKey}.${st.techniqueName}.pass${st.passIndex}`;
    const g = groups.get(key) ?? { key };
    if (st.stageName === "vertex") g.vs = source.get(st.shaderKey);
    if (st.stageName === "pixel") g.ps = source.get(st.shaderKey);
    groups.set(key, g);
  }
  return [...groups.values()].filter((g) => typeof g.vs === "string" && typeof g.ps === "string");
}

// One dropped effect container: its CEWG package built under the profile
// chosen on the page, every pass whose two stages have GLSL linked by
// this browser's WebGL2.
function showEffect(name, bytes, profile) {
  const box = el("div", { className: "stage" }, el("h3", {}, `effect: ${name}`));
  $("out").append(box);
  let pkg;
  try {
    pkg = effect(bytes, { profile, sourcePath: name });
  } catch (e) {
    if (!(e instanceof DxlowerError)) throw e;
    box.append(errorView(e));
    return { name, status: e.status, reason: e.reason, field: e.field ?? null, byte: e.byte ?? null };
  }
  const s = pkg.summary;
  const linked = passes(pkg.glsl).map((p) => {
    const r = linkProgram(p.vs, p.ps);
    return { key: p.key, ok: r.ok, log: r.log };
  });
  const ok = linked.filter((l) => l.ok).length;
  const download = el("a", { download: name.replace(/\.sm_(\w+)$/, ".sm_converted_$1"), textContent: `CEWG package (${pkg.bytes.length} bytes)` });
  download.href = URL.createObjectURL(new Blob([pkg.bytes]));
  const rows = s.programs.map((p) =>
    el("tr", {}, el("td", {}, `dxbc_${p.sha1.slice(0, 12)}`), el("td", {}, p.stage), el("td", {}, p.status), el("td", {}, p.reason ?? "")),
  );
  box.append(
    el("p", {}, s.line),
    el("p", { className: ok === linked.length ? "ok" : "bad" }, `WebGL2 link: ${ok} of ${linked.length} passes`),
    el("p", {}, download),
    el("details", { open: true }, el("summary", {}, "programs"), el("table", {}, ...rows)),
    el("details", {}, el("summary", {}, "summary"), el("pre", {}, JSON.stringify(s, null, 2))),
  );
  for (const l of linked.filter((l) => !l.ok)) box.append(verdict(l, l.key));
  return { name, status: "packaged", summary: s, passes: linked };
}

// Effect containers are what is not a DXBC container.
const isDxbc = (bytes) => bytes[0] === 0x44 && bytes[1] === 0x58 && bytes[2] === 0x42 && bytes[3] === 0x43;

// What a drop does: every shader on its own, then the first VS with the
// first PS as a program; every effect container packaged.
async function handleFiles(files) {
  $("out").replaceChildren();
  const profile = $("profile").value;
  const loaded = [];
  for (const f of files) loaded.push({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
  const shaders = loaded.filter((f) => isDxbc(f.bytes));
  const effects = loaded.filter((f) => !isDxbc(f.bytes)).map((f) => showEffect(f.name, f.bytes, profile));
  const stages = shaders.map((f) => ({ ...f, result: showStage(f.name, f.bytes, profile) }));
  const vs = stages.find((s) => s.result.stage === "vs");
  const ps = stages.find((s) => s.result.stage === "ps");
  const program = vs && ps ? showPair(vs.name, vs.bytes, ps.name, ps.bytes, profile) : null;
  return { stages: stages.map((s) => s.result), program, effects };
}

async function main() {
  if (!gl) throw new Error("this browser has no WebGL2");
  await init();
  for (const p of profiles()) $("profile").append(el("option", { value: p }, p));
  $("status").textContent = `dxlower ${version()}, ${handlerCount()} handlers`;
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    handleFiles([...e.dataTransfer.files]);
  });
  $("files").addEventListener("change", (e) => handleFiles([...e.target.files]));

  const test = new URLSearchParams(location.search).get("test");
  if (test) {
    const files = [];
    for (const path of test.split(",")) {
      const r = await fetch(path.startsWith("/") ? path : `/corpus/${path}`);
      files.push(new File([await r.arrayBuffer()], path));
    }
    const result = await handleFiles(files);
    result.renderer = gl.getParameter(gl.VERSION);
    await fetch("/result", { method: "POST", body: JSON.stringify(result) });
  }
}

main().catch(async (e) => {
  $("status").textContent = `failed: ${e.message}`;
  if (new URLSearchParams(location.search).get("test")) {
    await fetch("/result", { method: "POST", body: JSON.stringify({ error: String(e && e.stack || e) }) });
  }
});
