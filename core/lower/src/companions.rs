//! Which temp lanes need their `uvec4` companion under the
//! `FloatVec4UVec4Companions` register model.
//!
//! The companion `rN_u` exists so that integer data goes from an integer
//! producer to an integer consumer without passing through float storage
//! (a driver may flush an integer bit pattern that reads as a denormal
//! float). A lane's companion is worth keeping only when something reads
//! that lane as an integer; every other companion write is dead. This
//! module finds those lanes once per stage, before lowering, from the
//! decoded program alone:
//!
//! - a temp lane read by an operand position the opcode table types as an
//!   integer (`I`, `U`), a resource-typed value (`R`), a double (`D`) or an
//!   untyped value outside the type-less movers (`A`: `store_uav_typed`'s
//!   value, …) needs its companion; so does a temp lane used as a relative
//!   index (`cb0[r1.x + 2]`);
//! - the type-less movers (`mov`, `movc`, `swapc`) copy bits: a value's
//!   lanes need their companion when the destination does — a temp whose
//!   written lanes need theirs, an indexable temp (`x#`, whose companion
//!   array is always kept), or an output whose signature row is not
//!   float; this propagates to a fixed point;
//! - float reads (`F`) need nothing.
//!
//! The analysis ignores control flow and which swizzle lanes an
//! instruction really uses: it can keep a companion that is not needed,
//! never drop one that is. A handler that reads a lane as an integer
//! although the table types it otherwise finds no companion and reads the
//! float view through a bit cast (the `FloatVec4` behaviour), and the
//! stage record gets a note saying so; the corpus test checks that no
//! corpus shader gets that note.

use dxlower_dxbc::{
    signature::ComponentType, Instruction, Opcode, Operand, OperandKind, OperandType, Program,
    Signature,
};

/// Lanes (bit `c` = component `c`) of each temp `r#` whose companion some
/// integer read needs, indexed by register.
pub(crate) fn needed_lanes(program: &Program, outputs: Option<&Signature>) -> Vec<u8> {
    let mut need: Vec<u8> = Vec::new();
    fn mark(need: &mut Vec<u8>, r: u32, lanes: u8) {
        let r = r as usize;
        if r >= 4096 || lanes == 0 {
            return;
        }
        if need.len() <= r {
            need.resize(r + 1, 0);
        }
        need[r] |= lanes;
    }
    let movers: Vec<&Instruction> = program
        .instructions
        .iter()
        .filter(|i| is_mover(i.opcode))
        .collect();
    for inst in &program.instructions {
        if inst.opcode.is_declaration() {
            continue;
        }
        let dsts = inst.opcode.destination_count();
        for (i, op) in inst.operands.iter().enumerate() {
            // Relative indices are integer reads wherever they appear.
            each_relative_temp(op, &mut |r, lanes| mark(&mut need, r, lanes));
            if i < dsts || op.ty != OperandType::Temp {
                continue;
            }
            let integer = match inst.opcode.operand_kind(i) {
                OperandKind::F | OperandKind::N => false,
                OperandKind::A => !is_mover(inst.opcode),
                OperandKind::I | OperandKind::U | OperandKind::R | OperandKind::D => true,
            };
            if integer {
                if let Some(r) = op.reg() {
                    mark(&mut need, r, read_lanes(op));
                }
            }
        }
    }
    // Movers: a value needs its companion where its destination does.
    loop {
        let mut changed = false;
        for inst in &movers {
            let dsts = inst.opcode.destination_count();
            let wants = inst.operands[..dsts.min(inst.operands.len())]
                .iter()
                .any(|d| destination_wants_bits(d, &need, outputs));
            if !wants {
                continue;
            }
            for (i, op) in inst.operands.iter().enumerate().skip(dsts) {
                if op.ty != OperandType::Temp || inst.opcode.operand_kind(i) != OperandKind::A {
                    continue;
                }
                if let Some(r) = op.reg() {
                    let before = need.get(r as usize).copied().unwrap_or(0);
                    mark(&mut need, r, read_lanes(op));
                    changed |= need.get(r as usize).copied().unwrap_or(0) != before;
                }
            }
        }
        if !changed {
            break;
        }
    }
    need
}

/// The type-less movers, whose values are copied bit for bit (their
/// handlers pick the copy type with `Ctx::mover_ty`).
fn is_mover(op: Opcode) -> bool {
    matches!(op, Opcode::Mov | Opcode::Movc | Opcode::Swapc)
}

