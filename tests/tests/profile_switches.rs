//! The profile switches that hang on the vertex position and the native
//! profile's candidate gates:
//!
//! - `clip_z_remap = Epilogue`: `gl_Position.z = 2.0 * gl_Position.z -
//!   gl_Position.w;` before every return of a vertex shader (snapshot with
//!   a `retc` early exit, the fall-off end of `main`), the depth it gives
//!   when drawn on Mesa's GLES 3.0 and in WebGL2 (D3D z = 0 lands at window
//!   depth 0.0, z = w at 1.0; without the epilogue 0.5 and 1.0), and a pair
//!   linked by `glslangValidator -l` and Mesa under the test profile
//!   `tests/profiles/native-gl-depth.ron`;
//! - `precise = InvariantPosition`: `invariant gl_Position;` in a vertex
//!   shader with a precise instruction, linked against a pixel shader that
//!   reads `SV_Position` and a varying (glslang, Mesa, Chromium);
//! - the native profile's `noperspective = Extension`, and the evidence
//!   behind the opt-ins it leaves off (`clip_cull_distance`,
//!   `sample_variables`) and behind `clip_z_remap = Off` (WebGL2 exposes
//!   `EXT_clip_control`);
//! - `texture_buffers = Emulate` over the corpus shaders with `Buffer<>`
//!   SRVs.
//!
//! The decisions and their evidence are written out in
//! `lowerings/decl-io/docs/decl-io.md#14-position-switches-and-the-native-profiles-candidates`.

extern crate dxlower_lowerings;

use dxlower_core::{link, Profile, ProgramGlsl};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    controls, Components, Instruction, InterpolationMode, Opcode, Operand, OperandType, Payload,
    ProgramType, SignatureSystemValue, SystemValue,
};
use dxlower_gles::{Draw, Format, UniformBlock, Vertices};
use dxlower_lowerings::decl_io::switches::{ClipCullExtension, ClipZRemap, NoPerspective, Precise};
use dxlower_tests::build::*;
use dxlower_tests::{element, glslang, main_body, manifest, read_corpus, Built};
use dxlower_webgl::{Batch, Browser};

const VS: ProgramType = ProgramType::Vertex;
const PS: ProgramType = ProgramType::Pixel;
const F: ComponentType = ComponentType::Float32;
const U: ComponentType = ComponentType::Uint32;

/// The epilogue statement of `clip_z_remap = Epilogue`.
const REMAP: &str = "gl_Position.z = 2.0 * gl_Position.z - gl_Position.w;";

// ---------------------------------------------------------------------------
// Builders

fn retc_nz(s: Operand) -> Instruction {
    op(Opcode::Retc, vec![s]).with_test_nonzero()
}

/// `dcl_output_siv o<reg>.<mask>, <sv>` / `dcl_input_ps_s[ig]v` with a
/// system value.
fn dcl_sv(code: Opcode, reg: u32, letters: &str, sv: SystemValue) -> Instruction {
    let ty = if code == Opcode::DclOutputSiv {
        OperandType::Output
    } else {
        OperandType::Input
    };
    Instruction::decl(
        code,
        vec![Operand::new(ty, Components::Mask(mask(letters)), &[reg])],
        Payload::SystemValue(sv),
    )
}

/// `dcl_input_ps_siv linear noperspective v<reg>.<mask>, position`.
fn dcl_ps_position(reg: u32, letters: &str) -> Instruction {
    dcl_sv(Opcode::DclInputPsSiv, reg, letters, SystemValue::Position).with_control_field(
        11,
        14,
        InterpolationMode::LinearNoPerspective.to_u8() as u32,
    )
}

/// The test profile `tests/profiles/native-gl-depth.ron`.
fn native_gl_depth() -> Profile {
    profile(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/profiles/native-gl-depth.ron"
    ))
}

/// The snapshot text of a linked program.
fn report(title: &str, p: &ProgramGlsl) -> String {
    format!(
        "=== {title}\n--- vertex\n{}--- pixel\n{}",
        p.vs.glsl, p.ps.glsl
    )
}

// ---------------------------------------------------------------------------
// Checkers

