//! Shader Model 5.1 bindings (`CB<id>[<reg>][<elem>]`, `T<id>[<reg>]`,
//! `S<id>[<reg>]`): a range of one register in space 0 lowers to exactly
//! the GLSL of the same program written in SM5.0 form.
//!
//! Every SM5.1 program here is also rewritten into its SM5.0 twin by
//! [`to_sm50`] (declarations `cb<reg>[size]`, `t<reg>`, `s<reg>`; operands
//! without the range id) and both are translated: the outputs must be equal.
//! The shader tests `tests/shaders/sm51/*.asm` pin the whole shader of
//! each SM5.1 program, and every shader is checked with glslangValidator. The corpus test does the
//! same for every SM5.1 vertex and pixel shader of the shared corpus.
//! Other register spaces carry the space in their names (`cb1_space1`).
//! Resource arrays and dynamic range indices are refused by name; ids that
//! disagree with their declaration are malformed.
//! `dcl_indexrange` gives a range an array only when it is indexed relatively.

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::{StageGlsl, StageInput, TranslateError};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Index, Instruction, InterpolationMode, Opcode, Operand, OperandType, Payload,
    Program, ProgramType, ResourceDimension, ReturnType, Signature, SignatureElement,
    SignatureSystemValue, SystemValue, Version,
};
use dxlower_tests::build::{m, op, s};
use dxlower_tests::{glslang, signature};

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

/// SM5.1 `dcl_constantbuffer CB<id>[<lo>:<hi>][<size>], immediateIndexed,
/// space=<space>`.
fn dcl_cb(id: u32, lo: u32, hi: u32, size: u32, space: u32) -> Instruction {
    Instruction::decl(
        Opcode::DclConstantBuffer,
        vec![Operand::new(
            OperandType::ConstantBuffer,
            Components::XYZW,
            &[id, lo, hi],
        )],
        Payload::ConstantBuffer51 { size, space },
    )
}

/// SM5.1 `dcl_sampler S<id>[<lo>:<hi>], mode_default, space=<space>`.
fn dcl_smp(id: u32, lo: u32, hi: u32, space: u32) -> Instruction {
    Instruction::decl(
        Opcode::DclSampler,
        vec![Operand::new(
            OperandType::Sampler,
            Components::Zero,
            &[id, lo, hi],
        )],
        Payload::Space(space),
    )
}

/// SM5.1 `dcl_resource_<dim> (float,float,float,float) T<id>[<lo>:<hi>],
/// space=<space>`.
fn dcl_tex(id: u32, lo: u32, hi: u32, dim: ResourceDimension, space: u32) -> Instruction {
    let mut inst = Instruction::dcl_resource(0, dim, ReturnType::Float);
    inst.operands = vec![Operand::new(
        OperandType::Resource,
        Components::Zero,
        &[id, lo, hi],
    )];
    if let Payload::Resource { space: sp, .. } = &mut inst.payload {
        *sp = Some(space);
    }
    inst
}

/// `CB<id>[<reg>][<elem>].<swizzle>`.
fn cb(id: u32, reg: u32, elem: u32, swz: &str) -> Operand {
    Operand::new(OperandType::ConstantBuffer, s(swz), &[id, reg, elem])
}

/// `T<id>[<reg>].xyzw`.
fn tex(id: u32, reg: u32) -> Operand {
    Operand::new(OperandType::Resource, Components::XYZW, &[id, reg])
}

/// `S<id>[<reg>]`.
fn smp(id: u32, reg: u32) -> Operand {
    Operand::new(OperandType::Sampler, Components::Zero, &[id, reg])
}

fn element(name: &str, index: u32, register: u32, sv: SignatureSystemValue) -> SignatureElement {
    dxlower_tests::element(name, index, register, 0xF, ComponentType::Float32, sv)
}

const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

/// A stage: program and signatures.
struct Stage {
    program: Program,
    isgn: Signature,
    osgn: Signature,
}

impl Stage {
    fn input(&self) -> StageInput<'_> {
        StageInput {
            program: &self.program,
            input_signature: Some(&self.isgn),
            output_signature: Some(&self.osgn),
            program_byte_offset: None,
            rdef: None,
        }
    }

    fn translate(&self) -> Result<StageGlsl, TranslateError> {
        dxlower_core::translate_stage(self.input(), &dxlower_tests::webgl2_fast())
    }

    /// The SM5.0 twin ([`to_sm50`]) with the same signatures.
    fn sm50(&self) -> Stage {
        Stage {
            program: to_sm50(&self.program),
            isgn: self.isgn.clone(),
            osgn: self.osgn.clone(),
        }
    }
}

