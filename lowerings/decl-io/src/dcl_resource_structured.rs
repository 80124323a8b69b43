//! `dcl_resource_structured`: structured buffers `t#`.

use dxlower_core::{register_handler, DeclCtx, Lift, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// `dcl_resource_structured tN, stride`: declares a structured buffer.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_resource_structured`;
/// `docs/profiles.md#bone_transforms`, `docs/profiles.md#structured_data_texture`, `docs/profiles.md#stubbed-resources`.
///
/// **GLSL ES 3.00**: none possible — structured buffers are shader
/// storage buffers, which GLSL ES 3.00 does not have (stock HLSLcc's
/// `layout(std430) readonly buffer` does not compile). The declaration is
/// refused by name (`structured buffer tN`); profiles lower the known
/// buffers by an ABI rewrite instead (ccpwgl `BoneTransforms` → `cb3`
/// rows, native → dedicated std140 UBOs or data textures). Under the
/// `bone_transforms` pass (vertex shaders) or the `structured_data_texture`
/// pass (`lowerings/memory-structured/docs/memory-structured.md#structured_data_texture`; `ld_structured` refuses the loads of buffers
/// the pass does not take) nothing is declared here: the memory-structured family declares the
/// storage after the declarations. A buffer the profile stubs
/// (`stub_resource_registers`, matched by its RDEF name) declares nothing
/// either; its loads write zero.
///
/// **Differences from HLSLcc**: HLSLcc emits the SSBO.
///
/// **Example**:
/// ```text
/// dcl_resource_structured t0, 48   →   refused: structured buffer t0: GLSL ES 3.00 has no shader storage buffers
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst.operands.first().ok_or_else(|| {
        LowerError::invalid("`dcl_resource_structured` without its register operand")
    })?;
    if op.ty != OperandType::Resource {
        return Err(LowerError::invalid(format!(
            "`dcl_resource_structured` of a {:?} operand",
            op.ty
        )));
    }
    let stride = match inst.payload {
        Payload::Structured { stride, .. } => stride,
        _ => {
            return Err(LowerError::invalid(
                "`dcl_resource_structured` without its stride",
            ))
        }
    };
    let reg = op.indices.first().map(|i| i.imm).unwrap_or(0);
    // A pass that claimed the buffer before the declarations provides its
    // storage or decides what its loads do (`bone_transforms`,
    // `structured_data_texture`, `lowerings/memory-structured/docs/memory-structured.md#bone_transforms`); a stubbed buffer
    // declares nothing and its loads write zero.
    if let Ok(r) = u32::try_from(reg) {
        if cx.state().resource_claim(r).is_some() || cx.state().stubbed_resource(r).is_some() {
            return Ok(());
        }
    }
    Err(Refusal::new(
        format!("structured buffer t{reg}"),
        format!("GLSL ES 3.00 has no shader storage buffers (stride {stride} bytes)"),
    )
    .lifted_by(Lift::pass("structured_data_texture", "profile pass structured_data_texture (native), or bone_transforms for a vertex-stage BoneTransforms buffer"))
    .into())
}

register_handler! {
    opcodes: &[Opcode::DclResourceStructured],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_resource_structured",
    lower: Lower::Decl(lower),
}
