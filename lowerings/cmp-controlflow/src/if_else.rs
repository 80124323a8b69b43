//! `if_z`/`if_nz`, `else`, `endif`.

use crate::common::test;
use crate::flow;
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `if_z` / `if_nz`: opens a conditional block on the raw bits of one lane.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif`, `docs/conventions.md#instruction-controls` (`_nz` = bit 18);
/// Microsoft "if (sm4 - asm)": `if_nz` enters when any bit of the selected
/// component is set, `if_z` when all are clear. The condition is a single
/// component (`r0.x`).
///
/// **GLSL ES 3.00**: `if (floatBitsToUint(r0.x) != 0u) {` (`_nz`) or
/// `== 0u` (`_z`), then one more indentation level. The zero is `uint(0)`
/// under `mobile_workarounds`.
///
/// **Differences**: none: the test reads the uint bits, so a `-0.0` mask
/// (`0x80000000`) is true as on D3D.
///
/// **Example**:
/// ```text
/// if_nz r0.x  →  if (floatBitsToUint(r0.x) != uint(0)) {
/// ```
fn lower_if<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    let t = test(inst, cx, 0)?;
    cx.open_block(format_args!("if ({t})"));
    Ok(())
}

/// `else`: switches the innermost `if` to its other branch.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif`; Microsoft "else (sm4 - asm)".
///
/// **GLSL ES 3.00**: `} else {` at the `if`'s indentation.
///
/// **Differences**: none. An `else` without an open `if` (or a second
/// `else`) is reported as malformed.
///
/// **Example**:
/// ```text
/// else  →  } else {
/// ```
fn lower_else<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    cx.else_block(format_args!("else"))
}

/// `endif`: closes the innermost `if`.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif`; Microsoft "endif (sm4 - asm)".
///
/// **GLSL ES 3.00**: `}`.
///
/// **Differences**: none; an `endif` that does not close an `if` is
/// reported as malformed.
///
/// **Example**:
/// ```text
/// endif  →  }
/// ```
fn lower_endif<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    cx.close_block()
}

register_handler! {
    opcodes: &[Opcode::If],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif",
    lower: Lower::Inst(lower_if),
}

register_handler! {
    opcodes: &[Opcode::Else],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif",
    lower: Lower::Inst(lower_else),
}

register_handler! {
    opcodes: &[Opcode::Endif],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#if-else-endif",
    lower: Lower::Inst(lower_endif),
}
