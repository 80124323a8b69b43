//! The float-alu family (lowerings/float-alu/docs/float-alu.md): unit-level checks of `_sat`, the
//! `nan_exact` forms and the `sincos` aliasing rule that do not need the
//! declaration handlers, and assertions about whole shaders. The GLSL of
//! each opcode and operand shape is pinned by the shader tests
//! `tests/shaders/float_alu/*.asm` → `.glsl` (run by `tests/shaders.rs`).

// Link every family so their handlers register (the linker drops crates
// nobody names).
extern crate dxlower_lowerings;

use dxlower_core::testing::Harness;
use dxlower_core::{IndexableTemp, Profile, StageInput};
use dxlower_dxbc::{
    Components, Index, Instruction, InterpolationMode, Modifier, Opcode, Operand, OperandType,
    Payload, Program, ProgramType,
};
use dxlower_tests::build::{m, op, rd, rs, s};
use dxlower_tests::{glslang, ps_isgn as isgn, ps_osgn as osgn, Built};

// ---------------------------------------------------------------------------
// Operand shorthands
// ---------------------------------------------------------------------------

/// `cb0[<reg>].<swizzle>`.
fn cb(reg: u32, swz: &str) -> Operand {
    Operand::cb(0, reg, s(swz))
}

/// `cb0[<rel> + <imm>].<swizzle>`.
fn cb_rel(imm: u32, rel: Operand, swz: &str) -> Operand {
    Operand::cb(0, 0, s(swz)).with_index(1, Index::relative(imm, rel))
}

/// `v0.<swizzle>` (TEXCOORD0, float4).
fn v0(swz: &str) -> Operand {
    Operand::input(0, s(swz))
}

/// `x0[<rel> + <imm>].<mask>` as a destination.
fn x0_rel(imm: u32, rel: Operand, mask: &str) -> Operand {
    Operand::new(OperandType::IndexableTemp, m(mask), &[0, 0])
        .with_index(1, Index::relative(imm, rel))
}

fn neg(op: Operand) -> Operand {
    op.with_modifier(Modifier::Neg)
}

fn sat(inst: Instruction) -> Instruction {
    inst.with_saturate()
}

fn f4(v: [f32; 4]) -> Operand {
    Operand::immf32_4(v)
}

fn f1(v: f32) -> Operand {
    Operand::immf32(v)
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

fn dcl_indexable_temp() -> Instruction {
    Instruction::decl(
        Opcode::DclIndexableTemp,
        vec![],
        Payload::IndexableTemp {
            reg: 0,
            count: 4,
            components: 4,
        },
    )
}

/// A ps_5_0 program: cb0[8], v0 (linear), o0 float4, o1 int4, four temps,
/// `x0[4]`, then `body`, then `ret`.
fn program(body: &[Instruction]) -> Built {
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, 8),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
        dcl_indexable_temp(),
    ];
    insts.extend(body.iter().cloned());
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    Built::new(ProgramType::Pixel, 5, insts, Some(isgn()), Some(osgn()))
}

fn nan_exact() -> Profile {
    Profile {
        nan_exact: true,
        ..dxlower_tests::webgl2_fast()
    }
}

