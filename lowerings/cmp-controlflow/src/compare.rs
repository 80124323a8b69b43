//! The eleven compares: `eq ge lt ne` (float), `ieq ige ilt ine` (int),
//! `uge ult` (uint), one table and one handler.

use crate::common::{render, zero_u};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// How one compare is written.
struct Cmp {
    /// The opcode.
    op: Opcode,
    /// The type both sources are read as.
    ty: Ty,
    /// Scalar form, `{a}`/`{b}` replaced by the operands.
    scalar: &'static str,
    /// Vector form (`bvecN` result).
    vector: &'static str,
}

/// A table row.
const fn cmp(op: Opcode, ty: Ty, scalar: &'static str, vector: &'static str) -> Cmp {
    Cmp {
        op,
        ty,
        scalar,
        vector,
    }
}

/// The compare table (`lowerings/cmp-controlflow/docs/cmp-controlflow.md#compares`, `docs/conventions.md#comparison-masks-and-tests`).
///
/// Float `ne` is written as the negation of the ordered `==`: D3D defines
/// `ne` as unordered (true when either side is NaN), which is exactly
/// `!(a == b)` under IEEE ordered equality, whatever convention a GLSL
/// implementation picks for the `!=` operator on NaN.
const TABLE: &[Cmp] = &[
    cmp(Opcode::Eq, Ty::Float, "{a} == {b}", "equal({a}, {b})"),
    cmp(
        Opcode::Ge,
        Ty::Float,
        "{a} >= {b}",
        "greaterThanEqual({a}, {b})",
    ),
    cmp(Opcode::Lt, Ty::Float, "{a} < {b}", "lessThan({a}, {b})"),
    cmp(
        Opcode::Ne,
        Ty::Float,
        "!({a} == {b})",
        "not(equal({a}, {b}))",
    ),
    cmp(Opcode::Ieq, Ty::Int, "{a} == {b}", "equal({a}, {b})"),
    cmp(
        Opcode::Ige,
        Ty::Int,
        "{a} >= {b}",
        "greaterThanEqual({a}, {b})",
    ),
    cmp(Opcode::Ilt, Ty::Int, "{a} < {b}", "lessThan({a}, {b})"),
    cmp(Opcode::Ine, Ty::Int, "{a} != {b}", "notEqual({a}, {b})"),
    cmp(
        Opcode::Uge,
        Ty::Uint,
        "{a} >= {b}",
        "greaterThanEqual({a}, {b})",
    ),
    cmp(Opcode::Ult, Ty::Uint, "{a} < {b}", "lessThan({a}, {b})"),
];

/// Every compare opcode, in table order.
pub(crate) const OPCODES: &[Opcode] = &[
    Opcode::Eq,
    Opcode::Ge,
    Opcode::Lt,
    Opcode::Ne,
    Opcode::Ieq,
    Opcode::Ige,
    Opcode::Ilt,
    Opcode::Ine,
    Opcode::Uge,
    Opcode::Ult,
];

/// Source `i` printed for a compare: under `mobile_workarounds` a uint
/// register read is wrapped in its own constructor (`uvec2(floatBitsToUint(r0.xy))`,
/// HLSLcc's Adreno workaround for `uge`/`ult`, `docs/conventions.md#mobile-workarounds`).
fn operand<'a>(
    inst: &'a Instruction,
    cx: &Ctx<'a>,
    i: usize,
    ty: Ty,
    mask: u8,
) -> Result<String, LowerError> {
    let s = cx.src(inst, i, ty, mask)?;
    let text = render(&s)?;
    let wrap =
        ty == Ty::Uint && cx.mobile_workarounds() && s.operand().ty != OperandType::Immediate32;
    Ok(if wrap {
        format!("{}({text})", ty.glsl(s.width()))
    } else {
        text
    })
}

