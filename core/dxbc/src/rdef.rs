//! Resource definitions (`RDEF`): constant buffers with their variables and
//! types, and resource bindings.
//!
//! Header (offsets from the start of the chunk data, as are all offsets
//! inside the chunk):
//!
//! | bytes | field |
//! |---|---|
//! | `0..4` | constant-buffer count |
//! | `4..8` | constant-buffer descriptors offset |
//! | `8..12` | resource-binding count |
//! | `12..16` | resource-binding descriptors offset |
//! | `16..20` | target: minor (u8), major (u8), program type (u16: `0xFFFF` ps, `0xFFFE` vs, `"GS"`, `"HS"`, `"DS"`, `"CS"`) |
//! | `20..24` | compile flags |
//! | `24..28` | creator string offset |
//! | `28..60` | targets >= 5.0 only: `RD11` sub-header (magic, header size, then the sizes of the cbuffer, binding, variable, type and member descriptors, interface slot count) |
//!
//! Descriptor sizes without a sub-header: cbuffer 24, binding 32, variable
//! 24, type 16, member 12. With it, the sizes it states are used as strides
//! (fxc writes 24, 32 or 40 for 5.1, 40, 36, 12); the extra SM5 fields are
//! read when the stride covers them.
//!
//! Every count is checked against the chunk size before anything is
//! allocated for it, type recursion is limited to [`MAX_TYPE_DEPTH`] levels
//! and [`MAX_TYPE_NODES`] type descriptors in total (types are shared by
//! offset, so a malicious chunk could otherwise describe an exponential
//! tree).

use crate::container::{
    check_array, check_range, read_bytes, read_cstr, read_fourcc, read_u16, read_u32,
};
use crate::error::{Error, ErrorKind, Result};

/// Deepest nesting of struct members that is accepted.
pub const MAX_TYPE_DEPTH: u32 = 32;
/// Most type descriptors (counting every visit of a shared one) one `RDEF`
/// chunk may expand to.
pub const MAX_TYPE_NODES: u32 = 1 << 16;

/// The `RD11` sub-header magic of SM 5.0 targets (`"RD11"`).
pub const RD11_MAGIC: u32 = u32::from_le_bytes(*b"RD11");
/// The sub-header magic fxc writes for SM 5.1 targets.
pub const RD11_MAGIC_51: u32 = 0x2544_1313;

/// Program type of the `RDEF` target field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RdefProgramType {
    /// `0xFFFF`.
    Pixel,
    /// `0xFFFE`.
    Vertex,
    /// `0x4753` (`"GS"`).
    Geometry,
    /// `0x4853` (`"HS"`).
    Hull,
    /// `0x4453` (`"DS"`).
    Domain,
    /// `0x4353` (`"CS"`).
    Compute,
    /// `0x4C46` (`"LF"`, function library).
    Library,
    /// Any other value.
    Other(u16),
}

