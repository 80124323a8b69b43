//! The memory-structured family (lowerings/memory-structured/docs/memory-structured.md;
//! docs/profiles.md#refused-in-every-profile): every opcode it owns refused by name in a vertex or pixel shader
//! (`what`, `why`, `lifted_by` snapshotted and asserted), and the one
//! lowering — `ld_structured` of the vertex-stage `BoneTransforms` buffer
//! under the `bone_transforms` pass, in both modes — as full shaders
//! checked with `glslangValidator`, plus the loads the pass must reject.
//!
//! The GLSL of the lowered loads is pinned by the shader tests
//! `tests/shaders/memory_structured/*.asm` → `.glsl`; the refusal reports
//! stay snapshots here (each is several stages in one text).

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::profile::PassSpec;
use dxlower_core::{translate_stage, Profile, Registry, StageInput, TranslateError};
use dxlower_dxbc::rdef::{
    Rdef, RdefProgramType, RdefTarget, ResourceBinding, ShaderInputType, SrvDimension,
};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Instruction, Opcode, Operand, OperandType, Payload, ProgramType, ResourceDimension,
    ReturnType, SignatureElement, SignatureSystemValue, SystemValue,
};
use dxlower_tests::build::{cb, dcl_structured, l, ld_structured, m, op, rd, refusal, rs, s, v};
use dxlower_tests::{glslang, signature, Built};
use std::collections::BTreeMap;
use std::fmt::Write;

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;

// ---------------------------------------------------------------------------
// Operand shorthands
// ---------------------------------------------------------------------------

/// `t<n>.<swizzle>`.
fn t(n: u32, swz: &str) -> Operand {
    Operand::new(OperandType::Resource, s(swz), &[n])
}

/// `u<n>` as an instruction operand.
fn u(n: u32) -> Operand {
    Operand::uav(n)
}

/// `u<n>.<mask>` as a destination (atomics, stores).
fn ud(n: u32, mask: &str) -> Operand {
    Operand::new(OperandType::UnorderedAccessView, m(mask), &[n])
}

/// `g<n>.<mask>` as a destination.
fn gd(n: u32, mask: &str) -> Operand {
    Operand::new(OperandType::ThreadGroupSharedMemory, m(mask), &[n])
}

/// `g<n>.<swizzle>` as a source.
fn gs(n: u32, swz: &str) -> Operand {
    Operand::new(OperandType::ThreadGroupSharedMemory, s(swz), &[n])
}

/// A 48-byte bone load.
fn bone(dst: Operand, idx: Operand, off: u32, swz: &str) -> Instruction {
    ld_structured(48, dst, idx, l(off), t(0, swz))
}

fn dcl_uav(op: Opcode, reg: u32, payload: Payload) -> Instruction {
    Instruction::decl(
        op,
        vec![Operand::new(
            OperandType::UnorderedAccessView,
            Components::Zero,
            &[reg],
        )],
        payload,
    )
}

