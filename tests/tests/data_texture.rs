//! The `structured_data_texture` pass (lowerings/memory-structured/docs/memory-structured.md#structured_data_texture): structured and
//! raw buffer SRVs read from an RGBA32UI data texture `sb<r>`.
//!
//! - Snapshots of the lowering (one fetch with a swizzle, lanes over two
//!   texels, per-lane dwords, a byte offset in a register, raw buffers, a
//!   vertex shader with a BoneTransforms block beside a data texture, a
//!   stubbed buffer), each checked with `glslangValidator`; the
//!   description of a `.snap` is the disassembly of the instructions under
//!   test.
//! - Errors and refusals naming the operand or the pass.
//! - The program manifest's sampler entry of a data texture.
//! - Mesa renders: pixel `x` of a translated pixel shader reads element
//!   `x` of buffers uploaded as the module docs of the pass say (RGBA32UI,
//!   bytes unchanged, a width that wraps texels onto several rows) and
//!   writes the dwords it read, compared word for word.
//! - The corpus shaders that only structured or raw SRVs kept from the
//!   native profile translate and compile.

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::profile::PassSpec;
use dxlower_core::{translate_stage, Profile, StageInput, TranslateError};
use dxlower_dxbc::rdef::{Rdef, RdefProgramType, ResourceBinding, ShaderInputType, SrvDimension};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Index, IndexRepr, Instruction, InterpolationMode, Opcode, Operand, OperandType,
    Payload, ProgramType, SignatureSystemValue, SystemValue,
};
use dxlower_gles::{Draw, Format, Runner, UintTexture, Vertices};
use dxlower_tests::build::{
    self, dcl_structured, l, ld_structured, m, o, op, rd, refusal, rs, s, v,
};
use dxlower_tests::{element, glslang, signature, translate_corpus, Built};
use std::collections::BTreeMap;

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;
const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;
const LIFT: &str = "profile pass structured_data_texture (native)";

// ---------------------------------------------------------------------------
// Operand shorthands
// ---------------------------------------------------------------------------

/// `t<n>.<swizzle>`.
fn t(n: u32, swz: &str) -> Operand {
    Operand::new(OperandType::Resource, s(swz), &[n])
}

/// `ld_raw dst, addr, res`.
fn ld_raw(dst: Operand, addr: Operand, res: Operand) -> Instruction {
    op(Opcode::LdRaw, vec![dst, addr, res])
}

fn dcl_raw(reg: u32) -> Instruction {
    Instruction::decl(
        Opcode::DclResourceRaw,
        vec![Operand::new(
            OperandType::Resource,
            Components::Zero,
            &[reg],
        )],
        Payload::None,
    )
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

/// A ps_5_0: `decls`, `v0` TEXCOORD0 float4, `o0` SV_Target0 float4, `o1`
/// SV_Target1 int4, four temps, `body`, `ret`.
fn ps(decls: &[Instruction], body: &[Instruction]) -> Built {
    let mut insts = decls.to_vec();
    insts.extend([
        Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0xF),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_output(1, 0xF),
        Instruction::dcl_temps(4),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
    Built::new(
        PS,
        5,
        insts,
        Some(dxlower_tests::ps_isgn()),
        Some(dxlower_tests::ps_osgn()),
    )
}

/// A vs_5_0: `decls`, `v0` POSITION float4, `v1` BLENDINDICES uint4, `o0`
/// SV_Position, `o1` TEXCOORD0, four temps, `body`, `ret`.
fn vs(decls: &[Instruction], body: &[Instruction]) -> Built {
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
            element("POSITION", 0, 0, 0xF, ComponentType::Float32, NONE),
            element("BLENDINDICES", 0, 1, 0xF, ComponentType::Uint32, NONE),
        ],
    );
    let osgn = signature(
        b"OSGN",
        vec![
            element(
                "SV_Position",
                0,
                0,
                0xF,
                ComponentType::Float32,
                SignatureSystemValue::Position,
            ),
            element("TEXCOORD", 0, 1, 0xF, ComponentType::Float32, NONE),
        ],
    );
    Built::new(VS, 5, insts, Some(isgn), Some(osgn))
}

/// The disassembly of `body`, one instruction per line.
fn asm(stage: ProgramType, body: &[Instruction]) -> String {
    dxlower_tests::asm(stage, body)
}

