//! `dxlower translate`: one DXBC stage to GLSL ES 3.00.

use crate::cmd::{display_name, load_profile, Validation};
use dxlower_core::{StageGlsl, StageInput, TranslateError};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dxlower translate`.
#[derive(clap::Args)]
pub struct Args {
    /// The DXBC file (a VS or PS; `-` reads standard input). Without it,
    /// the embedded demo vertex shader is translated.
    pub file: Option<PathBuf>,
    /// Target profile: a built-in name (webgl2, ccpwgl, native) or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    /// Write the GLSL here instead of standard output (`-`: standard
    /// output). Nothing is written when validation fails.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Validation of the GLSL.
    #[command(flatten)]
    pub validation: Validation,
    /// Debug build: write each DXBC instruction as a comment above its GLSL
    /// (turns the profile's `instruction_comments` on).
    #[arg(long)]
    pub comments: bool,
}

/// Runs `dxlower translate`. A panic (a bug of dxlower) is reported as an
/// internal error naming the file, with exit code 1.
pub fn run(args: Args) -> ExitCode {
    let name = match &args.file {
        Some(path) => path.display().to_string(),
        None => "<embedded demo vs>".to_string(),
    };
    dxlower_core::sweep::catch_panic(|| run_file(args)).unwrap_or_else(|msg| {
        eprintln!("dxlower: {name}: {msg}");
        ExitCode::FAILURE
    })
}

fn run_file(args: Args) -> ExitCode {
    let mut profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    profile.instruction_comments |= args.comments;
    let (name, result) = match &args.file {
        Some(path) => {
            let bytes = match super::read_file(path) {
                Ok(b) => b,
                Err(code) => return code,
            };
            (
                display_name(path),
                dxlower_core::translate_bytes(&bytes, &profile),
            )
        }
        None => {
            let (program, isgn, osgn) = crate::demo::demo();
            let input = StageInput {
                program: &program,
                input_signature: Some(&isgn),
                output_signature: Some(&osgn),
                program_byte_offset: None,
                rdef: None,
            };
            (
                "<embedded demo vs>".to_string(),
                dxlower_core::translate_stage(input, &profile),
            )
        }
    };
    let stage: StageGlsl = match result {
        Ok(s) => s,
        Err(e) => return report(&name, &e),
    };
    for n in &stage.record.notes {
        eprintln!("dxlower: {name}: note: {n}");
    }
    if let Some(v) = args.validation.chosen() {
        // A shader that does not compile is not written anywhere: the
        // compiler's log goes to standard error.
        if let Err(e) = v.check(&stage) {
            eprintln!("dxlower: {name}: {e}");
            return ExitCode::FAILURE;
        }
        eprintln!("dxlower: {name}: validated with {}: ok", v.describe());
    }
    match super::write_output(args.output.as_deref(), &stage.glsl) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Prints a translation error with its status and returns the exit code.
pub fn report(name: &str, e: &TranslateError) -> ExitCode {
    eprintln!("dxlower: {name}: {e}");
    ExitCode::FAILURE
}
