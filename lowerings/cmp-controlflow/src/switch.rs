//! `switch`, `case`, `default`, `endswitch`.

use crate::common::render;
use crate::flow;
use dxlower_core::{register_handler, regs, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode, OperandType};
use std::collections::BTreeSet;

/// The labels seen in each open switch (innermost last): its `case`
/// values and whether it has a `default`. A switch "behaves exactly as a
/// switch construct in the C language" (D3D11.3 §22.7.18), where a repeated
/// label is an error, as it is in GLSL ES 3.00 (§6.2).
#[derive(Default)]
struct SwitchLabels(Vec<(BTreeSet<u32>, bool)>);

/// Records a label (`Some(value)` for `case`, `None` for `default`) in the
/// innermost switch; a repeated one is an invalid program.
fn record_label(cx: &mut Ctx<'_>, label: Option<u32>) -> Result<(), LowerError> {
    let Some((values, default)) = cx.scratch::<SwitchLabels>().0.last_mut() else {
        return Ok(());
    };
    let repeated = match label {
        Some(v) => !values.insert(v),
        None => std::mem::replace(default, true),
    };
    if repeated {
        let what = match label {
            Some(v) => format!("`case {}`", v as i32),
            None => "`default`".to_string(),
        };
        return Err(LowerError::InvalidProgram(format!(
            "{what} appears twice in one `switch` (a switch behaves as in C, D3D11.3 §22.7.18)"
        )));
    }
    Ok(())
}

/// Writes a label line one level left of the statements (`case 2:`).
fn label_line(cx: &mut Ctx<'_>, text: &str) -> Result<(), LowerError> {
    cx.case_label(format_args!("{text}"))
}

/// `switch`: opens a switch on the int view of one lane.
///
/// **Spec**: families.md §4 `switch`; Microsoft "switch (sm4 - asm)": the
/// selector is one 32-bit component compared for equality with each `case`
/// literal; `case` labels must follow directly (no statement before the
/// first label).
///
/// **GLSL ES 3.00**: `switch (floatBitsToInt(r0.x)) {`; labels are written
/// one level in, statements two levels in. GLSL ES 3.00 (§6.2) takes an
/// `int` or `uint` selector with labels of the same type; int matches the
/// spec digest.
///
/// **Differences**: a statement between `switch` and its first label
/// (rejected by GLSL and ANGLE: "statement before the first label") is
/// reported as malformed.
///
/// **Example**:
/// ```text
/// switch r0.x  →  switch (floatBitsToInt(r0.x)) {
/// ```
fn lower_switch<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    let insts = flow::instructions(cx);
    let idx = flow::index_of(cx, inst)?;
    match insts.get(idx + 1).map(|x| x.opcode) {
        Some(Opcode::Case | Opcode::Default | Opcode::Endswitch) => {}
        _ => {
            return Err(LowerError::invalid(
                "`switch` is not followed by `case`, `default` or `endswitch`",
            ))
        }
    }
    let sel = render(&cx.src(inst, 0, Ty::Int, 1)?)?;
    cx.open_switch(format_args!("{sel}"));
    cx.scratch::<SwitchLabels>().0.push(Default::default());
    Ok(())
}

/// `case`: a label of the innermost switch.
///
/// **Spec**: families.md §4 `case`; Microsoft "case (sm4 - asm)": a 32-bit
/// integer literal; consecutive labels share the statements that follow;
/// without a `break` execution falls through into the next label's
/// statements.
///
/// **GLSL ES 3.00**: `case N:` with an int literal; values above
/// `0x3FFFFFFE` (negative labels included) as `int(0x…u)`, a constant
/// expression that keeps the exact bits. GLSL has the same fall-through
/// rule, so consecutive labels and fall-through need no rewriting.
///
/// **Differences**: none. A label nested in an `if` or `loop` inside the
/// switch (ANGLE: "label statement nested inside control flow") is
/// reported as malformed.
///
/// **Example**:
/// ```text
/// case l(3)   →  case 3:
/// case l(-1)  →  case int(0xffffffffu):
/// ```
fn lower_case<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    let op = cx.operand(inst, 0)?;
    let value = match (op.ty, op.imm.first()) {
        (OperandType::Immediate32, Some(&v)) => v,
        _ => {
            return Err(LowerError::invalid(
                "`case` label is not a 32-bit immediate",
            ))
        }
    };
    record_label(cx, Some(value))?;
    let mut text = String::from("case ");
    regs::write_int_bits(&mut text, value)
        .map_err(|_| LowerError::invalid("case label cannot be printed"))?;
    text.push(':');
    label_line(cx, &text)
}

/// `default`: the default label of the innermost switch.
///
/// **Spec**: families.md §4 `default`; Microsoft "default (sm4 - asm)".
///
/// **GLSL ES 3.00**: `default:` (it may appear anywhere among the labels
/// and fall through like a `case`).
///
/// **Differences**: none.
///
/// **Example**:
/// ```text
/// default  →  default:
/// ```
fn lower_default<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    record_label(cx, None)?;
    label_line(cx, "default:")
}

/// `endswitch`: closes the innermost switch.
///
/// **Spec**: families.md §4 `endswitch` ("append `break;` if a label would
/// end the body"); Microsoft "endswitch (sm4 - asm)".
///
/// **GLSL ES 3.00**: `}`. GLSL ES 3.00 (§6.2) and ANGLE reject a label with
/// no statement before the end of the switch ("no statement between the
/// last label and the end of the switch statement"), so when the
/// instruction before `endswitch` is a `case` or `default` a `break;` is
/// written first; leaving the switch at that point is what D3D does.
///
/// **Differences**: none.
///
/// **Example**:
/// ```text
/// default
/// endswitch  →  default:
///                   break;
///               }
/// ```
fn lower_endswitch<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    flow::check(cx, inst)?;
    let insts = flow::instructions(cx);
    let idx = flow::index_of(cx, inst)?;
    if matches!(
        flow::previous(insts, idx).map(|x| x.opcode),
        Some(Opcode::Case | Opcode::Default)
    ) {
        cx.line(format_args!("break;"));
    }
    cx.scratch::<SwitchLabels>().0.pop();
    cx.close_switch()
}

register_handler! {
    opcodes: &[Opcode::Switch],
    family: "cmp-controlflow",
    spec: "families.md §4 switch",
    lower: Lower::Inst(lower_switch),
}

register_handler! {
    opcodes: &[Opcode::Case],
    family: "cmp-controlflow",
    spec: "families.md §4 case",
    lower: Lower::Inst(lower_case),
}

register_handler! {
    opcodes: &[Opcode::Default],
    family: "cmp-controlflow",
    spec: "families.md §4 default",
    lower: Lower::Inst(lower_default),
}

register_handler! {
    opcodes: &[Opcode::Endswitch],
    family: "cmp-controlflow",
    spec: "families.md §4 endswitch",
    lower: Lower::Inst(lower_endswitch),
}
