//! Draws small hand-written programs on the headless ES 3.0 context and
//! checks the pixels, the uniform-block path, the vertex setups and the
//! error reports. All cases share one context (one test function), the way
//! the conformance harness uses it.

use dxlower_gles::{Draw, Format, GlesError, Runner, UniformBlock, Vertices};

const VS_QUAD: &str = "#version 300 es
in vec4 pos;
void main() { gl_Position = pos; }
";

const VS_VERTEX_ID: &str = "#version 300 es
void main() {
    vec2 c = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(c * vec2(2.0, -2.0) + vec2(-1.0, 1.0), 0.0, 1.0);
}
";

fn draw(
    r: &mut Runner,
    fs: &str,
    blocks: &[UniformBlock],
    format: Format,
    vertices: &Vertices,
) -> Result<dxlower_gles::Drawn, GlesError> {
    r.draw(&Draw {
        vs: if vertices.attributes.is_empty() {
            VS_VERTEX_ID
        } else {
            VS_QUAD
        },
        fs,
        blocks,
        format,
        width: 16,
        height: 8,
        vertices,
        clear: [1, 2, 3, 4],
    })
}

fn cb0(words: &[u32]) -> Vec<UniformBlock> {
    vec![UniformBlock {
        name: "ConstantBuffer0".into(),
        data: words.iter().flat_map(|w| w.to_le_bytes()).collect(),
    }]
}

