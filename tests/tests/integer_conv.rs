//! The integer-conv family (lowerings/integer-conv/docs/integer-conv.md).
//!
//! Two kinds of tests:
//! - per-opcode shapes: the shader tests `tests/shaders/integer_conv/*.asm`
//!   pin the GLSL of each shape (and, in `helpers.glsl`, every helper
//!   function's text); here, assertions about those shaders (a small pixel
//!   shader built with the encoder, its full GLSL checked with
//!   `glslangValidator`);
//! - numeric checks: the translated instructions, helpers included, run on
//!   Mesa's GLES 3.0 (llvmpipe) through the headless runner, one pixel per
//!   case with its operands in `cb0`, and every result word is compared
//!   with an independent Rust reference of the D3D rule (edge cases and
//!   pseudo-random inputs, including the shared conformance rows' inputs).

use dxlower_core::Status;
use dxlower_core::{Profile, TranslateError};
use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    Components, Index, Instruction, InterpolationMode, Modifier, Opcode, Operand, Payload,
    ProgramType, Signature, SignatureElement, SignatureSystemValue, SystemValue,
};
use dxlower_gles::{Draw, Format, Runner, UniformBlock, Vertices};
use dxlower_lowerings::integer_conv::switches::{F32ToF16, FtoiFtou};
use dxlower_tests::build::{l, rd, rs};
use dxlower_tests::{glslang, main_body, Built};

// Force-link every family.
use dxlower_lowerings as _;

// ---------------------------------------------------------------------------
// Program building

/// `o<reg>.<mask>` as a destination.
fn od(reg: u32, mask: &str) -> Operand {
    Operand::output(reg, Components::mask(mask).expect("mask letters"))
}

/// `cb0[<reg>].<swizzle>`.
fn cb(reg: u32, swz: &str) -> Operand {
    Operand::cb(0, reg, Components::swizzle(swz).expect("swizzle letters"))
}

/// `v0.<swizzle>` (TEXCOORD0, float4).
fn v0(swz: &str) -> Operand {
    Operand::input(0, Components::swizzle(swz).expect("swizzle letters"))
}

fn null() -> Operand {
    Operand::null()
}

fn l4(v: [u32; 4]) -> Operand {
    Operand::imm32_4(v)
}

fn inst(op: Opcode, operands: Vec<Operand>) -> Instruction {
    Instruction::new(op, operands)
}

/// The `webgl2` profile (the schema's defaults).
fn webgl2() -> Profile {
    dxlower_tests::webgl2_fast()
}

fn element(name: &str, index: u32, register: u32, ty: ComponentType) -> SignatureElement {
    let system_value = if name == "SV_Target" {
        SignatureSystemValue::Target
    } else {
        SignatureSystemValue::Undefined
    };
    SignatureElement {
        name: name.to_string(),
        semantic_index: index,
        system_value,
        component_type: ty,
        register,
        mask: 0xF,
        rw_mask: 0xF,
        reserved: 0,
        stream: 0,
        min_precision: MinPrecision::Default,
    }
}

/// A ps_5_0 program: `cb0[4]`, `v0` = TEXCOORD0 float4 (linear),
/// `o0` = SV_Target0 float4, `o1` = SV_Target1 int4, `o2` = SV_Target2
/// uint4, four temps, then `body`, then `ret`.
fn program(body: &[Instruction]) -> Built {
    program_with(&[], Vec::new(), body)
}

