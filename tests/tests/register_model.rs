//! The `FloatVec4UVec4Companions` register model (docs/conventions.md#register-models,
//! core switch `register_model`): every temp `rN` has a `uvec4 rN_u`
//! companion with the same bits. Integer producers write the companion and
//! refresh the float view from it, float producers write the float view
//! and refresh the companion, integer consumers and branch tests read the
//! companion, and the type-less movers copy through it.
//!
//! - insta snapshots of the `main` body of representative shapes under the
//!   companion model, each full shader checked with `glslangValidator`;
//! - the same shapes under the default `FloatVec4` model declare and read
//!   no companion;
//! - a render on Mesa of integer data whose bits are a denormal float
//!   (`mov r0.x, l(1)`, a cbuffer word 1 moved into a temp), written to an
//!   integer target, with checks that the GLSL never routes the integer
//!   through the float view.

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::profile::RegisterModel;
use dxlower_core::Profile;
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Index, Instruction, InterpolationMode, Modifier, Opcode, Operand, OperandType,
    ProgramType, SignatureSystemValue,
};
use dxlower_gles::{Draw, Format, Runner, UniformBlock, Vertices};
use dxlower_tests::build::{dcl_indexable, m, o, rd, rs, s};
use dxlower_tests::{element, glslang, main_body, ps_isgn, ps_osgn, signature, Built};

/// `cb0[<reg>].<swizzle>`.
fn cb(reg: u32, swz: &str) -> Operand {
    Operand::cb(0, reg, s(swz))
}

/// `x<reg>[<element>].<comps>`.
fn x(reg: u32, element: u32, comps: Components) -> Operand {
    Operand::new(OperandType::IndexableTemp, comps, &[reg, element])
}

/// `x<reg>[<rel>].<comps>`.
fn x_rel(reg: u32, rel: Operand, comps: Components) -> Operand {
    x(reg, 0, comps).with_index(1, Index::relative(0, rel))
}

fn i(op: Opcode, operands: Vec<Operand>) -> Instruction {
    Instruction::new(op, operands)
}

/// A ps_5_0 program: cb0[8], v0 (TEXCOORD0, linear), o0 float4, o1 int4,
/// four temps, then `body`, then `ret`.
fn program(body: &[Instruction]) -> Built {
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, 8),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
        dcl_indexable(0, 4, 4),
        dcl_indexable(1, 3, 1),
    ];
    insts.extend(body.iter().cloned());
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    Built::new(
        ProgramType::Pixel,
        5,
        insts,
        Some(ps_isgn()),
        Some(ps_osgn()),
    )
}

/// `webgl2-fast` with the companion register model.
fn companions() -> Profile {
    let mut p = dxlower_tests::webgl2_fast();
    p.register_model = RegisterModel::FloatVec4UVec4Companions;
    p
}

/// `webgl2-fast` with companions only where an integer read needs them
/// (the model `webgl2` ships with).
fn where_read() -> Profile {
    let mut p = dxlower_tests::webgl2_fast();
    p.register_model = RegisterModel::FloatVec4UVec4CompanionsWhereRead;
    p
}

/// `webgl2-fast` as shipped (`FloatVec4`).
fn float_only() -> Profile {
    dxlower_tests::webgl2_fast()
}

/// Translates `body`, validates the shader and returns the full GLSL.
fn translate(profile: &Profile, body: &[Instruction]) -> String {
    let out = program(body)
        .translate(profile)
        .unwrap_or_else(|e| panic!("translation failed: {e}"));
    if let Err(log) = glslang(&out.glsl, ProgramType::Pixel) {
        panic!("glslangValidator rejects the output:\n{}\n{log}", out.glsl);
    }
    out.glsl
}

