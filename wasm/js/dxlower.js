// dxlower: DXBC (Direct3D 10/11 shader bytecode) to GLSL ES 3.00 for
// WebGL2, in the page. The entry module of the npm package: it wraps the
// wasm-bindgen glue (dxlower_glue.js) so that failures are thrown as
// DxlowerError and the module is checked at init.
import initGlue, * as glue from "./dxlower_glue.js";

/**
 * A shader dxlower did not translate: refused by the profile, not a valid
 * program, or an internal failure. The fields are those of the CLI's JSON.
 */
export class DxlowerError extends Error {
  #fields;
  constructor(fields) {
    super(fields.reason);
    this.#fields = fields;
    this.status = fields.status;
    this.reason = fields.reason;
    this.key = fields.key;
    // Where, and what lifts a refusal, when known.
    if (fields.stage !== undefined) this.stage = fields.stage;
    if (fields.instruction !== undefined) this.instruction = fields.instruction;
    if (fields.opcode !== undefined) this.opcode = fields.opcode;
    if (fields.dword !== undefined) this.dword = fields.dword;
    if (fields.byte !== undefined) this.byte = fields.byte;
    if (fields.liftedBy !== undefined) this.liftedBy = fields.liftedBy;
    // An effect container: the field the reader or the check was at.
    if (fields.field !== undefined) this.field = fields.field;
    if (fields.program !== undefined) this.program = fields.program;
  }

  /** The fields as the native library reports them (its JSON). */
  toJSON() {
    return this.#fields;
  }
}
DxlowerError.prototype.name = "DxlowerError";

let ready = null;
let started = false;

function internal(reason) {
  return new DxlowerError({ key: reason, reason, status: "failed" });
}

// The glue throws a failure as the JSON text of its fields; a Rust panic
// surfaces as a WebAssembly trap.
function rethrow(e) {
  if (typeof e === "string") {
    let fields = null;
    try {
      fields = JSON.parse(e);
    } catch {
      // not ours
    }
    if (fields && typeof fields.status === "string") throw new DxlowerError(fields);
  }
  if (e instanceof WebAssembly.RuntimeError) {
    throw internal(`internal error (WebAssembly trap: ${e.message})`);
  }
  throw e;
}

function isNode() {
  return typeof process !== "undefined" && !!process.versions && !!process.versions.node;
}

// Node's fetch reads no file: URLs; read the module beside this file.
async function defaultInput() {
  const url = new URL("dxlower_bg.wasm", import.meta.url);
  if (url.protocol === "file:" && isNode()) {
    const fs = "node:fs/promises";
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
    return readFile(url);
  }
  return url;
}

/**
 * Loads and instantiates the WebAssembly module. Call once before anything
 * else; later calls return the same promise. In a browser the module is
 * fetched from `dxlower_bg.wasm` beside this file; `{ module_or_path }`
 * gives the bytes, a `Response`, a URL or a compiled `WebAssembly.Module`
 * instead. Rejects with a DxlowerError when the module's handler
 * registrations are missing.
 */
export default function init(options) {
  if (ready) return ready;
  ready = (async () => {
    let input = options && options.module_or_path;
    if (input === undefined) input = await defaultInput();
    try {
      await initGlue({ module_or_path: input });
    } catch (e) {
      ready = null;
      rethrow(e);
    }
    if (!(glue.handlerCount() > 0)) {
      ready = null;
      throw internal("no handler registered: the lowering families were not linked into this module");
    }
    started = true;
  })();
  return ready;
}

function check() {
  if (!started) throw new Error("dxlower: call `await init()` before using the package");
}

function bytesOf(x, what) {
  if (x instanceof Uint8Array) return x;
  if (x instanceof ArrayBuffer) return new Uint8Array(x);
  if (ArrayBuffer.isView(x)) return new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
  throw new TypeError(`dxlower: ${what} must be a Uint8Array, an ArrayBuffer or a typed array`);
}

function profileOf(p) {
  if (p === undefined) return "webgl2";
  if (typeof p !== "string") throw new TypeError("dxlower: the profile is a built-in name or RON text");
  return p;
}