/// Translates `body` in the test program and checks the whole shader with
/// `glslangValidator`; returns it. The case `name` is pinned by
/// `tests/shaders/float_alu/<name>.glsl`.
fn case_with(name: &str, profile: &Profile, body: &[Instruction]) -> String {
    dxlower_tests::shader_case("float_alu", name);
    let built = program(body);
    let out = built
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

// ---------------------------------------------------------------------------
// Unit level: the instruction handlers over a hand-built register model
// (no declaration handlers involved).
// ---------------------------------------------------------------------------

/// Runs only the instruction handlers of `body` over a register model with
/// 4 temps, `cb0[8]` and `x0[4]` (vec4), and returns the body text.
fn lower_unit(profile: &Profile, body: &[Instruction]) -> Result<String, String> {
    let built = Built::new(ProgramType::Pixel, 5, body.to_vec(), None, None);
    lower_program(profile, &built.program)
}

/// [`lower_unit`] without the encode → decode round trip (for programs the
/// encoder refuses, such as an instruction with too few operands).
fn lower_program(profile: &Profile, program: &Program) -> Result<String, String> {
    let input = StageInput {
        program,
        input_signature: None,
        output_signature: None,
        program_byte_offset: None,
        rdef: None,
    };
    let mut h = Harness::new(input, profile);
    let d = h.decl_ctx();
    d.set_temps(4);
    d.insert_cbuffer(0, 8);
    d.insert_indexable(
        0,
        IndexableTemp {
            count: 4,
            components: 4,
        },
    );
    let out = h.run_instructions(&program.instructions)?;
    let mut text = String::new();
    for h in &out.helpers {
        text.push_str(h.text);
    }
    text.push_str(&out.body);
    Ok(text)
}

fn unit(profile: &Profile, body: &[Instruction]) -> String {
    lower_unit(profile, body).unwrap_or_else(|e| panic!("lowering failed: {e}"))
}
#[test]
fn unit_sat_adds_a_clamp_statement() {
    let body = [sat(op(
        Opcode::Add,
        vec![rd(0, "xy"), rs(1, "xyxx"), rs(2, "zwzz")],
    ))];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &body),
        "    r0.xy = r1.xy + r2.zw;\n    r0.xy = clamp(r0.xy, 0.0, 1.0);\n"
    );
    assert_eq!(
        unit(&nan_exact(), &body),
        "    r0.xy = r1.xy + r2.zw;\n    r0.xy = mix(vec2(0.0), min(r0.xy, vec2(1.0)), greaterThan(r0.xy, vec2(0.0)));\n"
    );
    let scalar = [sat(op(Opcode::Mov, vec![rd(3, "w"), rs(0, "x")]))];
    assert_eq!(
        unit(&nan_exact(), &scalar),
        "    r3.w = r0.x;\n    r3.w = (r3.w > 0.0 ? min(r3.w, 1.0) : 0.0);\n"
    );
    // Without `_sat` there is no second statement.
    let plain = [op(Opcode::Mul, vec![rd(0, "x"), rs(1, "x"), rs(2, "x")])];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &plain),
        "    r0.x = r1.x * r2.x;\n"
    );
}

#[test]
fn unit_sincos_aliasing() {
    // Both destinations alias the source: the local holds r0.x before
    // either write, and both results come from it.
    let both = [op(Opcode::Sincos, vec![rd(0, "y"), rd(0, "x"), rs(0, "x")])];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &both),
        "    {\n        float hlslcc_sincosTemp0 = r0.x;\n        r0.y = sin(hlslcc_sincosTemp0);\n        r0.x = cos(hlslcc_sincosTemp0);\n    }\n"
    );
    // Only the cosine destination aliases: still a local (the rule is
    // "either destination").
    let cos_only = [op(
        Opcode::Sincos,
        vec![rd(1, "x"), rd(2, "xy"), rs(2, "yxxx")],
    )];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &cos_only),
        "    {\n        vec2 hlslcc_sincosTemp0 = r2.xy;\n        r1.x = sin(hlslcc_sincosTemp0.y);\n        r2.xy = cos(hlslcc_sincosTemp0.yx);\n    }\n"
    );
    // Different masks: the local holds each source component the two
    // destinations read (x, z, w), each destination picks its positions.
    let union = [sat(op(
        Opcode::Sincos,
        vec![rd(0, "xw"), rd(1, "y"), rs(0, "zwyx")],
    ))];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &union),
        "    {\n        vec3 hlslcc_sincosTemp0 = r0.xzw;\n        r0.xw = sin(hlslcc_sincosTemp0.yx);\n        r0.xw = clamp(r0.xw, 0.0, 1.0);\n        r1.y = cos(hlslcc_sincosTemp0.z);\n        r1.y = clamp(r1.y, 0.0, 1.0);\n    }\n"
    );
    // No alias: two plain statements, sine first.
    let plain = [op(Opcode::Sincos, vec![rd(1, "x"), rd(2, "x"), rs(0, "x")])];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &plain),
        "    r1.x = sin(r0.x);\n    r2.x = cos(r0.x);\n"
    );
    // One null destination: one statement, even when it aliases.
    let null_cos = [op(
        Opcode::Sincos,
        vec![rd(0, "x"), Operand::null(), rs(0, "x")],
    )];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &null_cos),
        "    r0.x = sin(r0.x);\n"
    );
    let null_sin = [op(
        Opcode::Sincos,
        vec![Operand::null(), rd(0, "xy"), rs(0, "xyxx")],
    )];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &null_sin),
        "    r0.xy = cos(r0.xy);\n"
    );
    let none = [op(
        Opcode::Sincos,
        vec![Operand::null(), Operand::null(), rs(0, "x")],
    )];
    assert_eq!(unit(&dxlower_tests::webgl2_fast(), &none), "");
    // The source's relative index reads a destination register: local.
    let rel_src = [op(
        Opcode::Sincos,
        vec![rd(1, "x"), rd(2, "x"), cb_rel(1, rs(1, "x"), "x")],
    )];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &rel_src),
        "    {\n        float hlslcc_sincosTemp0 = cb0.data[floatBitsToInt(r1.x) + 1].x;\n        r1.x = sin(hlslcc_sincosTemp0);\n        r2.x = cos(hlslcc_sincosTemp0);\n    }\n"
    );
    // The sine destination is the cosine destination's index: cosine first.
    let moved = [op(
        Opcode::Sincos,
        vec![rd(1, "x"), x0_rel(0, rs(1, "x"), "x"), rs(0, "x")],
    )];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &moved),
        "    TempArray0[floatBitsToInt(r1.x)].x = cos(r0.x);\n    r1.x = sin(r0.x);\n"
    );
    // Each destination is the other's index (both write x0 and both
    // indices read x0): refused.
    let x0_0 = Operand::new(OperandType::IndexableTemp, s("x"), &[0, 0]);
    let x0_1 = Operand::new(OperandType::IndexableTemp, s("y"), &[0, 1]);
    let cyclic = [op(
        Opcode::Sincos,
        vec![x0_rel(0, x0_0, "x"), x0_rel(0, x0_1, "y"), rs(0, "x")],
    )];
    let err = lower_unit(&dxlower_tests::webgl2_fast(), &cyclic);
    assert!(
        err.as_ref().is_err_and(|e| e.contains("refused")),
        "{err:?}"
    );
}

