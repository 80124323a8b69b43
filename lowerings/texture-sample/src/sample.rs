//! The filtered sampling instructions: `sample`, `sample_b`, `sample_l`,
//! `sample_d` (colour) and `sample_c`, `sample_c_lz` (depth comparison).
//!
//! Operands (D3D): `dst, address, t#, s#` followed by the bias, LOD,
//! gradients or comparison reference. All six read the combined uniform
//! (`t<N>TEX_with_SMPs<M>`; the comparison forms its shadow twin
//! `hlslcc_zcmpt<N>TEX_with_SMPs<M>`), never the bare `t<N>`.
//!
//! From a texture the profile stubs (`stub_resource_registers`) all six
//! write zero to every destination lane (`r0 = vec4(0.0);`, typed zero
//! for integer textures): D3D returns 0 in all components when sampling a
//! slot with nothing bound (Microsoft "sample (sm4 - asm)", "Miscellaneous
//! Details"; the same sentence in the `sample_b`/`_l`/`_d`/`_c`/`_c_lz`
//! pages).

use crate::common::{self, Dim, Tex};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, SamplerKey, Src, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// The colour forms.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Colour {
    Plain,
    Bias,
    Lod,
    Grad,
}

/// One colour sample: resolves the operands, builds the call, assigns the
/// result through the resource swizzle. `at` is the address operand's
/// index: 1, or 2 in the residency-feedback forms, whose status
/// destination comes second ([`crate::feedback`]); the resource, sampler
/// and extra operands follow it.
pub(crate) fn colour<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    form: Colour,
    at: usize,
) -> Result<(), LowerError> {
    if form == Colour::Bias {
        common::pixel_only(cx, inst)?;
    }
    let d = cx.dst(inst, 0)?;
    if let Some(stub) = common::stubbed(cx, inst, at + 1)? {
        return common::assign_zero(cx, d, stub.ty);
    }
    let tex = common::texture(cx, inst, at + 1)?;
    let (smp, _) = common::sampler(cx, inst, at + 2)?;
    let a = cx.src_n(inst, at, Ty::Float, tex.dim.address_lanes())?;
    let (p, _) = common::coord(tex.dim, &a);
    let off = common::texel_offset(inst, tex.dim)?;
    let s = cx.sampler(SamplerKey::combined(tex.reg, smp))?;
    let call = match form {
        Colour::Plain | Colour::Bias => {
            let bias = if form == Colour::Bias {
                Some(cx.src_n(inst, at + 3, Ty::Float, 1)?.to_string())
            } else {
                None
            };
            match &off {
                Some(o) => {
                    let mut c = format!("textureOffset({s}, {p}, {o}");
                    common::push_arg(&mut c, bias.as_deref());
                    c + ")"
                }
                None => {
                    let mut c = format!("texture({s}, {p}");
                    common::push_arg(&mut c, bias.as_deref());
                    c + ")"
                }
            }
        }
        Colour::Lod => {
            let lod = cx.src_n(inst, at + 3, Ty::Float, 1)?;
            match &off {
                Some(o) => format!("textureLodOffset({s}, {p}, {lod}, {o})"),
                None => format!("textureLod({s}, {p}, {lod})"),
            }
        }
        Colour::Grad => {
            let n = tex.dim.gradient_lanes();
            let dx = gradient(tex.dim, &cx.src_n(inst, at + 3, Ty::Float, n)?);
            let dy = gradient(tex.dim, &cx.src_n(inst, at + 4, Ty::Float, n)?);
            match &off {
                Some(o) => format!("textureGradOffset({s}, {p}, {dx}, {dy}, {o})"),
                None => format!("textureGrad({s}, {p}, {dx}, {dy})"),
            }
        }
    };
    common::assign_vec4(cx, d, tex.ty, tex.op, &call)
}

/// A D3D gradient as the GLSL sampler's gradient vector: `.xy` for 2D and
/// 2D arrays, `.xyz` for 3D and cubes, `vec2(g.x, 0.0)` for emulated 1D.
pub(crate) fn gradient(dim: Dim, g: &Src<'_>) -> String {
    if dim.is_1d() {
        format!("vec2({}, 0.0)", common::lane(g, 0))
    } else {
        g.to_string()
    }
}

/// `sample`: filtered sample with implicit derivatives.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample` (and `lowerings/texture-sample/docs/texture-sample.md#coordinates-and-results`: combined name,
/// coordinate width by dimension, 1D emulation, resource swizzle, immediate
/// offsets); Microsoft "sample (sm4 - asm)". `_indexable` forms carry the
/// dimension and return type in extended tokens; the declaration decides.
///
/// **GLSL ES 3.00**: `texture(tNTEX_with_SMPsM, P)`, or `textureOffset(…, P,
/// ivecK(u, v))` with `_aoffimmi`. P = `c.xy` (2D), `c.xyz` (2D array, 3D,
/// cube), `vec2(c.x, 0.5)` (1D as W×1 2D), `vec3(c.x, 0.5, c.y)` (1D array).
/// The result is swizzled by the resource operand's swizzle through the
/// destination mask; integer textures return `ivec4`/`uvec4`, stored with
/// the bit-preserving conversion.
///
/// **Differences**: D3D allows `sample` only in pixel shaders; GLSL's
/// `texture()` is legal in a vertex shader too (base level), so a vertex
/// `sample` is lowered as is. Sampler state (filter, address modes, LOD
/// bias and clamps) is the runtime's, not the shader's.
///
/// **Example**:
/// ```text
/// sample r0.xyzw, v0.xyxx, t0.xyzw, s0   →   r0 = texture(t0TEX_with_SMPs0, vs_TEXCOORD0.xy);
/// ```
fn lower_sample<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    colour(inst, cx, Colour::Plain, 1)
}

