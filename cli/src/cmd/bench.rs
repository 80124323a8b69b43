//! `dxlower bench`: decode and translation throughput over a directory of
//! DXBC files.
//!
//! Method:
//! - every `.dxbc` under the directory is read into memory first (path
//!   order); a warm-up pass parses each file once and keeps the vertex and
//!   pixel shaders. Other stages are excluded from the figures (they are
//!   refused before any lowering work, since GLSL ES 3.00 has no such
//!   stage) and counted separately, as are files that do not decode;
//! - per-shader times therefore exclude process start and file reading;
//!   each shader is timed on its own with [`Instant`];
//! - `decode` is [`dxlower_dxbc::parse`] of the whole container (checksum
//!   included); `translate` is the full bytes → GLSL path as
//!   [`dxlower_core::translate_bytes`] runs it: `parse_with` without the
//!   checksum ([`ParseOptions::unchecked`]), then
//!   [`dxlower_core::translate_shader`] (a refusal counts like a
//!   translation: the work up to the refusal was done); `lower` is the
//!   `translate_shader` part of it alone;
//! - each pass runs single-threaded, then on a rayon pool of `--threads`
//!   threads (default: every core), `--iterations` times, interleaved;
//!   the parallel passes hand out the largest shaders first, as a build
//!   tool should, so the last shader to finish is a small one;
//!   every figure is the best of the iterations: a shader's time is its
//!   fastest run, a throughput is the fastest whole pass (the machine is
//!   shared, and noise only ever adds time);
//! - MB are 10^6 bytes of DXBC container; throughput is byte-weighted
//!   (total bytes over the wall time of a pass);
//! - peak RSS is `VmHWM` of `/proc/self/status` at the end, so it includes
//!   the files held in memory;
//! - `--json` also lists every shader's single-threaded best times
//!   (`per_shader`), in path order, to check that cost grows linearly with
//!   size.

