//! Bit counting and reversal: `countbits`, `firstbit_hi`, `firstbit_lo`,
//! `firstbit_shi`, `bfrev` (`lowerings/integer-conv/docs/integer-conv.md#countbits` and the sections after it).
//!
//! `bitCount`, `findMSB`, `findLSB` and `bitfieldReverse` are GLSL ES 3.10,
//! so each opcode gets a scalar helper of plain shifts and masks, called
//! once per lane inside one vector constructor (so the destination may
//! alias the source).
//!
//! D3D counts `firstbit_hi`/`firstbit_shi` from the most significant bit
//! (Microsoft "firstbit_hi (sm5 - asm)": `firstbit_hi(0x10000000)` is 3;
//! fxc converts the result back with `31 - r` for HLSL `firstbithigh`),
//! and every `firstbit_*` returns `0xFFFFFFFF` when no bit qualifies.

use crate::common::per_lane_call;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// Population count (parallel bit-sum over 2-, 4- and 8-bit fields, then
/// the four byte sums added by the multiply into the top byte).
pub(crate) static DX11_COUNTBITS: Helper = Helper {
    name: "dx11_countbits",
    text: "\
uint dx11_countbits(uint v)
{
    v = v - ((v >> 1u) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2u) & 0x33333333u);
    v = (v + (v >> 4u)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24u;
}
",
    deps: &[],
};

/// Number of zero bits above the highest set bit (D3D `firstbit_hi`),
/// `0xFFFFFFFF` for 0: a binary search that shifts the value left while its
/// top half, quarter, ... is empty.
pub(crate) static DX11_FIRSTBIT_HI: Helper = Helper {
    name: "dx11_firstbit_hi",
    text: "\
uint dx11_firstbit_hi(uint v)
{
    if (v == 0u) { return 0xffffffffu; }
    uint n = 0u;
    if ((v & 0xffff0000u) == 0u) { n += 16u; v <<= 16u; }
    if ((v & 0xff000000u) == 0u) { n += 8u; v <<= 8u; }
    if ((v & 0xf0000000u) == 0u) { n += 4u; v <<= 4u; }
    if ((v & 0xc0000000u) == 0u) { n += 2u; v <<= 2u; }
    if ((v & 0x80000000u) == 0u) { n += 1u; }
    return n;
}
",
    deps: &[],
};

/// Index of the lowest set bit (D3D `firstbit_lo`), `0xFFFFFFFF` for 0: a
/// binary search that shifts the value right while its bottom half,
/// quarter, ... is empty.
pub(crate) static DX11_FIRSTBIT_LO: Helper = Helper {
    name: "dx11_firstbit_lo",
    text: "\
uint dx11_firstbit_lo(uint v)
{
    if (v == 0u) { return 0xffffffffu; }
    uint n = 0u;
    if ((v & 0x0000ffffu) == 0u) { n += 16u; v >>= 16u; }
    if ((v & 0x000000ffu) == 0u) { n += 8u; v >>= 8u; }
    if ((v & 0x0000000fu) == 0u) { n += 4u; v >>= 4u; }
    if ((v & 0x00000003u) == 0u) { n += 2u; v >>= 2u; }
    if ((v & 0x00000001u) == 0u) { n += 1u; }
    return n;
}
",
    deps: &[],
};

/// D3D `firstbit_shi`: for a negative value the first *clear* bit from the
/// MSB, for a positive one the first set bit: `firstbit_hi` of
/// `v ^ (v >> 31)` (the arithmetic shift gives 0 or -1, so negative values
/// are inverted). 0 and -1 give `0xFFFFFFFF`.
pub(crate) static DX11_FIRSTBIT_SHI: Helper = Helper {
    name: "dx11_firstbit_shi",
    text: "\
uint dx11_firstbit_shi(int v)
{
    return dx11_firstbit_hi(uint(v ^ (v >> 31)));
}
",
    deps: &[&DX11_FIRSTBIT_HI],
};

/// Bit reversal by swapping adjacent bits, pairs, nibbles, bytes and
/// halves.
pub(crate) static DX11_BFREV: Helper = Helper {
    name: "dx11_bfrev",
    text: "\
uint dx11_bfrev(uint v)
{
    v = ((v >> 1u) & 0x55555555u) | ((v & 0x55555555u) << 1u);
    v = ((v >> 2u) & 0x33333333u) | ((v & 0x33333333u) << 2u);
    v = ((v >> 4u) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4u);
    v = ((v >> 8u) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8u);
    return (v >> 16u) | (v << 16u);
}
",
    deps: &[],
};

