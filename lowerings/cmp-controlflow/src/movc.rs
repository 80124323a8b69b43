//! `movc`: per-lane select on the raw bits of a condition.

use crate::common::{render, vector, zero_u};
use dxlower_core::{register_handler, Ctx, Dst, Lower, LowerError, Src, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// The value of a select of `n` lanes: lane `k` is `a` where the
/// condition's lane `k` has any bit set, else `b`. One expression that
/// reads every source before the assignment that consumes it.
///
/// When the condition reads one component for every lane (`r0.x`,
/// `r0.xxxx`), one ternary over the whole vectors:
/// `(floatBitsToUint(c.x) != 0u) ? a : b`. Otherwise one ternary per lane
/// inside a constructor: `vec2((c.x != 0u) ? a.x : b.x, (c.y != 0u) ? a.y : b.y)`.
pub(crate) fn select(
    cx: &Ctx<'_>,
    ty: Ty,
    n: u8,
    cond: &Src<'_>,
    a: &Src<'_>,
    b: &Src<'_>,
) -> Result<String, LowerError> {
    let zero = zero_u(cx);
    let n = n.max(1) as usize;
    let replicated = (0..n).all(|k| cond.lane(k) == cond.lane(0));
    if replicated {
        let c = render(&cond.with_lanes(&[cond.lane(0)]))?;
        return Ok(format!("({c} != {zero}) ? {} : {}", render(a)?, render(b)?));
    }
    let mut lanes = Vec::with_capacity(n);
    for k in 0..n {
        let c = render(&cond.with_lanes(&[cond.lane(k)]))?;
        let x = render(&a.with_lanes(&[a.lane(k)]))?;
        let y = render(&b.with_lanes(&[b.lane(k)]))?;
        lanes.push(format!("({c} != {zero}) ? {x} : {y}"));
    }
    Ok(vector(ty, &lanes))
}

/// The three sources of a select read through `d`'s mask: the condition
/// as uint, the two values as type-less bits of the mover type `ty`
/// ([`Ctx::mover_ty`]; exact immediates).
pub(crate) fn sources<'a>(
    inst: &'a Instruction,
    cx: &Ctx<'a>,
    d: &Dst<'a>,
    ty: Ty,
    [cond, a, b]: [usize; 3],
) -> Result<(Src<'a>, Src<'a>, Src<'a>), LowerError> {
    Ok((
        cx.src(inst, cond, Ty::Uint, d.mask)?,
        cx.src_mover(inst, a, ty, d.mask)?,
        cx.src_mover(inst, b, ty, d.mask)?,
    ))
}

/// `movc`: `d = c ? a : b` per lane, `c` tested on its raw bits.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#movc`, `docs/conventions.md#comparison-masks-and-tests` (masks are tested for any
/// set bit); Microsoft "movc (sm4 - asm)": for each written lane, the lane
/// of src1 when the same lane of src0 has any bit set, else the lane of
/// src2. A type-less mover: the selected bits are copied unchanged.
///
/// **GLSL ES 3.00**: one assignment. Replicated condition:
/// `d.xy = (floatBitsToUint(c.x) != 0u) ? a.xy : b.xy;`. Per-lane
/// condition: `d.xy = vec2((floatBitsToUint(c.x) != 0u) ? a.x : b.x, (floatBitsToUint(c.y) != 0u) ? a.y : b.y);`.
/// The values are read as float bits with exact immediates (type-less
/// mover, `docs/conventions.md#immediates`); `_sat` is the usual second statement. Under
/// the companion register model a plain select that involves a temp reads
/// and writes the values as `uint` ([`Ctx::mover_ty`]): the condition and
/// the values come from the companions (`r1_u.x != 0u ? r2_u.xy : ...`).
///
/// **Differences**: HLSLcc writes one statement per lane plus an
/// `hlslcc_movcTemp` block when the destination aliases a source; the
/// single constructor assignment is equivalent and alias-safe by
/// construction (every source lane is read before the one write, `docs/conventions.md#reading-before-writing`).
/// Never `mix()`: it is arithmetic on floats and would propagate NaN from
/// the unselected side and test the mask as a float.
///
/// **Example**:
/// ```text
/// movc r0.xy, r1.xxxx, r2.xyxx, l(1.0, 0, 0, 0)
///     →  r0.xy = (floatBitsToUint(r1.x) != uint(0)) ? r2.xy : vec2(1.0, 0.0);
/// movc r0.xy, r0.yxyy, r0.yxyy, r1.xyxx
///     →  r0.xy = vec2((floatBitsToUint(r0.y) != uint(0)) ? r0.y : r1.x, (floatBitsToUint(r0.x) != uint(0)) ? r0.x : r1.y);
/// ```
fn lower_movc<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let n = d.width().max(1);
    let ty = cx.mover_ty(inst, &[0], &[2, 3]);
    let (c, a, b) = sources(inst, cx, &d, ty, [1, 2, 3])?;
    let expr = select(cx, ty, n, &c, &a, &b)?;
    cx.assign(d, ty, n, &expr)
}

register_handler! {
    opcodes: &[Opcode::Movc],
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#movc",
    lower: Lower::Inst(lower_movc),
}
