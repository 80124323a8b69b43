//! Small chunks: `SFI0` (shader feature flags) and `STAT` (compiler
//! statistics).

use crate::container::read_u32;
use crate::error::{Error, Result};

/// `SFI0`: the shader's required-feature flags (`D3D_SHADER_REQUIRES_*`),
/// a little-endian `u64` (stored as two dwords, low first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sfi0 {
    /// The flags.
    pub flags: u64,
}

impl Sfi0 {
    /// Double-precision arithmetic.
    pub const DOUBLES: u64 = 1 << 0;
    /// Compute shaders plus raw and structured buffers on 4.x hardware.
    pub const COMPUTE_SHADERS_PLUS_RAW_AND_STRUCTURED_BUFFERS_VIA_SHADER_4_X: u64 = 1 << 1;
    /// UAVs at every shader stage.
    pub const UAVS_AT_EVERY_STAGE: u64 = 1 << 2;
    /// 64 UAV slots.
    pub const UAVS_64: u64 = 1 << 3;
    /// Minimum precision types.
    pub const MINIMUM_PRECISION: u64 = 1 << 4;
    /// D3D11.1 double extensions.
    pub const DOUBLE_EXTENSIONS_11_1: u64 = 1 << 5;
    /// D3D11.1 shader extensions.
    pub const SHADER_EXTENSIONS_11_1: u64 = 1 << 6;
    /// Level-9 comparison filtering.
    pub const LEVEL_9_COMPARISON_FILTERING: u64 = 1 << 7;
    /// Tiled resources.
    pub const TILED_RESOURCES: u64 = 1 << 8;
    /// `SV_StencilRef` output.
    pub const STENCIL_REF: u64 = 1 << 9;
    /// `SV_InnerCoverage` input.
    pub const INNER_COVERAGE: u64 = 1 << 10;
    /// Typed UAV loads of additional formats.
    pub const TYPED_UAV_LOAD_ADDITIONAL_FORMATS: u64 = 1 << 11;
    /// Rasterizer-ordered views.
    pub const ROVS: u64 = 1 << 12;
    /// Viewport/render-target array index from any stage feeding the
    /// rasterizer.
    pub const VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER: u64 = 1 << 13;

    /// Parses `SFI0` chunk data (at least 8 bytes; more are ignored).
    pub fn parse(data: &[u8]) -> Result<Sfi0> {
        let lo = read_u32(data, 0)? as u64;
        let hi = read_u32(data, 4)? as u64;
        Ok(Sfi0 {
            flags: lo | (hi << 32),
        })
    }

    /// True when every bit of `flag` is set.
    pub fn has(&self, flag: u64) -> bool {
        self.flags & flag == flag
    }
}

/// Number of dwords in an SM4 `STAT` chunk.
pub const STAT_DWORDS_SM4: usize = 29;
/// Number of dwords in an SM5 `STAT` chunk.
pub const STAT_DWORDS_SM5: usize = 37;

