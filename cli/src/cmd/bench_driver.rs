//! `dxlower bench --driver`: what a GLES driver spends on the GLSL dxlower
//! writes, per shader, under one profile, optionally against a second
//! profile and against an independent translator (`--peer`: vkd3d-shader
//! + SPIRV-Cross, [`super::bench_peer`]) measured in the same run.
//!
//! Method:
//! - every vertex and pixel shader under the directory is translated on
//!   its own and linked with a generated partner stage
//!   ([`partner_vs`], [`partner_fs`]) made from its typed stage record: a
//!   fragment shader that reads every varying the vertex shader writes, or
//!   a vertex shader that writes every varying the pixel shader reads from
//!   a vertex attribute — never a constant, which the linker would fold
//!   into the measured stage and delete its work with (the peer's partner
//!   is generated alike, from its declarations);
//! - the driver is Mesa's GLES 3.0 (llvmpipe) through EGL surfaceless, its
//!   shader cache off, `LP_NUM_THREADS=0` (code generation and drawing on
//!   the calling thread); the measured stage's `glCompileShader`, the
//!   program's `glLinkProgram` and its first draw (llvmpipe generates the
//!   machine code of both stages there, [`dxlower_gles::Runner::time_program`])
//!   are timed in CPU time of the calling thread; the partner stage is
//!   compiled but not timed; every object is deleted afterwards and each
//!   repetition carries a comment of its own, so no repetition reuses
//!   another's work;
//! - a shader's figure is its fastest of `--reps` repetitions (noise only
//!   adds time); a repetition runs every shader once, the subjects one
//!   after the other per shader, so a load change on the machine touches
//!   the subjects alike and a burst of it spoils at most one repetition of
//!   a shader;
//! - after the timed pass, a second context with `MESA_GLSL=dump` links
//!   every program once more and counts the instructions of the measured
//!   stage in Mesa's NIR after linking
//!   ([`dxlower_gles::nir_instruction_count`]);
//! - `--compare` and `--peer` print per-shader ratios (this profile over
//!   the other) for the shaders both translate: median, p10, p90 and the
//!   largest, and the ten worst by total time.

use super::bench::Blob;
use dxlower_core::{Direction, Profile, Ty};
use dxlower_dxbc::ProgramType;
use dxlower_gles::{OutputKind, Runner, StageKind};
use std::process::ExitCode;

/// One shader translated for the driver: the measured stage, its partner
/// and the fragment shader's outputs (for the first draw's target).
pub(crate) struct Texts {
    pub(crate) kind: StageKind,
    pub(crate) stage: String,
    pub(crate) partner: String,
    pub(crate) outputs: Vec<(u32, OutputKind)>,
}

/// What is measured: a dxlower profile or the peer translator.
#[derive(Clone, Copy)]
pub(crate) enum Subject<'a> {
    Profile(&'a Profile),
    Peer,
}

impl Subject<'_> {
    /// The profile's name, or the peer's.
    pub(crate) fn name(&self) -> &str {
        match self {
            Subject::Profile(p) => &p.name,
            Subject::Peer => "vkd3d+spirv-cross",
        }
    }
}

/// One shader's figures under one subject.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
struct Cost {
    bytes: usize,
    compile_ns: u64,
    link_ns: u64,
    draw_ns: u64,
    /// Instructions of the measured stage in Mesa's NIR after linking.
    nir: Option<usize>,
}

impl Cost {
    fn total(&self) -> u64 {
        self.compile_ns + self.link_ns + self.draw_ns
    }
}

/// A varying of a generated partner stage: the measured stage's
/// declaration with the direction turned round.
pub(crate) struct Varying {
    /// Interpolation qualifiers (`flat`, `centroid`, …), space-separated.
    pub(crate) interp: String,
    /// The GLSL type (`vec2`, `uvec4`, `float`).
    pub(crate) ty: String,
    /// The name.
    pub(crate) name: String,
    /// The array length, for an array.
    pub(crate) array: Option<u32>,
}

impl Varying {
    /// The names to assign or read: `v`, or `v[0]`, `v[1]`, ….
    fn elements(&self) -> Vec<String> {
        match self.array {
            None => vec![self.name.clone()],
            Some(n) => (0..n).map(|i| format!("{}[{i}]", self.name)).collect(),
        }
    }

