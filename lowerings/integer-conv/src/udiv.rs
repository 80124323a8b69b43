//! `udiv`: unsigned quotient and remainder (`lowerings/integer-conv/docs/integer-conv.md#udiv`: a zero divisor
//! gives `0xFFFFFFFF`).

use crate::common::{per_lane_call, write_two, Out};
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// Unsigned division with D3D's rule for a zero divisor: `0xFFFFFFFF`
/// (GLSL `/` by zero is undefined).
pub(crate) static DX11_UDIV: Helper = Helper {
    name: "dx11_udiv",
    text: "\
uint dx11_udiv(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a / b;
}
",
    deps: &[],
};

/// Unsigned remainder with D3D's rule for a zero divisor: `0xFFFFFFFF`
/// (GLSL `%` by zero is undefined).
pub(crate) static DX11_UMOD: Helper = Helper {
    name: "dx11_umod",
    text: "\
uint dx11_umod(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a % b;
}
",
    deps: &[],
};

/// `udiv`: unsigned divide, two destinations (quotient, remainder; either
/// may be `null`).
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#udiv` (with the two-destination ordering
/// rule); Microsoft "udiv (sm4 - asm)": division by zero gives
/// `0xFFFFFFFF` in both destinations (`vkd3d_uint_131`/`132`).
///
/// **GLSL ES 3.00**: per lane helper calls, one assignment per
/// destination: `q = uintBitsToFloat(uvecN(dx11_udiv(U(a.x), U(b.x)), …));`
/// `r = uintBitsToFloat(uvecN(dx11_umod(U(a.x), U(b.x)), …));` with
/// [`DX11_UDIV`] and [`DX11_UMOD`]. When a write would change what the
/// other statement reads (a destination register among the sources or in
/// the other destination's relative index), the order is swapped, or both
/// values go into locals in a `{}` block first.
///
/// **Differences**: none.
///
/// **Example**: `udiv r0.z, null, r0.z, l(12)` →
/// `r0.z = uintBitsToFloat(dx11_udiv(floatBitsToUint(r0.z), 12u));`
fn udiv<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let q = cx.int_dst(inst, 0)?;
    let r = cx.int_dst(inst, 1)?;
    let value = |cx: &mut Ctx<'a>, mask: u8, null: bool, h: &'static Helper| {
        if null {
            return Ok(String::new());
        }
        let a = cx.src(inst, 2, Ty::Uint, mask)?;
        let b = cx.src(inst, 3, Ty::Uint, mask)?;
        cx.helper(h);
        per_lane_call(Ty::Uint, a.width(), h.name, &[a, b])
    };
    let qv = value(cx, q.mask, q.is_null() || q.mask == 0, &DX11_UDIV)?;
    let rv = value(cx, r.mask, r.is_null() || r.mask == 0, &DX11_UMOD)?;
    write_two(
        cx,
        inst,
        &[2, 3],
        Out {
            dst: q,
            ty: Ty::Uint,
            value: qv,
        },
        Out {
            dst: r,
            ty: Ty::Uint,
            value: rv,
        },
    )
}

register_handler! {
    opcodes: &[Opcode::Udiv],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#udiv",
    lower: Lower::Inst(udiv),
}
