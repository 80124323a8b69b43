//! Building Carbon effect containers for tests: DXBC blobs stripped the
//! way the Carbon compiler strips them (no `RDEF`), the Carbon stage record
//! a compile would have written for them (reflected from the `RDEF` before
//! it is stripped, as `shadercompiler/DxReflection.h` does), and whole
//! effect files through `dxlower_carbon_effect::write`.

use dxlower_carbon_effect::write::EffectFile;
use dxlower_carbon_effect::*;
use dxlower_dxbc::rdef::{Rdef, ShaderInputType, SrvDimension, VariableClass};
use dxlower_dxbc::{ParseOptions, Program, ProgramType, Signature, SignatureSystemValue};

/// A stage record to write (its program bytes owned).
pub type OwnedStage = Stage<Vec<u8>>;
/// A pass: its vertex and pixel stage records.
pub type StagePair = (OwnedStage, OwnedStage);
/// A technique to write: its name and its passes' stages.
pub type TechniqueSpec<'a> = (&'a str, Vec<Vec<OwnedStage>>);

/// A DXBC container of `chunks`, with its checksum.
pub fn dxbc(chunks: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let header = 32 + 4 * chunks.len();
    let mut out = vec![0u8; header];
    out[0..4].copy_from_slice(b"DXBC");
    out[20..22].copy_from_slice(&1u16.to_le_bytes());
    out[28..32].copy_from_slice(&(chunks.len() as u32).to_le_bytes());
    for (i, (cc, data)) in chunks.iter().enumerate() {
        let at = out.len() as u32;
        out[32 + 4 * i..36 + 4 * i].copy_from_slice(&at.to_le_bytes());
        out.extend_from_slice(cc);
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(data);
    }
    let total = out.len() as u32;
    out[24..28].copy_from_slice(&total.to_le_bytes());
    let sum = dxlower_dxbc::checksum::container_checksum(&out);
    out[4..20].copy_from_slice(&sum);
    out
}

/// The bytes of a basic signature chunk (`ISGN`/`OSGN` layout).
pub fn signature_chunk(sig: &Signature) -> Vec<u8> {
    let n = sig.elements.len();
    let mut out = Vec::new();
    out.extend_from_slice(&(n as u32).to_le_bytes());
    out.extend_from_slice(&8u32.to_le_bytes());
    let mut names = Vec::new();
    let names_at = 8 + 24 * n;
    for e in &sig.elements {
        let off = (names_at + names.len()) as u32;
        names.extend_from_slice(e.name.as_bytes());
        names.push(0);
        for v in [
            off,
            e.semantic_index,
            e.system_value.to_u32(),
            e.component_type.to_u32(),
            e.register,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&[e.mask, e.rw_mask, 0, 0]);
    }
    out.extend_from_slice(&names);
    while out.len() % 4 != 0 {
        out.push(0xAB);
    }
    out
}

/// The blob with every chunk but the signatures and the program removed
/// (`D3DStripShader` with reflection, debug info and test blobs stripped).
pub fn strip(bytes: &[u8]) -> Vec<u8> {
    let c = dxlower_dxbc::Container::parse(bytes, ParseOptions::unchecked()).expect("a DXBC blob");
    let keep = [
        *b"ISGN", *b"ISG1", *b"OSGN", *b"OSG1", *b"OSG5", *b"PCSG", *b"SHDR", *b"SHEX",
    ];
    let chunks: Vec<([u8; 4], Vec<u8>)> = c
        .chunks
        .iter()
        .filter(|e| keep.contains(&e.fourcc))
        .map(|e| (e.fourcc, c.chunk_data(e).to_vec()))
        .collect();
    dxbc(&chunks)
}

/// A stripped blob (ISGN, OSGN, SHEX) and the Carbon stage record of an
/// fxc-style listing (its resource-binding table gives the names).
pub fn from_listing(text: &str) -> Stage<Vec<u8>> {
    let a = dxlower_dxbc::asm::parse(text).unwrap_or_else(|e| panic!("listing: {e}"));
    let mut chunks = Vec::new();
    if let Some(s) = &a.input_signature {
        chunks.push((*b"ISGN", signature_chunk(s)));
    }
    if let Some(s) = &a.output_signature {
        chunks.push((*b"OSGN", signature_chunk(s)));
    }
    chunks.push((*b"SHEX", dxlower_dxbc::encode_program_bytes(&a.program)));
    let bytes = dxbc(&chunks);
    let mut st = reflect(&a.program, a.input_signature.as_ref(), a.rdef.as_ref());
    st.program = bytes;
    st
}

