//! The one-source opcodes that map onto one GLSL ES 3.00 built-in:
//! `exp` → `exp2`, `log` → `log2`, `frc` → `fract`, `round_ne` →
//! `roundEven`, `round_ni` → `floor`, `round_pi` → `ceil`, `round_z` →
//! `trunc`, `sqrt` → `sqrt`, `rsq` → `inversesqrt`.
//!
//! The source is read as float through the destination mask and passed to
//! the built-in, which is componentwise for every `genType`.

use dxlower_core::{register_handler, Ctx, Helper, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Modifier, Opcode};

/// `d.m = f(s.m);`
fn call<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, f: &str) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    cx.assign(d, Ty::Float, d.width(), &format_args!("{f}({s})"))
}

/// `exp`: componentwise 2 to the power of the source.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#exp` (**base 2**); Microsoft "exp (sm4 -
/// asm)" (`dest = 2^src0`, max relative error 2^-21, `exp(-Inf) = +0`,
/// `exp(+Inf) = +Inf`, `exp(±0) = 1`).
///
/// **GLSL ES 3.00**: `exp2(s)` — never `exp` (base e).
///
/// **Differences**: GLSL allows 3 + 2·|x| ULP; D3D 2^-21 relative. Special
/// values agree on IEEE hardware (checked on Mesa llvmpipe: `exp2(±Inf)`,
/// `exp2(-0)`, overflow to +Inf).
///
/// **Example**:
/// ```text
/// exp r0.x, r0.x   →   r0.x = exp2(r0.x);
/// ```
fn lower_exp<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "exp2")
}

register_handler! {
    opcodes: &[Opcode::Exp],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#exp",
    lower: Lower::Inst(lower_exp),
}

/// `log`: componentwise base-2 logarithm.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#log` (**base 2**); Microsoft "log (sm4 -
/// asm)"; D3D11.3 functional spec §3.1 (`log(±0) = -Inf`, log of a
/// negative value = NaN, denormal inputs flush to 0 → -Inf).
///
/// **GLSL ES 3.00**: `log2(s)` — never `log` (base e).
///
/// **Differences**: GLSL leaves `log2(x)` undefined for `x <= 0`; D3D
/// defines -Inf / NaN. Mesa llvmpipe returns the D3D values, but
/// SwiftShader (WebGL2 in headless Chromium) returns -127 for `log2(±0)`
/// and for denormals, and 0 for `log2(-1)` (measured; conformance rows
/// vkd3d_float_133, vkd3d_proton_float_132). Under the `nan_exact` profile
/// switch (D3D-exact special values) a helper decides the special cases
/// from the bits — NaN passes through, ±0 and denormals give -Inf,
/// negative values NaN — and keeps `log2` only for positive normal values
/// and +Inf; one helper per width, selecting with `mix(…, bvecN)` for
/// vectors. When the source carries the `abs` modifier the value cannot be
/// negative, so `dx11_log2_abs` takes the unmodified source, clears the
/// sign bit itself (D3D's `abs`) and has no negative test. Plain `log2`
/// otherwise (documented risk).
///
/// **Example**:
/// ```text
/// log r0.xy, |r1.xyxx|   →   r0.xy = log2(abs(r1.xy));
///               (nan_exact)   r0.xy = dx11_log2_abs(r1.xy);
/// log r0.z, r1.z         →   (nan_exact) r0.z = dx11_log2(r1.z);
/// ```
fn lower_log<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    if !cx.nan_exact() {
        return call(inst, cx, "log2");
    }
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let lanes = usize::from(s.width().clamp(1, 4)) - 1;
    if s.operand().modifier == Modifier::Abs {
        let h = &DX11_LOG2_ABS[lanes];
        cx.helper(h);
        let s = s.without_modifier();
        cx.assign(d, Ty::Float, d.width(), &format_args!("{}({s})", h.name))
    } else {
        let h = &DX11_LOG2[lanes];
        cx.helper(h);
        cx.assign(d, Ty::Float, d.width(), &format_args!("{}({s})", h.name))
    }
}

