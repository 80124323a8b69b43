//! `dxlower effect`: a Carbon effect container (`.sm_hi`, `.sm_lo`,
//! `.sm_depth`) to a CEWG package (`.sm_converted_hi`, ...), every
//! permutation or the ones asked for; also the effect side of `inspect`
//! and `sweep`.
//!
//! The package layout and what a runtime does with it: docs/cewg-package.md.

use crate::cmd::{load_profile, Validate, Validation};
use dxlower_carbon_effect::{Effect, Stage, StageType};
use dxlower_core::sweep::FileResult;
use dxlower_core::Status;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The extensions of effect containers.
pub const EXTENSIONS: [&str; 3] = ["sm_hi", "sm_lo", "sm_depth"];

/// Arguments of `dxlower effect`.
#[derive(clap::Args)]
pub struct Args {
    /// The effect file (`.sm_hi`, `.sm_lo`, `.sm_depth`).
    pub file: PathBuf,
    /// Target profile: a built-in name or a RON file. `ccpwgl` is the ABI
    /// of the public CEWG loader (float vertex attributes, BoneTransforms
    /// in cb3).
    #[arg(long, short, default_value = "ccpwgl")]
    pub profile: String,
    /// Output package (default: the input with `.sm_<tier>` replaced by
    /// `.sm_converted_<tier>`).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Package only this permutation: `axis=option,axis=option` (unnamed
    /// axes take their default); repeat for several.
    #[arg(long)]
    pub permutation: Vec<String>,
    #[command(flatten)]
    pub validation: Validation,
    /// Print the package's chunks as readable JSON (the package is still
    /// written when `-o` is given).
    #[arg(long)]
    pub json: bool,
    /// Hide the progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// True for a path with an effect extension.
pub fn is_effect(path: &Path) -> bool {
    path.extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| EXTENSIONS.iter().any(|e| x.eq_ignore_ascii_case(e)))
}

/// Every effect file under `dir`, sorted.
pub fn find_effects(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if e.file_type()?.is_dir() {
            find_effects(&p, out)?;
        } else if is_effect(&p) {
            out.push(p);
        }
    }
    Ok(())
}

/// The default output path: `x.sm_hi` → `x.sm_converted_hi`.
pub fn default_output(input: &Path) -> PathBuf {
    let ext = input.extension().and_then(|x| x.to_str()).unwrap_or("");
    let tier = ext.strip_prefix("sm_").unwrap_or("hi");
    input.with_extension(format!("sm_converted_{tier}"))
}

/// The current time as ISO-8601 UTC with milliseconds.
pub fn now_iso8601() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_millis()
    )
}

fn translator() -> String {
    format!("dxlower {}", env!("CARGO_PKG_VERSION"))
}

