//! Shared building blocks of the integer-conv handlers: per-lane helper
//! calls in one vector constructor, destination/source alias detection
//! (`docs/conventions.md#reading-before-writing`), the two-destination writer
//! (`udiv`, `imul`/`umul`, `uaddc`/`usubb`) and shift-count printing.

use dxlower_core::{Ctx, Dst, LowerError, Src, Ty};
use dxlower_dxbc::{Instruction, Operand, OperandType};
use std::fmt::Write;

/// Converts a formatting failure (an operand the register model cannot
/// print) into a lowering error.
pub(crate) fn fmt_err(_: std::fmt::Error) -> LowerError {
    LowerError::invalid("operand cannot be printed by the register model")
}

/// Writes `src` read through its expression lane `k` only (a scalar).
fn write_lane(w: &mut String, s: &Src<'_>, k: usize) -> Result<(), LowerError> {
    let one = s.with_lanes(&[s.lane(k)]);
    write!(w, "{one}").map_err(fmt_err)
}

/// A call of a scalar helper once per lane, all lanes in one vector
/// constructor: `uvec2(f(a.x, b.x), f(a.y, b.y))`, or `f(a.x, b.x)` for one
/// lane. Every source is read before the single assignment that consumes
/// the expression, so the destination may alias any source.
///
/// `args` are the sources read through the destination mask (`n` lanes
/// each); `ty` is the helper's result type.
pub(crate) fn per_lane_call(
    ty: Ty,
    n: u8,
    func: &str,
    args: &[Src<'_>],
) -> Result<String, LowerError> {
    per_lane(ty, n, |w, k| {
        write!(w, "{func}(").map_err(fmt_err)?;
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                w.push_str(", ");
            }
            write_lane(w, a, k)?;
        }
        w.push(')');
        Ok(())
    })
}

/// A vector constructor of `n` per-lane scalar expressions written by
/// `lane(w, k)`; the bare scalar expression for one lane.
pub(crate) fn per_lane(
    ty: Ty,
    n: u8,
    mut lane: impl FnMut(&mut String, usize) -> Result<(), LowerError>,
) -> Result<String, LowerError> {
    let mut w = String::new();
    if n > 1 {
        w.push_str(ty.glsl(n));
        w.push('(');
    }
    for k in 0..n.max(1) as usize {
        if k > 0 {
            w.push_str(", ");
        }
        lane(&mut w, k)?;
    }
    if n > 1 {
        w.push(')');
    }
    Ok(w)
}

/// Lane `k` of a source as a scalar expression (for hand-built per-lane
/// expressions).
pub(crate) fn lane_expr(s: &Src<'_>, k: usize) -> Result<String, LowerError> {
    let mut w = String::new();
    write_lane(&mut w, s, k)?;
    Ok(w)
}

/// The register a destination writes, as (register file, register number):
/// temps, indexable temps and outputs. `None` for `null` and for registers
/// no source can name.
fn reg_key(op: &Operand) -> Option<(OperandType, u32)> {
    match op.ty {
        OperandType::Temp | OperandType::IndexableTemp | OperandType::Output => op
            .indices
            .first()
            .and_then(|i| i.as_imm())
            .map(|r| (op.ty, r)),
        _ => None,
    }
}

/// True when `op` names register `key` itself or inside any relative index
/// (recursively).
fn mentions(op: &Operand, key: (OperandType, u32)) -> bool {
    if reg_key(op) == Some(key) {
        return true;
    }
    op.indices
        .iter()
        .filter_map(|i| i.rel.as_deref())
        .any(|rel| mentions(rel, key))
}

/// True when `op` names register `key` inside one of its relative indices
/// (not as the register itself).
fn mentions_in_index(op: &Operand, key: (OperandType, u32)) -> bool {
    op.indices
        .iter()
        .filter_map(|i| i.rel.as_deref())
        .any(|rel| mentions(rel, key))
}

/// True when writing destination operand `dst` can change what operand
/// `other` reads or where it writes: same register, or the register inside
/// a relative index.
fn clobbers(dst: &Operand, other: &Operand, other_is_dst: bool) -> bool {
    match reg_key(dst) {
        None => false,
        Some(key) if other_is_dst => mentions_in_index(other, key),
        Some(key) => mentions(other, key),
    }
}

/// One destination of a two-destination instruction with its value.
pub(crate) struct Out<'a> {
    /// The destination.
    pub dst: Dst<'a>,
    /// The value's type.
    pub ty: Ty,
    /// The value (a `ty` expression of `dst.width()` lanes).
    pub value: String,
}