impl RdefProgramType {
    /// Decodes the field.
    pub fn from_u16(v: u16) -> Self {
        match v {
            0xFFFF => Self::Pixel,
            0xFFFE => Self::Vertex,
            0x4753 => Self::Geometry,
            0x4853 => Self::Hull,
            0x4453 => Self::Domain,
            0x4353 => Self::Compute,
            0x4C46 => Self::Library,
            n => Self::Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u16(self) -> u16 {
        match self {
            Self::Pixel => 0xFFFF,
            Self::Vertex => 0xFFFE,
            Self::Geometry => 0x4753,
            Self::Hull => 0x4853,
            Self::Domain => 0x4453,
            Self::Compute => 0x4353,
            Self::Library => 0x4C46,
            Self::Other(n) => n,
        }
    }
    /// The token-format program type this corresponds to, if any.
    pub fn to_program_type(self) -> Option<crate::ProgramType> {
        use crate::ProgramType as P;
        Some(match self {
            Self::Pixel => P::Pixel,
            Self::Vertex => P::Vertex,
            Self::Geometry => P::Geometry,
            Self::Hull => P::Hull,
            Self::Domain => P::Domain,
            Self::Compute => P::Compute,
            _ => return None,
        })
    }
}

/// The compile target recorded in `RDEF`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdefTarget {
    /// Program type.
    pub program_type: RdefProgramType,
    /// Major shader model.
    pub major: u8,
    /// Minor shader model.
    pub minor: u8,
}

impl RdefTarget {
    /// Decodes the target dword.
    pub fn from_u32(v: u32) -> Self {
        RdefTarget {
            program_type: RdefProgramType::from_u16((v >> 16) as u16),
            major: (v >> 8) as u8,
            minor: v as u8,
        }
    }
    /// The encoded dword.
    pub fn to_u32(self) -> u32 {
        ((self.program_type.to_u16() as u32) << 16) | ((self.major as u32) << 8) | self.minor as u32
    }
    /// True for 5.0 and later (the `RD11` sub-header is present).
    pub fn is_sm5(self) -> bool {
        self.major >= 5
    }
}

/// The `RD11` sub-header of targets >= 5.0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rd11Header {
    /// [`RD11_MAGIC`] or [`RD11_MAGIC_51`].
    pub magic: u32,
    /// Size of the whole `RDEF` header (60).
    pub header_size: u32,
    /// Size of a constant-buffer descriptor (24).
    pub cbuffer_size: u32,
    /// Size of a resource-binding descriptor (32; 40 with space and id).
    pub binding_size: u32,
    /// Size of a variable descriptor (40).
    pub variable_size: u32,
    /// Size of a type descriptor (36).
    pub type_size: u32,
    /// Size of a struct-member descriptor (12).
    pub member_size: u32,
    /// Interface slot count.
    pub interface_slots: u32,
}

/// Kind of a constant buffer (`D3D_CBUFFER_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CbufferType {
    /// 0: `cbuffer`.
    Cbuffer,
    /// 1: `tbuffer`.
    Tbuffer,
    /// 2: interface pointers.
    InterfacePointers,
    /// 3: resource bind info (structured-buffer element layout).
    ResourceBindInfo,
    /// Any other value.
    Other(u32),
}

impl CbufferType {
    /// Decodes the field.
    pub fn from_u32(v: u32) -> Self {
        match v {
            0 => Self::Cbuffer,
            1 => Self::Tbuffer,
            2 => Self::InterfacePointers,
            3 => Self::ResourceBindInfo,
            n => Self::Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        match self {
            Self::Cbuffer => 0,
            Self::Tbuffer => 1,
            Self::InterfacePointers => 2,
            Self::ResourceBindInfo => 3,
            Self::Other(n) => n,
        }
    }
}

/// Class of a variable type (`D3D_SHADER_VARIABLE_CLASS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariableClass {
    /// 0.
    Scalar,
    /// 1.
    Vector,
    /// 2: row-major matrix.
    MatrixRows,
    /// 3: column-major matrix.
    MatrixColumns,
    /// 4: object (texture, sampler, ...).
    Object,
    /// 5: struct.
    Struct,
    /// 6: interface class.
    InterfaceClass,
    /// 7: interface pointer.
    InterfacePointer,
    /// Any other value.
    Other(u16),
}

