//! Stubbed resources (`stub_resource_registers`, docs/profiles.md#stubbed-resources) on
//! textures, the `highp` bare data sampler under ccpwgl (switch
//! `sampler_precision`), and the manifest entry of pass-declared uniform
//! blocks.
//!
//! A stubbed texture is named by its RDEF binding name, so the test stages
//! carry resource definitions built here ([`rdef`]); a stage without them
//! stubs nothing. Every full shader is checked with `glslangValidator`;
//! linked programs also with `glslangValidator -l` and on Mesa's GLES 3.0
//! driver (llvmpipe, through `dxlower-gles`).

extern crate dxlower_lowerings;

use dxlower_core::{link, Profile, ProgramGlsl, StageGlsl, StageInput};
use dxlower_dxbc::rdef::{Rdef, RdefProgramType, ShaderInputType, SrvDimension};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Instruction, InterpolationMode, Opcode, Operand, OperandType, Payload, ProgramType,
    ResourceDimension, ReturnType, SignatureSystemValue, SystemValue,
};
use dxlower_tests::build::{binding, gles_link, o, op, profile, rd, rdef, resinfo, ret, rs, s, v};
use dxlower_tests::{element, glslang, signature, Built};

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;
const F: ComponentType = ComponentType::Float32;
const U: ComponentType = ComponentType::Uint32;
const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

// ---------------------------------------------------------------------------
// Builders

fn t(n: u32) -> Operand {
    Operand::resource(n)
}

fn tsw(n: u32, swz: &str) -> Operand {
    Operand::new(OperandType::Resource, s(swz), &[n])
}

fn smp(n: u32) -> Operand {
    Operand::sampler(n)
}

/// A built stage with resource definitions.
struct Stage {
    built: Built,
    rdef: Option<Rdef>,
}

impl Stage {
    fn input(&self) -> StageInput<'_> {
        StageInput {
            rdef: self.rdef.as_ref(),
            ..self.built.input()
        }
    }

    fn translate(&self, p: &Profile) -> StageGlsl {
        dxlower_core::translate_stage(self.input(), p)
            .unwrap_or_else(|e| panic!("translation failed: {e}"))
    }
}

/// ccpwgl with one more stubbed name: the integer texture of the test
/// pixel shader.
fn ccpwgl_plus(extra: &str) -> Profile {
    let mut p = profile("ccpwgl");
    p.stub_resource_registers.push(extra.to_string());
    p
}

fn checked_glsl(glsl: &str, stage: ProgramType) {
    if let Err(log) = glslang(glsl, stage) {
        panic!("glslangValidator rejects:\n{glsl}\n{log}");
    }
}

/// True when `glsl` names the identifier `name` anywhere (whole word).
fn names(glsl: &str, name: &str) -> bool {
    glsl.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == name)
}

// ---------------------------------------------------------------------------
// The test pixel shader

const T_LIVE: u32 = 0;
const T_PROFILE: u32 = 3;
const T_IDS: u32 = 4;

/// A ps_5_0 program with a live `Texture2D DiffuseMap` (`t0`), the Carbon
/// `Texture2DArray LightProfileArray` (`t3`) and a `Texture2D<uint>
/// LightTileIds` (`t4`), each read by `body`; `v0`/`v1` TEXCOORD0/1,
/// `o0` float4, `o1` int4. With `with_rdef` false the stage carries no
/// resource definitions.
fn test_ps(body: &[Instruction], with_rdef: bool) -> Stage {
    use ResourceDimension::*;
    let mut insts = vec![
        Instruction::dcl_sampler(0),
        Instruction::dcl_sampler(1).with_control_field(11, 14, 1),
        Instruction::dcl_resource(T_LIVE, Texture2D, ReturnType::Float),
        Instruction::dcl_resource(T_PROFILE, Texture2DArray, ReturnType::Float),
        Instruction::dcl_resource(T_IDS, Texture2D, ReturnType::Uint),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 1, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
    ];
    insts.extend(body.iter().cloned());
    insts.push(ret());
    let isgn = signature(
        b"ISGN",
        vec![
            element("TEXCOORD", 0, 0, 0xF, F, NONE),
            element("TEXCOORD", 1, 1, 0xF, F, NONE),
        ],
    );
    let built = Built::new(PS, 5, insts, Some(isgn), Some(dxlower_tests::ps_osgn()));
    let rdef = with_rdef.then(|| {
        rdef(
            RdefProgramType::Pixel,
            vec![
                binding(
                    "DiffuseSampler",
                    ShaderInputType::Sampler,
                    SrvDimension::Unknown,
                    0,
                    0,
                ),
                binding(
                    "ShadowSampler",
                    ShaderInputType::Sampler,
                    SrvDimension::Unknown,
                    0,
                    1,
                ),
                binding(
                    "DiffuseMap",
                    ShaderInputType::Texture,
                    SrvDimension::Texture2D,
                    5,
                    T_LIVE,
                ),
                binding(
                    "LightProfileArray",
                    ShaderInputType::Texture,
                    SrvDimension::Texture2DArray,
                    5,
                    T_PROFILE,
                ),
                binding(
                    "LightTileIds",
                    ShaderInputType::Texture,
                    SrvDimension::Texture2D,
                    2,
                    T_IDS,
                ),
            ],
        )
    });
    Stage { built, rdef }
}

