//! Throughput of the program decoder and encoder over the shared corpus
//! (`cargo bench -p dxlower-dxbc --bench decode`; corpus location as in the
//! tests, `DXLOWER_CORPUS_DIR` to override). A plain timing loop: no
//! benchmark framework needed.

use dxlower_dxbc::{decode_program, encode_program};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

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

fn program_chunk(blob: &[u8]) -> Option<Vec<u8>> {
    let count = u32_at(blob, 28)? as usize;
    (0..count).find_map(|i| {
        let off = u32_at(blob, 32 + 4 * i)? as usize;
        let cc = blob.get(off..off + 4)?;
        let size = u32_at(blob, off + 4)? as usize;
        (cc == b"SHDR" || cc == b"SHEX")
            .then(|| blob.get(off + 8..off + 8 + size).map(<[u8]>::to_vec))
            .flatten()
    })
}

fn main() {
    let dir = corpus_dir();
    let Ok(text) = std::fs::read_to_string(dir.join("manifest.json")) else {
        eprintln!("no corpus at {}; nothing to measure", dir.display());
        return;
    };
    let manifest: Vec<serde_json::Value> = serde_json::from_str(&text).expect("manifest");
    let programs: Vec<Vec<u8>> = manifest
        .iter()
        .filter_map(|e| std::fs::read(dir.join(e["file"].as_str()?)).ok())
        .filter_map(|b| program_chunk(&b))
        .collect();
    let bytes: usize = programs.iter().map(Vec::len).sum();
    let rounds = 20;

    let start = Instant::now();
    let mut instructions = 0usize;
    for _ in 0..rounds {
        for p in &programs {
            let prog = decode_program(black_box(p)).expect("corpus program decodes");
            instructions += prog.instructions.len();
        }
    }
    let decode = start.elapsed().as_secs_f64();

    let decoded: Vec<_> = programs
        .iter()
        .map(|p| decode_program(p).expect("decodes"))
        .collect();
    let start = Instant::now();
    let mut words = 0usize;
    for _ in 0..rounds {
        for p in &decoded {
            words += encode_program(black_box(p)).len();
        }
    }
    let encode = start.elapsed().as_secs_f64();

    let mib = (bytes * rounds) as f64 / (1024.0 * 1024.0);
    println!(
        "decode: {} programs x {rounds}, {:.1} MiB, {:.3} s, {:.0} MiB/s, {:.1} M instructions/s",
        programs.len(),
        mib,
        decode,
        mib / decode,
        instructions as f64 / decode / 1e6
    );
    println!(
        "encode: {:.3} s, {:.0} MiB/s",
        encode,
        (words * 4) as f64 / (1024.0 * 1024.0) / encode
    );
}
