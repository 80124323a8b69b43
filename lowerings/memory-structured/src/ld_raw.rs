//! `ld_raw`: byte-addressed loads — the data textures of the
//! `structured_data_texture` pass, zero for a stubbed buffer, refused
//! otherwise.

use crate::common::{self, UavKind, NO_RAW_SRV};
use crate::data_texture::{self, BufferKind, DataTexturePass};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, Opcode, OperandType};

/// `ld_raw dst, byteOffset, t#|u#|g#`: reads consecutive dwords of a
/// `ByteAddressBuffer`, a `RWByteAddressBuffer` or shared memory.
///
/// **Spec**: `lowerings/memory-structured/docs/memory-structured.md#ld_raw` (as `ld_structured` without the structure
/// index); `docs/profiles.md#structured_data_texture`.
///
/// **GLSL ES 3.00**: byte-addressed memory is a shader storage buffer
/// (GLSL ES 3.10). A read-only `t#` buffer of a stage the
/// `structured_data_texture` pass covers is read from its RGBA32UI data
/// texture instead (see [`data_texture`]): dword `byteOffset / 4 +
/// swz[c]` per written lane,
/// ```glsl
/// r0.xy = uintBitsToFloat(dx11_data_texel(sb2, 1u).xy);                    // l(16)
/// o0.x = uintBitsToFloat(dx11_data_dword(sb0, (floatBitsToUint(cb0.data[0].x) >> 2u)));
/// ```
/// A constant address that is not a multiple of 4 is an error; one in a
/// register has its low two bits ignored. A buffer the profile stubs
/// (`stub_resource_registers`) reads zero bits.
///
/// Everything else is refused: the declarations (`dcl_resource_raw`,
/// `dcl_uav_raw`, `dcl_tgsm_raw`) are refused first; this refusal names
/// the instruction for a program that reaches it: `what` = `raw buffer
/// t<r> (ld_raw)` (`lifted_by` the `structured_data_texture` pass), `UAV
/// u<r> (ld_raw)` or `shared memory g<r> (ld_raw)`.
///
/// **Differences**: HLSLcc indexes a `uint` array of a `buffer` block
/// (`t0_buf[(off >> 2u) + c]`), not ES 3.00.
///
/// **Example**:
/// ```text
/// ld_raw r0.xy, l(16), t2.xyxx
///     →   (native)  r0.xy = uintBitsToFloat(dx11_data_texel(sb2, 1u).xy);
///     →   (webgl2)  refused: raw buffer t2 (ld_raw): GLSL ES 3.00 has no byte-addressed buffers …
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let i = common::memory_operand(inst)?;
    let res = cx.operand(inst, i)?;
    if res.ty != OperandType::Resource {
        return Err(common::refuse_access(
            inst,
            i,
            "raw buffer",
            UavKind::Buffer,
            NO_RAW_SRV,
        ));
    }
    let reg = common::srv_register(inst, i, res)?;
    let st = cx.state();
    if st.stubbed_resource(reg).is_some() {
        return common::write_zero(inst, cx);
    }
    let what = format!("raw buffer t{reg} ({})", inst.opcode);
    if i != 2 {
        return Err(LowerError::invalid(format!(
            "`{}` reads its buffer from operand {i} (expected operand 2)",
            inst.opcode
        )));
    }
    match cx.data::<DataTexturePass>().cloned() {
        Some(data) if data_texture::takes(st, &data, reg, BufferKind::Raw) => {
            data_texture::lower_load(inst, cx, &data, reg, BufferKind::Raw)
        }
        Some(data) => Err(Refusal::new(
            what,
            format!("{NO_RAW_SRV}; {}", data_texture::not_taken(st, &data)),
        )
        .into()),
        None => Err(Refusal::new(what, NO_RAW_SRV)
            .lifted_by(data_texture::lifted_by())
            .into()),
    }
}

register_handler! {
    opcodes: &[Opcode::LdRaw],
    family: "memory-structured",
    spec: "lowerings/memory-structured/docs/memory-structured.md#ld_raw",
    lower: Lower::Inst(lower),
}
