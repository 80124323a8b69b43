//! Seeded mutants of real shaders: the damaged bytecode dxlower must turn
//! into a named error or GLSL that compiles (README "Untrusted input").
//!
//! A mutant is a corpus container with 1–4 dwords of its program tokens
//! changed (never the version and length tokens, never the container or
//! the other chunks), each by one of the damages an attacker or a broken
//! download produces: a bit flipped, a random word, a word copied from
//! elsewhere in the program, or another opcode number in an instruction's
//! opcode token (its length and flags kept). The container checksum is left
//! stale: nothing in a translation reads it.
//!
//! Everything is deterministic in the seed (a SplitMix64 generator, no
//! dependency), so a failing mutant is reproduced from its seed and file.

/// SplitMix64: a small deterministic generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for this seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// One changed dword of a mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// One bit flipped.
    BitFlip,
    /// A random word.
    RandomWord,
    /// A word copied from another place of the program.
    CopiedWord,
    /// Another opcode number in an instruction's opcode token.
    OtherOpcode,
}

/// A mutant: the damaged container and what was changed.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// The container with the damaged program.
    pub bytes: Vec<u8>,
    /// The changes, as `dword N: old -> new (damage)`.
    pub changes: Vec<String>,
}

/// Where the program's tokens are in a container: the byte offset of the
/// first token and the number of dwords (from the length token), or `None`
/// when the container does not parse.
pub fn program_span(bytes: &[u8]) -> Option<(usize, usize)> {
    let shader = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked()).ok()?;
    let entry = shader.code_chunk_entry()?;
    let start = usize::try_from(entry.data_offset()).ok()?;
    let len = (entry.size as usize / 4).min((bytes.len().saturating_sub(start)) / 4);
    let word = |i: usize| {
        let b = bytes.get(start + 4 * i..start + 4 * i + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    // The length token counts the version and length tokens.
    let declared = word(1)?;
    Some((start, declared.min(len)))
}

/// The dword offsets of the instructions' opcode tokens.
fn opcode_tokens(bytes: &[u8]) -> Vec<usize> {
    dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked())
        .map(|s| {
            s.program
                .instructions
                .iter()
                .map(|i| i.offset as usize)
                .collect()
        })
        .unwrap_or_default()
}

/// Mutates `bytes` (a container that parses) with the generator: 1–4
/// dwords of the program tokens changed. `None` when the container has no
/// program tokens to change.
pub fn mutate(bytes: &[u8], rng: &mut Rng) -> Option<Mutant> {
    let (start, len) = program_span(bytes)?;
    if len <= 2 {
        return None;
    }
    let opcodes = opcode_tokens(bytes);
    let mut out = bytes.to_vec();
    let read = |b: &[u8], i: usize| {
        let at = start + 4 * i;
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    };
    let n = 1 + rng.below(4);
    let mut changes = Vec::with_capacity(n);
    for _ in 0..n {
        let damage = match rng.below(4) {
            0 => Damage::BitFlip,
            1 => Damage::RandomWord,
            2 => Damage::CopiedWord,
            _ => Damage::OtherOpcode,
        };
        let (at, new) = match damage {
            Damage::OtherOpcode if !opcodes.is_empty() => {
                let at = opcodes[rng.below(opcodes.len())];
                // Opcode numbers of SM4/5 are below 0xDF; keep the length
                // and flags of the token.
                let code = rng.below(0xE0) as u32;
                (at, (read(&out, at) & !0x7FF) | code)
            }
            Damage::CopiedWord => {
                let at = 2 + rng.below(len - 2);
                (at, read(&out, 2 + rng.below(len - 2)))
            }
            Damage::RandomWord => (2 + rng.below(len - 2), rng.next_u64() as u32),
            _ => {
                let at = 2 + rng.below(len - 2);
                (at, read(&out, at) ^ (1 << rng.below(32)))
            }
        };
        if at < 2 || at >= len {
            continue;
        }
        let old = read(&out, at);
        out[start + 4 * at..start + 4 * at + 4].copy_from_slice(&new.to_le_bytes());
        changes.push(format!(
            "dword {at}: {old:#010x} -> {new:#010x} ({damage:?})"
        ));
    }
    Some(Mutant {
        bytes: out,
        changes,
    })
}
