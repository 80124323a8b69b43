//! `dcl_input_ps_sgv`: system-generated pixel inputs (`SV_IsFrontFace`,
//! `SV_SampleIndex`, `SV_PrimitiveID`).

use crate::dcl_input_ps_siv::{input_register, payload_name};
use crate::sysval;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `dcl_input_ps_sgv [<mode>] v#.mask, <name>`: a pixel input the
/// rasterizer generates.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_input_ps_sgv-dcl_input_sgv`, `lowerings/decl-io/docs/decl-io.md#system-values`
/// (`SV_SampleIndex` under `sample_variables`,
/// `SV_PrimitiveID` refused).
///
/// **GLSL ES 3.00** (via [`sysval::input`]):
/// - `is_front_face` → the read-only scalar `uint` variable named
///   `(gl_FrontFacing ? 0xffffffffu : uint(0))`: D3D's front-face value
///   is a mask (all bits set when true), so every read is that uint
///   expression, bit-cast by the register model at float reads
///   (`uintBitsToFloat((gl_FrontFacing ? 0xffffffffu : uint(0)))`).
/// - `sampleIndex` → `gl_SampleID` (scalar `int`) with
///   `#extension GL_OES_sample_variables : require` when the profile sets
///   `sample_variables`; refused otherwise (lifted by that switch).
/// - `primitive_id` → refused (`gl_PrimitiveID` needs geometry shaders).
///
/// **Differences from HLSLcc**: the front-face text is HLSLcc's; it is
/// stored as a `uint` variable instead of being spliced into a float
/// temp, so integer consumers read it without a bit-cast round trip.
///
/// **Example**:
/// ```text
/// dcl_input_ps_sgv constant v1.x, is_front_face
///     →   v1.x → (gl_FrontFacing ? 0xffffffffu : uint(0))
///         `mov r0.x, v1.x` → r0.x = uintBitsToFloat((gl_FrontFacing ? 0xffffffffu : uint(0)));
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    if !cx.is_pixel() {
        return Err(LowerError::invalid(
            "`dcl_input_ps_sgv` outside a pixel shader",
        ));
    }
    let (reg, mask) = input_register(inst)?;
    sysval::input(cx, payload_name(inst)?, reg, mask)
}

register_handler! {
    opcodes: &[Opcode::DclInputPsSgv],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_input_ps_sgv-dcl_input_sgv",
    lower: Lower::Decl(lower),
}
