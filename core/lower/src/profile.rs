//! The target profile schema.
//!
//! A profile is data (a RON file under `targets/`): language gates, semantic
//! switches and the named ABI rewrite passes to run. Every field has a
//! default equal to the plain `webgl2` target, and unknown keys are errors,
//! so a typo never turns into a silent default. `../shared/design/profiles.md`
//! documents each switch and which profile sets it how.
//!
//! Handlers never read ABI policy from here; they read the few language gates
//! that change one opcode's text (e.g. [`Profile::early_fragment_tests`]).

use serde::{Deserialize, Serialize};

/// A complete target profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Profile {
    /// Profile name (`webgl2`).
    pub name: String,
    /// One line saying what the target is.
    pub description: String,
    /// The profile this one extends (resolved by the loader, not by core).
    pub extends: Option<String>,
    /// The `#version` line's number and suffix: `"300 es"` (WebGL2) or
    /// `"310 es"`.
    pub glsl_version: String,
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
    /// Emit the DXBC instruction as a comment above its GLSL.
    pub instruction_comments: bool,
    /// Allow `SV_ClipDistance`/`SV_CullDistance` through the clip/cull
    /// extension.
    pub clip_cull_distance: bool,
    /// Which `#extension` directive names the clip/cull-distance built-ins
    /// when `clip_cull_distance` is on (profiles.md §2).
    pub clip_cull_extension: ClipCullExtension,
    /// Allow `SV_SampleIndex` through `GL_OES_sample_variables`.
    pub sample_variables: bool,
    /// Register model (families.md §0.1).
    pub register_model: RegisterModel,
    /// D3D-exact `min`/`max`/`_sat` NaN handling (families.md §0.3, §2).
    pub nan_exact: bool,
    /// `ftoi`/`ftou` conversion (profiles.md §3).
    pub ftoi_ftou: FtoiFtou,
    /// HLSLcc's mobile-driver workarounds (profiles.md §3).
    pub mobile_workarounds: bool,
    /// `f32tof16` rounding (profiles.md §3).
    pub f32tof16: F32ToF16,
    /// `discard` placement (profiles.md §3).
    pub discard_mode: DiscardMode,
    /// How `SV_VertexID` relates to `gl_VertexID` (profiles.md §3).
    pub vertex_id_base: VertexIdBase,
    /// Zero-fill VS outputs that are declared but never written.
    pub signature_only_output_fill: bool,
    /// `gl_FragCoord` origin handling (profiles.md §3).
    pub fragcoord_origin: FragCoordOrigin,
    /// `gather4*` (profiles.md §2).
    pub gather4: Gather4,
    /// Mip count of `resinfo`: refused, or read from a uniform of this name.
    pub resinfo_mip_count: ResinfoMipCount,
    /// 1D textures (profiles.md §2).
    pub texture_1d: Texture1D,
    /// Texture buffers (`Buffer<>` SRVs).
    pub texture_buffers: TextureBuffers,
    /// How integer vertex attributes are declared (profiles.md §4.3).
    pub integer_vertex_attributes: IntegerVertexAttributes,
    /// Remap of clip-space depth from D3D's `0..w` to GL's `-w..w`
    /// (profiles.md §3 `clip_z_remap`).
    pub clip_z_remap: ClipZRemap,
    /// Resources the runtime never binds, by their RDEF binding name
    /// (profiles.md §4.6 `stub_resource_registers`): their declarations
    /// and manifest entries are dropped and every read yields zero. A
    /// stage without resource definitions stubs nothing (the names cannot
    /// be matched) and its resources are lowered or refused as usual.
    pub stub_resource_registers: Vec<String>,
    /// Resource limits checked at translate time (profiles.md §2,
    /// "Resource limits"): a stage that needs more is refused by name.
    pub limits: Limits,
    /// Named ABI rewrite passes to run, in order, with parameters.
    pub passes: Vec<PassSpec>,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            name: "webgl2".into(),
            description: "plain WebGL2 / GLSL ES 3.00, no consumer-specific ABI".into(),
            extends: None,
            glsl_version: "300 es".into(),
            sampler_precision: SamplerPrecision::PerKind,
            early_fragment_tests: EarlyFragmentTests::Drop,
            noperspective: NoPerspective::Drop,
            sample_qualifier: Gate::Drop,
            vs_input_locations: VsInputLocations::None,
            icb_shape: IcbShape::ConstUvec4Array,
            precise: Precise::Ignore,
            instruction_comments: false,
            clip_cull_distance: false,
            clip_cull_extension: ClipCullExtension::Ext,
            sample_variables: false,
            register_model: RegisterModel::FloatVec4,
            nan_exact: false,
            ftoi_ftou: FtoiFtou::D3dExact,
            mobile_workarounds: true,
            f32tof16: F32ToF16::Clamped,
            discard_mode: DiscardMode::Auto,
            vertex_id_base: VertexIdBase::AssumeZero,
            signature_only_output_fill: true,
            fragcoord_origin: FragCoordOrigin::AsIs,
            gather4: Gather4::Emulate,
            resinfo_mip_count: ResinfoMipCount::Refuse,
            texture_1d: Texture1D::Emulate2D,
            texture_buffers: TextureBuffers::Refuse,
            integer_vertex_attributes: IntegerVertexAttributes::Integer,
            clip_z_remap: ClipZRemap::Off,
            stub_resource_registers: Vec::new(),
            limits: Limits::default(),
            passes: Vec::new(),
        }
    }
}

