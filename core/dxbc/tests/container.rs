//! Container and chunk readers against the real corpus
//! (`/work/shared/corpus`, or `DXLOWER_CORPUS_DIR`) and against hand-made
//! malformed containers.

use dxlower_dxbc::container::{fourcc, Container, ParseOptions};
use dxlower_dxbc::error::{ErrorKind, FourCc};
use dxlower_dxbc::rdef::{Rdef, ResourceBinding, ShaderInputType};
use dxlower_dxbc::signature::{Signature, SignatureElement, SignatureSystemValue};
use dxlower_dxbc::{checksum, Sfi0, Stat};
use serde_json::Value;
use std::path::PathBuf;

// ---------------------------------------------------------------------------
// Corpus access

fn corpus_dir() -> PathBuf {
    match std::env::var_os("DXLOWER_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus"
        )),
    }
}

fn manifest() -> Vec<Value> {
    let path = corpus_dir().join("manifest.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(entries)) => entries,
        other => panic!("manifest is not a JSON array: {other:?}"),
    }
}

fn field<'a>(entry: &'a Value, name: &str) -> &'a str {
    entry.get(name).and_then(Value::as_str).unwrap_or("")
}

fn read_blob(entry: &Value) -> Vec<u8> {
    let path = corpus_dir().join(field(entry, "file"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn cc_str(cc: &FourCc) -> String {
    String::from_utf8_lossy(cc).into_owned()
}

/// Parses a signature chunk of the container, if present (first of
/// `choices`).
fn signature(c: &Container, choices: &[FourCc]) -> Option<Result<Signature, String>> {
    choices.iter().find_map(|&cc| {
        c.find(cc).map(|(entry, data)| {
            Signature::parse(cc, data).map_err(|e| e.in_chunk(cc, entry.data_offset()).to_string())
        })
    })
}

const INPUT: &[FourCc] = &[fourcc::ISG1, fourcc::ISGN];
const OUTPUT: &[FourCc] = &[fourcc::OSG1, fourcc::OSG5, fourcc::OSGN];
const PATCH: &[FourCc] = &[fourcc::PSG1, fourcc::PCSG];

// ---------------------------------------------------------------------------
// Corpus: containers, checksums and chunk readers

#[test]
fn corpus_containers_match_the_manifest() {
    let entries = manifest();
    assert_eq!(entries.len(), 2627, "corpus size changed");
    let mut failures = Vec::new();
    let mut checksum_false = 0;
    let mut rdef_count = 0;
    let mut sig_count = 0;
    for entry in &entries {
        let file = field(entry, "file");
        let bytes = read_blob(entry);
        let c = match Container::parse(&bytes, ParseOptions::default()) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{file}: container: {e}"));
                continue;
            }
        };
        // Chunk list.
        let listed: Vec<String> = c.chunks.iter().map(|ch| cc_str(&ch.fourcc)).collect();
        let expected: Vec<String> = entry
            .get("chunks")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        if listed != expected {
            failures.push(format!(
                "{file}: chunks {listed:?} != manifest {expected:?}"
            ));
        }
        // Size.
        if c.total_size as usize != bytes.len() || c.bytes().len() != bytes.len() {
            failures.push(format!(
                "{file}: total size {} != {}",
                c.total_size,
                bytes.len()
            ));
        }
        // Checksum, lenient and strict.
        let ok = entry.get("checksum_ok").and_then(Value::as_bool);
        if Some(c.checksum_ok) != ok {
            failures.push(format!(
                "{file}: checksum_ok {} != manifest {ok:?}",
                c.checksum_ok
            ));
        }
        if !c.checksum_ok {
            checksum_false += 1;
        }
        let strict = Container::parse(&bytes, ParseOptions::strict());
        match (&strict, c.checksum_ok) {
            (Ok(_), true) => {}
            (Err(e), false) if matches!(e.kind(), ErrorKind::ChecksumMismatch { .. }) => {
                assert_eq!(e.offset(), 4);
            }
            _ => failures.push(format!("{file}: strict parse disagrees: {strict:?}")),
        }
        if checksum::container_checksum(&bytes) != c.computed_checksum {
            failures.push(format!("{file}: container_checksum differs"));
        }
        // Program chunk named by the manifest is present.
        let code = field(entry, "code_chunk");
        if !c.chunks.iter().any(|ch| cc_str(&ch.fourcc) == code) {
            failures.push(format!("{file}: no {code} chunk"));
        }
        // Signatures.
        for choices in [INPUT, OUTPUT, PATCH] {
            match signature(&c, choices) {
                Some(Ok(_)) => sig_count += 1,
                Some(Err(e)) => failures.push(format!("{file}: signature: {e}")),
                None => {}
            }
        }
        // RDEF, SFI0, STAT.
        if let Some((entry_r, data)) = c.find(fourcc::RDEF) {
            match Rdef::parse(data) {
                Ok(r) => {
                    rdef_count += 1;
                    let creator = field(entry, "rdef_creator");
                    if !creator.is_empty() && r.creator != creator {
                        failures.push(format!(
                            "{file}: RDEF creator {:?} != manifest {creator:?}",
                            r.creator
                        ));
                    }
                    let model = field(entry, "shader_model");
                    let rdef_model = format!("{}_{}", r.target.major, r.target.minor);
                    if !model.is_empty() && rdef_model != model {
                        failures.push(format!("{file}: RDEF target {rdef_model} != {model}"));
                    }
                    if r.target.is_sm5() != r.rd11.is_some() {
                        failures.push(format!("{file}: RD11 presence wrong"));
                    }
                }
                Err(e) => failures.push(format!(
                    "{file}: RDEF: {}",
                    e.in_chunk(fourcc::RDEF, entry_r.data_offset())
                )),
            }
        }
        if let Some((_, data)) = c.find(fourcc::SFI0) {
            if let Err(e) = Sfi0::parse(data) {
                failures.push(format!("{file}: SFI0: {e}"));
            }
        }
        if let Some((_, data)) = c.find(fourcc::STAT) {
            match Stat::parse(data) {
                Ok(s) => {
                    let sm5 = field(entry, "shader_model").starts_with('5');
                    if s.sm5.is_some() != sm5 || s.raw.len() * 4 != data.len() {
                        failures.push(format!("{file}: STAT of {} dwords", s.raw.len()));
                    }
                }
                Err(e) => failures.push(format!("{file}: STAT: {e}")),
            }
        }
        // Unknown chunks are listed, known ones are not.
        for u in c.unknown_chunks() {
            if fourcc::KNOWN.contains(&u.fourcc) {
                failures.push(format!("{file}: known chunk listed as unknown"));
            }
        }
    }
    println!(
        "{} containers, {checksum_false} checksum mismatches, {sig_count} signatures, {rdef_count} RDEF chunks",
        entries.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(checksum_false, 3);
    assert_eq!(rdef_count, 1373);
}

// ---------------------------------------------------------------------------
// Corpus: fxc listings versus the parsed chunks

/// One row of a listing signature table, columns as printed.
#[derive(Debug)]
struct SigRow {
    name: String,
    index: String,
    mask: String,
    register: String,
    sysvalue: String,
    format: String,
    used: String,
}

/// A column's byte range `[start, end)` in a listing table.
type Span = (usize, usize);

/// Spans of the dash runs of a table's underline.
fn column_spans(dashes: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, ch) in dashes.char_indices() {
        match (ch == '-', start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, dashes.len()));
    }
    spans
}