    fn declaration(&self, storage: &str) -> String {
        let array = self.array.map(|n| format!("[{n}]")).unwrap_or_default();
        let interp = if self.interp.is_empty() {
            String::new()
        } else {
            format!("{} ", self.interp)
        };
        format!(
            "{interp}{storage} highp {} {}{array};\n",
            self.ty, self.name
        )
    }

    fn components(&self) -> usize {
        self.ty
            .strip_prefix(|c| c == 'i' || c == 'u' || c == 'b')
            .unwrap_or(&self.ty)
            .strip_prefix("vec")
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
    }
}

fn extensions(varyings: &[Varying]) -> &'static str {
    if varyings.iter().any(|v| v.interp.contains("noperspective")) {
        "#extension GL_NV_shader_noperspective_interpolation : require\n"
    } else {
        ""
    }
}

/// The partner of a measured fragment shader: a vertex shader that writes
/// every varying the fragment shader reads from a vertex attribute, so
/// that the linker can fold none of them to a constant (a constant
/// varying would let the driver delete the fragment shader's work).
pub(crate) fn partner_vs(version: &str, varyings: &[Varying]) -> String {
    let mut decls = String::new();
    let mut body = String::new();
    for v in varyings {
        decls.push_str(&v.declaration("out"));
        let lanes = &"xyzw"[..v.components().min(4)];
        for e in v.elements() {
            body.push_str(&format!("    {e} = {}(dx_attribute.{lanes});\n", v.ty));
        }
    }
    format!(
        "#version {version}\n{}in highp vec4 dx_position;\nin highp vec4 dx_attribute;\n{decls}void main()\n{{\n    gl_Position = dx_position;\n{body}}}\n",
        extensions(varyings)
    )
}

/// The partner of a measured vertex shader: a fragment shader that reads
/// every varying the vertex shader writes, so that the linker deletes
/// none of the vertex shader's work.
pub(crate) fn partner_fs(version: &str, varyings: &[Varying]) -> String {
    let mut decls = String::new();
    let mut body = String::new();
    for v in varyings {
        decls.push_str(&v.declaration("in"));
        let n = v.components().min(4);
        for e in v.elements() {
            let value = match n {
                4 => format!("vec4({e})"),
                1 => format!("vec4(float({e}), 0.0, 0.0, 0.0)"),
                n => format!("vec4(vec{n}({e}){})", ", 0.0".repeat(4 - n)),
            };
            body.push_str(&format!("    dx_sum += {value};\n"));
        }
    }
    format!(
        "#version {version}\n{}precision highp float;\n{decls}out highp vec4 dx_sum;\nvoid main()\n{{\n    dx_sum = vec4(0.0);\n{body}}}\n",
        extensions(varyings)
    )
}

/// The varyings of `vars` (one direction of a stage record), builtins
/// left out.
fn record_varyings(vars: &[dxlower_core::InterfaceVar], direction: Direction) -> Vec<Varying> {
    vars.iter()
        .filter(|v| v.direction == direction && !v.builtin)
        .map(|v| {
            let i = v.interpolation;
            let interp: Vec<&str> = [
                (i.flat, "flat"),
                (i.noperspective, "noperspective"),
                (i.centroid, "centroid"),
            ]
            .iter()
            .filter_map(|(on, q)| on.then_some(*q))
            .collect();
            let ty = match (v.ty, v.components) {
                (t, 1) => t.name().to_string(),
                (Ty::Float, n) => format!("vec{n}"),
                (Ty::Int, n) => format!("ivec{n}"),
                (Ty::Uint, n) => format!("uvec{n}"),
            };
            Varying {
                interp: interp.join(" "),
                ty,
                name: v.name.clone(),
                array: None,
            }
        })
        .collect()
}

fn output_kind(ty: Ty) -> OutputKind {
    match ty {
        Ty::Float => OutputKind::Float,
        Ty::Int => OutputKind::Int,
        Ty::Uint => OutputKind::Uint,
    }
}

