//! The decl-io family beyond its shader tests. The GLSL, quality notes and
//! lane maps of each declaration shape are pinned by the `.asm` cases of
//! `tests/shaders/decl_io` (`// check: notes, lanes`; the refusals of the
//! former snapshots are `.err` cases there). This file keeps what those do
//! not say: refusals checked by name and what lifts them, error kinds, the
//! register model of the ICB, SM5.1 bindings and the corpus sweep. A test
//! about the program of a shader test names it with
//! `dxlower_tests::shader_case`.
//!
//! Declarations are lowered through the registry exactly as phase 1 of
//! `translate_stage` does; the instruction phase is not run, so programs
//! may contain sampling instructions over undeclared temps (the resource
//! declarations scan them).

use dxlower_core::registry::Registry;
use dxlower_core::testing::Harness;
use dxlower_core::{LowerError, Profile, Ty};
use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    global_flags, Components, CustomDataClass, Instruction, InterpolationMode, Opcode, Operand,
    OperandType, Payload, Program, ProgramType, ResourceDimension, ReturnType, Signature,
    SignatureElement, SignatureSystemValue, SystemValue,
};
use dxlower_lowerings::decl_io::switches::{
    EarlyFragmentTests, Gate, IcbShape, NoPerspective, Texture1D as Tex1D,
};
use dxlower_tests::{glslang, Built};

// Force-link every family.
use dxlower_lowerings as _;

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;
const F: ComponentType = ComponentType::Float32;
const U: ComponentType = ComponentType::Uint32;
const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

// ---------------------------------------------------------------------------
// Builders

fn row(
    name: &str,
    index: u32,
    sv: SignatureSystemValue,
    ty: ComponentType,
    reg: u32,
    mask: &str,
) -> SignatureElement {
    let Some(Components::Mask(mask)) = Components::mask(mask) else {
        panic!("bad mask {mask}")
    };
    SignatureElement {
        name: name.to_string(),
        semantic_index: index,
        system_value: sv,
        component_type: ty,
        register: reg,
        mask,
        rw_mask: mask,
        reserved: 0,
        stream: 0,
        min_precision: MinPrecision::Default,
    }
}

fn sig(cc: &[u8; 4], rows: Vec<SignatureElement>) -> Option<Signature> {
    Some(Signature {
        fourcc: *cc,
        elements_offset: 8,
        elements: rows,
    })
}

fn isgn(rows: Vec<SignatureElement>) -> Option<Signature> {
    sig(b"ISGN", rows)
}

fn osgn(rows: Vec<SignatureElement>) -> Option<Signature> {
    sig(b"OSGN", rows)
}

fn m(letters: &str) -> u8 {
    match Components::mask(letters) {
        Some(Components::Mask(m)) => m,
        _ => panic!("bad mask {letters}"),
    }
}

fn sw(letters: &str) -> Components {
    Components::swizzle(letters).expect("swizzle")
}

fn dcl_input(reg: u32, mask: &str) -> Instruction {
    Instruction::dcl_input(reg, m(mask))
}

fn dcl_input_ps(mode: InterpolationMode, reg: u32, mask: &str) -> Instruction {
    Instruction::dcl_input_ps(mode, reg, m(mask))
}

fn dcl_output(reg: u32, mask: &str) -> Instruction {
    Instruction::dcl_output(reg, m(mask))
}

fn dcl_sv(op: Opcode, reg: u32, mask: &str, sv: SystemValue) -> Instruction {
    let ty = if matches!(op, Opcode::DclOutputSiv) {
        OperandType::Output
    } else {
        OperandType::Input
    };
    Instruction::decl(
        op,
        vec![Operand::new(ty, Components::Mask(m(mask)), &[reg])],
        Payload::SystemValue(sv),
    )
}

fn mov(dst: Operand, src: Operand) -> Instruction {
    Instruction::new(Opcode::Mov, vec![dst, src])
}

/// A sampling instruction with the operand shape of `op`.
fn sample(op: Opcode, t: u32, s: u32) -> Instruction {
    let d = Operand::temp(0, Components::MASK_ALL);
    let a = Operand::temp(1, Components::XYZW);
    let r = Operand::resource(t);
    let smp = Operand::sampler(s);
    let x = Operand::temp(2, sw("x"));
    let ops = match op {
        Opcode::Sample | Opcode::Gather4 => vec![d, a, r, smp],
        Opcode::SampleC | Opcode::SampleCLz | Opcode::Gather4C | Opcode::SampleL => {
            vec![d, a, r, smp, x]
        }
        Opcode::Gather4Po => vec![d, a, Operand::temp(3, Components::XYZW), r, smp],
        other => panic!("no shape for {other}"),
    };
    Instruction::new(op, ops)
}