fn dcl_tgsm(op: Opcode, reg: u32, payload: Payload) -> Instruction {
    Instruction::decl(
        op,
        vec![Operand::new(
            OperandType::ThreadGroupSharedMemory,
            Components::Zero,
            &[reg],
        )],
        payload,
    )
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

fn element(
    name: &str,
    register: u32,
    ty: ComponentType,
    sv: SignatureSystemValue,
) -> SignatureElement {
    dxlower_tests::element(name, 0, register, 0xF, ty, sv)
}

const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

/// A Carbon-style skinned vs_5_0: `decls` (constant buffers, structured
/// buffers), `v0` POSITION float4, `v1` BLENDINDICES uint4, `o0`
/// SV_Position, `o1` TEXCOORD0, four temps, `body`, `ret`.
fn skin_vs(decls: &[Instruction], body: &[Instruction]) -> Built {
    let mut insts = decls.to_vec();
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
            element("POSITION", 0, ComponentType::Float32, NONE),
            element("BLENDINDICES", 1, ComponentType::Uint32, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![
            element(
                "SV_Position",
                0,
                ComponentType::Float32,
                SignatureSystemValue::Position,
            ),
            element("TEXCOORD", 1, ComponentType::Float32, NONE),
        ],
    );
    Built::new(VS, 5, insts, Some(isgn), Some(osgn))
}

/// The usual declarations: `cb3[27]` and `t0` of stride 48.
fn bone_decls() -> Vec<Instruction> {
    vec![
        Instruction::dcl_constant_buffer(3, 27),
        dcl_structured(0, 48),
    ]
}

/// A ps_5_0 with `v0` TEXCOORD0, `o0` SV_Target0, four temps, `decls`,
/// `body`, `ret`.
fn ps(decls: &[Instruction], body: &[Instruction]) -> Built {
    let mut insts = decls.to_vec();
    insts.extend([
        Instruction::dcl_input_ps(dxlower_dxbc::InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(4),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        vec![element("TEXCOORD", 0, ComponentType::Float32, NONE)],
    );
    let osgn = signature(
        b"OSGN",
        vec![element(
            "SV_Target",
            0,
            ComponentType::Float32,
            SignatureSystemValue::Target,
        )],
    );
    Built::new(PS, 5, insts, Some(isgn), Some(osgn))
}

/// The disassembly of `body`, one instruction per line.
fn asm(stage: ProgramType, body: &[Instruction]) -> String {
    dxlower_tests::asm(stage, body)
}

// ---------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------

fn pass(params: &[(&str, &str)]) -> PassSpec {
    PassSpec {
        name: "bone_transforms".into(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
    }
}

/// A built-in profile with the pass set to `params` (replacing any
/// `bone_transforms` entry the RON file has) and without
/// `structured_data_texture` (tests/tests/data_texture.rs covers that
/// pass), so that the bone pass is seen alone.
fn with_pass(name: &str, params: &[(&str, &str)]) -> Profile {
    let mut p = dxlower_targets::load(name).expect("built-in profile");
    p.passes
        .retain(|x| x.name != "bone_transforms" && x.name != "structured_data_texture");
    p.passes.insert(0, pass(params));
    p
}

fn ccpwgl() -> Profile {
    with_pass("ccpwgl", &[("mode", "cb3_splice")])
}

fn native() -> Profile {
    with_pass("native", &[("mode", "ubo")])
}

fn webgl2() -> Profile {
    let mut p = dxlower_targets::load("webgl2").expect("webgl2 profile");
    p.passes.retain(|x| x.name != "bone_transforms");
    p
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// Translates and checks the whole shader with glslang; returns the GLSL.
/// The case `name` is pinned by `tests/shaders/memory_structured/<name>.glsl`.
fn case_with(name: &str, profile: &Profile, built: &Built, _body: &[Instruction]) -> String {
    dxlower_tests::shader_case("memory_structured", name);
    let stage = built.program.version.program_type;
    let out = built
        .translate(profile)
        .unwrap_or_else(|e| panic!("{name}: translation failed: {e}"));
    if let Err(log) = glslang(&out.glsl, stage) {
        panic!(
            "{name}: glslangValidator rejects the output:\n{}\n{log}",
            out.glsl
        );
    }
    out.glsl
}

/// The message of a translation that fails as malformed for the lowering.
fn invalid(profile: &Profile, built: &Built) -> String {
    match built.translate(profile) {
        Err(TranslateError::Lower { message, .. }) => message,
        Err(e) => panic!("expected an invalid-load error, got {e}"),
        Ok(out) => panic!("expected an error, got GLSL:\n{}", out.glsl),
    }
}

// ---------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------

struct Case {
    stage: ProgramType,
    /// Declarations (refused by a declaration handler) or empty.
    decls: Vec<Instruction>,
    /// Instructions (refused by an instruction handler) or empty.
    body: Vec<Instruction>,
    what: &'static str,
    lifted: Option<&'static str>,
}

fn case(
    stage: ProgramType,
    decls: Vec<Instruction>,
    body: Vec<Instruction>,
    what: &'static str,
    lifted: Option<&'static str>,
) -> Case {
    Case {
        stage,
        decls,
        body,
        what,
        lifted,
    }
}

const LIFT: Option<&str> = Some("profile pass bone_transforms (ccpwgl, native)");
/// What lifts the refusal of the other structured and raw SRVs.
const DATA_LIFT: Option<&str> = Some("profile pass structured_data_texture (native)");

fn refusal_cases() -> Vec<Case> {
    let typed = Payload::UavTyped {
        return_types: [ReturnType::Float; 4],
        raw: 0x5555,
        space: None,
    };
    let structured = |stride| Payload::Structured {
        stride,
        count: None,
        space: None,
    };
    let counter_uav =
        dcl_uav(Opcode::DclUnorderedAccessViewStructured, 3, structured(16)).with_controls(1 << 23);
    vec![
        // Declarations.
        case(
            PS,
            vec![
                dcl_uav(Opcode::DclUnorderedAccessViewTyped, 1, typed).with_control_field(
                    11,
                    15,
                    ResourceDimension::Texture2D.to_u8() as u32,
                ),
            ],
            vec![],
            "UAV u1 (dcl_uav_typed)",
            None,
        ),
        case(
            PS,
            vec![dcl_uav(Opcode::DclUnorderedAccessViewRaw, 0, Payload::None)],
            vec![],
            "UAV u0 (dcl_uav_raw)",
            None,
        ),
        case(
            PS,
            vec![dcl_uav(
                Opcode::DclUnorderedAccessViewStructured,
                2,
                structured(16),
            )],
            vec![],
            "UAV u2 (dcl_uav_structured)",
            None,
        ),
        case(
            PS,
            vec![counter_uav],
            vec![],
            "UAV u3 (dcl_uav_structured)",
            None,
        ),
        case(
            VS,
            vec![Instruction::decl(
                Opcode::DclResourceRaw,
                vec![Operand::new(OperandType::Resource, Components::Zero, &[2])],
                Payload::None,
            )],
            vec![],
            "raw buffer t2 (dcl_resource_raw)",
            DATA_LIFT,
        ),
        case(
            PS,
            vec![dcl_tgsm(
                Opcode::DclThreadGroupSharedMemoryRaw,
                0,
                Payload::Count(256),
            )],
            vec![],
            "shared memory g0 (dcl_tgsm_raw)",
            None,
        ),
        case(
            PS,
            vec![dcl_tgsm(
                Opcode::DclThreadGroupSharedMemoryStructured,
                1,
                Payload::Structured {
                    stride: 4,
                    count: Some(64),
                    space: None,
                },
            )],
            vec![],
            "shared memory g1 (dcl_tgsm_structured)",
            None,
        ),
        case(
            VS,
            vec![Instruction::decl(
                Opcode::DclThreadGroup,
                vec![],
                Payload::ThreadGroup([64, 1, 1]),
            )],
            vec![],
            "compute thread group (dcl_thread_group)",
            None,
        ),
        // Loads (their declarations omitted so that the instruction
        // handler is the one to refuse).
        case(
            VS,
            vec![],
            vec![ld_structured(
                48,
                rd(0, "xyzw"),
                v(1, "x"),
                l(0),
                t(0, "xyzw"),
            )],
            "structured buffer t0 (ld_structured)",
            LIFT,
        ),
        case(
            VS,
            vec![],
            vec![ld_structured(
                16,
                rd(0, "xy"),
                v(1, "x"),
                l(0),
                t(0, "xyxx"),
            )],
            "structured buffer t0 (ld_structured)",
            DATA_LIFT,
        ),
        case(
            PS,
            vec![],
            vec![ld_structured(
                48,
                rd(0, "x"),
                rs(1, "x"),
                l(4),
                t(3, "xxxx"),
            )],
            "structured buffer t3 (ld_structured)",
            DATA_LIFT,
        ),
        case(
            PS,
            vec![],
            vec![ld_structured(
                16,
                rd(0, "x"),
                rs(1, "x"),
                l(0),
                Operand::new(OperandType::UnorderedAccessView, s("xxxx"), &[1]),
            )],
            "UAV u1 (ld_structured)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![ld_structured(
                4,
                rd(0, "x"),
                rs(1, "x"),
                l(0),
                gs(0, "xxxx"),
            )],
            "shared memory g0 (ld_structured)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(Opcode::LdRaw, vec![rd(0, "xy"), l(16), t(2, "xyxx")])],
            "raw buffer t2 (ld_raw)",
            DATA_LIFT,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::LdRaw,
                vec![
                    rd(0, "x"),
                    rs(1, "x"),
                    Operand::new(OperandType::UnorderedAccessView, s("xxxx"), &[0]),
                ],
            )],
            "UAV u0 (ld_raw)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(Opcode::LdRaw, vec![rd(0, "x"), l(0), gs(1, "xxxx")])],
            "shared memory g1 (ld_raw)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::LdUavTyped,
                vec![rd(0, "xyzw"), v(0, "xyyy"), u(1)],
            )],
            "UAV u1 (ld_uav_typed)",
            None,
        ),
        // Stores.
        case(
            PS,
            vec![],
            vec![op(
                Opcode::StoreUavTyped,
                vec![ud(1, "xyzw"), v(0, "xyyy"), rs(0, "xyzw")],
            )],
            "UAV u1 (store_uav_typed)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(Opcode::StoreRaw, vec![ud(0, "xy"), l(0), rs(0, "xyxx")])],
            "UAV u0 (store_raw)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::StoreStructured,
                vec![ud(2, "x"), l(0), l(0), rs(0, "x")],
            )],
            "UAV u2 (store_structured)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::StoreStructured,
                vec![gd(0, "x"), l(0), l(0), rs(0, "x")],
            )],
            "shared memory g0 (store_structured)",
            None,
        ),
        // Barriers and queries.
        case(
            PS,
            vec![],
            vec![op(Opcode::Sync, vec![]).with_control_field(11, 14, 8)],
            "sync_uglobal",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(Opcode::Sync, vec![]).with_control_field(11, 14, 3)],
            "sync_g_t",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(Opcode::Bufinfo, vec![rd(0, "x"), t(3, "xxxx")])],
            "buffer t3 (bufinfo)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::Bufinfo,
                vec![
                    rd(0, "x"),
                    Operand::new(OperandType::UnorderedAccessView, s("xxxx"), &[1]),
                ],
            )],
            "UAV u1 (bufinfo)",
            None,
        ),
        // Residency feedback.
        case(
            PS,
            vec![],
            vec![op(
                Opcode::LdStructuredFeedback,
                vec![rd(0, "x"), rd(1, "x"), rs(2, "x"), l(0), t(0, "xxxx")],
            )],
            "resource t0 (ld_structured_feedback)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::LdRawFeedback,
                vec![rd(0, "x"), rd(1, "x"), l(0), t(2, "xxxx")],
            )],
            "resource t2 (ld_raw_feedback)",
            None,
        ),
        case(
            PS,
            vec![],
            vec![op(
                Opcode::LdUavTypedFeedback,
                vec![rd(0, "x"), rd(1, "x"), v(0, "xyyy"), u(1)],
            )],
            "UAV u1 (ld_uav_typed_feedback)",
            None,
        ),
    ]
}