/// Snapshots `body` under the companion model; also checks that the
/// default model neither declares nor reads a companion. Returns the
/// companion-model `main` body.
fn snap(name: &str, body: &[Instruction]) -> String {
    let glsl = translate(&companions(), body);
    for r in 0..4 {
        assert!(
            glsl.contains(&format!("vec4 r{r};\nuvec4 r{r}_u;\n")),
            "{name}: r{r} and its companion are declared together:\n{glsl}"
        );
    }
    assert!(
        glsl.contains("vec4 TempArray0[4];\nuvec4 TempArray0_u[4];\n")
            && glsl.contains("float TempArray1[3];\nuint TempArray1_u[3];\n"),
        "{name}: indexable temps have companions:\n{glsl}"
    );
    let plain = translate(&float_only(), body);
    assert!(
        (0..4).all(|r| !plain.contains(&format!("r{r}_u"))) && !plain.contains("TempArray0_u"),
        "{name}: the float_vec4 model has no companions:\n{plain}"
    );
    let main = main_body(&glsl);
    insta::with_settings!({
        description => dxlower_tests::asm(ProgramType::Pixel, body),
        omit_expression => true
    }, {
        insta::assert_snapshot!(name, main);
    });
    main
}

#[test]
fn integer_producer_to_integer_consumer() {
    let main = snap(
        "int_to_int",
        &[
            i(
                Opcode::Iadd,
                vec![rd(0, "xy"), cb(0, "xyxx"), Operand::imm32(1)],
            ),
            i(
                Opcode::Ishl,
                vec![rd(1, "x"), rs(0, "y"), Operand::imm32(2)],
            ),
            i(Opcode::Mov, vec![o(1, "x"), rs(1, "x")]),
        ],
    );
    // The shift reads the companion; the int output takes it as ivec bits.
    assert!(main.contains("r0_u.xy = uvec2("), "{main}");
    // Nothing reads r0 as a float: no sync copy into the float view.
    assert!(!main.contains("r0.xy = uintBitsToFloat"), "{main}");
    assert!(main.contains("int(r0_u.y)"), "{main}");
    assert!(!main.contains("floatBitsToInt(r"), "{main}");
}

#[test]
fn float_producer_to_integer_consumer() {
    let main = snap(
        "float_to_int",
        &[
            i(
                Opcode::Add,
                vec![rd(0, "x"), Operand::input(0, s("x")), Operand::immf32(1.0)],
            ),
            i(
                Opcode::And,
                vec![rd(1, "x"), rs(0, "x"), Operand::imm32(0x7f80_0000)],
            ),
        ],
    );
    // The float write refreshes the companion; the `and` reads it.
    assert!(main.contains("r0_u.x = floatBitsToUint(r0.x);"), "{main}");
    assert!(
        main.contains("r0_u.x & 0x7f800000u") || main.contains("r0_u.x & 2139095040u"),
        "{main}"
    );
}

#[test]
fn mov_of_an_integer_immediate_then_an_integer_use() {
    let main = snap(
        "mov_imm_then_iadd",
        &[
            i(Opcode::Mov, vec![rd(0, "x"), Operand::imm32(1)]),
            i(
                Opcode::Iadd,
                vec![rd(0, "x"), rs(0, "x"), Operand::imm32(1)],
            ),
            i(Opcode::Mov, vec![o(1, "x"), rs(0, "x")]),
        ],
    );
    assert!(main.contains("r0_u.x = 1u;"), "{main}");
    assert!(!main.contains("uintBitsToFloat(0x00000001u)"), "{main}");
}

#[test]
fn movc_with_integer_data() {
    let main = snap(
        "movc_int",
        &[i(
            Opcode::Movc,
            vec![
                rd(0, "xy"),
                rs(1, "xyxx"),
                rs(2, "xyxx"),
                Operand::imm32_4([1, 2, 0, 0]),
            ],
        )],
    );
    assert!(
        main.contains("r1_u.x != "),
        "condition reads the companion: {main}"
    );
    assert!(main.contains("r2_u.x : 1u"), "{main}");
    assert!(main.contains("r0_u.xy = uvec2("), "{main}");
}

#[test]
fn swapc_keeps_both_destinations_exact() {
    let main = snap(
        "swapc",
        &[i(
            Opcode::Swapc,
            vec![
                rd(0, "xy"),
                rd(1, "xy"),
                rs(2, "xxxx"),
                rs(0, "xyxx"),
                rs(1, "xyxx"),
            ],
        )],
    );
    assert!(main.contains("uvec2 hlslcc_swapc0 = "), "{main}");
    assert!(main.contains("r0_u.xy = hlslcc_swapc0;"), "{main}");
    assert!(main.contains("r1_u.xy = hlslcc_swapc1;"), "{main}");
}