/// The lanes a source operand reads (every lane its swizzle names).
fn read_lanes(op: &Operand) -> u8 {
    match op.components {
        dxlower_dxbc::Components::Mask(m) => m,
        _ => op.swizzle().iter().fold(0u8, |m, &c| m | 1 << (c & 3)),
    }
}

/// True when a mover's destination must receive exact bits: a temp lane
/// whose companion is needed, an indexable temp, or an output that is not
/// float.
fn destination_wants_bits(d: &Operand, need: &[u8], outputs: Option<&Signature>) -> bool {
    match d.ty {
        OperandType::Temp => d
            .reg()
            .is_some_and(|r| need.get(r as usize).copied().unwrap_or(0) & d.mask() != 0),
        OperandType::IndexableTemp => true,
        OperandType::Output => {
            let Some(sig) = outputs else { return true };
            let Some(r) = d.reg() else { return true };
            sig.elements
                .iter()
                .filter(|e| e.register == r && e.mask & d.mask() != 0)
                .any(|e| e.component_type != ComponentType::Float32)
        }
        OperandType::Null => false,
        _ => true,
    }
}

/// Calls `f(register, lanes)` for every temp used as a relative index in
/// `op` (at any depth).
fn each_relative_temp(op: &Operand, f: &mut dyn FnMut(u32, u8)) {
    for idx in op.indices.iter() {
        if let Some(rel) = &idx.rel {
            if rel.ty == OperandType::Temp {
                if let Some(r) = rel.reg() {
                    f(r, read_lanes(rel));
                }
            }
            each_relative_temp(rel, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxlower_dxbc::{Components, Instruction, Opcode, Operand, ProgramType};

    fn temp(r: u32, c: Components) -> Operand {
        Operand::temp(r, c)
    }

    fn program(insts: Vec<Instruction>) -> Program {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        p.instructions = insts;
        p
    }

    #[test]
    fn float_reads_need_nothing_and_integer_reads_need_their_lanes() {
        let xyzw = Components::Swizzle([0, 1, 2, 3]);
        let p = program(vec![
            // add r0, r1, r2: float reads.
            Instruction::new(
                Opcode::Add,
                vec![temp(0, Components::Mask(0xF)), temp(1, xyzw), temp(2, xyzw)],
            ),
            // iadd r3.x, r4.y, r5.z: integer reads of r4.y and r5.z.
            Instruction::new(
                Opcode::Iadd,
                vec![
                    temp(3, Components::Mask(1)),
                    temp(4, Components::Select1(1)),
                    temp(5, Components::Select1(2)),
                ],
            ),
        ]);
        let need = needed_lanes(&p, None);
        let at = |r: usize| need.get(r).copied().unwrap_or(0);
        assert_eq!((at(0), at(1), at(2), at(3)), (0, 0, 0, 0));
        assert_eq!((at(4), at(5)), (0b0010, 0b0100));
    }

    #[test]
    fn a_move_into_an_integer_read_needs_its_source_lanes() {
        let p = program(vec![
            // mov r1.x, r0.w; mov r2.x, r1.x; ishl r3.x, r2.x, 1
            Instruction::new(
                Opcode::Mov,
                vec![
                    temp(1, Components::Mask(1)),
                    temp(0, Components::Select1(3)),
                ],
            ),
            Instruction::new(
                Opcode::Mov,
                vec![
                    temp(2, Components::Mask(1)),
                    temp(1, Components::Select1(0)),
                ],
            ),
            Instruction::new(
                Opcode::Ishl,
                vec![
                    temp(3, Components::Mask(1)),
                    temp(2, Components::Select1(0)),
                    Operand::imm32(1),
                ],
            ),
            // mov r4, r5 whose destination nothing reads as an integer.
            Instruction::new(
                Opcode::Mov,
                vec![
                    temp(4, Components::Mask(0xF)),
                    temp(5, Components::Swizzle([0, 1, 2, 3])),
                ],
            ),
        ]);
        let need = needed_lanes(&p, None);
        let at = |r: usize| need.get(r).copied().unwrap_or(0);
        assert_eq!((at(0), at(1), at(2)), (0b1000, 0b0001, 0b0001));
        assert_eq!((at(3), at(4), at(5)), (0, 0, 0));
    }
}
