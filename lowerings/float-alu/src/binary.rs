//! The infix arithmetic opcodes: `add`, `mul`, `div`, `mad`.
//!
//! Each maps one-to-one onto a GLSL operator; every source is read as float
//! through the destination's write mask (one lane per written lane), so the
//! operands already have the destination's width and need no widening.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `d = a <op> b` with both sources read through the destination mask.
fn infix<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, op: &str) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let a = cx.src(inst, 1, Ty::Float, d.mask)?;
    let b = cx.src(inst, 2, Ty::Float, d.mask)?;
    cx.assign(d, Ty::Float, d.width(), &format_args!("{a} {op} {b}"))
}

/// `add`: componentwise float addition.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#add-mul`; Microsoft "add (sm4 - asm)"; D3D11.3
/// functional spec §3.1 (Floating Point Rules).
///
/// **GLSL ES 3.00**: `d.m = a.m + b.m;` (infix `+`, sources through the
/// destination mask).
///
/// **Differences**: D3D flushes denormal inputs and results of arithmetic
/// to sign-preserving zero; GLSL ES 3.00 (§4.5.1) allows but does not require
/// it, so `denorm + 0.0` may keep the denormal. D3D requires `x + 0.0 == x`
/// except for `-0 + 0 = +0`, which IEEE addition in GLSL also gives.
/// ±Inf/NaN propagate the IEEE way on both sides when the GLSL
/// implementation supports them (ES 3.00 does not require NaN support).
///
/// **Example**:
/// ```text
/// add r0.xy, r1.xyxx, -cb0[2].zwzz   →   r0.xy = r1.xy + (-cb0.data[2].zw);
/// ```
fn lower_add<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    infix(inst, cx, "+")
}

register_handler! {
    opcodes: &[Opcode::Add],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#add-mul",
    lower: Lower::Inst(lower_add),
}

/// `mul`: componentwise float multiplication.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#add-mul`; Microsoft "mul (sm4 - asm)"; D3D11.3
/// functional spec §3.1.
///
/// **GLSL ES 3.00**: `d.m = a.m * b.m;`
///
/// **Differences**: denormals as for `add` (D3D flushes, GLSL may not).
/// D3D guarantees `x * 1.0 == x` (up to the flush) and `±Inf * 0 = NaN`;
/// GLSL gives the same with IEEE hardware but does not require NaN.
///
/// **Example**:
/// ```text
/// mul r0.xyz, v1.xyzx, l(0.5, 0.5, 0.5, 0)   →   r0.xyz = vs_TEXCOORD1.xyz * vec3(0.5, 0.5, 0.5);
/// ```
fn lower_mul<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    infix(inst, cx, "*")
}

register_handler! {
    opcodes: &[Opcode::Mul],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#add-mul",
    lower: Lower::Inst(lower_mul),
}

/// `div`: componentwise float division.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#div`; Microsoft "div (sm4 - asm)"; D3D11.3
/// functional spec §3.1 ("divide by 0 produces ±INF, except 0/0 which
/// results in NaN").
///
/// **GLSL ES 3.00**: `d.m = a.m / b.m;`
///
/// **Differences**: GLSL ES 3.00 does not define division by zero (and
/// allows 2.5 ULP for `/`); D3D gives ±Inf (0/0 = NaN). Mesa llvmpipe
/// returns the D3D values (see the crate doc); a driver that does not is a
/// documented risk, not fixed up here.
///
/// **Example**:
/// ```text
/// div r0.x, r0.x, r0.y   →   r0.x = r0.x / r0.y;
/// ```
fn lower_div<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    infix(inst, cx, "/")
}

register_handler! {
    opcodes: &[Opcode::Div],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#div",
    lower: Lower::Inst(lower_div),
}

/// `mad`: componentwise multiply-add.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#mad`; Microsoft "mad (sm4 - asm)"; D3D11.3
/// functional spec §3.1 (fused operations may round once or twice).
///
/// **GLSL ES 3.00**: `d.m = a.m * b.m + c.m;` — infix, never `fma()`
/// (not in ES 3.00). All three sources are read through the destination
/// mask, so no operand needs widening.
///
/// **Differences**: D3D lets `mad` be fused or not; a GLSL compiler may also
/// contract `a * b + c` into an FMA — both sides allow either rounding.
/// Denormals as for `add`.
///
/// **Example**:
/// ```text
/// mad r0.xyzw, r1.xyzw, cb0[0].xxxx, r2.xyzw   →   r0 = r1.xyzw * cb0.data[0].xxxx + r2.xyzw;
/// ```
fn lower_mad<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let a = cx.src(inst, 1, Ty::Float, d.mask)?;
    let b = cx.src(inst, 2, Ty::Float, d.mask)?;
    let c = cx.src(inst, 3, Ty::Float, d.mask)?;
    cx.assign(d, Ty::Float, d.width(), &format_args!("{a} * {b} + {c}"))
}

register_handler! {
    opcodes: &[Opcode::Mad],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#mad",
    lower: Lower::Inst(lower_mad),
}
