//! The decoded SM4/SM5 program: instructions, operands and declaration
//! payloads, exactly as the token stream states them.
//!
//! Field names follow the Microsoft tokenized program format
//! (`D3D12TokenizedProgramFormat.hpp`). Every bit of every token is kept,
//! either as a typed field or as a raw field with typed accessors, so that
//! [`crate::encode`] reproduces the original dwords exactly.
//!
//! This module knows nothing of GLSL or of any target.

use crate::opcode::Opcode;

pub use crate::program_type::ProgramType;

/// The version token (`OpcodeToken` 0 of the program): program type and
/// shader model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    /// Program type, bits `[31:16]`.
    pub program_type: ProgramType,
    /// Major version, bits `[7:4]`.
    pub major: u8,
    /// Minor version, bits `[3:0]`.
    pub minor: u8,
    /// Bits `[15:8]`, reserved (zero in every valid program); kept for exact
    /// re-encoding.
    pub reserved: u8,
}

impl Version {
    /// True when the shader model is at least `major.minor`.
    pub fn at_least(&self, major: u8, minor: u8) -> bool {
        (self.major, self.minor) >= (major, minor)
    }
}

/// A decoded SHDR/SHEX program.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The version token.
    pub version: Version,
    /// Instructions (declarations included) in bytecode order.
    pub instructions: Vec<Instruction>,
    /// Dwords after the last instruction that lie inside the declared program
    /// length but were not consumed (none in a well-formed program).
    pub trailing: Vec<u32>,
}

/// One instruction or declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// Dword offset of `OpcodeToken0` from the start of the program (the
    /// version token is dword 0, the length token dword 1).
    pub offset: u32,
    /// The opcode, `OpcodeToken0[10:00]`.
    pub opcode: Opcode,
    /// The opcode-specific control bits, `OpcodeToken0[23:11]`, kept in place
    /// (i.e. `token0 & 0x00FF_F800`). Use the typed accessors.
    pub controls: u32,
    /// Extended opcode tokens, in order (`OpcodeToken1..n`).
    pub extended: Vec<ExtendedOpcode>,
    /// Operands in token order (destinations first).
    pub operands: Vec<Operand>,
    /// Declaration payload that is not an operand (counts, strides, system
    /// value names, custom data, ...).
    pub payload: Payload,
    /// Dwords inside the instruction's declared length that nothing consumed
    /// (none in a well-formed program).
    pub trailing: Vec<u32>,
    /// The instruction length is stored in the dword after `OpcodeToken0`
    /// (bit 31 set, `[30:24]` zero) instead of in `[30:24]`: the long form
    /// the format allows for `dcl_function_body`, `dcl_function_table`,
    /// `dcl_interface`, `fcall` and `dcl_thread_group`. The encoder also
    /// uses it for those opcodes whenever the length exceeds 127 dwords.
    pub long_length: bool,
}

/// Named control-bit fields of `OpcodeToken0`.
pub mod controls {
    /// `_sat`: bit 13.
    pub const SATURATE: u32 = 1 << 13;
    /// Boolean test (`_z` = 0, `_nz` = 1): bit 18.
    pub const TEST_NONZERO: u32 = 1 << 18;
    /// `resinfo` return type: bits `[12:11]`.
    pub const RESINFO_RETURN_TYPE_MASK: u32 = 0x1800;
    /// SM5 precise mask: bits `[22:19]`.
    pub const PRECISE_MASK: u32 = 0x0078_0000;
    /// `sync` flags: bits `[14:11]`.
    pub const SYNC_FLAGS_MASK: u32 = 0x7800;
}

