// Test inputs the native side makes: Carbon effect containers built with
// the test helpers, and the native library's packages for them
// (`cargo run -p dxlower-wasm --example native -- effects DIR`).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs cargo in the repository, its output on this process's stderr. */
export function cargo(args) {
  execFileSync("cargo", args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

/**
 * Writes the effect fixtures into `dir` (emptied first): `skinned.sm_hi`,
 * `corpus.sm_hi`, `mismatch.sm_hi`, `truncated.sm_hi`, and the native
 * calls' outcomes; returns those (the lines of `native.jsonl`).
 */
export function effectFixtures(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cargo(["run", "-q", "-p", "dxlower-wasm", "--example", "native", "--", "effects", dir]);
  return readFileSync(join(dir, "native.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l)
    .map((l) => JSON.parse(l));
}
