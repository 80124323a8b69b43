//! The subcommands.

use std::process::ExitCode;

pub mod disasm;
pub mod inspect;

/// Every subcommand of `dxlower`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Print an fxc-style listing of a DXBC file.
    Disasm(disasm::Args),
    /// Show chunks, signatures, RDEF, declarations and an opcode histogram.
    Inspect(inspect::Args),
}

/// Runs one subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Disasm(a) => disasm::run(a),
        Command::Inspect(a) => inspect::run(a),
    }
}

/// Reads a file, printing `dxlower: <path>: <error>` on failure.
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, ExitCode> {
    std::fs::read(path).map_err(|e| {
        eprintln!("dxlower: {}: {e}", path.display());
        ExitCode::from(2)
    })
}
