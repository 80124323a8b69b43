//! `dcl_output`: vertex varyings, pixel render targets and `oDepth`.

use crate::io::{self, Side};
use crate::sysval;
use dxlower_core::{
    register_handler, DeclCtx, Direction, Interpolation, Lower, LowerError, Refusal, Ty,
};
use dxlower_dxbc::{Instruction, Opcode, OperandType, SignatureSystemValue};
use std::fmt::Write;

/// `dcl_output o#.mask` (or `oDepth`, `oMask`, ...): declares an output
/// register bound to output-signature rows.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_output`; profile switch
/// `signature_only_output_fill`; `docs/manifest.md#link-rules`.
///
/// **GLSL ES 3.00**: type and width always from the OSGN row (popcount of
/// its mask), `highp`, one variable per row (packed rows → several
/// variables, each register lane mapped to its row's component);
/// repeated partial declarations of a register reuse the variables.
/// - Pixel shader, `SV_TargetN` in `oN`:
///   `layout(location = N) out highp vecK SV_TargetN;` (explicit
///   locations are legal on fragment outputs and needed for MRT).
/// - Pixel shader `oDepth` → the writable scalar `gl_FragDepth`, recorded
///   in [`dxlower_core::StageState::depth`]; `oDepthGE`/`oDepthLE` the
///   same with a note (the conservative-depth layout is desktop-only, and
///   dropping the hint is always correct). `oMask` is the global
///   `dxlower_SampleMask` under `single_sample_target`
///   ([`crate::single_sample`]) and refused otherwise; `oStencilRef` is
///   refused.
/// - Vertex shader: `out highp vecK vs_<SEM><idx>;`, semantic upper-cased
///   (the pixel input's name), `flat` for integer rows, no `location`
///   (link by name). Rows carrying `SV_Position` or a clip/cull distance
///   go to [`sysval::output`] (`gl_Position`, ...).
/// - Signature-only outputs (`signature_only_output_fill`, vertex shader
///   only): a row component that no instruction writes is zeroed in early
///   main — `vs_COLOR2 = vec4(0.0);` for a row never written,
///   `vs_TEXCOORD1.zw = vec2(0.0);` for the unwritten part — since GLSL
///   leaves unwritten varyings undefined. Writes come from the pre-pass
///   ([`dxlower_core::StageState::output_written`]).
///
/// - Linked program (`docs/manifest.md#link-rules`, [`dxlower_core::StageState::link`]):
///   the varying takes the agreed type and lanes (the VS row's, widened by
///   lanes only the PS row has, which are then zero-filled) and the pixel
///   input's interpolation qualifier (`flat`, `centroid`, `noperspective`
///   per profile), since GLSL ES 3.00 requires both sides to match. On its
///   own a stage's float varyings get no qualifier.
///
/// **Differences from HLSLcc**: the varying's name is upper-cased; the
/// zero fill is the project's adopted policy, not HLSLcc's.
///
/// **Example**:
/// ```text
/// PS, OSGN SV_Target0 o0.xyzw float:   dcl_output o0.xyzw   →   layout(location = 0) out highp vec4 SV_Target0;
/// VS, OSGN TEXCOORD0 o1.xy, TEXCOORD1 o1.zw (never written):
///     dcl_output o1.xyzw   →   out highp vec2 vs_TEXCOORD0;
///                              out highp vec2 vs_TEXCOORD1;      early main: vs_TEXCOORD1 = vec2(0.0);
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let op = inst
        .operands
        .first()
        .ok_or_else(|| LowerError::invalid("`dcl_output` without its register operand"))?;
    match op.ty {
        OperandType::Output => {}
        OperandType::OutputDepth
        | OperandType::OutputDepthGreaterEqual
        | OperandType::OutputDepthLessEqual => return depth(cx, op.ty),
        OperandType::OutputCoverageMask => return crate::single_sample::coverage_out(cx),
        OperandType::OutputStencilRef => {
            return Err(Refusal::new(
                "SV_StencilRef output (oStencilRef)",
                "GLSL ES 3.00 cannot write the stencil reference",
            )
            .into())
        }
        other => {
            return Err(LowerError::invalid(format!(
                "`dcl_output` of a {other:?} register"
            )))
        }
    }
    let (_, reg, mask) = io::decl_register(inst)?;
    declare(cx, reg, mask)
}

