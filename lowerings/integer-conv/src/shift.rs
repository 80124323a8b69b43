//! Shifts: `ishl`, `ishr`, `ushr` (`lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr`).
//!
//! D3D uses only the low 5 bits of the shift count; a GLSL shift by 32 or
//! more (or by a negative amount) is undefined, so every count is masked:
//! register counts get `& 31` / `& 31u`, immediate counts are folded
//! (`imm & 31`; fxc does emit `ishl r0, r0, l(2, 2, 34, 34)`). This is D3D
//! semantics, not a deviation, and has no switch.
//!
//! Under `mobile_workarounds` (`docs/conventions.md#mobile-workarounds`, HLSLcc's Adreno 3xx
//! workaround) a vector shift is unrolled into one scalar shift per lane
//! inside a constructor; otherwise it is one vector shift.

use crate::common::{fmt_err, lane_expr, per_lane, shift_counts};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};
use std::fmt::Write;

/// `d = a <op> (b & 31)` with the value read as `ty` and the count as
/// `count_ty`.
fn shift<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    ty: Ty,
    count_ty: Ty,
    op: &str,
) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let a = cx.src(inst, 1, ty, d.mask)?;
    let n = a.width();
    let unroll = cx.mobile_workarounds() && n > 1;
    let counts = shift_counts(cx, inst, 2, count_ty, d.mask, unroll)?;
    let rhs = if unroll {
        per_lane(ty, n, |w, k| {
            let count = counts.get(k).map(String::as_str).unwrap_or("0");
            w.push_str(&format!("{} {op} {count}", lane_expr(&a, k)?));
            Ok(())
        })?
    } else {
        let count = counts.first().map(String::as_str).unwrap_or("0");
        let mut w = String::new();
        write!(w, "{a} {op} {count}").map_err(fmt_err)?;
        w
    };
    cx.assign(d, ty, n, &rhs)
}

/// `ishl`: shift left.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr`; Microsoft "ishl (sm4 - asm)" (the count
/// is taken from its low 5 bits).
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(I(a) << (I(b) & 31));`, immediate
/// counts folded; per-lane constructor under `mobile_workarounds`.
///
/// **Differences**: none.
///
/// **Example**: `ishl r0.xy, r0.xyxx, l(2, 34, 0, 0)` →
/// `r0.xy = intBitsToFloat(ivec2(floatBitsToInt(r0.x) << 2, floatBitsToInt(r0.y) << 2));`
/// (mobile workarounds on) or
/// `r0.xy = intBitsToFloat(floatBitsToInt(r0.xy) << 2);` (off).
fn ishl<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    shift(inst, cx, Ty::Int, Ty::Int, "<<")
}

register_handler! {
    opcodes: &[Opcode::Ishl],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr",
    lower: Lower::Inst(ishl),
}

/// `ishr`: arithmetic (sign-extending) shift right.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr`; Microsoft "ishr (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = intBitsToFloat(I(a) >> (I(b) & 31));` — the value
/// is always read as `int`, so GLSL extends the sign bit.
///
/// **Differences**: none.
///
/// **Example**: `ishr r0.x, r0.x, l(6)` →
/// `r0.x = intBitsToFloat(floatBitsToInt(r0.x) >> 6);`
fn ishr<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    shift(inst, cx, Ty::Int, Ty::Int, ">>")
}

register_handler! {
    opcodes: &[Opcode::Ishr],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr",
    lower: Lower::Inst(ishr),
}

/// `ushr`: logical (zero-filling) shift right.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr`; Microsoft "ushr (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(U(a) >> (U(b) & 31u));` — the
/// value is read as `uint`, so GLSL shifts in zeros.
///
/// **Differences**: none.
///
/// **Example**: `ushr r0.x, r0.x, r1.x` →
/// `r0.x = uintBitsToFloat(floatBitsToUint(r0.x) >> (floatBitsToUint(r1.x) & 31u));`
fn ushr<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    shift(inst, cx, Ty::Uint, Ty::Uint, ">>")
}

register_handler! {
    opcodes: &[Opcode::Ushr],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr",
    lower: Lower::Inst(ushr),
}
