//! Resource limits of the target ([`crate::profile::Limits`]), checked once a stage is lowered
//! (`docs/profiles.md#resource-limits`).
//!
//! A stage that needs more than the profile's [`crate::profile::Limits`] is refused by name
//! instead of emitted: the GLSL would compile on the translating machine
//! and fail to link on a device that offers only the guaranteed minimum.
//! The defaults are the WebGL2 minimums.
//!
//! What is counted, from the lowered stage (names as in `docs/conventions.md#fixed-names`):
//!
//! | limit | counted |
//! |---|---|
//! | `vertex_attributes` | declared inputs of a vertex stage |
//! | `varying_vectors` | rows the declared varyings of the stage (VS outputs, PS inputs) take when packed by the rules of GLSL ES 1.00 Appendix A.7, which WebGL applies (see [`varying_rows`]) |
//! | `texture_units` | sampler uniforms some instruction reads (a declared but unused sampler is inactive and takes no unit) |
//! | `draw_buffers` | the highest render-target location + 1 |
//! | `uniform_blocks` | uniform blocks declared |
//!
//! Everything is counted from the stage record ([`crate::record`]), which
//! the emitter fills as it declares.
//!
//! `uniform_block_vec4s` is checked where a block is declared (its size is
//! known there). Combined (both-stage) limits need no check of their own
//! while the per-stage limits are the WebGL2 minimums: 16 + 16 texture
//! units fit the 32 combined units and 12 + 12 blocks the 24 combined
//! blocks.

use crate::error::Refusal;
use crate::profile::Profile;
use crate::record::{LimitsUsed, Stage, StageRecord};

/// What a lowered stage uses of the target, counted from its record.
pub fn used(r: &StageRecord) -> LimitsUsed {
    let declared = |v: &&crate::record::InterfaceVar| !v.builtin;
    let vertex_attributes = match r.stage {
        Stage::Vertex => r.inputs.iter().filter(declared).count() as u32,
        Stage::Pixel => 0,
    };
    let varyings = match r.stage {
        Stage::Vertex => &r.outputs,
        Stage::Pixel => &r.inputs,
    };
    let widths: Vec<u8> = varyings
        .iter()
        .filter(declared)
        .map(|v| v.components)
        .collect();
    let draw_buffers = match r.stage {
        Stage::Pixel => r
            .outputs
            .iter()
            .filter(declared)
            .filter_map(|v| v.location)
            .map(|l| l + 1)
            .max()
            .unwrap_or(0),
        Stage::Vertex => 0,
    };
    LimitsUsed {
        vertex_attributes,
        varying_vectors: varying_rows(&widths),
        texture_units: r.samplers.iter().filter(|s| s.used).count() as u32,
        draw_buffers,
        uniform_blocks: r.uniform_blocks.len() as u32,
        uniform_vectors: r.uniform_blocks.iter().map(|b| b.vec4s).sum(),
    }
}

/// Checks what a stage uses against the profile's limits.
pub fn check(used: &LimitsUsed, profile: &Profile) -> Result<(), Refusal> {
    let limits = &profile.limits;
    over(
        used.vertex_attributes,
        limits.vertex_attributes,
        "vertex attributes",
        "MAX_VERTEX_ATTRIBS",
        "vertex_attributes",
    )?;
    over(
        used.varying_vectors,
        limits.varying_vectors,
        "varying vectors (packed rows)",
        "MAX_VARYING_VECTORS",
        "varying_vectors",
    )?;
    over(
        used.draw_buffers,
        limits.draw_buffers,
        "render targets",
        "MAX_DRAW_BUFFERS",
        "draw_buffers",
    )?;
    over(
        used.texture_units,
        limits.texture_units,
        "texture units (sampler uniforms in use)",
        "MAX_TEXTURE_IMAGE_UNITS",
        "texture_units",
    )?;
    over(
        used.uniform_blocks,
        limits.uniform_blocks,
        "uniform blocks",
        "MAX_*_UNIFORM_BLOCKS",
        "uniform_blocks",
    )
}

fn over(need: u32, limit: u32, what: &str, gl_name: &str, field: &str) -> Result<(), Refusal> {
    if need <= limit {
        return Ok(());
    }
    Err(Refusal::new(
        format!("{need} {what}"),
        format!(
            "the target guarantees {limit} ({gl_name}); a device with only the minimum fails to link the program"
        ),
    )
    .lifted_by(crate::error::Lift::limit(field)))
}

/// Rows of a 4-column varying grid that variables of these widths (1..=4
/// lanes) take under the packing rules of GLSL ES 1.00 Appendix A.7:
/// every `vec4` takes a row; every `vec3` takes columns 0–2 of a row of
/// its own; `vec2`s pair up two to a row; `float`s fill column 3 of the
/// `vec3` rows, then the free half of an unpaired `vec2` row, then rows of
/// four.
pub fn varying_rows(widths: &[u8]) -> u32 {
    let count = |w: u8| widths.iter().filter(|&&x| x.clamp(1, 4) == w).count() as u32;
    let (n4, n3, n2, n1) = (count(4), count(3), count(2), count(1));
    let free_singles = n3 + if n2 % 2 == 1 { 2 } else { 0 };
    let left = n1.saturating_sub(free_singles);
    n4 + n3 + n2.div_ceil(2) + left.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_follows_appendix_a7() {
        assert_eq!(varying_rows(&[]), 0);
        assert_eq!(varying_rows(&[4, 4]), 2);
        // A float fills column 3 of a vec3 row.
        assert_eq!(varying_rows(&[3, 1]), 1);
        // Two vec2 share a row; a third opens another with room for two
        // floats.
        assert_eq!(varying_rows(&[2, 2, 2, 1, 1]), 2);
        assert_eq!(varying_rows(&[2, 2, 2, 1, 1, 1]), 3);
        // Floats alone go four to a row.
        assert_eq!(varying_rows(&[1; 5]), 2);
        // Fifteen vec4 fit WebGL2's minimum exactly, sixteen do not.
        assert_eq!(varying_rows(&[4; 15]), 15);
        assert_eq!(varying_rows(&[4; 16]), 16);
    }
}
