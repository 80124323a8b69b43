//! Program-level lowering: a VS and a PS translated together so that the
//! pair links in WebGL2 (profiles.md §4.4, §4.7).
//!
//! D3D matches stages by semantic and tolerates differences GLSL ES 3.00
//! rejects at link time. [`LinkHints`] carries the agreements computed from
//! both stages' signatures and declarations into each stage's translation
//! ([`crate::StageState::link`]):
//! - constant-buffer sizes normalized to the maximum across stages (a block
//!   declared with two sizes fails to link);
//! - one type and width per varying, taken from the VS output row (the PS
//!   may declare a narrower view in D3D; GLSL requires exact agreement),
//!   widened by lanes only the PS row has;
//! - the PS interpolation mode of each varying, copied onto the VS output
//!   (ES 3.00 requires matching `flat`/`centroid` qualifiers on both sides);
//! - PS inputs that no VS output feeds — including output-signature rows
//!   the VS never declares — which the VS declares and zero-fills so the
//!   program links.
//!
//! The hints are data: the decl-io handlers and its `link_unfed_varyings`
//! pass read them. [`link()`] computes them, translates both stages, and
//! then settles what only the two texts show:
//! - a block a pass enlarged after its declaration (the BoneTransforms
//!   `cb3` splice) is agreed at the larger size by a second translation;
//! - a VS sampler uniform whose name the PS also declares is renamed
//!   `vs_<name>` ([`separate_sampler_names`]): D3D binds each stage's `t#`
//!   separately, GLSL has one uniform (one type, one unit) per name and
//!   program.
//!
//! [`ProgramGlsl::manifest`] lists what the host binds, and
//! `dxlower_glslang::glslang_link` checks a pair as one program.

use crate::ctx::StageInput;
use crate::error::TranslateError;
use crate::profile::Profile;
use crate::regs::Ty;
use crate::translate::{translate_stage_linked, StageGlsl};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    InterpolationMode, Opcode, OperandType, Payload, Program, ProgramType, Signature,
    SignatureSystemValue,
};
use std::collections::BTreeMap;

/// One varying as both stages must declare it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Varying {
    /// Semantic name, upper case (`TEXCOORD`).
    pub semantic: String,
    /// Semantic index.
    pub index: u32,
    /// Base type (from the VS output, or the PS input when no VS output
    /// feeds it).
    pub ty: Ty,
    /// Width in lanes: the popcount of [`Varying::mask`].
    pub width: u8,
    /// The register lanes the shared variable covers (x = bit 0): the VS
    /// output row's mask, widened by the PS input row's when the PS
    /// declares lanes the VS row lacks. Register lane `c` of either stage
    /// lands in component `popcount(mask & ((1 << c) - 1))` of the
    /// variable: D3D routes varyings by register component, so a PS row
    /// narrower than the VS row reads the same positions.
    pub mask: u8,
    /// The PS interpolation mode, when the PS reads it.
    pub interpolation: Option<InterpolationMode>,
    /// The VS output register, if the VS writes it.
    pub vs_register: Option<u32>,
    /// The VS output row's mask (0 when the VS does not write it).
    pub vs_mask: u8,
    /// The PS input register, if the PS declares (reads) it.
    pub ps_register: Option<u32>,
    /// The PS input row's mask (0 when the PS does not declare it).
    pub ps_mask: u8,
}

impl Varying {
    /// Component of the shared variable that register lane `lane` lands
    /// in, or `None` when the lane is outside [`Varying::mask`].
    pub fn comp_of(&self, lane: u8) -> Option<u8> {
        if lane > 3 || self.mask & (1 << lane) == 0 {
            return None;
        }
        Some((self.mask & ((1u8 << lane) - 1)).count_ones() as u8)
    }
}

/// Agreements between the two stages of a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkHints {
    /// Constant-buffer slot → size in vec4s, the maximum across stages.
    pub cb_sizes: BTreeMap<u32, u32>,
    /// Varyings keyed by (upper-case semantic, index).
    pub varyings: BTreeMap<(String, u32), Varying>,
}

impl LinkHints {
    /// The agreed size of constant buffer `slot`.
    pub fn cb_size(&self, slot: u32) -> Option<u32> {
        self.cb_sizes.get(&slot).copied()
    }

    /// The agreed varying for a semantic (case-insensitive).
    pub fn varying(&self, semantic: &str, index: u32) -> Option<&Varying> {
        self.varyings.get(&(semantic.to_ascii_uppercase(), index))
    }

