//! `rcp`: componentwise reciprocal (SM5).

use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
use dxlower_dxbc::{Instruction, Opcode};

/// `rcp`: componentwise `1 / x`.
///
/// **Spec**: `lowerings/float-alu/docs/float-alu.md#rcp`; Microsoft "rcp (sm5 - asm)" (`rcp(±0) =
/// ±Inf`, `rcp(±Inf) = ±0`, denormal inputs as ±0).
///
/// **GLSL ES 3.00**: `d.m = vecN(1.0) / s.m;` (HLSLcc's shape; the source
/// is read through the destination mask) — `1.0 / s` for one lane.
///
/// **Differences**: GLSL does not define division by zero; D3D gives ±Inf
/// — the same risk class as `div`. On Mesa llvmpipe `vec4(1.0) / x`
/// returns the D3D values for the inputs of the vkd3d `rcp` rows (+0 →
/// +Inf, -0 → -Inf, +Inf → +0, -Inf → -0). The D3D instruction may be
/// approximate (1 ULP); GLSL's `/` allows 2.5 ULP.
///
/// **Example**:
/// ```text
/// rcp r0.xy, r1.xyxx   →   r0.xy = vec2(1.0) / r1.xy;
/// ```
fn lower_rcp<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let s = cx.src(inst, 1, Ty::Float, d.mask)?;
    let n = d.width();
    if n <= 1 {
        cx.assign(d, Ty::Float, 1, &format_args!("1.0 / {s}"))
    } else {
        let one = Ty::Float.glsl(n);
        cx.assign(d, Ty::Float, n, &format_args!("{one}(1.0) / {s}"))
    }
}

register_handler! {
    opcodes: &[Opcode::Rcp],
    family: "float-alu",
    spec: "lowerings/float-alu/docs/float-alu.md#rcp",
    lower: Lower::Inst(lower_rcp),
}
