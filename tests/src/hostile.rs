//! Hostile programs built from a real corpus shader with dxlower's own
//! encoder: deep nesting, blocks left open, and millions of repeated real
//! instructions (README "Untrusted input"). Each is a whole DXBC container
//! (the corpus container with its program chunk replaced and the checksum
//! recomputed), so the CLI and the tests read it like any other file.

use dxlower_dxbc::{Components, Instruction, Opcode, Operand, Program};

/// The corpus pixel shader the hostile programs grow from: `sample`, `mul`,
/// `mov`, `ret`, one temp (`r0`).
pub const BASE_PS: &str = "angle/multiplyalpha_ftof_pm_rgba_2d_ps.ps.dxbc";

/// A flow-control block kind to nest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nest {
    /// `if_nz r0.x` … `endif`.
    If,
    /// `loop` … `break` … `endloop`.
    Loop,
    /// `switch r0.x` `default` … `break` `endswitch`.
    Switch,
}

/// `r0.x` as a one-lane source.
fn r0x() -> Operand {
    Operand::temp(0, Components::Select1(0))
}

/// The instructions that open one block of `kind`.
pub fn open(kind: Nest) -> Vec<Instruction> {
    match kind {
        Nest::If => vec![Instruction::new(Opcode::If, vec![r0x()]).with_test_nonzero()],
        Nest::Loop => vec![Instruction::new(Opcode::Loop, vec![])],
        Nest::Switch => vec![
            Instruction::new(Opcode::Switch, vec![r0x()]),
            Instruction::new(Opcode::Default, vec![]),
        ],
    }
}

/// The instructions that close one block of `kind`.
pub fn close(kind: Nest) -> Vec<Instruction> {
    match kind {
        Nest::If => vec![Instruction::new(Opcode::Endif, vec![])],
        Nest::Loop => vec![
            Instruction::new(Opcode::Break, vec![]),
            Instruction::new(Opcode::Endloop, vec![]),
        ],
        Nest::Switch => vec![
            Instruction::new(Opcode::Break, vec![]),
            Instruction::new(Opcode::Endswitch, vec![]),
        ],
    }
}

/// Replaces the program chunk of `container` with `program` (encoded by
/// dxlower's encoder) and recomputes the sizes, offsets and checksum.
pub fn with_program(container: &[u8], program: &Program) -> Vec<u8> {
    let shader = dxlower_dxbc::parse(container).expect("a corpus container parses");
    let code = shader.code_chunk;
    let tokens = dxlower_dxbc::encode_program_bytes(program);
    let chunks: Vec<([u8; 4], Vec<u8>)> = shader
        .container
        .chunks
        .iter()
        .map(|e| {
            let data = if e.fourcc == code {
                tokens.clone()
            } else {
                shader.container.chunk_data(e).to_vec()
            };
            (e.fourcc, data)
        })
        .collect();
    let header = 32 + 4 * chunks.len();
    let total = header + chunks.iter().map(|(_, d)| 8 + d.len()).sum::<usize>();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"DXBC");
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&shader.container.version_major.to_le_bytes());
    out.extend_from_slice(&shader.container.version_minor.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(chunks.len() as u32).to_le_bytes());
    let mut at = header;
    for (_, d) in &chunks {
        out.extend_from_slice(&(at as u32).to_le_bytes());
        at += 8 + d.len();
    }
    for (cc, d) in &chunks {
        out.extend_from_slice(cc);
        out.extend_from_slice(&(d.len() as u32).to_le_bytes());
        out.extend_from_slice(d);
    }
    let sum = dxlower_dxbc::checksum::container_checksum(&out);
    out[4..20].copy_from_slice(&sum);
    out
}

/// `container`'s program with `body` inserted before its final `ret`.
pub fn with_body(container: &[u8], body: impl IntoIterator<Item = Instruction>) -> Vec<u8> {
    let shader = dxlower_dxbc::parse(container).expect("a corpus container parses");
    let mut program = shader.program.clone();
    let ret = program
        .instructions
        .iter()
        .rposition(|i| i.opcode == Opcode::Ret)
        .expect("the base program ends in `ret`");
    let tail = program.instructions.split_off(ret);
    program.instructions.extend(body);
    program.instructions.extend(tail);
    with_program(container, &program)
}

/// `depth` nested blocks of `kind` around nothing, inserted before the
/// final `ret` of `container`.
pub fn nested(container: &[u8], kind: Nest, depth: usize) -> Vec<u8> {
    let body = (0..depth)
        .flat_map(|_| open(kind))
        .chain((0..depth).flat_map(|_| close(kind)));
    with_body(container, body)
}

/// One block of `kind` opened before the final `ret` of `container` and
/// never closed.
pub fn unclosed(container: &[u8], kind: Nest) -> Vec<u8> {
    with_body(container, open(kind))
}

/// `container`'s instructions (declarations and the final `ret` excepted)
/// repeated until the program has at least `bytes` bytes of tokens.
pub fn repeated(container: &[u8], bytes: usize) -> Vec<u8> {
    let shader = dxlower_dxbc::parse(container).expect("a corpus container parses");
    let body: Vec<Instruction> = shader
        .program
        .instructions
        .iter()
        .filter(|i| !i.opcode.is_declaration() && i.opcode != Opcode::Ret)
        .cloned()
        .collect();
    assert!(!body.is_empty(), "the base program has instructions");
    let one = dxlower_dxbc::encode_program_bytes(&Program {
        instructions: body.clone(),
        ..shader.program.clone()
    })
    .len()
    .saturating_sub(8)
    .max(1);
    let copies = bytes.div_ceil(one);
    with_body(container, std::iter::repeat_n(body, copies).flatten())
}

pub use dxlower_core::translate::{within_output_bound, OUTPUT_FACTOR, OUTPUT_SLACK};
