//! The records of an effect file, as the Carbon compiler writes them
//! (`shadercompiler/EffectData.h`). The body types are generic over how a
//! sized arena entry is held: the reader gives [`BlobRef`]s (where the
//! bytes are in the file), the writer takes owned `Vec<u8>`s.

#[cfg(feature = "serde")]
use serde::Serialize;

/// Where a sized entry (a program, a default-constant block) is in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct BlobRef {
    /// Absolute byte offset in the file (0 for an empty entry).
    pub offset: u64,
    /// Size in bytes.
    pub size: u32,
    /// The arena reference (`None` for a program stored inline in the body,
    /// versions 2 to 4, and for the null reference).
    pub arena_ref: Option<u32>,
}

/// A permutation axis.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Axis {
    /// Name (`SPACE_OBJECT_CLIPPING`).
    pub name: String,
    /// Position of the default option.
    pub default_option: u8,
    /// Description (often empty).
    pub description: String,
    /// The axis type byte (versions > 5; 0 before).
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Option names, in order.
    pub options: Vec<String>,
}

/// One row of the permutation table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Row {
    /// The stored index (the compiler writes the permutation index; the
    /// runtime never reads it).
    pub index: u32,
    /// Absolute offset of the body.
    pub offset: u32,
    /// Size of the body.
    pub size: u32,
}

/// Pipeline stage of a stage record (`InputStageType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "lowercase"))]
pub enum StageType {
    /// 0.
    Vertex,
    /// 1.
    Pixel,
    /// 2.
    Compute,
    /// 3.
    Geometry,
    /// 4.
    Hull,
    /// 5.
    Domain,
}

impl StageType {
    /// Decodes the byte.
    pub fn from_u8(v: u8) -> Option<StageType> {
        Some(match v {
            0 => StageType::Vertex,
            1 => StageType::Pixel,
            2 => StageType::Compute,
            3 => StageType::Geometry,
            4 => StageType::Hull,
            5 => StageType::Domain,
            _ => return None,
        })
    }
    /// The byte.
    pub fn to_u8(self) -> u8 {
        self as u8
    }
    /// `vertex`, `pixel`, `compute`, `geometry`, `hull`, `domain`.
    pub fn name(self) -> &'static str {
        match self {
            StageType::Vertex => "vertex",
            StageType::Pixel => "pixel",
            StageType::Compute => "compute",
            StageType::Geometry => "geometry",
            StageType::Hull => "hull",
            StageType::Domain => "domain",
        }
    }
}

/// The usage names of pipeline-input usage codes 0..=7, as the package
/// spells them (code 4 is the source semantic `BINORMAL`).
pub const USAGE_NAMES: [&str; 8] = [
    "POSITION",
    "COLOR",
    "NORMAL",
    "TANGENT",
    "BITANGENT",
    "TEXCOORD",
    "BLENDINDICES",
    "BLENDWEIGHTS",
];

/// The HLSL semantic the compiler matched for each usage code
/// (`GetStringForUsageCode`, compared case-insensitively).
pub const USAGE_SEMANTICS: [&str; 8] = [
    "POSITION",
    "COLOR",
    "NORMAL",
    "TANGENT",
    "BINORMAL",
    "TEXCOORD",
    "BLENDINDICES",
    "BLENDWEIGHT",
];

/// Usage code of `BITANGENT` (HLSL `BINORMAL`).
pub const USAGE_BITANGENT: u8 = 4;
/// Usage code of `BLENDINDICES`.
pub const USAGE_BLENDINDICES: u8 = 6;

/// Carbon's constant-type enum (version 11 and later; older files are
/// renumbered to it when read).
pub mod constant_type {
    /// `float`.
    pub const FLOAT: u8 = 0;
    /// `int`.
    pub const INT: u8 = 1;
    /// `uint`.
    pub const UINT: u8 = 2;
    /// `bool`.
    pub const BOOL: u8 = 3;
    /// Anything else (structs).
    pub const OTHER: u8 = 4;
}