/// Encodes and decodes a program of version `5.<minor>`, so the test sees
/// exactly what the reader produces.
fn program(stage: ProgramType, minor: u8, instructions: Vec<Instruction>) -> Program {
    let p = Program {
        version: Version {
            program_type: stage,
            major: 5,
            minor,
            reserved: 0,
        },
        instructions,
        trailing: Vec::new(),
    };
    let bytes = dxlower_dxbc::encode::encode_program_bytes(&p);
    dxlower_dxbc::decode::decode_program(&bytes).expect("built program decodes")
}

/// A ps_5_1: `v0` TEXCOORD0 (linear), `o0` SV_Target0, two temps, the
/// declarations `decls` first, then `body` and `ret`.
fn ps(decls: &[Instruction], body: &[Instruction]) -> Stage {
    let mut insts = decls.to_vec();
    insts.extend([
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(2),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    Stage {
        program: program(ProgramType::Pixel, 1, insts),
        isgn: signature(b"ISGN", vec![element("TEXCOORD", 0, 0, NONE)]),
        osgn: signature(
            b"OSGN",
            vec![element("SV_Target", 0, 0, SignatureSystemValue::Target)],
        ),
    }
}

/// A vs_5_1: `v0` POSITION, `o0` SV_Position, `o1` TEXCOORD0, two temps,
/// `decls`, `body`, `ret`.
fn vs(decls: &[Instruction], body: &[Instruction]) -> Stage {
    let mut insts = decls.to_vec();
    insts.extend([
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(2),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    Stage {
        program: program(ProgramType::Vertex, 1, insts),
        isgn: signature(b"ISGN", vec![element("POSITION", 0, 0, NONE)]),
        osgn: signature(
            b"OSGN",
            vec![
                element("SV_Position", 0, 0, SignatureSystemValue::Position),
                element("TEXCOORD", 0, 1, NONE),
            ],
        ),
    }
}

// ---------------------------------------------------------------------------
// The SM5.0 twin
// ---------------------------------------------------------------------------

/// The immediate value of index `k` of an operand.
fn imm(op: &Operand, k: usize) -> u32 {
    op.indices
        .get(k)
        .and_then(Index::as_imm)
        .expect("immediate index")
}

/// The same program in SM5.0 form: version 5.0; `dcl_constantbuffer
/// CB<id>[<lo>:<lo>][<size>], space` → `cb<lo>[<size>]`, `S<id>[<lo>:<lo>]`
/// → `s<lo>`, `T<id>[<lo>:<lo>]` → `t<lo>`; instruction operands lose the
/// range id (`CB0[1][2]` → `cb1[2]`, `T0[3]` → `t3`). Encoded and decoded
/// again, so the twin is a valid SM5.0 token stream.
fn to_sm50(p: &Program) -> Program {
    let mut p = p.clone();
    p.version.minor = 0;
    for inst in &mut p.instructions {
        if inst.opcode.is_declaration() {
            let Some(op) = inst.operands.first_mut() else {
                continue;
            };
            match (inst.opcode, &mut inst.payload) {
                (Opcode::DclConstantBuffer, Payload::ConstantBuffer51 { size, .. }) => {
                    let lo = imm(op, 1);
                    op.indices = [Index::imm(lo), Index::imm(*size)].into_iter().collect();
                    inst.payload = Payload::None;
                }
                (Opcode::DclSampler, Payload::Space(_)) => {
                    let lo = imm(op, 1);
                    op.indices = [Index::imm(lo)].into_iter().collect();
                    inst.payload = Payload::None;
                }
                (Opcode::DclResource, Payload::Resource { space, .. }) if space.is_some() => {
                    let lo = imm(op, 1);
                    op.indices = [Index::imm(lo)].into_iter().collect();
                    *space = None;
                }
                _ => {}
            }
            continue;
        }
        for op in &mut inst.operands {
            let sm51 = match op.ty {
                OperandType::ConstantBuffer => op.indices.len() == 3,
                OperandType::Resource | OperandType::Sampler => op.indices.len() == 2,
                _ => false,
            };
            if sm51 {
                op.indices.remove(0);
            }
        }
    }
    let bytes = dxlower_dxbc::encode::encode_program_bytes(&p);
    dxlower_dxbc::decode::decode_program(&bytes).expect("SM5.0 twin decodes")
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// Translates the SM5.1 stage and its SM5.0 twin, asserts both give the
/// same GLSL, cbuffers and sampler uniforms, and checks the shader with
/// glslangValidator. The SM5.1 program and its GLSL are pinned by
/// `tests/shaders/sm51/<name>.asm` → `.glsl`.
fn case_with(name: &str, stage: &Stage) -> StageGlsl {
    dxlower_tests::shader_case("sm51", name);
    assert_eq!(stage.program.version.minor, 1, "{name}: an SM5.1 program");
    let out = stage
        .translate()
        .unwrap_or_else(|e| panic!("{name}: SM5.1 translation failed: {e}"));
    let twin = stage.sm50();
    let out50 = twin
        .translate()
        .unwrap_or_else(|e| panic!("{name}: SM5.0 translation failed: {e}"));
    assert_eq!(out.glsl, out50.glsl, "{name}: SM5.1 and SM5.0 GLSL differ");
    assert_eq!(
        out.record.cbuffers(),
        out50.record.cbuffers(),
        "{name}: cbuffers"
    );
    assert_eq!(
        out.record.samplers, out50.record.samplers,
        "{name}: sampler uniforms"
    );
    if let Err(log) = glslang(&out.glsl, stage.program.version.program_type) {
        panic!("{name}: glslangValidator rejects:\n{}\n{log}", out.glsl);
    }
    out
}

/// Translates and expects a refusal; returns `what`.
fn refused(stage: &Stage) -> String {
    match stage.translate() {
        Err(TranslateError::Refused { refusal, .. }) => refusal.what,
        Err(e) => panic!("expected a refusal, got {e}"),
        Ok(out) => panic!("expected a refusal, got GLSL:\n{}", out.glsl),
    }
}

/// Translates and expects a malformed-program error; returns its text.
fn invalid(stage: &Stage) -> String {
    match stage.translate() {
        Err(e @ TranslateError::Lower { .. }) => e.to_string(),
        Err(e) => panic!("expected an invalid-program error, got {e}"),
        Ok(out) => panic!("expected an error, got GLSL:\n{}", out.glsl),
    }
}

// ---------------------------------------------------------------------------
// Snapshots
// ---------------------------------------------------------------------------

/// Constant-buffer reads: immediate and dynamic element indices of a
/// range whose id equals its register.
#[test]
fn cb_read() {
    let stage = vs(
        &[dcl_cb(0, 0, 0, 4, 0)],
        &[
            op(
                Opcode::Dp4,
                vec![
                    Operand::output(0, m("x")),
                    Operand::input(0, s("xyzw")),
                    cb(0, 0, 0, "xyzw"),
                ],
            ),
            op(
                Opcode::Mov,
                vec![Operand::output(0, m("yzw")), cb(0, 0, 1, "xxyz")],
            ),
            op(
                Opcode::Ftoi,
                vec![Operand::temp(0, m("x")), Operand::input(0, s("wwww"))],
            ),
            op(
                Opcode::Mov,
                vec![
                    Operand::output(1, m("xyzw")),
                    cb(0, 0, 2, "xyzw").with_index(2, Index::relative(2, Operand::temp(0, s("x")))),
                ],
            ),
        ],
    );
    let out = case_with("cb_read", &stage);
    assert!(out
        .glsl
        .contains("uniform ConstantBuffer0 {\n    vec4 data[4];\n} cb0;"));
    assert!(
        out.glsl.contains("cb0.data[floatBitsToInt(r0.x) + 2]"),
        "{}",
        out.glsl
    );
    assert_eq!(out.record.cbuffers().get(&0), Some(&4));
}

/// `sample` through `T0[0]` and `S0[0]`: the combined uniform of the pair.
#[test]
fn texture_sample() {
    let stage = ps(
        &[
            dcl_smp(0, 0, 0, 0),
            dcl_tex(0, 0, 0, ResourceDimension::Texture2D, 0),
        ],
        &[
            op(
                Opcode::Sample,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::input(0, s("xyxx")),
                    tex(0, 0),
                    smp(0, 0),
                ],
            ),
            op(
                Opcode::Mov,
                vec![Operand::output(0, m("xyzw")), Operand::temp(0, s("xyzw"))],
            ),
        ],
    );
    let out = case_with("texture_sample", &stage);
    assert!(out
        .glsl
        .contains("r0 = texture(t0TEX_with_SMPs0, vs_TEXCOORD0.xy);"));
    assert_eq!(
        out.record.samplers.len(),
        1,
        "t0TEX_with_SMPs0 only: no instruction reads the bare t0"
    );
}

/// Range ids that are not the registers (as fxc assigns them: ids count
/// declarations, registers come from `register(b1)` etc.): `CB0` is `cb1`,
/// `CB1` is `cb0`, `S0` is `s2`, `T0` is `t5`, `T1` is `t3`; the GLSL
/// names the registers. The `ld` of `T0` declares the bare `t5`; nothing
/// reads `t3` bare, so it has only its combined uniform.
#[test]
fn ids_are_not_registers() {
    let stage = ps(
        &[
            dcl_cb(0, 1, 1, 2, 0),
            dcl_cb(1, 0, 0, 1, 0),
            dcl_smp(0, 2, 2, 0),
            dcl_tex(0, 5, 5, ResourceDimension::Texture2D, 0),
            dcl_tex(1, 3, 3, ResourceDimension::Texture3D, 0),
        ],
        &[
            op(
                Opcode::Sample,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::input(0, s("xyxx")),
                    tex(0, 5),
                    smp(0, 2),
                ],
            ),
            op(
                Opcode::SampleL,
                vec![
                    Operand::temp(1, m("xyzw")),
                    Operand::input(0, s("xyzx")),
                    tex(1, 3),
                    smp(0, 2),
                    cb(1, 0, 0, "wwww"),
                ],
            ),
            op(
                Opcode::Mad,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    cb(0, 1, 1, "xyzw"),
                    Operand::temp(1, s("xyzw")),
                ],
            ),
            op(
                Opcode::Ld,
                vec![
                    Operand::temp(1, m("xyzw")),
                    Operand::imm32_4([0, 0, 0, 0]),
                    tex(0, 5),
                ],
            ),
            op(
                Opcode::Add,
                vec![
                    Operand::output(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    Operand::temp(1, s("xyzw")),
                ],
            ),
        ],
    );
    let out = case_with("ids_are_not_registers", &stage);
    for name in [
        "} cb1;",
        "} cb0;",
        "uniform highp sampler2D t5;",
        "uniform mediump sampler2D t5TEX_with_SMPs2;",
        "t3TEX_with_SMPs2",
        "cb1.data[1]",
        "cb0.data[0].w",
        "texelFetch(t5, ",
    ] {
        assert!(out.glsl.contains(name), "{name} missing:\n{}", out.glsl);
    }
    assert!(!out.glsl.contains("sampler3D t3;"), "{}", out.glsl);
    assert_eq!(
        out.record
            .cbuffers()
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect::<Vec<_>>(),
        [(0, 1), (1, 2)]
    );
    let mut regs: Vec<_> = out
        .record
        .samplers
        .iter()
        .map(|u| (u.name.clone(), u.texture, u.sampler))
        .collect();
    regs.sort();
    assert_eq!(
        regs,
        [
            ("t3TEX_with_SMPs2".to_string(), 3, Some(2)),
            ("t5".to_string(), 5, None),
            ("t5TEX_with_SMPs2".to_string(), 5, Some(2)),
        ]
    );
}

// ---------------------------------------------------------------------------
// Refusals and malformed operands
// ---------------------------------------------------------------------------

fn sample_body(t: Operand, sm: Operand) -> Vec<Instruction> {
    vec![
        op(
            Opcode::Sample,
            vec![
                Operand::temp(0, m("xyzw")),
                Operand::input(0, s("xyxx")),
                t,
                sm,
            ],
        ),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), Operand::temp(0, s("xyzw"))],
        ),
    ]
}

