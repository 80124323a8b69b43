//! `dcl_constant_buffer`: `cb#` uniform blocks.

use dxlower_core::binding::{declared_range, label, split, BindingKind};
use dxlower_core::reg_of;
use dxlower_core::{
    register_handler, BlockKind, DeclCtx, Lift, Lower, LowerError, Refusal, UniformBlock,
};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// `dcl_constant_buffer cbN[size], <access>`: declares constant buffer
/// `N` of `size` 16-byte registers.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_constant_buffer`; `docs/profiles.md#resource-limits`;
/// `docs/manifest.md#link-rules`.
///
/// **GLSL ES 3.00**: the stripped-RDEF fallback shape, which is the ABI
/// (block `ConstantBufferN`, instance `cbN`, member `data`, size from the
/// declaration itself), recorded in
/// [`dxlower_core::StageState::cbuffers`]:
/// ```glsl
/// layout(std140) uniform ConstantBuffer3 {
///     vec4 data[200];
/// } cb3;
/// ```
/// Reads print as `cb3.data[i].swz`, bit-cast per consumer. No
/// `layout(location/binding)` (ES 3.10 only; the runtime calls
/// `uniformBlockBinding`). The access pattern (`immediateIndexed` /
/// `dynamicIndexed`) changes nothing.
///
/// Shader Model 5.1 declares a range, `CB<id>[<lower>:<upper>][<size>],
/// space=<n>`: a range of one register is the block of its register
/// (`CB0[1:1][1]` declares `cb1`, whose reads `CB0[1][i]` print
/// `cb1.data[i]`); the id is recorded in
/// [`dxlower_core::StageState::binding_ids`]. Outside space 0 the names
/// carry the space (`ConstantBuffer1_space2`, `cb1_space2`;
/// `lowerings/decl-io/docs/decl-io.md#register-spaces`) and the record the
/// space beside the slot. Resource arrays (`upper > lower`) are refused by
/// name ([`dxlower_core::binding::declared_range`]).
///
/// Refused: a block over WebGL2's guaranteed 1024 `vec4`s and a 13th block
/// in one stage (WebGL2 guarantees 12).
///
/// In a linked program (`dxlower link`, [`dxlower_core::StageState::link`])
/// the size is the maximum of the VS and PS declarations of the slot
/// (`docs/manifest.md#link-rules`): GLSL ES fails the link of a block declared with two
/// layouts.
///
/// **Differences from HLSLcc**: no `UNITY_*` macro indirection.
///
/// **Example**:
/// ```text
/// dcl_constantbuffer cb3[200], immediateIndexed
///     →   layout(std140) uniform ConstantBuffer3 {
///             vec4 data[200];
///         } cb3;
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_constant_buffer` without its register operand"))?;
    if op.ty != OperandType::ConstantBuffer {
        return Err(LowerError::invalid(format!(
            "`dcl_constant_buffer` of a {:?} operand",
            op.ty
        )));
    }
    let (slot, size) = if let Payload::ConstantBuffer51 { size, space } = inst.payload {
        // SM5.1 `CB<id>[<lower>:<upper>][<size>], space`: the operand's
        // indices are the range, the size is payload.
        let (id, slot) = declared_range("constant buffer", BindingKind::ConstantBuffer, op, space)?;
        cx.bind_range(BindingKind::ConstantBuffer, id, slot)?;
        (slot, size)
    } else {
        if op.indices.len() != 2 {
            return Err(LowerError::invalid(format!(
                "`dcl_constant_buffer` operand with {} indices (expected cb#[size])",
                op.indices.len()
            )));
        }
        let slot = reg_of(op)?;
        let size = op
            .indices
            .get(1)
            .and_then(|i| i.as_imm())
            .ok_or_else(|| LowerError::invalid("constant-buffer size is not an immediate"))?;
        (slot, size)
    };
    if size == 0 {
        return Err(LowerError::invalid(format!("cb{} of size 0", label(slot))));
    }
    // In a linked program both stages declare the larger size: a block
    // declared with two layouts does not link (`docs/manifest.md#link-rules`).
    let size = match cx.state().link.and_then(|h| h.cb_size(slot)) {
        Some(agreed) => size.max(agreed),
        None => size,
    };
    if cx.state().cbuffers.contains_key(&slot) {
        return Err(LowerError::invalid(format!(
            "cb{} is declared twice",
            label(slot)
        )));
    }
    // The target's guaranteed block size and count (profile `limits`; the
    // WebGL2 minimums are 1024 vec4 = 16 KiB and 12 blocks per stage).
    let limits = cx.limits();
    if size > limits.uniform_block_vec4s {
        return Err(Refusal::new(
            format!("constant buffer cb{} of {size} vec4", label(slot)),
            format!(
                "exceeds the target's guaranteed uniform block size ({} vec4; MAX_UNIFORM_BLOCK_SIZE)",
                limits.uniform_block_vec4s
            ),
        )
        .lifted_by(Lift::limit("uniform_block_vec4s"))
        .into());
    }
    if cx.state().cbuffers.len() >= limits.uniform_blocks as usize {
        return Err(Refusal::new(
            format!(
                "constant buffer cb{}: more than {} in one stage",
                label(slot),
                limits.uniform_blocks
            ),
            "the target guarantees no more uniform blocks per stage (MAX_*_UNIFORM_BLOCKS)",
        )
        .lifted_by(Lift::limit("uniform_blocks"))
        .into());
    }
    let mut block = UniformBlock::vec4_array(
        format!("ConstantBuffer{}", label(slot)),
        format!("cb{}", label(slot)),
        BlockKind::ConstantBuffer,
        size,
    );
    let (space, register) = split(slot);
    block.slot = Some(register);
    block.space = space;
    cx.declare_block(block);
    cx.insert_cbuffer(slot, size);
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclConstantBuffer],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_constant_buffer",
    lower: Lower::Decl(lower),
}