/// Operands of an atomic: `atomic_* u0, addr, value(s)`,
/// `imm_atomic_* r0.x, u0, addr, value(s)`, `imm_atomic_alloc r0.x, u0`.
fn atomic(op: Opcode) -> Instruction {
    let values = match op {
        Opcode::AtomicCmpStore | Opcode::ImmAtomicCmpExch => vec![l(0), l(1)],
        _ => vec![l(1)],
    };
    let mut ops = Vec::new();
    match op {
        Opcode::ImmAtomicAlloc | Opcode::ImmAtomicConsume => {
            ops.push(rd(0, "x"));
            ops.push(u(0));
        }
        _ if op.mnemonic().starts_with("imm_") => {
            ops.push(rd(0, "x"));
            ops.push(ud(0, "x"));
            ops.push(v(0, "x"));
            ops.extend(values);
        }
        _ => {
            ops.push(ud(0, "x"));
            ops.push(v(0, "x"));
            ops.extend(values);
        }
    }
    Instruction::new(op, ops)
}

#[test]
fn every_opcode_is_refused_by_name_in_vs_and_ps() {
    let profile = webgl2();
    let mut report = String::new();
    for c in refusal_cases() {
        let built = match c.stage {
            VS => skin_vs(&c.decls, &c.body),
            _ => ps(&c.decls, &c.body),
        };
        let (what, why, lifted) = refusal(&profile, &built);
        assert_eq!(what, c.what);
        assert_eq!(lifted.as_deref(), c.lifted, "{what}");
        assert!(why.contains("GLSL ES 3"), "{what}: {why}");
        let shown: Vec<_> = c.decls.iter().chain(&c.body).cloned().collect();
        let _ = writeln!(
            report,
            "{}{} -> {what}\n    why: {why}\n    lifted_by: {}\n",
            asm(c.stage, &shown),
            match c.stage {
                VS => "  (vs)",
                _ => "  (ps)",
            },
            lifted.as_deref().unwrap_or("-")
        );
    }
    // Every atomic in a pixel shader (lowerings/memory-structured/docs/memory-structured.md#atomics: no compute-only
    // pre-filter), and in a vertex shader.
    let family = Registry::global()
        .expect("registry")
        .families()
        .iter()
        .find(|f| f.name == "memory-structured")
        .expect("the family is linked");
    let atomics: Vec<Opcode> = family
        .opcodes
        .iter()
        .copied()
        .filter(|o| o.mnemonic().starts_with("atomic_") || o.mnemonic().starts_with("imm_atomic_"))
        .collect();
    assert_eq!(atomics.len(), 21);
    for op in atomics {
        for stage in [PS, VS] {
            let body = [atomic(op)];
            let built = match stage {
                VS => skin_vs(&[], &body),
                _ => ps(&[], &body),
            };
            let (what, why, lifted) = refusal(&profile, &built);
            assert_eq!(what, op.mnemonic());
            assert!(why.contains("no atomic memory operations"), "{what}: {why}");
            assert!(why.ends_with("(target: UAV u0)"), "{what}: {why}");
            assert_eq!(lifted, None);
            if stage == PS {
                let _ = writeln!(
                    report,
                    "{}  (ps) -> {what}\n    why: {why}\n",
                    asm(PS, &body)
                );
            }
        }
    }
    insta::assert_snapshot!("refusals", report);
}

