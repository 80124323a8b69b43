//! Shared naming and reasons of the family's refusals.
//!
//! A refusal's `what` names the construct and the opcode that met it
//! (`UAV u1 (store_raw)`, `raw buffer t2 (ld_raw)`, `shared memory g0
//! (dcl_tgsm_raw)`), so the sweep groups shaders by the blocker; `why`
//! names the GLSL ES 3.00 / WebGL2 feature that is missing.

use dxlower_core::{Ctx, LowerError, Refusal, Ty};
use dxlower_dxbc::rdef::ShaderInputType;
use dxlower_dxbc::{
    Instruction, Opcode, Operand, OperandType, Payload, Program, ProgramType, Rdef,
};

/// GLSL ES 3.00 has no storage buffers.
pub const NO_SSBO: &str = "GLSL ES 3.00 has no shader storage buffers (`buffer` blocks are \
     GLSL ES 3.10), and WebGL2 binds no writable resource to any shader stage";

/// GLSL ES 3.00 has no images.
pub const NO_IMAGES: &str = "GLSL ES 3.00 has no images (`imageLoad`/`imageStore` are GLSL ES \
     3.10), and WebGL2 binds no writable resource to any shader stage";

/// Thread-group shared memory is compute-only.
pub const NO_SHARED: &str = "thread-group shared memory belongs to compute shaders; GLSL ES 3.00 \
     has no compute stage and no `shared` variables";

/// Byte-addressed reads of a read-only buffer (lifted by the
/// `structured_data_texture` pass).
pub const NO_RAW_SRV: &str = "GLSL ES 3.00 has no byte-addressed buffers: a ByteAddressBuffer \
     needs a shader storage buffer (GLSL ES 3.10)";

/// Structured reads of a read-only buffer (lifted by the
/// `bone_transforms` pass for the vertex-stage BoneTransforms buffer and
/// by the `structured_data_texture` pass for the others).
pub const NO_STRUCTURED_SRV: &str = "GLSL ES 3.00 has no shader storage buffers (`buffer` blocks \
     are GLSL ES 3.10)";

/// The GLSL ES 3.00 atomics gap.
pub const NO_ATOMICS: &str = "GLSL ES 3.00 has no atomic memory operations (`atomicAdd` and \
     friends, `imageAtomic*` and atomic counters are GLSL ES 3.10), and WebGL2 binds no writable \
     resource to any shader stage";

/// What a UAV holds, for the reason of an access to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UavKind {
    /// A typed UAV (`RWTexture*`, `RWBuffer<>`): an image in GLSL terms.
    Typed,
    /// A raw or structured UAV: a storage buffer in GLSL terms.
    Buffer,
}

/// The register number of a memory operand (`u1` → 1; the range id of an
/// SM5.1 operand), or 0 when it has none.
pub fn register(op: &Operand) -> u64 {
    op.indices.first().map(|i| i.imm).unwrap_or(0)
}

/// `UAV u1`, `<srv_kind> t3`, `shared memory g0`.
pub fn name(op: &Operand, srv_kind: &str) -> String {
    let r = register(op);
    match op.ty {
        OperandType::UnorderedAccessView => format!("UAV u{r}"),
        OperandType::Resource => format!("{srv_kind} t{r}"),
        OperandType::ThreadGroupSharedMemory => format!("shared memory g{r}"),
        other => format!("{other:?} operand {r}"),
    }
}

