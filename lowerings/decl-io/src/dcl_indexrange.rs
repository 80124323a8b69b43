//! `dcl_indexrange`: a range of input or output registers that
//! instructions index dynamically.

use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// `dcl_indexrange v<first>.<mask> <count>`: announces that registers
/// `first .. first + count` of the input (or output) file are indexed with
/// a relative index (`v[r0.x + 1]`).
///
/// Spec: D3D10 tokenized program format, `D3D10_SB_OPCODE_DCL_INDEX_RANGE`
/// (an operand then a register count).
///
/// **GLSL ES 3.00**: nothing. The declaration only describes how later
/// instructions address the registers, which `dcl_input*`/`dcl_output*`
/// declare one by one. The register model reads and writes each register
/// as its own variable (`in_TEXCOORD1`, `vs_TEXCOORD0`), so a relatively
/// indexed read or write is refused by name where an instruction meets it
/// (`relative or multi-dimensional input/output indexing`, `relative
/// register index`); a shader that declares a range but never indexes it
/// lowers unchanged.
///
/// Malformed: an operand other than `v#`/`o#`, or a count of 0.
///
/// **Differences from HLSLcc**: HLSLcc turns the range into a GLSL array
/// of the packed varyings; here every varying keeps its own name (the
/// linking contract of decl-io), so the indexed access is refused instead.
///
/// **Example**:
/// ```text
/// dcl_indexrange v1.xyzw 6   →   (nothing)
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_indexrange` without its register operand"))?;
    if !matches!(op.ty, OperandType::Input | OperandType::Output) {
        return Err(LowerError::invalid(format!(
            "`dcl_indexrange` of a {:?} operand",
            op.ty
        )));
    }
    match inst.payload {
        Payload::Count(0) => Err(LowerError::invalid("`dcl_indexrange` of 0 registers")),
        Payload::Count(_) => Ok(()),
        _ => Err(LowerError::invalid("`dcl_indexrange` without its count")),
    }
}

register_handler! {
    opcodes: &[Opcode::DclIndexRange],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_indexrange",
    lower: Lower::Decl(lower),
}
