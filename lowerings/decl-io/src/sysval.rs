//! System values: the storage of every `_sgv`/`_siv` declaration and of
//! signature rows that carry a system value
//! (`lowerings/decl-io/docs/decl-io.md#system-values`; the gated ones are refused
//! unless their switch is set).
//!
//! | system value | stage | storage | gate |
//! |---|---|---|---|
//! | `SV_Position` | VS out | `gl_Position` (writable `vec4`); `invariant gl_Position;` when a precise instruction exists; epilogue `gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;` | `precise`, `clip_z_remap` |
//! | `SV_Position` | PS in | `hlslcc_FragCoord` (early main) | — |
//! | `SV_IsFrontFace` | PS in | `(gl_FrontFacing ? 0xffffffffu : uint(0))` | — |
//! | `SV_VertexID` | VS in | `gl_VertexID` (or `(gl_VertexID - <uniform>)`) | `vertex_id_base` |
//! | `SV_InstanceID` | VS in | `gl_InstanceID` | — |
//! | `SV_SampleIndex` | PS in | `gl_SampleID` + `GL_OES_sample_variables`, or `0u` ([`crate::single_sample`]) | `sample_variables`, `single_sample_target` |
//! | `SV_ClipDistance` / `SV_CullDistance` | VS out, PS in | `gl_ClipDistance[k]` / `gl_CullDistance[k]` + `GL_EXT_clip_cull_distance` or `GL_ANGLE_clip_cull_distance` | `clip_cull_distance`, `clip_cull_extension` |
//! | `SV_ClipDistance` | VS out, PS in | the varying `dxlower_ClipDistance<k>` ([`crate::clip_varyings`]) | `clip_distance_varyings` |
//! | `SV_RenderTargetArrayIndex`, `SV_ViewportArrayIndex` | PS in | a per-draw uniform ([`crate::per_draw`]) | `render_target_array_index`, `viewport_array_index` |
//! | `SV_PrimitiveID` | PS in | the flat varying `dxlower_PrimitiveID` ([`crate::per_draw`]) | `primitive_id` |
//! | `SV_RenderTargetArrayIndex`, `SV_ViewportArrayIndex`, `SV_PrimitiveID` | VS out | refused | — |

use crate::io::{self, Side};
use crate::switches::{ClipZRemap, Precise, VertexIdBase};
use dxlower_core::profile::FragCoordOrigin;
use dxlower_core::{DeclCtx, Direction, Lift, LowerError, PlainUniform, Precision, Refusal, Ty};
use dxlower_dxbc::{SignatureElement, SignatureSystemValue, SystemValue};

/// The system value of a signature row in token-format numbering, for the
/// rows whose storage this module defines; `None` for user rows and for
/// the pixel-output values (`SV_Target`, `SV_Depth`, ...).
pub fn of_row(e: &SignatureElement) -> Option<SystemValue> {
    use SignatureSystemValue as S;
    Some(match e.effective_system_value() {
        S::Position => SystemValue::Position,
        S::ClipDistance => SystemValue::ClipDistance,
        S::CullDistance => SystemValue::CullDistance,
        S::RenderTargetArrayIndex => SystemValue::RenderTargetArrayIndex,
        S::ViewportArrayIndex => SystemValue::ViewportArrayIndex,
        S::VertexId => SystemValue::VertexId,
        S::PrimitiveId => SystemValue::PrimitiveId,
        S::InstanceId => SystemValue::InstanceId,
        S::IsFrontFace => SystemValue::IsFrontFace,
        S::SampleIndex => SystemValue::SampleIndex,
        _ => return None,
    })
}

/// The HLSL spelling of a system value (`SV_Position`), for messages.
pub fn hlsl_name(sv: SystemValue) -> String {
    match sv {
        SystemValue::Undefined => "undefined system value".into(),
        SystemValue::Position => "SV_Position".into(),
        SystemValue::ClipDistance => "SV_ClipDistance".into(),
        SystemValue::CullDistance => "SV_CullDistance".into(),
        SystemValue::RenderTargetArrayIndex => "SV_RenderTargetArrayIndex".into(),
        SystemValue::ViewportArrayIndex => "SV_ViewportArrayIndex".into(),
        SystemValue::VertexId => "SV_VertexID".into(),
        SystemValue::PrimitiveId => "SV_PrimitiveID".into(),
        SystemValue::InstanceId => "SV_InstanceID".into(),
        SystemValue::IsFrontFace => "SV_IsFrontFace".into(),
        SystemValue::SampleIndex => "SV_SampleIndex".into(),
        SystemValue::TessFactor(n) => format!("tessellation factor {n}"),
        SystemValue::Other(n) => format!("system value {n}"),
    }
}

