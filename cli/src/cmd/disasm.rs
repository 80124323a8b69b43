//! `dxlower disasm`: an fxc-style listing of a DXBC file.

use dxlower_dxbc::asm;
use dxlower_dxbc::disasm::{self, Dialect, Options};
use std::path::PathBuf;
use std::process::ExitCode;

/// Which fxc release's listing style to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DialectArg {
    /// The style of the compiler named in the RDEF chunk (fxc 10 when
    /// there is none).
    Auto,
    /// fxc 10.x.
    #[value(name = "fxc10")]
    Fxc10,
    /// fxc 9.30 and 6.3.
    #[value(name = "fxc9.30")]
    Fxc930,
    /// fxc 9.29 (June 2010 DirectX SDK).
    #[value(name = "fxc9.29")]
    Fxc929,
}

/// Arguments of `dxlower disasm`.
#[derive(clap::Args)]
pub struct Args {
    /// The DXBC file.
    pub file: PathBuf,
    /// Listing style.
    #[arg(long, value_enum, default_value_t = DialectArg::Auto)]
    pub dialect: DialectArg,
    /// Print only the code: no signature tables, no slot count.
    #[arg(long)]
    pub code_only: bool,
    /// Print a lossless listing (float bits where `%f` loses some,
    /// `{tokens ...}` where the text cannot carry every bit, the
    /// resource-binding table) that the assembler reads back exactly.
    #[arg(long)]
    pub lossless: bool,
}

/// Runs `dxlower disasm`: prints the listing, or `dxlower: FILE: <error>`
/// and exits with 1 when the file is not a readable shader.
pub fn run(args: Args) -> ExitCode {
    let shader = match super::read_shader(&args.file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let options = match args.dialect {
        DialectArg::Auto => shader
            .rdef
            .as_ref()
            .map(|r| Options::for_creator(&r.creator))
            .unwrap_or_default(),
        DialectArg::Fxc10 => Options {
            dialect: Dialect::Fxc10,
            ..Options::default()
        },
        DialectArg::Fxc930 => Options {
            dialect: Dialect::Fxc930,
            ..Options::default()
        },
        DialectArg::Fxc929 => Options {
            dialect: Dialect::Fxc929,
            ..Options::default()
        },
    };
    let options = Options {
        lossless: args.lossless,
        ..options
    };
    let mut text = String::new();
    let written = match (args.code_only, args.lossless) {
        (true, false) => disasm::write_program(&mut text, &shader.program, &options),
        (false, false) => disasm::write_shader(&mut text, &shader, &options),
        (true, true) => asm::write_lossless_program(&mut text, &shader.program, &options),
        (false, true) => asm::write_lossless_shader(&mut text, &shader, &options),
    };
    if written.is_err() {
        eprintln!(
            "dxlower: {}: could not format the listing",
            args.file.display()
        );
        return ExitCode::FAILURE;
    }
    super::write_stdout(&text);
    ExitCode::SUCCESS
}
