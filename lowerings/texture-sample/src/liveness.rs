//! A conservative forward scan: which lanes of a temp written by one
//! instruction can a later instruction read?
//!
//! `resinfo` uses it to drop a written-but-dead mip-count lane instead of
//! refusing the shader: fxc writes `resinfo_uint r0.xyzw, l(0), t0.xyzw`
//! for `GetDimensions(w, h)` and overwrites `r0.w` before any read.
//!
//! The scan over-approximates reads and under-approximates kills, so a lane
//! it reports dead is dead on every path:
//! - a read is any non-destination operand naming the register whose
//!   swizzle lists the lane (all four swizzle letters count, whatever the
//!   instruction reads of them), or a relative index reading it;
//! - a kill is a write of the lane (a destination in mask mode) at the
//!   instruction's own nesting level, not inside a block opened after it
//!   and not in a sibling branch (`else`, `case`) of a block around it;
//! - an instruction inside a loop, and any `call`/`callc`/`fcall` met on
//!   the way (a subroutine may read the register), make every lane live;
//! - `ret` at the instruction's level, a `label` (the end of the main
//!   body) and the end of the program end the scan with the remaining
//!   lanes dead;
//! - a scan that has not ended after [`SCAN_LIMIT`] instructions reports
//!   the remaining lanes live, so that each query costs a bounded number of
//!   steps and a program of many `resinfo`s stays linear in its length
//!   (README "Untrusted input"). No corpus shader comes near the limit.

use dxlower_dxbc::{Components, Instruction, Opcode, Operand, OperandType, Program};

/// True when `op` (or a relative index inside it) reads lanes of
/// `r{reg}` in `lanes`.
fn reads(op: &Operand, reg: u32, lanes: u8, is_source: bool) -> bool {
    for idx in &op.indices {
        if let Some(rel) = &idx.rel {
            if reads(rel, reg, lanes, true) {
                return true;
            }
        }
    }
    if !is_source || op.ty != OperandType::Temp || op.reg() != Some(reg) {
        return false;
    }
    let listed = match op.components {
        Components::Swizzle(s) => s.iter().fold(0u8, |m, &c| m | 1 << (c & 3)),
        Components::Select1(c) => 1 << (c & 3),
        Components::One => 1,
        // A temp source is always a swizzle or a select; anything else is
        // treated as a read of every lane.
        _ => 0xF,
    };
    listed & lanes != 0
}

/// Whether `op` is a destination write (a temp in mask mode) of `r{reg}`,
/// and its mask.
fn writes(op: &Operand, reg: u32) -> u8 {
    match (op.ty, op.components) {
        (OperandType::Temp, Components::Mask(m)) if op.reg() == Some(reg) => m,
        _ => 0,
    }
}

/// How many instructions after the write a scan looks at before it
/// reports the remaining lanes live.
pub const SCAN_LIMIT: usize = 1024;

/// The position of `inst` in `program` (instructions are in dword-offset
/// order: a binary search, confirmed by identity).
pub fn index_of(program: &Program, inst: &Instruction) -> Option<usize> {
    let insts = &program.instructions;
    insts
        .binary_search_by_key(&inst.offset, |x| x.offset)
        .ok()
        .filter(|&i| std::ptr::eq(&insts[i], inst))
        .or_else(|| insts.iter().position(|x| std::ptr::eq(x, inst)))
}

/// The loop depth of the program before an instruction, kept between the
/// queries of one stage (handlers run in program order, so the whole stage
/// costs one pass over the program).
#[derive(Default)]
pub struct LoopCursor {
    next: usize,
    depth: i64,
}

impl LoopCursor {
    /// Whether instruction `at` is inside a `loop`.
    pub fn in_loop(&mut self, program: &Program, at: usize) -> bool {
        if at < self.next {
            *self = LoopCursor::default();
        }
        for inst in program.instructions.get(self.next..at).unwrap_or_default() {
            match inst.opcode {
                Opcode::Loop => self.depth += 1,
                Opcode::Endloop => self.depth -= 1,
                _ => {}
            }
        }
        self.next = at;
        self.depth > 0
    }
}

/// The lanes of `mask` in `r{reg}`, written by instruction `at`, that some
/// later instruction may read.
pub fn live_after(program: &Program, at: usize, reg: u32, mask: u8) -> u8 {
    let in_loop = LoopCursor::default().in_loop(program, at);
    live_after_in(program, at, in_loop, reg, mask)
}