fn tex2d(id: u32, lo: u32, hi: u32, space: u32) -> Instruction {
    dcl_tex(id, lo, hi, ResourceDimension::Texture2D, space)
}

/// Bindings in register spaces other than 0 carry the space in their
/// names (`cb0_space1`, `t0_space3TEX_with_SMPs1_space1`), beside the
/// same registers of space 0, whose names are the SM5.0 ones; the stage
/// record and the manifest give each binding's register and space apart,
/// and a linked pair agrees on a spaced block's size. The `ld` of `T1`
/// (space 3) declares the bare `t0_space3`; the only sampled `t0` of
/// space 0 has no bare uniform.
#[test]
fn other_register_spaces_carry_the_space_in_their_names() {
    let sample = |dst: u32, t: Operand, sm: Operand| {
        op(
            Opcode::Sample,
            vec![
                Operand::temp(dst, m("xyzw")),
                Operand::input(0, s("xyxx")),
                t,
                sm,
            ],
        )
    };
    let frag = ps(
        &[
            dcl_cb(0, 0, 0, 1, 0),
            dcl_cb(1, 0, 0, 2, 1),
            dcl_smp(0, 1, 1, 1),
            dcl_smp(1, 1, 1, 2),
            tex2d(0, 0, 0, 0),
            tex2d(1, 0, 0, 3),
        ],
        &[
            sample(0, tex(1, 0), smp(0, 1)),
            sample(1, tex(0, 0), smp(1, 1)),
            op(
                Opcode::Add,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    Operand::temp(1, s("xyzw")),
                ],
            ),
            op(
                Opcode::Ld,
                vec![
                    Operand::temp(1, m("xyzw")),
                    Operand::imm32_4([0, 0, 0, 0]),
                    tex(1, 0),
                ],
            ),
            op(
                Opcode::Add,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    Operand::temp(1, s("xyzw")),
                ],
            ),
            op(
                Opcode::Add,
                vec![
                    Operand::temp(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    cb(0, 0, 0, "xyzw"),
                ],
            ),
            op(
                Opcode::Add,
                vec![
                    Operand::output(0, m("xyzw")),
                    Operand::temp(0, s("xyzw")),
                    cb(1, 0, 1, "xyzw"),
                ],
            ),
        ],
    );
    let out = frag
        .translate()
        .unwrap_or_else(|e| panic!("translates: {e}"));
    for name in [
        "uniform ConstantBuffer0 {\n    vec4 data[1];\n} cb0;",
        "uniform ConstantBuffer0_space1 {\n    vec4 data[2];\n} cb0_space1;",
        "cb0_space1.data[1]",
        "cb0.data[0]",
        "texture(t0_space3TEX_with_SMPs1_space1, ",
        "texture(t0TEX_with_SMPs1_space2, ",
        "texelFetch(t0_space3, ",
    ] {
        assert!(out.glsl.contains(name), "{name} missing:\n{}", out.glsl);
    }
    glslang(&out.glsl, ProgramType::Pixel).unwrap_or_else(|e| panic!("{e}\n{}", out.glsl));
    let mut samplers: Vec<_> = out
        .record
        .samplers
        .iter()
        .map(|u| {
            (
                u.name.as_str(),
                u.texture,
                u.texture_space,
                u.sampler,
                u.sampler_space,
            )
        })
        .collect();
    samplers.sort();
    assert_eq!(
        samplers,
        [
            ("t0TEX_with_SMPs1_space2", 0, 0, Some(1), 2),
            ("t0_space3", 0, 3, None, 0),
            ("t0_space3TEX_with_SMPs1_space1", 0, 3, Some(1), 1),
        ]
    );
    // A VS reading b0 of space 1 with a smaller size: the pair agrees on
    // the larger one, and the manifest gives the space beside the slot.
    let vert = vs(
        &[dcl_cb(4, 0, 0, 1, 1)],
        &[op(
            Opcode::Mov,
            vec![Operand::output(1, m("xyzw")), cb(4, 0, 0, "xyzw")],
        )],
    );
    let linked = dxlower_core::link(vert.input(), frag.input(), &dxlower_tests::webgl2_fast())
        .unwrap_or_else(|e| panic!("links: {e}"));
    let spaced = "uniform ConstantBuffer0_space1 {\n    vec4 data[2];\n} cb0_space1;";
    assert!(linked.vs.glsl.contains(spaced), "{}", linked.vs.glsl);
    assert!(linked.ps.glsl.contains(spaced), "{}", linked.ps.glsl);
    dxlower_glslang::glslang_link(&linked.vs.glsl, &linked.ps.glsl)
        .unwrap_or_else(|e| panic!("glslang link: {e}"));
    let manifest = serde_json::to_value(linked.manifest()).expect("manifest JSON");
    let blocks: Vec<_> = manifest["uniform_blocks"]
        .as_array()
        .expect("uniform_blocks")
        .iter()
        .map(|b| {
            (
                b["block"].as_str().unwrap_or_default().to_string(),
                b["slot"].as_u64(),
                b.get("space").and_then(|s| s.as_u64()),
                b["stages"].as_array().map_or(0, |s| s.len()),
            )
        })
        .collect();
    assert_eq!(
        blocks,
        [
            ("ConstantBuffer0".to_string(), Some(0), None, 1),
            ("ConstantBuffer0_space1".to_string(), Some(0), Some(1), 2),
        ]
    );
    let sampler = manifest["samplers"]
        .as_array()
        .expect("samplers")
        .iter()
        .find(|u| u["name"] == "t0_space3TEX_with_SMPs1_space1")
        .expect("the spaced sampler in the manifest");
    assert_eq!(
        (
            &sampler["texture"],
            &sampler["texture_space"],
            &sampler["sampler"],
            &sampler["sampler_space"]
        ),
        (
            &serde_json::json!(0),
            &serde_json::json!(3),
            &serde_json::json!(1),
            &serde_json::json!(1)
        )
    );
}