/// [`program`] with more input declarations `decls` (after `v0`'s) and
/// their signature elements `inputs`.
fn program_with(
    decls: &[Instruction],
    inputs: Vec<SignatureElement>,
    body: &[Instruction],
) -> Built {
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, 4),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
    ];
    insts.extend(decls.iter().cloned());
    insts.extend([
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_output(2, 0xF),
        Instruction::dcl_temps(4),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let isgn = Signature {
        fourcc: *b"ISGN",
        elements_offset: 8,
        elements: std::iter::once(element("TEXCOORD", 0, 0, ComponentType::Float32))
            .chain(inputs)
            .collect(),
    };
    let osgn = Signature {
        fourcc: *b"OSGN",
        elements_offset: 8,
        elements: vec![
            element("SV_Target", 0, 0, ComponentType::Float32),
            element("SV_Target", 1, 1, ComponentType::Sint32),
            element("SV_Target", 2, 2, ComponentType::Uint32),
        ],
    };
    Built::new(ProgramType::Pixel, 5, insts, Some(isgn), Some(osgn))
}

/// Translates `body` in the test program with `profile`, checks the full
/// text with glslang and returns it.
fn translate(profile: &Profile, body: &[Instruction]) -> String {
    translate_built(profile, program(body))
}

/// Translates `built` with `profile`, checks the full text with glslang
/// and returns it.
fn translate_built(profile: &Profile, built: Built) -> String {
    let out = built
        .translate(profile)
        .unwrap_or_else(|e| panic!("translation failed: {e}"));
    if let Err(log) = glslang(&out.glsl, ProgramType::Pixel) {
        panic!(
            "glslang rejects the output:\n{log}\n--- GLSL ---\n{}",
            out.glsl
        );
    }
    out.glsl
}

/// Translates `body` (the full text checked with glslang) and returns the
/// body of `main`. The case `name` is pinned by
/// `tests/shaders/integer_conv/<name>.glsl`.
fn case_body(name: &str, profile: &Profile, body: &[Instruction]) -> String {
    dxlower_tests::shader_case("integer_conv", name);
    main_body(&translate(profile, body))
}

fn translate_err(body: &[Instruction]) -> TranslateError {
    match program(body).translate(&webgl2()) {
        Ok(out) => panic!("expected an error, got:\n{}", out.glsl),
        Err(e) => e,
    }
}
// ---------------------------------------------------------------------------
// Shapes: arithmetic

#[test]
fn iadd_imad_umad_ineg() {
    let b = case_body(
        "iadd_imad_umad_ineg",
        &webgl2(),
        &[
            // isub as fxc encodes it: iadd with a negated source.
            inst(
                Opcode::Iadd,
                vec![
                    rd(0, "x"),
                    cb(0, "x"),
                    rs(2, "x").with_modifier(Modifier::Neg),
                ],
            ),
            // -1 and 0x7fffffff keep their bits as int literals.
            inst(
                Opcode::Iadd,
                vec![
                    rd(0, "xy"),
                    rs(1, "xyxx"),
                    l4([0xffff_ffff, 0x7fff_ffff, 0, 0]),
                ],
            ),
            inst(
                Opcode::Imad,
                vec![rd(0, "xy"), rs(1, "xyxx"), l4([3, 3, 0, 0]), rs(2, "xyxx")],
            ),
            inst(Opcode::Umad, vec![rd(0, "z"), rs(1, "x"), cb(1, "y"), l(7)]),
            inst(Opcode::Ineg, vec![rd(0, "y"), rs(0, "y")]),
            inst(
                Opcode::Ineg,
                vec![od(1, "xyzw"), rs(2, "wzyx").with_modifier(Modifier::Neg)],
            ),
        ],
    );
    assert!(
        b.contains("floatBitsToInt(cb0.data[0].x) + (-floatBitsToInt(r2.x))"),
        "{b}"
    );
    assert!(
        b.contains("ivec2(int(0xffffffffu), int(0x7fffffffu))"),
        "{b}"
    );
    // The int output is written without a bitcast.
    assert!(
        b.contains("SV_Target1 = -(-floatBitsToInt(r2.wzyx));"),
        "{b}"
    );
}

#[test]
fn min_max_keep_their_signedness() {
    let b = case_body(
        "min_max",
        &webgl2(),
        &[
            inst(Opcode::Imax, vec![rd(0, "x"), rs(0, "x"), l(0)]),
            inst(Opcode::Imin, vec![rd(0, "y"), rs(0, "y"), l(15)]),
            inst(
                Opcode::Umax,
                vec![rd(0, "zw"), rs(1, "xxzw"), rs(1, "yyyy")],
            ),
            inst(Opcode::Umin, vec![od(2, "x"), rs(1, "x"), l(7)]),
        ],
    );
    assert!(b.contains("max(floatBitsToInt(r0.x), 0)"), "{b}");
    assert!(b.contains("min(floatBitsToInt(r0.y), 15)"), "{b}");
    assert!(
        b.contains("max(floatBitsToUint(r1.zw), floatBitsToUint(r1.yy))"),
        "{b}"
    );
    assert!(
        b.contains("SV_Target2.x = min(floatBitsToUint(r1.x), 7u);"),
        "{b}"
    );
}

// ---------------------------------------------------------------------------
// Shapes: shifts

fn shifts() -> Vec<Instruction> {
    vec![
        // fxc emits immediate counts >= 32: folded to `& 31`.
        inst(
            Opcode::Ishl,
            vec![rd(0, "xyzw"), rs(0, "xyzw"), l4([2, 2, 34, 34])],
        ),
        inst(
            Opcode::Ishl,
            vec![rd(1, "xy"), rs(1, "xyxx"), l4([1, 33, 0, 0])],
        ),
        inst(Opcode::Ishr, vec![rd(1, "x"), rs(1, "x"), l(38)]),
        inst(
            Opcode::Ishr,
            vec![rd(1, "zw"), rs(1, "zzzw"), rs(2, "xxxy")],
        ),
        inst(Opcode::Ushr, vec![rd(2, "x"), cb(0, "x"), rs(0, "y")]),
        inst(Opcode::Ushr, vec![rd(2, "yz"), rs(2, "xyzx"), l(16)]),
        // A negative immediate count keeps its low 5 bits (31).
        inst(Opcode::Ishl, vec![rd(3, "x"), l(1), l(0xffff_ffff)]),
    ]
}

#[test]
fn shifts_mask_counts_mobile() {
    let b = case_body("shifts_mobile", &webgl2(), &shifts());
    // Immediate counts folded, register counts masked, lanes unrolled.
    assert!(b.contains("floatBitsToInt(r0.z) << 2"), "{b}");
    assert!(!b.contains("<< 34") && !b.contains(">> 38"), "{b}");
    assert!(b.contains(">> (floatBitsToUint(r0.y) & 31u)"), "{b}");
    assert!(
        b.contains("floatBitsToInt(r1.w) >> (floatBitsToInt(r2.y) & 31)"),
        "{b}"
    );
    assert!(b.contains("r3.x = intBitsToFloat(1 << 31);"), "{b}");
}

#[test]
fn shifts_mask_counts_vector() {
    let p = Profile {
        mobile_workarounds: false,
        ..webgl2()
    };
    let b = case_body("shifts_vector", &p, &shifts());
    // Equal immediate counts print as one scalar count.
    assert!(b.contains("floatBitsToInt(r0.xyzw) << 2)"), "{b}");
    assert!(b.contains("floatBitsToInt(r1.xy) << 1)"), "{b}");
    assert!(b.contains(">> (floatBitsToInt(r2.xy) & 31)"), "{b}");
}

// ---------------------------------------------------------------------------
// Shapes: conversions

#[test]
fn itof_utof_never_merge() {
    let b = case_body(
        "itof_utof",
        &webgl2(),
        &[
            inst(Opcode::Itof, vec![rd(0, "xy"), rs(1, "xyxx")]),
            inst(Opcode::Utof, vec![rd(0, "z"), rs(1, "z")]),
            inst(Opcode::Utof, vec![od(0, "w"), cb(2, "w")]).with_saturate(),
        ],
    );
    assert!(b.contains("vec2(floatBitsToInt(r1.xy))"), "{b}");
    assert!(b.contains("float(floatBitsToUint(r1.z))"), "{b}");
    assert!(b.contains("clamp(SV_Target0.w, 0.0, 1.0)"), "{b}");
}

fn ftoi_ftou() -> Vec<Instruction> {
    vec![
        inst(Opcode::Ftoi, vec![rd(0, "xy"), v0("xyxx")]),
        inst(Opcode::Ftou, vec![rd(0, "z"), rs(1, "z")]),
        inst(Opcode::Ftou, vec![rd(1, "xyzw"), rs(1, "xyzw")]),
        inst(Opcode::Ftoi, vec![od(1, "xyzw"), v0("xyzw")]),
    ]
}

#[test]
fn ftoi_ftou_d3d_exact() {
    let glsl = translate(&webgl2(), &ftoi_ftou());
    // One helper per width used, each defined once; no `if` in any.
    for def in [
        "ivec2 dx11_ftoi2(vec2 v)",
        "ivec4 dx11_ftoi4(vec4 v)",
        "uint dx11_ftou(float v)",
        "uvec4 dx11_ftou4(vec4 v)",
    ] {
        assert_eq!(glsl.matches(def).count(), 1, "{def}:\n{glsl}");
    }
    assert!(!glsl.contains("int dx11_ftoi(float v)"), "{glsl}");
    assert!(!glsl.contains("if ("), "{glsl}");
    let b = case_body("ftoi_ftou_d3d_exact", &webgl2(), &ftoi_ftou());
    // One call per instruction on the whole vector.
    for line in [
        "r0.xy = intBitsToFloat(dx11_ftoi2(vs_TEXCOORD0.xy));",
        "r0.z = uintBitsToFloat(dx11_ftou(r1.z));",
        "r1 = uintBitsToFloat(dx11_ftou4(r1.xyzw));",
        "SV_Target1 = dx11_ftoi4(vs_TEXCOORD0.xyzw);",
    ] {
        assert!(b.contains(line), "{line}:\n{b}");
    }
}

#[test]
fn ftoi_ftou_bare() {
    let p = webgl2().with(dxlower_lowerings::integer_conv::IntegerConvSwitches {
        ftoi_ftou: FtoiFtou::Bare,
        ..Default::default()
    });
    let glsl = translate(&p, &ftoi_ftou());
    assert!(!glsl.contains("dx11_"), "{glsl}");
    let b = case_body("ftoi_ftou_bare", &p, &ftoi_ftou());
    assert!(b.contains("r0.z = uintBitsToFloat(uint(r1.z));"), "{b}");
}

/// The test program with `v1` = `SV_Position` (`dcl_input_ps_siv v1.xyzw,
/// position`): the body of `main`, the full text checked with glslang.
fn translate_with_position(profile: &Profile, body: &[Instruction]) -> String {
    let position = Instruction::decl(
        Opcode::DclInputPsSiv,
        vec![Operand::input(1, Components::Mask(0xF))],
        Payload::SystemValue(SystemValue::Position),
    )
    .with_control_field(
        11,
        14,
        InterpolationMode::LinearNoPerspective.to_u8() as u32,
    );
    let mut pos = element("SV_Position", 0, 1, ComponentType::Float32);
    pos.system_value = SignatureSystemValue::Position;
    main_body(&translate_built(
        profile,
        program_with(&[position], vec![pos], body),
    ))
}

/// A pixel shader's `SV_Position` x, y and z are finite and inside the
/// int range (the render target is at most 16384 wide, depth is in
/// [0, 1]), so `ftoi`/`ftou` of them is a plain constructor; w (the
/// clip-space w), a negated value converted to uint, and y when it comes
/// from the runtime's render-target height uniform keep the helper.
#[test]
fn ftoi_ftou_of_the_pixel_position_need_no_helper() {
    let v1 = |swz: &str| Operand::input(1, Components::swizzle(swz).expect("swizzle"));
    let body = vec![
        inst(Opcode::Ftoi, vec![rd(0, "xy"), v1("xyxx")]),
        inst(
            Opcode::Ftou,
            vec![rd(0, "z"), v1("z").with_modifier(Modifier::Abs)],
        ),
        inst(Opcode::Ftoi, vec![rd(1, "xy"), v1("xwxx")]),
        inst(
            Opcode::Ftou,
            vec![rd(1, "z"), v1("x").with_modifier(Modifier::Neg)],
        ),
        inst(
            Opcode::Ftoi,
            vec![rd(1, "w"), v1("y").with_modifier(Modifier::AbsNeg)],
        ),
    ];
    let b = translate_with_position(&webgl2(), &body);
    for line in [
        "r0.xy = intBitsToFloat(ivec2(hlslcc_FragCoord.xy));",
        "r0.z = uintBitsToFloat(uint(abs(hlslcc_FragCoord.z)));",
        "r1.xy = intBitsToFloat(dx11_ftoi2(hlslcc_FragCoord.xw));",
        "r1.z = uintBitsToFloat(dx11_ftou((-hlslcc_FragCoord.x)));",
        "r1.w = intBitsToFloat(int((-abs(hlslcc_FragCoord.y))));",
    ] {
        assert!(b.contains(line), "{line}:\n{b}");
    }
    let mut flipped = webgl2();
    flipped.fragcoord_origin = dxlower_core::profile::FragCoordOrigin::FlipWithUniform;
    let b = translate_with_position(&flipped, &body[..1]);
    assert!(
        b.contains("r0.xy = intBitsToFloat(dx11_ftoi2(hlslcc_FragCoord.xy));"),
        "{b}"
    );
}

#[test]
fn f16tof32_reads_all_lanes_before_writing() {
    // fxc: `f16tof32 r0, r0.wzyx` (vkd3d f16tof32_2).
    let b = case_body(
        "f16tof32",
        &webgl2(),
        &[
            inst(Opcode::F16tof32, vec![rd(0, "xyzw"), rs(0, "wzyx")]),
            inst(Opcode::F16tof32, vec![od(0, "x"), cb(0, "y")]).with_saturate(),
        ],
    );
    // One statement for the aliasing instruction.
    assert!(
        b.contains("r0 = vec4(unpackHalf2x16(floatBitsToUint(r0.w)).x, unpackHalf2x16(floatBitsToUint(r0.z)).x,"),
        "{b}"
    );
}

fn f32tof16() -> Vec<Instruction> {
    vec![
        inst(Opcode::F32tof16, vec![rd(0, "xyzw"), rs(0, "wzyx")]),
        inst(Opcode::F32tof16, vec![od(2, "x"), v0("x")]),
    ]
}

#[test]
fn f32tof16_clamped() {
    let glsl = translate(&webgl2(), &f32tof16());
    assert!(
        glsl.contains("uint dx11_f32tof16_clamped(float v)"),
        "{glsl}"
    );
    assert!(!glsl.contains("uint dx11_f32tof16(float v)"), "{glsl}");
}

#[test]
fn f32tof16_exact() {
    let p = webgl2().with(dxlower_lowerings::integer_conv::IntegerConvSwitches {
        f32tof16: F32ToF16::Exact,
        ..Default::default()
    });
    let glsl = translate(&p, &f32tof16());
    assert!(glsl.contains("uint dx11_f32tof16(float v)"), "{glsl}");
    assert!(!glsl.contains("packHalf2x16"), "{glsl}");
}

// ---------------------------------------------------------------------------
// Shapes: bit fields and bit counting

#[test]
fn bitfield_extract_insert() {
    let b = case_body(
        "bitfield",
        &webgl2(),
        &[
            // fxc (wine ubfe2): every source is the destination register.
            inst(
                Opcode::Ubfe,
                vec![rd(0, "xyzw"), rs(0, "xxxx"), rs(0, "yyyy"), rs(0, "zzzz")],
            ),
            inst(Opcode::Ubfe, vec![rd(1, "y"), l(4), l(1), rs(2, "x")]),
            inst(Opcode::Ibfe, vec![rd(1, "w"), l(27), l(1), rs(2, "x")]),
            inst(
                Opcode::Bfi,
                vec![
                    rd(2, "xy"),
                    l4([1, 8, 0, 0]),
                    l4([7, 24, 0, 0]),
                    rs(1, "yyyy"),
                    l(0),
                ],
            ),
        ],
    );
    assert!(
        b.starts_with("    r0 = uintBitsToFloat(uvec4(dx11_ubfe("),
        "{b}"
    );
    assert!(
        b.contains("dx11_ibfe(27u, 1u, floatBitsToInt(r2.x))"),
        "{b}"
    );
    assert!(
        b.contains("dx11_bfi(8u, 24u, floatBitsToUint(r1.y), 0u)"),
        "{b}"
    );
}

// ---------------------------------------------------------------------------
// Shapes: two destinations

#[test]
fn udiv_destinations_and_aliasing() {
    let b = case_body(
        "udiv",
        &webgl2(),
        &[
            // Remainder null (corpus: `udiv r0.z, null, r0.z, l(12)`).
            inst(Opcode::Udiv, vec![rd(0, "z"), null(), rs(0, "z"), l(12)]),
            // Quotient null.
            inst(
                Opcode::Udiv,
                vec![null(), rd(1, "xy"), rs(2, "xyxx"), rs(3, "xyxx")],
            ),
            // Both, no alias: quotient then remainder.
            inst(
                Opcode::Udiv,
                vec![rd(1, "z"), od(2, "w"), rs(2, "z"), cb(0, "z")],
            ),
            // The quotient register is a source, the remainder's is not:
            // remainder first.
            inst(
                Opcode::Udiv,
                vec![rd(2, "x"), rd(3, "x"), rs(2, "x"), rs(2, "y")],
            ),
            // Both destination registers are sources: locals.
            inst(
                Opcode::Udiv,
                vec![rd(0, "x"), rd(1, "x"), rs(1, "x"), rs(0, "x")],
            ),
        ],
    );
    let lines: Vec<&str> = b.lines().map(str::trim).collect();
    // Reordered: r3.x (remainder) is written before r2.x (quotient).
    let rem = lines.iter().position(|l| l.starts_with("r3.x = "));
    let quo = lines.iter().position(|l| l.starts_with("r2.x = "));
    assert!(rem.is_some() && quo.is_some() && rem < quo, "{b}");
    // Locals: both computed before either register is written.
    let start = lines.iter().position(|l| l.starts_with("uint hlslcc_dst"));
    let w0 = lines.iter().position(|l| l.starts_with("r0.x = "));
    let w1 = lines.iter().position(|l| l.starts_with("r1.x = "));
    assert!(start.is_some() && start < w0 && start < w1, "{b}");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("uint hlslcc_dst"))
            .count(),
        2,
        "{b}"
    );
}

