//! The residency-feedback forms (`sample_l_s`, `sample_c_lz_s`,
//! `sample_cl_s`, `sample_b_cl_s`, `sample_d_cl_s`, `sample_c_cl_s`,
//! `gather4_s`, `gather4_c_s`, `gather4_po_s`, `gather4_po_c_s`, `ld_s`,
//! `ldms_s`) and `check_access_fully_mapped`, under the profile's
//! `residency_feedback = FullyResident`
//! (`lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract`).
//!
//! Each `*_s` form is its plain form with a second destination, the
//! status, between the result and the address: the plain lowering runs
//! with its operands one further on, then the status receives
//! `0xffffffffu`, the "fully mapped" status. The `_cl` forms add a
//! minimum-LOD clamp operand, applied through an explicit LOD computed as
//! the `lod` emulation computes it ([`crate::lod`]).

use crate::common::{self, Dim};
use crate::gather::{self, Form};
use crate::sample::{self, Colour, Compare};
use crate::switches::{Lod, ResidencyFeedback};
use crate::{ld, lod, multisample};
use dxlower_core::{
    register_handler, Ctx, Helper, Lift, Lower, LowerError, Refusal, SamplerKey, Ty,
};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// The gradients `(dPdx, dPdy)` of an explicit LOD `l` on a texture of
/// level-0 size `size`: `(2^l / w, 0)` and `(0, 2^l / h)`, each one texel
/// of level `l` long along one axis, so that the LOD the sampler computes
/// from them is `l` (`textureGrad` on `sampler2DArrayShadow`, which has
/// no `textureLod`).
static LOD_GRADIENTS: Helper = Helper {
    name: "dx11_lod_gradients",
    text: concat!(
        "vec4 dx11_lod_gradients(vec2 size, float l)\n",
        "{\n",
        "    vec2 g = exp2(l) / size;\n",
        "    return vec4(g.x, 0.0, 0.0, g.y);\n",
        "}\n"
    ),
    deps: &[],
};

/// A comparison sample of a `sampler2DArrayShadow` at the explicit LOD `l`
/// through [`LOD_GRADIENTS`].
static SAMPLE_C_LOD_2DA: Helper = Helper {
    name: "dx11_sample_c_lod(sampler2DArrayShadow)",
    text: concat!(
        "float dx11_sample_c_lod(highp sampler2DArrayShadow s, vec4 p, float l)\n",
        "{\n",
        "    vec4 g = dx11_lod_gradients(vec2(textureSize(s, 0).xy), l);\n",
        "    return textureGrad(s, p, g.xy, g.zw);\n",
        "}\n"
    ),
    deps: &[&LOD_GRADIENTS],
};

/// The status every access of a fully resident resource reports, and the
/// value `check_access_fully_mapped` returns for it (true, all bits set).
const FULLY_MAPPED: &str = "0xffffffffu";

/// Refuses unless the profile promises fully resident resources; records
/// the contract when it does.
fn residency(cx: &mut Ctx<'_>, inst: &Instruction) -> Result<(), LowerError> {
    match cx.switches::<crate::TextureSampleSwitches>().residency_feedback {
        ResidencyFeedback::Refuse => Err(Refusal::new(
            inst.opcode.mnemonic(),
            "tiled-resource residency feedback (the SM5 `_s` forms and \
             check_access_fully_mapped) has no GLSL ES 3.00 or WebGL2 equivalent",
        )
        .lifted_by(Lift::switch_text(
            "residency_feedback",
            "FullyResident",
            "profile texture_sample.residency_feedback = FullyResident (the host binds only fully resident textures)",
        ))
        .into()),
        ResidencyFeedback::FullyResident => {
            cx.contract(
                "residency_feedback",
                "bind only fully resident textures (no tiled resource with an unmapped tile), so that every access reports the status fully mapped".to_string(),
            );
            Ok(())
        }
    }
}

/// Writes the "fully mapped" status to destination 1 (nothing for `null`).
fn status<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 1)?;
    cx.assign(d, Ty::Uint, 1, &FULLY_MAPPED)
}

