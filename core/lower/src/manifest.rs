//! The program manifest: what a host binds to run a linked program,
//! listed from the two stages' records ([`crate::record`]) and the link
//! hints. `dxlower link -o DIR` writes it as `manifest.json`;
//! `docs/manifest.md` describes each list and what a host does with it.

use crate::hints::LinkHints;
use crate::record::{BlockKind, DataTexture, Direction, StageRecord};
use std::collections::BTreeMap;

/// What the host needs to bind a linked program (`dxlower link` writes it
/// as JSON).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Manifest {
    /// Vertex attributes, in declaration order.
    pub attributes: Vec<Attribute>,
    /// Uniform blocks: the constant buffers (`ConstantBuffer<N>`) by slot,
    /// then the blocks passes declare (structured buffers moved into
    /// std140 blocks) by name; [`UniformBlock::kind`] says which.
    pub uniform_blocks: Vec<UniformBlock>,
    /// Sampler uniforms of both stages.
    pub samplers: Vec<SamplerBinding>,
    /// Plain (non-sampler, non-block) uniforms the host sets: the values
    /// profile switches read from the runtime (`resinfo_mip_count`,
    /// `vertex_id_base`, `fragcoord_origin`).
    pub uniforms: Vec<PlainUniform>,
    /// Varyings as both stages declare them.
    pub varyings: Vec<VaryingInfo>,
    /// The `#extension` directives of both stages: a WebGL host enables
    /// each one's WebGL extension (`gl.getExtension`) before compiling.
    pub extensions: Vec<ExtensionUse>,
    /// What the host must do or guarantee beyond binding the lists above
    /// for the program to compute what the D3D program computes: the
    /// contracts of the profile switches that emulate a D3D feature under
    /// an assumption about the host (one layer per draw, a single-sampled
    /// target, ...), with the stages that rely on each. Absent from the
    /// JSON when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contracts: Vec<ContractUse>,
    /// Quality notes of both stages (`vs: …`, `ps: …`).
    pub notes: Vec<String>,
}

/// One host contract and the stages that rely on it.
///
/// JSON: `{"source": "layer_index", "requirement": "draw once per array
/// slice ...", "stages": ["ps"]}`. `source` is the profile switch or pass
/// that made the contract; `requirement` says in one sentence what the
/// host does.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ContractUse {
    /// The switch or pass that made the contract.
    pub source: String,
    /// What the host does or guarantees.
    pub requirement: String,
    /// The stages that rely on it (`vs`, `ps`).
    pub stages: Vec<&'static str>,
}

/// One plain uniform (`uniform highp ivec4 hlslcc_mipCount[32];`) and the
/// stages that declare it.
///
/// JSON: `{"name": "hlslcc_mipCount", "type": "ivec4", "array": 32,
/// "stages": ["ps"]}` (`array` is `null` for a single value). What each
/// name holds is set by the profile switch that declares it:
/// `resinfo_mip_count = Uniform(name)` (the mip count of texture `t<N>` in
/// element `N / 4`, component `N % 4`), `vertex_id_base = Uniform(name)`
/// (the draw's `first`), `fragcoord_origin = FlipWithUniform`
/// (`dxlower_RenderTargetHeight`, the render target's height in pixels),
/// `render_target_array_index`/`viewport_array_index = Uniform(name)`
/// (the draw's slice or viewport, `uint`), `lod = Derivatives(name)`
/// (`vec4[16]`: each sampler's MipLODBias, MinLOD, MaxLOD); the
/// [`Manifest::contracts`] say what the host does for each emulation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlainUniform {
    /// The uniform's name.
    pub name: String,
    /// Its GLSL type (`int`, `float`, `ivec4`).
    #[serde(rename = "type")]
    pub glsl_type: String,
    /// The array length, for an array.
    pub array: Option<u32>,
    /// The stages that declare it (`vs`, `ps`).
    pub stages: Vec<&'static str>,
}

/// One GLSL extension the program requires.
///
/// JSON: `{"directive": "GL_NV_shader_noperspective_interpolation",
/// "webgl": "NV_shader_noperspective_interpolation", "stages": ["vs",
/// "ps"]}`; `webgl` is `null` for a directive no WebGL extension exposes
/// (`GL_EXT_clip_cull_distance` is the OpenGL ES spelling; WebGL's
/// `WEBGL_clip_cull_distance` enables `GL_ANGLE_clip_cull_distance`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ExtensionUse {
    /// The extension as the `#extension` directive names it.
    pub directive: String,
    /// The WebGL extension that enables the directive, when there is one.
    pub webgl: Option<&'static str>,
    /// The stages that require it (`vs`, `ps`).
    pub stages: Vec<&'static str>,
}

