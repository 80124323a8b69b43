//! `sincos`: two destinations from one source.

use dxlower_core::{register_handler, Ctx, Dst, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode, Operand, OperandType};
use std::fmt::Write;

/// Whether `op` reads register `(ty, reg)`, as itself or inside one of its
/// relative indices. `reg == None` (a destination whose own register number
/// is dynamic) matches every register of the type, conservatively.
fn mentions(op: &Operand, ty: OperandType, reg: Option<u32>) -> bool {
    let itself = op.ty == ty && (reg.is_none() || op.reg() == reg);
    itself || index_mentions(op, ty, reg)
}

/// Whether a relative index of `op` reads register `(ty, reg)`.
fn index_mentions(op: &Operand, ty: OperandType, reg: Option<u32>) -> bool {
    op.indices
        .iter()
        .filter_map(|i| i.rel.as_deref())
        .any(|r| mentions(r, ty, reg))
}

/// Whether writing `d` can change what `src` reads (`docs/conventions.md#reading-before-writing`:
/// destination register type + index among the sources or inside a
/// relative index).
fn clobbers(d: &Dst<'_>, src: &Operand) -> bool {
    mentions(src, d.op.ty, d.op.reg())
}

/// Whether writing `first` changes where `second` writes (its relative
/// index reads `first`'s register).
fn moves_target(first: &Dst<'_>, second: &Dst<'_>) -> bool {
    index_mentions(second.op, first.op.ty, first.op.reg())
}

/// The source components a local must hold for destination lanes `union`
/// (bit mask) of a source with swizzle `swz`: each distinct component once,
/// in component order.
fn local_components(swz: [u8; 4], union: u8) -> Vec<u8> {
    let mut comps: Vec<u8> = (0..4u8)
        .filter(|c| union & (1 << c) != 0)
        .map(|c| swz[c as usize] & 3)
        .collect();
    comps.sort_unstable();
    comps.dedup();
    comps
}

/// The expression reading, from `local` (which holds the source components
/// `comps`), the source lanes that destination lanes `mask` need.
fn local_lanes(local: &str, comps: &[u8], swz: [u8; 4], mask: u8) -> String {
    let picks: Vec<usize> = (0..4u8)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| {
            let want = swz[c as usize] & 3;
            comps.iter().position(|&x| x == want).unwrap_or(0)
        })
        .collect();
    let whole = picks.len() == comps.len() && picks.iter().enumerate().all(|(k, &p)| k == p);
    let mut s = String::from(local);
    if comps.len() <= 1 || whole {
        return s;
    }
    s.push('.');
    for p in picks {
        let _ = s.write_char(['x', 'y', 'z', 'w'][p.min(3)]);
    }
    s
}

