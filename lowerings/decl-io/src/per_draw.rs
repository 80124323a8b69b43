//! Pixel-shader system values WebGL2 has no built-in for, supplied per
//! draw under a host contract (`lowerings/decl-io/docs/emulations.md#1-render_target_array_index-viewport_array_index-pixel-shader-inputs`, `lowerings/decl-io/docs/emulations.md#5-primitive_id-sv_primitiveid-in-a-pixel-shader`):
//! `SV_RenderTargetArrayIndex` and `SV_ViewportArrayIndex` as uniforms
//! the host sets before each draw, `SV_PrimitiveID` as a flat varying the
//! vertex stage derives from `gl_VertexID`.
//!
//! | system value (PS input) | switch | storage | the host's side |
//! |---|---|---|---|
//! | `SV_RenderTargetArrayIndex` | `render_target_array_index = Uniform(name)` | `uniform highp uint <name>;` | draws once per array slice `L` (attached with `framebufferTextureLayer`) and sets `<name> = L` |
//! | `SV_ViewportArrayIndex` | `viewport_array_index = Uniform(name)` | `uniform highp uint <name>;` | draws once per viewport `V` (set with `viewport`) and sets `<name> = V` |
//! | `SV_PrimitiveID` | `primitive_id = TriangleListVertexId` | `flat in highp uint dxlower_PrimitiveID;` | draws non-indexed triangle lists from vertex 0; a linked vertex stage writes `gl_VertexID / 3` |

use crate::io::{self, Side};
use crate::switches::{PerDrawIndex, PrimitiveId};
use dxlower_core::profile::PassSpec;
use dxlower_core::{
    register_pass, DeclCtx, Direction, Interpolation, Lift, LowerError, PassWhen, PlainUniform,
    Precision, Refusal, Ty,
};
use dxlower_dxbc::SystemValue;

/// The flat varying that carries `SV_PrimitiveID` from the vertex stage.
pub const PRIMITIVE_ID_VARYING: &str = "dxlower_PrimitiveID";

/// `SV_RenderTargetArrayIndex` or `SV_ViewportArrayIndex` read by a pixel
/// shader as `v{reg}` (lanes `mask`).
///
/// **Spec**: D3D11.3 functional spec §15.11 (the render-target array index
/// a primitive selects; 0 when no earlier stage writes it), §15.12 (the
/// viewport index likewise); the pixel shader reads the value its
/// primitive was rasterized with (`lowerings/decl-io/docs/decl-io.md#dcl_input_ps_siv`).
///
/// **GLSL ES 3.00**: `uniform highp uint <name>;` when the switch
/// (`render_target_array_index` / `viewport_array_index`) is
/// `Uniform(name)`, every lane of the register mapped to it, plus a host
/// contract: the host renders one array slice (one viewport) per draw and
/// sets the uniform to its index. Every primitive of such a draw has that
/// index, so the value is exact. Refused otherwise, naming the switch.
///
/// **Example**:
/// ```text
/// dcl_input_ps_siv constant v1.x, rendertarget_array_index
///     →   uniform highp uint dxlower_RenderTargetArrayIndex;
///         v1.x → dxlower_RenderTargetArrayIndex
/// ```
pub fn input(cx: &mut DeclCtx<'_>, sv: SystemValue, reg: u32, mask: u8) -> Result<(), LowerError> {
    let switches = cx.switches::<crate::DeclIoSwitches>();
    let (setting, switch, why, requirement) = match sv {
        SystemValue::RenderTargetArrayIndex => (
            &switches.render_target_array_index,
            "render_target_array_index",
            "gl_Layer needs layered rendering (geometry shaders or GL_AMD_vertex_shader_layer), absent from GLSL ES 3.00",
            "draw once per render-target array slice L (attached with framebufferTextureLayer) and set",
        ),
        _ => (
            &switches.viewport_array_index,
            "viewport_array_index",
            "gl_ViewportIndex is in neither GLSL ES 3.00 nor any WebGL extension",
            "draw once per viewport V (set with viewport and scissor) and set",
        ),
    };
    let sv_name = if sv == SystemValue::RenderTargetArrayIndex {
        "SV_RenderTargetArrayIndex"
    } else {
        "SV_ViewportArrayIndex"
    };
    let what = format!("{sv_name} input v{reg}{}", io::mask_letters(mask));
    let name = match setting {
        PerDrawIndex::Refuse => {
            return Err(Refusal::new(what, why)
                .lifted_by(Lift::switch_text(
                    switch,
                    "Uniform",
                    format!(
                        "profile {switch} = Uniform(name) (the host draws one index per draw and sets the uniform)"
                    ),
                ))
                .into())
        }
        PerDrawIndex::Uniform(name) => name.clone(),
    };
    if !io::is_glsl_ident(&name) {
        return Err(LowerError::invalid(format!(
            "{switch} uniform `{name}` is not a usable GLSL identifier"
        )));
    }
    let (i, new) = io::var_once(cx, io::var(name.clone(), Ty::Uint, 1, false))?;
    if new {
        cx.declare_uniform(PlainUniform {
            name: name.clone(),
            glsl_type: "uint".into(),
            precision: Precision::Highp,
            array: None,
        })?;
        let index = if sv == SystemValue::RenderTargetArrayIndex {
            "L"
        } else {
            "V"
        };
        cx.contract(
            switch,
            format!("{requirement} uniform {name} = {index} before each draw"),
        );
    }
    io::map_scalar(cx, Side::Input, reg, mask, i)
}

