//! `dcl_tgsm_raw`, `dcl_tgsm_structured`: thread-group shared memory
//! `g#`, refused.

use crate::common::{self, NO_SHARED};
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `dcl_tgsm_raw g#, bytes` and `dcl_tgsm_structured g#, stride, count`:
/// declare `groupshared` memory.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#dcl_tgsm_raw-dcl_tgsm_structured`;
/// `docs/profiles.md#refused-in-every-profile` (compute shaders refused).
///
/// **GLSL ES 3.00**: none. Shared memory is a compute-shader feature
/// (`shared` variables, GLSL ES 3.10 compute shaders); D3D allows it in
/// compute shaders only, so in a vertex or pixel shader it is refused
/// with `what` = `shared memory g<r> (<mnemonic>)`. Compute shaders never
/// get here: the stage itself is refused first.
///
/// **Differences**: HLSLcc emits `shared` arrays (compute only). Nothing
/// is emitted here.
///
/// **Example**:
/// ```text
/// dcl_tgsm_raw g0, 1024   →   refused: shared memory g0 (dcl_tgsm_raw): thread-group shared memory belongs to compute shaders …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = common::operand(inst, 0)?;
    if op.ty != OperandType::ThreadGroupSharedMemory {
        return Err(LowerError::invalid(format!(
            "`{}` of a {:?} operand",
            inst.opcode, op.ty
        )));
    }
    Err(Refusal::new(
        format!("{} ({})", common::name(op, "shared memory"), inst.opcode),
        NO_SHARED,
    )
    .into())
}

register_handler! {
    opcodes: &[
        Opcode::DclThreadGroupSharedMemoryRaw,
        Opcode::DclThreadGroupSharedMemoryStructured,
    ],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#dcl_tgsm_raw-dcl_tgsm_structured",
    lower: Lower::Decl(lower),
}
