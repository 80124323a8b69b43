//! Input, output and patch-constant signatures (`ISGN`, `OSGN`, `PCSG`,
//! `OSG5`, `ISG1`, `OSG1`, `PSG1`).
//!
//! A signature chunk starts with an element count and the byte offset of the
//! first element (8 in practice), followed by fixed-size elements:
//!
//! | chunk | element bytes | layout |
//! |---|---|---|
//! | `ISGN`, `OSGN`, `PCSG` | 24 | name offset, semantic index, system value, component type, register, mask (u8), read/write mask (u8), 2 reserved bytes |
//! | `OSG5` | 28 | stream, then the 24-byte element |
//! | `ISG1`, `OSG1`, `PSG1` | 32 | stream, the 24-byte element, min precision |
//!
//! Name offsets are from the start of the chunk data. System values use the
//! `D3D_NAME` numbering (not the token format's `D3D10_SB_NAME`), see
//! [`SignatureSystemValue`]. fxc stores pixel-shader outputs (`SV_Target`,
//! `SV_Depth`, ...) with system value 0 and lets the name carry the meaning;
//! [`SignatureElement::effective_system_value`] recovers it.

use crate::container::{check_array, fourcc, read_cstr, read_u32, read_u8};
use crate::error::{Error, FourCc, Result};

/// System value of a signature element (`D3D_NAME`). Values below 64 mostly
/// match the token format's `D3D10_SB_NAME`, but the tessellation factors
/// are numbered differently and the pixel-output values start at 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignatureSystemValue {
    /// 0: not a system value (or a pixel-shader output, see the module docs).
    Undefined,
    /// 1: `SV_Position`.
    Position,
    /// 2: `SV_ClipDistance`.
    ClipDistance,
    /// 3: `SV_CullDistance`.
    CullDistance,
    /// 4: `SV_RenderTargetArrayIndex`.
    RenderTargetArrayIndex,
    /// 5: `SV_ViewportArrayIndex`.
    ViewportArrayIndex,
    /// 6: `SV_VertexID`.
    VertexId,
    /// 7: `SV_PrimitiveID`.
    PrimitiveId,
    /// 8: `SV_InstanceID`.
    InstanceId,
    /// 9: `SV_IsFrontFace`.
    IsFrontFace,
    /// 10: `SV_SampleIndex`.
    SampleIndex,
    /// 11: quad edge `SV_TessFactor`.
    FinalQuadEdgeTessFactor,
    /// 12: quad `SV_InsideTessFactor`.
    FinalQuadInsideTessFactor,
    /// 13: triangle edge `SV_TessFactor`.
    FinalTriEdgeTessFactor,
    /// 14: triangle `SV_InsideTessFactor`.
    FinalTriInsideTessFactor,
    /// 15: isoline detail `SV_TessFactor`.
    FinalLineDetailTessFactor,
    /// 16: isoline density `SV_TessFactor`.
    FinalLineDensityTessFactor,
    /// 23: `SV_Barycentrics`.
    Barycentrics,
    /// 24: `SV_ShadingRate`.
    ShadingRate,
    /// 25: `SV_CullPrimitive`.
    CullPrimitive,
    /// 64: `SV_Target`.
    Target,
    /// 65: `SV_Depth`.
    Depth,
    /// 66: `SV_Coverage`.
    Coverage,
    /// 67: `SV_DepthGreaterEqual`.
    DepthGreaterEqual,
    /// 68: `SV_DepthLessEqual`.
    DepthLessEqual,
    /// 69: `SV_StencilRef`.
    StencilRef,
    /// 70: `SV_InnerCoverage`.
    InnerCoverage,
    /// Any other value.
    Other(u32),
}

