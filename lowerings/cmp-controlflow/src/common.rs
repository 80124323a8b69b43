//! Shared pieces of the cmp-controlflow handlers: rendering typed operands
//! into text with errors as values, the `uint` zero literal of the
//! profile, the `_z`/`_nz` condition test, and the `_sat` check of
//! non-float results.

use dxlower_core::{Ctx, LowerError, Ty};
use dxlower_dxbc::Instruction;
use std::fmt::{self, Write};

/// Renders a displayable expression (usually a [`dxlower_core::Src`]) into
/// a string. A source the register model cannot print becomes a lowering
/// error instead of silently truncated text (`format!` would panic).
pub(crate) fn render(e: &dyn fmt::Display) -> Result<String, LowerError> {
    let mut s = String::new();
    write!(s, "{e}").map_err(|_| LowerError::invalid("operand cannot be printed"))?;
    Ok(s)
}

/// The `uint` zero literal: `uint(0)` under `mobile_workarounds` (old ES
/// 3.0 Adreno compilers type `0u` as an int constant; HLSLcc's workaround),
/// `0u` otherwise.
pub(crate) fn zero_u(cx: &Ctx<'_>) -> &'static str {
    if cx.mobile_workarounds() {
        "uint(0)"
    } else {
        "0u"
    }
}

/// The boolean test of a `_z`/`_nz` instruction on its condition operand
/// `i`: the raw bits of one lane compared with zero
/// (`floatBitsToUint(r0.x) != 0u`). `docs/conventions.md#comparison-masks-and-tests`: a mask is never
/// tested as a float (`-0.0` = `0x80000000` is true).
pub(crate) fn test<'a>(
    inst: &'a Instruction,
    cx: &Ctx<'a>,
    i: usize,
) -> Result<String, LowerError> {
    let c = cx.src(inst, i, Ty::Uint, 1)?;
    let c = render(&c)?;
    let op = if inst.test_nonzero() { "!=" } else { "==" };
    Ok(format!("{c} {op} {}", zero_u(cx)))
}

/// Joins per-lane expressions into one value of `n` lanes:
/// `uvec2(e0, e1)`, or `e0` alone for one lane.
pub(crate) fn vector(ty: Ty, lanes: &[String]) -> String {
    if lanes.len() == 1 {
        return lanes.concat();
    }
    format!("{}({})", ty.glsl(lanes.len() as u8), lanes.join(", "))
}