// The manifest is parsed when first read: a caller that wants only the
// GLSL does not pay for it (parsing costs a fifth of a translation).
// `manifest` is a getter of the prototype; toJSON lists it with the texts.
class WithManifest {
  #text;
  #manifest;
  constructor(text) {
    this.#text = text;
  }
  get manifest() {
    if (this.#manifest === undefined) this.#manifest = JSON.parse(this.#text);
    return this.#manifest;
  }
  toJSON() {
    return { ...this, manifest: this.manifest };
  }
}

class Translated extends WithManifest {
  constructor(glsl, text) {
    super(text);
    this.glsl = glsl;
  }
}

class Linked extends WithManifest {
  constructor(vs, ps, text) {
    super(text);
    this.vs = vs;
    this.ps = ps;
  }
}

/**
 * Translates one vertex or pixel shader (the bytes of a DXBC container).
 * `profile` is a built-in name (`webgl2`, the default; `webgl2-fast`; `ccpwgl`; `native`)
 * or a profile's RON text. Returns the GLSL and the stage record (what the
 * stage declares).
 */
export function translate(bytes, profile) {
  check();
  let r;
  try {
    r = glue.translate(bytesOf(bytes, "the shader"), profileOf(profile));
  } catch (e) {
    rethrow(e);
  }
  return new Translated(r[0], r[1]);
}

/**
 * Translates a vertex and a pixel shader so that they link, with the
 * program manifest a host binds them by.
 */
export function link(vs, ps, profile) {
  check();
  let r;
  try {
    r = glue.link(bytesOf(vs, "the vertex shader"), bytesOf(ps, "the pixel shader"), profileOf(profile));
  } catch (e) {
    rethrow(e);
  }
  return new Linked(r[0], r[1], r[2]);
}

// A CEWG package's chunks (tag, JSON), read when first asked for.
function chunk(bytes, tag) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8, true);
  let at = 12;
  for (let i = 0; i < count; i++) {
    const t = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    const size = view.getUint32(at + 4, true);
    if (t === tag) return JSON.parse(new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + size)));
    at += 8 + size;
  }
  return undefined;
}

class EffectPackage {
  #json = {};
  constructor(bytes, summary) {
    this.bytes = bytes;
    this.summary = summary;
  }
  #get(tag) {
    if (!(tag in this.#json)) this.#json[tag] = chunk(this.bytes, tag);
    return this.#json[tag];
  }
  /** INFO: the package's counts and provenance. */
  get info() {
    return this.#get("INFO");
  }
  /** META: the Carbon reflection. */
  get meta() {
    return this.#get("META");
  }
  /** GLSL: variants, bodies, stages and shaders with their sources. */
  get glsl() {
    return this.#get("GLSL");
  }
  toJSON() {
    return { summary: this.summary, INFO: this.info, META: this.meta, GLSL: this.glsl };
  }
}

function permutationsOf(p) {
  if (p === undefined) return [];
  if (!Array.isArray(p)) throw new TypeError("dxlower: permutations is an array");
  return p.map((x) => {
    if (typeof x === "string") return x;
    if (x && typeof x === "object") {
      return Object.entries(x)
        .map(([axis, option]) => `${axis}=${option}`)
        .join(",");
    }
    throw new TypeError('dxlower: a permutation is "axis=option,..." or {axis: option, ...}');
  });
}

function stringOption(v, fallback, what) {
  if (v === undefined) return fallback;
  if (typeof v !== "string") throw new TypeError(`dxlower: ${what} is a string`);
  return v;
}

/**
 * Builds the CEWG package of a Carbon effect container (`.sm_hi`, `.sm_lo`,
 * `.sm_depth`), the bytes `dxlower effect` writes. Options: `profile`
 * (default `ccpwgl`), `permutations` (default: every one), `sourcePath`
 * and `generatedAt` (recorded in INFO and META; default "" and now).
 * Returns `{ bytes, summary }`, with `info`, `meta` and `glsl` parsed from
 * the bytes when first read.
 */
export function effect(bytes, options = {}) {
  check();
  const profile = profileOf(options.profile ?? "ccpwgl");
  const sourcePath = stringOption(options.sourcePath, "", "sourcePath");
  const generatedAt = stringOption(options.generatedAt, undefined, "generatedAt") ?? new Date().toISOString();
  const permutations = permutationsOf(options.permutations);
  let r;
  try {
    r = glue.effect(bytesOf(bytes, "the effect"), profile, sourcePath, generatedAt, permutations);
  } catch (e) {
    rethrow(e);
  }
  try {
    return new EffectPackage(r.bytes(), JSON.parse(r.summary()));
  } finally {
    r.free();
  }
}

/** The fxc-style listing of a shader, as `dxlower disasm` prints it. */
export function disasm(bytes) {
  check();
  try {
    return glue.disasm(bytesOf(bytes, "the shader"));
  } catch (e) {
    rethrow(e);
  }
}

/** The built-in profile names. */
export function profiles() {
  check();
  return glue.profiles();
}

/** The package version. */
export function version() {
  check();
  return glue.version();
}

/** How many opcode handlers the module registered. */
export function handlerCount() {
  check();
  return glue.handlerCount();
}
