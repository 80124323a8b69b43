//! Program-level lowering: a VS and a PS translated together so that the
//! pair links in WebGL2 (`docs/manifest.md#link-rules`).
//!
//! D3D matches stages by semantic and tolerates differences GLSL ES 3.00
//! rejects at link time. [`link()`] computes the agreements of the pair
//! from both programs ([`LinkHints`], read by the declaration handlers and
//! the `link_unfed_varyings` pass), lowers the pixel stage, tells the
//! vertex stage which sampler names the pixel stage took, lowers the vertex
//! stage, and settles on the two records what only both lowered stages
//! show — a block a pass enlarged after its declaration (the BoneTransforms
//! `cb3` splice) is declared at the larger size in both — before either
//! text is assembled. Each stage is translated once; no text is parsed or
//! edited.
//!
//! [`ProgramGlsl::manifest`] lists what the host binds.

use crate::error::TranslateError;
use crate::manifest::Manifest;
use crate::profile::Profile;
use crate::record::BlockKind;
use crate::state::StageInput;
use crate::translate::{lower_linked, StageGlsl};
use dxlower_dxbc::ProgramType;

pub use crate::hints::{LinkHints, Varying, VS_SAMPLER_PREFIX};

/// A translated VS/PS pair.
#[derive(Clone, Debug)]
pub struct ProgramGlsl {
    /// The vertex stage.
    pub vs: StageGlsl,
    /// The pixel stage.
    pub ps: StageGlsl,
    /// The agreements both stages were translated with.
    pub hints: LinkHints,
}

impl ProgramGlsl {
    /// The program manifest.
    pub fn manifest(&self) -> Manifest {
        Manifest::of(&self.vs.record, &self.ps.record, &self.hints)
    }
}

/// Why a pair did not link.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// A stage is not the expected kind.
    #[error("{which} is a {got:?} shader, expected {want:?}")]
    WrongStage {
        /// `vs` or `ps`.
        which: &'static str,
        /// Its program type.
        got: ProgramType,
        /// The expected one.
        want: ProgramType,
    },
    /// One stage did not translate.
    #[error("{which}: {source}")]
    Stage {
        /// `vs` or `ps`.
        which: &'static str,
        /// The stage's error.
        #[source]
        source: TranslateError,
    },
}

/// Translates a VS and a PS together: pixel stage first (the vertex stage
/// must know the sampler names it took), both with the same
/// [`LinkHints`].
pub fn link(
    vs: StageInput<'_>,
    ps: StageInput<'_>,
    profile: &Profile,
) -> Result<ProgramGlsl, LinkError> {
    let check = |which, input: &StageInput<'_>, want| {
        let got = input.program.version.program_type;
        if got != want {
            Err(LinkError::WrongStage { which, got, want })
        } else {
            Ok(())
        }
    };
    check("vs", &vs, ProgramType::Vertex)?;
    check("ps", &ps, ProgramType::Pixel)?;
    let mut hints = LinkHints::compute(&vs, &ps);
    let stage_err = |which| move |source| LinkError::Stage { which, source };
    let mut ps_l = lower_linked(ps, profile, &hints).map_err(stage_err("ps"))?;
    hints.ps_samplers = ps_l
        .out
        .record()
        .samplers
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let mut vs_l = lower_linked(vs, profile, &hints).map_err(stage_err("vs"))?;
    // A pass may enlarge a block after its declaration (the BoneTransforms
    // cb3 splice): a constant buffer both stages declare gets the larger
    // size in both.
    for b in vs_l.out.record.uniform_blocks.iter_mut() {
        if b.kind != BlockKind::ConstantBuffer {
            continue;
        }
        let Some(p) = ps_l.out.record.uniform_blocks.iter_mut().find(|p| {
            p.kind == BlockKind::ConstantBuffer && p.slot == b.slot && p.space == b.space
        }) else {
            continue;
        };
        if p.vec4s != b.vec4s {
            let size = p.vec4s.max(b.vec4s);
            p.vec4s = size;
            b.vec4s = size;
            if let Some(key) = b.slot.and_then(|s| crate::binding::key(b.space, s).ok()) {
                hints.cb_sizes.insert(key, size);
            }
        }
    }
    for l in [&mut vs_l, &mut ps_l] {
        l.out.record.limits = crate::limits::used(&l.out.record);
    }
    Ok(ProgramGlsl {
        vs: vs_l.finish(profile),
        ps: ps_l.finish(profile),
        hints,
    })
}