#[test]
fn resource_arrays_are_refused_by_name() {
    let what = refused(&vs(&[dcl_cb(0, 0, 3, 2, 0)], &[]));
    assert_eq!(what, "constant buffer array CB0[0:3]");
    let body = sample_body(tex(2, 8), smp(0, 0));
    let what = refused(&ps(&[dcl_smp(0, 0, 0, 0), tex2d(2, 8, u32::MAX, 0)], &body));
    assert_eq!(what, "texture2d array T2[8:*]");
    let what = refused(&ps(&[dcl_smp(1, 0, 4, 0)], &[]));
    assert_eq!(what, "sampler array S1[0:4]");
    // The reason says what is missing.
    let Err(TranslateError::Refused { refusal, .. }) =
        vs(&[dcl_cb(0, 0, 3, 2, 0)], &[]).translate()
    else {
        panic!("refused")
    };
    assert!(refusal.why.contains("resource arrays"), "{}", refusal.why);
}

/// A refusal names a register of another space as its GLSL names do
/// (`t0_space3`), not by the packed binding key.
#[test]
fn refusals_name_a_spaced_register_with_its_space() {
    let decls = [
        dcl_smp(0, 0, 0, 0),
        dcl_tex(0, 0, 0, ResourceDimension::TextureCube, 3),
    ];
    let body = [
        op(
            Opcode::Gather4,
            vec![
                Operand::temp(0, m("xyzw")),
                Operand::input(0, s("xyxx")),
                tex(0, 0),
                smp(0, 0),
            ],
        ),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), Operand::temp(0, s("xyzw"))],
        ),
    ];
    let Err(TranslateError::Refused { refusal, .. }) = ps(&decls, &body).translate() else {
        panic!("gather4 on a texturecube is refused")
    };
    assert_eq!(refusal.what, "gather4 on a texturecube");
    assert!(refusal.why.starts_with("t0_space3: "), "{}", refusal.why);
}

