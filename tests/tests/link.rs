//! Program-level translation (`dxlower_core::link`) and the registered ABI
//! rewrite passes (`dxlower_core::pass`), docs/profiles.md#passes.
//!
//! Every snapshot is a VS+PS pair translated together; the text shows
//! both stages and the program manifest, and each pair is checked twice as
//! one program: by `glslangValidator -l` and by linking it on Mesa's GLES
//! 3.0 driver (llvmpipe, through `dxlower-gles`). A pair that fails either
//! check fails the test with the info log.
//!
//! The corpus test at the end links every VS/PS pair of the shared corpus
//! that comes from one source test or effect (the pairing rule is written
//! out on `dxlower_tests::corpus_pairs`) under the webgl2, ccpwgl and native profiles.

extern crate dxlower_lowerings;

use dxlower_core::profile::PassSpec;
use dxlower_core::{link, Profile, ProgramGlsl, TranslateError};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    global_flags, Components, ExtendedOpcode, Instruction, InterpolationMode, Opcode, Operand,
    OperandType, Payload, ProgramType, ResourceDimension, ReturnType,
};
use dxlower_lowerings::decl_io::switches::NoPerspective;
use dxlower_tests::build::*;
use dxlower_tests::{glslang, Built};
use std::collections::BTreeMap;

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;
const F: ComponentType = ComponentType::Float32;
const U: ComponentType = ComponentType::Uint32;
const I: ComponentType = ComponentType::Sint32;

// ---------------------------------------------------------------------------
// Builders

