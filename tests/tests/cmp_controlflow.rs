//! The cmp-controlflow family (families.md §4 and `swapc`, `call`,
//! `callc`, `label`, `nop` of §7): assertions about translated shaders
//! (every full shader checked with `glslangValidator`; the GLSL of each
//! opcode and operand shape is pinned by the shader tests
//! `tests/shaders/cmp_controlflow/*.asm` → `.glsl`); unit-level checks of
//! the stage epilogue, the nesting errors and the refusals; and the corpus
//! shaders whose opcodes all belong to the families implemented so far.

// Link every family so their handlers register (the linker drops crates
// nobody names).
extern crate dxlower_lowerings;

use dxlower_core::testing::Harness;
use dxlower_core::{Profile, Registry};
use dxlower_dxbc::{
    Components, Instruction, InterpolationMode, Modifier, Opcode, Operand, OperandType, ProgramType,
};
use dxlower_lowerings::cmp_controlflow::switches::DiscardMode;
use dxlower_tests::build::{m, op, rd, rs, s};
use dxlower_tests::{
    glslang, main_body, manifest, ps_isgn as isgn, ps_osgn as osgn, translate_corpus, Built,
};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Operand shorthands
// ---------------------------------------------------------------------------

/// `cb0[<reg>].<swizzle>`.
fn cb(reg: u32, swz: &str) -> Operand {
    Operand::cb(0, reg, s(swz))
}

/// `v0.<swizzle>` (TEXCOORD0, float4).
fn v0(swz: &str) -> Operand {
    Operand::input(0, s(swz))
}

/// `o<n>.<mask>`.
fn od(n: u32, mask: &str) -> Operand {
    Operand::output(n, m(mask))
}

/// `l<n>` (subroutine label).
fn label(n: u32) -> Operand {
    Operand::new(OperandType::Label, Components::Zero, &[n])
}

fn u1(v: u32) -> Operand {
    Operand::imm32(v)
}

fn u4(v: [u32; 4]) -> Operand {
    Operand::imm32_4(v)
}

fn f1(v: f32) -> Operand {
    Operand::immf32(v)
}

fn f4(v: [f32; 4]) -> Operand {
    Operand::immf32_4(v)
}

/// An instruction with no operands (`else`, `loop`, `ret`, ...).
fn bare(op: Opcode) -> Instruction {
    Instruction::new(op, vec![])
}

/// A `_nz` instruction on one condition operand (plus `rest`).
fn nz(op: Opcode, cond: Operand) -> Instruction {
    Instruction::new(op, vec![cond]).with_test_nonzero()
}

/// A `_z` instruction on one condition operand.
fn z(op: Opcode, cond: Operand) -> Instruction {
    Instruction::new(op, vec![cond])
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

/// A ps_5_0 program: cb0[8], v0 (linear), o0 float4, o1 int4, four temps,
/// then `body`, then `ret`.
fn program(body: &[Instruction]) -> Built {
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, 8),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
    ];
    insts.extend(body.iter().cloned());
    insts.push(bare(Opcode::Ret));
    Built::new(ProgramType::Pixel, 5, insts, Some(isgn()), Some(osgn()))
}

fn desktop() -> Profile {
    Profile {
        mobile_workarounds: false,
        ..dxlower_tests::webgl2_fast()
    }
}

fn with_discard(mode: DiscardMode) -> Profile {
    dxlower_tests::webgl2_fast()
        .with(dxlower_lowerings::cmp_controlflow::CmpControlflowSwitches { discard_mode: mode })
}