/// The Carbon stage record of a corpus blob (reflected from its RDEF) with
/// the stripped blob as its program.
pub fn from_blob(bytes: &[u8]) -> Stage<Vec<u8>> {
    let shader = dxlower_dxbc::parse_with(bytes, ParseOptions::unchecked()).expect("DXBC");
    let mut st = reflect(
        &shader.program,
        shader.input_signature.as_ref(),
        shader.rdef.as_ref(),
    );
    st.program = strip(bytes);
    st
}

fn stage_type(p: ProgramType) -> StageType {
    match p {
        ProgramType::Vertex => StageType::Vertex,
        ProgramType::Pixel => StageType::Pixel,
        ProgramType::Geometry => StageType::Geometry,
        ProgramType::Hull => StageType::Hull,
        ProgramType::Domain => StageType::Domain,
        _ => StageType::Compute,
    }
}

/// What the Carbon compiler records for a stage (`ProcessReflection`):
/// the used variables of `$Globals`/the `b0` buffer, one register input
/// per bound resource, textures and samplers by register, and the
/// pipeline inputs of the input signature with Carbon usage codes.
pub fn reflect(program: &Program, isgn: Option<&Signature>, rdef: Option<&Rdef>) -> Stage<Vec<u8>> {
    let mut data = StageData::<Vec<u8>>::default();
    if let Some(rdef) = rdef {
        for cb in &rdef.constant_buffers {
            let at_b0 = rdef.bindings.iter().any(|b| {
                b.name == cb.name && b.input_type == ShaderInputType::Cbuffer && b.bind_point == 0
            });
            if cb.name != "$Globals" && !at_b0 {
                continue;
            }
            for v in &cb.variables {
                if v.flags & 2 == 0 {
                    continue;
                }
                let ty = match v.ty.ty.0 {
                    3 => constant_type::FLOAT,
                    2 => constant_type::INT,
                    19 => constant_type::UINT,
                    1 => constant_type::BOOL,
                    _ => constant_type::OTHER,
                };
                let dimension = match v.ty.class {
                    VariableClass::Scalar => 1,
                    VariableClass::Vector => (v.size / 4) as u8,
                    VariableClass::MatrixRows | VariableClass::MatrixColumns => 16,
                    _ => 1,
                };
                if let Some(d) = &v.default_value {
                    let end = (v.offset + v.size) as usize;
                    if data.defaults.len() < end {
                        data.defaults.resize(end, 0);
                    }
                    let n = d.len().min(v.size as usize);
                    data.defaults[v.offset as usize..v.offset as usize + n]
                        .copy_from_slice(&d[..n]);
                }
                data.constants.push(Constant {
                    name: v.name.clone(),
                    offset: v.offset,
                    size: v.size,
                    ty,
                    dimension,
                    elements: u32::from(v.ty.elements),
                    srgb: false,
                    autoregister: false,
                });
            }
        }
        for b in &rdef.bindings {
            use ShaderInputType as T;
            use SrvDimension as D;
            let rt = match (b.input_type, b.dimension) {
                (T::Cbuffer, _) => register_type::CONSTANT_BUFFER,
                (T::Sampler, _) => register_type::SAMPLER,
                (T::Structured, _) => 33,
                (T::Texture, D::Texture1D) => 34,
                (T::Texture, D::Texture1DArray) => 35,
                (T::Texture, D::Texture2D) => 36,
                (T::Texture, D::Texture2DArray) => 37,
                (T::Texture, D::Texture2DMS) => 38,
                (T::Texture, D::Texture2DMSArray) => 39,
                (T::Texture, D::Texture3D) => 40,
                (T::Texture, D::TextureCube) => 41,
                (T::Texture, D::TextureCubeArray) => 42,
                (t, _) if t.is_uav() => continue,
                _ => 32,
            };
            data.registers.push(RegisterInput {
                register_type: rt,
                index: b.bind_point,
                count: b.bind_count.max(1),
                space: 0,
            });
            let tex_ty = match (b.input_type, b.dimension) {
                (T::Cbuffer, _) | (T::Sampler, _) => None,
                (T::Texture, D::Texture1D) => Some(1),
                (T::Texture, D::Texture2D) => Some(2),
                (T::Texture, D::Texture3D) => Some(3),
                (T::Texture, D::TextureCube) => Some(4),
                (T::Texture, D::Buffer) => Some(6),
                (T::Texture, _) => Some(5),
                (T::Structured, _) => Some(7),
                (T::Tbuffer, _) => Some(8),
                (T::ByteAddress, _) => Some(9),
                _ => None,
            };
            if let Some(ty) = tex_ty {
                data.textures.push(Texture {
                    register: b.bind_point as u8,
                    name: b.name.clone(),
                    ty,
                    count: b.bind_count.max(1),
                    srgb: false,
                    autoregister: false,
                });
            }
            if b.input_type == T::Sampler {
                data.samplers
                    .push(Sampler::linear_wrap(b.bind_point as u8, &b.name));
            }
        }
        data.textures.sort_by_key(|t| t.register);
        data.samplers.sort_by_key(|s| s.register);
    }
    let mut pipeline_inputs = Vec::new();
    for e in isgn.map(|s| s.elements.as_slice()).unwrap_or_default() {
        if e.system_value != SignatureSystemValue::Undefined {
            continue;
        }
        let Some(usage) = USAGE_SEMANTICS
            .iter()
            .position(|u| u.eq_ignore_ascii_case(&e.name))
        else {
            continue;
        };
        pipeline_inputs.push(PipelineInput {
            usage: usage as u8,
            register: e.register as u8,
            usage_index: e.semantic_index as u8,
            used_mask: e.rw_mask,
            ty: match e.component_type {
                dxlower_dxbc::signature::ComponentType::Uint32 => constant_type::UINT,
                dxlower_dxbc::signature::ComponentType::Sint32 => constant_type::INT,
                _ => constant_type::FLOAT,
            },
            dimension: 8 - e.mask.leading_zeros() as u8,
        });
    }
    Stage {
        stage: stage_type(program.version.program_type),
        program: Vec::new(),
        thread_group: [0; 3],
        pipeline_inputs,
        data,
    }
}

