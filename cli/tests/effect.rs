//! The `effect`, `inspect` and `sweep` commands on Carbon effect files the
//! test helpers write: a package is written and validates, `--json` prints
//! the chunks, `--permutation` selects, `inspect` shows rows, aliases and
//! reflection, `sweep` counts an effect's programs beside `.dxbc` files,
//! and a damaged file is a named error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dxlower(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dxlower"))
        .args(args)
        .output()
        .expect("dxlower runs")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dxlower-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn effect_writes_a_package_that_validates() {
    let dir = temp_dir("effect");
    let file = dir.join("skinned.sm_hi");
    std::fs::write(&file, dxlower_tests::effects::skinned_effect()).unwrap();
    let o = dxlower(&["effect", s(&file), "--validate", "--quiet"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    assert!(
        out.contains("2 programs: 2 translated, 0 refused, 0 unsupported, 0 invalid, 0 failed, 0 decode failed; 2 passes: 2 linked, 0 incomplete, 2 validated"),
        "{out}"
    );
    let pkg = std::fs::read(dir.join("skinned.sm_converted_hi")).expect("package written");
    assert_eq!(&pkg[..4], b"CEWG");
    // --json prints the chunks.
    let o = dxlower(&["effect", s(&file), "--json", "--quiet"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["INFO"]["format"], "CEWG");
    assert_eq!(v["GLSL"]["shaders"].as_array().unwrap().len(), 2);
    // --permutation selects one row.
    let o = dxlower(&[
        "effect",
        s(&file),
        "--permutation",
        "SKINNING=SKINNING_0",
        "-o",
        s(&dir.join("one.sm_converted_hi")),
        "--quiet",
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = dxlower(&["effect", s(&file), "--permutation", "NOPE=1", "--quiet"]);
    assert!(!o.status.success());
    assert!(
        text(&o)
            .1
            .contains("no permutation axis `NOPE` (axes: SKINNING)"),
        "{:?}",
        text(&o)
    );
    // webgl2 refuses the skinned VS: named, not fatal.
    let o = dxlower(&["effect", s(&file), "-p", "webgl2", "--json", "--quiet"]);
    let (_, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("vertex program dxbc_") && err.contains("refused"),
        "{err}"
    );
}

#[test]
fn inspect_shows_axes_rows_bodies_and_reflection() {
    let dir = temp_dir("inspect");
    let file = dir.join("skinned.sm_lo");
    std::fs::write(&file, dxlower_tests::effects::skinned_effect()).unwrap();
    let o = dxlower(&["inspect", s(&file)]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    for want in [
        "Carbon effect version 15",
        "SKINNING (type 0): SKINNING_0 SKINNING_1*",
        "1: body 0 at",
        "(alias of row 0)",
        "technique Depth",
        "input v1 BITANGENT0 used .xyz",
        "texture t0 BoneTransforms (structured buffer)",
        "constant TintColor cb0 bytes 0..16",
        "sampler s0 LinearSampler",
        "vertex vs_5_0",
    ] {
        assert!(out.contains(want), "missing `{want}` in\n{out}");
    }
    let o = dxlower(&["inspect", s(&file), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["kind"], "carbon-effect");
    assert_eq!(v["rows"].as_array().unwrap().len(), 2);
    assert_eq!(v["programs"][1]["model"], "ps_5_0");
    // A damaged file names the field and the offset.
    let mut bad = dxlower_tests::effects::skinned_effect();
    bad.truncate(60);
    std::fs::write(&file, bad).unwrap();
    let o = dxlower(&["inspect", s(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("arena at byte 44"), "{:?}", text(&o));
}

#[test]
fn sweep_counts_effect_programs_beside_dxbc_files() {
    let dir = temp_dir("sweep");
    std::fs::write(
        dir.join("skinned.sm_hi"),
        dxlower_tests::effects::skinned_effect(),
    )
    .unwrap();
    let vs = dxlower_tests::manifest()
        .into_iter()
        .find(|e| e.stage == "vs")
        .expect("a corpus VS");
    std::fs::write(dir.join("one.dxbc"), dxlower_tests::read_corpus(&vs.file)).unwrap();
    let report = dir.join("report.json");
    let o = dxlower(&[
        "sweep",
        s(&dir),
        "-p",
        "ccpwgl",
        "--quiet",
        "--json",
        s(&report),
    ]);
    let (out, err) = text(&o);
    assert!(out.contains("3 files:"), "{out}\n{err}");
    assert!(
        out.contains("(1 effect files counted as their 2 distinct programs)"),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let files: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert!(
        files.iter().any(|f| f.starts_with("skinned.sm_hi#dxbc_")),
        "{files:?}"
    );
}
