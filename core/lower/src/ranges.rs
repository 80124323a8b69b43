//! Relative indexing of the input and output files (`v[r0.x + 1]`,
//! `o[r1.y + 2]`) inside the ranges `dcl_indexrange` declares.
//!
//! Every `v#`/`o#` register is its own GLSL variable (`in_COLOR1`,
//! `vs_TEXCOORD0`), which GLSL cannot index. A range that some instruction
//! indexes relatively therefore gets a local array of its registers'
//! bits, `uvec4 dxlower_v<first>[count]` (`dxlower_o<first>` for outputs):
//!
//! - an input range is copied from the input variables at the start of
//!   `main` (each lane's bits, `0u` for a lane no declaration maps); every
//!   read of the range, relative or not, reads the copy or the variable
//!   alike, and relative reads read the array;
//! - an output range starts at zero; every write to a register of the
//!   range, relative or not, goes to the array, which is copied to the
//!   output variables before every return of `main` (the stage epilogue).
//!
//! The element of `v[rel + imm]` is `rel + imm - first`. D3D leaves an index
//! outside the declared range undefined (Microsoft, "dcl_indexRange (sm4 -
//! asm)"; `lowerings/decl-io/docs/decl-io.md#dcl_indexrange`): the index is
//! clamped into the range, so a read outside it reads the nearest register
//! of the range and a write outside it writes that register — one of the
//! values "undefined" allows, and never an out-of-bounds GLSL access. The
//! array holds `uvec4` so that integer and float registers keep their exact
//! bits.

use crate::ctx::DeclCtx;
use crate::error::LowerError;
use crate::regs;
use crate::Ty;
use dxlower_dxbc::{Instruction, Operand, OperandType};
use std::fmt::Write;

/// Calls `f(file, register)` for every relatively indexed `v#`/`o#`
/// operand of `inst`, at any depth of its indices.
fn relative_io(inst: &Instruction, f: &mut dyn FnMut(OperandType, u64)) {
    fn walk(op: &Operand, f: &mut dyn FnMut(OperandType, u64)) {
        if let (OperandType::Input | OperandType::Output, Some(i)) = (op.ty, op.indices.first()) {
            if i.rel.is_some() {
                f(op.ty, i.imm);
            }
        }
        for rel in op.indices.iter().filter_map(|i| i.rel.as_deref()) {
            walk(rel, f);
        }
    }
    for op in &inst.operands {
        walk(op, f);
    }
}

/// After the declarations: marks the ranges some instruction indexes
/// relatively (one pass over the program, a binary search per indexed
/// operand) and gives each its array — the copy of an input range at the
/// start of `main`, the zeroed output array and its copy to the outputs
/// before every return. The ranges lie below register 4096 and do not
/// overlap, so the text is bounded by the declared registers.
pub(crate) fn emit(cx: &mut DeclCtx<'_>) -> Result<(), LowerError> {
    if cx.st.index_ranges.is_empty() {
        return Ok(());
    }
    let program = cx.st.input.program;
    let mut marks = Vec::new();
    for inst in program
        .instructions
        .iter()
        .filter(|i| !i.opcode.is_declaration())
    {
        relative_io(inst, &mut |file, reg| {
            if let Some(range) = cx.st.index_range(file, reg) {
                marks.push(range.key());
            }
        });
    }
    marks.sort_unstable();
    marks.dedup();
    for k in 0..cx.st.index_ranges.len() {
        let range = cx.st.index_ranges[k].clone();
        if marks.binary_search(&range.key()).is_err() {
            continue;
        }
        cx.st.index_ranges[k].indexed = true;
        let name = range.name();
        cx.out.decl(format_args!("uvec4 {name}[{}];", range.count));
        let input = range.file == OperandType::Input;
        let file = if input { &cx.st.inputs } else { &cx.st.outputs };
        let mut early = Vec::new();
        let mut epilogue = String::new();
        for e in 0..range.count {
            let reg = range.first + e;
            if !input {
                early.push(format!("{name}[{e}] = uvec4(0u);"));
                // One statement when the register is one whole vec4
                // variable, else one per lane.
                let whole = (0..4u8)
                    .map(|l| file.get(reg, l))
                    .collect::<Option<Vec<_>>>();
                if let Some(lanes) = whole {
                    let v = cx.st.vars.get(lanes[0].var as usize);
                    if let Some(v) = v.filter(|v| {
                        !v.scalar
                            && v.width == 4
                            && lanes
                                .iter()
                                .enumerate()
                                .all(|(k, l)| l.var == lanes[0].var && usize::from(l.comp) == k)
                    }) {
                        let mut value = String::new();
                        regs::write_bitcast(
                            &mut value,
                            Ty::Uint,
                            v.ty,
                            4,
                            &format_args!("{name}[{e}]"),
                        )
                        .map_err(|_| LowerError::invalid("output range copy"))?;
                        let _ = writeln!(epilogue, "{} = {value};", v.name);
                        continue;
                    }
                }
                for l in 0..4u8 {
                    let Some(lane) = file.get(reg, l) else {
                        continue;
                    };
                    let v = cx.st.vars.get(lane.var as usize).ok_or_else(|| {
                        LowerError::invalid(format!("o{reg}: no output variable"))
                    })?;
                    let mut target = v.name.clone();
                    if !v.scalar {
                        target.push('.');
                        target.push(regs::XYZW[lane.comp as usize & 3]);
                    }
                    let mut value = String::new();
                    let base = format!("{name}[{e}].{}", regs::XYZW[l as usize]);
                    regs::write_bitcast(&mut value, Ty::Uint, v.ty, 1, &base)
                        .map_err(|_| LowerError::invalid("output range copy"))?;
                    let _ = writeln!(epilogue, "{target} = {value};");
                }
                continue;
            }
            if (0..4u8).all(|l| file.get(reg, l).is_some()) {
                let mut all = String::new();
                crate::operands::write_mapped(&mut all, &cx.st, file, reg, &[0, 1, 2, 3], Ty::Uint)
                    .map_err(|_| LowerError::invalid("input range copy"))?;
                early.push(format!("{name}[{e}] = {all};"));
                continue;
            }
            let mut lanes = [String::new(), String::new(), String::new(), String::new()];
            for (l, text) in lanes.iter_mut().enumerate() {
                match file.get(reg, l as u8) {
                    Some(_) => {
                        crate::operands::write_mapped(
                            text,
                            &cx.st,
                            file,
                            reg,
                            &[l as u8],
                            Ty::Uint,
                        )
                        .map_err(|_| LowerError::invalid("input range copy"))?;
                    }
                    None => text.push_str("0u"),
                }
            }
            early.push(format!(
                "{name}[{e}] = uvec4({}, {}, {}, {});",
                lanes[0], lanes[1], lanes[2], lanes[3]
            ));
        }
        for s in early {
            cx.out.early(format_args!("{s}"));
        }
        if !epilogue.is_empty() {
            cx.out.epilogue(&epilogue);
        }
    }
    Ok(())
}
