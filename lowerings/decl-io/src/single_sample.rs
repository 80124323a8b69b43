//! The pixel shader's sample-rate registers under the single-sample
//! contract (`single_sample_target = true`, `lowerings/decl-io/docs/emulations.md#3-single_sample_target-the-render-target-has-one-sample`): the
//! render target has one sample, so the input coverage is that sample,
//! the sample index is 0, and an output coverage without bit 0 drops the
//! pixel.
//!
//! | register | storage | value |
//! |---|---|---|
//! | `vCoverage` (`SV_Coverage` in) | read-only `uint` `1u` | bit 0: the pixel's one sample is covered (the shader runs only then) |
//! | `SV_SampleIndex` | read-only `uint` `0u` | the only sample's index |
//! | `oMask` (`SV_Coverage` out) | the `highp uint` global `dxlower_SampleMask`, initialised to `0xffffffffu` | before every return: `if ((dxlower_SampleMask & 1u) == 0u) discard;` |

use crate::io::{self, Side};
use dxlower_core::{DeclCtx, Lift, LowerError, Refusal, Ty};
use dxlower_dxbc::OperandType;

/// The global that stores `oMask`.
pub const SAMPLE_MASK: &str = "dxlower_SampleMask";

/// The refusal of a sample-rate register without the contract.
fn refuse(what: String, why: &str) -> LowerError {
    Refusal::new(what, why)
        .lifted_by(Lift::switch_text(
            "single_sample_target",
            "true",
            "profile single_sample_target = true (the host renders to single-sampled targets)",
        ))
        .into()
}

/// The contract every register of this module relies on.
fn contract(cx: &mut DeclCtx<'_>) {
    cx.contract(
        "single_sample_target",
        "render to single-sampled framebuffers only (no multisampled renderbuffer is attached while the program draws)".into(),
    );
}

fn enabled(cx: &DeclCtx<'_>) -> bool {
    cx.switches::<crate::DeclIoSwitches>().single_sample_target
}

/// `dcl_input vCoverage`: the input coverage mask.
///
/// **Spec**: D3D11.3 functional spec §16.3.2 (input coverage: a bit per
/// sample of the render target that the primitive covers; the pixel
/// shader runs only when one is set).
///
/// **GLSL ES 3.00**: under `single_sample_target` the read-only `uint`
/// value `1u` (every lane of `vCoverage` reads it); refused otherwise
/// (`gl_SampleMaskIn` needs `GL_OES_sample_variables`, which WebGL2 does
/// not expose).
///
/// **Example**:
/// ```text
/// dcl_input vCoverage   →   `mov r0.x, vCoverage.x` → r0.x = uintBitsToFloat(1u);
/// ```
pub fn coverage_in(cx: &mut DeclCtx<'_>) -> Result<(), LowerError> {
    if !enabled(cx) {
        return Err(refuse(
            "SV_Coverage input (vCoverage)".into(),
            "gl_SampleMaskIn needs GL_OES_sample_variables, which WebGL2 does not expose",
        ));
    }
    let (i, _) = io::var_once(cx, io::var("1u", Ty::Uint, 1, false))?;
    contract(cx);
    cx.set_scalar_register(OperandType::InputCoverageMask, i);
    Ok(())
}

/// `dcl_output oMask`: the output coverage mask.
///
/// **Spec**: D3D11.3 functional spec §16.9 (output coverage: ANDed with
/// the rasterizer's coverage; a sample whose bit is clear is not
/// updated — colour, depth and stencil alike).
///
/// **GLSL ES 3.00**: under `single_sample_target` the global
/// `highp uint dxlower_SampleMask = 0xffffffffu;` stores it, and the
/// stage epilogue (before every return of `main`) discards the pixel when
/// bit 0 — the one sample's — is clear; with one sample that is exactly
/// the update D3D skips. Refused otherwise.
///
/// **Example**:
/// ```text
/// dcl_output oMask      →   highp uint dxlower_SampleMask = 0xffffffffu;
/// mov oMask, l(6)       →   dxlower_SampleMask = 6u;
/// ret                   →   if ((dxlower_SampleMask & 1u) == 0u) discard;  return;
/// ```
pub fn coverage_out(cx: &mut DeclCtx<'_>) -> Result<(), LowerError> {
    if !cx.is_pixel() {
        return Err(LowerError::invalid("`oMask` outside a pixel shader"));
    }
    if !enabled(cx) {
        return Err(refuse(
            "SV_Coverage output (oMask)".into(),
            "gl_SampleMask needs GL_OES_sample_variables, which WebGL2 does not expose",
        ));
    }
    let (i, new) = io::var_once(cx, io::var(SAMPLE_MASK, Ty::Uint, 1, true))?;
    if new {
        cx.global_once(
            SAMPLE_MASK,
            format_args!("highp uint {SAMPLE_MASK} = 0xffffffffu;"),
        );
        cx.epilogue(&format!("if (({SAMPLE_MASK} & 1u) == 0u) discard;"));
        contract(cx);
    }
    cx.set_scalar_register(OperandType::OutputCoverageMask, i);
    Ok(())
}

/// `SV_SampleIndex` read by a pixel shader as `v{reg}` (lanes `mask`).
///
/// **Spec**: D3D11.3 functional spec §23.6 (sampleIndex: `0..n-1` for an
/// `n`-sample render target; declaring it runs the shader per sample).
///
/// **GLSL ES 3.00**: with `sample_variables` `gl_SampleID`
/// ([`crate::sysval::input`]); otherwise, under `single_sample_target`,
/// the read-only `uint` value `0u` (one sample, index 0); refused
/// otherwise.
///
/// **Example**:
/// ```text
/// dcl_input_ps_sgv constant v1.x, sampleIndex   →   v1.x → 0u
/// ```
pub fn sample_index(cx: &mut DeclCtx<'_>, reg: u32, mask: u8) -> Result<(), LowerError> {
    if !enabled(cx) {
        return Err(refuse(
            format!("SV_SampleIndex input v{reg}{}", io::mask_letters(mask)),
            "gl_SampleID needs GL_OES_sample_variables, which WebGL2 does not expose",
        ));
    }
    let (i, _) = io::var_once(cx, io::var("0u", Ty::Uint, 1, false))?;
    contract(cx);
    io::map_scalar(cx, Side::Input, reg, mask, i)
}