#[test]
fn the_counter_of_an_append_buffer_is_named() {
    let counter = dcl_uav(
        Opcode::DclUnorderedAccessViewStructured,
        3,
        Payload::Structured {
            stride: 16,
            count: None,
            space: None,
        },
    )
    .with_controls(1 << 23);
    let (_, why, _) = refusal(&webgl2(), &ps(&[counter], &[]));
    assert!(
        why.ends_with("(stride 16 bytes, with an append/consume counter)"),
        "{why}"
    );
}

#[test]
fn structured_declarations_stay_refused_without_the_pass() {
    // The whole shader: decl-io refuses the declaration before any load.
    let body = [bone(rd(1, "xyzw"), v(1, "x"), 0, "xyzw")];
    for profile in [webgl2(), dxlower_targets::load("webgl2").expect("webgl2")] {
        let (what, _, lifted) = refusal(&profile, &skin_vs(&bone_decls(), &body));
        assert_eq!(what, "structured buffer t0");
        assert!(lifted.is_some());
    }
    // A pixel shader under the pass: the pass is vertex-only.
    let (what, _, _) = refusal(
        &ccpwgl(),
        &ps(
            &[dcl_structured(0, 48)],
            &[ld_structured(48, rd(0, "x"), l(0), l(0), t(0, "xxxx"))],
        ),
    );
    assert_eq!(what, "structured buffer t0");
}

#[test]
fn other_vs_structured_buffers_under_the_pass_are_refused_at_the_load() {
    // FluidRender-like: stride 16, not BoneTransforms.
    let decls = [dcl_structured(0, 16)];
    let body = [ld_structured(
        16,
        rd(0, "xy"),
        v(1, "x"),
        l(0),
        t(0, "xyxx"),
    )];
    for profile in [ccpwgl(), native()] {
        let (what, why, lifted) = refusal(&profile, &skin_vs(&decls, &body));
        assert_eq!(what, "structured buffer t0 (ld_structured)");
        assert!(
            why.ends_with("rewrites only the 48-byte BoneTransforms buffer and t0 has stride 16"),
            "{why}"
        );
        assert_eq!(lifted.as_deref(), DATA_LIFT);
    }
    // Declared but never read: nothing to declare, the shader lowers.
    let out = skin_vs(
        &decls,
        &[op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), v(0, "xyzw")],
        )],
    )
    .translate(&ccpwgl())
    .expect("an unread structured buffer costs nothing");
    assert!(!out.glsl.contains("buffer"), "{}", out.glsl);
    glslang(&out.glsl, VS).expect("glslang");
}

// ---------------------------------------------------------------------------
// BoneTransforms
// ---------------------------------------------------------------------------

/// Carbon's skinning prologue: `r0 = v1 + cb3[26].x` (the bone offset),
/// three rows of joint `r0.x`, one row of joint `r0.y`, the position
/// transformed by the first joint.
fn carbon_body() -> Vec<Instruction> {
    vec![
        op(
            Opcode::Iadd,
            vec![rd(0, "xyzw"), v(1, "xyzw"), cb(3, 26, "xxxx")],
        ),
        bone(rd(1, "xyzw"), rs(0, "x"), 0, "xyzw"),
        bone(rd(2, "xyzw"), rs(0, "x"), 16, "xyzw"),
        bone(rd(3, "xyzw"), rs(0, "x"), 32, "xyzw"),
        op(
            Opcode::Dp4,
            vec![Operand::output(0, m("x")), v(0, "xyzw"), rs(1, "xyzw")],
        ),
        op(
            Opcode::Dp4,
            vec![Operand::output(0, m("y")), v(0, "xyzw"), rs(2, "xyzw")],
        ),
        op(
            Opcode::Dp4,
            vec![Operand::output(0, m("z")), v(0, "xyzw"), rs(3, "xyzw")],
        ),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("w")), Operand::immf32(1.0)],
        ),
        bone(Operand::output(1, m("xyzw")), rs(0, "y"), 16, "wzyx"),
    ]
}