/// `sample_l_s`, `sample_c_lz_s`, `gather4*_s`, `ld_s`, `ldms_s`: the plain
/// form with its operands after the status, then the status.
///
/// **Spec**: `lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract`
/// (D3D11.3 functional spec §5.9.4.5: the status of an access, read only
/// through `check_access_fully_mapped`).
///
/// **GLSL ES 3.00**: the plain form's GLSL (`textureLod`, the shadow
/// level-0 forms, the four-tap gather helpers, `texelFetch`), then
/// `status = 0xffffffffu`.
///
/// **Differences**: none under the contract: every texture the host binds
/// is fully resident, so every access is fully mapped. Refused (naming
/// `residency_feedback`) without it.
///
/// **Example**:
/// ```text
/// sample_l_s r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0, l(2.0)
///     →   r0 = textureLod(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, 2.0);
///         r1_u.x = 0xffffffffu;
/// ```
fn lower_plain<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    residency(cx, inst)?;
    let g = |offset, res, smp, reference| Form {
        addr: 2,
        offset,
        res,
        smp,
        reference,
    };
    match inst.opcode {
        Opcode::SampleLFeedback => sample::colour(inst, cx, Colour::Lod, 2)?,
        Opcode::SampleCLzFeedback => sample::compare(inst, cx, Compare::Level0, 2)?,
        Opcode::Gather4Feedback => gather::gather(inst, cx, g(None, 3, 4, None))?,
        Opcode::Gather4CFeedback => gather::gather(inst, cx, g(None, 3, 4, Some(5)))?,
        Opcode::Gather4PoFeedback => gather::gather(inst, cx, g(Some(3), 4, 5, None))?,
        Opcode::Gather4PoCFeedback => gather::gather(inst, cx, g(Some(3), 4, 5, Some(6)))?,
        Opcode::LdFeedback => ld::fetch(inst, cx, 2)?,
        Opcode::LdMsFeedback => multisample::fetch_sample(inst, cx, 2)?,
        other => {
            return Err(LowerError::invalid(format!(
                "`{other}` is not a residency-feedback form"
            )))
        }
    }
    status(inst, cx)
}

/// The `_cl` forms: their filtered form and where the clamp operand is.
fn clamp_form(op: Opcode) -> Option<(Colour, usize)> {
    Some(match op {
        Opcode::SampleClampFeedback => (Colour::Plain, 5),
        Opcode::SampleBClampFeedback => (Colour::Bias, 6),
        Opcode::SampleDClampFeedback => (Colour::Grad, 7),
        // The comparison form is told apart by its opcode; `Plain` stands
        // for its implicit LOD.
        Opcode::SampleCClampFeedback => (Colour::Plain, 6),
        _ => return None,
    })
}

/// True when operand `i` is the immediate `0.0`: the clamp HLSL writes when
/// the source gives none, which means "no clamp".
fn no_clamp(cx: &Ctx<'_>, inst: &Instruction, i: usize) -> Result<bool, LowerError> {
    let op = cx.operand(inst, i)?;
    Ok(op.ty == OperandType::Immediate32
        && op.imm.len() == 1
        && op.imm.first().is_some_and(|&v| f32::from_bits(v) == 0.0))
}

