//! `SV_ClipDistance` without the clip/cull extension
//! (`clip_distance_varyings = true`, `lowerings/decl-io/docs/emulations.md#4-clip_distance_varyings-sv_clipdistance-without-the-extension`): each
//! distance travels as a varying, and the pixel stage of a linked program
//! discards the pixels where one is negative.
//!
//! | stage | declaration | statement |
//! |---|---|---|
//! | VS, `SV_ClipDistance` output lane `k` | `out highp float dxlower_ClipDistance<k>;` | the shader's writes |
//! | PS of a linked program whose VS writes distances `k` | `in highp float dxlower_ClipDistance<k>;` | before every return: `if (dxlower_ClipDistance0 < 0.0 \|\| …) discard;` |
//! | PS reading `SV_ClipDistance` | `in highp float dxlower_ClipDistance<k>;` | the shader's reads |
//!
//! D3D clips a primitive against the plane where the distance, linearly
//! interpolated across it in clip space, is 0, and keeps the side where it
//! is ≥ 0 (D3D11.3 functional spec §15.4.1). A pixel belongs to the
//! clipped primitive exactly when the distance interpolated at its centre
//! — what a perspective-correct varying holds there — is not negative, so
//! discarding the others draws the pixels clipping draws. What differs is
//! the rounding of the interpolation at pixels whose centre lies on the
//! plane, and that the vertex stage's other outputs are still interpolated
//! for discarded pixels (nothing the host sees).

use crate::io::{self, Side};
use dxlower_core::profile::PassSpec;
use dxlower_core::{register_pass, DeclCtx, Direction, LowerError, PassWhen, Ty};

/// The varying of clip distance `k`.
pub fn varying(k: u32) -> String {
    format!("dxlower_ClipDistance{k}")
}

/// Maps lane `c` of register `reg` (clip distance number `k`) to its
/// varying: a writable output in a vertex shader, a read-only input in a
/// pixel shader.
pub fn map_lane(
    cx: &mut DeclCtx<'_>,
    side: Side,
    reg: u32,
    c: u8,
    k: u32,
) -> Result<(), LowerError> {
    let name = varying(k);
    let output = side == Side::Output;
    let (i, new) = declare(cx, &name, output)?;
    if new && output {
        cx.contract(
            "clip_distance_varyings",
            "draw with a pixel stage that discards the pixels where an interpolated dxlower_ClipDistance<k> varying is negative (dxlower link adds it to the pixel stage)".into(),
        );
    }
    cx.map_lanes(output, reg, 1 << c, i, 0)
}

/// Declares the varying `name` once; returns its variable and whether it
/// is new.
fn declare(cx: &mut DeclCtx<'_>, name: &str, output: bool) -> Result<(u32, bool), LowerError> {
    let (i, new) = io::var_once(cx, io::var(name, Ty::Float, 1, output))?;
    if new {
        let dir = if output {
            Direction::Out
        } else {
            Direction::In
        };
        let mut v = io::interface(name, dir, Ty::Float, 1);
        v.system_value = Some("SV_ClipDistance".into());
        cx.declare_interface(v);
    }
    Ok((i, new))
}

/// `clip_distance_varyings` in a linked program: the pixel stage reads
/// the distances the vertex stage writes and, before every return of
/// `main`, discards the pixel when one is negative (see the module).
///
/// ```text
/// VS writes SV_ClipDistance0.xy   →   PS: in highp float dxlower_ClipDistance0;
///                                         in highp float dxlower_ClipDistance1;
///                                         if (dxlower_ClipDistance0 < 0.0 || dxlower_ClipDistance1 < 0.0) discard;
/// ```
fn clip_discard(cx: &mut DeclCtx<'_>, _spec: &PassSpec) -> Result<(), LowerError> {
    let Some(hints) = cx.state().link else {
        return Ok(());
    };
    let s = cx.switches::<crate::DeclIoSwitches>();
    if !cx.is_pixel()
        || !s.clip_distance_varyings
        || s.clip_cull_distance
        || hints.vs_clip_distances.is_empty()
    {
        return Ok(());
    }
    let mut test = Vec::new();
    for &k in &hints.vs_clip_distances {
        let name = varying(k);
        declare(cx, &name, false)?;
        test.push(format!("{name} < 0.0"));
    }
    cx.epilogue(&format!("if ({}) discard;", test.join(" || ")));
    Ok(())
}

register_pass! {
    name: "link_clip_distances",
    when: PassWhen::Linked,
    params: Some(&[]),
    spec: "lowerings/decl-io/docs/emulations.md#4-clip_distance_varyings-sv_clipdistance-without-the-extension",
    before: None,
    after: Some(clip_discard),
}

#[cfg(test)]
mod tests {
    #[test]
    fn names() {
        assert_eq!(super::varying(3), "dxlower_ClipDistance3");
        assert!(crate::io::is_glsl_ident(&super::varying(0)));
    }
}
