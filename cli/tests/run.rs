//! `dxlower run` end to end: a corpus pixel shader drawn on the GLES driver.

use std::path::PathBuf;
use std::process::Command;

fn corpus(file: &str) -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
        })
        .join(file)
}

fn dxlower(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dxlower"))
        .args(args)
        .output()
        .expect("dxlower runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn run_prints_what_the_pixel_shader_writes() {
    // vkd3d's `div`: o0 = float4(src0.x / src1.x, 0, 0, 0).
    let div = corpus("vkd3d/d3d12__test_shader_instructions__ps_div_code.ps.dxbc");
    let div = div.to_str().expect("utf-8 path");
    let (ok, out, err) = dxlower(&["run", div, "--cb0", "2.0;4.0"]);
    assert!(ok, "{err}");
    assert!(out.contains("driver: llvmpipe"), "{out}");
    assert!(out.contains("all 16 pixels equal"), "{out}");
    assert!(
        out.contains("x: 0x3f000000  float 0.5  uint 1056964608"),
        "{out}"
    );
    assert!(out.contains("y: 0x00000000  float 0.0"), "{out}");

    // Hex and integer values, another size, and the GLSL on request.
    let (ok, out, err) = dxlower(&[
        "run",
        div,
        "--cb0",
        "0x40400000;-0x0",
        "--size",
        "3x2",
        "--glsl",
    ]);
    assert!(!ok, "`-0x0` is not a valid value: {out}");
    assert!(err.contains("--cb0"), "{err}");
    let (ok, out, err) = dxlower(&[
        "run",
        div,
        "--cb0",
        "0x40400000;0",
        "--size",
        "3x2",
        "--glsl",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("layout(std140) uniform ConstantBuffer0"),
        "{out}"
    );
    assert!(out.contains("all 6 pixels equal"), "{out}");
    // 3 / 0 = +inf.
    assert!(out.contains("x: 0x7f800000  float inf"), "{out}");

    // Wine's `ps_not` on a uint target with an explicit vertex shader.
    let not = corpus("wine/d3d11__test_uint_shader_instructions__ps_not_code.ps.dxbc");
    let vs = corpus("wine/d3d11__draw_quad_vs__default_vs_code.vs.dxbc");
    let (ok, out, err) = dxlower(&[
        "run",
        not.to_str().expect("utf-8 path"),
        "--vs",
        vs.to_str().expect("utf-8 path"),
        "--format",
        "uint",
        "--cb0",
        "5,-2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("RGBA32UI"), "{out}");
    // uint4(~bits.x, ~(bits.x ^ ~0u), ~bits.y, ~(bits.y ^ ~0u)), bits = (5, -2).
    assert!(out.contains("x: 0xfffffffa"), "{out}");
    assert!(out.contains("y: 0x00000005"), "{out}");
    assert!(out.contains("z: 0x00000001"), "{out}");
    assert!(out.contains("w: 0xfffffffe"), "{out}");

    // A vertex shader given as the pixel shader is an error.
    let (ok, _, err) = dxlower(&["run", vs.to_str().expect("utf-8 path")]);
    assert!(!ok);
    assert!(err.contains("not a pixel shader"), "{err}");
}

/// `run` links the pair as `link` does: a VS and PS whose constant buffers
/// differ in size, and a PS with varyings under the default vertex shader
/// (which writes none of them: they are zero-filled), both draw.
#[test]
fn run_draws_what_link_accepts() {
    let vs = corpus("bgfx/vs_bump.vs.dxbc");
    let ps = corpus("bgfx/fs_bump.ps.dxbc");
    let (vs, ps) = (vs.to_str().expect("utf-8"), ps.to_str().expect("utf-8"));
    let (ok, out, err) = dxlower(&["run", ps, "--vs", vs]);
    assert!(ok, "{err}");
    assert!(out.contains("SV_Target0"), "{out}");
    let (ok, out, err) = dxlower(&["run", ps]);
    assert!(ok, "{err}");
    assert!(out.contains("SV_Target0"), "{out}");
}
