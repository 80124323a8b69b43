//! The integer-conv family (families.md §3 and the integer opcodes of §7).
//!
//! Two kinds of tests:
//! - per-opcode shapes: a small pixel shader built with the encoder is
//!   translated, its full GLSL must pass `glslangValidator`, and the body of
//!   `main` is snapshotted (`snapshots/integer_conv__*.snap`); one snapshot
//!   holds every helper function's text;
//! - numeric checks of the helpers: each `mirror_*` function below is the
//!   helper's GLSL transcribed statement for statement into Rust (wrapping
//!   `u32`/`i32` arithmetic, as GLSL ES 3.00 `highp` integers behave), and is
//!   compared with an independent reference of the D3D rule on edge cases
//!   and pseudo-random inputs. A change to a helper's GLSL text shows up in
//!   the helper snapshot and must be mirrored here.

use dxlower_core::profile::{F32ToF16, FtoiFtou};
use dxlower_core::{Profile, Registry, TranslateError};
use dxlower_dxbc::disasm::{write_instruction, Options};
use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    Components, Instruction, InterpolationMode, Modifier, Opcode, Operand, ProgramType, Signature,
    SignatureElement, SignatureSystemValue, Version,
};
use dxlower_tests::{glslang, main_body, Built};

// Force-link every family.
use dxlower_lowerings as _;

// ---------------------------------------------------------------------------
// Program building

/// `r<reg>.<mask>` as a destination.
fn rd(reg: u32, mask: &str) -> Operand {
    Operand::temp(reg, Components::mask(mask).expect("mask letters"))
}

/// `r<reg>.<swizzle>` as a source (four letters, or one for select-1).
fn rs(reg: u32, swz: &str) -> Operand {
    Operand::temp(reg, Components::swizzle(swz).expect("swizzle letters"))
}

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

fn l(v: u32) -> Operand {
    Operand::imm32(v)
}

fn l4(v: [u32; 4]) -> Operand {
    Operand::imm32_4(v)
}

fn inst(op: Opcode, operands: Vec<Operand>) -> Instruction {
    Instruction::new(op, operands)
}

