//! `dxlower ops`: the opcode table with the handler registry beside it.

use dxlower_core::registry::HandlerEntry;
use dxlower_core::Registry;
use dxlower_dxbc::{Coverage, Opcode};
use std::process::ExitCode;

/// Arguments of `dxlower ops`.
#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: one object per opcode of the table (`opcode`, `number`,
    /// `family`, `coverage`, `stages`, and `crate`, `file`, `line`, `spec`
    /// of its handler, null where there is none).
    #[arg(long)]
    pub json: bool,
    /// Exit non-zero when the registry and the opcode table disagree: a
    /// handled opcode without a handler, or a handler outside its family
    /// crate.
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
    let rows: Vec<(Opcode, Coverage, Option<&HandlerEntry>)> = Opcode::ALL
        .iter()
        .filter_map(|&op| Some((op, op.coverage()?, reg.get(op))))
        .collect();
    if args.json {
        let v: Vec<serde_json::Value> = rows
            .iter()
            .map(|(op, cov, h)| {
                let stages: Vec<&str> = match cov {
                    Coverage::DecodedOnly { stages } => stages.iter().map(|s| s.prefix()).collect(),
                    _ => Vec::new(),
                };
                serde_json::json!({
                    "opcode": op.mnemonic(),
                    "number": op.number(),
                    "family": cov.family(),
                    "coverage": cov.class(),
                    "stages": stages,
                    "crate": h.map(|h| h.krate),
                    "file": h.map(|h| h.file),
                    "line": h.map(|h| h.line),
                    "spec": h.map(|h| h.spec),
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        outln!(
            "{:<33} {:>4}  {:<18} {:<26} {:<50} spec",
            "opcode",
            "num",
            "family",
            "coverage",
            "handler"
        );
        for (op, cov, h) in &rows {
            let line = format!(
                "{:<33} {:>4}  {:<18} {:<26} {:<50} {}",
                op.mnemonic(),
                op.number(),
                cov.family().unwrap_or("-"),
                cov.to_string(),
                h.map_or("-".to_string(), |h| h.location()),
                h.map_or("", |h| h.spec),
            );
            outln!("{}", line.trim_end());
        }
        let count = |class: &str| rows.iter().filter(|(_, c, _)| c.class() == class).count();
        outln!(
            "{} opcodes: {} handled ({} with a handler), {} decoded-only, {} reserved",
            rows.len(),
            count("handled"),
            rows.iter().filter(|(_, _, h)| h.is_some()).count(),
            count("decoded-only"),
            count("reserved"),
        );
    }
    if args.check {
        let mut problems = 0;
        for op in reg.unhandled() {
            eprintln!(
                "`{op}`: the opcode table gives it to family {}, which registers no handler for it",
                op.family().unwrap_or("?")
            );
            problems += 1;
        }
        for (op, h) in reg.by_opcode() {
            if h.krate != format!("dxlower-{}", h.family) {
                eprintln!(
                    "`{op}`: handler at {} is in crate {}, not in its family crate dxlower-{}",
                    h.location(),
                    h.krate,
                    h.family
                );
                problems += 1;
            }
        }
        if problems > 0 {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
