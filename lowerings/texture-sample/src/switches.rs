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
}

impl Default for TextureSampleSwitches {
    fn default() -> Self {
        TextureSampleSwitches {
            gather4: Gather4::Emulate,
            resinfo_mip_count: ResinfoMipCount::Refuse,
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