impl Instruction {
    /// `_sat` (bit 13).
    pub fn saturate(&self) -> bool {
        self.controls & controls::SATURATE != 0
    }
    /// `_nz` (bit 18 set) versus `_z`, for `if`, `breakc`, `continuec`,
    /// `retc`, `discard`, `callc`.
    pub fn test_nonzero(&self) -> bool {
        self.controls & controls::TEST_NONZERO != 0
    }
    /// `resinfo` return type, bits `[12:11]`.
    pub fn resinfo_return_type(&self) -> ResInfoReturnType {
        match (self.controls & controls::RESINFO_RETURN_TYPE_MASK) >> 11 {
            0 => ResInfoReturnType::Float,
            1 => ResInfoReturnType::RcpFloat,
            2 => ResInfoReturnType::Uint,
            n => ResInfoReturnType::Unknown(n as u8),
        }
    }
    /// SM5 precise component mask, bits `[22:19]` (x = bit 0).
    pub fn precise_mask(&self) -> u8 {
        ((self.controls & controls::PRECISE_MASK) >> 19) as u8
    }
    /// `sync` flags, bits `[14:11]` (threads-in-group = bit 0).
    pub fn sync_flags(&self) -> u8 {
        ((self.controls & controls::SYNC_FLAGS_MASK) >> 11) as u8
    }
    /// The raw field `[hi:lo]` of `OpcodeToken0` (bit numbers as in the spec).
    pub fn control_field(&self, lo: u32, hi: u32) -> u32 {
        let width = hi - lo + 1;
        (self.controls >> lo) & ((1u32 << width) - 1)
    }
    /// Texel offsets of a sample-controls extended token, if any (`u`, `v`, `w`).
    pub fn texel_offsets(&self) -> Option<[i8; 3]> {
        self.extended.iter().find_map(|e| match e {
            ExtendedOpcode::SampleControls { offsets, .. } => Some(*offsets),
            _ => None,
        })
    }
    /// Resource dimension from a resource-dim extended token, if any.
    pub fn ext_resource_dim(&self) -> Option<(ResourceDimension, u16)> {
        self.extended.iter().find_map(|e| match e {
            ExtendedOpcode::ResourceDim { dim, stride, .. } => Some((*dim, *stride)),
            _ => None,
        })
    }
    /// Per-component return types from a return-type extended token, if any.
    pub fn ext_return_type(&self) -> Option<[ReturnType; 4]> {
        self.extended.iter().find_map(|e| match e {
            ExtendedOpcode::ResourceReturnType { types, .. } => Some(*types),
            _ => None,
        })
    }
    /// The declaration's resource dimension (`dcl_resource`,
    /// `dcl_uav_typed`: `OpcodeToken0[15:11]`).
    pub fn decl_resource_dimension(&self) -> ResourceDimension {
        ResourceDimension::from_u8(self.control_field(11, 15) as u8)
    }
    /// `dcl_resource` sample count for MS textures, `OpcodeToken0[22:16]`.
    pub fn decl_sample_count(&self) -> u8 {
        self.control_field(16, 22) as u8
    }
    /// `dcl_input_ps*` interpolation mode, `OpcodeToken0[14:11]`.
    pub fn interpolation_mode(&self) -> InterpolationMode {
        InterpolationMode::from_u8(self.control_field(11, 14) as u8)
    }
    /// `dcl_sampler` mode, `OpcodeToken0[14:11]`.
    pub fn sampler_mode(&self) -> SamplerMode {
        match self.control_field(11, 14) {
            0 => SamplerMode::Default,
            1 => SamplerMode::Comparison,
            2 => SamplerMode::Mono,
            n => SamplerMode::Unknown(n as u8),
        }
    }
    /// `dcl_constant_buffer` access pattern: true for dynamicIndexed
    /// (`OpcodeToken0[11]`).
    pub fn cb_dynamic_indexed(&self) -> bool {
        self.control_field(11, 11) != 0
    }
    /// `dcl_global_flags` flags, `OpcodeToken0[23:11]` shifted down
    /// (see [`global_flags`]).
    pub fn global_flags(&self) -> u32 {
        self.controls >> 11
    }
    /// The first operand, if any (the destination of most instructions).
    pub fn dst(&self) -> &Operand {
        &self.operands[0]
    }
}

/// `dcl_global_flags` bits, as returned by [`Instruction::global_flags`]
/// (token bit minus 11).
pub mod global_flags {
    /// `refactoringAllowed` (token bit 11).
    pub const REFACTORING_ALLOWED: u32 = 1 << 0;
    /// `enableDoublePrecisionFloatOps` (bit 12).
    pub const ENABLE_DOUBLE_PRECISION_FLOAT_OPS: u32 = 1 << 1;
    /// `forceEarlyDepthStencil` (bit 13).
    pub const FORCE_EARLY_DEPTH_STENCIL: u32 = 1 << 2;
    /// `enableRawAndStructuredBuffers` (bit 14).
    pub const ENABLE_RAW_AND_STRUCTURED_BUFFERS: u32 = 1 << 3;
    /// `skipOptimization` (bit 15).
    pub const SKIP_OPTIMIZATION: u32 = 1 << 4;
    /// `enableMinimumPrecision` (bit 16).
    pub const ENABLE_MINIMUM_PRECISION: u32 = 1 << 5;
    /// `enable11_1DoubleExtensions` (bit 17).
    pub const ENABLE_11_1_DOUBLE_EXTENSIONS: u32 = 1 << 6;
    /// `enable11_1ShaderExtensions` (bit 18).
    pub const ENABLE_11_1_SHADER_EXTENSIONS: u32 = 1 << 7;
    /// `allResourcesBound` (bit 19).
    pub const ALL_RESOURCES_BOUND: u32 = 1 << 8;
}