/// `sample_cl_s`, `sample_b_cl_s`, `sample_d_cl_s`, `sample_c_cl_s`: a
/// sample whose LOD is raised to at least the clamp operand, and the
/// status.
///
/// **Spec**: `lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract`
/// (D3D11.3 functional spec §5.9.4.5 for the status, §7.18.11 for the
/// LOD, which the clamp raises to at least its value).
///
/// **GLSL ES 3.00**: a clamp of `l(0.0)` (HLSL's "no clamp") is the plain
/// form (`texture`, `texture(…, bias)`, `textureGrad`, the shadow
/// `texture`). Any other clamp needs the LOD itself, so the form is lowered
/// only under `lod = Derivatives(name)`: `textureLod(s, P, max(L.x, c))`
/// (`textureLodOffset` with `_aoffimmi`), `L` the `lod` emulation's
/// `dx11_lod(…)` of the coordinate's derivatives (of `sample_d`'s
/// gradients), with the instruction's bias added to the sampler's
/// `MipLODBias`. The comparison form is `textureLod` on 2D (and emulated
/// 1D) textures and, as ES 3.00 has no `textureLod` on
/// `sampler2DArrayShadow`, `textureGrad` with gradients one level-`L`
/// texel long on 2D (1D) arrays (`dx11_sample_c_lod`); on cubes it is
/// refused. Then `status = 0xffffffffu`.
///
/// **Differences**: sampling at an explicit LOD gives up anisotropic
/// filtering (the `lod` contract already excludes anisotropic samplers);
/// the LOD is the `lod` emulation's, with its tolerance.
///
/// **Example**:
/// ```text
/// sample_cl_s r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0, cb0[0].x
///     →   r0 = textureLod(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, max(dx11_lod(…, dxlower_LodClamp[0]).x, cb0[0].x));
///         r1_u.x = 0xffffffffu;
/// ```
fn lower_clamp<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    residency(cx, inst)?;
    let (form, c) = clamp_form(inst.opcode).ok_or_else(|| {
        LowerError::invalid(format!("`{}` is not a min-LOD clamp form", inst.opcode))
    })?;
    let shadow = inst.opcode == Opcode::SampleCClampFeedback;
    if no_clamp(cx, inst, c)? {
        if shadow {
            sample::compare(inst, cx, Compare::Implicit, 2)?;
        } else {
            sample::colour(inst, cx, form, 2)?;
        }
        return status(inst, cx);
    }
    let d = cx.dst(inst, 0)?;
    if let Some(stub) = common::stubbed(cx, inst, 3)? {
        common::assign_zero(cx, d, if shadow { Ty::Float } else { stub.ty })?;
        return status(inst, cx);
    }
    let name = match &cx.switches::<crate::TextureSampleSwitches>().lod {
        Lod::Refuse => {
            return Err(Refusal::new(
                inst.opcode.mnemonic(),
                "a minimum-LOD clamp needs the LOD itself, which GLSL ES 3.00 cannot query: \
                 the clamp is applied through an explicit-LOD sample whose LOD the `lod` \
                 emulation computes",
            )
            .lifted_by(Lift::switch_text(
                "lod",
                "Derivatives",
                "profile lod = Derivatives(name) (the LOD computed from derivatives; the host sets each sampler's LOD range)",
            ))
            .into())
        }
        Lod::Derivatives(name) => name.clone(),
    };
    if form != Colour::Grad {
        common::pixel_only(cx, inst)?;
    }
    let tex = common::texture(cx, inst, 3)?;
    let (smp, _) = common::sampler(cx, inst, 4)?;
    let a = cx.src_n(inst, 2, Ty::Float, tex.dim.address_lanes())?;
    let off = common::texel_offset(inst, tex.dim)?;
    let n = tex.dim.gradient_lanes();
    let grads = if form == Colour::Grad {
        Some((
            cx.src_n(inst, 5, Ty::Float, n)?,
            cx.src_n(inst, 6, Ty::Float, n)?,
        ))
    } else {
        None
    };
    let extra = match form {
        Colour::Bias => Some(cx.src_n(inst, 5, Ty::Float, 1)?),
        _ if shadow => Some(cx.src_n(inst, 5, Ty::Float, 1)?),
        _ => None,
    };
    let clamp = cx.src_n(inst, c, Ty::Float, 1)?;
    let state = lod::sampler_state(cx, &name, smp)?;
    let k = match (form, &extra) {
        (Colour::Bias, Some(b)) => format!("({state} + vec4({b}, 0.0, 0.0, 0.0))"),
        _ => state,
    };
    let l = lod::formula(cx, &tex, &a, grads.as_ref().map(|(x, y)| (x, y)), &k)?;
    let level = format!("max({l}.x, {clamp})");
    if shadow {
        let reference = extra.ok_or_else(|| LowerError::invalid("comparison reference"))?;
        if tex.dim == Dim::Cube {
            return Err(Refusal::new(
                format!("{} on a cube shadow texture", inst.opcode.mnemonic()),
                format!(
                    "t{}: a clamped comparison samples at an explicit LOD, and GLSL ES 3.00 has \
                     no textureLod on samplerCubeShadow (gradients projected onto a cube face \
                     do not give one LOD exactly)",
                    dxlower_core::binding::label(tex.reg)
                ),
            )
            .into());
        }
        let p = common::shadow_coord(tex.dim, &a, &reference).ok_or_else(|| {
            LowerError::invalid("`sample_c_cl_s` on a texture3d: D3D has no 3D comparison sampling")
        })?;
        let s = cx.sampler(SamplerKey::shadow(tex.reg, smp))?;
        let call = match (tex.dim, &off) {
            (Dim::D2 | Dim::D1, Some(o)) => format!("textureLodOffset({s}, {p}, {level}, {o})"),
            (Dim::D2 | Dim::D1, None) => format!("textureLod({s}, {p}, {level})"),
            // sampler2DArrayShadow has no textureLod: gradients of one
            // nonzero lane each, 2^L texels long, give the LOD L under the
            // exact formula and every approximation GLSL allows.
            (_, None) => {
                cx.helper(&SAMPLE_C_LOD_2DA);
                format!("dx11_sample_c_lod({s}, {p}, {level})")
            }
            (_, Some(o)) => {
                cx.helper(&LOD_GRADIENTS);
                let g = format!("dx11_lod_gradients(vec2(textureSize({s}, 0).xy), {level})");
                format!("textureGradOffset({s}, {p}, {g}.xy, {g}.zw, {o})")
            }
        };
        cx.assign(d, Ty::Float, 1, &call)?;
    } else {
        let (p, _) = common::coord(tex.dim, &a);
        let s = cx.sampler(SamplerKey::combined(tex.reg, smp))?;
        let call = match &off {
            Some(o) => format!("textureLodOffset({s}, {p}, {level}, {o})"),
            None => format!("textureLod({s}, {p}, {level})"),
        };
        common::assign_vec4(cx, d, tex.ty, tex.op, &call)?;
    }
    status(inst, cx)
}