#[test]
fn bone_transforms_cb3_splice() {
    let body = carbon_body();
    let glsl = case_with(
        "bone_transforms_cb3_splice",
        &ccpwgl(),
        &skin_vs(&bone_decls(), &body),
        &body,
    );
    assert!(glsl
        .starts_with("#version 300 es\n// CEWG: BoneTransforms lowered to cb3 JointMat rows.\n"));
    assert!(glsl.contains("vec4 data[200];\n} cb3;"));
    // Rows from the attribute itself: the bone-offset add is bypassed.
    assert!(
        glsl.contains("r1 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 26].xyzw;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r3 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 28].xyzw;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("cb3.data[int(uvec4(in_BLENDINDICES0).y) * 3 + 27].wzyx"),
        "{glsl}"
    );
    assert!(!glsl.contains("buffer"), "{glsl}");
}

#[test]
fn bone_transforms_ubo() {
    let body = carbon_body();
    let glsl = case_with(
        "bone_transforms_ubo",
        &native(),
        &skin_vs(&bone_decls(), &body),
        &body,
    );
    assert!(glsl.contains("layout(std140) uniform CewgSb0 {\n    vec4 data[207];\n} sb0;"));
    // The native offset add stays: rows of joint r0.x.
    assert!(
        glsl.contains("r1 = sb0.data[int(r0_u.x) * 3].xyzw;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r2 = sb0.data[int(r0_u.x) * 3 + 1].xyzw;"),
        "{glsl}"
    );
    // cb3 keeps its declared size.
    assert!(glsl.contains("vec4 data[27];\n} cb3;"), "{glsl}");
    assert!(!glsl.contains("CEWG"), "{glsl}");
}

/// Loads whose lanes are not one whole row: partial masks, swizzles,
/// sub-row offsets, rows spread over a read, constant joints, integer
/// and output destinations.
fn shapes_body() -> Vec<Instruction> {
    vec![
        // Lanes of one row, swizzled and partial.
        bone(rd(1, "xy"), v(1, "z"), 32, "wzww"),
        // A sub-row offset: dwords 1..3 of row 1.
        bone(rd(1, "xyz"), v(1, "z"), 20, "xyzx"),
        // Lanes over two rows (dwords 2..5): a constructor.
        bone(rd(2, "xyzw"), v(1, "w"), 8, "xyzw"),
        // A constant joint.
        bone(rd(3, "zw"), l(5), 16, "xxyx"),
        op(
            Opcode::Add,
            vec![rd(1, "xyzw"), rs(1, "xyzw"), rs(2, "xyzw")],
        ),
        op(
            Opcode::Add,
            vec![rd(1, "xyzw"), rs(1, "xyzw"), rs(3, "xyzw")],
        ),
        // The index is the destination: one statement reads it first.
        bone(rd(0, "xyzw"), rs(0, "x"), 0, "xyzw"),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), rs(1, "xyzw")],
        ),
        op(
            Opcode::Mov,
            vec![Operand::output(1, m("xyzw")), rs(0, "xyzw")],
        ),
    ]
}

#[test]
fn bone_transforms_lane_shapes() {
    let mut body = vec![op(Opcode::Mov, vec![rd(0, "x"), v(1, "y")])];
    body.extend(shapes_body());
    // No cb3[26] read: indices are used as they are.
    let built = skin_vs(&bone_decls(), &body);
    let glsl = case_with(
        "bone_transforms_lane_shapes_cb3_splice",
        &ccpwgl(),
        &built,
        &body,
    );
    assert!(
        glsl.contains("r1.xy = cb3.data[int(uvec4(in_BLENDINDICES0).z) * 3 + 28].wz;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r1.xyz = cb3.data[int(uvec4(in_BLENDINDICES0).z) * 3 + 27].yzw;"),
        "{glsl}"
    );
    assert!(glsl.contains(
        "r2 = vec4(cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 26].z, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 26].w, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 27].x, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 27].y);"
    ), "{glsl}");
    assert!(glsl.contains("r3.zw = cb3.data[42].yx;"), "{glsl}");
    assert!(
        glsl.contains("r0 = cb3.data[floatBitsToInt(r0.x) * 3 + 26].xyzw;"),
        "{glsl}"
    );
    let glsl = case_with("bone_transforms_lane_shapes_ubo", &native(), &built, &body);
    assert!(glsl.contains("r3.zw = sb0.data[16].yx;"), "{glsl}");
}

#[test]
fn bone_transforms_dynamic_byte_offset_ubo() {
    // A byte offset in a register: per-lane dword addressing (ubo only).
    let body = vec![
        op(Opcode::Mov, vec![rd(0, "xy"), v(1, "xyxx")]),
        ld_structured(48, rd(1, "xyzw"), rs(0, "x"), rs(0, "y"), t(0, "xyzw")),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), rs(1, "xyzw")],
        ),
    ];
    let built = skin_vs(&bone_decls(), &body);
    let glsl = case_with(
        "bone_transforms_dynamic_offset_ubo",
        &native(),
        &built,
        &body,
    );
    assert!(glsl.contains(
        "sb0.data[(int(r0_u.x) * 12 + 3 + (int(r0_u.y) >> 2)) >> 2][(int(r0_u.x) * 12 + 3 + (int(r0_u.y) >> 2)) & 3]"
    ), "{glsl}");
    let msg = invalid(&ccpwgl(), &built);
    assert!(
        msg.contains("is not an immediate: the cb3 splice needs each row"),
        "{msg}"
    );
}

