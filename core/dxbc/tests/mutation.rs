//! Deterministic mutations of corpus programs (truncations, bit flips, dword
//! replacements, length-token edits): the decoder must never panic, and any
//! mutated program it accepts must re-encode to exactly the dwords it read.
//!
//! The random source is a fixed-seed xorshift generator, so every run tries
//! the same variants. Corpus location as in `roundtrip.rs`.

mod common;

use common::{corpus_dir, Rng};
use dxlower_dxbc::{decode_program, encode_program};

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let s = b.get(off..off + 4)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn program_chunk(blob: &[u8]) -> Option<Vec<u8>> {
    if blob.get(..4)? != b"DXBC" {
        return None;
    }
    let count = u32_at(blob, 28)? as usize;
    for i in 0..count {
        let off = u32_at(blob, 32 + 4 * i)? as usize;
        let cc = blob.get(off..off + 4)?;
        let size = u32_at(blob, off + 4)? as usize;
        if cc == b"SHDR" || cc == b"SHEX" {
            return blob.get(off + 8..off + 8 + size).map(<[u8]>::to_vec);
        }
    }
    None
}

fn load_programs() -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir();
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("corpus manifest");
    let v: serde_json::Value = serde_json::from_str(&text).expect("manifest is JSON");
    v.as_array()
        .expect("manifest is an array")
        .iter()
        .filter_map(|e| {
            let file = e["file"].as_str()?.to_string();
            let blob = std::fs::read(dir.join(&file)).ok()?;
            Some((file.clone(), program_chunk(&blob)?))
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    tried: usize,
    accepted: usize,
    rejected: usize,
}

/// Decodes `data`; if accepted, checks the exact re-encoding.
fn check(name: &str, what: &str, data: &[u8], tally: &mut Tally) {
    tally.tried += 1;
    match decode_program(data) {
        Ok(program) => {
            tally.accepted += 1;
            let words = encode_program(&program);
            let original: Vec<u32> = data
                .chunks_exact(4)
                .take(words.len())
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            assert_eq!(
                words, original,
                "{name}: {what}: accepted but re-encodes differently"
            );
        }
        Err(e) => {
            tally.rejected += 1;
            // Offsets stay inside (or at the end of) the data.
            assert!(
                e.offset() <= data.len() as u64,
                "{name}: {what}: offset {} past {}",
                e.offset(),
                data.len()
            );
            let _ = e.to_string();
        }
    }
}

fn set_dword(data: &mut [u8], i: usize, v: u32) {
    data[i * 4..i * 4 + 4].copy_from_slice(&v.to_le_bytes());
}

fn get_dword(data: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([
        data[i * 4],
        data[i * 4 + 1],
        data[i * 4 + 2],
        data[i * 4 + 3],
    ])
}

#[test]
fn mutated_programs_never_panic_and_accepted_ones_reencode_exactly() {
    let programs = load_programs();
    assert!(programs.len() > 100, "corpus not found or too small");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tally = Tally::default();

    // Sample programs, weighted toward small ones to keep debug runtime low.
    let samples = 1500;
    for _ in 0..samples {
        let (name, original) = &programs[rng.below(programs.len())];
        if original.len() > 64 * 1024 && rng.below(8) != 0 {
            continue;
        }
        let n = original.len() / 4;
        let declared = (get_dword(original, 1) as usize).min(n);

        // 1. Truncations at random byte lengths (often not a multiple of 4).
        for _ in 0..4 {
            let cut = rng.below(original.len() + 1);
            check(name, "truncated", &original[..cut], &mut tally);
        }
        // 2. Truncations at a dword boundary with the length token following
        //    the cut, so instructions end mid-way.
        for _ in 0..6 {
            let cut = 2 + rng.below(declared.saturating_sub(1));
            let mut d = original[..cut * 4].to_vec();
            set_dword(&mut d, 1, cut as u32);
            check(name, "truncated with length", &d, &mut tally);
        }
        // 3. Single and multiple bit flips inside the program.
        for k in 0..20 {
            let mut d = original.clone();
            for _ in 0..1 + k % 4 {
                let i = rng.below(declared.max(1));
                let bit = rng.below(32);
                let v = get_dword(&d, i) ^ (1 << bit);
                set_dword(&mut d, i, v);
            }
            check(name, "bit flips", &d, &mut tally);
        }
        // 4. Dword replacements with interesting values.
        for _ in 0..10 {
            let mut d = original.clone();
            let i = 2 + rng.below(declared.saturating_sub(2).max(1));
            if i >= n {
                continue;
            }
            let v = match rng.below(6) {
                0 => 0,
                1 => u32::MAX,
                2 => 0x8000_0000 | get_dword(&d, i),
                3 => get_dword(&d, i) & 0x80ff_ffff | (rng.below(128) as u32) << 24,
                4 => get_dword(&d, i) ^ (7 << 22),
                _ => rng.next() as u32,
            };
            set_dword(&mut d, i, v);
            check(name, "dword replaced", &d, &mut tally);
        }
        // 5. Length token edits.
        for v in [
            0u32,
            1,
            2,
            3,
            declared as u32 - 1,
            declared as u32 + 1,
            u32::MAX,
        ] {
            let mut d = original.clone();
            set_dword(&mut d, 1, v);
            check(name, "length token", &d, &mut tally);
        }
        // 6. Version token edits.
        for _ in 0..2 {
            let mut d = original.clone();
            let v = get_dword(&d, 0) ^ (1 << rng.below(32));
            set_dword(&mut d, 0, v);
            check(name, "version flip", &d, &mut tally);
        }
    }
    println!(
        "mutation: {} variants, {} accepted (re-encoded exactly), {} rejected with an error",
        tally.tried, tally.accepted, tally.rejected
    );
    assert!(tally.tried > 10_000);
    assert!(tally.accepted > 0 && tally.rejected > 0);
}

/// Hand-made hostile programs: deep relative nesting, huge counts, long
/// lengths.
#[test]
fn hostile_programs_are_errors_not_panics() {
    let bytes = |w: &[u32]| w.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    // ps_5_0, mov r0.x, r[r[r[...]]] nested 40 deep.
    let mut w = vec![0x0000_0050, 0, 0x7f00_0036, 0x0010_0012, 0];
    // r[<relative>].x: one index dimension, relative representation.
    w.extend([0x0090_000a; 40]);
    w.push(0x0010_000a);
    w.push(0);
    let len = w.len() as u32;
    w[1] = len;
    w[2] = 0x36 | (len - 2) << 24;
    let e = decode_program(&bytes(&w)).expect_err("too deep");
    assert!(e.site().is_some());
    assert!(
        matches!(e.kind(), dxlower_dxbc::ErrorKind::OutOfRange { what, .. } if what.contains("nesting")),
        "{e}"
    );

    // dcl_function_table claiming 2^32-1 bodies.
    let w = [0x0000_0050, 5, 0x0400_0091, 0, 0xffff_ffff];
    assert!(decode_program(&bytes(&w)).is_err());
    // dcl_interface claiming 65535 tables.
    let w = [0x0000_0050, 6, 0x0500_0092, 0, 1, 0xffff];
    assert!(decode_program(&bytes(&w)).is_err());
    // customdata with a length past the end.
    let w = [0x0000_0050, 4, 0x0000_1835, 0xffff_fff0];
    assert!(decode_program(&bytes(&w)).is_err());
    // Long-length fcall with a huge length.
    let w = [0x0000_0050, 4, 0x8000_0078, 0x7fff_ffff];
    assert!(decode_program(&bytes(&w)).is_err());
    // Program length of 2^32-1 dwords.
    let w = [0x0000_0050, 0xffff_ffff];
    assert!(decode_program(&bytes(&w)).is_err());
}
