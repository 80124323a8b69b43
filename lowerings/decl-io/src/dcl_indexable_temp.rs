//! `dcl_indexableTemp`: dynamically indexed local arrays `x#[n]`.

use dxlower_core::{register_handler, DeclCtx, IndexableTemp, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode, Payload};

/// The D3D limit on indexable-temp elements per shader
/// (`D3D11_COMMONSHADER_TEMP_REGISTER_COUNT`).
const MAX_ELEMENTS: u32 = 4096;

/// `dcl_indexableTemp x#[count], components`: declares a dynamically
/// indexable array of `count` elements of `components` lanes.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_indexable_temp`;
/// `docs/conventions.md#register-models` (companions).
///
/// **GLSL ES 3.00**: a global `vecC TempArrayN[count];` with C the
/// declared component count (a wrong width is a compile error, so it is
/// never forced to 4; C = 1 declares a `float` array), recorded in
/// [`dxlower_core::StageState::indexable`]. Float storage like the temps:
/// integer users bit-cast at each access (printed by the register model).
/// Dynamic indexing of a global array is core GLSL ES 3.00. Under the
/// `FloatVec4UVec4Companions` register model the array also gets a
/// `uvecC TempArrayN_u[count];` companion (`uint` for C = 1) that the core
/// keeps equal to it, as for `r#` temps.
///
/// **Differences from HLSLcc**: HLSLcc prints `vec%d`, i.e. `vec1` for a
/// one-component array, which is not a GLSL type; `float` here.
///
/// **Example**:
/// ```text
/// dcl_indexableTemp x0[4], 4   →   vec4 TempArray0[4];
/// dcl_indexableTemp x1[3], 1   →   float TempArray1[3];
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let (reg, count, components) = match inst.payload {
        Payload::IndexableTemp {
            reg,
            count,
            components,
        } => (reg, count, components),
        _ => {
            return Err(LowerError::invalid(
                "`dcl_indexableTemp` without its register, count and width",
            ))
        }
    };
    if count == 0 || count > MAX_ELEMENTS {
        return Err(LowerError::invalid(format!(
            "x{reg} of {count} elements (1 to {MAX_ELEMENTS} allowed)"
        )));
    }
    if !(1..=4).contains(&components) {
        return Err(LowerError::invalid(format!(
            "x{reg} of {components} components (1 to 4 allowed)"
        )));
    }
    if cx.state().indexable.contains_key(&reg) {
        return Err(LowerError::invalid(format!("x{reg} is declared twice")));
    }
    let total: u32 = cx.state().indexable.values().map(|t| t.count).sum();
    if total + count > MAX_ELEMENTS {
        return Err(LowerError::invalid(format!(
            "indexable temps exceed the D3D limit of {MAX_ELEMENTS} elements"
        )));
    }
    let c = components as u8;
    cx.decl(format_args!(
        "{} TempArray{reg}[{count}];",
        Ty::Float.glsl(c)
    ));
    if cx.state().companions() {
        cx.decl(format_args!(
            "{} TempArray{reg}_u[{count}];",
            Ty::Uint.glsl(c)
        ));
    }
    cx.insert_indexable(
        reg,
        IndexableTemp {
            count,
            components: c,
        },
    );
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclIndexableTemp],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_indexable_temp",
    lower: Lower::Decl(lower),
}