/// `check_access_fully_mapped d, s`: true (all bits set) in each lane
/// whose status says fully mapped, else 0.
///
/// **Spec**: `lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract`
/// (D3D11.3 functional spec §5.9.4.5: `0xFFFFFFFF` when every texel the
/// access touched was mapped, else 0).
///
/// **GLSL ES 3.00**: `d = uint(s == 0xffffffffu) * 0xffffffffu` per lane
/// (`uvecN(equal(…))` for several); the feedback forms write
/// `0xffffffffu`, so a status they wrote reads true.
///
/// **Differences**: none under the contract.
///
/// **Example**:
/// ```text
/// check_access_fully_mapped r0.x, r1.x   →   r0_u.x = uint(r1_u.x == 0xffffffffu) * 0xffffffffu;
/// ```
fn lower_check<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    residency(cx, inst)?;
    let d = cx.int_dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Uint, d.mask)?;
    let n = d.width();
    let expr = if n == 1 {
        format!("uint({s} == {FULLY_MAPPED}) * {FULLY_MAPPED}")
    } else {
        let t = Ty::Uint.glsl(n);
        format!("{t}(equal({s}, {t}({FULLY_MAPPED}))) * {FULLY_MAPPED}")
    };
    cx.assign(d, Ty::Uint, n, &expr)
}

register_handler! {
    opcodes: &[
        Opcode::SampleLFeedback,
        Opcode::SampleCLzFeedback,
        Opcode::Gather4Feedback,
        Opcode::Gather4CFeedback,
        Opcode::Gather4PoFeedback,
        Opcode::Gather4PoCFeedback,
        Opcode::LdFeedback,
        Opcode::LdMsFeedback,
    ],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract",
    lower: Lower::Inst(lower_plain),
}

register_handler! {
    opcodes: &[
        Opcode::SampleClampFeedback,
        Opcode::SampleBClampFeedback,
        Opcode::SampleDClampFeedback,
        Opcode::SampleCClampFeedback,
    ],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract",
    lower: Lower::Inst(lower_clamp),
}

register_handler! {
    opcodes: &[Opcode::CheckAccessFullyMapped],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract",
    lower: Lower::Inst(lower_check),
}
