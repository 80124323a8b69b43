//! `ld_uav_typed`: typed loads from a UAV, refused.

use crate::common::{self, UavKind, NO_STRUCTURED_SRV};
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `ld_uav_typed dst, address, u#`: reads one element of a
/// `RWTexture*`/`RWBuffer<>`.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#ld_uav_typed` (UAV access refuses
/// the stage); `docs/profiles.md#refused-in-every-profile`.
///
/// **GLSL ES 3.00**: none — a typed UAV is an image and `imageLoad` is
/// GLSL ES 3.10; WebGL2 binds no writable resource. `dcl_uav_typed` is
/// refused first; this names the instruction: `what` = `UAV u<r>
/// (ld_uav_typed)`.
///
/// **Differences**: HLSLcc emits `imageLoad`, not ES 3.00.
///
/// **Example**:
/// ```text
/// ld_uav_typed r0.xyzw, v0.xyyy, u1.xyzw   →   refused: UAV u1 (ld_uav_typed): GLSL ES 3.00 has no images …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    if inst.operands.get(i).map(|o| o.ty) == Some(OperandType::Resource) {
        return Err(LowerError::invalid(format!(
            "`{}` on a read-only t# resource",
            inst.opcode
        )));
    }
    Err(common::refuse_access(
        inst,
        i,
        "resource",
        UavKind::Typed,
        NO_STRUCTURED_SRV,
    ))
}

register_handler! {
    opcodes: &[Opcode::LdUavTyped],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#ld_uav_typed",
    lower: Lower::Inst(lower),
}
