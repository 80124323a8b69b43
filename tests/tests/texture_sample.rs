//! The texture-sample family (lowerings/texture-sample/docs/texture-sample.md): the refusals by name and the
//! handler-level cases the declaration handlers would stop first
//! (multisample textures, feedback forms). The GLSL of each opcode and
//! operand shape is pinned by the shader tests
//! `tests/shaders/texture_sample/*.asm` → `.glsl`.

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::testing::Harness;
use dxlower_core::{Precision, SamplerKey, SamplerUniform};
use dxlower_core::{Profile, ResourceDecl, StageInput, TranslateError, Ty};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    ExtendedOpcode, Instruction, InterpolationMode, Opcode, Operand, OperandType, Program,
    ProgramType, ResourceDimension, ReturnType, SamplerMode, SignatureElement,
    SignatureSystemValue, SystemValue,
};
use dxlower_lowerings::decl_io::switches::Texture1D;
use dxlower_lowerings::texture_sample::switches::{Gather4, ResinfoMipCount};
use dxlower_tests::build::{m, op, rd, resinfo, rs, s, v};
use dxlower_tests::{glslang, signature, Built};

// ---------------------------------------------------------------------------
// Operand shorthands
// ---------------------------------------------------------------------------

/// `t<n>.xyzw`.
fn t(n: u32) -> Operand {
    Operand::resource(n)
}

/// `t<n>.<swizzle>`.
fn tsw(n: u32, swz: &str) -> Operand {
    Operand::new(OperandType::Resource, s(swz), &[n])
}

/// `s<n>` (no component select).
fn smp(n: u32) -> Operand {
    Operand::sampler(n)
}

/// `s<n>.<c>` (gather component select).
fn smp_sel(n: u32, c: &str) -> Operand {
    Operand::new(OperandType::Sampler, s(c), &[n])
}

fn f1(v: f32) -> Operand {
    Operand::immf32(v)
}

fn i1(v: u32) -> Operand {
    Operand::imm32(v)
}