/// `SV_PrimitiveID` read by a pixel shader as `v{reg}` (lanes `mask`).
///
/// **Spec**: D3D11.3 functional spec §8.17 (PrimitiveID): the index of the
/// primitive within the draw (per instance), counted from 0 for the first
/// primitive of each instance.
///
/// **GLSL ES 3.00**: under `primitive_id = TriangleListVertexId`, the flat
/// input `flat in highp uint dxlower_PrimitiveID;`, every lane of the
/// register mapped to it. In a linked program the vertex stage writes it
/// (pass `link_primitive_id`); on its own the stage records the contract. A
/// non-indexed triangle list drawn from vertex 0 has vertices `3p`,
/// `3p + 1`, `3p + 2` in primitive `p` of every instance, and a flat
/// varying takes the value of the last one (GLSL ES 3.00 §4.3.6, the
/// provoking vertex of OpenGL ES 3.0 §2.18), so `gl_VertexID / 3` is `p`
/// exactly. Refused otherwise, naming the switch.
///
/// **Example**:
/// ```text
/// dcl_input_ps_sgv constant v0.x, primitive_id
///     →   flat in highp uint dxlower_PrimitiveID;      v0.x → dxlower_PrimitiveID
/// ```
pub fn primitive_id(cx: &mut DeclCtx<'_>, what: String) -> Result<u32, LowerError> {
    if cx.switches::<crate::DeclIoSwitches>().primitive_id == PrimitiveId::Refuse {
        return Err(Refusal::new(
            what,
            "gl_PrimitiveID needs geometry shaders (GLSL ES 3.20)",
        )
        .lifted_by(Lift::switch_text(
            "primitive_id",
            "TriangleListVertexId",
            "profile primitive_id = TriangleListVertexId (the host draws non-indexed triangle lists from vertex 0)",
        ))
        .into());
    }
    let (i, new) = varying(cx, Direction::In)?;
    if new {
        cx.contract(
            "primitive_id",
            format!(
                "draw non-indexed triangle lists starting at vertex 0 (drawArrays(TRIANGLES, 0, n), instanced or not), with a vertex stage that writes flat {PRIMITIVE_ID_VARYING} = uint(gl_VertexID / 3) (dxlower link adds it)"
            ),
        );
    }
    Ok(i)
}

/// Declares the flat `uint` varying `dxlower_PrimitiveID` once (an input
/// of the pixel stage, an output of the vertex stage); returns its
/// variable and whether it is new.
fn varying(cx: &mut DeclCtx<'_>, dir: Direction) -> Result<(u32, bool), LowerError> {
    let out = dir == Direction::Out;
    let (i, new) = io::var_once(cx, io::var(PRIMITIVE_ID_VARYING, Ty::Uint, 1, out))?;
    if new {
        let mut v = io::interface(PRIMITIVE_ID_VARYING, dir, Ty::Uint, 1);
        v.interpolation = Interpolation::FLAT;
        v.system_value = Some("SV_PrimitiveID".into());
        cx.declare_interface(v);
    }
    Ok((i, new))
}

/// `primitive_id` in a linked program: the vertex stage writes the flat
/// varying `dxlower_PrimitiveID = uint(gl_VertexID / 3)` when the pixel
/// stage reads `SV_PrimitiveID` (see [`primitive_id`]).
///
/// ```text
/// VS of a program whose PS reads SV_PrimitiveID
///     →   flat out highp uint dxlower_PrimitiveID;
///         early main: dxlower_PrimitiveID = uint(gl_VertexID / 3);
/// ```
fn primitive_id_pass(cx: &mut DeclCtx<'_>, _spec: &PassSpec) -> Result<(), LowerError> {
    let Some(hints) = cx.state().link else {
        return Ok(());
    };
    if cx.is_pixel()
        || cx.switches::<crate::DeclIoSwitches>().primitive_id == PrimitiveId::Refuse
        || !hints.ps_primitive_id
    {
        return Ok(());
    }
    let (_, new) = varying(cx, Direction::Out)?;
    if new {
        cx.early(format_args!(
            "{PRIMITIVE_ID_VARYING} = uint(gl_VertexID / 3);"
        ));
    }
    Ok(())
}

register_pass! {
    name: "link_primitive_id",
    when: PassWhen::Linked,
    params: Some(&[]),
    spec: "lowerings/decl-io/docs/emulations.md#5-primitive_id-sv_primitiveid-in-a-pixel-shader",
    before: None,
    after: Some(primitive_id_pass),
}

#[cfg(test)]
mod tests {
    #[test]
    fn varying_name_is_an_identifier() {
        assert!(crate::io::is_glsl_ident(super::PRIMITIVE_ID_VARYING));
    }
}
