//! `ld_raw_s`, `ld_structured_s`, `ld_uav_typed_s`: loads with
//! tiled-resource residency feedback, refused.

use crate::common;
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// `ld_raw_s`, `ld_structured_s`, `ld_uav_typed_s` (`dst, status, …,
/// resource`): the memory loads of this family with a second destination
/// receiving the tiled-resource residency status.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#ld_raw_s-ld_structured_s-ld_uav_typed_s`; the loads are refused
/// themselves outside the profile passes, and so are the
/// other SM5 tiled-resource forms (the texture-sample family claims those
/// of its own instructions and leaves these three here).
///
/// **GLSL ES 3.00**: none — the loads have no ES 3.00 form (no storage
/// buffers or images) and WebGL2 has no sparse resources whose residency
/// could be reported. Refused with `what` = `<resource> (<mnemonic>)`.
///
/// **Differences**: none (HLSLcc does not lower them).
///
/// **Example**:
/// ```text
/// ld_structured_s r0.x, r1.x, v0.x, l(0), t0.xxxx   →   refused: resource t0 (ld_structured_feedback): …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    let op = common::operand(inst, i)?;
    Err(Refusal::new(
        format!("{} ({})", common::name(op, "resource"), inst.opcode),
        "tiled-resource residency feedback has no GLSL ES 3.00 or WebGL2 equivalent, and the load \
         itself needs a storage buffer or an image (GLSL ES 3.10)",
    )
    .into())
}

register_handler! {
    opcodes: &[
        Opcode::LdUavTypedFeedback,
        Opcode::LdRawFeedback,
        Opcode::LdStructuredFeedback,
    ],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#ld_raw_s-ld_structured_s-ld_uav_typed_s",
    lower: Lower::Inst(lower),
}
