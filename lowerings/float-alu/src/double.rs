//! Double-precision instructions (SM5 `d*`, `dtof`, `ftod`, ...): refused.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// The double-precision opcodes of SM 5.0 and 5.1 (D3D11 and D3D11.1).
pub const DOUBLE_OPCODES: &[Opcode] = &[
    Opcode::Dadd,
    Opcode::Dmax,
    Opcode::Dmin,
    Opcode::Dmul,
    Opcode::Deq,
    Opcode::Dge,
    Opcode::Dlt,
    Opcode::Dne,
    Opcode::Dmov,
    Opcode::Dmovc,
    Opcode::Dtof,
    Opcode::Ftod,
    Opcode::Ddiv,
    Opcode::Dfma,
    Opcode::Drcp,
    Opcode::Dtoi,
    Opcode::Dtou,
    Opcode::Itod,
    Opcode::Utod,
];

/// Every double-precision instruction: refused.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#double-precision` (refused in every profile,
/// `docs/profiles.md#refused-in-every-profile`).
///
/// **GLSL ES 3.00**: none — ES 3.00 has no `double` type and no 64-bit
/// integer to emulate one exactly (`GL_ARB_gpu_shader_fp64` is desktop-only).
///
/// **Differences**: the stage is refused by name; no GLSL is produced, so
/// nothing is silently computed at single precision.
///
/// **Example**:
/// ```text
/// dadd r0.xy, r1.xyxy, r2.xyxy   →   refused: dadd: GLSL ES 3.00 has no double precision
/// ```
fn lower_double<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    Err(Refusal::new(
        inst.opcode.mnemonic(),
        "GLSL ES 3.00 has no double-precision type (doubles are desktop GLSL 4.00 / fp64 only)",
    )
    .into())
}

register_handler! {
    opcodes: DOUBLE_OPCODES,
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#double-precision",
    lower: Lower::Inst(lower_double),
}
