//! The block structure of a program: the rules of `if`/`else`/`endif`,
//! `loop`/`endloop`, `switch`/`case`/`default`/`endswitch`, `break` and
//! `continue`, checked once over the whole program before anything is
//! lowered ([`check_program`]), so that a program the D3D runtime rejects
//! ends in a named error in time linear in its length, never in GLSL with
//! unbalanced braces.
//!
//! The rules (D3D11.3 functional specification §7.12 "Limitations on Flow
//! Control and Subroutine Nesting", and the `if`, `loop` and `switch`
//! pages of the shader-model 4/5 assembly reference):
//! - every block opened in main or in a subroutine body (the instructions
//!   after a `label`) is closed in the same body, by its own closing
//!   instruction;
//! - blocks nest at most [`NESTING_LIMIT`] (64) deep per subroutine and main
//!   (`D3D11_COMMONSHADER_FLOWCONTROL_NESTING_LIMIT`; "each switch block
//!   counts as 1 level"); deeper is undefined on D3D and refused here;
//! - `else` follows an open `if` that has no `else` yet; `case` and
//!   `default` sit directly in a `switch`; `break`/`breakc` sit in a `loop`
//!   or `switch`, `continue`/`continuec` in a `loop`.
//!
//! The cmp-controlflow family applies the same [`step`] to find the blocks
//! open around an instruction.

use dxlower_dxbc::{Instruction, Opcode};

/// How deep flow-control blocks may nest per subroutine and main
/// (`D3D11_COMMONSHADER_FLOWCONTROL_NESTING_LIMIT`, D3D11.3 §7.12).
pub const NESTING_LIMIT: usize = 64;

/// A structured block opened by a DXBC instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// `if` … (`else` …) `endif`; `has_else` once the `else` is seen.
    If {
        /// Whether the `else` branch has started.
        has_else: bool,
    },
    /// `loop` … `endloop`.
    Loop,
    /// `switch` … `endswitch`.
    Switch,
}

impl Block {
    /// The instruction that opens the block.
    pub fn opener(self) -> &'static str {
        match self {
            Block::If { .. } => "if",
            Block::Loop => "loop",
            Block::Switch => "switch",
        }
    }
}

/// Applies one instruction to the stack of open blocks (innermost last).
/// `Err` names the rule broken (the caller adds where).
pub fn step(stack: &mut Vec<Block>, inst: &Instruction) -> Result<(), String> {
    let op = inst.opcode;
    let bad = |what: &str| format!("`{}`: {what}", op.mnemonic());
    let push = |stack: &mut Vec<Block>, b: Block| {
        if stack.len() >= NESTING_LIMIT {
            return Err(bad(&format!(
                "opens flow-control level {}; D3D11 allows {NESTING_LIMIT} levels per \
                 subroutine and main (D3D11_COMMONSHADER_FLOWCONTROL_NESTING_LIMIT)",
                stack.len() + 1
            )));
        }
        stack.push(b);
        Ok(())
    };
    match op {
        Opcode::If => push(stack, Block::If { has_else: false })?,
        Opcode::Loop => push(stack, Block::Loop)?,
        Opcode::Switch => push(stack, Block::Switch)?,
        Opcode::Else => match stack.last_mut() {
            Some(Block::If { has_else }) if !*has_else => *has_else = true,
            _ => return Err(bad("no open `if` without `else`")),
        },
        Opcode::Endif => match stack.pop() {
            Some(Block::If { .. }) => {}
            _ => return Err(bad("no open `if`")),
        },
        Opcode::Endloop => match stack.pop() {
            Some(Block::Loop) => {}
            _ => return Err(bad("no open `loop`")),
        },
        Opcode::Endswitch => match stack.pop() {
            Some(Block::Switch) => {}
            _ => return Err(bad("no open `switch`")),
        },
        Opcode::Case | Opcode::Default if stack.last() != Some(&Block::Switch) => {
            return Err(bad("label outside the top level of a `switch`"));
        }
        Opcode::Break | Opcode::Breakc
            if !stack
                .iter()
                .any(|b| matches!(b, Block::Loop | Block::Switch)) =>
        {
            return Err(bad("not inside a `loop` or `switch`"));
        }
        Opcode::Continue | Opcode::Continuec if !stack.contains(&Block::Loop) => {
            return Err(bad("not inside a `loop`"));
        }
        _ => {}
    }
    Ok(())
}

