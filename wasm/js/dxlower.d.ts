// Types of the npm package `dxlower` (dxlower.js). The JSON shapes are
// those of the native library (docs/manifest.md in the repository); fields
// not typed here are there too.

/** Bytes of a DXBC container. */
export type ShaderBytes = Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * A profile: a built-in name, or a profile's RON text such as
 * `(extends: Some("webgl2"), nan_exact: true)`. Profile files are not read.
 */
export type Profile = "webgl2" | "webgl2-fast" | "ccpwgl" | "native" | (string & {});

/** What would lift a refusal. */
export type LiftedBy =
  | { kind: "switch"; switch: string; value: string; text: string }
  | { kind: "pass"; pass: string; text: string }
  | { kind: "limit"; field: string; text: string }
  | { kind: "other"; text: string };

/** The fields of a failure, as the native library reports them. */
export interface DxlowerErrorFields {
  /**
   * `refused` (the profile cannot express the shader), `decode_failed` (not
   * a valid DXBC program), `unsupported`, `failed` (an internal error), or
   * `invalid` (a program D3D itself rejects, or an argument: unknown
   * profile, RON that does not parse, a stage given in the other's place). New statuses of the library come
   * through as they are.
   */
  status: "refused" | "invalid" | "failed" | "decode_failed" | "unsupported" | (string & {});
  /** The message, word for word as the CLI prints it. */
  reason: string;
  /** The reason without offsets, registers folded: stable to group by. */
  key: string;
  /** `vs` or `ps`: the stage of a link that failed. */
  stage?: "vs" | "ps";
  /** Index of the instruction (declarations counted). */
  instruction?: number;
  /** Its opcode's mnemonic. */
  opcode?: string;
  /** Dword offset of the instruction from the start of the program. */
  dword?: number;
  /** Byte offset of the instruction from the start of the container. */
  byte?: number;
  /** The profile change that would lift a refusal. */
  liftedBy?: LiftedBy;
  /**
   * An effect container: the field the reader rejected (`body 0 technique
   * "Main" pass 0 stage 1 texture count`), or the stage key whose Carbon
   * record disagrees with its program.
   */
  field?: string;
  /** An effect container: the program (`dxbc_<sha1>`) a record disagrees with. */
  program?: string;
}

/** Thrown by translate, link, disasm and effect for input dxlower does not lower. */
export class DxlowerError extends Error {
  readonly name: "DxlowerError";
  /** The fields, as JSON.stringify writes them. */
  toJSON(): DxlowerErrorFields;
}
export interface DxlowerError extends DxlowerErrorFields {}

export interface InterfaceVar {
  name: string;
  direction: "in" | "out";
  builtin: boolean;
  location: number | null;
  type: string;
  data_type: string;
  components: number;
  interpolation: { flat: boolean; noperspective: boolean; centroid: boolean };
  system_value: string | null;
  semantic: [string, number];
  register: number | null;
  mask: number;
}

export interface Extension {
  /** The `#extension` directive. */
  directive: string;
  /** The WebGL extension to enable with `gl.getExtension` before compiling. */
  webgl: string | null;
}

/** What a translated stage declares (the stage record). */
export interface StageRecord {
  stage: "vs" | "ps";
  inputs: InterfaceVar[];
  outputs: InterfaceVar[];
  uniform_blocks: {
    block: string;
    instance: string;
    kind: string;
    slot: number | null;
    texture_register: number | null;
    vec4s: number;
  }[];
  samplers: {
    name: string;
    glsl_type: string;
    precision: string;
    texture: number;
    sampler: number | null;
    shadow: boolean;
    data: unknown;
    used: boolean;
  }[];
  uniforms: { name: string; type: string; precision: string; array: number | null }[];
  extensions: Extension[];
  limits: Record<string, number>;
  contracts: unknown[];
  notes: string[];
}

/** What a host binds to run a linked program (docs/manifest.md). */
export interface Manifest {
  attributes: {
    name: string;
    glsl_type: string;
    base_type: string;
    components: number;
    integer: boolean;
    data_type: string;
  }[];
  uniform_blocks: {
    block: string;
    instance: string;
    kind: string;
    slot: number | null;
    vec4s: number;
    bytes: number;
    stages: ("vs" | "ps")[];
    texture_register?: number | null;
  }[];
  samplers: {
    stage: "vs" | "ps";
    name: string;
    type: string;
    texture: number;
    sampler: number | null;
    shadow: boolean;
    data_texture?: unknown;
  }[];
  uniforms: { name: string; type: string; array: number | null; stages: ("vs" | "ps")[] }[];
  varyings: {
    semantic: string;
    index: number;
    base_type: string;
    components: number;
    interpolation: string | null;
    vs_register: number | null;
    ps_register: number | null;
    fed: boolean;
  }[];
  extensions: (Extension & { stages: ("vs" | "ps")[] })[];
  notes: string[];
}