/// An RDEF whose structured buffers are `(name, register, stride)`.
fn rdef(bindings: &[(&str, u32, u32)]) -> Rdef {
    build::rdef(
        RdefProgramType::Pixel,
        bindings
            .iter()
            .map(|&(name, reg, stride)| ResourceBinding {
                sample_count: stride,
                ..build::binding(
                    name,
                    ShaderInputType::Structured,
                    SrvDimension::Buffer,
                    6,
                    reg,
                )
            })
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------

fn native() -> Profile {
    dxlower_targets::load("native").expect("native profile")
}

fn webgl2() -> Profile {
    dxlower_targets::load("webgl2").expect("webgl2 profile")
}

/// `native` with the data-texture pass given `params` (the pass stays
/// after `bone_transforms`).
fn native_with(params: &[(&str, &str)]) -> Profile {
    let mut p = native();
    let spec = p
        .passes
        .iter_mut()
        .find(|x| x.name == "structured_data_texture")
        .expect("native lists structured_data_texture");
    *spec = PassSpec {
        name: "structured_data_texture".into(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
    };
    p
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// Translates `input`, checks the whole shader with glslang, snapshots it
/// (the description is the disassembly of `shown`); returns the GLSL.
fn check_input(
    name: &str,
    profile: &Profile,
    input: StageInput<'_>,
    shown: &[Instruction],
) -> String {
    let stage = input.program.version.program_type;
    let out = translate_stage(input, profile)
        .unwrap_or_else(|e| panic!("{name}: translation failed: {e}"));
    if let Err(log) = glslang(&out.glsl, stage) {
        panic!(
            "{name}: glslangValidator rejects the output:\n{}\n{log}",
            out.glsl
        );
    }
    insta::with_settings!({ description => asm(stage, shown), omit_expression => true }, {
        insta::assert_snapshot!(name, out.glsl);
    });
    out.glsl
}

fn check(name: &str, profile: &Profile, built: &Built, shown: &[Instruction]) -> String {
    check_input(name, profile, built.input(), shown)
}

/// The message of a translation that fails as malformed for the lowering
/// (in a handler or in the pass), never as a refusal.
fn invalid(profile: &Profile, built: &Built) -> String {
    match built.translate(profile) {
        Err(e @ (TranslateError::Refused { .. } | TranslateError::StageRefused(_))) => {
            panic!("expected an error, got the refusal {e}")
        }
        Err(e) => e.to_string(),
        Ok(out) => panic!("expected an error, got GLSL:\n{}", out.glsl),
    }
}

// ---------------------------------------------------------------------------
// Snapshots
// ---------------------------------------------------------------------------

#[test]
fn aligned_loads_are_one_fetch_with_a_swizzle() {
    // Stride 48, constant byte offsets 16 and 32: each load lies in one
    // texel (element texel 3 * index + row).
    let decls = [dcl_structured(0, 48)];
    let body = [
        op(Opcode::Ftou, vec![rd(1, "x"), v(0, "x")]),
        ld_structured(48, rd(0, "xyzw"), rs(1, "x"), l(16), t(0, "xyzw")),
        ld_structured(48, rd(2, "yz"), rs(1, "x"), l(32), t(0, "xwzx")),
        // A constant element: a constant texel.
        ld_structured(48, rd(3, "x"), l(2), l(44), t(0, "xxxx")),
    ];
    let glsl = check(
        "data_texture_one_fetch",
        &native(),
        &ps(&decls, &body),
        &[&decls[..], &body[..]].concat(),
    );
    assert!(glsl.contains("uniform highp usampler2D sb0;"), "{glsl}");
    assert!(
        glsl.contains("r0_u = dx11_data_texel(sb0, r1_u.x * 3u + 1u).xyzw;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r2_u.yz = dx11_data_texel(sb0, r1_u.x * 3u + 2u).wz;"),
        "{glsl}"
    );
    // Element 2, byte 44: dword 35 = texel 8, component w.
    assert!(
        glsl.contains("r3_u.x = dx11_data_texel(sb0, 8u).w;"),
        "{glsl}"
    );
    assert!(!glsl.contains("dx11_data_dword"), "{glsl}");
}

#[test]
fn lanes_over_two_texels_and_per_lane_dwords() {
    let decls = [
        dcl_structured(0, 48),
        dcl_structured(1, 4),
        dcl_structured(2, 84),
    ];
    let body = [
        op(Opcode::Ftou, vec![rd(1, "xy"), v(0, "xyxx")]),
        // Byte offset 8, .xyzw: dwords 2..5 — texel 3i (z, w) and 3i + 1
        // (x, y).
        ld_structured(48, rd(0, "xyzw"), rs(1, "x"), l(8), t(0, "xyzw")),
        // Stride 4: the component depends on the index.
        ld_structured(4, rd(2, "x"), rs(1, "y"), l(0), t(1, "xxxx")),
        // Stride 84 (21 dwords): per-lane dwords.
        ld_structured(84, rd(3, "xyzw"), rs(1, "x"), l(52), t(2, "xyzw")),
        // Into an integer output: the dwords as they are.
        ld_structured(4, o(1, "xyzw"), rs(1, "x"), l(0), t(1, "xxxx")),
        op(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyzw")]),
    ];
    let glsl = check(
        "data_texture_per_lane",
        &native(),
        &ps(&decls, &body),
        &[&decls[..], &body[..]].concat(),
    );
    assert!(
        glsl.contains(
            "r0_u = uvec4(dx11_data_texel(sb0, r1_u.x * 3u).zw, \
             dx11_data_texel(sb0, r1_u.x * 3u + 1u).xy);"
        ),
        "{glsl}"
    );
    assert!(
        glsl.contains("r2_u.x = dx11_data_dword(sb1, r1_u.y);"),
        "{glsl}"
    );
    assert!(
        glsl.contains("dx11_data_dword(sb2, r1_u.x * 21u + 16u)"),
        "{glsl}"
    );
    // Each helper once, the texel helper before the dword helper.
    assert_eq!(glsl.matches("uvec4 dx11_data_texel(").count(), 1, "{glsl}");
    assert_eq!(glsl.matches("uint dx11_data_dword(").count(), 1, "{glsl}");
    assert!(
        glsl.find("uvec4 dx11_data_texel(") < glsl.find("uint dx11_data_dword("),
        "{glsl}"
    );
}

#[test]
fn register_byte_offsets_read_per_lane() {
    let decls = [dcl_structured(0, 48), dcl_structured(1, 16)];
    let body = [
        op(Opcode::Ftou, vec![rd(1, "xyzw"), v(0, "xyzw")]),
        ld_structured(48, rd(0, "xy"), rs(1, "x"), rs(1, "y"), t(0, "xyxx")),
        // A constant element with a register offset.
        ld_structured(16, rd(2, "zw"), l(3), rs(1, "z"), t(1, "xxyx")),
    ];
    let glsl = check(
        "data_texture_register_offset",
        &native(),
        &ps(&decls, &body),
        &[&decls[..], &body[..]].concat(),
    );
    assert!(
        glsl.contains(
            "r0_u.xy = uvec2(dx11_data_dword(sb0, r1_u.x * 12u + \
             (r1_u.y >> 2u)), dx11_data_dword(sb0, r1_u.x * 12u + \
             (r1_u.y >> 2u) + 1u));"
        ),
        "{glsl}"
    );
    // Element 3 of 4 dwords: dword 12 + (offset >> 2) + component.
    assert!(
        glsl.contains("dx11_data_dword(sb1, (r1_u.z >> 2u) + 12u)"),
        "{glsl}"
    );
    assert!(
        glsl.contains("dx11_data_dword(sb1, (r1_u.z >> 2u) + 13u)"),
        "{glsl}"
    );
}

#[test]
fn raw_buffers_read_by_byte_address() {
    let decls = [dcl_raw(2)];
    let body = [
        op(Opcode::Ftou, vec![rd(1, "x"), v(0, "x")]),
        ld_raw(rd(0, "xy"), l(16), t(2, "xyxx")),
        ld_raw(rd(3, "xyz"), l(24), t(2, "xyzx")),
        ld_raw(rd(2, "xyzw"), rs(1, "x"), t(2, "wzyx")),
    ];
    let glsl = check(
        "data_texture_raw",
        &native(),
        &ps(&decls, &body),
        &[&decls[..], &body[..]].concat(),
    );
    assert!(
        glsl.contains("r0_u.xy = dx11_data_texel(sb2, 1u).xy;"),
        "{glsl}"
    );
    assert!(
        glsl.contains("r3_u.xyz = uvec3(dx11_data_texel(sb2, 1u).zw, dx11_data_texel(sb2, 2u).x);"),
        "{glsl}"
    );
    assert!(
        glsl.contains("dx11_data_dword(sb2, (r1_u.x >> 2u) + 3u)"),
        "{glsl}"
    );
}

#[test]
fn a_vertex_shader_keeps_bones_in_the_block_and_reads_others_from_textures() {
    // No RDEF: the 48-byte t0 is BoneTransforms (the bone pass's std140
    // block, instance sb0), the 16-byte t1 a data texture sb1.
    let decls = [
        Instruction::dcl_constant_buffer(3, 29),
        dcl_structured(0, 48),
        dcl_structured(1, 16),
    ];
    let body = [
        ld_structured(48, rd(0, "xyzw"), v(1, "x"), l(16), t(0, "xyzw")),
        ld_structured(16, rd(1, "xyzw"), v(1, "y"), l(0), t(1, "xyzw")),
        op(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyzw")]),
        op(Opcode::Mov, vec![o(1, "xyzw"), rs(1, "xyzw")]),
    ];
    let built = vs(&decls, &body);
    let glsl = check(
        "data_texture_vs_beside_bones",
        &native(),
        &built,
        &[&decls[..], &body[..]].concat(),
    );
    assert!(glsl.contains("uniform CewgSb0 {"), "{glsl}");
    assert!(glsl.contains("} sb0;"), "{glsl}");
    assert!(glsl.contains("uniform highp usampler2D sb1;"), "{glsl}");
    assert!(!glsl.contains("usampler2D sb0"), "{glsl}");
    let out = built.translate(&native()).expect("translates");
    let names: Vec<&str> = out
        .record
        .samplers
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["sb1"]);
}

#[test]
fn stubbed_buffers_read_zero_and_declare_nothing() {
    // LightBuffer (t0) is stubbed; LightIndexBuffer (t1) is a data texture.
    let decls = [dcl_structured(0, 48), dcl_structured(1, 4)];
    let body = [
        op(Opcode::Ftou, vec![rd(1, "x"), v(0, "x")]),
        ld_structured(48, rd(0, "xyzw"), rs(1, "x"), l(16), t(0, "xyzw")),
        ld_structured(4, rd(2, "x"), rs(1, "x"), l(0), t(1, "xxxx")),
        ld_structured(48, o(1, "xy"), rs(1, "x"), l(0), t(0, "xyxx")),
    ];
    let built = ps(&decls, &body);
    let names = rdef(&[("LightBuffer", 0, 48), ("LightIndexBuffer", 1, 4)]);
    let input = StageInput {
        rdef: Some(&names),
        ..built.input()
    };
    let mut profile = native();
    profile.stub_resource_registers = vec!["LightBuffer".into()];
    let glsl = check_input(
        "data_texture_stubbed",
        &profile,
        input,
        &[&decls[..], &body[..]].concat(),
    );
    assert!(glsl.contains("r0_u = uvec4(0u);"), "{glsl}");
    assert!(!glsl.contains("sb0"), "{glsl}");
    assert!(glsl.contains("uniform highp usampler2D sb1;"), "{glsl}");
    let out = translate_stage(input, &profile).expect("translates");
    assert_eq!(out.record.samplers.len(), 1);
    let entry = &out.record.samplers[0];
    assert_eq!((entry.name.as_str(), entry.texture), ("sb1", 1));
    let data = entry.data.as_ref().expect("data texture entry");
    assert_eq!(data.binding.as_deref(), Some("LightIndexBuffer"));
    // Stubbing wins over bone_transforms too (a 48-byte VS buffer).
    let bones = vs(
        &[dcl_structured(0, 48)],
        &[
            ld_structured(48, rd(0, "xyzw"), v(1, "x"), l(0), t(0, "xyzw")),
            op(Opcode::Mov, vec![o(0, "xyzw"), rs(0, "xyzw")]),
        ],
    );
    let names = rdef(&[("LightBuffer", 0, 48)]);
    let input = StageInput {
        rdef: Some(&names),
        ..bones.input()
    };
    let out = translate_stage(input, &profile).expect("translates");
    assert!(!out.glsl.contains("CewgSb0"), "{}", out.glsl);
    assert!(out.glsl.contains("r0_u = uvec4(0u);"), "{}", out.glsl);
    // Raw buffers too.
    let raw = ps(&[dcl_raw(0)], &[ld_raw(rd(0, "xy"), l(0), t(0, "xyxx"))]);
    let names = rdef(&[("LightBuffer", 0, 0)]);
    let input = StageInput {
        rdef: Some(&names),
        ..raw.input()
    };
    let out = translate_stage(input, &profile).expect("translates");
    assert!(out.glsl.contains("r0_u.xy = uvec2(0u);"), "{}", out.glsl);
    assert!(out.record.samplers.is_empty());
}

#[test]
fn buffers_declared_but_never_read_cost_nothing() {
    let built = ps(
        &[dcl_structured(5, 16), dcl_raw(6)],
        &[op(Opcode::Mov, vec![o(0, "xyzw"), v(0, "xyzw")])],
    );
    let out = built.translate(&native()).expect("translates");
    assert!(!out.glsl.contains("usampler2D"), "{}", out.glsl);
    assert!(out.record.samplers.is_empty());
}

// ---------------------------------------------------------------------------
// Errors and refusals
// ---------------------------------------------------------------------------

#[test]
fn bad_loads_are_errors_naming_the_operand() {
    let load = |stride: u16, dst: Operand, off: Operand, res: Operand| {
        ps(
            &[dcl_structured(0, u32::from(stride))],
            &[ld_structured(stride, dst, v(0, "x"), off, res)],
        )
    };
    let e = invalid(&native(), &load(16, rd(0, "x"), l(6), t(0, "xxxx")));
    assert!(
        e.contains("byte offset 6 (operand 2) of structured buffer t0 is not a multiple of 4"),
        "{e}"
    );
    let e = invalid(&native(), &load(16, rd(0, "xy"), l(12), t(0, "xyxx")));
    assert!(
        e.contains("lane y of structured buffer t0 reads bytes 16..19"),
        "{e}"
    );
    assert!(e.contains("past the 16-byte stride"), "{e}");
    let e = invalid(
        &native(),
        &ps(&[dcl_raw(1)], &[ld_raw(rd(0, "x"), l(2), t(1, "xxxx"))]),
    );
    assert!(
        e.contains("byte address 2 (operand 1) of raw buffer t1 is not a multiple of 4"),
        "{e}"
    );
    // A stride that is not whole dwords.
    let e = invalid(&native(), &load(6, rd(0, "x"), l(0), t(0, "xxxx")));
    assert!(e.contains("has stride 6"), "{e}");
    // A dynamically indexed resource operand: t[r1.x + 0].
    let mut res = t(0, "xxxx");
    res.indices[0] = Index {
        repr: IndexRepr::Imm32PlusRelative,
        imm: 0,
        rel: Some(Box::new(rs(1, "x"))),
    };
    let e = invalid(
        &native(),
        &ps(&[], &[ld_structured(16, rd(0, "x"), v(0, "x"), l(0), res)]),
    );
    assert!(e.contains("operand 3 (t#)"), "{e}");
    assert!(e.contains("indexed dynamically"), "{e}");
}

#[test]
fn bad_parameters_and_name_clashes_are_errors() {
    let built = ps(
        &[dcl_structured(0, 16)],
        &[ld_structured(16, rd(0, "x"), v(0, "x"), l(0), t(0, "xxxx"))],
    );
    let e = invalid(&native_with(&[("prefix", "1x")]), &built);
    assert!(e.contains("prefix `1x` is not a GLSL identifier"), "{e}");
    let e = invalid(&native_with(&[("stages", "vs,gs")]), &built);
    assert!(e.contains("stages `vs,gs`: `gs` is not a stage"), "{e}");
    // An unknown parameter: the core names the ones the pass takes.
    match built.translate(&native_with(&[("width", "64")])) {
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("has no parameter `width`"), "{e}");
            assert!(e.contains("prefix, stages"), "{e}");
        }
        Ok(out) => panic!("expected an error, got GLSL:\n{}", out.glsl),
    }
    // A prefix that names another declaration: cb0.
    let clash = ps(
        &[
            Instruction::dcl_constant_buffer(0, 1),
            dcl_structured(0, 16),
        ],
        &[ld_structured(16, rd(0, "x"), v(0, "x"), l(0), t(0, "xxxx"))],
    );
    let e = invalid(&native_with(&[("prefix", "cb")]), &clash);
    assert!(
        e.contains("would be named `cb0`, which the stage already declares"),
        "{e}"
    );
    // Another prefix is used as given.
    let out = built
        .translate(&native_with(&[("prefix", "lightData")]))
        .expect("translates");
    assert!(
        out.glsl.contains("uniform highp usampler2D lightData0;"),
        "{}",
        out.glsl
    );
}

#[test]
fn stages_outside_the_pass_and_other_profiles_refuse_by_name() {
    let load = [ld_structured(16, rd(0, "x"), v(0, "x"), l(0), t(0, "xxxx"))];
    let built = ps(&[dcl_structured(0, 16)], &load);
    let (what, why, _) = refusal(&native_with(&[("stages", "vs")]), &built);
    assert_eq!(what, "structured buffer t0 (ld_structured)");
    assert!(
        why.ends_with("the structured_data_texture pass does not take ps shaders (stages = vs)"),
        "{why}"
    );
    let raw = ps(&[dcl_raw(3)], &[ld_raw(rd(0, "x"), l(0), t(3, "xxxx"))]);
    let (what, why, _) = refusal(&native_with(&[("stages", "vs")]), &raw);
    assert_eq!(what, "raw buffer t3 (dcl_resource_raw)");
    assert!(why.contains("does not take ps shaders"), "{why}");
    // webgl2: the declaration is refused, lifted by the passes.
    let (what, _, lifted) = refusal(&webgl2(), &built);
    assert_eq!(what, "structured buffer t0");
    let lifted = lifted.expect("lifted_by");
    assert!(lifted.contains("structured_data_texture"), "{lifted}");
    let (what, _, lifted) = refusal(&webgl2(), &raw);
    assert_eq!(what, "raw buffer t3 (dcl_resource_raw)");
    assert_eq!(lifted.as_deref(), Some(LIFT));
    // Without declarations, the loads name the pass.
    let (what, _, lifted) = refusal(&webgl2(), &ps(&[], &load));
    assert_eq!(what, "structured buffer t0 (ld_structured)");
    assert_eq!(lifted.as_deref(), Some(LIFT));
    // bufinfo stays refused, saying why the texture cannot answer.
    let info = ps(
        &[dcl_structured(0, 16)],
        &[op(Opcode::Bufinfo, vec![rd(0, "x"), t(0, "xxxx")])],
    );
    let (what, why, _) = refusal(&native(), &info);
    assert_eq!(what, "buffer t0 (bufinfo)");
    assert!(why.contains("not its element count"), "{why}");
}

// ---------------------------------------------------------------------------
// Manifest
// ---------------------------------------------------------------------------

#[test]
fn the_manifest_lists_data_textures_as_samplers() {
    let vs_built = {
        let insts = vec![
            Instruction::dcl_input(0, 0xF),
            Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
            op(Opcode::Mov, vec![o(0, "xyzw"), v(0, "xyzw")]),
            op(Opcode::Ret, vec![]),
        ];
        let isgn = signature(
            b"ISGN",
            vec![element("POSITION", 0, 0, 0xF, ComponentType::Float32, NONE)],
        );
        let osgn = signature(
            b"OSGN",
            vec![element(
                "SV_Position",
                0,
                0,
                0xF,
                ComponentType::Float32,
                SignatureSystemValue::Position,
            )],
        );
        Built::new(VS, 5, insts, Some(isgn), Some(osgn))
    };
    let ps_built = render_ps(
        &[dcl_structured(1, 4), dcl_raw(2)],
        &[
            ld_structured(4, o(0, "x"), rs(0, "x"), l(0), t(1, "xxxx")),
            ld_raw(o(0, "yzw"), l(0), t(2, "xyzx")),
        ],
    );
    let program = dxlower_core::link(vs_built.input(), ps_built.input(), &native()).expect("links");
    dxlower_glslang::glslang_link(&program.vs.glsl, &program.ps.glsl).expect("glslang -l");
    let json = serde_json::to_value(program.manifest()).expect("manifest JSON");
    let samplers = json["samplers"].as_array().expect("samplers");
    assert_eq!(samplers.len(), 2, "{json:#}");
    assert_eq!(
        samplers[0],
        serde_json::json!({
            "stage": "ps",
            "name": "sb1",
            "type": "usampler2D",
            "texture": 1,
            "sampler": null,
            "shadow": false,
            "data_texture": {
                "kind": "structured",
                "stride": 4,
                "format": "RGBA32UI",
                "binding": null
            }
        })
    );
    assert_eq!(samplers[1]["name"], "sb2");
    assert_eq!(samplers[1]["data_texture"]["kind"], "raw");
    assert_eq!(
        samplers[1]["data_texture"]["stride"],
        serde_json::Value::Null
    );
}

// ---------------------------------------------------------------------------
// Mesa renders
// ---------------------------------------------------------------------------

const GLES_VS: &str = "#version 300 es
in vec4 pos;
void main() { gl_Position = pos; }
";

/// Target width: pixel x reads element x.
const PIXELS: i32 = 16;

/// A ps_5_0 drawn on Mesa: `v0.xy` SV_Position, `o0` SV_Target0 uint4,
/// `r0.x` = the pixel's column (element index), then `body`.
fn render_ps(decls: &[Instruction], body: &[Instruction]) -> Built {
    let mut insts = decls.to_vec();
    insts.extend([
        Instruction::decl(
            Opcode::DclInputPsSiv,
            vec![Operand::input(0, m("xy"))],
            Payload::SystemValue(SystemValue::Position),
        )
        .with_control_field(
            11,
            14,
            InterpolationMode::LinearNoPerspective.to_u8() as u32,
        ),
        Instruction::dcl_output(0, 0xF),
        Instruction::dcl_temps(2),
        op(Opcode::Ftou, vec![rd(0, "x"), v(0, "x")]),
    ]);
    insts.extend(body.iter().cloned());
    insts.push(op(Opcode::Ret, vec![]));
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
    Built::new(PS, 5, insts, None, Some(osgn))
}

/// Dword `j` of buffer `seed`: distinct for every (seed, j), with the top
/// bit and a low bit set (NaN-free but no float or normalisation path
/// keeps such words).
fn dword(seed: u32, j: u32) -> u32 {
    0x8000_0000 | (seed << 24) | (j << 4) | 0x5
}

/// The data texture of `dwords` dwords of buffer `seed`, `width` texels
/// wide, as the host uploads it: bytes unchanged, texels row-major, the
/// last row zero-padded.
fn upload(name: &str, seed: u32, dwords: u32, width: i32) -> UintTexture {
    let texels = dwords.div_ceil(4) as i32;
    let height = (texels + width - 1) / width;
    let mut data: Vec<u32> = (0..dwords).map(|j| dword(seed, j)).collect();
    data.resize((width * height * 4) as usize, 0);
    UintTexture {
        name: name.into(),
        width,
        height,
        data,
    }
}

/// One render case: the shader's body after `r0.x = x`, the buffers
/// (register, stride or 0 for raw, texture width), and the four dwords
/// pixel x must hold, as (buffer seed, dword index) per lane.
struct Render {
    name: &'static str,
    decls: Vec<Instruction>,
    body: Vec<Instruction>,
    buffers: Vec<(u32, u32, i32)>,
    want: fn(u32) -> [(u32, u32); 4],
}

#[test]
fn data_textures_read_the_right_dwords_on_gles() {
    let mut runner = Runner::new().unwrap_or_else(|e| panic!("no GLES context: {e}"));
    let cases = [
        Render {
            // Stride 4: 16 dwords = 4 texels, 3 wide (two rows).
            name: "stride 4",
            decls: vec![dcl_structured(0, 4)],
            body: vec![ld_structured(
                4,
                o(0, "xyzw"),
                rs(0, "x"),
                l(0),
                t(0, "xxxx"),
            )],
            buffers: vec![(0, 4, 3)],
            want: |x| [(0, x); 4],
        },
        Render {
            // Stride 48, byte offset 16: one fetch; 48 texels, 7 wide.
            name: "stride 48, one texel",
            decls: vec![dcl_structured(0, 48)],
            body: vec![ld_structured(
                48,
                o(0, "xyzw"),
                rs(0, "x"),
                l(16),
                t(0, "wzyx"),
            )],
            buffers: vec![(0, 48, 7)],
            want: |x| {
                let b = 12 * x + 4;
                [(0, b + 3), (0, b + 2), (0, b + 1), (0, b)]
            },
        },
        Render {
            // Stride 48, byte offset 8: dwords 2..5 over two texels.
            name: "stride 48, two texels",
            decls: vec![dcl_structured(0, 48)],
            body: vec![ld_structured(
                48,
                o(0, "xyzw"),
                rs(0, "x"),
                l(8),
                t(0, "yzwx"),
            )],
            buffers: vec![(0, 48, 5)],
            want: |x| {
                let b = 12 * x + 2;
                [(0, b + 1), (0, b + 2), (0, b + 3), (0, b)]
            },
        },
        Render {
            // Stride 84 (21 dwords), byte offset 68: per-lane dwords.
            name: "stride 84",
            decls: vec![dcl_structured(0, 84)],
            body: vec![ld_structured(
                84,
                o(0, "xyzw"),
                rs(0, "x"),
                l(68),
                t(0, "xyzw"),
            )],
            buffers: vec![(0, 84, 9)],
            want: |x| {
                let b = 21 * x + 17;
                [(0, b), (0, b + 1), (0, b + 2), (0, b + 3)]
            },
        },
        Render {
            // Stride 48, byte offset 20 in a register.
            name: "register offset",
            decls: vec![dcl_structured(0, 48)],
            body: vec![
                op(Opcode::Mov, vec![rd(1, "x"), l(20)]),
                ld_structured(48, o(0, "xyzw"), rs(0, "x"), rs(1, "x"), t(0, "zwxy")),
            ],
            buffers: vec![(0, 48, 6)],
            want: |x| {
                let b = 12 * x + 5;
                [(0, b + 2), (0, b + 3), (0, b), (0, b + 1)]
            },
        },
        Render {
            // Raw: byte address 16x + 4 in a register.
            name: "raw",
            decls: vec![dcl_raw(0)],
            body: vec![
                op(Opcode::Ishl, vec![rd(1, "x"), rs(0, "x"), l(4)]),
                op(Opcode::Iadd, vec![rd(1, "x"), rs(1, "x"), l(4)]),
                ld_raw(o(0, "xyzw"), rs(1, "x"), t(0, "xyzw")),
            ],
            buffers: vec![(0, 0, 5)],
            want: |x| {
                let b = 4 * x + 1;
                [(0, b), (0, b + 1), (0, b + 2), (0, b + 3)]
            },
        },
        Render {
            // Two buffers on two units: a stride-4 t0 and a stride-48 t3.
            name: "two buffers",
            decls: vec![dcl_structured(0, 4), dcl_structured(3, 48)],
            body: vec![
                ld_structured(4, o(0, "xy"), rs(0, "x"), l(0), t(0, "xxxx")),
                ld_structured(48, o(0, "zw"), rs(0, "x"), l(40), t(3, "xxxy")),
            ],
            buffers: vec![(0, 4, 2), (3, 48, 11)],
            want: |x| [(0, x), (0, x), (3, 12 * x + 10), (3, 12 * x + 11)],
        },
    ];
    for case in &cases {
        let built = render_ps(&case.decls, &case.body);
        let out = built
            .translate(&native())
            .unwrap_or_else(|e| panic!("{}: translation failed: {e}", case.name));
        glslang(&out.glsl, PS).unwrap_or_else(|log| panic!("{}: {log}\n{}", case.name, out.glsl));
        let mut textures = Vec::new();
        for &(reg, stride, width) in &case.buffers {
            let entry = out
                .record
                .samplers
                .iter()
                .find(|u| u.texture == reg)
                .unwrap_or_else(|| panic!("{}: no sampler for t{reg}", case.name));
            let data = entry.data.as_ref().expect("a data texture");
            assert_eq!(entry.glsl_type, "usampler2D");
            assert_eq!(data.format, "RGBA32UI");
            assert_eq!(
                data.stride,
                (stride != 0).then_some(stride),
                "{}",
                case.name
            );
            // PIXELS elements (raw: 4 dwords per pixel plus the 1 + 3
            // read past them).
            let dwords = match stride {
                0 => 4 * PIXELS as u32 + 4,
                s => PIXELS as u32 * s / 4,
            };
            let tex = upload(&entry.name, reg, dwords, width);
            assert!(tex.height > 1, "{}: the texture must wrap", case.name);
            textures.push(tex);
        }
        let drawn = runner
            .draw_with_textures(
                &Draw {
                    vs: GLES_VS,
                    fs: &out.glsl,
                    blocks: &[],
                    format: Format::Rgba32Ui,
                    width: PIXELS,
                    height: 1,
                    vertices: &Vertices::quad_strip("pos"),
                    clear: [0xdead_beef; 4],
                },
                &textures,
            )
            .unwrap_or_else(|e| panic!("{}: draw failed: {e}\n{}", case.name, out.glsl));
        assert!(drawn.inactive_textures.is_empty(), "{}", case.name);
        for x in 0..PIXELS as u32 {
            let want = (case.want)(x).map(|(seed, j)| dword(seed, j));
            assert_eq!(
                drawn.image.pixel(x as i32, 0),
                Some(want),
                "{}: pixel {x}\n{}",
                case.name,
                out.glsl
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------

/// Corpus shaders refused under native only for their structured or raw
/// SRVs before the pass.
const CORPUS: &[&str] = &[
    "dxdecompiler/3Dmigoto__structured_buffers_4.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_5.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_dup_4.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_dup_5.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_extra_4.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_extra_5.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_inner_4.ps.dxbc",
    "dxdecompiler/3Dmigoto__structured_buffers_inner_5.ps.dxbc",
    "dxdecompiler/Sdk__Direct3D11__FluidCS11__FluidRender_VS.vs.dxbc",
    "dxdecompiler/Sdk__Direct3D11__HDRToneMappingCS11__DumpToTexture.ps.dxbc",
    "dxdecompiler/Sdk__Direct3D11__HDRToneMappingCS11__FinalPass_PS.ps.dxbc",
    "dxdecompiler/Sdk__Direct3D11__NBodyGravityCS11__ParticleDraw_VS.vs.dxbc",
    "hlslcrosscompiler/vs5__issue35.vs.dxbc",
    "slimshader/Sdk_Direct3D11_FluidCS11__FluidRender_VS.vs.dxbc",
    "slimshader/Sdk_Direct3D11_HDRToneMappingCS11__DumpToTexture.ps.dxbc",
    "slimshader/Sdk_Direct3D11_HDRToneMappingCS11__FinalPass_PS.ps.dxbc",
    "slimshader/Sdk_Direct3D11_NBodyGravityCS11__ParticleDraw_VS.vs.dxbc",
    "vkd3d-proton/descriptors__descriptors_visibility.vs.dxbc",
    "vkd3d-proton/descriptors__descriptors_visibility_ps.ps.dxbc",
    "vkd3d/d3d12__test_descriptors_visibility__ps_code.ps.dxbc",
    "vkd3d/d3d12__test_descriptors_visibility__vs_code.vs.dxbc",
    "vkd3d/d3d12__test_null_srv__ps_buffer_code.ps.dxbc",
    "wine/d3d11__test_buffer_srv__ps_structured_code.ps.dxbc",
    "wine/d3d11__test_unaligned_raw_buffer_access__ps_code.ps.dxbc",
];

#[test]
fn corpus_structured_and_raw_srvs_translate_under_native() {
    for file in CORPUS {
        let stage = if file.ends_with(".vs.dxbc") { VS } else { PS };
        let out = translate_corpus(file, &native())
            .unwrap_or_else(|e| panic!("{file}: translation failed: {e}"));
        glslang(&out.glsl, stage).unwrap_or_else(|log| panic!("{file}: {log}\n{}", out.glsl));
        assert!(
            out.record.samplers.iter().any(|u| u.data.is_some()),
            "{file}: no data texture\n{}",
            out.glsl
        );
        assert!(out.glsl.contains("uniform highp usampler2D sb"), "{file}");
        // webgl2 keeps refusing them, naming the pass.
        match translate_corpus(file, &webgl2()) {
            Err(TranslateError::Refused { refusal, .. }) => {
                let lifted = refusal.lifted_by.map(|l| l.text).unwrap_or_default();
                assert!(
                    lifted.contains("structured_data_texture"),
                    "{file}: {} ({lifted})",
                    refusal.what
                );
            }
            other => panic!("{file}: expected a webgl2 refusal, got {other:?}"),
        }
    }
}