/// `resinfo` return type (`D3D10_SB_RESINFO_INSTRUCTION_RETURN_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResInfoReturnType {
    /// `resinfo` (float).
    Float,
    /// `resinfo_rcpFloat`.
    RcpFloat,
    /// `resinfo_uint`.
    Uint,
    /// Reserved value.
    Unknown(u8),
}

/// `dcl_sampler` mode (`D3D10_SB_SAMPLER_MODE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SamplerMode {
    /// `mode_default`.
    Default,
    /// `mode_comparison`.
    Comparison,
    /// `mode_mono`.
    Mono,
    /// Reserved value.
    Unknown(u8),
}

/// An extended opcode token (`D3D10_SB_EXTENDED_OPCODE_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtendedOpcode {
    /// Type 1: immediate texel offsets `[12:9]`, `[16:13]`, `[20:17]`
    /// (4-bit two's complement, sign-extended here). `raw` is the whole token
    /// without bit 31.
    SampleControls {
        /// `u`, `v`, `w` offsets.
        offsets: [i8; 3],
        /// The token (bit 31 cleared), for exact re-encoding.
        raw: u32,
    },
    /// Type 2: resource dimension `[10:6]` and structure stride `[22:11]`.
    ResourceDim {
        /// Resource dimension.
        dim: ResourceDimension,
        /// Structured-buffer stride in bytes (0 otherwise).
        stride: u16,
        /// The token (bit 31 cleared).
        raw: u32,
    },
    /// Type 3: per-component return types `[9:6]`, `[13:10]`, `[17:14]`,
    /// `[21:18]`.
    ResourceReturnType {
        /// Return type of x, y, z, w.
        types: [ReturnType; 4],
        /// The token (bit 31 cleared).
        raw: u32,
    },
    /// Type 0 (empty) or an unknown type, kept raw (bit 31 cleared).
    Other(u32),
}

impl ExtendedOpcode {
    /// The token without its chaining bit 31.
    pub fn raw(&self) -> u32 {
        match *self {
            ExtendedOpcode::SampleControls { raw, .. }
            | ExtendedOpcode::ResourceDim { raw, .. }
            | ExtendedOpcode::ResourceReturnType { raw, .. }
            | ExtendedOpcode::Other(raw) => raw,
        }
    }
}

/// Resource dimension (`D3D10_SB_RESOURCE_DIMENSION`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceDimension {
    /// 0.
    Unknown,
    /// 1: `buffer`.
    Buffer,
    /// 2: `texture1d`.
    Texture1D,
    /// 3: `texture2d`.
    Texture2D,
    /// 4: `texture2dms`.
    Texture2DMS,
    /// 5: `texture3d`.
    Texture3D,
    /// 6: `texturecube`.
    TextureCube,
    /// 7: `texture1darray`.
    Texture1DArray,
    /// 8: `texture2darray`.
    Texture2DArray,
    /// 9: `texture2dmsarray`.
    Texture2DMSArray,
    /// 10: `texturecubearray`.
    TextureCubeArray,
    /// 11: raw buffer.
    RawBuffer,
    /// 12: structured buffer.
    StructuredBuffer,
    /// Any other value.
    Other(u8),
}