/// Every texture instruction on the stubbed textures, next to reads of
/// the live one; `o0` sums the float results, `o1` takes the integer
/// fetch.
fn every_read() -> Vec<Instruction> {
    vec![
        // Live t0: combined sampler and bare data fetch.
        op(
            Opcode::Sample,
            vec![rd(0, "xyzw"), v(0, "xyxx"), t(T_LIVE), smp(0)],
        ),
        op(Opcode::Ld, vec![rd(2, "xyzw"), v(1, "xyzw"), t(T_LIVE)]),
        op(
            Opcode::Add,
            vec![rd(0, "xyzw"), rs(0, "xyzw"), rs(2, "xyzw")],
        ),
        // Stubbed t3 (LightProfileArray).
        op(
            Opcode::Sample,
            vec![rd(1, "xyzw"), v(0, "xyzx"), t(T_PROFILE), smp(0)],
        ),
        op(
            Opcode::Add,
            vec![rd(0, "xyzw"), rs(0, "xyzw"), rs(1, "xyzw")],
        ),
        op(
            Opcode::SampleL,
            vec![
                rd(1, "xy"),
                v(0, "xyzx"),
                tsw(T_PROFILE, "zwxy"),
                smp(0),
                Operand::immf32(2.0),
            ],
        ),
        op(
            Opcode::SampleC,
            vec![
                rd(1, "z"),
                v(0, "xyzx"),
                tsw(T_PROFILE, "xxxx"),
                smp(1),
                v(0, "wwww"),
            ],
        ),
        op(
            Opcode::Gather4,
            vec![
                rd(2, "xyzw"),
                v(0, "xyzx"),
                t(T_PROFILE),
                Operand::new(OperandType::Sampler, s("yyyy"), &[0]),
            ],
        )
        .with_saturate(),
        op(
            Opcode::Add,
            vec![rd(0, "xyzw"), rs(0, "xyzw"), rs(2, "xyzw")],
        ),
        op(Opcode::Ld, vec![rd(2, "xyzw"), v(1, "xyzw"), t(T_PROFILE)]),
        resinfo(0, rd(3, "xyzw"), Operand::imm32(0), t(T_PROFILE)),
        op(
            Opcode::Add,
            vec![rd(0, "xyzw"), rs(2, "xyzw"), rs(3, "xyzw")],
        ),
        resinfo(1, rd(3, "xyzw"), Operand::imm32(0), t(T_PROFILE)),
        resinfo(1, rd(3, "xz"), Operand::imm32(0), tsw(T_PROFILE, "zyxw")),
        resinfo(2, rd(3, "xy"), Operand::imm32(1), t(T_PROFILE)),
        op(
            Opcode::Add,
            vec![rd(0, "xyzw"), rs(0, "xyzw"), rs(3, "xyzw")],
        ),
        // Stubbed t4 (LightTileIds, uint): into a temp and an int output.
        op(Opcode::Ld, vec![rd(2, "xyzw"), v(1, "xyzw"), t(T_IDS)]),
        op(Opcode::Ld, vec![o(1, "xyzw"), v(1, "xyzw"), t(T_IDS)]),
        op(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyzw")]),
        op(Opcode::Add, vec![o(0, "w"), rs(0, "wwww"), rs(2, "xxxx")]),
    ]
}

/// Every texture read of a stubbed texture writes zero, and nothing of it
/// is declared; the live texture keeps its uniforms, its bare data
/// sampler `highp` under ccpwgl's `Mediump`.
#[test]
fn stubbed_textures_read_zero_and_declare_nothing() {
    let ps = test_ps(&every_read(), true);
    let out = ps.translate(&ccpwgl_plus("LightTileIds"));
    checked_glsl(&out.glsl, PS);
    for stubbed in [T_PROFILE, T_IDS] {
        for name in [
            format!("t{stubbed}"),
            format!("t{stubbed}TEX_with_SMPs0"),
            format!("hlslcc_zcmpt{stubbed}TEX_with_SMPs1"),
        ] {
            assert!(!names(&out.glsl, &name), "{name} in\n{}", out.glsl);
        }
    }
    assert!(
        out.record.samplers.iter().all(|u| u.texture == T_LIVE),
        "{:?}",
        out.record.samplers
    );
    assert_eq!(
        out.record
            .samplers
            .iter()
            .map(|u| u.name.as_str())
            .collect::<Vec<_>>(),
        ["t0", "t0TEX_with_SMPs0"]
    );
    assert!(
        out.glsl.contains("uniform highp sampler2D t0;\n"),
        "{}",
        out.glsl
    );
    assert!(out
        .glsl
        .contains("uniform mediump sampler2D t0TEX_with_SMPs0;\n"));
    // No texture call, no mip-count uniform for the stubbed resinfo.
    assert!(!out.glsl.contains("hlslcc_mipCount"), "{}", out.glsl);
    assert_eq!(out.glsl.matches("texture(").count(), 1, "{}", out.glsl);
    assert_eq!(out.glsl.matches("texelFetch(").count(), 1, "{}", out.glsl);
    assert!(!out.glsl.contains("dx11_gather4"), "{}", out.glsl);
    // `_rcpFloat` on nothing bound: +Inf widths and heights, zero layers
    // and mip count.
    assert!(out.glsl.contains(
        "r3 = vec4(uintBitsToFloat(0x7f800000u), uintBitsToFloat(0x7f800000u), 0.0, 0.0);"
    ));
    insta::assert_snapshot!("stubbed_textures", out.glsl);
}

/// `lod`, refused in every profile, needs nothing on a stubbed texture:
/// zero. On the live texture it stays refused.
#[test]
fn lod_of_a_stubbed_texture_is_zero() {
    let lod = |tex: u32| {
        vec![
            op(Opcode::Lod, vec![rd(0, "xy"), v(0, "xyzx"), t(tex), smp(0)]),
            op(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyxy")]),
        ]
    };
    let p = profile("ccpwgl");
    let out = test_ps(&lod(T_PROFILE), true).translate(&p);
    checked_glsl(&out.glsl, PS);
    assert!(out.glsl.contains("r0.xy = vec2(0.0);"), "{}", out.glsl);
    let live = dxlower_core::translate_stage(test_ps(&lod(T_LIVE), true).input(), &p);
    match live {
        Err(e) => assert!(e.to_string().contains("lod"), "{e}"),
        Ok(g) => panic!("lod of a live texture should be refused:\n{}", g.glsl),
    }
}

/// Without resource definitions nothing is stubbed: the textures are
/// declared and read as usual (names cannot be matched); webgl2 stubs
/// nothing at all.
#[test]
fn without_rdef_or_names_nothing_is_stubbed() {
    let body: Vec<Instruction> = every_read();
    let no_rdef = test_ps(&body, false).translate(&ccpwgl_plus("LightTileIds"));
    checked_glsl(&no_rdef.glsl, PS);
    let webgl2 = test_ps(&body, true).translate(&{
        let mut p = profile("webgl2");
        p.switches_mut::<dxlower_lowerings::texture_sample::TextureSampleSwitches>()
            .resinfo_mip_count = profile("ccpwgl")
            .switches::<dxlower_lowerings::texture_sample::TextureSampleSwitches>()
            .resinfo_mip_count
            .clone();
        p
    });
    checked_glsl(&webgl2.glsl, PS);
    for out in [&no_rdef, &webgl2] {
        assert!(
            out.glsl.contains("uniform highp sampler2DArray t3;"),
            "{}",
            out.glsl
        );
        assert!(out.glsl.contains("t3TEX_with_SMPs0"));
        assert!(out.glsl.contains("hlslcc_zcmpt3TEX_with_SMPs1"));
        assert!(out.glsl.contains("uniform highp usampler2D t4;"));
        assert!(out.record.samplers.iter().any(|u| u.texture == T_PROFILE));
    }
}

/// The ccpwgl runtime binds none of the three Carbon light-list resources; ccpwgl
/// stubs exactly those, webgl2 and native none.
#[test]
fn ccpwgl_names_the_light_list_resources() {
    assert_eq!(
        profile("ccpwgl").stub_resource_registers,
        ["LightBuffer", "LightIndexBuffer", "LightProfileArray"]
    );
    assert!(profile("webgl2").stub_resource_registers.is_empty());
    assert!(profile("native").stub_resource_registers.is_empty());
}

// ---------------------------------------------------------------------------
// Programs

/// Links `vs` and `ps` under `p` and checks the program with
/// `glslangValidator -l` and on Mesa; returns the program and its manifest
/// as JSON.
fn linked(vs: StageInput<'_>, ps: StageInput<'_>, p: &Profile) -> (ProgramGlsl, serde_json::Value) {
    let prog = link(vs, ps, p).unwrap_or_else(|e| panic!("link failed: {e}"));
    let report = || format!("--- vertex\n{}--- pixel\n{}", prog.vs.glsl, prog.ps.glsl);
    if let Err(e) = dxlower_glslang::glslang_link(&prog.vs.glsl, &prog.ps.glsl) {
        panic!("glslangValidator -l: {e}\n{}", report());
    }
    if let Err(e) = gles_link(&prog.vs.glsl, &prog.ps.glsl) {
        panic!("GLES 3.0 (Mesa): {e}\n{}", report());
    }
    let json = serde_json::to_value(prog.manifest()).expect("manifest serializes");
    (prog, json)
}

/// A vs_5_0 pass-through: `POSITION0` → `SV_Position`, `TEXCOORD0` and
/// `TEXCOORD1` (float4) from the position.
fn passthrough_vs() -> Built {
    let insts = vec![
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_output(2, 0xF),
        op(Opcode::Mov, vec![o(0, "xyzw"), v(0, "xyzw")]),
        op(Opcode::Mov, vec![o(1, "xyzw"), v(0, "xyzw")]),
        op(Opcode::Mov, vec![o(2, "xyzw"), v(0, "wzyx")]),
        ret(),
    ];
    let isgn = signature(b"ISGN", vec![element("POSITION", 0, 0, 0xF, F, NONE)]);
    let osgn = signature(
        b"OSGN",
        vec![
            element("SV_Position", 0, 0, 0xF, F, SignatureSystemValue::Position),
            element("TEXCOORD", 0, 1, 0xF, F, NONE),
            element("TEXCOORD", 1, 2, 0xF, F, NONE),
        ],
    );
    Built::new(VS, 5, insts, Some(isgn), Some(osgn))
}

/// The manifest's sampler entries as `(stage, name, texture)`.
fn manifest_samplers(json: &serde_json::Value) -> Vec<(String, String, u64)> {
    json["samplers"]
        .as_array()
        .expect("samplers array")
        .iter()
        .map(|s| {
            (
                s["stage"].as_str().unwrap_or_default().to_string(),
                s["name"].as_str().unwrap_or_default().to_string(),
                s["texture"].as_u64().unwrap_or(u64::MAX),
            )
        })
        .collect()
}

/// A VS+PS program under ccpwgl whose PS samples, fetches and queries the
/// stubbed `LightProfileArray`: it links (glslangValidator -l and Mesa),
/// and the manifest lists only the live texture's samplers.
#[test]
fn stubbed_texture_in_a_linked_program() {
    let vs = passthrough_vs();
    let ps = test_ps(&every_read(), true);
    let (prog, json) = linked(vs.input(), ps.input(), &ccpwgl_plus("LightTileIds"));
    assert_eq!(
        manifest_samplers(&json),
        [
            ("ps".to_string(), "t0".to_string(), 0),
            ("ps".to_string(), "t0TEX_with_SMPs0".to_string(), 0),
        ]
    );
    let text = serde_json::to_string_pretty(&json).expect("json");
    for absent in ["t3", "t4", "LightProfileArray", "LightTileIds"] {
        assert!(
            !text.contains(&format!("\"{absent}")),
            "{absent} in\n{text}"
        );
    }
    assert!(!names(&prog.ps.glsl, "t3") && !names(&prog.ps.glsl, "t4"));
    // Under plain ccpwgl the uint texture is live again (only the three
    // Carbon names are stubbed): its bare sampler is back, highp.
    let (plain, json) = linked(vs.input(), ps.input(), &profile("ccpwgl"));
    assert!(
        plain.ps.glsl.contains("uniform highp usampler2D t4;"),
        "{}",
        plain.ps.glsl
    );
    assert!(manifest_samplers(&json).iter().any(|s| s.2 == 4));
    assert!(!manifest_samplers(&json).iter().any(|s| s.2 == 3));
    insta::assert_snapshot!(
        "stubbed_texture_program",
        format!(
            "--- vertex\n{}--- pixel\n{}--- manifest\n{}\n",
            prog.vs.glsl, prog.ps.glsl, text
        )
    );
}

// ---------------------------------------------------------------------------
// Manifest: pass-declared uniform blocks

/// `ld_structured` of `t<res>` at byte `off` of element `idx`.
fn ld_structured(dst: Operand, idx: Operand, off: u32, res: u32) -> Instruction {
    op(
        Opcode::LdStructured,
        vec![
            dst,
            idx,
            Operand::imm32(off),
            Operand::new(OperandType::Resource, s("xyzw"), &[res]),
        ],
    )
}

/// The `bone_transforms` blocks in the manifest: native's `CewgSb0` is the
/// structured buffer `t0` (`kind: structured_buffer`, `texture_register:
/// 0`, no slot); ccpwgl's enlarged `cb3` stays constant buffer slot 3.
#[test]
fn pass_declared_blocks_say_what_they_hold() {
    let vs = Built::new(
        VS,
        5,
        vec![
            Instruction::dcl_constant_buffer(3, 27),
            Instruction::decl(
                Opcode::DclResourceStructured,
                vec![Operand::new(OperandType::Resource, Components::Zero, &[0])],
                Payload::Structured {
                    stride: 48,
                    count: None,
                    space: None,
                },
            ),
            Instruction::dcl_input(0, 0xF),
            Instruction::dcl_input(1, 0xF),
            Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
            Instruction::dcl_output(1, 0xF),
            Instruction::dcl_output(2, 0xF),
            Instruction::dcl_temps(2),
            ld_structured(rd(0, "xyzw"), v(1, "xxxx"), 0, 0),
            ld_structured(rd(1, "xyzw"), v(1, "xxxx"), 16, 0),
            op(Opcode::Add, vec![o(0, "xyzw"), v(0, "xyzw"), rs(0, "xyzw")]),
            op(
                Opcode::Add,
                vec![o(1, "xyzw"), rs(1, "xyzw"), Operand::cb(3, 0, s("xyzw"))],
            ),
            op(Opcode::Mov, vec![o(2, "xyzw"), v(0, "xyzw")]),
            ret(),
        ],
        Some(signature(
            b"ISGN",
            vec![
                element("POSITION", 0, 0, 0xF, F, NONE),
                element("BLENDINDICES", 0, 1, 0xF, U, NONE),
            ],
        )),
        Some(signature(
            b"OSGN",
            vec![
                element("SV_Position", 0, 0, 0xF, F, SignatureSystemValue::Position),
                element("TEXCOORD", 0, 1, 0xF, F, NONE),
                element("TEXCOORD", 1, 2, 0xF, F, NONE),
            ],
        )),
    );
    let ps = test_ps(&[op(Opcode::Mov, vec![o(0, "xyzw"), v(1, "xyzw")])], true);
    let block = |json: &serde_json::Value, name: &str| -> serde_json::Value {
        json["uniform_blocks"]
            .as_array()
            .and_then(|bs| bs.iter().find(|b| b["block"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no block {name} in {json}"))
    };
    let (_, native) = linked(vs.input(), ps.input(), &profile("native"));
    let sb = block(&native, "CewgSb0");
    assert_eq!(sb["kind"], "structured_buffer", "{sb}");
    assert_eq!(sb["texture_register"], 0, "{sb}");
    assert!(sb["slot"].is_null(), "{sb}");
    assert_eq!(sb["instance"], "sb0");
    let cb = block(&native, "ConstantBuffer3");
    assert_eq!(cb["kind"], "constant_buffer", "{cb}");
    assert_eq!(cb["slot"], 3);
    assert!(cb.get("texture_register").is_none(), "{cb}");
    let (_, ccpwgl) = linked(vs.input(), ps.input(), &profile("ccpwgl"));
    let cb = block(&ccpwgl, "ConstantBuffer3");
    assert_eq!(cb["kind"], "constant_buffer", "{cb}");
    assert_eq!(cb["slot"], 3, "{cb}");
    assert_eq!(cb["vec4s"], 200, "{cb}");
    assert_eq!(ccpwgl["uniform_blocks"].as_array().map(Vec::len), Some(1));
}

// ---------------------------------------------------------------------------
// A corpus shader under a profile from a RON file under tests/

/// `tests/profiles/ccpwgl-stubs.ron`: ccpwgl plus stubbed names of two
/// corpus pixel shaders, loaded by path with no code change.
fn ron_profile() -> Profile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/profiles/ccpwgl-stubs.ron");
    dxlower_targets::load(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A corpus stage, parsed.
fn corpus_shader(file: &str) -> dxlower_dxbc::Shader {
    let bytes = dxlower_tests::read_corpus(file);
    dxlower_dxbc::parse_with(&bytes, dxlower_dxbc::ParseOptions::unchecked())
        .unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Real fxc output with RDEF: HlslCrossCompiler's `ps5/sample` multiplies
/// `TextureBase` (`t0`) by `TextureDetail` (`t1`). The RON profile stubs
/// `TextureDetail`: its uniform is gone from the text and the manifest,
/// `TextureBase` keeps its combined uniform (the shader only samples it,
/// so it has no bare `t0`), and the program links.
#[test]
fn corpus_shader_with_a_stubbed_texture() {
    let p = ron_profile();
    assert_eq!(p.name, "ccpwgl-stubs");
    let mut base = profile("ccpwgl");
    base.name = p.name.clone();
    base.description = p.description.clone();
    base.extends = p.extends.clone();
    base.stub_resource_registers = p.stub_resource_registers.clone();
    assert_eq!(p, base, "only the stubbed names differ from ccpwgl");
    let shader = corpus_shader("dxdecompiler/HlslCrossCompiler__ps5__sample.ps.dxbc");
    let input = dxlower_core::stage_input(&shader);
    let plain = dxlower_core::translate_stage(input, &profile("ccpwgl")).expect("ccpwgl");
    assert!(names(&plain.glsl, "t1TEX_with_SMPs0"), "{}", plain.glsl);
    let out = dxlower_core::translate_stage(input, &p).expect("ccpwgl-stubs");
    checked_glsl(&out.glsl, PS);
    assert!(!names(&out.glsl, "t1TEX_with_SMPs0") && !names(&out.glsl, "t1"));
    assert!(names(&out.glsl, "t0TEX_with_SMPs0"), "{}", out.glsl);
    let vs = passthrough_vs();
    let (prog, json) = linked(vs.input(), input, &p);
    assert_eq!(
        manifest_samplers(&json),
        [("ps".to_string(), "t0TEX_with_SMPs0".to_string(), 0)]
    );
    insta::assert_snapshot!("corpus_ps5_sample_stub_detail", prog.ps.glsl);
}

/// `Internal/Textures_PS` queries a `Texture2DMS` (`samplepos`) and takes
/// `lod` of its 2D texture: refused under ccpwgl. With both stubbed by
/// name every read is zero, no sampler uniform remains, and it compiles.
#[test]
fn corpus_shader_refused_until_its_textures_are_stubbed() {
    let shader = corpus_shader("dxdecompiler/Internal__Textures_PS.ps.dxbc");
    let input = dxlower_core::stage_input(&shader);
    match dxlower_core::translate_stage(input, &profile("ccpwgl")) {
        Err(e) => assert!(e.to_string().contains("refused"), "{e}"),
        Ok(g) => panic!("ccpwgl should refuse lod/samplepos:\n{}", g.glsl),
    }
    let out = dxlower_core::translate_stage(input, &ron_profile()).expect("ccpwgl-stubs");
    checked_glsl(&out.glsl, PS);
    assert!(out.record.samplers.is_empty(), "{:?}", out.record.samplers);
    assert!(!out.glsl.contains("sampler"), "{}", out.glsl);
    let (_, json) = linked(passthrough_vs().input(), input, &ron_profile());
    assert!(manifest_samplers(&json).is_empty(), "{json}");
    insta::assert_snapshot!("corpus_textures_ps_all_stubbed", out.glsl);
}
