//! The decl-io family's profile section, `decl_io: (...)`.
//!
//! These switches decide how declarations and the stage interface are
//! written: sampler precision, interpolation qualifiers GLSL ES 3.00 lacks,
//! vertex-attribute typing and locations, the shape of the immediate
//! constant buffer, system values that need an extension or a runtime
//! uniform, and which resource kinds are emulated. Every field defaults to
//! the plain `webgl2` behaviour; profiles.md (restated in `docs/`)
//! describes each with the profile that sets it.
//!
//! ```ron
//! decl_io: (
//!     sampler_precision: Highp,
//!     noperspective: Extension,
//!     integer_vertex_attributes: FloatValue,
//! ),
//! ```

use serde::{Deserialize, Serialize};

/// The decl-io switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DeclIoSwitches {
    /// Precision of sampler uniforms (profiles.md §1 `sampler_precision`).
    pub sampler_precision: SamplerPrecision,
    /// `dcl_global_flags forceEarlyDepthStencil` (profiles.md §1).
    pub early_fragment_tests: EarlyFragmentTests,
    /// `noperspective` interpolation on PS inputs (profiles.md §1).
    pub noperspective: NoPerspective,
    /// `sample` interpolation qualifier (not a GLSL ES 3.00 keyword).
    pub sample_qualifier: Gate,
    /// `layout(location = N)` on VS inputs.
    pub vs_input_locations: VsInputLocations,
    /// Shape of immediate constant buffers.
    pub icb_shape: IcbShape,
    /// SM5 `precise`.
    pub precise: Precise,
    /// Allow `SV_ClipDistance`/`SV_CullDistance` through the clip/cull
    /// extension.
    pub clip_cull_distance: bool,
    /// Which `#extension` directive names the clip/cull-distance built-ins
    /// when `clip_cull_distance` is on (profiles.md §2).
    pub clip_cull_extension: ClipCullExtension,
    /// Allow `SV_SampleIndex` through `GL_OES_sample_variables`.
    pub sample_variables: bool,
    /// How `SV_VertexID` relates to `gl_VertexID` (profiles.md §3).
    pub vertex_id_base: VertexIdBase,
    /// Zero-fill VS outputs that are declared but never written.
    pub signature_only_output_fill: bool,
    /// How integer vertex attributes are declared (profiles.md §4.3).
    pub integer_vertex_attributes: IntegerVertexAttributes,
    /// Remap of clip-space depth from D3D's `0..w` to GL's `-w..w`
    /// (profiles.md §3 `clip_z_remap`).
    pub clip_z_remap: ClipZRemap,
    /// 1D textures (profiles.md §2): declared as W×1 2D textures, or
    /// refused.
    pub texture_1d: Texture1D,
    /// Texture buffers (`Buffer<>` SRVs).
    pub texture_buffers: TextureBuffers,
}

impl Default for DeclIoSwitches {
    fn default() -> Self {
        DeclIoSwitches {
            sampler_precision: SamplerPrecision::Highp,
            early_fragment_tests: EarlyFragmentTests::Drop,
            noperspective: NoPerspective::Drop,
            sample_qualifier: Gate::Drop,
            vs_input_locations: VsInputLocations::None,
            icb_shape: IcbShape::ConstUvec4Array,
            precise: Precise::Ignore,
            clip_cull_distance: false,
            clip_cull_extension: ClipCullExtension::Ext,
            sample_variables: false,
            vertex_id_base: VertexIdBase::AssumeZero,
            signature_only_output_fill: true,
            integer_vertex_attributes: IntegerVertexAttributes::Integer,
            clip_z_remap: ClipZRemap::Off,
            texture_1d: Texture1D::Emulate2D,
            texture_buffers: TextureBuffers::Refuse,
        }
    }
}

impl dxlower_core::Switches for DeclIoSwitches {
    const SECTION: &'static str = "decl_io";
}

dxlower_core::register_switches!(DeclIoSwitches, family: "decl-io");

/// Sampler uniform precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SamplerPrecision {
    /// `mediump` for float colour samplers, `highp` for integer, shadow
    /// and data samplers.
    PerKind,
    /// `mediump` for float colour samplers; `highp` for integer, shadow
    /// and data (bare `t<N>` for `ld`/`resinfo`) samplers (the ccpwgl
    /// choice; since families-review.md finding 20 the same rule as
    /// `PerKind`, kept as the name profiles.md gives it).
    Mediump,
    /// `highp` everywhere.
    Highp,
}

/// `layout(early_fragment_tests) in;`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EarlyFragmentTests {
    /// Drop it (ES 3.00 has no such layout).
    Drop,
    /// Emit it (ES 3.10 targets).
    Emit,
    /// Refuse the stage.
    Error,
}