/// `sample_b`: filtered sample with an LOD bias.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample_b`; Microsoft "sample_b (sm4 - asm)"
/// (bias = first lane of the fifth operand, pixel shaders only).
///
/// **GLSL ES 3.00**: `texture(s, P, bias)` / `textureOffset(s, P, off,
/// bias)`; the bias argument exists only in fragment shaders, so a vertex
/// `sample_b` is reported as malformed.
///
/// **Differences**: D3D clamps the bias to [-16, 15.99]; GLSL does not
/// (values outside that range are not produced by fxc for real shaders).
///
/// **Example**:
/// ```text
/// sample_b r0.xyzw, v0.xyxx, t0.xyzw, s0, l(-1.0)   →   r0 = texture(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, -1.0);
/// ```
fn lower_sample_b<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    colour(inst, cx, Colour::Bias, 1)
}

/// `sample_l`: filtered sample at an explicit LOD.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample_l` (legal in every
/// stage); Microsoft "sample_l (sm4 - asm)".
///
/// **GLSL ES 3.00**: `textureLod(s, P, lod)` / `textureLodOffset(s, P, lod,
/// off)`; both exist for every colour sampler type used here (no offset form
/// for cubes, where D3D forbids offsets too).
///
/// **Differences**: none beyond sampler state.
///
/// **Example**:
/// ```text
/// sample_l r0.xyzw, v0.xyzx, t1.xyzw, s0, l(0.0)   →   r0 = textureLod(t1TEX_with_SMPs0, vs_TEXCOORD0.xyz, 0.0);
/// ```
fn lower_sample_l<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    colour(inst, cx, Colour::Lod, 1)
}

/// `sample_d`: filtered sample with explicit gradients.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample_d`; Microsoft "sample_d (sm4 - asm)".
///
/// **GLSL ES 3.00**: `textureGrad(s, P, dPdx, dPdy)` /
/// `textureGradOffset(…, off)`. Gradients are `.xy` (2D, 2D array),
/// `.xyz` (3D, cube), `vec2(g.x, 0.0)` (emulated 1D and 1D array).
///
/// **Differences**: none beyond sampler state (GLSL ES allows `textureGrad`
/// in vertex shaders as well).
///
/// **Example**:
/// ```text
/// sample_d r0.xyzw, v0.xyxx, t0.xyzw, s0, r1.xyxx, r1.zwzz
///   →   r0 = textureGrad(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, r1.xy, r1.zw);
/// ```
fn lower_sample_d<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    colour(inst, cx, Colour::Grad, 1)
}

/// The comparison forms.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Compare {
    Implicit,
    Level0,
}

/// One comparison sample; `at` is the address operand's index, as in
/// [`colour`].
pub(crate) fn compare<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    form: Compare,
    at: usize,
) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if common::stubbed(cx, inst, at + 1)?.is_some() {
        // A comparison against an unbound texture is 0.
        return common::assign_zero(cx, d, Ty::Float);
    }
    let tex: Tex<'a> = common::texture(cx, inst, at + 1)?;
    let (smp, _) = common::sampler(cx, inst, at + 2)?;
    let a = cx.src_n(inst, at, Ty::Float, tex.dim.address_lanes())?;
    let reference = cx.src_n(inst, at + 3, Ty::Float, 1)?;
    let p = common::shadow_coord(tex.dim, &a, &reference).ok_or_else(|| {
        LowerError::invalid(format!(
            "`{}` on a texture3d: D3D has no 3D comparison sampling",
            inst.opcode
        ))
    })?;
    let off = common::texel_offset(inst, tex.dim)?;
    let s = cx.sampler(SamplerKey::shadow(tex.reg, smp))?;
    let array = matches!(tex.dim, Dim::D2Array | Dim::D1Array);
    let call = match (form, tex.dim, &off) {
        // sampler2DShadow: every overload exists.
        (Compare::Implicit, Dim::D2 | Dim::D1, None) => format!("texture({s}, {p})"),
        (Compare::Implicit, Dim::D2 | Dim::D1, Some(o)) => {
            format!("textureOffset({s}, {p}, {o})")
        }
        (Compare::Level0, Dim::D2 | Dim::D1, None) => format!("textureLod({s}, {p}, 0.0)"),
        (Compare::Level0, Dim::D2 | Dim::D1, Some(o)) => {
            format!("textureLodOffset({s}, {p}, 0.0, {o})")
        }
        // sampler2DArrayShadow: no textureOffset, textureLod or
        // textureLodOffset; textureGrad(Offset) exists.
        (Compare::Implicit, _, None) if array => format!("texture({s}, {p})"),
        (Compare::Implicit, _, Some(o)) if array => {
            common::pixel_only(cx, inst)?;
            let uv = if tex.dim == Dim::D1Array {
                let x = common::lane(&a, 0);
                (
                    format!("vec2(dFdx({x}), 0.0)"),
                    format!("vec2(dFdy({x}), 0.0)"),
                )
            } else {
                let xy = a.with_lanes(&[a.lane(0), a.lane(1)]);
                (format!("dFdx({xy})"), format!("dFdy({xy})"))
            };
            format!("textureGradOffset({s}, {p}, {}, {}, {o})", uv.0, uv.1)
        }
        (Compare::Level0, _, None) if array => {
            format!("textureGrad({s}, {p}, vec2(0.0), vec2(0.0))")
        }
        (Compare::Level0, _, Some(o)) if array => {
            format!("textureGradOffset({s}, {p}, vec2(0.0), vec2(0.0), {o})")
        }
        // samplerCubeShadow: texture and textureGrad only (offsets were
        // rejected by texel_offset).
        (Compare::Implicit, _, _) => format!("texture({s}, {p})"),
        (Compare::Level0, _, _) => format!("textureGrad({s}, {p}, vec3(0.0), vec3(0.0))"),
    };
    // The comparison result is one float, replicated into every written
    // lane whatever the resource swizzle.
    cx.assign(d, Ty::Float, 1, &call)
}

