//! `dxlower bench --driver`: what a GLES driver spends on the GLSL dxlower
//! writes, per shader, under one profile and optionally a second one
//! measured in the same run.
//!
//! Method:
//! - every vertex and pixel shader under the directory is translated the
//!   way a program uses it: a vertex shader alone, against a fragment
//!   shader that reads nothing; a pixel shader linked (as `dxlower link`
//!   does) with a vertex shader that passes `POSITION` through, which
//!   writes zero to every varying it does not feed;
//! - the driver is Mesa's GLES 3.0 (llvmpipe) through EGL surfaceless, its
//!   shader cache off; the measured stage's `glCompileShader` and the
//!   program's `glLinkProgram` are timed in CPU time of the calling
//!   thread (the partner stage is compiled but not timed), every object is
//!   deleted afterwards, and each repetition carries a comment of its own,
//!   so no repetition reuses another's work;
//! - a shader's figure is its fastest of `--reps` repetitions (noise only
//!   adds time); the two profiles are interleaved shader by shader, so a
//!   load change on the machine touches both alike;
//! - `--compare` prints the per-shader ratio (this profile over the other)
//!   for the shaders both translate: median, p10, p90 and the largest.

use super::bench::Blob;
use dxlower_core::{Profile, StageInput};
use dxlower_dxbc::ProgramType;
use dxlower_gles::{Runner, StageKind};
use std::process::ExitCode;

/// One shader translated for the driver: the measured stage and its
/// partner.
struct Texts {
    kind: StageKind,
    stage: String,
    partner: String,
}

/// One shader's figures under one profile.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
struct Cost {
    bytes: usize,
    compile_ns: u64,
    link_ns: u64,
}

impl Cost {
    fn total(&self) -> u64 {
        self.compile_ns + self.link_ns
    }
}

/// Translates one shader for the driver under `profile`; `None` when the
/// profile refuses it (or it is not a VS or PS).
fn texts(bytes: &[u8], profile: &Profile) -> Option<Texts> {
    let shader = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked()).ok()?;
    match shader.stage() {
        ProgramType::Vertex => {
            let vs = dxlower_core::translate_shader(&shader, profile).ok()?;
            let partner = format!(
                "#version {}\nprecision highp float;\nout vec4 dx_unused;\nvoid main() {{ dx_unused = vec4(0.0); }}\n",
                profile.glsl_version
            );
            Some(Texts {
                kind: StageKind::Vertex,
                stage: vs.glsl,
                partner,
            })
        }
        ProgramType::Pixel => {
            let passthrough = super::run::passthrough_vs();
            let vs = StageInput {
                program: &passthrough.0,
                input_signature: Some(&passthrough.1),
                output_signature: Some(&passthrough.2),
                program_byte_offset: None,
                rdef: None,
            };
            let program =
                dxlower_core::link(vs, dxlower_core::stage_input(&shader), profile).ok()?;
            Some(Texts {
                kind: StageKind::Fragment,
                stage: program.ps.glsl,
                partner: program.vs.glsl,
            })
        }
        _ => None,
    }
}

/// `text` with `// rep <n>` after its `#version` line.
fn tagged(text: &str, rep: usize) -> String {
    match text.split_once('\n') {
        Some((first, rest)) => format!("{first}\n// rep {rep}\n{rest}"),
        None => text.to_string(),
    }
}

/// The fastest of `reps` compile+link runs; `Err` with the driver's log
/// when the driver rejects the program.
fn measure(runner: &mut Runner, t: &Texts, reps: usize) -> Result<Cost, String> {
    let mut best: Option<Cost> = None;
    for rep in 0..reps.max(1) {
        let c = runner
            .time_compile_link(t.kind, &tagged(&t.stage, rep), &t.partner)
            .map_err(|e| e.to_string())?;
        let cost = Cost {
            bytes: t.stage.len(),
            compile_ns: c.compile_ns,
            link_ns: c.link_ns,
        };
        if best.is_none_or(|b| cost.total() < b.total()) {
            best = Some(cost);
        }
    }
    best.ok_or_else(|| "no repetition ran".to_string())
}

/// The value at fraction `q` (0..=1) of sorted `v`.
fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() - 1) as f64 * q).round() as usize;
    v[i.min(v.len() - 1)]
}