impl VariableClass {
    /// Decodes the field.
    pub fn from_u16(v: u16) -> Self {
        match v {
            0 => Self::Scalar,
            1 => Self::Vector,
            2 => Self::MatrixRows,
            3 => Self::MatrixColumns,
            4 => Self::Object,
            5 => Self::Struct,
            6 => Self::InterfaceClass,
            7 => Self::InterfacePointer,
            n => Self::Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u16(self) -> u16 {
        match self {
            Self::Scalar => 0,
            Self::Vector => 1,
            Self::MatrixRows => 2,
            Self::MatrixColumns => 3,
            Self::Object => 4,
            Self::Struct => 5,
            Self::InterfaceClass => 6,
            Self::InterfacePointer => 7,
            Self::Other(n) => n,
        }
    }
}

/// Base type of a variable (`D3D_SHADER_VARIABLE_TYPE`), kept as its raw
/// value with named constants for the common ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariableType(pub u16);

impl VariableType {
    /// `void`.
    pub const VOID: Self = Self(0);
    /// `bool`.
    pub const BOOL: Self = Self(1);
    /// `int`.
    pub const INT: Self = Self(2);
    /// `float`.
    pub const FLOAT: Self = Self(3);
    /// `uint`.
    pub const UINT: Self = Self(19);
    /// `double`.
    pub const DOUBLE: Self = Self(39);
    /// `min16float`.
    pub const MIN16FLOAT: Self = Self(54);
    /// `min16int`.
    pub const MIN16INT: Self = Self(56);
    /// `min16uint`.
    pub const MIN16UINT: Self = Self(57);

    /// The HLSL spelling of the scalar types fxc prints in buffer
    /// definitions; `None` for object and other types.
    pub fn scalar_name(self) -> Option<&'static str> {
        Some(match self.0 {
            0 => "void",
            1 => "bool",
            2 => "int",
            3 => "float",
            19 => "uint",
            20 => "uint8",
            39 => "double",
            52 => "min8float",
            53 => "min10float",
            54 => "min16float",
            55 => "min12int",
            56 => "min16int",
            57 => "min16uint",
            58 => "int16_t",
            59 => "uint16_t",
            60 => "float16_t",
            61 => "int64_t",
            62 => "uint64_t",
            _ => return None,
        })
    }
}

/// A variable type, with its struct members expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Type {
    /// Byte offset of this type descriptor in the chunk.
    pub offset: u32,
    /// Class.
    pub class: VariableClass,
    /// Base type.
    pub ty: VariableType,
    /// Rows (matrices; 1 for other numeric types).
    pub rows: u16,
    /// Columns (vectors and matrices; 1 for scalars).
    pub columns: u16,
    /// Array length (0 when not an array).
    pub elements: u16,
    /// Struct members.
    pub members: Vec<Member>,
    /// The SM5 fields, when the type descriptor has them.
    pub sm5: Option<TypeSm5>,
}

/// The fields SM5 type descriptors add (used by classes and interfaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeSm5 {
    /// Offset of the parent (sub-)type descriptor, 0 when none.
    pub parent_type_offset: u32,
    /// Offset of the base-class type descriptor, 0 when none.
    pub base_class_offset: u32,
    /// Number of interfaces the class implements.
    pub interface_count: u32,
    /// Offset of the interface type-offset table, 0 when none.
    pub interfaces_offset: u32,
    /// Offset of the type name, 0 when none.
    pub name_offset: u32,
    /// The type name (`float4`, a struct or class name), when present.
    pub name: Option<String>,
}

/// A struct member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Member name.
    pub name: String,
    /// Byte offset inside the struct.
    pub offset: u32,
    /// Member type.
    pub ty: Type,
}

/// The SM5 resource-slot fields of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariableSlots {
    /// First texture slot (`0xFFFF_FFFF` when none).
    pub start_texture: u32,
    /// Number of texture slots.
    pub texture_size: u32,
    /// First sampler slot (`0xFFFF_FFFF` when none).
    pub start_sampler: u32,
    /// Number of sampler slots.
    pub sampler_size: u32,
}

/// A constant-buffer variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Name.
    pub name: String,
    /// Byte offset inside the buffer.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// `D3D_SHADER_VARIABLE_FLAGS` (bit 1 = used).
    pub flags: u32,
    /// Type.
    pub ty: Type,
    /// Offset of the default value in the chunk (0 when none).
    pub default_value_offset: u32,
    /// The default value (`size` bytes), when present.
    pub default_value: Option<Vec<u8>>,
    /// SM5 slot fields, when the descriptor has them.
    pub slots: Option<VariableSlots>,
}

impl Variable {
    /// `D3D_SVF_USED`: the shader reads this variable.
    pub fn is_used(&self) -> bool {
        self.flags & 2 != 0
    }
}

/// A constant buffer (or tbuffer, or structured-buffer layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantBuffer {
    /// Name.
    pub name: String,
    /// Variables in descriptor order.
    pub variables: Vec<Variable>,
    /// Size in bytes.
    pub size: u32,
    /// `D3D_SHADER_CBUFFER_FLAGS`.
    pub flags: u32,
    /// Kind.
    pub kind: CbufferType,
}

