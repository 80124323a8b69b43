//! Integer data textures (`Runner::draw_with_textures`): RGBA32UI texels
//! reach `texelFetch` on a `usampler2D` unchanged, each texture on its own
//! unit, found by uniform name; unused ones are reported, bad requests are
//! errors.

use dxlower_gles::{Draw, Format, GlesError, Runner, UintTexture, Vertices};

const VS: &str = "#version 300 es
in vec4 pos;
void main() { gl_Position = pos; }
";

/// Pixel (x, y) of the 4x2 target reads texel (x, y) of `a` plus, in `.w`,
/// texel (0, 0).x of `b`.
const FS: &str = "#version 300 es
precision highp float;
precision highp int;
uniform highp usampler2D a;
uniform highp usampler2D b;
layout(location = 0) out highp uvec4 o;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    uvec4 t = texelFetch(a, p, 0);
    o = uvec4(t.xyz, t.w ^ texelFetch(b, ivec2(0, 0), 0).x);
}
";

fn draw(
    r: &mut Runner,
    fs: &str,
    textures: &[UintTexture],
) -> Result<dxlower_gles::Drawn, GlesError> {
    r.draw_with_textures(
        &Draw {
            vs: VS,
            fs,
            blocks: &[],
            format: Format::Rgba32Ui,
            width: 4,
            height: 2,
            vertices: &Vertices::quad_strip("pos"),
            clear: [0; 4],
        },
        textures,
    )
}

#[test]
fn uint_textures_are_fetched_unchanged() {
    let mut r = Runner::new().unwrap_or_else(|e| panic!("no GLES context: {e}"));
    // Words with every byte distinct and the top bit set (no float or
    // normalisation path keeps them).
    let word = |x: u32, y: u32, c: u32| 0x8000_0000 | (y << 16) | (x << 8) | c;
    let mut a = Vec::new();
    for y in 0..2 {
        for x in 0..4 {
            for c in 0..4 {
                a.push(word(x, y, c));
            }
        }
    }
    let b = vec![0xFFFF_FFFF, 1, 2, 3];
    let textures = [
        UintTexture {
            name: "a".into(),
            width: 4,
            height: 2,
            data: a,
        },
        UintTexture {
            name: "b".into(),
            width: 1,
            height: 1,
            data: b,
        },
    ];
    let drawn = draw(&mut r, FS, &textures).expect("draw");
    assert!(
        drawn.inactive_textures.is_empty(),
        "{:?}",
        drawn.inactive_textures
    );
    for y in 0..2 {
        for x in 0..4 {
            let want = [
                word(x, y, 0),
                word(x, y, 1),
                word(x, y, 2),
                word(x, y, 3) ^ 0xFFFF_FFFF,
            ];
            assert_eq!(
                drawn.image.pixel(x as i32, y as i32),
                Some(want),
                "({x}, {y})"
            );
        }
    }

    // A texture the program does not use is reported, not an error.
    let fs_a_only = FS
        .replace("t.w ^ texelFetch(b, ivec2(0, 0), 0).x", "t.w")
        .replace("uniform highp usampler2D b;\n", "");
    let drawn = draw(&mut r, &fs_a_only, &textures).expect("draw");
    assert_eq!(drawn.inactive_textures, vec!["b".to_string()]);
    assert_eq!(
        drawn.image.pixel(3, 1),
        Some([word(3, 1, 0), word(3, 1, 1), word(3, 1, 2), word(3, 1, 3)])
    );

    // Data that does not fill the texture is a bad request.
    let short = [UintTexture {
        name: "a".into(),
        width: 4,
        height: 2,
        data: vec![0; 31],
    }];
    match draw(&mut r, FS, &short) {
        Err(GlesError::Request(m)) => assert!(m.contains("31 words for 4x2"), "{m}"),
        other => panic!("expected a request error, got {other:?}"),
    }
}
