//! # dxlower-float-alu
//!
//! The float-alu family: the 21 float arithmetic opcodes of
//! `lowerings/float-alu/docs/float-alu.md` (`add`, `div`, `dp2`, `dp3`, `dp4`, `exp`, `frc`, `log`,
//! `mad`, `max`, `min`, `mov`, `mul`, `rcp`, `round_ne`, `round_ni`,
//! `round_pi`, `round_z`, `rsq`, `sincos`, `sqrt`), with the cross-family
//! rules of `docs/conventions.md`. It also owns the double-precision opcodes,
//! which it
//! refuses by name (GLSL ES 3.00 has no doubles).
//!
//! Every handler reads its sources as float through the register model
//! ([`dxlower_core::Ctx::src`]) and writes with
//! [`dxlower_core::Ctx::assign`], which converts to the destination's
//! storage type, broadcasts a scalar into a wider mask and appends the
//! `_sat` clamp (`nan_exact`: `d > 0.0 ? min(d, 1.0) : 0.0`) as a
//! second statement. No handler spells a bitcast. Each handler's doc comment
//! gives its spec entry, its GLSL ES 3.00 form, the special-value
//! differences from D3D, and an example.
//!
//! Files: [`binary`] (`add`, `mul`, `div`, `mad`), [`unary`] (`exp`, `log`,
//! `frc`, `round_*`, `sqrt`, `rsq`), [`mov`], [`dp`] (`dp2`/`dp3`/`dp4`),
//! [`min_max`], [`rcp`], [`sincos`].
//!
//! ## Decisions
//!
//! The points where the GLSL form was not obvious were settled with two tools:
//! `glslangValidator` (ES 3.00 legality of every emitted form, run by the
//! `float_alu` integration tests on each snapshot's full shader) and Mesa
//! llvmpipe (LLVM 15) through EGL surfaceless: a one-pixel GLSL ES 3.00
//! draw reading `cb0` from a uniform buffer and writing the result bits to
//! an `RGBA32UI` target. The llvmpipe results quoted below are from those
//! draws with run-time (uniform) inputs unless marked "folded".
//!
//! 1. **Special values of `div`, `rcp`, `rsq`, `sqrt`, `log`: builtins, no
//!    guards.** GLSL ES 3.00 leaves `x / 0`, `inversesqrt(x <= 0)`,
//!    `sqrt(x < 0)` and `log2(x <= 0)` undefined; D3D defines them (D3D11.3
//!    functional spec §3.1, Microsoft asm pages). On llvmpipe the builtins
//!    give exactly the D3D values: `1/±0 = ±Inf`, `0/0 = NaN`,
//!    `1/±Inf = ±0`; `inversesqrt(+0, -0, +Inf, -Inf) = +Inf, -Inf, +0,
//!    NaN`, `inversesqrt(±denormal) = ±Inf` (flushed, as D3D's table);
//!    `sqrt(-1) = NaN`, `sqrt(-0) = -0`; `log2(±0) = -Inf`,
//!    `log2(-1) = NaN`, `log2(denormal) = -Inf`. The same holds for the
//!    folded constants `1.0/0.0`, `inversesqrt(0.0)`, `log2(0.0)`. (`log`
//!    under `nan_exact` is the exception: SwiftShader differs, so
//!    `dx11_log2`/`dx11_log2_abs` decide the special values from the
//!    bits.) A
//!    guard (`x == 0.0 ? … : …`) would cost a select per lane on every
//!    `rsq` — fxc's `normalize` — for drivers we cannot observe here; the
//!    risk stays documented per handler instead. `rsq` stays
//!    `inversesqrt`, not `1.0 / sqrt(x)` (same results on llvmpipe, one
//!    instruction fewer, and what the family spec names).
//! 2. **`min`/`max` NaN: builtin by default, helper under `nan_exact`.**
//!    llvmpipe's run-time `min(NaN, 1.0)` and `min(1.0, NaN)` both return
//!    1.0 (the D3D answer), but its constant folder returns NaN for
//!    `min(1.0, uintBitsToFloat(0x7fc00000u))`: the builtin's NaN result
//!    depends on the operand order and even on whether the operands are
//!    constant, on one driver. Under `nan_exact` the handlers call
//!    `dx11_min`/`dx11_max` (one helper each, float/vec2/vec3/vec4
//!    overloads: a comparison select, which a NaN `a` fails, and `isnan`
//!    of `b` only), checked on llvmpipe: `(NaN, 1) → 1`, `(1, NaN) → 1`,
//!    `(NaN, NaN) → NaN`, `(-NaN, 2) → 2`. The vector overloads use
//!    `mix(x, y, bvecN)`, which GLSL ES 3.00 specifies as a select that
//!    ignores the unselected (possibly NaN) operand. `isnan` is core ES
//!    3.00. Known hazard: the HLSL compiler behind ANGLE's D3D back end can
//!    fold `isnan` to false (reported in dolphin-emu/dolphin PRs 10090 and
//!    11603); ANGLE carries an `isnan` emulation for its HLSL output
//!    (`InitBuiltInIsnanFunctionEmulatorForHLSLWorkarounds`), applied as a
//!    driver workaround, so this stays a documented risk there.
//! 3. **`_sat`**: done by the core's `assign` (`docs/conventions.md#saturate`). On llvmpipe
//!    `clamp(NaN, 0.0, 1.0)` already returns 0 and the `nan_exact` form
//!    `mix(vec4(0.0), min(d, vec4(1.0)), greaterThan(d, vec4(0.0)))`
//!    returns 0 for ±NaN, 1 for +Inf, 0 for -1.
//! 4. **Movers keep bits** (`docs/conventions.md#immediates`): `mov` reads its
//!    source with `src_mover`, so immediates print as
//!    `uintBitsToFloat(0x…u)` unless their decimal is exact. On llvmpipe a
//!    NaN payload (`0x7fc00001`, `0xffbfffff`, `0x7f800001`) and the
//!    denormal `0x00000001` survive a copy through a temp, including a
//!    swizzled one. Arithmetic consumers print normal floats in decimal
//!    and everything else (denormal, ±Inf, NaN, -0) in bit form — also the
//!    core's rule.
//! 5. **Denormals are not flushed by the lowering.** D3D flushes denormal
//!    inputs and outputs of arithmetic (not of moves) to ±0; GLSL ES 3.00
//!    allows either. llvmpipe flushes (`denormal + 0 = 0`,
//!    `-denormal * 1 = -0`), matching D3D; a driver that keeps denormals
//!    gives results that differ only below 2^-126.
//! 6. **`sincos` aliasing** (finding 7): a local copy of the source inside
//!    a `{ }` block whenever both destinations are live and either one's
//!    register is the source register (or sits in its relative index); a
//!    single live destination is one statement and needs none.
//! 7. **Conformance replay.** The shared Wine/vkd3d/vkd3d-proton tables
//!    (`tests/tests/conformance.rs`, 810 cases drawn on llvmpipe) pass for
//!    every case that uses a float-alu opcode — `add` 30, `div` 16, `dp2` 4,
//!    `dp3` 4, `exp` 10, `frc` 10, `log` 10, `min`/`max` 14 each, `mov` 521,
//!    `rcp` 16, `round_ne` 14, `round_ni`/`round_pi`/`round_z` 12 each,
//!    `sincos` 2 (no table exercises `mad`, `mul`, `rsq`, `sqrt`, `dp4`) —
//!    under the D3D-exact profile and under `webgl2` as shipped alike; the
//!    special-value rows (`div`/`rcp` by ±0, `log(-0)`, `exp(±Inf)`,
//!    `min`/`max` with NaN, `_sat` of negatives) included.
//! 8. **`dp2`/`dp3`/`dp4`** read the first 2/3/4 lanes of each source's
//!    swizzle whatever the destination mask and broadcast the scalar
//!    (`vecK(dot(...))`); **`rcp`** is `vecN(1.0) / x`; `round_ne` is
//!    `roundEven` (core ES 3.00; `-0.5 → -0` on llvmpipe); `exp`/`log` are
//!    base 2.

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "float-alu";

pub mod binary;
pub mod double;
pub mod dp;
pub mod min_max;
pub mod mov;
pub mod rcp;
pub mod sincos;
pub mod unary;