fn comparison_sampler(s: u32) -> Instruction {
    Instruction::dcl_sampler(s).with_control_field(11, 14, 1)
}

fn profile(f: impl FnOnce(&mut Profile)) -> Profile {
    let mut p = dxlower_tests::webgl2_fast();
    f(&mut p);
    p
}

/// A Shader Model 5.1 stage (the builder of the test utilities makes x.0).
fn built51(stage: ProgramType, instructions: Vec<Instruction>) -> Built {
    let mut program = Program::new(stage, 5, 1);
    program.instructions = instructions;
    let bytes = dxlower_dxbc::encode::encode_program_bytes(&program);
    let program = dxlower_dxbc::decode::decode_program(&bytes).expect("5.1 program decodes");
    Built {
        program,
        isgn: None,
        osgn: None,
    }
}

// ---------------------------------------------------------------------------
// Lowering

/// Phase 1 of a translation: the declarations' GLSL (an early `main`).
fn lower_decls(b: &Built, p: &Profile) -> Result<String, LowerError> {
    lower_decls_of(b, p, false)
}

/// Phase 1 through the registry; with `skip_foreign`, declarations of
/// other families (UAVs, raw buffers, ...) are skipped instead of failing.
fn lower_decls_of(b: &Built, p: &Profile, skip_foreign: bool) -> Result<String, LowerError> {
    let reg = Registry::global().expect("registry builds");
    for inst in &b.program.instructions {
        if !inst.opcode.is_declaration() || skip_foreign {
            continue;
        }
        match reg.get(inst.opcode) {
            Some(h) if h.family == "decl-io" => {}
            Some(h) => panic!("{} handled by {}", inst.opcode, h.family),
            None => panic!("no handler for {}", inst.opcode),
        }
    }
    let mut h = Harness::new(b.input(), p);
    h.declare(&b.program.instructions, |e| e.family == "decl-io")?;
    Ok(h.assemble())
}

/// Lowers the declarations of a stage, checks the GLSL with glslang and
/// returns it.
fn lowered(
    stage: ProgramType,
    insts: Vec<Instruction>,
    i: Option<Signature>,
    o: Option<Signature>,
    p: &Profile,
) -> String {
    let b = Built::new(stage, 5, insts, i, o);
    let glsl = lower_decls(&b, p).unwrap_or_else(|e| panic!("lowering failed: {e}"));
    if let Err(log) = glslang(&glsl, stage) {
        panic!("glslang rejects the output:\n{glsl}\n{log}");
    }
    glsl
}

/// Lowers the declarations of a stage and returns the error.
fn refused(
    stage: ProgramType,
    insts: Vec<Instruction>,
    i: Option<Signature>,
    o: Option<Signature>,
    p: &Profile,
) -> LowerError {
    let b = Built::new(stage, 5, insts, i, o);
    match lower_decls(&b, p) {
        Ok(glsl) => panic!("expected an error, got:\n{glsl}"),
        Err(e) => e,
    }
}

fn is_refusal(e: &LowerError, what: &str, lifted: Option<&str>) {
    match e {
        LowerError::Refused(r) => {
            assert_eq!(r.what, what, "{e}");
            match lifted {
                Some(l) => assert_eq!(
                    r.lifted_by.as_ref().map(|l| l.text.as_str()),
                    Some(l),
                    "{e}"
                ),
                None => assert!(r.lifted_by.is_none(), "{e}"),
            }
        }
        other => panic!("expected a refusal of {what}, got {other}"),
    }
}

/// Names the shader test `tests/shaders/decl_io/<name>.asm` that pins the
/// GLSL, notes and lanes of the program a test here asserts more about.
fn case(name: &str) {
    dxlower_tests::shader_case("decl_io", name);
}

// ---------------------------------------------------------------------------
// Vertex outputs