/// Writes the two destinations of `udiv`, `imul`/`umul`, `uaddc`/`usubb`
/// (either may be `null`) so that neither write changes what the other
/// statement reads (`docs/conventions.md#reading-before-writing`). Sources are operands
/// `srcs` of `inst`.
///
/// Plain order when the first write clobbers nothing the second reads;
/// reversed order when only the first would; otherwise both values go into
/// locals inside a `{}` block before either destination is written.
pub(crate) fn write_two<'a>(
    cx: &mut Ctx<'a>,
    inst: &'a Instruction,
    srcs: &[usize],
    first: Out<'a>,
    second: Out<'a>,
) -> Result<(), LowerError> {
    let live = |o: &Out<'_>| !o.dst.is_null() && o.dst.mask != 0;
    match (live(&first), live(&second)) {
        (false, false) => return Ok(()),
        (true, false) => return cx.assign(first.dst, first.ty, first.dst.width(), &first.value),
        (false, true) => {
            return cx.assign(second.dst, second.ty, second.dst.width(), &second.value)
        }
        (true, true) => {}
    }
    let sources: Vec<&Operand> = srcs.iter().filter_map(|&i| inst.operands.get(i)).collect();
    // Does writing `a` disturb the statement that writes `b`?
    let disturbs = |a: &Out<'_>, b: &Out<'_>| {
        sources.iter().any(|s| clobbers(a.dst.op, s, false)) || clobbers(a.dst.op, b.dst.op, true)
    };
    if !disturbs(&first, &second) {
        cx.assign(first.dst, first.ty, first.dst.width(), &first.value)?;
        return cx.assign(second.dst, second.ty, second.dst.width(), &second.value);
    }
    if !disturbs(&second, &first) {
        cx.assign(second.dst, second.ty, second.dst.width(), &second.value)?;
        return cx.assign(first.dst, first.ty, first.dst.width(), &first.value);
    }
    // Both values into locals, then the writes, in an order in which the
    // first write does not move the second destination's relative index.
    let (a, b) = if !clobbers(first.dst.op, second.dst.op, true) {
        (first, second)
    } else if !clobbers(second.dst.op, first.dst.op, true) {
        (second, first)
    } else {
        return Err(LowerError::refuse(
            format!("`{}` with mutually indexed destinations", inst.opcode),
            "each destination register is the relative index of the other; no write order \
             keeps D3D's read-before-write semantics",
        ));
    };
    let ta = cx.fresh("hlslcc_dst");
    let tb = cx.fresh("hlslcc_dst");
    cx.open_scope();
    cx.line(format_args!(
        "{} {ta} = {};",
        a.ty.glsl(a.dst.width()),
        a.value
    ));
    cx.line(format_args!(
        "{} {tb} = {};",
        b.ty.glsl(b.dst.width()),
        b.value
    ));
    let r = cx
        .assign(a.dst, a.ty, a.dst.width(), &ta)
        .and_then(|_| cx.assign(b.dst, b.ty, b.dst.width(), &tb));
    let closed = cx.close_block();
    r.and(closed)
}

/// The shift count of source `i` for the destination `mask`, masked to its
/// low 5 bits as D3D does (`lowerings/integer-conv/docs/integer-conv.md#ishl-ishr-ushr`): immediates are folded
/// (`imm & 31`, printed as `ty`), register counts get `& 31` / `& 31u`.
///
/// Returns one expression per lane when `per_lane` is set (for the
/// unrolled form), otherwise a single expression: a scalar when every lane
/// of an immediate count is equal, else an `n`-lane vector.
pub(crate) fn shift_counts<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
    ty: Ty,
    mask: u8,
    per_lane: bool,
) -> Result<Vec<String>, LowerError> {
    let s = cx.src(inst, i, ty, mask)?;
    let n = s.width() as usize;
    let op = s.operand();
    let suffix = if ty == Ty::Uint { "u" } else { "" };
    if op.ty == OperandType::Immediate32 && op.modifier == dxlower_dxbc::Modifier::None {
        let bits = |k: usize| -> Result<u32, LowerError> {
            let v = if op.imm.len() == 1 {
                op.imm.first()
            } else {
                op.imm.get(s.lane(k) as usize)
            };
            v.copied()
                .map(|v| v & 31)
                .ok_or_else(|| LowerError::invalid("immediate shift count without a value"))
        };
        let vals: Vec<u32> = (0..n).map(bits).collect::<Result<_, _>>()?;
        let lit = |v: u32| format!("{v}{suffix}");
        if per_lane {
            return Ok(vals.into_iter().map(lit).collect());
        }
        if vals.iter().all(|&v| Some(&v) == vals.first()) {
            return Ok(vec![lit(vals.first().copied().unwrap_or(0))]);
        }
        let mut w = format!("{}(", ty.glsl(n as u8));
        for (k, v) in vals.into_iter().enumerate() {
            if k > 0 {
                w.push_str(", ");
            }
            w.push_str(&lit(v));
        }
        w.push(')');
        return Ok(vec![w]);
    }
    if per_lane {
        (0..n)
            .map(|k| Ok(format!("({} & 31{suffix})", lane_expr(&s, k)?)))
            .collect()
    } else {
        let mut w = String::new();
        write!(w, "({s} & 31{suffix})").map_err(fmt_err)?;
        Ok(vec![w])
    }
}
