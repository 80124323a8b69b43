//! The decl-io family's profile section, `decl_io: (...)`.
//!
//! These switches decide how declarations and the stage interface are
//! written: sampler precision, interpolation qualifiers GLSL ES 3.00 lacks,
//! vertex-attribute typing and locations, the shape of the immediate
//! constant buffer, system values that need an extension or a runtime
//! uniform, and which resource kinds are emulated. Every field defaults to
//! the plain `webgl2` behaviour; `docs/profiles.md#decl_io-declarations-and-the-stage-interface`
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
    /// Precision of sampler uniforms (`lowerings/decl-io/docs/decl-io.md#dcl_resource`).
    pub sampler_precision: SamplerPrecision,
    /// `dcl_global_flags forceEarlyDepthStencil` (`lowerings/decl-io/docs/decl-io.md#dcl_global_flags`).
    pub early_fragment_tests: EarlyFragmentTests,
    /// `noperspective` interpolation on PS inputs (`lowerings/decl-io/docs/decl-io.md#dcl_input_ps`).
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
    /// when `clip_cull_distance` is on (`lowerings/decl-io/docs/decl-io.md#system-values`).
    pub clip_cull_extension: ClipCullExtension,
    /// Allow `SV_SampleIndex` through `GL_OES_sample_variables`.
    pub sample_variables: bool,
    /// How `SV_VertexID` relates to `gl_VertexID` (`lowerings/decl-io/docs/decl-io.md#system-values`).
    pub vertex_id_base: VertexIdBase,
    /// Zero-fill VS outputs that are declared but never written.
    pub signature_only_output_fill: bool,
    /// How integer vertex attributes are declared (`lowerings/decl-io/docs/decl-io.md#dcl_input`).
    pub integer_vertex_attributes: IntegerVertexAttributes,
    /// Remap of clip-space depth from D3D's `0..w` to GL's `-w..w`
    /// (`lowerings/decl-io/docs/decl-io.md#system-values`).
    pub clip_z_remap: ClipZRemap,
    /// 1D textures (`lowerings/decl-io/docs/decl-io.md#dcl_resource`): declared as W×1 2D textures, or
    /// refused.
    pub texture_1d: Texture1D,
    /// Texture buffers (`Buffer<>` SRVs).
    pub texture_buffers: TextureBuffers,
    /// `SV_RenderTargetArrayIndex` read by a pixel shader: refused, or a
    /// per-draw uniform of this name under the one-slice-per-draw contract
    /// (`lowerings/decl-io/docs/emulations.md#1-render_target_array_index-viewport_array_index-pixel-shader-inputs`).
    pub render_target_array_index: PerDrawIndex,
    /// `SV_ViewportArrayIndex` read by a pixel shader: refused, or a
    /// per-draw uniform of this name under the one-viewport-per-draw
    /// contract (`lowerings/decl-io/docs/emulations.md#1-render_target_array_index-viewport_array_index-pixel-shader-inputs`).
    pub viewport_array_index: PerDrawIndex,
    /// `Texture2DMS`/`Texture2DMSArray` SRVs: refused, or read under the
    /// single-sample contract (`lowerings/decl-io/docs/emulations.md#2-multisample_textures-texture2dms-texture2dmsarray-srvs`).
    pub multisample_textures: MultisampleTextures,
    /// The render target has one sample: `SV_Coverage` in and out and
    /// `SV_SampleIndex` are lowered under that contract
    /// (`lowerings/decl-io/docs/emulations.md#3-single_sample_target-the-render-target-has-one-sample`).
    pub single_sample_target: bool,
    /// `SV_ClipDistance` written by a vertex shader without the clip/cull
    /// extension: a varying per distance, and `discard` in the pixel
    /// shader of a linked program (`lowerings/decl-io/docs/emulations.md#4-clip_distance_varyings-sv_clipdistance-without-the-extension`).
    pub clip_distance_varyings: bool,
    /// `SV_PrimitiveID` read by a pixel shader: refused, or derived from
    /// the vertex id under the non-indexed-triangle-list contract
    /// (`lowerings/decl-io/docs/emulations.md#5-primitive_id-sv_primitiveid-in-a-pixel-shader`).
    pub primitive_id: PrimitiveId,
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
            render_target_array_index: PerDrawIndex::Refuse,
            viewport_array_index: PerDrawIndex::Refuse,
            multisample_textures: MultisampleTextures::Refuse,
            single_sample_target: false,
            clip_distance_varyings: false,
            primitive_id: PrimitiveId::Refuse,
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
    /// choice; the same rule as
    /// `PerKind`, kept as the name of that profile's setting).
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
    /// Legal GLSL ES 3.00 and accepted by
    /// ANGLE and Mesa, but glslangValidator does not constant-fold the
    /// bit-cast built-ins and rejects the initializer.
    ConstVec4Array,
    /// `const uvec4 ImmCB_0[K] = uvec4[K](uvec4(0x…u, …), …)`: the raw
    /// dwords as integer constants, converted at each read
    /// ([`dxlower_core::StageState::icb_ty`] is `Uint`). Compiles everywhere and no
    /// compiler ever re-prints the data as a float literal (the decl-io
    /// rules document records the evidence, `lowerings/decl-io/docs/decl-io.md#decisions-and-evidence`).
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
/// `WEBGL_clip_cull_distance` (`lowerings/decl-io/docs/decl-io.md#4-clip-and-cull-distances`
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

/// A system value the pixel shader reads that WebGL2 has no built-in for
/// but a host can supply per draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PerDrawIndex {
    /// Refuse the stage.
    Refuse,
    /// Read `uniform highp uint <name>;`, which the host sets before each
    /// draw to the one value every primitive of the draw has.
    Uniform(String),
}

/// `Texture2DMS`/`Texture2DMSArray` shader resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MultisampleTextures {
    /// Refuse (GLSL ES 3.00 has no multisample samplers).
    Refuse,
    /// The host binds a single-sampled `TEXTURE_2D` (`TEXTURE_2D_ARRAY`)
    /// in place of each: declared `sampler2D` (`sampler2DArray`), sample 0
    /// is its level 0 and the sample count is 1.
    SingleSample,
}

/// `SV_PrimitiveID` in a pixel shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrimitiveId {
    /// Refuse (`gl_PrimitiveID` needs geometry shaders).
    Refuse,
    /// The host draws non-indexed triangle lists starting at vertex 0
    /// (`drawArrays(TRIANGLES, 0, n)`, instanced or not): the vertex
    /// stage writes the flat varying `dxlower_PrimitiveID =
    /// gl_VertexID / 3` and the pixel stage reads it.
    TriangleListVertexId,
}
