//! The stage record: a typed description of everything a translated stage
//! declares and needs, built while the stage is emitted.
//!
//! The record is the interface between translation and everything after
//! it. Linking agrees constant-buffer sizes and sampler names through it,
//! the program manifest lists its contents, the resource-limit check
//! counts from it, and packagers read it. Nothing downstream of the emitter
//! parses, scans or edits generated GLSL: the declarations in the text are
//! rendered *from* these records (see [`crate::emit`]), so the two cannot
//! disagree.
//!
//! JSON (`serde`): every type here serialises with snake-case field names;
//! `Ty` as `"float"`/`"int"`/`"uint"`.

use crate::regs::Ty;
use serde::Serialize;
use std::fmt::{self, Write};

/// Which stage a record describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// A vertex shader (`vs`).
    #[serde(rename = "vs")]
    Vertex,
    /// A pixel (fragment) shader (`ps`).
    #[serde(rename = "ps")]
    Pixel,
}

impl Stage {
    /// `vs` or `ps`.
    pub fn short(self) -> &'static str {
        match self {
            Stage::Vertex => "vs",
            Stage::Pixel => "ps",
        }
    }
}

/// The direction of an interface variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// `in`: a vertex attribute or a varying the pixel stage reads.
    In,
    /// `out`: a varying the vertex stage writes or a render target.
    Out,
}

/// Interpolation qualifiers of a varying, as declared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Interpolation {
    /// `flat`.
    pub flat: bool,
    /// `noperspective` (under `GL_NV_shader_noperspective_interpolation`).
    pub noperspective: bool,
    /// `centroid`.
    pub centroid: bool,
}

impl Interpolation {
    /// `flat`.
    pub const FLAT: Interpolation = Interpolation {
        flat: true,
        noperspective: false,
        centroid: false,
    };

    /// The qualifier words with a trailing space (`"flat "`,
    /// `"noperspective centroid "`, `""`).
    pub fn qualifier(self) -> &'static str {
        match (self.flat, self.noperspective, self.centroid) {
            (true, _, _) => "flat ",
            (false, true, true) => "noperspective centroid ",
            (false, true, false) => "noperspective ",
            (false, false, true) => "centroid ",
            (false, false, false) => "",
        }
    }
}

/// One input or output of the stage.
///
/// Declared variables (`in_POSITION0`, `vs_TEXCOORD3`, `SV_Target0`) are
/// written into the text from this record; built-ins (`gl_Position`,
/// `gl_FragCoord`, `gl_VertexID`, ...) are listed with `builtin` set and
/// not declared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InterfaceVar {
    /// The GLSL name.
    pub name: String,
    /// `in` or `out`.
    pub direction: Direction,
    /// True for a GLSL built-in the stage uses rather than declares.
    pub builtin: bool,
    /// `layout(location = N)`, when declared.
    pub location: Option<u32>,
    /// Base type of the declaration.
    #[serde(rename = "type")]
    pub ty: Ty,
    /// Base type of the data the shader expects (the D3D signature's): an
    /// integer attribute declared as float (`integer_vertex_attributes =
    /// FloatValue`) carries integer values in float components.
    pub data_type: Ty,
    /// Components (1..=4).
    pub components: u8,
    /// Interpolation qualifiers (pixel inputs and vertex outputs).
    pub interpolation: Interpolation,
    /// The D3D system value it stands for (`SV_Position`), if any.
    pub system_value: Option<String>,
    /// The D3D semantic name and index (`TEXCOORD`, 3), if any.
    pub semantic: Option<(String, u32)>,
    /// The D3D register (`v#`/`o#`) it is mapped from, if any.
    pub register: Option<u32>,
    /// The register lanes it covers (x = bit 0).
    pub mask: u8,
}

impl InterfaceVar {
    /// Writes the declaration (`layout(location = 0) out highp vec4
    /// SV_Target0;`), without a newline.
    pub fn write_decl(&self, w: &mut String) {
        if let Some(l) = self.location {
            let _ = write!(w, "layout(location = {l}) ");
        }
        w.push_str(self.interpolation.qualifier());
        w.push_str(match self.direction {
            Direction::In => "in highp ",
            Direction::Out => "out highp ",
        });
        w.push_str(self.ty.glsl(self.components));
        w.push(' ');
        w.push_str(&self.name);
        w.push(';');
    }
}