#[test]
fn uaddc_usubb_flags_are_zero_or_one() {
    let b = case_body(
        "uaddc_usubb",
        &webgl2(),
        &[
            inst(
                Opcode::Uaddc,
                vec![rd(0, "x"), rd(0, "y"), rs(1, "x"), rs(2, "x")],
            ),
            inst(
                Opcode::Usubb,
                vec![rd(0, "zw"), rd(1, "zw"), rs(2, "zzzw"), rs(1, "zzzw")],
            ),
            inst(Opcode::Uaddc, vec![null(), rd(2, "w"), rs(2, "w"), l(1)]),
        ],
    );
    assert!(
        !b.contains("0xffffffffu"),
        "carry/borrow are 1u/0u, not masks: {b}"
    );
    assert!(
        b.contains("uvec2(lessThan(floatBitsToUint(r2.zw), floatBitsToUint(r1.zw)))"),
        "{b}"
    );
}

// ---------------------------------------------------------------------------
// Helper texts and emission rules

/// Every helper of the family in one shader, in full: the reviewable GLSL
/// the mirrors below transcribe.
#[test]
fn every_helper_once() {
    let p = webgl2().with(dxlower_lowerings::integer_conv::IntegerConvSwitches {
        f32tof16: F32ToF16::Exact,
        ..Default::default()
    });
    let insts = [
        inst(Opcode::Ftoi, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::Ftoi, vec![rd(0, "y"), rs(1, "y")]),
        inst(Opcode::Ftou, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::F32tof16, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::Ubfe, vec![rd(0, "x"), l(4), l(1), rs(1, "x")]),
        inst(Opcode::Ibfe, vec![rd(0, "x"), l(4), l(1), rs(1, "x")]),
        inst(
            Opcode::Bfi,
            vec![rd(0, "x"), l(4), l(1), rs(1, "x"), rs(1, "y")],
        ),
        inst(Opcode::Countbits, vec![rd(0, "x"), rs(1, "x")]),
        // firstbit_shi before firstbit_hi: its dependency comes first.
        inst(Opcode::FirstbitShi, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::FirstbitHi, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::FirstbitLo, vec![rd(0, "x"), rs(1, "x")]),
        inst(Opcode::Bfrev, vec![rd(0, "x"), rs(1, "x")]),
        inst(
            Opcode::Udiv,
            vec![rd(0, "x"), rd(0, "y"), rs(1, "x"), rs(1, "y")],
        ),
        inst(
            Opcode::Imul,
            vec![rd(0, "x"), null(), rs(1, "x"), rs(1, "y")],
        ),
        inst(
            Opcode::Umul,
            vec![rd(0, "x"), null(), rs(1, "x"), rs(1, "y")],
        ),
        inst(
            Opcode::Msad,
            vec![rd(0, "x"), rs(1, "x"), rs(1, "y"), rs(1, "z")],
        ),
    ];
    let glsl = translate(&p, &insts);
    for name in [
        "dx11_ftoi",
        "dx11_ftou",
        "dx11_f32tof16",
        "dx11_ubfe",
        "dx11_ibfe",
        "dx11_bfi",
        "dx11_countbits",
        "dx11_firstbit_shi",
        "dx11_firstbit_hi",
        "dx11_firstbit_lo",
        "dx11_bfrev",
        "dx11_udiv",
        "dx11_umod",
        "dx11_imulhi",
        "dx11_umulhi",
        "dx11_msad",
    ] {
        let def = format!(" {name}(");
        let defs = glsl
            .lines()
            .filter(|l| !l.starts_with(' ') && l.contains(&def))
            .count();
        assert_eq!(defs, 1, "{name} defined {defs} times:\n{glsl}");
    }
    // Dependencies are defined before their users.
    let pos = |s: &str| glsl.find(s).unwrap_or(usize::MAX);
    assert!(pos("uint dx11_firstbit_hi(") < pos("uint dx11_firstbit_shi("));
    assert!(pos("uint dx11_umulhi(") < pos("int dx11_imulhi("));
    // No ES 3.10 built-in sneaks in.
    for banned in [
        "bitfieldExtract",
        "bitfieldInsert",
        "bitCount",
        "findMSB",
        "findLSB",
        "bitfieldReverse",
        "imulExtended",
        "umulExtended",
        "uaddCarry",
        "usubBorrow",
    ] {
        assert!(!glsl.contains(banned), "{banned} emitted:\n{glsl}");
    }
    // The helper texts are pinned by tests/shaders/integer_conv/helpers.glsl
    // and helper_f32tof16_clamped.glsl.
}

