//! Texture instructions GLSL ES 3.00 cannot express: each is refused with
//! the construct named and the missing feature stated.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// Why the refused opcodes have no GLSL ES 3.00 form.
const REASON: &str =
    "pull-model attribute interpolation (interpolateAtOffset/AtSample/AtCentroid) \
                      is GLSL ES 3.20 or OES_shader_multisample_interpolation, which WebGL2 does \
                      not expose";

/// The pull-model interpolation instructions (`eval_snapped`,
/// `eval_sample_index`, `eval_centroid`): refused.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#refused-instructions`.
///
/// **GLSL ES 3.00**: none — `interpolateAt*` is GLSL ES 3.20.
///
/// **Differences**: the stage is refused; the refusal names the opcode
/// (`what`) and the missing feature (`why`). (`ld_ms`, `sample_info`,
/// `sample_pos`, `lod` and the residency-feedback forms have handlers of
/// their own: [`crate::multisample`], [`crate::lod`], [`crate::feedback`].)
///
/// **Example**:
/// ```text
/// eval_centroid r0.xy, v1.xyxx   →   refused: eval_centroid: pull-model attribute interpolation …
/// ```
fn lower_refused<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Err(Refusal::new(inst.opcode.mnemonic(), REASON).into())
}

/// The opcodes this module refuses.
pub const REFUSED: &[Opcode] = &[
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
