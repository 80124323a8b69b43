//! SM5 class linkage (interfaces) and the debug instructions: refused.

use dxlower_core::{register_handler, Ctx, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

fn interfaces_refusal(inst: &Instruction) -> LowerError {
    Refusal::new(
        format!("{} (class linkage)", inst.opcode.mnemonic()),
        "SM5 interfaces dispatch through function tables chosen at bind time; \
         GLSL ES 3.00 has no function pointers or subroutines",
    )
    .into()
}

/// `dcl_function_body`, `dcl_function_table`, `dcl_interface`: refused.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions` (refused in every
/// profile, see
/// `docs/profiles.md#refused-in-every-profile`).
///
/// **GLSL ES 3.00**: none — the function a call site runs is chosen by the
/// application (`ID3D11ClassInstance`) at bind time; resolving it would need
/// those bindings as translation input.
///
/// **Differences**: refused by name; a shader using interfaces gets no GLSL.
///
/// **Example**:
/// ```text
/// dcl_function_body fb0   →   refused: dcl_function_body (class linkage)
/// ```
fn lower_decl<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    Err(interfaces_refusal(inst))
}

/// `fcall` (interface call): refused, as the declarations above.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions`.
///
/// **GLSL ES 3.00**: none.
///
/// **Differences**: refused by name.
///
/// **Example**:
/// ```text
/// fcall fp0[0][0]   →   refused: fcall (class linkage)
/// ```
fn lower_fcall<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Err(interfaces_refusal(inst))
}

/// `abort` and `debug_break`: refused.
///
/// **Spec**: D3D11.1 debug instructions (only legal in debug-layer shaders);
/// `lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions`.
///
/// **GLSL ES 3.00**: no way to stop the draw or trap a debugger; dropping
/// `abort` would run code the shader author meant never to run, so it is
/// refused rather than ignored.
///
/// **Differences**: refused by name.
///
/// **Example**:
/// ```text
/// abort   →   refused: abort
/// ```
fn lower_debug<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Err(Refusal::new(
        inst.opcode.mnemonic(),
        "a debug-layer instruction with no GLSL ES 3.00 equivalent",
    )
    .into())
}

register_handler! {
    opcodes: &[Opcode::DclFunctionBody, Opcode::DclFunctionTable, Opcode::DclInterface],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions",
    lower: Lower::Decl(lower_decl),
}

register_handler! {
    opcodes: &[Opcode::InterfaceCall],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions",
    lower: Lower::Inst(lower_fcall),
}

register_handler! {
    opcodes: &[Opcode::Abort, Opcode::DebugBreak],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#class-linkage-and-debug-instructions",
    lower: Lower::Inst(lower_debug),
}