/// [`live_after`] when whether `at` is inside a loop is known.
pub fn live_after_in(program: &Program, at: usize, in_loop: bool, reg: u32, mask: u8) -> u8 {
    let insts = &program.instructions;
    // Inside a loop: a read earlier in the body may see the value on the
    // next iteration.
    if in_loop {
        return mask;
    }
    let mut live = mask;
    // Blocks opened after `at` and still open.
    let mut depth = 0i32;
    // In a sibling branch of a block that encloses `at` (its `else` or a
    // later `case`): instructions there do not run after `at`.
    let mut sibling = false;
    for (n, inst) in insts.iter().skip(at + 1).enumerate() {
        if n >= SCAN_LIMIT {
            return mask;
        }
        match inst.opcode {
            Opcode::If | Opcode::Loop | Opcode::Switch => depth += 1,
            Opcode::Endif | Opcode::Endloop | Opcode::Endswitch => {
                if depth == 0 {
                    // Leaving a block around `at`: its sibling branch ends.
                    sibling = false;
                } else {
                    depth -= 1;
                }
            }
            Opcode::Else | Opcode::Case | Opcode::Default if depth == 0 => sibling = true,
            Opcode::Call | Opcode::Callc | Opcode::InterfaceCall => return mask,
            Opcode::Ret if depth == 0 && !sibling => return 0,
            Opcode::Label => return 0,
            _ => {}
        }
        // Sources are every operand that is not a mask-mode destination.
        for op in &inst.operands {
            let is_source =
                !matches!(op.components, Components::Mask(_)) || op.ty == OperandType::Immediate32;
            if reads(op, reg, live, is_source) {
                return mask;
            }
        }
        if depth == 0 && !sibling {
            for op in &inst.operands {
                live &= !writes(op, reg);
            }
            if live == 0 {
                return 0;
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxlower_dxbc::{Instruction, ProgramType};

    fn m(l: &str) -> Components {
        Components::mask(l).unwrap_or(Components::Mask(0))
    }
    fn s(l: &str) -> Components {
        Components::swizzle(l).unwrap_or(Components::Select1(0))
    }
    fn prog(insts: Vec<Instruction>) -> Program {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        p.instructions = insts;
        p
    }
    fn mov(d: &str, src: Operand) -> Instruction {
        Instruction::new(Opcode::Mov, vec![Operand::temp(0, m(d)), src])
    }
    fn def() -> Instruction {
        Instruction::new(
            Opcode::Resinfo,
            vec![
                Operand::temp(0, m("xyzw")),
                Operand::imm32(0),
                Operand::resource(0),
            ],
        )
    }
    const W: u8 = 8;

    #[test]
    fn killed_before_read_is_dead() {
        let p = prog(vec![
            def(),
            mov("xy", Operand::temp(0, s("xyxx"))),
            mov("w", Operand::imm32(0)),
            mov("xyzw", Operand::temp(0, s("xyzw"))),
        ]);
        assert_eq!(live_after(&p, 0, 0, W), 0);
        assert_eq!(live_after(&p, 0, 0, 0b0011), 0b0011);
    }

    #[test]
    fn read_before_kill_is_live() {
        let p = prog(vec![
            def(),
            mov("x", Operand::temp(0, s("w"))),
            mov("w", Operand::imm32(0)),
        ]);
        assert_eq!(live_after(&p, 0, 0, W), W);
        // Another register's `.w` does not count.
        let q = prog(vec![
            def(),
            Instruction::new(
                Opcode::Mov,
                vec![Operand::temp(1, m("x")), Operand::temp(2, s("w"))],
            ),
        ]);
        assert_eq!(live_after(&q, 0, 0, W), 0);
    }

    #[test]
    fn conditional_kill_and_loops_stay_live() {
        let cond = Operand::temp(1, s("x"));
        let p = prog(vec![
            def(),
            Instruction::new(Opcode::If, vec![cond.clone()]),
            mov("w", Operand::imm32(0)),
            Instruction::new(Opcode::Endif, vec![]),
            mov("x", Operand::temp(0, s("w"))),
        ]);
        assert_eq!(live_after(&p, 0, 0, W), W);
        let l = prog(vec![
            Instruction::new(Opcode::Loop, vec![]),
            mov("x", Operand::temp(0, s("w"))),
            def(),
            mov("w", Operand::imm32(0)),
            Instruction::new(Opcode::Endloop, vec![]),
        ]);
        assert_eq!(live_after(&l, 2, 0, W), W);
        // A relative index reads its register.
        let r = prog(vec![
            def(),
            Instruction::new(
                Opcode::Mov,
                vec![
                    Operand::temp(1, m("x")),
                    Operand::cb(0, 0, s("x")).with_index(
                        1,
                        dxlower_dxbc::Index::relative(0, Operand::temp(0, s("w"))),
                    ),
                ],
            ),
        ]);
        assert_eq!(live_after(&r, 0, 0, W), W);
    }

    #[test]
    fn sibling_branches_and_ends() {
        let cond = Operand::temp(1, s("x"));
        // resinfo in the `if` branch; the `else` branch's write is not a
        // kill, the read after `endif` is live.
        let p = prog(vec![
            Instruction::new(Opcode::If, vec![cond.clone()]),
            def(),
            Instruction::new(Opcode::Else, vec![]),
            mov("w", Operand::imm32(0)),
            Instruction::new(Opcode::Endif, vec![]),
            mov("x", Operand::temp(0, s("w"))),
        ]);
        assert_eq!(live_after(&p, 1, 0, W), W);
        // `ret` at the same level ends the scan; a call makes it live.
        let r = prog(vec![
            def(),
            Instruction::new(Opcode::Ret, vec![]),
            mov("x", Operand::temp(0, s("w"))),
        ]);
        assert_eq!(live_after(&r, 0, 0, W), 0);
        let c = prog(vec![
            def(),
            Instruction::new(
                Opcode::Call,
                vec![Operand::new(OperandType::Label, Components::Zero, &[0])],
            ),
        ]);
        assert_eq!(live_after(&c, 0, 0, W), W);
    }
}