/// Checks the block structure of the whole program (see the module docs):
/// `Err` is the index of the instruction that breaks a rule (for a block
/// left open, the instruction that opened it) and the rule in words.
///
/// One pass, no allocation beyond the stack of open blocks, which never
/// holds more than [`NESTING_LIMIT`] entries: a program of any length and
/// any nesting is answered in time linear in its length.
pub fn check_program(insts: &[Instruction]) -> Result<(), (usize, String)> {
    let mut stack: Vec<Block> = Vec::new();
    // The instruction that opened each block of `stack`.
    let mut openers: Vec<usize> = Vec::new();
    let unclosed = |stack: &[Block], openers: &[usize], end: &str| {
        let (Some(b), Some(&at)) = (stack.last(), openers.last()) else {
            return Ok(());
        };
        Err((
            at,
            format!(
                "`{}`: not closed before {end} ({} block{} open)",
                b.opener(),
                stack.len(),
                if stack.len() == 1 { "" } else { "s" }
            ),
        ))
    };
    for (i, inst) in insts.iter().enumerate() {
        if inst.opcode == Opcode::Label {
            // A subroutine body starts: the previous body must be closed.
            unclosed(&stack, &openers, "the end of its body (a `label` follows)")?;
            continue;
        }
        let before = stack.len();
        step(&mut stack, inst).map_err(|e| (i, e))?;
        if stack.len() > before {
            openers.push(i);
        } else if stack.len() < before {
            openers.pop();
        }
    }
    unclosed(&stack, &openers, "the end of the program")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(op: Opcode) -> Instruction {
        Instruction::new(op, vec![])
    }

    #[test]
    fn balanced_programs_pass() {
        use Opcode::*;
        let p: Vec<_> = [
            Loop, If, Else, Endif, Switch, Default, Break, Endswitch, Endloop, Ret,
        ]
        .into_iter()
        .map(i)
        .collect();
        assert_eq!(check_program(&p), Ok(()));
    }

    #[test]
    fn unclosed_blocks_name_their_opener() {
        use Opcode::*;
        let p: Vec<_> = [Ret, Loop, If, Endif].into_iter().map(i).collect();
        let (at, msg) = check_program(&p).unwrap_err();
        assert_eq!(at, 1);
        assert!(
            msg.contains("`loop`: not closed before the end of the program"),
            "{msg}"
        );
        let mut q: Vec<_> = [Ret, Label, If].into_iter().map(i).collect();
        q.push(i(Label));
        let (at, msg) = check_program(&q).unwrap_err();
        assert_eq!(at, 2);
        assert!(
            msg.contains("`if`: not closed before the end of its body"),
            "{msg}"
        );
    }

    #[test]
    fn nesting_stops_at_the_limit() {
        let deep = |n: usize| {
            let mut p = vec![i(Opcode::If); n];
            p.extend(vec![i(Opcode::Endif); n]);
            p
        };
        assert_eq!(check_program(&deep(NESTING_LIMIT)), Ok(()));
        let (at, msg) = check_program(&deep(NESTING_LIMIT + 1)).unwrap_err();
        assert_eq!(at, NESTING_LIMIT);
        assert!(msg.contains("level 65"), "{msg}");
        // Each subroutine body has its own budget.
        let mut p = deep(NESTING_LIMIT);
        p.push(i(Opcode::Label));
        p.extend(deep(NESTING_LIMIT));
        assert_eq!(check_program(&p), Ok(()));
    }
}