/// `glslangValidator -l` and Mesa's GLES 3.0 link of a program; panics
/// with the log and the program on failure.
fn program_links(title: &str, p: &ProgramGlsl) {
    if let Err(e) = dxlower_glslang::glslang_link(&p.vs.glsl, &p.ps.glsl) {
        panic!("{title}: glslangValidator -l: {e}\n{}", report(title, p));
    }
    if let Err(e) = gles_link(&p.vs.glsl, &p.ps.glsl) {
        panic!("{title}: GLES 3.0 (Mesa): {e}\n{}", report(title, p));
    }
}

// ---------------------------------------------------------------------------
// clip_z_remap = Epilogue

/// A vertex shader with two exits: position `(2x, 2y, z, 2)` from the
/// `POSITION0` attribute, `z = cb0[0].y`, then `retc_nz` on `cb0[0].x`
/// (the early exit); on the fall-through path `z = 2.0 = w` and `ret`.
/// The pixel shader writes `SV_Position.z` (window depth) to `SV_Target0`.
fn depth_pair() -> (Built, Built) {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_constant_buffer(0, 1),
            Instruction::dcl_input(0, mask("xyz")),
            dcl_position(0),
            Instruction::dcl_temps(1),
            op(
                Opcode::Mul,
                vec![
                    o(0, "xy"),
                    v(0, "xyxx"),
                    Operand::immf32_4([2.0, 2.0, 2.0, 2.0]),
                ],
            ),
            mov(o(0, "w"), Operand::immf32(2.0)),
            mov(o(0, "z"), cb(0, 0, "yyyy")),
            mov(rd(0, "x"), cb(0, 0, "xxxx")),
            retc_nz(rs(0, "x")),
            mov(o(0, "z"), Operand::immf32(2.0)),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyz")]),
        osgn(vec![position(0)]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_ps_position(0, "z"),
            Instruction::dcl_output(0, 0xF),
            mov(o(0, "xyzw"), v(0, "zzzz")),
            ret(),
        ],
        isgn(vec![position(0)]),
        osgn(vec![target(0)]),
    );
    (vs, ps)
}