#[test]
fn unit_min_max_nan_exact_uses_helpers() {
    let body = [
        op(
            Opcode::Min,
            vec![rd(0, "xy"), rs(1, "xyxx"), f4([1.0, 1.0, 0.0, 0.0])],
        ),
        op(Opcode::Max, vec![rd(0, "z"), rs(1, "z"), f1(0.0)]),
        op(
            Opcode::Min,
            vec![rd(1, "xyzw"), rs(2, "xyzw"), rs(3, "xyzw")],
        ),
    ];
    let default = unit(&dxlower_tests::webgl2_fast(), &body);
    assert_eq!(
        default,
        "    r0.xy = min(r1.xy, vec2(1.0, 1.0));\n    r0.z = max(r1.z, 0.0);\n    r1 = min(r2.xyzw, r3.xyzw);\n"
    );
    let exact = unit(&nan_exact(), &body);
    // Each helper once, before the body, and the calls use it.
    assert_eq!(exact.matches("float dx11_min(float a, float b)").count(), 1);
    assert_eq!(exact.matches("float dx11_max(float a, float b)").count(), 1);
    assert!(exact.ends_with(
        "    r0.xy = dx11_min(r1.xy, vec2(1.0, 1.0));\n    r0.z = dx11_max(r1.z, 0.0);\n    r1 = dx11_min(r2.xyzw, r3.xyzw);\n"
    ));
}

#[test]
fn unit_dp_forces_lane_counts() {
    let body = [
        op(Opcode::Dp2, vec![rd(0, "x"), rs(1, "xyzw"), rs(2, "wzyx")]),
        op(Opcode::Dp3, vec![rd(0, "yz"), rs(1, "xyzw"), rs(2, "xyzw")]),
        op(Opcode::Dp4, vec![rd(0, "xyzw"), rs(1, "x"), rs(2, "xyzw")]),
    ];
    assert_eq!(
        unit(&dxlower_tests::webgl2_fast(), &body),
        "    r0.x = dot(r1.xy, r2.wz);\n    r0.yz = vec2(dot(r1.xyz, r2.xyz));\n    r0 = vec4(dot(r1.xxxx, r2.xyzw));\n"
    );
}

#[test]
fn unit_errors_are_values() {
    // Too few operands and undeclared registers are errors, not panics.
    let mut short = Program::new(ProgramType::Pixel, 5, 0);
    short
        .instructions
        .push(op(Opcode::Add, vec![rd(0, "x"), rs(1, "x")]));
    let err = lower_program(&dxlower_tests::webgl2_fast(), &short);
    assert!(
        err.as_ref().is_err_and(|e| e.contains("operand 2")),
        "{err:?}"
    );
    let beyond = [op(Opcode::Mov, vec![rd(9, "x"), rs(0, "x")])];
    assert!(lower_unit(&dxlower_tests::webgl2_fast(), &beyond).is_err());
    let no_cb = [op(
        Opcode::Mul,
        vec![rd(0, "x"), Operand::cb(5, 0, s("x")), rs(0, "x")],
    )];
    assert!(lower_unit(&dxlower_tests::webgl2_fast(), &no_cb).is_err());
}

