//! Shared utilities of the dxlower integration tests: where the shared corpus
//! lives, the manifest, running the real GLSL compiler, and building small
//! programs with the reader's encoder.
//!
//! The corpus is read from `DXLOWER_CORPUS_DIR` (default `../shared/corpus`
//! beside the workspace) and never copied into the project.

pub mod build;
pub mod effects;
pub mod hostile;
pub mod mutate;

use dxlower_core::testing::Harness;
use dxlower_core::{LowerError, Profile, StageGlsl, StageInput, TranslateError, Ty};
use dxlower_dxbc::{
    Components, Instruction, Opcode, Operand, OperandType, Program, ProgramType, Signature, Version,
};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The shared corpus directory.
pub fn corpus_dir() -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
        })
}

/// The `.asm` of the shader test `tests/shaders/<family>/<name>`; panics
/// when there is none. A Rust test that asserts more about a shader than
/// the GLSL its `.glsl` pins names the case with this, so the two cannot
/// drift apart silently.
pub fn shader_case(family: &str, name: &str) -> PathBuf {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/shaders"))
        .join(family)
        .join(format!("{name}.asm"));
    assert!(p.is_file(), "no shader test {}", p.display());
    p
}

/// The shared conformance directory.
pub fn conformance_dir() -> PathBuf {
    std::env::var_os("DXLOWER_CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/conformance"
            ))
        })
}

/// One manifest entry (the fields the tests use).
#[derive(Clone, Debug)]
pub struct Entry {
    /// Path relative to the corpus dir.
    pub file: String,
    /// `vs`, `ps`, `gs`, ...
    pub stage: String,
    /// The raw JSON entry.
    pub json: serde_json::Value,
}

/// Reads `manifest.json`; panics with a clear message when the corpus is
/// missing (a test that needs the corpus cannot pass without it).
pub fn manifest() -> Vec<Entry> {
    let path = corpus_dir().join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (set DXLOWER_CORPUS_DIR)",
            path.display()
        )
    });
    let v: serde_json::Value = serde_json::from_str(&text).expect("manifest.json is JSON");
    v.as_array()
        .expect("manifest is a list")
        .iter()
        .map(|e| Entry {
            file: e["file"].as_str().unwrap_or_default().to_string(),
            stage: e["stage"].as_str().unwrap_or_default().to_string(),
            json: e.clone(),
        })
        .collect()
}

/// Reads a corpus file by its manifest path.
pub fn read_corpus(file: &str) -> Vec<u8> {
    let p = corpus_dir().join(file);
    std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Translates a corpus file with a profile.
pub fn translate_corpus(file: &str, profile: &Profile) -> Result<StageGlsl, TranslateError> {
    dxlower_core::translate_bytes(&read_corpus(file), profile)
}

/// Runs `glslangValidator` on one GLSL ES stage; `Err` carries the
/// compiler's log. A missing validator is an error, never a pass.
pub fn glslang(glsl: &str, stage: ProgramType) -> Result<(), String> {
    dxlower_glslang::glslang(glsl, stage).map_err(|e| e.to_string())
}

/// A small stage built in a test: program plus signatures.
pub struct Built {
    /// The program, after an encode → decode round trip.
    pub program: Program,
    /// Input signature.
    pub isgn: Option<Signature>,
    /// Output signature.
    pub osgn: Option<Signature>,
}

impl Built {
    /// Builds a stage of the given type from instructions, encoding and
    /// decoding it so that the test sees exactly what the reader produces.
    pub fn new(
        stage: ProgramType,
        major: u8,
        instructions: Vec<Instruction>,
        isgn: Option<Signature>,
        osgn: Option<Signature>,
    ) -> Built {
        let program = Program {
            version: Version {
                program_type: stage,
                major,
                minor: 0,
                reserved: 0,
            },
            instructions,
            trailing: Vec::new(),
        };
        let bytes = dxlower_dxbc::encode::encode_program_bytes(&program);
        let program = dxlower_dxbc::decode::decode_program(&bytes).expect("built program decodes");
        Built {
            program,
            isgn,
            osgn,
        }
    }

    /// The stage input for translation.
    pub fn input(&self) -> StageInput<'_> {
        StageInput {
            program: &self.program,
            input_signature: self.isgn.as_ref(),
            output_signature: self.osgn.as_ref(),
            program_byte_offset: None,
            rdef: None,
        }
    }

    /// Translates with the given profile.
    pub fn translate(&self, profile: &Profile) -> Result<StageGlsl, TranslateError> {
        dxlower_core::translate_stage(self.input(), profile)
    }
}

/// The body of `main` of a translated stage (for per-opcode snapshots that
/// show only the instruction under test).
pub fn main_body(glsl: &str) -> String {
    let start = glsl
        .find("void main()\n{\n")
        .map(|i| i + "void main()\n{\n".len());
    match start {
        Some(s) => glsl[s..].trim_end().trim_end_matches('}').to_string(),
        None => glsl.to_string(),
    }
}

