//! The command-line conventions shader tools follow (glslangValidator,
//! spirv-cross, naga): `-` for standard input and output, `--validate` as
//! a flag that never takes a positional, nothing written when validation
//! fails, quiet broken pipes, and exit status 0 (ok), 1 (an input that
//! cannot be read, decoded, translated or validated), 2 (usage).

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;

fn corpus(file: &str) -> PathBuf {
    std::env::var_os("DXLOWER_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
        })
        .join(file)
}

const PS: &str = "dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc";
const VS: &str = "dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc";

fn dxlower() -> Command {
    Command::cargo_bin("dxlower").expect("the dxlower binary is built")
}

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dxlower-conventions-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

#[test]
fn dash_reads_standard_input_and_writes_standard_output() {
    let bytes = std::fs::read(corpus(PS)).expect("corpus file");
    let by_path = dxlower()
        .arg("translate")
        .arg(corpus(PS))
        .output()
        .expect("runs");
    assert!(by_path.status.success());
    let dir = scratch("dash");
    // `-` as input and `-o -` as output: the same GLSL, and no file named `-`.
    dxlower()
        .current_dir(&dir)
        .args(["translate", "-", "-o", "-"])
        .write_stdin(bytes)
        .assert()
        .success()
        .stdout(String::from_utf8(by_path.stdout).expect("GLSL is text"));
    assert!(!dir.join("-").exists(), "`-o -` created a file named `-`");
}

#[test]
fn an_error_on_standard_input_is_named_stdin() {
    dxlower()
        .args(["translate", "-"])
        .write_stdin(&b"not a shader"[..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with("dxlower: <stdin>: "));
}

#[test]
fn validate_is_a_flag_and_says_what_ran() {
    // `--validate FILE`: the file stays the positional argument.
    dxlower()
        .arg("translate")
        .arg("--validate")
        .arg(corpus(PS))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("#version 300 es\n"))
        .stderr(predicate::str::contains(
            "validated with glslangValidator: ok",
        ));
    dxlower()
        .arg("link")
        .arg("--validate")
        .arg(corpus(VS))
        .arg(corpus(PS))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "validated and linked with glslangValidator: ok",
        ));
}

#[test]
fn failed_validation_writes_nothing_and_exits_1() {
    // A profile that asks for a layout ES 3.00 does not have: the
    // translation succeeds, glslang rejects it.
    let dir = scratch("failed-validation");
    let profile = dir.join("eft.ron");
    std::fs::write(
        &profile,
        r#"(name: "eft", extends: Some("webgl2"), decl_io: (early_fragment_tests: Emit))"#,
    )
    .expect("profile written");
    let out = dir.join("out.frag");
    dxlower()
        .arg("translate")
        .arg(corpus(
            "dxdecompiler/Internal__Misc__EarlyDepthStencil.ps.dxbc",
        ))
        .arg("--profile")
        .arg(&profile)
        .arg("--validate")
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("early_fragment_tests"));
    assert!(!out.exists(), "a shader that failed validation was written");
    // The same translation without validation is written.
    dxlower()
        .arg("translate")
        .arg(corpus(
            "dxdecompiler/Internal__Misc__EarlyDepthStencil.ps.dxbc",
        ))
        .arg("--profile")
        .arg(&profile)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&out)
        .expect("written")
        .contains("layout(early_fragment_tests) in;"));
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    // The reader closes before dxlower writes a byte (dxlower first waits
    // for its input), so the write fails with a broken pipe every time.
    let bytes = std::fs::read(corpus(PS)).expect("corpus file");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dxlower"))
        .args(["translate", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(&bytes).expect("input written");
    drop(stdin);
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr, "", "a closed pipe is not an error to report");
}

