//! `ret` and `retc_z`/`retc_nz`.

use crate::common::test;
use crate::discard::discard_check;
use crate::flow;
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// The statements of one return at the current indentation: in `main` the
/// deferred-discard check and the stage epilogue, then `return;`; in a
/// subroutine a plain `return;` (the shader continues in the caller).
fn write_return(cx: &mut Ctx<'_>) {
    if !cx.in_function() {
        discard_check(cx);
    }
    cx.write_return();
}

/// `ret`: return from `main` (end of the shader) or from a subroutine.
///
/// **Spec**: families.md §4 `ret` ("paste the stage epilogue before every
/// `return;`"); Microsoft "ret (sm4 - asm)". In `main` it ends the
/// invocation; after a `label` it returns to the `call`.
///
/// **GLSL ES 3.00**: in `main`: the deferred-discard check
/// (`if (hlslcc_discard) { discard; }`, only when the stage defers its
/// discards), the stage epilogue (`Output::epilogue`, e.g. output copy-out,
/// re-indented to the current level), then `return;` — for every `ret`,
/// the final one included. In a subroutine: `return;`; the `ret` that ends
/// the subroutine's code also closes its function body (`}`).
///
/// **Differences**: none; a trailing `return;` at the end of `main` is
/// redundant but harmless.
///
/// **Example**:
/// ```text
/// ret  →  return;
/// ```
fn lower_ret<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let blocks = flow::check(cx, inst)?;
    write_return(cx);
    if cx.in_function() {
        let insts = flow::instructions(cx);
        let idx = flow::index_of(cx, inst)?;
        if blocks.is_empty() && flow::ends_segment(insts, idx) {
            cx.end_function();
        }
    }
    Ok(())
}

/// `retc_z` / `retc_nz`: conditional return.
///
/// **Spec**: families.md §4 `retc` (HLSLcc forgets the epilogue here,
/// families.md §9 item 5; we must not); §0.3 (`_nz` = bit 18); Microsoft
/// "retc (sm4 - asm)".
///
/// **GLSL ES 3.00**:
/// ```text
/// if (floatBitsToUint(r0.x) != 0u) {
///     <deferred-discard check and stage epilogue, in main only>
///     return;
/// }
/// ```
///
/// **Differences**: none.
///
/// **Example**:
/// ```text
/// retc_nz r0.w  →  if (floatBitsToUint(r0.w) != uint(0)) {
///                      return;
///                  }
/// ```
fn lower_retc<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    let t = test(inst, cx, 0)?;
    cx.open_block(format_args!("if ({t})"));
    write_return(cx);
    cx.close_block()
}

register_handler! {
    opcodes: &[Opcode::Ret],
    family: "cmp-controlflow",
    spec: "families.md §4 ret",
    lower: Lower::Inst(lower_ret),
}

register_handler! {
    opcodes: &[Opcode::Retc],
    family: "cmp-controlflow",
    spec: "families.md §4 retc, §9 item 5",
    lower: Lower::Inst(lower_retc),
}