/// Runs `dxlower bench --driver` over `blobs` (vertex and pixel shaders).
pub fn run(
    blobs: &[Blob],
    profile: &Profile,
    compare: Option<&Profile>,
    reps: usize,
    json: Option<&std::path::Path>,
) -> ExitCode {
    let mut runner = match Runner::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: no GLES 3.0 context: {e}");
            return ExitCode::FAILURE;
        }
    };
    let profiles: Vec<&Profile> = std::iter::once(profile).chain(compare).collect();
    let bar = indicatif::ProgressBar::new(blobs.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} shaders {wide_msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // costs[p][i]: shader i under profile p.
    let mut costs: Vec<Vec<Option<Cost>>> = vec![Vec::with_capacity(blobs.len()); profiles.len()];
    let mut failures = Vec::new();
    for b in blobs {
        for (p, prof) in profiles.iter().enumerate() {
            let cost = match texts(&b.bytes, prof) {
                None => None,
                Some(t) => match measure(&mut runner, &t, reps) {
                    Ok(c) => Some(c),
                    Err(log) => {
                        failures.push(format!("{} ({}): {log}", b.rel, prof.name));
                        None
                    }
                },
            };
            costs[p].push(cost);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    for f in &failures {
        eprintln!("dxlower: driver rejected {f}");
    }
    outln!("driver: {}", runner.info());
    let w = profiles
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(0)
        .max(7);
    outln!(
        "{:<w$} {:>8} {:>12} {:>11} {:>9} {:>10} {:>13}",
        "profile",
        "shaders",
        "GLSL bytes",
        "compile ms",
        "link ms",
        "total ms",
        "median µs"
    );
    for (p, prof) in profiles.iter().enumerate() {
        let done: Vec<Cost> = costs[p].iter().flatten().copied().collect();
        let mut totals: Vec<f64> = done.iter().map(|c| c.total() as f64 / 1e3).collect();
        totals.sort_by(f64::total_cmp);
        outln!(
            "{:<w$} {:>8} {:>12} {:>11.1} {:>9.1} {:>10.1} {:>13.0}",
            prof.name,
            done.len(),
            done.iter().map(|c| c.bytes).sum::<usize>(),
            done.iter().map(|c| c.compile_ns).sum::<u64>() as f64 / 1e6,
            done.iter().map(|c| c.link_ns).sum::<u64>() as f64 / 1e6,
            done.iter().map(Cost::total).sum::<u64>() as f64 / 1e6,
            quantile(&totals, 0.5)
        );
    }
    let mut ratios = Vec::new();
    if let (Some(other), [ours, theirs]) = (compare, costs.as_slice()) {
        for ((b, a), c) in blobs.iter().zip(ours).zip(theirs) {
            if let (Some(a), Some(c)) = (a, c) {
                if c.total() > 0 && c.bytes > 0 {
                    ratios.push((
                        b.rel.as_str(),
                        a.total() as f64 / c.total() as f64,
                        a.bytes as f64 / c.bytes as f64,
                    ));
                }
            }
        }
        let mut time: Vec<f64> = ratios.iter().map(|r| r.1).collect();
        let mut size: Vec<f64> = ratios.iter().map(|r| r.2).collect();
        time.sort_by(f64::total_cmp);
        size.sort_by(f64::total_cmp);
        outln!(
            "per shader, {} / {} ({} shaders both translate):",
            profile.name,
            other.name,
            ratios.len()
        );
        for (what, v) in [("compile+link", &time), ("GLSL bytes", &size)] {
            outln!(
                "  {what:<13} median {:.3}  p10 {:.3}  p90 {:.3}  max {:.3}",
                quantile(v, 0.5),
                quantile(v, 0.1),
                quantile(v, 0.9),
                v.last().copied().unwrap_or(f64::NAN)
            );
        }
        let mut worst = ratios.clone();
        worst.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (rel, t, s) in worst.iter().take(10) {
            outln!("  {t:>6.3}x time  {s:>6.3}x bytes  {rel}");
        }
    }
    if let Some(path) = json {
        let per_shader: Vec<serde_json::Value> = blobs
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut o = serde_json::Map::new();
                o.insert("file".into(), b.rel.clone().into());
                for (p, prof) in profiles.iter().enumerate() {
                    o.insert(
                        prof.name.clone(),
                        serde_json::to_value(costs[p][i]).unwrap_or_default(),
                    );
                }
                serde_json::Value::Object(o)
            })
            .collect();
        let report = serde_json::json!({
            "driver": runner.info().to_string(),
            "reps": reps,
            "profiles": profiles.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
            "rejected": failures,
            "per_shader": per_shader,
        });
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("dxlower: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