    /// Varyings the PS reads but the VS does not write.
    pub fn unfed(&self) -> impl Iterator<Item = &Varying> {
        self.varyings
            .values()
            .filter(|v| v.vs_register.is_none() && v.ps_register.is_some())
    }

    /// Computes the hints of a VS/PS pair.
    ///
    /// A PS input-signature row counts as read only when a PS declaration
    /// (`dcl_input_ps*`, `dcl_input`) covers one of its lanes: fxc keeps
    /// the unused members of the input struct in the signature, and those
    /// need no VS writer.
    pub fn compute(vs: &StageInput<'_>, ps: &StageInput<'_>) -> LinkHints {
        let mut h = LinkHints::default();
        for p in [vs.program, ps.program] {
            for (slot, size) in cb_decls(p) {
                let e = h.cb_sizes.entry(slot).or_insert(0);
                *e = (*e).max(size);
            }
        }
        let decls = ps_input_decls(ps.program);
        let vs_decls = vs_output_decls(vs.program);
        if let Some(osgn) = vs.output_signature {
            for e in user_elements(osgn) {
                // A row the VS never declares is not written (fxc keeps
                // unwritten members of the output struct in OSGN).
                if vs_decls.get(&e.register).copied().unwrap_or(0) & e.mask == 0 {
                    continue;
                }
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                h.varyings.insert(
                    key.clone(),
                    Varying {
                        semantic: key.0,
                        index: key.1,
                        ty: ty_of(e.component_type),
                        width: 0,
                        mask: e.mask & 0xF,
                        interpolation: None,
                        vs_register: Some(e.register),
                        vs_mask: e.mask & 0xF,
                        ps_register: None,
                        ps_mask: 0,
                    },
                );
            }
        }
        if let Some(isgn) = ps.input_signature {
            for e in user_elements(isgn) {
                let Some((mode, declared)) = decls.get(&e.register).copied() else {
                    continue;
                };
                if declared & e.mask == 0 {
                    continue;
                }
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                let v = h.varyings.entry(key.clone()).or_insert_with(|| Varying {
                    semantic: key.0.clone(),
                    index: key.1,
                    ty: ty_of(e.component_type),
                    width: 0,
                    mask: 0,
                    interpolation: None,
                    vs_register: None,
                    vs_mask: 0,
                    ps_register: None,
                    ps_mask: 0,
                });
                v.ps_register = Some(e.register);
                v.ps_mask = e.mask & 0xF;
                v.mask |= e.mask & 0xF;
                v.interpolation = mode;
            }
        }
        for v in h.varyings.values_mut() {
            v.width = v.mask.count_ones().max(1) as u8;
        }
        h
    }
}

fn ty_of(c: ComponentType) -> Ty {
    match c {
        ComponentType::Uint32 | ComponentType::Uint16 | ComponentType::Uint64 => Ty::Uint,
        ComponentType::Sint32 | ComponentType::Sint16 | ComponentType::Sint64 => Ty::Int,
        _ => Ty::Float,
    }
}

/// Signature elements that are plain varyings (no system value).
fn user_elements(sig: &Signature) -> impl Iterator<Item = &dxlower_dxbc::SignatureElement> {
    sig.elements.iter().filter(|e| {
        !e.has_no_register()
            && e.effective_system_value() == SignatureSystemValue::Undefined
            && !e.name.to_ascii_uppercase().starts_with("SV_")
    })
}

/// `(slot, size)` of every constant-buffer declaration.
fn cb_decls(p: &Program) -> Vec<(u32, u32)> {
    p.instructions
        .iter()
        .filter(|i| i.opcode == Opcode::DclConstantBuffer)
        .filter_map(|i| {
            let op = i.operands.first()?;
            if op.ty != OperandType::ConstantBuffer {
                return None;
            }
            match &i.payload {
                // SM5.1 `CB<id>[<lower>:<upper>][<size>]`: the slot is the
                // register, the range's lower bound.
                Payload::ConstantBuffer51 { size, .. } => {
                    Some((op.indices.get(1)?.imm as u32, *size))
                }
                _ => Some((
                    op.indices.first()?.imm as u32,
                    op.indices.get(1)?.imm as u32,
                )),
            }
        })
        .collect()
}