#[test]
fn bone_transforms_declares_or_keeps_cb3() {
    let body = vec![
        bone(rd(1, "xyzw"), v(1, "x"), 0, "xyzw"),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), rs(1, "xyzw")],
        ),
    ];
    // No cb3 in the program: the pass declares it.
    let out = skin_vs(&[dcl_structured(0, 48)], &body)
        .translate(&ccpwgl())
        .expect("translates");
    assert_eq!(out.record.cbuffers().get(&3), Some(&200));
    assert!(
        out.glsl
            .contains("uniform ConstantBuffer3 {\n    vec4 data[200];\n} cb3;"),
        "{}",
        out.glsl
    );
    glslang(&out.glsl, VS).expect("glslang");
    // A larger cb3 stays as declared.
    let out = skin_vs(
        &[
            Instruction::dcl_constant_buffer(3, 300),
            dcl_structured(0, 48),
        ],
        &body,
    )
    .translate(&ccpwgl())
    .expect("translates");
    assert!(out.glsl.contains("vec4 data[300];\n} cb3;"), "{}", out.glsl);
    assert_eq!(out.record.cbuffers().get(&3), Some(&300));
    assert_eq!(out.glsl.matches("} cb3;").count(), 1);
    // `joints` sets the capacity in both modes.
    let p = with_pass("ccpwgl", &[("mode", "cb3_splice"), ("joints", "69")]);
    let out = skin_vs(&bone_decls(), &body)
        .translate(&p)
        .expect("translates");
    assert!(out.glsl.contains("vec4 data[233];\n} cb3;"), "{}", out.glsl);
    // The stage records the enlarged size (the manifest's uniform block).
    assert_eq!(out.record.cbuffers().get(&3), Some(&233));
    let p = with_pass(
        "native",
        &[("mode", "ubo"), ("joints", "10"), ("block", "CjsSb")],
    );
    let out = skin_vs(&bone_decls(), &body)
        .translate(&p)
        .expect("translates");
    assert!(
        out.glsl
            .contains("uniform CjsSb0 {\n    vec4 data[30];\n} sb0;"),
        "{}",
        out.glsl
    );
    glslang(&out.glsl, VS).expect("glslang");
}

#[test]
fn non_matching_bone_loads_are_errors() {
    let decls = bone_decls();
    let out = |src: Operand| op(Opcode::Mov, vec![Operand::output(0, m("xyzw")), src]);
    let cases: Vec<(&str, Vec<Instruction>, Profile)> = vec![
        (
            "offset not a multiple of 4",
            vec![bone(rd(1, "x"), v(1, "x"), 2, "xxxx"), out(rs(1, "xxxx"))],
            ccpwgl(),
        ),
        (
            "a lane past the 48-byte joint",
            vec![
                bone(rd(1, "xyzw"), v(1, "x"), 40, "xyzw"),
                out(rs(1, "xyzw")),
            ],
            native(),
        ),
        (
            "an offset past the joint",
            vec![bone(rd(1, "x"), v(1, "x"), 48, "xxxx"), out(rs(1, "xxxx"))],
            ccpwgl(),
        ),
        (
            "a constant joint past the capacity",
            vec![bone(rd(1, "x"), l(58), 0, "xxxx"), out(rs(1, "xxxx"))],
            ccpwgl(),
        ),
        (
            "the offset reaches the index through imad",
            vec![
                op(
                    Opcode::Imad,
                    vec![rd(0, "x"), v(1, "x"), l(1), cb(3, 26, "x")],
                ),
                bone(rd(1, "xyzw"), rs(0, "x"), 0, "xyzw"),
                out(rs(1, "xyzw")),
            ],
            ccpwgl(),
        ),
        (
            "the add's source is overwritten before the load",
            vec![
                op(Opcode::Mov, vec![rd(2, "x"), v(1, "x")]),
                op(Opcode::Iadd, vec![rd(0, "x"), rs(2, "x"), cb(3, 26, "x")]),
                op(Opcode::Mov, vec![rd(2, "x"), l(0)]),
                bone(rd(1, "xyzw"), rs(0, "x"), 0, "xyzw"),
                out(rs(1, "xyzw")),
            ],
            ccpwgl(),
        ),
        (
            "the add is in another block",
            vec![
                op(Opcode::Iadd, vec![rd(0, "x"), v(1, "x"), cb(3, 26, "x")]),
                op(Opcode::If, vec![v(0, "x")]).with_test_nonzero(),
                op(Opcode::Mov, vec![rd(3, "x"), l(0)]),
                op(Opcode::Endif, vec![]),
                bone(rd(1, "xyzw"), rs(0, "x"), 0, "xyzw"),
                out(rs(1, "xyzw")),
            ],
            ccpwgl(),
        ),
        (
            "an index read straight from an input while cb3[26] is read",
            vec![
                op(Opcode::Mov, vec![rd(2, "x"), cb(3, 26, "x")]),
                bone(rd(1, "xyzw"), v(1, "x"), 0, "xyzw"),
                out(rs(1, "xyzw")),
            ],
            ccpwgl(),
        ),
    ];
    let mut report = String::new();
    for (name, body, profile) in cases {
        let msg = invalid(&profile, &skin_vs(&decls, &body));
        let _ = writeln!(
            report,
            "{name} ({}):\n{}-> {msg}\n",
            profile.name,
            asm(VS, &body)
        );
    }
    insta::assert_snapshot!("non_matching_bone_loads", report);
}