/// `_aoffimmi(u, v, w)`.
fn aoff(inst: Instruction, u: i8, v: i8, w: i8) -> Instruction {
    inst.with_extended(ExtendedOpcode::SampleControls {
        offsets: [u, v, w],
        raw: 0,
    })
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

fn element(
    name: &str,
    index: u32,
    register: u32,
    ty: ComponentType,
    sv: SignatureSystemValue,
) -> SignatureElement {
    dxlower_tests::element(name, index, register, 0xF, ty, sv)
}

const F32: ComponentType = ComponentType::Float32;
const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

/// The textures every test program declares.
fn resources() -> Vec<Instruction> {
    use ResourceDimension::*;
    vec![
        Instruction::dcl_sampler(0),
        Instruction::dcl_sampler(1).with_control_field(11, 14, 1),
        Instruction::dcl_resource(0, Texture2D, ReturnType::Float),
        Instruction::dcl_resource(1, Texture2DArray, ReturnType::Float),
        Instruction::dcl_resource(2, TextureCube, ReturnType::Float),
        Instruction::dcl_resource(3, Texture3D, ReturnType::Unorm),
        Instruction::dcl_resource(4, Texture1D, ReturnType::Float),
        Instruction::dcl_resource(5, Texture1DArray, ReturnType::Float),
        Instruction::dcl_resource(6, Texture2D, ReturnType::Sint),
        Instruction::dcl_resource(7, Texture2D, ReturnType::Uint),
        Instruction::dcl_resource(8, Texture2DArray, ReturnType::Uint),
    ]
}

/// A ps_5_0 program: the textures of [`resources`], `v0`/`v1` float4
/// (linear), `o0` float4, four temps, then `body`, then `ret`.
fn ps(body: &[Instruction], extra: &[Instruction]) -> Built {
    let mut insts = resources();
    insts.extend(extra.iter().cloned());
    insts.extend([
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 1, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(4),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        vec![
            element("TEXCOORD", 0, 0, F32, NONE),
            element("TEXCOORD", 1, 1, F32, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![element(
            "SV_Target",
            0,
            0,
            F32,
            SignatureSystemValue::Target,
        )],
    );
    Built::new(ProgramType::Pixel, 5, insts, Some(isgn), Some(osgn))
}

/// A vs_5_0 program: the textures, `v0` POSITION, `v1` TEXCOORD0,
/// `o0` SV_Position, `o1` TEXCOORD0, four temps, `body`, `ret`.
fn vs(body: &[Instruction]) -> Built {
    let mut insts = resources();
    insts.extend([
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_input(1, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        vec![
            element("POSITION", 0, 0, F32, NONE),
            element("TEXCOORD", 0, 1, F32, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![
            element("SV_Position", 0, 0, F32, SignatureSystemValue::Position),
            element("TEXCOORD", 0, 1, F32, NONE),
        ],
    );
    Built::new(ProgramType::Vertex, 5, insts, Some(isgn), Some(osgn))
}

/// Translates `body` in the test pixel shader and checks the whole shader
/// with `glslangValidator`; returns the GLSL. (The GLSL of each named case
/// is pinned by `tests/shaders/texture_sample/<name>.glsl`.)
fn case_with(name: &str, profile: &Profile, body: &[Instruction]) -> String {
    dxlower_tests::shader_case("texture_sample", name);
    let out = ps(body, &[])
        .translate(profile)
        .unwrap_or_else(|e| panic!("{name}: translation failed: {e}"));
    if let Err(log) = glslang(&out.glsl, ProgramType::Pixel) {
        panic!(
            "{name}: glslangValidator rejects the output:\n{}\n{log}",
            out.glsl
        );
    }
    out.glsl
}

fn mip_uniform() -> Profile {
    dxlower_tests::webgl2_fast().with(dxlower_lowerings::texture_sample::TextureSampleSwitches {
        resinfo_mip_count: ResinfoMipCount::Uniform("hlslcc_mipCount".into()),
        ..Default::default()
    })
}

/// Translates and expects a refusal; returns (what, why, lifted_by).
fn refused(profile: &Profile, built: &Built) -> (String, String, Option<String>) {
    match built.translate(profile) {
        Err(TranslateError::Refused { refusal, .. }) => {
            (refusal.what, refusal.why, refusal.lifted_by.map(|l| l.text))
        }
        Err(e) => panic!("expected a refusal, got {e}"),
        Ok(out) => panic!("expected a refusal, got GLSL:\n{}", out.glsl),
    }
}

// ---------------------------------------------------------------------------
// Handler level: instructions the declaration handlers would stop first.
// ---------------------------------------------------------------------------

/// Runs only the instruction handlers over a register model with four
/// temps, `t0` of `dim` (float) and samplers `s0`, `s1`; no encoding, so
/// any opcode can be built.
fn lower_unit(dim: ResourceDimension, body: Vec<Instruction>) -> Result<String, String> {
    let mut program = Program::new(ProgramType::Pixel, 5, 0);
    program.instructions = body;
    let input = StageInput {
        program: &program,
        input_signature: None,
        output_signature: None,
        program_byte_offset: None,
        rdef: None,
    };
    let profile = dxlower_tests::webgl2_fast();
    let mut h = Harness::new(input, &profile);
    let d = h.decl_ctx();
    d.set_temps(4);
    d.insert_resource(
        0,
        ResourceDecl {
            dim,
            ty: Ty::Float,
            samples: 4,
        },
    );
    d.insert_sampler_state(0, SamplerMode::Default);
    d.insert_sampler_state(1, SamplerMode::Comparison);
    // The uniforms decl-io would declare for t0 with s0 and s1.
    for (name, key) in [
        ("t0", SamplerKey::bare(0)),
        ("t0TEX_with_SMPs0", SamplerKey::combined(0, 0)),
        ("t0TEX_with_SMPs1", SamplerKey::combined(0, 1)),
        ("hlslcc_zcmpt0TEX_with_SMPs1", SamplerKey::shadow(0, 1)),
    ] {
        d.declare_sampler(SamplerUniform::new(
            name.into(),
            "sampler2D".into(),
            Precision::Highp,
            key,
            None,
        ));
    }
    h.run_instructions(&program.instructions).map(|s| s.body)
}
/// A multisample texture with its uniform declared (what decl-io does
/// under `multisample_textures = SingleSample`) is read as a single-sampled
/// one: `ld_ms` fetches level 0 for sample 0 and zero past it,
/// `sample_info` is 1, `sample_pos` the centre.
#[test]
fn unit_multisample_reads_under_the_single_sample_contract() {
    use ResourceDimension::*;
    let body = lower_unit(
        Texture2DMS,
        vec![
            op(
                Opcode::LdMs,
                vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), rs(2, "x")],
            ),
            op(Opcode::SampleInfo, vec![rd(1, "x"), tsw(0, "x")]),
            op(
                Opcode::SamplePos,
                vec![rd(2, "xy"), tsw(0, "xyxx"), rs(1, "x")],
            ),
        ],
    )
    .expect("lowered");
    assert_eq!(
        body,
        "    r0 = (floatBitsToUint(r2.x) == 0u ? texelFetch(t0, floatBitsToInt(r1.xy), 0) : vec4(0.0));\n    r1.x = 1.0;\n    r2.xy = vec2(0.0);\n"
    );
}

#[test]
fn unit_refusals_name_the_opcode() {
    use ResourceDimension::*;
    let cases = [
        (
            Texture2D,
            op(
                Opcode::Lod,
                vec![rd(0, "x"), rs(1, "xyxx"), tsw(0, "y"), smp(0)],
            ),
            "lod",
            "textureQueryLod",
        ),
        (
            Texture2D,
            op(
                Opcode::SampleLFeedback,
                vec![
                    rd(0, "xyzw"),
                    rd(1, "x"),
                    rs(1, "xyxx"),
                    t(0),
                    smp(0),
                    f1(0.0),
                ],
            ),
            "sample_l_feedback",
            "residency",
        ),
        (
            Texture2D,
            op(Opcode::CheckAccessFullyMapped, vec![rd(0, "x"), rs(1, "x")]),
            "check_access_fully_mapped",
            "residency",
        ),
    ];
    for (dim, inst, what, why) in cases {
        let err = lower_unit(dim, vec![inst]).expect_err("refused");
        assert!(err.starts_with(&format!("refused: {what}: ")), "{err}");
        assert!(err.contains(why), "{err}");
    }
}

#[test]
fn unit_unemulated_dimensions_are_refused_by_name() {
    use ResourceDimension::*;
    let sample = || {
        op(
            Opcode::Sample,
            vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), smp(0)],
        )
    };
    for (dim, what) in [
        (TextureCubeArray, "texturecubearray resource"),
        (Texture2DMS, "multisample texture"),
        (Texture2DMSArray, "multisample texture"),
        (Buffer, "buffer resource"),
    ] {
        let err = lower_unit(dim, vec![sample()]).expect_err("refused");
        assert!(err.starts_with(&format!("refused: {what}: t0 ")), "{err}");
    }
    // Malformed rather than refused: undeclared registers, wrong operand
    // kinds, a gather on a 3D texture, `ld` on a cube, cube offsets.
    let undeclared = op(
        Opcode::Sample,
        vec![rd(0, "xyzw"), rs(1, "xyzw"), t(9), smp(0)],
    );
    assert_eq!(
        lower_unit(Texture2D, vec![undeclared]).expect_err("invalid"),
        "t9 is not declared"
    );
    let no_sampler = op(
        Opcode::Sample,
        vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), smp(5)],
    );
    assert_eq!(
        lower_unit(Texture2D, vec![no_sampler]).expect_err("invalid"),
        "s5 is not declared"
    );
    let swapped = op(
        Opcode::Sample,
        vec![rd(0, "xyzw"), rs(1, "xyzw"), smp(0), t(0)],
    );
    assert!(lower_unit(Texture2D, vec![swapped]).is_err());
    let short = op(
        Opcode::SampleL,
        vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), smp(0)],
    );
    assert!(lower_unit(Texture2D, vec![short])
        .expect_err("invalid")
        .contains("operand 4"));
    let g3 = op(
        Opcode::Gather4,
        vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), smp(0)],
    );
    assert!(lower_unit(Texture3D, vec![g3])
        .expect_err("invalid")
        .contains("gathers only"));
    let ld_cube = op(Opcode::Ld, vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0)]);
    assert!(lower_unit(TextureCube, vec![ld_cube])
        .expect_err("invalid")
        .contains("cube"));
    let cube_off = aoff(
        op(
            Opcode::Sample,
            vec![rd(0, "xyzw"), rs(1, "xyzw"), t(0), smp(0)],
        ),
        1,
        0,
        0,
    );
    assert!(lower_unit(TextureCube, vec![cube_off])
        .expect_err("invalid")
        .contains("offsets on a cube"));
    // A dynamic resource index is refused by name.
    let dynamic = op(
        Opcode::Sample,
        vec![
            rd(0, "xyzw"),
            rs(1, "xyzw"),
            t(0).with_index(0, dxlower_dxbc::Index::relative(0, rs(2, "x"))),
            smp(0),
        ],
    );
    assert!(lower_unit(Texture2D, vec![dynamic])
        .expect_err("refused")
        .starts_with("refused: dynamic resource index"));
}