impl SignatureSystemValue {
    /// Decodes a `D3D_NAME` value.
    pub fn from_u32(v: u32) -> Self {
        use SignatureSystemValue::*;
        match v {
            0 => Undefined,
            1 => Position,
            2 => ClipDistance,
            3 => CullDistance,
            4 => RenderTargetArrayIndex,
            5 => ViewportArrayIndex,
            6 => VertexId,
            7 => PrimitiveId,
            8 => InstanceId,
            9 => IsFrontFace,
            10 => SampleIndex,
            11 => FinalQuadEdgeTessFactor,
            12 => FinalQuadInsideTessFactor,
            13 => FinalTriEdgeTessFactor,
            14 => FinalTriInsideTessFactor,
            15 => FinalLineDetailTessFactor,
            16 => FinalLineDensityTessFactor,
            23 => Barycentrics,
            24 => ShadingRate,
            25 => CullPrimitive,
            64 => Target,
            65 => Depth,
            66 => Coverage,
            67 => DepthGreaterEqual,
            68 => DepthLessEqual,
            69 => StencilRef,
            70 => InnerCoverage,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use SignatureSystemValue::*;
        match self {
            Undefined => 0,
            Position => 1,
            ClipDistance => 2,
            CullDistance => 3,
            RenderTargetArrayIndex => 4,
            ViewportArrayIndex => 5,
            VertexId => 6,
            PrimitiveId => 7,
            InstanceId => 8,
            IsFrontFace => 9,
            SampleIndex => 10,
            FinalQuadEdgeTessFactor => 11,
            FinalQuadInsideTessFactor => 12,
            FinalTriEdgeTessFactor => 13,
            FinalTriInsideTessFactor => 14,
            FinalLineDetailTessFactor => 15,
            FinalLineDensityTessFactor => 16,
            Barycentrics => 23,
            ShadingRate => 24,
            CullPrimitive => 25,
            Target => 64,
            Depth => 65,
            Coverage => 66,
            DepthGreaterEqual => 67,
            DepthLessEqual => 68,
            StencilRef => 69,
            InnerCoverage => 70,
            Other(n) => n,
        }
    }
    /// The abbreviation fxc prints in the `SysValue` column of a signature
    /// listing (`NONE`, `POS`, `TARGET`, ...).
    pub fn listing_name(self) -> &'static str {
        use SignatureSystemValue::*;
        match self {
            Undefined => "NONE",
            Position => "POS",
            ClipDistance => "CLIPDST",
            CullDistance => "CULLDST",
            RenderTargetArrayIndex => "RTINDEX",
            ViewportArrayIndex => "VPINDEX",
            VertexId => "VERTID",
            PrimitiveId => "PRIMID",
            InstanceId => "INSTID",
            IsFrontFace => "FFACE",
            SampleIndex => "SAMPLE",
            FinalQuadEdgeTessFactor => "QUADEDGE",
            FinalQuadInsideTessFactor => "QUADINT",
            FinalTriEdgeTessFactor => "TRIEDGE",
            FinalTriInsideTessFactor => "TRIINT",
            FinalLineDetailTessFactor => "LINEDET",
            FinalLineDensityTessFactor => "LINEDEN",
            Barycentrics => "BARYCEN",
            ShadingRate => "SHDINGRATE",
            CullPrimitive => "CULLPRIM",
            Target => "TARGET",
            Depth => "DEPTH",
            Coverage => "COVERAGE",
            DepthGreaterEqual => "DEPTHGE",
            DepthLessEqual => "DEPTHLE",
            StencilRef => "STENCILREF",
            InnerCoverage => "INNERCOV",
            Other(_) => "UNKNOWN",
        }
    }
    /// The system value an `SV_` semantic name stands for when stored as
    /// [`SignatureSystemValue::Undefined`] (pixel-shader outputs and
    /// pixel-shader inputs such as `SV_Coverage`); `None` for other names.
    pub fn from_semantic_name(name: &str) -> Option<Self> {
        use SignatureSystemValue::*;
        let upper = name.to_ascii_uppercase();
        Some(match upper.as_str() {
            "SV_TARGET" => Target,
            "SV_DEPTH" => Depth,
            "SV_COVERAGE" => Coverage,
            "SV_DEPTHGREATEREQUAL" => DepthGreaterEqual,
            "SV_DEPTHLESSEQUAL" => DepthLessEqual,
            "SV_STENCILREF" => StencilRef,
            "SV_INNERCOVERAGE" => InnerCoverage,
            _ => return None,
        })
    }
}

/// Component type of a signature element (`D3D_REGISTER_COMPONENT_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentType {
    /// 0: unknown.
    Unknown,
    /// 1: 32-bit unsigned integer.
    Uint32,
    /// 2: 32-bit signed integer.
    Sint32,
    /// 3: 32-bit float.
    Float32,
    /// 4: 16-bit unsigned integer.
    Uint16,
    /// 5: 16-bit signed integer.
    Sint16,
    /// 6: 16-bit float.
    Float16,
    /// 7: 64-bit unsigned integer.
    Uint64,
    /// 8: 64-bit signed integer.
    Sint64,
    /// 9: 64-bit float.
    Float64,
    /// Any other value.
    Other(u32),
}