/// A body of one technique `Main` whose passes are the given stages.
pub fn body(passes: Vec<Vec<Stage<Vec<u8>>>>) -> Body<Vec<u8>> {
    technique_body(vec![("Main", passes)])
}

/// A body of named techniques.
pub fn technique_body(techniques: Vec<TechniqueSpec<'_>>) -> Body<Vec<u8>> {
    let mut names: Vec<String> = Vec::new();
    let techniques = techniques
        .into_iter()
        .map(|(name, passes)| Technique {
            name: name.into(),
            passes: passes
                .into_iter()
                .map(|stages| {
                    for s in &stages {
                        for t in &s.data.textures {
                            names.push(t.name.clone());
                        }
                    }
                    Pass {
                        stages,
                        states: vec![
                            RenderState { state: 7, value: 1 },
                            RenderState {
                                state: 22,
                                value: 3,
                            },
                        ],
                    }
                })
                .collect(),
            libraries: Vec::new(),
        })
        .collect();
    names.sort();
    names.dedup();
    Body {
        techniques,
        parameters: names
            .into_iter()
            .map(|name| Parameter {
                name,
                annotations: vec![Annotation {
                    name: "SasUiVisible".into(),
                    ty: 0,
                    value: AnnotationValue::Raw(1),
                }],
            })
            .collect(),
    }
}

/// An axis with options `<NAME>_0`, `<NAME>_1`, ...
pub fn axis(name: &str, options: usize, default: u8) -> Axis {
    Axis {
        name: name.into(),
        default_option: default,
        description: String::new(),
        ty: 0,
        options: (0..options).map(|i| format!("{name}_{i}")).collect(),
    }
}

/// A version-15 effect file.
pub fn effect(axes: Vec<Axis>, bodies: Vec<Body<Vec<u8>>>, rows: Vec<usize>) -> Vec<u8> {
    dxlower_carbon_effect::write::write(&EffectFile::v15(axes, bodies, rows))
}

