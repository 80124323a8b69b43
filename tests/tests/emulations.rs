//! The emulations of `tests/profiles/webgl2-all.ron` and the relative
//! indexing of `v#`/`o#`, drawn on Mesa's GLES 3.0 driver and compared with
//! the value D3D gives under each host contract (`lowerings/decl-io/docs/emulations.md`,
//! `lowerings/texture-sample/docs/emulations.md`). The shaders are the
//! shader tests `tests/shaders/*/emulation_*.asm` (their GLSL is pinned
//! there); the inputs are chosen so that a wrong emulation draws another
//! value: an index other than 0, a sample mask with and without bit 0, a
//! clip plane through the middle of the target, two primitives, a sample
//! index past the count, LOD clamps that move the clamped value, mip
//! levels that tell which LOD a clamped sample used.

extern crate dxlower_lowerings;

use dxlower_core::{link, translate_stage, Profile, ProgramGlsl, StageGlsl, StageInput};
use dxlower_dxbc::asm::{self, Assembled};
use dxlower_gles::{
    Attribute, Draw, Drawn, Format, Primitive, UintTexture, Uniform, UniformBlock, UniformValue,
    Vertices,
};
use dxlower_tests::build::{profile, with_gles};
use dxlower_tests::shader_case;

fn all() -> Profile {
    profile(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/profiles/webgl2-all.ron"
    ))
}

fn assemble(text: &str) -> Assembled {
    asm::parse(text).unwrap_or_else(|e| panic!("assembler: {e}\n{text}"))
}

fn case(family: &str, name: &str) -> Assembled {
    let path = shader_case(family, name);
    assemble(&std::fs::read_to_string(&path).expect("shader case"))
}

fn input(a: &Assembled) -> StageInput<'_> {
    StageInput {
        program: &a.program,
        input_signature: a.input_signature.as_ref(),
        output_signature: a.output_signature.as_ref(),
        program_byte_offset: None,
        rdef: a.rdef.as_ref(),
    }
}

fn translate(a: &Assembled) -> StageGlsl {
    translate_stage(input(a), &all()).unwrap_or_else(|e| panic!("translate: {e}"))
}

fn pair(vs: &Assembled, ps: &Assembled) -> ProgramGlsl {
    link(input(vs), input(ps), &all()).unwrap_or_else(|e| panic!("link: {e}"))
}

/// A vertex shader for a pixel shader on its own: the full-target quad
/// from `in_POSITION0`, and `vs_TEXCOORD0` = the position's `xy` scaled
/// by `scale`.
fn quad_vs(scale: f32) -> String {
    format!(
        "#version 300 es\nin highp vec3 in_POSITION0;\nout highp vec3 vs_TEXCOORD0;\n\
         void main() {{ gl_Position = vec4(in_POSITION0, 1.0); \
         vs_TEXCOORD0 = vec3((in_POSITION0.xy * 0.5 + 0.5) * {scale:?}, 0.5); }}\n"
    )
}

fn cb0(words: [u32; 4]) -> Vec<UniformBlock> {
    vec![UniformBlock {
        name: "ConstantBuffer0".into(),
        data: words.iter().flat_map(|w| w.to_le_bytes()).collect(),
    }]
}

/// One draw into a 4×4 target: vertex and fragment shader, target format,
/// uniform blocks, vertices, data textures, plain uniforms, clear value.
struct Job<'a>(
    &'a str,
    &'a str,
    Format,
    &'a [UniformBlock],
    &'a Vertices,
    &'a [UintTexture],
    &'a [Uniform],
    [u32; 4],
);

/// Draws a [`Job`] on Mesa and reads the target back.
fn draw(j: Job<'_>) -> Drawn {
    let Job(vs, fs, format, blocks, vertices, textures, uniforms, clear) = j;
    with_gles(|r| {
        r.draw_with_uniforms(
            &Draw {
                vs,
                fs,
                blocks,
                format,
                width: 4,
                height: 4,
                vertices,
                clear,
            },
            textures,
            uniforms,
        )
    })
    .unwrap_or_else(|e| panic!("draw: {e}\n{vs}\n{fs}"))
}

const CLEAR: [u32; 4] = [0xdead; 4];