/// Kind of a resource binding (`D3D_SHADER_INPUT_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderInputType {
    /// 0: `cbuffer`.
    Cbuffer,
    /// 1: `tbuffer`.
    Tbuffer,
    /// 2: texture or typed buffer.
    Texture,
    /// 3: sampler.
    Sampler,
    /// 4: typed UAV.
    UavRwTyped,
    /// 5: `StructuredBuffer`.
    Structured,
    /// 6: `RWStructuredBuffer`.
    UavRwStructured,
    /// 7: `ByteAddressBuffer`.
    ByteAddress,
    /// 8: `RWByteAddressBuffer`.
    UavRwByteAddress,
    /// 9: `AppendStructuredBuffer`.
    UavAppendStructured,
    /// 10: `ConsumeStructuredBuffer`.
    UavConsumeStructured,
    /// 11: `RWStructuredBuffer` with a counter.
    UavRwStructuredWithCounter,
    /// Any other value.
    Other(u32),
}

impl ShaderInputType {
    /// Decodes the field.
    pub fn from_u32(v: u32) -> Self {
        use ShaderInputType::*;
        match v {
            0 => Cbuffer,
            1 => Tbuffer,
            2 => Texture,
            3 => Sampler,
            4 => UavRwTyped,
            5 => Structured,
            6 => UavRwStructured,
            7 => ByteAddress,
            8 => UavRwByteAddress,
            9 => UavAppendStructured,
            10 => UavConsumeStructured,
            11 => UavRwStructuredWithCounter,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use ShaderInputType::*;
        match self {
            Cbuffer => 0,
            Tbuffer => 1,
            Texture => 2,
            Sampler => 3,
            UavRwTyped => 4,
            Structured => 5,
            UavRwStructured => 6,
            ByteAddress => 7,
            UavRwByteAddress => 8,
            UavAppendStructured => 9,
            UavConsumeStructured => 10,
            UavRwStructuredWithCounter => 11,
            Other(n) => n,
        }
    }
    /// True for the UAV kinds (`u#` registers).
    pub fn is_uav(self) -> bool {
        use ShaderInputType::*;
        matches!(
            self,
            UavRwTyped
                | UavRwStructured
                | UavRwByteAddress
                | UavAppendStructured
                | UavConsumeStructured
                | UavRwStructuredWithCounter
        )
    }
    /// The register letter fxc binds this kind to (`b` is printed `cb`):
    /// `cb`, `t`, `s` or `u`.
    pub fn register_prefix(self) -> &'static str {
        use ShaderInputType::*;
        match self {
            Cbuffer => "cb",
            Sampler => "s",
            _ if self.is_uav() => "u",
            _ => "t",
        }
    }
}

/// Dimension of a resource binding (`D3D_SRV_DIMENSION`; UAVs use the same
/// numbering for the dimensions they have). Note this differs from the token
/// format's [`crate::ResourceDimension`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SrvDimension {
    /// 0.
    Unknown,
    /// 1.
    Buffer,
    /// 2.
    Texture1D,
    /// 3.
    Texture1DArray,
    /// 4.
    Texture2D,
    /// 5.
    Texture2DArray,
    /// 6.
    Texture2DMS,
    /// 7.
    Texture2DMSArray,
    /// 8.
    Texture3D,
    /// 9.
    TextureCube,
    /// 10.
    TextureCubeArray,
    /// 11: raw/extended buffer.
    BufferEx,
    /// Any other value.
    Other(u32),
}

