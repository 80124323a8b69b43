//! Validation of emitted GLSL by a real compiler: `glslangValidator`
//! (Debian `glslang-tools`). A missing validator is an error, never a pass.

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
pub(crate) fn verdict(out: &std::process::Output) -> Result<(), ValidateError> {
    if out.status.success() {
        Ok(())
    } else {
        let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
        log.push_str(&String::from_utf8_lossy(&out.stderr));
        Err(ValidateError::Rejected(log.trim().to_string()))
    }
}