impl Profile {
    /// True when the target is GLSL ES 3.10 or later.
    pub fn es31(&self) -> bool {
        self.glsl_version
            .split_whitespace()
            .next()
            .and_then(|v| v.parse::<u32>().ok())
            .is_some_and(|v| v >= 310)
    }

    /// The ABI rewrite pass of this name, when the profile runs it
    /// (`passes: [(name: "bone_transforms", params: {"mode": "ubo"})]`).
    /// The first entry wins if a name is listed twice. Passes read their
    /// parameters through [`PassSpec::param`].
    pub fn pass(&self, name: &str) -> Option<&PassSpec> {
        self.passes.iter().find(|p| p.name == name)
    }
}

/// Keep-or-drop gate for a qualifier ES 3.00 lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gate {
    /// Drop it (a quality change, not an error).
    Drop,
    /// Refuse the stage.
    Error,
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
    /// ([`crate::StageState::icb_ty`] is `Uint`). Compiles everywhere and no
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

/// Register model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RegisterModel {
    /// One `vec4` per temp; bitcasts at every typed use.
    FloatVec4,
    /// One `vec4 rN` per temp plus a `uvec4 rN_u` companion holding the same
    /// bits (families.md §0.1, profiles.md §3): integer producers write the
    /// companion and refresh the float view from it, float producers write
    /// the float view and refresh the companion from its bits, integer
    /// consumers (and branch tests, half unpacks, relative indices) read the
    /// companion, and the type-less movers (`mov`, `movc`, `swapc`) copy
    /// through it when a temp is involved. Integer data never passes through
    /// float arithmetic on its way from an integer producer to an integer
    /// consumer, so bit patterns that are denormal floats survive drivers
    /// that flush them (ANGLE's D3D11 backend). Indexable temps get the same
    /// treatment: `vecC TempArrayN[k]` has a `uvecC TempArrayN_u[k]`
    /// companion (fxc moves integer tables through `x#` with `mov`).
    FloatVec4UVec4Companions,
}

/// `ftoi`/`ftou`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FtoiFtou {
    /// Plain `int()`/`uint()` casts (undefined for NaN and out of range).
    Bare,
    /// D3D-exact helpers (NaN → 0, saturation to the integer range).
    D3dExact,
}

/// `f32tof16` rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum F32ToF16 {
    /// Clamp finite values to ±65504, then `packHalf2x16`.
    Clamped,
    /// Exact round-toward-zero helper.
    Exact,
}

/// `discard` placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiscardMode {
    /// Deferred when a derivative or implicit-LOD sample can follow a
    /// `discard`, else immediate.
    Auto,
    /// Always `discard` in place.
    Immediate,
    /// Always defer to the end of the shader.
    Deferred,
}

/// `SV_VertexID` base.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VertexIdBase {
    /// The runtime draws with `first = 0`.
    AssumeZero,
    /// Subtract a per-draw uniform of this name.
    Uniform(String),
}

/// `gl_FragCoord` origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FragCoordOrigin {
    /// Use `gl_FragCoord` as is (bottom-left origin).
    AsIs,
    /// Flip y with a viewport-height uniform.
    FlipWithUniform,
}

/// `gather4*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gather4 {
    /// Four `texelFetch`/`textureOffset` taps.
    Emulate,
    /// Refuse.
    Refuse,
}

/// `resinfo` mip count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResinfoMipCount {
    /// Refuse reads of the mip count.
    Refuse,
    /// Read it from a uniform array of this name, indexed by texture
    /// register.
    Uniform(String),
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

/// Per-stage resource limits of the target (profiles.md §2). The defaults
/// are the WebGL2 minimums every conforming implementation guarantees; a
/// profile for a target that guarantees more raises them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// `MAX_VERTEX_ATTRIBS`: vertex shader `in` attributes.
    pub vertex_attributes: u32,
    /// `MAX_VARYING_VECTORS`: rows of varyings after packing.
    pub varying_vectors: u32,
    /// `MAX_TEXTURE_IMAGE_UNITS` / `MAX_VERTEX_TEXTURE_IMAGE_UNITS`:
    /// sampler uniforms a stage uses.
    pub texture_units: u32,
    /// `MAX_DRAW_BUFFERS`: render targets `SV_Target0..N-1`.
    pub draw_buffers: u32,
    /// `MAX_VERTEX_UNIFORM_BLOCKS` / `MAX_FRAGMENT_UNIFORM_BLOCKS`.
    pub uniform_blocks: u32,
    /// `MAX_UNIFORM_BLOCK_SIZE` in `vec4`s (16 KiB = 1024).
    pub uniform_block_vec4s: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            vertex_attributes: 16,
            varying_vectors: 15,
            texture_units: 16,
            draw_buffers: 4,
            uniform_blocks: 12,
            uniform_block_vec4s: 1024,
        }
    }
}

/// A named ABI rewrite pass and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassSpec {
    /// The registered pass name.
    pub name: String,
    /// Parameters, interpreted by the pass.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
}

impl PassSpec {
    /// The parameter `key`, if the profile sets it.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params.get(key).map(String::as_str)
    }
}
