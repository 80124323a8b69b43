//! The seeded mutation test of translation (README "Untrusted input"): a
//! few thousand mutants of corpus vertex and pixel shaders — 1–4 dwords of
//! the program tokens changed by a bit flip, a random word, a word copied
//! from elsewhere, or another opcode ([`dxlower_tests::mutate`]) — each
//! translated under every built-in profile. Every outcome must be a named
//! error that is not a fault of dxlower (`decode_failed`, `refused`,
//! `unsupported`, `invalid`, each with a message) or GLSL within the output
//! bound that glslang compiles; a panic, a `failed` status or GLSL glslang
//! rejects fails the test, naming the seed, the file and the changes.
//!
//! Deterministic: the mutant `i` of a run comes from the seed
//! `SEED + i` alone. `DXLOWER_MUTANTS_SEED` and `DXLOWER_MUTANTS_COUNT`
//! run other mutants; the ignored test [`write_mutants`] writes them as
//! `.dxbc` files for `dxlower sweep --validate`.

use dxlower_core::sweep::catch_panic;
use dxlower_core::Status;
use dxlower_dxbc::ProgramType;
use dxlower_tests::hostile::within_output_bound;
use dxlower_tests::mutate::{mutate, Mutant, Rng};
use dxlower_tests::{manifest, read_corpus};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use dxlower_lowerings as _;

/// The seed of the mutants `cargo test` runs.
const SEED: u64 = 0x17_0000;

/// How many mutants `cargo test` runs (each under the three profiles).
const COUNT: u64 = 12_000;

const PROFILES: [&str; 3] = ["webgl2", "ccpwgl", "native"];

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// The corpus vertex and pixel shaders, by manifest order.
fn corpus() -> Vec<(String, Vec<u8>)> {
    manifest()
        .into_iter()
        .filter(|e| matches!(e.stage.as_str(), "vs" | "ps"))
        .map(|e| {
            let bytes = read_corpus(&e.file);
            (e.file, bytes)
        })
        .collect()
}

/// Mutant `i` of `seed`: a corpus shader picked in turn, changed by the
/// generator seeded with `seed + i`.
fn mutant(files: &[(String, Vec<u8>)], seed: u64, i: u64) -> Option<(String, Mutant)> {
    let (file, bytes) = &files[(i % files.len() as u64) as usize];
    let mut rng = Rng::new(seed.wrapping_add(i));
    mutate(bytes, &mut rng).map(|m| (file.clone(), m))
}

#[test]
fn mutants_end_in_a_named_error_or_glsl_that_compiles() {
    let seed = env_u64("DXLOWER_MUTANTS_SEED").unwrap_or(SEED);
    let n = env_u64("DXLOWER_MUTANTS_COUNT").unwrap_or(COUNT);
    let start = Instant::now();
    let files = corpus();
    let mutants: Vec<(u64, String, Mutant)> = (0..n)
        .into_par_iter()
        .filter_map(|i| mutant(&files, seed, i).map(|(f, m)| (i, f, m)))
        .collect();
    let mut problems: Vec<String> = Vec::new();
    let mut outcomes: BTreeMap<(&str, String), usize> = BTreeMap::new();
    // Produced GLSL, once per distinct text: (profile, mutant, stage).
    let mut produced: HashMap<String, (&str, u64, ProgramType)> = HashMap::new();
    for name in PROFILES {
        let profile = dxlower_targets::load(name).expect("built-in profile");
        let results: Vec<_> = mutants
            .par_iter()
            .map(|(i, file, m)| {
                let r = catch_panic(|| dxlower_core::translate_bytes(&m.bytes, &profile));
                (*i, file, m, r)
            })
            .collect();
        for (i, file, m, r) in results {
            let what = || {
                format!(
                    "{name}: mutant {i} of seed {seed:#x}: {file} {:?}",
                    m.changes
                )
            };
            let status = match r {
                Err(panic) => {
                    problems.push(format!("{}: {panic}", what()));
                    "panic".to_string()
                }
                Ok(Err(e)) => {
                    if e.status() == Status::Failed || e.to_string().trim().is_empty() {
                        problems.push(format!("{}: {} {e}", what(), e.status()));
                    }
                    e.status().to_string()
                }
                Ok(Ok(s)) => {
                    if !within_output_bound(m.bytes.len(), &s.glsl) {
                        problems.push(format!(
                            "{}: {} bytes of GLSL from {}",
                            what(),
                            s.glsl.len(),
                            m.bytes.len()
                        ));
                    }
                    produced.entry(s.glsl).or_insert((name, i, s.stage));
                    "translated".to_string()
                }
            };
            *outcomes.entry((name, status)).or_default() += 1;
        }
    }
    // glslang, in batches of one process each.
    let texts: Vec<(&String, &(&str, u64, ProgramType))> = produced.iter().collect();
    let verdicts: Vec<Result<(), String>> = texts
        .par_chunks(100)
        .flat_map_iter(|chunk| {
            let stages: Vec<(&str, ProgramType)> = chunk
                .iter()
                .map(|(g, (_, _, st))| (g.as_str(), *st))
                .collect();
            dxlower_glslang::glslang_batch(&stages).expect("glslangValidator runs")
        })
        .collect();
    for ((glsl, (name, i, _)), verdict) in texts.iter().zip(&verdicts) {
        if let Err(log) = verdict {
            let file = &files[(*i % files.len() as u64) as usize].0;
            problems.push(format!(
                "{name}: mutant {i} of seed {seed:#x} ({file}): glslang rejects:\n{log}\n{glsl}"
            ));
        }
    }
    println!(
        "{n} mutants of seed {seed:#x} ({} changed a program) under {} profiles, {} distinct \
         GLSL texts validated, in {:.1} s",
        mutants.len(),
        PROFILES.len(),
        texts.len(),
        start.elapsed().as_secs_f64()
    );
    for ((profile, status), k) in &outcomes {
        println!("  {profile:<7} {status:<13} {k}");
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Not vacuous: many mutants get through decoding to GLSL.
    if n == COUNT {
        assert!(texts.len() >= 600, "only {} GLSL texts", texts.len());
    }
}

/// Writes the mutants of `DXLOWER_MUTANTS_SEED` (`DXLOWER_MUTANTS_COUNT` of
/// them) into `DXLOWER_MUTANTS_DIR` as `<seed>-<i>.<stage>.dxbc`, for
/// `dxlower sweep DIR --validate` (README "Untrusted input").
#[test]
#[ignore = "writes files; run with DXLOWER_MUTANTS_DIR set"]
fn write_mutants() {
    let Some(dir) = std::env::var_os("DXLOWER_MUTANTS_DIR") else {
        panic!("set DXLOWER_MUTANTS_DIR");
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("create the directory");
    let seed = env_u64("DXLOWER_MUTANTS_SEED").unwrap_or(SEED);
    let n = env_u64("DXLOWER_MUTANTS_COUNT").unwrap_or(COUNT);
    let files = corpus();
    let mut written = 0;
    for i in 0..n {
        if let Some((file, m)) = mutant(&files, seed, i) {
            let stage = if file.ends_with(".vs.dxbc") {
                "vs"
            } else {
                "ps"
            };
            std::fs::write(dir.join(format!("{seed:x}-{i}.{stage}.dxbc")), &m.bytes)
                .expect("write");
            written += 1;
        }
    }
    println!("{written} mutants of seed {seed:#x} in {}", dir.display());
}
