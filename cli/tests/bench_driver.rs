//! `dxlower bench --driver`: Mesa compiles, links and draws every
//! translated shader under both profiles and the peer translator
//! (vkd3d-compiler + spirv-cross), and the report has a figure per shader
//! and subject (what is measured, not how fast: speed lives in the
//! benchmark).

use assert_cmd::Command;
use std::path::PathBuf;

fn corpus(file: &str) -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
        })
        .join(file)
}

#[test]
fn driver_bench_measures_both_profiles_per_shader() {
    let dir = std::env::temp_dir().join(format!("dxlower-bench-driver-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    for (from, to) in [
        ("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc", "a.ps.dxbc"),
        ("dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc", "b.vs.dxbc"),
        ("dxdecompiler/3Dmigoto__geometry.gs.dxbc", "c.gs.dxbc"),
    ] {
        std::fs::copy(corpus(from), dir.join(to)).expect("copied");
    }
    let json = dir.join("driver.json");
    let out = Command::cargo_bin("dxlower")
        .expect("built")
        .arg("bench")
        .arg(&dir)
        .args([
            "--driver",
            "--compare",
            "webgl2-fast",
            "--peer",
            "--reps",
            "1",
            "--json",
        ])
        .arg(&json)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("per shader, webgl2 / webgl2-fast (2 shaders both translate)")
            && stdout.contains("per shader, webgl2 / vkd3d+spirv-cross (2 shaders both translate)"),
        "{stdout}"
    );
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("report")).expect("JSON");
    let shaders = r["per_shader"].as_array().expect("per_shader");
    // The geometry shader is not a VS or PS: not measured.
    assert_eq!(shaders.len(), 2, "{shaders:?}");
    for s in shaders {
        for p in ["webgl2", "webgl2-fast", "vkd3d+spirv-cross"] {
            let c = &s[p];
            assert!(c["bytes"].as_u64().unwrap_or(0) > 100, "{s}");
            assert!(c["compile_ns"].as_u64().unwrap_or(0) > 0, "{s}");
            assert!(c["link_ns"].as_u64().unwrap_or(0) > 0, "{s}");
            // llvmpipe generates code at the first draw: a draw that was
            // rejected (and so skipped) would take next to nothing.
            assert!(c["draw_ns"].as_u64().unwrap_or(0) > 1_000_000, "{s}");
            // The partner stage feeds every varying from an attribute, so
            // the linker cannot fold the measured stage's work away: the
            // pixel shader's lighting (a texture read, a dot product, a
            // multiply-add per channel) stays in the NIR.
            assert!(c["nir"].as_u64().unwrap_or(0) >= 8, "{s}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