#[test]
fn destination_that_is_also_a_source() {
    let main = snap(
        "dest_is_source",
        &[
            i(
                Opcode::Iadd,
                vec![rd(0, "xy"), rs(0, "yxxx"), Operand::imm32(1)],
            ),
            i(
                Opcode::Ubfe,
                vec![rd(0, "xyz"), rs(0, "xxxx"), rs(0, "yyyy"), rs(0, "zzzz")],
            ),
        ],
    );
    // One assignment of the companion reads every source lane first.
    assert!(
        main.contains("r0_u.xy = (r0_u.yx + uvec2(1u))") || main.contains("r0_u.xy = "),
        "{main}"
    );
}

#[test]
fn two_destination_ops() {
    let main = snap(
        "udiv_sincos",
        &[
            i(
                Opcode::Udiv,
                vec![rd(0, "x"), rd(1, "x"), rs(0, "x"), rs(1, "x")],
            ),
            i(Opcode::Sincos, vec![rd(2, "x"), rd(3, "x"), rs(2, "x")]),
        ],
    );
    // Each destination is written through the view of its type; nothing
    // reads the other view afterwards, so there is no sync copy.
    for r in 0..2 {
        assert!(main.contains(&format!("r{r}_u.x = ")), "{main}");
        assert!(
            !main.contains(&format!("r{r}.x = uintBitsToFloat")),
            "{main}"
        );
    }
    for r in 2..4 {
        assert!(main.contains(&format!("r{r}.x = ")), "{main}");
        assert!(
            !main.contains(&format!("r{r}_u.x = floatBitsToUint")),
            "{main}"
        );
    }
}

#[test]
fn integer_branch_tests_read_the_companion() {
    let main = snap(
        "if_nz",
        &[
            i(Opcode::If, vec![rs(0, "x")]).with_test_nonzero(),
            i(
                Opcode::Mov,
                vec![o(0, "xyzw"), Operand::input(0, s("xyzw"))],
            ),
            i(Opcode::Endif, vec![]),
            i(Opcode::Discard, vec![rs(1, "y")]).with_test_nonzero(),
        ],
    );
    assert!(main.contains("if (r0_u.x != "), "{main}");
    assert!(main.contains("r1_u.y != "), "{main}");
    // A move between non-temps is the float copy of the default model.
    assert!(main.contains("SV_Target0 = vs_TEXCOORD0.xyzw;"), "{main}");
}

#[test]
fn saturating_and_modified_moves_stay_float() {
    let main = snap(
        "mov_sat_neg",
        &[
            i(Opcode::Mov, vec![rd(0, "x"), rs(1, "x")]).with_saturate(),
            i(
                Opcode::Mov,
                vec![rd(2, "xy"), rs(3, "xyxx").with_modifier(Modifier::Neg)],
            ),
            i(Opcode::Mov, vec![rd(1, "x"), cb(2, "w")]),
        ],
    );
    assert!(main.contains("r0.x = r1.x;"), "{main}");
    assert!(main.contains("r0.x = clamp(r0.x, 0.0, 1.0);"), "{main}");
    assert!(main.contains("r2.xy = (-r3.xy);"), "{main}");
    // A plain copy from a cbuffer into a temp goes through the companion.
    assert!(
        main.contains("r1_u.x = floatBitsToUint(cb0.data[2].w);"),
        "{main}"
    );
}

#[test]
fn relative_index_reads_the_companion() {
    let rel =
        Operand::cb(0, 0, s("xyzw")).with_index(1, dxlower_dxbc::Index::relative(1, rs(0, "x")));
    let main = snap(
        "relative_index",
        &[i(Opcode::Mov, vec![rd(1, "xyzw"), rel])],
    );
    assert!(main.contains("int(r0_u.x)"), "{main}");
}

