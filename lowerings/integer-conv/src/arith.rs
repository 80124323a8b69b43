//! Integer arithmetic that maps to one GLSL operator or builtin per
//! instruction: `iadd`, `imad`, `umad`, `ineg`, `imax`, `imin`, `umax`,
//! `umin` (`lowerings/integer-conv/docs/integer-conv.md`).
//!
//! GLSL ES 3.00 `highp` integer `+`, `-` and `*` wrap modulo 2^32 like
//! D3D's, so no helper is needed. The signedness of `min`/`max` decides the
//! type the sources are read as (`imax` reads `int`, `umax` reads `uint`);
//! the two are never merged.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `d = a <op> b` with both sources read as `ty`.
fn infix<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, ty: Ty, op: &str) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    let a = cx.src(inst, 1, ty, d.mask)?;
    let b = cx.src(inst, 2, ty, d.mask)?;
    cx.assign(d, ty, d.width(), &format_args!("{a} {op} {b}"))
}

/// `d = f(a, b)` with both sources read as `ty`.
fn call2<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, ty: Ty, f: &str) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    let a = cx.src(inst, 1, ty, d.mask)?;
    let b = cx.src(inst, 2, ty, d.mask)?;
    cx.assign(d, ty, d.width(), &format_args!("{f}({a}, {b})"))
}

/// `d = a * b + c` with all sources read as `ty`.
fn mad<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, ty: Ty) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    let a = cx.src(inst, 1, ty, d.mask)?;
    let b = cx.src(inst, 2, ty, d.mask)?;
    let c = cx.src(inst, 3, ty, d.mask)?;
    cx.assign(d, ty, d.width(), &format_args!("{a} * {b} + {c}"))
}

/// `iadd`: componentwise integer addition, wrapping.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#iadd`; Microsoft "iadd (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(I(a) + I(b));`. Signed or unsigned
/// does not matter: both wrap modulo 2^32 and give the same bits.
///
/// **Differences**: none. fxc encodes `isub` as `iadd` with a `neg`
/// modifier, which the register model prints as a two's-complement negate
/// of the typed read (`(-floatBitsToInt(r1.x))`).
///
/// **Example**: `iadd r0.x, r1.x, -r2.x` →
/// `r0.x = intBitsToFloat(floatBitsToInt(r1.x) + (-floatBitsToInt(r2.x)));`
fn iadd<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    infix(inst, cx, Ty::Int, "+")
}

register_handler! {
    opcodes: &[Opcode::Iadd],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#iadd",
    lower: Lower::Inst(iadd),
}

/// `imad`: integer multiply-add, low 32 bits, wrapping.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imad-umad`; Microsoft "imad (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(I(a) * I(b) + I(c));`.
///
/// **Differences**: none (the low 32 bits of a product are the same for
/// signed and unsigned operands).
///
/// **Example**: `imad r0.xy, r1.xyxx, l(3, 3, 0, 0), r2.xyxx` →
/// `r0.xy = intBitsToFloat(floatBitsToInt(r1.xy) * ivec2(3, 3) + floatBitsToInt(r2.xy));`
fn imad<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    mad(inst, cx, Ty::Int)
}

register_handler! {
    opcodes: &[Opcode::Imad],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imad-umad",
    lower: Lower::Inst(imad),
}

/// `umad`: unsigned multiply-add, low 32 bits, wrapping.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imad-umad`; Microsoft "umad (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(U(a) * U(b) + U(c));`.
///
/// **Differences**: none.
///
/// **Example**: `umad r0.x, r1.x, r2.x, l(7)` →
/// `r0.x = uintBitsToFloat(floatBitsToUint(r1.x) * floatBitsToUint(r2.x) + 7u);`
fn umad<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    mad(inst, cx, Ty::Uint)
}

register_handler! {
    opcodes: &[Opcode::Umad],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imad-umad",
    lower: Lower::Inst(umad),
}

/// `ineg`: two's-complement negate.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ineg`; Microsoft "ineg (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(-I(s));` — unary minus on a
/// `highp int` wraps (`-INT_MIN` is `INT_MIN`), as in D3D.
///
/// **Differences**: none.
///
/// **Example**: `ineg r0.y, r0.y` →
/// `r0.y = intBitsToFloat(-floatBitsToInt(r0.y));`
fn ineg<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Int, d.mask)?;
    cx.assign(d, Ty::Int, d.width(), &format_args!("-{s}"))
}

register_handler! {
    opcodes: &[Opcode::Ineg],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ineg",
    lower: Lower::Inst(ineg),
}

/// `imax`: signed maximum.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin`; Microsoft "imax (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(max(I(a), I(b)));`.
///
/// **Differences**: none.
///
/// **Example**: `imax r0.x, r0.x, l(0)` →
/// `r0.x = intBitsToFloat(max(floatBitsToInt(r0.x), 0));`
fn imax<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call2(inst, cx, Ty::Int, "max")
}

register_handler! {
    opcodes: &[Opcode::Imax],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin",
    lower: Lower::Inst(imax),
}

/// `imin`: signed minimum.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin`; Microsoft "imin (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(min(I(a), I(b)));`.
///
/// **Differences**: none.
///
/// **Example**: `imin r0.x, r0.x, l(15)` →
/// `r0.x = intBitsToFloat(min(floatBitsToInt(r0.x), 15));`
fn imin<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call2(inst, cx, Ty::Int, "min")
}

register_handler! {
    opcodes: &[Opcode::Imin],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin",
    lower: Lower::Inst(imin),
}

/// `umax`: unsigned maximum.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin`; Microsoft "umax (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(max(U(a), U(b)));`.
///
/// **Differences**: none.
///
/// **Example**: `umax r0.x, r0.x, r1.x` →
/// `r0.x = uintBitsToFloat(max(floatBitsToUint(r0.x), floatBitsToUint(r1.x)));`
fn umax<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call2(inst, cx, Ty::Uint, "max")
}

register_handler! {
    opcodes: &[Opcode::Umax],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin",
    lower: Lower::Inst(umax),
}

/// `umin`: unsigned minimum.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin`; Microsoft "umin (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(min(U(a), U(b)));`.
///
/// **Differences**: none.
///
/// **Example**: `umin r0.x, r0.x, l(7)` →
/// `r0.x = uintBitsToFloat(min(floatBitsToUint(r0.x), 7u));`
fn umin<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call2(inst, cx, Ty::Uint, "min")
}

register_handler! {
    opcodes: &[Opcode::Umin],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imax-imin-umax-umin",
    lower: Lower::Inst(umin),
}