/// The epilogue runs before every return of `main` — the `retc` early exit
/// and the final `ret` — after the last write of `o0`, and only under a
/// profile that asks for it; a `main` that falls off its end without `ret`
/// runs it there.
#[test]
fn clip_z_epilogue_before_every_return() {
    let gl_depth = native_gl_depth();
    assert_eq!(
        gl_depth
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .clip_z_remap,
        ClipZRemap::Epilogue
    );
    let (vs, _) = depth_pair();
    let out = vs.translate(&gl_depth).unwrap_or_else(|e| panic!("{e}"));
    let body = main_body(&out.glsl);
    assert_eq!(body.matches(REMAP).count(), 2, "{}", out.glsl);
    // Each return is directly preceded by the remap, and the remap comes
    // after every write of z.
    let lines: Vec<&str> = body.lines().map(str::trim).collect();
    for (i, l) in lines.iter().enumerate() {
        if *l == "return;" {
            assert_eq!(lines.get(i.wrapping_sub(1)), Some(&REMAP), "{body}");
        }
    }
    let last_z_write = body.rfind("gl_Position.z = 2.0;").expect("z write");
    assert!(body.rfind(REMAP).expect("remap") > last_z_write, "{body}");
    if let Err(log) = glslang(&out.glsl, VS) {
        panic!("glslang rejects the epilogue:\n{}\n{log}", out.glsl);
    }
    // Off in every built-in profile.
    for name in ["webgl2", "ccpwgl", "native"] {
        let p = profile(name);
        assert_eq!(
            p.switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .clip_z_remap,
            ClipZRemap::Off,
            "{name}"
        );
        let plain = vs.translate(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!plain.glsl.contains("2.0 * gl_Position.z"), "{name}");
    }
    // No final `ret`: the end of main runs the epilogue once.
    let falls_off = stage(
        VS,
        vec![
            Instruction::dcl_input(0, mask("xyz")),
            dcl_position(0),
            mov(o(0, "xyz"), v(0, "xyzx")),
            mov(o(0, "w"), Operand::immf32(1.0)),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyz")]),
        osgn(vec![position(0)]),
    );
    let end = falls_off
        .translate(&gl_depth)
        .unwrap_or_else(|e| panic!("{e}"));
    let end_body = main_body(&end.glsl);
    assert_eq!(end_body.matches(REMAP).count(), 1, "{}", end.glsl);
    assert!(end_body.trim_end().ends_with(REMAP), "{}", end.glsl);
    if let Err(log) = glslang(&end.glsl, VS) {
        panic!(
            "glslang rejects the fall-off epilogue:\n{}\n{log}",
            end.glsl
        );
    }
    insta::assert_snapshot!(
        "clip_z_epilogue",
        format!(
            "=== native-gl-depth: retc early exit and final ret\n{}=== native-gl-depth: no final ret\n{}",
            out.glsl, end.glsl
        )
    );
}

/// The four bytes of cb0[0] for the depth pair: `x` = early exit when
/// nonzero, `y` = the z written before the exit.
fn depth_cb(exit: bool, z: f32) -> Vec<u8> {
    let words = [u32::from(exit), z.to_bits(), 0, 0];
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The depth cases: (early exit, z before the exit, window depth with the
/// epilogue, window depth without). `w` is 2, so z = 0 is D3D's near
/// plane, z = 1 its middle and z = 2 (the fall-through path) its far plane.
const DEPTH_CASES: [(bool, f32, f32, f32); 3] = [
    (true, 0.0, 0.0, 0.5),
    (true, 1.0, 0.5, 0.75),
    (false, 0.0, 1.0, 1.0),
];

/// Drawn on Mesa's GLES 3.0 (default depth range 0..1): with the epilogue
/// D3D's clip depth lands where D3D puts it (z = 0 → 0.0, z = w → 1.0) on
/// both exits; without it the near half of the range is lost (z = 0 →
/// 0.5).
#[test]
fn clip_z_epilogue_maps_d3d_depth_on_mesa() {
    let (vs, ps) = depth_pair();
    let quad = Vertices::quad_strip("in_POSITION0");
    for (title, p, epilogue) in [
        ("native-gl-depth", native_gl_depth(), true),
        ("native", profile("native"), false),
    ] {
        let prog = linked(&vs, &ps, &p);
        for (exit, z, with, without) in DEPTH_CASES {
            let want = if epilogue { with } else { without };
            let blocks = [UniformBlock {
                name: "ConstantBuffer0".into(),
                data: depth_cb(exit, z),
            }];
            let drawn = with_gles(|r| {
                r.draw(&Draw {
                    vs: &prog.vs.glsl,
                    fs: &prog.ps.glsl,
                    blocks: &blocks,
                    format: Format::Rgba32F,
                    width: 4,
                    height: 4,
                    vertices: &quad,
                    clear: [9.0f32.to_bits(); 4],
                })
            })
            .unwrap_or_else(|e| panic!("{title}: {e}\n{}", report(title, &prog)));
            let px = drawn
                .image
                .uniform()
                .unwrap_or_else(|| panic!("{title}: the quad does not cover the target evenly"));
            let depth = f32::from_bits(px[0]);
            assert!(
                (depth - want).abs() <= 1e-6,
                "{title}, exit {exit}, z {z}: window depth {depth}, want {want}\n{}",
                report(title, &prog)
            );
        }
    }
}

/// A pair with varyings, an early exit and the epilogue links in
/// `glslangValidator -l` and on Mesa under `native-gl-depth`.
#[test]
fn clip_z_epilogue_program_links() {
    let (vs, ps) = varying_pair(false);
    let p = native_gl_depth();
    let prog = linked(&vs, &ps, &p);
    assert_eq!(main_body(&prog.vs.glsl).matches(REMAP).count(), 2);
    assert!(!prog.ps.glsl.contains(REMAP));
    program_links("native-gl-depth", &prog);
    insta::assert_snapshot!("clip_z_epilogue_program", report("native-gl-depth", &prog));
}

// ---------------------------------------------------------------------------
// precise = InvariantPosition

/// A vertex shader that transforms `POSITION0` by `cb0[0..4]` (marked
/// `precise` when `precise` is set), passes it on as `TEXCOORD0` and
/// returns early when `cb0[4].x` is nonzero; the pixel shader adds
/// `SV_Position` and `TEXCOORD0`.
fn varying_pair(precise: bool) -> (Built, Built) {
    let p = |i: Instruction| {
        if precise {
            i.with_controls(controls::PRECISE_MASK)
        } else {
            i
        }
    };
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_constant_buffer(0, 5),
            Instruction::dcl_input(0, 0xF),
            dcl_position(0),
            Instruction::dcl_output(1, 0xF),
            Instruction::dcl_temps(1),
            p(op(
                Opcode::Mul,
                vec![rd(0, "xyzw"), v(0, "xxxx"), cb(0, 0, "xyzw")],
            )),
            p(op(
                Opcode::Mad,
                vec![rd(0, "xyzw"), v(0, "yyyy"), cb(0, 1, "xyzw"), rs(0, "xyzw")],
            )),
            p(op(
                Opcode::Mad,
                vec![rd(0, "xyzw"), v(0, "zzzz"), cb(0, 2, "xyzw"), rs(0, "xyzw")],
            )),
            p(op(
                Opcode::Mad,
                vec![o(0, "xyzw"), v(0, "wwww"), cb(0, 3, "xyzw"), rs(0, "xyzw")],
            )),
            mov(o(1, "xyzw"), v(0, "xyzw")),
            mov(rd(0, "x"), cb(0, 4, "xxxx")),
            retc_nz(rs(0, "x")),
            mov(o(1, "w"), Operand::immf32(1.0)),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xyzw")]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_ps_position(0, "xyzw"),
            dcl_input_ps(InterpolationMode::Linear, 1, "xyzw"),
            Instruction::dcl_output(0, 0xF),
            op(Opcode::Add, vec![o(0, "xyzw"), v(0, "xyzw"), v(1, "xyzw")]),
            ret(),
        ],
        isgn(vec![position(0), user("TEXCOORD", 0, F, 1, "xyzw")]),
        osgn(vec![target(0)]),
    );
    (vs, ps)
}

/// `precise = InvariantPosition` (native): a vertex shader with a precise
/// instruction declares `invariant gl_Position;` once; one without, or
/// under a profile that ignores `precise`, does not. The program (whose
/// pixel shader reads `gl_FragCoord` and a non-invariant varying) links in
/// `glslangValidator -l` and on Mesa.
#[test]
fn precise_gives_invariant_position() {
    let native = profile("native");
    assert_eq!(
        native
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .precise,
        Precise::InvariantPosition
    );
    let (vs, ps) = varying_pair(true);
    let prog = linked(&vs, &ps, &native);
    assert_eq!(
        prog.vs.glsl.matches("invariant gl_Position;").count(),
        1,
        "{}",
        prog.vs.glsl
    );
    assert!(!prog.ps.glsl.contains("invariant"), "{}", prog.ps.glsl);
    assert!(prog.ps.glsl.contains("gl_FragCoord"), "{}", prog.ps.glsl);
    program_links("native, precise", &prog);
    // The declaration stands before main, outside any function.
    let decl = prog.vs.glsl.find("invariant gl_Position;").expect("decl");
    assert!(decl < prog.vs.glsl.find("void main()").expect("main"));
    // No precise instruction, or a profile that ignores it: nothing.
    let (plain_vs, plain_ps) = varying_pair(false);
    let plain = linked(&plain_vs, &plain_ps, &native);
    assert!(!plain.vs.glsl.contains("invariant"), "{}", plain.vs.glsl);
    for name in ["webgl2", "ccpwgl"] {
        let p = profile(name);
        assert_eq!(
            p.switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
                .precise,
            Precise::Ignore,
            "{name}"
        );
        let other = linked(&vs, &ps, &p);
        assert!(!other.vs.glsl.contains("invariant"), "{name}");
    }
    insta::assert_snapshot!("precise_invariant_position", report("native", &prog));
}

// ---------------------------------------------------------------------------
// noperspective = Extension (native)

/// A pair whose pixel shader reads `TEXCOORD0` noperspective and
/// `TEXCOORD1` noperspective centroid.
fn noperspective_pair() -> (Built, Built) {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_input(0, 0xF),
            dcl_position(0),
            Instruction::dcl_output(1, 0xF),
            Instruction::dcl_output(2, mask("xy")),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            mov(o(1, "xyzw"), v(0, "wzyx")),
            mov(o(2, "xy"), v(0, "xyxx")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![
            position(0),
            user("TEXCOORD", 0, F, 1, "xyzw"),
            user("TEXCOORD", 1, F, 2, "xy"),
        ]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_input_ps(InterpolationMode::LinearNoPerspective, 1, "xyzw"),
            dcl_input_ps(InterpolationMode::LinearNoPerspectiveCentroid, 2, "xy"),
            Instruction::dcl_output(0, 0xF),
            op(Opcode::Add, vec![o(0, "xyzw"), v(1, "xyzw"), v(2, "xyxy")]),
            ret(),
        ],
        isgn(vec![
            user("TEXCOORD", 0, F, 1, "xyzw"),
            user("TEXCOORD", 1, F, 2, "xy"),
        ]),
        osgn(vec![target(0)]),
    );
    (vs, ps)
}

