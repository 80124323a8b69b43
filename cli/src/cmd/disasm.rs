//! `dxlower disasm` (under construction).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dxlower disasm`.
#[derive(clap::Args)]
pub struct Args {
    /// The DXBC file.
    pub file: PathBuf,
}

/// Runs `dxlower disasm`.
pub fn run(args: Args) -> ExitCode {
    match super::read_file(&args.file) {
        Ok(_) => ExitCode::FAILURE,
        Err(code) => code,
    }
}