impl ResourceDimension {
    /// Decodes the 5-bit field.
    pub fn from_u8(v: u8) -> Self {
        use ResourceDimension::*;
        match v {
            0 => Unknown,
            1 => Buffer,
            2 => Texture1D,
            3 => Texture2D,
            4 => Texture2DMS,
            5 => Texture3D,
            6 => TextureCube,
            7 => Texture1DArray,
            8 => Texture2DArray,
            9 => Texture2DMSArray,
            10 => TextureCubeArray,
            11 => RawBuffer,
            12 => StructuredBuffer,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u8(self) -> u8 {
        use ResourceDimension::*;
        match self {
            Unknown => 0,
            Buffer => 1,
            Texture1D => 2,
            Texture2D => 3,
            Texture2DMS => 4,
            Texture3D => 5,
            TextureCube => 6,
            Texture1DArray => 7,
            Texture2DArray => 8,
            Texture2DMSArray => 9,
            TextureCubeArray => 10,
            RawBuffer => 11,
            StructuredBuffer => 12,
            Other(n) => n,
        }
    }
    /// The name fxc prints (`texture2d`, `buffer`, ...).
    pub fn name(self) -> &'static str {
        use ResourceDimension::*;
        match self {
            Unknown => "unknown",
            Buffer => "buffer",
            Texture1D => "texture1d",
            Texture2D => "texture2d",
            Texture2DMS => "texture2dms",
            Texture3D => "texture3d",
            TextureCube => "texturecube",
            Texture1DArray => "texture1darray",
            Texture2DArray => "texture2darray",
            Texture2DMSArray => "texture2dmsarray",
            TextureCubeArray => "texturecubearray",
            RawBuffer => "raw_buffer",
            StructuredBuffer => "structured_buffer",
            Other(_) => "unknown",
        }
    }
}

/// Resource return type (`D3D10_SB_RESOURCE_RETURN_TYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReturnType {
    /// 1: `unorm`.
    Unorm,
    /// 2: `snorm`.
    Snorm,
    /// 3: `sint`.
    Sint,
    /// 4: `uint`.
    Uint,
    /// 5: `float`.
    Float,
    /// 6: `mixed`.
    Mixed,
    /// 7: `double`.
    Double,
    /// 8: `continued`.
    Continued,
    /// 9: `unused`.
    Unused,
    /// 0 or any other value.
    Other(u8),
}

impl ReturnType {
    /// Decodes a 4-bit return-type nibble.
    pub fn from_u8(v: u8) -> Self {
        use ReturnType::*;
        match v {
            1 => Unorm,
            2 => Snorm,
            3 => Sint,
            4 => Uint,
            5 => Float,
            6 => Mixed,
            7 => Double,
            8 => Continued,
            9 => Unused,
            n => Other(n),
        }
    }
    /// The encoded nibble.
    pub fn to_u8(self) -> u8 {
        use ReturnType::*;
        match self {
            Unorm => 1,
            Snorm => 2,
            Sint => 3,
            Uint => 4,
            Float => 5,
            Mixed => 6,
            Double => 7,
            Continued => 8,
            Unused => 9,
            Other(n) => n,
        }
    }
    /// The name fxc prints.
    pub fn name(self) -> &'static str {
        use ReturnType::*;
        match self {
            Unorm => "unorm",
            Snorm => "snorm",
            Sint => "sint",
            Uint => "uint",
            Float => "float",
            Mixed => "mixed",
            Double => "double",
            Continued => "continued",
            Unused => "unused",
            Other(_) => "unknown",
        }
    }
}

/// Pixel-shader input interpolation mode (`D3D10_SB_INTERPOLATION_MODE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterpolationMode {
    /// 0.
    Undefined,
    /// 1: `constant`.
    Constant,
    /// 2: `linear`.
    Linear,
    /// 3: `linear centroid`.
    LinearCentroid,
    /// 4: `linear noperspective`.
    LinearNoPerspective,
    /// 5: `linear noperspective centroid`.
    LinearNoPerspectiveCentroid,
    /// 6: `linear sample`.
    LinearSample,
    /// 7: `linear noperspective sample`.
    LinearNoPerspectiveSample,
    /// Any other value.
    Other(u8),
}