/// A vertex (or other stage) input as reflected by the compiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct PipelineInput {
    /// Usage code ([`USAGE_NAMES`]).
    pub usage: u8,
    /// Input register `v#`.
    pub register: u8,
    /// Semantic index.
    pub usage_index: u8,
    /// Components the shader reads (the signature's read mask).
    pub used_mask: u8,
    /// [`constant_type`] of the components (before version 11: uint for
    /// BLENDINDICES, float otherwise).
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Components declared (highest bit of the signature mask + 1; 4 before
    /// version 11).
    pub dimension: u8,
}

impl PipelineInput {
    /// The usage name (`BITANGENT`), or `None` for an unknown code.
    pub fn usage_name(&self) -> Option<&'static str> {
        USAGE_NAMES.get(self.usage as usize).copied()
    }
}

/// Register types of register inputs (`RegisterInputType`).
pub mod register_type {
    /// A constant buffer `b#`.
    pub const CONSTANT_BUFFER: u8 = 0;
    /// A sampler `s#`.
    pub const SAMPLER: u8 = 1;
    /// First SRV kind: `32 + k` (32 buffer, 33 structured buffer, 34
    /// tex1D, 35 tex1DArray, 36 tex2D, 37 tex2DArray, 38 tex2DMS, 39
    /// tex2DMSArray, 40 tex3D, 41 texCube, 42 texCubeArray).
    pub const SRV: u8 = 32;
    /// First UAV kind: `64 + k`, the same shapes.
    pub const UAV: u8 = 64;
    /// The SRV/UAV shape names by `k`.
    pub const SHAPES: [&str; 11] = [
        "buffer",
        "structured buffer",
        "tex1D",
        "tex1DArray",
        "tex2D",
        "tex2DArray",
        "tex2DMS",
        "tex2DMSArray",
        "tex3D",
        "texCube",
        "texCubeArray",
    ];
    /// A readable name of a register type.
    pub fn name(t: u8) -> String {
        match t {
            CONSTANT_BUFFER => "constant buffer".into(),
            SAMPLER => "sampler".into(),
            32..=42 => format!("SRV {}", SHAPES[(t - 32) as usize]),
            64..=74 => format!("UAV {}", SHAPES[(t - 64) as usize]),
            _ => format!("register type {t}"),
        }
    }
}

/// A register the stage binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct RegisterInput {
    /// [`register_type`] (versions 9 and earlier are renumbered: their 1,
    /// 2, 3 become tex2D SRV, tex2D UAV and sampler, as the runtime does).
    pub register_type: u8,
    /// First register.
    pub index: u32,
    /// Registers bound (array size; 1 before version 13).
    pub count: u32,
    /// Register space (before version 13 the runtime uses the stage type).
    pub space: u8,
}

/// Filter and address state shared by samplers and static samplers.
///
/// Enum values (decided from `shadercompiler/FXAnalyzer.cpp`, the tables
/// the compiler parses sampler states with): filters are D3D9's
/// `D3DTEXTUREFILTERTYPE` (0 none, 1 point, 2 linear, 3 anisotropic);
/// addresses are `D3D11_TEXTURE_ADDRESS_MODE` (1 wrap, 2 mirror, 3 clamp,
/// 4 border, 5 mirror once); the comparison function is
/// `D3D11_COMPARISON_FUNC` (1 never ... 8 always).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SamplerState {
    /// Comparison sampler.
    pub comparison: u8,
    /// Minification filter.
    pub min_filter: u8,
    /// Magnification filter.
    pub mag_filter: u8,
    /// Mip filter.
    pub mip_filter: u8,
    /// Address mode U.
    pub address_u: u8,
    /// Address mode V.
    pub address_v: u8,
    /// Address mode W.
    pub address_w: u8,
    /// Mip LOD bias.
    pub mip_lod_bias: f32,
    /// Maximum anisotropy.
    pub max_anisotropy: u8,
    /// Comparison function.
    pub comparison_func: u8,
}