impl SrvDimension {
    /// Decodes the field.
    pub fn from_u32(v: u32) -> Self {
        use SrvDimension::*;
        match v {
            0 => Unknown,
            1 => Buffer,
            2 => Texture1D,
            3 => Texture1DArray,
            4 => Texture2D,
            5 => Texture2DArray,
            6 => Texture2DMS,
            7 => Texture2DMSArray,
            8 => Texture3D,
            9 => TextureCube,
            10 => TextureCubeArray,
            11 => BufferEx,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use SrvDimension::*;
        match self {
            Unknown => 0,
            Buffer => 1,
            Texture1D => 2,
            Texture1DArray => 3,
            Texture2D => 4,
            Texture2DArray => 5,
            Texture2DMS => 6,
            Texture2DMSArray => 7,
            Texture3D => 8,
            TextureCube => 9,
            TextureCubeArray => 10,
            BufferEx => 11,
            Other(n) => n,
        }
    }
}

/// A resource binding (`cbuffer`, texture, sampler, UAV, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBinding {
    /// Name.
    pub name: String,
    /// Kind.
    pub input_type: ShaderInputType,
    /// `D3D_RESOURCE_RETURN_TYPE`, raw (same numbering as
    /// [`crate::ReturnType`]; 0 for non-textures).
    pub return_type: u32,
    /// Dimension.
    pub dimension: SrvDimension,
    /// Sample count (`0xFFFF_FFFF` for single-sampled textures, 0 when not
    /// applicable); for structured buffers, the stride.
    pub sample_count: u32,
    /// First register.
    pub bind_point: u32,
    /// Number of registers (0 = unbounded).
    pub bind_count: u32,
    /// `D3D_SHADER_INPUT_FLAGS`.
    pub flags: u32,
    /// SM 5.1 register space.
    pub space: Option<u32>,
    /// SM 5.1 range id (the `T0`/`CB0` name of the binding).
    pub id: Option<u32>,
}

impl ResourceBinding {
    /// `D3D_SIF_USERPACKED`: an explicit `register(...)` binding.
    pub const FLAG_USER_PACKED: u32 = 1 << 0;
    /// `D3D_SIF_COMPARISON_SAMPLER`: a `SamplerComparisonState`.
    pub const FLAG_COMPARISON_SAMPLER: u32 = 1 << 1;
    /// `D3D_SIF_TEXTURE_COMPONENTS`: component count minus one, bits 2..3.
    pub const FLAG_TEXTURE_COMPONENTS_MASK: u32 = 0b11 << 2;
    /// `D3D_SIF_UNUSED`: declared but not referenced.
    pub const FLAG_UNUSED: u32 = 1 << 4;

    /// True for a comparison sampler (`sampler_c` in listings).
    pub fn is_comparison_sampler(&self) -> bool {
        self.input_type == ShaderInputType::Sampler
            && self.flags & Self::FLAG_COMPARISON_SAMPLER != 0
    }
    /// Components of a texture's element type (1 to 4), from the flags.
    pub fn texture_components(&self) -> u32 {
        ((self.flags & Self::FLAG_TEXTURE_COMPONENTS_MASK) >> 2) + 1
    }
    /// The return type, typed.
    pub fn return_type(&self) -> crate::ReturnType {
        u8::try_from(self.return_type)
            .map(crate::ReturnType::from_u8)
            .unwrap_or(crate::ReturnType::Other(u8::MAX))
    }