/// Translates `body` in the test program and checks the whole shader with
/// `glslangValidator`; returns it. The case `name` is pinned by
/// `tests/shaders/cmp_controlflow/<name>.glsl`.
fn case_with(name: &str, profile: &Profile, body: &[Instruction]) -> String {
    dxlower_tests::shader_case("cmp_controlflow", name);
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

fn case(name: &str, body: &[Instruction]) -> String {
    case_with(name, &dxlower_tests::webgl2_fast(), body)
}

/// The translation error of `body` in the test program, as text.
fn error(body: &[Instruction]) -> String {
    match program(body).translate(&dxlower_tests::webgl2_fast()) {
        Ok(out) => panic!("expected an error, got:\n{}", out.glsl),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------------------
// Unit level: the instruction handlers over a hand-built register model
// (no declaration handlers involved).
// ---------------------------------------------------------------------------

/// Runs only the instruction handlers of `body` over a register model with
/// 4 temps and `cb0[8]`, with `epilogue` as the stage epilogue, and returns
/// the body text.
fn lower_unit(
    stage: ProgramType,
    profile: &Profile,
    epilogue: &str,
    body: &[Instruction],
) -> Result<String, String> {
    let built = Built::new(stage, 5, body.to_vec(), None, None);
    let mut h = Harness::new(built.input(), profile);
    let d = h.decl_ctx();
    d.set_temps(4);
    d.insert_cbuffer(0, 8);
    d.epilogue(epilogue);
    h.run_instructions(&built.program.instructions)
        .map(|s| s.body)
}

// ---------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------
// ---------------------------------------------------------------------------
// Compares
// ---------------------------------------------------------------------------

#[test]
fn compare_float_scalar() {
    let out = case(
        "eq_scalar",
        &[
            op(Opcode::Eq, vec![rd(0, "x"), rs(1, "x"), f1(0.5)]),
            op(Opcode::Ge, vec![rd(0, "y"), v0("w"), cb(2, "z")]),
            op(Opcode::Lt, vec![rd(0, "z"), rs(1, "y"), f1(-1.0)]),
        ],
    );
    assert!(out.contains("r0.x = uintBitsToFloat((r1.x == 0.5) ? 0xFFFFFFFFu : uint(0));"));
}

#[test]
fn compare_float_vector() {
    let out = case(
        "lt_ge_eq_vector",
        &[
            op(
                Opcode::Lt,
                vec![rd(0, "xyzw"), rs(1, "xyzw"), cb(0, "xyzw")],
            ),
            // Masked with a swizzled source: the operands are read through
            // the mask and the bvec gets no swizzle.
            op(Opcode::Ge, vec![rd(2, "xz"), v0("yxwz"), rs(1, "zzzz")]),
            op(
                Opcode::Eq,
                vec![rd(3, "yzw"), rs(1, "xyzw"), f4([0.0, 1.0, 2.0, -0.0])],
            ),
        ],
    );
    assert!(out.contains(
        "r0 = uintBitsToFloat(uvec4(lessThan(r1.xyzw, cb0.data[0].xyzw)) * 0xFFFFFFFFu);"
    ));
    assert!(out.contains("r2.xz = uintBitsToFloat(uvec2(greaterThanEqual(vs_TEXCOORD0.yw"));
}

#[test]
fn compare_ne_is_unordered() {
    let out = case(
        "ne_scalar_vector",
        &[
            op(Opcode::Ne, vec![rd(0, "x"), rs(1, "x"), rs(1, "x")]),
            // Lanes y and z read components 1 and 2 of each swizzle.
            op(Opcode::Ne, vec![rd(0, "yz"), rs(1, "xzyx"), cb(1, "xyxx")]),
        ],
    );
    assert!(out.contains("(!(r1.x == r1.x)) ? 0xFFFFFFFFu"));
    assert!(out.contains("uvec2(not(equal(r1.zy, cb0.data[1].yx))) * 0xFFFFFFFFu"));
    assert!(!out.contains("!="), "float ne must not use the != operator");
}

#[test]
fn compare_int() {
    let out = case(
        "int_compares",
        &[
            op(Opcode::Ieq, vec![rd(0, "x"), rs(1, "x"), u1(0xFFFF_FFFF)]),
            op(
                Opcode::Ige,
                vec![rd(0, "yw"), rs(1, "yyww"), u4([0, 3, 0, 7])],
            ),
            op(
                Opcode::Ilt,
                vec![rd(1, "xyzw"), rs(2, "xyzw"), cb(3, "wzyx")],
            ),
            op(Opcode::Ine, vec![rd(2, "z"), cb(0, "z"), u1(0)]),
        ],
    );
    assert!(out.contains("(floatBitsToInt(r1.x) == int(0xffffffffu)) ? 0xFFFFFFFFu"));
    assert!(out.contains("greaterThanEqual(floatBitsToInt(r1.yw), ivec2(3, 7))"));
    assert!(out.contains("(floatBitsToInt(cb0.data[0].z) != 0) ?"));
}

#[test]
fn compare_uint_mobile_and_desktop() {
    let body = [
        op(Opcode::Uge, vec![rd(0, "xy"), rs(1, "xyxx"), rs(2, "zwzz")]),
        op(Opcode::Ult, vec![rd(0, "z"), rs(1, "z"), u1(16)]),
    ];
    let mobile = case("uint_compares_mobile", &body);
    assert!(mobile.contains(
        "uvec2(greaterThanEqual(uvec2(floatBitsToUint(r1.xy)), uvec2(floatBitsToUint(r2.zw))))"
    ));
    assert!(mobile.contains("(uint(floatBitsToUint(r1.z)) < 16u) ? 0xFFFFFFFFu : uint(0)"));
    let desktop = case_with("uint_compares_desktop", &desktop(), &body);
    assert!(desktop.contains("greaterThanEqual(floatBitsToUint(r1.xy), floatBitsToUint(r2.zw))"));
    assert!(desktop.contains("(floatBitsToUint(r1.z) < 16u) ? 0xFFFFFFFFu : 0u"));
}

#[test]
fn compare_modifiers_and_typed_output() {
    // A mask written to an int render target, and source modifiers applied
    // to the typed read.
    let out = case(
        "compare_to_int_output",
        &[
            op(
                Opcode::Lt,
                vec![
                    od(1, "xyzw"),
                    rs(1, "xyzw").with_modifier(Modifier::Neg),
                    rs(2, "xyzw").with_modifier(Modifier::Abs),
                ],
            ),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(1, "xyzw")]),
        ],
    );
    assert!(out
        .contains("SV_Target1 = ivec4(uvec4(lessThan((-r1.xyzw), abs(r2.xyzw))) * 0xFFFFFFFFu);"));
}

#[test]
fn compare_sat_is_malformed() {
    let e = error(&[op(Opcode::Eq, vec![rd(0, "x"), rs(1, "x"), f1(1.0)]).with_saturate()]);
    assert!(e.contains("saturate"), "{e}");
}

// ---------------------------------------------------------------------------
// Bitwise
// ---------------------------------------------------------------------------

#[test]
fn bitwise_scalar() {
    let out = case(
        "and_or_xor_scalar",
        &[
            op(Opcode::And, vec![rd(0, "x"), rs(0, "x"), u1(0x3f80_0000)]),
            op(Opcode::Or, vec![rd(0, "y"), rs(1, "y"), cb(0, "x")]),
            op(Opcode::Xor, vec![rd(0, "z"), rs(1, "z"), u1(0xFFFF_FFFF)]),
        ],
    );
    assert!(out.contains("r0.x = uintBitsToFloat(floatBitsToUint(r0.x) & 1065353216u);"));
}

#[test]
fn bitwise_vector_mobile_unrolls() {
    let out = case(
        "and_vector_mobile",
        &[
            op(
                Opcode::And,
                vec![rd(0, "xyz"), rs(1, "xyzx"), rs(2, "xxxx")],
            ),
            // Destination aliases a source with a permuting swizzle.
            op(
                Opcode::Xor,
                vec![rd(0, "xy"), rs(0, "yxyy"), u4([u32::MAX, 1, 0, 0])],
            ),
        ],
    );
    assert!(out.contains(
        "r0.xy = uintBitsToFloat(uvec2(floatBitsToUint(r0.y) ^ 4294967295u, floatBitsToUint(r0.x) ^ 1u));"
    ));
}

#[test]
fn bitwise_vector_desktop() {
    let out = case_with(
        "and_or_vector_desktop",
        &desktop(),
        &[
            op(
                Opcode::And,
                vec![rd(0, "xyz"), rs(1, "xyzx"), rs(2, "xxxx")],
            ),
            op(
                Opcode::Or,
                vec![rd(3, "xyzw"), rs(1, "xyzw"), cb(4, "xyzw")],
            ),
        ],
    );
    assert!(out
        .contains("r0.xyz = uintBitsToFloat(floatBitsToUint(r1.xyz) & floatBitsToUint(r2.xxx));"));
}

#[test]
fn not_mobile_and_desktop() {
    let body = [
        op(Opcode::Not, vec![rd(0, "x"), rs(1, "x")]),
        op(Opcode::Not, vec![rd(0, "yzw"), rs(1, "xyzw")]),
    ];
    let mobile = case("not_mobile", &body);
    assert!(mobile.contains("int op_not(int value)"));
    assert!(mobile.contains("r0.yzw = intBitsToFloat(op_not(floatBitsToInt(r1.yzw)));"));
    let desktop = case_with("not_desktop", &desktop(), &body);
    assert!(!desktop.contains("op_not"));
    assert!(desktop.contains("r0.x = uintBitsToFloat(~floatBitsToUint(r1.x));"));
}

// ---------------------------------------------------------------------------
// movc / swapc
// ---------------------------------------------------------------------------

#[test]
fn movc_shapes() {
    let out = case(
        "movc",
        &[
            // Replicated condition: one ternary over the vectors; the
            // integer immediate keeps its bits.
            op(
                Opcode::Movc,
                vec![rd(0, "xy"), rs(1, "xxxx"), rs(2, "xyxx"), u4([1, 0, 0, 0])],
            ),
            // Per-lane condition.
            op(
                Opcode::Movc,
                vec![rd(3, "xyzw"), rs(1, "xyzw"), cb(0, "xyzw"), f1(0.0)],
            ),
            // Destination aliases every source with swapped lanes.
            op(
                Opcode::Movc,
                vec![rd(0, "xy"), rs(0, "yxyy"), rs(0, "yxyy"), rs(1, "xyxx")],
            ),
            // _sat: the clamp is a second statement after the select.
            op(
                Opcode::Movc,
                vec![rd(1, "z"), rs(2, "w"), rs(1, "z"), f1(2.0)],
            )
            .with_saturate(),
        ],
    );
    assert!(out.contains(
        "r0.xy = (floatBitsToUint(r1.x) != uint(0)) ? r2.xy : vec2(uintBitsToFloat(0x00000001u), 0.0);"
    ));
    assert!(out.contains(
        "r0.xy = vec2((floatBitsToUint(r0.y) != uint(0)) ? r0.y : r1.x, (floatBitsToUint(r0.x) != uint(0)) ? r0.x : r1.y);"
    ));
    assert!(!out.contains("mix("));
}

#[test]
fn movc_to_int_output() {
    let out = case(
        "movc_int_output",
        &[
            op(
                Opcode::Movc,
                vec![od(1, "xy"), rs(1, "xyxx"), u4([7, 8, 0, 0]), rs(2, "xyxx")],
            ),
            op(Opcode::Mov, vec![od(1, "zw"), f1(0.0)]),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(1, "xyzw")]),
        ],
    );
    assert!(out.contains("SV_Target1.xy = floatBitsToInt(vec2("));
}