/// A static sampler (version 13 and later).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct StaticSampler {
    /// Register `s#`.
    pub register: u32,
    /// Register space.
    pub space: u8,
    /// Filter and address state.
    pub state: SamplerState,
    /// Border colour enum (D3D12 static border colours, as the runtime
    /// decodes them: 0 transparent black, 1 opaque black, 2 opaque white).
    pub border_color: u8,
    /// Minimum LOD.
    pub min_lod: f32,
    /// Maximum LOD.
    pub max_lod: f32,
}

/// A constant of the stage's local constant buffer.
///
/// Decided from `shadercompiler/DxReflection.h` (`ProcessReflection`): the
/// compiler lists the *used* variables of one buffer only, `$Globals` or
/// the constant buffer bound at `b0`, so every constant of a stage lives in
/// `cb0` and `offset` is its byte offset there (`D3D11_SHADER_VARIABLE_DESC::StartOffset`).
/// The default-value block is that buffer's bytes up to the end of the last
/// constant with a default. `dimension` is 1 for scalars, size / 4 for
/// vectors (so arrays of vectors get 14, 15, ...), 16 for matrices.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Constant {
    /// Name.
    pub name: String,
    /// Byte offset in `cb0`.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// [`constant_type`].
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Dimension (see above).
    pub dimension: u8,
    /// Array elements (0 for a non-array).
    pub elements: u32,
    /// sRGB annotation.
    pub srgb: bool,
    /// AutoRegister annotation.
    pub autoregister: bool,
}

/// Texture types (`TextureType`).
pub mod texture_type {
    /// Readable name of a texture type.
    pub fn name(t: u8) -> &'static str {
        match t {
            1 => "1D",
            2 => "2D",
            3 => "3D",
            4 => "cube",
            5 => "typeless",
            6 => "buffer",
            7 => "structured buffer",
            8 => "tbuffer",
            9 => "byte-address buffer",
            10 => "RW typed UAV",
            11 => "RW structured UAV",
            12 => "RW byte-address UAV",
            13 => "append structured UAV",
            14 => "consume structured UAV",
            15 => "RW structured UAV with counter",
            16 => "ray-tracing acceleration structure",
            _ => "unknown",
        }
    }
}

/// A texture (SRV) of the stage.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Texture {
    /// Register `t#` (the map key).
    pub register: u8,
    /// Name (the effect parameter).
    pub name: String,
    /// [`texture_type`].
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Array elements (1 before version 13).
    pub count: u32,
    /// sRGB.
    pub srgb: bool,
    /// AutoRegister.
    pub autoregister: bool,
}

/// A sampler of the stage.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Sampler {
    /// Register `s#` (the map key).
    pub register: u8,
    /// Name (versions 4 and later; the runtime drops it when not dynamic).
    pub name: Option<String>,
    /// Filter and address state.
    pub state: SamplerState,
    /// Border colour.
    pub border_color: [f32; 4],
    /// Minimum LOD.
    pub min_lod: f32,
    /// Maximum LOD.
    pub max_lod: f32,
    /// sRGB texture flag (versions 2 and 3 only).
    pub srgb_texture: Option<bool>,
    /// Dynamic sampler (versions 13 and later; `true` before).
    pub is_dynamic: bool,
}

impl Sampler {
    /// A dynamic sampler with trilinear filtering and wrap addressing, no
    /// anisotropy, unbounded LOD (what an effect gets when it sets no
    /// state).
    pub fn linear_wrap(register: u8, name: &str) -> Sampler {
        Sampler {
            register,
            name: Some(name.into()),
            state: SamplerState {
                min_filter: 2,
                mag_filter: 2,
                mip_filter: 2,
                address_u: 1,
                address_v: 1,
                address_w: 1,
                max_anisotropy: 1,
                comparison_func: 1,
                ..Default::default()
            },
            border_color: [0.0; 4],
            min_lod: f32::MIN,
            max_lod: f32::MAX,
            srgb_texture: None,
            is_dynamic: true,
        }
    }
}

