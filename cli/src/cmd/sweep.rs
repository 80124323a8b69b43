//! `dxlower sweep`: translate every `.dxbc` under a directory.
//!
//! Files run in parallel (rayon); results are sorted by path, so the report
//! is deterministic. One bad file never stops the sweep. Carbon effect
//! containers (`.sm_hi`, `.sm_lo`, `.sm_depth`) under the directory count
//! one result per distinct program (`cmd::effect::sweep_effect`).

use crate::cmd::{load_profile, Validate, Validation};
use dxlower_core::sweep::{count, sweep_one, FileResult};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dxlower sweep`.
#[derive(clap::Args)]
pub struct Args {
    /// Directory to search (recursively) for `.dxbc` files.
    pub dir: PathBuf,
    /// Target profile: a built-in name or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    #[command(flatten)]
    pub validation: Validation,
    /// Write a JSON report here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// How many reasons to list after the summary.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    /// Hide the progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `dxlower sweep`.
pub fn run(args: Args) -> ExitCode {
    let profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let files = match super::find_files(&args.dir) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut effects = Vec::new();
    if let Err(e) = super::effect::find_effects(&args.dir, &mut effects) {
        eprintln!("dxlower: {}: {e}", args.dir.display());
        return ExitCode::FAILURE;
    }
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(files.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let check = |s: &dxlower_core::StageGlsl| match args.validation.chosen() {
        Some(v) => v.check(s),
        None => Ok(()),
    };
    let validator: Option<dxlower_core::sweep::Validator<'_>> = args
        .validation
        .chosen()
        .map(|_| &check as dxlower_core::sweep::Validator<'_>);
    // `browser`: every produced stage is kept and compiled afterwards in
    // one page load.
    let browser = args.validation.chosen() == Some(Validate::Browser);
    let produced = std::sync::Mutex::new(Vec::new());
    let mut results: Vec<FileResult> = files
        .par_iter()
        .enumerate()
        .map(|(i, p)| {
            let rel = p
                .strip_prefix(&args.dir)
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned();
            let keep = |s: &dxlower_core::StageGlsl| {
                if let Ok(mut v) = produced.lock() {
                    v.push((i, s.clone()));
                }
                Ok(())
            };
            let v = if browser { Some(&keep as _) } else { validator };
            let r = sweep_one(p, rel, &profile, v);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let effect_programs = sweep_effects(
        &args,
        &effects,
        &profile,
        validator,
        browser,
        &produced,
        &mut results,
    );
    if browser {
        let produced = produced.into_inner().unwrap_or_default();
        let stages: Vec<_> = produced.iter().map(|(_, s)| s).collect();
        let verdicts = match super::browser_compile(&stages) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("dxlower: {e}");
                return ExitCode::FAILURE;
            }
        };
        for ((i, _), verdict) in produced.iter().zip(verdicts) {
            if let (Some(r), Err(log)) = (results.get_mut(*i), verdict) {
                eprintln!("dxlower: {}: {log}", r.file);
                r.status = dxlower_core::Status::Failed;
                r.reason_key = dxlower_webgl::log_key(&log);
                r.reason = log;
            }
        }
    }
    let c = count(&results);
    outln!("{c}");
    if !effects.is_empty() {
        outln!(
            "({} effect files counted as their {effect_programs} distinct programs)",
            effects.len()
        );
    }
    let mut reasons: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &results {
        if !r.reason_key.is_empty() {
            *reasons
                .entry((r.status.as_str(), r.reason_key.as_str()))
                .or_default() += 1;
        }
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for ((status, key), n) in reasons.iter().take(args.top) {
        outln!("{n:>6}  {status:<13} {key}");
    }
    if let Some(path) = &args.json {
        let report = serde_json::json!({
            "total": c.total,
            "validated": c.validated,
            "translated": c.translated,
            "refused": c.refused,
            "unsupported": c.unsupported,
            "invalid": c.invalid,
            "failed": c.failed,
            "decode_failed": c.decode_failed,
            "files": results,
        });
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("dxlower: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if c.failed > 0 || c.decode_failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Appends the results of the effect files (one per distinct program),
/// validating the programs that translated as `.dxbc` files are; returns
/// how many programs were added.
fn sweep_effects(
    args: &Args,
    effects: &[PathBuf],
    profile: &dxlower_core::Profile,
    validator: Option<dxlower_core::sweep::Validator<'_>>,
    browser: bool,
    produced: &std::sync::Mutex<Vec<(usize, dxlower_core::StageGlsl)>>,
    results: &mut Vec<FileResult>,
) -> usize {
    let start = results.len();
    for p in effects {
        let rel = p.strip_prefix(&args.dir).unwrap_or(p).to_string_lossy();
        for (mut r, glsl) in super::effect::sweep_effect(p, &rel, profile) {
            match (glsl, validator) {
                (Some(g), _) if browser => {
                    if let Ok(mut v) = produced.lock() {
                        v.push((results.len(), g));
                    }
                }
                (Some(g), Some(v)) => match v(&g) {
                    Ok(()) => r.status = dxlower_core::Status::Validated,
                    Err(e) => {
                        r.status = dxlower_core::Status::Failed;
                        r.reason_key = e
                            .lines()
                            .nth(1)
                            .unwrap_or("validation failed")
                            .trim()
                            .into();
                        r.reason = e;
                    }
                },
                _ => {}
            }
            results.push(r);
        }
    }
    results.len() - start
}