#[test]
fn swapc_shapes() {
    // The wine test_sm5_swapc_instruction shapes.
    let out = case(
        "swapc",
        &[
            op(
                Opcode::Swapc,
                vec![
                    rd(0, "xyzw"),
                    rd(1, "xyzw"),
                    cb(0, "xyzw"),
                    cb(1, "xyzw"),
                    cb(2, "xyzw"),
                ],
            ),
            // Destinations are the values.
            op(
                Opcode::Swapc,
                vec![
                    rd(0, "xyzw"),
                    rd(1, "xyzw"),
                    cb(0, "xyzw"),
                    rs(0, "xyzw"),
                    rs(1, "xyzw"),
                ],
            ),
            // The condition is a destination.
            op(
                Opcode::Swapc,
                vec![
                    rd(0, "xyzw"),
                    rd(1, "xyzw"),
                    rs(0, "xyzw"),
                    cb(1, "xyzw"),
                    cb(2, "xyzw"),
                ],
            ),
            // fxc's scalar and replicated-condition forms.
            op(
                Opcode::Swapc,
                vec![rd(2, "x"), rd(3, "x"), rs(0, "y"), rs(3, "w"), rs(0, "w")],
            ),
            op(
                Opcode::Swapc,
                vec![
                    rd(2, "xyz"),
                    rd(3, "xyz"),
                    rs(1, "xxxx"),
                    rs(3, "xyzx"),
                    rs(2, "xyzx"),
                ],
            ),
        ],
    );
    // Both values are computed before either destination is written: in
    // the aliased block, the second local precedes the write of r0.
    let second_local = out.find("vec4 hlslcc_swapc3 = ").expect("second local");
    let first_write = out.find("r0 = hlslcc_swapc2;").expect("write of r0");
    assert!(second_local < first_write, "{out}");
    // d0 takes src2 where the condition is set, d1 takes src1.
    assert!(out.contains("float hlslcc_swapc6 = (floatBitsToUint(r0.y) != uint(0)) ? r0.w : r3.w;"));
    assert!(
        out.contains("vec3 hlslcc_swapc9 = (floatBitsToUint(r1.x) != uint(0)) ? r3.xyz : r2.xyz;")
    );
}

