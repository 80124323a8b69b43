//! Value conversions between float and integer: `itof`, `utof`, `ftoi`,
//! `ftou` (`lowerings/integer-conv/docs/integer-conv.md#itof-utof`, `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou`).
//!
//! `itof`/`utof` are GLSL constructors and never merged: the bits
//! `0xFFFFFFFF` are 4294967295.0 as uint and -1.0 as int.
//!
//! `ftoi`/`ftou`: GLSL leaves float → int/uint undefined for NaN, ±Inf,
//! out-of-range values and negative → uint, while D3D defines all of them
//! (NaN → 0, saturation to the integer range). Under `FtoiFtou::D3dExact`
//! (the default of every profile) the source goes through one helper call
//! of its width (`dx11_ftoi`, `dx11_ftoi2` … `dx11_ftoi4`, the same for
//! `ftou`) that implements the D3D rules in straight-line component-wise
//! GLSL; `FtoiFtou::Bare` prints plain constructors.

use crate::common::fmt_err;
use crate::switches::FtoiFtou;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};
use std::fmt::Write;

// The D3D conversions as straight-line GLSL: no `if`, no `?:`, every
// operation component-wise, so one call converts a whole vector and the
// driver gets vector operations instead of one inlined function with
// branches per lane. The forms were checked against Rust's saturating
// float → int conversion (D3D's rule) for all 2^32 input bit patterns, with
// and without denormal flushing; see `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou`.
//
// `ftoi`: NaN (tested on the bits) becomes 0.0 through `mix` with a
// boolean selector (an exact select; the NaN never reaches a float
// operation); the NaN-free value is clamped to [-2^31, 2^31 - 128], both
// ends exact floats, so `int()` is defined; at or above 2^31 the clamp gave
// 0x7FFFFF80 and `| 127` makes it INT_MAX. At or below -2^31 the clamp
// gives -2^31, which converts to INT_MIN.
//
// `ftou` works on the bits as a signed integer `q = bits + 0x7FFFFF`
// (wrapping): that order puts +NaN, every negative value and -NaN at or
// below 0x7FFFFF (+0.0), the finite values in (0, 2^32) after it and
// [2^32, +Inf] last. Integer `max`/`min` (defined for every input) clamp
// `q` to [0x7FFFFF, 0x4FFFFFFE]; less 0x7FFFFF these are the bits of
// [+0.0, 4294967040.0], whose `uint()` is exact. The sign of
// `q + 0x30000001` is set exactly when `q >= 0x4FFFFFFF` (2^32 and up), and
// the arithmetic shift makes that an all-ones mask.

