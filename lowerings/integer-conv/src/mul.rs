//! Full 32 × 32 → 64-bit multiplies: `imul`, `umul`
//! (`lowerings/integer-conv/docs/integer-conv.md#imul-umul`).
//!
//! Operands: high-half destination, low-half destination, a, b; either
//! destination may be `null` (fxc almost always writes `imul null, r0.x,
//! …`). The low half is GLSL's wrapping `*`. The high half needs
//! `imulExtended`/`umulExtended`, which are ES 3.10, so it goes through a
//! helper that multiplies 16-bit limbs (every partial product fits in 32
//! bits). When both halves are written, the two-destination writer keeps
//! D3D's read-all-sources-first semantics (`docs/conventions.md#reading-before-writing`).

use crate::common::{fmt_err, per_lane_call, write_two, Out};
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};
use std::fmt::Write;

/// High 32 bits of the unsigned 64-bit product `a * b`, from 16-bit limbs:
/// `a*b = hh*2^32 + (lh + hl)*2^16 + ll`; `mid` collects the bits that
/// carry into bit 32 (at most 3 * 0xffff, no overflow).
pub(crate) static DX11_UMULHI: Helper = Helper {
    name: "dx11_umulhi",
    text: "\
uint dx11_umulhi(uint a, uint b)
{
    uint al = a & 0xffffu;
    uint ah = a >> 16u;
    uint bl = b & 0xffffu;
    uint bh = b >> 16u;
    uint lh = al * bh;
    uint hl = ah * bl;
    uint mid = ((al * bl) >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
    return ah * bh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}
",
    deps: &[],
};

/// High 32 bits of the signed 64-bit product: the unsigned high half minus
/// `b` when `a < 0` and minus `a` when `b < 0` (mod 2^32), since a negative
/// int is its unsigned bits minus 2^32.
pub(crate) static DX11_IMULHI: Helper = Helper {
    name: "dx11_imulhi",
    text: "\
int dx11_imulhi(int a, int b)
{
    uint hi = dx11_umulhi(uint(a), uint(b));
    if (a < 0) { hi -= uint(b); }
    if (b < 0) { hi -= uint(a); }
    return int(hi);
}
",
    deps: &[&DX11_UMULHI],
};

/// Both halves of `a * b` read as `ty`, the high one through `hi_helper`.
fn mul<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    ty: Ty,
    hi_helper: &'static Helper,
) -> Result<(), LowerError> {
    let hi = cx.int_dst(inst, 0)?;
    let lo = cx.int_dst(inst, 1)?;
    let hi_value = if hi.is_null() {
        String::new()
    } else {
        let a = cx.src(inst, 2, ty, hi.mask)?;
        let b = cx.src(inst, 3, ty, hi.mask)?;
        cx.helper(hi_helper);
        per_lane_call(ty, hi.width(), hi_helper.name, &[a, b])?
    };
    let lo_value = if lo.is_null() {
        String::new()
    } else {
        let a = cx.src(inst, 2, ty, lo.mask)?;
        let b = cx.src(inst, 3, ty, lo.mask)?;
        let mut w = String::new();
        write!(w, "{a} * {b}").map_err(fmt_err)?;
        w
    };
    write_two(
        cx,
        inst,
        &[2, 3],
        Out {
            dst: hi,
            ty,
            value: hi_value,
        },
        Out {
            dst: lo,
            ty,
            value: lo_value,
        },
    )
}

/// `imul`: signed 32 × 32 → 64-bit multiply.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imul-umul`; Microsoft "imul (sm4 - asm)".
///
/// **GLSL ES 3.00**: low half `d1 = intBitsToFloat(I(a) * I(b));`; high half
/// (when not `null`) per lane `d0 = intBitsToFloat(ivecN(dx11_imulhi(I(a.x),
/// I(b.x)), …));` with [`DX11_IMULHI`].
///
/// **Differences**: none.
///
/// **Example**: `imul null, r1.y, r1.y, l(3)` →
/// `r1.y = intBitsToFloat(floatBitsToInt(r1.y) * 3);`
fn imul<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    mul(inst, cx, Ty::Int, &DX11_IMULHI)
}

register_handler! {
    opcodes: &[Opcode::Imul],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imul-umul",
    lower: Lower::Inst(imul),
}

/// `umul`: unsigned 32 × 32 → 64-bit multiply.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#imul-umul`; Microsoft "umul (sm5 - asm)".
///
/// **GLSL ES 3.00**: low half `d1 = uintBitsToFloat(U(a) * U(b));`; high half
/// (when not `null`) per lane `d0 = uintBitsToFloat(uvecN(dx11_umulhi(U(a.x),
/// U(b.x)), …));` with [`DX11_UMULHI`].
///
/// **Differences**: none.
///
/// **Example**: `umul r0.x, r0.y, r1.x, r2.x` (the sources do not name
/// `r0`, so the two statements run in order) →
/// `r0.x = uintBitsToFloat(dx11_umulhi(floatBitsToUint(r1.x), floatBitsToUint(r2.x)));`
/// `r0.y = uintBitsToFloat(floatBitsToUint(r1.x) * floatBitsToUint(r2.x));`
fn umul<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    mul(inst, cx, Ty::Uint, &DX11_UMULHI)
}

register_handler! {
    opcodes: &[Opcode::Umul],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#imul-umul",
    lower: Lower::Inst(umul),
}