/// What a uniform block holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// A D3D constant buffer `cb<N>` (block `ConstantBuffer<N>`, instance
    /// `cb<N>`), including one a pass enlarged (the ccpwgl `cb3` JointMat
    /// splice): the host binds the data of constant-buffer slot `b<N>`.
    ConstantBuffer,
    /// The elements of a structured-buffer SRV `t<r>` a pass moved into a
    /// std140 block (instance `sb<r>`): the host uploads that buffer's rows
    /// into it.
    StructuredBuffer,
    /// Any other block.
    Other,
}

/// One member of a uniform block (`vec4 data[12];`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockMember {
    /// Member name.
    pub name: String,
    /// GLSL type.
    #[serde(rename = "type")]
    pub glsl_type: String,
    /// Array length, for an array.
    pub array: Option<u32>,
}

/// One std140 uniform block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UniformBlock {
    /// Block name (`ConstantBuffer3`, `CewgSb0`).
    pub block: String,
    /// Instance name (`cb3`, `sb0`).
    pub instance: String,
    /// What it holds.
    pub kind: BlockKind,
    /// The D3D constant-buffer slot `b#` of a constant buffer.
    pub slot: Option<u32>,
    /// The register space of `slot` (SM5.1 `space=`; 0, absent from the
    /// JSON, for SM4/5.0 and space 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub space: u32,
    /// The structured-buffer SRV `t#` of a [`BlockKind::StructuredBuffer`].
    pub texture_register: Option<u32>,
    /// Size in `vec4`s.
    pub vec4s: u32,
}

/// True for 0 (a register space left out of the JSON; also used by
/// [`crate::manifest`]).
pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl UniformBlock {
    /// A block of one `vec4 data[vec4s]` member, the shape every block of
    /// dxlower has.
    pub fn vec4_array(
        block: impl Into<String>,
        instance: impl Into<String>,
        kind: BlockKind,
        vec4s: u32,
    ) -> Self {
        UniformBlock {
            block: block.into(),
            instance: instance.into(),
            kind,
            slot: None,
            space: 0,
            texture_register: None,
            vec4s,
        }
    }

    /// The members: one `vec4 data[vec4s]`.
    pub fn members(&self) -> Vec<BlockMember> {
        vec![BlockMember {
            name: "data".into(),
            glsl_type: "vec4".into(),
            array: Some(self.vec4s),
        }]
    }

    /// Writes the declaration, without a final newline.
    pub fn write_decl(&self, w: &mut String) {
        let _ = write!(
            w,
            "layout(std140) uniform {} {{\n    vec4 data[{}];\n}} {};",
            self.block, self.vec4s, self.instance
        );
    }
}

/// The precision qualifier of a uniform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    /// `highp`.
    Highp,
    /// `mediump`.
    Mediump,
    /// `lowp`.
    Lowp,
}

impl Precision {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Precision::Highp => "highp",
            Precision::Mediump => "mediump",
            Precision::Lowp => "lowp",
        }
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// What a sampler uniform stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SamplerKey {
    /// The texture register `t#`.
    pub texture: u32,
    /// The sampler register `s#` of a combined sampler.
    pub sampler: Option<u32>,
    /// True for the shadow-compare twin.
    pub shadow: bool,
}

impl SamplerKey {
    /// The bare texture `t#` (read by `ld`, `ld_ms`, `resinfo`, `lod`;
    /// also a buffer's data texture).
    pub fn bare(texture: u32) -> Self {
        SamplerKey {
            texture,
            sampler: None,
            shadow: false,
        }
    }
    /// The combined `t#` + `s#` sampler.
    pub fn combined(texture: u32, sampler: u32) -> Self {
        SamplerKey {
            texture,
            sampler: Some(sampler),
            shadow: false,
        }
    }
    /// The shadow-compare twin of the combined sampler.
    pub fn shadow(texture: u32, sampler: u32) -> Self {
        SamplerKey {
            texture,
            sampler: Some(sampler),
            shadow: true,
        }
    }
}