#[test]
fn the_offset_add_is_removed_in_either_operand_order_and_through_a_temp() {
    let body = vec![
        op(Opcode::Mov, vec![rd(2, "xy"), v(1, "xyxx")]),
        op(
            Opcode::Iadd,
            vec![rd(0, "xy"), cb(3, 26, "xxxx"), rs(2, "yxyy")],
        ),
        bone(rd(1, "xyzw"), rs(0, "x"), 0, "xyzw"),
        bone(rd(3, "xyzw"), rs(0, "y"), 0, "xyzw"),
        op(
            Opcode::Add,
            vec![Operand::output(0, m("xyzw")), rs(1, "xyzw"), rs(3, "xyzw")],
        ),
    ];
    let glsl = case_with(
        "bone_transforms_offset_add_through_temp",
        &ccpwgl(),
        &skin_vs(&bone_decls(), &body),
        &body,
    );
    assert!(
        glsl.contains("r1 = cb3.data[floatBitsToInt(r2.y) * 3 + 26].xyzw;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r3 = cb3.data[floatBitsToInt(r2.x) * 3 + 26].xyzw;"),
        "{glsl}"
    );
}

#[test]
fn bad_pass_parameters_are_errors() {
    let body = vec![
        bone(rd(1, "xyzw"), v(1, "x"), 0, "xyzw"),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), rs(1, "xyzw")],
        ),
    ];
    let built = skin_vs(&bone_decls(), &body);
    let cases: [(&[(&str, &str)], &str); 4] = [
        (&[], "parameter `mode` is required"),
        (
            &[("mode", "ssbo")],
            "mode `ssbo` (expected cb3_splice or ubo)",
        ),
        (
            &[("mode", "cb3_splice"), ("joints", "400")],
            "joints `400` (expected 1 to 332",
        ),
        (
            &[("mode", "cb3_splice"), ("block", "X")],
            "`block` applies to mode ubo only",
        ),
    ];
    for (params, want) in cases {
        match built.translate(&with_pass("ccpwgl", params)) {
            Err(TranslateError::Pass { pass, message, .. }) => {
                assert_eq!(pass, "bone_transforms");
                assert!(
                    message.starts_with("profile pass bone_transforms: "),
                    "{message}"
                );
                assert!(message.contains(want), "{params:?}: {message}");
            }
            other => panic!("{params:?}: expected a pass error, got {other:?}"),
        }
    }
    // A parameter the pass does not take is an error of the profile.
    match built.translate(&with_pass("ccpwgl", &[("mode", "ubo"), ("rows", "3")])) {
        Err(TranslateError::Profile(message)) => {
            assert!(message.contains("has no parameter `rows`"), "{message}");
            assert!(message.contains("mode, joints, block"), "{message}");
        }
        other => panic!("expected a profile error, got {other:?}"),
    }
}

/// Resource definitions naming structured buffers `(name, register,
/// stride)`.
fn rdef(bindings: &[(&str, u32, u32)]) -> Rdef {
    Rdef {
        constant_buffers: Vec::new(),
        bindings: bindings
            .iter()
            .map(|&(name, reg, stride)| ResourceBinding {
                name: name.to_string(),
                input_type: ShaderInputType::Structured,
                return_type: 6,
                dimension: SrvDimension::Buffer,
                sample_count: stride,
                bind_point: reg,
                bind_count: 1,
                flags: 0,
                space: None,
                id: None,
            })
            .collect(),
        target: RdefTarget {
            program_type: RdefProgramType::Vertex,
            major: 5,
            minor: 0,
        },
        flags: 0,
        creator: "test".into(),
        rd11: None,
    }
}