/// The lines of the table that follows `title` (a line such as
/// `// Input signature:`): its column spans and its rows. `None` when the
/// listing has no such table.
fn listing_table<'a>(text: &'a str, title: &str) -> Option<(Vec<Span>, Vec<&'a str>)> {
    let mut lines = text.lines().skip_while(|l| l.trim_end() != title);
    lines.next()?;
    let mut lines = lines.skip_while(|l| !l.starts_with("// Name"));
    lines.next()?;
    let dashes = lines.next()?;
    let spans = column_spans(dashes);
    let rows = lines
        .take_while(|l| l.starts_with("//") && l.trim_end() != "//")
        .filter(|l| !l.starts_with("// no "))
        .collect();
    Some((spans, rows))
}

/// Cuts a printf-style table row into its columns. A value wider than its
/// column pushes the rest of the row right, so the shift accumulates.
fn split_columns(line: &str, spans: &[Span]) -> Vec<String> {
    let bytes = line.as_bytes();
    let mut shift = 0;
    let mut out = Vec::with_capacity(spans.len());
    for (k, &(s, e)) in spans.iter().enumerate() {
        let start = (s + shift).min(line.len());
        let mut end = (e + shift).min(line.len());
        if k + 1 < spans.len() {
            while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
                end += 1;
                shift += 1;
            }
        } else {
            end = line.len();
        }
        out.push(line.get(start..end).unwrap_or("").trim().to_string());
    }
    out
}

fn listing_signature(text: &str, title: &str) -> Option<Vec<SigRow>> {
    let (spans, rows) = listing_table(text, title)?;
    if spans.len() != 7 {
        return None;
    }
    Some(
        rows.iter()
            .map(|line| {
                let mut cols = split_columns(line, &spans).into_iter();
                let mut next = || cols.next().unwrap_or_default();
                SigRow {
                    name: next(),
                    index: next(),
                    mask: next(),
                    register: next(),
                    sysvalue: next(),
                    format: next(),
                    used: next(),
                }
            })
            .collect(),
    )
}