/// native keeps `noperspective` under
/// `GL_NV_shader_noperspective_interpolation` on both stages, and the
/// program links in `glslangValidator -l` and on Mesa (Chromium: see
/// [`chromium_accepts_the_native_switches`]).
#[test]
fn native_noperspective_on_both_stages() {
    let native = profile("native");
    assert_eq!(
        native
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .noperspective,
        NoPerspective::Extension
    );
    let (vs, ps) = noperspective_pair();
    let prog = linked(&vs, &ps, &native);
    let directive = "#extension GL_NV_shader_noperspective_interpolation : require";
    for (what, glsl, dir) in [
        ("vertex", &prog.vs.glsl, "out"),
        ("pixel", &prog.ps.glsl, "in"),
    ] {
        assert!(glsl.contains(directive), "{what}:\n{glsl}");
        for want in [
            format!("noperspective {dir} highp vec4 vs_TEXCOORD0;"),
            format!("noperspective centroid {dir} highp vec2 vs_TEXCOORD1;"),
        ] {
            assert!(glsl.contains(&want), "{what}: missing `{want}`:\n{glsl}");
        }
    }
    program_links("native", &prog);
    // The manifest tells the host which WebGL extension to enable.
    let m = prog.manifest();
    assert_eq!(m.extensions.len(), 1, "{:?}", m.extensions);
    assert_eq!(
        m.extensions[0].directive,
        "GL_NV_shader_noperspective_interpolation"
    );
    assert_eq!(
        m.extensions[0].webgl,
        Some("NV_shader_noperspective_interpolation")
    );
    assert_eq!(m.extensions[0].stages, ["vs", "ps"]);
    // webgl2 drops the qualifier on both sides.
    let webgl2 = linked(&vs, &ps, &profile("webgl2"));
    assert!(!webgl2.vs.glsl.contains("noperspective"));
    assert!(!webgl2.ps.glsl.contains("noperspective"));
    assert!(webgl2.manifest().extensions.is_empty());
    insta::assert_snapshot!("native_noperspective", report("native", &prog));
}