/// A sampler uniform the stage declares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SamplerUniform {
    /// The GLSL name (`t0`, `t0TEX_with_SMPs1`, `hlslcc_zcmpt0TEX_with_SMPs1`;
    /// `vs_`-prefixed in a vertex stage whose program's pixel stage
    /// declares the same name).
    pub name: String,
    /// The GLSL type (`sampler2D`, `usampler3D`, `sampler2DShadow`).
    pub glsl_type: String,
    /// Its precision qualifier.
    pub precision: Precision,
    /// The texture register `t#`.
    pub texture: u32,
    /// The register space of `texture` (0, absent from the JSON, outside
    /// SM5.1 spaces).
    #[serde(skip_serializing_if = "is_zero")]
    pub texture_space: u32,
    /// The sampler register `s#`, for combined samplers.
    pub sampler: Option<u32>,
    /// The register space of `sampler` (0, absent from the JSON, outside
    /// SM5.1 spaces).
    #[serde(skip_serializing_if = "is_zero")]
    pub sampler_space: u32,
    /// True for the shadow-compare twin.
    pub shadow: bool,
    /// What the texture holds when it is a data texture standing in for a
    /// buffer SRV (`docs/profiles.md#structured_data_texture`); `None` for ordinary textures.
    pub data: Option<DataTexture>,
    /// True when some instruction reads it (an unused sampler is inactive
    /// and takes no texture unit).
    pub used: bool,
}

impl SamplerUniform {
    /// What the uniform stands for (its registers as binding keys,
    /// [`crate::binding::key`]).
    pub fn key(&self) -> SamplerKey {
        let key = |space, reg| crate::binding::key(space, reg).unwrap_or(reg);
        SamplerKey {
            texture: key(self.texture_space, self.texture),
            sampler: self.sampler.map(|s| key(self.sampler_space, s)),
            shadow: self.shadow,
        }
    }

    /// A sampler uniform for `key` (binding keys, split into register and
    /// space), not yet used.
    pub fn new(
        name: String,
        glsl_type: String,
        precision: Precision,
        key: SamplerKey,
        data: Option<DataTexture>,
    ) -> Self {
        let (texture_space, texture) = crate::binding::split(key.texture);
        let sampler = key.sampler.map(crate::binding::split);
        SamplerUniform {
            name,
            glsl_type,
            precision,
            texture,
            texture_space,
            sampler: sampler.map(|s| s.1),
            sampler_space: sampler.map_or(0, |s| s.0),
            shadow: key.shadow,
            data,
            used: false,
        }
    }

    /// Writes the declaration (`uniform mediump sampler2D t0;`).
    pub fn write_decl(&self, w: &mut String) {
        let _ = write!(
            w,
            "uniform {} {} {};",
            self.precision, self.glsl_type, self.name
        );
    }
}

/// A buffer SRV the stage reads from a data texture (`docs/profiles.md#structured_data_texture`):
/// the host uploads the buffer's bytes unchanged into an RGBA32UI 2D
/// texture, 16 bytes per texel, texels in row-major order, any width,
/// unused texels zero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataTexture {
    /// `structured` (`StructuredBuffer`, `dcl_resource_structured`) or
    /// `raw` (`ByteAddressBuffer`, `dcl_resource_raw`).
    pub kind: &'static str,
    /// The element stride in bytes of a structured buffer; `None` for a
    /// raw buffer.
    pub stride: Option<u32>,
    /// The texel format the host uploads (`RGBA32UI`).
    pub format: &'static str,
    /// The buffer's RDEF binding name, when the stage has one.
    pub binding: Option<String>,
}

/// A plain uniform the host sets (`uniform highp ivec4 hlslcc_mipCount[32];`):
/// a value a profile switch reads from the runtime.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlainUniform {
    /// The uniform's name.
    pub name: String,
    /// Its GLSL type (`int`, `float`, `ivec4`).
    #[serde(rename = "type")]
    pub glsl_type: String,
    /// Its precision.
    pub precision: Precision,
    /// The array length, for an array.
    pub array: Option<u32>,
}