// ---------------------------------------------------------------------------
// End to end: sampling
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// ld
// ---------------------------------------------------------------------------

#[test]
fn ld_buffer_emulated_or_refused() {
    let decl = Instruction::dcl_resource(9, ResourceDimension::Buffer, ReturnType::Float);
    let idecl = Instruction::dcl_resource(10, ResourceDimension::Buffer, ReturnType::Sint);
    let body = [
        op(Opcode::Ld, vec![rd(0, "xyzw"), rs(1, "xxxx"), t(9)]),
        op(
            Opcode::Ld,
            vec![rd(1, "xy"), rs(1, "yyyy"), tsw(10, "zwxx")],
        ),
    ];
    let built = ps(&body, &[decl, idecl]);
    let (what, _, lifted) = refused(&dxlower_tests::webgl2_fast(), &built);
    assert_eq!(what, "buffer t9");
    assert!(lifted.is_some_and(|l| l.contains("texture_buffers")));
}

// ---------------------------------------------------------------------------
// resinfo
// ---------------------------------------------------------------------------

#[test]
fn resinfo_mip_count() {
    // With the profile's uniform: declared once, read per register.
    let glsl = case_with(
        "resinfo_mip_count_uniform",
        &mip_uniform(),
        &[
            resinfo(0, rd(0, "xyzw"), i1(0), t(0)),
            resinfo(2, rd(1, "w"), i1(0), tsw(5, "wwww")),
        ],
    );
    assert_eq!(
        glsl.matches("uniform highp ivec4 hlslcc_mipCount[32];")
            .count(),
        1,
        "{glsl}"
    );
    // Without it, a `.w` that a later instruction reads is refused by
    // name; sizes still lower (unguarded).
    let body = [
        resinfo(0, rd(0, "xyzw"), rs(1, "x"), t(0)),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), rs(0, "xyzw")],
        ),
    ];
    let (what, why, lifted) = refused(&dxlower_tests::webgl2_fast(), &ps(&body, &[]));
    assert_eq!(what, "resinfo mip count");
    assert!(why.contains("textureQueryLevels"), "{why}");
    assert!(lifted.is_some_and(|l| l.contains("resinfo_mip_count")));
}