/// Builds the package of an effect file's bytes (the CLI's options).
fn package(
    path: &Path,
    effect: &Effect<'_>,
    profile: dxlower_core::Profile,
    rows: Option<Vec<usize>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<dxlower_cewg::Package, dxlower_cewg::BuildError> {
    let opts = dxlower_cewg::Options {
        profile,
        source_path: path.display().to_string(),
        generated_at: now_iso8601(),
        rows,
        translator: translator(),
    };
    dxlower_cewg::build(effect, &opts, progress)
}

/// Runs `dxlower effect`.
pub fn run(args: Args) -> ExitCode {
    let profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let bytes = match super::read_file(&args.file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let name = args.file.display().to_string();
    let effect = match dxlower_carbon_effect::parse(&bytes) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("dxlower: {name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rows = match dxlower_cewg::select_rows(&effect, &args.permutation) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: {name}: --permutation {e}");
            return ExitCode::from(2);
        }
    };
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} programs {per_sec} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let pkg = package(&args.file, &effect, profile, rows, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let pkg = match pkg {
        Ok(p) => p,
        Err(e) => {
            eprintln!("dxlower: {name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out_bytes = pkg.to_bytes();
    let mut failed = false;
    for p in &pkg.summary.programs {
        if let Some(r) = &p.reason {
            eprintln!(
                "dxlower: {name}: {} program dxbc_{}: {}: {r}",
                p.stage.name(),
                p.sha1,
                p.status
            );
            failed |= matches!(p.status.as_str(), "failed" | "decode_failed" | "invalid");
        }
    }
    let mut validated = None;
    if let Some(v) = args.validation.chosen() {
        match validate(v, &out_bytes) {
            Ok((n, errors)) => {
                for e in &errors {
                    eprintln!("dxlower: {name}: {e}");
                }
                failed |= !errors.is_empty();
                validated = Some(n - errors.len());
            }
            Err(e) => {
                eprintln!("dxlower: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // A package that failed validation is not written.
    let write_to = match (&args.output, args.json) {
        _ if validated.is_some() && failed => None,
        (Some(o), _) => Some(o.clone()),
        (None, false) if super::is_stdio(&args.file) => {
            eprintln!("dxlower: <stdin>: give -o for a package read from standard input");
            return ExitCode::from(2);
        }
        (None, false) => Some(default_output(&args.file)),
        (None, true) => None,
    };
    if let Some(path) = write_to.as_deref().filter(|p| super::is_stdio(p)) {
        if args.json {
            eprintln!(
                "dxlower: {}: --json prints to standard output; -o - cannot also",
                path.display()
            );
            return ExitCode::from(2);
        }
        super::write_stdout_bytes(&out_bytes);
        eprintln!("{}", pkg.summary.line());
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    if let Some(path) = &write_to {
        if let Err(e) = std::fs::write(path, &out_bytes) {
            eprintln!("dxlower: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    let mut line = pkg.summary.line();
    if let Some(n) = validated {
        line.push_str(&format!(", {n} validated"));
    }
    let mut text = String::new();
    if args.json {
        let j = dxlower_cewg::obj! {
            "INFO" => pkg.info.clone(),
            "META" => pkg.meta.clone(),
            "GLSL" => pkg.glsl.clone(),
        };
        text.push_str(&j.pretty());
        text.push('\n');
        eprintln!("{line}");
    } else {
        text.push_str(&line);
        text.push('\n');
        for (status, key, n) in pkg.summary.reasons().into_iter().take(10) {
            text.push_str(&format!("{n:>6}  {status:<13} {key}\n"));
        }
        if let Some(p) = &write_to {
            text.push_str(&format!(
                "wrote {} ({} bytes)\n",
                p.display(),
                out_bytes.len()
            ));
        }
    }
    super::write_stdout(&text);
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Compiles and links every complete pass of a package; returns the pass
/// count and one message per failure.
fn validate(v: Validate, package: &[u8]) -> Result<(usize, Vec<String>), String> {
    let passes = passes(package)?;
    let mut errors = Vec::new();
    match v {
        Validate::Glslang => {
            for (key, vs, ps) in &passes {
                if let Err(e) = dxlower_glslang::glslang_link(vs, ps) {
                    errors.push(format!("{key}: glslang: {e}"));
                }
            }
        }
        Validate::Browser => {
            let mut batch = dxlower_webgl::Batch::default();
            for (_, vs, ps) in &passes {
                batch.link(vs, ps);
            }
            let report = dxlower_webgl::Browser::locate()
                .and_then(|b| b.run(&batch))
                .map_err(|e| format!("browser: {e}"))?;
            for ((key, _, _), l) in passes.iter().zip(&report.links) {
                if !l.linked || !l.vs.ok || !l.fs.ok {
                    let log = [&l.vs.log, &l.fs.log, &l.log]
                        .iter()
                        .map(|s| s.trim())
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join("\n");
                    errors.push(format!("{key}: WebGL2 (ANGLE): {log}"));
                }
            }
        }
    }
    Ok((passes.len(), errors))
}

/// The (key, VS, PS) sources of every pass whose two stages have GLSL, as
/// a runtime joins them.
fn passes(package: &[u8]) -> Result<Vec<(String, String, String)>, String> {
    let chunks = dxlower_cewg::read_chunks(package)?;
    let glsl: Value = chunks
        .iter()
        .find(|c| &c.0 == b"GLSL")
        .map(|c| serde_json::from_slice(c.1))
        .ok_or("no GLSL chunk")?
        .map_err(|e| e.to_string())?;
    let empty = Vec::new();
    let arr = |v: &Value, k: &str| v[k].as_array().cloned().unwrap_or_default();
    let shaders = arr(&glsl, "shaders");
    let source = |key: &Value| {
        shaders
            .iter()
            .find(|s| s["key"] == *key)
            .and_then(|s| s["source"].as_str().map(str::to_string))
    };
    let mut groups: std::collections::BTreeMap<String, (Option<String>, Option<String>)> =
        Default::default();
    for st in glsl["stages"].as_array().unwrap_or(&empty) {
        let key = format!(
            "{}.{}.pass{}",
            st["bodyKey"].as_str().unwrap_or(""),
            st["techniqueName"].as_str().unwrap_or(""),
            st["passIndex"]
        );
        let g = groups.entry(key).or_default();
        match st["stageName"].as_str() {
            Some("vertex") => g.0 = source(&st["shaderKey"]),
            Some("pixel") => g.1 = source(&st["shaderKey"]),
            _ => {}
        }
    }
    Ok(groups
        .into_iter()
        .filter_map(|(k, (v, p))| Some((k, v?, p?)))
        .collect())
}

/// `sweep` over an effect file: one result per distinct program
/// (`<file>#dxbc_<sha1>`), with its standalone translation when it has
/// one. A file that does not read, or whose Carbon records disagree with
/// their programs, is one failed result.
pub fn sweep_effect(
    path: &Path,
    rel: &str,
    profile: &dxlower_core::Profile,
) -> Vec<(FileResult, Option<dxlower_core::StageGlsl>)> {
    let fail = |status: Status, reason: String, key: &str| {
        vec![(
            FileResult {
                file: rel.to_string(),
                stage: "effect".into(),
                status,
                reason,
                reason_key: key.to_string(),
                produced_glsl: false,
            },
            None,
        )]
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return fail(
                Status::DecodeFailed,
                format!("cannot read: {e}"),
                "cannot read",
            )
        }
    };
    let effect = match dxlower_carbon_effect::parse(&bytes) {
        Ok(e) => e,
        Err(e) => {
            let key = format!("effect: {}", e.kind);
            return fail(Status::DecodeFailed, e.to_string(), &key);
        }
    };
    let pkg = match package(path, &effect, profile.clone(), None, &mut |_, _| {}) {
        Ok(p) => p,
        Err(e) => {
            return fail(
                Status::Failed,
                e.to_string(),
                "Carbon record and DXBC disagree",
            )
        }
    };
    pkg.summary
        .programs
        .into_iter()
        .map(|p| {
            let status = match p.status.as_str() {
                "translated" => Status::Translated,
                "refused" => Status::Refused,
                "unsupported" => Status::Unsupported,
                "decode_failed" => Status::DecodeFailed,
                "invalid" => Status::Invalid,
                _ => Status::Failed,
            };
            let stage = match p.stage {
                StageType::Vertex => "vs",
                StageType::Pixel => "ps",
                StageType::Compute => "cs",
                StageType::Geometry => "gs",
                StageType::Hull => "hs",
                StageType::Domain => "ds",
            };
            (
                FileResult {
                    file: format!("{rel}#dxbc_{}", p.sha1),
                    stage: stage.into(),
                    status,
                    reason: p.reason.unwrap_or_default(),
                    reason_key: p.reason_key.unwrap_or_default(),
                    produced_glsl: p.glsl.is_some(),
                },
                p.glsl,
            )
        })
        .collect()
}

/// `inspect` of an effect file: the report as JSON.
pub fn report(file: &str, effect: &Effect<'_>) -> Value {
    let programs: Vec<Value> = effect
        .programs()
        .iter()
        .map(|p| {
            let bytes = effect.bytes(&p.blob);
            let model = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked())
                .map(|s| {
                    let (a, b) = s.model();
                    format!("{}_{a}_{b}", s.stage().prefix())
                })
                .unwrap_or_else(|e| format!("not DXBC: {e}"));
            json!({
                "sha1": p.sha1,
                "stage": p.stage.name(),
                "model": model,
                "size": p.blob.size,
                "offset": p.blob.offset,
                "uses": p.uses.len(),
            })
        })
        .collect();
    let bodies: Vec<Value> = effect
        .bodies
        .iter()
        .map(|b| {
            json!({
                "key": format!("body_{}_{}", b.offset, b.size),
                "offset": b.offset,
                "size": b.size,
                "rows": b.rows,
                "techniques": serde_json::to_value(&b.body.techniques).unwrap_or(Value::Null),
                "parameters": serde_json::to_value(&b.body.parameters).unwrap_or(Value::Null),
            })
        })
        .collect();
    json!({
        "file": file,
        "kind": "carbon-effect",
        "version": effect.version,
        "compilerVersion": effect.compiler_version.map(|v| format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3])),
        "sourceHash": effect.source_hash,
        "arenaSize": effect.arena.bytes.len(),
        "axes": serde_json::to_value(&effect.axes).unwrap_or(Value::Null),
        "permutations": effect.permutation_count(),
        "rows": effect.rows.iter().enumerate().map(|(i, r)| json!({
            "row": i, "index": r.index, "offset": r.offset, "size": r.size,
            "body": effect.row_body[i],
            "options": effect.options_of(i),
        })).collect::<Vec<_>>(),
        "bodies": bodies,
        "programs": programs,
    })
}

fn stage_text(out: &mut String, effect: &Effect<'_>, st: &Stage<dxlower_carbon_effect::BlobRef>) {
    let sha = dxlower_carbon_effect::sha1_hex(effect.bytes(&st.program));
    out.push_str(&format!(
        "      {} program dxbc_{} ({} bytes)\n",
        st.stage.name(),
        &sha[..16],
        st.program.size
    ));
    for p in &st.pipeline_inputs {
        out.push_str(&format!(
            "        input v{} {}{} used .{} type {} dim {}\n",
            p.register,
            p.usage_name().unwrap_or("?"),
            p.usage_index,
            super::inspect::mask_str(p.used_mask),
            p.ty,
            p.dimension
        ));
    }
    for r in &st.data.registers {
        out.push_str(&format!(
            "        register {} {} (count {}, space {})\n",
            dxlower_carbon_effect::register_type::name(r.register_type),
            r.index,
            r.count,
            r.space
        ));
    }
    for c in &st.data.constants {
        out.push_str(&format!(
            "        constant {} cb0 bytes {}..{} type {} dim {} elements {}\n",
            c.name,
            c.offset,
            u64::from(c.offset) + u64::from(c.size),
            c.ty,
            c.dimension,
            c.elements
        ));
    }
    if st.data.defaults.size > 0 {
        out.push_str(&format!(
            "        defaults {} bytes\n",
            st.data.defaults.size
        ));
    }
    for t in &st.data.textures {
        out.push_str(&format!(
            "        texture t{} {} ({}{}{})\n",
            t.register,
            t.name,
            dxlower_carbon_effect::texture_type::name(t.ty),
            if t.srgb { ", sRGB" } else { "" },
            if t.autoregister { ", autoregister" } else { "" }
        ));
    }
    for s in &st.data.samplers {
        out.push_str(&format!(
            "        sampler s{} {} (filter {}/{}/{}, address {}/{}/{}, anisotropy {}{})\n",
            s.register,
            s.name.as_deref().unwrap_or("-"),
            s.state.min_filter,
            s.state.mag_filter,
            s.state.mip_filter,
            s.state.address_u,
            s.state.address_v,
            s.state.address_w,
            s.state.max_anisotropy,
            if s.is_dynamic { ", dynamic" } else { "" }
        ));
    }
    for s in &st.data.static_samplers {
        out.push_str(&format!(
            "        static sampler s{} space {}\n",
            s.register, s.space
        ));
    }
    for u in &st.data.uavs {
        out.push_str(&format!("        uav u{} {}\n", u.register, u.name));
    }
}

/// `inspect` of an effect file: the report as text.
pub fn render(file: &str, effect: &Effect<'_>) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "{file}: Carbon effect version {}, arena {} bytes, {} permutations, {} rows, {} bodies\n",
        effect.version,
        effect.arena.bytes.len(),
        effect.permutation_count(),
        effect.rows.len(),
        effect.bodies.len()
    ));
    if let Some(v) = effect.compiler_version {
        out.push_str(&format!(
            "compiler {}.{}.{}.{}, source hash {}\n",
            v[0],
            v[1],
            v[2],
            v[3],
            effect.source_hash.as_deref().unwrap_or("")
        ));
    }
    out.push_str("axes:\n");
    for (i, a) in effect.axes.iter().enumerate() {
        out.push_str(&format!("  {i} {} (type {}):", a.name, a.ty));
        for (k, o) in a.options.iter().enumerate() {
            let d = if k == a.default_option as usize {
                "*"
            } else {
                ""
            };
            out.push_str(&format!(" {o}{d}"));
        }
        out.push('\n');
    }
    out.push_str("rows:\n");
    for (i, r) in effect.rows.iter().enumerate() {
        let b = effect.row_body[i];
        let first = effect.bodies[b].rows[0];
        let alias = if first != i {
            format!(" (alias of row {first})")
        } else {
            String::new()
        };
        let opts: Vec<String> = effect
            .axes
            .iter()
            .zip(effect.options_of(i))
            .map(|(a, v)| a.options.get(v).cloned().unwrap_or_default())
            .collect();
        out.push_str(&format!(
            "  {i}: body {b} at {} ({} bytes){alias} [{}]\n",
            r.offset,
            r.size,
            opts.join(" ")
        ));
    }
    for (b, entry) in effect.bodies.iter().enumerate() {
        out.push_str(&format!(
            "body {b} at {} ({} bytes), rows {:?}\n",
            entry.offset, entry.size, entry.rows
        ));
        for t in &entry.body.techniques {
            out.push_str(&format!("  technique {}\n", t.name));
            for (p, pass) in t.passes.iter().enumerate() {
                let states: Vec<String> = pass
                    .states
                    .iter()
                    .map(|s| format!("{}={:#x}", s.state, s.value))
                    .collect();
                out.push_str(&format!("    pass {p} states [{}]\n", states.join(", ")));
                for st in &pass.stages {
                    stage_text(&mut out, effect, st);
                }
            }
        }
        if !entry.body.parameters.is_empty() {
            let names: Vec<&str> = entry
                .body
                .parameters
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            out.push_str(&format!("  parameters: {}\n", names.join(", ")));
        }
    }
    out.push_str("programs:\n");
    for p in effect.programs() {
        let bytes = effect.bytes(&p.blob);
        let model = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked())
            .map(|s| {
                let (a, b) = s.model();
                format!("{}_{a}_{b}", s.stage().prefix())
            })
            .unwrap_or_else(|_| "not DXBC".into());
        out.push_str(&format!(
            "  dxbc_{} {} {model} {} bytes, {} uses\n",
            p.sha1,
            p.stage.name(),
            p.blob.size,
            p.uses.len()
        ));
    }
    out
}
