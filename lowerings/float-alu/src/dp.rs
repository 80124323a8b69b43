//! The dot products `dp2`, `dp3`, `dp4`.
//!
//! The number of source lanes is fixed by the opcode, whatever the
//! destination mask: the first 2, 3 or 4 lanes of each source's swizzle.
//! The scalar result is broadcast into every written lane.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `d.m = vecK(dot(a.<n lanes>, b.<n lanes>));`
fn dot<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, n: u8) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let a = cx.src_n(inst, 1, Ty::Float, n)?;
    let b = cx.src_n(inst, 2, Ty::Float, n)?;
    cx.assign(d, Ty::Float, 1, &format_args!("dot({a}, {b})"))
}

/// `dp2`: two-component dot product.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4`; Microsoft "dp2 (sm4 - asm)"; D3D11.3
/// functional spec §3.1 (fused operations such as `dp3` may round like a
/// sequence of `mul`/`add` or better).
///
/// **GLSL ES 3.00**: `dot(a.xy, b.xy)` — sources forced to their first two
/// swizzle lanes; broadcast with `vecK(...)` into a K-lane mask.
///
/// **Differences**: rounding of the sum may differ (D3D allows a fused or
/// unfused sequence, GLSL does not specify `dot`'s precision). Denormals and
/// NaN/Inf as for `mul`/`add`.
///
/// **Example**:
/// ```text
/// dp2 r0.x, r1.xyxx, r1.xyxx   →   r0.x = dot(r1.xy, r1.xy);
/// ```
fn lower_dp2<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    dot(inst, cx, 2)
}

register_handler! {
    opcodes: &[Opcode::Dp2],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4",
    lower: Lower::Inst(lower_dp2),
}

/// `dp3`: three-component dot product.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4`; Microsoft "dp3 (sm4 - asm)"; D3D11.3
/// functional spec §3.1.
///
/// **GLSL ES 3.00**: `dot(a.xyz, b.xyz)` — three swizzle lanes whatever
/// the destination mask; broadcast into the written lanes.
///
/// **Differences**: as `dp2`.
///
/// **Example**:
/// ```text
/// dp3 r0.w, r0.xyzx, r0.xyzx   →   r0.w = dot(r0.xyz, r0.xyz);
/// dp3 r1.xy, r2.xyzx, cb0[1].xyzx   →   r1.xy = vec2(dot(r2.xyz, cb0.data[1].xyz));
/// ```
fn lower_dp3<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    dot(inst, cx, 3)
}

register_handler! {
    opcodes: &[Opcode::Dp3],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4",
    lower: Lower::Inst(lower_dp3),
}

/// `dp4`: four-component dot product.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4`; Microsoft "dp4 (sm4 - asm)"; D3D11.3
/// functional spec §3.1.
///
/// **GLSL ES 3.00**: `dot(a.xyzw, b.xyzw)` — full four-lane sources;
/// broadcast into the written lanes (plain assignment for one lane).
///
/// **Differences**: as `dp2`.
///
/// **Example**:
/// ```text
/// dp4 o0.x, v0.xyzw, cb0[0].xyzw   →   gl_Position.x = dot(in_POSITION0.xyzw, cb0.data[0].xyzw);
/// ```
fn lower_dp4<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    dot(inst, cx, 4)
}

register_handler! {
    opcodes: &[Opcode::Dp4],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#dp2-dp3-dp4",
    lower: Lower::Inst(lower_dp4),
}
