//! The disassembler against fxc's own listings: for every corpus shader whose
//! manifest entry has `asm_kind == "fxc_listing"`, the declaration and
//! instruction lines of our disassembly must equal the listing's after the
//! normalization described in `docs/disasm.md`.

use dxlower_dxbc::disasm::{self, Options};
use std::path::PathBuf;

fn corpus_dir() -> PathBuf {
    match std::env::var_os("DXLOWER_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus"
        )),
    }
}

/// Drops a trailing `//` comment that is outside a string literal.
fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_str = !in_str,
            b'/' if !in_str && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// Trims, collapses whitespace runs to one space, and closes up the spaces
/// that fxc's multi-line `dcl_immediateConstantBuffer` puts between rows.
fn normalize_line(line: &str) -> String {
    strip_comment(line)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The code lines of a listing or of our output: comments and blank lines
/// dropped, whitespace normalized, the immediate constant buffer joined into
/// one line, `#line` directives dropped, and, for level-9 listings, the SM2
/// part before the SM4 version line dropped.
fn code_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut started = false;
    let mut joining = false;
    for raw in text.lines() {
        let trimmed = raw.trim_start();
        // `#line` directives come from the debug chunk, not the program.
        if trimmed.starts_with("//") || trimmed.starts_with("#line") {
            continue;
        }
        let line = normalize_line(raw);
        if line.is_empty() {
            continue;
        }
        if !started {
            // The SM4/5 version line starts the code (a level-9 listing shows
            // its SM2 part first).
            let is_version = ["vs_", "ps_", "gs_", "hs_", "ds_", "cs_"]
                .iter()
                .any(|p| line.starts_with(p))
                && matches!(line.get(3..4), Some("4") | Some("5"))
                && !line.contains(' ');
            if !is_version {
                continue;
            }
            started = true;
        }
        if joining {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(&line);
            }
        } else {
            out.push(line);
        }
        let last = out.last().map(String::as_str).unwrap_or("");
        joining = last.starts_with("dcl_immediateConstantBuffer") && !last.ends_with("} }");
    }
    out
}

/// The program and the RDEF creator string of a blob.
fn load(bytes: &[u8]) -> Result<(dxlower_dxbc::Program, Option<String>), dxlower_dxbc::Error> {
    let shader = dxlower_dxbc::parse(bytes)?;
    let creator = shader.rdef.map(|r| r.creator);
    Ok((shader.program, creator))
}

struct Case {
    file: String,
    asm: String,
}

fn cases() -> Vec<Case> {
    let dir = corpus_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.json"))
        .unwrap_or_else(|e| panic!("corpus manifest in {}: {e}", dir.display()));
    let entries: Vec<serde_json::Value> =
        serde_json::from_str(&manifest).expect("manifest.json is a JSON array");
    entries
        .iter()
        .filter(|e| e["asm_kind"] == "fxc_listing")
        .filter_map(|e| {
            Some(Case {
                file: e["file"].as_str()?.to_string(),
                asm: e["asm_file"].as_str()?.to_string(),
            })
        })
        .collect()
}

#[derive(Debug)]
struct Mismatch {
    file: String,
    line: usize,
    ours: String,
    theirs: String,
    bad_lines: usize,
}

/// Compares one shader; `None` when every code line matches.
fn compare(case: &Case) -> Option<Mismatch> {
    let dir = corpus_dir();
    let bytes = std::fs::read(dir.join(&case.file)).expect("corpus blob");
    let listing = std::fs::read(dir.join(&case.asm)).expect("corpus listing");
    let listing = String::from_utf8_lossy(&listing);
    let (program, creator) = match load(&bytes) {
        Ok(s) => s,
        Err(e) => {
            return Some(Mismatch {
                file: case.file.clone(),
                line: 0,
                ours: format!("parse error: {e}"),
                theirs: String::new(),
                bad_lines: usize::MAX,
            })
        }
    };
    let options = creator
        .as_deref()
        .map(Options::for_creator)
        .unwrap_or_default();
    let ours = code_lines(&disasm::disassemble_with(&program, &options));
    let theirs = code_lines(&listing);
    let n = ours.len().max(theirs.len());
    let mut first = None;
    let mut bad = 0;
    for i in 0..n {
        let a = ours.get(i).map(String::as_str).unwrap_or("<end>");
        let b = theirs.get(i).map(String::as_str).unwrap_or("<end>");
        if a != b {
            bad += 1;
            if first.is_none() {
                first = Some((i, a.to_string(), b.to_string()));
            }
        }
    }
    first.map(|(line, ours, theirs)| Mismatch {
        file: case.file.clone(),
        line,
        ours,
        theirs,
        bad_lines: bad,
    })
}

