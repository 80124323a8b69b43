//! `discard_z`/`discard_nz`, and the deferred-discard flag shared with the
//! returns of `main`.

use crate::common::test;
use crate::flow;
use crate::switches::DiscardMode;
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// Name of the deferred-discard flag.
pub(crate) const FLAG: &str = "hlslcc_discard";

/// Whether this stage defers its discards (profiles.md §3 `discard_mode`):
/// only pixel shaders that contain a `discard`; `auto` defers when a
/// derivative or implicit-LOD sample can run after one
/// ([`flow::derivative_after_discard`]).
pub(crate) fn deferred(cx: &Ctx<'_>) -> bool {
    let st = cx.state();
    let insts = flow::instructions(cx);
    if !st.is_pixel() || !insts.iter().any(|x| x.opcode == Opcode::Discard) {
        return false;
    }
    match cx.switches::<crate::CmpControlflowSwitches>().discard_mode {
        DiscardMode::Immediate => false,
        DiscardMode::Deferred => true,
        DiscardMode::Auto => flow::derivative_after_discard(insts),
    }
}

/// Declares the flag once, as a global: subroutine bodies (`label`) can
/// discard too, and a local of `main` would not be visible there.
fn ensure_flag(cx: &mut Ctx<'_>) {
    let decl = format!("bool {FLAG} = false;");
    if !cx.out.decls.lines().any(|l| l == decl) {
        cx.out.decl(format_args!("{decl}"));
    }
}

/// The statements that run before `main` returns: the deferred discard (when
/// this stage defers) and the stage epilogue (`Output::epilogue`, written
/// by declaration handlers), re-indented to the current level.
pub(crate) fn exit_lines(cx: &mut Ctx<'_>) {
    if deferred(cx) {
        ensure_flag(cx);
        cx.line(format_args!("if ({FLAG}) {{ discard; }}"));
    }
    let lines: Vec<String> = cx
        .out
        .epilogue_statements()
        .into_iter()
        .map(str::to_owned)
        .collect();
    for l in lines {
        cx.line(format_args!("{l}"));
    }
}

/// `discard_z` / `discard_nz`: marks the pixel as discarded when the raw
/// bits of one lane are zero / nonzero.
///
/// **Spec**: families.md §4 `discard` (corrected after review:
/// families-review.md #14), profiles.md §3 `discard_mode`; Microsoft
/// "discard (sm4 - asm)": the pixel's outputs are dropped but the
/// invocation keeps running, so its quad neighbours still get valid
/// derivatives. Pixel shaders only.
///
/// **GLSL ES 3.00**: immediate mode: `if (floatBitsToUint(r0.x) != 0u) { discard; }`.
/// Deferred mode (chosen by `discard_mode = deferred`, or by `auto` when a
/// derivative or implicit-LOD sample can execute after a discard): a global
/// `bool hlslcc_discard = false;`, the instruction becomes
/// `if (…) { hlslcc_discard = true; }`, and every return of `main` (the
/// final `ret` included) first runs `if (hlslcc_discard) { discard; }`.
///
/// **Differences**: GLSL `discard` ends the invocation; in immediate mode
/// later derivatives of the quad are undefined where a neighbour
/// discarded, which is why `auto` defers when one can follow. The flag is a
/// global instead of the early-main local of families.md §4 so that a
/// subroutine can set it. A `discard` in a vertex shader is malformed.
///
/// **Example**:
/// ```text
/// discard_nz r0.x  →  if (floatBitsToUint(r0.x) != uint(0)) { discard; }               (immediate)
///                  →  if (floatBitsToUint(r0.x) != uint(0)) { hlslcc_discard = true; }  (deferred)
/// ```
fn lower_discard<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    if !cx.state().is_pixel() {
        return Err(LowerError::invalid("`discard` outside a pixel shader"));
    }
    let t = test(inst, cx, 0)?;
    if deferred(cx) {
        ensure_flag(cx);
        cx.line(format_args!("if ({t}) {{ {FLAG} = true; }}"));
    } else {
        cx.line(format_args!("if ({t}) {{ discard; }}"));
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::Discard],
    family: "cmp-controlflow",
    spec: "families.md §4 discard (families-review #14), profiles.md §3 discard_mode",
    lower: Lower::Inst(lower_discard),
}
