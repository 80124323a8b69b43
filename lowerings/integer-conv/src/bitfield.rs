//! Bit-field extract and insert: `ubfe`, `ibfe`, `bfi` (`lowerings/integer-conv/docs/integer-conv.md#ubfe-ibfe`,
//! `lowerings/integer-conv/docs/integer-conv.md#bfi`).
//!
//! `bitfieldExtract`/`bitfieldInsert` are GLSL ES 3.10, so each opcode gets
//! a scalar helper that implements the D3D definition, called once per lane
//! inside one vector constructor (width and offset may differ per lane, and
//! fxc writes `ubfe r0, r0.xxxx, r0.yyyy, r0.zzzz`, so the destination may
//! alias every source). Every helper first keeps only the low 5 bits of
//! width and offset, as D3D does; without that a width or offset of 32 or
//! more becomes an undefined GLSL shift. Helper arguments follow the DXBC
//! operand order (width, offset, then the values).

use crate::common::per_lane_call;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// D3D `ubfe` on one lane: `w = width & 31`, `o = offset & 31`; `w == 0`
/// → 0; `w + o < 32` → `(value << (32 - w - o)) >> (32 - w)`; else
/// `value >> o`. All shift amounts stay in 0..=31.
pub(crate) static DX11_UBFE: Helper = Helper {
    name: "dx11_ubfe",
    text: "\
uint dx11_ubfe(uint width, uint offset, uint value)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    if (w == 0u) { return 0u; }
    if (w + o < 32u) { return (value << (32u - w - o)) >> (32u - w); }
    return value >> o;
}
",
    deps: &[],
};

/// D3D `ibfe` on one lane: as [`DX11_UBFE`] on an `int` value, so both
/// right shifts extend the sign bit of the extracted field.
pub(crate) static DX11_IBFE: Helper = Helper {
    name: "dx11_ibfe",
    text: "\
int dx11_ibfe(uint width, uint offset, int value)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    if (w == 0u) { return 0; }
    if (w + o < 32u) { return (value << (32u - w - o)) >> (32u - w); }
    return value >> o;
}
",
    deps: &[],
};

/// D3D `bfi` on one lane: `w = width & 31`, `o = offset & 31`,
/// `mask = ((1 << w) - 1) << o` (`w == 0` gives an empty mask and the
/// result is `base`); result `((insert << o) & mask) | (base & ~mask)`,
/// with `~mask` written `mask ^ 0xffffffff` (no `~`, which some mobile
/// compilers mishandle — HLSLcc's `op_not` workaround). Bits of the field that
/// would pass bit 31 are dropped, as in D3D. Replaces the catalogue's
/// `int_bitfieldInsert` (HLSLcc's helper does not mask width and offset).
pub(crate) static DX11_BFI: Helper = Helper {
    name: "dx11_bfi",
    text: "\
uint dx11_bfi(uint width, uint offset, uint insert, uint base)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    uint mask = ((1u << w) - 1u) << o;
    return ((insert << o) & mask) | (base & (mask ^ 0xffffffffu));
}
",
    deps: &[],
};

/// `ubfe`: unsigned bit-field extract.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ubfe-ibfe` (width and offset masked,
/// sources read before the write); Microsoft "ubfe (sm5 - asm)". Operands: width,
/// offset, value.
///
/// **GLSL ES 3.00**: one assignment,
/// `d = uintBitsToFloat(uvecN(dx11_ubfe(U(w.x), U(o.x), U(v.x)), …));` with
/// [`DX11_UBFE`].
///
/// **Differences**: none.
///
/// **Example**: `ubfe r0.y, l(4), l(1), r1.x` →
/// `r0.y = uintBitsToFloat(dx11_ubfe(4u, 1u, floatBitsToUint(r1.x)));`
fn ubfe<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let w = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let o = cx.src(inst, 2, Ty::Uint, d.mask)?;
    let v = cx.src(inst, 3, Ty::Uint, d.mask)?;
    cx.helper(&DX11_UBFE);
    let rhs = per_lane_call(Ty::Uint, w.width(), DX11_UBFE.name, &[w, o, v])?;
    cx.assign(d, Ty::Uint, w.width(), &rhs)
}

register_handler! {
    opcodes: &[Opcode::Ubfe],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ubfe-ibfe",
    lower: Lower::Inst(ubfe),
}

/// `ibfe`: signed bit-field extract (the field is sign-extended).
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ubfe-ibfe` (width and offset masked,
/// sources read before the write); Microsoft "ibfe (sm5 - asm)". Operands: width,
/// offset, value.
///
/// **GLSL ES 3.00**: one assignment,
/// `d = intBitsToFloat(ivecN(dx11_ibfe(U(w.x), U(o.x), I(v.x)), …));` with
/// [`DX11_IBFE`].
///
/// **Differences**: none.
///
/// **Example**: `ibfe r1.w, l(27), l(1), r0.x` →
/// `r1.w = intBitsToFloat(dx11_ibfe(27u, 1u, floatBitsToInt(r0.x)));`
fn ibfe<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let w = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let o = cx.src(inst, 2, Ty::Uint, d.mask)?;
    let v = cx.src(inst, 3, Ty::Int, d.mask)?;
    cx.helper(&DX11_IBFE);
    let rhs = per_lane_call(Ty::Int, w.width(), DX11_IBFE.name, &[w, o, v])?;
    cx.assign(d, Ty::Int, w.width(), &rhs)
}

register_handler! {
    opcodes: &[Opcode::Ibfe],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ubfe-ibfe",
    lower: Lower::Inst(ibfe),
}

/// `bfi`: bit-field insert.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#bfi` (width and offset
/// masked); Microsoft "bfi (sm5 - asm)". Operands: width, offset,
/// insert, base.
///
/// **GLSL ES 3.00**: one assignment,
/// `d = uintBitsToFloat(uvecN(dx11_bfi(U(w.x), U(o.x), U(i.x), U(b.x)), …));`
/// with [`DX11_BFI`].
///
/// **Differences**: none.
///
/// **Example**: `bfi r0.y, l(1), l(7), r1.y, l(0)` →
/// `r0.y = uintBitsToFloat(dx11_bfi(1u, 7u, floatBitsToUint(r1.y), 0u));`
fn bfi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let w = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let o = cx.src(inst, 2, Ty::Uint, d.mask)?;
    let i = cx.src(inst, 3, Ty::Uint, d.mask)?;
    let b = cx.src(inst, 4, Ty::Uint, d.mask)?;
    cx.helper(&DX11_BFI);
    let rhs = per_lane_call(Ty::Uint, w.width(), DX11_BFI.name, &[w, o, i, b])?;
    cx.assign(d, Ty::Uint, w.width(), &rhs)
}

register_handler! {
    opcodes: &[Opcode::Bfi],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#bfi",
    lower: Lower::Inst(bfi),
}
