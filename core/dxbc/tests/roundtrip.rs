//! Decodes the SHDR/SHEX program of every blob of the shared corpus and
//! checks that the encoder gives back exactly the program's dwords.
//!
//! The corpus is `shared/corpus` beside the workspace (override with
//! `DXLOWER_CORPUS_DIR`); `manifest.json` lists every blob. No blob of the
//! corpus is malformed: every one must decode and re-encode exactly.

use dxlower_dxbc::{decode_program, encode_program, Opcode, Program};
use std::collections::BTreeMap;
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

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let s = b.get(off..off + 4)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// The data of the SHDR or SHEX chunk of a DXBC container (a minimal
/// container walk, independent of the crate's container parser).
fn program_chunk(blob: &[u8]) -> Option<&[u8]> {
    if blob.get(..4)? != b"DXBC" {
        return None;
    }
    let count = u32_at(blob, 28)? as usize;
    for i in 0..count {
        let off = u32_at(blob, 32 + 4 * i)? as usize;
        let cc = blob.get(off..off + 4)?;
        let size = u32_at(blob, off + 4)? as usize;
        if cc == b"SHDR" || cc == b"SHEX" {
            return blob.get(off + 8..off + 8 + size);
        }
    }
    None
}

fn dwords(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

struct Entry {
    file: String,
    code_chunk: String,
}

fn manifest() -> Vec<Entry> {
    let dir = corpus_dir();
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let v: serde_json::Value = serde_json::from_str(&text).expect("manifest.json is JSON");
    v.as_array()
        .expect("manifest is an array")
        .iter()
        .map(|e| Entry {
            file: e["file"].as_str().expect("file").to_string(),
            code_chunk: e["code_chunk"].as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// Opcodes after which fxc sometimes counts one dword more than the
/// operands need (the decoder keeps it in `Instruction::trailing`, the encoder
/// writes it back). Evidence in the corpus:
/// - the `*_feedback` sample instructions of textures that allow texel
///   offsets, when they carry no sample-controls (`aoffimmi`) token: fxc
///   sizes the instruction as if the token were there and leaves the last
///   dword stale, usually `0x0`, `0x2000` for `sample_d_clamp_feedback`
///   (`dxdecompiler/Internal__Operations__Texture_Texture1D`: `sample_l_feedback`
///   `0x900000e4` is 16 dwords for 15, then `0x0`; with an `aoffimmi` token
///   the same instruction is exactly 16 dwords; cube textures, which take no
///   offsets, are never padded);
/// - `sample_pos` with a `t#` operand, never with `rasterizer`
///   (`wine/d3d11__test_standard_pattern__ps_samplepos`: `0x0800006e` is 8
///   dwords for 1 + 2 + 2 + 2, then `0x0`).
fn fxc_pads(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::SamplePos
            | Opcode::SampleLFeedback
            | Opcode::SampleCLzFeedback
            | Opcode::SampleClampFeedback
            | Opcode::SampleBClampFeedback
            | Opcode::SampleCClampFeedback
            | Opcode::SampleDClampFeedback
    )
}

#[test]
fn every_corpus_program_decodes_and_reencodes_exactly() {
    let dir = corpus_dir();
    let entries = manifest();
    assert!(!entries.is_empty(), "empty manifest");

    let mut decoded = 0usize;
    let mut exact = 0usize;
    let mut instructions = 0usize;
    let mut dword_total = 0usize;
    let mut by_opcode: BTreeMap<u16, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut padded = 0usize;

    for e in &entries {
        let blob = std::fs::read(dir.join(&e.file))
            .unwrap_or_else(|err| panic!("cannot read {}: {err}", e.file));
        let Some(chunk) = program_chunk(&blob) else {
            failures.push(format!("{}: no {} chunk found", e.file, e.code_chunk));
            continue;
        };
        let program: Program = match decode_program(chunk) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{}: decode error: {err}", e.file));
                continue;
            }
        };
        decoded += 1;
        let words = dwords(chunk);
        let len = words[1] as usize;
        let original = &words[..len];
        let encoded = encode_program(&program);
        if encoded == original {
            exact += 1;
        } else {
            let first = encoded
                .iter()
                .zip(original)
                .position(|(a, b)| a != b)
                .unwrap_or(encoded.len().min(original.len()));
            failures.push(format!(
                "{}: re-encoding differs at dword {first} (encoded {} dwords, original {})",
                e.file,
                encoded.len(),
                original.len()
            ));
            continue;
        }
        // A well-formed program leaves nothing unconsumed: this checks the
        // operand counts and payload layouts against real bytecode.
        if !program.trailing.is_empty() {
            failures.push(format!("{}: program has trailing dwords", e.file));
        }
        for inst in &program.instructions {
            if inst.trailing.len() == 1 && fxc_pads(inst.opcode) {
                padded += 1;
            } else if !inst.trailing.is_empty() {
                failures.push(format!(
                    "{}: {} at dword {} has {} unconsumed dwords",
                    e.file,
                    inst.opcode,
                    inst.offset,
                    inst.trailing.len()
                ));
            }
            assert!(!inst.opcode.is_reserved());
            *by_opcode.entry(inst.opcode.number()).or_default() += 1;
        }
        instructions += program.instructions.len();
        dword_total += len;
    }

    println!(
        "corpus: {} blobs, {decoded} decoded, {exact} re-encoded exactly, \
         {instructions} instructions, {dword_total} dwords, {} distinct opcodes, \
         {padded} instructions with an fxc padding dword",
        entries.len(),
        by_opcode.len()
    );
    let unseen: Vec<&str> = Opcode::ALL
        .iter()
        .filter(|op| !op.is_reserved() && !by_opcode.contains_key(&op.number()))
        .map(|op| op.mnemonic())
        .collect();
    println!("opcodes never seen in the corpus: {unseen:?}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(decoded, entries.len());
    assert_eq!(exact, entries.len());
}
