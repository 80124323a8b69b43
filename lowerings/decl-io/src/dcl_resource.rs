//! `dcl_resource`: typed texture resources `t#`.

use crate::switches::{MultisampleTextures, SamplerPrecision, Texture1D as Tex1D, TextureBuffers};
use dxlower_core::binding::{declared_keys, declared_range, label, operand_key, BindingKind};
use dxlower_core::reg_of;
use dxlower_core::{
    register_handler, DeclCtx, Lift, Lower, LowerError, Precision, Refusal, ResourceDecl,
    SamplerKey, SamplerUniform, Ty,
};
use dxlower_dxbc::{
    Instruction, Opcode, OperandType, Payload, Program, ResourceDimension, ReturnType,
};
use std::collections::{BTreeMap, BTreeSet};

/// Sampling opcodes whose (texture, sampler) pair needs a combined
/// uniform, and whether they compare (shadow twin).
fn sampling(op: Opcode) -> Option<bool> {
    use Opcode::*;
    match op {
        Sample | SampleB | SampleL | SampleD | Gather4 | Gather4Po => Some(false),
        SampleC | SampleCLz | Gather4C | Gather4PoC => Some(true),
        // The residency-feedback forms (texture-sample's `residency_feedback`).
        SampleLFeedback | SampleClampFeedback | SampleBClampFeedback | SampleDClampFeedback
        | Gather4Feedback | Gather4PoFeedback => Some(false),
        SampleCLzFeedback | SampleCClampFeedback | Gather4CFeedback | Gather4PoCFeedback => {
            Some(true)
        }
        _ => None,
    }
}

/// True when `inst` reads its texture through the bare uniform `tN`
/// (`bt<N>` for an emulated `Buffer<>`): `ld`, `ld_ms`, `resinfo`,
/// `lod` (its `textureSize`), the residency-feedback `ld_s`, `ldms_s`,
/// and the min-LOD clamp forms `sample_cl_s`, `sample_b_cl_s`,
/// `sample_d_cl_s`, `sample_c_cl_s` unless their clamp (the last operand)
/// is the immediate `0.0`, HLSL's "no clamp", which samples as the plain
/// form. `lowerings/texture-sample/docs/texture-sample.md#names` lists the
/// same instructions; `sample_info` and `sample_pos` read no texture.
fn reads_bare(inst: &Instruction) -> bool {
    use Opcode::*;
    match inst.opcode {
        Ld | LdMs | Resinfo | Lod | LdFeedback | LdMsFeedback => true,
        SampleClampFeedback | SampleBClampFeedback | SampleDClampFeedback
        | SampleCClampFeedback => !inst.operands.last().is_some_and(|o| {
            o.ty == OperandType::Immediate32
                && o.imm.len() == 1
                && o.imm.first().is_some_and(|&v| f32::from_bits(v) == 0.0)
        }),
        _ => false,
    }
}

/// What the program's texture instructions read, found in one pass over
/// the program before it is lowered (resource operand `t#`, sampler
/// operand `s#`; in SM5.1 the binding keys of the ranges `T<id>`, `S<id>`
/// declare, [`dxlower_core::binding::key`]): the samplers each texture is
/// used with by plain and by comparing sampling instructions, each sorted
/// (texture → (plain, comparing)), and the textures some instruction reads
/// through the bare uniform ([`SamplerPairs::reads_bare`]).
#[derive(Default)]
pub struct SamplerPairs {
    pairs: BTreeMap<u32, (BTreeSet<u32>, BTreeSet<u32>)>,
    bare: BTreeSet<u32>,
}

