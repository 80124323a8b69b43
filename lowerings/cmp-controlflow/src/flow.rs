//! Structure of the program around one instruction.
//!
//! Handlers see one instruction at a time, but control flow needs its
//! surroundings: which blocks are open (an `else` needs an `if`, a `case`
//! must sit directly in a `switch`), whether an instruction ends its
//! subroutine, whether a derivative can run after a `discard`. These
//! functions answer from the decoded program (the frozen stage state holds
//! it). The nesting rules are the core's ([`dxlower_core::structure`]),
//! which checks the whole program before anything is lowered, so malformed
//! nesting is an invalid-program error, never unbalanced GLSL.

use dxlower_core::{Ctx, LowerError};
use dxlower_dxbc::{Instruction, Opcode};

pub(crate) use dxlower_core::structure::Block;

/// The program's instructions.
pub(crate) fn instructions<'a>(cx: &Ctx<'a>) -> &'a [Instruction] {
    &cx.state().input.program.instructions
}

/// Position of `inst` in the program being lowered.
pub(crate) fn index_of(cx: &Ctx<'_>, inst: &Instruction) -> Result<usize, LowerError> {
    let insts = instructions(cx);
    // Decoded instructions are in offset order; confirm by identity.
    if let Ok(i) = insts.binary_search_by_key(&inst.offset, |x| x.offset) {
        if insts.get(i).is_some_and(|x| std::ptr::eq(x, inst)) {
            return Ok(i);
        }
    }
    insts
        .iter()
        .position(|x| std::ptr::eq(x, inst))
        .ok_or_else(|| LowerError::invalid("instruction is not part of the program being lowered"))
}

/// Index of the first instruction of the code segment holding `idx`: 0 for
/// the main program, the instruction after the closest `label` otherwise.
pub(crate) fn segment_start(insts: &[Instruction], idx: usize) -> usize {
    insts
        .get(..idx)
        .unwrap_or(insts)
        .iter()
        .rposition(|x| x.opcode == Opcode::Label)
        .map_or(0, |l| l + 1)
}

/// Index one past the last instruction of the segment holding `idx`: the
/// next `label`, or the end of the program.
pub(crate) fn segment_end(insts: &[Instruction], idx: usize) -> usize {
    insts
        .iter()
        .enumerate()
        .skip(idx + 1)
        .find(|(_, x)| x.opcode == Opcode::Label)
        .map_or(insts.len(), |(i, _)| i)
}

/// Applies one instruction to the block stack (the core's rules,
/// [`dxlower_core::structure::step`]); `Err` names the mismatch. The core
/// checks the whole program before lowering, so a translation never sees
/// these errors; a handler run on its own (the test harness) does.
fn step(stack: &mut Vec<Block>, inst: &Instruction, at: usize) -> Result<(), LowerError> {
    dxlower_core::structure::step(stack, inst)
        .map_err(|e| LowerError::InvalidProgram(format!("{e} (instruction {at})")))
}

/// The blocks open just before instruction `idx` in its segment (innermost
/// last), after checking the nesting of everything before it.
pub(crate) fn open_blocks(insts: &[Instruction], idx: usize) -> Result<Vec<Block>, LowerError> {
    let mut stack = Vec::new();
    let start = segment_start(insts, idx);
    for (at, inst) in insts.iter().enumerate().take(idx).skip(start) {
        step(&mut stack, inst, at)?;
    }
    Ok(stack)
}

/// How far [`check`] has replayed the nesting of the program: instructions
/// `start..next` (one segment) are applied to `stack`. Handlers run in
/// program order, so each call only replays the instructions since the
/// previous one and the whole stage costs one pass, not one pass per
/// control-flow instruction.
#[derive(Default)]
struct Replay {
    valid: bool,
    start: usize,
    next: usize,
    stack: Vec<Block>,
}

/// Checks instruction `idx` against the blocks open before it and returns
/// the blocks open after it.
pub(crate) fn check(cx: &mut Ctx<'_>, inst: &Instruction) -> Result<Vec<Block>, LowerError> {
    let insts = instructions(cx);
    let idx = index_of(cx, inst)?;
    let r = cx.scratch::<Replay>();
    if !r.valid || r.next > idx {
        // First call, or out of order: replay the segment from its start
        // (exactly `open_blocks`).
        *r = Replay {
            valid: true,
            start: segment_start(insts, idx),
            next: 0,
            stack: Vec::new(),
        };
        r.next = r.start;
    } else if let Some(l) = insts
        .get(r.next..idx)
        .and_then(|s| s.iter().rposition(|x| x.opcode == Opcode::Label))
    {
        // A `label` since the last call: a new segment starts after it.
        r.start = r.next + l + 1;
        r.next = r.start;
        r.stack.clear();
    }
    for at in r.next..idx {
        if let Some(x) = insts.get(at) {
            if let Err(e) = step(&mut r.stack, x, at) {
                *r = Replay::default();
                return Err(e);
            }
        }
    }
    r.next = idx;
    let mut stack = r.stack.clone();
    step(&mut stack, inst, idx)?;
    Ok(stack)
}

/// The previous instruction of the same segment, if any (constant time:
/// the segment starts after a `label`).
pub(crate) fn previous(insts: &[Instruction], idx: usize) -> Option<&Instruction> {
    idx.checked_sub(1)
        .and_then(|i| insts.get(i))
        .filter(|x| x.opcode != Opcode::Label)
}

