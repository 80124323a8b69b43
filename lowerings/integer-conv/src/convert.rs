//! Value conversions between float and integer: `itof`, `utof`, `ftoi`,
//! `ftou` (`lowerings/integer-conv/docs/integer-conv.md#itof-utof`, `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou`).
//!
//! `itof`/`utof` are GLSL constructors and never merged: the bits
//! `0xFFFFFFFF` are 4294967295.0 as uint and -1.0 as int.
//!
//! `ftoi`/`ftou`: GLSL leaves float → int/uint undefined for NaN, ±Inf,
//! out-of-range values and negative → uint, while D3D defines all of them
//! (NaN → 0, saturation to the integer range). Under `FtoiFtou::D3dExact`
//! (the default of every profile) each lane goes through a helper that
//! implements the D3D rules; `FtoiFtou::Bare` prints plain constructors.

use crate::common::{fmt_err, per_lane_call};
use crate::switches::FtoiFtou;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};
use std::fmt::Write;

/// D3D `ftoi` on one lane: NaN → 0, `v >= 2^31` → `INT_MAX`,
/// `v <= -2^31` → `INT_MIN`, else truncation toward zero (`int(v)`, defined
/// on that range). NaN is tested on the bits, so no compiler assumption
/// about NaN comparisons is involved. ±2^31 are exact floats.
pub static DX11_FTOI: Helper = Helper {
    name: "dx11_ftoi",
    text: "\
int dx11_ftoi(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0; }
    if (v >= 2147483648.0) { return int(0x7fffffffu); }
    if (v <= -2147483648.0) { return int(0x80000000u); }
    return int(v);
}
",
    deps: &[],
};

/// D3D `ftou` on one lane: NaN → 0, `v <= 0` (including -Inf and -0.0)
/// → 0, `v >= 2^32` → `0xFFFFFFFF`, else truncation toward zero
/// (`uint(v)`, defined on `(0, 2^32)`).
pub static DX11_FTOU: Helper = Helper {
    name: "dx11_ftou",
    text: "\
uint dx11_ftou(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0u; }
    if (v <= 0.0) { return 0u; }
    if (v >= 4294967296.0) { return 0xffffffffu; }
    return uint(v);
}
",
    deps: &[],
};

/// `d = vecN(s)` with the source read as `ty` (`itof`, `utof`).
fn to_float<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, ty: Ty) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, ty, d.mask)?;
    let n = s.width();
    let mut rhs = String::new();
    write!(rhs, "{}({s})", Ty::Float.glsl(n)).map_err(fmt_err)?;
    cx.assign(d, Ty::Float, n, &rhs)
}

/// Float source to `ty` (`ftoi`, `ftou`) by the profile's rule.
fn from_float<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    ty: Ty,
    helper: &'static Helper,
) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let n = s.width();
    let rhs = match cx.switches::<crate::IntegerConvSwitches>().ftoi_ftou {
        FtoiFtou::D3dExact => {
            cx.helper(helper);
            per_lane_call(ty, n, helper.name, &[s])?
        }
        FtoiFtou::Bare => {
            let mut w = String::new();
            write!(w, "{}({s})", ty.glsl(n)).map_err(fmt_err)?;
            w
        }
    };
    cx.assign(d, ty, n, &rhs)
}

/// `itof`: signed integer to float.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#itof-utof`; Microsoft "itof (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = vecN(I(s));` (`_sat` allowed: float result).
///
/// **Differences**: rounding of values above 2^24 is GLSL's
/// (round-to-nearest on every known implementation, as D3D requires).
///
/// **Example**: `itof r0.xy, r0.xyxx` → `r0.xy = vec2(floatBitsToInt(r0.xy));`
fn itof<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    to_float(inst, cx, Ty::Int)
}

register_handler! {
    opcodes: &[Opcode::Itof],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#itof-utof",
    lower: Lower::Inst(itof),
}

/// `utof`: unsigned integer to float.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#itof-utof`; Microsoft "utof (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d = vecN(U(s));` (`_sat` allowed: float result).
///
/// **Differences**: as `itof`.
///
/// **Example**: `utof r0.x, r0.x` → `r0.x = float(floatBitsToUint(r0.x));`
fn utof<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    to_float(inst, cx, Ty::Uint)
}

register_handler! {
    opcodes: &[Opcode::Utof],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#itof-utof",
    lower: Lower::Inst(utof),
}

/// `ftoi`: float to signed integer, truncating toward zero.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou` (D3D's conversion,
/// hardened by default); Microsoft "ftoi (sm4 - asm)"; D3D11.3 functional
/// spec, float → integer conversion (NaN → 0, out-of-range saturates).
///
/// **GLSL ES 3.00**: `D3dExact`: per lane
/// `d = intBitsToFloat(ivecN(dx11_ftoi(s.x), …));` with [`DX11_FTOI`];
/// `Bare`: `d = intBitsToFloat(ivecN(s));`.
///
/// **Differences**: none under `D3dExact`; `Bare` is undefined in GLSL for
/// NaN, ±Inf and values outside the int range.
///
/// **Example**: `ftoi r0.xy, r1.xyxx` →
/// `r0.xy = intBitsToFloat(ivec2(dx11_ftoi(r1.x), dx11_ftoi(r1.y)));`
fn ftoi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    from_float(inst, cx, Ty::Int, &DX11_FTOI)
}

register_handler! {
    opcodes: &[Opcode::Ftoi],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou",
    lower: Lower::Inst(ftoi),
}

/// `ftou`: float to unsigned integer, truncating toward zero.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou` (D3D's conversion,
/// hardened by default); Microsoft "ftou (sm4 - asm)"; D3D11.3 functional
/// spec, float → integer conversion. The shared conformance rows
/// (`wine_d3d11_uint_083`…`088`, `vkd3d_float_093`…`098`) expect NaN → 0,
/// -Inf and -1.0 → 0, +Inf → `0xFFFFFFFF`.
///
/// **GLSL ES 3.00**: `D3dExact`: per lane
/// `d = uintBitsToFloat(uvecN(dx11_ftou(s.x), …));` with [`DX11_FTOU`];
/// `Bare`: `d = uintBitsToFloat(uvecN(s));`.
///
/// **Differences**: none under `D3dExact`; `Bare` is undefined in GLSL for
/// NaN, ±Inf, negative values and values ≥ 2^32.
///
/// **Example**: `ftou r0.x, r1.x` →
/// `r0.x = uintBitsToFloat(dx11_ftou(r1.x));`
fn ftou<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    from_float(inst, cx, Ty::Uint, &DX11_FTOU)
}

register_handler! {
    opcodes: &[Opcode::Ftou],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou",
    lower: Lower::Inst(ftou),
}