impl ComponentType {
    /// Decodes the field.
    pub fn from_u32(v: u32) -> Self {
        use ComponentType::*;
        match v {
            0 => Unknown,
            1 => Uint32,
            2 => Sint32,
            3 => Float32,
            4 => Uint16,
            5 => Sint16,
            6 => Float16,
            7 => Uint64,
            8 => Sint64,
            9 => Float64,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use ComponentType::*;
        match self {
            Unknown => 0,
            Uint32 => 1,
            Sint32 => 2,
            Float32 => 3,
            Uint16 => 4,
            Sint16 => 5,
            Float16 => 6,
            Uint64 => 7,
            Sint64 => 8,
            Float64 => 9,
            Other(n) => n,
        }
    }
    /// The name fxc prints in the `Format` column (`float`, `uint`, `int`,
    /// ...).
    pub fn listing_name(self) -> &'static str {
        use ComponentType::*;
        match self {
            Unknown | Other(_) => "unknown",
            Uint32 => "uint",
            Sint32 => "int",
            Float32 => "float",
            Uint16 => "uint16",
            Sint16 => "int16",
            Float16 => "float16",
            Uint64 => "uint64",
            Sint64 => "int64",
            Float64 => "double",
        }
    }
}

/// Minimum precision of a signature element (`D3D_MIN_PRECISION`), present
/// in `ISG1`/`OSG1`/`PSG1` only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MinPrecision {
    /// 0: full precision.
    #[default]
    Default,
    /// 1: `min16float`.
    Float16,
    /// 2: `min10float` (2.8 fixed point).
    Float2_8,
    /// 4: `min16int`.
    Sint16,
    /// 5: `min16uint`.
    Uint16,
    /// 0xf0: any 16-bit.
    Any16,
    /// 0xf1: any 10-bit.
    Any10,
    /// Any other value.
    Other(u32),
}

impl MinPrecision {
    /// Decodes the field.
    pub fn from_u32(v: u32) -> Self {
        use MinPrecision::*;
        match v {
            0 => Default,
            1 => Float16,
            2 => Float2_8,
            4 => Sint16,
            5 => Uint16,
            0xf0 => Any16,
            0xf1 => Any10,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use MinPrecision::*;
        match self {
            Default => 0,
            Float16 => 1,
            Float2_8 => 2,
            Sint16 => 4,
            Uint16 => 5,
            Any16 => 0xf0,
            Any10 => 0xf1,
            Other(n) => n,
        }
    }
    /// The format fxc prints in place of the component type for a
    /// minimum-precision element (`min16f`, `min2_8f`, `min16i`, `min16u`);
    /// `None` for full precision.
    pub fn listing_name(self) -> Option<&'static str> {
        use MinPrecision::*;
        match self {
            Default => None,
            Float16 => Some("min16f"),
            Float2_8 => Some("min2_8f"),
            Sint16 => Some("min16i"),
            Uint16 => Some("min16u"),
            Any16 => Some("any16"),
            Any10 => Some("any10"),
            Other(_) => Some("unknown"),
        }
    }
}

/// One signature element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureElement {
    /// Semantic name as stored (`TEXCOORD`, `SV_Position`, ...).
    pub name: String,
    /// Semantic index.
    pub semantic_index: u32,
    /// System value as stored (see [`Self::effective_system_value`]).
    pub system_value: SignatureSystemValue,
    /// Component type.
    pub component_type: ComponentType,
    /// Register (`v#`/`o#`); the render-target index for `SV_Target`,
    /// `0xFFFF_FFFF` for outputs without a register (`SV_Depth`).
    pub register: u32,
    /// Components the element occupies (x = bit 0).
    pub mask: u8,
    /// For inputs, the components the shader reads; for outputs, the
    /// components it never writes (fxc's "used" column shows
    /// `mask & !rw_mask` for outputs).
    pub rw_mask: u8,
    /// The two bytes after the masks (zero in practice).
    pub reserved: u16,
    /// Stream (`OSG5`, `*SG1`; 0 otherwise).
    pub stream: u32,
    /// Minimum precision (`*SG1`; default otherwise).
    pub min_precision: MinPrecision,
}

impl SignatureElement {
    /// The stored system value, or the one implied by an `SV_` name when it
    /// is stored as undefined (fxc does this for `SV_Target`, `SV_Depth`,
    /// `SV_Coverage`, ...).
    pub fn effective_system_value(&self) -> SignatureSystemValue {
        match self.system_value {
            SignatureSystemValue::Undefined => SignatureSystemValue::from_semantic_name(&self.name)
                .unwrap_or(SignatureSystemValue::Undefined),
            sv => sv,
        }
    }
    /// The `Format` column fxc prints: the min-precision name when there is
    /// one, else the component type's.
    pub fn listing_format(&self) -> &'static str {
        self.min_precision
            .listing_name()
            .unwrap_or(self.component_type.listing_name())
    }
    /// True when `register` names no register (`0xFFFF_FFFF`).
    pub fn has_no_register(&self) -> bool {
        self.register == u32::MAX
    }
}