#[test]
fn indexable_temps_keep_integer_tables_exact() {
    let main = snap(
        "indexable",
        &[
            i(
                Opcode::Mov,
                vec![x(0, 1, m("xy")), Operand::imm32_4([1, 2, 0, 0])],
            ),
            i(Opcode::Mov, vec![x_rel(0, rs(0, "x"), m("z")), rs(1, "y")]),
            i(Opcode::Mov, vec![x(1, 2, Components::One), rs(1, "x")]),
            i(
                Opcode::Mov,
                vec![rd(2, "xy"), x_rel(0, rs(0, "y"), s("xyxx"))],
            ),
            i(
                Opcode::Mov,
                vec![rd(3, "xy"), x_rel(1, rs(0, "z"), s("xxxx"))],
            ),
            i(
                Opcode::Iadd,
                vec![rd(2, "x"), x_rel(0, rs(0, "w"), s("w")), Operand::imm32(1)],
            ),
            i(
                Opcode::Add,
                vec![x(0, 3, m("x")), rs(2, "x"), Operand::immf32(0.5)],
            ),
        ],
    );
    assert!(
        main.contains("TempArray0_u[1].xy = uvec2(1u, 2u);"),
        "{main}"
    );
    assert!(
        main.contains("TempArray0[1].xy = uintBitsToFloat(TempArray0_u[1].xy);"),
        "{main}"
    );
    assert!(
        main.contains("TempArray0_u[int(r0_u.x)].z = r1_u.y;"),
        "{main}"
    );
    assert!(
        main.contains("r2_u.xy = TempArray0_u[int(r0_u.y)].xy;"),
        "{main}"
    );
    assert!(
        main.contains("r3_u.xy = uvec2(TempArray1_u[int(r0_u.z)]);"),
        "{main}"
    );
    assert!(main.contains("int(TempArray0_u[int(r0_u.w)].w)"), "{main}");
    // A float producer refreshes the array's companion.
    assert!(
        main.contains("TempArray0_u[3].x = floatBitsToUint(TempArray0[3].x);"),
        "{main}"
    );
}

#[test]
fn an_indexable_destination_indexed_by_an_indexable_is_refused() {
    let body = [i(
        Opcode::Mov,
        vec![
            x_rel(0, x(1, 0, Components::One), m("x")),
            Operand::imm32(1),
        ],
    )];
    let e = program(&body)
        .translate(&companions())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("x# destination indexed by an x# register"),
        "{e}"
    );
    // The float model writes it in one statement.
    translate(&float_only(), &body);
}

