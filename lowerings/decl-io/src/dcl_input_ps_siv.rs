//! `dcl_input_ps_siv`: system-interpreted pixel inputs (`SV_Position`).

use crate::io;
use crate::sysval;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType, Payload};

/// The system value of an `_sgv`/`_siv` declaration's payload.
pub(crate) fn payload_name(inst: &Instruction) -> Result<dxlower_dxbc::SystemValue, LowerError> {
    match &inst.payload {
        Payload::SystemValue(sv) => Ok(*sv),
        _ => Err(LowerError::invalid(format!(
            "`{}` without its system-value name",
            inst.opcode
        ))),
    }
}

/// The `v#` register and mask of an input system-value declaration.
pub(crate) fn input_register(inst: &Instruction) -> Result<(u32, u8), LowerError> {
    let (op, reg, mask) = io::decl_register(inst)?;
    if op.ty != OperandType::Input {
        return Err(LowerError::invalid(format!(
            "`{}` of a {:?} register",
            inst.opcode, op.ty
        )));
    }
    Ok((reg, mask))
}

/// `dcl_input_ps_siv <mode> v#.mask, <name>`: a pixel input the
/// rasterizer interprets.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_input_ps_siv`, `lowerings/decl-io/docs/decl-io.md#system-values`;
/// core switch `fragcoord_origin`.
///
/// **GLSL ES 3.00** (via [`sysval::input`]):
/// - `position` → the early-main local
///   `vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);`
///   (D3D's `SV_Position.w` is `w`, `gl_FragCoord.w` is `1/w`), emitted
///   once; lane c of the register maps to `hlslcc_FragCoord` component c.
///   Under `fragcoord_origin = FlipWithUniform` y becomes
///   `dxlower_RenderTargetHeight - gl_FragCoord.y` with that uniform
///   declared (`highp float`).
/// - `clip_distance`/`cull_distance` → read-only `gl_ClipDistance[k]` /
///   `gl_CullDistance[k]` under `clip_cull_distance`, else refused.
/// - `rendertarget_array_index`, `viewport_array_index` → refused.
///
/// The interpolation mode is ignored: fxc writes `linear noperspective`
/// on `SV_Position`, which says how D3D interpolates it, not a qualifier
/// for a built-in, so the `noperspective` gate does not apply.
///
/// **Differences from HLSLcc**: none for `position` (same local, same
/// text); HLSLcc maps the render-target index to `gl_Layer`, which ES 3.00
/// fragment shaders do not have.
///
/// **Example**:
/// ```text
/// dcl_input_ps_siv linear noperspective v0.xy, position
///     →   early main: vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);
///         v0.x → hlslcc_FragCoord.x, v0.y → hlslcc_FragCoord.y
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    if !cx.is_pixel() {
        return Err(LowerError::invalid(
            "`dcl_input_ps_siv` outside a pixel shader",
        ));
    }
    let (reg, mask) = input_register(inst)?;
    sysval::input(cx, payload_name(inst)?, reg, mask)
}

register_handler! {
    opcodes: &[Opcode::DclInputPsSiv],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_input_ps_siv",
    lower: Lower::Decl(lower),
}