#[test]
fn helpers_only_when_used() {
    let glsl = translate(
        &webgl2(),
        &[inst(Opcode::Iadd, vec![rd(0, "x"), rs(0, "x"), l(1)])],
    );
    assert!(!glsl.contains("dx11_"), "{glsl}");
}

#[test]
fn saturate_on_an_integer_result_is_malformed() {
    let e =
        translate_err(&[inst(Opcode::Iadd, vec![rd(0, "x"), rs(0, "x"), l(1)]).with_saturate()]);
    assert_eq!(e.status(), Status::Invalid, "{e}");
    assert!(e.to_string().contains("saturate"), "{e}");
}

// ---------------------------------------------------------------------------
// Numeric checks: the translated instructions, helpers included, run on
// Mesa's GLES 3.0 (llvmpipe) through the headless runner, against
// independent Rust references of the D3D rules.

const W: i32 = 32;
const CB_REGS: usize = 1024;

const VS: &str = "#version 300 es
void main() {
    vec2 c = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(c * vec2(2.0, -2.0) + vec2(-1.0, 1.0), 0.0, 1.0);
}
";

/// `cb0[r0.x + j].<swz>`: operand `j` of the current case.
fn arg(j: u32, swz: &str) -> Operand {
    let rel = Operand::temp(0, Components::Select1(0));
    Operand::cb(0, 0, Components::swizzle(swz).expect("swizzle letters"))
        .with_index(1, Index::relative(j, rel))
}

/// `o0.<mask>` (SV_Target0, uint4).
fn out(mask: &str) -> Operand {
    od(0, mask)
}

/// Checks one case: its input registers and the four output words;
/// returns a message on mismatch.
type Check<'a> = &'a dyn Fn(&[[u32; 4]], [u32; 4]) -> Result<(), String>;

/// One group of cases: every pixel runs `body` on its own `regs`
/// constant-buffer registers (`arg(0..regs)`) and writes `o0` (uint4).
struct Group<'a> {
    name: &'a str,
    profile: Profile,
    regs: u32,
    body: Vec<Instruction>,
    inputs: Vec<Vec<[u32; 4]>>,
    /// The reference check of one case.
    check: Check<'a>,
}