// ---------------------------------------------------------------------------
// gather4
// ---------------------------------------------------------------------------

#[test]
fn gather4() {
    // Refused: by the profile, and on cube maps.
    let body = [op(
        Opcode::Gather4,
        vec![rd(0, "xyzw"), v(0, "xyxx"), t(0), smp_sel(0, "x")],
    )];
    let no_gather = dxlower_tests::webgl2_fast().with(
        dxlower_lowerings::texture_sample::TextureSampleSwitches {
            gather4: Gather4::Refuse,
            ..Default::default()
        },
    );
    let (what, _, lifted) = refused(&no_gather, &ps(&body, &[]));
    assert_eq!(what, "gather4");
    assert_eq!(lifted.as_deref(), Some("gather4 = Emulate"));
    let cube = [op(
        Opcode::Gather4,
        vec![rd(0, "xyzw"), v(0, "xyzx"), t(2), smp_sel(0, "x")],
    )];
    let (what, why, _) = refused(&dxlower_tests::webgl2_fast(), &ps(&cube, &[]));
    assert_eq!(what, "gather4 on a texturecube");
    assert!(why.starts_with("t2: "), "{why}");
}

// ---------------------------------------------------------------------------
// Derivatives
// ---------------------------------------------------------------------------

#[test]
fn derivatives_only_in_pixel_shaders() {
    let vbody = [op(Opcode::DerivRtx, vec![rd(0, "x"), v(1, "x")])];
    let err = vs(&vbody)
        .translate(&dxlower_tests::webgl2_fast())
        .expect_err("no VS derivatives");
    assert!(err.to_string().contains("only pixel shaders"), "{err}");
}

// ---------------------------------------------------------------------------
// Refusals end to end
// ---------------------------------------------------------------------------

#[test]
fn refusals_end_to_end() {
    let lod = [op(
        Opcode::Lod,
        vec![rd(0, "x"), v(0, "xyxx"), tsw(0, "y"), smp(0)],
    )];
    let (what, why, _) = refused(&dxlower_tests::webgl2_fast(), &ps(&lod, &[]));
    assert_eq!(what, "lod");
    assert!(why.contains("textureQueryLod"), "{why}");
    // 1D textures under `texture_1d = Refuse` stop at the declaration.
    let one_d = [op(
        Opcode::Sample,
        vec![rd(0, "xyzw"), v(0, "xxxx"), t(4), smp(0)],
    )];
    let profile = dxlower_tests::webgl2_fast().with(dxlower_lowerings::decl_io::DeclIoSwitches {
        texture_1d: Texture1D::Refuse,
        ..Default::default()
    });
    let (what, _, lifted) = refused(&profile, &ps(&one_d, &[]));
    assert_eq!(what, "texture1d t4");
    assert!(lifted.is_some());
}