/// A listing of `tests/effects/`.
pub fn listing(name: &str) -> String {
    let p = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/effects")).join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn float_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// A `float4` constant of `cb0`.
fn float4(name: &str, offset: u32) -> Constant {
    Constant {
        name: name.into(),
        offset,
        size: 16,
        ty: constant_type::FLOAT,
        dimension: 4,
        elements: 0,
        srgb: false,
        autoregister: false,
    }
}

/// The skinned vertex shader's stage record, with its `cb0` constant
/// `SkinScale` (default 1, 1, 1, 1).
pub fn skinned_vs() -> Stage<Vec<u8>> {
    let mut vs = from_listing(&listing("skinned_bitangent.vs.asm"));
    vs.data.constants.push(float4("SkinScale", 0));
    vs.data.defaults = float_bytes(&[1.0, 1.0, 1.0, 1.0]);
    vs
}

/// The 14-texture pixel shader's stage record, with its `cb0` constants
/// `TintColor` (default 1, 1, 1, 1) and `TintOffset` (default 0).
pub fn fourteen_ps() -> Stage<Vec<u8>> {
    let mut ps = from_listing(&listing("fourteen_textures.ps.asm"));
    ps.data.constants.push(float4("TintColor", 0));
    ps.data.constants.push(float4("TintOffset", 16));
    ps.data.defaults = float_bytes(&[1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    for t in &mut ps.data.textures {
        t.srgb = t.register < 4;
        t.autoregister = t.register == 13;
    }
    ps
}

/// The skinned effect: one axis `SKINNING` (2 options, both selecting the
/// same body: aliased rows), techniques `Main` (skinned VS + 14-texture
/// PS) and `Depth` (the same VS with the same PS).
pub fn skinned_effect() -> Vec<u8> {
    let b = technique_body(vec![
        ("Main", vec![vec![skinned_vs(), fourteen_ps()]]),
        ("Depth", vec![vec![skinned_vs(), fourteen_ps()]]),
    ]);
    effect(vec![axis("SKINNING", 2, 1)], vec![b], vec![0, 0])
}

/// The corpus VS/PS pairs whose programs link under `profile` (in corpus
/// order), reflected and stripped; at most `n`.
pub fn corpus_passes(profile: &dxlower_core::Profile, n: usize) -> Vec<StagePair> {
    let mut out: Vec<StagePair> = Vec::new();
    for pair in crate::corpus_pairs() {
        if out.len() == n {
            break;
        }
        let (vb, pb) = (crate::read_corpus(&pair.vs), crate::read_corpus(&pair.ps));
        let vs = from_blob(&vb);
        let ps = from_blob(&pb);
        // Only inputs the Carbon compiler accepts (it rejects other
        // semantics), and a pair dxlower links.
        let ok_inputs = |b: &[u8]| {
            let s = dxlower_dxbc::parse_with(b, ParseOptions::unchecked()).expect("DXBC");
            s.input_signature.iter().flat_map(|s| &s.elements).all(|e| {
                e.system_value != SignatureSystemValue::Undefined
                    || USAGE_SEMANTICS
                        .iter()
                        .any(|u| u.eq_ignore_ascii_case(&e.name))
            })
        };
        if !ok_inputs(&vb) || !ok_inputs(&pb) {
            continue;
        }
        let (Ok(vsh), Ok(psh)) = (
            dxlower_dxbc::parse_with(&vs.program, ParseOptions::unchecked()),
            dxlower_dxbc::parse_with(&ps.program, ParseOptions::unchecked()),
        ) else {
            continue;
        };
        if dxlower_core::link(
            dxlower_core::stage_input(&vsh),
            dxlower_core::stage_input(&psh),
            profile,
        )
        .is_err()
        {
            continue;
        }
        if out
            .iter()
            .any(|(v, p)| v.program == vs.program && p.program == ps.program)
        {
            continue;
        }
        out.push((vs, ps));
    }
    out
}

/// A v15 effect of corpus programs with three axes (2 × 3 × 2 = 12
/// permutations) over four bodies, rows aliased: bodies of one or two
/// techniques (`Main`, `Depth`) of the pairs `passes`.
pub fn three_axis_effect(passes: &[StagePair]) -> Vec<u8> {
    assert!(
        passes.len() >= 4,
        "need 4 linkable corpus pairs, got {}",
        passes.len()
    );
    let p = |i: usize| vec![passes[i].0.clone(), passes[i].1.clone()];
    let bodies = vec![
        body(vec![p(0)]),
        technique_body(vec![("Main", vec![p(1)]), ("Depth", vec![p(0)])]),
        body(vec![p(2), p(3)]),
        technique_body(vec![("Main", vec![p(3)]), ("Depth", vec![p(2)])]),
    ];
    let rows = vec![0, 1, 0, 2, 3, 2, 0, 1, 1, 3, 3, 2];
    effect(
        vec![axis("FOG", 2, 0), axis("QUALITY", 3, 1), axis("CLIP", 2, 0)],
        bodies,
        rows,
    )
}

/// One pass of a package as a runtime takes it: (stage keys, VS source,
/// PS source, the META vertex stage).
pub struct PackagePass {
    /// `<bodyKey>.<technique>.pass<i>`.
    pub key: String,
    /// The vertex shader's GLSL, if translated.
    pub vs: Option<String>,
    /// The pixel shader's GLSL, if translated.
    pub ps: Option<String>,
    /// The META manifest stage of the vertex shader.
    pub vs_meta: serde_json::Value,
    /// The META manifest stage of the pixel shader.
    pub ps_meta: serde_json::Value,
}

/// The chunks of a package as JSON.
pub fn package_json(bytes: &[u8]) -> (serde_json::Value, serde_json::Value, serde_json::Value) {
    let chunks = dxlower_cewg_framing(bytes);
    let get = |tag: &[u8; 4]| -> serde_json::Value {
        let (_, payload) = chunks
            .iter()
            .find(|(t, _)| t == tag)
            .unwrap_or_else(|| panic!("no {} chunk", String::from_utf8_lossy(tag)));
        serde_json::from_slice(payload).expect("chunk JSON")
    };
    (get(b"INFO"), get(b"META"), get(b"GLSL"))
}

/// The package framing read as the public loader reads it.
fn dxlower_cewg_framing(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    assert_eq!(&bytes[..4], b"CEWG");
    let u = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    assert_eq!(u(4), 1, "version");
    let mut at = 12;
    let mut out = Vec::new();
    for _ in 0..u(8) {
        let size = u(at + 4);
        out.push((
            bytes[at..at + 4].try_into().unwrap(),
            bytes[at + 8..at + 8 + size].to_vec(),
        ));
        at += 8 + size;
    }
    assert_eq!(at, bytes.len(), "trailing bytes");
    out
}

/// Every VS+PS pass of every body of a package, joined the way the public
/// loader joins them (GLSL body → stages → shaders; META stage of the same
/// local key).
pub fn package_passes(bytes: &[u8]) -> Vec<PackagePass> {
    let (_, meta, glsl) = package_json(bytes);
    let mut out = Vec::new();
    for b in glsl["bodies"].as_array().unwrap() {
        let bkey = b["key"].as_str().unwrap();
        let mbody = meta["bodies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["key"] == bkey)
            .expect("META body of the GLSL body");
        let mut groups: std::collections::BTreeMap<
            String,
            (
                Option<String>,
                Option<String>,
                serde_json::Value,
                serde_json::Value,
            ),
        > = Default::default();
        for skey in b["stages"].as_array().unwrap() {
            let st = glsl["stages"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["key"] == *skey)
                .expect("GLSL stage");
            let sh = glsl["shaders"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["key"] == st["shaderKey"])
                .expect("GLSL shader");
            let local = st["localKey"].as_str().unwrap();
            let m = mbody["manifest"]["stages"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| {
                    format!(
                        "{}.pass{}.{}",
                        m["techniqueName"].as_str().unwrap(),
                        m["passIndex"],
                        m["stageName"].as_str().unwrap()
                    ) == local
                })
                .expect("META stage")
                .clone();
            let pass = format!(
                "{bkey}.{}.pass{}",
                st["techniqueName"].as_str().unwrap(),
                st["passIndex"]
            );
            let g = groups.entry(pass).or_insert((
                None,
                None,
                serde_json::Value::Null,
                serde_json::Value::Null,
            ));
            let src = sh["source"].as_str().map(str::to_string);
            match st["stageName"].as_str().unwrap() {
                "vertex" => {
                    g.0 = src;
                    g.2 = m;
                }
                "pixel" => {
                    g.1 = src;
                    g.3 = m;
                }
                _ => {}
            }
        }
        for (key, (vs, ps, vs_meta, ps_meta)) in groups {
            out.push(PackagePass {
                key,
                vs,
                ps,
                vs_meta,
                ps_meta,
            });
        }
    }
    out
}