/// `SV_RenderTargetArrayIndex` and `SV_ViewportArrayIndex` read the
/// per-draw uniforms the host sets to the slice and viewport it draws.
fn layer_and_viewport_index_are_the_draws_uniforms() {
    let ps = translate(&case("decl_io", "emulation_layer_viewport_index"));
    let contracts: Vec<&str> = ps
        .record
        .contracts
        .iter()
        .map(|c| c.source.as_str())
        .collect();
    assert_eq!(
        contracts,
        ["render_target_array_index", "viewport_array_index"]
    );
    for (layer, viewport) in [(3u32, 5u32), (0, 1)] {
        let uniforms = [
            Uniform {
                name: "dxlower_RenderTargetArrayIndex".into(),
                value: UniformValue::Uint(layer),
            },
            Uniform {
                name: "dxlower_ViewportArrayIndex".into(),
                value: UniformValue::Uint(viewport),
            },
        ];
        let d = draw(Job(
            &quad_vs(1.0),
            &ps.glsl,
            Format::Rgba32Ui,
            &[],
            &Vertices::quad_strip("in_POSITION0"),
            &[],
            &uniforms,
            CLEAR,
        ));
        // D3D: o0 = (L + 100, V, float(L), 7).
        let want = [layer + 100, viewport, (layer as f32).to_bits(), 7];
        assert_eq!(
            d.image.uniform(),
            Some(want),
            "layer {layer}, viewport {viewport}"
        );
    }
}

/// Single-sample contract: `vCoverage` is 1, `SV_SampleIndex` 0, and an
/// `oMask` without bit 0 leaves the pixel as it was (with one sample,
/// D3D updates nothing); an exit that never writes `oMask` keeps the
/// pixel.
fn single_sample_coverage_and_sample_index() {
    let ps = translate(&case("decl_io", "emulation_single_sample"));
    let written = [41, 20, 9, 9];
    // cb0[0]: x = oMask, y = nonzero to reach the oMask write.
    for (mask, reach, want) in [
        (0xffff_fffeu32, 1u32, CLEAR),
        (6, 1, CLEAR),
        (7, 1, written),
        (1, 1, written),
        (0, 0, written),
    ] {
        let d = draw(Job(
            &quad_vs(1.0),
            &ps.glsl,
            Format::Rgba32Ui,
            &cb0([mask, reach, 0, 0]),
            &Vertices::quad_strip("in_POSITION0"),
            &[],
            &[],
            CLEAR,
        ));
        assert_eq!(
            d.image.uniform(),
            Some(want),
            "oMask {mask:#x}, reach {reach}"
        );
    }
}

/// Clip distances as varyings: the linked pixel stage discards exactly the
/// pixels whose interpolated distance is negative, the pixels D3D's
/// clipping removes.
fn clip_distances_discard_what_clipping_removes() {
    let vs = case("decl_io", "emulation_clip_distance_vs");
    let ps = assemble(
        "//\n// Input signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // TEXCOORD                 0     zw        1     NONE   float     zw\n//\n//\n\
         // Output signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n\
         ps_4_0\ndcl_input_ps linear v1.zw\ndcl_output o0.xyzw\n\
         mov o0.xy, v1.zwzz\nmov o0.zw, l(0,0,0,1.000000)\nret\n",
    );
    let p = pair(&vs, &ps);
    assert!(
        p.ps.glsl
            .contains("if (dxlower_ClipDistance0 < 0.0 || dxlower_ClipDistance1 < 0.0) discard;"),
        "{}",
        p.ps.glsl
    );
    let m = p.manifest();
    assert!(m
        .contracts
        .iter()
        .any(|c| c.source == "clip_distance_varyings" && c.stages == ["vs"]));
    let quad = Vertices::quad_strip("in_POSITION0");
    let clear = [(-9.0f32).to_bits(); 4];
    for (cx, cy) in [(0.0f32, 0.5f32), (0.6, -0.1), (-2.0, 0.0)] {
        let words = [cx.to_bits(), cy.to_bits(), 0, 0];
        let d = draw(Job(
            &p.vs.glsl,
            &p.ps.glsl,
            Format::Rgba32F,
            &cb0(words),
            &quad,
            &[],
            &[],
            clear,
        ));
        for py in 0..4 {
            for px in 0..4 {
                // Pixel centres in clip space: -0.75, -0.25, 0.25, 0.75.
                let x = (px as f32 + 0.5) / 2.0 - 1.0;
                let y = (py as f32 + 0.5) / 2.0 - 1.0;
                let kept = x + cx >= 0.0 && y + cy >= 0.0;
                let got = d.image.pixel(px, py).expect("pixel");
                let want = if kept {
                    [x.to_bits(), y.to_bits(), 0, 1.0f32.to_bits()]
                } else {
                    clear
                };
                assert_eq!(got, want, "planes ({cx}, {cy}), pixel ({px}, {py})");
            }
        }
    }
}

