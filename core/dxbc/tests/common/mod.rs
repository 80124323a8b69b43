//! What several corpus tests share: where the corpus is, and the fixed-seed
//! random source of the mutation tests.

use std::path::PathBuf;

/// The shared corpus: `DXLOWER_CORPUS_DIR`, or `shared/corpus` beside the
/// workspace.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("DXLOWER_CORPUS_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus"
        )),
    }
}

/// xorshift64* with a fixed seed, so every run tries the same variants.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}