/// VS output register → the union of its `dcl_output*` masks.
fn vs_output_decls(p: &Program) -> BTreeMap<u32, u8> {
    let mut m: BTreeMap<u32, u8> = BTreeMap::new();
    for i in &p.instructions {
        if !matches!(
            i.opcode,
            Opcode::DclOutput | Opcode::DclOutputSiv | Opcode::DclOutputSgv
        ) {
            continue;
        }
        let Some(op) = i.operands.first() else {
            continue;
        };
        if op.ty != OperandType::Output {
            continue;
        }
        if let Some(reg) = op.reg() {
            *m.entry(reg).or_insert(0) |= op.mask();
        }
    }
    m
}

/// PS input register → (interpolation mode of its `dcl_input_ps*`, or
/// `None` for a plain `dcl_input`; the union of the declared masks).
fn ps_input_decls(p: &Program) -> BTreeMap<u32, (Option<InterpolationMode>, u8)> {
    let mut m: BTreeMap<u32, (Option<InterpolationMode>, u8)> = BTreeMap::new();
    for i in &p.instructions {
        let mode = match i.opcode {
            Opcode::DclInputPs | Opcode::DclInputPsSiv => Some(i.interpolation_mode()),
            Opcode::DclInput => None,
            _ => continue,
        };
        let Some(op) = i.operands.first() else {
            continue;
        };
        if op.ty != OperandType::Input {
            continue;
        }
        if let Some(reg) = op.reg() {
            let e = m.entry(reg).or_insert((mode, 0));
            if e.0.is_none() {
                e.0 = mode;
            }
            e.1 |= op.mask();
        }
    }
    m
}

/// A translated VS/PS pair.
#[derive(Clone, Debug)]
pub struct ProgramGlsl {
    /// The vertex stage.
    pub vs: StageGlsl,
    /// The pixel stage.
    pub ps: StageGlsl,
    /// The agreements both stages were translated with.
    pub hints: LinkHints,
}

/// Why a pair did not link.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// A stage is not the expected kind.
    #[error("{which} is a {got:?} shader, expected {want:?}")]
    WrongStage {
        /// `vs` or `ps`.
        which: &'static str,
        /// Its program type.
        got: ProgramType,
        /// The expected one.
        want: ProgramType,
    },
    /// One stage did not translate.
    #[error("{which}: {source}")]
    Stage {
        /// `vs` or `ps`.
        which: &'static str,
        /// The stage's error.
        #[source]
        source: TranslateError,
    },
}

/// Translates a VS and a PS together: pixel stage first (its inputs decide
/// the VS output qualifiers), both with the same [`LinkHints`].
pub fn link(
    vs: StageInput<'_>,
    ps: StageInput<'_>,
    profile: &Profile,
) -> Result<ProgramGlsl, LinkError> {
    let check = |which, input: &StageInput<'_>, want| {
        let got = input.program.version.program_type;
        if got != want {
            Err(LinkError::WrongStage { which, got, want })
        } else {
            Ok(())
        }
    };
    check("vs", &vs, ProgramType::Vertex)?;
    check("ps", &ps, ProgramType::Pixel)?;
    let mut hints = LinkHints::compute(&vs, &ps);
    let translate = |hints: &LinkHints| -> Result<(StageGlsl, StageGlsl), LinkError> {
        let ps_glsl = translate_stage_linked(ps, profile, Some(hints)).map_err(|source| {
            LinkError::Stage {
                which: "ps",
                source,
            }
        })?;
        let vs_glsl = translate_stage_linked(vs, profile, Some(hints)).map_err(|source| {
            LinkError::Stage {
                which: "vs",
                source,
            }
        })?;
        Ok((vs_glsl, ps_glsl))
    };
    let (mut vs_glsl, mut ps_glsl) = translate(&hints)?;
    // A pass may enlarge a block after its declaration (the BoneTransforms
    // cb3 splice): when the two texts then disagree on a shared block,
    // translate once more with the larger sizes agreed.
    let (vs_blocks, ps_blocks) = (block_sizes(&vs_glsl.glsl), block_sizes(&ps_glsl.glsl));
    let mut again = false;
    for (slot, &v) in &vs_blocks {
        if let Some(&p) = ps_blocks.get(slot) {
            if p != v {
                hints.cb_sizes.insert(*slot, p.max(v));
                again = true;
            }
        }
    }
    if again {
        (vs_glsl, ps_glsl) = translate(&hints)?;
    }
    separate_sampler_names(&mut vs_glsl, &ps_glsl);
    // The stage records carry the sizes as written.
    for s in [&mut vs_glsl, &mut ps_glsl] {
        for (slot, size) in block_sizes(&s.glsl) {
            if let Some(e) = s.cbuffers.get_mut(&slot) {
                *e = size;
            } else {
                s.cbuffers.insert(slot, size);
            }
        }
    }
    Ok(ProgramGlsl {
        vs: vs_glsl,
        ps: ps_glsl,
        hints,
    })
}

