//! `dxlower bench --driver --browser`: what WebGL2 in headless Chromium
//! (ANGLE) spends on the GLSL dxlower writes, per shader, under one profile
//! and optionally a second one measured in the same run.
//!
//! Method:
//! - every vertex and pixel shader is translated as `bench --driver` does,
//!   with the same generated partner stage made from its typed stage
//!   record (`super::bench_driver::translate_all`), for each subject: the
//!   profile, `--compare`'s profile and, with `--peer`, vkd3d-compiler +
//!   spirv-cross;
//! - the programs go to Chromium in pages of [`PER_PAGE`] (one browser
//!   start each, and a trivial program first whose figures are dropped, so
//!   that no shader pays for starting ANGLE's translator or SwiftShader's
//!   JIT), as timing jobs of the harness (`dxlower_webgl::Timed`):
//!   the measured stage's `compileShader` with its status query,
//!   `linkProgram` with its status query, and the first draw (uniform
//!   blocks bound to zero-filled buffers, a 4×4 target with an attachment
//!   of the right type at every fragment output's location, one triangle,
//!   a 1-pixel read-back), each in wall time in the page
//!   (`performance.now()`, which Chromium gives in steps of 0.1 ms to a
//!   page that is not cross-origin isolated); every repetition has objects
//!   of its own and a `// rep` comment of its own, and Chromium runs
//!   without its program cache;
//! - a page has 60 s plus 2 s per timed repetition of each program; a page
//!   that runs past that is run again one program a page, and a program
//!   that runs past the limit alone (a loop that does not end on the
//!   bench's inputs: zero uniforms, no textures) is listed as unfinished
//!   and left out;
//! - each figure is the fastest of `--reps` repetitions on its own; the
//!   subjects alternate shader by shader in the same pages, so a load
//!   change on the machine touches them alike;
//! - `--compare` and `--peer` print per-shader ratios (the profile over
//!   the other subject) for the shaders both translate: median, p10, p90
//!   and the largest, and the ten largest by total.
//!
//! The ANGLE back end is whatever Chromium picks under the harness's flags
//! (`--use-angle=swiftshader`: Vulkan on SwiftShader, the CPU); the report
//! names the renderer it got.

use super::bench::Blob;
use super::bench_driver::{progress, quantile, translate_all, Subject, Texts};
use dxlower_core::Profile;
use dxlower_gles::{OutputKind, StageKind};
use dxlower_webgl::{Batch, Browser, OutputType, Stage, Timing};
use std::process::ExitCode;

/// Programs per page load: enough that Chromium's start (about 1.5 s) is
/// a small part of a page, few enough that the progress bar moves.
const PER_PAGE: usize = 100;

/// The warm-up program of every page: its vertex shader…
const WARM_UP_VS: &str = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
/// …and its fragment shader.
const WARM_UP_FS: &str =
    "#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";

/// Adds the timing job of `t` to `batch`.
fn time(batch: &mut Batch, t: &Texts, reps: u32) {
    let outputs: Vec<(u32, OutputType)> = t
        .outputs
        .iter()
        .map(|&(l, k)| {
            let ty = match k {
                OutputKind::Float => OutputType::Float,
                OutputKind::Int => OutputType::Int,
                OutputKind::Uint => OutputType::Uint,
            };
            (l, ty)
        })
        .collect();
    match t.kind {
        StageKind::Vertex => batch.time(Stage::Vertex, &t.stage, &t.partner, reps, &outputs),
        StageKind::Fragment => batch.time(Stage::Fragment, &t.partner, &t.stage, reps, &outputs),
    };
}

/// One shader's figures under one profile.
#[derive(Clone, Debug, serde::Serialize)]
struct Cost {
    bytes: usize,
    compile_ms: f64,
    link_ms: f64,
    draw_ms: f64,
}

impl Cost {
    fn compile_link(&self) -> f64 {
        self.compile_ms + self.link_ms
    }

