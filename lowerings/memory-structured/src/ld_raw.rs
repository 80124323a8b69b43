//! `ld_raw`: byte-addressed loads, refused.

use crate::common::{self, UavKind, NO_RAW_SRV};
use dxlower_core::{register_handler, Ctx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

/// `ld_raw dst, byteOffset, t#|u#|g#`: reads consecutive dwords of a
/// `ByteAddressBuffer`, a `RWByteAddressBuffer` or shared memory.
///
/// **Spec**: families.md §6 `ld_raw` ("same as above without the struct
/// index; no WebGL2 path known … → refuse"); profiles.md §2.
///
/// **GLSL ES 3.00**: none — byte-addressed memory is a shader storage
/// buffer (GLSL ES 3.10) and no profile rewrite covers raw buffers. The
/// declarations (`dcl_resource_raw`, `dcl_uav_raw`, `dcl_tgsm_raw`) are
/// refused first; this refusal names the instruction for a program that
/// reaches it: `what` = `raw buffer t<r> (ld_raw)`, `UAV u<r> (ld_raw)` or
/// `shared memory g<r> (ld_raw)`.
///
/// **Differences**: HLSLcc indexes a `uint` array of a `buffer` block
/// (`t0_buf[(off >> 2u) + c]`), not ES 3.00.
///
/// **Example**:
/// ```text
/// ld_raw r0.xy, l(16), t2.xyxx   →   refused: raw buffer t2 (ld_raw): GLSL ES 3.00 has no byte-addressed buffers …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    Err(common::refuse_access(
        inst,
        i,
        "raw buffer",
        UavKind::Buffer,
        NO_RAW_SRV,
    ))
}

register_handler! {
    opcodes: &[Opcode::LdRaw],
    family: "memory-structured",
    spec: "families.md §6 ld_raw; profiles.md §2",
    lower: Lower::Inst(lower),
}
