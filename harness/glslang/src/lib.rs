//! # dxlower-glslang
//!
//! Validation of emitted GLSL by the Khronos reference compiler,
//! `glslangValidator` (Debian `glslang-tools`): [`glslang`] compiles one
//! GLSL ES stage, [`glslang_link`] compiles a vertex and a fragment shader
//! and links them as one program. A missing validator is an error, never a
//! pass.
//!
//! A host-only harness: it spawns a process and writes temporary files, so
//! the translator crates do not depend on it.

use dxlower_dxbc::ProgramType;
use std::io::Write;
use std::process::{Command, Stdio};

/// Why validation did not pass.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValidateError {
    /// The validator could not be run.
    #[error("cannot run glslangValidator: {0} (install Debian's glslang-tools)")]
    Missing(String),
    /// The compiler rejected the shader; its log follows.
    #[error("glslang rejected the shader:\n{0}")]
    Rejected(String),
    /// The stage has no GLSL ES equivalent.
    #[error("no GLSL ES stage for {0:?}")]
    Stage(ProgramType),
}

/// Compiles one GLSL ES stage with `glslangValidator --stdin -S vert|frag`.
pub fn glslang(glsl: &str, stage: ProgramType) -> Result<(), ValidateError> {
    let s = match stage {
        ProgramType::Vertex => "vert",
        ProgramType::Pixel => "frag",
        other => return Err(ValidateError::Stage(other)),
    };
    let mut child = Command::new("glslangValidator")
        .args(["--stdin", "-S", s])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| ValidateError::Missing(e.to_string()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(glsl.as_bytes())
            .map_err(|e| ValidateError::Missing(e.to_string()))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| ValidateError::Missing(e.to_string()))?;
    verdict(&out)
}

/// The verdict of a finished glslangValidator run: success, or its
/// stdout and stderr as the log of the rejection.
fn verdict(out: &std::process::Output) -> Result<(), ValidateError> {
    if out.status.success() {
        Ok(())
    } else {
        let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
        log.push_str(&String::from_utf8_lossy(&out.stderr));
        Err(ValidateError::Rejected(log.trim().to_string()))
    }
}

/// Checks that a vertex and a fragment shader link, with
/// `glslangValidator -l x.vert x.frag` (both stages compiled as GLSL ES and
/// linked as one program: matching varyings, uniform blocks and
/// uniforms). The texts are written to a fresh temporary directory, removed
/// afterwards. `Err` carries the validator's log; a missing validator is
/// an error, never a pass.
pub fn glslang_link(vs: &str, ps: &str) -> Result<(), ValidateError> {
    in_temp_dir("link", |dir, io| {
        let v = dir.join("x.vert");
        let f = dir.join("x.frag");
        std::fs::write(&v, vs).map_err(io)?;
        std::fs::write(&f, ps).map_err(io)?;
        let out = std::process::Command::new("glslangValidator")
            .arg("-l")
            .arg(&v)
            .arg(&f)
            .output()
            .map_err(|e| ValidateError::Missing(e.to_string()))?;
        verdict(&out)
    })
}

/// Runs `f` in a fresh temporary directory `dxlower-<what>-<pid>-<n>`,
/// removed afterwards; `f` gets the directory and the conversion of an I/O
/// error into a [`ValidateError`] naming it.
fn in_temp_dir<T>(
    what: &str,
    f: impl FnOnce(
        &std::path::Path,
        &dyn Fn(std::io::Error) -> ValidateError,
    ) -> Result<T, ValidateError>,
) -> Result<T, ValidateError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dxlower-{what}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let io = |e: std::io::Error| ValidateError::Missing(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(&dir).map_err(io)?;
    let r = f(&dir, &io);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// Compiles many GLSL ES stages with one `glslangValidator` process (each
/// file compiled on its own, as [`glslang`] does, without a link), so that
/// thousands of small stages cost one process start per batch instead of
/// one per stage. Returns one verdict per stage, in order: `Err` carries
/// that stage's part of the log. The texts are written to a fresh temporary
/// directory, removed afterwards; a missing validator is an error, never a
/// pass.
pub fn glslang_batch(
    stages: &[(&str, ProgramType)],
) -> Result<Vec<Result<(), String>>, ValidateError> {
    if stages.is_empty() {
        return Ok(Vec::new());
    }
    in_temp_dir("batch", |dir, io| {
        let mut paths = Vec::with_capacity(stages.len());
        for (i, (glsl, stage)) in stages.iter().enumerate() {
            let ext = match stage {
                ProgramType::Vertex => "vert",
                ProgramType::Pixel => "frag",
                other => return Err(ValidateError::Stage(*other)),
            };
            let p = dir.join(format!("s{i}.{ext}"));
            std::fs::write(&p, glsl).map_err(io)?;
            paths.push(p);
        }
        let out = Command::new("glslangValidator")
            .args(&paths)
            .output()
            .map_err(|e| ValidateError::Missing(e.to_string()))?;
        let log = String::from_utf8_lossy(&out.stdout);
        // The log is each file's path on a line of its own, followed by
        // that file's messages (none when it compiled).
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); stages.len()];
        let mut current: Option<usize> = None;
        for line in log.lines() {
            if let Some(i) = names.iter().position(|n| n == line.trim()) {
                current = Some(i);
                continue;
            }
            if let Some(i) = current {
                if line.starts_with("ERROR") {
                    let v = &mut verdicts[i];
                    let mut text = v.clone().err().unwrap_or_default();
                    text.push_str(line);
                    text.push('\n');
                    *v = Err(text);
                }
            }
        }
        let failed = verdicts.iter().any(Result::is_err);
        if failed == out.status.success() {
            // The log did not say which file failed: fall back to one
            // process per stage.
            return stages
                .iter()
                .map(|(g, s)| match glslang(g, *s) {
                    Ok(()) => Ok(Ok(())),
                    Err(ValidateError::Rejected(log)) => Ok(Err(log)),
                    Err(e) => Err(e),
                })
                .collect();
        }
        Ok(verdicts)
    })
}
