//! Add with carry and subtract with borrow: `uaddc`, `usubb`
//! (`lowerings/integer-conv/docs/integer-conv.md#uaddc-usubb`).
//!
//! Operands: result destination, carry/borrow destination, a, b; either
//! destination may be `null`. The result wraps modulo 2^32; the second
//! destination gets `1u` when the addition carried out of bit 31 (the
//! wrapped sum is smaller than `a`) or the subtraction borrowed (`a < b`),
//! else `0u` — a 0/1 value, not a comparison mask. `uaddCarry`/`usubBorrow`
//! are ES 3.10, but both tests are plain comparisons, so no helper is
//! needed. The two-destination writer keeps D3D's read-all-sources-first
//! semantics (`docs/conventions.md#reading-before-writing`).

use crate::common::{fmt_err, write_two, Out};
use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};
use std::fmt::Write;

/// `true` → `1u`, `false` → `0u` for a comparison of `n` lanes: `uint(a <
/// b)` for one lane, `uvecN(lessThan(a, b))` for several.
fn less_than_01(n: u8, a: &dyn std::fmt::Display, b: &dyn std::fmt::Display) -> String {
    let mut w = String::new();
    let _ = if n > 1 {
        write!(w, "{}(lessThan({a}, {b}))", Ty::Uint.glsl(n))
    } else {
        write!(w, "uint({a} < {b})")
    };
    w
}

/// `uaddc`/`usubb` body; `add` selects the operation.
fn carry<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>, add: bool) -> Result<(), LowerError> {
    let d = cx.int_dst(inst, 0)?;
    let c = cx.int_dst(inst, 1)?;
    let op = if add { "+" } else { "-" };
    let value = if d.is_null() {
        String::new()
    } else {
        let a = cx.src(inst, 2, Ty::Uint, d.mask)?;
        let b = cx.src(inst, 3, Ty::Uint, d.mask)?;
        let mut w = String::new();
        write!(w, "{a} {op} {b}").map_err(fmt_err)?;
        w
    };
    let flag = if c.is_null() {
        String::new()
    } else {
        let a = cx.src(inst, 2, Ty::Uint, c.mask)?;
        let b = cx.src(inst, 3, Ty::Uint, c.mask)?;
        let mut aw = String::new();
        let mut bw = String::new();
        write!(aw, "{a}").map_err(fmt_err)?;
        write!(bw, "{b}").map_err(fmt_err)?;
        if add {
            // Carry out of bit 31: the wrapped sum is below either addend.
            less_than_01(a.width(), &format_args!("{aw} + {bw}"), &aw)
        } else {
            less_than_01(a.width(), &aw, &bw)
        }
    };
    write_two(
        cx,
        inst,
        &[2, 3],
        Out {
            dst: d,
            ty: Ty::Uint,
            value,
        },
        Out {
            dst: c,
            ty: Ty::Uint,
            value: flag,
        },
    )
}

/// `uaddc`: unsigned add with carry out.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#uaddc-usubb`; Microsoft "uaddc (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d0 = uintBitsToFloat(U(a) + U(b));`
/// `d1 = uintBitsToFloat(uvecN(lessThan(U(a) + U(b), U(a))));`
/// (`uint(U(a) + U(b) < U(a))` for one lane).
///
/// **Differences**: none.
///
/// **Example**: `uaddc r0.x, r0.y, r1.x, r2.x` →
/// `r0.x = uintBitsToFloat(floatBitsToUint(r1.x) + floatBitsToUint(r2.x));`
/// `r0.y = uintBitsToFloat(uint(floatBitsToUint(r1.x) + floatBitsToUint(r2.x) < floatBitsToUint(r1.x)));`
fn uaddc<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    carry(inst, cx, true)
}

register_handler! {
    opcodes: &[Opcode::Uaddc],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#uaddc-usubb",
    lower: Lower::Inst(uaddc),
}

/// `usubb`: unsigned subtract with borrow out.
///
/// **Spec**: `lowerings/integer-conv/docs/integer-conv.md#uaddc-usubb`; Microsoft "usubb (sm5 - asm)".
///
/// **GLSL ES 3.00**: `d0 = uintBitsToFloat(U(a) - U(b));`
/// `d1 = uintBitsToFloat(uvecN(lessThan(U(a), U(b))));`
/// (`uint(U(a) < U(b))` for one lane).
///
/// **Differences**: none.
///
/// **Example**: `usubb r0.x, r0.y, r1.x, r2.x` →
/// `r0.x = uintBitsToFloat(floatBitsToUint(r1.x) - floatBitsToUint(r2.x));`
/// `r0.y = uintBitsToFloat(uint(floatBitsToUint(r1.x) < floatBitsToUint(r2.x)));`
fn usubb<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    carry(inst, cx, false)
}

register_handler! {
    opcodes: &[Opcode::Usubb],
    family: "integer-conv",
    spec: "lowerings/integer-conv/docs/integer-conv.md#uaddc-usubb",
    lower: Lower::Inst(usubb),
}