/// One vertex attribute.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Attribute {
    /// The GLSL name (`in_POSITION0`).
    pub name: String,
    /// The declared GLSL type (`vec3`, `uvec4`).
    pub glsl_type: String,
    /// Base type of the declaration (`float`, `int`, `uint`).
    pub base_type: &'static str,
    /// Components.
    pub components: u8,
    /// True when the declaration is integer: the host binds it with
    /// `vertexAttribIPointer`, otherwise with `vertexAttribPointer`.
    pub integer: bool,
    /// Base type of the data the shader expects (the D3D signature's): an
    /// integer attribute declared as float (`integer_vertex_attributes =
    /// FloatValue`) carries integer *values* in float components.
    pub data_type: &'static str,
}

/// One uniform block.
///
/// JSON (`dxlower link -o DIR`, `manifest.json`): `block`, `instance`,
/// `kind` (`constant_buffer`, `structured_buffer`, `other`), `slot` (the
/// `b#` of a constant buffer, else `null`), `texture_register` (the `t#` of
/// a structured buffer; only present for those), `vec4s`, `bytes`,
/// `stages`. A host binds a `constant_buffer` block to the buffer of its
/// slot and a `structured_buffer` block to the data of its texture
/// register, each with `uniformBlockBinding` (no `binding` layout in ES
/// 3.00).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UniformBlock {
    /// Block name (`ConstantBuffer3`, or a block a pass declares such as
    /// `CewgSb0`).
    pub block: String,
    /// Instance name (`cb3`, `sb0`).
    pub instance: String,
    /// What the block holds.
    pub kind: BlockKind,
    /// The D3D constant-buffer slot `b#` of a `ConstantBuffer<N>` block;
    /// `None` for a block a pass declares.
    pub slot: Option<u32>,
    /// The register space of `slot` (SM5.1 `space=`); absent from the JSON
    /// for space 0.
    #[serde(skip_serializing_if = "crate::record::is_zero")]
    pub space: u32,
    /// The structured-buffer SRV register `t#` whose elements a
    /// [`BlockKind::StructuredBuffer`] block holds (`sb0` → 0); `None`
    /// (and absent from the JSON) for every other block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub texture_register: Option<u32>,
    /// Size in vec4s (the same in both stages).
    pub vec4s: u32,
    /// Size in bytes.
    pub bytes: u32,
    /// The stages that declare it (`vs`, `ps`).
    pub stages: Vec<&'static str>,
}

/// One sampler uniform.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SamplerBinding {
    /// `vs` or `ps`.
    pub stage: &'static str,
    /// The uniform name (`t0TEX_with_SMPs1`).
    pub name: String,
    /// Its GLSL type (`sampler2D`, `sampler2DShadow`, `usampler3D`).
    #[serde(rename = "type")]
    pub glsl_type: String,
    /// The texture register `t#`.
    pub texture: u32,
    /// The register space of `texture`; absent from the JSON for space 0.
    #[serde(skip_serializing_if = "crate::record::is_zero")]
    pub texture_space: u32,
    /// The sampler register `s#` (combined samplers only).
    pub sampler: Option<u32>,
    /// The register space of `sampler`; absent from the JSON for space 0.
    #[serde(skip_serializing_if = "crate::record::is_zero")]
    pub sampler_space: u32,
    /// True for a shadow-compare uniform.
    pub shadow: bool,
    /// Set when the uniform is a data texture standing in for a buffer SRV
    /// (`docs/profiles.md#structured_data_texture`): the host
    /// uploads the buffer's bytes into an RGBA32UI texture of any width.
    /// Absent from the JSON for ordinary textures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_texture: Option<DataTexture>,
}

/// One varying.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VaryingInfo {
    /// Semantic, upper case.
    pub semantic: String,
    /// Semantic index.
    pub index: u32,
    /// Base type.
    pub base_type: &'static str,
    /// Components.
    pub components: u8,
    /// The PS interpolation mode (`None` when the PS does not read it).
    pub interpolation: Option<String>,
    /// VS output register.
    pub vs_register: Option<u32>,
    /// PS input register.
    pub ps_register: Option<u32>,
    /// False when the VS does not write it and zero-fills it instead.
    pub fed: bool,
}

