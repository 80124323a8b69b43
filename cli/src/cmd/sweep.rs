//! `dxlower sweep`: translate every `.dxbc` under a directory.
//!
//! Files run in parallel (rayon); results are sorted by path, so the report
//! is deterministic. One bad file never stops the sweep.

use crate::cmd::{load_profile, Validate};
use dxlower_core::{Profile, TranslateError};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `dxlower sweep`.
#[derive(clap::Args)]
pub struct Args {
    /// Directory to search (recursively) for `.dxbc` files.
    pub dir: PathBuf,
    /// Target profile: a built-in name or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    /// Validate every translated stage with a real compiler.
    #[arg(long, num_args = 0..=1, default_missing_value = "glslang", value_enum)]
    pub validate: Option<Validate>,
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

/// The outcome of one file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FileResult {
    /// Path relative to the swept directory.
    pub file: String,
    /// `vs`, `ps`, ... (empty when the file did not decode).
    pub stage: String,
    /// `decode_failed`, `refused`, `unsupported`, `failed`, `translated` or
    /// `validated`.
    pub status: &'static str,
    /// Why (empty on success).
    pub reason: String,
    /// Grouping key of the reason (no offsets).
    #[serde(skip)]
    pub reason_key: String,
    /// Whether GLSL was produced (also true when validation then failed).
    #[serde(skip)]
    pub produced_glsl: bool,
}

fn find_dxbc(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        let ft = e.file_type()?;
        if ft.is_dir() {
            find_dxbc(&p, out)?;
        } else if p
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("dxbc"))
        {
            out.push(p);
        }
    }
    Ok(())
}

/// Translates (and optionally validates) one file.
pub fn sweep_one(
    path: &Path,
    rel: String,
    profile: &Profile,
    validate: Option<Validate>,
) -> FileResult {
    let mut r = FileResult {
        file: rel,
        stage: String::new(),
        status: "decode_failed",
        reason: String::new(),
        reason_key: String::new(),
        produced_glsl: false,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            r.reason = format!("cannot read: {e}");
            r.reason_key = "cannot read".into();
            return r;
        }
    };
    let shader = match dxlower_dxbc::parse(&bytes) {
        Ok(s) => s,
        Err(e) => {
            let e = TranslateError::from(e);
            r.reason = e.to_string();
            r.reason_key = e.reason_key();
            return r;
        }
    };
    r.stage = shader.stage().prefix().to_string();
    match dxlower_core::translate_shader(&shader, profile) {
        Err(e) => {
            r.status = e.status();
            r.reason = e.to_string();
            r.reason_key = e.reason_key();
        }
        Ok(stage) => {
            r.status = "translated";
            r.produced_glsl = true;
            if let Some(v) = validate {
                match v.check(&stage) {
                    Ok(()) => r.status = "validated",
                    Err(e) => {
                        r.status = "failed";
                        r.reason_key = e
                            .lines()
                            .nth(1)
                            .unwrap_or("validation failed")
                            .trim()
                            .to_string();
                        r.reason = e;
                    }
                }
            }
        }
    }
    r
}

/// The summary counts of a sweep.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Files seen.
    pub total: usize,
    /// Files that decoded.
    pub decoded: usize,
    /// Files that produced GLSL.
    pub translated: usize,
    /// Files whose GLSL passed validation.
    pub validated: usize,
    /// Files refused (a named blocker or a stage dxlower does not lower).
    pub refused: usize,
    /// Files with an opcode no handler lowers yet.
    pub unsupported: usize,
    /// Files that failed (invalid GLSL or an internal error).
    pub failed: usize,
}

/// Counts the results.
pub fn count(results: &[FileResult]) -> Counts {
    let mut c = Counts {
        total: results.len(),
        ..Default::default()
    };
    for r in results {
        if r.status != "decode_failed" {
            c.decoded += 1;
        }
        if r.produced_glsl {
            c.translated += 1;
        }
        match r.status {
            "validated" => c.validated += 1,
            "refused" => c.refused += 1,
            "unsupported" => c.unsupported += 1,
            "failed" => c.failed += 1,
            _ => {}
        }
    }
    c
}

/// Runs `dxlower sweep`.
pub fn run(args: Args) -> ExitCode {
    let profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut files = Vec::new();
    if let Err(e) = find_dxbc(&args.dir, &mut files) {
        eprintln!("dxlower: {}: {e}", args.dir.display());
        return ExitCode::from(2);
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
    let results: Vec<FileResult> = files
        .par_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&args.dir)
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned();
            let r = sweep_one(p, rel, &profile, args.validate);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let c = count(&results);
    println!(
        "{} files: {} decoded, {} translated, {} validated, {} refused, {} failed",
        c.total, c.decoded, c.translated, c.validated, c.refused, c.failed
    );
    if c.unsupported > 0 {
        println!(
            "{} unsupported (an opcode whose family has no handler yet)",
            c.unsupported
        );
    }
    let mut reasons: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &results {
        if !r.reason_key.is_empty() {
            *reasons
                .entry((r.status, r.reason_key.as_str()))
                .or_default() += 1;
        }
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for ((status, key), n) in reasons.iter().take(args.top) {
        println!("{n:>6}  {status:<13} {key}");
    }
    if let Some(path) = &args.json {
        let report = serde_json::json!({
            "total": c.total,
            "decoded": c.decoded,
            "translated": c.translated,
            "validated": c.validated,
            "refused": c.refused,
            "unsupported": c.unsupported,
            "failed": c.failed,
            "files": results,
        });
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("dxlower: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if c.failed > 0 || c.total - c.decoded > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