/// Element layout of a signature chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureLayout {
    /// 24-byte elements (`ISGN`, `OSGN`, `PCSG`).
    Basic,
    /// 28-byte elements with a leading stream (`OSG5`).
    WithStream,
    /// 32-byte elements with stream and min precision (`ISG1`, `OSG1`,
    /// `PSG1`).
    WithMinPrecision,
}

impl SignatureLayout {
    /// The layout of a signature chunk FourCC, or `None` if it is not one.
    pub fn of(cc: FourCc) -> Option<Self> {
        match cc {
            fourcc::ISGN | fourcc::OSGN | fourcc::PCSG => Some(Self::Basic),
            fourcc::OSG5 => Some(Self::WithStream),
            fourcc::ISG1 | fourcc::OSG1 | fourcc::PSG1 => Some(Self::WithMinPrecision),
            _ => None,
        }
    }
    /// Element size in bytes.
    pub fn element_size(self) -> u64 {
        match self {
            Self::Basic => 24,
            Self::WithStream => 28,
            Self::WithMinPrecision => 32,
        }
    }
}

/// A parsed signature chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The chunk it came from.
    pub fourcc: FourCc,
    /// Byte offset of the first element in the chunk (the header's second
    /// field; 8 in practice).
    pub elements_offset: u32,
    /// Elements in chunk order.
    pub elements: Vec<SignatureElement>,
}

impl Signature {
    /// Parses the data of a signature chunk `cc`. Offsets in errors are
    /// relative to `data`.
    pub fn parse(cc: FourCc, data: &[u8]) -> Result<Signature> {
        let layout = SignatureLayout::of(cc).ok_or_else(|| {
            Error::malformed(
                0,
                format!("chunk {} is not a signature", crate::error::fourcc_str(&cc)),
            )
        })?;
        let count = read_u32(data, 0)?;
        let first = read_u32(data, 4)?;
        let stride = layout.element_size();
        check_array(
            data,
            first as u64,
            count as u64,
            stride,
            "signature element count",
            0,
        )?;
        let mut elements = Vec::with_capacity(count as usize);
        for i in 0..count as u64 {
            let mut at = first as u64 + i * stride;
            let stream = match layout {
                SignatureLayout::Basic => 0,
                _ => {
                    let s = read_u32(data, at)?;
                    at += 4;
                    s
                }
            };
            let name_off = read_u32(data, at)?;
            let name = read_cstr(data, name_off, "semantic name offset", at)?;
            let semantic_index = read_u32(data, at + 4)?;
            let system_value = SignatureSystemValue::from_u32(read_u32(data, at + 8)?);
            let component_type = ComponentType::from_u32(read_u32(data, at + 12)?);
            let register = read_u32(data, at + 16)?;
            let mask = read_u8(data, at + 20)?;
            let rw_mask = read_u8(data, at + 21)?;
            let reserved =
                u16::from(read_u8(data, at + 22)?) | (u16::from(read_u8(data, at + 23)?) << 8);
            let min_precision = match layout {
                SignatureLayout::WithMinPrecision => {
                    MinPrecision::from_u32(read_u32(data, at + 24)?)
                }
                _ => MinPrecision::Default,
            };
            elements.push(SignatureElement {
                name,
                semantic_index,
                system_value,
                component_type,
                register,
                mask,
                rw_mask,
                reserved,
                stream,
                min_precision,
            });
        }
        Ok(Signature {
            fourcc: cc,
            elements_offset: first,
            elements,
        })
    }

    /// The element layout of this signature's chunk.
    pub fn layout(&self) -> SignatureLayout {
        SignatureLayout::of(self.fourcc).unwrap_or(SignatureLayout::Basic)
    }

    /// Elements whose register is `reg` (several elements can share one
    /// register with disjoint masks).
    pub fn by_register(&self, reg: u32) -> impl Iterator<Item = &SignatureElement> + '_ {
        self.elements.iter().filter(move |e| e.register == reg)
    }

    /// The element with this semantic (name compared case-insensitively).
    pub fn by_semantic(&self, name: &str, index: u32) -> Option<&SignatureElement> {
        self.elements
            .iter()
            .find(|e| e.semantic_index == index && e.name.eq_ignore_ascii_case(name))
    }
}
