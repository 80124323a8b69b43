//! `and`, `or`, `xor`: bitwise operations on the uint view of the sources.

use crate::common::{render, vector};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// The GLSL operator of a bitwise opcode.
fn operator(op: Opcode) -> Result<&'static str, LowerError> {
    match op {
        Opcode::And => Ok("&"),
        Opcode::Or => Ok("|"),
        Opcode::Xor => Ok("^"),
        other => Err(LowerError::invalid(format!("`{other}` is not and/or/xor"))),
    }
}

/// `and`, `or`, `xor`: per-lane bitwise operation on 32-bit patterns.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#and-or-xor` (always the uint view, result stored
/// as bits); Microsoft "and (sm4 - asm)", "or", "xor". fxc uses `and` to
/// apply compare masks to float bits (`and r0.x, r0.x, l(0x3f800000)` is
/// "1.0 where the mask is set") and `xor` with `0xFFFFFFFF` to invert masks,
/// so the operation must never go through a float value.
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(floatBitsToUint(a) & floatBitsToUint(b));`
/// (immediates printed as `uint` literals). With `mobile_workarounds` the
/// vector form is unrolled into one constructor of per-lane scalar
/// operations, `uvec2(a.x & b.x, a.y & b.y)` (HLSLcc's workaround for
/// Adreno 3xx compilers that fail on vector `& | ^`); it is still one
/// assignment, so every source is read before the destination is written.
/// Without the switch the plain vector operator is used.
///
/// **Differences**: none in the result bits. `_sat` is rejected as
/// malformed (not a float result).
///
/// **Example**:
/// ```text
/// and r0.x, r0.x, l(0x3f800000)  →  r0.x = uintBitsToFloat(floatBitsToUint(r0.x) & 1065353216u);
/// xor r0.xy, r0.xyxx, l(-1, -1, 0, 0)  (mobile_workarounds)
///     →  r0.xy = uintBitsToFloat(uvec2(floatBitsToUint(r0.x) ^ 4294967295u, floatBitsToUint(r0.y) ^ 4294967295u));
/// ```
fn lower_bitwise<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let op = operator(inst.opcode)?;
    let d = cx.int_dst(inst, 0)?;
    let n = d.width().max(1);
    let a = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let b = cx.src(inst, 2, Ty::Uint, d.mask)?;
    let expr = if n > 1 && cx.mobile_workarounds() {
        let mut lanes = Vec::with_capacity(n as usize);
        for k in 0..n as usize {
            let x = render(&a.with_lanes(&[a.lane(k)]))?;
            let y = render(&b.with_lanes(&[b.lane(k)]))?;
            lanes.push(format!("{x} {op} {y}"));
        }
        vector(Ty::Uint, &lanes)
    } else {
        format!("{} {op} {}", render(&a)?, render(&b)?)
    };
    cx.assign(d, Ty::Uint, n, &expr)
}

register_handler! {
    opcodes: &[Opcode::And, Opcode::Or, Opcode::Xor],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#and-or-xor",
    lower: Lower::Inst(lower_bitwise),
}
