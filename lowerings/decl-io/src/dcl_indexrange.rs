//! `dcl_indexrange`: a range of input or output registers that
//! instructions index dynamically.

use dxlower_core::{reg_of, register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// `dcl_indexrange v<first>.<mask> <count>`: announces that registers
/// `first .. first + count` of the input (or output) file are indexed with
/// a relative index (`v[r0.x + 1]`).
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_indexrange`; D3D10
/// tokenized program format, `D3D10_SB_OPCODE_DCL_INDEX_RANGE` (an operand
/// then a register count); Microsoft "dcl_indexRange (sm4 - asm)" (no
/// overlapping ranges of one file; "indexing a register outside of the max
/// index declaration produces undefined results").
///
/// **GLSL ES 3.00**: the range is recorded
/// ([`dxlower_core::DeclCtx::declare_index_range`]). Each register keeps
/// its own variable (`in_TEXCOORD1`, `vs_TEXCOORD0`); a range that some
/// instruction indexes relatively also gets a local array of its
/// registers' bits ([`dxlower_core::ranges`]):
///
/// - inputs: `uvec4 dxlower_v<first>[count];`, copied from the input
///   variables first thing in `main`; a relative read reads the array;
/// - outputs: `uvec4 dxlower_o<first>[count];`, zeroed first thing in
///   `main`; every write to a register of the range goes to the array,
///   which is copied to the output variables before every return.
///
/// The element is the index minus `first`, clamped into the range (D3D
/// leaves an index outside it undefined). A shader that declares a range
/// but never indexes it lowers as if the declaration were absent.
///
/// Malformed: an operand other than `v#`/`o#`, a count of 0, a range past
/// register 4095, two overlapping ranges of one file, a relative index
/// outside every range.
///
/// **Differences from HLSLcc**: HLSLcc turns the range into a GLSL array
/// of the packed varyings; here every varying keeps its own name (the
/// linking contract of decl-io) and the array is local to `main`'s stage.
///
/// **Example**:
/// ```text
/// dcl_indexrange v1.xyzw 6
/// mov o1.xyzw, v[r0.x + 1].xyzw
///     →   uvec4 dxlower_v1[6];
///         dxlower_v1[0] = floatBitsToUint(in_INCOLOR0);  …  (start of main)
///         vs_COLOR0 = uintBitsToFloat(dxlower_v1[clamp(floatBitsToInt(r0.x) + 0, 0, 5)]);
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
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
        Payload::Count(count) => cx.declare_index_range(op.ty, reg_of(op)?, count, op.mask()),
        _ => Err(LowerError::invalid("`dcl_indexrange` without its count")),
    }
}

register_handler! {
    opcodes: &[Opcode::DclIndexRange],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_indexrange",
    lower: Lower::Decl(lower),
}