/// The program of a group: pixel (x, y) is case `y * W + x`, whose
/// registers start at `cb0[(y * W + x) * regs]`.
fn gles_program(regs: u32, body: &[Instruction]) -> Built {
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, CB_REGS as u32),
        Instruction::decl(
            Opcode::DclInputPsSiv,
            vec![Operand::input(0, Components::mask("xy").expect("mask"))],
            Payload::SystemValue(SystemValue::Position),
        )
        .with_control_field(
            11,
            14,
            InterpolationMode::LinearNoPerspective.to_u8() as u32,
        ),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(2),
        inst(Opcode::Ftou, vec![rd(0, "xy"), v0("xyxx")]),
        inst(
            Opcode::Imad,
            vec![rd(0, "x"), rs(0, "y"), l(W as u32), rs(0, "x")],
        ),
        inst(Opcode::Imul, vec![null(), rd(0, "x"), rs(0, "x"), l(regs)]),
    ];
    insts.extend(body.iter().cloned());
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let osgn = Signature {
        fourcc: *b"OSGN",
        elements_offset: 8,
        elements: vec![element("SV_Target", 0, 0, ComponentType::Uint32)],
    };
    Built::new(ProgramType::Pixel, 5, insts, None, Some(osgn))
}

/// Runs every case of `g`; returns the failure messages (at most a few
/// per group).
fn run_group(runner: &mut Runner, g: &Group<'_>) -> Vec<String> {
    let built = gles_program(g.regs, &g.body);
    let out = match built.translate(&g.profile) {
        Ok(o) => o,
        Err(e) => return vec![format!("{}: translation failed: {e}", g.name)],
    };
    if let Err(log) = glslang(&out.glsl, ProgramType::Pixel) {
        return vec![format!("{}: glslang: {log}\n{}", g.name, out.glsl)];
    }
    let regs = g.regs as usize;
    let per_draw = (CB_REGS / regs / W as usize) * W as usize;
    let mut fails = Vec::new();
    for chunk in g.inputs.chunks(per_draw) {
        let mut data = vec![0u8; CB_REGS * 16];
        for (c, case) in chunk.iter().enumerate() {
            for (j, reg) in case.iter().enumerate().take(regs) {
                for (k, w) in reg.iter().enumerate() {
                    let at = ((c * regs + j) * 4 + k) * 4;
                    data[at..at + 4].copy_from_slice(&w.to_le_bytes());
                }
            }
        }
        let blocks = [UniformBlock {
            name: "ConstantBuffer0".into(),
            data,
        }];
        let height = (chunk.len() as i32 + W - 1) / W;
        let drawn = runner.draw(&Draw {
            vs: VS,
            fs: &out.glsl,
            blocks: &blocks,
            format: Format::Rgba32Ui,
            width: W,
            height,
            vertices: &Vertices::vertex_id_triangle(),
            clear: [0xdead_beef; 4],
        });
        let drawn = match drawn {
            Ok(d) => d,
            Err(e) => return vec![format!("{}: draw failed: {e}\n{}", g.name, out.glsl)],
        };
        for (c, case) in chunk.iter().enumerate() {
            let (x, y) = (c as i32 % W, c as i32 / W);
            let got = drawn.image.pixel(x, y).unwrap_or([0xdead_beef; 4]);
            if let Err(m) = (g.check)(case, got) {
                if fails.len() < 8 {
                    let hex: Vec<String> = case
                        .iter()
                        .map(|r| format!("{:08x} {:08x} {:08x} {:08x}", r[0], r[1], r[2], r[3]))
                        .collect();
                    fails.push(format!("{}: inputs [{}]: {m}", g.name, hex.join(" | ")));
                }
            }
        }
    }
    fails
}

/// Deterministic pseudo-random words (xorshift32) after edge cases.
fn words(n: usize, seed: u32) -> Vec<u32> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        0x7f,
        0x80,
        0xff,
        0x100,
        0x7fff,
        0x8000,
        0xffff,
        0x1_0000,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_fffe,
        0xffff_ffff,
        0x1000_0000,
        0x0f0f_0f0f,
        0xdead_beef,
    ];
    let mut x = seed | 1;
    while v.len() < n {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push(x);
    }
    v
}

/// Words that are interesting as floats: signed zeros, ±1, halves,
/// the int/uint range bounds, huge, ±Inf, NaNs, denormals, then random.
fn float_words(n: usize) -> Vec<u32> {
    let mut v: Vec<u32> = [
        0.0f32,
        -0.0,
        0.5,
        -0.5,
        0.999,
        1.0,
        -1.0,
        1.5,
        -1.5,
        2147483520.0,
        2147483648.0,
        -2147483648.0,
        -2147483904.0,
        4294967040.0,
        4294967296.0,
        1e20,
        -1e20,
        65504.0,
        65519.0,
        65520.0,
        -65536.0,
        100000.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN_POSITIVE,
    ]
    .iter()
    .map(|f| f.to_bits())
    .collect();
    v.extend([0x7fc0_0000, 0xffc0_0000, 0x7f80_0001, 1, 0x8000_0001]);
    v.extend(words(n.saturating_sub(v.len()), 0x0bad_f00d));
    v
}

/// Float bit patterns at the edges of `ftoi`/`ftou`: each side of ±2^31,
/// 2^32 and 2^24, ±Inf, the largest finite values, NaNs of both signs and
/// payloads, signed zeros, denormals and values just below and above 1;
/// then `float_words(n)`.
fn conversion_words(n: usize) -> Vec<u32> {
    let mut v = vec![
        0x4eff_ffff,
        0x4f00_0000,
        0x4f00_0001,
        0xceff_ffff,
        0xcf00_0000,
        0xcf00_0001,
        0x4f7f_ffff,
        0x4f80_0000,
        0x4f80_0001,
        0xcf7f_ffff,
        0xcf80_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7f80_0001,
        0xff80_0001,
        0x7fff_ffff,
        0xffff_ffff,
        0x7fc0_0001,
        0x0000_0000,
        0x8000_0000,
        0x0000_0001,
        0x8000_0001,
        0x007f_ffff,
        0x807f_ffff,
        0x0080_0000,
        0x8080_0000,
        0x3f7f_ffff,
        0xbf7f_ffff,
        0x3f80_0000,
        0xbf80_0000,
        0x3fc0_0000,
        0xbfc0_0000,
        0x4b7f_ffff,
        0x4b80_0000,
        0x4b80_0001,
        0xcb80_0001,
        0x4e80_0000,
        0xce80_0000,
    ];
    v.extend(float_words(n));
    v
}

/// Cases of one register each from `ws`, four words per register.
fn one_reg_cases(ws: &[u32]) -> Vec<Vec<[u32; 4]>> {
    ws.chunks(4)
        .map(|c| {
            let mut r = [0u32; 4];
            r[..c.len()].copy_from_slice(c);
            vec![r]
        })
        .collect()
}

fn expect(what: &str, got: u32, want: u32) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:#010x}, want {want:#010x}"))
    }
}

fn expect4(what: &str, got: [u32; 4], want: [u32; 4]) -> Result<(), String> {
    (0..4).try_for_each(|k| expect(&format!("{what}[{k}]"), got[k], want[k]))
}

/// Bit `i` of `v` (0 beyond bit 63).
fn bit(v: u64, i: u32) -> u64 {
    if i < 64 {
        (v >> i) & 1
    } else {
        0
    }
}

/// D3D ubfe: the `w` bits of `v` from bit `o` (both mod 32), zero above bit
/// 31 (the `w + o >= 32` case is `v >> o`).
fn ref_ubfe(w: u32, o: u32, v: u32) -> u32 {
    let (w, o) = (w & 31, o & 31);
    (0..w).fold(0u64, |acc, i| acc | (bit(v as u64, o + i) << i)) as u32
}