fn vs_output_program() -> (Vec<Instruction>, Option<Signature>) {
    let insts = vec![
        dcl_sv(Opcode::DclOutputSiv, 0, "xyzw", SystemValue::Position),
        dcl_output(1, "xy"),
        dcl_output(1, "zw"),
        dcl_output(2, "xyzw"),
        dcl_output(3, "xy"),
        dcl_output(4, "xyzw"),
        mov(
            Operand::output(0, Components::MASK_ALL),
            Operand::immf32_4([0.0, 0.0, 0.0, 1.0]),
        ),
        // TEXCOORD0 written, TEXCOORD1 (o1.zw) never: zero-filled.
        mov(
            Operand::output(1, Components::Mask(m("xy"))),
            Operand::immf32_4([0.5, 0.5, 0.0, 0.0]),
        ),
        // COLOR0 written in .xy only: .zw zero-filled.
        mov(
            Operand::output(2, Components::Mask(m("xy"))),
            Operand::immf32_4([1.0, 1.0, 0.0, 0.0]),
        ),
        // The integer row (o3) and TEXCOORD2 (o4) are never written.
    ];
    let sig = osgn(vec![
        row(
            "SV_Position",
            0,
            SignatureSystemValue::Position,
            F,
            0,
            "xyzw",
        ),
        row("TEXCOORD", 0, NONE, F, 1, "xy"),
        row("TEXCOORD", 1, NONE, F, 1, "zw"),
        row("COLOR", 0, NONE, F, 2, "xyzw"),
        row("BLENDINDICES", 0, NONE, U, 3, "xy"),
        row("texcoord", 2, NONE, F, 4, "xyzw"),
    ]);
    (insts, sig)
}

#[test]
fn vs_outputs_without_fill() {
    case("vs_outputs_without_fill");
    let (insts, sig) = vs_output_program();
    let out = lowered(
        VS,
        insts,
        None,
        sig,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .signature_only_output_fill = false
        }),
    );
    assert!(!out.contains("= vec"), "{out}");
    assert!(!out.contains("uvec2(0u)"), "{out}");
}

#[test]
fn vs_outputs_translate_end_to_end() {
    // Declarations plus `mov`s through the real translate_stage.
    case("vs_outputs_position_packed_flat_and_signature_only_fill");
    let (insts, sig) = vs_output_program();
    let b = Built::new(VS, 5, insts, None, sig);
    let out = b
        .translate(&dxlower_tests::webgl2_fast())
        .unwrap_or_else(|e| panic!("{e}"));
    glslang(&out.glsl, VS).unwrap_or_else(|log| panic!("{}\n{log}", out.glsl));
    assert!(
        out.glsl
            .contains("    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"),
        "{}",
        out.glsl
    );
    assert!(
        out.glsl.contains("    vs_TEXCOORD0 = vec2(0.5, 0.5);\n"),
        "{}",
        out.glsl
    );
    assert!(
        out.glsl.contains("    vs_TEXCOORD1 = vec2(0.0);\n"),
        "{}",
        out.glsl
    );
    let names: Vec<&str> = out.record.outputs.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "gl_Position",
            "vs_TEXCOORD0",
            "vs_TEXCOORD1",
            "vs_COLOR0",
            "vs_BLENDINDICES0",
            "vs_TEXCOORD2"
        ]
    );
}

// ---------------------------------------------------------------------------
// Pixel inputs and outputs

fn noperspective_program() -> (Vec<Instruction>, Option<Signature>) {
    use InterpolationMode::*;
    (
        vec![
            dcl_input_ps(LinearNoPerspective, 1, "xy"),
            dcl_input_ps(LinearNoPerspectiveCentroid, 2, "xyzw"),
        ],
        isgn(vec![
            row("TEXCOORD", 0, NONE, F, 1, "xy"),
            row("TEXCOORD", 1, NONE, F, 2, "xyzw"),
        ]),
    )
}

#[test]
fn ps_noperspective_per_profile() {
    // Drop and Extension: ps_noperspective_per_profile__{drop,extension}.
    case("ps_noperspective_per_profile__drop");
    case("ps_noperspective_per_profile__extension");
    let (insts, sig) = noperspective_program();
    let e = refused(
        PS,
        insts,
        sig,
        None,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .noperspective = NoPerspective::Error
        }),
    );
    is_refusal(
        &e,
        "noperspective interpolation of vs_TEXCOORD0",
        Some("profile noperspective = Drop or Extension"),
    );
}

#[test]
fn ps_sample_interpolation_per_profile() {
    // Drop, the default: ps_sample_interpolation_per_profile.
    case("ps_sample_interpolation_per_profile");
    use InterpolationMode::*;
    let insts = vec![
        dcl_input_ps(LinearSample, 1, "xy"),
        dcl_input_ps(LinearNoPerspectiveSample, 2, "x"),
    ];
    let sig = isgn(vec![
        row("TEXCOORD", 0, NONE, F, 1, "xy"),
        row("TEXCOORD", 1, NONE, F, 2, "x"),
    ]);
    let e = refused(
        PS,
        insts,
        sig,
        None,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .sample_qualifier = Gate::Error
        }),
    );
    is_refusal(
        &e,
        "sample interpolation of vs_TEXCOORD0",
        Some("profile sample_qualifier = Drop"),
    );
}

