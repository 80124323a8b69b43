//! Resource limits of the target ([`crate::profile::Limits`]), checked once a stage is lowered
//! (profiles.md §2, "Resource limits to check at translate/link time").
//!
//! A stage that needs more than the profile's [`Limits`] is refused by name
//! instead of emitted: the GLSL would compile on the translating machine
//! and fail to link on a device that offers only the guaranteed minimum.
//! The defaults are the WebGL2 minimums.
//!
//! What is counted, from the lowered stage (names follow profiles.md §4.1):
//!
//! | limit | counted |
//! |---|---|
//! | `vertex_attributes` | VS input variables `in_*` |
//! | `varying_vectors` | rows the `vs_*` variables of the stage take when packed by the rules of GLSL ES 1.00 Appendix A.7, which WebGL applies (see [`varying_rows`]) |
//! | `texture_units` | sampler uniforms the stage's code names (a declared but unused sampler is inactive and takes no unit) |
//! | `draw_buffers` | the highest `SV_Target<N>` + 1 |
//! | `uniform_blocks` | `uniform` block declarations |
//!
//! `uniform_block_vec4s` is checked where a block is declared (its size is
//! known there). Combined (both-stage) limits need no check of their own
//! while the per-stage limits are the WebGL2 minimums: 16 + 16 texture
//! units fit the 32 combined units and 12 + 12 blocks the 24 combined
//! blocks.

use crate::emit::Output;
use crate::error::Refusal;
use crate::profile::Profile;
use crate::regs::Var;
use dxlower_dxbc::ProgramType;

/// Checks a lowered stage against the profile's limits.
pub fn check(
    stage: ProgramType,
    vars: &[Var],
    out: &Output,
    profile: &Profile,
) -> Result<(), Refusal> {
    let limits = &profile.limits;
    // Only the few interface variables are collected (and deduplicated:
    // packed registers can share one).
    let mut attributes: Vec<&str> = Vec::new();
    let mut varyings: Vec<(&str, u8)> = Vec::new();
    let mut targets = 0u32;
    for v in vars {
        let name = v.name.as_str();
        if stage == ProgramType::Vertex && name.starts_with("in_") {
            if !attributes.contains(&name) {
                attributes.push(name);
            }
        } else if name.starts_with("vs_") {
            if !varyings.iter().any(|(n, _)| *n == name) {
                varyings.push((name, v.width));
            }
        } else if let Some(n) = name.strip_prefix("SV_Target") {
            if let Ok(n) = n.parse::<u32>() {
                targets = targets.max(n + 1);
            }
        }
    }
    let attributes = attributes.len() as u32;
    let widths: Vec<u8> = varyings.iter().map(|&(_, w)| w).collect();
    over(
        attributes,
        limits.vertex_attributes,
        "vertex attributes",
        "MAX_VERTEX_ATTRIBS",
        "vertex_attributes",
    )?;
    over(
        varying_rows(&widths),
        limits.varying_vectors,
        "varying vectors (packed rows)",
        "MAX_VARYING_VECTORS",
        "varying_vectors",
    )?;
    over(
        targets,
        limits.draw_buffers,
        "render targets",
        "MAX_DRAW_BUFFERS",
        "draw_buffers",
    )?;
    // Samplers in use are at most the declared ones: the code is scanned
    // only when the declarations alone exceed the limit.
    let declared = out.samplers.len() as u32;
    let units = if declared <= limits.texture_units {
        declared
    } else {
        let names: Vec<&str> = out.samplers.iter().map(|s| s.name.as_str()).collect();
        let mut used = vec![false; names.len()];
        for text in [&out.early_main, &out.body, &out.functions] {
            mark_used(text, &names, &mut used);
        }
        used.iter().filter(|&&u| u).count() as u32
    };
    over(
        units,
        limits.texture_units,
        "texture units (sampler uniforms in use)",
        "MAX_TEXTURE_IMAGE_UNITS",
        "texture_units",
    )?;
    // The only braces among the global declarations open uniform blocks
    // (`layout(std140) uniform ConstantBuffer0 {`): arrays are initialized
    // with constructors, functions live in their own section.
    let blocks = out.decls.bytes().filter(|&b| b == b'{').count() as u32;
    over(
        blocks,
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
    .lifted_by(format!("a profile whose target guarantees more (limits.{field})")))
}

/// Marks `used[i]` for every `names[i]` that occurs in `text` as a whole
/// identifier: one pass over the text, identifier by identifier.
fn mark_used(text: &str, names: &[&str], used: &mut [bool]) {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !ident(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && ident(bytes[i]) {
            i += 1;
        }
        let word = &text[start..i];
        for (k, n) in names.iter().enumerate() {
            if n.len() == word.len() && *n == word {
                used[k] = true;
            }
        }
    }
}

/// True when `name` occurs as a whole identifier in `text`.
#[cfg(test)]
fn occurs(text: &str, name: &str) -> bool {
    let mut used = [false];
    mark_used(text, &[name], &mut used);
    used[0]
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

    #[test]
    fn whole_identifiers_only() {
        assert!(occurs("r0 = texture(t0, v);", "t0"));
        assert!(!occurs("r0 = texture(t0TEX_with_SMPs1, v);", "t0"));
        assert!(!occurs("r0 = texture(xt0, v);", "t0"));
        assert!(occurs("a(t0TEX_with_SMPs1)", "t0TEX_with_SMPs1"));
    }
}