#[test]
fn listings_match_fxc() {
    let cases = cases();
    assert!(
        cases.len() > 900,
        "expected ~930 listings, found {}",
        cases.len()
    );
    let mut mismatches: Vec<Mismatch> = cases.iter().filter_map(compare).collect();
    let matched = cases.len() - mismatches.len();
    let rate = matched as f64 / cases.len() as f64;
    println!(
        "disasm: {matched}/{} fxc listings match exactly ({:.2}%)",
        cases.len(),
        rate * 100.0
    );
    mismatches.sort_by_key(|m| std::cmp::Reverse(m.bad_lines));
    let show: usize = std::env::var("DXLOWER_DISASM_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    for m in mismatches.iter().take(show) {
        println!(
            "{} ({} lines differ), line {}:\n  ours:   {}\n  fxc:    {}",
            m.file, m.bad_lines, m.line, m.ours, m.theirs
        );
    }
    assert!(
        rate >= 0.98,
        "only {:.2}% of the listings match (goal 98%)",
        rate * 100.0
    );
}

#[test]
fn normalization_keeps_code_and_drops_comments() {
    let text = "//\n// header\n    ps_2_x\n    mov oC0, c0\nps_4_0\n\
                dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},\n\
                                              { 2, 0, 0, 0} }\n\
                mov  r0.x,   l(1)  // note\n\n// Approximately 1 instruction slot used\n";
    assert_eq!(
        code_lines(text),
        vec![
            "ps_4_0".to_string(),
            "dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0}, { 2, 0, 0, 0} }".to_string(),
            "mov r0.x, l(1)".to_string(),
        ]
    );
}

/// The signature tables of a listing: for each `// <title> signature:`
/// block, its rows (comment lines after the `// ---` rule, trailing blanks
/// trimmed) up to the closing `//`.
fn signature_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut state = 0; // 0 outside, 1 before the rule, 2 in rows
    for line in text.lines() {
        let line = line.trim_end();
        let t = line.trim_start();
        if t.starts_with("// ") && t.ends_with(" signature:") {
            out.push((t.to_string(), Vec::new()));
            state = 1;
            continue;
        }
        match state {
            1 if t.starts_with("// ---") => state = 2,
            2 if t == "//" || !t.starts_with("//") => state = 0,
            2 => {
                if let Some((_, rows)) = out.last_mut() {
                    rows.push(t.to_string());
                }
            }
            _ => {}
        }
    }
    out
}

fn slot_count(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with("// Approximately") && l.ends_with("instruction slots used"))
        .map(str::to_string)
}

#[test]
fn signature_tables_and_slot_counts_match_fxc() {
    let dir = corpus_dir();
    let cases = cases();
    let (mut sig_total, mut sig_ok, mut slot_total, mut slot_ok) = (0, 0, 0, 0);
    let mut shown = 0;
    for case in &cases {
        let bytes = std::fs::read(dir.join(&case.file)).expect("corpus blob");
        let listing = std::fs::read(dir.join(&case.asm)).expect("corpus listing");
        let listing = String::from_utf8_lossy(&listing);
        let Ok(shader) = dxlower_dxbc::parse(&bytes) else {
            continue;
        };
        let ours = disasm::disassemble_shader(&shader);
        let theirs_sigs = signature_blocks(&listing);
        if !theirs_sigs.is_empty() {
            sig_total += 1;
            let ours_sigs = signature_blocks(&ours);
            if ours_sigs == theirs_sigs {
                sig_ok += 1;
            } else if shown < 10 {
                shown += 1;
                let diff = ours_sigs
                    .iter()
                    .zip(&theirs_sigs)
                    .flat_map(|(a, b)| a.1.iter().zip(&b.1))
                    .find(|(a, b)| a != b);
                println!(
                    "{}: signature tables differ: {:?}",
                    case.file,
                    diff.map(|(a, b)| format!("\n  ours: {a}\n  fxc:  {b}"))
                        .unwrap_or_else(|| format!(
                            "\n  ours: {:?}\n  fxc:  {:?}",
                            ours_sigs.iter().map(|b| &b.0).collect::<Vec<_>>(),
                            theirs_sigs.iter().map(|b| &b.0).collect::<Vec<_>>()
                        ))
                );
            }
        }
        if let (Some(theirs), Some(_)) = (slot_count(&listing), &shader.stat) {
            slot_total += 1;
            if slot_count(&ours).as_deref() == Some(theirs.as_str()) {
                slot_ok += 1;
            }
        }
    }
    println!("signature tables: {sig_ok}/{sig_total} listings match; slot counts: {slot_ok}/{slot_total}");
    assert!(sig_total > 800 && sig_ok * 100 >= sig_total * 99);
    assert!(slot_total > 800 && slot_ok * 100 >= slot_total * 99);
}
