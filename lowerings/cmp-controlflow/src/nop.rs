//! `nop`.

use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `nop`: does nothing.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#nop`; Microsoft "nop (sm4 - asm)".
///
/// **GLSL ES 3.00**: no statement.
///
/// **Differences**: none.
///
/// **Example**:
/// ```text
/// nop  →  (nothing)
/// ```
fn lower_nop<'a>(_inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::Nop],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#nop",
    lower: Lower::Inst(lower_nop),
}
