//! The native side of the npm package's corpus comparison and benchmark:
//! the same API as the WebAssembly module (this crate's functions),
//! compiled natively.
//!
//! ```sh
//! cargo run -p dxlower-wasm --example native -- dump OUT.jsonl
//! cargo run --release -p dxlower-wasm --example native -- bench [ITERATIONS]
//! cargo run -p dxlower-wasm --example native -- counts
//! cargo run -p dxlower-wasm --example native -- effects DIR
//! ```
//!
//! `dump` writes one JSON line per call: a header with the registration
//! counts, every corpus VS/PS's listing (`disasm`), then every corpus
//! VS/PS translated under each built-in profile
//! and every corpus VS/PS pair (`dxlower_tests::corpus_pairs`) linked
//! under each, with the output (`glsl` and `manifest` JSON text; `vs`,
//! `ps`, `manifest` for a pair) or the failure's JSON. `wasm/tests/
//! corpus.test.mjs` makes the same calls through the package and compares
//! byte for byte.
//!
//! `bench` times the translation of every corpus VS/PS under `webgl2`,
//! in process, the files read into memory first: the first pass (cold:
//! the registry and the profile built on first use), then the best and
//! the median of ITERATIONS further passes (default 20), and prints them
//! as JSON for `wasm/bench/bench.mjs`.
//!
//! `effects` writes Carbon effect containers built with the test helpers
//! (`dxlower_tests::effects`) into DIR — `skinned.sm_hi` (refused under
//! `webgl2`), `corpus.sm_hi` (corpus programs, three axes, twelve
//! permutations), `mismatch.sm_hi` (a Carbon record that disagrees with
//! its program), `truncated.sm_hi` (cut short) — and `native.jsonl`: one
//! line per `effect` call (fixture, options) with the package written
//! beside it (`package`, a file name), its summary JSON, or the failure.
//! `wasm/tests/effect.test.mjs` makes the same calls through the package
//! and through `dxlower effect`, and compares the bytes.

use serde_json::{json, Value};
use std::io::Write;
use std::time::Instant;

/// Every corpus vertex and pixel shader: corpus path and bytes, sorted by
/// path.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = dxlower_tests::corpus_dir();
    let mut v: Vec<(String, Vec<u8>)> = dxlower_tests::manifest()
        .into_iter()
        .filter(|e| e.stage == "vs" || e.stage == "ps")
        .map(|e| {
            let bytes =
                std::fs::read(dir.join(&e.file)).unwrap_or_else(|err| panic!("{}: {err}", e.file));
            (e.file, bytes)
        })
        .collect();
    v.sort();
    v
}

fn outcome<T>(r: Result<T, dxlower_wasm::Failure>, ok: impl FnOnce(T) -> Value) -> Value {
    match r {
        Ok(t) => ok(t),
        Err(f) => json!({ "error": f.json }),
    }
}

fn dump(out: &str) {
    let files = corpus();
    let bytes_of = |file: &str| -> &[u8] {
        let i = files
            .binary_search_by(|(f, _)| f.as_str().cmp(file))
            .unwrap_or_else(|_| panic!("{file} is not a corpus VS/PS"));
        &files[i].1
    };
    let pairs = dxlower_tests::corpus_pairs();
    let mut w = std::io::BufWriter::new(std::fs::File::create(out).expect("create the dump"));
    let (passes, sections) = dxlower_wasm::registration_counts();
    // Every built-in profile is compared.
    let profiles = dxlower_wasm::profiles();
    let header = json!({
        "handlers": dxlower_wasm::handler_count(),
        "passes": passes,
        "sections": sections,
        "profiles": profiles,
        "files": files.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(),
        "pairs": pairs.iter().map(|p| [p.vs.as_str(), p.ps.as_str()]).collect::<Vec<_>>(),
    });
    writeln!(w, "{header}").expect("write");
    for (file, bytes) in &files {
        let mut line = outcome(dxlower_wasm::disasm(bytes), |t| json!({ "text": t }));
        line["disasm"] = file.as_str().into();
        writeln!(w, "{line}").expect("write");
    }
    for &profile in &profiles {
        for (file, bytes) in &files {
            let mut line = outcome(
                dxlower_wasm::translate(bytes, profile),
                |t| json!({ "glsl": t.glsl, "manifest": t.manifest }),
            );
            line["profile"] = profile.into();
            line["file"] = file.as_str().into();
            writeln!(w, "{line}").expect("write");
        }
        for p in &pairs {
            let r = dxlower_wasm::link(bytes_of(&p.vs), bytes_of(&p.ps), profile);
            let mut line = outcome(
                r,
                |l| json!({ "vs": l.vs, "ps": l.ps, "manifest": l.manifest }),
            );
            line["profile"] = profile.into();
            line["pair"] = json!([p.vs, p.ps]);
            writeln!(w, "{line}").expect("write");
        }
    }
    w.flush().expect("write");
}

