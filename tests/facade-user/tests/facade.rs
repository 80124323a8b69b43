//! A program that depends on the `dxlower` library alone translates and
//! links corpus shaders, with output equal to the `dxlower` tool's: the
//! facade's dependency registers every family without naming one.

use std::path::PathBuf;
use std::process::Command;

fn corpus(file: &str) -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/corpus"
            ))
        })
        .join(file)
}

#[test]
fn a_program_depending_only_on_the_facade_translates_and_links() {
    let vs = corpus("dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc");
    let ps = corpus("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc");
    let out = Command::new(env!("CARGO_BIN_EXE_dxlower-facade-user"))
        .arg(&vs)
        .arg(&ps)
        .output()
        .expect("the program runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // Three stages, each a complete GLSL ES 3.00 shader with a main.
    assert_eq!(stdout.matches("#version 300 es\n").count(), 3, "{stdout}");
    assert_eq!(stdout.matches("void main()").count(), 3, "{stdout}");
    // The pixel stage samples a texture: the texture-sample family ran.
    assert!(stdout.contains("texture("), "{stdout}");
}

#[test]
fn a_refusal_reaches_the_program_as_an_error() {
    // A geometry shader given where the vertex shader belongs.
    let gs = corpus("dxdecompiler/3Dmigoto__geometry.gs.dxbc");
    let ps = corpus("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc");
    let out = Command::new(env!("CARGO_BIN_EXE_dxlower-facade-user"))
        .arg(&gs)
        .arg(&ps)
        .output()
        .expect("the program runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Geometry") && stderr.contains("Vertex"),
        "{stderr}"
    );
}
