//! Resource definitions rebuilt from the Carbon reflection.
//!
//! EVE's DXBC has no `RDEF` (the compiler strips it), so the translator
//! knows resources only by register. The Carbon stage record keeps the
//! names, so the package builder hands the translator an [`Rdef`] with one
//! binding per register input, named from the stage's texture and sampler
//! tables. That is what makes the profile's name-based rules apply to
//! EVE programs as they do to unstripped ones: the `bone_transforms` pass
//! recognises `BoneTransforms` by name (and refuses other stride-48
//! structured buffers instead of splicing them), and
//! `stub_resource_registers` stubs `LightBuffer`, `LightIndexBuffer` and
//! `LightProfileArray`. Constant-buffer layouts are not rebuilt (nothing in
//! a translation reads them).

use dxlower_carbon_effect::{register_type, BlobRef, Stage, StageType};
use dxlower_dxbc::rdef::{
    Rdef, RdefProgramType, RdefTarget, ResourceBinding, ShaderInputType, SrvDimension,
};

/// The binding kind and dimension of a Carbon register type.
fn kind(rt: u8) -> Option<(ShaderInputType, SrvDimension)> {
    use ShaderInputType as T;
    use SrvDimension as D;
    Some(match rt {
        register_type::CONSTANT_BUFFER => (T::Cbuffer, D::Unknown),
        register_type::SAMPLER => (T::Sampler, D::Unknown),
        32 => (T::Texture, D::Buffer),
        33 => (T::Structured, D::Unknown),
        34 => (T::Texture, D::Texture1D),
        35 => (T::Texture, D::Texture1DArray),
        36 => (T::Texture, D::Texture2D),
        37 => (T::Texture, D::Texture2DArray),
        38 => (T::Texture, D::Texture2DMS),
        39 => (T::Texture, D::Texture2DMSArray),
        40 => (T::Texture, D::Texture3D),
        41 => (T::Texture, D::TextureCube),
        42 => (T::Texture, D::TextureCubeArray),
        _ => return None,
    })
}

/// The resource definitions of a stage, from its Carbon record.
pub fn of(st: &Stage<BlobRef>, major: u8, minor: u8) -> Rdef {
    let mut bindings = Vec::new();
    for r in &st.data.registers {
        let Some((input_type, dimension)) = kind(r.register_type) else {
            continue;
        };
        let name = match input_type {
            ShaderInputType::Cbuffer if r.index == 0 => "$Globals".to_string(),
            ShaderInputType::Cbuffer => format!("cb{}", r.index),
            ShaderInputType::Sampler => st
                .data
                .samplers
                .iter()
                .find(|s| u32::from(s.register) == r.index)
                .and_then(|s| s.name.clone())
                .unwrap_or_else(|| format!("s{}", r.index)),
            _ => st
                .data
                .textures
                .iter()
                .find(|t| u32::from(t.register) == r.index)
                .map(|t| t.name.clone())
                .unwrap_or_else(|| format!("t{}", r.index)),
        };
        bindings.push(ResourceBinding {
            name,
            input_type,
            return_type: if input_type == ShaderInputType::Texture {
                5
            } else {
                0
            },
            dimension,
            sample_count: if input_type == ShaderInputType::Texture {
                u32::MAX
            } else {
                0
            },
            bind_point: r.index,
            bind_count: r.count.max(1),
            flags: 0,
            space: None,
            id: None,
        });
    }
    let program_type = match st.stage {
        StageType::Vertex => RdefProgramType::Vertex,
        StageType::Pixel => RdefProgramType::Pixel,
        StageType::Compute => RdefProgramType::Compute,
        StageType::Geometry => RdefProgramType::Geometry,
        StageType::Hull => RdefProgramType::Hull,
        StageType::Domain => RdefProgramType::Domain,
    };
    Rdef {
        constant_buffers: Vec::new(),
        bindings,
        target: RdefTarget {
            program_type,
            major,
            minor,
        },
        flags: 0,
        creator: "dxlower-cewg (from the Carbon stage record)".into(),
        rd11: None,
    }
}