#[test]
fn swapc_null_destination() {
    let out = case(
        "swapc_null",
        &[op(
            Opcode::Swapc,
            vec![
                Operand::null(),
                rd(1, "xy"),
                rs(0, "xyxx"),
                rs(1, "xyxx"),
                rs(2, "xyxx"),
            ],
        )],
    );
    assert_eq!(out.matches("hlslcc_swapc").count(), 2, "{out}");
}

// ---------------------------------------------------------------------------
// Structured flow
// ---------------------------------------------------------------------------

#[test]
fn if_else_endif() {
    let out = case(
        "if_else",
        &[
            nz(Opcode::If, rs(0, "x")),
            op(Opcode::Mov, vec![rd(1, "x"), f1(1.0)]),
            z(Opcode::If, cb(0, "w")),
            op(Opcode::Mov, vec![rd(1, "y"), f1(2.0)]),
            bare(Opcode::Else),
            op(Opcode::Mov, vec![rd(1, "y"), f1(3.0)]),
            bare(Opcode::Endif),
            bare(Opcode::Else),
            op(Opcode::Mov, vec![rd(1, "x"), f1(4.0)]),
            bare(Opcode::Endif),
        ],
    );
    assert!(out.contains("    if (floatBitsToUint(r0.x) != uint(0)) {\n"));
    assert!(out.contains("        if (floatBitsToUint(cb0.data[0].w) == uint(0)) {\n"));
    assert!(out.contains("        } else {\n"));
}