impl InterpolationMode {
    /// Decodes the 4-bit field.
    pub fn from_u8(v: u8) -> Self {
        use InterpolationMode::*;
        match v {
            0 => Undefined,
            1 => Constant,
            2 => Linear,
            3 => LinearCentroid,
            4 => LinearNoPerspective,
            5 => LinearNoPerspectiveCentroid,
            6 => LinearSample,
            7 => LinearNoPerspectiveSample,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u8(self) -> u8 {
        use InterpolationMode::*;
        match self {
            Undefined => 0,
            Constant => 1,
            Linear => 2,
            LinearCentroid => 3,
            LinearNoPerspective => 4,
            LinearNoPerspectiveCentroid => 5,
            LinearSample => 6,
            LinearNoPerspectiveSample => 7,
            Other(n) => n,
        }
    }
}

/// System-value name of `dcl_*_siv`/`dcl_*_sgv` (`D3D10_SB_NAME`), also used
/// by signature elements (where the numbering is the same up to 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SystemValue {
    /// 0.
    Undefined,
    /// 1: `position`.
    Position,
    /// 2: `clip_distance`.
    ClipDistance,
    /// 3: `cull_distance`.
    CullDistance,
    /// 4: `rendertarget_array_index`.
    RenderTargetArrayIndex,
    /// 5: `viewport_array_index`.
    ViewportArrayIndex,
    /// 6: `vertex_id`.
    VertexId,
    /// 7: `primitive_id`.
    PrimitiveId,
    /// 8: `instance_id`.
    InstanceId,
    /// 9: `is_front_face`.
    IsFrontFace,
    /// 10: `sampleIndex`.
    SampleIndex,
    /// 11..=22: tessellation factors (kept by number).
    TessFactor(u8),
    /// Any other value.
    Other(u32),
}

impl SystemValue {
    /// Decodes a `D3D10_SB_NAME` value.
    pub fn from_u32(v: u32) -> Self {
        use SystemValue::*;
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
            11..=22 => TessFactor(v as u8),
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use SystemValue::*;
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
            TessFactor(n) => n as u32,
            Other(n) => n,
        }
    }
}

/// Declaration payload beyond the operands. Which variant an opcode carries
/// is fixed by the opcode (see the decoder).
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Payload {
    /// No payload (ordinary instructions and payload-free declarations).
    #[default]
    None,
    /// `dcl_resource` (and SM5.1 `dcl_resource` with a space): the return-type
    /// dword (`[3:0]` x, `[7:4]` y, `[11:8]` z, `[15:12]` w) and, on SM5.1,
    /// the register space.
    Resource {
        /// Return type per component.
        return_types: [ReturnType; 4],
        /// The raw dword, for exact re-encoding.
        raw: u32,
        /// SM5.1 register space.
        space: Option<u32>,
    },
    /// `dcl_uav_typed`: as `Resource`.
    UavTyped {
        /// Return type per component.
        return_types: [ReturnType; 4],
        /// The raw dword.
        raw: u32,
        /// SM5.1 register space.
        space: Option<u32>,
    },
    /// SM5.1 `dcl_constant_buffer`: the size in vec4s and the space (SM4/5.0
    /// keep the size in the operand's second index and carry no payload).
    ConstantBuffer51 {
        /// Size in 16-byte registers.
        size: u32,
        /// Register space.
        space: u32,
    },
    /// A register space alone (SM5.1 `dcl_sampler`, `dcl_resource_raw`,
    /// `dcl_uav_raw`).
    Space(u32),
    /// A structured resource/UAV/TGSM: stride in bytes (and element count for
    /// `dcl_tgsm_structured`, space for SM5.1).
    Structured {
        /// Stride in bytes.
        stride: u32,
        /// `dcl_tgsm_structured` element count.
        count: Option<u32>,
        /// SM5.1 register space.
        space: Option<u32>,
    },
    /// A single count/value dword: `dcl_temps`, `dcl_indexrange` count,
    /// `dcl_maxout`, `dcl_gsinstances`, control-point counts,
    /// `dcl_tgsm_raw` byte count, `dcl_function_body`, `dcl_stream`
    /// (operand), `dcl_hs_*_instance_count`, `fcall` body index, ...
    Count(u32),
    /// `dcl_hs_max_tessfactor`: a float given by its bits.
    FloatBits(u32),
    /// `dcl_input_sgv/siv`, `dcl_input_ps_sgv/siv`, `dcl_output_sgv/siv`: the
    /// `D3D10_SB_NAME` dword.
    SystemValue(SystemValue),
    /// `dcl_indexableTemp`: register number, element count, component count.
    IndexableTemp {
        /// `x#`.
        reg: u32,
        /// Array length.
        count: u32,
        /// Components per element (1..=4).
        components: u32,
    },
    /// `dcl_thread_group`: x, y, z.
    ThreadGroup([u32; 3]),
    /// `dcl_function_table`: table id and the function-body ids.
    FunctionTable {
        /// `ft#`.
        id: u32,
        /// Function body ids.
        bodies: Vec<u32>,
    },
    /// `dcl_interface`. Dwords after `OpcodeToken0`: the id, the expected
    /// function-table length, then the counts dword (`[15:0]` number of
    /// function tables, `[31:16]` array length), then the table ids. fxc
    /// prints it as `dcl_interface fp<id>[<array_len>][<num_interfaces>] =
    /// {<tables>}`.
    Interface {
        /// `fp#` (first dword).
        id: u32,
        /// Number of function tables that implement the interface (`[15:0]`
        /// of the counts dword, the third dword); equals `tables.len()`.
        table_len: u32,
        /// Array length: the number of interfaces in this array (`[31:16]`
        /// of the counts dword).
        array_len: u32,
        /// The counts dword raw, for exact re-encoding.
        raw_counts: u32,
        /// The expected function-table length, i.e. the number of function
        /// bodies in each table (second dword). (The name is historical.)
        num_interfaces: u32,
        /// Function-table ids.
        tables: Vec<u32>,
    },
    /// `customdata`: class (`OpcodeToken0[31:11]`) and the data dwords.
    CustomData {
        /// The custom-data class.
        class: CustomDataClass,
        /// Payload dwords (after the opcode and length tokens).
        data: Vec<u32>,
    },
}