/// Prefix of vertex-stage sampler uniforms renamed by
/// [`separate_sampler_names`].
pub const VS_SAMPLER_PREFIX: &str = "vs_";

/// D3D numbers texture registers per stage, GLSL has one uniform namespace
/// per program: a VS `t0` and a PS `t0` would become one uniform — the same
/// texture unit, and a link error when their sampler types differ (ANGLE:
/// "Types of uniform 't0' differ between VERTEX and FRAGMENT shaders").
/// Every VS sampler uniform whose name the PS also declares is renamed
/// `vs_<name>` in the VS text and its manifest entry; names used by one
/// stage only keep the `t<N>` ABI.
pub fn separate_sampler_names(vs: &mut StageGlsl, ps: &StageGlsl) {
    let clashes: Vec<String> = vs
        .samplers
        .iter()
        .filter(|u| ps.samplers.iter().any(|p| p.name == u.name))
        .map(|u| u.name.clone())
        .collect();
    if clashes.is_empty() {
        return;
    }
    vs.glsl = rename_identifiers(&vs.glsl, &clashes, VS_SAMPLER_PREFIX);
    for u in &mut vs.samplers {
        if clashes.contains(&u.name) {
            u.name = format!("{VS_SAMPLER_PREFIX}{}", u.name);
        }
    }
}

/// Prefixes every whole-identifier occurrence of `names` in GLSL `text`.
fn rename_identifiers(text: &str, names: &[String], prefix: &str) -> String {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| is_ident(c)) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let end = tail.find(|c: char| !is_ident(c)).unwrap_or(tail.len());
        let word = &tail[..end];
        if names.iter().any(|n| n == word) {
            out.push_str(prefix);
        }
        out.push_str(word);
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod rename_tests {
    use super::rename_identifiers;

    #[test]
    fn whole_identifiers_only() {
        let names = vec!["t0".to_string(), "t0TEX_with_SMPs0".to_string()];
        let src = "uniform highp sampler2D t0;\nx = texture(t0TEX_with_SMPs0, c) + t01 + at0;";
        assert_eq!(
            rename_identifiers(src, &names, "vs_"),
            "uniform highp sampler2D vs_t0;\nx = texture(vs_t0TEX_with_SMPs0, c) + t01 + at0;"
        );
    }
}

/// Every `layout(std140) uniform <Block> { vec4 data[K]; } <inst>;` of a
/// stage's text (the shape decl-io writes for `cb#` and passes write for
/// the blocks they add): `(block, instance, K)` in text order.
fn uniform_blocks(glsl: &str) -> Vec<(String, String, u32)> {
    let mut out = Vec::new();
    let mut lines = glsl.lines();
    while let Some(line) = lines.next() {
        let Some(block) = line
            .strip_prefix("layout(std140) uniform ")
            .and_then(|r| r.strip_suffix(" {"))
        else {
            continue;
        };
        let size = lines
            .next()
            .and_then(|l| l.trim().strip_prefix("vec4 data["))
            .and_then(|r| r.strip_suffix("];"))
            .and_then(|n| n.parse::<u32>().ok());
        let inst = lines
            .next()
            .and_then(|l| l.strip_prefix("} "))
            .and_then(|r| r.strip_suffix(';'));
        if let (Some(size), Some(inst)) = (size, inst) {
            out.push((block.to_string(), inst.to_string(), size));
        }
    }
    out
}

/// Slot → `vec4` count of the `ConstantBuffer<N>` blocks of a stage's text.
fn block_sizes(glsl: &str) -> BTreeMap<u32, u32> {
    uniform_blocks(glsl)
        .into_iter()
        .filter_map(|(b, _, n)| Some((b.strip_prefix("ConstantBuffer")?.parse().ok()?, n)))
        .collect()
}

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
    /// Quality notes of both stages (`vs: …`, `ps: …`).
    pub notes: Vec<String>,
}