/// Translates one shader for the driver under `profile`, with a
/// generated partner stage; `None` when the profile refuses it (or it is
/// not a VS or PS).
fn texts(bytes: &[u8], profile: &Profile) -> Option<Texts> {
    let shader = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked()).ok()?;
    let kind = match shader.stage() {
        ProgramType::Vertex => StageKind::Vertex,
        ProgramType::Pixel => StageKind::Fragment,
        _ => return None,
    };
    let out = dxlower_core::translate_shader(&shader, profile).ok()?;
    let version = &profile.glsl_version;
    Some(match kind {
        StageKind::Vertex => Texts {
            kind,
            partner: partner_fs(
                version,
                &record_varyings(&out.record.outputs, Direction::Out),
            ),
            stage: out.glsl,
            outputs: vec![(0, OutputKind::Float)],
        },
        StageKind::Fragment => Texts {
            kind,
            partner: partner_vs(version, &record_varyings(&out.record.inputs, Direction::In)),
            outputs: out
                .record
                .outputs
                .iter()
                .filter(|v| v.direction == Direction::Out && !v.builtin)
                .filter_map(|v| Some((v.location?, output_kind(v.ty))))
                .collect(),
            stage: out.glsl,
        },
    })
}

/// Every shader of `blobs` translated for every subject, with its
/// partner stage (`all[s][i]`: shader `i` under subject `s`; `None` when
/// refused or not a VS or PS), and how many the peer refused.
pub(crate) fn translate_all(
    blobs: &[Blob],
    subjects: &[Subject<'_>],
) -> (Vec<Vec<Option<Texts>>>, usize) {
    let bar = progress(blobs.len() * subjects.len(), "translations");
    let mut peer_refused = 0usize;
    let all = subjects
        .iter()
        .map(|subject| {
            blobs
                .iter()
                .map(|b| {
                    bar.inc(1);
                    match subject {
                        Subject::Profile(p) => texts(&b.bytes, p),
                        Subject::Peer => {
                            let kind = stage_kind(&b.bytes)?;
                            match super::bench_peer::texts(&b.bytes, kind) {
                                Ok(t) => Some(t),
                                Err(_) => {
                                    peer_refused += 1;
                                    None
                                }
                            }
                        }
                    }
                })
                .collect()
        })
        .collect();
    bar.finish_and_clear();
    (all, peer_refused)
}

/// The stage of a DXBC container, if it is a VS or PS.
fn stage_kind(bytes: &[u8]) -> Option<StageKind> {
    let shader = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked()).ok()?;
    match shader.stage() {
        ProgramType::Vertex => Some(StageKind::Vertex),
        ProgramType::Pixel => Some(StageKind::Fragment),
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

/// One compile+link+first-draw run of `t`, tagged with `rep`; `Err` with
/// the driver's log when the driver rejects the program.
fn measure(runner: &mut Runner, t: &Texts, rep: usize) -> Result<Cost, String> {
    let c = runner
        .time_program(t.kind, &tagged(&t.stage, rep), &t.partner, &t.outputs)
        .map_err(|e| e.to_string())?;
    Ok(Cost {
        bytes: t.stage.len(),
        compile_ns: c.compile_ns,
        link_ns: c.link_ns,
        draw_ns: c.draw_ns,
        nir: None,
    })
}

/// The value at fraction `q` (0..=1) of sorted `v`.
pub(crate) fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() - 1) as f64 * q).round() as usize;
    v[i.min(v.len() - 1)]
}