/// D3D ibfe: the same field sign-extended from its top bit, or an
/// arithmetic `v >> o` when the field reaches bit 31.
fn ref_ibfe(w: u32, o: u32, v: u32) -> u32 {
    let (wm, om) = (w & 31, o & 31);
    if wm == 0 {
        0
    } else if wm + om < 32 {
        let f = ref_ubfe(w, o, v);
        if (f >> (wm - 1)) & 1 == 1 {
            f | (u32::MAX << wm)
        } else {
            f
        }
    } else {
        ((v as i32) >> om) as u32
    }
}

/// D3D bfi: bit i is insert bit (i - o) inside [o, o + w) ∩ [0, 32), else
/// base bit i.
fn ref_bfi(w: u32, o: u32, insert: u32, base: u32) -> u32 {
    let (w, o) = (w & 31, o & 31);
    (0..32).fold(0u32, |acc, i| {
        let b = if i >= o && i < o + w {
            bit(insert as u64, i - o)
        } else {
            bit(base as u64, i)
        };
        acc | ((b as u32) << i)
    })
}

fn ref_firstbit_hi(v: u32) -> u32 {
    if v == 0 {
        u32::MAX
    } else {
        v.leading_zeros()
    }
}

fn ref_firstbit_shi(v: u32) -> u32 {
    match v as i32 {
        0 | -1 => u32::MAX,
        s if s < 0 => v.leading_ones(),
        _ => v.leading_zeros(),
    }
}

/// The value of a finite half.
fn half_value(h: u16) -> f64 {
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    s * if e == 0 {
        m * 2f64.powi(-24)
    } else {
        (1.0 + m / 1024.0) * 2f64.powi(e - 15)
    }
}

