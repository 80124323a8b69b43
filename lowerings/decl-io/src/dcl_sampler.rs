//! `dcl_sampler`: sampler state objects `s#`.

use dxlower_core::binding::{declared_range, BindingKind};
use dxlower_core::reg_of;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload, SamplerMode};

/// `dcl_sampler sN, <mode>`: declares a sampler state.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_sampler`,
/// `docs/conventions.md#fixed-names`.
///
/// **GLSL ES 3.00**: nothing. GLSL ES has no separate sampler objects;
/// the sampler survives only in the combined uniform names
/// `tNTEX_with_SMPsM` that `dcl_resource` declares per (texture, sampler)
/// pair the sampling instructions use, and its state (filter, wrap, LOD,
/// anisotropy, border, comparison function) is runtime binding state. The
/// mode is recorded in [`dxlower_core::StageState::samplers`]; whether a
/// texture needs a shadow twin is decided by the compare instructions
/// (`sample_c*`, `gather4_c*`) that use the pair.
///
/// A Shader Model 5.1 declaration `S<id>[<lower>:<upper>], space=<n>` of
/// one register is the sampler of its register (`S1[0:0]` is `s0`; the id
/// is recorded in [`dxlower_core::StageState::binding_ids`]); outside
/// space 0 the combined names carry the space (`t0TEX_with_SMPs1_space2`,
/// `lowerings/decl-io/docs/decl-io.md#register-spaces`); resource arrays
/// are refused, as for constant buffers.
///
/// **Differences from HLSLcc**: none (HLSLcc declares samplers only for
/// Vulkan).
///
/// **Example**:
/// ```text
/// dcl_sampler s0, mode_default      →   (nothing)
/// dcl_sampler s1, mode_comparison   →   (nothing)
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_sampler` without its register operand"))?;
    if op.ty != OperandType::Sampler {
        return Err(LowerError::invalid(format!(
            "`dcl_sampler` of a {:?} operand",
            op.ty
        )));
    }
    let slot = if let Payload::Space(space) = inst.payload {
        let (id, slot) = declared_range("sampler", BindingKind::Sampler, op, space)?;
        cx.bind_range(BindingKind::Sampler, id, slot)?;
        slot
    } else {
        reg_of(op)?
    };
    let mode = inst.sampler_mode();
    if let SamplerMode::Unknown(n) = mode {
        return Err(LowerError::invalid(format!(
            "s{} has sampler mode {n}",
            dxlower_core::binding::label(slot)
        )));
    }
    if !cx.insert_sampler_state(slot, mode) {
        return Err(LowerError::invalid(format!(
            "s{} is declared twice",
            dxlower_core::binding::label(slot)
        )));
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclSampler],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_sampler",
    lower: Lower::Decl(lower),
}
