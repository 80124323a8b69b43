//! The corpus digest: the SHA-256 of everything dxlower outputs for the
//! shared corpus, under every built-in profile, pinned in
//! `tests/corpus-digest/<profile>.tsv`.
//!
//! One row per corpus vertex or pixel shader (its GLSL and quality notes,
//! or its status and error message) and one per corpus VS/PS pair linked as
//! a program (both texts and the program manifest as JSON, or the link
//! error). Any change of output — one byte of GLSL, a manifest field, a
//! refusal's wording — changes a row, so a refactoring that must not change
//! output proves it here, and a change that should move output shows
//! exactly which shaders moved.
//!
//! Rows are `kind \t file \t status \t sha256 \t reason`, sorted by kind
//! and file; `reason` is the grouping key of an error (empty on success),
//! so that a diff of the file reads as "which shader, what now".
//!
//! Bless after reviewing the change:
//!
//! ```sh
//! DXLOWER_BLESS=1 cargo test -p dxlower-tests --test corpus_digest
//! ```
//!
//! Without `DXLOWER_BLESS` a mismatch fails the test, lists the changed rows
//! and writes the new digest to `target/corpus-digest/<profile>.tsv` for a
//! `diff`.

use dxlower_core::{link, stage_input, LinkError, Profile};
use dxlower_tests::{corpus_dir, corpus_pairs, manifest};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::PathBuf;

use dxlower_lowerings as _;

/// The built-in profiles the digest covers.
const PROFILES: [&str; 4] = ["webgl2", "webgl2-fast", "ccpwgl", "native"];

fn sha256(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        // Length-prefixed, so that moving bytes between parts changes the
        // digest.
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// One row of the digest.
struct Row {
    kind: &'static str,
    file: String,
    status: String,
    sha: String,
    reason: String,
}

impl Row {
    fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.kind, self.file, self.status, self.sha, self.reason
        )
    }
}

fn stage_row(file: &str, bytes: &[u8], profile: &Profile) -> Row {
    let (status, sha, reason) = match dxlower_core::translate_bytes(bytes, profile) {
        Ok(s) => {
            let notes = s.record.notes.join("\n");
            (
                "translated".to_string(),
                sha256(&[s.glsl.as_bytes(), notes.as_bytes()]),
                String::new(),
            )
        }
        Err(e) => (
            e.status().to_string(),
            sha256(&[e.to_string().as_bytes()]),
            e.reason_key(),
        ),
    };
    Row {
        kind: "stage",
        file: file.to_string(),
        status,
        sha,
        reason,
    }
}

fn pair_row(vs_file: &str, ps_file: &str, vs: &[u8], ps: &[u8], profile: &Profile) -> Row {
    let file = format!("{vs_file} + {ps_file}");
    let parse = |b: &[u8]| dxlower_dxbc::parse_with(b, dxlower_dxbc::ParseOptions::unchecked());
    let (vs, ps) = match (parse(vs), parse(ps)) {
        (Ok(v), Ok(p)) => (v, p),
        (Err(e), _) | (_, Err(e)) => {
            return Row {
                kind: "pair",
                file,
                status: "decode_failed".into(),
                sha: sha256(&[e.to_string().as_bytes()]),
                reason: String::new(),
            }
        }
    };
    let (status, sha, reason) = match link(stage_input(&vs), stage_input(&ps), profile) {
        Ok(p) => {
            let manifest = serde_json::to_string_pretty(&p.manifest()).expect("manifest JSON");
            (
                "linked".to_string(),
                sha256(&[
                    p.vs.glsl.as_bytes(),
                    p.ps.glsl.as_bytes(),
                    manifest.as_bytes(),
                ]),
                String::new(),
            )
        }
        Err(LinkError::Stage { which, source }) => (
            source.status().to_string(),
            sha256(&[which.as_bytes(), source.to_string().as_bytes()]),
            format!("{which}: {}", source.reason_key()),
        ),
        Err(e) => (
            "failed".to_string(),
            sha256(&[e.to_string().as_bytes()]),
            e.to_string(),
        ),
    };
    Row {
        kind: "pair",
        file,
        status,
        sha,
        reason,
    }
}

fn digest_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus-digest"))
}