// ---------------------------------------------------------------------------
// Opt-ins native leaves off: clip/cull distances, sample variables

/// A vertex shader writing `SV_ClipDistance0.x` and `SV_CullDistance0.y`,
/// with a plain pixel shader.
fn clip_cull_pair() -> (Built, Built) {
    let vs = stage(
        VS,
        vec![
            Instruction::dcl_input(0, 0xF),
            dcl_position(0),
            dcl_sv(Opcode::DclOutputSiv, 1, "x", SystemValue::ClipDistance),
            dcl_sv(Opcode::DclOutputSiv, 1, "y", SystemValue::CullDistance),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            mov(o(1, "xy"), v(0, "xyxx")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![
            position(0),
            element(
                "SV_ClipDistance",
                0,
                1,
                mask("x"),
                F,
                SignatureSystemValue::ClipDistance,
            ),
            element(
                "SV_CullDistance",
                0,
                1,
                mask("y"),
                F,
                SignatureSystemValue::CullDistance,
            ),
        ]),
    );
    (vs, plain_ps())
}

/// A pixel shader writing a constant.
fn plain_ps() -> Built {
    stage(
        PS,
        vec![
            Instruction::dcl_output(0, 0xF),
            mov(o(0, "xyzw"), Operand::immf32_4([1.0, 0.0, 0.0, 1.0])),
            ret(),
        ],
        None,
        osgn(vec![target(0)]),
    )
}

/// A vertex shader passing `POSITION0` through.
fn plain_vs() -> Built {
    stage(
        VS,
        vec![
            Instruction::dcl_input(0, 0xF),
            dcl_position(0),
            mov(o(0, "xyzw"), v(0, "xyzw")),
            ret(),
        ],
        isgn(vec![user("POSITION", 0, F, 0, "xyzw")]),
        osgn(vec![position(0)]),
    )
}

/// A pixel shader writing `SV_SampleIndex` (as a float) to `SV_Target0`.
fn sample_index_ps() -> Built {
    stage(
        PS,
        vec![
            dcl_sv(Opcode::DclInputPsSgv, 0, "x", SystemValue::SampleIndex),
            Instruction::dcl_output(0, 0xF),
            op(Opcode::Utof, vec![o(0, "xyzw"), v(0, "xxxx")]),
            ret(),
        ],
        isgn(vec![element(
            "SV_SampleIndex",
            0,
            0,
            mask("x"),
            U,
            SignatureSystemValue::SampleIndex,
        )]),
        osgn(vec![target(0)]),
    )
}

/// native with the clip/cull opt-in switched on, with the given directive.
fn native_clip_cull(ext: ClipCullExtension) -> Profile {
    let mut p = profile("native");
    p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .clip_cull_distance = true;
    p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .clip_cull_extension = ext;
    p
}

/// native with the sample-variables opt-in switched on.
fn native_sample_variables() -> Profile {
    let mut p = profile("native");
    p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .sample_variables = true;
    p
}

/// The clip/cull directive follows `clip_cull_extension` (native: WebGL's
/// `GL_ANGLE_clip_cull_distance`). Mesa's GLES 3.0 links the GLES
/// directive; glslangValidator 12 knows neither, which is why native
/// leaves `clip_cull_distance` off (the tests compile native output with
/// it). Chromium: see [`chromium_accepts_the_native_switches`].
#[test]
fn clip_cull_directive_per_profile() {
    let native = profile("native");
    assert!(
        !native
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .clip_cull_distance
    );
    assert_eq!(
        native
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .clip_cull_extension,
        ClipCullExtension::Angle
    );
    let (vs, ps) = clip_cull_pair();
    let refused = link(vs.input(), ps.input(), &native).expect_err("refused in native");
    assert!(
        refused.to_string().contains("clip_cull_distance = true"),
        "{refused}"
    );
    let angle = linked(&vs, &ps, &native_clip_cull(ClipCullExtension::Angle));
    let ext = linked(&vs, &ps, &native_clip_cull(ClipCullExtension::Ext));
    assert!(angle
        .vs
        .glsl
        .contains("#extension GL_ANGLE_clip_cull_distance : require\n"));
    assert!(ext
        .vs
        .glsl
        .contains("#extension GL_EXT_clip_cull_distance : require\n"));
    for p in [&angle, &ext] {
        assert!(p.vs.glsl.contains("gl_ClipDistance[0] = "), "{}", p.vs.glsl);
        assert!(p.vs.glsl.contains("gl_CullDistance[0] = "), "{}", p.vs.glsl);
    }
    if let Err(e) = gles_link(&ext.vs.glsl, &ext.ps.glsl) {
        panic!(
            "Mesa rejects GL_EXT_clip_cull_distance: {e}\n{}",
            ext.vs.glsl
        );
    }
    for p in [&angle, &ext] {
        assert!(
            glslang(&p.vs.glsl, VS).is_err(),
            "glslangValidator now accepts the clip/cull directive: reconsider native's clip_cull_distance\n{}",
            p.vs.glsl
        );
    }
    insta::assert_snapshot!("clip_cull_angle", angle.vs.glsl);
}

/// `SV_SampleIndex` under the opt-in links on Mesa; glslangValidator 12
/// does not declare `gl_SampleID` in ES 3.00, which is why native leaves
/// `sample_variables` off.
#[test]
fn sample_variables_stay_off_in_native() {
    assert!(
        !profile("native")
            .switches::<dxlower_lowerings::decl_io::DeclIoSwitches>()
            .sample_variables
    );
    let ps = sample_index_ps();
    let prog = linked(&plain_vs(), &ps, &native_sample_variables());
    assert!(prog
        .ps
        .glsl
        .contains("#extension GL_OES_sample_variables : require\n"));
    if let Err(e) = gles_link(&prog.vs.glsl, &prog.ps.glsl) {
        panic!("Mesa rejects gl_SampleID: {e}\n{}", prog.ps.glsl);
    }
    assert!(
        glslang(&prog.ps.glsl, PS).is_err(),
        "glslangValidator now accepts gl_SampleID: reconsider native's sample_variables\n{}",
        prog.ps.glsl
    );
}

// ---------------------------------------------------------------------------
// Chromium

/// WebGL2 in headless Chromium (ANGLE): the context exposes the extensions
/// the native decisions rest on (`NV_shader_noperspective_interpolation`
/// for `noperspective = Extension`, `EXT_clip_control` for `clip_z_remap =
/// Off`); the native programs of this file link; the clip/cull opt-in
/// links with WebGL's directive and not with the GLES one; the depth pair
/// draws the same window depths as on Mesa.
#[test]
fn chromium_accepts_the_native_switches() {
    let native = profile("native");
    let gl_depth = native_gl_depth();
    let mut batch = Batch::default();
    let mut links: Vec<(&str, ProgramGlsl, bool)> = Vec::new();
    let (pvs, pps) = varying_pair(true);
    links.push(("precise (native)", linked(&pvs, &pps, &native), true));
    let (nvs, nps) = noperspective_pair();
    links.push(("noperspective (native)", linked(&nvs, &nps, &native), true));
    let (evs, eps) = varying_pair(false);
    links.push((
        "epilogue (native-gl-depth)",
        linked(&evs, &eps, &gl_depth),
        true,
    ));
    let (cvs, cps) = clip_cull_pair();
    links.push((
        "clip/cull, GL_ANGLE_clip_cull_distance",
        linked(&cvs, &cps, &native_clip_cull(ClipCullExtension::Angle)),
        true,
    ));
    links.push((
        "clip/cull, GL_EXT_clip_cull_distance",
        linked(&cvs, &cps, &native_clip_cull(ClipCullExtension::Ext)),
        false,
    ));
    links.push((
        "SV_SampleIndex, GL_OES_sample_variables",
        linked(&plain_vs(), &sample_index_ps(), &native_sample_variables()),
        true,
    ));
    for (_, p, _) in &links {
        batch.link(&p.vs.glsl, &p.ps.glsl);
    }
    let (dvs, dps) = depth_pair();
    let mut draws = Vec::new();
    for (title, p, epilogue) in [
        ("native-gl-depth", &gl_depth, true),
        ("native", &native, false),
    ] {
        let prog = linked(&dvs, &dps, p);
        for (exit, z, with, without) in DEPTH_CASES {
            let mut d = dxlower_webgl::Draw::quad(
                &prog.vs.glsl,
                &prog.ps.glsl,
                "in_POSITION0",
                dxlower_webgl::Format::Rgba32f,
                4,
                4,
            );
            d.blocks = vec![dxlower_webgl::UniformBlock {
                name: "ConstantBuffer0".into(),
                data: depth_cb(exit, z),
            }];
            d.clear = [9.0f32.to_bits(); 4];
            batch.draw(d);
            draws.push((title, exit, z, if epilogue { with } else { without }));
        }
    }
    let browser = Browser::locate().unwrap_or_else(|e| panic!("{e}"));
    let r = browser.run(&batch).unwrap_or_else(|e| panic!("{e}"));
    println!("{} / {}", r.info.version, r.info.renderer);
    for ext in [
        "NV_shader_noperspective_interpolation",
        "EXT_clip_control",
        "WEBGL_clip_cull_distance",
        "OES_sample_variables",
    ] {
        assert!(
            r.info.extensions.iter().any(|e| e == ext),
            "{ext} is not exposed: {:?}",
            r.info.extensions
        );
    }
    for ((title, p, ok), log) in links.iter().zip(&r.links) {
        assert_eq!(
            log.ok(),
            *ok,
            "{title}: {}\n{}",
            log.failure(),
            report(title, p)
        );
    }
    for ((title, exit, z, want), d) in draws.iter().zip(&r.draws) {
        assert!(
            d.error.is_none(),
            "{title}: {:?} {}",
            d.error,
            d.program.failure()
        );
        let px = d
            .uniform()
            .unwrap_or_else(|| panic!("{title}: uneven image {:?}", d.texels));
        let depth = f32::from_bits(px[0]);
        assert!(
            (depth - want).abs() <= 1e-6,
            "{title}, exit {exit}, z {z}: window depth {depth}, want {want}"
        );
    }
}

// ---------------------------------------------------------------------------
// texture_buffers = Emulate (native) over the corpus

/// Every corpus VS/PS that webgl2 refuses for a `Buffer<>` SRV translates
/// under native (`bt<r>` data texture, `texelFetch`) and compiles in
/// glslangValidator, or is refused for another named reason; at least
/// `FLOOR` of them translate.
#[test]
fn texture_buffers_emulated_on_the_corpus() {
    const FLOOR: usize = 19;
    let webgl2 = profile("webgl2");
    let native = profile("native");
    let mut tried = 0;
    let mut translated = Vec::new();
    let mut other = Vec::new();
    for e in manifest() {
        if !matches!(e.stage.as_str(), "vs" | "ps") {
            continue;
        }
        let bytes = read_corpus(&e.file);
        let Err(err) = dxlower_core::translate_bytes(&bytes, &webgl2) else {
            continue;
        };
        if !err.to_string().contains("texture_buffers = Emulate") {
            continue;
        }
        tried += 1;
        match dxlower_core::translate_bytes(&bytes, &native) {
            Ok(out) => {
                assert!(
                    out.glsl.contains("sampler2D bt"),
                    "{}: no bt<r> texture\n{}",
                    e.file,
                    out.glsl
                );
                if let Err(log) = glslang(&out.glsl, out.stage) {
                    panic!("{}: glslang rejects the emulation:\n{log}", e.file);
                }
                translated.push(e.file);
            }
            Err(err) => {
                let text = err.to_string();
                assert!(
                    text.starts_with("refused") && !text.contains("texture_buffers"),
                    "{}: {text}",
                    e.file
                );
                other.push(format!("{}: {text}", e.file));
            }
        }
    }
    println!(
        "{tried} corpus VS/PS with Buffer<> SRVs: {} translate and compile under native, {} refused for other reasons",
        translated.len(),
        other.len()
    );
    for o in &other {
        println!("  {o}");
    }
    assert!(
        translated.len() >= FLOOR,
        "{} of {tried} translate, floor {FLOOR}",
        translated.len()
    );
}

// ---------------------------------------------------------------------------
// Plain uniforms in the program manifest

/// The uniforms profile switches read from the runtime are listed in the
/// program manifest with type, array length and stages: the draw's first
/// vertex (`vertex_id_base = Uniform`), the render-target height
/// (`fragcoord_origin = FlipWithUniform`); and the program still links.
#[test]
fn manifest_lists_the_runtime_uniforms() {
    use dxlower_core::profile::FragCoordOrigin;
    use dxlower_lowerings::decl_io::switches::VertexIdBase;
    let vs = stage(
        VS,
        vec![
            dcl_sv(Opcode::DclInputSgv, 0, "x", SystemValue::VertexId),
            dcl_position(0),
            op(Opcode::Utof, vec![o(0, "xyzw"), v(0, "xxxx")]),
            ret(),
        ],
        isgn(vec![element(
            "SV_VertexID",
            0,
            0,
            mask("x"),
            U,
            SignatureSystemValue::VertexId,
        )]),
        osgn(vec![position(0)]),
    );
    let ps = stage(
        PS,
        vec![
            dcl_ps_position(0, "xy"),
            Instruction::dcl_output(0, 0xF),
            mov(o(0, "xyzw"), v(0, "xyxy")),
            ret(),
        ],
        isgn(vec![position(0)]),
        osgn(vec![target(0)]),
    );
    let mut p = profile("webgl2");
    p.switches_mut::<dxlower_lowerings::decl_io::DeclIoSwitches>()
        .vertex_id_base = VertexIdBase::Uniform("dx_FirstVertex".into());
    p.fragcoord_origin = FragCoordOrigin::FlipWithUniform;
    let prog = linked(&vs, &ps, &p);
    program_links("runtime uniforms", &prog);
    let m = prog.manifest();
    let got: Vec<(String, String, Option<u32>, Vec<&str>)> = m
        .uniforms
        .iter()
        .map(|u| {
            (
                u.name.clone(),
                u.glsl_type.clone(),
                u.array,
                u.stages.clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "dx_FirstVertex".to_string(),
                "int".to_string(),
                None,
                vec!["vs"]
            ),
            (
                "dxlower_RenderTargetHeight".to_string(),
                "float".to_string(),
                None,
                vec!["ps"]
            ),
        ]
    );
    // Without the two switches there is nothing to set (the manifest
    // snapshots of link.rs show samplers and blocks are not listed here).
    let plain = linked(&vs, &ps, &profile("webgl2"));
    assert!(plain.manifest().uniforms.is_empty());
}