use crate::cmd::load_profile;
use dxlower_core::Profile;
use dxlower_dxbc::{ParseOptions, ProgramType};
use rayon::prelude::*;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `dxlower bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Directory to search (recursively) for `.dxbc` files.
    pub dir: PathBuf,
    /// Threads of the parallel passes (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the figures as JSON here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Iterations of every pass (default: enough for about two seconds).
    #[arg(long)]
    pub iterations: Option<usize>,
    /// Target profile: a built-in name or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    /// Measure the driver instead: Mesa's compile, link and first-draw
    /// CPU time and post-link NIR instruction count of every translated
    /// shader (see `cmd::bench_driver`).
    #[arg(long)]
    pub driver: bool,
    /// With `--driver`: measure WebGL2 in headless Chromium (ANGLE)
    /// instead of Mesa: compile, link and first-draw wall time of every
    /// translated shader (see `cmd::bench_browser`).
    #[arg(long, requires = "driver")]
    pub browser: bool,
    /// With `--driver`: a second profile measured in the same run, and the
    /// per-shader ratios against it.
    #[arg(long, requires = "driver", value_name = "PROFILE")]
    pub compare: Option<String>,
    /// With `--driver`: measure an independent translator in the same run
    /// too (vkd3d-compiler + spirv-cross, Debian's packages), and print the
    /// per-shader ratios against it.
    #[arg(long, requires = "driver")]
    pub peer: bool,
    /// With `--driver`: repetitions per shader (the fastest counts).
    #[arg(long, requires = "driver", default_value_t = 3)]
    pub reps: usize,
}

/// One file held in memory.
pub(crate) struct Blob {
    pub(crate) rel: String,
    pub(crate) bytes: Vec<u8>,
}

/// Per-shader times of one pass, in nanoseconds, in file order.
struct Pass {
    wall: Duration,
    /// `(decode, lower)`; `lower` is 0 in a decode-only pass.
    times: Vec<(u64, u64)>,
}

fn ns(d: Duration) -> u64 {
    d.as_nanos().min(u64::MAX as u128) as u64
}

fn decode_one(b: &Blob) -> (u64, u64) {
    let t0 = Instant::now();
    let r = dxlower_dxbc::parse(black_box(&b.bytes));
    let t1 = Instant::now();
    drop(black_box(r));
    (ns(t1 - t0), 0)
}

fn translate_one(b: &Blob, profile: &Profile) -> (u64, u64) {
    let t0 = Instant::now();
    // As `translate_bytes` parses: without the container checksum.
    let shader = dxlower_dxbc::parse_with(black_box(&b.bytes), ParseOptions::unchecked());
    let t1 = Instant::now();
    let out = shader
        .as_ref()
        .map(|s| dxlower_core::translate_shader(s, profile));
    let t2 = Instant::now();
    drop(black_box(out));
    drop(shader);
    (ns(t1 - t0), ns(t2 - t1))
}

/// Runs `f` over every blob, on this thread or on `pool`. The parallel
/// pass hands out the largest shaders first (`by_size`: indices by
/// decreasing size), one per job, so no thread is left with a big one at
/// the end; times come back in file order either way.
fn run_pass<F>(blobs: &[Blob], by_size: &[usize], pool: Option<&rayon::ThreadPool>, f: F) -> Pass
where
    F: Fn(&Blob) -> (u64, u64) + Sync,
{
    let start = Instant::now();
    let times: Vec<(u64, u64)> = match pool {
        None => blobs.iter().map(&f).collect(),
        Some(pool) => {
            let done: Vec<(usize, (u64, u64))> = pool.install(|| {
                by_size
                    .par_iter()
                    // One shader per job: rayon's default chunks of
                    // neighbouring (similarly sized) shaders leave a thread
                    // idle at the end.
                    .with_max_len(1)
                    .map(|&i| (i, blobs.get(i).map_or((0, 0), &f)))
                    .collect()
            });
            let mut times = vec![(0, 0); blobs.len()];
            for (i, t) in done {
                if let Some(slot) = times.get_mut(i) {
                    *slot = t;
                }
            }
            times
        }
    };
    Pass {
        wall: start.elapsed(),
        times,
    }
}

/// The best of several passes: fastest wall time, fastest run per shader.
#[derive(Default)]
struct Best {
    wall: Option<Duration>,
    decode: Vec<u64>,
    lower: Vec<u64>,
    full: Vec<u64>,
}

impl Best {
    fn add(&mut self, p: &Pass) {
        self.wall = Some(self.wall.map_or(p.wall, |w| w.min(p.wall)));
        if self.decode.is_empty() {
            self.decode = vec![u64::MAX; p.times.len()];
            self.lower = vec![u64::MAX; p.times.len()];
            self.full = vec![u64::MAX; p.times.len()];
        }
        for (i, &(d, l)) in p.times.iter().enumerate() {
            if let (Some(bd), Some(bl), Some(bf)) = (
                self.decode.get_mut(i),
                self.lower.get_mut(i),
                self.full.get_mut(i),
            ) {
                *bd = (*bd).min(d);
                *bl = (*bl).min(l);
                *bf = (*bf).min(d + l);
            }
        }
    }
}

/// Summary figures of one kind of work.
#[derive(Clone, serde::Serialize)]
struct Figures {
    median_us: f64,
    p99_us: f64,
    shaders_per_s: f64,
    mb_per_s: f64,
    slowest_us: f64,
    slowest_file: String,
    /// Wall time of the best pass (throughput basis), milliseconds.
    wall_ms: f64,
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted.get(rank - 1).copied().unwrap_or(0)
}

fn figures(per_shader: &[u64], wall: Option<Duration>, blobs: &[Blob], bytes: u64) -> Figures {
    let mut sorted = per_shader.to_vec();
    sorted.sort_unstable();
    // First shader (in path order) among the slowest: deterministic ties.
    let mut slowest = (0usize, 0u64);
    for (i, &t) in per_shader.iter().enumerate() {
        if t > slowest.1 {
            slowest = (i, t);
        }
    }
    let secs = wall.map_or(0.0, |w| w.as_secs_f64());
    let rate = |x: f64| if secs > 0.0 { x / secs } else { 0.0 };
    Figures {
        median_us: percentile(&sorted, 0.5) as f64 / 1e3,
        p99_us: percentile(&sorted, 0.99) as f64 / 1e3,
        shaders_per_s: rate(per_shader.len() as f64),
        mb_per_s: rate(bytes as f64 / 1e6),
        slowest_us: slowest.1 as f64 / 1e3,
        slowest_file: blobs
            .get(slowest.0)
            .map(|b| b.rel.clone())
            .unwrap_or_default(),
        wall_ms: secs * 1e3,
    }
}

/// A `kB:` line of `/proc/self/status`, in MB (10^6 bytes).
fn status_mb(key: &str) -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line
        .trim_start_matches(key)
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024.0 / 1e6)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn print_row(kind: &str, threads: usize, f: &Figures) {
    outln!(
        "{kind:<10} {threads:>7} {:>11.0} {:>8.1} {:>10.2} {:>9.2} {:>10.1}",
        f.shaders_per_s,
        f.mb_per_s,
        f.median_us,
        f.p99_us,
        f.slowest_us
    );
}

/// Runs `dxlower bench`.
pub fn run(args: Args) -> ExitCode {
    if cfg!(debug_assertions) {
        eprintln!(
            "dxlower: warning: this is a debug build; its figures are many times slower than a \
             release build's (cargo run --release -p dxlower -- bench ...)"
        );
    }
    let profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let files = match super::find_files(&args.dir) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut all = Vec::with_capacity(files.len());
    for p in &files {
        let bytes = match super::read_file(p) {
            Ok(b) => b,
            Err(code) => return code,
        };
        let rel = p
            .strip_prefix(&args.dir)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned();
        all.push(Blob { rel, bytes });
    }
    let rss_loaded = status_mb("VmHWM:");

    // Warm-up: classify, and translate once (registry, allocator, caches).
    let mut other_stage = 0usize;
    let mut undecodable = 0usize;
    let mut blobs = Vec::new();
    for b in all {
        match dxlower_dxbc::parse(&b.bytes) {
            Err(_) => undecodable += 1,
            Ok(s) if matches!(s.stage(), ProgramType::Vertex | ProgramType::Pixel) => blobs.push(b),
            Ok(_) => other_stage += 1,
        }
    }
    if blobs.is_empty() {
        eprintln!(
            "dxlower: {}: no vertex or pixel shader to measure",
            args.dir.display()
        );
        return ExitCode::FAILURE;
    }
    if args.driver {
        let compare = match args.compare.as_deref().map(load_profile).transpose() {
            Ok(c) => c,
            Err(code) => return code,
        };
        let measure = if args.browser {
            super::bench_browser::run
        } else {
            super::bench_driver::run
        };
        return measure(
            &blobs,
            &profile,
            compare.as_ref(),
            args.peer,
            args.reps,
            args.json.as_deref(),
        );
    }
    let bytes: u64 = blobs.iter().map(|b| b.bytes.len() as u64).sum();
    let mut outcome = std::collections::BTreeMap::<&'static str, usize>::new();
    let mut statuses = Vec::with_capacity(blobs.len());
    let warm_start = Instant::now();
    for b in &blobs {
        let status = match dxlower_core::translate_bytes(&b.bytes, &profile) {
            Ok(_) => "translated",
            Err(e) => e.status().as_str(),
        };
        *outcome.entry(status).or_default() += 1;
        statuses.push(status);
    }
    let warm = warm_start.elapsed();

    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = if threads > 1 {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("dxlower: thread pool: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    // One iteration costs about a single-threaded decode and translate pass
    // plus the parallel ones; aim for two seconds in all.
    let per_iter = warm.as_secs_f64() * if pool.is_some() { 2.0 } else { 1.2 };
    let iterations = args
        .iterations
        .unwrap_or_else(|| ((2.0 / per_iter.max(1e-6)).ceil() as usize).clamp(3, 1000))
        .max(1);

    let mut by_size: Vec<usize> = (0..blobs.len()).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(blobs.get(i).map_or(0, |b| b.bytes.len())));
    let mut dec1 = Best::default();
    let mut tr1 = Best::default();
    let mut decn = Best::default();
    let mut trn = Best::default();
    for _ in 0..iterations {
        dec1.add(&run_pass(&blobs, &by_size, None, decode_one));
        tr1.add(&run_pass(&blobs, &by_size, None, |b| {
            translate_one(b, &profile)
        }));
        if let Some(pool) = &pool {
            decn.add(&run_pass(&blobs, &by_size, Some(pool), decode_one));
            trn.add(&run_pass(&blobs, &by_size, Some(pool), |b| {
                translate_one(b, &profile)
            }));
        }
    }
    let peak_rss = status_mb("VmHWM:");

    let f_dec1 = figures(&dec1.decode, dec1.wall, &blobs, bytes);
    let f_tr1 = figures(&tr1.full, tr1.wall, &blobs, bytes);
    // translate_shader alone has no pass of its own: its throughput is over
    // the sum of its per-shader times.
    let lower_sum = Duration::from_nanos(tr1.lower.iter().sum());
    let f_low1 = figures(&tr1.lower, Some(lower_sum), &blobs, bytes);
    let parallel = pool.as_ref().map(|_| {
        (
            figures(&decn.decode, decn.wall, &blobs, bytes),
            figures(&trn.full, trn.wall, &blobs, bytes),
        )
    });
    let ratio = |one: &Figures, many: &Figures| {
        if many.wall_ms > 0.0 {
            one.wall_ms / many.wall_ms
        } else {
            0.0
        }
    };
    let nproc = std::thread::available_parallelism().map_or(1, |n| n.get());

    outln!(
        "{} vertex/pixel shaders, {:.2} MB of DXBC, from {}",
        blobs.len(),
        bytes as f64 / 1e6,
        args.dir.display()
    );
    let outcome_text: Vec<String> = outcome.iter().map(|(k, v)| format!("{v} {k}")).collect();
    outln!("  outcome: {}", outcome_text.join(", "));
    outln!(
        "  excluded: {other_stage} files of other stages (refused before lowering: \
         GLSL ES 3.00 has only vertex and fragment shaders), {undecodable} that do not decode"
    );
    outln!(
        "machine: {nproc} cores, {}; load average at the end {}",
        cpu_model(),
        load_average()
    );
    outln!(
        "method: files are read into memory first, so per-shader times exclude process start \
         and file reading; best of {iterations} iterations (per shader: its fastest run; \
         throughput: the fastest pass); MB = 10^6 bytes"
    );
    outln!();
    outln!(
        "{:<10} {:>7} {:>11} {:>8} {:>10} {:>9} {:>10}",
        "",
        "threads",
        "shaders/s",
        "MB/s",
        "median µs",
        "p99 µs",
        "slowest µs"
    );
    print_row("decode", 1, &f_dec1);
    print_row("translate", 1, &f_tr1);
    if let Some((d, t)) = &parallel {
        print_row("decode", threads, d);
        print_row("translate", threads, t);
    }
    outln!();
    outln!(
        "translate = parse without the checksum + translate_shader (bytes to GLSL, as \
         translate_bytes); of it, translate_shader alone: \
         median {:.2} µs, p99 {:.2} µs",
        f_low1.median_us,
        f_low1.p99_us
    );
    outln!(
        "slowest translation: {} ({:.1} µs)",
        f_tr1.slowest_file,
        f_tr1.slowest_us
    );
    if let Some((d, t)) = &parallel {
        outln!(
            "scaling 1 → {threads} threads: decode {:.2}x, translate {:.2}x",
            ratio(&f_dec1, d),
            ratio(&f_tr1, t)
        );
    }
    outln!(
        "peak RSS: {:.1} MB (VmHWM; {:.1} MB after reading the files)",
        peak_rss.unwrap_or(0.0),
        rss_loaded.unwrap_or(0.0)
    );

    if let Some(path) = &args.json {
        let mut report = serde_json::json!({
            "threads": threads,
            "shaders": blobs.len(),
            "bytes": bytes,
            "iterations": iterations,
            "statistic": "best of iterations; decode/translate/lower are single-threaded, \
                          parallel holds the same at `threads` threads",
            "decode": f_dec1,
            "translate": f_tr1,
            "lower": f_low1,
            "peak_rss_mb": peak_rss,
            "rss_after_reading_mb": rss_loaded,
            "outcome": outcome,
            "excluded": {"other_stage": other_stage, "decode_failed": undecodable},
            "machine": {"nproc": nproc, "cpu": cpu_model(), "load_average": load_average()},
            "per_shader": blobs
                .iter()
                .enumerate()
                .map(|(i, b)| serde_json::json!({
                    "file": b.rel,
                    "bytes": b.bytes.len(),
                    "status": statuses.get(i),
                    "decode_us": dec1.decode.get(i).map(|&t| t as f64 / 1e3),
                    "translate_us": tr1.full.get(i).map(|&t| t as f64 / 1e3),
                    "lower_us": tr1.lower.get(i).map(|&t| t as f64 / 1e3),
                }))
                .collect::<Vec<_>>(),
        });
        if let (Some((d, t)), Some(obj)) = (&parallel, report.as_object_mut()) {
            obj.insert(
                "parallel".into(),
                serde_json::json!({"threads": threads, "decode": d, "translate": t}),
            );
            obj.insert(
                "scaling".into(),
                serde_json::json!({"decode": ratio(&f_dec1, d), "translate": ratio(&f_tr1, t)}),
            );
        }
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("dxlower: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
