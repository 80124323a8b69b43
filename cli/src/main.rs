//! `dxlower`: lower DXBC (D3D10/11 shader bytecode) to GLSL ES 3.00.
//!
//! One file per subcommand under `cmd/`; each exposes a clap `Args` struct
//! and a `run` function returning the process exit code.

mod cmd;
mod demo;

use clap::Parser;
use std::process::ExitCode;

/// Lower compiled Direct3D 10/11 shader bytecode (DXBC, SM4/SM5) to GLSL ES
/// 3.00 for WebGL2.
#[derive(Parser)]
#[command(name = "dxlower", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Every family registered (the library names them all), checked once.
    if let Err(e) = dxlower::registry() {
        eprintln!("dxlower: {e}");
        return ExitCode::FAILURE;
    }
    cmd::run(cli.command)
}
