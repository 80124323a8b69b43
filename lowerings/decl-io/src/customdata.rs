//! `customdata`: the immediate constant buffer (other classes ignored).

use crate::switches::IcbShape;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError, Ty};
use dxlower_dxbc::{CustomDataClass, Instruction, Opcode, Payload};
use std::fmt::Write;

/// The D3D limit on immediate-constant-buffer size, in `vec4`s
/// (`D3D10_SB_MAX_IMMEDIATE_CONSTANT_BUFFER_VEC4_SIZE`).
const MAX_ICB_VEC4S: usize = 4096;

/// `customdata`: an immediate constant buffer (`dcl_immediateConstantBuffer`)
/// or an ignored comment/debug block.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#customdata`, `docs/conventions.md#immediates` (bit-exact data);
/// profile switch `icb_shape`.
///
/// **GLSL ES 3.00**: the ICB becomes one global constant array named
/// `ImmCB_0` of K = dwords/4 elements, every dword carried as its raw
/// bits (never re-printed as a decimal float, which would lose NaN
/// payloads, ±Inf, -0 and the denormal patterns of integer tables),
/// recorded in [`dxlower_core::StageState::icb_len`] and `icb_ty`:
/// - `icb_shape = ConstUvec4Array` (default): the dwords as `uint`
///   constants, `const uvec4 ImmCB_0[K] = uvec4[K](uvec4(0x3fc00000u,
///   …), …);`; `icb_ty` is `Uint`, so a float read prints
///   `uintBitsToFloat(ImmCB_0[i].x)` and a uint read `ImmCB_0[i].x`.
/// - `ConstVec4Array` (the float form): `const vec4 ImmCB_0[K] =
///   vec4[K](vec4(uintBitsToFloat(0x3fc00000u), …), …);`, `icb_ty`
///   `Float`. Valid GLSL ES 3.00 (built-in calls on constants are
///   constant expressions) and accepted by ANGLE and Mesa, but
///   glslangValidator rejects the initializer, and ANGLE folds it to float
///   constants that its HLSL back end prints in decimal — see
///   `lowerings/decl-io/docs/decl-io.md#1-immediate-constant-buffer-raw-dwords-in-a-const-uvec4-array`.
///
/// Dynamic indexing of a global array is core ES 3.00, so no index
/// wrapper. Comment, debug-info, opaque, shader-message and DX9
/// clip-plane blocks emit nothing. A second ICB, an empty one or one not
/// made of whole `vec4`s is malformed.
///
/// **Differences from HLSLcc**: HLSLcc's GLSL path splits the ICB into
/// per-width chunks filled by early-main assignments with decimal
/// literals; the `uvec4` shape is its Vulkan form.
///
/// **Example**:
/// ```text
/// dcl_immediateConstantBuffer { { 1.5, 0, 0, 0}, { 1, 2, 3, 4 } }
///     →   const uvec4 ImmCB_0[2] = uvec4[2](
///             uvec4(0x3fc00000u, 0x00000000u, 0x00000000u, 0x00000000u),
///             uvec4(0x00000001u, 0x00000002u, 0x00000003u, 0x00000004u)
///         );
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let data = match &inst.payload {
        Payload::CustomData {
            class: CustomDataClass::ImmediateConstantBuffer,
            data,
        } => data,
        Payload::CustomData { .. } => return Ok(()),
        _ => return Err(LowerError::invalid("`customdata` without its data")),
    };
    if cx.state().icb_len.is_some() {
        return Err(LowerError::invalid("second immediate constant buffer"));
    }
    if data.is_empty() || data.len() % 4 != 0 {
        return Err(LowerError::invalid(format!(
            "immediate constant buffer of {} dwords (a positive multiple of 4 expected)",
            data.len()
        )));
    }
    let k = data.len() / 4;
    if k > MAX_ICB_VEC4S {
        return Err(LowerError::invalid(format!(
            "immediate constant buffer of {k} vec4 exceeds the D3D limit of {MAX_ICB_VEC4S}"
        )));
    }
    let uvec = match cx.switches::<crate::DeclIoSwitches>().icb_shape {
        IcbShape::ConstUvec4Array => true,
        IcbShape::ConstVec4Array => false,
    };
    let (ty, glsl) = if uvec {
        (Ty::Uint, "uvec4")
    } else {
        (Ty::Float, "vec4")
    };
    let mut s = String::with_capacity(40 + k * 80);
    let _ = write!(s, "const {glsl} ImmCB_0[{k}] = {glsl}[{k}](");
    for (i, v) in data.chunks_exact(4).enumerate() {
        s.push_str(if i == 0 { "\n    " } else { ",\n    " });
        s.push_str(glsl);
        s.push('(');
        for (j, d) in v.iter().enumerate() {
            if j > 0 {
                s.push_str(", ");
            }
            if uvec {
                let _ = write!(s, "{d:#010x}u");
            } else {
                let _ = write!(s, "uintBitsToFloat({d:#010x}u)");
            }
        }
        s.push(')');
    }
    s.push_str("\n);");
    cx.decl(format_args!("{s}"));
    cx.set_icb(k as u32, ty);
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::Customdata],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#customdata",
    lower: Lower::Decl(lower),
}
