//! The program type of a shader: the stage it runs in.

/// The program type of the version token (`D3D10_SB_TOKENIZED_PROGRAM_TYPE`,
/// bits `[31:16]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProgramType {
    /// `ps`: pixel shader (0).
    Pixel,
    /// `vs`: vertex shader (1).
    Vertex,
    /// `gs`: geometry shader (2).
    Geometry,
    /// `hs`: hull shader (3).
    Hull,
    /// `ds`: domain shader (4).
    Domain,
    /// `cs`: compute shader (5).
    Compute,
    /// Any other value of the field.
    Unknown(u16),
}

impl ProgramType {
    /// Decodes bits `[31:16]` of the version token.
    pub fn from_u16(v: u16) -> Self {
        match v {
            0 => Self::Pixel,
            1 => Self::Vertex,
            2 => Self::Geometry,
            3 => Self::Hull,
            4 => Self::Domain,
            5 => Self::Compute,
            n => Self::Unknown(n),
        }
    }
    /// The encoded value.
    pub fn to_u16(self) -> u16 {
        match self {
            Self::Pixel => 0,
            Self::Vertex => 1,
            Self::Geometry => 2,
            Self::Hull => 3,
            Self::Domain => 4,
            Self::Compute => 5,
            Self::Unknown(n) => n,
        }
    }
    /// The two-letter prefix fxc uses (`ps`, `vs`, ...); `xx` when unknown.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Pixel => "ps",
            Self::Vertex => "vs",
            Self::Geometry => "gs",
            Self::Hull => "hs",
            Self::Domain => "ds",
            Self::Compute => "cs",
            Self::Unknown(_) => "xx",
        }
    }
}
