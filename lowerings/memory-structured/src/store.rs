//! `store_structured`, `store_raw`, `store_uav_typed`: memory writes,
//! refused.

use crate::common::{self, UavKind, NO_STRUCTURED_SRV};
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `store_structured u#|g#, index, byteOffset, value`,
/// `store_raw u#|g#, byteOffset, value`, `store_uav_typed u#, address,
/// value`: write a UAV or shared memory.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#store_structured-store_raw-store_uav_typed` (`store_structured`, `store_raw`,
/// `store_uav_typed`: UAV access refuses the stage);
/// `docs/profiles.md#refused-in-every-profile` (storage-buffer stores refused).
///
/// **GLSL ES 3.00**: none — no storage buffers, no images
/// (`imageStore`), no shared memory, and WebGL2 binds no writable
/// resource to any stage. The target's declaration is refused first; this
/// names the instruction: `what` = `UAV u<r> (<mnemonic>)` or `shared
/// memory g<r> (<mnemonic>)`.
///
/// **Differences**: HLSLcc writes `buffer` blocks or images, not ES 3.00.
///
/// **Example**:
/// ```text
/// store_raw u0.xy, l(0), r0.xyxx   →   refused: UAV u0 (store_raw): GLSL ES 3.00 has no shader storage buffers …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    if inst.operands.get(i).map(|o| o.ty) == Some(OperandType::Resource) {
        return Err(LowerError::invalid(format!(
            "`{}` on a read-only t# resource",
            inst.opcode
        )));
    }
    let kind = if inst.opcode == Opcode::StoreUavTyped {
        UavKind::Typed
    } else {
        UavKind::Buffer
    };
    Err(common::refuse_access(
        inst,
        i,
        "resource",
        kind,
        NO_STRUCTURED_SRV,
    ))
}

register_handler! {
    opcodes: &[Opcode::StoreUavTyped, Opcode::StoreRaw, Opcode::StoreStructured],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#store_structured-store_raw-store_uav_typed",
    lower: Lower::Inst(lower),
}