#[test]
fn dynamic_range_indices_are_refused_by_name() {
    let decls = [
        dcl_smp(0, 0, 0, 0),
        tex2d(0, 0, 0, 0),
        dcl_cb(0, 0, 0, 1, 0),
    ];
    let dyn_t = tex(0, 0).with_index(1, Index::relative(0, Operand::temp(1, s("x"))));
    let what = refused(&ps(&decls, &sample_body(dyn_t, smp(0, 0))));
    assert_eq!(what, "dynamic resource index");
    let dyn_cb = cb(0, 0, 0, "xyzw").with_index(1, Index::relative(0, Operand::temp(1, s("x"))));
    let body = [op(Opcode::Mov, vec![Operand::output(0, m("xyzw")), dyn_cb])];
    let what = refused(&ps(&decls, &body));
    assert_eq!(what, "dynamic constant-buffer range index");
}

#[test]
fn ids_that_disagree_with_their_declaration_are_malformed() {
    let decls = [dcl_smp(0, 0, 0, 0), tex2d(0, 3, 3, 0)];
    // T0 is register 3, the operand says register 4.
    let e = invalid(&ps(&decls, &sample_body(tex(0, 4), smp(0, 0))));
    assert!(e.contains("T0[4] is outside its range [3:3]"), "{e}");
    // T1 is not declared.
    let e = invalid(&ps(&decls, &sample_body(tex(1, 3), smp(0, 0))));
    assert!(e.contains("T1 is not declared"), "{e}");
    // S7 is not declared.
    let e = invalid(&ps(&decls, &sample_body(tex(0, 3), smp(7, 0))));
    assert!(e.contains("S7 is not declared"), "{e}");
    // A constant-buffer read in the two-index SM5.0 form.
    let body = [op(
        Opcode::Mov,
        vec![
            Operand::output(0, m("xyzw")),
            Operand::new(OperandType::ConstantBuffer, s("xyzw"), &[0, 0]),
        ],
    )];
    let e = invalid(&ps(&[dcl_cb(0, 0, 0, 1, 0)], &body));
    assert!(e.contains("needs three indices"), "{e}");
    // The same id declared twice.
    let e = invalid(&vs(&[dcl_cb(0, 0, 0, 1, 0), dcl_cb(0, 1, 1, 1, 0)], &[]));
    assert!(e.contains("CB0 is declared twice"), "{e}");
}