/// One plain uniform (`uniform highp ivec4 hlslcc_mipCount[32];`).
///
/// JSON: `{"name": "hlslcc_mipCount", "type": "ivec4", "array": 32,
/// "stages": ["ps"]}` (`array` is `null` for a single value). What each
/// name holds is set by the profile switch that declares it:
/// `resinfo_mip_count = Uniform(name)` (the mip count of texture `t<N>` in
/// element `N / 4`, component `N % 4`), `vertex_id_base = Uniform(name)`
/// (the draw's `first`), `fragcoord_origin = FlipWithUniform`
/// (`dxlower_RenderTargetHeight`, the render target's height in pixels).
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

/// The plain uniforms a stage declares: `uniform <precision> <type>
/// <name>[<n>];` lines that declare neither a sampler nor a block.
fn plain_uniforms(glsl: &str) -> impl Iterator<Item = (String, String, Option<u32>)> + '_ {
    glsl.lines().filter_map(|line| {
        let rest = line.strip_prefix("uniform ")?.strip_suffix(';')?;
        if rest.contains('{') || rest.contains("sampler") {
            return None;
        }
        let mut words = rest.split_whitespace();
        let mut ty = words.next()?;
        if matches!(ty, "highp" | "mediump" | "lowp") {
            ty = words.next()?;
        }
        let decl = words.next()?;
        let (name, array) = match decl.split_once('[') {
            Some((n, len)) => (n, len.strip_suffix(']')?.parse().ok()),
            None => (decl, None),
        };
        Some((name.to_string(), ty.to_string(), array))
    })
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

/// The WebGL extension (registry name) that enables a GLSL directive.
fn webgl_extension(directive: &str) -> Option<&'static str> {
    Some(match directive {
        "GL_NV_shader_noperspective_interpolation" => "NV_shader_noperspective_interpolation",
        "GL_ANGLE_clip_cull_distance" => "WEBGL_clip_cull_distance",
        "GL_OES_sample_variables" => "OES_sample_variables",
        "GL_OES_shader_multisample_interpolation" => "OES_shader_multisample_interpolation",
        "GL_EXT_shader_texture_lod" => "EXT_shader_texture_lod",
        _ => return None,
    })
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

/// What a uniform block holds, told by its instance name (the ABI of
/// both kinds, as the block names are not: the `bone_transforms` pass
/// takes its block name as a parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// A D3D constant buffer `cb<N>` (`ConstantBuffer<N>`, instance
    /// `cb<N>`), including one a pass enlarged (the ccpwgl `cb3` JointMat
    /// splice): the host binds the data of constant-buffer slot `b<N>`.
    ConstantBuffer,
    /// The elements of a structured-buffer SRV `t<r>` a pass moved into a
    /// std140 block (instance `sb<r>`, e.g. the native `CewgSb<r>` block
    /// of the `bone_transforms` pass): the host uploads that buffer's rows
    /// into it.
    StructuredBuffer,
    /// Any other block.
    Other,
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
    /// The sampler register `s#` (combined samplers only).
    pub sampler: Option<u32>,
    /// True for a shadow-compare uniform.
    pub shadow: bool,
    /// Set when the uniform is a data texture standing in for a buffer SRV
    /// (profiles.md §4.6, the `structured_data_texture` pass): the host
    /// uploads the buffer's bytes into an RGBA32UI texture of any width.
    /// Absent from the JSON for ordinary textures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_texture: Option<crate::emit::DataTexture>,
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

fn ty_name(t: Ty) -> &'static str {
    match t {
        Ty::Float => "float",
        Ty::Int => "int",
        Ty::Uint => "uint",
    }
}