/// D3D f32tof16: the largest-magnitude half not above |v| (round toward
/// zero), finite overflow to ±65504, ±Inf kept; `None` for NaN (any half
/// NaN is right).
fn ref_f32tof16(v: f32) -> Option<u32> {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    if v.is_nan() {
        return None;
    }
    if v.is_infinite() {
        return Some(sign | 0x7c00);
    }
    let a = (v as f64).abs();
    // Positive finite halves are ordered like their bits 0..=0x7bff.
    let (mut lo, mut hi) = (0u16, 0x7bffu16);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if half_value(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(sign | lo as u32)
}

/// f32tof16 inputs: the float edge cases, plus values just around many
/// halves (to catch rounding instead of truncation) and the conformance
/// rows' inputs (vkd3d_proton_uint_124…136).
fn f32tof16_words() -> Vec<u32> {
    let mut v = float_words(400);
    for h in (0u16..0x7c00).step_by(37) {
        let f = (half_value(h) as f32).to_bits();
        v.extend([f, f | 0x8000_0000, f + 1, f.wrapping_sub(1)]);
    }
    v.extend([
        0x3380_0000,
        0x3400_0000,
        0x3440_0000,
        0x3480_0000,
        0x4480_1800,
        0x4480_3800,
        0x4480_5800,
        0x4480_7800,
        0x3340_0000,
        0xb340_0000,
        0x33e0_0000,
        0xb3e0_0000,
        0x47c3_5000,
        0xc7c3_5000,
        0x4426_8000,
    ]);
    v
}

#[test]
fn gles_results_match_d3d() {
    let mut runner = Runner::new().unwrap_or_else(|e| panic!("no GLES context: {e}"));
    let mut fails: Vec<String> = Vec::new();
    let ws = words(1200, 0x1234_5678);
    let small: Vec<u32> = (0..40)
        .chain([0xffff_ffe0, 0xffff_ffff, 0x8000_0001])
        .collect();

    // Bit fields: per lane (width, offset, value[, base]).
    let mut bf_cases = Vec::new();
    for (n, &w) in small.iter().enumerate() {
        for (m, &o) in small.iter().enumerate() {
            let pick = |k: usize| ws[(n * 43 + m * 7 + k * 131) % ws.len()];
            bf_cases.push(vec![
                [w, o, small[(n + m) % small.len()], w ^ o],
                [o, w, w.wrapping_mul(3), 0xffff_fff0 | (o & 15)],
                [pick(0), pick(1), pick(2), pick(3)],
                [pick(4), pick(5), pick(6), pick(7)],
            ]);
        }
    }
    // Lane k: width = r0[k], offset = r1[k], value = r2[k], base = r3[k].
    let bitfield_check = |c: &[[u32; 4]], got: [u32; 4], f: &dyn Fn(u32, u32, u32, u32) -> u32| {
        let want = [0, 1, 2, 3].map(|k| f(c[0][k], c[1][k], c[2][k], c[3][k]));
        expect4("result", got, want)
    };
    let ubfe_check =
        |c: &[[u32; 4]], g: [u32; 4]| bitfield_check(c, g, &|w, o, v, _| ref_ubfe(w, o, v));
    let ibfe_check =
        |c: &[[u32; 4]], g: [u32; 4]| bitfield_check(c, g, &|w, o, v, _| ref_ibfe(w, o, v));
    let bfi_check = |c: &[[u32; 4]], g: [u32; 4]| bitfield_check(c, g, &ref_bfi);
    let groups_bitfield = [
        Group {
            name: "ubfe",
            profile: webgl2(),
            regs: 4,
            body: vec![inst(
                Opcode::Ubfe,
                vec![out("xyzw"), arg(0, "xyzw"), arg(1, "xyzw"), arg(2, "xyzw")],
            )],
            inputs: bf_cases.clone(),
            check: &ubfe_check,
        },
        Group {
            name: "ibfe",
            profile: webgl2(),
            regs: 4,
            body: vec![inst(
                Opcode::Ibfe,
                vec![out("xyzw"), arg(0, "xyzw"), arg(1, "xyzw"), arg(2, "xyzw")],
            )],
            inputs: bf_cases.clone(),
            check: &ibfe_check,
        },
        Group {
            name: "bfi",
            profile: webgl2(),
            regs: 4,
            body: vec![inst(
                Opcode::Bfi,
                vec![
                    out("xyzw"),
                    arg(0, "xyzw"),
                    arg(1, "xyzw"),
                    arg(2, "xyzw"),
                    arg(3, "xyzw"),
                ],
            )],
            inputs: bf_cases,
            check: &bfi_check,
        },
    ];
    for g in &groups_bitfield {
        fails.extend(run_group(&mut runner, g));
    }

    // Bit counting on `.x`; bfrev on all lanes.
    let mut bc_words = ws.clone();
    bc_words.extend((0..32).map(|i| 1u32 << i));
    bc_words.extend((0..32).map(|i| !(1u32 << i)));
    let count_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let v = c[0][0];
        let lo = if v == 0 { u32::MAX } else { v.trailing_zeros() };
        expect4(
            "countbits/hi/lo/shi",
            got,
            [v.count_ones(), ref_firstbit_hi(v), lo, ref_firstbit_shi(v)],
        )
    };
    let bfrev_check =
        |c: &[[u32; 4]], got: [u32; 4]| expect4("bfrev", got, c[0].map(u32::reverse_bits));
    let groups_bits = [
        Group {
            name: "countbits/firstbit",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Countbits, vec![out("x"), arg(0, "x")]),
                inst(Opcode::FirstbitHi, vec![out("y"), arg(0, "x")]),
                inst(Opcode::FirstbitLo, vec![out("z"), arg(0, "x")]),
                inst(Opcode::FirstbitShi, vec![out("w"), arg(0, "x")]),
            ],
            inputs: bc_words.iter().map(|&v| vec![[v, 0, 0, 0]]).collect(),
            check: &count_check,
        },
        Group {
            name: "bfrev",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(Opcode::Bfrev, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&bc_words),
            check: &bfrev_check,
        },
    ];
    for g in &groups_bits {
        fails.extend(run_group(&mut runner, g));
    }

    // Two-input integer ops on (a, b) = (.x, .y) and (.z, .w).
    let mut pairs: Vec<Vec<[u32; 4]>> = Vec::new();
    for (n, &a) in ws.iter().enumerate().take(600) {
        let b = ws[(n * 7 + 3) % ws.len()];
        let b0 = if n % 5 == 0 { 0 } else { b >> (n % 32) };
        pairs.push(vec![[a, b, a.rotate_left(11), b0]]);
    }
    let div_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, e, f] = c[0];
        let q = |x: u32, y: u32| x.checked_div(y).unwrap_or(u32::MAX);
        let r = |x: u32, y: u32| x.checked_rem(y).unwrap_or(u32::MAX);
        expect4("udiv q.xy r.zw", got, [q(a, b), q(e, f), r(a, b), r(e, f)])
    };
    let mul_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, _, _] = c[0];
        let s = (a as i32 as i64) * (b as i32 as i64);
        let u = (a as u64) * (b as u64);
        expect4(
            "imul hi lo, umul hi lo",
            got,
            [(s >> 32) as u32, s as u32, (u >> 32) as u32, u as u32],
        )
    };
    let carry_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, _, _] = c[0];
        let (sum, carry) = a.overflowing_add(b);
        let (diff, borrow) = a.overflowing_sub(b);
        expect4(
            "uaddc, usubb",
            got,
            [sum, carry as u32, diff, borrow as u32],
        )
    };
    let shift_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, _, _] = c[0];
        // Rust's wrapping shifts use the count's low 5 bits, as D3D does.
        expect4(
            "ishl ishr ushr ishl-35",
            got,
            [
                a.wrapping_shl(b),
                (a as i32).wrapping_shr(b) as u32,
                a.wrapping_shr(b),
                a.wrapping_shl(35),
            ],
        )
    };
    let arith_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, e, _] = c[0];
        expect4(
            "isub imad imax umin",
            got,
            [
                a.wrapping_sub(b),
                a.wrapping_mul(b).wrapping_add(e),
                (a as i32).max(b as i32) as u32,
                a.min(b),
            ],
        )
    };
    let arith2_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, e, _] = c[0];
        expect4(
            "ineg imin umax umad",
            got,
            [
                a.wrapping_neg(),
                (a as i32).min(b as i32) as u32,
                a.max(b),
                a.wrapping_mul(e).wrapping_add(b),
            ],
        )
    };
    let msad_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let want = [0, 1, 2, 3].map(|k| {
            (0..4).fold(c[2][k], |acc: u32, byte| {
                let r = (c[0][k] >> (8 * byte)) & 0xff;
                let s = (c[1][k] >> (8 * byte)) & 0xff;
                if r == 0 {
                    acc
                } else {
                    acc.wrapping_add(r.abs_diff(s))
                }
            })
        });
        expect4("msad", got, want)
    };
    let mut msad_cases = Vec::new();
    for n in 0..300 {
        let p = |k: usize| ws[(n * 13 + k * 101) % ws.len()];
        // Some zero reference bytes (masked) in lane y.
        msad_cases.push(vec![
            [p(0), p(1) & 0x00ff_00ff, p(2), 0],
            [p(3), p(4), p(5), p(6)],
            [p(7), 0xffff_fff0, p(8), 5],
        ]);
    }
    let groups_int = [
        Group {
            name: "udiv",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(
                Opcode::Udiv,
                vec![out("xy"), out("zw"), arg(0, "xzxz"), arg(0, "ywyw")],
            )],
            inputs: pairs.clone(),
            check: &div_check,
        },
        Group {
            name: "imul/umul",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(
                    Opcode::Imul,
                    vec![out("x"), out("y"), arg(0, "x"), arg(0, "y")],
                ),
                inst(
                    Opcode::Umul,
                    vec![out("z"), out("w"), arg(0, "x"), arg(0, "y")],
                ),
            ],
            inputs: pairs.clone(),
            check: &mul_check,
        },
        Group {
            name: "uaddc/usubb",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(
                    Opcode::Uaddc,
                    vec![out("x"), out("y"), arg(0, "x"), arg(0, "y")],
                ),
                inst(
                    Opcode::Usubb,
                    vec![out("z"), out("w"), arg(0, "x"), arg(0, "y")],
                ),
            ],
            inputs: pairs.clone(),
            check: &carry_check,
        },
        Group {
            name: "shifts",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ishl, vec![out("x"), arg(0, "x"), arg(0, "y")]),
                inst(Opcode::Ishr, vec![out("y"), arg(0, "x"), arg(0, "y")]),
                inst(Opcode::Ushr, vec![out("z"), arg(0, "x"), arg(0, "y")]),
                inst(Opcode::Ishl, vec![out("w"), arg(0, "x"), l(35)]),
            ],
            inputs: pairs.clone(),
            check: &shift_check,
        },
        Group {
            name: "iadd/imad/imax/umin",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(
                    Opcode::Iadd,
                    vec![
                        out("x"),
                        arg(0, "x"),
                        arg(0, "y").with_modifier(Modifier::Neg),
                    ],
                ),
                inst(
                    Opcode::Imad,
                    vec![out("y"), arg(0, "x"), arg(0, "y"), arg(0, "z")],
                ),
                inst(Opcode::Imax, vec![out("z"), arg(0, "x"), arg(0, "y")]),
                inst(Opcode::Umin, vec![out("w"), arg(0, "x"), arg(0, "y")]),
            ],
            inputs: pairs.clone(),
            check: &arith_check,
        },
        Group {
            name: "ineg/imin/umax/umad",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ineg, vec![out("x"), arg(0, "x")]),
                inst(Opcode::Imin, vec![out("y"), arg(0, "x"), arg(0, "y")]),
                inst(Opcode::Umax, vec![out("z"), arg(0, "x"), arg(0, "y")]),
                inst(
                    Opcode::Umad,
                    vec![out("w"), arg(0, "x"), arg(0, "z"), arg(0, "y")],
                ),
            ],
            inputs: pairs,
            check: &arith2_check,
        },
        Group {
            name: "msad",
            profile: webgl2(),
            regs: 3,
            body: vec![inst(
                Opcode::Msad,
                vec![out("xyzw"), arg(0, "xyzw"), arg(1, "xyzw"), arg(2, "xyzw")],
            )],
            inputs: msad_cases,
            check: &msad_check,
        },
    ];
    for g in &groups_int {
        fails.extend(run_group(&mut runner, g));
    }

    // Conversions.
    let fw = float_words(600);
    let ftoi_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let f = c[0].map(f32::from_bits);
        // Rust's float → int `as` is D3D's rule: NaN → 0, saturating.
        expect4(
            "ftoi.xy ftou.zw",
            got,
            [
                f[0] as i32 as u32,
                f[1] as i32 as u32,
                f[2] as u32,
                f[3] as u32,
            ],
        )
    };
    let ftoi_cases: Vec<Vec<[u32; 4]>> = fw
        .iter()
        .enumerate()
        .map(|(n, &a)| {
            let b = fw[(n * 5 + 1) % fw.len()];
            vec![[a, b, a, b]]
        })
        .collect();
    let itof_check = |c: &[[u32; 4]], got: [u32; 4]| {
        let [a, b, _, _] = c[0];
        expect4(
            "itof.xy utof.zw",
            got,
            [
                (a as i32 as f32).to_bits(),
                (b as i32 as f32).to_bits(),
                (a as f32).to_bits(),
                (b as f32).to_bits(),
            ],
        )
    };
    let f16_check = |c: &[[u32; 4]], got: [u32; 4]| {
        (0..4).try_for_each(|k| {
            let h = (c[0][k] & 0xffff) as u16;
            let g = f32::from_bits(got[k]);
            if h & 0x7c00 == 0x7c00 && h & 0x3ff != 0 {
                return if g.is_nan() {
                    Ok(())
                } else {
                    Err(format!("lane {k}: half NaN {h:#06x} → {g:?}"))
                };
            }
            let want = if h & 0x7c00 == 0x7c00 {
                if h & 0x8000 != 0 {
                    f32::NEG_INFINITY
                } else {
                    f32::INFINITY
                }
            } else {
                half_value(h) as f32
            };
            expect(&format!("f16tof32[{k}]"), got[k], want.to_bits())
        })
    };
    let mut half_words: Vec<u32> = (0u32..0x1_0000).step_by(29).collect();
    half_words.extend([
        0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x8000,
    ]);
    // High 16 bits are ignored (wine_d3d11_uint_090…092).
    let half_words: Vec<u32> = half_words
        .iter()
        .enumerate()
        .map(|(n, &h)| h | (ws[n % ws.len()] & 0xffff_0000))
        .collect();
    let f32tof16_exact_check = |c: &[[u32; 4]], got: [u32; 4]| {
        (0..4).try_for_each(|k| {
            let v = f32::from_bits(c[0][k]);
            match ref_f32tof16(v) {
                Some(want) => expect(&format!("f32tof16[{k}]"), got[k], want),
                None if got[k] & 0x7c00 == 0x7c00 && got[k] & 0x3ff != 0 && got[k] >> 16 == 0 => {
                    Ok(())
                }
                None => Err(format!("lane {k}: NaN → {:#x}", got[k])),
            }
        })
    };
    // Clamped: overflow saturates and ±Inf/NaN stay; rounding is the
    // implementation's, so finite in-range values may be one half ulp
    // above the truncated result.
    let f32tof16_clamped_check = |c: &[[u32; 4]], got: [u32; 4]| {
        (0..4).try_for_each(|k| {
            let v = f32::from_bits(c[0][k]);
            let g = got[k];
            if g >> 16 != 0 {
                return Err(format!("lane {k}: high bits set in {g:#x}"));
            }
            match ref_f32tof16(v) {
                None if g & 0x7c00 == 0x7c00 && g & 0x3ff != 0 => Ok(()),
                None => Err(format!("lane {k}: NaN → {g:#x}")),
                Some(want) if v.is_infinite() || v.abs() >= 65504.0 => {
                    expect(&format!("f32tof16[{k}]"), g, want)
                }
                Some(want) if g == want || g == want + 1 && (want & 0x7fff) < 0x7bff => Ok(()),
                Some(want) => Err(format!("lane {k}: {v:?}: got {g:#x}, want {want:#x} (+1)")),
            }
        })
    };
    let f32_16 = f32tof16_words();
    // Every helper width (dx11_ftoi … dx11_ftoi4, the same for ftou) on
    // the edge values, lanes checked one by one.
    let cw = conversion_words(400);
    let lanes_check = |kinds: [bool; 4]| {
        move |c: &[[u32; 4]], got: [u32; 4]| {
            (0..4).try_for_each(|k| {
                let f = f32::from_bits(c[0][k]);
                // true: ftoi; false: ftou.
                let want = if kinds[k] { f as i32 as u32 } else { f as u32 };
                expect(&format!("lane {k} ({f:e})"), got[k], want)
            })
        }
    };
    let ftoi4_check = lanes_check([true; 4]);
    let ftou4_check = lanes_check([false; 4]);
    let ftoi3_ftou1_check = lanes_check([true, true, true, false]);
    let ftou3_ftoi1_check = lanes_check([false, false, false, true]);
    let ftoi2_ftou2_check = lanes_check([false, false, true, true]);
    let groups_conv = [
        Group {
            name: "ftoi/ftou (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ftoi, vec![out("xy"), arg(0, "xyxx")]),
                inst(Opcode::Ftou, vec![out("zw"), arg(0, "xxzw")]),
            ],
            inputs: ftoi_cases,
            check: &ftoi_check,
        },
        Group {
            name: "ftoi.xyzw (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(Opcode::Ftoi, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&cw),
            check: &ftoi4_check,
        },
        Group {
            name: "ftou.xyzw (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(Opcode::Ftou, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&cw),
            check: &ftou4_check,
        },
        Group {
            name: "ftoi.xyz ftou.w (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ftoi, vec![out("xyz"), arg(0, "xyzx")]),
                inst(Opcode::Ftou, vec![out("w"), arg(0, "w")]),
            ],
            inputs: one_reg_cases(&cw),
            check: &ftoi3_ftou1_check,
        },
        Group {
            name: "ftou.xyz ftoi.w (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ftou, vec![out("xyz"), arg(0, "xyzx")]),
                inst(Opcode::Ftoi, vec![out("w"), arg(0, "w")]),
            ],
            inputs: one_reg_cases(&cw),
            check: &ftou3_ftoi1_check,
        },
        Group {
            name: "ftou.xy ftoi.zw (d3d_exact)",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Ftou, vec![out("xy"), arg(0, "xyxx")]),
                inst(Opcode::Ftoi, vec![out("zw"), arg(0, "xxzw")]),
            ],
            inputs: one_reg_cases(&cw),
            check: &ftoi2_ftou2_check,
        },
        Group {
            name: "itof/utof",
            profile: webgl2(),
            regs: 1,
            body: vec![
                inst(Opcode::Itof, vec![out("xy"), arg(0, "xyxx")]),
                inst(Opcode::Utof, vec![out("zw"), arg(0, "xxxy")]),
            ],
            inputs: pairs_of(&ws),
            check: &itof_check,
        },
        Group {
            name: "f16tof32",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(Opcode::F16tof32, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&half_words),
            check: &f16_check,
        },
        Group {
            name: "f32tof16 (exact)",
            profile: webgl2().with(dxlower_lowerings::integer_conv::IntegerConvSwitches {
                f32tof16: F32ToF16::Exact,
                ..Default::default()
            }),
            regs: 1,
            body: vec![inst(Opcode::F32tof16, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&f32_16),
            check: &f32tof16_exact_check,
        },
        Group {
            name: "f32tof16 (clamped)",
            profile: webgl2(),
            regs: 1,
            body: vec![inst(Opcode::F32tof16, vec![out("xyzw"), arg(0, "xyzw")])],
            inputs: one_reg_cases(&f32_16),
            check: &f32tof16_clamped_check,
        },
    ];
    for g in &groups_conv {
        fails.extend(run_group(&mut runner, g));
    }
    assert!(
        fails.is_empty(),
        "{} failures:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

/// Cases `[a, b, 0, 0]` from consecutive words.
fn pairs_of(ws: &[u32]) -> Vec<Vec<[u32; 4]>> {
    ws.chunks(2)
        .map(|c| vec![[c[0], c.get(1).copied().unwrap_or(0), 0, 0]])
        .collect()
}
