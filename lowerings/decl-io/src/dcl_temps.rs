//! `dcl_temps`: the `r#` register file.

use dxlower_core::operands::temp_companion;
use dxlower_core::{register_handler, DeclCtx, Lower, LowerError};
use dxlower_dxbc::{Instruction, Opcode, Payload};

/// The D3D limit on temps (`D3D11_COMMONSHADER_TEMP_REGISTER_COUNT`).
const MAX_TEMPS: u32 = 4096;

/// `dcl_temps N`: declares temps `r0..r{N-1}`.
///
/// Spec: seed/decl-io.md §dcl_temps; families.md §0.1 (register file),
/// §1 `dcl_temps`; profiles.md §3 `register_model`, `temp_zero_init`.
///
/// **GLSL ES 3.00**: one global `vec4 rN;` per temp, uninitialized, and
/// [`dxlower_core::StageState::temps`] set to N. Every temp is float
/// storage (`float_vec4` register model): integer producers store with
/// `intBitsToFloat`/`uintBitsToFloat` and integer consumers read with
/// `floatBitsToInt`/`floatBitsToUint`, which the core's register model
/// prints. `dcl_temps 0` declares nothing.
///
/// Under the `FloatVec4UVec4Companions` register model a temp that some
/// instruction reads as an integer also gets its companion `uvec4 rN_u;`
/// right after `vec4 rN;` ([`dxlower_core::StageState::companion_lanes`]);
/// the core keeps both views equal at every write and reads integers from
/// the companion ([`dxlower_core::profile::RegisterModel`]). A temp only
/// read as a float has no companion.
///
/// **Differences from HLSLcc**: HLSLcc runs a type analysis and declares
/// typed shadows (`u_xlat0`, `u_xlati0`, `u_xlatu0`); here one `vec4` per
/// register, named `rN`. No zero initialization (HLSLcc adds one only for
/// Switch).
///
/// **Example**:
/// ```text
/// dcl_temps 2   →   vec4 r0;
///                   vec4 r1;
/// dcl_temps 1   →   vec4 r0;        (companion register model, r0 read
///                   uvec4 r0_u;      as an integer somewhere)
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let n = match inst.payload {
        Payload::Count(n) => n,
        _ => return Err(LowerError::invalid("`dcl_temps` without its count")),
    };
    if n > MAX_TEMPS {
        return Err(LowerError::invalid(format!(
            "`dcl_temps {n}` exceeds the D3D limit of {MAX_TEMPS}"
        )));
    }
    if cx.state().temps != 0 {
        return Err(LowerError::invalid(format!(
            "second `dcl_temps` (already {})",
            cx.state().temps
        )));
    }
    for r in 0..n {
        cx.decl(format_args!("vec4 r{r};"));
        if cx.state().companion_lanes(r) != 0 {
            let u = temp_companion(r);
            cx.decl(format_args!("uvec4 {u};"));
        }
    }
    cx.set_temps(n);
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclTemps],
    family: "decl-io",
    spec: "seed decl-io.md §dcl_temps",
    lower: Lower::Decl(lower),
}
