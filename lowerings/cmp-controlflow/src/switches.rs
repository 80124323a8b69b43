//! The cmp-controlflow family's profile section, `cmp_controlflow: (...)`:
//! where `discard` takes effect. Defaults to the plain `webgl2` behaviour.
//!
//! ```ron
//! cmp_controlflow: (discard_mode: Immediate),
//! ```

use serde::{Deserialize, Serialize};

/// The cmp-controlflow switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CmpControlflowSwitches {
    /// `discard` placement (`lowerings/cmp-controlflow/docs/cmp-controlflow.md#discard`).
    pub discard_mode: DiscardMode,
}

impl Default for CmpControlflowSwitches {
    fn default() -> Self {
        CmpControlflowSwitches {
            discard_mode: DiscardMode::Auto,
        }
    }
}

impl dxlower_core::Switches for CmpControlflowSwitches {
    const SECTION: &'static str = "cmp_controlflow";
}

dxlower_core::register_switches!(CmpControlflowSwitches, family: "cmp-controlflow");

/// `discard` placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiscardMode {
    /// Deferred when a derivative or implicit-LOD sample can follow a
    /// `discard`, else immediate.
    Auto,
    /// Always `discard` in place.
    Immediate,
    /// Always defer to the end of the shader.
    Deferred,
}