fn mask_letters(mask: u8) -> String {
    "xyzw"
        .chars()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| c)
        .collect()
}

fn letters(col: &str) -> String {
    col.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Differences between a listing row and a parsed element (empty when they
/// agree).
fn compare_row(row: &SigRow, e: &SignatureElement, is_output: bool) -> Vec<String> {
    let mut d = Vec::new();
    // Multi-stream geometry-shader outputs are listed as `m<stream>:<name>`.
    let name = match row.name.split_once(':') {
        Some((m, rest)) if m.starts_with('m') => {
            if m[1..] != e.stream.to_string() {
                d.push(format!("stream {m} vs {}", e.stream));
            }
            rest
        }
        _ => row.name.as_str(),
    };
    if name != e.name {
        d.push(format!("name {} vs {}", row.name, e.name));
    }
    if row.index != e.semantic_index.to_string() {
        d.push(format!("index {} vs {}", row.index, e.semantic_index));
    }
    let used = if is_output {
        e.mask & !e.rw_mask
    } else {
        e.rw_mask
    };
    if e.has_no_register() {
        // Registerless scalars: fxc prints the operand name as the register,
        // `N/A` as the mask and YES/NO as the use.
        let reg = match e.effective_system_value() {
            SignatureSystemValue::Depth => "oDepth",
            SignatureSystemValue::DepthGreaterEqual => "oDepthGE",
            SignatureSystemValue::DepthLessEqual => "oDepthLE",
            SignatureSystemValue::Coverage if is_output => "oMask",
            SignatureSystemValue::StencilRef => "oStencilRef",
            SignatureSystemValue::PrimitiveId => "primID",
            _ => "?",
        };
        let yes = if used != 0 { "YES" } else { "NO" };
        if row.mask != "N/A" || row.register != reg || row.used != yes {
            d.push(format!(
                "registerless: {} {} {} vs {reg} {yes}",
                row.mask, row.register, row.used
            ));
        }
    } else {
        if letters(&row.mask) != mask_letters(e.mask) {
            d.push(format!("mask {:?} vs {:#x}", row.mask, e.mask));
        }
        if row.register != e.register.to_string() {
            d.push(format!("register {} vs {}", row.register, e.register));
        }
        if letters(&row.used) != mask_letters(used) {
            d.push(format!(
                "used {:?} vs mask {:#x} rw {:#x}",
                row.used, e.mask, e.rw_mask
            ));
        }
    }
    let sv = e.effective_system_value().listing_name();
    if row.sysvalue != sv {
        d.push(format!("sysvalue {} vs {sv}", row.sysvalue));
    }
    if row.format != e.listing_format() {
        d.push(format!("format {} vs {}", row.format, e.listing_format()));
    }
    d
}

fn listing_entries() -> Vec<(Value, String)> {
    manifest()
        .into_iter()
        .filter(|e| field(e, "asm_kind") == "fxc_listing")
        .filter_map(|e| {
            let path = corpus_dir().join(field(&e, "asm_file"));
            let text = std::fs::read_to_string(path).ok()?;
            Some((e, text))
        })
        .collect()
}

#[test]
fn listing_signatures_agree_with_parsed_signatures() {
    let entries = listing_entries();
    assert!(entries.len() >= 900, "only {} listings", entries.len());
    let (mut compared, mut agreeing, mut rows_total) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for (entry, text) in &entries {
        let file = field(entry, "file");
        let c = Container::parse(&read_blob(entry), ParseOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut any = false;
        let mut diffs = Vec::new();
        for (title, choices, is_output) in [
            ("// Input signature:", INPUT, false),
            ("// Output signature:", OUTPUT, true),
            ("// Patch Constant signature:", PATCH, false),
        ] {
            let Some(rows) = listing_signature(text, title) else {
                continue;
            };
            any = true;
            let elements = match signature(&c, choices) {
                Some(Ok(s)) => s.elements,
                Some(Err(e)) => {
                    diffs.push(format!("{title} parse error {e}"));
                    continue;
                }
                None => Vec::new(),
            };
            // A hull shader's patch-constant signature is an output.
            let hull = field(entry, "stage") == "hs";
            let is_output = is_output || (hull && choices == PATCH);
            if rows.len() != elements.len() {
                diffs.push(format!(
                    "{title} {} rows vs {} elements",
                    rows.len(),
                    elements.len()
                ));
                continue;
            }
            rows_total += rows.len();
            for (row, e) in rows.iter().zip(&elements) {
                let d = compare_row(row, e, is_output);
                if !d.is_empty() {
                    diffs.push(format!("{title} {}: {}", row.name, d.join(", ")));
                }
            }
        }
        if any {
            compared += 1;
            if diffs.is_empty() {
                agreeing += 1;
            } else {
                failures.push(format!("{file}: {}", diffs.join("; ")));
            }
        }
    }
    let pct = 100.0 * agreeing as f64 / compared.max(1) as f64;
    println!(
        "signature listings: {agreeing}/{compared} shaders agree ({pct:.2}%), {rows_total} rows compared"
    );
    assert!(
        compared >= 900,
        "only {compared} listings had signature tables"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `Type` column fxc prints for a binding.
fn listing_type(b: &ResourceBinding) -> &'static str {
    match b.input_type {
        ShaderInputType::Cbuffer => "cbuffer",
        ShaderInputType::Tbuffer => "tbuffer",
        ShaderInputType::Sampler if b.is_comparison_sampler() => "sampler_c",
        ShaderInputType::Sampler => "sampler",
        t if t.is_uav() => "UAV",
        _ => "texture",
    }
}

#[test]
fn listing_resource_bindings_agree_with_rdef() {
    let entries = listing_entries();
    let (mut compared, mut agreeing, mut rows_total) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for (entry, text) in &entries {
        let file = field(entry, "file");
        let Some((spans, rows)) = listing_table(text, "// Resource Bindings:") else {
            continue;
        };
        let c = Container::parse(&read_blob(entry), ParseOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let Some((_, data)) = c.find(fourcc::RDEF) else {
            failures.push(format!("{file}: listing has bindings but no RDEF"));
            continue;
        };
        let rdef = Rdef::parse(data).unwrap_or_else(|e| panic!("{file}: {e}"));
        compared += 1;
        let mut diffs = Vec::new();
        if rows.len() != rdef.bindings.len() {
            diffs.push(format!(
                "{} rows vs {} bindings",
                rows.len(),
                rdef.bindings.len()
            ));
        }
        // Column layouts: `Slot Elements` (old fxc), `HLSL Bind Count`, or
        // `ID HLSL Bind Count` (5.1).
        let old_layout = spans.len() == 6 && text.contains("Dim Slot Elements");
        for (row, b) in rows.iter().zip(&rdef.bindings) {
            rows_total += 1;
            let tok: Vec<&str> = row.get(3..).unwrap_or("").split_whitespace().collect();
            let n = tok.len();
            if n < 6 {
                diffs.push(format!("short row {row:?}"));
                continue;
            }
            if tok[0] != b.name {
                diffs.push(format!("name {} vs {}", tok[0], b.name));
            }
            if tok[1] != listing_type(b) {
                diffs.push(format!("{}: type {} vs {:?}", b.name, tok[1], b.input_type));
            }
            let count = if b.bind_count == 0 {
                "unbounded".to_string()
            } else {
                b.bind_count.to_string()
            };
            if tok[n - 1] != count {
                diffs.push(format!("{}: count {} vs {count}", b.name, tok[n - 1]));
            }
            let bind = if old_layout {
                b.bind_point.to_string()
            } else {
                let mut s = format!("{}{}", b.input_type.register_prefix(), b.bind_point);
                if let Some(space) = b.space.filter(|&s| s != 0) {
                    s.push_str(&format!(",space{space}"));
                }
                s
            };
            if tok[n - 2] != bind {
                diffs.push(format!("{}: bind {} vs {bind}", b.name, tok[n - 2]));
            }
            if spans.len() == 7 {
                // 5.1: the ID column (`T0`, `CB1`, `S2`, `U0`).
                let id = b.id.map(|i| {
                    let p = b.input_type.register_prefix().to_ascii_uppercase();
                    format!("{p}{i}")
                });
                if Some(tok[n - 3].to_string()) != id {
                    diffs.push(format!("{}: id {} vs {id:?}", b.name, tok[n - 3]));
                }
            }
        }
        if diffs.is_empty() {
            agreeing += 1;
        } else {
            failures.push(format!("{file}: {}", diffs.join("; ")));
        }
    }
    let pct = 100.0 * agreeing as f64 / compared.max(1) as f64;
    println!(
        "resource-binding listings: {agreeing}/{compared} shaders agree ({pct:.2}%), {rows_total} rows compared"
    );
    assert!(
        compared >= 500,
        "only {compared} listings had binding tables"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Hand-made containers

/// Builds a container from chunks, with a correct checksum.
fn build(chunks: &[(FourCc, Vec<u8>)]) -> Vec<u8> {
    let header = 32 + 4 * chunks.len();
    let mut out = vec![0u8; header];
    out[..4].copy_from_slice(b"DXBC");
    out[20..22].copy_from_slice(&1u16.to_le_bytes());
    out[28..32].copy_from_slice(&(chunks.len() as u32).to_le_bytes());
    for (i, (cc, data)) in chunks.iter().enumerate() {
        let off = out.len() as u32;
        out[32 + 4 * i..36 + 4 * i].copy_from_slice(&off.to_le_bytes());
        out.extend_from_slice(cc);
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(data);
    }
    let total = out.len() as u32;
    out[24..28].copy_from_slice(&total.to_le_bytes());
    let sum = checksum::container_checksum(&out);
    out[4..20].copy_from_slice(&sum);
    out
}

fn put(v: &mut [u8], off: usize, x: u32) {
    v[off..off + 4].copy_from_slice(&x.to_le_bytes());
}

/// An `ISGN` with one element `TEXCOORD0` at v1.xy, read mask x.
fn isgn_one() -> Vec<u8> {
    let mut d = vec![0u8; 8 + 24];
    put(&mut d, 0, 1);
    put(&mut d, 4, 8);
    put(&mut d, 8, 32); // name offset
    put(&mut d, 12, 0); // semantic index
    put(&mut d, 16, 0); // system value
    put(&mut d, 20, 3); // float32
    put(&mut d, 24, 1); // register
    d[28] = 0b0011;
    d[29] = 0b0001;
    d.extend_from_slice(b"TEXCOORD\0\0\0\0");
    d
}

#[test]
fn built_container_round_trips() {
    let blob = build(&[(*b"ISGN", isgn_one()), (*b"ZZZZ", vec![1, 2, 3, 4])]);
    let c = Container::parse(&blob, ParseOptions::strict()).expect("valid container");
    assert!(c.checksum_ok);
    assert_eq!(c.chunks.len(), 2);
    assert_eq!(c.chunks[0].offset, 40);
    let unknown: Vec<_> = c.unknown_chunks().collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].fourcc, *b"ZZZZ");
    assert_eq!(unknown[0].size, 4);
    assert_eq!(c.chunk_data(unknown[0]), &[1, 2, 3, 4]);
    let (_, data) = c.find(fourcc::ISGN).expect("ISGN");
    let sig = Signature::parse(fourcc::ISGN, data).expect("signature");
    assert_eq!(sig.elements.len(), 1);
    let e = &sig.elements[0];
    assert_eq!(e.name, "TEXCOORD");
    assert_eq!(e.register, 1);
    assert_eq!(e.mask, 3);
    assert_eq!(e.rw_mask, 1);
    assert_eq!(e.listing_format(), "float");
}

#[test]
fn trailing_bytes_after_total_size_are_tolerated() {
    let mut blob = build(&[(*b"ZZZZ", vec![0; 4])]);
    let total = blob.len();
    blob.extend_from_slice(&[0xAB; 3]);
    let c = Container::parse(&blob, ParseOptions::strict()).expect("parses");
    assert_eq!(c.trailing_bytes, 3);
    assert_eq!(c.bytes().len(), total);
    assert!(c.checksum_ok);
}

#[test]
fn checksum_mismatch_is_recorded_or_fatal() {
    let mut blob = build(&[(*b"ZZZZ", vec![7; 12])]);
    let last = blob.len() - 1;
    blob[last] ^= 0xFF;
    let c = Container::parse(&blob, ParseOptions::default()).expect("lenient parse");
    assert!(!c.checksum_ok);
    let e = Container::parse(&blob, ParseOptions::strict()).expect_err("strict parse");
    assert!(
        matches!(e.kind(), ErrorKind::ChecksumMismatch { .. }),
        "{e}"
    );
    assert_eq!(e.offset(), 4);
}

#[test]
fn bad_magic() {
    let mut blob = build(&[]);
    blob[0] = b'X';
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("bad magic");
    assert_eq!(e.kind(), &ErrorKind::BadMagic(*b"XXBC"));
    assert_eq!(e.offset(), 0);
}

#[test]
fn truncated_header() {
    let blob = build(&[]);
    for n in [0usize, 3, 4, 20, 31] {
        let e = Container::parse(&blob[..n], ParseOptions::default()).expect_err("truncated");
        if n < 4 {
            assert!(matches!(e.kind(), ErrorKind::Truncated { .. }), "{n}: {e}");
        } else {
            assert_eq!(
                e.kind(),
                &ErrorKind::Truncated {
                    needed: 32,
                    available: n as u64
                },
                "{n}"
            );
        }
        assert_eq!(e.offset(), 0);
    }
}

#[test]
fn total_size_larger_than_blob() {
    let mut blob = build(&[(*b"ZZZZ", vec![0; 4])]);
    let len = blob.len() as u32;
    put(&mut blob, 24, len + 4);
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("too big");
    assert_eq!(
        e.kind(),
        &ErrorKind::Truncated {
            needed: len as u64 + 4,
            available: len as u64
        }
    );
    assert_eq!(e.offset(), 24);
}

#[test]
fn chunk_count_past_end() {
    let mut blob = build(&[(*b"ZZZZ", vec![0; 4])]);
    put(&mut blob, 28, 0x4000_0000);
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("count");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OutOfRange {
                what: "chunk count",
                value: 0x4000_0000,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.offset(), 28);
}

#[test]
fn chunk_offset_past_end() {
    let mut blob = build(&[(*b"ISGN", isgn_one()), (*b"ZZZZ", vec![0; 4])]);
    let len = blob.len() as u32;
    put(&mut blob, 36, len); // second chunk's offset
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("offset");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OutOfRange {
                what: "chunk offset",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.offset(), 36);
    // Pointing into the chunk table is refused as well.
    put(&mut blob, 36, 8);
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("offset");
    assert_eq!(
        e.kind(),
        &ErrorKind::OutOfRange {
            what: "chunk offset (below the end of the chunk table)",
            value: 8,
            limit: 40
        }
    );
    assert_eq!(e.offset(), 36);
}

#[test]
fn chunk_size_past_end() {
    let mut blob = build(&[(*b"ZZZZ", vec![0; 4])]);
    // The chunk header is at 36; its size field at 40.
    put(&mut blob, 40, 5);
    let e = Container::parse(&blob, ParseOptions::default()).expect_err("size");
    assert_eq!(
        e.kind(),
        &ErrorKind::OutOfRange {
            what: "chunk size",
            value: 5,
            limit: 4
        }
    );
    assert_eq!(e.offset(), 40);
    assert_eq!(e.chunk(), Some(*b"ZZZZ"));
}

#[test]
fn signature_name_offset_out_of_bounds() {
    let mut isgn = isgn_one();
    put(&mut isgn, 8, 0x1000);
    let blob = build(&[(*b"ISGN", isgn)]);
    let c = Container::parse(&blob, ParseOptions::default()).expect("container is fine");
    let (entry, data) = c.find(fourcc::ISGN).expect("ISGN");
    let e = Signature::parse(fourcc::ISGN, data).expect_err("name offset");
    assert_eq!(
        e.kind(),
        &ErrorKind::OutOfRange {
            what: "semantic name offset",
            value: 0x1000,
            limit: data.len() as u64
        }
    );
    assert_eq!(e.offset(), 8, "offset of the name field in the chunk");
    let e = e.in_chunk(fourcc::ISGN, entry.data_offset());
    assert_eq!(e.offset(), 8 + 44, "rebased onto the container");
    assert_eq!(e.chunk(), Some(fourcc::ISGN));
}

#[test]
fn signature_unterminated_name_and_huge_count() {
    let mut isgn = isgn_one();
    let n = isgn.len();
    isgn[n - 4..].copy_from_slice(b"XXXX"); // overwrite the NUL padding
    let e = Signature::parse(fourcc::ISGN, &isgn).expect_err("unterminated");
    assert!(matches!(e.kind(), ErrorKind::Malformed(_)), "{e}");
    assert_eq!(e.offset(), 32);

    let mut isgn = isgn_one();
    put(&mut isgn, 0, u32::MAX);
    let e = Signature::parse(fourcc::ISGN, &isgn).expect_err("count");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OutOfRange {
                what: "signature element count",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.offset(), 0);
}

/// A minimal SM4 RDEF: one cbuffer `cb` with one `float4 v` at offset 0, and
/// one binding for it.
fn rdef_one() -> Vec<u8> {
    let mut d = vec![0u8; 28];
    put(&mut d, 0, 1); // cb count
    put(&mut d, 4, 28); // cb offset
    put(&mut d, 8, 1); // binding count
    put(&mut d, 12, 28 + 24); // binding offset
    put(&mut d, 16, 0xFFFF_0400); // ps_4_0
    put(&mut d, 20, 0);
    // cbuffer descriptor at 28
    d.resize(28 + 24 + 32, 0);
    let var_off = d.len() as u32; // variable at 84
    d.resize(d.len() + 24, 0);
    let type_off = d.len() as u32; // type at 108
    d.resize(d.len() + 16, 0);
    let strings = d.len() as u32; // "cb\0\0v\0\0\0creator\0"
    d.extend_from_slice(b"cb\0\0v\0\0\0creator\0");
    put(&mut d, 24, strings + 8);
    put(&mut d, 28, strings);
    put(&mut d, 32, 1);
    put(&mut d, 36, var_off);
    put(&mut d, 40, 16);
    // binding
    put(&mut d, 52, strings);
    put(&mut d, 56, 0); // cbuffer
    put(&mut d, 72, 0); // bind point
    put(&mut d, 76, 1); // bind count
                        // variable
    put(&mut d, var_off as usize, strings + 4);
    put(&mut d, var_off as usize + 8, 16);
    put(&mut d, var_off as usize + 12, 2);
    put(&mut d, var_off as usize + 16, type_off);
    // type: vector float 1x4
    let t = type_off as usize;
    d[t..t + 2].copy_from_slice(&1u16.to_le_bytes());
    d[t + 2..t + 4].copy_from_slice(&3u16.to_le_bytes());
    d[t + 4..t + 6].copy_from_slice(&1u16.to_le_bytes());
    d[t + 6..t + 8].copy_from_slice(&4u16.to_le_bytes());
    d
}

#[test]
fn rdef_minimal_parses() {
    let r = Rdef::parse(&rdef_one()).expect("rdef");
    assert_eq!(r.creator, "creator");
    assert_eq!(r.constant_buffers.len(), 1);
    let cb = &r.constant_buffers[0];
    assert_eq!(cb.name, "cb");
    assert_eq!(cb.size, 16);
    assert_eq!(cb.variables[0].name, "v");
    assert!(cb.variables[0].is_used());
    assert_eq!(cb.variables[0].ty.columns, 4);
    assert_eq!(r.bindings[0].name, "cb");
    assert_eq!(
        r.binding_for_register("cb", 0).map(|b| b.name.as_str()),
        Some("cb")
    );
    assert!(r.rd11.is_none());
}

#[test]
fn rdef_self_referencing_struct_is_bounded() {
    let mut d = rdef_one();
    let var_off = 84usize;
    let type_off = 108usize;
    // Make the type a struct with one member whose type is itself.
    let member_off = d.len() as u32;
    d.extend_from_slice(&[0; 12]);
    let strings = 124u32;
    put(&mut d, member_off as usize, strings + 4);
    put(&mut d, member_off as usize + 4, type_off as u32);
    d[type_off..type_off + 2].copy_from_slice(&5u16.to_le_bytes());
    d[type_off + 10..type_off + 12].copy_from_slice(&1u16.to_le_bytes());
    put(&mut d, type_off + 12, member_off);
    let _ = var_off;
    let e = Rdef::parse(&d).expect_err("recursion");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OutOfRange {
                what: "type nesting depth",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn rdef_counts_are_checked_before_allocating() {
    let mut d = rdef_one();
    put(&mut d, 8, 0x1000_0000);
    let e = Rdef::parse(&d).expect_err("binding count");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OutOfRange {
                what: "resource binding count",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.offset(), 8);
    let mut d = rdef_one();
    put(&mut d, 32, u32::MAX); // variable count
    let e = Rdef::parse(&d).expect_err("variable count");
    assert!(matches!(
        e.kind(),
        ErrorKind::OutOfRange {
            what: "variable count",
            ..
        }
    ));
    assert_eq!(e.offset(), 32);
}

#[test]
fn rdef_type_offset_out_of_bounds() {
    let mut d = rdef_one();
    let len = d.len() as u32;
    put(&mut d, 84 + 16, len - 8); // the variable's type offset; 16 bytes needed
    let e = Rdef::parse(&d).expect_err("type offset");
    assert_eq!(
        e.kind(),
        &ErrorKind::OutOfRange {
            what: "type descriptor offset",
            value: len as u64 - 8,
            limit: len as u64 - 16
        }
    );
    assert_eq!(e.offset(), 84 + 16);
}

#[test]
fn rdef_sm5_requires_rd11() {
    let mut d = rdef_one();
    put(&mut d, 16, 0xFFFF_0500);
    let e = Rdef::parse(&d).expect_err("no RD11");
    assert!(matches!(e.kind(), ErrorKind::Malformed(_)), "{e}");
    assert_eq!(e.offset(), 28);
}

#[test]
fn small_chunks() {
    let s = Sfi0::parse(&[1, 0, 0, 0, 2, 0, 0, 0]).expect("sfi0");
    assert_eq!(s.flags, 0x2_0000_0001);
    assert!(s.has(Sfi0::DOUBLES));
    assert!(Sfi0::parse(&[1, 0, 0]).is_err());
    let mut stat = vec![0u8; 37 * 4];
    put(&mut stat, 0, 12);
    put(&mut stat, 4 * 36, 3);
    let st = Stat::parse(&stat).expect("stat");
    assert_eq!(st.instruction_count, 12);
    assert_eq!(st.sm5.map(|s| s.texture_store_instructions), Some(3));
    let e = Stat::parse(&stat[..20]).expect_err("short stat");
    assert!(matches!(e.kind(), ErrorKind::Truncated { .. }));
}

/// Every 7th prefix and many single-byte corruptions of sampled real
/// containers parse or fail without panicking.
#[test]
fn corrupted_corpus_blobs_never_panic() {
    let entries = manifest();
    for entry in entries.iter().step_by(97) {
        let blob = read_blob(entry);
        for n in (0..blob.len()).step_by(7) {
            let _ = Container::parse(&blob[..n], ParseOptions::default());
        }
        // Whole-shader parse of corrupted blobs (the checksum is not
        // verified by default, so the corruption reaches the chunk readers
        // and the decoder).
        for i in (0..blob.len()).step_by(5) {
            let mut b = blob.clone();
            b[i] ^= 0x5A;
            let _ = dxlower_dxbc::parse(&b);
        }
        let c = Container::parse(&blob, ParseOptions::default()).expect("corpus blob");
        for chunk in &c.chunks {
            let data = c.chunk_data(chunk);
            for i in (0..data.len()).step_by(3) {
                let mut d = data.to_vec();
                d[i] ^= 0xA5;
                match chunk.fourcc {
                    fourcc::RDEF => {
                        let _ = Rdef::parse(&d);
                    }
                    cc if dxlower_dxbc::signature::SignatureLayout::of(cc).is_some() => {
                        let _ = Signature::parse(cc, &d);
                    }
                    fourcc::STAT => {
                        let _ = Stat::parse(&d);
                    }
                    _ => {}
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Whole shaders

#[test]
fn corpus_shaders_parse() {
    let entries = manifest();
    let mut failures = Vec::new();
    let mut parsed = 0;
    for entry in &entries {
        let file = field(entry, "file");
        let bytes = read_blob(entry);
        let shader = match dxlower_dxbc::parse(&bytes) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{file}: {e}"));
                continue;
            }
        };
        parsed += 1;
        let stage = shader.stage().prefix();
        if stage != field(entry, "stage") {
            failures.push(format!("{file}: stage {stage}"));
        }
        let (major, minor) = shader.model();
        if format!("{major}_{minor}") != field(entry, "shader_model") {
            failures.push(format!("{file}: model {major}_{minor}"));
        }
        if cc_str(&shader.code_chunk) != field(entry, "code_chunk") {
            failures.push(format!("{file}: code chunk {}", cc_str(&shader.code_chunk)));
        }
        let ok = entry.get("checksum_ok").and_then(Value::as_bool);
        if Some(shader.container.checksum_ok) != ok {
            failures.push(format!("{file}: checksum_ok"));
        }
        let has = |cc: &str| {
            entry
                .get("chunks")
                .and_then(Value::as_array)
                .is_some_and(|a| a.iter().any(|v| v.as_str() == Some(cc)))
        };
        if shader.rdef.is_some() != has("RDEF")
            || shader.stat.is_some() != has("STAT")
            || shader.sfi0.is_some() != has("SFI0")
            || shader.input_signature.is_some() != (has("ISGN") || has("ISG1"))
        {
            failures.push(format!(
                "{file}: optional chunks disagree with the manifest"
            ));
        }
        if let Some(rdef) = &shader.rdef {
            if rdef.target.program_type.to_program_type() != Some(shader.stage()) {
                failures.push(format!("{file}: RDEF program type {:?}", rdef.target));
            }
        }
        // Strict parsing fails exactly on the checksum mismatches.
        let strict = dxlower_dxbc::parse_with(&bytes, ParseOptions::strict());
        if strict.is_ok() != shader.container.checksum_ok {
            failures.push(format!("{file}: strict parse {:?}", strict.err()));
        }
    }
    println!("{parsed}/{} shaders parse", entries.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(parsed, 2627);
}

#[test]
fn missing_program_chunk() {
    let blob = build(&[(*b"ISGN", isgn_one())]);
    let e = dxlower_dxbc::parse(&blob).expect_err("no program");
    assert_eq!(e.kind(), &ErrorKind::MissingProgram);
}

#[test]
fn program_errors_are_rebased_onto_the_container() {
    // A program whose declared length (dword 1) exceeds its chunk.
    let mut shex = vec![0u8; 8];
    put(&mut shex, 0, 0x0000_0050); // ps_5_0
    put(&mut shex, 4, 100);
    let blob = build(&[(*b"ISGN", isgn_one()), (*b"SHEX", shex)]);
    let e = dxlower_dxbc::parse(&blob).expect_err("bad length");
    assert_eq!(e.chunk(), Some(fourcc::SHEX));
    let c = Container::parse(&blob, ParseOptions::default()).expect("container");
    let (entry, _) = c.find(fourcc::SHEX).expect("SHEX");
    assert!(
        e.offset() >= entry.data_offset(),
        "offset {:#x} not inside the chunk at {:#x}",
        e.offset(),
        entry.data_offset()
    );
}

#[test]
fn signature_errors_are_rebased_in_shader_parse() {
    let mut isgn = isgn_one();
    put(&mut isgn, 8, 0x1000);
    let mut shex = vec![0u8; 8];
    put(&mut shex, 0, 0x0000_0050);
    put(&mut shex, 4, 2);
    let blob = build(&[(*b"ISGN", isgn), (*b"SHEX", shex)]);
    let e = dxlower_dxbc::parse(&blob).expect_err("bad name");
    assert_eq!(e.chunk(), Some(fourcc::ISGN));
    assert_eq!(e.offset(), 40 + 8 + 8);
}