/// Custom-data block class (`D3D10_SB_CUSTOMDATA_CLASS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomDataClass {
    /// 0: comment.
    Comment,
    /// 1: debug info.
    DebugInfo,
    /// 2: opaque.
    Opaque,
    /// 3: `dcl_immediateConstantBuffer`.
    ImmediateConstantBuffer,
    /// 4: shader message.
    ShaderMessage,
    /// 5: clip-plane constant mappings for DX9.
    ClipPlaneConstantMappingsForDx9,
    /// Any other class.
    Other(u32),
}

impl CustomDataClass {
    /// Decodes `OpcodeToken0[31:11]`.
    pub fn from_u32(v: u32) -> Self {
        use CustomDataClass::*;
        match v {
            0 => Comment,
            1 => DebugInfo,
            2 => Opaque,
            3 => ImmediateConstantBuffer,
            4 => ShaderMessage,
            5 => ClipPlaneConstantMappingsForDx9,
            n => Other(n),
        }
    }
    /// The encoded value.
    pub fn to_u32(self) -> u32 {
        use CustomDataClass::*;
        match self {
            Comment => 0,
            DebugInfo => 1,
            Opaque => 2,
            ImmediateConstantBuffer => 3,
            ShaderMessage => 4,
            ClipPlaneConstantMappingsForDx9 => 5,
            Other(n) => n,
        }
    }
}

/// Operand register file (`D3D10_SB_OPERAND_TYPE`, operand token `[19:12]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandType {
    /// 0: `r#`.
    Temp,
    /// 1: `v#`.
    Input,
    /// 2: `o#`.
    Output,
    /// 3: `x#[]`.
    IndexableTemp,
    /// 4: `l(...)` 32-bit immediates.
    Immediate32,
    /// 5: `d(...)` 64-bit immediates.
    Immediate64,
    /// 6: `s#`.
    Sampler,
    /// 7: `t#`.
    Resource,
    /// 8: `cb#[]`.
    ConstantBuffer,
    /// 9: `icb[]`.
    ImmediateConstantBuffer,
    /// 10: `l#` label.
    Label,
    /// 11: `vPrim`.
    InputPrimitiveId,
    /// 12: `oDepth`.
    OutputDepth,
    /// 13: `null`.
    Null,
    /// 14: `rasterizer`.
    Rasterizer,
    /// 15: `oMask`.
    OutputCoverageMask,
    /// 16: `m#` stream.
    Stream,
    /// 17: `fb#`.
    FunctionBody,
    /// 18: `ft#`.
    FunctionTable,
    /// 19: `fp#`.
    Interface,
    /// 20: function input.
    FunctionInput,
    /// 21: function output.
    FunctionOutput,
    /// 22: `vOutputControlPointID`.
    OutputControlPointId,
    /// 23: `vForkInstanceID`.
    InputForkInstanceId,
    /// 24: `vJoinInstanceID`.
    InputJoinInstanceId,
    /// 25: `vicp`.
    InputControlPoint,
    /// 26: `vocp`.
    OutputControlPoint,
    /// 27: `vpc`.
    InputPatchConstant,
    /// 28: `vDomain`.
    InputDomainPoint,
    /// 29: `this`.
    ThisPointer,
    /// 30: `u#`.
    UnorderedAccessView,
    /// 31: `g#`.
    ThreadGroupSharedMemory,
    /// 32: `vThreadID`.
    InputThreadId,
    /// 33: `vThreadGroupID`.
    InputThreadGroupId,
    /// 34: `vThreadIDInGroup`.
    InputThreadIdInGroup,
    /// 35: `vCoverage`.
    InputCoverageMask,
    /// 36: `vThreadIDInGroupFlattened`.
    InputThreadIdInGroupFlattened,
    /// 37: `vGSInstanceID`.
    InputGsInstanceId,
    /// 38: `oDepthGE`.
    OutputDepthGreaterEqual,
    /// 39: `oDepthLE`.
    OutputDepthLessEqual,
    /// 40: `vCycleCounter`.
    CycleCounter,
    /// 41: `oStencilRef`.
    OutputStencilRef,
    /// 42: `vInnerCoverage`.
    InnerCoverage,
    /// Any other value.
    Other(u8),
}

