//! The integer-conv family's profile section, `integer_conv: (...)`:
//! how float-to-integer and float-to-half conversions are written. Every
//! field defaults to the plain `webgl2` behaviour.
//!
//! ```ron
//! integer_conv: (f32tof16: Exact),
//! ```

use serde::{Deserialize, Serialize};

/// The integer-conv switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IntegerConvSwitches {
    /// `ftoi`/`ftou` conversion (profiles.md §3).
    pub ftoi_ftou: FtoiFtou,
    /// `f32tof16` rounding (profiles.md §3).
    pub f32tof16: F32ToF16,
}

impl Default for IntegerConvSwitches {
    fn default() -> Self {
        IntegerConvSwitches {
            ftoi_ftou: FtoiFtou::D3dExact,
            f32tof16: F32ToF16::Exact,
        }
    }
}

impl dxlower_core::Switches for IntegerConvSwitches {
    const SECTION: &'static str = "integer_conv";
}

dxlower_core::register_switches!(IntegerConvSwitches, family: "integer-conv");

/// `ftoi`/`ftou`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FtoiFtou {
    /// Plain `int()`/`uint()` casts (undefined for NaN and out of range).
    Bare,
    /// D3D-exact helpers (NaN → 0, saturation to the integer range).
    D3dExact,
}

/// `f32tof16` rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum F32ToF16 {
    /// Clamp finite values to ±65504, then `packHalf2x16`.
    Clamped,
    /// Exact round-toward-zero helper.
    Exact,
}
