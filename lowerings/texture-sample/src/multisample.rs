//! `ld_ms`, `sample_info` and `sample_pos` under the single-sample
//! contract (`lowerings/texture-sample/docs/emulations.md#1-single-sample-contract-ld_ms-sample_info-sample_pos`).
//!
//! decl-io declares a `Texture2DMS`/`Texture2DMSArray` only under its
//! `multisample_textures = SingleSample` switch, as a `sampler2D` /
//! `sampler2DArray` the host binds a single-sampled texture to: sample 0
//! is that texture's level 0 and the sample count is 1. The rasterizer's
//! sample count is 1 under this family's `single_sample_target`.
//!
//! | instruction | result |
//! |---|---|
//! | `ld_ms d, a, tN, s` | `(uint(s) == 0u ? texelFetch(tN, a.xy[z], 0) : vec4(0.0))` through the resource swizzle |
//! | `sample_info[_uint] d, tN` / `rasterizer` | `(1, 0, 0, 0)` through the swizzle, float or uint |
//! | `sample_pos d, tN` / `rasterizer`, `i` | `(0, 0, 0, 0)` |
//!
//! From a texture the profile stubs every lane is zero (D3D's value for an
//! unbound slot), whatever the contract.

use crate::common;
use dxlower_core::{register_handler, Ctx, Lift, Lower, LowerError, Refusal, SamplerKey, Ty};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// The refusal of a multisample instruction on a resource decl-io did
/// not declare under the contract (or of the rasterizer without it).
fn refuse(inst: &Instruction, why: &str, switch: &str, text: &str) -> LowerError {
    Refusal::new(inst.opcode.mnemonic(), why)
        .lifted_by(Lift::switch_text(switch, "true", text))
        .into()
}

/// The multisample texture of operand `i`, when decl-io declared it under
/// the single-sample contract; `None` for the rasterizer.
fn ms_texture<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
) -> Result<Option<common::Tex<'a>>, LowerError> {
    let op = cx.operand(inst, i)?;
    if op.ty == OperandType::Rasterizer {
        return Ok(None);
    }
    let tex = common::texture_or_multisample(cx, inst, i)?;
    if !tex.multisample {
        return Err(LowerError::invalid(format!(
            "`{}` of t{}, which is not a multisample texture",
            inst.opcode, tex.reg
        )));
    }
    Ok(Some(tex))
}

/// Checks the rasterizer form against this family's switch.
fn rasterizer(cx: &Ctx<'_>, inst: &Instruction) -> Result<(), LowerError> {
    if cx
        .switches::<crate::TextureSampleSwitches>()
        .single_sample_target
    {
        return Ok(());
    }
    Err(refuse(
        inst,
        "the rasterizer's sample count and positions are not queryable in GLSL ES 3.00 \
         (gl_NumSamples and gl_SamplePosition need OES_sample_variables, which WebGL2 does \
         not expose)",
        "single_sample_target",
        "profile texture_sample.single_sample_target = true (the host renders to single-sampled targets)",
    ))
}

/// `ld_ms` (`ld2dms`): one sample of a multisample texture.
///
/// **Spec**: D3D11.3 functional spec §22.4.7 (ld2dms): the integer address
/// as `ld`'s, `.w` ignored, out-of-range addresses and array slices read 0;
/// "the result of specifying a sampleIndex that exceeds the number of
/// samples in the resource is undefined" (a later version is to make it
/// the out-of-bounds result, 0).
///
/// **GLSL ES 3.00**: under the single-sample contract, sample 0 is level 0
/// of the bound single-sampled texture:
/// `(floatBitsToUint(s) == 0u ? texelFetch(tN, ivec2(a.xy), 0) : vec4(0.0))`
/// (`ivec3(a.xyz)` for arrays, `texelFetchOffset` with `_aoffimmi`); any
/// other sample index is past the count and reads zero in every
/// component — the value the spec announces for out-of-bounds samples,
/// and one of the values its "undefined" allows. WebGL 2.0 returns 0 for
/// a `texelFetch` outside the texture, as D3D does.
///
/// **Example**:
/// ```text
/// ld_ms r0.xyzw, r1.xyzw, t0.xyzw, l(0)
///     →   r0 = (0u == 0u ? texelFetch(t0, floatBitsToInt(r1.xy), 0) : vec4(0.0));
/// ```
fn lower_ld_ms<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    fetch_sample(inst, cx, 1)
}