fn with_pass(mut p: Profile, name: &str, params: &[(&str, &str)]) -> Profile {
    p.passes.retain(|x| x.name != name);
    p.passes.push(PassSpec {
        name: name.into(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
    });
    p
}

// ---------------------------------------------------------------------------
// Checking a program

/// Both program checks; `Err` names the checker and carries its log.
fn program_checks(p: &ProgramGlsl) -> Result<(), String> {
    dxlower_glslang::glslang_link(&p.vs.glsl, &p.ps.glsl)
        .map_err(|e| format!("glslangValidator -l: {e}"))?;
    gles_link(&p.vs.glsl, &p.ps.glsl).map_err(|e| format!("GLES 3.0 (Mesa): {e}"))
}

/// The snapshot text of a linked program.
fn report(title: &str, p: &ProgramGlsl) -> String {
    let manifest =
        serde_json::to_string_pretty(&p.manifest()).unwrap_or_else(|e| format!("error: {e}"));
    format!(
        "=== {title}\n--- vertex\n{}--- pixel\n{}--- manifest\n{manifest}\n",
        p.vs.glsl, p.ps.glsl
    )
}

/// Links a pair under each profile, checks every program and returns the
/// snapshot text.
fn checked(vs: &Built, ps: &Built, profiles: &[(&str, Profile)]) -> String {
    let mut s = String::new();
    for (title, p) in profiles {
        let prog = linked(vs, ps, p);
        if let Err(log) = program_checks(&prog) {
            panic!(
                "{title}: the program does not link: {log}\n{}",
                report(title, &prog)
            );
        }
        s.push_str(&report(title, &prog));
    }
    s
}

fn snap(name: &str, text: &str) {
    insta::assert_snapshot!(name, text);
}

// ---------------------------------------------------------------------------
// Link rules (docs/manifest.md#link-rules)

/// Constant-buffer sizes: a slot both stages declare gets the larger size
/// in both; a slot only one declares keeps its size.
#[test]
fn constant_buffer_sizes_take_the_maximum() {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_constant_buffer(0, 4),
            Instruction::dcl_constant_buffer(2, 3),
            dcl_input(0, "xyzw"),
            dcl_position(0),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), v(0, "xyzw"), cb(0, 3, "xyzw")],
            ),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), v(0, "xyzw"), cb(2, 2, "xyzw")],
            ),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![position(0)]),
    );
    let ps = stage(
        PS,
        vec![
            Instruction::dcl_constant_buffer(0, 12),
            Instruction::dcl_constant_buffer(1, 1),
            dcl_output(0, "xyzw"),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), cb(0, 11, "xyzw"), cb(1, 0, "xyzw")],
            ),
            ret(),
        ],
        None,
        osgn(vec![target(0)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    assert_eq!(text.matches("vec4 data[12];").count(), 2, "{text}");
    assert!(text.contains("vec4 data[3];") && text.contains("vec4 data[1];"));
    // On their own the stages disagree, and the pair does not link.
    let alone_vs = vs.translate(&profile("webgl2")).expect("vs");
    let alone_ps = ps.translate(&profile("webgl2")).expect("ps");
    assert!(
        dxlower_glslang::glslang_link(&alone_vs.glsl, &alone_ps.glsl).is_err()
            || gles_link(&alone_vs.glsl, &alone_ps.glsl).is_err(),
        "separately translated stages with cb0[4] and cb0[12] should not link"
    );
    snap("constant_buffer_sizes", &text);
}

/// One type and width per varying: the VS row's (a PS row narrower than
/// the VS row is declared at the VS width and read through its lanes; a
/// PS row of another type takes the VS type), widened when the PS row has
/// lanes the VS row lacks (the VS zero-fills them); a VS output that no
/// instruction writes is zero-filled (signature-only output fill).
#[test]
fn varyings_agree_on_type_and_width() {
    let vs = stage(
        VS,
        vec![
            dcl_input(0, "xyzw"),
            dcl_position(0),
            dcl_output(1, "xyzw"),
            dcl_output(2, "xy"),
            dcl_output(2, "zw"),
            dcl_output(3, "x"),
            dcl_output(4, "xy"),
            dcl_output(5, "xy"),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            mov(o(1, "xyzw"), v(0, "wzyx")),
            mov(o(2, "xyzw"), v(0, "xyzw")),
            mov(o(3, "x"), Operand::imm32(7)),
            mov(o(4, "xy"), v(0, "zwzw")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![
            position(0),
            user("TEXCOORD", 0, F, 1, "xyzw"),
            user("TEXCOORD", 1, F, 2, "xy"),
            user("TEXCOORD", 2, F, 2, "zw"),
            user("TEXCOORD", 3, U, 3, "x"),
            user("TEXCOORD", 4, F, 4, "xy"),
            user("TEXCOORD", 5, F, 5, "xy"),
        ]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Linear, 1, "xy"),
            dcl_input_ps(InterpolationMode::Linear, 2, "z"),
            dcl_input_ps(InterpolationMode::Constant, 3, "x"),
            dcl_input_ps(InterpolationMode::Linear, 4, "xyz"),
            dcl_input_ps(InterpolationMode::Linear, 5, "xy"),
            dcl_output(0, "xyzw"),
            dcl_output(1, "xyzw"),
            mov(o(0, "xy"), v(1, "xyxx")),
            mov(o(0, "z"), v(2, "zzzz")),
            mov(o(0, "w"), v(3, "xxxx")),
            mov(o(1, "xyz"), v(4, "xyzx")),
            mov(o(1, "w"), v(5, "yyyy")),
            ret(),
        ],
        isgn(vec![
            position(0),
            user("TEXCOORD", 0, F, 1, "xy"),
            user("TEXCOORD", 1, F, 2, "xy"),
            user("TEXCOORD", 2, F, 2, "z"),
            user("TEXCOORD", 3, F, 3, "x"),
            user("TEXCOORD", 4, F, 4, "xyz"),
            user("TEXCOORD", 5, F, 5, "xy"),
        ]),
        osgn(vec![target(0), target(1)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    for want in [
        "out highp vec4 vs_TEXCOORD0;",
        "in highp vec4 vs_TEXCOORD0;",
        "in highp vec2 vs_TEXCOORD2;",
        "flat out highp uint vs_TEXCOORD3;",
        "flat in highp uint vs_TEXCOORD3;",
        "out highp vec3 vs_TEXCOORD4;",
        "in highp vec3 vs_TEXCOORD4;",
        "vs_TEXCOORD4.z = 0.0;",
        "vs_TEXCOORD5 = vec2(0.0);",
    ] {
        assert!(text.contains(want), "missing `{want}`:\n{text}");
    }
    snap("varyings_agree", &text);
}

/// The VS output takes the PS input's interpolation qualifier: `flat` for
/// `constant`, `centroid`; `noperspective` and `sample` are dropped on both
/// sides by default, and kept under the NV extension on both sides with
/// `noperspective = Extension` (checked by glslang; Mesa's GLES 3.0 driver
/// is asked too).
#[test]
fn vs_interpolation_follows_the_ps() {
    let vs = stage(
        VS,
        vec![
            dcl_input(0, "xyzw"),
            dcl_position(0),
            dcl_output(1, "xyzw"),
            dcl_output(2, "xy"),
            dcl_output(3, "xyzw"),
            dcl_output(4, "xyzw"),
            dcl_output(5, "xyzw"),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            mov(o(1, "xyzw"), v(0, "xyzw")),
            mov(o(2, "xy"), v(0, "xyxx")),
            mov(o(3, "xyzw"), v(0, "xyzw")),
            mov(o(4, "xyzw"), v(0, "xyzw")),
            mov(o(5, "xyzw"), v(0, "xyzw")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![
            position(0),
            user("COLOR", 0, F, 1, "xyzw"),
            user("TEXCOORD", 0, F, 2, "xy"),
            user("TEXCOORD", 1, F, 3, "xyzw"),
            user("TEXCOORD", 2, F, 4, "xyzw"),
            user("TEXCOORD", 3, F, 5, "xyzw"),
        ]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Constant, 1, "xyzw"),
            dcl_input_ps(InterpolationMode::LinearCentroid, 2, "xy"),
            dcl_input_ps(InterpolationMode::LinearNoPerspective, 3, "xyzw"),
            dcl_input_ps(InterpolationMode::LinearSample, 4, "xyzw"),
            dcl_input_ps(InterpolationMode::Linear, 5, "xyzw"),
            dcl_output(0, "xyzw"),
            dcl_temps(1),
            op(Opcode::Add, vec![rd(0, "xyzw"), v(1, "xyzw"), v(3, "xyzw")]),
            op(
                Opcode::Add,
                vec![rd(0, "xyzw"), rs(0, "xyzw"), v(4, "xyzw")],
            ),
            op(
                Opcode::Add,
                vec![rd(0, "xyzw"), rs(0, "xyzw"), v(5, "xyzw")],
            ),
            op(Opcode::Add, vec![o(0, "xyzw"), rs(0, "xyzw"), v(2, "xyxy")]),
            ret(),
        ],
        isgn(vec![
            position(0),
            user("COLOR", 0, F, 1, "xyzw"),
            user("TEXCOORD", 0, F, 2, "xy"),
            user("TEXCOORD", 1, F, 3, "xyzw"),
            user("TEXCOORD", 2, F, 4, "xyzw"),
            user("TEXCOORD", 3, F, 5, "xyzw"),
        ]),
        osgn(vec![target(0)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    for want in [
        "flat out highp vec4 vs_COLOR0;",
        "flat in highp vec4 vs_COLOR0;",
        "centroid out highp vec2 vs_TEXCOORD0;",
        "centroid in highp vec2 vs_TEXCOORD0;",
    ] {
        assert!(text.contains(want), "missing `{want}`:\n{text}");
    }
    // The extension form: glslang links it; the GLES driver is asked and
    // its answer recorded (llvmpipe's ES 3.0 context may lack the NV
    // extension, which is a property of the driver, not of the text).
    let mut ext = profile("webgl2");
    ext.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .noperspective = NoPerspective::Extension;
    let prog = linked(&vs, &ps, &ext);
    if let Err(e) = dxlower_glslang::glslang_link(&prog.vs.glsl, &prog.ps.glsl) {
        panic!(
            "glslang -l rejects the extension form: {e}\n{}",
            report("ext", &prog)
        );
    }
    let directive = "#extension GL_NV_shader_noperspective_interpolation : require";
    assert!(prog.vs.glsl.contains(directive) && prog.ps.glsl.contains(directive));
    assert!(prog
        .vs
        .glsl
        .contains("noperspective out highp vec4 vs_TEXCOORD1;"));
    assert!(prog
        .ps
        .glsl
        .contains("noperspective in highp vec4 vs_TEXCOORD1;"));
    let driver = match gles_link(&prog.vs.glsl, &prog.ps.glsl) {
        Ok(()) => "links on Mesa GLES 3.0".to_string(),
        Err(e) if e.contains("GL_NV_shader_noperspective_interpolation") => {
            "Mesa GLES 3.0 does not expose GL_NV_shader_noperspective_interpolation".to_string()
        }
        Err(e) => panic!("GLES rejects the extension form for another reason: {e}"),
    };
    snap(
        "interpolation_follows_ps",
        &format!(
            "{text}=== noperspective = Extension ({driver})\n--- vertex\n{}--- pixel\n{}",
            prog.vs.glsl, prog.ps.glsl
        ),
    );
}

fn dcl_temps(n: u32) -> Instruction {
    Instruction::dcl_temps(n)
}

/// A PS input no VS output feeds: the VS declares it with the PS's type,
/// width and qualifier and zero-fills it; an input-signature row the PS
/// does not declare needs nothing.
#[test]
fn unfed_ps_inputs_are_zero_filled_by_the_vs() {
    let vs = stage(
        VS,
        vec![
            dcl_input(0, "xyzw"),
            dcl_position(0),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        // TEXCOORD7 is in the output signature, but the VS never declares
        // (or writes) o1: fxc keeps unwritten struct members there.
        osgn(vec![position(0), user("TEXCOORD", 7, F, 1, "xyzw")]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Linear, 1, "xy"),
            dcl_input_ps(InterpolationMode::Constant, 2, "x"),
            dcl_input_ps(InterpolationMode::Linear, 4, "xyzw"),
            dcl_output(0, "xyzw"),
            dcl_output(1, "xyzw"),
            mov(o(0, "xy"), v(1, "xyxx")),
            op(Opcode::Utof, vec![o(0, "zw"), v(2, "xxxx")]),
            mov(o(1, "xyzw"), v(4, "xyzw")),
            ret(),
        ],
        isgn(vec![
            position(0),
            user("TEXCOORD", 5, F, 1, "xy"),
            user("COLOR", 1, U, 2, "x"),
            user("TEXCOORD", 6, F, 3, "xyzw"),
            user("TEXCOORD", 7, F, 4, "xyzw"),
        ]),
        osgn(vec![target(0), target(1)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    for want in [
        "out highp vec2 vs_TEXCOORD5;",
        "vs_TEXCOORD5 = vec2(0.0);",
        "flat out highp uint vs_COLOR1;",
        "vs_COLOR1 = 0u;",
        "out highp vec4 vs_TEXCOORD7;",
        "vs_TEXCOORD7 = vec4(0.0);",
    ] {
        assert!(text.contains(want), "missing `{want}`:\n{text}");
    }
    assert!(!text.contains("vs_TEXCOORD6"), "{text}");
    // Translated on its own the VS lacks them and the pair does not link.
    let alone = vs.translate(&profile("webgl2")).expect("vs");
    let prog = linked(&vs, &ps, &profile("webgl2"));
    assert!(gles_link(&alone.glsl, &prog.ps.glsl).is_err());
    snap("unfed_ps_inputs", &text);
}

// ---------------------------------------------------------------------------
// ABI rewrites (docs/profiles.md#passes)

/// A VS reading `BINORMAL0` and `BINORMAL1` (and the PS of the pair).
fn binormal_pair(extra_bitangent: bool) -> (Built, Built) {
    let mut rows = vec![
        user("POSITION", 0, F, 0, "xyzw"),
        user("BINORMAL", 0, F, 1, "xyz"),
        user("Binormal", 1, F, 2, "xyz"),
    ];
    let mut decls = vec![
        dcl_input(0, "xyzw"),
        dcl_input(1, "xyz"),
        dcl_input(2, "xyz"),
    ];
    if extra_bitangent {
        rows.push(user("BITANGENT", 0, F, 3, "xyz"));
        decls.push(dcl_input(3, "xyz"));
    }
    let mut insts = decls;
    insts.extend([
        dcl_position(0),
        dcl_output(1, "xyz"),
        dcl_output(2, "xyz"),
        mov(o(0, "xyzw"), v(0, "xyzw")),
        mov(o(1, "xyz"), v(1, "xyzx")),
        mov(o(2, "xyz"), v(2, "xyzx")),
        ret(),
    ]);
    let vs = stage(
        VS,
        insts,
        isgn(rows),
        osgn(vec![
            position(0),
            user("TEXCOORD", 0, F, 1, "xyz"),
            user("TEXCOORD", 1, F, 2, "xyz"),
        ]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Linear, 1, "xyz"),
            dcl_input_ps(InterpolationMode::Linear, 2, "xyz"),
            dcl_output(0, "xyzw"),
            op(Opcode::Add, vec![o(0, "xyz"), v(1, "xyzx"), v(2, "xyzx")]),
            mov(o(0, "w"), Operand::immf32(1.0)),
            ret(),
        ],
        isgn(vec![
            position(0),
            user("TEXCOORD", 0, F, 1, "xyz"),
            user("TEXCOORD", 1, F, 2, "xyz"),
        ]),
        osgn(vec![target(0)]),
    );
    (vs, ps)
}

/// `binormal_to_bitangent`: off in webgl2, every index in ccpwgl and
/// native, only the listed indices with `indices`; the attribute names in
/// the manifest follow.
#[test]
fn binormal_to_bitangent_pass() {
    let (vs, ps) = binormal_pair(false);
    let only1 = with_pass(
        profile("webgl2"),
        "binormal_to_bitangent",
        &[("indices", "1")],
    );
    let text = checked(
        &vs,
        &ps,
        &[
            ("webgl2", profile("webgl2")),
            ("ccpwgl", profile("ccpwgl")),
            ("webgl2 + binormal_to_bitangent indices=1", only1),
        ],
    );
    let sections: Vec<&str> = text.split("=== ").collect();
    assert!(sections[1].contains("in highp vec3 in_BINORMAL0;"));
    assert!(sections[1].contains("in highp vec3 in_Binormal1;"));
    assert!(sections[2].contains("in highp vec3 in_BITANGENT0;"));
    assert!(sections[2].contains("in highp vec3 in_BITANGENT1;"));
    assert!(!sections[2].contains("BINORMAL") && !sections[2].contains("Binormal"));
    assert!(sections[3].contains("in_BINORMAL0") && sections[3].contains("in_BITANGENT1"));
    snap("binormal_to_bitangent", &text);
}

/// The rename refuses a VS that also has a `BITANGENT` input of the same
/// index; a bad parameter value is an error naming the pass.
#[test]
fn binormal_to_bitangent_conflicts_and_bad_values() {
    let (vs, _) = binormal_pair(true);
    match vs.translate(&profile("ccpwgl")) {
        Err(TranslateError::StageRefused(r)) => {
            assert_eq!(r.what, "vertex inputs BINORMAL0 and BITANGENT0")
        }
        Err(e) => panic!("expected a refusal, got {e}"),
        Ok(s) => panic!("expected a refusal, got\n{}", s.glsl),
    }
    // Leaving index 0 out lifts it.
    let only1 = with_pass(
        profile("ccpwgl"),
        "binormal_to_bitangent",
        &[("indices", "1")],
    );
    let out = vs.translate(&only1).expect("index 1 only");
    assert!(out.glsl.contains("in_BITANGENT1") && out.glsl.contains("in_BINORMAL0"));
    let bad = with_pass(
        profile("webgl2"),
        "binormal_to_bitangent",
        &[("indices", "x")],
    );
    match vs.translate(&bad) {
        Err(TranslateError::Pass { pass, message, .. }) => {
            assert_eq!(pass, "binormal_to_bitangent");
            assert!(message.contains("indices"), "{message}");
        }
        other => panic!("expected a pass error, got {:?}", other.map(|s| s.glsl)),
    }
}

/// A profile that names an unknown pass, a parameter the pass does not
/// take, or a pass twice fails every translation with the known names.
#[test]
fn unknown_passes_and_parameters_are_errors() {
    let (vs, ps) = binormal_pair(false);
    let typo = with_pass(profile("webgl2"), "binormal_to_bitangnet", &[]);
    let e = vs.translate(&typo).expect_err("unknown pass").to_string();
    assert!(e.contains("unknown pass `binormal_to_bitangnet`"), "{e}");
    assert!(
        e.contains("binormal_to_bitangent") && e.contains("bone_transforms"),
        "the known passes are listed: {e}"
    );
    let param = with_pass(
        profile("webgl2"),
        "binormal_to_bitangent",
        &[("index", "0")],
    );
    let e = ps
        .translate(&param)
        .expect_err("unknown parameter")
        .to_string();
    assert!(
        e.contains("has no parameter `index` (it takes: indices)"),
        "{e}"
    );
    let mut twice = profile("ccpwgl");
    twice.passes.push(twice.passes[0].clone());
    let e = vs.translate(&twice).expect_err("listed twice").to_string();
    assert!(e.contains("twice"), "{e}");
    // A pass that runs on every linked program cannot be listed.
    let linked_pass = with_pass(profile("webgl2"), "link_unfed_varyings", &[]);
    let e = vs
        .translate(&linked_pass)
        .expect_err("not a named pass")
        .to_string();
    assert!(e.contains("not switched by profiles"), "{e}");
    // Through link(): the error is the stage's.
    let e = link(vs.input(), ps.input(), &typo)
        .expect_err("link with a bad profile")
        .to_string();
    assert!(e.contains("unknown pass"), "{e}");
}

/// Integer vertex attributes: webgl2 and native declare `uvec4`/`ivec2`
/// (bound with `vertexAttribIPointer`), ccpwgl declares `vec4`/`vec2`
/// holding the values and converts at each read (bound with
/// `vertexAttribPointer`); the manifest says which.
#[test]
fn integer_vertex_attributes_per_profile() {
    let vs = stage(
        VS,
        vec![
            dcl_input(0, "xyzw"),
            dcl_input(1, "xyzw"),
            dcl_input(2, "xy"),
            dcl_position(0),
            dcl_output(1, "xyzw"),
            dcl_output(2, "xy"),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            mov(o(1, "xyzw"), v(1, "xyzw")),
            op(Opcode::Itof, vec![o(2, "xy"), v(2, "xyxx")]),
            ret(),
        ],
        isgn(vec![
            user("POSITION", 0, F, 0, "xyzw"),
            user("BLENDINDICES", 0, U, 1, "xyzw"),
            user("TEXCOORD", 0, I, 2, "xy"),
        ]),
        osgn(vec![
            position(0),
            user("TEXCOORD", 0, U, 1, "xyzw"),
            user("TEXCOORD", 1, F, 2, "xy"),
        ]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::Constant, 1, "xyzw"),
            dcl_input_ps(InterpolationMode::Linear, 2, "xy"),
            dcl_output(0, "xyzw"),
            op(Opcode::Utof, vec![o(0, "xy"), v(1, "xyxx")]),
            mov(o(0, "zw"), v(2, "xxxy")),
            ret(),
        ],
        isgn(vec![
            position(0),
            user("TEXCOORD", 0, U, 1, "xyzw"),
            user("TEXCOORD", 1, F, 2, "xy"),
        ]),
        osgn(vec![target(0)]),
    );
    let text = checked(
        &vs,
        &ps,
        &[
            ("webgl2", profile("webgl2")),
            ("ccpwgl", profile("ccpwgl")),
            ("native", profile("native")),
        ],
    );
    let sections: Vec<&str> = text.split("=== ").collect();
    for (i, declared, integer) in [(1, "uvec4", true), (2, "vec4", false), (3, "uvec4", true)] {
        assert!(
            sections[i].contains(&format!("in highp {declared} in_BLENDINDICES0;")),
            "{}",
            sections[i]
        );
        assert!(
            sections[i].contains(&format!("\"integer\": {integer}")),
            "{}",
            sections[i]
        );
    }
    assert!(sections[2].contains("uvec4(in_BLENDINDICES0)"));
    assert!(sections[2].contains("ivec2(in_TEXCOORD0)"));
    snap("integer_vertex_attributes", &text);
}

fn ld_structured(dst: Operand, idx: Operand, off: u32, res: u32) -> Instruction {
    op(
        Opcode::LdStructured,
        vec![
            dst,
            idx,
            Operand::imm32(off),
            sw(OperandType::Resource, res, "xyzw"),
        ],
    )
    .with_extended(ExtendedOpcode::ResourceDim {
        dim: ResourceDimension::StructuredBuffer,
        stride: 48,
        raw: 0,
    })
    .with_extended(ExtendedOpcode::ResourceReturnType {
        types: [ReturnType::Mixed; 4],
        raw: 0,
    })
}

/// `bone_transforms` in a linked program: ccpwgl reads the joint rows from
/// `cb3` (enlarged to 200 vec4s), native from the `CewgSb0` block; the PS
/// declaring `cb3` too gets the same size (the link translates again when
/// a pass enlarged a shared block); webgl2 refuses the structured buffer.
#[test]
fn bone_transforms_in_a_linked_program() {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_constant_buffer(3, 27),
            Instruction::decl(
                Opcode::DclResourceStructured,
                vec![Operand::new(OperandType::Resource, Components::Zero, &[0])],
                Payload::Structured {
                    stride: 48,
                    count: None,
                    space: None,
                },
            ),
            dcl_input(0, "xyzw"),
            dcl_input(1, "xyzw"),
            dcl_position(0),
            dcl_output(1, "xyzw"),
            dcl_temps(2),
            ld_structured(rd(0, "xyzw"), v(1, "xxxx"), 0, 0),
            ld_structured(rd(1, "xyzw"), v(1, "xxxx"), 16, 0),
            op(Opcode::Add, vec![o(0, "xyzw"), v(0, "xyzw"), rs(0, "xyzw")]),
            op(
                Opcode::Add,
                vec![o(1, "xyzw"), rs(1, "xyzw"), cb(3, 0, "xyzw")],
            ),
            ret(),
        ],
        isgn(vec![
            user("POSITION", 0, F, 0, "xyzw"),
            user("BLENDINDICES", 0, U, 1, "xyzw"),
        ]),
        osgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xyzw")]),
    );
    let ps = stage(
        PS,
        vec![
            Instruction::dcl_constant_buffer(3, 2),
            dcl_input_ps(InterpolationMode::Linear, 1, "xyzw"),
            dcl_output(0, "xyzw"),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), v(1, "xyzw"), cb(3, 1, "xyzw")],
            ),
            ret(),
        ],
        isgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xyzw")]),
        osgn(vec![target(0)]),
    );
    let text = checked(
        &vs,
        &ps,
        &[("ccpwgl", profile("ccpwgl")), ("native", profile("native"))],
    );
    let sections: Vec<&str> = text.split("=== ").collect();
    assert_eq!(
        sections[1].matches("vec4 data[200];").count(),
        2,
        "{}",
        sections[1]
    );
    assert!(sections[1].contains("\"vec4s\": 200"), "{}", sections[1]);
    assert!(sections[2].contains("CewgSb0"), "{}", sections[2]);
    assert_eq!(sections[2].matches("vec4 data[27];").count(), 2);
    match link(vs.input(), ps.input(), &profile("webgl2")) {
        Err(e) => assert!(e.to_string().contains("structured buffer t0"), "{e}"),
        Ok(p) => panic!("webgl2 should refuse the structured buffer:\n{}", p.vs.glsl),
    }
    snap("bone_transforms", &text);
}

// ---------------------------------------------------------------------------
// Manifest

/// Sampler uniforms of both stages with their texture/sampler pairs and
/// types, attributes, blocks and varyings. Only the uniforms the code
/// reads are declared and listed: the bare `t3` (read by `ld`), not the
/// bare `t0`, `t1`, `t2` of the sampled textures.
#[test]
fn manifest_lists_what_the_host_binds() {
    let sample = |code: Opcode, d: Operand, coord: Operand, t: u32, s: u32, extra: Vec<Operand>| {
        let mut ops = vec![
            d,
            coord,
            sw(OperandType::Resource, t, "xyzw"),
            Operand::sampler(s),
        ];
        ops.extend(extra);
        op(code, ops)
    };
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_sampler(0),
            Instruction::dcl_resource(0, ResourceDimension::Texture2D, ReturnType::Float),
            Instruction::dcl_constant_buffer(0, 2),
            dcl_input(0, "xyzw"),
            dcl_position(0),
            dcl_output(1, "xy"),
            dcl_temps(1),
            sample(
                Opcode::SampleL,
                rd(0, "xyzw"),
                v(0, "xyxx"),
                0,
                0,
                vec![Operand::immf32(0.0)],
            ),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), rs(0, "xyzw"), cb(0, 1, "xyzw")],
            ),
            mov(o(1, "xy"), v(0, "xyxx")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xy")]),
    );
    let ps = stage(
        PS,
        vec![
            Instruction::dcl_sampler(1),
            Instruction::dcl_sampler(2).with_control_field(11, 14, 1),
            Instruction::dcl_resource(1, ResourceDimension::Texture2D, ReturnType::Float),
            Instruction::dcl_resource(2, ResourceDimension::Texture2D, ReturnType::Float),
            Instruction::dcl_resource(3, ResourceDimension::Texture3D, ReturnType::Uint),
            dcl_input_ps(InterpolationMode::Linear, 1, "xy"),
            dcl_output(0, "xyzw"),
            dcl_temps(2),
            sample(Opcode::Sample, rd(0, "xyzw"), v(1, "xyxx"), 1, 1, vec![]),
            op(
                Opcode::Ld,
                vec![
                    rd(1, "xyzw"),
                    Operand::imm32_4([0, 0, 0, 0]),
                    sw(OperandType::Resource, 3, "xyzw"),
                ],
            ),
            sample(
                Opcode::SampleC,
                rd(1, "x"),
                v(1, "xyxx"),
                2,
                2,
                vec![Operand::immf32(0.5)],
            ),
            op(
                Opcode::Add,
                vec![o(0, "xyzw"), rs(0, "xyzw"), rs(1, "xxxx")],
            ),
            ret(),
        ],
        isgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xy")]),
        osgn(vec![target(0)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    let prog = linked(&vs, &ps, &profile("webgl2"));
    let m = prog.manifest();
    let names: Vec<(&str, &str, u32, Option<u32>, bool)> = m
        .samplers
        .iter()
        .map(|s| (s.stage, s.name.as_str(), s.texture, s.sampler, s.shadow))
        .collect();
    assert_eq!(
        names,
        vec![
            ("vs", "t0TEX_with_SMPs0", 0, Some(0), false),
            ("ps", "t1TEX_with_SMPs1", 1, Some(1), false),
            ("ps", "hlslcc_zcmpt2TEX_with_SMPs2", 2, Some(2), true),
            ("ps", "t3", 3, None, false),
        ]
    );
    assert_eq!(m.samplers[2].glsl_type, "sampler2DShadow");
    assert_eq!(m.samplers[3].glsl_type, "usampler3D");
    for bare in ["sampler2D t0;", "sampler2D t1;", "sampler2D t2;"] {
        assert!(
            !text.contains(bare),
            "`{bare}` is declared but never read:\n{text}"
        );
    }
    snap("manifest", &text);
}

/// A texture register both stages use (here with different types: a VS
/// `Texture2D t0`, a PS `Texture2DArray t0`): D3D binds each stage's `t0`
/// separately, GLSL has one uniform per name and program, so the VS
/// uniforms are renamed `vs_…`; the manifest names them. A name only one
/// stage declares keeps it: the PS reads `t0` with `ld`, the VS only
/// samples, so the VS declares no bare `t0` and the PS's keeps its name.
#[test]
fn one_texture_register_of_two_types_is_two_uniforms() {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_sampler(0),
            Instruction::dcl_resource(0, ResourceDimension::Texture2D, ReturnType::Float),
            dcl_input(0, "xyzw"),
            dcl_position(0),
            dcl_temps(1),
            op(
                Opcode::SampleL,
                vec![
                    rd(0, "xyzw"),
                    v(0, "xyxx"),
                    sw(OperandType::Resource, 0, "xyzw"),
                    Operand::sampler(0),
                    Operand::immf32(0.0),
                ],
            ),
            op(Opcode::Add, vec![o(0, "xyzw"), v(0, "xyzw"), rs(0, "xyzw")]),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![position(0)]),
    );
    let ps = stage(
        PS,
        vec![
            Instruction::dcl_sampler(0),
            Instruction::dcl_resource(0, ResourceDimension::Texture2DArray, ReturnType::Float),
            dcl_output(0, "xyzw"),
            op(
                Opcode::Sample,
                vec![
                    o(0, "xyzw"),
                    Operand::immf32_4([0.5, 0.5, 1.0, 0.0]),
                    sw(OperandType::Resource, 0, "xyzw"),
                    Operand::sampler(0),
                ],
            ),
            op(
                Opcode::Ld,
                vec![
                    o(0, "xyzw"),
                    Operand::imm32_4([0, 0, 0, 0]),
                    sw(OperandType::Resource, 0, "xyzw"),
                ],
            ),
            ret(),
        ],
        None,
        osgn(vec![target(0)]),
    );
    let text = checked(&vs, &ps, &[("webgl2", profile("webgl2"))]);
    for want in [
        "uniform highp sampler2D vs_t0TEX_with_SMPs0;",
        "textureLod(vs_t0TEX_with_SMPs0,",
        "uniform highp sampler2DArray t0;",
        "uniform highp sampler2DArray t0TEX_with_SMPs0;",
        "\"name\": \"vs_t0TEX_with_SMPs0\"",
    ] {
        assert!(text.contains(want), "missing `{want}`:\n{text}");
    }
    assert!(!text.contains("sampler2D vs_t0;"), "{text}");
    snap("texture_register_of_two_types", &text);
}

// ---------------------------------------------------------------------------
// A profile from a RON file under tests/

/// `tests/profiles/gles310.ron` extends webgl2 with GLSL ES 3.10 and keeps
/// `layout(early_fragment_tests)`: loaded by path, no code change.
#[test]
fn profile_from_a_ron_file_under_tests() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/profiles/gles310.ron");
    let p = dxlower_targets::load(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(p.name, "gles310");
    assert_eq!(p.glsl_version, "310 es");
    // Everything else is webgl2's.
    let mut base = profile("webgl2");
    base.name = p.name.clone();
    base.description = p.description.clone();
    base.extends = p.extends.clone();
    base.glsl_version = p.glsl_version.clone();
    base.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .early_fragment_tests = p
        .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .early_fragment_tests;
    assert_eq!(p, base);
    let ps = stage(
        PS,
        vec![
            Instruction::new(Opcode::DclGlobalFlags, vec![]).with_controls(
                (global_flags::FORCE_EARLY_DEPTH_STENCIL | global_flags::REFACTORING_ALLOWED) << 11,
            ),
            dcl_input_ps(InterpolationMode::Linear, 1, "xyzw"),
            dcl_output(0, "xyzw"),
            mov(o(0, "xyzw"), v(1, "xyzw")),
            ret(),
        ],
        isgn(vec![position(0), user("COLOR", 0, F, 1, "xyzw")]),
        osgn(vec![target(0)]),
    );
    let out = ps.translate(&p).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.glsl.starts_with("#version 310 es\n"), "{}", out.glsl);
    assert!(
        out.glsl.contains("layout(early_fragment_tests) in;"),
        "{}",
        out.glsl
    );
    if let Err(log) = glslang(&out.glsl, PS) {
        panic!("glslang rejects the ES 3.10 output:\n{}\n{log}", out.glsl);
    }
    // The same shader under webgl2 drops the layout (ES 3.00 has none).
    let plain = ps.translate(&profile("webgl2")).expect("webgl2");
    assert!(!plain.glsl.contains("early_fragment_tests"));
    snap("gles310_profile_from_ron", &out.glsl);
}

