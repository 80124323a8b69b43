//! `dcl_uav_typed`, `dcl_uav_raw`, `dcl_uav_structured`: unordered access
//! views `u#`, refused.

use crate::common::{self, NO_IMAGES, NO_SSBO};
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// `D3D11_SB_UAV_HAS_ORDER_PRESERVING_COUNTER`: the structured UAV carries
/// the hidden append/consume counter.
const HAS_COUNTER: u32 = 1 << 23;

/// `dcl_uav_typed u#`, `dcl_uav_raw u#`, `dcl_uav_structured u#, stride`:
/// declare a writable resource (`RWTexture*`/`RWBuffer<>`,
/// `RWByteAddressBuffer`, `RWStructuredBuffer`/`AppendStructuredBuffer`/
/// `ConsumeStructuredBuffer`).
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#dcl_uav_typed-dcl_uav_raw-dcl_uav_structured` (UAV access refuses the stage, and so does any
/// UAV declaration); `docs/profiles.md#refused-in-every-profile` (UAVs refused
/// in every profile).
///
/// **GLSL ES 3.00**: none. A typed UAV is an image (`image2D` with
/// `imageLoad`/`imageStore`, GLSL ES 3.10), a raw or structured UAV a
/// shader storage buffer (`buffer` block, GLSL ES 3.10), and WebGL2 binds
/// no writable resource to any stage, pixel shaders included. The
/// declaration is refused with `what` = `UAV u<r> (<mnemonic>)`.
///
/// **Differences**: HLSLcc declares `image*`/`buffer` blocks that do not
/// compile as ES 3.00. Nothing is emitted here.
///
/// **Example**:
/// ```text
/// dcl_uav_typed_texture2d (float,float,float,float) u1
///     →   refused: UAV u1 (dcl_uav_typed): GLSL ES 3.00 has no images …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = common::operand(inst, 0)?;
    if op.ty != OperandType::UnorderedAccessView {
        return Err(LowerError::invalid(format!(
            "`{}` of a {:?} operand",
            inst.opcode, op.ty
        )));
    }
    let why = match inst.opcode {
        Opcode::DclUnorderedAccessViewTyped => NO_IMAGES.to_string(),
        Opcode::DclUnorderedAccessViewStructured => {
            let stride = match inst.payload {
                Payload::Structured { stride, .. } => stride,
                _ => {
                    return Err(LowerError::invalid(
                        "`dcl_uav_structured` without its stride",
                    ))
                }
            };
            let counter = if inst.controls & HAS_COUNTER != 0 {
                ", with an append/consume counter"
            } else {
                ""
            };
            format!("{NO_SSBO} (stride {stride} bytes{counter})")
        }
        _ => NO_SSBO.to_string(),
    };
    Err(Refusal::new(
        format!("{} ({})", common::name(op, "UAV"), inst.opcode),
        why,
    )
    .into())
}

register_handler! {
    opcodes: &[
        Opcode::DclUnorderedAccessViewTyped,
        Opcode::DclUnorderedAccessViewRaw,
        Opcode::DclUnorderedAccessViewStructured,
    ],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#dcl_uav_typed-dcl_uav_raw-dcl_uav_structured",
    lower: Lower::Decl(lower),
}
