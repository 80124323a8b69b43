//! `dcl_output_siv`: system-interpreted vertex outputs (`SV_Position`).

use crate::io;
use crate::{dcl_input_ps_siv::payload_name, sysval};
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `dcl_output_siv o#.mask, <name>`: an output the rasterizer interprets.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_output_siv`, `lowerings/decl-io/docs/decl-io.md#system-values`;
/// profile switches `precise`, `clip_cull_distance`, `clip_cull_extension`,
/// `clip_z_remap` (stage epilogue).
///
/// **GLSL ES 3.00** (via [`sysval::output`]):
/// - `position` → the register's lanes map to the same components of the
///   writable built-in `gl_Position` (no declaration), and two profile
///   switches apply:
///   - `precise = InvariantPosition`: `invariant gl_Position;` when any
///     instruction of the shader carries the SM5 precise mask;
///   - `clip_z_remap = Epilogue`: the stage epilogue gets
///     `gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;`, run by every
///     return of `main` (`ret`, `retc`, and the end of `main` when it has
///     no final `ret`), i.e. after the shader's last write of the position;
/// - `clip_distance`/`cull_distance` → one writable `gl_ClipDistance[k]`
///   / `gl_CullDistance[k]` per lane, `k` numbering the components of the
///   signature's clip (cull) rows consecutively in semantic-index order,
///   with the `#extension … : require` of the profile's
///   `clip_cull_extension` (`GL_EXT_clip_cull_distance` for GLES drivers,
///   `GL_ANGLE_clip_cull_distance` for WebGL's `WEBGL_clip_cull_distance`),
///   when the profile sets `clip_cull_distance`; refused otherwise (lifted
///   by it);
/// - `rendertarget_array_index`, `viewport_array_index`, `primitive_id`
///   → refused; vertex/instance id and front face are never outputs.
///
/// **Differences from HLSLcc**: HLSLcc indexes clip distances by its own
/// per-register scheme and asks for `GL_EXT_clip_cull_distance`; the
/// consecutive numbering here gives the runtime distances `0..n-1` to
/// enable.
///
/// **Example**:
/// ```text
/// dcl_output_siv o0.xyzw, position    →   o0 → gl_Position; `mov o0.xyzw, r0.xyzw` → gl_Position = r0.xyzw;
///                                          (clip_z_remap = Epilogue) before each `return;`:
///                                          gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
/// dcl_output_siv o1.x, clip_distance  →   o1.x → gl_ClipDistance[0]   (clip_cull_distance = true)
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let (op, reg, mask) = io::decl_register(inst)?;
    if op.ty != OperandType::Output {
        return Err(LowerError::invalid(format!(
            "`dcl_output_siv` of a {:?} register",
            op.ty
        )));
    }
    sysval::output(cx, payload_name(inst)?, reg, mask)
}

register_handler! {
    opcodes: &[Opcode::DclOutputSiv],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_output_siv",
    lower: Lower::Decl(lower),
}