/// A linked VS+PS agrees on constant-buffer sizes by register, not by
/// range id: the VS's `CB0` and the PS's `CB1` are both `cb2`, declared
/// with the larger size in both stages, and glslang links the pair.
#[test]
fn linked_programs_agree_on_cb_sizes_by_register() {
    let read = |id, reg| {
        op(
            Opcode::Mov,
            vec![Operand::output(1, m("xyzw")), cb(id, reg, 0, "xyzw")],
        )
    };
    let mut vert = vs(&[dcl_cb(0, 2, 2, 3, 0)], &[read(0, 2)]);
    vert.osgn = signature(
        b"OSGN",
        vec![
            element("SV_Position", 0, 0, SignatureSystemValue::Position),
            element("TEXCOORD", 0, 1, NONE),
        ],
    );
    let frag = ps(
        &[dcl_cb(0, 0, 0, 1, 0), dcl_cb(1, 2, 2, 5, 0)],
        &[op(
            Opcode::Add,
            vec![
                Operand::output(0, m("xyzw")),
                cb(0, 0, 0, "xyzw"),
                cb(1, 2, 4, "xyzw"),
            ],
        )],
    );
    let linked = dxlower_core::link(vert.input(), frag.input(), &dxlower_tests::webgl2_fast())
        .unwrap_or_else(|e| panic!("links: {e}"));
    let cb2 = "uniform ConstantBuffer2 {\n    vec4 data[5];\n} cb2;";
    assert!(linked.vs.glsl.contains(cb2), "{}", linked.vs.glsl);
    assert!(linked.ps.glsl.contains(cb2), "{}", linked.ps.glsl);
    assert_eq!(linked.hints.cb_size(2), Some(5));
    assert_eq!(linked.hints.cb_size(0), Some(1));
    dxlower_glslang::glslang_link(&linked.vs.glsl, &linked.ps.glsl)
        .unwrap_or_else(|e| panic!("glslang link: {e}"));
}

