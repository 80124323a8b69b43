//! `loop`, `endloop`, `break`, `breakc`, `continue`, `continuec`.

use crate::common::test;
use crate::flow;
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `loop`: opens an endless loop left by `break`/`breakc`/`ret`.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#loop-endloop`; Microsoft "loop (sm4 - asm)".
///
/// **GLSL ES 3.00**: `while (true) {` and one more indentation level.
/// WebGL 2 has no loop-form restriction (the ES 1.00 appendix A limits do
/// not apply to ES 3.00).
///
/// **Differences**: no `for` reconstruction and no iteration cap: a shader
/// that never leaves its loop hangs as it would on D3D.
///
/// **Example**:
/// ```text
/// loop  →  while (true) {
/// ```
fn lower_loop<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    cx.open_block(format_args!("while (true)"));
    Ok(())
}

/// `endloop`: closes the innermost loop (and jumps back to its start).
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#loop-endloop`; Microsoft "endloop (sm4 - asm)".
///
/// **GLSL ES 3.00**: `}`.
///
/// **Differences**: none; an `endloop` that does not close a `loop` is
/// reported as malformed.
///
/// **Example**:
/// ```text
/// endloop  →  }
/// ```
fn lower_endloop<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    cx.close_block()
}

/// `break` and `breakc_z`/`breakc_nz`: leave the innermost loop or switch.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#break-breakc-continue-continuec`; `docs/conventions.md#instruction-controls` (`_nz` = bit 18);
/// Microsoft "break", "breakc (sm4 - asm)". Inside a `switch` nested in a
/// loop, `break` leaves the switch, as in GLSL.
///
/// **GLSL ES 3.00**: `break;`, and `if (floatBitsToUint(r0.x) != 0u) { break; }`
/// for the conditional form (`== 0u` for `_z`).
///
/// **Differences**: none; a `break` outside any loop or switch is reported
/// as malformed.
///
/// **Example**:
/// ```text
/// break       →  break;
/// breakc_z r0.y  →  if (floatBitsToUint(r0.y) == uint(0)) { break; }
/// ```
fn lower_break<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    if inst.opcode == Opcode::Breakc {
        let t = test(inst, cx, 0)?;
        cx.line(format_args!("if ({t}) {{ break; }}"));
    } else {
        cx.line(format_args!("break;"));
    }
    Ok(())
}

/// `continue` and `continuec_z`/`continuec_nz`: next iteration of the
/// innermost loop.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#break-breakc-continue-continuec`; `docs/conventions.md#instruction-controls`; Microsoft
/// "continue", "continuec (sm4 - asm)". Inside a `switch` the loop around
/// it continues, as in GLSL.
///
/// **GLSL ES 3.00**: `continue;`, and
/// `if (floatBitsToUint(r0.x) != 0u) { continue; }` for the conditional form.
///
/// **Differences**: none; a `continue` outside any loop is reported as
/// malformed.
///
/// **Example**:
/// ```text
/// continue          →  continue;
/// continuec_nz r1.w  →  if (floatBitsToUint(r1.w) != uint(0)) { continue; }
/// ```
fn lower_continue<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    if inst.opcode == Opcode::Continuec {
        let t = test(inst, cx, 0)?;
        cx.line(format_args!("if ({t}) {{ continue; }}"));
    } else {
        cx.line(format_args!("continue;"));
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::Loop],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#loop-endloop",
    lower: Lower::Inst(lower_loop),
}

register_handler! {
    opcodes: &[Opcode::Endloop],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#loop-endloop",
    lower: Lower::Inst(lower_endloop),
}

register_handler! {
    opcodes: &[Opcode::Break, Opcode::Breakc],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#break-breakc-continue-continuec",
    lower: Lower::Inst(lower_break),
}

register_handler! {
    opcodes: &[Opcode::Continue, Opcode::Continuec],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#break-breakc-continue-continuec",
    lower: Lower::Inst(lower_continue),
}
