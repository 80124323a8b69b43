//! `dcl_resource_raw`: read-only byte-address buffers `t#`, refused.

use crate::common::{self, NO_RAW_SRV};
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `dcl_resource_raw t#`: declares a `ByteAddressBuffer`.
///
/// **Spec**: families.md §6 `ld_raw` ("no WebGL2 path known (sampled
/// instance is a particle-emit compute pass) → refuse"); profiles.md §2.
///
/// **GLSL ES 3.00**: none. Byte-addressed reads need a shader storage
/// buffer (GLSL ES 3.10); unlike `Buffer<>` (a texture buffer, which the
/// `texture_buffers = Emulate` switch maps to a data texture) a raw
/// buffer has no element format a texture could carry, and no profile
/// rewrite covers it. Refused with `what` = `raw buffer t<r>
/// (dcl_resource_raw)`.
///
/// **Differences**: HLSLcc declares a `readonly buffer` block (not ES
/// 3.00). Nothing is emitted here.
///
/// **Example**:
/// ```text
/// dcl_resource_raw t2   →   refused: raw buffer t2 (dcl_resource_raw): GLSL ES 3.00 has no byte-addressed buffers …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = common::operand(inst, 0)?;
    if op.ty != OperandType::Resource {
        return Err(LowerError::invalid(format!(
            "`dcl_resource_raw` of a {:?} operand",
            op.ty
        )));
    }
    Err(Refusal::new(
        format!("{} ({})", common::name(op, "raw buffer"), inst.opcode),
        NO_RAW_SRV,
    )
    .into())
}

register_handler! {
    opcodes: &[Opcode::DclResourceRaw],
    family: "memory-structured",
    spec: "families.md §6 ld_raw; profiles.md §2",
    lower: Lower::Decl(lower),
}