impl Manifest {
    /// The manifest of a linked program.
    pub fn of(vs: &StageRecord, ps: &StageRecord, hints: &LinkHints) -> Manifest {
        let stages = [("vs", vs), ("ps", ps)];
        let attributes = vs
            .inputs
            .iter()
            .filter(|v| !v.builtin && v.direction == Direction::In)
            .map(|v| Attribute {
                name: v.name.clone(),
                glsl_type: v.ty.glsl(v.components).to_string(),
                base_type: v.ty.name(),
                components: v.components,
                integer: v.ty != crate::Ty::Float,
                data_type: v.data_type.name(),
            })
            .collect();
        // ConstantBuffer<N> first by space and slot, then the others by name.
        let mut blocks: BTreeMap<(bool, u32, u32, String), UniformBlock> = BTreeMap::new();
        for (stage, r) in stages {
            for b in &r.uniform_blocks {
                let texture_register = b.texture_register.filter(|_| b.slot.is_none());
                let key = (
                    b.slot.is_none(),
                    b.space,
                    b.slot.unwrap_or(0),
                    b.block.clone(),
                );
                let m = blocks.entry(key).or_insert_with(|| UniformBlock {
                    block: b.block.clone(),
                    instance: b.instance.clone(),
                    kind: b.kind,
                    slot: b.slot,
                    space: b.space,
                    texture_register,
                    vec4s: 0,
                    bytes: 0,
                    stages: Vec::new(),
                });
                m.vec4s = m.vec4s.max(b.vec4s);
                m.bytes = m.vec4s * 16;
                m.stages.push(stage);
            }
        }
        let samplers = stages
            .into_iter()
            .flat_map(|(stage, r)| {
                r.samplers.iter().map(move |u| SamplerBinding {
                    stage,
                    name: u.name.clone(),
                    glsl_type: u.glsl_type.clone(),
                    texture: u.texture,
                    texture_space: u.texture_space,
                    sampler: u.sampler,
                    sampler_space: u.sampler_space,
                    shadow: u.shadow,
                    data_texture: u.data.clone(),
                })
            })
            .collect();
        let varyings = hints
            .varyings
            .values()
            .map(|v| VaryingInfo {
                semantic: v.semantic.clone(),
                index: v.index,
                base_type: v.ty.name(),
                components: v.width,
                interpolation: v.interpolation.map(|m| format!("{m:?}")),
                vs_register: v.vs_register,
                ps_register: v.ps_register,
                fed: v.vs_register.is_some(),
            })
            .collect();
        let notes = stages
            .into_iter()
            .flat_map(|(stage, r)| r.notes.iter().map(move |n| format!("{stage}: {n}")))
            .collect();
        let mut uniforms: Vec<PlainUniform> = Vec::new();
        for (stage, r) in stages {
            for u in &r.uniforms {
                match uniforms.iter_mut().find(|x| x.name == u.name) {
                    Some(x) => x.stages.push(stage),
                    None => uniforms.push(PlainUniform {
                        name: u.name.clone(),
                        glsl_type: u.glsl_type.clone(),
                        array: u.array,
                        stages: vec![stage],
                    }),
                }
            }
        }
        let mut extensions: Vec<ExtensionUse> = Vec::new();
        for (stage, r) in stages {
            for e in &r.extensions {
                match extensions.iter_mut().find(|x| x.directive == e.directive) {
                    Some(x) => x.stages.push(stage),
                    None => extensions.push(ExtensionUse {
                        directive: e.directive.clone(),
                        webgl: e.webgl,
                        stages: vec![stage],
                    }),
                }
            }
        }
        let mut contracts: Vec<ContractUse> = Vec::new();
        for (stage, r) in stages {
            for c in &r.contracts {
                match contracts
                    .iter_mut()
                    .find(|x| x.source == c.source && x.requirement == c.requirement)
                {
                    Some(x) => x.stages.push(stage),
                    None => contracts.push(ContractUse {
                        source: c.source.clone(),
                        requirement: c.requirement.clone(),
                        stages: vec![stage],
                    }),
                }
            }
        }
        Manifest {
            attributes,
            uniform_blocks: blocks.into_values().collect(),
            samplers,
            uniforms,
            varyings,
            extensions,
            contracts,
            notes,
        }
    }
}
