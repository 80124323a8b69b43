//! `dcl_input_sgv`: system-generated vertex inputs (`SV_VertexID`,
//! `SV_InstanceID`).

use crate::dcl_input_ps_siv::{input_register, payload_name};
use crate::sysval;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `dcl_input_sgv v#.mask, <name>`: an input the input assembler
/// generates.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_input_ps_sgv-dcl_input_sgv`, `lowerings/decl-io/docs/decl-io.md#system-values`;
/// profile switch `vertex_id_base`.
///
/// **GLSL ES 3.00** (via [`sysval::input`]):
/// - `vertex_id` → the read-only scalar `int` variable `gl_VertexID`;
///   float reads are `intBitsToFloat(gl_VertexID)`, int reads plain. D3D's
///   vertex id excludes the draw's start vertex while WebGL2's includes
///   `drawArrays`' `first`: with `vertex_id_base = AssumeZero` the runtime
///   must draw with `first = 0`; with `Uniform(name)` the variable is
///   `(gl_VertexID - name)` and `uniform highp int name;` is declared.
/// - `instance_id` → `gl_InstanceID` (WebGL2 has no base instance).
/// - In a pixel shader the pixel-side system values of [`sysval::input`]
///   apply (fxc uses `dcl_input_ps_sgv` there).
///
/// **Differences from HLSLcc**: the values stay `int` variables; HLSLcc
/// pastes `gl_VertexID` into a typed temp after its type analysis.
///
/// **Example**:
/// ```text
/// dcl_input_sgv v0.x, vertex_id   →   v0.x → gl_VertexID
/// `mov r0.x, v0.x`                →   r0.x = intBitsToFloat(gl_VertexID);
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let (reg, mask) = input_register(inst)?;
    sysval::input(cx, payload_name(inst)?, reg, mask)
}

register_handler! {
    opcodes: &[Opcode::DclInputSgv],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_input_ps_sgv-dcl_input_sgv",
    lower: Lower::Decl(lower),
}
