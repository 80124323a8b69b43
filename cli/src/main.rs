//! `dxlower`: lower DXBC (D3D10/11 shader bytecode) to GLSL ES 3.00.
//!
//! One file per subcommand under `cmd/`; each exposes a clap `Args` struct
//! and a `run` function returning the process exit code.

/// `print!` to standard output, ending the process quietly (exit 0) when
/// the reader has closed the pipe (`dxlower ... | head`).
macro_rules! out {
    ($($t:tt)*) => {
        $crate::cmd::write_stdout(&format!($($t)*))
    };
}

/// `println!` to standard output, as [`out!`].
macro_rules! outln {
    () => {
        $crate::cmd::write_stdout("\n")
    };
    ($($t:tt)*) => {
        $crate::cmd::write_stdout(&format!("{}\n", format_args!($($t)*)))
    };
}

mod cmd;
mod demo;

use clap::Parser;
use std::process::ExitCode;

/// Lower compiled Direct3D 10/11 shader bytecode (DXBC, SM4/SM5) to GLSL ES
/// 3.00 for WebGL2.
#[derive(Parser)]
#[command(
    name = "dxlower",
    version,
    about,
    long_about = None,
    after_help = "Exit status: 0 on success; 1 when an input cannot be read, decoded, \
                  translated or validated (or a sweep has failures); 2 on a usage error \
                  (bad arguments, an unknown or invalid profile).\n\
                  A FILE argument of `-` reads standard input; `-o -` writes standard output."
)]
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
