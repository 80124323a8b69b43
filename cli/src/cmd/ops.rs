//! `dxlower ops`: the handler registry as data.

use dxlower_core::Registry;
use std::process::ExitCode;

/// Arguments of `dxlower ops`.
#[derive(clap::Args)]
pub struct Args {
    /// Print JSON (`[{"opcode", "number", "family", "crate", "file", "line", "spec"}]`).
    #[arg(long)]
    pub json: bool,
    /// Exit non-zero when a family documents an opcode it has no handler for.
    #[arg(long)]
    pub check: bool,
}

/// Runs `dxlower ops`.
pub fn run(args: Args) -> ExitCode {
    let reg = match Registry::global() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rows: Vec<_> = reg.by_opcode().collect();
    if args.json {
        let v: Vec<serde_json::Value> = rows
            .iter()
            .map(|(op, h)| {
                serde_json::json!({
                    "opcode": op.mnemonic(),
                    "number": op.number(),
                    "family": h.family,
                    "crate": h.krate,
                    "file": h.file,
                    "line": h.line,
                    "spec": h.spec,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        println!(
            "{:<24} {:>4}  {:<18} {:<28} spec",
            "opcode", "num", "family", "file"
        );
        for (op, h) in &rows {
            println!(
                "{:<24} {:>4}  {:<18} {:<28} {}",
                op.mnemonic(),
                op.number(),
                h.family,
                format!("{}:{}", h.file, h.line),
                h.spec
            );
        }
        println!("{} handlers", rows.len());
    }
    if args.check {
        let mut missing = 0;
        for f in reg.families() {
            for op in f.opcodes {
                if reg.get(*op).is_none() {
                    eprintln!(
                        "family {} documents `{op}` but registers no handler",
                        f.name
                    );
                    missing += 1;
                }
            }
        }
        if missing > 0 {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