#[test]
fn loops_break_continue() {
    let out = case(
        "loop",
        &[
            op(Opcode::Mov, vec![rd(0, "x"), u1(0)]),
            bare(Opcode::Loop),
            op(Opcode::Ige, vec![rd(0, "y"), rs(0, "x"), u1(4)]),
            nz(Opcode::Breakc, rs(0, "y")),
            op(Opcode::Iadd, vec![rd(0, "x"), rs(0, "x"), u1(1)]),
            z(Opcode::Continuec, rs(0, "z")),
            bare(Opcode::Loop),
            bare(Opcode::Break),
            bare(Opcode::Endloop),
            bare(Opcode::Continue),
            bare(Opcode::Endloop),
        ],
    );
    assert!(out.contains("    while (true) {\n"));
    assert!(out.contains("        if (floatBitsToUint(r0.y) != uint(0)) { break; }\n"));
    assert!(out.contains("        if (floatBitsToUint(r0.z) == uint(0)) { continue; }\n"));
}

#[test]
fn switch_fallthrough_and_labels() {
    let out = case(
        "switch",
        &[
            op(Opcode::Switch, vec![rs(0, "x")]),
            // Two labels sharing a body.
            op(Opcode::Case, vec![u1(0)]),
            op(Opcode::Case, vec![u1(1)]),
            op(Opcode::Mov, vec![rd(1, "x"), f1(1.0)]),
            bare(Opcode::Break),
            // Fall-through into the next label.
            op(Opcode::Case, vec![u1(0xFFFF_FFFF)]),
            op(Opcode::Mov, vec![rd(1, "y"), f1(2.0)]),
            op(Opcode::Case, vec![u1(0x8000_0000)]),
            op(Opcode::Mov, vec![rd(1, "z"), f1(3.0)]),
            bare(Opcode::Break),
            // A label last: GLSL needs a statement before the `}`.
            bare(Opcode::Default),
            bare(Opcode::Endswitch),
        ],
    );
    assert!(out.contains("    switch (floatBitsToInt(r0.x)) {\n        case 0:\n        case 1:\n"));
    assert!(out.contains("        case int(0xffffffffu):\n"));
    assert!(out.contains("        default:\n            break;\n    }\n"));
}

#[test]
fn ret_retc() {
    let out = case(
        "ret_retc",
        &[
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(0, "xyzw")]),
            nz(Opcode::Retc, rs(1, "w")),
            nz(Opcode::If, rs(1, "z")),
            bare(Opcode::Ret),
            bare(Opcode::Endif),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(2, "xyzw")]),
        ],
    );
    assert_eq!(out.matches("return;").count(), 3, "{out}");
}

#[test]
fn discard_immediate() {
    let out = case_with(
        "discard_immediate",
        &with_discard(DiscardMode::Immediate),
        &[
            nz(Opcode::Discard, rs(0, "x")),
            z(Opcode::Discard, cb(0, "y")),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(0, "xyzw")]),
        ],
    );
    assert!(out.contains("if (floatBitsToUint(r0.x) != uint(0)) { discard; }"));
    assert!(!out.contains("hlslcc_discard"));
}

#[test]
fn discard_auto_without_derivatives_is_immediate() {
    let out = case_with(
        "discard_auto",
        &dxlower_tests::webgl2_fast(),
        &[
            nz(Opcode::Discard, rs(0, "x")),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(0, "xyzw")]),
        ],
    );
    assert!(!out.contains("hlslcc_discard"));
}

