//! `dcl_input_ps`: interpolated pixel-shader inputs.

use crate::io::{self, Side};
use crate::sysval;
use dxlower_core::{register_handler, DeclCtx, Direction, Lower, LowerError, Refusal};
use dxlower_dxbc::{Instruction, InterpolationMode, Opcode, OperandType, SignatureSystemValue};

/// `dcl_input_ps <mode> v#.mask`: declares an interpolated pixel-shader
/// input bound to input-signature rows.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_input_ps`; profile switches
/// `noperspective`,
/// `sample_qualifier`.
///
/// **GLSL ES 3.00**: one `in` variable per ISGN row touched, named
/// `vs_<SEM><idx>` with the semantic folded to upper case (the vertex
/// shader's output name for the same semantic — D3D pairs them
/// case-insensitively, GLSL by exact name), type and width from the row,
/// `highp`, no `location` (ES 3.00 allows none on varyings; linking is by
/// name): `<interp>in highp vecK vs_TEXCOORD0;`. Two semantics packed in
/// one register give two variables, each register lane mapped to its
/// row's component. The qualifier comes from the mode
/// ([`io::ps_interpolation`]): integer rows are always `flat`; `constant`
/// → `flat`; `linear` → none; `centroid` → `centroid`; `noperspective`
/// and `sample` per profile (dropped with a note by default, since
/// neither is a GLSL ES 3.00 keyword). Rows carrying a system value go to
/// [`sysval::input`]; an `SV_Target` row (framebuffer fetch) is refused.
///
/// **Differences from HLSLcc**: HLSLcc keeps the semantic's case and
/// emits `noperspective`/`sample` only above ES 3.10 (the `sample` gate
/// here also covers its VS-output path); precision is always `highp`.
///
/// In a linked program (`docs/manifest.md#link-rules`) the variable takes the type and
/// lanes both stages agreed on ([`dxlower_core::Varying`]): the VS output
/// row's, so a PS row narrower than the VS row (`v1.xy` of a `vec4`
/// output) is declared `vec4` and read through its lanes; integer agreed
/// types are `flat`. The VS copies this input's qualifier.
///
/// **Example**:
/// ```text
/// ISGN: TEXCOORD0 v1.xy float; TEXCOORD1 v1.zw float
/// dcl_input_ps linear v1.xy            →   in highp vec2 vs_TEXCOORD0;      v1.xy → vs_TEXCOORD0.xy
/// dcl_input_ps linear centroid v1.zw   →   centroid in highp vec2 vs_TEXCOORD1;  v1.zw → vs_TEXCOORD1.xy
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    if !cx.is_pixel() {
        return Err(LowerError::invalid("`dcl_input_ps` outside a pixel shader"));
    }
    let (op, reg, mask) = io::decl_register(inst)?;
    if op.ty != OperandType::Input {
        return Err(LowerError::invalid(format!(
            "`dcl_input_ps` of a {:?} register",
            op.ty
        )));
    }
    declare(cx, inst.interpolation_mode(), reg, mask)
}

/// Declares the pixel inputs of `v{reg}` lanes `mask` interpolated with
/// `mode` (the rules of this module's handler).
pub fn declare(
    cx: &mut DeclCtx<'_>,
    mode: InterpolationMode,
    reg: u32,
    mask: u8,
) -> Result<(), LowerError> {
    let sig = io::signature(cx, Side::Input);
    for hit in io::rows(sig, Side::Input, reg, mask)? {
        let e = hit.elem;
        if let Some(sv) = sysval::of_row(e) {
            sysval::input(cx, sv, reg, hit.lanes)?;
            continue;
        }
        match e.effective_system_value() {
            SignatureSystemValue::Undefined => {}
            SignatureSystemValue::Target => {
                return Err(Refusal::new(
                    format!("SV_Target{} read back (framebuffer fetch)", e.semantic_index),
                    "reading the render target needs GL_EXT_shader_framebuffer_fetch, not available in WebGL2",
                )
                .into())
            }
            other => {
                return Err(LowerError::invalid(format!(
                    "{} ({other:?}) cannot be a pixel shader input (v{reg})",
                    e.name
                )))
            }
        }
        let row_ty = io::row_ty(e)?;
        // In a linked program the variable has the type and lanes both
        // stages agreed on (`docs/manifest.md#link-rules`).
        let (ty, lanes_mask) = match io::linked_varying(cx, e) {
            Some(v) => (v.ty, v.mask),
            None => (row_ty, e.mask),
        };
        let k = io::width(lanes_mask);
        let name = io::semantic_ident("vs_", &e.name, e.semantic_index, true);
        let interp = io::ps_interpolation(cx, mode, ty, &name)?;
        let (i, new) = io::var_once(cx, io::var(name.clone(), ty, k, false))?;
        if new {
            let mut v = io::from_row(io::interface(&name, Direction::In, ty, k), e, reg);
            v.interpolation = interp;
            v.mask = lanes_mask;
            cx.declare_interface(v);
        }
        io::map_lanes_in(cx, Side::Input, reg, hit.lanes, lanes_mask, i)?;
    }
    Ok(())
}

register_handler! {
    opcodes: &[Opcode::DclInputPs],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_input_ps",
    lower: Lower::Decl(lower),
}