/// D3D `log` of `float`, `vec2`, `vec3`, `vec4` (index: lanes - 1). From
/// the bits, in priority order: a NaN passes through unchanged, ±0 and
/// ±denormals give -Inf, any other negative value (and -Inf) gives NaN;
/// positive normal values and +Inf take `log2`. No `isnan` (some HLSL back
/// ends fold it away); the vector forms select per lane with `mix(…,
/// bvecN)`, which ignores the unselected (possibly undefined) `log2` lane.
pub static DX11_LOG2: [Helper; 4] = [
    Helper {
        name: "dx11_log2",
        text: "float dx11_log2(float x)
{
    uint b = floatBitsToUint(x);
    uint a = b & 0x7fffffffu;
    return a > 0x7f800000u ? x : (a < 0x00800000u ? uintBitsToFloat(0xff800000u) : (b >= 0x80000000u ? uintBitsToFloat(0x7fc00000u) : log2(x)));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2",
        text: "vec2 dx11_log2(vec2 x)
{
    uvec2 b = floatBitsToUint(x);
    uvec2 a = b & 0x7fffffffu;
    vec2 r = mix(log2(x), vec2(uintBitsToFloat(0x7fc00000u)), greaterThanEqual(b, uvec2(0x80000000u)));
    r = mix(r, vec2(uintBitsToFloat(0xff800000u)), lessThan(a, uvec2(0x00800000u)));
    return mix(r, x, greaterThan(a, uvec2(0x7f800000u)));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2",
        text: "vec3 dx11_log2(vec3 x)
{
    uvec3 b = floatBitsToUint(x);
    uvec3 a = b & 0x7fffffffu;
    vec3 r = mix(log2(x), vec3(uintBitsToFloat(0x7fc00000u)), greaterThanEqual(b, uvec3(0x80000000u)));
    r = mix(r, vec3(uintBitsToFloat(0xff800000u)), lessThan(a, uvec3(0x00800000u)));
    return mix(r, x, greaterThan(a, uvec3(0x7f800000u)));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2",
        text: "vec4 dx11_log2(vec4 x)
{
    uvec4 b = floatBitsToUint(x);
    uvec4 a = b & 0x7fffffffu;
    vec4 r = mix(log2(x), vec4(uintBitsToFloat(0x7fc00000u)), greaterThanEqual(b, uvec4(0x80000000u)));
    r = mix(r, vec4(uintBitsToFloat(0xff800000u)), lessThan(a, uvec4(0x00800000u)));
    return mix(r, x, greaterThan(a, uvec4(0x7f800000u)));
}
",
        deps: &[],
    },
];

/// D3D `log` of `|x|` for a source with the `abs` modifier, called with the
/// unmodified source: the sign bit is cleared from the bits (D3D's `abs`,
/// also for NaN), so no lane can be negative and [`DX11_LOG2`]'s negative
/// test is dead. A NaN gives `|x|`, ±0 and ±denormals -Inf, anything else
/// `log2(|x|)`. Index: lanes - 1.
pub static DX11_LOG2_ABS: [Helper; 4] = [
    Helper {
        name: "dx11_log2_abs",
        text: "float dx11_log2_abs(float x)
{
    uint a = floatBitsToUint(x) & 0x7fffffffu;
    float y = uintBitsToFloat(a);
    return a > 0x7f800000u ? y : (a < 0x00800000u ? uintBitsToFloat(0xff800000u) : log2(y));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2_abs",
        text: "vec2 dx11_log2_abs(vec2 x)
{
    uvec2 a = floatBitsToUint(x) & 0x7fffffffu;
    vec2 y = uintBitsToFloat(a);
    vec2 r = mix(log2(y), vec2(uintBitsToFloat(0xff800000u)), lessThan(a, uvec2(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec2(0x7f800000u)));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2_abs",
        text: "vec3 dx11_log2_abs(vec3 x)
{
    uvec3 a = floatBitsToUint(x) & 0x7fffffffu;
    vec3 y = uintBitsToFloat(a);
    vec3 r = mix(log2(y), vec3(uintBitsToFloat(0xff800000u)), lessThan(a, uvec3(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec3(0x7f800000u)));
}
",
        deps: &[],
    },
    Helper {
        name: "dx11_log2_abs",
        text: "vec4 dx11_log2_abs(vec4 x)
{
    uvec4 a = floatBitsToUint(x) & 0x7fffffffu;
    vec4 y = uintBitsToFloat(a);
    vec4 r = mix(log2(y), vec4(uintBitsToFloat(0xff800000u)), lessThan(a, uvec4(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec4(0x7f800000u)));
}
",
        deps: &[],
    },
];

register_handler! {
    opcodes: &[Opcode::Log],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#log",
    lower: Lower::Inst(lower_log),
}

/// `frc`: componentwise fractional part.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#frc`; Microsoft "frc (sm4 - asm)"
/// (`dest = src0 - round_ni(src0)`, result in [+0, 1), `frc(±Inf) = NaN`,
/// `frc(-0) = +0`).
///
/// **GLSL ES 3.00**: `fract(s)` — defined as `x - floor(x)`, the same
/// formula.
///
/// **Differences**: none in the formula. For a tiny negative input both
/// formulas round to 1.0 in float (llvmpipe: `fract(-1e-8) = 1.0`), although
/// the D3D page's table says the result is below 1. Denormals as for `add`.
///
/// **Example**:
/// ```text
/// frc r0.xy, v0.xyxx   →   r0.xy = fract(vs_TEXCOORD0.xy);
/// ```
fn lower_frc<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "fract")
}

register_handler! {
    opcodes: &[Opcode::Frc],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#frc",
    lower: Lower::Inst(lower_frc),
}

/// `round_ne`: componentwise round to nearest, ties to even.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z`; Microsoft "round_ne (sm4 - asm)".
///
/// **GLSL ES 3.00**: `roundEven(s)` (core in ES 3.00; not `round`, whose
/// tie direction is implementation-defined).
///
/// **Differences**: none known; `-0.5 → -0` on both (llvmpipe checked).
///
/// **Example**:
/// ```text
/// round_ne r0.x, r0.x   →   r0.x = roundEven(r0.x);
/// ```
fn lower_round_ne<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "roundEven")
}

register_handler! {
    opcodes: &[Opcode::RoundNe],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z",
    lower: Lower::Inst(lower_round_ne),
}

/// `round_ni`: componentwise round toward negative infinity.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z`; Microsoft "round_ni (sm4 - asm)".
///
/// **GLSL ES 3.00**: `floor(s)`.
///
/// **Differences**: none known (±Inf, ±0 and NaN pass through on both).
///
/// **Example**:
/// ```text
/// round_ni r0.xy, r0.xyxx   →   r0.xy = floor(r0.xy);
/// ```
fn lower_round_ni<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "floor")
}

register_handler! {
    opcodes: &[Opcode::RoundNi],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z",
    lower: Lower::Inst(lower_round_ni),
}

/// `round_pi`: componentwise round toward positive infinity.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z`; Microsoft "round_pi (sm4 - asm)".
///
/// **GLSL ES 3.00**: `ceil(s)`.
///
/// **Differences**: none known (`ceil(-0.5) = -0` on both).
///
/// **Example**:
/// ```text
/// round_pi r0.x, r0.x   →   r0.x = ceil(r0.x);
/// ```
fn lower_round_pi<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "ceil")
}

