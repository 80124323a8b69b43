//! `bufinfo`: buffer element counts, refused.

use crate::{common, data_texture};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `bufinfo dst, t#|u#`: the element count of a buffer (`GetDimensions`
/// on `Buffer<>`, `StructuredBuffer`, `ByteAddressBuffer` and their RW
/// forms).
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#bufinfo` (it needs runtime-sized arrays:
/// refused).
///
/// **GLSL ES 3.00**: none — `.length()` of a runtime-sized storage array
/// is GLSL ES 3.10 and there are no buffer textures (`textureSize` on a
/// `samplerBuffer` is GLSL ES 3.20). A `Buffer<>` emulated as a 2D data
/// texture (`texture_buffers = Emulate`) does not know its element count
/// either: the texture's width × height only bounds it, and neither does
/// the data texture of a structured or raw buffer under the
/// `structured_data_texture` pass (`lowerings/memory-structured/docs/memory-structured.md#structured_data_texture`). Refused with
/// `what` = `buffer t<r> (bufinfo)` or `UAV u<r> (bufinfo)`.
///
/// **Differences**: HLSLcc emits `textureSize` on `samplerBuffer` or
/// `.length()`, neither ES 3.00.
///
/// **Example**:
/// ```text
/// bufinfo r0.x, t3.xxxx   →   refused: buffer t3 (bufinfo): GLSL ES 3.00 cannot query a buffer's element count …
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    let op = common::operand(inst, i)?;
    let mut why = String::from(
        "GLSL ES 3.00 cannot query a buffer's element count: it has no buffer textures \
         (`samplerBuffer` is GLSL ES 3.20) and no runtime-sized storage arrays (`.length()` of a \
         `buffer` block member is GLSL ES 3.10)",
    );
    if op.ty == OperandType::Resource && cx.data::<data_texture::DataTexturePass>().is_some() {
        why.push_str(&format!(
            "; the data texture of the {} pass holds the buffer's bytes, not its element \
             count (the texture's width × height only bounds it)",
            data_texture::PASS
        ));
    }
    Err(Refusal::new(
        format!("{} ({})", common::name(op, "buffer"), inst.opcode),
        why,
    )
    .into())
}

register_handler! {
    opcodes: &[Opcode::Bufinfo],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#bufinfo",
    lower: Lower::Inst(lower),
}