/// `sincos`: componentwise sine and cosine (radians) into two destinations.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#sincos` (with the rule of
/// `docs/conventions.md#reading-before-writing` and `_sat` per
/// destination); Microsoft "sincos (sm4 - asm)" (either destination may be
/// `null`; any IEEE input; max absolute error 0.0008 on [-100π, 100π];
/// `±Inf`/NaN → NaN; `sin(±0) = ±0`, `cos(±0) = 1`).
///
/// **GLSL ES 3.00**: a null (or empty-mask) destination is skipped. One
/// live destination: `d.m = sin(s.m);` (or `cos`). Two: `sinDst = sin(s);`
/// then `cosDst = cos(s);`, each source read through its own destination
/// mask and each followed by its own `_sat` clamp. When either destination
/// register (type + index) is the source register or appears in the
/// source's relative index, the source components both destinations read
/// (each once, in component order, modifiers applied) are first copied
/// into a local
/// `hlslcc_sincosTempN` inside a `{ }` block, and both results are computed
/// from it. If the sine destination's register appears in the cosine
/// destination's relative index the cosine is written first; if each
/// appears in the other's index the instruction is refused.
///
/// **Differences**: GLSL ES 3.00 gives no precision for `sin`/`cos`;
/// large arguments can lose more accuracy than D3D's bound allows (a
/// driver-quality risk, no range reduction is emitted). Special values
/// agree on llvmpipe (`sin(-0) = -0`, `sin(±Inf) = NaN`). Denormal inputs:
/// D3D flushes to ±0, the result is the same.
///
/// **Example**:
/// ```text
/// sincos r1.x, r2.x, r0.x    →   r1.x = sin(r0.x);
///                                r2.x = cos(r0.x);
/// sincos r0.y, r0.x, r0.x    →   {
///                                    float hlslcc_sincosTemp0 = r0.x;
///                                    r0.y = sin(hlslcc_sincosTemp0);
///                                    r0.x = cos(hlslcc_sincosTemp0);
///                                }
/// sincos null, r0.xy, r1.xyxx   →   r0.xy = cos(r1.xy);
/// ```
fn lower_sincos<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let sin_d = cx.dst(inst, 0)?;
    let cos_d = cx.dst(inst, 1)?;
    let src = cx.operand(inst, 2)?;
    let live = |d: &Dst<'_>| !d.is_null() && d.mask != 0;
    let mut order: Vec<(Dst<'a>, &str)> = Vec::with_capacity(2);
    if live(&sin_d) {
        order.push((sin_d, "sin"));
    }
    if live(&cos_d) {
        order.push((cos_d, "cos"));
    }
    if let [first, second] = &order[..] {
        if moves_target(&first.0, &second.0) {
            if moves_target(&second.0, &first.0) {
                return Err(LowerError::refuse(
                    "sincos whose destinations index each other",
                    "each destination register is read by the other's relative index, so no \
                     order of the two writes keeps D3D's read-before-write semantics",
                ));
            }
            order.swap(0, 1);
        }
    }
    let aliased = order.len() == 2 && order.iter().any(|(d, _)| clobbers(d, src));
    if !aliased {
        for (d, f) in order {
            let s = cx.src(inst, 2, Ty::Float, d.mask)?;
            cx.assign(d, Ty::Float, d.width(), &format_args!("{f}({s})"))?;
        }
        return Ok(());
    }
    // Read the source once, before either destination is written: each
    // source component the two destinations need, once.
    let union = order.iter().fold(0u8, |m, (d, _)| m | d.mask);
    let swz = src.swizzle();
    let comps = local_components(swz, union);
    let s = cx.src(inst, 2, Ty::Float, union)?.with_lanes(&comps);
    let local = cx.fresh("hlslcc_sincosTemp");
    let ty = Ty::Float.glsl(comps.len() as u8);
    cx.open_scope();
    cx.line(format_args!("{ty} {local} = {s};"));
    let mut result = Ok(());
    for (d, f) in order {
        let e = local_lanes(&local, &comps, swz, d.mask);
        result = cx.assign(d, Ty::Float, d.width(), &format_args!("{f}({e})"));
        if result.is_err() {
            break;
        }
    }
    let closed = cx.close_block();
    result.and(closed)
}

register_handler! {
    opcodes: &[Opcode::Sincos],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#sincos",
    lower: Lower::Inst(lower_sincos),
}

#[cfg(test)]
mod tests {
    use super::local_lanes;

    #[test]
    fn local_lane_letters() {
        use super::local_components;
        const XYZW: [u8; 4] = [0, 1, 2, 3];
        // A replicated source needs one component: a float local, no swizzle.
        let comps = local_components([0; 4], 0b0011);
        assert_eq!(comps, [0]);
        assert_eq!(local_lanes("t", &comps, [0; 4], 0b0010), "t");
        assert_eq!(local_lanes("t", &comps, [0; 4], 0b0001), "t");
        // Identity swizzle: the local holds the union's lanes.
        let comps = local_components(XYZW, 0b1010);
        assert_eq!(comps, [1, 3]);
        assert_eq!(local_lanes("t", &comps, XYZW, 0b1000), "t.y");
        assert_eq!(local_lanes("t", &comps, XYZW, 0b0010), "t.x");
        assert_eq!(local_lanes("t", &comps, XYZW, 0b1010), "t");
        // `.zwyx`: lanes x, y, w read z, w, x; the local holds x, z, w.
        let swz = [2, 3, 1, 0];
        let comps = local_components(swz, 0b1011);
        assert_eq!(comps, [0, 2, 3]);
        assert_eq!(local_lanes("t", &comps, swz, 0b1001), "t.yx");
        assert_eq!(local_lanes("t", &comps, swz, 0b0010), "t.z");
        // A reversed read of both components is not the whole local.
        let swz = [1, 0, 0, 0];
        let comps = local_components(swz, 0b0011);
        assert_eq!(local_lanes("t", &comps, swz, 0b0011), "t.yx");
    }
}