register_handler! {
    opcodes: &[Opcode::RoundPi],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z",
    lower: Lower::Inst(lower_round_pi),
}

/// `round_z`: componentwise round toward zero.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z`; Microsoft "round_z (sm4 - asm)".
///
/// **GLSL ES 3.00**: `trunc(s)` (core in ES 3.00).
///
/// **Differences**: none known.
///
/// **Example**:
/// ```text
/// round_z r0.xy, r0.zwzz   →   r0.xy = trunc(r0.zw);
/// ```
fn lower_round_z<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "trunc")
}

register_handler! {
    opcodes: &[Opcode::RoundZ],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#round_ne-round_ni-round_pi-round_z",
    lower: Lower::Inst(lower_round_z),
}

/// `sqrt`: componentwise square root.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#sqrt`; Microsoft "sqrt (sm4 - asm)"; D3D11.3
/// functional spec §3.1 (`sqrt` of a negative value = NaN, `sqrt(-0) =
/// -0`).
///
/// **GLSL ES 3.00**: `sqrt(s)`.
///
/// **Differences**: GLSL leaves `sqrt(x)` undefined for `x < 0`; D3D gives
/// NaN. Mesa llvmpipe gives NaN and keeps `-0`; other drivers are a
/// documented risk.
///
/// **Example**:
/// ```text
/// sqrt r0.x, r0.x   →   r0.x = sqrt(r0.x);
/// ```
fn lower_sqrt<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "sqrt")
}

register_handler! {
    opcodes: &[Opcode::Sqrt],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#sqrt",
    lower: Lower::Inst(lower_sqrt),
}

/// `rsq`: componentwise reciprocal square root.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#rsq`; Microsoft "rsq (sm4 - asm)" (`rsq(+0) =
/// +Inf`, `rsq(-0) = -Inf`, denormals as zeros, `rsq(+Inf) = +0`, negative
/// → NaN, max relative error 2^-21).
///
/// **GLSL ES 3.00**: `inversesqrt(s)`.
///
/// **Differences**: GLSL leaves `inversesqrt(x)` undefined for `x <= 0`;
/// D3D defines `rsq(0) = +Inf`, the family's biggest numeric risk
/// (normalising a zero vector: fxc emits `dp3` + `rsq` + `mul`, and D3D's
/// `0 * Inf = NaN` is what the shader already gets). Mesa llvmpipe returns
/// exactly the D3D table; no guard is emitted (see the crate doc).
///
/// **Example**:
/// ```text
/// rsq r0.w, r0.w   →   r0.w = inversesqrt(r0.w);
/// ```
fn lower_rsq<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    call(inst, cx, "inversesqrt")
}

register_handler! {
    opcodes: &[Opcode::Rsq],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#rsq",
    lower: Lower::Inst(lower_rsq),
}
