//! `dcl_global_flags`: shader-wide compiler flags.

use crate::io;
use crate::switches::EarlyFragmentTests;
use dxlower_core::{register_handler, DeclCtx, Lift, Lower, LowerError, Refusal};
use dxlower_dxbc::{global_flags, Instruction, Opcode};

/// `dcl_global_flags <flags>`: shader-wide flags.
///
/// Spec: `lowerings/decl-io/docs/decl-io.md#dcl_global_flags`; profile switch
/// `early_fragment_tests`.
///
/// **GLSL ES 3.00**: only `forceEarlyDepthStencil` on a pixel shader has
/// a GLSL form, `layout(early_fragment_tests) in;`, which is GLSL ES 3.10:
/// - `early_fragment_tests = Drop` (webgl2): nothing, plus a note — early
///   depth/stencil testing is an ordering hint, dropping it is always
///   correct (the shader writes no UAVs in ES 3.00);
/// - `Emit` (ES 3.10 targets): the layout line;
/// - `Error`: refused (lifted by `Drop`).
///
/// `refactoringAllowed`, `skipOptimization`, `enableMinimumPrecision`,
/// `allResourcesBound` and the raw/structured-buffer flag emit nothing
/// (HLSLcc's `precise` globals are desktop-only). The double-precision
/// flags emit nothing either: the double instructions themselves are
/// refused by their families, with a more precise site.
///
/// **Differences from HLSLcc**: HLSLcc emits the layout line
/// unconditionally, which WebGL2 rejects.
///
/// **Example**:
/// ```text
/// dcl_globalFlags refactoringAllowed                        →   (nothing)
/// dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil
///     →   (Drop) nothing, note   (Emit) layout(early_fragment_tests) in;
/// ```
fn lower<'a>(inst: &'a Instruction, cx: &mut DeclCtx<'a>) -> Result<(), LowerError> {
    let flags = inst.global_flags();
    if flags & global_flags::FORCE_EARLY_DEPTH_STENCIL == 0 || !cx.is_pixel() {
        return Ok(());
    }
    match cx.switches::<crate::DeclIoSwitches>().early_fragment_tests {
        EarlyFragmentTests::Drop => {
            io::note(
                cx,
                "forceEarlyDepthStencil: `layout(early_fragment_tests) in;` dropped (GLSL ES 3.10); depth/stencil tests may run after the shader".to_string(),
            );
            Ok(())
        }
        EarlyFragmentTests::Emit => {
            cx.decl(format_args!("layout(early_fragment_tests) in;"));
            Ok(())
        }
        EarlyFragmentTests::Error => Err(Refusal::new(
            "forceEarlyDepthStencil",
            "`layout(early_fragment_tests) in;` is GLSL ES 3.10, not 3.00",
        )
        .lifted_by(Lift::switch("early_fragment_tests", "Drop"))
        .into()),
    }
}

register_handler! {
    opcodes: &[Opcode::DclGlobalFlags],
    family: "decl-io",
    spec: "lowerings/decl-io/docs/decl-io.md#dcl_global_flags",
    lower: Lower::Decl(lower),
}
