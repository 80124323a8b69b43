//! The driver against the real browser: compile logs, link logs of the
//! cross-stage rules ANGLE enforces, draws read back bit-exactly, and a
//! broken executable reported as an error. Chromium missing is a failure.

use dxlower_webgl::{Batch, Browser, Draw, Error, Format, Stage, UniformBlock};

const VS: &str = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";

fn browser() -> Browser {
    Browser::locate().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn compiles_links_and_draws_in_one_page() {
    let mut b = Batch::default();
    let ok = b.compile(Stage::Vertex, VS);
    let bad = b.compile(
        Stage::Fragment,
        "#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() { o = undeclared_thing; }\n",
    );
    // ES 3.00 has no default float precision in a fragment shader.
    let no_precision = b.compile(
        Stage::Fragment,
        "#version 300 es\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n",
    );
    let links = b.link(
        "#version 300 es\nin vec4 p;\nout vec4 v;\nvoid main() { v = p; gl_Position = p; }\n",
        "#version 300 es\nprecision highp float;\nin vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
    );
    // A fragment input no vertex output feeds.
    let unfed = b.link(
        VS,
        "#version 300 es\nprecision highp float;\nin vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
    );
    // `flat` on one side only.
    let flat = b.link(
        "#version 300 es\nin vec4 p;\nflat out vec4 v;\nvoid main() { v = p; gl_Position = p; }\n",
        "#version 300 es\nprecision highp float;\nin vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
    );
    // A uniform block member with different precisions in the two stages.
    let precision = b.link(
        "#version 300 es\nlayout(std140) uniform B { highp vec4 data[1]; } cb;\nin vec4 p;\nvoid main() { gl_Position = p + cb.data[0]; }\n",
        "#version 300 es\nprecision mediump float;\nlayout(std140) uniform B { vec4 data[1]; } cb;\nout vec4 o;\nvoid main() { o = cb.data[0]; }\n",
    );
    let fs_u = "#version 300 es\nprecision highp float;\nlayout(std140) uniform ConstantBuffer0 { uvec4 data[2]; } cb0;\n\
                layout(location = 0) out highp uvec4 o;\nvoid main() { o = cb0.data[1] + uvec4(1u, 2u, 3u, 4u); }\n";
    let mut d = Draw::quad(VS, fs_u, "p", Format::Rgba32ui, 8, 4);
    let words: [u32; 8] = [0, 0, 0, 0, 10, 20, 0xffff_fff0, 0x8000_0000];
    d.blocks.push(UniformBlock {
        name: "ConstantBuffer0".into(),
        data: words.iter().flat_map(|w| w.to_le_bytes()).collect(),
    });
    d.clear = [7; 4];
    let drawn_u = b.draw(d);
    // NaN and negative zero survive the float target and the read-back.
    let fs_f = "#version 300 es\nprecision highp float;\nlayout(location = 0) out highp vec4 o;\n\
                void main() { o = vec4(uintBitsToFloat(0x7fc00001u), -0.0, 1.5, uintBitsToFloat(0x00000001u)); }\n";
    let drawn_f = b.draw(Draw::quad(VS, fs_f, "p", Format::Rgba32f, 4, 4));
    let unused = b.draw(Draw::quad(
        "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
        "#version 300 es\nout highp ivec4 o;\nvoid main() { o = ivec4(-1); }\n",
        "p",
        Format::Rgba32i,
        2,
        2,
    ));

    let r = browser().run(&b).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{:?} in {:?}", r.info.renderer, r.elapsed);
    assert!(r.info.version.starts_with("WebGL 2.0"), "{:?}", r.info);
    assert!(r.info.renderer.contains("ANGLE"), "{:?}", r.info);
    assert!(
        r.info
            .extensions
            .iter()
            .any(|e| e == "EXT_color_buffer_float"),
        "{:?}",
        r.info.extensions
    );
    assert_eq!(r.page_loads, 1);
    assert!(r.compiles[ok].ok, "{}", r.compiles[ok].log);
    assert!(!r.compiles[bad].ok);
    assert!(
        r.compiles[bad].log.contains("undeclared_thing"),
        "{}",
        r.compiles[bad].log
    );
    assert!(
        !r.compiles[no_precision].ok,
        "no default precision must fail"
    );
    assert!(r.links[links].ok(), "{}", r.links[links].failure());
    for (name, i) in [("unfed", unfed), ("flat", flat), ("precision", precision)] {
        let l = &r.links[i];
        assert!(l.vs.ok && l.fs.ok, "{name}: {}", l.failure());
        assert!(!l.linked, "{name} must not link");
        assert!(!l.log.is_empty(), "{name}: empty link log");
        eprintln!("{name}: {}", l.log.trim());
    }
    let u = &r.draws[drawn_u];
    assert_eq!(u.error, None, "{}", u.program.failure());
    assert_eq!(
        u.uniform(),
        Some([11, 22, 0xffff_fff3, 0x8000_0004]),
        "{u:?}"
    );
    assert_eq!(u.texels[0].count, 32);
    let f = &r.draws[drawn_f];
    assert_eq!(f.error, None, "{}", f.program.failure());
    let v = f.uniform().unwrap_or_else(|| panic!("{f:?}"));
    assert!(f32::from_bits(v[0]).is_nan(), "{v:x?}");
    assert_eq!(&v[1..], &[0x8000_0000, 1.5f32.to_bits(), 1], "{v:x?}");
    // A draw that covers nothing leaves the clear value, and the attribute
    // the program lacks is reported.
    let n = &r.draws[unused];
    assert_eq!(n.error, None);
    assert_eq!(n.uniform(), Some([0; 4]));
    assert_eq!(n.inactive_attributes, vec!["p".to_string()]);
}

#[test]
fn a_browser_that_does_not_start_is_an_error() {
    let e = Browser::with_executable("/nonexistent/chromium")
        .check()
        .expect_err("must fail");
    assert!(matches!(e, Error::Spawn { .. }), "{e}");
    // An executable that runs but prints no page.
    let e = Browser::with_executable("/bin/false")
        .check()
        .expect_err("must fail");
    assert!(matches!(e, Error::NoResult { .. }), "{e}");
}

#[test]
fn an_empty_batch_still_proves_the_context() {
    let info = browser().check().unwrap_or_else(|e| panic!("{e}"));
    assert!(info.shading_language.contains("GLSL ES 3.00"), "{info:?}");
}

#[test]
fn times_compile_link_and_first_draw() {
    let fs = "#version 300 es\nprecision highp float;\nlayout(std140) uniform ConstantBuffer0 { vec4 data[4]; } cb0;\n\
              uniform highp sampler2D t0;\nuniform highp isampler2D t1;\nin highp vec4 vs_T;\n\
              layout(location = 0) out highp vec4 o0;\nlayout(location = 2) out highp uvec4 o2;\n\
              void main() { vec4 x = cb0.data[1] + vs_T; for (int i = 0; i < 8; i++) { x = sin(x) * 1.5 + texture(t0, x.xy); }\n\
              o0 = x + vec4(texelFetch(t1, ivec2(0), 0)); o2 = floatBitsToUint(x); }\n";
    let vs = "#version 300 es\nin highp vec4 p;\nin highp ivec2 k;\nout highp vec4 vs_T;\n\
              void main() { vs_T = p * float(k.x); gl_Position = p; }\n";
    // Outputs at 0 and 2: the draw buffer at 1 is NONE.
    let outputs = [
        (0, dxlower_webgl::OutputType::Float),
        (2, dxlower_webgl::OutputType::Uint),
    ];
    let mut b = Batch::default();
    let mut idx = Vec::new();
    for _ in 0..6 {
        idx.push(b.time(Stage::Fragment, vs, fs, 3, &outputs));
    }
    let bad = b.time(
        Stage::Fragment,
        vs,
        "#version 300 es\nvoid main() { nope; }\n",
        2,
        &[],
    );
    let r = browser().run(&b).unwrap_or_else(|e| panic!("{e}"));
    for &i in &idx {
        let t = &r.times[i];
        eprintln!("{t:?}");
        assert_eq!(t.error, None, "{}", t.program.failure());
        assert_eq!(t.reps, 3);
        assert!(
            t.compile_ms > 0.0 && t.link_ms > 0.0 && t.draw_ms > 0.0,
            "{t:?}"
        );
    }
    let t = &r.times[bad];
    assert!(!t.program.fs.ok && t.error.is_some(), "{t:?}");
}
