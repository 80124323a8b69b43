//! Stage passes of the decl-io family (`dxlower_core::pass`): rewrites of
//! the stage interface.
//!
//! | pass | when | hook | what |
//! |---|---|---|---|
//! | `link_unfed_varyings` | every linked program | after the declarations | the VS declares and zero-fills the PS inputs no VS output feeds (profiles.md §4.7) |
//! | `binormal_to_bitangent` | named in the profile | before the declarations | VS attribute `in_BINORMAL<n>` is declared `in_BITANGENT<n>` (profiles.md §4.2) |
//!
//! The other program-level agreements (constant-buffer sizes, varying
//! types and widths, VS interpolation copied from the PS) are read by the
//! declaration handlers themselves from [`dxlower_core::StageState::link`],
//! since they change how a declaration is written rather than add one.

use crate::io::{self, Side};
use dxlower_core::profile::PassSpec;
use dxlower_core::{register_pass, DeclCtx, Direction, Lift, LowerError, PassWhen, Refusal};
use dxlower_dxbc::InterpolationMode;

/// `link_unfed_varyings`: in the vertex stage of a linked program, every
/// varying the pixel stage reads but no VS output row writes is declared
/// as a VS output with the PS input's type, width and interpolation
/// qualifier, and set to zero at the start of `main`.
///
/// GLSL ES 3.00 fails the link when a fragment input that the fragment
/// shader uses has no matching vertex output; D3D leaves such an input
/// undefined (in practice, zero on most drivers), so zero is the value
/// chosen (profiles.md §4.7, "zero-fill on the VS side"). The pixel stage
/// is left as it is. Each zero-filled varying is a note of the vertex
/// stage's record (the program manifest lists it; `dxlower link` prints
/// it).
///
/// ```text
/// PS: dcl_input_ps linear v2.xy (TEXCOORD5), VS writes no TEXCOORD5
///     →   VS: out highp vec2 vs_TEXCOORD5;      early main: vs_TEXCOORD5 = vec2(0.0);
/// ```
fn link_unfed_varyings(cx: &mut DeclCtx<'_>, _spec: &PassSpec) -> Result<(), LowerError> {
    let Some(hints) = cx.state().link else {
        return Ok(());
    };
    if cx.is_pixel() {
        return Ok(());
    }
    for v in hints.unfed() {
        let name = io::semantic_ident("vs_", &v.semantic, v.index, true);
        let mode = v.interpolation.unwrap_or(InterpolationMode::Undefined);
        let interpolation = io::ps_interpolation(cx, mode, v.ty, &name)?;
        let k = io::width(v.mask);
        let (_, new) = io::var_once(cx, io::var(name.clone(), v.ty, k, true))?;
        if new {
            let mut iv = io::interface(&name, Direction::Out, v.ty, k);
            iv.interpolation = interpolation;
            iv.semantic = Some((v.semantic.clone(), v.index));
            iv.mask = v.mask;
            cx.declare_interface(iv);
            cx.early(format_args!("{name} = {};", io::zero(v.ty, k)));
            io::note(
                cx,
                format!(
                    "{name}: the pixel stage reads {}{} and no vertex output writes it; \
                     the vertex stage writes zero (D3D leaves it undefined)",
                    v.semantic, v.index
                ),
            );
        }
    }
    Ok(())
}

register_pass! {
    name: "link_unfed_varyings",
    when: PassWhen::Linked,
    params: Some(&[]),
    spec: "profiles.md §4.7 (PS input with no VS writer)",
    before: None,
    after: Some(link_unfed_varyings),
}

/// The semantic indices a `binormal_to_bitangent` entry applies to:
/// `indices: "all"` (the default) or a comma-separated list (`"0,1"`).
fn indices(spec: &PassSpec) -> Result<Option<Vec<u32>>, LowerError> {
    match spec.params.get("indices").map(|s| s.trim()) {
        None | Some("all") => Ok(None),
        Some(list) => list
            .split(',')
            .map(|s| {
                s.trim().parse::<u32>().map_err(|_| {
                    LowerError::profile(format!(
                        "parameter indices = {list:?}: expected \"all\" or semantic indices such as \"0,1\""
                    ))
                })
            })
            .collect::<Result<Vec<u32>, LowerError>>()
            .map(Some),
    }
}

/// `binormal_to_bitangent`: renames the vertex attribute of semantic
/// `BINORMAL<n>` from `in_BINORMAL<n>` to `in_BITANGENT<n>` (any stored
/// case of the semantic; the new name is upper case, as Carbon metadata
/// spells it).
///
/// profiles.md §4.2: keep the DXBC name in lowering and rename only when
/// the stage's Carbon contract declares a `BITANGENT` pipeline input (same
/// channel, two names). dxlower reads no Carbon metadata, so the profile
/// states the contract instead: listing the pass says the consumer binds
/// the channel as `BITANGENT`, and the parameter `indices` (`"all"`, the
/// default, or a list such as `"0"`) says for which semantic indices. The
/// ccpwgl and native profiles list it; webgl2 does not.
///
/// The pass runs before the declarations and leaves the alias in the stage
/// state ([`dxlower_core::StageState::semantic_name`]): `dcl_input` names
/// the attribute after it, so the declaration and every read the
/// instruction handlers print use the new name, including the converted
/// form of an integer attribute; nothing is renamed afterwards. A shader
/// that also has a `BITANGENT<n>` input of the same index is refused: the
/// contract would bind one channel to two inputs.
///
/// ```text
/// ISGN BINORMAL0 v3.xyz   →   in highp vec3 in_BITANGENT0;     (reads: in_BITANGENT0.x …)
/// ```
fn binormal_to_bitangent(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    if cx.is_pixel() {
        return Ok(());
    }
    let which = indices(spec)?;
    let Some(sig) = io::signature(cx, Side::Input) else {
        return Ok(());
    };
    let rows: Vec<(String, u32)> = sig
        .elements
        .iter()
        .filter(|e| e.name.eq_ignore_ascii_case("BINORMAL"))
        .filter(|e| match &which {
            None => true,
            Some(w) => w.contains(&e.semantic_index),
        })
        .map(|e| (e.name.clone(), e.semantic_index))
        .collect();
    for (sem, index) in rows {
        if sig
            .elements
            .iter()
            .any(|e| e.name.eq_ignore_ascii_case("BITANGENT") && e.semantic_index == index)
        {
            return Err(Refusal::new(
                format!("vertex inputs BINORMAL{index} and BITANGENT{index}"),
                "the BITANGENT contract would bind both inputs to one channel",
            )
            .lifted_by(Lift::pass("binormal_to_bitangent", "a profile without the binormal_to_bitangent pass, or its indices parameter leaving this index out"))
            .into());
        }
        cx.alias_semantic(&sem, index, "BITANGENT");
    }
    Ok(())
}

register_pass! {
    name: "binormal_to_bitangent",
    when: PassWhen::Named,
    params: Some(&["indices"]),
    spec: "profiles.md §4.2",
    before: Some(binormal_to_bitangent),
    after: None,
}