#[test]
fn rdef_names_decide_which_buffer_is_bones() {
    let decls = [
        Instruction::dcl_constant_buffer(3, 27),
        dcl_structured(0, 48),
        dcl_structured(1, 48),
    ];
    let load = |reg: u32| {
        vec![
            ld_structured(48, rd(1, "xyzw"), v(1, "x"), l(16), t(reg, "xyzw")),
            op(
                Opcode::Mov,
                vec![Operand::output(0, m("xyzw")), rs(1, "xyzw")],
            ),
        ]
    };
    let names = rdef(&[("Palette", 0, 48), ("BoneTransforms", 1, 48)]);
    // t1 is named BoneTransforms: it lowers.
    let built = skin_vs(&decls, &load(1));
    let input = StageInput {
        rdef: Some(&names),
        ..built.input()
    };
    let out = translate_stage(input, &ccpwgl()).expect("BoneTransforms lowers");
    assert!(
        out.glsl
            .contains("r1 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 27].xyzw;"),
        "{}",
        out.glsl
    );
    glslang(&out.glsl, VS).expect("glslang");
    // t0 has the bone stride but another name: refused, naming it.
    let built = skin_vs(&decls, &load(0));
    let input = StageInput {
        rdef: Some(&names),
        ..built.input()
    };
    match translate_stage(input, &ccpwgl()) {
        Err(TranslateError::Refused { refusal, .. }) => {
            assert_eq!(refusal.what, "structured buffer t0 (ld_structured)");
            assert!(
                refusal.why.ends_with("and t0 is bound as `Palette`"),
                "{}",
                refusal.why
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Without the pass only the named buffer says what would lift it.
    for (reg, lifted) in [(0, DATA_LIFT), (1, LIFT)] {
        let mut body = load(reg);
        body.truncate(1);
        let built = skin_vs(&[], &body);
        let input = StageInput {
            rdef: Some(&names),
            ..built.input()
        };
        match translate_stage(input, &webgl2()) {
            Err(TranslateError::Refused { refusal, .. }) => {
                assert_eq!(
                    refusal.lifted_by.as_ref().map(|l| l.text.as_str()),
                    lifted,
                    "t{reg}"
                )
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    // A BoneTransforms binding whose stride is not 48 is an error.
    let odd = [
        Instruction::dcl_constant_buffer(3, 27),
        dcl_structured(1, 64),
    ];
    let built = skin_vs(&odd, &load(1));
    let input = StageInput {
        rdef: Some(&names),
        ..built.input()
    };
    match translate_stage(input, &native()) {
        Err(TranslateError::Lower { message, .. }) => {
            assert!(
                message.contains("BoneTransforms t1 has stride 64"),
                "{message}"
            )
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn built_in_profiles_run_the_pass() {
    let built = skin_vs(&bone_decls(), &carbon_body());
    for (name, mode, tuned) in [
        ("ccpwgl", "cb3_splice", ccpwgl()),
        ("native", "ubo", native()),
    ] {
        let p = dxlower_targets::load(name).expect("built-in profile");
        let spec = p
            .pass("bone_transforms")
            .expect("the profile runs bone_transforms");
        assert_eq!(spec.param("mode"), Some(mode));
        let a = built.translate(&p).expect("translates").glsl;
        let b = built.translate(&tuned).expect("translates").glsl;
        assert_eq!(a, b, "{name}");
    }
    let plain = dxlower_targets::load("webgl2").expect("webgl2 profile");
    assert!(plain.pass("bone_transforms").is_none());
}

// ---------------------------------------------------------------------------
// On a GLES 3.0 driver (Mesa llvmpipe)
// ---------------------------------------------------------------------------

/// A skinned VS whose `o1` is a `uint4` (flat) varying: `o0 = v0`,
/// `o1 = body`.
fn gles_vs(body: &[Instruction]) -> Built {
    let mut insts = bone_decls();
    insts.extend([
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_input(1, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
        op(
            Opcode::Mov,
            vec![Operand::output(0, m("xyzw")), v(0, "xyzw")],
        ),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        vec![
            element("POSITION", 0, ComponentType::Float32, NONE),
            element("BLENDINDICES", 1, ComponentType::Uint32, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![
            element(
                "SV_Position",
                0,
                ComponentType::Float32,
                SignatureSystemValue::Position,
            ),
            element("TEXCOORD", 1, ComponentType::Uint32, NONE),
        ],
    );
    Built::new(VS, 5, insts, Some(isgn), Some(osgn))
}

/// Passes the flat `uvec4` varying to an RGBA32UI target.
const GLES_FS: &str = "#version 300 es
precision highp float;
precision highp int;
flat in highp uvec4 vs_TEXCOORD0;
layout(location = 0) out highp uvec4 SV_Target0;
void main()
{
    SV_Target0 = vs_TEXCOORD0;
}
";

/// `n` vec4s whose dword `k` holds `base + k`, as std140 bytes.
fn numbered(n: usize, base: u32) -> Vec<u8> {
    (0..n as u32 * 4)
        .flat_map(|k| (base + k).to_le_bytes())
        .collect()
}

#[test]
fn bone_rows_read_the_right_dwords_on_gles() {
    let mut runner = dxlower_gles::Runner::new().unwrap_or_else(|e| panic!("no GLES context: {e}"));
    // Joint index 5 in v1.x; the rows of joint 5 read through a swizzle
    // that crosses rows (dwords 6, 7, 8, 5 of the joint).
    let body = [
        op(
            Opcode::Iadd,
            vec![rd(0, "xyzw"), v(1, "xyzw"), cb(3, 26, "xxxx")],
        ),
        bone(Operand::output(1, m("xyzw")), rs(0, "x"), 20, "yzwx"),
    ];
    let built = gles_vs(&body);
    let vertices = {
        let mut q = dxlower_gles::Vertices::quad_strip("in_POSITION0");
        q.attributes.push(dxlower_gles::Attribute {
            name: "in_BLENDINDICES0".into(),
            components: 4,
            data: [5.0, 2.0, 0.0, 0.0].repeat(4),
        });
        q
    };
    let lane = |row: u32, c: u32| row * 4 + c;
    // ccpwgl: cb3 rows from register 26; cb3[26].x (the native offset,
    // here 0x1000 + 104) must not be added.
    // ubo (on the ccpwgl attributes): CewgSb0 rows; cb3 zero, so the kept
    // offset add adds 0.
    let ubo = with_pass("ccpwgl", &[("mode", "ubo")]);
    let cases: [(&str, Profile, Vec<dxlower_gles::UniformBlock>, [u32; 4]); 2] = [
        (
            "cb3_splice",
            ccpwgl(),
            vec![dxlower_gles::UniformBlock {
                name: "ConstantBuffer3".into(),
                data: numbered(200, 0x1000),
            }],
            [
                0x1000 + lane(26 + 15 + 1, 2),
                0x1000 + lane(26 + 15 + 1, 3),
                0x1000 + lane(26 + 15 + 2, 0),
                0x1000 + lane(26 + 15 + 1, 1),
            ],
        ),
        (
            "ubo",
            ubo,
            vec![
                dxlower_gles::UniformBlock {
                    name: "ConstantBuffer3".into(),
                    data: vec![0; 27 * 16],
                },
                dxlower_gles::UniformBlock {
                    name: "CewgSb0".into(),
                    data: numbered(207, 0x2000),
                },
            ],
            [0x2000 + 66, 0x2000 + 67, 0x2000 + 68, 0x2000 + 65],
        ),
    ];
    for (name, profile, blocks, want) in cases {
        let vs = built.translate(&profile).expect("translates").glsl;
        let drawn = runner
            .draw(&dxlower_gles::Draw {
                vs: &vs,
                fs: GLES_FS,
                blocks: &blocks,
                format: dxlower_gles::Format::Rgba32Ui,
                width: 4,
                height: 4,
                vertices: &vertices,
                clear: [0xdead_beef; 4],
            })
            .unwrap_or_else(|e| panic!("{name}: draw failed: {e}\n{vs}"));
        assert_eq!(drawn.image.uniform(), Some(want), "{name}\n{vs}");
    }
}
