//! `atomic_*` and `imm_atomic_*`: atomic memory operations, refused.

use crate::common::{self, NO_ATOMICS};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// Every atomic opcode: the nine `atomic_*` (no result) and the twelve
/// `imm_atomic_*` (result in a register, including the append/consume
/// counter ops `imm_atomic_alloc` and `imm_atomic_consume`).
pub const ATOMICS: &[Opcode] = &[
    Opcode::AtomicAnd,
    Opcode::AtomicOr,
    Opcode::AtomicXor,
    Opcode::AtomicCmpStore,
    Opcode::AtomicIadd,
    Opcode::AtomicImax,
    Opcode::AtomicImin,
    Opcode::AtomicUmax,
    Opcode::AtomicUmin,
    Opcode::ImmAtomicAlloc,
    Opcode::ImmAtomicConsume,
    Opcode::ImmAtomicIadd,
    Opcode::ImmAtomicAnd,
    Opcode::ImmAtomicOr,
    Opcode::ImmAtomicXor,
    Opcode::ImmAtomicExch,
    Opcode::ImmAtomicCmpExch,
    Opcode::ImmAtomicImax,
    Opcode::ImmAtomicImin,
    Opcode::ImmAtomicUmax,
    Opcode::ImmAtomicUmin,
];

/// `atomic_<op> u#|g#, address, value(s)` and `imm_atomic_<op> dst,
/// u#|g#, address, value(s)`, `imm_atomic_alloc dst, u#`,
/// `imm_atomic_consume dst, u#`: read-modify-write of a UAV or shared
/// memory.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#atomics` (`atomic_iadd` occurs in a real pixel-stage
/// shader, so atomics are
/// refused in the pixel stage too, with no
/// assumption that they are compute-only);
/// `docs/profiles.md#refused-in-every-profile`.
///
/// **GLSL ES 3.00**: none — `atomicAdd` and the other memory atomics,
/// `imageAtomic*` and atomic counters are all GLSL ES 3.10, and WebGL2
/// binds no writable resource. Refused in every stage with `what` = the
/// mnemonic (`atomic_iadd`) and the target named in `why`.
///
/// **Differences**: HLSLcc emits `atomicAdd` and friends on `buffer`
/// blocks or images, not ES 3.00.
///
/// **Example**:
/// ```text
/// atomic_iadd u0, l(0), l(1)   →   refused: atomic_iadd: GLSL ES 3.00 has no atomic memory operations … (target: UAV u0)
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    let target = common::name(common::operand(inst, i)?, "resource");
    let why = match inst.opcode {
        Opcode::ImmAtomicAlloc | Opcode::ImmAtomicConsume => format!(
            "an append/consume counter is an atomic counter: {NO_ATOMICS} (target: {target})"
        ),
        _ => format!("{NO_ATOMICS} (target: {target})"),
    };
    Err(Refusal::new(inst.opcode.mnemonic(), why).into())
}

register_handler! {
    opcodes: ATOMICS,
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#atomics",
    lower: Lower::Inst(lower),
}