/// A progress bar of `len` steps of `what`.
pub(crate) fn progress(len: usize, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} {{wide_msg}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Sets `key` for the driver unless the caller exported a value.
fn default_env(key: &str, value: &str) {
    if std::env::var_os(key).is_none() {
        std::env::set_var(key, value);
    }
}

/// Runs `dxlower bench --driver` over `blobs` (vertex and pixel shaders).
pub fn run(
    blobs: &[Blob],
    profile: &Profile,
    compare: Option<&Profile>,
    peer: bool,
    reps: usize,
    json: Option<&std::path::Path>,
) -> ExitCode {
    if peer {
        if let Err(e) = super::bench_peer::available() {
            eprintln!("dxlower: --peer: {e}");
            return ExitCode::FAILURE;
        }
    }
    // Code generation on this thread; Mesa's log output for the NIR pass
    // (read once per process, so it is set before the first context).
    default_env("LP_NUM_THREADS", "0");
    default_env("MESA_DEBUG", "1");
    let subjects: Vec<Subject> = std::iter::once(Subject::Profile(profile))
        .chain(compare.map(Subject::Profile))
        .chain(peer.then_some(Subject::Peer))
        .collect();

    // Translation first (the peer runs two processes per shader).
    let (all, mut peer_refused) = translate_all(blobs, &subjects);
    let mut failures: Vec<String> = Vec::new();

    // Timed pass.
    let mut runner = match Runner::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: no GLES 3.0 context: {e}");
            return ExitCode::FAILURE;
        }
    };
    let info = runner.info().to_string();
    let reps = reps.max(1);
    let bar = progress(blobs.len() * reps, "runs timed");
    let mut costs: Vec<Vec<Option<Cost>>> = vec![vec![None; blobs.len()]; subjects.len()];
    // A program the driver rejected is not run again.
    let mut rejected = vec![vec![false; blobs.len()]; subjects.len()];
    for rep in 0..reps {
        for (i, b) in blobs.iter().enumerate() {
            for (s, subject) in subjects.iter().enumerate() {
                let Some(t) = &all[s][i] else { continue };
                if rejected[s][i] {
                    continue;
                }
                match measure(&mut runner, t, rep) {
                    Ok(c) => {
                        let best = &mut costs[s][i];
                        if best.is_none_or(|b| c.total() < b.total()) {
                            *best = Some(c);
                        }
                    }
                    Err(log) => {
                        rejected[s][i] = true;
                        costs[s][i] = None;
                        match subject {
                            // The peer's output is not ours to fix: a
                            // program the driver rejects leaves the
                            // comparison, counted.
                            Subject::Peer => peer_refused += 1,
                            Subject::Profile(p) => {
                                failures.push(format!("{} ({}): {log}", b.rel, p.name))
                            }
                        }
                    }
                }
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    drop(runner);

    // NIR pass: a context that dumps Mesa's IR.
    std::env::set_var("MESA_GLSL", "dump");
    let mut runner = match Runner::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: no GLES 3.0 context for the NIR pass: {e}");
            return ExitCode::FAILURE;
        }
    };
    std::env::remove_var("MESA_GLSL");
    let bar = progress(blobs.len(), "shaders counted");
    for i in 0..blobs.len() {
        for s in 0..subjects.len() {
            let (Some(t), Some(c)) = (&all[s][i], costs[s][i].as_mut()) else {
                continue;
            };
            if let Ok(log) = runner.link_log(t.kind, &t.stage, &t.partner) {
                c.nir = dxlower_gles::nir_instruction_count(&log, t.kind);
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    drop(runner);

    for f in &failures {
        eprintln!("dxlower: driver rejected {f}");
    }
    report(blobs, &subjects, &costs, &info, peer_refused);
    if let Some(path) = json {
        let per_shader: Vec<serde_json::Value> = blobs
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut o = serde_json::Map::new();
                o.insert("file".into(), b.rel.clone().into());
                for (s, subject) in subjects.iter().enumerate() {
                    o.insert(
                        subject.name().to_string(),
                        serde_json::to_value(costs[s][i]).unwrap_or_default(),
                    );
                }
                serde_json::Value::Object(o)
            })
            .collect();
        let report = serde_json::json!({
            "driver": info,
            "reps": reps,
            "subjects": subjects.iter().map(|s| s.name().to_string()).collect::<Vec<_>>(),
            "rejected": failures,
            "peer_refused": peer_refused,
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

fn ms(ns: u64) -> f64 {
    ns as f64 / 1e6
}

/// Prints the totals per subject and the ratios of the first subject
/// against each other one.
fn report(
    blobs: &[Blob],
    subjects: &[Subject],
    costs: &[Vec<Option<Cost>>],
    info: &str,
    peer_refused: usize,
) {
    outln!("driver: {info}");
    let w = subjects
        .iter()
        .map(|s| s.name().len())
        .max()
        .unwrap_or(0)
        .max(7);
    outln!(
        "{:<w$} {:>7} {:>10} {:>10} {:>8} {:>8} {:>9} {:>10} {:>9} {:>9}",
        "subject",
        "shaders",
        "GLSL bytes",
        "compile ms",
        "link ms",
        "draw ms",
        "total ms",
        "median µs",
        "NIR PS",
        "NIR VS"
    );
    for (s, subject) in subjects.iter().enumerate() {
        let done: Vec<(usize, Cost)> = costs[s]
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (i, c)))
            .collect();
        let mut totals: Vec<f64> = done.iter().map(|(_, c)| c.total() as f64 / 1e3).collect();
        totals.sort_by(f64::total_cmp);
        let nir = |kind: StageKind| -> usize {
            done.iter()
                .filter(|(i, _)| stage_kind(&blobs[*i].bytes) == Some(kind))
                .filter_map(|(_, c)| c.nir)
                .sum()
        };
        outln!(
            "{:<w$} {:>7} {:>10} {:>10.1} {:>8.1} {:>8.1} {:>9.1} {:>10.0} {:>9} {:>9}",
            subject.name(),
            done.len(),
            done.iter().map(|(_, c)| c.bytes).sum::<usize>(),
            ms(done.iter().map(|(_, c)| c.compile_ns).sum()),
            ms(done.iter().map(|(_, c)| c.link_ns).sum()),
            ms(done.iter().map(|(_, c)| c.draw_ns).sum()),
            ms(done.iter().map(|(_, c)| c.total()).sum()),
            quantile(&totals, 0.5),
            nir(StageKind::Fragment),
            nir(StageKind::Vertex)
        );
    }
    if subjects.iter().any(|s| matches!(s, Subject::Peer)) {
        outln!("peer: {peer_refused} shaders left out (vkd3d-compiler or spirv-cross refused, or the driver rejected the program)");
    }
    let Some((first, rest)) = subjects.split_first() else {
        return;
    };
    for (k, other) in rest.iter().enumerate() {
        let theirs = &costs[k + 1];
        let pairs: Vec<(usize, Cost, Cost)> = costs[0]
            .iter()
            .zip(theirs)
            .enumerate()
            .filter_map(|(i, (a, c))| Some((i, (*a)?, (*c)?)))
            .filter(|(_, _, c)| c.total() > 0 && c.bytes > 0)
            .collect();
        outln!(
            "per shader, {} / {} ({} shaders both translate):",
            first.name(),
            other.name(),
            pairs.len()
        );
        let ratio = |f: &dyn Fn(&Cost) -> Option<f64>, only: Option<StageKind>| -> Vec<f64> {
            let mut v: Vec<f64> = pairs
                .iter()
                .filter(|(i, _, _)| only.is_none() || stage_kind(&blobs[*i].bytes) == only)
                .filter_map(|(_, a, c)| {
                    let (x, y) = (f(a)?, f(c)?);
                    (y > 0.0).then_some(x / y)
                })
                .collect();
            v.sort_by(f64::total_cmp);
            v
        };
        let rows: [(&str, Vec<f64>); 6] = [
            (
                "compile+link",
                ratio(&|c| Some((c.compile_ns + c.link_ns) as f64), None),
            ),
            ("first draw", ratio(&|c| Some(c.draw_ns as f64), None)),
            ("total", ratio(&|c| Some(c.total() as f64), None)),
            (
                "NIR, PS",
                ratio(&|c| c.nir.map(|n| n as f64), Some(StageKind::Fragment)),
            ),
            (
                "NIR, VS",
                ratio(&|c| c.nir.map(|n| n as f64), Some(StageKind::Vertex)),
            ),
            ("GLSL bytes", ratio(&|c| Some(c.bytes as f64), None)),
        ];
        for (what, v) in &rows {
            outln!(
                "  {what:<13} median {:.3}  p10 {:.3}  p90 {:.3}  max {:.3}  (>1.3: {})",
                quantile(v, 0.5),
                quantile(v, 0.1),
                quantile(v, 0.9),
                v.last().copied().unwrap_or(f64::NAN),
                v.iter().filter(|r| **r > 1.3).count()
            );
        }
        let mut worst: Vec<&(usize, Cost, Cost)> = pairs.iter().collect();
        worst.sort_by(|a, b| {
            let ra = a.1.total() as f64 / a.2.total() as f64;
            let rb = b.1.total() as f64 / b.2.total() as f64;
            rb.total_cmp(&ra)
        });
        for (i, a, c) in worst.iter().take(10) {
            outln!(
                "  {:>6.3}x total  {:>6.3}x bytes  {:>7.2} ms  {}",
                a.total() as f64 / c.total() as f64,
                a.bytes as f64 / c.bytes as f64,
                ms(a.total()),
                blobs[*i].rel
            );
        }
    }
}