/// `oDepth` and the conservative-depth forms: `gl_FragDepth`.
fn depth(cx: &mut DeclCtx<'_>, ty: OperandType) -> Result<(), LowerError> {
    if !cx.is_pixel() {
        return Err(LowerError::invalid("`oDepth` outside a pixel shader"));
    }
    if ty != OperandType::OutputDepth {
        let which = if ty == OperandType::OutputDepthGreaterEqual {
            "oDepthGE"
        } else {
            "oDepthLE"
        };
        io::note(
            cx,
            format!("{which}: conservative-depth hint dropped (not in GLSL ES 3.00); written as plain gl_FragDepth"),
        );
    }
    let (i, new) = io::var_once(cx, io::var("gl_FragDepth", Ty::Float, 1, true))?;
    if new {
        let sv = match ty {
            OperandType::OutputDepthGreaterEqual => "SV_DepthGreaterEqual",
            OperandType::OutputDepthLessEqual => "SV_DepthLessEqual",
            _ => "SV_Depth",
        };
        let mut v = io::interface("gl_FragDepth", Direction::Out, Ty::Float, 1);
        v.builtin = true;
        v.system_value = Some(sv.into());
        cx.declare_interface(v);
    }
    cx.set_depth(i);
    Ok(())
}

/// Declares the outputs of `o{reg}` lanes `mask` (the rules of this
/// module's handler).
pub fn declare(cx: &mut DeclCtx<'_>, reg: u32, mask: u8) -> Result<(), LowerError> {
    let sig = io::signature(cx, Side::Output);
    for hit in io::rows(sig, Side::Output, reg, mask)? {
        let e = hit.elem;
        let ty = io::row_ty(e)?;
        let k = io::width(e.mask);
        if cx.is_pixel() {
            if e.effective_system_value() != SignatureSystemValue::Target {
                return Err(LowerError::invalid(format!(
                    "{} in o{reg} is not a render target",
                    e.name
                )));
            }
            let name = format!("SV_Target{reg}");
            let (i, new) = io::var_once(cx, io::var(name.clone(), ty, k, true))?;
            if new {
                let mut v = io::from_row(io::interface(&name, Direction::Out, ty, k), e, reg);
                v.location = Some(reg);
                v.system_value = Some("SV_Target".into());
                cx.declare_interface(v);
            }
            io::map_row(cx, Side::Output, reg, &hit, i)?;
            continue;
        }
        if let Some(sv) = sysval::of_row(e) {
            sysval::output(cx, sv, reg, hit.lanes)?;
            continue;
        }
        if e.effective_system_value() != SignatureSystemValue::Undefined {
            return Err(LowerError::invalid(format!(
                "{} cannot be a vertex shader output (o{reg})",
                e.name
            )));
        }
        let name = io::semantic_ident("vs_", &e.name, e.semantic_index, true);
        // In a linked program: the agreed type and lanes, and the PS
        // input's interpolation qualifier (`docs/manifest.md#link-rules`).
        let linked = io::linked_varying(cx, e);
        let (ty, lanes_mask, k) = match linked {
            Some(v) => (v.ty, v.mask, io::width(v.mask)),
            None => (ty, e.mask, k),
        };
        let interpolation = match linked.and_then(|v| v.interpolation) {
            Some(mode) => io::ps_interpolation(cx, mode, ty, &name)?,
            None if ty == Ty::Float => Interpolation::default(),
            None => Interpolation::FLAT,
        };
        let (i, new) = io::var_once(cx, io::var(name.clone(), ty, k, true))?;
        if new {
            let mut v = io::from_row(io::interface(&name, Direction::Out, ty, k), e, reg);
            v.interpolation = interpolation;
            v.mask = lanes_mask;
            cx.declare_interface(v);
            if cx
                .switches::<crate::DeclIoSwitches>()
                .signature_only_output_fill
            {
                let written = cx.state().output_written(reg) & e.mask;
                zero_fill(cx, &name, ty, lanes_mask, written);
            }
        }
        io::map_lanes_in(cx, Side::Output, reg, hit.lanes, lanes_mask, i)?;
    }
    Ok(())
}

/// Early-main zero of the components of a varying (row mask `row_mask`)
/// whose register lanes no instruction writes.
fn zero_fill(cx: &mut DeclCtx<'_>, name: &str, ty: Ty, row_mask: u8, written: u8) {
    let k = io::width(row_mask);
    let mut unwritten = String::new();
    for c in 0..4u8 {
        if row_mask & (1 << c) != 0 && written & (1 << c) == 0 {
            unwritten.push(['x', 'y', 'z', 'w'][io::comp_of(row_mask, c) as usize]);
        }
    }
    let n = unwritten.len() as u8;
    if n == 0 {
        return;
    }
    let mut line = String::new();
    if n == k {
        let _ = write!(line, "{name} = {};", io::zero(ty, k));
    } else {
        let _ = write!(line, "{name}.{unwritten} = {};", io::zero(ty, n));
    }
    cx.early(format_args!("{line}"));
}

register_handler! {
    opcodes: &[Opcode::DclOutput],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_output",
    lower: Lower::Decl(lower),
}