impl OperandType {
    /// Decodes the 8-bit field.
    pub fn from_u8(v: u8) -> Self {
        use OperandType::*;
        const T: [OperandType; 43] = [
            Temp,
            Input,
            Output,
            IndexableTemp,
            Immediate32,
            Immediate64,
            Sampler,
            Resource,
            ConstantBuffer,
            ImmediateConstantBuffer,
            Label,
            InputPrimitiveId,
            OutputDepth,
            Null,
            Rasterizer,
            OutputCoverageMask,
            Stream,
            FunctionBody,
            FunctionTable,
            Interface,
            FunctionInput,
            FunctionOutput,
            OutputControlPointId,
            InputForkInstanceId,
            InputJoinInstanceId,
            InputControlPoint,
            OutputControlPoint,
            InputPatchConstant,
            InputDomainPoint,
            ThisPointer,
            UnorderedAccessView,
            ThreadGroupSharedMemory,
            InputThreadId,
            InputThreadGroupId,
            InputThreadIdInGroup,
            InputCoverageMask,
            InputThreadIdInGroupFlattened,
            InputGsInstanceId,
            OutputDepthGreaterEqual,
            OutputDepthLessEqual,
            CycleCounter,
            OutputStencilRef,
            InnerCoverage,
        ];
        T.get(v as usize).copied().unwrap_or(Other(v))
    }
    /// The encoded value.
    pub fn to_u8(self) -> u8 {
        use OperandType::*;
        match self {
            Temp => 0,
            Input => 1,
            Output => 2,
            IndexableTemp => 3,
            Immediate32 => 4,
            Immediate64 => 5,
            Sampler => 6,
            Resource => 7,
            ConstantBuffer => 8,
            ImmediateConstantBuffer => 9,
            Label => 10,
            InputPrimitiveId => 11,
            OutputDepth => 12,
            Null => 13,
            Rasterizer => 14,
            OutputCoverageMask => 15,
            Stream => 16,
            FunctionBody => 17,
            FunctionTable => 18,
            Interface => 19,
            FunctionInput => 20,
            FunctionOutput => 21,
            OutputControlPointId => 22,
            InputForkInstanceId => 23,
            InputJoinInstanceId => 24,
            InputControlPoint => 25,
            OutputControlPoint => 26,
            InputPatchConstant => 27,
            InputDomainPoint => 28,
            ThisPointer => 29,
            UnorderedAccessView => 30,
            ThreadGroupSharedMemory => 31,
            InputThreadId => 32,
            InputThreadGroupId => 33,
            InputThreadIdInGroup => 34,
            InputCoverageMask => 35,
            InputThreadIdInGroupFlattened => 36,
            InputGsInstanceId => 37,
            OutputDepthGreaterEqual => 38,
            OutputDepthLessEqual => 39,
            CycleCounter => 40,
            OutputStencilRef => 41,
            InnerCoverage => 42,
            Other(n) => n,
        }
    }
}

/// Component selection of an operand (operand token `[11:0]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Components {
    /// `[1:0]` = 0: no components (samplers, labels, ...).
    Zero,
    /// `[1:0]` = 1: one component (scalar immediates, `oDepth`, ...).
    One,
    /// 4 components, mask mode: `[7:4]` is the x/y/z/w write mask.
    Mask(u8),
    /// 4 components, swizzle mode: `[11:4]`, 2 bits per lane (0 = x).
    Swizzle([u8; 4]),
    /// 4 components, select-1 mode: `[5:4]` selects one component.
    Select1(u8),
    /// `[1:0]` = 3 (N components, unused by D3D10/11).
    N,
}