#[test]
fn discard_auto_with_a_later_derivative_defers() {
    // `deriv_rtx` after the discard needs the quad alive: `auto` defers.
    let out = case_with(
        "discard_auto_derivative",
        &dxlower_tests::webgl2_fast(),
        &[
            nz(Opcode::Discard, rs(0, "x")),
            op(Opcode::DerivRtx, vec![rd(1, "xy"), v0("xyxx")]),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(1, "xyzw")]),
        ],
    );
    assert!(out.contains("{ hlslcc_discard = true; }"));
    assert!(out.contains("    if (hlslcc_discard) { discard; }\n    return;\n}"));
    // The same program with the derivative before the discard stays
    // immediate.
    let out = case_with(
        "discard_auto_derivative_before",
        &dxlower_tests::webgl2_fast(),
        &[
            op(Opcode::DerivRtx, vec![rd(1, "xy"), v0("xyxx")]),
            nz(Opcode::Discard, rs(0, "x")),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(1, "xyzw")]),
        ],
    );
    assert!(!out.contains("hlslcc_discard"));
}

#[test]
fn discard_deferred() {
    let out = case_with(
        "discard_deferred",
        &with_discard(DiscardMode::Deferred),
        &[
            nz(Opcode::If, rs(1, "x")),
            // A return before the discard in program order still checks
            // the flag (a loop could have set it earlier).
            bare(Opcode::Ret),
            bare(Opcode::Endif),
            nz(Opcode::Discard, rs(0, "x")),
            op(Opcode::Mov, vec![od(0, "xyzw"), rs(0, "xyzw")]),
        ],
    );
    assert!(out.contains("bool hlslcc_discard = false;\n"));
    assert_eq!(out.matches("bool hlslcc_discard").count(), 1);
    assert!(out.contains("if (floatBitsToUint(r0.x) != uint(0)) { hlslcc_discard = true; }"));
    assert_eq!(
        out.matches("if (hlslcc_discard) { discard; }\n").count(),
        2,
        "{out}"
    );
}

#[test]
fn nop_is_nothing() {
    let with = program(&[
        bare(Opcode::Nop),
        op(Opcode::Mov, vec![rd(0, "x"), f1(1.0)]),
    ])
    .translate(&dxlower_tests::webgl2_fast())
    .expect("translates");
    let without = program(&[op(Opcode::Mov, vec![rd(0, "x"), f1(1.0)])])
        .translate(&dxlower_tests::webgl2_fast())
        .expect("translates");
    assert_eq!(with.glsl, without.glsl);
}

// ---------------------------------------------------------------------------
// Subroutines
// ---------------------------------------------------------------------------

#[test]
fn call_label_functions() {
    let body = [
        op(Opcode::Call, vec![label(1)]),
        Instruction::new(Opcode::Callc, vec![rs(0, "x"), label(0)]),
        op(Opcode::Mov, vec![od(0, "xyzw"), rs(0, "xyzw")]),
        bare(Opcode::Ret),
        Instruction::new(Opcode::Label, vec![label(0)]),
        op(Opcode::Add, vec![rd(0, "xyzw"), rs(0, "xyzw"), v0("xyzw")]),
        nz(Opcode::Retc, rs(0, "w")),
        op(Opcode::Call, vec![label(1)]),
        bare(Opcode::Ret),
        Instruction::new(Opcode::Label, vec![label(1)]),
        nz(Opcode::If, cb(0, "x")),
        op(Opcode::Mov, vec![rd(0, "xyzw"), cb(1, "xyzw")]),
        bare(Opcode::Ret),
        bare(Opcode::Endif),
        op(Opcode::Mov, vec![rd(0, "xyzw"), cb(2, "xyzw")]),
    ];
    // `program` appends the final `ret` (the end of sub_1).
    let built = program(&body);
    let out = built
        .translate(&dxlower_tests::webgl2_fast())
        .unwrap_or_else(|e| panic!("translation failed: {e}"));
    glslang(&out.glsl, ProgramType::Pixel)
        .unwrap_or_else(|log| panic!("glslang rejects:\n{}\n{log}", out.glsl));
    // The functions' text is pinned by tests/shaders/cmp_controlflow/call_label.glsl.
    dxlower_tests::shader_case("cmp_controlflow", "call_label");
    assert!(out.glsl.contains("void sub_0();"), "prototypes");
    let main = main_body(&out.glsl);
    assert!(main.contains("    sub_1();\n"));
    assert!(main.contains("if (floatBitsToUint(r0.x) == uint(0)) { sub_0(); }"));
    assert!(!main.contains("void sub_"));
    // With instruction comments the `label` comments land between the
    // functions; the shader still compiles.
    let commented = Profile {
        instruction_comments: true,
        ..dxlower_tests::webgl2_fast()
    };
    let out = built.translate(&commented).expect("translates");
    assert!(out.glsl.contains("// label l1"), "{}", out.glsl);
    glslang(&out.glsl, ProgramType::Pixel)
        .unwrap_or_else(|log| panic!("glslang rejects:\n{}\n{log}", out.glsl));
}