impl SamplerPairs {
    /// The pairs and bare reads of every texture of `program`.
    pub fn of(program: &Program) -> SamplerPairs {
        let mut pairs = SamplerPairs::default();
        let sm51 = program.version.at_least(5, 1);
        let keys = if sm51 {
            declared_keys(program)
        } else {
            Default::default()
        };
        for inst in &program.instructions {
            let reg = |ty| {
                inst.operands
                    .iter()
                    .find(|o| o.ty == ty)
                    .and_then(|o| operand_key(o, sm51, &keys))
            };
            if reads_bare(inst) {
                if let Some(r) = reg(OperandType::Resource) {
                    pairs.bare.insert(r);
                }
            }
            let Some(compare) = sampling(inst.opcode) else {
                continue;
            };
            if let (Some(r), Some(s)) = (reg(OperandType::Resource), reg(OperandType::Sampler)) {
                let (plain, cmp) = pairs.pairs.entry(r).or_default();
                if compare {
                    cmp.insert(s);
                } else {
                    plain.insert(s);
                }
            }
        }
        pairs
    }

    /// The samplers used with texture `t`: (plain, comparing).
    pub fn of_texture(&self, t: u32) -> (BTreeSet<u32>, BTreeSet<u32>) {
        self.pairs.get(&t).cloned().unwrap_or_default()
    }

    /// True when some instruction reads texture `t` through its bare
    /// uniform.
    pub fn reads_bare(&self, t: u32) -> bool {
        self.bare.contains(&t)
    }
}

/// The base type a texture returns, from the x return-type nibble of the
/// declaration (RDEF is stripped): `sint` → int, `uint` → uint, `double`
/// refused, everything else (unorm, snorm, float, mixed) float.
fn return_ty(t: u32, rt: ReturnType) -> Result<Ty, LowerError> {
    match rt {
        ReturnType::Sint => Ok(Ty::Int),
        ReturnType::Uint => Ok(Ty::Uint),
        ReturnType::Double => Err(Refusal::new(
            format!("double-precision texture t{t}"),
            "GLSL ES 3.00 has no 64-bit texture formats",
        )
        .into()),
        _ => Ok(Ty::Float),
    }
}

/// The GLSL sampler type (without `i`/`u` prefix) of a texture dimension.
fn sampler_base(
    t: u32,
    dim: ResourceDimension,
    profile: &crate::DeclIoSwitches,
) -> Result<&'static str, LowerError> {
    use ResourceDimension::*;
    let one_d = |base: &'static str| match profile.texture_1d {
        Tex1D::Emulate2D => Ok(base),
        Tex1D::Refuse => Err(LowerError::from(
            Refusal::new(
                format!("{} t{t}", dim.name()),
                "GLSL ES 3.00 has no 1D samplers (sampler1D* are reserved words)",
            )
            .lifted_by(Lift::switch_text(
                "texture_1d",
                "Emulate2D",
                "profile texture_1d = Emulate2D (runtime uploads W×1 2D textures)",
            )),
        )),
    };
    match dim {
        Texture2D => Ok("sampler2D"),
        Texture3D => Ok("sampler3D"),
        TextureCube => Ok("samplerCube"),
        Texture2DArray => Ok("sampler2DArray"),
        Texture1D => one_d("sampler2D"),
        Texture1DArray => one_d("sampler2DArray"),
        TextureCubeArray => Err(Refusal::new(
            format!("texturecubearray t{t}"),
            "cube-map arrays are not in GLSL ES 3.00 and no WebGL extension adds them",
        )
        .into()),
        Texture2DMS | Texture2DMSArray
            if profile.multisample_textures == MultisampleTextures::SingleSample =>
        {
            Ok(if dim == Texture2DMS {
                "sampler2D"
            } else {
                "sampler2DArray"
            })
        }
        Texture2DMS | Texture2DMSArray => Err(Refusal::new(
            format!("{} t{t}", dim.name()),
            "GLSL ES 3.00 has no multisample samplers (sampler2DMS is ES 3.10)",
        )
        .lifted_by(Lift::switch_text(
            "multisample_textures",
            "SingleSample",
            "profile multisample_textures = SingleSample (the host binds single-sampled textures)",
        ))
        .into()),
        other => Err(LowerError::invalid(format!(
            "`dcl_resource` of dimension {} for t{t}",
            other.name()
        ))),
    }
}