/// `noperspective` handling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoPerspective {
    /// Drop the qualifier (perspective-correct instead).
    Drop,
    /// Keep it under `GL_NV_shader_noperspective_interpolation`.
    Extension,
    /// Refuse the stage.
    Error,
}

/// Keep-or-drop gate for a qualifier ES 3.00 lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gate {
    /// Drop it (a quality change, not an error).
    Drop,
    /// Refuse the stage.
    Error,
}

/// VS input locations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VsInputLocations {
    /// No `layout(location)`: the runtime binds attributes by name.
    None,
    /// `layout(location = N)` with N the input register.
    Explicit,
}

/// Immediate constant buffer shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IcbShape {
    /// `const vec4 ImmCB_0[K] = vec4[K](vec4(uintBitsToFloat(0x…u), …), …)`
    /// (the seed's recommendation). Legal GLSL ES 3.00 and accepted by
    /// ANGLE and Mesa, but glslangValidator does not constant-fold the
    /// bit-cast built-ins and rejects the initializer.
    ConstVec4Array,
    /// `const uvec4 ImmCB_0[K] = uvec4[K](uvec4(0x…u, …), …)`: the raw
    /// dwords as integer constants, converted at each read
    /// ([`dxlower_core::StageState::icb_ty`] is `Uint`). Compiles everywhere and no
    /// compiler ever re-prints the data as a float literal (the decl-io
    /// crate's `docs/decl-io.md` records the evidence).
    ConstUvec4Array,
}

/// SM5 `precise`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Precise {
    /// Ignore it.
    Ignore,
    /// Emit `invariant gl_Position;` in vertex shaders that use it.
    InvariantPosition,
}

/// The shader directive that enables `gl_ClipDistance`/`gl_CullDistance`.
///
/// Both name the same built-ins; which one a compiler accepts depends on
/// the runtime: Mesa's GLES 3.0 knows only the GLES extension, WebGL
/// (ANGLE) only its own directive, exposed to pages as
/// `WEBGL_clip_cull_distance` (the decl-io crate's `docs/decl-io.md`
/// records the evidence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClipCullExtension {
    /// `#extension GL_EXT_clip_cull_distance : require` (OpenGL ES 3.0
    /// drivers).
    Ext,
    /// `#extension GL_ANGLE_clip_cull_distance : require` (WebGL 2 with
    /// `WEBGL_clip_cull_distance` enabled).
    Angle,
}

impl ClipCullExtension {
    /// The extension's name as the `#extension` directive spells it.
    pub fn name(self) -> &'static str {
        match self {
            ClipCullExtension::Ext => "GL_EXT_clip_cull_distance",
            ClipCullExtension::Angle => "GL_ANGLE_clip_cull_distance",
        }
    }
}

impl ClipCullExtension {
    /// The WebGL extension that enables the directive, if any: ANGLE's
    /// directive is enabled by `WEBGL_clip_cull_distance`; the GLES
    /// directive has no WebGL counterpart.
    pub fn webgl(self) -> Option<&'static str> {
        match self {
            ClipCullExtension::Ext => None,
            ClipCullExtension::Angle => Some("WEBGL_clip_cull_distance"),
        }
    }
}

/// `SV_VertexID` base.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VertexIdBase {
    /// The runtime draws with `first = 0`.
    AssumeZero,
    /// Subtract a per-draw uniform of this name.
    Uniform(String),
}

/// Integer vertex attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IntegerVertexAttributes {
    /// `in highp ivecK/uvecK` (bound with `vertexAttribIPointer`).
    Integer,
    /// `in highp vecK`, holding integer values, converted at use (bound with
    /// `vertexAttribPointer`).
    FloatValue,
}

/// Clip-space depth convention of `SV_Position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClipZRemap {
    /// Leave `z` as the shader wrote it (the runtime maps D3D's `0..w`
    /// depth range itself, e.g. with a 0..1 clip control, or accepts the
    /// halved depth precision).
    Off,
    /// Before every return of a vertex shader, `gl_Position.z =
    /// 2.0 * gl_Position.z - gl_Position.w` (D3D `0..w` → GL `-w..w`).
    Epilogue,
}

/// 1D textures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Texture1D {
    /// Declare as W×1 `sampler2D` / `sampler2DArray`.
    Emulate2D,
    /// Refuse.
    Refuse,
}

/// Texture buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextureBuffers {
    /// Refuse.
    Refuse,
    /// Emulate with an RGBA32F 2D texture `bt<r>`.
    Emulate,
}