// ---------------------------------------------------------------------------
// End to end (the GLSL itself is pinned by tests/shaders/float_alu).
// ---------------------------------------------------------------------------

#[test]
fn min_max() {
    let body = [
        op(
            Opcode::Min,
            vec![rd(0, "xy"), rs(0, "xyxx"), f4([1.0, 1.0, 0.0, 0.0])],
        ),
        op(Opcode::Max, vec![rd(0, "z"), rs(0, "z"), f1(0.0)]),
        op(
            Opcode::Max,
            vec![rd(1, "xyzw"), neg(rs(1, "xyzw")), rs(1, "xyzw")],
        ),
        sat(op(Opcode::Min, vec![rd(2, "x"), v0("x"), cb(1, "y")])),
    ];
    let full = case_with("min_max_nan_exact", &nan_exact(), &body);
    // The helpers are emitted once each, ahead of main.
    let main_at = full.find("void main()").expect("main");
    for sig in [
        "float dx11_min(float a, float b)",
        "vec4 dx11_max(vec4 a, vec4 b)",
    ] {
        assert_eq!(full.matches(sig).count(), 1, "{sig}");
        assert!(full.find(sig).expect("helper") < main_at, "{sig}");
    }
}

#[test]
fn double_precision_is_refused_by_name() {
    let profile = dxlower_tests::webgl2_fast();
    let body = [Instruction::new(
        Opcode::Dmov,
        vec![
            Operand::temp(0, Components::Mask(0b0011)),
            Operand::immf64_2([1.0, 2.0]),
        ],
    )];
    let err = lower_unit(&profile, &body).expect_err("doubles have no GLSL ES 3.00 form");
    assert!(err.contains("refused"), "{err}");
    assert!(err.contains("dmov"), "{err}");
    assert!(err.contains("double"), "{err}");
}

// ---------------------------------------------------------------------------
// Drawn on Mesa: the D3D-exact `log` forms at their edge values.
// ---------------------------------------------------------------------------

/// The inputs of the `log` draws: ±0, ±denormals, ±Inf, NaNs of both signs
/// (with payloads), negative normals and a few positive normals.
const LOG_INPUTS: [u32; 16] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x0000_0001, // smallest denormal
    0x807f_ffff, // largest negative denormal
    0x7f80_0000, // +Inf
    0xff80_0000, // -Inf
    0x7fc0_0000, // NaN
    0xffc0_0001, // negative NaN with a payload
    0x7f80_0001, // signalling-pattern NaN
    0xbf80_0000, // -1
    0x4000_0000, // 2
    0x3f00_0000, // 0.5
    0x7f7f_ffff, // largest normal
    0x0080_0000, // smallest normal
    0x8080_0000, // smallest negative normal
    0x3f80_0000, // 1
];

/// D3D's `log` of the bits `x` after the source modifier `m` (`""`, `"-"`,
/// `"|"` for abs): `Ok(bits)` for a special value, `Err(log2)` for a
/// finite result (compared with a tolerance).
fn d3d_log(x: u32, m: &str) -> Result<u32, f32> {
    let v = match m {
        "|" => x & 0x7fff_ffff,
        "-" => x ^ 0x8000_0000,
        _ => x,
    };
    let a = v & 0x7fff_ffff;
    if a > 0x7f80_0000 {
        Ok(v)
    } else if a < 0x0080_0000 {
        Ok(0xff80_0000)
    } else if v >= 0x8000_0000 {
        Ok(0x7fc0_0000)
    } else if v == 0x7f80_0000 {
        Ok(v)
    } else {
        Err(f32::from_bits(v).log2())
    }
}

/// A pixel shader of `body` (writing `r0`) under the `webgl2` profile,
/// drawn with `cb0` = [`LOG_INPUTS`]; returns `r0`'s bits.
fn draw_log(body: &str) -> [u32; 4] {
    draw_with(body, &LOG_INPUTS)
}