/// `sample_c`: depth-comparison sample (percentage-closer filtered).
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample_c`;
/// Microsoft "sample_c (sm4 - asm)": reference = first lane of the fifth
/// operand, comparison function from the sampler state, result a filtered
/// float (not a mask).
///
/// **GLSL ES 3.00**: `texture(hlslcc_zcmptNTEX_with_SMPsM, P)` with the
/// reference folded into P (`vec3(c.xy, ref)` for 2D, `vec4(c.xyz, ref)`
/// for 2D arrays and cubes); with `_aoffimmi` `textureOffset` on 2D, and on
/// 2D arrays — which have no `textureOffset` overload —
/// `textureGradOffset(s, P, dFdx(c.xy), dFdy(c.xy), off)`.
///
/// **Differences**: the comparison function and filtering come from the
/// runtime's sampler object (`TEXTURE_COMPARE_MODE`/`FUNC`). The
/// gradient-offset form derives the LOD from the coordinate's screen
/// derivatives, which is what the implicit form does too.
///
/// **Example**:
/// ```text
/// sample_c r0.x, v0.xyxx, t0.xxxx, s1, v0.z
///   →   r0.x = texture(hlslcc_zcmpt0TEX_with_SMPs1, vec3(vs_TEXCOORD0.xy, vs_TEXCOORD0.z));
/// ```
fn lower_sample_c<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    compare(inst, cx, Compare::Implicit, 1)
}

/// `sample_c_lz`: depth-comparison sample at mip level 0.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#sample_c_lz` (no ES 3.00 shadow
/// `textureLod` on `sampler2DArrayShadow` / `samplerCubeShadow`);
/// Microsoft "sample_c_lz (sm4 - asm)".
///
/// **GLSL ES 3.00**: `textureLod(s, P, 0.0)` / `textureLodOffset` on
/// `sampler2DShadow`; ES 3.00 has no `textureLod` for
/// `sampler2DArrayShadow` or `samplerCubeShadow`, so those use
/// `textureGrad(s, P, vecK(0.0), vecK(0.0))` (and `textureGradOffset` with
/// an offset on 2D arrays): zero gradients select the base level.
///
/// **Differences**: zero gradients give λ = −∞, clamped to the base level
/// plus the sampler's `TEXTURE_MIN_LOD`, the same level 0 D3D reads (under
/// a nonzero minimum-LOD clamp both read the clamped level).
///
/// **Example**:
/// ```text
/// sample_c_lz r0.x, r1.xyzx, t2.xxxx, s1, r1.w
///   →   r0.x = textureGrad(hlslcc_zcmpt2TEX_with_SMPs1, vec4(r1.xyz, r1.w), vec2(0.0), vec2(0.0));
/// ```
fn lower_sample_c_lz<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    compare(inst, cx, Compare::Level0, 1)
}

register_handler! {
    opcodes: &[Opcode::Sample],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample",
    lower: Lower::Inst(lower_sample),
}

register_handler! {
    opcodes: &[Opcode::SampleB],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample_b",
    lower: Lower::Inst(lower_sample_b),
}

register_handler! {
    opcodes: &[Opcode::SampleL],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample_l",
    lower: Lower::Inst(lower_sample_l),
}

register_handler! {
    opcodes: &[Opcode::SampleD],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample_d",
    lower: Lower::Inst(lower_sample_d),
}

register_handler! {
    opcodes: &[Opcode::SampleC],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample_c",
    lower: Lower::Inst(lower_sample_c),
}

register_handler! {
    opcodes: &[Opcode::SampleCLz],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#sample_c_lz",
    lower: Lower::Inst(lower_sample_c_lz),
}
