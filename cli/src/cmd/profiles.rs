//! `dxlower profiles`: list the built-in profiles or print one resolved.

use std::process::ExitCode;

/// Arguments of `dxlower profiles`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Option<Action>,
}

/// What to do.
#[derive(clap::Subcommand)]
pub enum Action {
    /// Print a profile (built-in name or RON file) fully resolved, as RON.
    Show {
        /// Profile name or path.
        name: String,
    },
}

/// Runs `dxlower profiles`.
pub fn run(args: Args) -> ExitCode {
    match args.action {
        None => {
            let w = dxlower_targets::names().map(str::len).max().unwrap_or(0);
            for name in dxlower_targets::names() {
                match dxlower_targets::load(name) {
                    Ok(p) => outln!("{name:<w$}  {}", p.description),
                    Err(e) => {
                        eprintln!("dxlower: profile {name}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Some(Action::Show { name }) => {
            let p = match super::load_profile(&name) {
                Ok(p) => p,
                Err(code) => return code,
            };
            let cfg = ron::ser::PrettyConfig::new().struct_names(false);
            match p.to_ron(Some(&cfg)) {
                Ok(text) => {
                    outln!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("dxlower: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