#[test]
fn runner_draws_reads_back_and_reports() {
    let mut r = Runner::new().unwrap_or_else(|e| panic!("no GLES context: {e}"));
    let info = r.info().clone();
    eprintln!("driver: {info}");
    assert!(info.version.starts_with("OpenGL ES 3.0"), "{info}");
    assert!(info.glsl_version.contains("3.00"), "{info}");
    assert!(
        info.renderer.contains("llvmpipe") || info.renderer.contains("softpipe"),
        "software rasterizer expected: {info}"
    );
    let quad = Vertices::quad_strip("pos");
    let tri = Vertices::vertex_id_triangle();

    // Integer target: the uniform block's words come back exactly, in
    // std140 order, from the second vec4 of the block.
    let fs_uint = "#version 300 es
precision highp float;
layout(std140) uniform ConstantBuffer0 { vec4 data[3]; } cb0;
out highp uvec4 o;
void main() { o = floatBitsToUint(cb0.data[1]) + uvec4(0u, 0u, 0u, 1u); }
";
    let words = [
        0,
        0,
        0,
        0,
        0x7fc0_0001,
        0xffff_ffff,
        0x8000_0000,
        41,
        9,
        9,
        9,
        9,
    ];
    for v in [&quad, &tri] {
        let d = draw(&mut r, fs_uint, &cb0(&words), Format::Rgba32Ui, v).unwrap();
        assert!(d.inactive_blocks.is_empty());
        assert_eq!(
            d.image.uniform(),
            Some([0x7fc0_0001, 0xffff_ffff, 0x8000_0000, 42]),
            "every pixel covered and equal"
        );
        assert_eq!(d.image.words.len(), 16 * 8 * 4);
    }

    // A block shorter than the declared array is zero-padded.
    let d = draw(&mut r, fs_uint, &cb0(&[5; 4]), Format::Rgba32Ui, &quad).unwrap();
    assert_eq!(d.image.uniform(), Some([0, 0, 0, 1]));

    // Float target: bits survive, including -0 and infinities.
    let fs_float = "#version 300 es
precision highp float;
layout(std140) uniform ConstantBuffer0 { vec4 data[1]; } cb0;
out highp vec4 o;
void main() { o = cb0.data[0] * vec4(1.0, -1.0, 2.0, 0.5); }
";
    if info.color_buffer_float {
        let w = [1.5f32, 0.0, f32::INFINITY, 3.0].map(f32::to_bits);
        let d = draw(&mut r, fs_float, &cb0(&w), Format::Rgba32F, &quad).unwrap();
        assert_eq!(
            d.image.uniform(),
            Some([1.5f32, -0.0, f32::INFINITY, 1.5].map(f32::to_bits))
        );
    } else {
        let e = draw(&mut r, fs_float, &cb0(&[0; 4]), Format::Rgba32F, &quad).unwrap_err();
        assert!(matches!(e, GlesError::Missing(_)), "{e}");
    }

    // Signed integer target.
    let fs_int = "#version 300 es
out highp ivec4 o;
void main() { o = ivec4(-1, -2147483647 - 1, 7, 0); }
";
    let d = draw(&mut r, fs_int, &[], Format::Rgba32I, &quad).unwrap();
    assert_eq!(d.image.uniform(), Some([u32::MAX, 0x8000_0000, 7, 0]));

    // Blocks the program does not use are reported, not errors; the clear
    // value shows where nothing is drawn (an empty draw here).
    let fs_const = "#version 300 es
out highp uvec4 o;
void main() { o = uvec4(9u); }
";
    let d = draw(&mut r, fs_const, &cb0(&[1; 4]), Format::Rgba32Ui, &quad).unwrap();
    assert_eq!(d.inactive_blocks, vec!["ConstantBuffer0".to_string()]);
    let none = Vertices {
        count: 0,
        ..Vertices::quad_strip("pos")
    };
    let d = draw(
        &mut r,
        fs_const,
        &[],
        Format::Rgba32Ui,
        &Vertices {
            attributes: vec![dxlower_gles::Attribute {
                name: "pos".into(),
                components: 3,
                data: vec![],
            }],
            ..none
        },
    )
    .unwrap();
    assert_eq!(d.image.uniform(), Some([1, 2, 3, 4]));

    // A half-viewport quad leaves the cleared value in the other half, with
    // rows read bottom-up.
    let half = Vertices {
        attributes: vec![dxlower_gles::Attribute {
            name: "pos".into(),
            components: 3,
            data: vec![
                -1.0, -1.0, 0.0, -1.0, 0.0, 0.0, 1.0, -1.0, 0.0, 1.0, 0.0, 0.0,
            ],
        }],
        ..Vertices::quad_strip("pos")
    };
    let d = draw(&mut r, fs_const, &[], Format::Rgba32Ui, &half).unwrap();
    assert_eq!(d.image.uniform(), None);
    assert_eq!(d.image.pixel(3, 0), Some([9; 4]));
    assert_eq!(d.image.pixel(3, 7), Some([1, 2, 3, 4]));
    assert_eq!(d.image.pixel(16, 0), None);

    // Compile and link failures carry the driver's log.
    let e = draw(
        &mut r,
        "#version 300 es\nvoid main() { nope; }",
        &[],
        Format::Rgba32Ui,
        &quad,
    )
    .unwrap_err();
    match e {
        GlesError::Compile { stage, log } => {
            assert_eq!(stage, "fragment");
            assert!(log.contains("nope"), "{log}");
        }
        other => panic!("expected a compile error, got {other}"),
    }
    let fs_needs_varying = "#version 300 es
in highp vec4 missing_varying;
out highp uvec4 o;
void main() { o = floatBitsToUint(missing_varying); }
";
    let e = draw(&mut r, fs_needs_varying, &[], Format::Rgba32Ui, &quad).unwrap_err();
    assert!(matches!(e, GlesError::Link(_)), "{e}");

    // Inconsistent requests are rejected before any GL call.
    let bad = Vertices {
        count: 5,
        ..Vertices::quad_strip("pos")
    };
    let e = draw(&mut r, fs_const, &[], Format::Rgba32Ui, &bad).unwrap_err();
    assert!(matches!(e, GlesError::Request(_)), "{e}");

    // After errors the context still draws.
    let d = draw(&mut r, fs_const, &[], Format::Rgba32Ui, &quad).unwrap();
    assert_eq!(d.image.uniform(), Some([9; 4]));
}