/// `eq`, `ge`, `lt`, `ne`, `ieq`, `ige`, `ilt`, `ine`, `uge`, `ult`:
/// per-lane compare writing a `0xFFFFFFFF`/`0` mask.
///
/// **Spec**: `lowerings/cmp-controlflow/docs/cmp-controlflow.md#compares` and `docs/conventions.md#comparison-masks-and-tests`; Microsoft
/// "eq/ge/lt/ne (sm4 - asm)", "ieq/ige/ilt/ine", "uge/ult": each written
/// lane becomes `0xFFFFFFFF` when the comparison holds, else `0`. Float
/// compares are IEEE: `eq`, `ge`, `lt` are ordered (false when either side
/// is NaN), `ne` is unordered (true when either side is NaN); `-0.0 ==
/// 0.0`.
///
/// **GLSL ES 3.00**: sources read as the compare's type through the
/// destination mask (so both have as many lanes as the destination, a
/// one-value immediate widened). One lane:
/// `d.x = uintBitsToFloat((a < b) ? 0xFFFFFFFFu : 0u);`. Several lanes:
/// `d.xy = uintBitsToFloat(uvec2(lessThan(a, b)) * 0xFFFFFFFFu);` with no
/// swizzle on the `bvecN` (a mask-letter swizzle of a `bvec2` does not compile). Float `ne` is
/// `!(a == b)` / `not(equal(a, b))`. The mask is produced as `uint` and the
/// register model stores its bits. Under `mobile_workarounds` the zero is
/// `uint(0)` and uint register reads are wrapped in `uvecN(...)` (HLSLcc's
/// ES 3.0 Adreno forms); with it off they are `0u` and bare reads.
///
/// **Differences**: GLSL ES 3.00 does not require NaN support (§4.5.1),
/// so NaN results rest on the implementation. Evidence gathered for the
/// forms used: glslang compiles `==`, `<`, `>=` to the ordered
/// `OpFOrdEqual`/`OpFOrdLessThan`/`OpFOrdGreaterThanEqual`, and both
/// `a != b` (`OpFUnordNotEqual`) and `!(a == b)` (`OpLogicalNot` of
/// `OpFOrdEqual`) to the unordered answer; Mesa llvmpipe (GLES 3.0) gives
/// D3D's answer for every scalar and vector form of the four compares on
/// NaN, -0.0 and ±Inf inputs, and the conformance tables' `eq`/`ne` rows
/// with NaN operands (vkd3d_float_018/020/025/026/027 and the vkd3d-proton
/// copies) pass. For `ne` the negated form is used because its NaN result
/// follows from ordered equality alone rather than from the `!=`
/// operator's NaN convention, which GLSL leaves to the implementation.
/// Not verified on ANGLE or mobile drivers. `_sat` on a compare is
/// rejected as malformed (not a float result).
///
/// **Example**:
/// ```text
/// lt r0.x, r1.x, l(0.5)        →  r0.x = uintBitsToFloat((r1.x < 0.5) ? 0xFFFFFFFFu : uint(0));
/// ine r0.xy, r1.xyxx, r2.xyxx  →  r0.xy = uintBitsToFloat(uvec2(notEqual(floatBitsToInt(r1.xy), floatBitsToInt(r2.xy))) * 0xFFFFFFFFu);
/// ne r0.x, r1.x, r1.x          →  r0.x = uintBitsToFloat((!(r1.x == r1.x)) ? 0xFFFFFFFFu : uint(0));
/// ```
fn lower_compare<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let cmp = TABLE
        .iter()
        .find(|c| c.op == inst.opcode)
        .ok_or_else(|| LowerError::invalid(format!("`{}` is not a compare", inst.opcode)))?;
    let d = cx.int_dst(inst, 0)?;
    let n = d.width().max(1);
    let a = operand(inst, cx, 1, cmp.ty, d.mask)?;
    let b = operand(inst, cx, 2, cmp.ty, d.mask)?;
    let expr = if n == 1 {
        let test = cmp.scalar.replace("{a}", &a).replace("{b}", &b);
        format!("({test}) ? 0xFFFFFFFFu : {}", zero_u(cx))
    } else {
        let test = cmp.vector.replace("{a}", &a).replace("{b}", &b);
        format!("{}({test}) * 0xFFFFFFFFu", Ty::Uint.glsl(n))
    };
    cx.assign(d, Ty::Uint, n, &expr)
}

register_handler! {
    opcodes: OPCODES,
    family: "cmp-controlflow",
    spec: "lowerings/cmp-controlflow/docs/cmp-controlflow.md#compares",
    lower: Lower::Inst(lower_compare),
}
