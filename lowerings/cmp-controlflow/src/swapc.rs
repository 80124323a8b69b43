//! `swapc`: conditional swap into two destinations.

use crate::movc::{select, sources};
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `swapc d0, d1, c, a, b`: per lane, `d0 = c ? b : a` and `d1 = c ? a : b`.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#swapc` (two `movc`s through locals), `docs/conventions.md#reading-before-writing`
/// (multi-statement lowerings read every source before any write);
/// Microsoft "swapc (sm5 - asm)": where the lane of src0 has any bit set the
/// two values are swapped (dest0 gets src2, dest1 gets src1), otherwise
/// dest0 gets src1 and dest1 gets src2. Each destination has its own mask;
/// each reads the sources through its own mask.
///
/// **GLSL ES 3.00**: a `{}` block with one local per non-null
/// destination, both computed before either destination is written, then
/// the copies:
/// ```text
/// {
///     vec4 hlslcc_swapc0 = (floatBitsToUint(c.x) != 0u) ? b : a;
///     vec4 hlslcc_swapc1 = (floatBitsToUint(c.x) != 0u) ? a : b;
///     r0 = hlslcc_swapc0;
///     r1 = hlslcc_swapc1;
/// }
/// ```
/// The selects are those of `movc` (replicated condition: one ternary;
/// otherwise one ternary per lane in a constructor). `_sat` clamps each
/// destination after its copy.
///
/// Under the companion register model a plain swap that involves a temp
/// uses `uvecK` locals and reads and writes the companions
/// ([`dxlower_core::Ctx::mover_ty`]), so integer bits never pass through
/// float storage.
///
/// **Differences**: none. The wine `test_sm5_swapc_instruction` shapes
/// (destinations that are also the values, a condition that is one of the
/// destinations) are alias-safe because of the locals.
///
/// **Example**:
/// ```text
/// swapc r0.xyzw, r1.xyzw, cb0[0].xyzw, r0.xyzw, r1.xyzw
///     →  { vec4 hlslcc_swapc0 = vec4(... ? r1.x : r0.x, ...); vec4 hlslcc_swapc1 = ...; r0 = hlslcc_swapc0; r1 = hlslcc_swapc1; }
/// ```
fn lower_swapc<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d0 = cx.dst(inst, 0)?;
    let d1 = cx.dst(inst, 1)?;
    let ty = cx.mover_ty(inst, &[0, 1], &[3, 4]);
    let mut values = Vec::with_capacity(2);
    for (d, swapped) in [(d0, true), (d1, false)] {
        if d.is_null() || d.mask == 0 {
            continue;
        }
        let n = d.width();
        let (c, a, b) = sources(inst, cx, &d, ty, [2, 3, 4])?;
        // d0 takes src2 where the condition is set, d1 takes src1.
        let expr = if swapped {
            select(cx, ty, n, &c, &b, &a)?
        } else {
            select(cx, ty, n, &c, &a, &b)?
        };
        values.push((d, n, expr));
    }
    if values.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = values.iter().map(|_| cx.fresh("hlslcc_swapc")).collect();
    cx.open_scope();
    for ((_, n, expr), name) in values.iter().zip(&names) {
        cx.line(format_args!("{} {name} = {expr};", ty.glsl(*n)));
    }
    for ((d, n, _), name) in values.iter().zip(&names) {
        cx.assign(*d, ty, *n, name)?;
    }
    cx.close_block()
}

register_handler! {
    opcodes: &[Opcode::Swapc],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#swapc",
    lower: Lower::Inst(lower_swapc),
}