#[test]
fn exit_status_1_for_inputs_that_cannot_be_read_or_translated() {
    dxlower()
        .args(["translate", "/nonexistent/x.dxbc"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("/nonexistent/x.dxbc")
                .and(predicate::str::contains("No such file")),
        );
    // A geometry shader: refused by name (WebGL2 has no geometry stage).
    dxlower()
        .arg("translate")
        .arg(corpus("dxdecompiler/3Dmigoto__geometry.gs.dxbc"))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("3Dmigoto__geometry.gs.dxbc"));
    dxlower()
        .args(["sweep", "/nonexistent"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("/nonexistent").and(predicate::str::contains("No such file")),
        );
    dxlower()
        .args(["bench", "/nonexistent"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("/nonexistent").and(predicate::str::contains("No such file")),
        );
}

#[test]
fn exit_status_2_for_usage_errors() {
    dxlower()
        .args(["translate", "--no-such-flag"])
        .assert()
        .code(2);
    dxlower()
        .arg("translate")
        .arg(corpus(PS))
        .args(["--profile", "no-such-profile"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-profile"));
    dxlower()
        .args(["link", "-", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("only one of VS and PS"));
}

#[test]
fn link_names_every_zero_filled_varying() {
    // fs_rsm_combine reads TEXCOORD0, which vs_rsm_lbuffer does not write.
    let dir = scratch("unfed");
    dxlower()
        .arg("link")
        .arg(corpus("bgfx/vs_rsm_lbuffer.vs.dxbc"))
        .arg(corpus("bgfx/fs_rsm_combine.ps.dxbc"))
        .arg("-o")
        .arg(&dir)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "vs_TEXCOORD0: the pixel stage reads TEXCOORD0 and no vertex output writes it",
        ));
    let manifest: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("fs_rsm_combine.json")).expect("manifest written"),
    )
    .expect("manifest is JSON");
    let notes = manifest["notes"].as_array().expect("notes");
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .is_some_and(|n| n.starts_with("vs: vs_TEXCOORD0: "))),
        "{notes:?}"
    );
}

#[test]
fn bench_warns_on_a_debug_build() {
    let expect_warning = cfg!(debug_assertions);
    let dir = scratch("bench");
    std::fs::copy(corpus(PS), dir.join("ps.dxbc")).expect("copied");
    let a = dxlower()
        .arg("bench")
        .arg(&dir)
        .args(["--iterations", "1", "--threads", "1"])
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert_eq!(stderr.contains("debug build"), expect_warning, "{stderr}");
}

#[test]
fn help_documents_exit_status_and_dash() {
    dxlower()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status: 0").and(predicate::str::contains("`-`")));
}

#[test]
fn sweep_counts_every_file_once() {
    let dir = scratch("sweep");
    std::fs::copy(corpus(PS), dir.join("a.ps.dxbc")).expect("copied");
    std::fs::copy(corpus(VS), dir.join("b.vs.dxbc")).expect("copied");
    std::fs::copy(
        corpus("dxdecompiler/3Dmigoto__geometry.gs.dxbc"),
        dir.join("c.gs.dxbc"),
    )
    .expect("copied");
    std::fs::write(dir.join("d.dxbc"), b"DXBC but not really").expect("written");
    let report = dir.join("report.json");
    let a = dxlower()
        .arg("sweep")
        .arg(&dir)
        .arg("--quiet")
        .arg("--json")
        .arg(&report)
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        stdout.starts_with(
            "4 files: 0 validated, 2 translated, 1 refused, 0 unsupported, 0 invalid, 0 failed, 1 decode_failed\n"
        ),
        "{stdout}"
    );
    let r: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report written")).expect("JSON");
    let statuses = [
        "validated",
        "translated",
        "refused",
        "unsupported",
        "invalid",
        "failed",
        "decode_failed",
    ];
    let sum: u64 = statuses.iter().map(|k| r[k].as_u64().expect(k)).sum();
    assert_eq!(Some(sum), r["total"].as_u64());
    for k in statuses {
        let n = r["files"]
            .as_array()
            .expect("files")
            .iter()
            .filter(|f| f["status"] == k)
            .count() as u64;
        assert_eq!(Some(n), r[k].as_u64(), "{k}");
    }
}