/// The reason an access to `op` has no GLSL ES 3.00 form
/// (`srv_why` for a read-only `t#` resource).
pub fn reason(op: &Operand, uav: UavKind, srv_why: &'static str) -> &'static str {
    match op.ty {
        OperandType::UnorderedAccessView => match uav {
            UavKind::Typed => NO_IMAGES,
            UavKind::Buffer => NO_SSBO,
        },
        OperandType::ThreadGroupSharedMemory => NO_SHARED,
        _ => srv_why,
    }
}

/// Operand `i` of `inst`, or an error naming the opcode.
pub fn operand(inst: &Instruction, i: usize) -> Result<&Operand, LowerError> {
    inst.operands.get(i).ok_or_else(|| {
        LowerError::invalid(format!(
            "`{}` has {} operands, operand {i} expected",
            inst.opcode,
            inst.operands.len()
        ))
    })
}

/// The refusal of `inst` accessing memory operand `i`: `what` is
/// `<name> (<mnemonic>)`, `why` the reason for its register file.
pub fn refuse_access(
    inst: &Instruction,
    i: usize,
    srv_kind: &str,
    uav: UavKind,
    srv_why: &'static str,
) -> LowerError {
    match operand(inst, i) {
        Ok(op) => Refusal::new(
            format!("{} ({})", name(op, srv_kind), inst.opcode),
            reason(op, uav, srv_why),
        )
        .into(),
        Err(e) => e,
    }
}

/// Index of the first memory operand (`t#`, `u#`, `g#`) of `inst`.
pub fn memory_operand(inst: &Instruction) -> Result<usize, LowerError> {
    inst.operands
        .iter()
        .position(|o| {
            matches!(
                o.ty,
                OperandType::Resource
                    | OperandType::UnorderedAccessView
                    | OperandType::ThreadGroupSharedMemory
            )
        })
        .ok_or_else(|| {
            LowerError::invalid(format!("`{}` without a t#, u# or g# operand", inst.opcode))
        })
}

/// `vs`, `ps`, … for a stage in a refusal's reason.
pub fn stage_name(stage: ProgramType) -> &'static str {
    match stage {
        ProgramType::Vertex => "vs",
        ProgramType::Pixel => "ps",
        ProgramType::Geometry => "gs",
        ProgramType::Hull => "hs",
        ProgramType::Domain => "ds",
        ProgramType::Compute => "cs",
        _ => "other",
    }
}

/// The register of the buffer SRV `res`, operand `i` of `inst`: an error
/// when the operand is indexed dynamically (a buffer SRV is read from one
/// fixed register).
pub fn srv_register(inst: &Instruction, i: usize, res: &Operand) -> Result<u32, LowerError> {
    res.reg().ok_or_else(|| {
        LowerError::invalid(format!(
            "operand {i} (t#) of `{}` is indexed dynamically: a buffer SRV is read from one \
             fixed register",
            inst.opcode
        ))
    })
}

/// The load of a stubbed resource (`stub_resource_registers`,
/// `docs/profiles.md#stubbed-resources`): zero bits in every written lane of destination operand 0
/// (`r0.xy = uintBitsToFloat(uvec2(0u));`).
pub fn write_zero<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let dst = cx.dst(inst, 0)?;
    cx.assign(dst, Ty::Uint, 1, &"0u")
}

/// The stride of structured buffer `t<reg>`: from its
/// `dcl_resource_structured`, else from the load's
/// `_indexable(structured_buffer, stride=N)` token.
pub fn stride_of(program: &Program, inst: &Instruction, reg: u32) -> Option<u32> {
    program
        .instructions
        .iter()
        .filter(|i| i.opcode == Opcode::DclResourceStructured)
        .find(|i| {
            i.operands
                .first()
                .is_some_and(|o| o.ty == OperandType::Resource && register(o) == u64::from(reg))
        })
        .and_then(|i| match i.payload {
            Payload::Structured { stride, .. } => Some(stride),
            _ => None,
        })
        .or_else(|| {
            inst.ext_resource_dim()
                .map(|(_, s)| u32::from(s))
                .filter(|&s| s != 0)
        })
}

/// The RDEF name of the structured buffer bound at `t<reg>`, when the
/// stage has resource definitions that list it.
pub fn binding_name(rdef: Option<&Rdef>, reg: u32) -> Option<&str> {
    rdef?
        .bindings
        .iter()
        .find(|b| {
            b.input_type == ShaderInputType::Structured
                && reg >= b.bind_point
                && u64::from(reg) < u64::from(b.bind_point) + u64::from(b.bind_count.max(1))
        })
        .map(|b| b.name.as_str())
}
