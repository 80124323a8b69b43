//! `not`: bitwise complement.

use crate::common::render;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `op_not`: `~x` written as `-x - 1` (two's complement), for `int` and
/// `ivec2/3/4`. Old Adreno ES 3.0 compilers fail on the `~` operator
/// ("unexpected operator"); HLSLcc calls this helper on every ES 3.00
/// target. Integer overflow wraps in GLSL ES 3.00 (§4.1.3), so
/// `op_not(INT_MIN)` is `INT_MAX` as required.
pub static OP_NOT: Helper = Helper {
    name: "op_not",
    text: "int op_not(int value) { return -value - 1; }\n\
           ivec2 op_not(ivec2 a) { return -a - 1; }\n\
           ivec3 op_not(ivec3 a) { return -a - 1; }\n\
           ivec4 op_not(ivec4 a) { return -a - 1; }\n",
    deps: &[],
};

/// `not`: per-lane bitwise complement of the 32-bit pattern.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#not`; Microsoft "not (sm4 - asm)":
/// each written lane becomes `~src`.
///
/// **GLSL ES 3.00**: under `mobile_workarounds` (HLSLcc's ES 3.00 form)
/// `d = intBitsToFloat(op_not(floatBitsToInt(s)));` with the [`OP_NOT`]
/// helper; otherwise the core operator on the uint view,
/// `d = uintBitsToFloat(~floatBitsToUint(s));`.
///
/// **Differences**: none in the result bits (`-x - 1 == ~x` in wrapping
/// two's complement). `_sat` is rejected as malformed.
///
/// **Example**:
/// ```text
/// not r0.xy, r1.xyxx  →  r0.xy = intBitsToFloat(op_not(floatBitsToInt(r1.xy)));   (mobile_workarounds)
///                     →  r0.xy = uintBitsToFloat(~floatBitsToUint(r1.xy));         (otherwise)
/// ```
fn lower_not<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let n = d.width().max(1);
    if cx.mobile_workarounds() {
        let s = render(&cx.src(inst, 1, Ty::Int, d.mask)?)?;
        cx.helper(&OP_NOT);
        cx.assign(d, Ty::Int, n, &format_args!("op_not({s})"))
    } else {
        let s = render(&cx.src(inst, 1, Ty::Uint, d.mask)?)?;
        cx.assign(d, Ty::Uint, n, &format_args!("~{s}"))
    }
}

register_handler! {
    opcodes: &[Opcode::Not],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#not",
    lower: Lower::Inst(lower_not),
}