/// `ld_ms` with its address at operand `at` (1; 2 in `ld_ms_s`, whose
/// status destination comes second), then the resource and the sample
/// index.
pub(crate) fn fetch_sample<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    at: usize,
) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if let Some(stub) = common::stubbed(cx, inst, at + 1)? {
        return common::assign_zero(cx, d, stub.ty);
    }
    let tex = ms_texture(cx, inst, at + 1)?
        .ok_or_else(|| LowerError::invalid("`ld_ms` of the rasterizer"))?;
    let a = cx.src_n(inst, at, Ty::Int, 3)?;
    let p = match tex.dim {
        common::Dim::D2Array => a.with_lanes(&[a.lane(0), a.lane(1), a.lane(2)]),
        _ => a.with_lanes(&[a.lane(0), a.lane(1)]),
    };
    let s = cx.src_n(inst, at + 2, Ty::Uint, 1)?;
    let t = cx.sampler(SamplerKey::bare(tex.reg))?;
    let fetch = match common::texel_offset(inst, tex.dim)? {
        Some(o) => format!("texelFetchOffset({t}, {p}, 0, {o})"),
        None => format!("texelFetch({t}, {p}, 0)"),
    };
    let zero = format!("{}({})", tex.ty.glsl(4), common::zero(tex.ty));
    let call = format!("({s} == 0u ? {fetch} : {zero})");
    common::assign_vec4(cx, d, tex.ty, tex.op, &call)
}

/// `sample_info[_uint]` (`sampleinfo`): the sample count of a multisample
/// texture or of the rasterizer.
///
/// **Spec**: D3D11.3 functional spec §22.4.21: the vector `(SampleCount,
/// 0, 0, 0)` through the resource swizzle, float unless `_uint`.
///
/// **GLSL ES 3.00**: under the single-sample contract the count is 1:
/// each destination lane receives `1.0` (`1u` with `_uint`) when the
/// swizzle selects `.x`, else 0.
///
/// **Example**:
/// ```text
/// sample_info_uint r0.xy, t0.xyxx   →   r0.xy = uintBitsToFloat(uvec2(1u, 0u));
/// ```
fn lower_sample_info<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    // `_uint` is bit 11 of the opcode token (the disassembler's rule).
    let ty = if inst.control_field(11, 12) == 1 {
        Ty::Uint
    } else {
        Ty::Float
    };
    if common::stubbed(cx, inst, 1)?.is_some() {
        return common::assign_zero(cx, d, ty);
    }
    if ms_texture(cx, inst, 1)?.is_none() {
        rasterizer(cx, inst)?;
    }
    let res = cx.operand(inst, 1)?;
    let lanes = common::result_lanes(res, d.mask);
    let (one, zero) = match ty {
        Ty::Uint => ("1u", "0u"),
        _ => ("1.0", "0.0"),
    };
    let parts: Vec<&str> = lanes
        .iter()
        .map(|&l| if l == 0 { one } else { zero })
        .collect();
    let n = parts.len() as u8;
    let rhs = if n == 1 {
        parts.concat()
    } else {
        format!("{}({})", ty.glsl(n), parts.join(", "))
    };
    cx.assign(d, ty, n, &rhs)
}

/// `sample_pos` (`samplepos`): the position of a sample relative to the
/// pixel centre.
///
/// **Spec**: D3D11.3 functional spec §22.4.22: `(x, y, 0, 0)` through the
/// swizzle; "if sampleIndex is out of bounds a zero vector is returned";
/// the one sample of a single-sampled resource lies at the pixel centre,
/// (0, 0) (§3.5, §19.2.4).
///
/// **GLSL ES 3.00**: under the single-sample contract every index gives
/// the zero vector (index 0 is the centre, every other is out of bounds):
/// `r0.xy = vec2(0.0);`. The index operand is read for its checks only.
///
/// **Example**:
/// ```text
/// sample_pos r0.xy, t0.xyxx, v1.x   →   r0.xy = vec2(0.0);
/// ```
fn lower_sample_pos<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if common::stubbed(cx, inst, 1)?.is_some() {
        return common::assign_zero(cx, d, Ty::Float);
    }
    if ms_texture(cx, inst, 1)?.is_none() {
        rasterizer(cx, inst)?;
    }
    cx.src_n(inst, 2, Ty::Uint, 1)?;
    common::assign_zero(cx, d, Ty::Float)
}

register_handler! {
    opcodes: &[Opcode::LdMs],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#1-single-sample-contract-ld_ms-sample_info-sample_pos",
    lower: Lower::Inst(lower_ld_ms),
}

register_handler! {
    opcodes: &[Opcode::SampleInfo],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#1-single-sample-contract-ld_ms-sample_info-sample_pos",
    lower: Lower::Inst(lower_sample_info),
}

register_handler! {
    opcodes: &[Opcode::SamplePos],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#1-single-sample-contract-ld_ms-sample_info-sample_pos",
    lower: Lower::Inst(lower_sample_pos),
}