/// A signature element for test programs: `mask` is both the element mask
/// and its read/write mask; stream 0, default precision.
pub fn element(
    name: &str,
    index: u32,
    register: u32,
    mask: u8,
    ty: dxlower_dxbc::signature::ComponentType,
    sv: dxlower_dxbc::SignatureSystemValue,
) -> dxlower_dxbc::SignatureElement {
    dxlower_dxbc::SignatureElement {
        name: name.to_string(),
        semantic_index: index,
        system_value: sv,
        component_type: ty,
        register,
        mask,
        rw_mask: mask,
        reserved: 0,
        stream: 0,
        min_precision: dxlower_dxbc::signature::MinPrecision::Default,
    }
}

/// A signature chunk (`ISGN`, `OSGN`, ...) holding `elements`.
pub fn signature(fourcc: &[u8; 4], elements: Vec<dxlower_dxbc::SignatureElement>) -> Signature {
    Signature {
        fourcc: *fourcc,
        elements_offset: 8,
        elements,
    }
}

/// The input signature of the family unit programs: `v0` = TEXCOORD0
/// float4.
pub fn ps_isgn() -> Signature {
    use dxlower_dxbc::signature::ComponentType;
    use dxlower_dxbc::SignatureSystemValue;
    signature(
        b"ISGN",
        vec![element(
            "TEXCOORD",
            0,
            0,
            0xF,
            ComponentType::Float32,
            SignatureSystemValue::Undefined,
        )],
    )
}

/// The output signature of the family unit programs: `o0` = SV_Target0
/// float4, `o1` = SV_Target1 int4.
pub fn ps_osgn() -> Signature {
    use dxlower_dxbc::signature::ComponentType;
    use dxlower_dxbc::SignatureSystemValue;
    signature(
        b"OSGN",
        vec![
            element(
                "SV_Target",
                0,
                0,
                0xF,
                ComponentType::Float32,
                SignatureSystemValue::Target,
            ),
            element(
                "SV_Target",
                1,
                1,
                0xF,
                ComponentType::Sint32,
                SignatureSystemValue::Target,
            ),
        ],
    )
}

/// The disassembly of `body` as the reader sees it after an encode → decode
/// round trip, one instruction per line (the description of a snapshot).
pub fn asm(stage: ProgramType, body: &[Instruction]) -> String {
    let built = Built::new(stage, 5, body.to_vec(), None, None);
    let version = Version {
        program_type: stage,
        major: 5,
        minor: 0,
        reserved: 0,
    };
    let mut text = String::new();
    for inst in &built.program.instructions {
        dxlower_dxbc::disasm::write_instruction(
            &mut text,
            &version,
            inst,
            &dxlower_dxbc::disasm::Options::default(),
        )
        .expect("disassemble");
        text.push('\n');
    }
    text
}

/// The lane maps of a stage's declarations, as the decl-io family sets
/// them up: the decl-io declaration handlers of `input`'s program run
/// through [`Harness`] (phase 1 of a translation, no instruction phase,
/// no passes), then [`lane_report`]. What `// check: lanes` of the shader
/// tests pins in `<name>.lanes`.
pub fn declared_lanes(input: StageInput<'_>, profile: &Profile) -> Result<String, LowerError> {
    let mut h = Harness::new(input, profile);
    h.declare(&input.program.instructions, |e| e.family == "decl-io")?;
    Ok(lane_report(&h))
}

