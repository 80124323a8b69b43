//! `msad`: masked sum of absolute byte differences (`lowerings/integer-conv/docs/integer-conv.md#msad`).

use crate::common::per_lane_call;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// D3D `msad` on one lane: for each of the four bytes, `|ref - src|` is
/// added to `accum` unless the reference byte is 0 (masked); the sum wraps
/// modulo 2^32.
pub(crate) static DX11_MSAD: Helper = Helper {
    name: "dx11_msad",
    text: "\
uint dx11_msad(uint reference, uint source, uint accum)
{
    for (uint i = 0u; i < 32u; i += 8u) {
        uint r = (reference >> i) & 0xffu;
        uint s = (source >> i) & 0xffu;
        if (r != 0u) { accum += r > s ? r - s : s - r; }
    }
    return accum;
}
",
    deps: &[],
};

/// `msad`: masked sum of absolute differences of the four bytes of a
/// reference and a source, added to an accumulator.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#msad`; Microsoft "msad (sm5 - asm)" and the
/// HLSL `msad4` intrinsic page (a difference is left out when its
/// reference byte is 0). Operands: reference, source, accumulator — fxc
/// lowers `msad4(ref, src, accum)` to one `msad` per result lane with the
/// source realigned (corpus `3Dmigoto__compute.cs`:
/// `msad r0.y, r0.x, r0.y, r0.z`).
///
/// **GLSL ES 3.00**: one assignment,
/// `d = uintBitsToFloat(uvecN(dx11_msad(U(ref.x), U(src.x), U(acc.x)), …));`
/// with [`DX11_MSAD`].
///
/// **Differences**: none.
///
/// **Example**: `msad r0.y, r0.x, r0.y, r0.z` →
/// `r0.y = uintBitsToFloat(dx11_msad(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z)));`
fn msad<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let r = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let s = cx.src(inst, 2, Ty::Uint, d.mask)?;
    let a = cx.src(inst, 3, Ty::Uint, d.mask)?;
    cx.helper(&DX11_MSAD);
    let rhs = per_lane_call(Ty::Uint, r.width(), DX11_MSAD.name, &[r, s, a])?;
    cx.assign(d, Ty::Uint, r.width(), &rhs)
}

register_handler! {
    opcodes: &[Opcode::Msad],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#msad",
    lower: Lower::Inst(msad),
}