fn stage_name(cx: &DeclCtx<'_>) -> &'static str {
    if cx.is_pixel() {
        "pixel"
    } else {
        "vertex"
    }
}

/// Refusal of a system value that needs layered rendering, viewport arrays
/// or primitive ids, none of which GLSL ES 3.00 or a WebGL extension has.
fn refuse_blocker(sv: SystemValue, side: Side, reg: u32, mask: u8) -> LowerError {
    let why = match sv {
        SystemValue::RenderTargetArrayIndex => {
            "gl_Layer needs layered rendering (geometry shaders or GL_AMD_vertex_shader_layer), absent from GLSL ES 3.00"
        }
        SystemValue::ViewportArrayIndex => {
            "gl_ViewportIndex is in neither GLSL ES 3.00 nor any WebGL extension"
        }
        _ => "gl_PrimitiveID needs geometry shaders (GLSL ES 3.20)",
    };
    let dir = match side {
        Side::Input => "input",
        Side::Output => "output",
    };
    Refusal::new(
        format!(
            "{} {dir} {}{reg}{}",
            hlsl_name(sv),
            side.letter(),
            io::mask_letters(mask)
        ),
        why,
    )
    .into()
}

/// Declares the storage of a system-value input `v{reg}` (lanes `mask`).
pub fn input(cx: &mut DeclCtx<'_>, sv: SystemValue, reg: u32, mask: u8) -> Result<(), LowerError> {
    let pixel = cx.is_pixel();
    match sv {
        SystemValue::Position if pixel => frag_coord(cx, reg, mask),
        SystemValue::IsFrontFace if pixel => {
            // HLSLcc's spelling of the D3D mask convention (true = all
            // bits set): a uint expression, bit-cast at float reads.
            let v = io::var(
                "(gl_FrontFacing ? 0xffffffffu : uint(0))",
                Ty::Uint,
                1,
                false,
            );
            let (i, new) = io::var_once(cx, v)?;
            if new {
                let b = io::builtin(
                    "gl_FrontFacing",
                    Direction::In,
                    Ty::Uint,
                    1,
                    "SV_IsFrontFace",
                    reg,
                    mask,
                );
                cx.declare_interface(b);
            }
            io::map_scalar(cx, Side::Input, reg, mask, i)
        }
        SystemValue::SampleIndex if pixel => {
            if !cx.switches::<crate::DeclIoSwitches>().sample_variables {
                return crate::single_sample::sample_index(cx, reg, mask);
            }
            cx.require_extension("GL_OES_sample_variables", Some("OES_sample_variables"));
            let (i, new) = io::var_once(cx, io::var("gl_SampleID", Ty::Int, 1, false))?;
            if new {
                let b = io::builtin(
                    "gl_SampleID",
                    Direction::In,
                    Ty::Int,
                    1,
                    "SV_SampleIndex",
                    reg,
                    mask,
                );
                cx.declare_interface(b);
            }
            io::map_scalar(cx, Side::Input, reg, mask, i)
        }
        SystemValue::ClipDistance | SystemValue::CullDistance if pixel => {
            clip_cull(cx, sv, Side::Input, reg, mask)
        }
        SystemValue::VertexId if !pixel => {
            let name = match &cx.switches::<crate::DeclIoSwitches>().vertex_id_base {
                VertexIdBase::AssumeZero => "gl_VertexID".to_string(),
                VertexIdBase::Uniform(u) => {
                    if !io::is_glsl_ident(u) {
                        return Err(LowerError::invalid(format!(
                            "vertex_id_base uniform `{u}` is not a usable GLSL identifier"
                        )));
                    }
                    format!("(gl_VertexID - {u})")
                }
            };
            let (i, new) = io::var_once(cx, io::var(name, Ty::Int, 1, false))?;
            if new {
                if let VertexIdBase::Uniform(u) =
                    &cx.switches::<crate::DeclIoSwitches>().vertex_id_base
                {
                    cx.declare_uniform(PlainUniform {
                        name: u.clone(),
                        glsl_type: "int".into(),
                        precision: Precision::Highp,
                        array: None,
                    })?;
                }
                let b = io::builtin(
                    "gl_VertexID",
                    Direction::In,
                    Ty::Int,
                    1,
                    "SV_VertexID",
                    reg,
                    mask,
                );
                cx.declare_interface(b);
            }
            io::map_scalar(cx, Side::Input, reg, mask, i)
        }
        SystemValue::InstanceId if !pixel => {
            let (i, new) = io::var_once(cx, io::var("gl_InstanceID", Ty::Int, 1, false))?;
            if new {
                let b = io::builtin(
                    "gl_InstanceID",
                    Direction::In,
                    Ty::Int,
                    1,
                    "SV_InstanceID",
                    reg,
                    mask,
                );
                cx.declare_interface(b);
            }
            io::map_scalar(cx, Side::Input, reg, mask, i)
        }
        SystemValue::RenderTargetArrayIndex | SystemValue::ViewportArrayIndex if pixel => {
            crate::per_draw::input(cx, sv, reg, mask)
        }
        SystemValue::PrimitiveId if pixel => {
            let what = format!("SV_PrimitiveID input v{reg}{}", io::mask_letters(mask));
            let i = crate::per_draw::primitive_id(cx, what)?;
            io::map_scalar(cx, Side::Input, reg, mask, i)
        }
        SystemValue::RenderTargetArrayIndex
        | SystemValue::ViewportArrayIndex
        | SystemValue::PrimitiveId => Err(refuse_blocker(sv, Side::Input, reg, mask)),
        other => Err(LowerError::invalid(format!(
            "{} cannot be a {} shader input (v{reg})",
            hlsl_name(other),
            stage_name(cx)
        ))),
    }
}

/// Declares the storage of a system-value output `o{reg}` (lanes `mask`).
pub fn output(cx: &mut DeclCtx<'_>, sv: SystemValue, reg: u32, mask: u8) -> Result<(), LowerError> {
    if cx.is_pixel() {
        return Err(LowerError::invalid(format!(
            "{} cannot be a pixel shader output (o{reg})",
            hlsl_name(sv)
        )));
    }
    match sv {
        SystemValue::Position => {
            let (i, new) = io::var_once(cx, io::var("gl_Position", Ty::Float, 4, true))?;
            if new {
                let b = io::builtin(
                    "gl_Position",
                    Direction::Out,
                    Ty::Float,
                    4,
                    "SV_Position",
                    reg,
                    mask,
                );
                cx.declare_interface(b);
                position_switches(cx);
            }
            cx.map_lanes_same(true, reg, mask, i)
        }
        SystemValue::ClipDistance | SystemValue::CullDistance => {
            clip_cull(cx, sv, Side::Output, reg, mask)
        }
        SystemValue::RenderTargetArrayIndex
        | SystemValue::ViewportArrayIndex
        | SystemValue::PrimitiveId => Err(refuse_blocker(sv, Side::Output, reg, mask)),
        other => Err(LowerError::invalid(format!(
            "{} cannot be a vertex shader output (o{reg})",
            hlsl_name(other)
        ))),
    }
}

/// The stage epilogue statement of `clip_z_remap = Epilogue`: D3D's clip
/// depth `0..w` mapped onto GL's `-w..w`.
pub const CLIP_Z_REMAP: &str = "gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;";

/// The profile switches that hang on the vertex shader's `SV_Position`
/// output, applied once when `gl_Position` is first mapped:
///
/// - `precise = InvariantPosition`: when any instruction
///   of the shader carries the SM5 precise mask, `invariant gl_Position;`
///   (GLSL ES 3.00 §4.6.1: the position is computed identically by every
///   program whose vertex shader computes it with the same expressions and
///   inputs, which is what `precise` on a position chain asks for, e.g. a
///   depth pre-pass and the shading pass).
/// - `clip_z_remap = Epilogue`: [`CLIP_Z_REMAP`] joins
///   the stage epilogue (`Output::epilogue`), which the returns of `main`
///   run after every write of the shader.
fn position_switches(cx: &mut DeclCtx<'_>) {
    if cx.switches::<crate::DeclIoSwitches>().precise == Precise::InvariantPosition
        && cx
            .state()
            .input
            .program
            .instructions
            .iter()
            .any(|i| i.precise_mask() != 0)
    {
        cx.decl(format_args!("invariant gl_Position;"));
    }
    if cx.switches::<crate::DeclIoSwitches>().clip_z_remap == ClipZRemap::Epilogue {
        cx.epilogue(CLIP_Z_REMAP);
    }
}

/// `SV_Position` read by a pixel shader: `hlslcc_FragCoord`, defined in
/// early main (D3D's `w` is the reciprocal of `gl_FragCoord.w`).
fn frag_coord(cx: &mut DeclCtx<'_>, reg: u32, mask: u8) -> Result<(), LowerError> {
    let (i, new) = io::var_once(cx, io::var("hlslcc_FragCoord", Ty::Float, 4, false))?;
    if new {
        let b = io::builtin(
            "gl_FragCoord",
            Direction::In,
            Ty::Float,
            4,
            "SV_Position",
            reg,
            mask,
        );
        cx.declare_interface(b);
        match cx.fragcoord_origin() {
            FragCoordOrigin::AsIs => cx.early(format_args!(
                "vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);"
            )),
            FragCoordOrigin::FlipWithUniform => {
                cx.declare_uniform(PlainUniform {
                    name: "dxlower_RenderTargetHeight".into(),
                    glsl_type: "float".into(),
                    precision: Precision::Highp,
                    array: None,
                })?;
                cx.early(format_args!(
                    "vec4 hlslcc_FragCoord = vec4(gl_FragCoord.x, dxlower_RenderTargetHeight - gl_FragCoord.y, gl_FragCoord.z, 1.0/gl_FragCoord.w);"
                ));
            }
        }
    }
    cx.map_lanes_same(false, reg, mask, i)
}

/// `SV_ClipDistance`/`SV_CullDistance`: one `gl_ClipDistance[k]` /
/// `gl_CullDistance[k]` scalar per lane. `k` numbers the components of
/// every row of that kind in the signature consecutively, rows ordered by
/// semantic index (then register): `SV_ClipDistance0` `.xy` and
/// `SV_ClipDistance1` `.x` give 0, 1 and 2.
fn clip_cull(
    cx: &mut DeclCtx<'_>,
    sv: SystemValue,
    side: Side,
    reg: u32,
    mask: u8,
) -> Result<(), LowerError> {
    let what = format!(
        "{} {} {}{reg}{}",
        hlsl_name(sv),
        if side == Side::Input {
            "input"
        } else {
            "output"
        },
        side.letter(),
        io::mask_letters(mask)
    );
    let switches = cx.switches::<crate::DeclIoSwitches>();
    let varyings = !switches.clip_cull_distance
        && switches.clip_distance_varyings
        && sv == SystemValue::ClipDistance;
    if !switches.clip_cull_distance && !varyings {
        let lift = if sv == SystemValue::ClipDistance {
            Lift::switch_text(
                "clip_distance_varyings",
                "true",
                "profile clip_distance_varyings = true (varyings and a discard in the linked pixel stage), or clip_cull_distance = true",
            )
        } else {
            Lift::switch("clip_cull_distance", "true")
        };
        return Err(Refusal::new(
            what,
            "gl_ClipDistance/gl_CullDistance need GL_EXT_clip_cull_distance (WEBGL_clip_cull_distance), not part of GLSL ES 3.00",
        )
        .lifted_by(lift)
        .into());
    }
    let (kind, array) = if sv == SystemValue::ClipDistance {
        (SignatureSystemValue::ClipDistance, "gl_ClipDistance")
    } else {
        (SignatureSystemValue::CullDistance, "gl_CullDistance")
    };
    let sig = io::signature(cx, side)
        .ok_or_else(|| LowerError::invalid(format!("{what} without a signature")))?;
    let mut all: Vec<&SignatureElement> = sig
        .elements
        .iter()
        .filter(|e| e.stream == 0 && e.effective_system_value() == kind)
        .collect();
    all.sort_by_key(|e| (e.semantic_index, e.register, e.mask));
    if !varyings {
        let ext = cx.switches::<crate::DeclIoSwitches>().clip_cull_extension;
        cx.require_extension(ext.name(), ext.webgl());
    }
    for c in 0..4u8 {
        if mask & (1 << c) == 0 {
            continue;
        }
        let mut base = 0u32;
        let mut index = None;
        for e in &all {
            if e.register == reg && e.mask & (1 << c) != 0 {
                index = Some(base + u32::from(io::comp_of(e.mask, c)));
                break;
            }
            base += u32::from(io::width(e.mask));
        }
        let k = index.ok_or_else(|| {
            LowerError::invalid(format!(
                "{what}: lane {} has no {} row in the signature",
                io::mask_letters(1 << c),
                hlsl_name(sv)
            ))
        })?;
        if varyings {
            crate::clip_varyings::map_lane(cx, side, reg, c, k)?;
            continue;
        }
        let element = format!("{array}[{k}]");
        let v = io::var(element.clone(), Ty::Float, 1, side == Side::Output);
        let (i, new) = io::var_once(cx, v)?;
        if new {
            let dir = if side == Side::Output {
                Direction::Out
            } else {
                Direction::In
            };
            let b = io::builtin(&element, dir, Ty::Float, 1, &hlsl_name(sv), reg, 1 << c);
            cx.declare_interface(b);
        }
        cx.map_lanes(side == Side::Output, reg, 1 << c, i, 0)?;
    }
    Ok(())
}