    /// The `Type` column of fxc's resource-binding table: `cbuffer`,
    /// `tbuffer`, `sampler`, `sampler_c`, `texture` or `UAV`.
    pub fn listing_type(&self) -> &'static str {
        use ShaderInputType::*;
        match self.input_type {
            Cbuffer => "cbuffer",
            Tbuffer => "tbuffer",
            Sampler if self.is_comparison_sampler() => "sampler_c",
            Sampler => "sampler",
            t if t.is_uav() => "UAV",
            _ => "texture",
        }
    }

    /// The `Format` column: `NA`, `struct`, `byte`, or the return type with
    /// the component count (`float4`, `uint`).
    pub fn listing_format(&self) -> String {
        use ShaderInputType::*;
        match self.input_type {
            Cbuffer | Tbuffer | Sampler | Other(_) => "NA".into(),
            Structured
            | UavRwStructured
            | UavAppendStructured
            | UavConsumeStructured
            | UavRwStructuredWithCounter => "struct".into(),
            ByteAddress | UavRwByteAddress => "byte".into(),
            Texture | UavRwTyped => {
                let name = self.return_type().name();
                match self.texture_components() {
                    1 => name.to_string(),
                    n => format!("{name}{n}"),
                }
            }
        }
    }

    /// The `Dim` column: `NA`, `r/o`, `r/w`, `r/w+cnt`, `append`,
    /// `consume`, or the texture dimension (`2d`, `2dMS4`, `cubearray`, ...).
    pub fn listing_dimension(&self) -> String {
        use ShaderInputType::*;
        use SrvDimension as D;
        match self.input_type {
            Cbuffer | Tbuffer | Sampler | Other(_) => return "NA".into(),
            Structured | ByteAddress => return "r/o".into(),
            UavRwStructured | UavRwByteAddress => return "r/w".into(),
            UavRwStructuredWithCounter => return "r/w+cnt".into(),
            UavAppendStructured => return "append".into(),
            UavConsumeStructured => return "consume".into(),
            Texture | UavRwTyped => {}
        }
        let samples = |base: &str| match self.sample_count {
            0 | u32::MAX => base.to_string(),
            n => format!("{base}{n}"),
        };
        match self.dimension {
            D::Buffer | D::BufferEx => "buf".into(),
            D::Texture1D => "1d".into(),
            D::Texture1DArray => "1darray".into(),
            D::Texture2D => "2d".into(),
            D::Texture2DArray => "2darray".into(),
            D::Texture2DMS => samples("2dMS"),
            D::Texture2DMSArray => samples("2darrayMS"),
            D::Texture3D => "3d".into(),
            D::TextureCube => "cube".into(),
            D::TextureCubeArray => "cubearray".into(),
            D::Unknown | D::Other(_) => "NA".into(),
        }
    }
}

/// A parsed `RDEF` chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rdef {
    /// Constant buffers in descriptor order.
    pub constant_buffers: Vec<ConstantBuffer>,
    /// Resource bindings in descriptor order.
    pub bindings: Vec<ResourceBinding>,
    /// Compile target.
    pub target: RdefTarget,
    /// Compile flags (`D3DCOMPILE_*`).
    pub flags: u32,
    /// Creator string (`Microsoft (R) HLSL Shader Compiler ...`).
    pub creator: String,
    /// The `RD11` sub-header, for targets >= 5.0.
    pub rd11: Option<Rd11Header>,
}

/// Descriptor strides in effect for one chunk.
#[derive(Clone, Copy)]
struct Strides {
    cbuffer: u64,
    binding: u64,
    variable: u64,
    ty: u64,
    member: u64,
}

struct TypeReader<'a> {
    data: &'a [u8],
    strides: Strides,
    nodes: u32,
}

impl TypeReader<'_> {
    /// Reads the type descriptor at `off` (whose offset was read from the
    /// field at `field_off`).
    fn read(&mut self, off: u32, field_off: u64, depth: u32) -> Result<Type> {
        if depth > MAX_TYPE_DEPTH {
            return Err(Error::new(
                ErrorKind::OutOfRange {
                    what: "type nesting depth",
                    value: depth as u64,
                    limit: MAX_TYPE_DEPTH as u64,
                },
                field_off,
            ));
        }
        self.nodes += 1;
        if self.nodes > MAX_TYPE_NODES {
            return Err(Error::new(
                ErrorKind::OutOfRange {
                    what: "type descriptors expanded",
                    value: self.nodes as u64,
                    limit: MAX_TYPE_NODES as u64,
                },
                field_off,
            ));
        }
        let data = self.data;
        let at = off as u64;
        check_range(
            data,
            at,
            self.strides.ty,
            "type descriptor offset",
            field_off,
        )?;
        let class = VariableClass::from_u16(read_u16(data, at)?);
        let ty = VariableType(read_u16(data, at + 2)?);
        let rows = read_u16(data, at + 4)?;
        let columns = read_u16(data, at + 6)?;
        let elements = read_u16(data, at + 8)?;
        let member_count = read_u16(data, at + 10)?;
        let members_off = read_u32(data, at + 12)?;
        let sm5 = if self.strides.ty >= 36 {
            let name_offset = read_u32(data, at + 32)?;
            let name = if name_offset != 0 {
                Some(read_cstr(data, name_offset, "type name offset", at + 32)?)
            } else {
                None
            };
            Some(TypeSm5 {
                parent_type_offset: read_u32(data, at + 16)?,
                base_class_offset: read_u32(data, at + 20)?,
                interface_count: read_u32(data, at + 24)?,
                interfaces_offset: read_u32(data, at + 28)?,
                name_offset,
                name,
            })
        } else {
            None
        };
        let mstride = self.strides.member;
        if member_count > 0 {
            check_array(
                data,
                members_off as u64,
                member_count as u64,
                mstride,
                "struct member count",
                at + 10,
            )?;
        }
        let mut members = Vec::with_capacity(if member_count > 0 {
            member_count as usize
        } else {
            0
        });
        for i in 0..member_count as u64 {
            let m = members_off as u64 + i * mstride;
            let name = read_cstr(data, read_u32(data, m)?, "member name offset", m)?;
            let type_off = read_u32(data, m + 4)?;
            let offset = read_u32(data, m + 8)?;
            let ty = self.read(type_off, m + 4, depth + 1)?;
            members.push(Member { name, offset, ty });
        }
        Ok(Type {
            offset: off,
            class,
            ty,
            rows,
            columns,
            elements,
            members,
            sm5,
        })
    }
}