/// The `effect` calls the comparison makes: (fixture, profile,
/// permutations).
const EFFECT_CALLS: &[(&str, &str, &[&str])] = &[
    ("skinned", "ccpwgl", &[]),
    ("skinned", "webgl2", &[]),
    ("skinned", "native", &[]),
    ("corpus", "ccpwgl", &[]),
    ("corpus", "webgl2", &[]),
    ("corpus", "native", &[]),
    (
        "corpus",
        "ccpwgl",
        &["QUALITY=QUALITY_2", "FOG=FOG_1,CLIP=CLIP_1"],
    ),
    ("corpus", "ccpwgl", &["QUALITY=QUALITY_9"]),
    (
        "corpus",
        "(extends: Some(\"ccpwgl\"), nan_exact: true)",
        &[],
    ),
    ("mismatch", "ccpwgl", &[]),
    ("truncated", "ccpwgl", &[]),
];

fn effects(dir: &str) {
    use dxlower_tests::effects as fx;
    let dir = std::path::Path::new(dir);
    std::fs::create_dir_all(dir).expect("create the fixture directory");
    let ccpwgl = dxlower::profile("ccpwgl").expect("ccpwgl");
    let skinned = fx::skinned_effect();
    let mut vs = fx::skinned_vs();
    vs.pipeline_inputs[1].register = 5;
    let fixtures = [
        ("skinned", skinned.clone()),
        (
            "corpus",
            fx::three_axis_effect(&fx::corpus_passes(&ccpwgl, 4)),
        ),
        (
            "mismatch",
            fx::effect(
                vec![],
                vec![fx::body(vec![vec![vs, fx::fourteen_ps()]])],
                vec![0],
            ),
        ),
        ("truncated", skinned[..skinned.len() - 9].to_vec()),
    ];
    for (name, bytes) in &fixtures {
        std::fs::write(dir.join(format!("{name}.sm_hi")), bytes).expect("write a fixture");
    }
    let mut w = std::io::BufWriter::new(
        std::fs::File::create(dir.join("native.jsonl")).expect("create native.jsonl"),
    );
    for (k, (name, profile, perms)) in EFFECT_CALLS.iter().enumerate() {
        let bytes = &fixtures.iter().find(|f| f.0 == *name).expect("a fixture").1;
        let source_path = format!("res:/graphics/effect.dx11/test/{name}.sm_hi");
        let generated_at = "2026-01-02T03:04:05.678Z";
        let permutations: Vec<String> = perms.iter().map(|p| p.to_string()).collect();
        let o = dxlower_wasm::EffectOptions {
            profile,
            source_path: &source_path,
            generated_at,
            permutations: &permutations,
        };
        let mut line = outcome(dxlower_wasm::effect(bytes, &o), |b| {
            let file = format!("native-{k}.cewg");
            std::fs::write(dir.join(&file), &b.bytes).expect("write a package");
            json!({ "package": file, "summary": b.summary })
        });
        line["fixture"] = (*name).into();
        line["profile"] = (*profile).into();
        line["permutations"] = json!(perms);
        line["sourcePath"] = source_path.into();
        line["generatedAt"] = generated_at.into();
        writeln!(w, "{line}").expect("write");
    }
    w.flush().expect("write");
}

fn pass(files: &[(String, Vec<u8>)]) -> (f64, usize) {
    let t = Instant::now();
    let mut ok = 0;
    for (_, bytes) in files {
        if let Ok(t) = dxlower_wasm::translate(bytes, "webgl2") {
            ok += 1;
            std::hint::black_box(t);
        }
    }
    (t.elapsed().as_secs_f64() * 1e3, ok)
}

fn bench(iterations: usize) {
    let files = corpus();
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let (first_ms, translated) = pass(&files);
    let mut times: Vec<f64> = (0..iterations).map(|_| pass(&files).0).collect();
    times.sort_by(f64::total_cmp);
    let report = json!({
        "files": files.len(),
        "bytes": bytes,
        "translated": translated,
        "first_ms": first_ms,
        "best_ms": times.first().copied().unwrap_or(first_ms),
        "median_ms": times.get(times.len() / 2).copied().unwrap_or(first_ms),
        "iterations": iterations,
    });
    println!("{report}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("dump") if args.len() == 2 => dump(&args[1]),
        Some("effects") if args.len() == 2 => effects(&args[1]),
        Some("bench") => bench(args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20)),
        Some("counts") => {
            let (passes, sections) = dxlower_wasm::registration_counts();
            println!(
                "{} handlers, {passes} passes, {sections} profile sections; registry complete: {:?}",
                dxlower_wasm::handler_count(),
                dxlower_wasm::check_registry().is_ok()
            );
        }
        _ => {
            eprintln!("usage: native dump OUT.jsonl | native bench [ITERATIONS] | native counts | native effects DIR");
            std::process::exit(2);
        }
    }
}