/// A pixel shader of `body` (writing `r0`) under the `webgl2` profile,
/// drawn with `cb0[0..4]` = `cb`; returns `r0`'s bits.
fn draw_with(body: &str, cb: &[u32; 16]) -> [u32; 4] {
    use dxlower_gles::{Draw, Format, UniformBlock, Vertices};
    let text = format!(
        "// Output signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // SV_Target                0   xyzw        0   TARGET    uint   xyzw\n//\n\
         ps_5_0\ndcl_constantbuffer CB0[4], immediateIndexed\ndcl_output o0.xyzw\n\
         dcl_temps 1\n{body}\nmov o0.xyzw, r0.xyzw\nret\n"
    );
    let a = dxlower_dxbc::asm::parse(&text).unwrap_or_else(|e| panic!("assembler: {e}\n{text}"));
    let input = StageInput {
        program: &a.program,
        input_signature: a.input_signature.as_ref(),
        output_signature: a.output_signature.as_ref(),
        program_byte_offset: None,
        rdef: a.rdef.as_ref(),
    };
    let ps = dxlower_core::translate_stage(input, &dxlower_tests::build::profile("webgl2"))
        .unwrap_or_else(|e| panic!("translate: {e}\n{text}"));
    let vs = "#version 300 es\nin highp vec3 in_POSITION0;\n\
              void main() { gl_Position = vec4(in_POSITION0, 1.0); }\n";
    let blocks = [UniformBlock {
        name: "ConstantBuffer0".into(),
        data: cb.iter().flat_map(|w| w.to_le_bytes()).collect(),
    }];
    let drawn = dxlower_tests::build::with_gles(|r| {
        r.draw(&Draw {
            vs,
            fs: &ps.glsl,
            blocks: &blocks,
            format: Format::Rgba32Ui,
            width: 1,
            height: 1,
            vertices: &Vertices::quad_strip("in_POSITION0"),
            clear: [0xdead; 4],
        })
    })
    .unwrap_or_else(|e| panic!("draw: {e}\n{}", ps.glsl));
    drawn.image.pixel(0, 0).expect("one pixel")
}

