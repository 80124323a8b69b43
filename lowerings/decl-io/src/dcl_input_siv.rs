//! `dcl_input_siv`: system-interpreted inputs outside the pixel-shader
//! opcode set.

use crate::dcl_input::declare_attributes;
use crate::dcl_input_ps_siv::{input_register, payload_name};
use crate::sysval;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `dcl_input_siv v#.mask, <name>`: an input register whose value a
/// previous stage produced as a system value.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_input_siv`.
///
/// **GLSL ES 3.00**: fxc emits this opcode for geometry, hull and domain
/// inputs (an earlier stage's `SV_Position` arriving as an ordinary
/// input); the vertex/pixel corpus has none (see `lowerings/decl-io/docs/decl-io.md#6-dcl_input_siv-in-vertex-and-pixel-shaders`). The
/// two stages it could appear in are lowered by what the value is there:
/// - vertex shader: the input assembler interprets nothing but vertex and
///   instance ids (which fxc declares with `_sgv`), so the register is an
///   attribute: the ISGN rows are declared exactly as `dcl_input` does;
/// - pixel shader: the name is lowered as by `dcl_input_ps_siv`
///   (`position` → `hlslcc_FragCoord`, ...).
///
/// **Differences from HLSLcc**: HLSLcc emits nothing and only records an
/// interpolation mode for a later declaration of the same register; a
/// register no declaration defines would then fail at its first read, so
/// the register is defined here instead.
///
/// **Example**:
/// ```text
/// VS, ISGN POSITION0 v0.xyzw: dcl_input_siv v0.xyzw, position   →   in highp vec4 in_POSITION0;
/// PS: dcl_input_siv v0.xy, position   →   v0.xy → hlslcc_FragCoord.xy
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let (reg, mask) = input_register(inst)?;
    if cx.is_pixel() {
        sysval::input(cx, payload_name(inst)?, reg, mask)
    } else {
        declare_attributes(cx, reg, mask)
    }
}

register_handler! {
    opcodes: &[Opcode::DclInputSiv],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_input_siv",
    lower: Lower::Decl(lower),
}