impl Rdef {
    /// Parses `RDEF` chunk data. Offsets in errors are relative to `data`.
    pub fn parse(data: &[u8]) -> Result<Rdef> {
        let cb_count = read_u32(data, 0)?;
        let cb_off = read_u32(data, 4)?;
        let bind_count = read_u32(data, 8)?;
        let bind_off = read_u32(data, 12)?;
        let target = RdefTarget::from_u32(read_u32(data, 16)?);
        let flags = read_u32(data, 20)?;
        let creator = read_cstr(data, read_u32(data, 24)?, "creator string offset", 24)?;

        let mut strides = Strides {
            cbuffer: 24,
            binding: 32,
            variable: 24,
            ty: 16,
            member: 12,
        };
        let rd11 = if target.is_sm5() {
            let magic = read_u32(data, 28)?;
            if magic != RD11_MAGIC && magic != RD11_MAGIC_51 {
                let cc = read_fourcc(data, 28)?;
                return Err(Error::malformed(
                    28,
                    format!(
                        "RDEF sub-header magic is {} ({magic:#010x}), expected RD11",
                        crate::error::fourcc_str(&cc)
                    ),
                ));
            }
            let h = Rd11Header {
                magic,
                header_size: read_u32(data, 32)?,
                cbuffer_size: read_u32(data, 36)?,
                binding_size: read_u32(data, 40)?,
                variable_size: read_u32(data, 44)?,
                type_size: read_u32(data, 48)?,
                member_size: read_u32(data, 52)?,
                interface_slots: read_u32(data, 56)?,
            };
            let fields: [(&'static str, u32, u64, u64); 5] = [
                ("RD11 cbuffer descriptor size", h.cbuffer_size, 24, 36),
                ("RD11 binding descriptor size", h.binding_size, 32, 40),
                ("RD11 variable descriptor size", h.variable_size, 24, 44),
                ("RD11 type descriptor size", h.type_size, 16, 48),
                ("RD11 member descriptor size", h.member_size, 12, 52),
            ];
            for (what, value, min, at) in fields {
                // Smaller than the fields we read, or absurdly large.
                if (value as u64) < min || value > 4096 {
                    return Err(Error::new(
                        ErrorKind::OutOfRange {
                            what,
                            value: value as u64,
                            limit: min,
                        },
                        at,
                    ));
                }
            }
            strides = Strides {
                cbuffer: h.cbuffer_size as u64,
                binding: h.binding_size as u64,
                variable: h.variable_size as u64,
                ty: h.type_size as u64,
                member: h.member_size as u64,
            };
            Some(h)
        } else {
            None
        };

        let mut types = TypeReader {
            data,
            strides,
            nodes: 0,
        };

        check_array(
            data,
            cb_off as u64,
            cb_count as u64,
            strides.cbuffer,
            "constant buffer count",
            0,
        )?;
        let mut constant_buffers = Vec::with_capacity(cb_count as usize);
        for i in 0..cb_count as u64 {
            let c = cb_off as u64 + i * strides.cbuffer;
            let name = read_cstr(data, read_u32(data, c)?, "constant buffer name offset", c)?;
            let var_count = read_u32(data, c + 4)?;
            let var_off = read_u32(data, c + 8)?;
            let size = read_u32(data, c + 12)?;
            let cflags = read_u32(data, c + 16)?;
            let kind = CbufferType::from_u32(read_u32(data, c + 20)?);
            check_array(
                data,
                var_off as u64,
                var_count as u64,
                strides.variable,
                "variable count",
                c + 4,
            )?;
            let mut variables = Vec::with_capacity(var_count as usize);
            for j in 0..var_count as u64 {
                let v = var_off as u64 + j * strides.variable;
                let vname = read_cstr(data, read_u32(data, v)?, "variable name offset", v)?;
                let offset = read_u32(data, v + 4)?;
                let vsize = read_u32(data, v + 8)?;
                let vflags = read_u32(data, v + 12)?;
                let type_off = read_u32(data, v + 16)?;
                let default_value_offset = read_u32(data, v + 20)?;
                let ty = types.read(type_off, v + 16, 0)?;
                let default_value = if default_value_offset != 0 {
                    check_range(
                        data,
                        default_value_offset as u64,
                        vsize as u64,
                        "default value offset",
                        v + 20,
                    )?;
                    Some(read_bytes(data, default_value_offset as u64, vsize as u64)?.to_vec())
                } else {
                    None
                };
                let slots = if strides.variable >= 40 {
                    Some(VariableSlots {
                        start_texture: read_u32(data, v + 24)?,
                        texture_size: read_u32(data, v + 28)?,
                        start_sampler: read_u32(data, v + 32)?,
                        sampler_size: read_u32(data, v + 36)?,
                    })
                } else {
                    None
                };
                variables.push(Variable {
                    name: vname,
                    offset,
                    size: vsize,
                    flags: vflags,
                    ty,
                    default_value_offset,
                    default_value,
                    slots,
                });
            }
            constant_buffers.push(ConstantBuffer {
                name,
                variables,
                size,
                flags: cflags,
                kind,
            });
        }

        check_array(
            data,
            bind_off as u64,
            bind_count as u64,
            strides.binding,
            "resource binding count",
            8,
        )?;
        let mut bindings = Vec::with_capacity(bind_count as usize);
        for i in 0..bind_count as u64 {
            let b = bind_off as u64 + i * strides.binding;
            let name = read_cstr(data, read_u32(data, b)?, "binding name offset", b)?;
            let (space, id) = if strides.binding >= 40 {
                (Some(read_u32(data, b + 32)?), Some(read_u32(data, b + 36)?))
            } else {
                (None, None)
            };
            bindings.push(ResourceBinding {
                name,
                input_type: ShaderInputType::from_u32(read_u32(data, b + 4)?),
                return_type: read_u32(data, b + 8)?,
                dimension: SrvDimension::from_u32(read_u32(data, b + 12)?),
                sample_count: read_u32(data, b + 16)?,
                bind_point: read_u32(data, b + 20)?,
                bind_count: read_u32(data, b + 24)?,
                flags: read_u32(data, b + 28)?,
                space,
                id,
            });
        }

        Ok(Rdef {
            constant_buffers,
            bindings,
            target,
            flags,
            creator,
            rd11,
        })
    }

    /// The constant buffer with this name.
    pub fn constant_buffer(&self, name: &str) -> Option<&ConstantBuffer> {
        self.constant_buffers.iter().find(|c| c.name == name)
    }

    /// The binding of kind-prefix `prefix` (`cb`, `t`, `s`, `u`) covering
    /// register `reg` (space 0 or unspecified).
    pub fn binding_for_register(&self, prefix: &str, reg: u32) -> Option<&ResourceBinding> {
        self.bindings.iter().find(|b| {
            b.input_type.register_prefix() == prefix
                && b.space.unwrap_or(0) == 0
                && reg >= b.bind_point
                && (b.bind_count == 0 || (reg - b.bind_point) < b.bind_count)
        })
    }
}
