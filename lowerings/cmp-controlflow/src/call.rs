//! Subroutines: `label`, `call`, `callc_z`/`callc_nz`.
//!
//! The code after `main`'s last `ret` is a sequence of subroutines, each
//! starting with `label lN` and running to the next `label` (or the end).
//! Each becomes a GLSL function `void sub_N()` written into the
//! `Output::functions` section (placed before `main`, prototypes of every
//! subroutine first, so calls in any direction compile). Registers are the
//! shared globals of the register model, so the functions take no
//! parameters.

use crate::common::test;
use crate::flow;
use dxlower_core::{reg_of, register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, Operand, OperandType};
use std::collections::BTreeMap;

/// The subroutine number of a label operand (`l3` → 3).
fn label_number(op: &Operand) -> Result<u32, LowerError> {
    match op.ty {
        OperandType::Label => reg_of(op),
        OperandType::FunctionBody => Err(Refusal::new(
            "interface function body (`fb#`)",
            "function bodies are reached only through `fcall` (class linkage), which needs \
             dynamic dispatch GLSL ES 3.00 does not have",
        )
        .into()),
        other => Err(LowerError::invalid(format!(
            "expected a label operand, found {other:?}"
        ))),
    }
}

/// The subroutine numbers the `label` instructions define: in program
/// order (`None` for a label that is not `l#`) and how often each is
/// defined. Computed once per stage (every `label` and `call` asks).
#[derive(Default)]
struct Labels {
    done: bool,
    order: Vec<Option<u32>>,
    count: BTreeMap<u32, usize>,
}

fn labels<'c>(cx: &'c mut Ctx<'_>) -> &'c Labels {
    let insts = flow::instructions(cx);
    let l = cx.scratch::<Labels>();
    if !l.done {
        l.done = true;
        l.order = insts
            .iter()
            .filter(|x| x.opcode == Opcode::Label)
            .map(|x| x.operands.first().and_then(|o| label_number(o).ok()))
            .collect();
        for n in l.order.iter().flatten() {
            *l.count.entry(*n).or_default() += 1;
        }
    }
    l
}

/// `label lN`: starts subroutine `N`.
///
/// **Spec**: families.md §7 (`call/callc/label`: refuse, or inline
/// subroutines later — lowered here as functions); Microsoft "label (sm4 -
/// asm)": marks the start of a subroutine; the code up to the next label
/// is its body, ending with `ret`.
///
/// **GLSL ES 3.00**: the first `label` switches emission to the functions
/// section (`Output::in_function`) and writes a prototype `void sub_N();`
/// for every label of the program; each label then opens
/// `void sub_N()` / `{`. The `ret` that ends the body closes it.
///
/// **Differences**: registers are globals, so the functions need no
/// parameters; a stage local of `main` (an early-main variable such as
/// `hlslcc_FragCoord`) is not visible in a subroutine and would fail to
/// compile — no corpus shader uses `call`. `label fb#` (interface function
/// bodies, reached through `fcall`) is refused. A body that does not end in
/// a top-level `ret`, unbalanced blocks before the label, or a label
/// defined twice are malformed. Recursion (forbidden by D3D and GLSL) is
/// left to the GLSL compiler to report.
///
/// **Example**:
/// ```text
/// label l0  →  void sub_0();
///              void sub_0()
///              {
/// ```
fn lower_label<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let n = label_number(cx.operand(inst, 0)?)?;
    let insts = flow::instructions(cx);
    let idx = flow::index_of(cx, inst)?;
    if !flow::open_blocks(insts, idx)?.is_empty() {
        return Err(LowerError::invalid(
            "`label` while blocks of the previous code are still open",
        ));
    }
    let end = flow::segment_end(insts, idx);
    let last = insts
        .get(end.saturating_sub(1))
        .filter(|_| end > idx + 1)
        .ok_or_else(|| LowerError::invalid(format!("subroutine l{n} has no body")))?;
    if last.opcode != Opcode::Ret || !flow::open_blocks(insts, end - 1)?.is_empty() {
        return Err(LowerError::invalid(format!(
            "subroutine l{n} does not end with a top-level `ret`"
        )));
    }
    let first = !cx.in_function();
    let all = labels(cx);
    if all.count.get(&n).is_some_and(|&c| c > 1) {
        return Err(LowerError::invalid(format!("label l{n} is defined twice")));
    }
    // The prototypes are written by the first label only.
    let prototypes: Vec<String> = if !first {
        Vec::new()
    } else {
        all.order
            .iter()
            .flatten()
            .map(|l| format!("void sub_{l}();"))
            .collect()
    };
    cx.begin_function(prototypes, format_args!("void sub_{n}()"));
    Ok(())
}

/// `call lN` and `callc_z`/`callc_nz c, lN`: run subroutine `N`.
///
/// **Spec**: families.md §7 (`call/callc`); §0.3 (`_nz` = bit 18 for
/// `callc`); Microsoft "call", "callc (sm4 - asm)".
///
/// **GLSL ES 3.00**: `sub_N();`, or `if (floatBitsToUint(r0.x) != 0u) { sub_N(); }`.
///
/// **Differences**: none; a call of a label the program does not define is
/// malformed.
///
/// **Example**:
/// ```text
/// call l1           →  sub_1();
/// callc_z r0.y, l0  →  if (floatBitsToUint(r0.y) == uint(0)) { sub_0(); }
/// ```
fn lower_call<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let conditional = inst.opcode == Opcode::Callc;
    let n = label_number(cx.operand(inst, usize::from(conditional))?)?;
    if !labels(cx).count.contains_key(&n) {
        return Err(LowerError::invalid(format!(
            "call of l{n}, which no `label` defines"
        )));
    }
    if conditional {
        let t = test(inst, cx, 0)?;
        cx.line(format_args!("if ({t}) {{ sub_{n}(); }}"));
    } else {
        cx.line(format_args!("sub_{n}();"));
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::Label],
    family: "cmp-controlflow",
    spec: "families.md §7 label (as a GLSL function)",
    lower: Lower::Inst(lower_label),
}

register_handler! {
    opcodes: &[Opcode::Call, Opcode::Callc],
    family: "cmp-controlflow",
    spec: "families.md §7 call, callc (as GLSL function calls)",
    lower: Lower::Inst(lower_call),
}