impl ProgramGlsl {
    /// The program manifest.
    pub fn manifest(&self) -> Manifest {
        let mut attributes = Vec::new();
        for v in &self.vs.io_vars {
            if !self.vs.inputs.contains(&v.name) || v.name.starts_with("gl_") {
                continue;
            }
            // An integer attribute declared as float reads through a
            // conversion (`uvec4(in_X)`): the attribute is `in_X`.
            let (name, declared) = match v.name.split_once('(') {
                Some((_, rest)) => (rest.trim_end_matches(')').to_string(), Ty::Float),
                None => (v.name.clone(), v.ty),
            };
            attributes.push(Attribute {
                name,
                glsl_type: declared.glsl(v.width).to_string(),
                base_type: ty_name(declared),
                components: v.width,
                integer: declared != Ty::Float,
                data_type: ty_name(v.ty),
            });
        }
        // From the texts, so that blocks a pass added or enlarged are
        // listed as declared; ConstantBuffer<N> first by slot, then the
        // others by name.
        let mut blocks: BTreeMap<(bool, u32, String), UniformBlock> = BTreeMap::new();
        for (stage, s) in [("vs", &self.vs), ("ps", &self.ps)] {
            for (block, instance, size) in uniform_blocks(&s.glsl) {
                let slot = block
                    .strip_prefix("ConstantBuffer")
                    .and_then(|n| n.parse::<u32>().ok());
                let texture_register = instance
                    .strip_prefix("sb")
                    .and_then(|n| n.parse::<u32>().ok());
                let kind = match (slot, texture_register) {
                    (Some(_), _) => BlockKind::ConstantBuffer,
                    (None, Some(_)) => BlockKind::StructuredBuffer,
                    (None, None) => BlockKind::Other,
                };
                let texture_register = texture_register.filter(|_| slot.is_none());
                let key = (slot.is_none(), slot.unwrap_or(0), block.clone());
                let b = blocks.entry(key).or_insert_with(|| UniformBlock {
                    block,
                    instance,
                    kind,
                    slot,
                    texture_register,
                    vec4s: 0,
                    bytes: 0,
                    stages: Vec::new(),
                });
                b.vec4s = b.vec4s.max(size);
                b.bytes = b.vec4s * 16;
                b.stages.push(stage);
            }
        }
        let samplers = [("vs", &self.vs), ("ps", &self.ps)]
            .into_iter()
            .flat_map(|(stage, s)| {
                s.samplers.iter().map(move |u| SamplerBinding {
                    stage,
                    name: u.name.clone(),
                    glsl_type: u.glsl_type.clone(),
                    texture: u.texture,
                    sampler: u.sampler,
                    shadow: u.shadow,
                    data_texture: u.data.clone(),
                })
            })
            .collect();
        let varyings = self
            .hints
            .varyings
            .values()
            .map(|v| VaryingInfo {
                semantic: v.semantic.clone(),
                index: v.index,
                base_type: ty_name(v.ty),
                components: v.width,
                interpolation: v.interpolation.map(|m| format!("{m:?}")),
                vs_register: v.vs_register,
                ps_register: v.ps_register,
                fed: v.vs_register.is_some(),
            })
            .collect();
        let notes = [("vs", &self.vs), ("ps", &self.ps)]
            .into_iter()
            .flat_map(|(stage, s)| s.notes.iter().map(move |n| format!("{stage}: {n}")))
            .collect();
        let mut uniforms: Vec<PlainUniform> = Vec::new();
        for (stage, s) in [("vs", &self.vs), ("ps", &self.ps)] {
            for (name, glsl_type, array) in plain_uniforms(&s.glsl) {
                match uniforms.iter_mut().find(|u| u.name == name) {
                    Some(u) => u.stages.push(stage),
                    None => uniforms.push(PlainUniform {
                        name,
                        glsl_type,
                        array,
                        stages: vec![stage],
                    }),
                }
            }
        }
        let mut extensions: Vec<ExtensionUse> = Vec::new();
        for (stage, s) in [("vs", &self.vs), ("ps", &self.ps)] {
            for line in s.glsl.lines() {
                let Some(rest) = line.trim_start().strip_prefix("#extension") else {
                    continue;
                };
                let directive = rest.split(':').next().unwrap_or_default().trim();
                match extensions.iter_mut().find(|e| e.directive == directive) {
                    Some(e) => e.stages.push(stage),
                    None => extensions.push(ExtensionUse {
                        directive: directive.to_string(),
                        webgl: webgl_extension(directive),
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
            notes,
        }
    }
}

#[cfg(test)]
mod manifest_tests {
    use super::plain_uniforms;

    #[test]
    fn plain_uniforms_skip_samplers_and_blocks() {
        let glsl = "uniform highp ivec4 hlslcc_mipCount[32];\n\
                    uniform mediump sampler2D t0;\n\
                    layout(std140) uniform ConstantBuffer0 {\n    vec4 data[2];\n} cb0;\n\
                    uniform highp int dx_FirstVertex;\n";
        let got: Vec<_> = plain_uniforms(glsl).collect();
        assert_eq!(
            got,
            [
                ("hlslcc_mipCount".to_string(), "ivec4".to_string(), Some(32)),
                ("dx_FirstVertex".to_string(), "int".to_string(), None),
            ]
        );
    }
}