#[test]
fn ps_sample_index_gated() {
    // With sample_variables = true: ps_sample_index_gated.
    case("ps_sample_index_gated");
    let insts = vec![dcl_sv(
        Opcode::DclInputPsSgv,
        0,
        "x",
        SystemValue::SampleIndex,
    )];
    let sig = isgn(vec![row(
        "SV_SampleIndex",
        0,
        SignatureSystemValue::SampleIndex,
        U,
        0,
        "x",
    )]);
    let e = refused(PS, insts, sig, None, &dxlower_tests::webgl2_fast());
    is_refusal(
        &e,
        "SV_SampleIndex input v0.x",
        Some("profile single_sample_target = true (the host renders to single-sampled targets)"),
    );
}

// ---------------------------------------------------------------------------
// Clip and cull distances, blockers

#[test]
fn clip_cull_distances_gated() {
    // With clip_cull_distance = true: clip_cull_distances_gated.
    case("clip_cull_distances_gated");
    let insts = vec![
        dcl_sv(Opcode::DclOutputSiv, 0, "xyzw", SystemValue::Position),
        dcl_sv(Opcode::DclOutputSiv, 1, "xy", SystemValue::ClipDistance),
        dcl_sv(Opcode::DclOutputSiv, 1, "z", SystemValue::CullDistance),
        dcl_sv(Opcode::DclOutputSiv, 2, "x", SystemValue::ClipDistance),
    ];
    let sig = osgn(vec![
        row(
            "SV_Position",
            0,
            SignatureSystemValue::Position,
            F,
            0,
            "xyzw",
        ),
        row(
            "SV_ClipDistance",
            0,
            SignatureSystemValue::ClipDistance,
            F,
            1,
            "xy",
        ),
        row(
            "SV_CullDistance",
            0,
            SignatureSystemValue::CullDistance,
            F,
            1,
            "z",
        ),
        row(
            "SV_ClipDistance",
            1,
            SignatureSystemValue::ClipDistance,
            F,
            2,
            "x",
        ),
    ]);
    let e = refused(VS, insts, None, sig, &dxlower_tests::webgl2_fast());
    is_refusal(
        &e,
        "SV_ClipDistance output o1.xy",
        Some("profile clip_distance_varyings = true (varyings and a discard in the linked pixel stage), or clip_cull_distance = true"),
    );
}

