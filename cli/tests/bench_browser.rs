//! `dxlower bench --driver --browser`: headless Chromium's WebGL2 (ANGLE)
//! compiles, links and draws every translated shader under both profiles
//! and the peer translator's GLSL, and the report has a positive time per
//! program and subject (what is measured, not how fast). Chromium or the
//! peer's tools missing is a failure.

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
fn browser_bench_times_every_program_under_both_profiles() {
    let dir = std::env::temp_dir().join(format!("dxlower-bench-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    for (from, to) in [
        ("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc", "a.ps.dxbc"),
        ("dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc", "b.vs.dxbc"),
        ("dxdecompiler/3Dmigoto__geometry.gs.dxbc", "c.gs.dxbc"),
    ] {
        std::fs::copy(corpus(from), dir.join(to)).expect("copied");
    }
    let json = dir.join("browser.json");
    let out = Command::cargo_bin("dxlower")
        .expect("built")
        .arg("bench")
        .arg(&dir)
        .args([
            "--driver",
            "--browser",
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
    // The renderer is named, and both profiles are compared.
    assert!(stdout.contains("browser: ANGLE"), "{stdout}");
    assert!(
        stdout.contains("per shader, webgl2 / webgl2-fast (2 shaders both translate"),
        "{stdout}"
    );
    assert!(
        stdout.contains("per shader, webgl2 / vkd3d+spirv-cross (2 shaders both translate"),
        "{stdout}"
    );
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("report")).expect("JSON");
    assert!(
        r["browser"]["renderer"]
            .as_str()
            .unwrap_or("")
            .contains("ANGLE"),
        "{r}"
    );
    let shaders = r["per_shader"].as_array().expect("per_shader");
    // The geometry shader is not a VS or PS: not measured.
    assert_eq!(shaders.len(), 2, "{shaders:?}");
    for s in shaders {
        for p in ["webgl2", "webgl2-fast", "vkd3d+spirv-cross"] {
            let c = &s[p];
            assert!(c["bytes"].as_u64().unwrap_or(0) > 100, "{s}");
            // A draw builds the pipeline: never under the timer's 0.1 ms
            // step. Compile and link may round to zero on their own, not
            // together with the draw.
            assert!(c["draw_ms"].as_f64().unwrap_or(0.0) > 0.0, "{s}");
            let total = ["compile_ms", "link_ms", "draw_ms"]
                .iter()
                .map(|k| c[*k].as_f64().unwrap_or(-1.0))
                .inspect(|&t| assert!(t >= 0.0, "{s}"))
                .sum::<f64>();
            assert!(total > 0.0, "{s}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
