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
//! GLSL, unless every lane it reads is a pixel position lane whose range
//! makes the plain constructor exact (`frag_position_in_range`);
//! `FtoiFtou::Bare` prints plain constructors.

use crate::common::fmt_err;
use crate::switches::FtoiFtou;
use dxlower_core::profile::FragCoordOrigin;
use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Src, Ty};
use dxlower_dxbc::{Instruction, Modifier, Opcode, OperandType};
use std::fmt::Write;

// The D3D conversions without `if`: one helper per width whose vector
// steps are component-wise, so one call converts a whole vector and the
// driver inlines one branch-free function per instruction instead of one
// function with three branches per lane. Each lane ends in one select
// (`?:` on a scalar condition; GLSL ES 3.00 has no integer `mix`). The
// forms were checked against Rust's saturating float → int conversion
// (D3D's rule) for all 2^32 input bit patterns, with and without denormal
// flushing; the reasoning is in
// `lowerings/integer-conv/docs/integer-conv.md#ftoi-ftou`.

/// D3D `ftoi` of a `float`: NaN → 0, `v >= 2^31` → `INT_MAX`,
/// `v <= -2^31` → `INT_MIN`, else truncation toward zero: NaN becomes 0.0
/// through an exact `mix` select, the clamp to [-2^31, 2^31 - 128] makes
/// `int()` defined, and 2^31 and above select `INT_MAX`.
pub static DX11_FTOI: Helper = Helper {
    name: "dx11_ftoi",
    text: "\
int dx11_ftoi(float v)
{
    float s = mix(v, 0.0, (floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u);
    return s >= 2147483648.0 ? 0x7fffffff : int(clamp(s, -2147483648.0, 2147483520.0));
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
    ivec2 r = ivec2(clamp(s, -2147483648.0, 2147483520.0));
    bvec2 top = greaterThanEqual(s, vec2(2147483648.0));
    return ivec2(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y);
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
    ivec3 r = ivec3(clamp(s, -2147483648.0, 2147483520.0));
    bvec3 top = greaterThanEqual(s, vec3(2147483648.0));
    return ivec3(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y, top.z ? 0x7fffffff : r.z);
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
    ivec4 r = ivec4(clamp(s, -2147483648.0, 2147483520.0));
    bvec4 top = greaterThanEqual(s, vec4(2147483648.0));
    return ivec4(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y, top.z ? 0x7fffffff : r.z, top.w ? 0x7fffffff : r.w);
}
",
    deps: &[],
};

/// D3D `ftou` of a `float`: NaN → 0, `v <= 0` (including -Inf and -0.0)
/// → 0, `v >= 2^32` → `0xFFFFFFFF`, else truncation toward zero: the bits
/// clamped as a signed integer to [+0.0, 4294967040.0] convert exactly
/// (negatives and -NaN clamp to +0.0); bits above that are 2^32 and up
/// (all ones) or +NaN (0), told apart by the sign of `bits - 0x7F800001`.
pub static DX11_FTOU: Helper = Helper {
    name: "dx11_ftou",
    text: "\
uint dx11_ftou(float v)
{
    int i = floatBitsToInt(v);
    return i > 0x4f7fffff ? uint(int(uint(i) - 0x7f800001u) >> 31) : uint(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
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
    ivec2 i = floatBitsToInt(v);
    uvec2 r = uvec2(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
    uvec2 f = uvec2(ivec2(uvec2(i) - 0x7f800001u) >> 31);
    bvec2 big = greaterThan(i, ivec2(0x4f7fffff));
    return uvec2(big.x ? f.x : r.x, big.y ? f.y : r.y);
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
    ivec3 i = floatBitsToInt(v);
    uvec3 r = uvec3(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
    uvec3 f = uvec3(ivec3(uvec3(i) - 0x7f800001u) >> 31);
    bvec3 big = greaterThan(i, ivec3(0x4f7fffff));
    return uvec3(big.x ? f.x : r.x, big.y ? f.y : r.y, big.z ? f.z : r.z);
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
    ivec4 i = floatBitsToInt(v);
    uvec4 r = uvec4(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
    uvec4 f = uvec4(ivec4(uvec4(i) - 0x7f800001u) >> 31);
    bvec4 big = greaterThan(i, ivec4(0x4f7fffff));
    return uvec4(big.x ? f.x : r.x, big.y ? f.y : r.y, big.z ? f.z : r.z, big.w ? f.w : r.w);
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

/// True when every lane `s` reads is known to be a finite value whose
/// GLSL conversion to `ty` is defined and equals D3D's, so no helper is
/// needed: a pixel shader's `SV_Position` x, y or z read straight from its
/// input register. x and y are inside the render target, [0, 16384] on
/// D3D11 (and `gl_FragCoord.xy` lies inside the framebuffer), z is the
/// depth in [0, 1]; y only when `gl_FragCoord.y` is used as is (under
/// `FlipWithUniform` it comes from a uniform the runtime sets); never w
/// (`1 / gl_FragCoord.w`, the clip-space w, has no bound). `ftoi` takes any
/// source modifier (a negated value stays inside the int range); `ftou`
/// none that makes the value negative, since GLSL leaves `uint()` of a
/// negative value undefined.
fn frag_position_in_range(cx: &Ctx<'_>, s: &Src<'_>, ty: Ty) -> bool {
    let op = s.operand();
    if !cx.is_pixel() || op.ty != OperandType::Input || op.indices.len() != 1 {
        return false;
    }
    if ty == Ty::Uint && matches!(op.modifier, Modifier::Neg | Modifier::AbsNeg) {
        return false;
    }
    let Some(reg) = op.reg() else {
        return false;
    };
    let Some(position) = cx.record().inputs.iter().find(|v| {
        v.builtin && v.register == Some(reg) && v.system_value.as_deref() == Some("SV_Position")
    }) else {
        return false;
    };
    let y_as_is = cx.fragcoord_origin() == FragCoordOrigin::AsIs;
    (0..usize::from(s.width())).all(|k| {
        let c = s.lane(k);
        position.mask & (1 << c) != 0
            && match c {
                0 | 2 => true,
                1 => y_as_is,
                _ => false,
            }
    })
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
        FtoiFtou::D3dExact if frag_position_in_range(cx, &s, ty) => {
            write!(rhs, "{}({s})", ty.glsl(n)).map_err(fmt_err)?
        }
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
/// A pixel shader's `SV_Position` x, y or z read from its input register
/// takes `ivecN(s)` under `D3dExact` too (finite and inside the render
/// target or the depth range: the constructor is exact there).
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
/// Under `D3dExact` a pixel shader's `SV_Position` x, y or z, not negated,
/// takes `uvecN(s)` (as for `ftoi`).
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