/// Whether instruction `idx` is the last of its segment: a `label` or the
/// end of the program follows (constant time).
pub(crate) fn ends_segment(insts: &[Instruction], idx: usize) -> bool {
    match insts.get(idx + 1) {
        Some(next) => next.opcode == Opcode::Label,
        None => true,
    }
}

/// Opcodes whose result depends on the quad's implicit derivatives: the
/// derivative instructions and implicit-LOD sampling.
fn uses_implicit_derivatives(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::DerivRtx
            | Opcode::DerivRty
            | Opcode::DerivRtxCoarse
            | Opcode::DerivRtxFine
            | Opcode::DerivRtyCoarse
            | Opcode::DerivRtyFine
            | Opcode::Sample
            | Opcode::SampleB
            | Opcode::SampleC
            | Opcode::Lod
            | Opcode::SampleClampFeedback
            | Opcode::SampleBClampFeedback
            | Opcode::SampleCClampFeedback
    )
}

/// Whether a derivative or implicit-LOD sample can execute after a
/// `discard` of this program (profiles.md §3 `discard_mode` auto rule).
///
/// Conservative static answer: true when such an instruction follows the
/// first `discard` in program order, when one shares an outermost loop with
/// a `discard` (the next iteration runs it after the discard), or when the
/// program has subroutines and any such instruction (a call can run code
/// in either order).
pub(crate) fn derivative_after_discard(insts: &[Instruction]) -> bool {
    let Some(first) = insts.iter().position(|x| x.opcode == Opcode::Discard) else {
        return false;
    };
    let deriv = |x: &Instruction| uses_implicit_derivatives(x.opcode);
    if insts.iter().skip(first + 1).any(deriv) {
        return true;
    }
    if insts.iter().any(|x| x.opcode == Opcode::Label) && insts.iter().any(deriv) {
        return true;
    }
    let mut depth = 0usize;
    let mut start = 0usize;
    for (i, x) in insts.iter().enumerate() {
        match x.opcode {
            Opcode::Loop => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            Opcode::Endloop if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let body = insts.get(start..i).unwrap_or_default();
                    if body.iter().any(|y| y.opcode == Opcode::Discard) && body.iter().any(deriv) {
                        return true;
                    }
                }
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxlower_dxbc::Operand;

    fn i(op: Opcode) -> Instruction {
        Instruction::new(op, vec![])
    }

    #[test]
    fn nesting_is_checked() {
        let p = [
            i(Opcode::Loop),
            i(Opcode::If),
            i(Opcode::Else),
            i(Opcode::Endif),
            i(Opcode::Endloop),
        ];
        assert_eq!(
            open_blocks(&p, 2).unwrap(),
            [Block::Loop, Block::If { has_else: false }]
        );
        assert_eq!(
            open_blocks(&p, 3).unwrap(),
            [Block::Loop, Block::If { has_else: true }]
        );
        assert_eq!(open_blocks(&p, 5).unwrap(), []);
        let bad = [i(Opcode::If), i(Opcode::Endloop)];
        let e = open_blocks(&bad, 2).unwrap_err();
        assert!(e.to_string().contains("no open `loop`"), "{e}");
        let two_else = [i(Opcode::If), i(Opcode::Else), i(Opcode::Else)];
        assert!(open_blocks(&two_else, 3).is_err());
        let stray_break = [i(Opcode::If), i(Opcode::Break)];
        assert!(open_blocks(&stray_break, 2).is_err());
        let continue_in_switch = [i(Opcode::Switch), i(Opcode::Continue)];
        assert!(open_blocks(&continue_in_switch, 2).is_err());
        let nested_case = [i(Opcode::Switch), i(Opcode::If), i(Opcode::Default)];
        assert!(open_blocks(&nested_case, 3).is_err());
    }

    #[test]
    fn segments_split_at_labels() {
        let l = Instruction::new(Opcode::Label, vec![Operand::imm32(0)]);
        let p = [
            i(Opcode::Ret),
            l.clone(),
            i(Opcode::Loop),
            i(Opcode::Ret),
            l,
        ];
        assert_eq!(segment_start(&p, 0), 0);
        assert_eq!(segment_end(&p, 0), 1);
        assert_eq!(segment_start(&p, 3), 2);
        assert_eq!(segment_end(&p, 2), 4);
        assert_eq!(segment_end(&p, 4), 5);
        // The loop of the subroutine is open before its `ret`, not the
        // blocks of main.
        assert_eq!(open_blocks(&p, 3).unwrap(), [Block::Loop]);
        assert!(previous(&p, 2).is_none());
        assert_eq!(previous(&p, 3).map(|x| x.opcode), Some(Opcode::Loop));
    }

    #[test]
    fn derivative_after_discard_rule() {
        use Opcode::*;
        let p = |ops: &[Opcode]| ops.iter().map(|&o| i(o)).collect::<Vec<_>>();
        assert!(!derivative_after_discard(&p(&[Sample, Discard, Ret])));
        assert!(derivative_after_discard(&p(&[Discard, Sample, Ret])));
        assert!(derivative_after_discard(&p(&[Discard, DerivRtyFine, Ret])));
        // sample_l has an explicit LOD: no derivative.
        assert!(!derivative_after_discard(&p(&[Discard, SampleL, Ret])));
        // Inside one loop, the next iteration samples after the discard.
        assert!(derivative_after_discard(&p(&[
            Loop, Sample, Discard, Endloop, Ret
        ])));
        assert!(!derivative_after_discard(&p(&[
            Loop, Sample, Endloop, Loop, Discard, Endloop, Ret
        ])));
        assert!(!derivative_after_discard(&p(&[Sample, Ret])));
    }
}
