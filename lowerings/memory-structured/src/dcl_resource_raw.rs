//! `dcl_resource_raw`: read-only byte-address buffers `t#` — left to the
//! `structured_data_texture` pass, nothing for a stubbed buffer, refused
//! otherwise.

use crate::common::{self, NO_RAW_SRV};
use crate::data_texture::{self, DataTexturePass};
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `dcl_resource_raw t#`: declares a `ByteAddressBuffer`.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#dcl_resource_raw` (refused unless the
/// `structured_data_texture` pass takes the buffer:
/// `docs/profiles.md#structured_data_texture`).
///
/// **GLSL ES 3.00**: byte-addressed reads need a shader storage buffer
/// (GLSL ES 3.10). Under the `structured_data_texture` pass (a stage its
/// `stages` cover) nothing is declared here: the pass declares the
/// buffer's RGBA32UI data texture `sb<r>` after the declarations when
/// some `ld_raw` reads it (see [`data_texture`]). A buffer the profile
/// stubs (`stub_resource_registers`, by RDEF name) declares nothing; its
/// loads write zero. Otherwise refused with `what` = `raw buffer t<r>
/// (dcl_resource_raw)`, `lifted_by` the pass.
///
/// **Differences**: HLSLcc declares a `readonly buffer` block (not ES
/// 3.00).
///
/// **Example**:
/// ```text
/// dcl_resource_raw t2
///     →   (native)  nothing here; the pass declares `uniform highp usampler2D sb2;`
///     →   (webgl2)  refused: raw buffer t2 (dcl_resource_raw): GLSL ES 3.00 has no byte-addressed buffers …
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = common::operand(inst, 0)?;
    if op.ty != OperandType::Resource {
        return Err(LowerError::invalid(format!(
            "`dcl_resource_raw` of a {:?} operand",
            op.ty
        )));
    }
    let stubbed =
        u32::try_from(common::register(op)).is_ok_and(|r| cx.state().stubbed_resource(r).is_some());
    if stubbed {
        return Ok(());
    }
    let what = format!("{} ({})", common::name(op, "raw buffer"), inst.opcode);
    match cx.data::<DataTexturePass>() {
        Some(data) if data.covers(cx.stage()) && !cx.state().is_sm51() => Ok(()),
        Some(data) => Err(Refusal::new(
            what,
            format!(
                "{NO_RAW_SRV}; {}",
                data_texture::not_taken(cx.state(), data)
            ),
        )
        .into()),
        None => Err(Refusal::new(what, NO_RAW_SRV)
            .lifted_by(data_texture::lifted_by())
            .into()),
    }
}

register_handler! {
    opcodes: &[Opcode::DclResourceRaw],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#dcl_resource_raw",
    lower: Lower::Decl(lower),
}
