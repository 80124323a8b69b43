//! Texture instructions GLSL ES 3.00 cannot express: each is refused with
//! the construct named and the missing feature stated.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// Why each refused opcode has no GLSL ES 3.00 form.
fn reason(op: Opcode) -> &'static str {
    match op {
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

/// The residency-feedback forms (`sample_*_cl_s`, `gather4*_s`, `ld_s`,
/// `ld_ms_s`, `check_access_fully_mapped`) and the pull-model
/// interpolation instructions (`eval_snapped`, `eval_sample_index`,
/// `eval_centroid`, which have no ES 3.00 equivalent): refused.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#refused-instructions`;
/// the feedback forms are SM5 tiled-resource instructions (D3D11.3
/// functional spec §5.9.4.5) that return a residency status no WebGL2
/// texture has.
///
/// **GLSL ES 3.00**: none — sparse-texture residency is desktop-only,
/// `interpolateAt*` is GLSL ES 3.20.
///
/// **Differences**: the stage is refused; the refusal names the opcode
/// (`what`) and the missing feature (`why`). (`ld_ms`, `sample_info`,
/// `sample_pos` and `lod` have handlers of their own: [`crate::multisample`],
/// [`crate::lod`].)
///
/// **Example**:
/// ```text
/// ld_s_indexable(texture2d)(float,float,float,float) r0.xyzw, r1.x, r0.xyzw, t0.xyzw
///     →   refused: ld_feedback: tiled-resource residency feedback …
/// ```
fn lower_refused<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Err(Refusal::new(inst.opcode.mnemonic(), reason(inst.opcode)).into())
}

/// The opcodes this module refuses.
pub const REFUSED: &[Opcode] = &[
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
