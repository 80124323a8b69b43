//! Texture instructions GLSL ES 3.00 cannot express: each is refused with
//! the construct named and the missing feature stated.

use crate::common;
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// The texture operand of the refused instructions that read one and
/// return a plain value (the residency-feedback forms also write a status
/// and stay refused whatever texture they read).
fn texture_operand(op: Opcode) -> Option<usize> {
    match op {
        // `ld_ms dst, address, t#, sample`; `lod dst, address, t#, s#`.
        Opcode::LdMs | Opcode::Lod => Some(2),
        // `sampleinfo dst, t#`; `samplepos dst, t#, index` (or the
        // rasterizer instead of a t#).
        Opcode::SampleInfo | Opcode::SamplePos => Some(1),
        _ => None,
    }
}

/// Why each refused opcode has no GLSL ES 3.00 form.
fn reason(op: Opcode) -> &'static str {
    match op {
        Opcode::LdMs => {
            "multisample textures: sampler2DMS and texelFetch with a sample index are GLSL ES \
             3.10; WebGL2 cannot read individual samples"
        }
        Opcode::Lod => {
            "GLSL ES 3.00 has no level-of-detail query (textureQueryLod is desktop GLSL 4.00)"
        }
        Opcode::SampleInfo => {
            "GLSL ES 3.00 has no sample-count query (textureSamples is desktop GLSL 4.50, \
             gl_NumSamples needs OES_sample_variables)"
        }
        Opcode::SamplePos => {
            "GLSL ES 3.00 has no standard sample-position query (gl_SamplePosition of \
             OES_sample_variables covers only the current sample)"
        }
        Opcode::EvalSnapped | Opcode::EvalSampleIndex | Opcode::EvalCentroid => {
            "pull-model attribute interpolation (interpolateAtOffset/AtSample/AtCentroid) is \
             GLSL ES 3.20 or OES_shader_multisample_interpolation, which WebGL2 does not expose"
        }
        _ => {
            "tiled-resource residency feedback (the SM5 `_s` forms and \
             check_access_fully_mapped) has no GLSL ES 3.00 or WebGL2 equivalent"
        }
    }
}

/// `ld_ms`, `lod`, `sample_info`, `sample_pos`, the residency-feedback
/// forms (`sample_*_cl_s`, `gather4*_s`, `ld_s`, `ld_ms_s`,
/// `check_access_fully_mapped`) and the pull-model interpolation
/// instructions (`eval_snapped`, `eval_sample_index`, `eval_centroid`,
/// which have no ES 3.00 equivalent): refused.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#refused-instructions`
/// (`sample_pos`, `sample_info`, `ld_ms`: no ES 3.00 equivalent);
/// `docs/profiles.md#refused-in-every-profile` (multisample textures and `lod` refused in every
/// profile). The feedback forms are SM5 tiled-resource instructions no
/// study covers; they return a residency status no WebGL2 texture has.
///
/// **GLSL ES 3.00**: none — `sampler2DMS` is ES 3.10, `textureQueryLod`,
/// `textureSamples` and sparse-texture residency are desktop-only.
///
/// **Differences**: the stage is refused; the refusal names the opcode
/// (`what`) and the missing feature (`why`). Except on a texture the
/// profile stubs (`stub_resource_registers`): `ld_ms`, `lod`,
/// `sample_info` and `sample_pos` of a stubbed `t#` need no GLSL feature
/// and write zero to every destination lane (`r0.xy = vec2(0.0);`, typed
/// zero for `ld_ms` of an integer texture), which is what D3D returns for
/// a slot with nothing bound (Microsoft "lod (sm4.1 - asm)",
/// "sampleinfo (sm4.1 - asm)", "samplepos (sm4.1 - asm)": "If there is no
/// resource bound to the specified slot, 0 is returned"; `ld2dms` behaves
/// as `ld`, whose page says the same of an empty `t#`).
///
/// **Example**:
/// ```text
/// lod r0.x, v0.xyxx, t0.y, s0   →   refused: lod: GLSL ES 3.00 has no level-of-detail query …
/// ```
fn lower_refused<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    if let Some(i) = texture_operand(inst.opcode) {
        if let Some(stub) = common::stubbed(cx, inst, i)? {
            let d = cx.dst(inst, 0)?;
            let ty = match inst.opcode {
                Opcode::LdMs => stub.ty,
                _ => Ty::Float,
            };
            return common::assign_zero(cx, d, ty);
        }
    }
    Err(Refusal::new(inst.opcode.mnemonic(), reason(inst.opcode)).into())
}

/// The opcodes this module refuses.
pub const REFUSED: &[Opcode] = &[
    Opcode::LdMs,
    Opcode::Lod,
    Opcode::SampleInfo,
    Opcode::SamplePos,
    Opcode::Gather4Feedback,
    Opcode::Gather4CFeedback,
    Opcode::Gather4PoFeedback,
    Opcode::Gather4PoCFeedback,
    Opcode::LdFeedback,
    Opcode::LdMsFeedback,
    Opcode::SampleLFeedback,
    Opcode::SampleCLzFeedback,
    Opcode::SampleClampFeedback,
    Opcode::SampleBClampFeedback,
    Opcode::SampleDClampFeedback,
    Opcode::SampleCClampFeedback,
    Opcode::CheckAccessFullyMapped,
    Opcode::EvalSnapped,
    Opcode::EvalSampleIndex,
    Opcode::EvalCentroid,
];

register_handler! {
    opcodes: REFUSED,
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#refused-instructions",
    lower: Lower::Inst(lower_refused),
}
