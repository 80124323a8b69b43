//! The `carbon_names` pass: the Carbon names of a stage's constants,
//! textures and samplers as comment lines at the top of its GLSL.
//!
//! EVE's programs have no RDEF, so the translation reads `cb0.data[1].y`
//! where the effect says `TintOffset`. The package builder lists, per
//! stage, what the Carbon record names (profile parameters, built by
//! [`lines`], one parameter per stage); the pass (registered with `dxlower_core::register_pass!`,
//! run after the declarations) writes them with the stage's preamble
//! comments:
//!
//! ```text
//! // Carbon: cb0[0].x SkinScale (float4, 16 bytes)
//! // Carbon: t0 BoneTransforms (structured buffer)
//! // Carbon: s0 LinearSampler
//! ```
//!
//! Names come from an untrusted file: every character outside
//! `[A-Za-z0-9_$]` is written as `?`, so a name can never end the
//! comment.

use dxlower_carbon_effect::{texture_type, BlobRef, Stage};
use dxlower_core::profile::PassSpec;
use dxlower_core::{DeclCtx, LowerError, PassWhen};

/// The pass name.
pub const PASS: &str = "carbon_names";

fn clean(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '?'
            }
        })
        .collect()
}

fn type_name(ty: u8, dimension: u8) -> String {
    let base = match ty {
        0 => "float",
        1 => "int",
        2 => "uint",
        3 => "bool",
        _ => "struct",
    };
    match dimension {
        0 | 1 => base.to_string(),
        16 => format!("{base}4x4"),
        n => format!("{base}{n}"),
    }
}

/// The comment lines of a stage record, joined with `\n` (names already
/// cleaned); the pass takes them as parameter `vertex` or `pixel` (one
/// profile serves both stages of a linked program).
pub fn lines(st: &Stage<BlobRef>) -> Option<String> {
    let mut lines = Vec::new();
    for c in &st.data.constants {
        let comp = ['x', 'y', 'z', 'w'][(c.offset % 16 / 4) as usize];
        let array = if c.elements > 0 {
            format!("[{}]", c.elements)
        } else {
            String::new()
        };
        lines.push(format!(
            "cb0[{}].{comp} {}{array} ({}, {} bytes)",
            c.offset / 16,
            clean(&c.name),
            type_name(c.ty, c.dimension),
            c.size
        ));
    }
    for t in &st.data.textures {
        lines.push(format!(
            "t{} {} ({})",
            t.register,
            clean(&t.name),
            texture_type::name(t.ty)
        ));
    }
    for s in &st.data.samplers {
        if let Some(n) = &s.name {
            lines.push(format!("s{} {}", s.register, clean(n)));
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

fn run(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    let key = if cx.state().is_pixel() {
        "pixel"
    } else {
        "vertex"
    };
    for line in spec.param(key).unwrap_or("").lines() {
        let safe: String = line
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        cx.preamble_comment(&format!("// Carbon: {safe}"));
    }
    Ok(())
}

dxlower_core::register_pass! {
    name: PASS,
    when: PassWhen::Named,
    params: Some(&["vertex", "pixel"]),
    spec: "docs/cewg-package.md#51-what-the-glsl-declares",
    before: None,
    after: Some(run),
}