#[test]
fn log_nan_exact_forms_give_d3d_values_on_mesa() {
    let lanes = ["x", "y", "z", "w"];
    let mut failures = Vec::new();
    for reg in 0..4u32 {
        for m in ["", "-", "|"] {
            let src = |sw: &str| match m {
                "|" => format!("|cb0[{reg}].{sw}|"),
                _ => format!("{m}cb0[{reg}].{sw}"),
            };
            // One vec4 read, scalar reads, and the vec2/vec3 widths.
            let bodies = [
                format!("log r0.xyzw, {}", src("xyzw")),
                lanes
                    .iter()
                    .map(|l| format!("log r0.{l}, {}", src(l)))
                    .collect::<Vec<_>>()
                    .join("\n"),
                format!("log r0.xy, {}\nlog r0.zw, {}", src("xyxx"), src("xxzw")),
                format!("log r0.xyz, {}\nlog r0.w, {}", src("xyzx"), src("w")),
            ];
            let got_all: Vec<[u32; 4]> = bodies.iter().map(|b| draw_log(b)).collect();
            for (body, got) in bodies.iter().zip(&got_all) {
                for (k, &g) in got.iter().enumerate() {
                    let x = LOG_INPUTS[reg as usize * 4 + k];
                    let ok = match d3d_log(x, m) {
                        Ok(want) => g == want,
                        Err(want) => (f32::from_bits(g) - want).abs() <= 1e-5 * want.abs().max(1.0),
                    };
                    if !ok {
                        failures.push(format!(
                            "{body:?} lane {k}: log({m}{x:#010x}) = {g:#010x}, want {:?}",
                            d3d_log(x, m)
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether `x` is a NaN pattern.
fn is_nan_bits(x: u32) -> bool {
    x & 0x7fff_ffff > 0x7f80_0000
}

/// `x` with a denormal flushed to a zero of its sign (D3D flushes the
/// inputs of arithmetic and of `min`/`max` comparisons).
fn flushed(x: u32) -> f32 {
    if x & 0x7f80_0000 == 0 {
        f32::from_bits(x & 0x8000_0000)
    } else {
        f32::from_bits(x)
    }
}

/// Whether `got` is an answer D3D allows for `min` (`max` when `is_max`)
/// of the bits `a`, `b`: a NaN operand loses to the other, two NaNs give
/// a NaN, equal operands (±0, a denormal and a zero) give either.
fn d3d_min_max_allows(a: u32, b: u32, is_max: bool, got: u32) -> bool {
    let same = |want: u32| got == want || (flushed(got) == flushed(want) && !is_nan_bits(got));
    match (is_nan_bits(a), is_nan_bits(b)) {
        (true, true) => is_nan_bits(got),
        (true, false) => same(b),
        (false, true) => same(a),
        (false, false) => {
            let (fa, fb) = (flushed(a), flushed(b));
            if fa == fb {
                same(a) || same(b)
            } else if (fa > fb) == is_max {
                same(a)
            } else {
                same(b)
            }
        }
    }
}

/// Whether `got` is D3D's `_sat` of the bits `x`: NaN and values at or
/// below zero give 0 (either zero), +Inf and values at or above one give
/// 1, a positive denormal may be kept or flushed.
fn d3d_sat_allows(x: u32, got: u32) -> bool {
    let zero = got == 0 || got == 0x8000_0000;
    if is_nan_bits(x) {
        return zero;
    }
    let v = flushed(x);
    if v <= 0.0 {
        zero || (x & 0x7f80_0000 == 0 && got == x)
    } else if v >= 1.0 {
        got == 0x3f80_0000
    } else {
        got == x
    }
}

/// `_sat`, `min` and `max` under `webgl2` (`nan_exact`) on Mesa, on every
/// pair of the special values of [`LOG_INPUTS`] (NaNs of both signs and a
/// payload, ±Inf, ±0, denormals, the normal range's ends): the results are
/// D3D's, for the vector and the scalar form of each helper and for a
/// literal second operand (whose `isnan` the driver folds away).
#[test]
fn sat_min_max_nan_exact_forms_give_d3d_values_on_mesa() {
    let mut failures = Vec::new();
    // _sat: every value through the vec4 and the scalar form.
    for reg in 0..4u32 {
        let bodies = [
            format!("mov_sat r0.xyzw, cb0[{reg}].xyzw"),
            ["x", "y", "z", "w"]
                .iter()
                .map(|l| format!("mov_sat r0.{l}, cb0[{reg}].{l}"))
                .collect::<Vec<_>>()
                .join("\n"),
        ];
        for body in &bodies {
            let got = draw_log(body);
            for (k, &g) in got.iter().enumerate() {
                let x = LOG_INPUTS[reg as usize * 4 + k];
                if !d3d_sat_allows(x, g) {
                    failures.push(format!("{body:?} lane {k}: sat({x:#010x}) = {g:#010x}"));
                }
            }
        }
    }
    // min/max: every ordered pair, four at a time (a in cb0[0], b in
    // cb0[1]), as vec4, as scalars, and against literals.
    let pairs: Vec<(u32, u32)> = LOG_INPUTS
        .iter()
        .flat_map(|&a| LOG_INPUTS.iter().map(move |&b| (a, b)))
        .collect();
    for chunk in pairs.chunks(4) {
        let mut cb = [0u32; 16];
        for (k, &(a, b)) in chunk.iter().enumerate() {
            cb[k] = a;
            cb[4 + k] = b;
        }
        for (opcode, is_max) in [("min", false), ("max", true)] {
            let bodies = [
                format!("{opcode} r0.xyzw, cb0[0].xyzw, cb0[1].xyzw"),
                ["x", "y", "z", "w"]
                    .iter()
                    .map(|l| format!("{opcode} r0.{l}, cb0[0].{l}, cb0[1].{l}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ];
            for body in &bodies {
                let got = draw_with(body, &cb);
                for (k, &(a, b)) in chunk.iter().enumerate() {
                    if !d3d_min_max_allows(a, b, is_max, got[k]) {
                        failures.push(format!(
                            "{body:?}: {opcode}({a:#010x}, {b:#010x}) = {:#010x}",
                            got[k]
                        ));
                    }
                }
            }
        }
    }
    // A literal second operand: fxc's clamps.
    for reg in 0..4u32 {
        for (body, lit, is_max) in [
            (format!("max r0.xyzw, cb0[{reg}].xyzw, l(0.0, 0.0, 0.0, 0.0)"), 0u32, true),
            (format!("min r0.xyzw, cb0[{reg}].xyzw, l(1.0, 1.0, 1.0, 1.0)"), 0x3f80_0000, false),
            (format!("max r0.x, cb0[{reg}].x, l(0.0)\nmax r0.y, cb0[{reg}].y, l(0.0)\nmax r0.z, cb0[{reg}].z, l(0.0)\nmax r0.w, cb0[{reg}].w, l(0.0)"), 0, true),
        ] {
            let got = draw_log(&body);
            for (k, &g) in got.iter().enumerate() {
                let a = LOG_INPUTS[reg as usize * 4 + k];
                if !d3d_min_max_allows(a, lit, is_max, g) {
                    failures.push(format!("{body:?} lane {k}: ({a:#010x}, {lit:#010x}) = {g:#010x}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