#[test]
fn subroutine_errors() {
    let e = error(&[op(Opcode::Call, vec![label(3)])]);
    assert!(e.contains("no `label` defines"), "{e}");
    // A subroutine body that does not end with a top-level `ret`: its
    // `loop` is still open where the next body starts (the core's
    // structure check, before any lowering).
    let e = error(&[
        bare(Opcode::Ret),
        Instruction::new(Opcode::Label, vec![label(0)]),
        bare(Opcode::Loop),
        bare(Opcode::Ret),
        Instruction::new(Opcode::Label, vec![label(1)]),
    ]);
    assert!(
        e.contains("`loop`: not closed before the end of its body"),
        "{e}"
    );
    // Interface function bodies are refused (not a bug).
    let fb = Operand::new(OperandType::FunctionBody, Components::Zero, &[0]);
    let e = error(&[bare(Opcode::Ret), Instruction::new(Opcode::Label, vec![fb])]);
    assert!(e.starts_with("refused"), "{e}");
}

// ---------------------------------------------------------------------------
// Unit level: epilogue, nesting errors
// ---------------------------------------------------------------------------

#[test]
fn epilogue_before_every_return() {
    let epilogue = "    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;\n    if (true) {\n        gl_Position.w = 1.0;\n    }\n";
    let body = [
        nz(Opcode::If, rs(0, "x")),
        bare(Opcode::Ret),
        bare(Opcode::Endif),
        z(Opcode::Retc, rs(0, "y")),
        bare(Opcode::Ret),
    ];
    let text = lower_unit(
        ProgramType::Vertex,
        &dxlower_tests::webgl2_fast(),
        epilogue,
        &body,
    )
    .expect("lowers");
    let expected = "    if (floatBitsToUint(r0.x) != uint(0)) {
        gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
        if (true) {
            gl_Position.w = 1.0;
        }
        return;
    }
    if (floatBitsToUint(r0.y) == uint(0)) {
        gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
        if (true) {
            gl_Position.w = 1.0;
        }
        return;
    }
    gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;
    if (true) {
        gl_Position.w = 1.0;
    }
    return;
";
    assert_eq!(text, expected);
}

#[test]
fn subroutine_returns_skip_the_epilogue() {
    let body = [
        op(Opcode::Call, vec![label(0)]),
        bare(Opcode::Ret),
        Instruction::new(Opcode::Label, vec![label(0)]),
        bare(Opcode::Ret),
    ];
    let text = lower_unit(
        ProgramType::Vertex,
        &dxlower_tests::webgl2_fast(),
        "EPILOGUE;\n",
        &body,
    )
    .expect("lowers");
    // Only main's body is in `body`; its one return runs the epilogue.
    assert_eq!(text, "    sub_0();\n    EPILOGUE;\n    return;\n");
}

