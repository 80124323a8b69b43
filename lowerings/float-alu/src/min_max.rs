//! `min` and `max`, with the D3D NaN rule under the `nan_exact` profile
//! switch.

use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// D3D `min`: a NaN operand loses to the other one; two NaNs give NaN.
/// `a <= b` is false when either is NaN, so the inner select already gives
/// `b` for a NaN `a`; the outer one gives `a` for a NaN `b`. The vector
/// overloads select per lane with `mix(x, y, bvecN)`, which GLSL ES 3.00
/// defines as a true select (an unselected NaN has no effect).
pub static DX11_MIN: Helper = Helper {
    name: "dx11_min",
    text: "float dx11_min(float a, float b) { return isnan(b) ? a : (a <= b ? a : b); }
vec2 dx11_min(vec2 a, vec2 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
vec3 dx11_min(vec3 a, vec3 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
vec4 dx11_min(vec4 a, vec4 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
",
    deps: &[],
};

/// D3D `max`: same NaN rule as [`DX11_MIN`].
pub static DX11_MAX: Helper = Helper {
    name: "dx11_max",
    text: "float dx11_max(float a, float b) { return isnan(b) ? a : (a >= b ? a : b); }
vec2 dx11_max(vec2 a, vec2 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
vec3 dx11_max(vec3 a, vec3 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
vec4 dx11_max(vec4 a, vec4 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
",
    deps: &[],
};

/// `d.m = f(a.m, b.m);` with the builtin, or the helper under `nan_exact`.
fn min_max<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    builtin: &str,
    helper: &'static Helper,
) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let a = cx.src(inst, 1, Ty::Float, d.mask)?;
    let b = cx.src(inst, 2, Ty::Float, d.mask)?;
    let f = if cx.nan_exact() {
        cx.helper(helper);
        helper.name
    } else {
        builtin
    };
    cx.assign(d, Ty::Float, d.width(), &format_args!("{f}({a}, {b})"))
}

/// `min`: componentwise minimum.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#min-max`;
/// Microsoft "min (sm4 - asm)"; D3D11.3 functional spec §3.1
/// (min/max with exactly one NaN operand return the other operand, IEEE
/// 754R; two NaNs return NaN; denormals are flushed for the comparison;
/// `min(-0, +0)` should be -0 but either zero is allowed).
///
/// **GLSL ES 3.00**: `min(a, b)` by default. Under the profile switch
/// `nan_exact`: `dx11_min(a, b)`, a helper with the per-lane D3D form
/// `isnan(b) ? a : (a <= b ? a : b)` (scalar) and a
/// `mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b))` select for vectors, so
/// each source is evaluated once. A NaN `a` fails the comparison and
/// gives `b`; only `b` needs `isnan`, which the driver folds away when `b`
/// is a literal (fxc's `max r0, r0, l(0.0)`): the helper then costs Mesa
/// the same NIR as the builtin (two instructions per lane, one compare and
/// one select, against four for an `isnan` of each operand).
///
/// **Differences**: GLSL defines `min(x, y)` as `y < x ? y : x`, which is
/// NaN-order dependent; implementations differ. Mesa llvmpipe returns the
/// non-NaN operand at run time but its constant folder gives
/// `min(1.0, NaN) = NaN` — one driver, two answers — hence the helper for
/// conformance runs (rows vkd3d_float_087, vkd3d_proton_float_086). The
/// HLSL compiler behind ANGLE's D3D back end can fold `isnan` away; ANGLE
/// has an emulation for it (see the crate doc).
///
/// **Example**:
/// ```text
/// min r0.xy, r0.xyxx, l(1.0, 1.0, 0, 0)   →   r0.xy = min(r0.xy, vec2(1.0, 1.0));
///                                (nan_exact)   r0.xy = dx11_min(r0.xy, vec2(1.0, 1.0));
/// ```
fn lower_min<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    min_max(inst, cx, "min", &DX11_MIN)
}

register_handler! {
    opcodes: &[Opcode::Min],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#min-max",
    lower: Lower::Inst(lower_min),
}

/// `max`: componentwise maximum.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#min-max`;
/// Microsoft "max (sm4 - asm)"; D3D11.3 functional spec §3.1 (as `min`;
/// `max(-0, +0)` should be +0).
///
/// **GLSL ES 3.00**: `max(a, b)`, or `dx11_max(a, b)` under `nan_exact`
/// (same shape as `dx11_min`).
///
/// **Differences**: as `min`. fxc writes `max r0, -r0, r0` for `abs` and
/// `max` against 0 for clamps, so NaN handling matters in practice. Signed
/// zero: llvmpipe's builtin gives `max(+0, -0) = -0`; D3D recommends +0 but
/// does not require it.
///
/// **Example**:
/// ```text
/// max r0.x, r0.x, l(0.0)   →   r0.x = max(r0.x, 0.0);
///                 (nan_exact)   r0.x = dx11_max(r0.x, 0.0);
/// ```
fn lower_max<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    min_max(inst, cx, "max", &DX11_MAX)
}

register_handler! {
    opcodes: &[Opcode::Max],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#min-max",
    lower: Lower::Inst(lower_max),
}