/// `STAT`: the statistics fxc records. The field meanings follow what is
/// publicly known (Wine's reflection code and later testing); dwords whose
/// meaning is unknown are only in [`Stat::raw`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Stat {
    /// Every dword of the chunk.
    pub raw: Vec<u32>,
    /// Dword 0: instructions (declarations and labels not counted).
    pub instruction_count: u32,
    /// Dword 1: temp registers.
    pub temp_register_count: u32,
    /// Dword 2: `def`s (immediate constants).
    pub def_count: u32,
    /// Dword 3: input/output declarations.
    pub dcl_count: u32,
    /// Dword 4: float instructions.
    pub float_instruction_count: u32,
    /// Dword 5: signed integer instructions.
    pub int_instruction_count: u32,
    /// Dword 6: unsigned integer instructions.
    pub uint_instruction_count: u32,
    /// Dword 7: static flow control instructions.
    pub static_flow_control_count: u32,
    /// Dword 8: dynamic flow control instructions.
    pub dynamic_flow_control_count: u32,
    /// Dword 9: macro instructions.
    pub macro_instruction_count: u32,
    /// Dword 10: indexable temp arrays.
    pub temp_array_count: u32,
    /// Dword 11: array (indexable temp) instructions.
    pub array_instruction_count: u32,
    /// Dword 12: `cut` instructions.
    pub cut_instruction_count: u32,
    /// Dword 13: `emit` instructions.
    pub emit_instruction_count: u32,
    /// Dword 14: plain texture sampling instructions.
    pub texture_normal_instructions: u32,
    /// Dword 15: texture loads.
    pub texture_load_instructions: u32,
    /// Dword 16: comparison sampling instructions.
    pub texture_comp_instructions: u32,
    /// Dword 17: biased sampling instructions.
    pub texture_bias_instructions: u32,
    /// Dword 18: gradient sampling instructions.
    pub texture_gradient_instructions: u32,
    /// Dword 19: `mov` instructions.
    pub mov_instruction_count: u32,
    /// Dword 20: `movc` instructions.
    pub movc_instruction_count: u32,
    /// Dword 21: conversion instructions.
    pub conversion_instruction_count: u32,
    /// Dword 23: geometry-shader input primitive (`D3D10_SB_PRIMITIVE`).
    pub input_primitive: u32,
    /// Dword 24: geometry-shader output topology.
    pub gs_output_topology: u32,
    /// Dword 25: geometry-shader maximum output vertex count.
    pub gs_max_output_vertex_count: u32,
    /// Dword 27: `lod` instructions.
    pub lod_instructions: u32,
    /// The SM5 fields, when the chunk has 37 or more dwords.
    pub sm5: Option<StatSm5>,
}

/// The `STAT` fields SM5 added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct StatSm5 {
    /// Dword 30: hull-shader output control points.
    pub control_points: u32,
    /// Dword 31: hull-shader output primitive.
    pub hs_output_primitive: u32,
    /// Dword 32: hull-shader partitioning.
    pub hs_partitioning: u32,
    /// Dword 33: tessellator domain.
    pub tessellator_domain: u32,
    /// Dword 34: barrier instructions.
    pub barrier_instructions: u32,
    /// Dword 35: interlocked instructions.
    pub interlocked_instructions: u32,
    /// Dword 36: texture store instructions.
    pub texture_store_instructions: u32,
}

impl Stat {
    /// Parses `STAT` chunk data: at least [`STAT_DWORDS_SM4`] dwords; the SM5
    /// fields when there are at least [`STAT_DWORDS_SM5`]. A size that is not
    /// a multiple of 4 is malformed.
    pub fn parse(data: &[u8]) -> Result<Stat> {
        if data.len() & 3 != 0 {
            return Err(Error::malformed(
                data.len() as u64 & !3,
                format!("STAT size {} is not a multiple of 4", data.len()),
            ));
        }
        if data.len() < STAT_DWORDS_SM4 * 4 {
            return Err(Error::truncated(
                0,
                (STAT_DWORDS_SM4 * 4) as u64,
                data.len() as u64,
            ));
        }
        let raw: Vec<u32> = data
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let d = |i: usize| raw.get(i).copied().unwrap_or(0);
        let sm5 = (raw.len() >= STAT_DWORDS_SM5).then(|| StatSm5 {
            control_points: d(30),
            hs_output_primitive: d(31),
            hs_partitioning: d(32),
            tessellator_domain: d(33),
            barrier_instructions: d(34),
            interlocked_instructions: d(35),
            texture_store_instructions: d(36),
        });
        Ok(Stat {
            instruction_count: d(0),
            temp_register_count: d(1),
            def_count: d(2),
            dcl_count: d(3),
            float_instruction_count: d(4),
            int_instruction_count: d(5),
            uint_instruction_count: d(6),
            static_flow_control_count: d(7),
            dynamic_flow_control_count: d(8),
            macro_instruction_count: d(9),
            temp_array_count: d(10),
            array_instruction_count: d(11),
            cut_instruction_count: d(12),
            emit_instruction_count: d(13),
            texture_normal_instructions: d(14),
            texture_load_instructions: d(15),
            texture_comp_instructions: d(16),
            texture_bias_instructions: d(17),
            texture_gradient_instructions: d(18),
            mov_instruction_count: d(19),
            movc_instruction_count: d(20),
            conversion_instruction_count: d(21),
            input_primitive: d(23),
            gs_output_topology: d(24),
            gs_max_output_vertex_count: d(25),
            lod_instructions: d(27),
            sm5,
            raw,
        })
    }
}