impl PlainUniform {
    /// Writes the declaration, without a newline.
    pub fn write_decl(&self, w: &mut String) {
        let _ = write!(
            w,
            "uniform {} {} {}",
            self.precision, self.glsl_type, self.name
        );
        if let Some(n) = self.array {
            let _ = write!(w, "[{n}]");
        }
        w.push(';');
    }
}

/// A GLSL extension the stage requires.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Extension {
    /// The extension as the `#extension` directive names it
    /// (`GL_NV_shader_noperspective_interpolation`).
    pub directive: String,
    /// The WebGL extension that enables the directive, when there is one
    /// (`NV_shader_noperspective_interpolation`); a host calls
    /// `getExtension` with it before compiling.
    pub webgl: Option<&'static str>,
}

/// The resources of the target a stage uses, counted the way the
/// profile's [`crate::profile::Limits`] bound them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LimitsUsed {
    /// Vertex attributes (`in` variables of a vertex stage).
    pub vertex_attributes: u32,
    /// Varying rows after packing (GLSL ES 1.00 Appendix A.7).
    pub varying_vectors: u32,
    /// Texture units: sampler uniforms some instruction reads.
    pub texture_units: u32,
    /// Draw buffers: the highest render-target location + 1.
    pub draw_buffers: u32,
    /// Uniform blocks.
    pub uniform_blocks: u32,
    /// `vec4`s of all uniform blocks together.
    pub uniform_vectors: u32,
}

/// Something the host must do or guarantee for the stage to compute what
/// the D3D program computes, beyond binding what the record lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HostContract {
    /// The switch or pass that made the contract (`bone_transforms`,
    /// `stub_resource_registers`).
    pub source: String,
    /// What the host does, in one sentence.
    pub requirement: String,
}

/// Everything a translated stage declares and needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StageRecord {
    /// The stage.
    pub stage: Stage,
    /// Inputs, in declaration order.
    pub inputs: Vec<InterfaceVar>,
    /// Outputs, in declaration order.
    pub outputs: Vec<InterfaceVar>,
    /// Uniform blocks, in declaration order.
    pub uniform_blocks: Vec<UniformBlock>,
    /// Sampler uniforms, in declaration order.
    pub samplers: Vec<SamplerUniform>,
    /// Plain uniforms, in declaration order.
    pub uniforms: Vec<PlainUniform>,
    /// `#extension` directives, in request order.
    pub extensions: Vec<Extension>,
    /// The target resources used.
    pub limits: LimitsUsed,
    /// Host contracts.
    pub contracts: Vec<HostContract>,
    /// Quality notes (dropped qualifiers and the like).
    pub notes: Vec<String>,
}

impl StageRecord {
    /// An empty record of a stage.
    pub fn new(stage: Stage) -> Self {
        StageRecord {
            stage,
            inputs: Vec::new(),
            outputs: Vec::new(),
            uniform_blocks: Vec::new(),
            samplers: Vec::new(),
            uniforms: Vec::new(),
            extensions: Vec::new(),
            limits: LimitsUsed::default(),
            contracts: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The constant buffers: binding key ([`crate::binding::key`]: the
    /// slot, in space 0) → size in `vec4`s.
    pub fn cbuffers(&self) -> std::collections::BTreeMap<u32, u32> {
        self.uniform_blocks
            .iter()
            .filter(|b| b.kind == BlockKind::ConstantBuffer)
            .filter_map(|b| Some((crate::binding::key(b.space, b.slot?).ok()?, b.vec4s)))
            .collect()
    }

    /// The uniform block of this block name.
    pub fn block(&self, block: &str) -> Option<&UniformBlock> {
        self.uniform_blocks.iter().find(|b| b.block == block)
    }

    /// The sampler uniform of this name.
    pub fn sampler(&self, name: &str) -> Option<&SamplerUniform> {
        self.samplers.iter().find(|s| s.name == name)
    }
}