/// The denormal round trip: integer data whose bits are the float
/// denormal `0x00000001` (an fxc `l(1)` moved into a temp, and a cbuffer
/// word moved into a temp), incremented and written to an integer target.
#[test]
fn denormal_integer_data_round_trips() {
    let osgn = signature(
        b"OSGN",
        vec![element(
            "SV_Target",
            0,
            0,
            0xF,
            ComponentType::Uint32,
            SignatureSystemValue::Target,
        )],
    );
    let body = vec![
        Instruction::dcl_constant_buffer(0, 1),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(2),
        dcl_indexable(0, 4, 4),
        i(Opcode::Mov, vec![rd(0, "x"), Operand::imm32(1)]),
        i(
            Opcode::Iadd,
            vec![rd(0, "x"), rs(0, "x"), Operand::imm32(1)],
        ),
        i(Opcode::Mov, vec![rd(1, "x"), cb(0, "x")]),
        i(
            Opcode::Iadd,
            vec![rd(1, "x"), rs(1, "x"), Operand::imm32(1)],
        ),
        i(Opcode::Mov, vec![rd(0, "y"), rs(1, "x")]),
        // An fxc-style integer table in x0: element 2 holds 1.
        i(Opcode::Mov, vec![x(0, 2, m("x")), Operand::imm32(1)]),
        i(Opcode::Mov, vec![rd(0, "z"), x_rel(0, rs(0, "x"), s("x"))]),
        i(
            Opcode::Iadd,
            vec![rd(0, "z"), rs(0, "z"), Operand::imm32(1)],
        ),
        i(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyzx")]),
        Instruction::new(Opcode::Ret, vec![]),
    ];
    let built = Built::new(ProgramType::Pixel, 5, body, None, Some(osgn));
    let vs = "#version 300 es\nin highp vec3 in_POSITION0;\nvoid main() { gl_Position = vec4(in_POSITION0, 1.0); }\n";
    let mut runner = Runner::new().unwrap_or_else(|e| panic!("no GLES 3.0 context: {e}"));
    let cb0: Vec<u8> = [1u32, 0, 0, 0]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    for (profile, is_companion) in [
        (companions(), true),
        (where_read(), true),
        (float_only(), false),
    ] {
        let out = built
            .translate(&profile)
            .unwrap_or_else(|e| panic!("translation failed: {e}"));
        let glsl = &out.glsl;
        let main = main_body(glsl);
        if is_companion {
            // The integer never goes through the float view: every value
            // read is a companion lane or a uint literal, and the output
            // takes the companion's bits.
            assert!(main.contains("r0_u.x = 1u;"), "{main}");
            assert!(
                main.contains("r1_u.x = floatBitsToUint(cb0.data[0].x);"),
                "{main}"
            );
            assert!(main.contains("TempArray0_u[2].x = 1u;"), "{main}");
            assert!(
                main.contains("r0_u.z = TempArray0_u[int(r0_u.x)].x;"),
                "{main}"
            );
            assert!(main.contains("SV_Target0 = r0_u.xyzx;"), "{main}");
            for line in main.lines() {
                let rhs = line.split_once(" = ").map(|(_, r)| r).unwrap_or("");
                assert!(
                    !rhs.contains("floatBitsToUint(r")
                        && !rhs.contains("floatBitsToInt(r")
                        && !rhs.contains("floatBitsToUint(TempArray"),
                    "an integer is read from a float view: {line}\n{main}"
                );
            }
            assert!(!main.contains("uintBitsToFloat(0x"), "{main}");
        } else {
            assert!(main.contains("uintBitsToFloat(0x00000001u)"), "{main}");
        }
        let vertices = Vertices::quad_strip("in_POSITION0");
        let drawn = runner
            .draw(&Draw {
                vs,
                fs: glsl,
                blocks: &[UniformBlock {
                    name: "ConstantBuffer0".into(),
                    data: cb0.clone(),
                }],
                format: Format::Rgba32Ui,
                width: 8,
                height: 8,
                vertices: &vertices,
                clear: [7, 7, 7, 7],
            })
            .unwrap_or_else(|e| panic!("draw failed: {e}\n{glsl}"));
        assert_eq!(
            drawn.image.uniform(),
            Some([2, 2, 2, 2]),
            "every texel holds 1 + 1 ({:?})\n{glsl}",
            profile.register_model
        );
    }
}

/// Under `FloatVec4UVec4CompanionsWhereRead` (the `webgl2` model) every
/// integer read of a temp lane in the corpus finds its companion: no stage
/// gets the note of a read the analysis missed. Float-only shaders get no
/// companion at all.
#[test]
fn where_read_companions_cover_every_integer_read_of_the_corpus() {
    let profile = dxlower_targets::load("webgl2").expect("webgl2 loads");
    assert_eq!(
        profile.register_model,
        RegisterModel::FloatVec4UVec4CompanionsWhereRead
    );
    let (mut translated, mut with_companions, mut misses) = (0usize, 0usize, Vec::new());
    for e in dxlower_tests::manifest() {
        if !matches!(e.stage.as_str(), "vs" | "ps") {
            continue;
        }
        let Ok(out) = dxlower_tests::translate_corpus(&e.file, &profile) else {
            continue;
        };
        translated += 1;
        if out.glsl.contains("_u;\n") || out.glsl.contains("_u[") {
            with_companions += 1;
        }
        if out
            .record
            .notes
            .iter()
            .any(|n| n.contains("without a uvec4 companion"))
        {
            misses.push(e.file.clone());
        }
    }
    println!("{translated} translated, {with_companions} with a companion");
    assert!(translated > 1000, "{translated}");
    assert!(
        with_companions > 0 && with_companions < translated,
        "{with_companions} of {translated}"
    );
    assert!(
        misses.is_empty(),
        "integer reads without a companion: {misses:?}"
    );
}

/// Sync copies (docs/conventions.md#register-models, `core/lower/src/sync.rs`):
/// a write's copy into the other view is kept only where that view is read
/// before the next write, including a read in the next iteration of a loop.
/// `r0.y` gets uint bits (`and` of a mask with the bits of 1.0) at the end
/// of each iteration, is read as a float at the top of the next one and as
/// an integer after the loop:
/// its float copy must stay, or the sum reads a stale float view. The
/// masks in `r2.x` are only read as integers: no float copy. Rendered on
/// Mesa under the three register models; every texel holds 2.0.
#[test]
fn a_value_read_through_the_other_view_in_the_next_iteration_keeps_its_copy() {
    let osgn = signature(
        b"OSGN",
        vec![element(
            "SV_Target",
            0,
            0,
            0xF,
            ComponentType::Float32,
            SignatureSystemValue::Target,
        )],
    );
    let f = |x: f32| Operand::imm32(x.to_bits());
    let body = vec![
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(3),
        i(Opcode::Mov, vec![rd(0, "x"), Operand::imm32(0)]),
        i(Opcode::Mov, vec![rd(0, "y"), Operand::imm32(0)]),
        i(Opcode::Mov, vec![rd(1, "x"), f(0.0)]),
        i(Opcode::Loop, vec![]),
        i(Opcode::Ige, vec![rd(2, "x"), rs(0, "x"), Operand::imm32(5)]),
        Instruction::new(Opcode::Breakc, vec![rs(2, "x")]).with_test_nonzero(),
        i(Opcode::Add, vec![rd(1, "x"), rs(1, "x"), rs(0, "y")]),
        i(Opcode::Ige, vec![rd(2, "x"), rs(0, "x"), Operand::imm32(2)]),
        i(
            Opcode::And,
            vec![rd(0, "y"), rs(2, "x"), Operand::imm32(0x3f80_0000)],
        ),
        i(
            Opcode::Iadd,
            vec![rd(0, "x"), rs(0, "x"), Operand::imm32(1)],
        ),
        i(Opcode::Endloop, vec![]),
        // An integer read of r0.y after the loop: r0.y has a companion
        // under both companion models.
        i(
            Opcode::Iadd,
            vec![rd(0, "z"), rs(0, "y"), Operand::imm32(0)],
        ),
        i(Opcode::Mov, vec![o(0, "xyzw"), rs(1, "xxxx")]),
        Instruction::new(Opcode::Ret, vec![]),
    ];
    let built = Built::new(ProgramType::Pixel, 5, body, None, Some(osgn));
    let vs = "#version 300 es\nin highp vec3 in_POSITION0;\nvoid main() { gl_Position = vec4(in_POSITION0, 1.0); }\n";
    let mut runner = Runner::new().unwrap_or_else(|e| panic!("no GLES 3.0 context: {e}"));
    for (profile, is_companion) in [
        (companions(), true),
        (where_read(), true),
        (float_only(), false),
    ] {
        let out = built
            .translate(&profile)
            .unwrap_or_else(|e| panic!("translation failed: {e}"));
        let glsl = &out.glsl;
        if let Err(log) = glslang(glsl, ProgramType::Pixel) {
            panic!("glslangValidator rejects the output:\n{glsl}\n{log}");
        }
        let main = main_body(glsl);
        if is_companion {
            // The float copy of r0.y feeds the next iteration's `add`.
            assert!(main.contains("r0.y = uintBitsToFloat(r0_u.y);"), "{main}");
            // Nothing reads r2.x as a float.
            assert!(!main.contains("r2.x = uintBitsToFloat"), "{main}");
        }
        let vertices = Vertices::quad_strip("in_POSITION0");
        let drawn = runner
            .draw(&Draw {
                vs,
                fs: glsl,
                blocks: &[],
                format: Format::Rgba32F,
                width: 8,
                height: 8,
                vertices: &vertices,
                clear: [0, 0, 0, 0],
            })
            .unwrap_or_else(|e| panic!("draw failed: {e}\n{glsl}"));
        let two = 2.0f32.to_bits();
        assert_eq!(
            drawn.image.uniform(),
            Some([two, two, two, two]),
            "every texel holds 0 + 0 + 0 + 1 + 1 ({:?})\n{glsl}",
            profile.register_model
        );
    }
}