/// `SV_PrimitiveID` from `gl_VertexID / 3`: two triangles of a
/// non-indexed list read 0 and 1.
fn primitive_id_counts_the_triangles() {
    let vs = assemble(
        "//\n// Input signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // POSITION                 0   xyz         0     NONE   float   xyz \n//\n//\n\
         // Output signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // SV_Position              0   xyzw        0      POS   float   xyzw\n//\n\
         vs_4_0\ndcl_input v0.xyz\ndcl_output_siv o0.xyzw, position\n\
         mov o0.xyz, v0.xyzx\nmov o0.w, l(1.000000)\nret\n",
    );
    let ps = case("decl_io", "emulation_primitive_id");
    let p = pair(&vs, &ps);
    assert!(
        p.vs.glsl
            .contains("dxlower_PrimitiveID = uint(gl_VertexID / 3);"),
        "{}",
        p.vs.glsl
    );
    // Lower-left triangle first, then the upper-right one.
    let tris = Vertices {
        primitive: Primitive::Triangles,
        count: 6,
        attributes: vec![Attribute {
            name: "in_POSITION0".into(),
            components: 3,
            data: vec![
                -1.0, -1.0, 0.0, 1.0, -1.0, 0.0, -1.0, 1.0, 0.0, //
                1.0, -1.0, 0.0, 1.0, 1.0, 0.0, -1.0, 1.0, 0.0,
            ],
        }],
    };
    let d = draw(Job(
        &p.vs.glsl,
        &p.ps.glsl,
        Format::Rgba32Ui,
        &[],
        &tris,
        &[],
        &[],
        CLEAR,
    ));
    assert_eq!(d.image.pixel(0, 0), Some([10, 1, 2, 3]));
    assert_eq!(d.image.pixel(3, 3), Some([11, 1, 2, 3]));
}

/// `ld_ms` reads sample 0 from the single-sampled texture and zero past
/// the count; `sample_info` is 1, `sample_pos` 0, `resinfo` the size and
/// one level.
fn multisample_texture_under_the_single_sample_contract() {
    let ps = translate(&case("texture_sample", "emulation_multisample"));
    let texel = |x: u32, y: u32| [x * 10 + y, 100 + x, 200 + y, 7];
    let data: Vec<u32> = (0..4)
        .flat_map(|y| (0..4).flat_map(move |x| texel(x, y)))
        .collect();
    let tex = [UintTexture {
        name: "t0".into(),
        width: 4,
        height: 4,
        data,
    }];
    for sample in [0u32, 1, 3] {
        let d = draw(Job(
            &quad_vs(1.0),
            &ps.glsl,
            Format::Rgba32Ui,
            &cb0([sample, 0, 0, 0]),
            &Vertices::quad_strip("in_POSITION0"),
            &tex,
            &[],
            CLEAR,
        ));
        for y in 0..4 {
            for x in 0..4 {
                let t = if sample == 0 { texel(x, y) } else { [0; 4] };
                // o0 = (t.x + count, t.y + pos.x, t.z + width, levels * 1000 + height).
                let want = [t[0] + 1, t[1], t[2] + 4, 1004];
                assert_eq!(
                    d.image.pixel(x as i32, y as i32),
                    Some(want),
                    "sample {sample}, pixel ({x}, {y})"
                );
            }
        }
    }
}

