//! The screen-space derivatives `deriv_rtx`, `deriv_rty` and their
//! `_coarse`/`_fine` forms.

use crate::common;
use dxlower_core::profile::FragCoordOrigin;
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `deriv_rtx`, `deriv_rtx_coarse`, `deriv_rtx_fine`: derivative along
/// render-target x.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#deriv_rtx` (the plain, coarse and fine forms);
/// Microsoft "deriv_rtx (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d.m = dFdx(s.m);`, the source read as float through
/// the destination mask. ES 3.00 has only one derivative precision, so the
/// three forms lower alike.
///
/// **Differences**: `_coarse` (one value per 2×2 quad) and `_fine` (per
/// pixel pair) are both the implementation's `dFdx`; values can differ
/// from D3D's choice by the quad-versus-pair distinction. Pixel shaders
/// only.
///
/// **Example**:
/// ```text
/// deriv_rtx_coarse r0.xy, v0.xyxx   →   r0.xy = dFdx(vs_TEXCOORD0.xy);
/// ```
fn lower_rtx<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    common::pixel_only(cx, inst)?;
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    cx.assign(d, Ty::Float, s.width(), &format_args!("dFdx({s})"))
}

/// `deriv_rty`, `deriv_rty_coarse`, `deriv_rty_fine`: derivative along
/// render-target y.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#deriv_rty`, with the sign
/// tied to the core switch
/// `fragcoord_origin`; Microsoft "deriv_rty (sm4 - asm)".
///
/// **GLSL ES 3.00**: `d.m = dFdy(s.m);` with `fragcoord_origin = AsIs`
/// (the runtime renders upside down, so GL's window y and D3D's
/// render-target y run the same way); `d.m = -dFdy(s.m);` with
/// `FlipWithUniform` (upright rendering: GL's y runs up, D3D's down).
///
/// **Differences**: coarse/fine lower alike (see `deriv_rtx`). Pixel
/// shaders only.
///
/// **Example**:
/// ```text
/// deriv_rty_coarse r0.x, v0.y   →   r0.x = dFdy(vs_TEXCOORD0.y);     (AsIs)
///                                   r0.x = -dFdy(vs_TEXCOORD0.y);    (FlipWithUniform)
/// ```
fn lower_rty<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    common::pixel_only(cx, inst)?;
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let sign = match cx.fragcoord_origin() {
        FragCoordOrigin::AsIs => "",
        FragCoordOrigin::FlipWithUniform => "-",
    };
    cx.assign(d, Ty::Float, s.width(), &format_args!("{sign}dFdy({s})"))
}

register_handler! {
    opcodes: &[Opcode::DerivRtx, Opcode::DerivRtxCoarse, Opcode::DerivRtxFine],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#deriv_rtx",
    lower: Lower::Inst(lower_rtx),
}

register_handler! {
    opcodes: &[Opcode::DerivRty, Opcode::DerivRtyCoarse, Opcode::DerivRtyFine],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#deriv_rty",
    lower: Lower::Inst(lower_rty),
}