    fn total(&self) -> f64 {
        self.compile_ms + self.link_ms + self.draw_ms
    }
}

/// The median of unsorted `v`.
fn median(v: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = v.collect();
    v.sort_by(f64::total_cmp);
    quantile(&v, 0.5)
}

/// Runs `dxlower bench --driver --browser` over `blobs` (vertex and pixel
/// shaders).
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
    let browser = match Browser::locate() {
        // 60 s per page and 2 s per timed repetition of each program (the
        // slowest corpus program takes about 1.5 s, the average 0.2 s).
        Ok(b) => b.with_timeout(
            std::time::Duration::from_secs(60),
            std::time::Duration::from_millis(80),
        ),
        Err(e) => {
            eprintln!("dxlower: {e}");
            return ExitCode::FAILURE;
        }
    };
    let subjects: Vec<Subject> = std::iter::once(Subject::Profile(profile))
        .chain(compare.map(Subject::Profile))
        .chain(peer.then_some(Subject::Peer))
        .collect();
    let reps_u32 = u32::try_from(reps.max(1)).unwrap_or(u32::MAX);

    // Every (shader, subject) that translates, shader by shader.
    let (mut all, peer_refused) = translate_all(blobs, &subjects);
    let mut jobs: Vec<(usize, usize, Texts)> = Vec::new();
    for i in 0..blobs.len() {
        for (s, texts) in all.iter_mut().enumerate() {
            if let Some(t) = texts[i].take() {
                jobs.push((i, s, t));
            }
        }
    }

    let bar = progress(jobs.len(), "programs in Chromium");
    let started = std::time::Instant::now();
    // costs[s][i]: shader i under subject s.
    let mut costs: Vec<Vec<Option<Cost>>> = vec![vec![None; blobs.len()]; subjects.len()];
    let mut peer_rejected = 0usize;
    let mut failures = Vec::new();
    let mut info = None;
    let mut page_loads = 0;
    // Programs whose page ran past its time limit even alone: a draw that
    // does not end on the bench's inputs (zero uniforms, no textures).
    let mut unfinished: Vec<String> = Vec::new();
    // Pages to run (indices into `jobs`); a page that runs past its time
    // limit is run again one program a page, so that only a program that
    // does not finish is lost, not the page.
    let mut pages: std::collections::VecDeque<Vec<usize>> = (0..jobs.len())
        .collect::<Vec<_>>()
        .chunks(PER_PAGE)
        .map(<[usize]>::to_vec)
        .collect();
    while let Some(page) = pages.pop_front() {
        let chunk: Vec<&(usize, usize, Texts)> = page.iter().map(|&j| &jobs[j]).collect();
        let mut batch = Batch::default();
        // A trivial program first, whose figures are dropped: the first
        // compile, link and draw of a page also start ANGLE's translator
        // and SwiftShader's JIT.
        batch.time(
            Stage::Fragment,
            WARM_UP_VS,
            WARM_UP_FS,
            1,
            &[(0, OutputType::Float)],
        );
        for (_, _, t) in &chunk {
            time(&mut batch, t, reps_u32);
        }
        let report = match browser.run(&batch) {
            Ok(r) => r,
            Err(dxlower_webgl::Error::Timeout { seconds, .. }) if page.len() > 1 => {
                bar.println(format!(
                    "dxlower: a page of {} programs ran past its time limit ({seconds} s); \
                     running them one a page",
                    page.len()
                ));
                for &j in page.iter().rev() {
                    pages.push_front(vec![j]);
                }
                continue;
            }
            Err(dxlower_webgl::Error::Timeout { seconds, .. }) => {
                for (i, p, _) in &chunk {
                    unfinished.push(format!(
                        "{} ({}): alone in its page, it ran past the time limit ({seconds} s)",
                        blobs[*i].rel,
                        subjects[*p].name()
                    ));
                }
                bar.inc(chunk.len() as u64);
                continue;
            }
            Err(e) => {
                // A page that fails otherwise loses its programs, not the
                // run.
                let e = e.to_string();
                let first = e.lines().next().unwrap_or("");
                for (i, p, _) in &chunk {
                    failures.push(format!(
                        "{} ({}): its page failed: {first}",
                        blobs[*i].rel,
                        subjects[*p].name()
                    ));
                }
                bar.println(format!(
                    "dxlower: a page of {} programs failed: {e}",
                    chunk.len()
                ));
                bar.inc(chunk.len() as u64);
                continue;
            }
        };
        page_loads += report.page_loads;
        info.get_or_insert(report.info);
        for ((i, p, t), timing) in chunk.iter().zip(report.times.into_iter().skip(1)) {
            let Timing {
                program,
                error,
                compile_ms,
                link_ms,
                draw_ms,
                ..
            } = timing;
            match error {
                // The peer's output is not ours to fix: a program the
                // browser rejects leaves the comparison, counted.
                Some(_) if matches!(subjects[*p], Subject::Peer) => peer_rejected += 1,
                Some(e) => {
                    let log = program.failure();
                    let first = log.lines().find(|l| l.contains("ERROR")).unwrap_or("");
                    failures.push(format!(
                        "{} ({}): {e}{}{first}",
                        blobs[*i].rel,
                        subjects[*p].name(),
                        if first.is_empty() { "" } else { ": " }
                    ));
                }
                None => {
                    costs[*p][*i] = Some(Cost {
                        bytes: t.stage.len(),
                        compile_ms,
                        link_ms,
                        draw_ms,
                    });
                }
            }
        }
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    for f in &failures {
        eprintln!("dxlower: the browser rejected {f}");
    }
    for f in &unfinished {
        eprintln!("dxlower: did not finish: {f}");
    }
    let info = info.unwrap_or_default();
    outln!("browser: {} ({})", info.renderer, info.version);
    outln!(
        "{} programs, {reps} repetitions each, in {page_loads} page loads, {:.1} s",
        jobs.len(),
        elapsed.as_secs_f64()
    );
    outln!(
        "method: wall time in the page (performance.now(), 0.1 ms steps), fastest repetition per figure"
    );
    if peer {
        outln!(
            "vkd3d+spirv-cross: {peer_refused} shaders not translated, {peer_rejected} rejected by the browser (left out)"
        );
    }
    if !unfinished.is_empty() {
        outln!(
            "{} programs did not finish alone in a page (a draw that does not end on the bench's inputs; left out, listed on standard error)",
            unfinished.len()
        );
    }
    let w = subjects
        .iter()
        .map(|s| s.name().len())
        .max()
        .unwrap_or(0)
        .max(7);
    outln!(
        "{:<w$} {:>8} {:>12} {:>11} {:>9} {:>9} {:>10}",
        "subject",
        "shaders",
        "GLSL bytes",
        "compile ms",
        "link ms",
        "draw ms",
        "total ms"
    );
    let done: Vec<Vec<&Cost>> = costs.iter().map(|c| c.iter().flatten().collect()).collect();
    for (subject, done) in subjects.iter().zip(&done) {
        let sum = |f: fn(&Cost) -> f64| done.iter().map(|c| f(c)).sum::<f64>();
        outln!(
            "{:<w$} {:>8} {:>12} {:>11.1} {:>9.1} {:>9.1} {:>10.1}",
            subject.name(),
            done.len(),
            done.iter().map(|c| c.bytes).sum::<usize>(),
            sum(|c| c.compile_ms),
            sum(|c| c.link_ms),
            sum(|c| c.draw_ms),
            sum(Cost::total)
        );
    }
    outln!("median per shader:");
    outln!(
        "{:<w$} {:>11} {:>9} {:>9} {:>10}",
        "subject",
        "compile ms",
        "link ms",
        "draw ms",
        "total ms"
    );
    for (subject, done) in subjects.iter().zip(&done) {
        let med = |f: fn(&Cost) -> f64| median(done.iter().map(|c| f(c)));
        outln!(
            "{:<w$} {:>11.2} {:>9.2} {:>9.2} {:>10.2}",
            subject.name(),
            med(|c| c.compile_ms),
            med(|c| c.link_ms),
            med(|c| c.draw_ms),
            med(Cost::total)
        );
    }
    let (ours, others) = costs.split_first().expect("one subject at least");
    for (other, theirs) in subjects[1..].iter().zip(others) {
        // (file, compile+link, draw, total, bytes) ratios of the shaders
        // both subjects translate and the browser accepts under both.
        let mut ratios: Vec<(&str, f64, f64, f64, f64)> = Vec::new();
        let (mut sum_a, mut sum_c) = (0.0, 0.0);
        for ((b, a), c) in blobs.iter().zip(ours).zip(theirs) {
            if let (Some(a), Some(c)) = (a, c) {
                sum_a += a.total();
                sum_c += c.total();
                let r = |x: f64, y: f64| if y > 0.0 { x / y } else { f64::NAN };
                ratios.push((
                    b.rel.as_str(),
                    r(a.compile_link(), c.compile_link()),
                    r(a.draw_ms, c.draw_ms),
                    r(a.total(), c.total()),
                    r(a.bytes as f64, c.bytes as f64),
                ));
            }
        }
        outln!(
            "per shader, {} / {} ({} shaders both translate; total time {:.3}x):",
            profile.name,
            other.name(),
            ratios.len(),
            if sum_c > 0.0 { sum_a / sum_c } else { f64::NAN }
        );
        let column = |f: fn(&(&str, f64, f64, f64, f64)) -> f64| {
            let mut v: Vec<f64> = ratios.iter().map(f).filter(|x| x.is_finite()).collect();
            v.sort_by(f64::total_cmp);
            v
        };
        for (what, v) in [
            ("compile+link", column(|r| r.1)),
            ("first draw", column(|r| r.2)),
            ("total", column(|r| r.3)),
            ("GLSL bytes", column(|r| r.4)),
        ] {
            outln!(
                "  {what:<13} median {:.3}  p10 {:.3}  p90 {:.3}  max {:.3}",
                quantile(&v, 0.5),
                quantile(&v, 0.1),
                quantile(&v, 0.9),
                v.last().copied().unwrap_or(f64::NAN)
            );
        }
        let mut worst = ratios.clone();
        worst.sort_by(|a, b| b.3.total_cmp(&a.3));
        for (rel, cl, d, t, s) in worst.iter().filter(|r| r.3.is_finite()).take(10) {
            outln!(
                "  {t:>6.3}x total  {cl:>6.3}x compile+link  {d:>6.3}x draw  {s:>6.3}x bytes  {rel}"
            );
        }
    }
    if let Some(path) = json {
        let per_shader: Vec<serde_json::Value> = blobs
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut o = serde_json::Map::new();
                o.insert("file".into(), b.rel.clone().into());
                for (p, subject) in subjects.iter().enumerate() {
                    o.insert(
                        subject.name().to_string(),
                        serde_json::to_value(&costs[p][i]).unwrap_or_default(),
                    );
                }
                serde_json::Value::Object(o)
            })
            .collect();
        let report = serde_json::json!({
            "browser": info,
            "timer": "wall time in the page, performance.now() (0.1 ms steps), fastest repetition per figure",
            "reps": reps,
            "page_loads": page_loads,
            "elapsed_s": elapsed.as_secs_f64(),
            "subjects": subjects.iter().map(|s| s.name().to_string()).collect::<Vec<_>>(),
            "rejected": failures,
            "unfinished": unfinished,
            "peer_refused": peer_refused,
            "peer_rejected": peer_rejected,
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