#[test]
fn blocked_system_values_are_refused_by_name() {
    // Each is the case blocked_system_values_are_refused_by_name__<name>
    // (an `.err` with the message).
    let cases: Vec<(&str, ProgramType, Instruction, &str, Option<&str>)> = vec![
        (
            "ps_render_target_array_index",
            PS,
            dcl_sv(
                Opcode::DclInputPsSiv,
                1,
                "x",
                SystemValue::RenderTargetArrayIndex,
            ),
            "SV_RenderTargetArrayIndex input v1.x",
            Some("profile render_target_array_index = Uniform(name) (the host draws one index per draw and sets the uniform)"),
        ),
        (
            "ps_viewport_array_index",
            PS,
            dcl_sv(
                Opcode::DclInputPsSiv,
                1,
                "y",
                SystemValue::ViewportArrayIndex,
            ),
            "SV_ViewportArrayIndex input v1.y",
            Some("profile viewport_array_index = Uniform(name) (the host draws one index per draw and sets the uniform)"),
        ),
        (
            "ps_primitive_id",
            PS,
            dcl_sv(Opcode::DclInputPsSgv, 2, "x", SystemValue::PrimitiveId),
            "SV_PrimitiveID input v2.x",
            Some("profile primitive_id = TriangleListVertexId (the host draws non-indexed triangle lists from vertex 0)"),
        ),
        (
            "vs_render_target_array_index",
            VS,
            dcl_sv(
                Opcode::DclOutputSiv,
                1,
                "x",
                SystemValue::RenderTargetArrayIndex,
            ),
            "SV_RenderTargetArrayIndex output o1.x",
            None,
        ),
        (
            "vs_viewport_array_index",
            VS,
            dcl_sv(
                Opcode::DclOutputSiv,
                1,
                "x",
                SystemValue::ViewportArrayIndex,
            ),
            "SV_ViewportArrayIndex output o1.x",
            None,
        ),
    ];
    for (name, stage, inst, what, lifted) in cases {
        case(&format!(
            "blocked_system_values_are_refused_by_name__{name}"
        ));
        let e = refused(stage, vec![inst], None, None, &dxlower_tests::webgl2_fast());
        is_refusal(&e, what, lifted);
    }
    // Values that can never be outputs are malformed, not refused.
    case("blocked_system_values_are_refused_by_name__vs_vertex_id_output");
    let e = refused(
        VS,
        vec![dcl_sv(Opcode::DclOutputSiv, 1, "x", SystemValue::VertexId)],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert!(matches!(e, LowerError::Invalid(_)), "{e}");
}

#[test]
fn ps_unsupported_outputs_and_framebuffer_fetch_are_refused() {
    let e = refused(
        PS,
        vec![Instruction::new(
            Opcode::DclOutput,
            vec![Operand::new(
                OperandType::OutputCoverageMask,
                Components::One,
                &[],
            )],
        )],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    is_refusal(
        &e,
        "SV_Coverage output (oMask)",
        Some("profile single_sample_target = true (the host renders to single-sampled targets)"),
    );
    let e = refused(
        PS,
        vec![dcl_input_ps(InterpolationMode::Linear, 0, "xyzw")],
        isgn(vec![row("SV_Target", 0, NONE, F, 0, "xyzw")]),
        None,
        &dxlower_tests::webgl2_fast(),
    );
    is_refusal(&e, "SV_Target0 read back (framebuffer fetch)", None);
    let e = refused(
        PS,
        vec![Instruction::new(
            Opcode::DclInput,
            vec![Operand::new(
                OperandType::InputCoverageMask,
                Components::One,
                &[],
            )],
        )],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    is_refusal(
        &e,
        "SV_Coverage input (vCoverage)",
        Some("profile single_sample_target = true (the host renders to single-sampled targets)"),
    );
}

#[test]
fn malformed_io_declarations_are_errors() {
    // A declared register with no signature row.
    let e = refused(
        VS,
        vec![dcl_input(5, "xy")],
        isgn(vec![row("POSITION", 0, NONE, F, 0, "xyzw")]),
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert_eq!(e.to_string(), "v5.xy matches no row of the input signature");
    // No signature at all.
    let e = refused(
        VS,
        vec![dcl_output(1, "xy")],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert_eq!(
        e.to_string(),
        "o1 is declared but the shader has no output signature"
    );
    // A pixel-only declaration in a vertex shader.
    let e = refused(
        VS,
        vec![dcl_input_ps(InterpolationMode::Linear, 0, "x")],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert!(matches!(e, LowerError::Invalid(_)), "{e}");
}

// ---------------------------------------------------------------------------
// Names

#[test]
fn semantic_names_are_folded_and_escaped() {
    // Lower-case varyings are folded (D3D pairs them case-insensitively);
    // reserved or illegal identifiers are escaped; attributes keep case.
    case("semantic_names_are_folded_and_escaped");
    let vs = lowered(
        VS,
        vec![
            dcl_input(0, "xyzw"),
            dcl_input(1, "xy"),
            dcl_output(0, "xyzw"),
            dcl_output(1, "xy"),
            dcl_output(2, "xy"),
            dcl_output(3, "x"),
        ],
        isgn(vec![
            row("Position", 0, NONE, F, 0, "xyzw"),
            row("_UV", 1, NONE, F, 1, "xy"),
        ]),
        osgn(vec![
            row("texCoord", 0, NONE, F, 0, "xyzw"),
            row("MY__UV", 0, NONE, F, 1, "xy"),
            row("_UV", 1, NONE, F, 2, "xy"),
            row("FOG_", 0, NONE, F, 3, "x"),
        ]),
        &dxlower_tests::webgl2_fast(),
    );
    assert!(vs.contains("in highp vec4 in_Position0;"), "{vs}");
    assert!(vs.contains("out highp vec4 vs_TEXCOORD0;"), "{vs}");
    assert!(!vs.contains("__"), "{vs}");
    // The pixel side derives the same names from its own signature.
    let ps = lowered(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Linear, 0, "xyzw"),
            dcl_input_ps(InterpolationMode::Linear, 1, "xy"),
            dcl_input_ps(InterpolationMode::Linear, 2, "xy"),
            dcl_input_ps(InterpolationMode::Linear, 3, "x"),
        ],
        isgn(vec![
            row("TEXCOORD", 0, NONE, F, 0, "xyzw"),
            row("my__uv", 0, NONE, F, 1, "xy"),
            row("_uv", 1, NONE, F, 2, "xy"),
            row("fog_", 0, NONE, F, 3, "x"),
        ]),
        None,
        &dxlower_tests::webgl2_fast(),
    );
    for name in [
        "vs_TEXCOORD0",
        "vs_xMY_5f_5fUV_0x",
        "vs_x_5fUV_1x",
        "vs_xFOG_5f_0x",
    ] {
        assert!(vs.contains(name), "{name}\n{vs}");
        assert!(ps.contains(name), "{name}\n{ps}");
    }
}

// ---------------------------------------------------------------------------
// Temps, indexable temps, constant buffers, ICB, flags

#[test]
fn temps_and_indexable_temps() {
    // The declarations: temps_and_indexable_temps.
    case("temps_and_indexable_temps");
    let e = refused(
        PS,
        vec![Instruction::decl(
            Opcode::DclIndexableTemp,
            vec![],
            Payload::IndexableTemp {
                reg: 0,
                count: 4,
                components: 5,
            },
        )],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert_eq!(e.to_string(), "x0 of 5 components (1 to 4 allowed)");
}

#[test]
fn constant_buffers() {
    // The declarations: constant_buffers.
    case("constant_buffers");
    let e = refused(
        VS,
        vec![Instruction::dcl_constant_buffer(1, 1025)],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    is_refusal(
        &e,
        "constant buffer cb1 of 1025 vec4",
        Some("a profile whose target guarantees more (limits.uniform_block_vec4s)"),
    );
    let thirteen: Vec<Instruction> = (0..13)
        .map(|s| Instruction::dcl_constant_buffer(s, 1))
        .collect();
    let e = refused(VS, thirteen, None, None, &dxlower_tests::webgl2_fast());
    is_refusal(
        &e,
        "constant buffer cb12: more than 12 in one stage",
        Some("a profile whose target guarantees more (limits.uniform_blocks)"),
    );
}

/// SM5.1 declarations: a one-register range declares the block of its
/// register (`CB0[2:2][4]` is `cb2`), with the space in its names outside
/// space 0 (`cb2_space1`; the instruction side is in `tests/sm51.rs`).
#[test]
fn shader_model_5_1_bindings() {
    let cb = |space| {
        Instruction::decl(
            Opcode::DclConstantBuffer,
            vec![Operand::new(
                OperandType::ConstantBuffer,
                Components::XYZW,
                &[0, 2, 2],
            )],
            Payload::ConstantBuffer51 { size: 4, space },
        )
    };
    let spaced =
        lower_decls(&built51(PS, vec![cb(1)]), &dxlower_tests::webgl2_fast()).expect("lowers");
    assert!(
        spaced.contains(
            "layout(std140) uniform ConstantBuffer2_space1 {\n    vec4 data[4];\n} cb2_space1;"
        ),
        "{spaced}"
    );
    let glsl =
        lower_decls(&built51(PS, vec![cb(0)]), &dxlower_tests::webgl2_fast()).expect("lowers");
    assert!(
        glsl.contains("layout(std140) uniform ConstantBuffer2 {\n    vec4 data[4];\n} cb2;"),
        "{glsl}"
    );
    glslang(&glsl, PS).expect("compiles");
    let smp = Instruction::decl(
        Opcode::DclSampler,
        vec![Operand::new(
            OperandType::Sampler,
            Components::Zero,
            &[0, 0, 3],
        )],
        Payload::Space(0),
    );
    let e =
        lower_decls(&built51(PS, vec![smp]), &dxlower_tests::webgl2_fast()).expect_err("refused");
    is_refusal(&e, "sampler array S0[0:3]", None);
}

/// ICB dwords: 1.5, a NaN with payload, the denormal 1 (an integer 1
/// moved by fxc), -0.0, ±Inf, all bits set, 2.
const ICB: [u32; 8] = [
    0x3fc0_0000,
    0x7fc0_0001,
    0x0000_0001,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0xffff_ffff,
    0x4000_0000,
];

fn icb() -> Instruction {
    Instruction::decl(
        Opcode::Customdata,
        vec![],
        Payload::CustomData {
            class: CustomDataClass::ImmediateConstantBuffer,
            data: ICB.to_vec(),
        },
    )
}

#[test]
fn immediate_constant_buffer_reads_convert_from_uint() {
    // The register model reads the uvec4 array as the consumer's type.
    let b = Built::new(PS, 5, vec![icb(), Instruction::dcl_temps(1)], None, None);
    let p = dxlower_tests::webgl2_fast();
    let mut h = Harness::new(b.input(), &p);
    h.declare(&b.program.instructions, |_| true)
        .expect("lowers");
    assert_eq!(h.state().icb_len, Some(2));
    assert_eq!(h.state().icb_ty, Ty::Uint);
    let idx = dxlower_dxbc::Index::relative(1, Operand::temp(0, sw("x")));
    let op =
        Operand::new(OperandType::ImmediateConstantBuffer, sw("yxzw"), &[0]).with_index(0, idx);
    let inst = mov(Operand::temp(0, Components::MASK_ALL), op);
    let ((f, u), _) = h.probe(|cx| {
        let f = cx
            .src(&inst, 1, Ty::Float, m("xy"))
            .expect("reads")
            .to_string();
        let u = cx
            .src(&inst, 1, Ty::Uint, m("x"))
            .expect("reads")
            .to_string();
        (f, u)
    });
    assert_eq!(f, "uintBitsToFloat(ImmCB_0[floatBitsToInt(r0.x) + 1].yx)");
    assert_eq!(u, "ImmCB_0[floatBitsToInt(r0.x) + 1].y");
}

#[test]
fn immediate_constant_buffer_const_vec4_shape_is_rejected_by_glslang() {
    // The `ConstVec4Array` shape: valid ES 3.00 (ANGLE and Mesa fold the
    // bit-cast built-ins) but glslangValidator does not fold them — the
    // evidence behind the ConstUvec4Array default (lowerings/decl-io/docs/decl-io.md#1-immediate-constant-buffer-raw-dwords-in-a-const-uvec4-array). The
    // shader test pins the text (not validated).
    case("immediate_constant_buffer_const_vec4_shape_is_rejected_by_glslang");
    let b = Built::new(PS, 5, vec![icb()], None, None);
    let glsl = lower_decls(
        &b,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .icb_shape = IcbShape::ConstVec4Array
        }),
    )
    .expect("lowers");
    let log =
        glslang(&glsl, PS).expect_err("glslang folds uintBitsToFloat now: revisit the default");
    assert!(
        log.contains("global const initializers must be constant"),
        "{log}"
    );
}

#[test]
fn malformed_icbs_are_errors() {
    let bad = |data: Vec<u32>| {
        Instruction::decl(
            Opcode::Customdata,
            vec![],
            Payload::CustomData {
                class: CustomDataClass::ImmediateConstantBuffer,
                data,
            },
        )
    };
    let e = refused(
        PS,
        vec![bad(vec![1, 2, 3])],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert_eq!(
        e.to_string(),
        "immediate constant buffer of 3 dwords (a positive multiple of 4 expected)"
    );
    let e = refused(
        PS,
        vec![icb(), icb()],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert_eq!(e.to_string(), "second immediate constant buffer");
}

#[test]
fn global_flags_per_profile() {
    // refactoringAllowed, and forceEarlyDepthStencil dropped or emitted:
    // global_flags_per_profile__{refactoring_allowed,
    // force_early_depth_stencil_drop, force_early_depth_stencil_emit}.
    for name in [
        "refactoring_allowed",
        "force_early_depth_stencil_drop",
        "force_early_depth_stencil_emit",
    ] {
        case(&format!("global_flags_per_profile__{name}"));
    }
    let flags =
        |bits: u32| Instruction::new(Opcode::DclGlobalFlags, vec![]).with_controls(bits << 11);
    let early = global_flags::REFACTORING_ALLOWED | global_flags::FORCE_EARLY_DEPTH_STENCIL;
    let e = refused(
        PS,
        vec![flags(early)],
        None,
        None,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .early_fragment_tests = EarlyFragmentTests::Error
        }),
    );
    is_refusal(
        &e,
        "forceEarlyDepthStencil",
        Some("profile early_fragment_tests = Drop"),
    );
}

// ---------------------------------------------------------------------------
// Samplers and resources

#[test]
fn resources_1d_emulated_or_refused() {
    // Emulated, the default: resources_1d_emulated_or_refused.
    case("resources_1d_emulated_or_refused");
    use ResourceDimension::*;
    let insts = vec![
        Instruction::dcl_sampler(0),
        Instruction::dcl_resource(0, Texture1D, ReturnType::Float),
        Instruction::dcl_resource(1, Texture1DArray, ReturnType::Float),
        sample(Opcode::Sample, 0, 0),
        sample(Opcode::Sample, 1, 0),
    ];
    let e = refused(
        PS,
        insts,
        None,
        None,
        &profile(|p| {
            p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .texture_1d = Tex1D::Refuse
        }),
    );
    is_refusal(
        &e,
        "texture1d t0",
        Some("profile texture_1d = Emulate2D (runtime uploads W×1 2D textures)"),
    );
}

#[test]
fn resources_blocked_dimensions_are_refused() {
    // Each is the case resources_blocked_dimensions_are_refused__<name>
    // (an `.err` with the message).
    use ResourceDimension::*;
    let cases = [
        (
            "texturecubearray",
            Instruction::dcl_resource(3, TextureCubeArray, ReturnType::Float),
            "texturecubearray t3",
            None,
        ),
        (
            "texture2dms",
            Instruction::dcl_resource(1, Texture2DMS, ReturnType::Float)
                .with_control_field(16, 22, 4),
            "texture2dms t1",
            Some("profile multisample_textures = SingleSample (the host binds single-sampled textures)"),
        ),
        (
            "texture2dmsarray",
            Instruction::dcl_resource(2, Texture2DMSArray, ReturnType::Float)
                .with_control_field(16, 22, 4),
            "texture2dmsarray t2",
            Some("profile multisample_textures = SingleSample (the host binds single-sampled textures)"),
        ),
        (
            "buffer",
            Instruction::dcl_resource(4, Buffer, ReturnType::Float),
            "buffer t4",
            Some("profile texture_buffers = Emulate"),
        ),
        (
            "structured_buffer",
            Instruction::decl(
                Opcode::DclResourceStructured,
                vec![Operand::new(OperandType::Resource, Components::Zero, &[0])],
                Payload::Structured {
                    stride: 48,
                    count: None,
                    space: None,
                },
            ),
            "structured buffer t0",
            Some("profile pass structured_data_texture (native), or bone_transforms for a vertex-stage BoneTransforms buffer"),
        ),
    ];
    for (name, inst, what, lifted) in cases {
        case(&format!("resources_blocked_dimensions_are_refused__{name}"));
        let e = refused(VS, vec![inst], None, None, &dxlower_tests::webgl2_fast());
        is_refusal(&e, what, lifted);
    }
    // A compare on a 3D texture is malformed (D3D forbids it).
    let e = refused(
        PS,
        vec![
            Instruction::dcl_resource(0, Texture3D, ReturnType::Float),
            sample(Opcode::SampleC, 0, 0),
        ],
        None,
        None,
        &dxlower_tests::webgl2_fast(),
    );
    assert!(matches!(e, LowerError::Invalid(_)), "{e}");
}

#[test]
fn samplers_are_recorded_and_declare_nothing() {
    let b = Built::new(
        PS,
        5,
        vec![Instruction::dcl_sampler(0), comparison_sampler(3)],
        None,
        None,
    );
    let glsl = lower_decls(&b, &dxlower_tests::webgl2_fast()).expect("lowers");
    assert_eq!(
        glsl,
        "#version 300 es\nprecision highp float;\nprecision highp int;\nvoid main()\n{\n}\n"
    );
    glslang(&glsl, PS).expect("compiles");
}

// ---------------------------------------------------------------------------
// Corpus

/// The decl-io opcodes, as the family claims them in the registry.
fn dxlower_decl_io_opcodes() -> &'static [Opcode] {
    Registry::global()
        .expect("registry")
        .families()
        .iter()
        .find(|f| f.name == "decl-io")
        .map(|f| f.opcodes)
        .expect("decl-io family linked")
}

/// Every vertex and pixel shader of the shared corpus: the declarations
/// lower (or are refused by name) and the declaration-only GLSL compiles.
#[test]
fn corpus_declarations_lower_and_compile() {
    let mut refusals: std::collections::BTreeMap<String, usize> = Default::default();
    let mut invalid = Vec::new();
    let mut failed = Vec::new();
    let mut ok = 0usize;
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut early = 0usize;
    for e in dxlower_tests::manifest() {
        if e.stage != "vs" && e.stage != "ps" {
            continue;
        }
        let bytes = dxlower_tests::read_corpus(&e.file);
        let Ok(shader) = dxlower_dxbc::parse(&bytes) else {
            continue;
        };
        let b = Built {
            program: shader.program.clone(),
            isgn: shader.input_signature.clone(),
            osgn: shader.output_signature.clone(),
        };
        let stage = b.program.version.program_type;
        for inst in &b.program.instructions {
            if dxlower_decl_io_opcodes().contains(&inst.opcode) {
                *counts.entry(inst.opcode.mnemonic()).or_default() += 1;
            }
            if inst.opcode == Opcode::DclGlobalFlags
                && inst.global_flags() & global_flags::FORCE_EARLY_DEPTH_STENCIL != 0
            {
                early += 1;
            }
        }
        match lower_decls_of(&b, &dxlower_tests::webgl2_fast(), true) {
            Ok(glsl) => match glslang(&glsl, stage) {
                Ok(()) => ok += 1,
                Err(log) => failed.push(format!("{}: {log}", e.file)),
            },
            Err(LowerError::Refused(r)) => {
                let key = r.what.split(' ').take(2).collect::<Vec<_>>().join(" ");
                *refusals.entry(key).or_default() += 1;
            }
            Err(other) => invalid.push(format!("{}: {other}", e.file)),
        }
    }
    eprintln!("decl-io corpus: {ok} lowered and compiled; refused: {refusals:?}");
    eprintln!("opcode counts: {counts:?}; forceEarlyDepthStencil: {early}");
    assert!(
        invalid.is_empty(),
        "{} malformed:\n{}",
        invalid.len(),
        invalid.join("\n")
    );
    assert!(
        failed.is_empty(),
        "{} do not compile:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(ok > 1000, "only {ok} stages lowered");
}
