//! Half-float conversions: `f16tof32`, `f32tof16` (`lowerings/integer-conv/docs/integer-conv.md#f16tof32`,
//! `lowerings/integer-conv/docs/integer-conv.md#f32tof16`).
//!
//! Both work per lane on the low 16 bits of a 32-bit register lane, so
//! every lane is one scalar call and all lanes are assigned in one vector
//! constructor (`docs/conventions.md#reading-before-writing`: fxc writes
//! `f16tof32 r0, r0.wzyx`).

use crate::common::{lane_expr, per_lane, per_lane_call};
use crate::switches::F32ToF16;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `f32tof16` (`F32ToF16::Clamped`): finite inputs are clamped to the
/// largest half (±65504) before `packHalf2x16`, so finite overflow
/// saturates as in D3D instead of becoming Inf; ±Inf and NaN pass
/// unchanged. Rounding stays the implementation's (usually to nearest).
/// Result: the half in the low 16 bits, high 16 bits zero.
pub(crate) static DX11_F32TOF16_CLAMPED: Helper = Helper {
    name: "dx11_f32tof16_clamped",
    text: "\
uint dx11_f32tof16_clamped(float v)
{
    bool finite = (floatBitsToUint(v) & 0x7f800000u) != 0x7f800000u;
    return packHalf2x16(vec2(finite ? clamp(v, -65504.0, 65504.0) : v, 0.0));
}
",
    deps: &[],
};

/// `f32tof16` (`F32ToF16::Exact`): D3D's conversion done on the float's
/// bits with integer operations only — round toward zero, finite overflow
/// to ±65504 (`0x7bff`), ±Inf kept, NaN → quiet half NaN, half denormals
/// produced, float denormals and tiny values → ±0. Result in the low 16
/// bits.
///
/// Half exponent `he = e - 127 + 15`; `he` in 1..=30 is a normal half
/// (mantissa truncated to 10 bits); `he <= 0` is a half denormal whose
/// 11-bit significand (implicit one included) is shifted right by
/// `14 - he` (≤ 24, so `he < -10` leaves nothing).
pub(crate) static DX11_F32TOF16: Helper = Helper {
    name: "dx11_f32tof16",
    text: "\
uint dx11_f32tof16(float v)
{
    uint u = floatBitsToUint(v);
    uint s = (u >> 16u) & 0x8000u;
    uint e = (u >> 23u) & 0xffu;
    uint m = u & 0x7fffffu;
    if (e == 0xffu) { return s | (m != 0u ? 0x7e00u : 0x7c00u); }
    int he = int(e) - 112;
    if (he >= 31) { return s | 0x7bffu; }
    if (he <= 0) {
        if (he < -10) { return s; }
        return s | ((m | 0x800000u) >> uint(14 - he));
    }
    return s | (uint(he) << 10u) | (m >> 13u);
}
",
    deps: &[],
};

/// `f16tof32`: half (low 16 bits of each lane) to float.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#f16tof32` (and the
/// reading-before-writing rule); Microsoft "f16tof32 (sm5 - asm)".
///
/// **GLSL ES 3.00**: one assignment,
/// `d = vecN(unpackHalf2x16(U(s.x)).x, …);` — `unpackHalf2x16` reads the
/// low half into `.x` and ignores the high 16 bits, as D3D does
/// (`wine_d3d11_uint_090`…`092`). Float result, so `_sat` is allowed.
///
/// **Differences**: none known; half denormals convert exactly in GLSL.
///
/// **Example**: `f16tof32 r0.xyzw, r0.wzyx` →
/// `r0 = vec4(unpackHalf2x16(floatBitsToUint(r0.w)).x, unpackHalf2x16(floatBitsToUint(r0.z)).x, …);`
fn f16tof32<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let s = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let n = s.width();
    let rhs = per_lane(Ty::Float, n, |w, k| {
        w.push_str(&format!("unpackHalf2x16({}).x", lane_expr(&s, k)?));
        Ok(())
    })?;
    cx.assign(d, Ty::Float, n, &rhs)
}

register_handler! {
    opcodes: &[Opcode::F16tof32],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#f16tof32",
    lower: Lower::Inst(f16tof32),
}

/// `f32tof16`: float to half (low 16 bits of each lane, high bits zero).
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#f32tof16` (D3D's
/// conversion: it rounds toward zero, saturates finite overflow to
/// ±65504, keeps ±Inf, produces half denormals); Microsoft "f32tof16 (sm5 -
/// asm)"; profile switch `f32tof16`.
///
/// **GLSL ES 3.00**: one assignment of per-lane helper calls:
/// `Clamped` (default) → [`DX11_F32TOF16_CLAMPED`], `Exact` →
/// [`DX11_F32TOF16`]: `d = uintBitsToFloat(uvecN(helper(s.x), …));`.
///
/// **Differences**: `Clamped` rounds as `packHalf2x16` does (to nearest on
/// common implementations) where D3D truncates, so the last half bit may
/// differ (`vkd3d_proton_uint_130`/`134`); `Exact` matches D3D bit for bit.
///
/// **Example**: `f32tof16 r0.xy, r1.xyxx` →
/// `r0.xy = uintBitsToFloat(uvec2(dx11_f32tof16_clamped(r1.x), dx11_f32tof16_clamped(r1.y)));`
fn f32tof16<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let n = s.width();
    let h: &'static Helper = match cx.switches::<crate::IntegerConvSwitches>().f32tof16 {
        F32ToF16::Clamped => &DX11_F32TOF16_CLAMPED,
        F32ToF16::Exact => &DX11_F32TOF16,
    };
    cx.helper(h);
    let rhs = per_lane_call(Ty::Uint, n, h.name, &[s])?;
    cx.assign(d, Ty::Uint, n, &rhs)
}

register_handler! {
    opcodes: &[Opcode::F32tof16],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#f32tof16",
    lower: Lower::Inst(f32tof16),
}
