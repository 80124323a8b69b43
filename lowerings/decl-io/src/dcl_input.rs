//! `dcl_input`: vertex attributes (and the rare plain pixel input).

use crate::io::{self, Side};
use crate::switches::{IntegerVertexAttributes, VsInputLocations};
use crate::{dcl_input_ps, sysval};
use dxlower_core::{register_handler, DeclCtx, Direction, Lower, LowerError, Refusal, Ty};
use dxlower_dxbc::{Instruction, InterpolationMode, Opcode, OperandType, SystemValue};

/// `dcl_input`: declares an input register bound to input-signature rows.
///
/// Spec: seed/decl-io.md §dcl_input; families.md §1 `dcl_input`;
/// profiles.md §1 `vs_input_locations`, §4.3 (integer vertex attributes).
///
/// **GLSL ES 3.00**: in a vertex shader, one attribute per ISGN row the
/// declaration touches, named `in_<SEM><idx>` with the semantic's stored
/// case (the runtime binds attributes by these names), type and width
/// from the row (`float`/`int`/`uint`, popcount of the row mask — not of
/// the declaration mask), always `highp`:
/// `in highp vec3 in_NORMAL0;`. Lanes map to the row's components; rows
/// marked `SV_VertexID`/`SV_InstanceID` (declared without `_sgv`) go to
/// [`sysval::input`], any other system-value mark on a vertex input is
/// ignored (the input assembler interprets nothing else). With `vs_input_locations = Explicit` the
/// declaration gets `layout(location = <register>)`.
///
/// Integer rows (`uint`/`int`) follow `integer_vertex_attributes`:
/// - `Integer` (webgl2, native): `in highp uvec4 in_BLENDINDICES0;`, the
///   register reads it directly (bound with `vertexAttribIPointer`);
/// - `FloatValue` (ccpwgl): `in highp vec4 in_BLENDINDICES0;` holding the
///   index *values* (bound with `vertexAttribPointer`), and the register
///   maps to the read-only variable `uvec4(in_BLENDINDICES0)` of type
///   `uint` — an expression, so a read as uint is a value conversion and a
///   read as float is `uintBitsToFloat(uvec4(in_BLENDINDICES0).x)`, the
///   bits of the integer value. Width 1 gives `uint(in_X)` (a scalar, no
///   swizzle); signed rows use `ivecK(...)`.
///
/// In a pixel shader a plain `dcl_input v#` is lowered as a `dcl_input_ps`
/// with the undefined interpolation mode (no qualifier). `vCoverage`,
/// `vInnerCoverage` and `vPrim` are refused (no storage in the register
/// model, and no ES 3.00 built-in).
///
/// **Differences from HLSLcc**: precision is always `highp` (D3D minimum
/// precision is a hint; full precision is always correct); no `location`
/// by default, as HLSLcc's ES 3.00 path; the `FloatValue` mode is the
/// ccpwgl ABI, not stock HLSLcc.
///
/// **Example**:
/// ```text
/// ISGN: POSITION0 v0.xyz float; BLENDINDICES0 v1.xyzw uint
/// dcl_input v0.xyz    →   in highp vec3 in_POSITION0;          v0.xyz → in_POSITION0.xyz
/// dcl_input v1.xyzw   →   in highp uvec4 in_BLENDINDICES0;     (Integer)
///                         in highp vec4 in_BLENDINDICES0;      v1 → uvec4(in_BLENDINDICES0) (FloatValue)
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_input` without its register operand"))?;
    match op.ty {
        OperandType::Input => {}
        OperandType::InputCoverageMask | OperandType::InnerCoverage => {
            return Err(Refusal::new(
                "SV_Coverage input (vCoverage)",
                "gl_SampleMaskIn needs GL_OES_sample_variables and the register model has no storage for it",
            )
            .into())
        }
        OperandType::InputPrimitiveId => {
            return Err(Refusal::new(
                "SV_PrimitiveID input (vPrim)",
                "gl_PrimitiveID needs geometry shaders (GLSL ES 3.20)",
            )
            .into())
        }
        other => {
            return Err(LowerError::invalid(format!(
                "`dcl_input` of a {other:?} register (not a vertex or pixel input)"
            )))
        }
    }
    let (_, reg, mask) = io::decl_register(inst)?;
    if cx.is_pixel() {
        dcl_input_ps::declare(cx, InterpolationMode::Undefined, reg, mask)
    } else {
        declare_attributes(cx, reg, mask)
    }
}

/// Declares the vertex attributes of `v{reg}` lanes `mask` (the rules of
/// this module's handler).
pub fn declare_attributes(cx: &mut DeclCtx<'_>, reg: u32, mask: u8) -> Result<(), LowerError> {
    let sig = io::signature(cx, Side::Input);
    for hit in io::rows(sig, Side::Input, reg, mask)? {
        // The input assembler generates only vertex and instance ids; any
        // other system value on a vertex-input row is plain vertex data.
        if let Some(sv @ (SystemValue::VertexId | SystemValue::InstanceId)) =
            sysval::of_row(hit.elem)
        {
            sysval::input(cx, sv, reg, hit.lanes)?;
            continue;
        }
        let ty = io::row_ty(hit.elem)?;
        let k = io::width(hit.elem.mask);
        // A pass may name the input after another semantic (the
        // `binormal_to_bitangent` contract).
        let sem = cx
            .state()
            .semantic_name(&hit.elem.name, hit.elem.semantic_index)
            .to_string();
        let name = io::semantic_ident("in_", &sem, hit.elem.semantic_index, false);
        let profile = cx.switches::<crate::DeclIoSwitches>();
        let (decl_ty, var) = match (ty, profile.integer_vertex_attributes) {
            (Ty::Float, _) | (_, IntegerVertexAttributes::Integer) => {
                (ty, io::var(name.clone(), ty, k, false))
            }
            (_, IntegerVertexAttributes::FloatValue) => (
                Ty::Float,
                io::var(format!("{}({name})", ty.glsl(k)), ty, k, false),
            ),
        };
        let (i, new) = io::var_once(cx, var)?;
        if new && cx.declares(&name) {
            // Another row of the signature has the same semantic (under
            // `FloatValue` its variable is spelled differently, so
            // `var_once` does not see it): D3D requires semantics to be
            // unique in a signature.
            return Err(LowerError::invalid(format!(
                "two input signature rows have the semantic `{sem}` index {} (the second in v{reg})",
                hit.elem.semantic_index
            )));
        }
        if new {
            let mut v = io::from_row(
                io::interface(&name, Direction::In, decl_ty, k),
                hit.elem,
                reg,
            );
            v.data_type = ty;
            v.location = match profile.vs_input_locations {
                VsInputLocations::None => None,
                VsInputLocations::Explicit => Some(reg),
            };
            cx.declare_interface(v);
        }
        io::map_row(cx, Side::Input, reg, &hit, i)?;
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclInput],
    family: "decl-io",
    spec: "seed decl-io.md §dcl_input",
    lower: Lower::Decl(lower),
}