// ---------------------------------------------------------------------------
// Corpus programs

/// What became of one pair under one profile.
enum PairOutcome {
    /// Both stages translated: the texts to check and the link rules the
    /// pair exercised.
    Translated(Box<(String, String)>, Vec<&'static str>),
    /// A stage was refused (the reason key).
    Refused(String),
    /// A stage has an opcode no family handles.
    Unsupported(String),
    /// A stage failed to translate for another reason (a bug).
    Failed(String),
}

fn translate_pair(
    vs: &dxlower_dxbc::Shader,
    ps: &dxlower_dxbc::Shader,
    p: &Profile,
) -> PairOutcome {
    use dxlower_core::LinkError;
    match link(
        dxlower_core::stage_input(vs),
        dxlower_core::stage_input(ps),
        p,
    ) {
        Ok(prog) => {
            let rules = rules_exercised(&prog, &vs.program, &ps.program);
            PairOutcome::Translated(Box::new((prog.vs.glsl, prog.ps.glsl)), rules)
        }
        Err(LinkError::Stage { which, source }) => {
            let why = format!("{which}: {}", source.reason_key());
            match source.status() {
                dxlower_core::Status::Refused => PairOutcome::Refused(why),
                dxlower_core::Status::Unsupported => PairOutcome::Unsupported(why),
                _ => PairOutcome::Failed(format!("{which}: {source}")),
            }
        }
        Err(e) => PairOutcome::Failed(e.to_string()),
    }
}

/// The link rules that changed something in a translated pair.
fn rules_exercised(
    p: &ProgramGlsl,
    vs: &dxlower_dxbc::Program,
    ps: &dxlower_dxbc::Program,
) -> Vec<&'static str> {
    let h = &p.hints;
    let mut r = Vec::new();
    let sizes = |prog: &dxlower_dxbc::Program| -> BTreeMap<u32, u32> {
        prog.instructions
            .iter()
            .filter(|i| i.opcode == Opcode::DclConstantBuffer)
            .filter_map(|i| {
                let op = i.operands.first()?;
                Some((
                    op.indices.first()?.imm as u32,
                    op.indices.get(1)?.imm as u32,
                ))
            })
            .collect()
    };
    let (vs_cb, ps_cb) = (sizes(vs), sizes(ps));
    if vs_cb
        .iter()
        .any(|(slot, n)| ps_cb.get(slot).is_some_and(|m| m != n))
    {
        r.push("cb size agreed");
    }
    let fed = || {
        h.varyings
            .values()
            .filter(|v| v.vs_register.is_some() && v.ps_register.is_some())
    };
    if fed().any(|v| v.ps_mask != v.vs_mask) {
        r.push("varying width agreed");
    }
    if fed().any(|v| {
        v.ty == dxlower_core::Ty::Float
            && matches!(
                v.interpolation,
                Some(
                    InterpolationMode::Constant
                        | InterpolationMode::LinearCentroid
                        | InterpolationMode::LinearNoPerspectiveCentroid
                )
            )
    }) {
        r.push("VS flat/centroid from PS");
    }
    if h.unfed().next().is_some() {
        r.push("unfed PS input zero-filled");
    }
    if p.vs
        .record
        .samplers
        .iter()
        .any(|u| u.name.starts_with("vs_"))
    {
        r.push("VS sampler renamed");
    }
    r
}