/// `lod` from derivatives: a 16×8 texture, a coordinate whose derivatives
/// are `k/4` per pixel, so the unclamped LOD is `log2(4k)`; the sampler's
/// `(MipLODBias, MinLOD, MaxLOD)` move the clamped one.
fn lod_from_derivatives() {
    let ps = assemble(
        "//\n// Input signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // TEXCOORD                 0   xyz         0     NONE   float   xy  \n//\n//\n\
         // Output signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n\
         ps_4_1\ndcl_sampler s1, mode_default\n\
         dcl_resource_texture2d (uint,uint,uint,uint) t0\n\
         dcl_input_ps linear v0.xy\ndcl_output o0.xyzw\n\
         lod o0.xyzw, v0.xyxx, t0.xyxx, s1\nret\n",
    );
    let ps = translate(&ps);
    let tex = [UintTexture {
        name: "t0".into(),
        width: 16,
        height: 8,
        data: vec![0; 16 * 8 * 4],
    }];
    let inf = f32::INFINITY;
    // (k, bias, min, max): D3D's (clamped, unclamped).
    for (k, bias, min, max) in [
        (2.0f32, 0.0f32, -inf, inf),
        (2.0, 0.5, 0.0, 3.25),
        (0.5, 0.0, 1.5, 4.0),
        (8.0, -1.0, 0.0, 20.0),
    ] {
        let uniforms = [lod_clamp_s1(bias, min, max)];
        let d = draw(Job(
            &quad_vs(k),
            &ps.glsl,
            Format::Rgba32F,
            &[],
            &Vertices::quad_strip("in_POSITION0"),
            &tex,
            &uniforms,
            CLEAR,
        ));
        let lod = (4.0 * k).log2();
        let clamped = min.max(max.min(lod + bias));
        let px = d
            .image
            .uniform()
            .unwrap_or_else(|| panic!("k {k}: the LOD varies across the target"));
        let got = [f32::from_bits(px[0]), f32::from_bits(px[1])];
        assert!(
            (got[0] - clamped).abs() <= 1e-5 && (got[1] - lod).abs() <= 1e-5,
            "k {k}, clamps ({bias}, {min}, {max}): got {got:?}, want ({clamped}, {lod})\n{}",
            ps.glsl
        );
        // The resource swizzle `.xyxx` repeats them in z and w.
        assert_eq!([px[2], px[3]], [px[0], px[0]]);
    }
}

/// Residency feedback under the fully-resident contract: `sample_cl_s`,
/// `ld_s` and `sample_l_s` read what their plain forms read and report
/// "fully mapped", which `check_access_fully_mapped` reads as true; the
/// clamp operand raises the LOD of `sample_cl_s` (computed as `lod`
/// computes it: `log2(4k)` for a 16×8 texture and derivatives of `k/4` per
/// pixel). Every texel of level `l` holds `100 + l`, so the output names
/// the level each sample read.
fn residency_feedback_under_the_fully_resident_contract() {
    let ps = translate(&case("texture_sample", "emulation_residency"));
    let contracts: Vec<&str> = ps
        .record
        .contracts
        .iter()
        .map(|c| c.source.as_str())
        .collect();
    assert_eq!(contracts, ["residency_feedback", "lod"]);
    let mut data = Vec::new();
    let (mut w, mut h) = (16u32, 8u32);
    for level in 0..5u32 {
        data.extend((0..w * h).flat_map(|_| [100 + level, level, 0, 0]));
        w = (w / 2).max(1);
        h = (h / 2).max(1);
    }
    let tex = [UintTexture {
        name: "t0".into(),
        width: 16,
        height: 8,
        data,
    }];
    let inf = f32::INFINITY;
    // (k, (MipLODBias, MinLOD, MaxLOD), clamp, sample_l's LOD): the level
    // D3D samples is the nearest to max(ClampedLOD, clamp) (point mip
    // filtering, no tie in these cases).
    for (k, (bias, min, max), clamp, explicit) in [
        (0.25f32, (0.0f32, -inf, inf), 2.2f32, 1.0f32),
        (2.0, (0.0, -inf, inf), 1.0, 4.0),
        (0.5, (1.0, 0.0, 3.25), 0.5, 0.0),
        (8.0, (0.0, 0.0, 3.25), 0.3, 2.0),
        (0.25, (0.0, 0.0, 20.0), -3.0, 3.0),
    ] {
        let uniforms = [lod_clamp_s1(bias, min, max)];
        let d = draw(Job(
            &quad_vs(k),
            &ps.glsl,
            Format::Rgba32Ui,
            &cb0([clamp.to_bits(), explicit.to_bits(), 0, 0]),
            &Vertices::quad_strip("in_POSITION0"),
            &tex,
            &uniforms,
            CLEAR,
        ));
        let lod = (4.0 * k).log2();
        let level = clamp.max(min.max(max.min(lod + bias))).round() as u32;
        // o0 = (level sample_cl_s read, the three checks and-ed, ld_s of
        // level 2, level sample_l_s read).
        let want = [100 + level, 0xffff_ffff, 102, 100 + explicit as u32];
        assert_eq!(
            d.image.uniform(),
            Some(want),
            "k {k}, sampler ({bias}, {min}, {max}), clamp {clamp}, lod {explicit}\n{}",
            ps.glsl
        );
    }
}