/// The precision of a sampler uniform (profile switch
/// `sampler_precision`, `lowerings/decl-io/docs/decl-io.md#dcl_resource`). Always printed:
/// ES 3.00 has no default precision for 3D, array, shadow and integer
/// samplers. `data` marks the bare `tN` uniform, which only the fetches
/// (`texelFetch`) and size queries (`textureSize`) read ([`reads_bare`]). Under `PerKind` (webgl2) and
/// `Mediump` (ccpwgl: "mediump, but highp for integer/data/depth
/// samplers") only the combined float colour samplers are `mediump`: a
/// texture built-in returns values at its sampler's precision, and a data
/// fetch needs the full 32 bits.
fn precision(profile: &crate::DeclIoSwitches, ty: Ty, shadow: bool, data: bool) -> Precision {
    match profile.sampler_precision {
        SamplerPrecision::Highp => Precision::Highp,
        SamplerPrecision::PerKind | SamplerPrecision::Mediump
            if ty != Ty::Float || shadow || data =>
        {
            Precision::Highp
        }
        _ => Precision::Mediump,
    }
}

/// `dcl_resource_<dim> (<types>) tN`: declares a typed texture.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_resource`,
/// `docs/conventions.md#fixed-names`, `lowerings/texture-sample/docs/texture-sample.md#names` (which name each instruction reads);
/// profile switches `texture_1d`, `texture_buffers`,
/// `sampler_precision`.
///
/// **GLSL ES 3.00**: sampler type from the dimension — `sampler2D`,
/// `sampler3D`, `samplerCube`, `sampler2DArray`; Texture1D/1DArray as
/// `sampler2D`/`sampler2DArray` of height 1 under `texture_1d =
/// Emulate2D` (the runtime uploads them W×1) — prefixed `i`/`u` for
/// `sint`/`uint` return types (read from the declaration's return-type
/// dword, RDEF being stripped). Declared, in order:
/// 1. the bare `uniform <prec> <type> tN;`, when an instruction of the
///    program reads it ([`reads_bare`]: `ld`, `ld_ms`, `resinfo`, `lod`
///    and the residency-feedback fetches and min-LOD clamps);
/// 2. one `uniform <prec> <type> tNTEX_with_SMPsM;` per sampler `sM` that
///    a plain sampling instruction (`sample`, `sample_b/l/d`, `gather4`,
///    `gather4_po`) of the program uses with `tN`;
/// 3. one `uniform highp <type>Shadow hlslcc_zcmptNTEX_with_SMPsM;` per
///    sampler a comparing instruction (`sample_c`, `sample_c_lz`,
///    `gather4_c`, `gather4_po_c`) uses with `tN`.
///
/// Precision is always explicit; with `sampler_precision = PerKind`
/// (webgl2) or `Mediump` (ccpwgl) only the combined float colour samplers
/// are `mediump`: integer, shadow and the bare (data-fetch) uniforms are
/// `highp`.
///
/// A texture the profile stubs ([`dxlower_core::StageState::stubbed_resource`],
/// `stub_resource_registers`, `docs/profiles.md#stubbed-resources` — matched by its RDEF
/// binding name) declares nothing: no bare `tN`, no combined or shadow
/// uniform, no manifest entry. It is still recorded in `resources` (with
/// the declared dimension and return type, never refused since nothing is
/// declared), and every texture instruction reading it writes zero.
/// Recorded in [`dxlower_core::StageState::resources`] (dimension, base
/// type, sample count).
///
/// Multisample textures (`texture2dms`, `texture2dmsarray`) are
/// `sampler2D`/`sampler2DArray` under `multisample_textures =
/// SingleSample`, with a host contract: the host binds a single-sampled
/// texture in their place, whose level 0 is sample 0 (the texture-sample
/// family reads it; `lowerings/decl-io/docs/emulations.md#2-multisample_textures-texture2dms-texture2dmsarray-srvs`).
///
/// Refused: cube arrays, multisample textures without that switch, 1D
/// textures under `texture_1d = Refuse`, double return types; `Buffer` SRVs unless
/// `texture_buffers = Emulate`, where the texture is declared as the
/// `highp` 2D data texture `uniform highp sampler2D btN;` (`isampler2D`/
/// `usampler2D` for integer buffers; only when an `ld` reads it) whose
/// texel addressing belongs to the texture-sample family. A compare on a 3D or integer texture is
/// malformed.
///
/// A Shader Model 5.1 declaration `T<id>[<lower>:<upper>], space=<n>` of
/// one register is the texture of its register (`T2[0:0]` is `t0`, its
/// uniforms `t0`, `t0TEX_with_SMPs#`; the id is recorded in
/// [`dxlower_core::StageState::binding_ids`]); outside space 0 the names
/// carry the space (`t0_space1`, `t0_space1TEX_with_SMPs2`;
/// `lowerings/decl-io/docs/decl-io.md#register-spaces`); resource arrays
/// are refused, as for constant buffers.
///
/// **Differences from HLSLcc**: HLSLcc gives every used pair both a
/// plain and a shadow uniform when the texture is compared anywhere, adds
/// a bare `hlslcc_zcmptN`, defaults every sampler to `mediump` and
/// declares `sampler1D`, a reserved word in ES 3.00; it also declares the
/// bare `tN` of every texture. Only the uniforms an instruction names are
/// declared here — the bare `tN` too, found from the decoded program as
/// the pairs are — so an unused uniform of another sampler type never
/// shares the texture's unit, and the driver parses no uniform it would
/// drop as inactive.
///
/// **Example**:
/// ```text
/// dcl_resource_texture2d (float,float,float,float) t0   (sample … t0, s1; sample_c … t0, s2; ld … t0)
///     →   uniform highp sampler2D t0;
///         uniform mediump sampler2D t0TEX_with_SMPs1;
///         uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs2;
/// dcl_resource_texture2d (float,float,float,float) t1   (sample … t1, s0 only)
///     →   uniform mediump sampler2D t1TEX_with_SMPs0;
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_resource` without its register operand"))?;
    if op.ty != OperandType::Resource {
        return Err(LowerError::invalid(format!(
            "`dcl_resource` of a {:?} operand",
            op.ty
        )));
    }
    let (return_types, space) = match &inst.payload {
        Payload::Resource {
            return_types,
            space,
            ..
        } => (return_types, space),
        _ => {
            return Err(LowerError::invalid(
                "`dcl_resource` without its return types",
            ))
        }
    };
    let dim = inst.decl_resource_dimension();
    let t = match space {
        Some(space) => {
            let (id, t) = declared_range(dim.name(), BindingKind::Resource, op, *space)?;
            cx.bind_range(BindingKind::Resource, id, t)?;
            t
        }
        None => reg_of(op)?,
    };
    if cx.state().resources.contains_key(&t) {
        return Err(LowerError::invalid(format!(
            "t{} is declared twice",
            label(t)
        )));
    }
    if cx.state().stubbed_resource(t).is_some() {
        // Stubbed (`docs/profiles.md#stubbed-resources`): recorded for the texture handlers,
        // which read zero from it, but nothing is declared or bound, so
        // neither the dimension nor the return type can be refused.
        cx.insert_resource(
            t,
            ResourceDecl {
                dim,
                ty: return_ty(t, return_types[0]).unwrap_or(Ty::Float),
                samples: inst.decl_sample_count(),
            },
        );
        return Ok(());
    }
    let ty = return_ty(t, return_types[0])?;
    let prefix = match ty {
        Ty::Float => "",
        Ty::Int => "i",
        Ty::Uint => "u",
    };
    let decl = ResourceDecl {
        dim,
        ty,
        samples: inst.decl_sample_count(),
    };
    // Every `dcl_resource` asks: the program is scanned once per stage.
    if cx.data::<SamplerPairs>().is_none() {
        let pairs = SamplerPairs::of(cx.state().input.program);
        cx.set_data(pairs);
    }
    let reads_bare = cx.data::<SamplerPairs>().is_some_and(|p| p.reads_bare(t));
    let profile = cx.switches::<crate::DeclIoSwitches>();
    if dim == ResourceDimension::Buffer {
        if profile.texture_buffers != TextureBuffers::Emulate {
            return Err(Refusal::new(
                format!("buffer t{}", label(t)),
                "texture buffers (samplerBuffer) are not in GLSL ES 3.00",
            )
            .lifted_by(Lift::switch("texture_buffers", "Emulate"))
            .into());
        }
        if reads_bare {
            declare(
                cx,
                format!("bt{}", label(t)),
                format!("{prefix}sampler2D"),
                Precision::Highp,
                SamplerKey::bare(t),
            );
        }
        cx.insert_resource(t, decl);
        return Ok(());
    }
    let base = sampler_base(t, dim, profile)?;
    if matches!(
        dim,
        ResourceDimension::Texture2DMS | ResourceDimension::Texture2DMSArray
    ) {
        cx.contract(
            "multisample_textures",
            format!(
                "bind a single-sampled {} (level 0 read) for {} t{t}, not a multisampled one",
                if dim == ResourceDimension::Texture2DMS {
                    "TEXTURE_2D"
                } else {
                    "TEXTURE_2D_ARRAY"
                },
                dim.name()
            ),
        );
    }
    let (plain, cmp) = cx
        .data::<SamplerPairs>()
        .map(|p| p.of_texture(t))
        .unwrap_or_default();
    if !cmp.is_empty() {
        let shadow_ok = matches!(
            dim,
            ResourceDimension::Texture2D
                | ResourceDimension::Texture2DArray
                | ResourceDimension::TextureCube
                | ResourceDimension::Texture1D
                | ResourceDimension::Texture1DArray
        );
        if ty != Ty::Float || !shadow_ok {
            return Err(LowerError::invalid(format!(
                "comparison sampling of {} t{t} ({ty:?} texels)",
                dim.name()
            )));
        }
    }
    if reads_bare {
        declare(
            cx,
            format!("t{}", label(t)),
            format!("{prefix}{base}"),
            precision(profile, ty, false, true),
            SamplerKey::bare(t),
        );
    }
    let p = precision(profile, ty, false, false);
    for s in &plain {
        declare(
            cx,
            format!("t{}TEX_with_SMPs{}", label(t), label(*s)),
            format!("{prefix}{base}"),
            p,
            SamplerKey::combined(t, *s),
        );
    }
    let p = precision(profile, ty, true, false);
    for s in &cmp {
        declare(
            cx,
            format!("hlslcc_zcmpt{}TEX_with_SMPs{}", label(t), label(*s)),
            format!("{base}Shadow"),
            p,
            SamplerKey::shadow(t, *s),
        );
    }
    cx.insert_resource(t, decl);
    Ok(())
}

/// Declares a sampler uniform (text and record: the host binds a texture
/// unit to it with `uniform1i` and needs the `t#`/`s#` pair behind the
/// name; the texture-sample handlers find it by its key).
fn declare(
    cx: &mut DeclCtx<'_>,
    name: String,
    glsl_type: String,
    precision: Precision,
    key: SamplerKey,
) {
    cx.declare_sampler(SamplerUniform::new(name, glsl_type, precision, key, None));
}

register_handler! {
    opcodes: &[Opcode::DclResource],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_resource",
    lower: Lower::Decl(lower),
}
