//! The texture-sample family's profile section, `texture_sample: (...)`:
//! how gathers are written and where `resinfo` reads a mip count. Every
//! field defaults to the plain `webgl2` behaviour.
//!
//! ```ron
//! texture_sample: (resinfo_mip_count: Uniform("hlslcc_mipCount")),
//! ```

use serde::{Deserialize, Serialize};

/// The texture-sample switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TextureSampleSwitches {
    /// `gather4*` (`lowerings/texture-sample/docs/texture-sample.md#gather4`).
    pub gather4: Gather4,
    /// Mip count of `resinfo`: refused, or read from a uniform of this name.
    pub resinfo_mip_count: ResinfoMipCount,
    /// `lod` (`CalculateLevelOfDetail`): refused, or computed from the
    /// coordinate's derivatives with the sampler's LOD range read from a
    /// uniform of this name (`lowerings/texture-sample/docs/emulations.md#2-lod-calculatelevelofdetail`).
    pub lod: Lod,
    /// The render target has one sample: `sample_info` and `sample_pos`
    /// of the rasterizer give 1 and the centre (`lowerings/texture-sample/docs/emulations.md#1-single-sample-contract-ld_ms-sample_info-sample_pos`;
    /// the same contract as decl-io's `single_sample_target`).
    pub single_sample_target: bool,
    /// The residency-feedback forms (`*_s`) and `check_access_fully_mapped`:
    /// refused, or lowered under the contract that every bound texture is
    /// fully resident (`lowerings/texture-sample/docs/emulations.md#3-residency-feedback-under-a-fully-resident-contract`).
    pub residency_feedback: ResidencyFeedback,
}

impl Default for TextureSampleSwitches {
    fn default() -> Self {
        TextureSampleSwitches {
            gather4: Gather4::Emulate,
            resinfo_mip_count: ResinfoMipCount::Refuse,
            lod: Lod::Refuse,
            single_sample_target: false,
            residency_feedback: ResidencyFeedback::Refuse,
        }
    }
}

impl dxlower_core::Switches for TextureSampleSwitches {
    const SECTION: &'static str = "texture_sample";
}

dxlower_core::register_switches!(TextureSampleSwitches, family: "texture-sample");

/// `gather4*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gather4 {
    /// Four level-0 samples at the texel centres of the footprint.
    Emulate,
    /// Refuse.
    Refuse,
}

/// `resinfo` mip count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResinfoMipCount {
    /// Refuse reads of the mip count.
    Refuse,
    /// Read it from a uniform array of this name, indexed by texture
    /// register.
    Uniform(String),
}

/// `lod` (`CalculateLevelOfDetail`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lod {
    /// Refuse (GLSL ES 3.00 has no level-of-detail query).
    Refuse,
    /// Compute it from the derivatives of the coordinate scaled by the
    /// texture's size (the D3D11.3 isotropic LOD formula), and clamp it
    /// with the sampler's LOD state read from `uniform highp vec4
    /// <name>[16]`: element `M` for sampler `s<M>` holds (MipLODBias,
    /// MinLOD, MaxLOD, 0).
    Derivatives(String),
}

/// The residency-feedback forms (`*_s`) and `check_access_fully_mapped`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResidencyFeedback {
    /// Refuse (WebGL2 has no tiled resources and no residency status).
    Refuse,
    /// The host binds only fully resident textures: every access reports
    /// "fully mapped" (`0xffffffff`), which `check_access_fully_mapped`
    /// reads as true.
    FullyResident,
}