/// D3D `ftoi` of a `float`: NaN → 0, `v >= 2^31` → `INT_MAX`,
/// `v <= -2^31` → `INT_MIN`, else truncation toward zero. No branch or
/// `?:`; see the comment above for why each step is exact.
pub static DX11_FTOI: Helper = Helper {
    name: "dx11_ftoi",
    text: "\
int dx11_ftoi(float v)
{
    float s = mix(v, 0.0, (floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u);
    return int(clamp(s, -2147483648.0, 2147483520.0)) | int(s >= 2147483648.0) * 127;
}
",
    deps: &[],
};

/// [`DX11_FTOI`] on a `vec2`, component-wise.
pub static DX11_FTOI2: Helper = Helper {
    name: "dx11_ftoi2",
    text: "\
ivec2 dx11_ftoi2(vec2 v)
{
    vec2 s = mix(v, vec2(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec2(0x7f800000u)));
    return ivec2(clamp(s, -2147483648.0, 2147483520.0)) | ivec2(greaterThanEqual(s, vec2(2147483648.0))) * 127;
}
",
    deps: &[],
};

/// [`DX11_FTOI`] on a `vec3`, component-wise.
pub static DX11_FTOI3: Helper = Helper {
    name: "dx11_ftoi3",
    text: "\
ivec3 dx11_ftoi3(vec3 v)
{
    vec3 s = mix(v, vec3(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec3(0x7f800000u)));
    return ivec3(clamp(s, -2147483648.0, 2147483520.0)) | ivec3(greaterThanEqual(s, vec3(2147483648.0))) * 127;
}
",
    deps: &[],
};

/// [`DX11_FTOI`] on a `vec4`, component-wise.
pub static DX11_FTOI4: Helper = Helper {
    name: "dx11_ftoi4",
    text: "\
ivec4 dx11_ftoi4(vec4 v)
{
    vec4 s = mix(v, vec4(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec4(0x7f800000u)));
    return ivec4(clamp(s, -2147483648.0, 2147483520.0)) | ivec4(greaterThanEqual(s, vec4(2147483648.0))) * 127;
}
",
    deps: &[],
};

/// D3D `ftou` of a `float`: NaN → 0, `v <= 0` (including -Inf and -0.0)
/// → 0, `v >= 2^32` → `0xFFFFFFFF`, else truncation toward zero. Integer
/// operations on the bits plus one exact `uint()`; see the comment above.
pub static DX11_FTOU: Helper = Helper {
    name: "dx11_ftou",
    text: "\
uint dx11_ftou(float v)
{
    int q = max(int(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uint(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uint(int(uint(q) + 0x30000001u) >> 31);
}
",
    deps: &[],
};

/// [`DX11_FTOU`] on a `vec2`, component-wise.
pub static DX11_FTOU2: Helper = Helper {
    name: "dx11_ftou2",
    text: "\
uvec2 dx11_ftou2(vec2 v)
{
    ivec2 q = max(ivec2(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uvec2(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uvec2(ivec2(uvec2(q) + 0x30000001u) >> 31);
}
",
    deps: &[],
};

/// [`DX11_FTOU`] on a `vec3`, component-wise.
pub static DX11_FTOU3: Helper = Helper {
    name: "dx11_ftou3",
    text: "\
uvec3 dx11_ftou3(vec3 v)
{
    ivec3 q = max(ivec3(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uvec3(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uvec3(ivec3(uvec3(q) + 0x30000001u) >> 31);
}
",
    deps: &[],
};

/// [`DX11_FTOU`] on a `vec4`, component-wise.
pub static DX11_FTOU4: Helper = Helper {
    name: "dx11_ftou4",
    text: "\
uvec4 dx11_ftou4(vec4 v)
{
    ivec4 q = max(ivec4(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uvec4(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uvec4(ivec4(uvec4(q) + 0x30000001u) >> 31);
}
",
    deps: &[],
};

/// The `ftoi` helpers by width (index `n - 1`).
static FTOI: [&Helper; 4] = [&DX11_FTOI, &DX11_FTOI2, &DX11_FTOI3, &DX11_FTOI4];

/// The `ftou` helpers by width (index `n - 1`).
static FTOU: [&Helper; 4] = [&DX11_FTOU, &DX11_FTOU2, &DX11_FTOU3, &DX11_FTOU4];

/// `d = vecN(s)` with the source read as `ty` (`itof`, `utof`).
fn to_float<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, ty: Ty) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, ty, d.mask)?;
    let n = s.width();
    let mut rhs = String::new();
    write!(rhs, "{}({s})", Ty::Float.glsl(n)).map_err(fmt_err)?;
    cx.assign(d, Ty::Float, n, &rhs)
}

/// Float source to `ty` (`ftoi`, `ftou`) by the profile's rule; `helpers`
/// are the D3D helpers of the conversion by width.
fn from_float<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    ty: Ty,
    helpers: &[&'static Helper; 4],
) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    if d.is_null() {
        return Ok(());
    }
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let n = s.width();
    let mut rhs = String::new();
    match cx.switches::<crate::IntegerConvSwitches>().ftoi_ftou {
        FtoiFtou::D3dExact => {
            let helper = helpers
                .get(usize::from(n.max(1)) - 1)
                .copied()
                .ok_or_else(|| LowerError::invalid("conversion of more than four lanes"))?;
            cx.helper(helper);
            write!(rhs, "{}({s})", helper.name).map_err(fmt_err)?;
        }
        FtoiFtou::Bare => write!(rhs, "{}({s})", ty.glsl(n)).map_err(fmt_err)?,
    }
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
/// **GLSL ES 3.00**: `D3dExact`: one call of the helper of the source's
/// width, `d = intBitsToFloat(dx11_ftoiN(s));` ([`DX11_FTOI`] for one lane,
/// [`DX11_FTOI2`] … [`DX11_FTOI4`]); `Bare`: `d = intBitsToFloat(ivecN(s));`.
///
/// **Differences**: none under `D3dExact`; `Bare` is undefined in GLSL for
/// NaN, ±Inf and values outside the int range.
///
/// **Example**: `ftoi r0.xy, r1.xyxx` →
/// `r0.xy = intBitsToFloat(dx11_ftoi2(r1.xy));`
fn ftoi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    from_float(inst, cx, Ty::Int, &FTOI)
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
/// **GLSL ES 3.00**: `D3dExact`: one call of the helper of the source's
/// width, `d = uintBitsToFloat(dx11_ftouN(s));` ([`DX11_FTOU`] for one
/// lane, [`DX11_FTOU2`] … [`DX11_FTOU4`]); `Bare`:
/// `d = uintBitsToFloat(uvecN(s));`.
///
/// **Differences**: none under `D3dExact`; `Bare` is undefined in GLSL for
/// NaN, ±Inf, negative values and values ≥ 2^32.
///
/// **Example**: `ftou r0.x, r1.x` →
/// `r0.x = uintBitsToFloat(dx11_ftou(r1.x));`
fn ftou<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    from_float(inst, cx, Ty::Uint, &FTOU)
}

register_handler! {
    opcodes: &[Opcode::Ftou],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou",
    lower: Lower::Inst(ftou),
}
