//! `mov`: the type-less register copy.

use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `mov`: masked copy of a source into a destination.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#mov` and `docs/conventions.md#immediates` (immediates read by a mover keep
/// their exact bits); Microsoft "mov (sm4 - asm)"; D3D11.3 functional spec
/// §3.1 (a raw move does not alter the data: NaN payloads and denormals
/// survive, `_sat`/modifiers aside).
///
/// **GLSL ES 3.00**: `d.m = s.m;` through the destination mask. The source
/// is read with [`Ctx::src_mover`]: an immediate that is not an exactly
/// representable decimal (denormal patterns such as fxc's integer `l(1)`,
/// NaN, ±Inf, -0, inexact decimals) prints as `uintBitsToFloat(0x…u)`. No
/// bitcast is spelled here: storage conversions (an `ivec`/`uvec` output,
/// an integer-typed input) come from the register model. `_sat` becomes a
/// second clamp statement (added by [`Ctx::assign`]).
///
/// **Differences**: the bits move through `highp float` storage. GLSL ES
/// 3.00 allows an implementation to flush denormals and canonicalise NaNs
/// even on a copy (§4.5.1); Mesa llvmpipe preserves both (NaN payloads
/// `0x7fc00001`/`0xffbfffff` and denormal `0x00000001` checked), while
/// integer data whose bits are tiny floats has been seen lost on ANGLE/D3D11
/// — the register-model risk of the `float_vec4` model, not of this
/// handler. Under the companion register model a plain copy that involves
/// a temp goes through the `uvec4` companions instead
/// ([`Ctx::mover_ty`]): `mov r0.x, l(1)` → `r0_u.x = 1u; r0.x =
/// uintBitsToFloat(r0_u.x);`. With a `neg`/`abs` modifier or `_sat` the
/// copy is float arithmetic (a sign flip, a clamp), as on D3D.
///
/// **Example**:
/// ```text
/// mov r0.xy, l(1, 0x7fc00000, 0, 0)   →   r0.xy = vec2(uintBitsToFloat(0x00000001u), uintBitsToFloat(0x7fc00000u));
/// mov o0.xyzw, r0.xyzw                →   SV_Target0 = r0.xyzw;
/// ```
fn lower_mov<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let ty = cx.mover_ty(inst, &[0], &[1]);
    let s = cx.src_mover(inst, 1, ty, d.mask)?;
    cx.assign(d, ty, d.width(), &s)
}

register_handler! {
    opcodes: &[Opcode::Mov],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#mov",
    lower: Lower::Inst(lower_mov),
}
