//! `ld_structured`: structured-buffer loads — the vertex-stage
//! `BoneTransforms` rows under the `bone_transforms` pass, the data
//! textures of the `structured_data_texture` pass, zero for a stubbed
//! buffer, refused otherwise.

use crate::bone_transforms::{self, BonePass, BINDING_NAME, PASS, STRIDE};
use crate::common::{self, binding_name, stride_of, UavKind, NO_STRUCTURED_SRV};
use crate::data_texture::{self, BufferKind, DataTexturePass};
use dxlower_core::{register_handler, Ctx, Lift, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType, ProgramType};

/// What lifts the refusal of a vertex-stage 48-byte structured buffer.
pub fn lifted_by() -> Lift {
    Lift::pass(PASS, "profile pass bone_transforms (ccpwgl, native)")
}

/// `ld_structured dst, index, byteOffset, t#|u#|g#.swz`: reads the dwords
/// `byteOffset / 4 + swz[c]` of element `index`, one per written lane.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#ld_structured`;
/// `docs/profiles.md#bone_transforms`, `docs/profiles.md#structured_data_texture`
/// (the other buffers), `docs/profiles.md#refused-in-every-profile` (UAVs).
///
/// **GLSL ES 3.00**: no storage buffers, so only a load that a profile
/// pass maps onto uniform storage lowers: a vertex shader's
/// `BoneTransforms` buffer under `bone_transforms` (see
/// [`bone_transforms`] for the identification rule, both modes and the
/// hard errors):
/// ```glsl
/// // cb3_splice (ccpwgl; r0.x = v1.x + cb3[26].x, the add bypassed)
/// r2 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 27].xyzw;
/// // ubo (native)
/// r2 = sb0.data[floatBitsToInt(r0.x) * 3 + 1].xyzw;
/// ```
/// Any other structured SRV of a stage the `structured_data_texture` pass
/// covers is read from its RGBA32UI data texture (see [`data_texture`]
/// for the host contract, the addressing and the hard errors):
/// ```glsl
/// // stride 48, byte offset 16, .xyzw: one texel
/// r2 = uintBitsToFloat(dx11_data_texel(sb0, floatBitsToUint(r0.x) * 3u + 1u).xyzw);
/// // stride 4: one dword
/// r0.x = uintBitsToFloat(dx11_data_dword(sb1, floatBitsToUint(r1.x)));
/// ```
/// A buffer the profile stubs (`stub_resource_registers`, by RDEF name)
/// reads zero bits: `r0.x = uintBitsToFloat(0u);` — stubbing wins over
/// both passes.
///
/// Everything else is refused by name: `structured buffer t<r>
/// (ld_structured)` (`lifted_by` the `bone_transforms` pass for a
/// vertex-stage 48-byte buffer while the profile does not run it, the
/// `structured_data_texture` pass otherwise), `UAV u<r> (ld_structured)`,
/// `shared memory g<r> (ld_structured)`. In a whole shader the
/// declaration (`dcl_resource_structured`, `dcl_uav_structured`,
/// `dcl_tgsm_structured`) is refused first with the same names.
///
/// **Differences**: HLSLcc reads `t0_buf[idx].value[(off >> 2u) + c]`
/// from a `buffer` block (not ES 3.00); the historical ccpwgl text pass
/// silently skipped loads it did not recognise, which are errors here.
///
/// **Example**:
/// ```text
/// iadd r0.xyzw, v1.xyzw, cb3[26].xxxx
/// ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r2.xyzw, r0.x, l(16), t0.xyzw
///     →   (ccpwgl)  r2 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 27].xyzw;
///     →   (native)  r2 = sb0.data[floatBitsToInt(r0.x) * 3 + 1].xyzw;
///     →   (webgl2)  refused: structured buffer t0 (ld_structured): … (lifted by profile pass bone_transforms (ccpwgl, native))
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = 3;
    let res = cx.operand(inst, i)?;
    match res.ty {
        OperandType::Resource => {}
        OperandType::UnorderedAccessView | OperandType::ThreadGroupSharedMemory => {
            return Err(common::refuse_access(
                inst,
                i,
                "structured buffer",
                UavKind::Buffer,
                NO_STRUCTURED_SRV,
            ))
        }
        other => {
            return Err(LowerError::invalid(format!(
                "`ld_structured` reads a {other:?} operand (expected t#, u# or g#)"
            )))
        }
    }
    let reg = common::srv_register(inst, i, res)?;
    let st = cx.state();
    if st.stubbed_resource(reg).is_some() {
        return common::write_zero(inst, cx);
    }
    let stride = stride_of(st.input.program, inst, reg);
    let pass = if st.stage == ProgramType::Vertex {
        cx.data::<BonePass>().cloned()
    } else {
        None
    };
    let binding = binding_name(st.input.rdef, reg);
    if let (Some(pass), Some(stride)) = (&pass, stride) {
        if bone_transforms::is_bone_buffer(st.stage, binding, stride) {
            return bone_transforms::lower_load(inst, cx, pass, reg, stride);
        }
    }
    let data = cx.data::<DataTexturePass>().cloned();
    if let (Some(data), Some(stride)) = (&data, stride) {
        if data_texture::takes(st, data, reg, BufferKind::Structured(stride)) {
            return data_texture::lower_load(inst, cx, data, reg, BufferKind::Structured(stride));
        }
    }
    let what = format!("structured buffer t{reg} ({})", inst.opcode);
    let Some(stride) = stride else {
        return Err(Refusal::new(
            what,
            format!("{NO_STRUCTURED_SRV} (and t{reg} has no dcl_resource_structured)"),
        )
        .into());
    };
    if let Some(data) = &data {
        let why = data_texture::not_taken(st, data);
        return Err(Refusal::new(what, format!("{NO_STRUCTURED_SRV}; {why}")).into());
    }
    let refusal = if pass.is_some() {
        let found = match binding {
            Some(name) => format!("t{reg} is bound as `{name}`"),
            None => format!("t{reg} has stride {stride}"),
        };
        Refusal::new(
            what,
            format!(
                "{NO_STRUCTURED_SRV}; the {PASS} pass rewrites only the {STRIDE}-byte \
                 {BINDING_NAME} buffer and {found}"
            ),
        )
        .lifted_by(data_texture::lifted_by())
    } else if bone_transforms::is_bone_buffer(st.stage, binding, stride) {
        Refusal::new(what, NO_STRUCTURED_SRV).lifted_by(lifted_by())
    } else {
        Refusal::new(what, NO_STRUCTURED_SRV).lifted_by(data_texture::lifted_by())
    };
    Err(refusal.into())
}

register_handler! {
    opcodes: &[Opcode::LdStructured],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#ld_structured",
    lower: Lower::Inst(lower),
}
