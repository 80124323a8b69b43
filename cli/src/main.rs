//! `dxlower`: lower DXBC (D3D10/11 shader bytecode) to GLSL ES 3.00.
//!
//! One file per subcommand under `cmd/`; each exposes a clap `Args` struct
//! and a `run` function returning the process exit code.

mod cmd;
mod demo;

use clap::Parser;
// Links every family crate so its handlers register.
use dxlower_lowerings as _;
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
    // A panic is a bug of dxlower: reported as one `dxlower:` line by the
    // command that catches it (naming the file), never as a Rust panic
    // message or backtrace.
    dxlower_core::sweep::quiet_panics();
    match dxlower_core::sweep::catch_panic(|| cmd::run(cli.command)) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("dxlower: {msg}");
            ExitCode::FAILURE
        }
    }
}