/// A UAV of the stage.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Uav {
    /// Register `u#`.
    pub register: u8,
    /// Name.
    pub name: String,
    /// [`texture_type`].
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Array elements.
    pub count: u32,
    /// AutoRegister.
    pub autoregister: bool,
}

/// An annotation value: a string (type 3) or four raw bytes that bool
/// (0), int (1) and float (2) share.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub enum AnnotationValue {
    /// Type 3.
    String(String),
    /// Types 0, 1, 2 (and any other): the raw dword.
    Raw(u32),
}

/// One annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Annotation {
    /// Key.
    pub name: String,
    /// Type byte: 0 bool, 1 int, 2 float, 3 string.
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    pub ty: u8,
    /// Value.
    pub value: AnnotationValue,
}

/// What a stage (or a ray-tracing library input) binds and declares.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct StageData<B> {
    /// Registers bound (versions > 8).
    pub registers: Vec<RegisterInput>,
    /// Static samplers (versions > 12).
    pub static_samplers: Vec<StaticSampler>,
    /// Constants of `cb0`.
    pub constants: Vec<Constant>,
    /// Default values of `cb0`.
    pub defaults: B,
    /// Textures, by ascending register.
    pub textures: Vec<Texture>,
    /// Samplers, by ascending register.
    pub samplers: Vec<Sampler>,
    /// UAVs (versions >= 3).
    pub uavs: Vec<Uav>,
    /// Stage annotations (versions >= 8).
    pub annotations: Vec<Annotation>,
}

impl<B: Default> Default for StageData<B> {
    fn default() -> Self {
        StageData {
            registers: Vec::new(),
            static_samplers: Vec::new(),
            constants: Vec::new(),
            defaults: B::default(),
            textures: Vec::new(),
            samplers: Vec::new(),
            uavs: Vec::new(),
            annotations: Vec::new(),
        }
    }
}

/// One stage of a pass.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Stage<B> {
    /// The pipeline stage.
    pub stage: StageType,
    /// The program (DXBC for the dx11/dx12 backends).
    pub program: B,
    /// Compute thread-group size (versions >= 3).
    pub thread_group: [u32; 3],
    /// Inputs with Carbon usage codes.
    pub pipeline_inputs: Vec<PipelineInput>,
    /// Bindings and reflection.
    pub data: StageData<B>,
}

/// A render state pair (D3D9 `D3DRS_*` code, raw value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct RenderState {
    /// State code.
    pub state: u32,
    /// Raw value (float states carry IEEE-754 bits).
    pub value: u32,
}

/// A pass.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Pass<B> {
    /// Stages, in stored order.
    pub stages: Vec<Stage<B>>,
    /// Render states, by ascending code.
    pub states: Vec<RenderState>,
}

/// A ray-tracing library export.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Export {
    /// 0 ray generation, 1 miss, 2 closest hit, 3 any hit, 4 intersection.
    pub kind: u8,
    /// Export name.
    pub name: String,
}

/// A ray-tracing library of a technique (versions > 13).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Library<B> {
    /// Payload size.
    pub payload_size: u32,
    /// The library program.
    pub program: B,
    /// Exports.
    pub exports: Vec<Export>,
    /// Hit-group name.
    pub hit_group: String,
    /// Global inputs.
    pub global: StageData<B>,
    /// Local inputs.
    pub local: StageData<B>,
}

/// A technique.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Technique<B> {
    /// Name (`Main` for versions <= 6, which store none).
    pub name: String,
    /// Passes.
    pub passes: Vec<Pass<B>>,
    /// Ray-tracing libraries.
    pub libraries: Vec<Library<B>>,
}

/// An effect parameter with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Parameter {
    /// Name.
    pub name: String,
    /// Annotations, sorted by key.
    pub annotations: Vec<Annotation>,
}

/// A body (description): what one or more permutations select.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Body<B> {
    /// Techniques.
    pub techniques: Vec<Technique<B>>,
    /// Effect parameters.
    pub parameters: Vec<Parameter>,
}
