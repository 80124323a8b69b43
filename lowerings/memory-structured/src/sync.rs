//! `sync`: barriers and memory fences, refused.

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode};

/// The fxc suffix of each `sync` flag bit (`sync_g_t`, `sync_uglobal`).
const FLAGS: [(u8, &str); 4] = [(8, "_uglobal"), (4, "_ugroup"), (2, "_g"), (1, "_t")];

/// `sync[_uglobal|_ugroup][_g][_t]`: a memory fence over UAVs and/or
/// shared memory, optionally a thread-group barrier.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#sync` (compute-only, refused like
/// `dcl_thread_group`); `docs/profiles.md#refused-in-every-profile`.
///
/// **GLSL ES 3.00**: none — `barrier()`, `memoryBarrier*()` and
/// `groupMemoryBarrier()` are GLSL ES 3.10 compute and storage features,
/// and an ES 3.00 stage has no memory another invocation could write.
/// Refused with `what` = the fxc spelling (`sync_uglobal`, `sync_g_t`).
/// In a pixel shader fxc emits only UAV fences (`sync_uglobal`);
/// barriers over shared memory or the thread group come from compute
/// shaders, which are refused as a stage first.
///
/// **Differences**: HLSLcc emits `barrier()`/`memoryBarrier*()`, not
/// ES 3.00.
///
/// **Example**:
/// ```text
/// sync_uglobal   →   refused: sync_uglobal: GLSL ES 3.00 has no barriers or memory fences …
/// ```
fn lower<'a>(inst: &'a Instruction, _cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let flags = inst.sync_flags();
    let mut what = String::from("sync");
    for (bit, suffix) in FLAGS {
        if flags & bit != 0 {
            what.push_str(suffix);
        }
    }
    Err(Refusal::new(
        what,
        "GLSL ES 3.00 has no barriers or memory fences (`barrier()` and `memoryBarrier*()` are \
         GLSL ES 3.10 compute and storage features) and no UAVs or shared memory to order",
    )
    .into())
}

register_handler! {
    opcodes: &[Opcode::Sync],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#sync",
    lower: Lower::Inst(lower),
}