/// Operand source modifier (extended operand token `[13:6]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Modifier {
    /// No modifier.
    #[default]
    None,
    /// `-x`.
    Neg,
    /// `|x|`.
    Abs,
    /// `-|x|`.
    AbsNeg,
}

/// How one index dimension of an operand is represented
/// (`D3D10_SB_OPERAND_INDEX_REPRESENTATION`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexRepr {
    /// 0: one 32-bit immediate dword.
    Imm32,
    /// 1: one 64-bit immediate (two dwords, high first).
    Imm64,
    /// 2: a relative operand only.
    Relative,
    /// 3: a 32-bit immediate plus a relative operand.
    Imm32PlusRelative,
    /// 4: a 64-bit immediate plus a relative operand.
    Imm64PlusRelative,
}

/// The index dimensions of an operand, stored inline (an operand has at
/// most three). Derefs to `[Index]`: `first()`, `get(i)`, `len()`, `iter()`.
pub type Indices = smallvec::SmallVec<[Index; 3]>;

/// The immediate dwords of an operand, stored inline (at most four).
/// Derefs to `[u32]`.
pub type ImmValues = smallvec::SmallVec<[u32; 4]>;

/// One index dimension of an operand (`r[i]`, `cb0[i][j]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Index {
    /// Representation.
    pub repr: IndexRepr,
    /// The immediate part (0 when the representation is relative only).
    pub imm: u64,
    /// The relative part, when the representation has one.
    pub rel: Option<Box<Operand>>,
}

impl Index {
    /// A plain 32-bit immediate index.
    pub fn imm(v: u32) -> Self {
        Index {
            repr: IndexRepr::Imm32,
            imm: v as u64,
            rel: None,
        }
    }
    /// The immediate value when there is no relative part.
    pub fn as_imm(&self) -> Option<u32> {
        match self.repr {
            IndexRepr::Imm32 | IndexRepr::Imm64 => Some(self.imm as u32),
            _ => None,
        }
    }
}

/// One operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    /// Register file.
    pub ty: OperandType,
    /// Component count and selection.
    pub components: Components,
    /// Index dimensions (0 to 3), outermost first: `cb3[7]` is
    /// `[3, 7]`; SM5.1 resources have `[id, lower, upper]`.
    pub indices: Indices,
    /// Source modifier from an extended operand token.
    pub modifier: Modifier,
    /// Minimum precision (`D3D11_SB_OPERAND_MIN_PRECISION`, extended token
    /// `[16:14]`): 0 default, 1 f16, 2 f2.8, 4 i16, 5 u16.
    pub min_precision: u8,
    /// SM5.1 non-uniform index flag (extended token bit 17).
    pub non_uniform: bool,
    /// Whether an extended operand token was present (fxc can emit one that
    /// carries only defaults); with `modifier`, `min_precision` and
    /// `non_uniform` it re-encodes exactly.
    pub extended: bool,
    /// Bits of the extended operand token not covered by the fields above
    /// (zero in valid programs), kept for exact re-encoding.
    pub extended_reserved: u32,
    /// Immediate values: for `Immediate32` one dword per component (1 or 4);
    /// for `Immediate64` one 64-bit value per pair of components, low word
    /// first as stored: 2 dwords for a 1-component operand, 4 dwords (two
    /// doubles, `d(a, b)`) for a 4-component one.
    pub imm: ImmValues,
}

impl Operand {
    /// The register number of a one-dimensional operand with an immediate
    /// index (`r3` → 3), or the first index otherwise.
    pub fn reg(&self) -> Option<u32> {
        self.indices.first().and_then(|i| i.as_imm())
    }
    /// The write mask of a destination (`Mask` mode); 0xF for `One`.
    pub fn mask(&self) -> u8 {
        match self.components {
            Components::Mask(m) => m,
            Components::One => 1,
            _ => 0,
        }
    }
    /// The lanes a source reads for each of the four destination lanes
    /// (`Swizzle`, `Select1` broadcast, `One` → x).
    pub fn swizzle(&self) -> [u8; 4] {
        match self.components {
            Components::Swizzle(s) => s,
            Components::Select1(c) => [c; 4],
            Components::Mask(_) => [0, 1, 2, 3],
            _ => [0; 4],
        }
    }
}
