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
///
/// The answer scans the whole program, so it is computed once per stage
/// and kept (every `ret` and `discard` asks).
pub(crate) fn deferred(cx: &mut Ctx<'_>) -> bool {
    #[derive(Default)]
    struct Deferred(Option<bool>);
    if let Some(d) = cx.scratch::<Deferred>().0 {
        return d;
    }
    let st = cx.state();
    let insts = flow::instructions(cx);
    let d = st.is_pixel()
        && insts.iter().any(|x| x.opcode == Opcode::Discard)
        && match cx.switches::<crate::CmpControlflowSwitches>().discard_mode {
            DiscardMode::Immediate => false,
            DiscardMode::Deferred => true,
            DiscardMode::Auto => flow::derivative_after_discard(insts),
        };
    cx.scratch::<Deferred>().0 = Some(d);
    d
}

/// Declares the flag once, as a global: subroutine bodies (`label`) can
/// discard too, and a local of `main` would not be visible there.
fn ensure_flag(cx: &mut Ctx<'_>) {
    cx.global_once(FLAG, format_args!("bool {FLAG} = false;"));
}

/// The deferred-discard check written before every return of `main` (only
/// in a stage that defers its discards).
pub(crate) fn discard_check(cx: &mut Ctx<'_>) {
    if deferred(cx) {
        ensure_flag(cx);
        cx.line(format_args!("if ({FLAG}) {{ discard; }}"));
    }
}

fn lower_discard<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    if !cx.is_pixel() {
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