/// Every corpus VS/PS pair from one source test or effect is linked under
/// webgl2, ccpwgl and native; each pair whose two stages translate must
/// link with `glslangValidator -l` and on Mesa's GLES 3.0 driver. Pairs
/// with a refused (or not yet handled) stage are counted, not checked.
#[test]
fn corpus_pairs_link() {
    use rayon::prelude::*;
    let pairs = dxlower_tests::corpus_pairs();
    assert!(!pairs.is_empty(), "no pairs: is the corpus there?");
    let dir = dxlower_tests::corpus_dir();
    let mut files: Vec<&str> = pairs
        .iter()
        .flat_map(|p| [p.vs.as_str(), p.ps.as_str()])
        .collect();
    files.sort_unstable();
    files.dedup();
    let bytes: BTreeMap<&str, Vec<u8>> = files
        .iter()
        .map(|f| (*f, std::fs::read(dir.join(f)).unwrap_or_default()))
        .collect();
    let shaders: BTreeMap<&str, dxlower_dxbc::Shader> = bytes
        .iter()
        .filter_map(|(f, b)| Some((*f, dxlower_dxbc::parse(b).ok()?)))
        .collect();
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &pairs {
        *by_rule.entry(p.rule).or_default() += 1;
    }
    println!(
        "{} VS/PS pairs from {} source units: {by_rule:?}",
        pairs.len(),
        pairs
            .iter()
            .map(|p| &p.group)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    let mut problems: Vec<String> = Vec::new();
    for name in ["webgl2", "ccpwgl", "native"] {
        let p = profile(name);
        // Translation and glslang in parallel, the GLES link on this thread.
        let results: Vec<(usize, PairOutcome, Option<String>)> = pairs
            .par_iter()
            .enumerate()
            .map(|(i, pair)| {
                let (Some(vs), Some(ps)) =
                    (shaders.get(pair.vs.as_str()), shaders.get(pair.ps.as_str()))
                else {
                    return (i, PairOutcome::Failed("does not decode".into()), None);
                };
                let out = translate_pair(vs, ps, &p);
                let glslang = match &out {
                    PairOutcome::Translated(t, _) => dxlower_glslang::glslang_link(&t.0, &t.1)
                        .err()
                        .map(|e| e.to_string()),
                    _ => None,
                };
                (i, out, glslang)
            })
            .collect();
        let (mut linked_n, mut refused, mut unsupported, mut failed) = (0, 0, 0, 0);
        let mut link_failures = 0;
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        let mut exercised: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, out, glslang_err) in results {
            let pair = &pairs[i];
            let what = || {
                format!(
                    "[{name}] {} + {} ({} {})",
                    pair.vs, pair.ps, pair.rule, pair.group
                )
            };
            let repro = || {
                format!(
                    "reproduce: dxlower link {d}/{} {d}/{} --profile {name} --validate",
                    pair.vs,
                    pair.ps,
                    d = dir.display()
                )
            };
            match out {
                PairOutcome::Translated(t, rules) => {
                    for rule in rules {
                        *exercised.entry(rule).or_default() += 1;
                    }
                    let mut ok = true;
                    if let Some(log) = glslang_err {
                        ok = false;
                        problems.push(format!(
                            "{}: glslangValidator -l:\n{log}\n{}",
                            what(),
                            repro()
                        ));
                    }
                    if let Err(log) = gles_link(&t.0, &t.1) {
                        ok = false;
                        problems.push(format!("{}: GLES 3.0 (Mesa):\n{log}\n{}", what(), repro()));
                    }
                    if ok {
                        linked_n += 1;
                    } else {
                        link_failures += 1;
                    }
                }
                PairOutcome::Refused(why) => {
                    refused += 1;
                    *reasons.entry(format!("refused {why}")).or_default() += 1;
                }
                PairOutcome::Unsupported(why) => {
                    unsupported += 1;
                    *reasons.entry(format!("unsupported {why}")).or_default() += 1;
                }
                PairOutcome::Failed(why) => {
                    failed += 1;
                    problems.push(format!(
                        "{}: translation failed: {why}\n{}",
                        what(),
                        repro()
                    ));
                }
            }
        }
        println!(
            "{name}: {} pairs: {linked_n} link (glslang -l and Mesa GLES 3.0), {link_failures} do not link, {refused} refused, {unsupported} unsupported, {failed} failed",
            pairs.len()
        );
        println!("    link rules exercised (pairs): {exercised:?}");
        let mut reasons: Vec<_> = reasons.into_iter().collect();
        reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
        for (why, n) in reasons.iter().take(12) {
            println!("    {n:>5}  {why}");
        }
    }
    // Group the problems by their first error line, so that one cause
    // shows once with its count.
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for p in &problems {
        let key = p
            .lines()
            .find(|l| l.contains("error") || l.contains("ERROR") || l.contains("failed:"))
            .unwrap_or("")
            .trim()
            .to_string();
        *kinds.entry(key).or_default() += 1;
    }
    for (k, n) in &kinds {
        println!("problem x{n}: {k}");
    }
    assert!(
        problems.is_empty(),
        "{} corpus pair checks failed; the first ones:\n\n{}",
        problems.len(),
        problems
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