#[test]
fn nesting_errors() {
    let cases: Vec<(Vec<Instruction>, &str)> = vec![
        (vec![bare(Opcode::Else)], "no open `if`"),
        (vec![bare(Opcode::Endif)], "no open `if`"),
        (
            vec![
                nz(Opcode::If, rs(0, "x")),
                bare(Opcode::Else),
                bare(Opcode::Else),
            ],
            "no open `if` without `else`",
        ),
        (
            vec![bare(Opcode::Loop), bare(Opcode::Endif)],
            "no open `if`",
        ),
        (vec![bare(Opcode::Endloop)], "no open `loop`"),
        (vec![bare(Opcode::Break)], "not inside a `loop` or `switch`"),
        (
            vec![nz(Opcode::Continuec, rs(0, "x"))],
            "not inside a `loop`",
        ),
        (
            vec![op(Opcode::Switch, vec![rs(0, "x")]), bare(Opcode::Continue)],
            "not followed by `case`",
        ),
        (vec![op(Opcode::Case, vec![u1(1)])], "outside the top level"),
        (
            vec![
                op(Opcode::Switch, vec![rs(0, "x")]),
                bare(Opcode::Default),
                bare(Opcode::Loop),
                op(Opcode::Case, vec![u1(1)]),
            ],
            "outside the top level",
        ),
        (vec![bare(Opcode::Endswitch)], "no open `switch`"),
        (
            vec![
                op(Opcode::Switch, vec![rs(0, "x")]),
                op(Opcode::Case, vec![rs(0, "x")]),
            ],
            "not a 32-bit immediate",
        ),
    ];
    for (body, want) in cases {
        let e = lower_unit(ProgramType::Pixel, &dxlower_tests::webgl2_fast(), "", &body)
            .expect_err("malformed nesting must fail");
        assert!(e.contains(want), "{e} (wanted {want})");
    }
    let e = lower_unit(
        ProgramType::Vertex,
        &dxlower_tests::webgl2_fast(),
        "",
        &[nz(Opcode::Discard, rs(0, "x"))],
    )
    .expect_err("discard in a vertex shader");
    assert!(e.contains("pixel shader"), "{e}");
}

// ---------------------------------------------------------------------------
// Corpus: shaders within the implemented families
// ---------------------------------------------------------------------------

/// Families whose shaders are checked end to end here.
const FAMILIES: &[&str] = &["decl-io", "float-alu", "integer-conv", "cmp-controlflow"];

#[test]
fn corpus_shaders_within_the_families() {
    let reg = Registry::global().expect("registry builds");
    let profile = dxlower_targets::load("webgl2").expect("webgl2 profile");
    let mut in_scope = 0usize;
    let mut validated = 0usize;
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut with_flow = 0usize;
    let mut malformed = Vec::new();
    for e in manifest() {
        if !matches!(e.stage.as_str(), "vs" | "ps") {
            continue;
        }
        let bytes = dxlower_tests::read_corpus(&e.file);
        let Ok(shader) = dxlower_dxbc::parse(&bytes) else {
            continue;
        };
        let ops: Vec<Opcode> = shader
            .program
            .instructions
            .iter()
            .map(|x| x.opcode)
            .collect();
        let within = ops.iter().all(|&op| {
            reg.family_of(op)
                .is_some_and(|f| FAMILIES.contains(&f) && reg.get(op).is_some())
        });
        if !within {
            continue;
        }
        in_scope += 1;
        if ops.iter().any(|op| {
            matches!(
                op,
                Opcode::If | Opcode::Loop | Opcode::Switch | Opcode::Movc | Opcode::Discard
            )
        }) {
            with_flow += 1;
        }
        match translate_corpus(&e.file, &profile) {
            Ok(out) => match glslang(&out.glsl, out.stage) {
                Ok(()) => validated += 1,
                Err(log) => failures.push(format!("{}: glslang:\n{log}", e.file)),
            },
            // vkd3d's invalid-shader test (`break` outside any loop) must
            // be reported as an invalid program, not lowered.
            Err(err @ dxlower_core::TranslateError::InvalidProgram { .. }) => {
                malformed.push(format!("{}: {err}", e.file));
            }
            Err(dxlower_core::TranslateError::Refused { refusal, .. }) => {
                *refused.entry(refusal.what.clone()).or_default() += 1;
            }
            Err(dxlower_core::TranslateError::StageRefused(r)) => {
                *refused.entry(r.what.clone()).or_default() += 1;
            }
            Err(err) => failures.push(format!("{}: {err}", e.file)),
        }
    }
    println!(
        "corpus VS/PS within {FAMILIES:?}: {in_scope} (with if/loop/switch/movc/discard: {with_flow}); \
         {validated} translated and validated, {} refused, {} rejected as malformed, {} failed",
        refused.values().sum::<usize>(),
        malformed.len(),
        failures.len()
    );
    for m in &malformed {
        println!("  malformed: {m}");
    }
    for (what, n) in &refused {
        println!("  refused {n:>4}  {what}");
    }
    assert!(
        failures.is_empty(),
        "{} shaders failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(in_scope > 0, "no corpus shader within {FAMILIES:?}");
    assert_eq!(
        malformed.len(),
        1,
        "exactly the vkd3d invalid `break` shader is malformed: {malformed:?}"
    );
    assert!(malformed[0].contains("not inside a `loop` or `switch`"));
    assert!(
        with_flow > 0,
        "no in-scope corpus shader uses this family's flow"
    );
}