/// The `webgl2` profile (the schema's defaults).
fn webgl2() -> Profile {
    Profile::default()
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
    let mut insts = vec![
        Instruction::dcl_constant_buffer(0, 4),
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_output(2, 0xF),
        Instruction::dcl_temps(4),
    ];
    insts.extend(body.iter().cloned());
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let isgn = Signature {
        fourcc: *b"ISGN",
        elements_offset: 8,
        elements: vec![element("TEXCOORD", 0, 0, ComponentType::Float32)],
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

/// The disassembly of `body` after an encode → decode round trip, one
/// instruction per line (the snapshots' description: "asm → GLSL").
fn asm(body: &[Instruction]) -> String {
    let built = Built::new(ProgramType::Pixel, 5, body.to_vec(), None, None);
    let version = Version::new(ProgramType::Pixel, 5, 0);
    let mut text = String::new();
    for inst in &built.program.instructions {
        write_instruction(&mut text, &version, inst, &Options::default()).expect("disassemble");
        text.push('\n');
    }
    text
}

/// Translates `body` in the test program with `profile`, checks the full
/// text with glslang and returns it.
fn translate(profile: &Profile, body: &[Instruction]) -> String {
    let out = program(body)
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

/// Translates `body`, snapshots the body of `main` as `name` (described by
/// the disassembly) and returns it.
fn snap(name: &str, profile: &Profile, body: &[Instruction]) -> String {
    let b = main_body(&translate(profile, body));
    insta::with_settings!({ description => asm(body), omit_expression => true }, {
        insta::assert_snapshot!(name, b);
    });
    b
}

fn translate_err(body: &[Instruction]) -> TranslateError {
    match program(body).translate(&webgl2()) {
        Ok(out) => panic!("expected an error, got:\n{}", out.glsl),
        Err(e) => e,
    }
}

#[test]
fn family_claims_section_3_and_the_section_7_integer_opcodes() {
    let reg = Registry::global().expect("registry builds");
    let fam = reg
        .families()
        .iter()
        .find(|f| f.name == "integer-conv")
        .expect("integer-conv family claim");
    let mut claimed: Vec<&str> = fam.opcodes.iter().map(|o| o.mnemonic()).collect();
    claimed.sort_unstable();
    let mut expected = vec![
        // §3
        "bfi",
        "countbits",
        "f16tof32",
        "f32tof16",
        "ftoi",
        "ftou",
        "iadd",
        "ibfe",
        "imad",
        "imax",
        "imin",
        "imul",
        "ineg",
        "ishl",
        "ishr",
        "itof",
        "ubfe",
        "udiv",
        "umax",
        "umin",
        "ushr",
        "utof",
        // §7
        "umul",
        "umad",
        "uaddc",
        "usubb",
        "firstbit_hi",
        "firstbit_lo",
        "firstbit_shi",
        "bfrev",
        "msad",
    ];
    expected.sort_unstable();
    assert_eq!(claimed, expected);
    for op in fam.opcodes {
        let h = reg
            .get(*op)
            .unwrap_or_else(|| panic!("no handler for {op}"));
        assert_eq!(h.family, "integer-conv");
        assert!(h.spec.starts_with("families.md §"), "{op}: {}", h.spec);
    }
}

// ---------------------------------------------------------------------------
// Shapes: arithmetic

#[test]
fn iadd_imad_umad_ineg() {
    let b = snap(
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
    let b = snap(
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
    let b = snap("shifts_mobile", &webgl2(), &shifts());
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
    let b = snap("shifts_vector", &p, &shifts());
    // Equal immediate counts print as one scalar count.
    assert!(b.contains("floatBitsToInt(r0.xyzw) << 2)"), "{b}");
    assert!(b.contains("floatBitsToInt(r1.xy) << 1)"), "{b}");
    assert!(b.contains(">> (floatBitsToInt(r2.xy) & 31)"), "{b}");
}

// ---------------------------------------------------------------------------
// Shapes: conversions

#[test]
fn itof_utof_never_merge() {
    let b = snap(
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
    assert!(glsl.contains("int dx11_ftoi(float v)"), "{glsl}");
    assert!(glsl.contains("uint dx11_ftou(float v)"), "{glsl}");
    let b = snap("ftoi_ftou_d3d_exact", &webgl2(), &ftoi_ftou());
    assert!(
        b.contains(
            "r0.xy = intBitsToFloat(ivec2(dx11_ftoi(vs_TEXCOORD0.x), dx11_ftoi(vs_TEXCOORD0.y)));"
        ),
        "{b}"
    );
}

#[test]
fn ftoi_ftou_bare() {
    let p = Profile {
        ftoi_ftou: FtoiFtou::Bare,
        ..webgl2()
    };
    let glsl = translate(&p, &ftoi_ftou());
    assert!(!glsl.contains("dx11_"), "{glsl}");
    let b = snap("ftoi_ftou_bare", &p, &ftoi_ftou());
    assert!(b.contains("r0.z = uintBitsToFloat(uint(r1.z));"), "{b}");
}

#[test]
fn f16tof32_reads_all_lanes_before_writing() {
    // fxc: `f16tof32 r0, r0.wzyx` (vkd3d f16tof32_2).
    let b = snap(
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
    snap("f32tof16_clamped", &webgl2(), &f32tof16());
}

#[test]
fn f32tof16_exact() {
    let p = Profile {
        f32tof16: F32ToF16::Exact,
        ..webgl2()
    };
    let glsl = translate(&p, &f32tof16());
    assert!(glsl.contains("uint dx11_f32tof16(float v)"), "{glsl}");
    assert!(!glsl.contains("packHalf2x16"), "{glsl}");
    snap("f32tof16_exact", &p, &f32tof16());
}

// ---------------------------------------------------------------------------
// Shapes: bit fields and bit counting

#[test]
fn bitfield_extract_insert() {
    let b = snap(
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

#[test]
fn bit_counting() {
    snap(
        "bit_counting",
        &webgl2(),
        &[
            inst(Opcode::Countbits, vec![rd(0, "xy"), rs(1, "xyxx")]),
            inst(Opcode::FirstbitHi, vec![rd(0, "z"), rs(1, "x")]),
            inst(Opcode::FirstbitLo, vec![rd(0, "w"), rs(1, "x")]),
            inst(Opcode::FirstbitShi, vec![od(1, "x"), rs(1, "y")]),
            inst(Opcode::Bfrev, vec![rd(2, "yzw"), rs(2, "xyzw")]),
        ],
    );
}

#[test]
fn msad() {
    // fxc lowers `msad4(tally, uint2(1, 2), uint4(3, 4, 5, 6)).x` to this
    // (corpus: dxdecompiler/3Dmigoto__compute.cs).
    snap(
        "msad",
        &webgl2(),
        &[inst(
            Opcode::Msad,
            vec![rd(0, "y"), rs(0, "x"), rs(0, "y"), rs(0, "z")],
        )],
    );
}

// ---------------------------------------------------------------------------
// Shapes: two destinations

#[test]
fn udiv_destinations_and_aliasing() {
    let b = snap(
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
fn imul_umul_halves() {
    snap(
        "imul_umul",
        &webgl2(),
        &[
            inst(Opcode::Imul, vec![null(), rd(1, "y"), rs(1, "y"), l(3)]),
            inst(
                Opcode::Imul,
                vec![rd(0, "x"), rd(0, "y"), rs(1, "x"), rs(2, "x")],
            ),
            inst(
                Opcode::Umul,
                vec![rd(2, "xy"), null(), rs(1, "xyxx"), rs(2, "zwzz")],
            ),
            // Same register for both halves and the sources: locals.
            inst(
                Opcode::Umul,
                vec![rd(1, "z"), rd(1, "w"), rs(1, "z"), rs(1, "w")],
            ),
        ],
    );
}

#[test]
fn uaddc_usubb_flags_are_zero_or_one() {
    let b = snap(
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
    let p = Profile {
        f32tof16: F32ToF16::Exact,
        ..webgl2()
    };
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
    // The helper section: from the first helper to `void main()`.
    let from = glsl.find("int dx11_ftoi(").unwrap_or(0);
    let to = glsl.find("void main()").unwrap_or(glsl.len());
    insta::assert_snapshot!("helpers", &glsl[from..to]);
    // The clamped f32tof16 helper (the default) is the only one missing.
    let clamped = translate(
        &webgl2(),
        &[inst(Opcode::F32tof16, vec![rd(0, "x"), rs(1, "x")])],
    );
    let from = clamped.find("uint dx11_f32tof16_clamped(").unwrap_or(0);
    let to = clamped.find("void main()").unwrap_or(clamped.len());
    insta::assert_snapshot!("helper_f32tof16_clamped", &clamped[from..to]);
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
    assert_eq!(e.status(), "failed", "{e}");
    assert!(e.to_string().contains("saturate"), "{e}");
}

// ---------------------------------------------------------------------------
// Numeric checks of the helpers: mirrors of the GLSL text vs references.

/// Deterministic pseudo-random words (xorshift32) plus edge cases.
fn words() -> Vec<u32> {
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
    let mut x = 0x1234_5678u32;
    for _ in 0..400 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push(x);
    }
    v
}

// dx11_ftoi
fn mirror_ftoi(v: f32) -> i32 {
    if (v.to_bits() & 0x7fff_ffff) > 0x7f80_0000 {
        return 0;
    }
    if v >= 2147483648.0 {
        return 0x7fff_ffffu32 as i32;
    }
    if v <= -2147483648.0 {
        return 0x8000_0000u32 as i32;
    }
    v as i32 // in range here: GLSL int(v) truncates toward zero
}

// dx11_ftou
fn mirror_ftou(v: f32) -> u32 {
    if (v.to_bits() & 0x7fff_ffff) > 0x7f80_0000 {
        return 0;
    }
    if v <= 0.0 {
        return 0;
    }
    if v >= 4294967296.0 {
        return 0xffff_ffff;
    }
    v as u32 // in (0, 2^32) here: GLSL uint(v) truncates toward zero
}

fn float_cases() -> Vec<f32> {
    let mut v: Vec<f32> = vec![
        0.0,
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
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001),
        f32::from_bits(1),
        f32::MIN_POSITIVE,
    ];
    v.extend(words().into_iter().map(f32::from_bits));
    v
}

#[test]
fn ftoi_ftou_helpers_follow_d3d() {
    for v in float_cases() {
        // Rust's float → int `as` is D3D's rule: NaN → 0, saturating.
        assert_eq!(mirror_ftoi(v), v as i32, "ftoi({v:?} = {:#x})", v.to_bits());
        assert_eq!(mirror_ftou(v), v as u32, "ftou({v:?} = {:#x})", v.to_bits());
    }
    // The conformance rows (wine_d3d11_uint_083…088, vkd3d_float_100…103).
    assert_eq!(mirror_ftou(f32::from_bits(0xffc0_0000)), 0);
    assert_eq!(mirror_ftou(f32::NEG_INFINITY), 0);
    assert_eq!(mirror_ftou(f32::INFINITY), 0xffff_ffff);
    assert_eq!(mirror_ftoi(f32::NEG_INFINITY) as u32, 0x8000_0000);
    assert_eq!(mirror_ftoi(f32::INFINITY) as u32, 0x7fff_ffff);
    assert_eq!(mirror_ftoi(-1.0) as u32, 0xffff_ffff);
}

// dx11_f32tof16 (exact)
fn mirror_f32tof16(v: f32) -> u32 {
    let u = v.to_bits();
    let s = (u >> 16) & 0x8000;
    let e = (u >> 23) & 0xff;
    let m = u & 0x7f_ffff;
    if e == 0xff {
        return s | if m != 0 { 0x7e00 } else { 0x7c00 };
    }
    let he = e as i32 - 112;
    if he >= 31 {
        return s | 0x7bff;
    }
    if he <= 0 {
        if he < -10 {
            return s;
        }
        return s | ((m | 0x80_0000) >> ((14 - he) as u32));
    }
    s | ((he as u32) << 10) | (m >> 13)
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

/// D3D f32tof16 reference: the largest-magnitude half not above |v|
/// (round toward zero), finite overflow to 65504, Inf kept, NaN → a NaN.
fn reference_f32tof16(v: f32) -> Option<u32> {
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
    if half_value(hi) <= a {
        return Some(sign | hi as u32);
    }
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

#[test]
fn f32tof16_exact_helper_truncates_like_d3d() {
    let mut cases = float_cases();
    // Around every half boundary and the denormal range.
    for h in (0u32..0x7c00).step_by(7) {
        let f = half_value(h as u16) as f32;
        cases.extend([
            f,
            -f,
            f32::from_bits(f.to_bits() + 1),
            f32::from_bits(f.to_bits().wrapping_sub(1)),
        ]);
    }
    for v in cases {
        let got = mirror_f32tof16(v);
        match reference_f32tof16(v) {
            Some(want) => assert_eq!(got, want, "f32tof16({v:?} = {:#x})", v.to_bits()),
            None => assert!(got & 0x7c00 == 0x7c00 && got & 0x3ff != 0, "NaN → {got:#x}"),
        }
        assert_eq!(got >> 16, 0, "high half must be zero");
    }
    // The conformance rows (vkd3d_proton_uint_124…136).
    let row = |ins: [u32; 4], outs: [u32; 4]| {
        for (i, o) in ins.into_iter().zip(outs) {
            assert_eq!(mirror_f32tof16(f32::from_bits(i)), o, "{i:#x}");
        }
    };
    row(
        [0x3380_0000, 0x3400_0000, 0x3440_0000, 0x3480_0000],
        [1, 2, 3, 4],
    );
    row(
        [0x4480_1800, 0x4480_3800, 0x4480_5800, 0x4480_7800],
        [0x6400, 0x6401, 0x6402, 0x6403],
    );
    row(
        [0x3340_0000, 0xb340_0000, 0x33e0_0000, 0xb3e0_0000],
        [0, 0x8000, 1, 0x8001],
    );
    row(
        [0x7f80_0000, 0xff80_0000, 0x47c3_5000, 0xc7c3_5000],
        [0x7c00, 0xfc00, 0x7bff, 0xfbff],
    );
    row(
        [0, 0x3f80_0000, 0xbf80_0000, 0x4426_8000],
        [0, 0x3c00, 0xbc00, 0x6134],
    );
}

// dx11_ubfe
fn mirror_ubfe(width: u32, offset: u32, value: u32) -> u32 {
    let w = width & 31;
    let o = offset & 31;
    if w == 0 {
        return 0;
    }
    if w + o < 32 {
        return (value << (32 - w - o)) >> (32 - w);
    }
    value >> o
}

// dx11_ibfe
fn mirror_ibfe(width: u32, offset: u32, value: i32) -> i32 {
    let w = width & 31;
    let o = offset & 31;
    if w == 0 {
        return 0;
    }
    if w + o < 32 {
        return (value << (32 - w - o)) >> (32 - w);
    }
    value >> o
}

// dx11_bfi
fn mirror_bfi(width: u32, offset: u32, insert: u32, base: u32) -> u32 {
    let w = width & 31;
    let o = offset & 31;
    let mask = (1u32 << w).wrapping_sub(1) << o;
    ((insert << o) & mask) | (base & (mask ^ 0xffff_ffff))
}

/// Bit `i` of `v` (0 beyond bit 31).
fn bit(v: u64, i: u32) -> u64 {
    if i < 64 {
        (v >> i) & 1
    } else {
        0
    }
}

#[test]
fn bitfield_helpers_follow_d3d() {
    let ws = words();
    let small: Vec<u32> = (0..40)
        .chain([0xffff_ffe0, 0xffff_ffff, 0x8000_0001])
        .collect();
    for &w in &small {
        for &o in &small {
            for &v in ws.iter().step_by(9) {
                let (wm, om) = (w & 31, o & 31);
                // ubfe: bits o.. o+w-1 of v, zero above bit 31 (D3D: the
                // `w + o >= 32` case is `v >> o`).
                let mut ub = 0u64;
                for i in 0..wm {
                    ub |= bit(v as u64, om + i) << i;
                }
                assert_eq!(mirror_ubfe(w, o, v) as u64, ub, "ubfe({w}, {o}, {v:#x})");
                // ibfe: the same field sign-extended from its top bit, or
                // an arithmetic `v >> o` when the field reaches bit 31.
                let ib = if wm == 0 {
                    0
                } else if wm + om < 32 {
                    let top = (ub >> (wm - 1)) & 1;
                    (if top == 1 { ub | (u64::MAX << wm) } else { ub }) as u32 as i32
                } else {
                    (v as i32) >> om
                };
                assert_eq!(mirror_ibfe(w, o, v as i32), ib, "ibfe({w}, {o}, {v:#x})");
                // bfi: bit i of the result is insert bit (i - o) inside
                // [o, o + w) ∩ [0, 32), else base bit i.
                let base = v.rotate_left(7) ^ 0x5a5a_5a5a;
                let mut bf = 0u32;
                for i in 0..32 {
                    let b = if i >= om && i < om + wm {
                        bit(v as u64, i - om)
                    } else {
                        bit(base as u64, i)
                    };
                    bf |= (b as u32) << i;
                }
                assert_eq!(
                    mirror_bfi(w, o, v, base),
                    bf,
                    "bfi({w}, {o}, {v:#x}, {base:#x})"
                );
            }
        }
    }
    // Microsoft's ubfe/ibfe examples and conformance-style values.
    assert_eq!(mirror_ubfe(4, 1, 0b1011_0110), 0b1011);
    assert_eq!(mirror_ibfe(4, 1, 0b1011_0110), -5);
    assert_eq!(mirror_bfi(0, 5, 0xffff_ffff, 0x1234), 0x1234);
}

// dx11_countbits
fn mirror_countbits(mut v: u32) -> u32 {
    v = v.wrapping_sub((v >> 1) & 0x5555_5555);
    v = (v & 0x3333_3333).wrapping_add((v >> 2) & 0x3333_3333);
    v = v.wrapping_add(v >> 4) & 0x0f0f_0f0f;
    v.wrapping_mul(0x0101_0101) >> 24
}

// dx11_firstbit_hi
fn mirror_firstbit_hi(mut v: u32) -> u32 {
    if v == 0 {
        return 0xffff_ffff;
    }
    let mut n = 0;
    if (v & 0xffff_0000) == 0 {
        n += 16;
        v <<= 16;
    }
    if (v & 0xff00_0000) == 0 {
        n += 8;
        v <<= 8;
    }
    if (v & 0xf000_0000) == 0 {
        n += 4;
        v <<= 4;
    }
    if (v & 0xc000_0000) == 0 {
        n += 2;
        v <<= 2;
    }
    if (v & 0x8000_0000) == 0 {
        n += 1;
    }
    n
}

// dx11_firstbit_lo
fn mirror_firstbit_lo(mut v: u32) -> u32 {
    if v == 0 {
        return 0xffff_ffff;
    }
    let mut n = 0;
    if (v & 0x0000_ffff) == 0 {
        n += 16;
        v >>= 16;
    }
    if (v & 0x0000_00ff) == 0 {
        n += 8;
        v >>= 8;
    }
    if (v & 0x0000_000f) == 0 {
        n += 4;
        v >>= 4;
    }
    if (v & 0x0000_0003) == 0 {
        n += 2;
        v >>= 2;
    }
    if (v & 0x0000_0001) == 0 {
        n += 1;
    }
    n
}

// dx11_firstbit_shi
fn mirror_firstbit_shi(v: i32) -> u32 {
    mirror_firstbit_hi((v ^ (v >> 31)) as u32)
}

// dx11_bfrev
#[allow(clippy::manual_rotate)] // mirrors the GLSL text
fn mirror_bfrev(mut v: u32) -> u32 {
    v = ((v >> 1) & 0x5555_5555) | ((v & 0x5555_5555) << 1);
    v = ((v >> 2) & 0x3333_3333) | ((v & 0x3333_3333) << 2);
    v = ((v >> 4) & 0x0f0f_0f0f) | ((v & 0x0f0f_0f0f) << 4);
    v = ((v >> 8) & 0x00ff_00ff) | ((v & 0x00ff_00ff) << 8);
    (v >> 16) | (v << 16)
}

#[test]
fn bit_counting_helpers_follow_d3d() {
    let mut ws = words();
    ws.extend((0..32).map(|i| 1u32 << i));
    ws.extend((0..32).map(|i| !(1u32 << i)));
    for v in ws {
        assert_eq!(mirror_countbits(v), v.count_ones(), "countbits({v:#x})");
        let hi = if v == 0 { u32::MAX } else { v.leading_zeros() };
        assert_eq!(mirror_firstbit_hi(v), hi, "firstbit_hi({v:#x})");
        let lo = if v == 0 { u32::MAX } else { v.trailing_zeros() };
        assert_eq!(mirror_firstbit_lo(v), lo, "firstbit_lo({v:#x})");
        let s = v as i32;
        let shi = match s {
            0 | -1 => u32::MAX,
            s if s < 0 => v.leading_ones(),
            _ => v.leading_zeros(),
        };
        assert_eq!(mirror_firstbit_shi(s), shi, "firstbit_shi({v:#x})");
        assert_eq!(mirror_bfrev(v), v.reverse_bits(), "bfrev({v:#x})");
    }
    // Microsoft's example: firstbit_hi(0x10000000) = 3.
    assert_eq!(mirror_firstbit_hi(0x1000_0000), 3);
}

// dx11_umulhi
fn mirror_umulhi(a: u32, b: u32) -> u32 {
    let al = a & 0xffff;
    let ah = a >> 16;
    let bl = b & 0xffff;
    let bh = b >> 16;
    let lh = al.wrapping_mul(bh);
    let hl = ah.wrapping_mul(bl);
    let mid = (al.wrapping_mul(bl) >> 16)
        .wrapping_add(lh & 0xffff)
        .wrapping_add(hl & 0xffff);
    ah.wrapping_mul(bh)
        .wrapping_add(lh >> 16)
        .wrapping_add(hl >> 16)
        .wrapping_add(mid >> 16)
}

// dx11_imulhi
fn mirror_imulhi(a: i32, b: i32) -> i32 {
    let mut hi = mirror_umulhi(a as u32, b as u32);
    if a < 0 {
        hi = hi.wrapping_sub(b as u32);
    }
    if b < 0 {
        hi = hi.wrapping_sub(a as u32);
    }
    hi as i32
}

// dx11_udiv / dx11_umod: `b == 0u ? 0xffffffffu : a / b` (and `a % b`).
fn mirror_udiv(a: u32, b: u32) -> u32 {
    a.checked_div(b).unwrap_or(0xffff_ffff)
}
fn mirror_umod(a: u32, b: u32) -> u32 {
    a.checked_rem(b).unwrap_or(0xffff_ffff)
}

// dx11_msad
#[allow(clippy::manual_abs_diff)] // mirrors the GLSL text
fn mirror_msad(reference: u32, source: u32, mut accum: u32) -> u32 {
    let mut i = 0;
    while i < 32 {
        let r = (reference >> i) & 0xff;
        let s = (source >> i) & 0xff;
        if r != 0 {
            accum = accum.wrapping_add(if r > s { r - s } else { s - r });
        }
        i += 8;
    }
    accum
}

#[test]
fn multiply_divide_helpers_follow_d3d() {
    let ws = words();
    for &a in &ws {
        for &b in ws.iter().step_by(5) {
            let wide = (a as u64) * (b as u64);
            assert_eq!(
                mirror_umulhi(a, b),
                (wide >> 32) as u32,
                "umulhi({a:#x}, {b:#x})"
            );
            let swide = (a as i32 as i64) * (b as i32 as i64);
            assert_eq!(
                mirror_imulhi(a as i32, b as i32),
                (swide >> 32) as i32,
                "imulhi({a:#x}, {b:#x})"
            );
            // Low half: GLSL's wrapping `*`.
            assert_eq!(a.wrapping_mul(b), wide as u32);
            // uaddc/usubb flags as emitted: `a + b < a`, `a < b`.
            assert_eq!(
                (a.wrapping_add(b) < a) as u32,
                a.overflowing_add(b).1 as u32
            );
            assert_eq!((a < b) as u32, a.overflowing_sub(b).1 as u32);
            // msad: per-byte reference.
            let mut want = b;
            for k in 0..4 {
                let (r, s) = ((a >> (8 * k)) & 0xff, (b.rotate_left(3) >> (8 * k)) & 0xff);
                if r != 0 {
                    want = want.wrapping_add(r.abs_diff(s));
                }
            }
            assert_eq!(mirror_msad(a, b.rotate_left(3), b), want);
        }
    }
    // Division by zero: 0xFFFFFFFF in both (vkd3d_uint_131/132).
    assert_eq!(mirror_udiv(7, 0), 0xffff_ffff);
    assert_eq!(mirror_umod(7, 0), 0xffff_ffff);
    assert_eq!((mirror_udiv(100, 7), mirror_umod(100, 7)), (14, 2));
}