/// Every mapped `v#` lane read as float and as uint, every mapped `o#`
/// lane (and `oDepth`) written with the float `e`, through the core's
/// instruction context over the declared state — exactly what instruction
/// handlers print. One line per lane: `v1.x read: <float> | as uint:
/// <uint>`, `o0.y write: <statement>`, or the error of the read or write.
pub fn lane_report(h: &Harness<'_>) -> String {
    const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];
    let mov = |d, s| Instruction::new(Opcode::Mov, vec![d, s]);
    let st = h.state();
    let mut probes: Vec<(String, bool, Instruction)> = Vec::new();
    for (file, ty, letter, out) in [
        (&st.inputs, OperandType::Input, 'v', false),
        (&st.outputs, OperandType::Output, 'o', true),
    ] {
        for r in 0..file.len() as u32 {
            for c in 0..4u8 {
                if file.get(r, c).is_none() {
                    continue;
                }
                let inst = mov(
                    Operand::new(ty, Components::Mask(1 << c), &[r]),
                    Operand::new(ty, Components::Select1(c), &[r]),
                );
                probes.push((format!("{letter}{r}.{}", XYZW[c as usize]), out, inst));
            }
        }
    }
    if st.depth.is_some() {
        let d = Operand::new(OperandType::OutputDepth, Components::One, &[]);
        probes.push(("oDepth".into(), true, mov(d.clone(), d)));
    }
    let results = h.probe_each(&probes, |cx, (_, out, inst)| {
        if *out {
            cx.dst(inst, 0)
                .and_then(|d| cx.assign(d, Ty::Float, 1, &"e"))
                .map(|()| String::new())
                .map_err(|e| e.to_string())
        } else {
            let read = |ty| {
                cx.src(inst, 1, ty, 1)
                    .map(|x| x.to_string())
                    .unwrap_or_else(|e| format!("error: {e}"))
            };
            Ok(format!("{} | as uint: {}", read(Ty::Float), read(Ty::Uint)))
        }
    });
    let mut s = String::new();
    for ((label, out, _), (r, written)) in probes.iter().zip(results) {
        let line = match (out, r) {
            (true, Ok(_)) => format!("{label} write: {}", written.trim_end()),
            (true, Err(e)) => format!("{label} write: error: {e}"),
            (false, r) => format!("{label} read: {}", r.unwrap_or_default()),
        };
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// One VS/PS pair of the corpus and the rule that paired them.
pub struct CorpusPair {
    /// The pairing rule that matched (`effect`, `test function`, ...).
    pub rule: &'static str,
    /// The source unit both stages come from.
    pub group: String,
    /// The vertex shader's corpus path.
    pub vs: String,
    /// The pixel shader's corpus path.
    pub ps: String,
}

/// The source unit a corpus entry comes from, by the manifest's source
/// fields, first match wins:
///
/// 1. `embedded_in` — a shader cut out of an effect: the effect (the
///    `effect array <name>` of a C test table, or the `effect container
///    <file>`) in its `source_path` at its `source_commit`;
/// 2. `source_function` — a shader table of a Wine/vkd3d test: the test
///    function in its `source_path` at its `source_commit`;
/// 3. `hlsl_source_path` — a shader compiled from an HLSL file (SlimShader,
///    DXDecompiler, HLSLCrossCompiler, ANGLE, SDL, vkd3d-proton, xenia):
///    that file at the entry's `source_commit`;
/// 4. `original_source_path` — a bgfx shader binary: the example directory
///    of its `.sc` source (one example's programs share its
///    `varying.def.sc`).
///
/// Entries with none of these are not paired. Only each blob's first
/// place counts (the manifest lists later places of the same bytes under
/// `duplicates`, without their test function).
pub fn source_unit(e: &serde_json::Value) -> Option<(&'static str, String)> {
    let f = |k: &str| e.get(k).and_then(|v| v.as_str());
    let repo = f("source_repo")?;
    let commit = f("source_commit").unwrap_or("");
    if let Some(emb) = f("embedded_in") {
        // "effect array fx_local_shader at byte offset 291",
        // "effect container AdvancedEffect_4_0_FX.o at byte offset 2155".
        let effect = emb
            .strip_prefix("effect array ")
            .or_else(|| emb.strip_prefix("effect container "))
            .and_then(|r| r.split(" at byte offset").next())
            .unwrap_or(emb);
        let path = f("source_path")?;
        return Some(("effect", format!("{repo}:{path}:{effect}@{commit}")));
    }
    if let Some(func) = f("source_function") {
        let path = f("source_path")?;
        return Some(("test function", format!("{repo}:{path}:{func}@{commit}")));
    }
    if let Some(hlsl) = f("hlsl_source_path") {
        return Some(("hlsl file", format!("{repo}:{hlsl}@{commit}")));
    }
    let sc = e
        .get("original_source_path")
        .and_then(|v| v.as_array())
        .and_then(|a| a.first())
        .and_then(|v| v.as_str())?;
    let dir = sc.rsplit_once('/').map_or("", |(d, _)| d);
    Some(("example directory", format!("{repo}:{dir}@{commit}")))
}

/// The vertex and pixel shaders of one source unit.
type Unit = (Vec<String>, Vec<String>);

/// Every VS/PS pair of the corpus from one source unit ([`source_unit`]):
/// each vertex shader of a unit with each pixel shader of the same unit.
pub fn corpus_pairs() -> Vec<CorpusPair> {
    let mut units: BTreeMap<(&'static str, String), Unit> = BTreeMap::new();
    for e in manifest() {
        let Some((rule, key)) = source_unit(&e.json) else {
            continue;
        };
        let u = units.entry((rule, key)).or_default();
        match e.stage.as_str() {
            "vs" => u.0.push(e.file.clone()),
            "ps" => u.1.push(e.file.clone()),
            _ => {}
        }
    }
    let mut pairs = Vec::new();
    for ((rule, group), (vss, pss)) in units {
        for vs in &vss {
            for ps in &pss {
                pairs.push(CorpusPair {
                    rule,
                    group: group.clone(),
                    vs: vs.clone(),
                    ps: ps.clone(),
                });
            }
        }
    }
    pairs
}

/// The built-in `webgl2-fast` profile: `webgl2` with its approximations
/// (float-only registers, GLSL NaN rules, mediump colour samplers, clamped
/// `f32tof16`). The Rust tests that pin the exact GLSL of the float
/// register model are written against it.
pub fn webgl2_fast() -> Profile {
    dxlower_targets::load("webgl2-fast").expect("the webgl2-fast profile loads")
}