/// Computes the digest text of one profile.
fn digest(profile_name: &str, files: &BTreeMap<String, Vec<u8>>) -> String {
    let profile = dxlower_targets::load(profile_name).expect("built-in profile");
    let stages: Vec<(&String, &Vec<u8>)> = files.iter().collect();
    let mut rows: Vec<Row> = stages
        .par_iter()
        .map(|(f, b)| stage_row(f, b, &profile))
        .collect();
    let pairs = corpus_pairs();
    let pair_rows: Vec<Row> = pairs
        .par_iter()
        .map(|p| {
            let vs = files.get(&p.vs).map(Vec::as_slice).unwrap_or(&[]);
            let ps = files.get(&p.ps).map(Vec::as_slice).unwrap_or(&[]);
            pair_row(&p.vs, &p.ps, vs, ps, &profile)
        })
        .collect();
    rows.extend(pair_rows);
    rows.sort_by(|a, b| (a.kind, &a.file).cmp(&(b.kind, &b.file)));
    rows.dedup_by(|a, b| a.kind == b.kind && a.file == b.file);
    let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &rows {
        *counts.entry((r.kind, r.status.as_str())).or_default() += 1;
    }
    let summary: Vec<String> = counts
        .iter()
        .map(|((k, s), n)| format!("{k} {s} {n}"))
        .collect();
    let mut text = format!(
        "# dxlower corpus digest, profile {profile_name}: {}\n\
         # bless: DXLOWER_BLESS=1 cargo test -p dxlower-tests --test corpus_digest\n\
         # kind\tfile\tstatus\tsha256\treason\n",
        summary.join(", ")
    );
    for r in &rows {
        text.push_str(&r.line());
        text.push('\n');
    }
    text
}

/// The rows of `new` that differ from `old`, as `-`/`+` lines.
fn changed_rows(old: &str, new: &str) -> Vec<String> {
    let key = |l: &str| -> (String, String) {
        let mut it = l.split('\t');
        (
            it.next().unwrap_or_default().to_string(),
            it.next().unwrap_or_default().to_string(),
        )
    };
    let rows = |t: &str| -> BTreeMap<(String, String), String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| (key(l), l.to_string()))
            .collect()
    };
    let (a, b) = (rows(old), rows(new));
    let mut out = Vec::new();
    for (k, l) in &a {
        match b.get(k) {
            Some(m) if m == l => {}
            Some(m) => {
                out.push(format!("- {l}"));
                out.push(format!("+ {m}"));
            }
            None => out.push(format!("- {l}")),
        }
    }
    for (k, l) in &b {
        if !a.contains_key(k) {
            out.push(format!("+ {l}"));
        }
    }
    out
}

#[test]
fn corpus_digest_is_unchanged() {
    let dir = corpus_dir();
    let files: BTreeMap<String, Vec<u8>> = manifest()
        .into_iter()
        .filter(|e| matches!(e.stage.as_str(), "vs" | "ps"))
        .map(|e| {
            let bytes = std::fs::read(dir.join(&e.file))
                .unwrap_or_else(|err| panic!("cannot read {}: {err}", e.file));
            (e.file, bytes)
        })
        .collect();
    assert!(
        files.len() > 1000,
        "only {} corpus VS/PS found: is the corpus there?",
        files.len()
    );
    let bless = std::env::var_os("DXLOWER_BLESS").is_some_and(|v| v != "0");
    let mut failures = Vec::new();
    for name in PROFILES {
        let new = digest(name, &files);
        let path = digest_dir().join(format!("{name}.tsv"));
        if bless {
            std::fs::create_dir_all(digest_dir()).expect("create tests/corpus-digest");
            std::fs::write(&path, &new).expect("write digest");
            println!("blessed {}", path.display());
            continue;
        }
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        if old == new {
            println!("{name}: {} rows unchanged", new.lines().count() - 3);
            continue;
        }
        let out_dir = PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../target/corpus-digest"
        ));
        let _ = std::fs::create_dir_all(&out_dir);
        let out = out_dir.join(format!("{name}.tsv"));
        let _ = std::fs::write(&out, &new);
        let changed = changed_rows(&old, &new);
        failures.push(format!(
            "profile {name}: {} row lines differ from {} (new digest: {}; review, then bless with \
             DXLOWER_BLESS=1 cargo test -p dxlower-tests --test corpus_digest):\n{}",
            changed.len(),
            path.display(),
            out.display(),
            changed
                .iter()
                .take(40)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
