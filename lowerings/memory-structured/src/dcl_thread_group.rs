//! `dcl_thread_group`: the compute thread-group size, refused.

use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, Payload};

/// `dcl_thread_group x, y, z`: the `[numthreads]` of a compute shader.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#dcl_thread_group` (compute-only, refused like
/// `sync`); `docs/profiles.md#refused-in-every-profile` (compute shaders).
///
/// **GLSL ES 3.00**: none; there are only vertex and fragment shaders
/// (`layout(local_size_x = …) in;` is GLSL ES 3.10). Compute shaders are
/// refused as a stage before their declarations run, so this handler
/// meets the declaration only in a vertex or pixel shader, which D3D
/// itself would reject; it is refused with `what` = `compute thread
/// group (dcl_thread_group)`.
///
/// **Differences**: none (HLSLcc emits the compute `layout`).
///
/// **Example**:
/// ```text
/// dcl_thread_group 64, 1, 1   →   refused: compute thread group (dcl_thread_group): [numthreads(64, 1, 1)] is …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let [x, y, z] = match inst.payload {
        Payload::ThreadGroup(xyz) => xyz,
        _ => {
            return Err(LowerError::invalid(
                "`dcl_thread_group` without its three sizes",
            ))
        }
    };
    Err(Refusal::new(
        format!("compute thread group ({})", inst.opcode),
        format!(
            "[numthreads({x}, {y}, {z})] is a compute-shader declaration; GLSL ES 3.00 has only \
             vertex and fragment shaders (compute shaders are GLSL ES 3.10) and WebGL2 has no \
             compute stage"
        ),
    )
    .into())
}

register_handler! {
    opcodes: &[Opcode::DclThreadGroup],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#dcl_thread_group",
    lower: Lower::Decl(lower),
}
