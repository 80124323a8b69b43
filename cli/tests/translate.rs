//! `dxlower translate` and `dxlower link` end to end: the `--comments`
//! debug build, and the link manifest written with `-o`.

use std::path::PathBuf;
use std::process::Command;

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

fn corpus(file: &str) -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
        })
        .join(file)
}

/// `--comments` puts each DXBC instruction above its GLSL; without it the
/// profile's default (off for every built-in profile) holds.
#[test]
fn comments_flag_is_a_debug_build() {
    let (ok, plain, err) = dxlower(&["translate", "--profile", "native"]);
    assert!(ok, "{err}");
    assert!(!plain.contains("    // "), "{plain}");
    let (ok, debug, err) = dxlower(&["translate", "--profile", "native", "--comments"]);
    assert!(ok, "{err}");
    assert!(
        debug.contains("    // dp4 o0.x, v0.xyzw, cb0[0].xyzw\n    gl_Position.x = "),
        "{debug}"
    );
    assert!(debug.contains("    // ret\n    return;"), "{debug}");
    // The code itself is the same.
    let strip: String = debug
        .lines()
        .filter(|l| !l.trim_start().starts_with("// "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(strip, plain);
}

/// `dxlower link -o DIR` writes both stages and the JSON manifest.
#[test]
fn link_writes_stages_and_manifest() {
    let dir = std::env::temp_dir().join(format!("dxlower-cli-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let vs = corpus("dxdecompiler/Sdk__Direct3D11__BasicHLSL11__BasicHLSL11_VS.vs.dxbc");
    let ps = corpus("dxdecompiler/Sdk__Direct3D11__BasicHLSL11__BasicHLSL11_PS.ps.dxbc");
    let (ok, _, err) = dxlower(&[
        "link",
        vs.to_str().expect("utf-8 path"),
        ps.to_str().expect("utf-8 path"),
        "--profile",
        "native",
        "-o",
        dir.to_str().expect("utf-8 path"),
        "--validate",
    ]);
    assert!(ok, "{err}");
    let json =
        std::fs::read_to_string(dir.join("Sdk__Direct3D11__BasicHLSL11__BasicHLSL11_PS.json"))
            .expect("manifest written");
    let m: serde_json::Value = serde_json::from_str(&json).expect("manifest is JSON");
    for key in [
        "attributes",
        "uniform_blocks",
        "samplers",
        "uniforms",
        "varyings",
        "extensions",
        "notes",
    ] {
        assert!(m[key].is_array(), "{key} missing:\n{json}");
    }
    // BasicHLSL11 samples one texture in the PS and reads cb0/cb1.
    assert!(
        m["samplers"].as_array().is_some_and(|s| s
            .iter()
            .any(|u| u["sampler"].is_u64() && u["stage"] == "ps")),
        "{json}"
    );
    assert!(
        m["uniform_blocks"]
            .as_array()
            .is_some_and(|b| !b.is_empty() && b.iter().all(|b| b["kind"] == "constant_buffer")),
        "{json}"
    );
    assert!(dir
        .join("Sdk__Direct3D11__BasicHLSL11__BasicHLSL11_PS.vert")
        .exists());
    assert!(dir
        .join("Sdk__Direct3D11__BasicHLSL11__BasicHLSL11_PS.frag")
        .exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Untrusted input at the command line: a program whose final `ret` is
/// replaced by a `loop` (one dword for another, in place) ends in one
/// `dxlower:` line naming the file and the rule, exit 1, no Rust panic or
/// backtrace; `sweep` counts it as `invalid` beside a good file.
#[test]
fn an_invalid_program_is_one_named_error() {
    let dir = std::env::temp_dir().join(format!("dxlower-cli-invalid-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = std::fs::read(corpus("angle/multiplyalpha_ftof_pm_rgba_2d_ps.ps.dxbc"))
        .expect("corpus file");
    // The last dword of the SHDR chunk is the program's `ret` (0x0100003e).
    let mut bad = good.clone();
    let chunk = bad
        .windows(4)
        .position(|w| w == b"SHDR")
        .expect("an SHDR chunk");
    let size = u32::from_le_bytes(bad[chunk + 4..chunk + 8].try_into().expect("4 bytes"));
    let at = chunk + 8 + size as usize - 4;
    assert_eq!(bad[at..at + 4], 0x0100_003e_u32.to_le_bytes());
    bad[at..at + 4].copy_from_slice(&0x0100_0030_u32.to_le_bytes());
    let bad_path = dir.join("open_loop.ps.dxbc");
    std::fs::write(&bad_path, &bad).expect("write");
    std::fs::write(dir.join("good.ps.dxbc"), &good).expect("write");
    let bad_str = bad_path.to_str().expect("utf-8 path");
    let (ok, out, err) = dxlower(&["translate", bad_str]);
    assert!(!ok);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "dxlower: {bad_str}: invalid program: `loop`: not closed before the end of the program"
        )),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    let (_, out, err) = dxlower(&["sweep", dir.to_str().expect("utf-8 path"), "--quiet"]);
    assert!(
        out.starts_with(
            "2 files: 0 validated, 1 translated, 0 refused, 0 unsupported, 1 invalid, 0 failed, 0 decode_failed"
        ),
        "{out}{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