/// `d = uvecN(helper(s.x), …)` with the source read as `src_ty`.
fn unary_helper<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    src_ty: Ty,
    helper: &'static Helper,
) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let s = cx.src(inst, 1, src_ty, d.mask)?;
    cx.helper(helper);
    let rhs = per_lane_call(Ty::Uint, s.width(), helper.name, &[s])?;
    cx.assign(d, Ty::Uint, s.width(), &rhs)
}

/// `countbits`: number of set bits per lane.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#countbits`; Microsoft "countbits (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(uvecN(dx11_countbits(U(s.x)), …));`
/// with [`DX11_COUNTBITS`] (the count is the same bits as int or uint).
///
/// **Differences**: none.
///
/// **Example**: `countbits r5.xy, r3.xyxx` →
/// `r5.xy = uintBitsToFloat(uvec2(dx11_countbits(floatBitsToUint(r3.x)), dx11_countbits(floatBitsToUint(r3.y))));`
fn countbits<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    unary_helper(inst, cx, Ty::Uint, &DX11_COUNTBITS)
}

register_handler! {
    opcodes: &[Opcode::Countbits],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#countbits",
    lower: Lower::Inst(countbits),
}

/// `firstbit_hi`: position of the highest set bit, counted from the MSB.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft "firstbit_hi (sm5 -
/// asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(uvecN(dx11_firstbit_hi(U(s.x)), …));`
/// with [`DX11_FIRSTBIT_HI`].
///
/// **Differences**: none (HLSLcc's `findMSB` counts from the LSB and is
/// ES 3.10).
///
/// **Example**: `firstbit_hi r0.y, r0.x` →
/// `r0.y = uintBitsToFloat(dx11_firstbit_hi(floatBitsToUint(r0.x)));`
fn firstbit_hi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    unary_helper(inst, cx, Ty::Uint, &DX11_FIRSTBIT_HI)
}

register_handler! {
    opcodes: &[Opcode::FirstbitHi],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi",
    lower: Lower::Inst(firstbit_hi),
}

/// `firstbit_lo`: position of the lowest set bit, counted from the LSB.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft "firstbit_lo (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(uvecN(dx11_firstbit_lo(U(s.x)), …));`
/// with [`DX11_FIRSTBIT_LO`].
///
/// **Differences**: none.
///
/// **Example**: `firstbit_lo r0.y, r0.x` →
/// `r0.y = uintBitsToFloat(dx11_firstbit_lo(floatBitsToUint(r0.x)));`
fn firstbit_lo<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    unary_helper(inst, cx, Ty::Uint, &DX11_FIRSTBIT_LO)
}

register_handler! {
    opcodes: &[Opcode::FirstbitLo],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi",
    lower: Lower::Inst(firstbit_lo),
}

/// `firstbit_shi`: signed variant of `firstbit_hi` (first bit that differs
/// from the sign bit), counted from the MSB.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft "firstbit_shi (sm5 -
/// asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(uvecN(dx11_firstbit_shi(I(s.x)), …));`
/// with [`DX11_FIRSTBIT_SHI`] (which uses [`DX11_FIRSTBIT_HI`]).
///
/// **Differences**: none.
///
/// **Example**: `firstbit_shi r0.y, r0.x` →
/// `r0.y = uintBitsToFloat(dx11_firstbit_shi(floatBitsToInt(r0.x)));`
fn firstbit_shi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    unary_helper(inst, cx, Ty::Int, &DX11_FIRSTBIT_SHI)
}

register_handler! {
    opcodes: &[Opcode::FirstbitShi],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#firstbit_hi-firstbit_lo-firstbit_shi",
    lower: Lower::Inst(firstbit_shi),
}

/// `bfrev`: reverse the 32 bits of each lane.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#bfrev`; Microsoft "bfrev (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d = uintBitsToFloat(uvecN(dx11_bfrev(U(s.x)), …));`
/// with [`DX11_BFREV`].
///
/// **Differences**: none.
///
/// **Example**: `bfrev r0.x, r1.x` →
/// `r0.x = uintBitsToFloat(dx11_bfrev(floatBitsToUint(r1.x)));`
fn bfrev<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    unary_helper(inst, cx, Ty::Uint, &DX11_BFREV)
}

register_handler! {
    opcodes: &[Opcode::Bfrev],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#bfrev",
    lower: Lower::Inst(bfrev),
}