/// Relative indexing of `v#` and `o#` inside their `dcl_indexrange`s (no
/// contract, in every profile): `o[y + 1] = v[x + 1]`, then `o2.w = 5`.
/// The three COLOR inputs differ, the index registers come from `cb0`, and
/// indices outside the range are clamped into it (D3D leaves them
/// undefined); the pixel stage packs the three varyings into one value.
fn relative_input_and_output_indexing() {
    let vs = case("decl_io", "indexrange_relative");
    let ps = assemble(
        "//\n// Input signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // TEXCOORD                 0   xyzw        1     NONE   float   xyzw\n\
         // TEXCOORD                 1   xyzw        2     NONE   float   xyzw\n\
         // TEXCOORD                 2   xyzw        3     NONE   float   xyzw\n//\n//\n\
         // Output signature:\n//\n\
         // Name                 Index   Mask Register SysValue  Format   Used\n\
         // -------------------- ----- ------ -------- -------- ------- ------\n\
         // SV_Target                0   xyzw        0   TARGET   float   xyzw\n//\n\
         ps_4_0\ndcl_input_ps constant v1.xyzw\ndcl_input_ps constant v2.xyzw\n\
         dcl_input_ps constant v3.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n\
         mad r0.xyzw, v2.xyzw, l(16.000000, 16.000000, 16.000000, 16.000000), v1.xyzw\n\
         mad o0.xyzw, v3.xyzw, l(256.000000, 256.000000, 256.000000, 256.000000), r0.xyzw\nret\n",
    );
    let p = pair(&vs, &ps);
    let colours = [
        [1.0f32, 2.0, 3.0, 4.0],
        [5.0, 6.0, 7.0, 8.0],
        [9.0, 10.0, 11.0, 12.0],
    ];
    let mut vertices = Vertices::quad_strip("in_POSITION0");
    for (k, c) in colours.iter().enumerate() {
        vertices.attributes.push(Attribute {
            name: format!("in_COLOR{k}"),
            components: 4,
            data: c.repeat(4),
        });
    }
    for (x, y) in [
        (0i32, 0i32),
        (1, 2),
        (2, 1),
        (5, 0),
        (-3, 2),
        (1, 9),
        (2, -1),
    ] {
        let d = draw(Job(
            &p.vs.glsl,
            &p.ps.glsl,
            Format::Rgba32F,
            &cb0([(x as f32).to_bits(), (y as f32).to_bits(), 0, 0]),
            &vertices,
            &[],
            &[],
            CLEAR,
        ));
        let mut regs = [[0.0f32; 4]; 3];
        regs[y.clamp(0, 2) as usize] = colours[x.clamp(0, 2) as usize];
        regs[1][3] = 5.0;
        let want: Vec<u32> = (0..4)
            .map(|c| (regs[0][c] + 16.0 * regs[1][c] + 256.0 * regs[2][c]).to_bits())
            .collect();
        assert_eq!(
            d.image.uniform().map(|p| p.to_vec()),
            Some(want),
            "x {x}, y {y}\n{}",
            p.vs.glsl
        );
    }
}

/// The `lod` emulation's sampler-state uniform with sampler `s1`'s
/// (MipLODBias, MinLOD, MaxLOD) and zeros for the others.
fn lod_clamp_s1(bias: f32, min: f32, max: f32) -> Uniform {
    let mut clamps = vec![[0.0f32; 4]; 16];
    clamps[1] = [bias, min, max, 0.0];
    Uniform {
        name: "dxlower_LodClamp".into(),
        value: UniformValue::Vec4s(clamps),
    }
}

/// Every emulation, drawn in order on one thread: Mesa's surfaceless EGL
/// display is one per process, and a runner made or dropped on another
/// thread while one draws breaks it.
#[test]
fn emulations_render_as_d3d_on_mesa() {
    layer_and_viewport_index_are_the_draws_uniforms();
    single_sample_coverage_and_sample_index();
    clip_distances_discard_what_clipping_removes();
    primitive_id_counts_the_triangles();
    multisample_texture_under_the_single_sample_contract();
    lod_from_derivatives();
    residency_feedback_under_the_fully_resident_contract();
    relative_input_and_output_indexing();
}
