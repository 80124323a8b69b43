//! The subcommands, one file each.

use dxlower_core::{Profile, StageGlsl};
use std::process::ExitCode;

pub mod bench;
pub mod disasm;
pub mod inspect;
pub mod link;
pub mod ops;
pub mod profiles;
pub mod run;
pub mod sweep;
pub mod translate;

/// Every subcommand of `dxlower`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Translate one VS or PS to GLSL ES 3.00 (the embedded demo shader when
    /// no file is given).
    Translate(translate::Args),
    /// Translate a VS and a PS together so the pair links, with a manifest.
    Link(link::Args),
    /// Translate every .dxbc under a directory and summarise.
    Sweep(sweep::Args),
    /// Print an fxc-style listing of a DXBC file.
    Disasm(disasm::Args),
    /// Show chunks, signatures, RDEF, declarations and an opcode histogram.
    Inspect(inspect::Args),
    /// List every registered opcode handler.
    Ops(ops::Args),
    /// Translate a pixel shader, draw it on Mesa's GLES 3.0 driver and print
    /// what it writes.
    Run(run::Args),
    /// List the built-in target profiles, or show one resolved.
    Profiles(profiles::Args),
    /// Measure decode and translation throughput over a directory of DXBC.
    Bench(bench::Args),
}

/// Runs one subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Translate(a) => translate::run(a),
        Command::Sweep(a) => sweep::run(a),
        Command::Link(a) => link::run(a),
        Command::Disasm(a) => disasm::run(a),
        Command::Inspect(a) => inspect::run(a),
        Command::Ops(a) => ops::run(a),
        Command::Run(a) => run::run(a),
        Command::Profiles(a) => profiles::run(a),
        Command::Bench(a) => bench::run(a),
    }
}

/// Reads a file, printing `dxlower: <path>: <error>` on failure.
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, ExitCode> {
    std::fs::read(path).map_err(|e| {
        eprintln!("dxlower: {}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// Loads a profile by name or path, printing the error on failure.
pub fn load_profile(name: &str) -> Result<Profile, ExitCode> {
    dxlower_targets::load(name).map_err(|e| {
        eprintln!("dxlower: profile: {e}");
        ExitCode::from(2)
    })
}

/// A validation level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Validate {
    /// Compile each stage with glslangValidator as GLSL ES.
    Glslang,
}

impl Validate {
    /// Validates one translated stage.
    pub fn check(self, stage: &StageGlsl) -> Result<(), String> {
        match self {
            Validate::Glslang => {
                dxlower_core::validate::glslang(&stage.glsl, stage.stage).map_err(|e| e.to_string())
            }
        }
    }
}