// ---------------------------------------------------------------------------
// dcl_indexrange
// ---------------------------------------------------------------------------

/// A vs_4_0 reading `v1`..`v2`, with `dcl_indexrange v1.xyzw 2` and `body`.
fn indexrange_vs(body: Vec<Instruction>) -> dxlower_tests::Built {
    let mut insts = vec![
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_input(1, 0xF),
        Instruction::dcl_input(2, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(1),
        Instruction::decl(
            Opcode::DclIndexRange,
            vec![Operand::input(1, m("xyzw"))],
            Payload::Count(2),
        ),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), Operand::input(0, s("xyzw"))],
        ),
    ];
    insts.extend(body);
    insts.push(op(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        vec![
            element("POSITION", 0, 0, NONE),
            element("TEXCOORD", 0, 1, NONE),
            element("TEXCOORD", 1, 2, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![
            element("SV_Position", 0, 0, SignatureSystemValue::Position),
            element("TEXCOORD", 0, 1, NONE),
        ],
    );
    dxlower_tests::Built::new(ProgramType::Vertex, 4, insts, Some(isgn), Some(osgn))
}

/// A `dcl_indexrange` nobody indexes relatively changes nothing; a
/// relative read of the range reads the range's array (decl-io
/// `dcl_indexrange`).
#[test]
fn dcl_indexrange_declares_an_array_only_when_indexed() {
    let read = |reg| {
        op(
            Opcode::Mov,
            vec![
                Operand::output(1, m("xyzw")),
                Operand::input(reg, s("xyzw")),
            ],
        )
    };
    let with = indexrange_vs(vec![read(2)]);
    let out = with
        .translate(&dxlower_tests::webgl2_fast())
        .expect("lowers");
    glslang(&out.glsl, ProgramType::Vertex).expect("compiles");
    // The same program without the declaration gives the same GLSL.
    let mut without = indexrange_vs(vec![read(2)]);
    without
        .program
        .instructions
        .retain(|i| i.opcode != Opcode::DclIndexRange);
    let plain = without
        .translate(&dxlower_tests::webgl2_fast())
        .expect("lowers");
    assert_eq!(out.glsl, plain.glsl);
    assert!(
        out.glsl.contains("vs_TEXCOORD0 = in_TEXCOORD1.xyzw;"),
        "{}",
        out.glsl
    );
    // A relative read of the range reads its array, copied at entry.
    let relative =
        Operand::input(0, s("xyzw")).with_index(0, Index::relative(1, Operand::temp(0, s("x"))));
    let b = indexrange_vs(vec![
        op(
            Opcode::Mov,
            vec![Operand::temp(0, m("x")), Operand::imm32(1)],
        ),
        op(Opcode::Mov, vec![Operand::output(1, m("xyzw")), relative]),
    ]);
    let out = b
        .translate(&dxlower_tests::webgl2_fast())
        .unwrap_or_else(|e| panic!("lowers: {e}"));
    for line in [
        "uvec4 dxlower_v1[2];",
        "dxlower_v1[1] = floatBitsToUint(in_TEXCOORD1.xyzw);",
        "vs_TEXCOORD0 = uintBitsToFloat(dxlower_v1[clamp(floatBitsToInt(r0.x) + 0, 0, 1)].xyzw);",
    ] {
        assert!(out.glsl.contains(line), "{line} missing:\n{}", out.glsl);
    }
    glslang(&out.glsl, ProgramType::Vertex).expect("compiles");
    // A count of 0 is malformed.
    let mut zero = indexrange_vs(vec![]);
    for inst in &mut zero.program.instructions {
        if inst.opcode == Opcode::DclIndexRange {
            inst.payload = Payload::Count(0);
        }
    }
    let e = zero
        .translate(&dxlower_tests::webgl2_fast())
        .expect_err("malformed");
    assert!(e.to_string().contains("0 registers"), "{e}");
    // A range past register 4095, and two overlapping ranges, are malformed.
    let mut long = indexrange_vs(vec![]);
    for inst in &mut long.program.instructions {
        if inst.opcode == Opcode::DclIndexRange {
            inst.payload = Payload::Count(u32::MAX);
        }
    }
    let e = long
        .translate(&dxlower_tests::webgl2_fast())
        .expect_err("malformed");
    assert!(e.to_string().contains("past register 4095"), "{e}");
    let mut twice = indexrange_vs(vec![]);
    let at = twice
        .program
        .instructions
        .iter()
        .position(|i| i.opcode == Opcode::DclIndexRange)
        .expect("the range");
    let mut other = twice.program.instructions[at].clone();
    other.operands = vec![Operand::input(2, m("xyzw"))];
    twice.program.instructions.insert(at, other);
    let e = twice
        .translate(&dxlower_tests::webgl2_fast())
        .expect_err("malformed");
    assert!(e.to_string().contains("overlaps another range"), "{e}");
}

// ---------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------

/// How many SM5.1 vertex and pixel shaders of the corpus must translate
/// and validate (24 of 41; the others use UAVs, texture buffers,
/// structured buffers or resource arrays).
const SM51_FLOOR: usize = 24;

/// Every SM5.1 vertex and pixel shader of the corpus: when it translates,
/// glslang accepts it and, when all its bindings are in space 0, its SM5.0
/// twin translates to the same GLSL; when it is refused, the reason names
/// what.
#[test]
fn corpus_sm51_equals_its_sm50_twin() {
    let profile = dxlower_tests::webgl2_fast();
    let mut validated = Vec::new();
    let mut refusals: std::collections::BTreeMap<String, usize> = Default::default();
    let mut total = 0;
    for e in dxlower_tests::manifest() {
        if e.json["shader_model"] != "5_1" || !matches!(e.stage.as_str(), "vs" | "ps") {
            continue;
        }
        total += 1;
        let bytes = dxlower_tests::read_corpus(&e.file);
        let shader = dxlower_dxbc::parse(&bytes).expect("corpus shader parses");
        let input = |program| StageInput {
            program,
            input_signature: shader.input_signature.as_ref(),
            output_signature: shader.output_signature.as_ref(),
            program_byte_offset: None,
            rdef: shader.rdef.as_ref(),
        };
        // A program with bindings outside space 0 has no SM5.0 twin (its
        // spaces would collide in one register file): its names carry the
        // space, and glslang checks it.
        let spaced = dxlower_core::binding::declared_keys(&shader.program)
            .values()
            .any(|&k| dxlower_core::binding::split(k).0 != 0);
        match dxlower_core::translate_stage(input(&shader.program), &profile) {
            Ok(out) if spaced => {
                assert!(out.glsl.contains("_space"), "{}: no spaced name", e.file);
                if let Err(log) = glslang(&out.glsl, shader.program.version.program_type) {
                    panic!("{}: glslang rejects:\n{}\n{log}", e.file, out.glsl);
                }
                validated.push(e.file.clone());
            }
            Ok(out) => {
                let twin = to_sm50(&shader.program);
                let out50 = dxlower_core::translate_stage(input(&twin), &profile)
                    .unwrap_or_else(|err| panic!("{}: SM5.0 twin fails: {err}", e.file));
                assert_eq!(out.glsl, out50.glsl, "{}: GLSL differs from SM5.0", e.file);
                assert_eq!(out.record.samplers, out50.record.samplers, "{}", e.file);
                if let Err(log) = glslang(&out.glsl, shader.program.version.program_type) {
                    panic!("{}: glslang rejects:\n{}\n{log}", e.file, out.glsl);
                }
                validated.push(e.file.clone());
            }
            Err(TranslateError::Refused { refusal, .. }) => {
                let key = dxlower_core::error::fold_registers(&refusal.what);
                *refusals.entry(key).or_default() += 1;
            }
            Err(err) => panic!("{}: neither GLSL nor a refusal: {err}", e.file),
        }
    }
    eprintln!(
        "SM5.1 VS/PS: {} of {total} translate, equal their SM5.0 twin and validate; refused: {refusals:?}",
        validated.len()
    );
    assert!(total > 0, "no SM5.1 VS/PS in the corpus");
    assert!(
        validated.len() >= SM51_FLOOR,
        "{} validated, floor {SM51_FLOOR}",
        validated.len()
    );
    // The shaders with ids that are not their registers are among them.
    assert!(validated
        .iter()
        .any(|f| f.ends_with("Internal__BasicHLSL_PS_5_1.ps.dxbc")));
}