export interface InitOptions {
  /**
   * The module: its bytes, a URL or path, a `Response` or a compiled
   * `WebAssembly.Module`. Default: `dxlower_bg.wasm` beside dxlower.js
   * (fetched in a browser, read from disk in Node).
   */
  module_or_path?: BufferSource | URL | string | Response | WebAssembly.Module | Promise<unknown>;
}

/**
 * Loads the WebAssembly module. Call once, before anything else; later
 * calls return the same promise. Rejects with a DxlowerError if the
 * module's handler registrations are missing.
 */
export default function init(options?: InitOptions): Promise<void>;

/** Translates one vertex or pixel shader. Throws DxlowerError. */
export function translate(bytes: ShaderBytes, profile?: Profile): { glsl: string; manifest: StageRecord };

/**
 * Translates a vertex and a pixel shader so that they link, with the
 * program manifest. Throws DxlowerError.
 */
export function link(
  vs: ShaderBytes,
  ps: ShaderBytes,
  profile?: Profile,
): { vs: string; ps: string; manifest: Manifest };

/** The fxc-style listing of a shader (`dxlower disasm`). Throws DxlowerError. */
export function disasm(bytes: ShaderBytes): string;

/** The built-in profile names. */
export function profiles(): string[];

/** The package version. */
export function version(): string;

/** How many opcode handlers the module registered. */
export function handlerCount(): number;

/** What `effect` builds a package with. */
export interface EffectOptions {
  /** Built-in name or RON text. Default `ccpwgl` (the ABI of the public CEWG loader). */
  profile?: Profile;
  /**
   * Permutations to package, each `"axis=option,axis=option"` or
   * `{ axis: option }` (axes not named take their default). Default: every
   * permutation.
   */
  permutations?: (string | Record<string, string>)[];
  /** The input path recorded in INFO and META. Default `""`. */
  sourcePath?: string;
  /** The build time recorded in INFO and META (ISO-8601 UTC). Default: now. */
  generatedAt?: string;
}

/** How one distinct program of the effect fared on its own. */
export interface EffectProgram {
  /** SHA-1 of its bytes (its shader key is `dxbc_<sha1>`). */
  sha1: string;
  stage: "vertex" | "pixel" | "compute" | "geometry" | "hull" | "domain";
  status: "translated" | "refused" | "unsupported" | "invalid" | "failed" | "decode_failed" | (string & {});
  /** Why it did not translate. */
  reason?: string;
  /** The reason folded, stable to group by. */
  key?: string;
}

/** What `dxlower effect` reports for a package. */
export interface EffectSummary {
  /** The line `dxlower effect` prints: `N programs: T translated, ...; P passes: L linked, I incomplete`. */
  line: string;
  programs: EffectProgram[];
  translated: number;
  refused: number;
  unsupported: number;
  /** Programs that are not valid DXBC programs (the structure check). */
  invalid: number;
  failed: number;
  decodeFailed: number;
  /** Passes with one vertex and one pixel stage. */
  passes: number;
  /** Of those, passes whose two shaders have GLSL. */
  linkedPasses: number;
  incompletePasses: number;
  /** Shaders in the package. */
  shaders: number;
  bodies: number;
  variants: number;
  /** Why programs did not translate, most frequent first. */
  reasons: { status: string; key: string; count: number }[];
}

/** A CEWG package (docs/cewg-package.md in the repository). */
export interface EffectPackage {
  /** The package bytes, as `dxlower effect -o` writes them. */
  bytes: Uint8Array;
  summary: EffectSummary;
  /** The INFO chunk, parsed when first read. */
  readonly info: Record<string, unknown>;
  /** The META chunk (the Carbon reflection), parsed when first read. */
  readonly meta: Record<string, unknown>;
  /** The GLSL chunk (variants, bodies, stages, shaders with their sources), parsed when first read. */
  readonly glsl: {
    variants: { key: string; permutationIndex: number; bodyKey: string }[];
    bodies: { key: string; error: null; stages: string[] }[];
    stages: {
      key: string;
      bodyKey: string;
      techniqueName: string;
      passIndex: number;
      stageName: string;
      shaderKey: string;
      [k: string]: unknown;
    }[];
    shaders: { key: string; stageName: string; source: string | null; [k: string]: unknown }[];
    [k: string]: unknown;
  };
}

/**
 * Builds the CEWG package of a Carbon effect container (`.sm_hi`, `.sm_lo`,
 * `.sm_depth`). Throws DxlowerError: `decode_failed` (with `field` and
 * `byte`) for a container that does not read, `failed` when a Carbon
 * record and its program disagree, `invalid` for a profile or permutation.
 * Programs that do not translate are recorded in the package, not thrown.
 */
export function effect(bytes: ShaderBytes, options?: EffectOptions): EffectPackage;
