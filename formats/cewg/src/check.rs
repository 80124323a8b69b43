//! Where the Carbon reflection of a stage and its DXBC program must agree,
//! and the error that names both when they do not.
//!
//! Checked, Carbon → DXBC (the reflection was taken from the same compile
//! before `D3DStripShader` removed RDEF, so every disagreement means the
//! stage record and the program do not belong together):
//!
//! - the stage type and the program type;
//! - each pipeline input: an element of the DXBC input signature with the
//!   semantic the usage code stands for (`BINORMAL` for `BITANGENT`) and
//!   the same index, at the same register, whose read mask is the used
//!   mask, whose component type is the Carbon type, and whose mask's
//!   highest lane + 1 is the dimension;
//! - each register input: `cb#` declared by `dcl_constantbuffer`, `s#` by
//!   `dcl_sampler`, `t#` by a resource declaration of the same shape
//!   (texture dimension, structured, raw);
//! - each texture: a resource declaration at its register of a shape its
//!   Carbon texture type allows (`typeless` = the array, multisample and
//!   cube-array shapes, as the compiler maps them);
//! - each sampler: `dcl_sampler` at its register;
//! - the constants: `cb0` declared, and every constant starting inside the
//!   declared size (a used variable has at least one register the program
//!   reads, and fxc declares the buffer up to the last register read).
//!
//! Shader Model 5.1 programs (the dx12 backend) bind through range ids;
//! their register checks are skipped (signatures are still checked).

use dxlower_carbon_effect::{
    constant_type, register_type, texture_type, BlobRef, PipelineInput, Stage, StageType,
    USAGE_NAMES, USAGE_SEMANTICS,
};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{Opcode, OperandType, ProgramType, ResourceDimension, Shader};
use std::collections::BTreeMap;

/// What the DXBC program declares, by register.
#[derive(Default, Debug)]
pub struct Declared {
    /// `cb#` → size in vec4s.
    pub cbuffers: BTreeMap<u32, u32>,
    /// `s#`.
    pub samplers: Vec<u32>,
    /// `t#` → shape.
    pub resources: BTreeMap<u32, Shape>,
}

/// The shape of a declared SRV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `dcl_resource_<dim>`.
    Typed(ResourceDimension),
    /// `dcl_resource_structured` with its stride.
    Structured(u32),
    /// `dcl_resource_raw`.
    Raw,
}

impl Shape {
    fn describe(self) -> String {
        match self {
            Shape::Typed(d) => format!("dcl_resource_{}", d.name()),
            Shape::Structured(s) => format!("dcl_resource_structured (stride {s})"),
            Shape::Raw => "dcl_resource_raw".into(),
        }
    }
}

/// Reads the declarations of an SM4/5.0 program.
pub fn declared(shader: &Shader) -> Declared {
    let mut d = Declared::default();
    for inst in &shader.program.instructions {
        let Some(op) = inst.operands.first() else {
            continue;
        };
        let idx = |k: usize| op.indices.get(k).and_then(|i| i.as_imm());
        match inst.opcode {
            Opcode::DclConstantBuffer if op.ty == OperandType::ConstantBuffer => {
                if let (Some(slot), Some(size)) = (idx(0), idx(1)) {
                    d.cbuffers.insert(slot, size);
                }
            }
            Opcode::DclSampler if op.ty == OperandType::Sampler => {
                if let Some(r) = idx(0) {
                    d.samplers.push(r);
                }
            }
            Opcode::DclResource if op.ty == OperandType::Resource => {
                if let Some(r) = idx(0) {
                    d.resources
                        .insert(r, Shape::Typed(inst.decl_resource_dimension()));
                }
            }
            Opcode::DclResourceStructured if op.ty == OperandType::Resource => {
                if let Some(r) = idx(0) {
                    let stride = match inst.payload {
                        dxlower_dxbc::Payload::Structured { stride, .. } => stride,
                        _ => 0,
                    };
                    d.resources.insert(r, Shape::Structured(stride));
                }
            }
            Opcode::DclResourceRaw if op.ty == OperandType::Resource => {
                if let Some(r) = idx(0) {
                    d.resources.insert(r, Shape::Raw);
                }
            }
            _ => {}
        }
    }
    d
}

fn type_name(t: u8) -> &'static str {
    match t {
        constant_type::FLOAT => "float",
        constant_type::INT => "int",
        constant_type::UINT => "uint",
        constant_type::BOOL => "bool",
        _ => "other",
    }
}

fn carbon_type_of(c: ComponentType) -> u8 {
    match c {
        ComponentType::Float32 => constant_type::FLOAT,
        ComponentType::Sint32 => constant_type::INT,
        ComponentType::Uint32 => constant_type::UINT,
        _ => constant_type::OTHER,
    }
}

fn describe_input(p: &PipelineInput) -> String {
    format!(
        "{}{} at v{}, used mask {:#x}, {}, dimension {}",
        USAGE_NAMES.get(p.usage as usize).unwrap_or(&"?"),
        p.usage_index,
        p.register,
        p.used_mask,
        type_name(p.ty),
        p.dimension
    )
}

/// The SRV shapes a Carbon register type stands for.
fn register_shape_ok(rt: u8, shape: Shape) -> bool {
    use ResourceDimension as D;
    let dim = match shape {
        Shape::Typed(d) => d,
        Shape::Structured(_) => return rt == register_type::SRV + 1,
        Shape::Raw => return rt == register_type::SRV,
    };
    let want = match rt - register_type::SRV {
        0 => return dim == D::Buffer,
        2 => D::Texture1D,
        3 => D::Texture1DArray,
        4 => D::Texture2D,
        5 => D::Texture2DArray,
        6 => D::Texture2DMS,
        7 => D::Texture2DMSArray,
        8 => D::Texture3D,
        9 => D::TextureCube,
        10 => D::TextureCubeArray,
        _ => return false,
    };
    dim == want
}

/// The SRV shapes a Carbon texture type allows.
fn texture_shape_ok(ty: u8, shape: Shape) -> bool {
    use ResourceDimension as D;
    matches!(
        (ty, shape),
        (1, Shape::Typed(D::Texture1D))
            | (2, Shape::Typed(D::Texture2D))
            | (3, Shape::Typed(D::Texture3D))
            | (4, Shape::Typed(D::TextureCube))
            | (
                5,
                Shape::Typed(
                    D::Texture1DArray
                        | D::Texture2DArray
                        | D::Texture2DMS
                        | D::Texture2DMSArray
                        | D::TextureCubeArray,
                ),
            )
            | (6, Shape::Typed(D::Buffer))
            | (7, Shape::Structured(_))
            | (8, _)
            | (9, Shape::Raw)
    )
}

/// Checks a stage record against its parsed program; the error names the
/// Carbon record and the DXBC declaration that disagree.
pub fn stage(st: &Stage<BlobRef>, shader: &Shader) -> Result<(), String> {
    let want = match st.stage {
        StageType::Vertex => ProgramType::Vertex,
        StageType::Pixel => ProgramType::Pixel,
        StageType::Compute => ProgramType::Compute,
        StageType::Geometry => ProgramType::Geometry,
        StageType::Hull => ProgramType::Hull,
        StageType::Domain => ProgramType::Domain,
    };
    let got = shader.program.version.program_type;
    if got != want {
        return Err(format!(
            "the Carbon stage type is {} but the DXBC program is a {} shader",
            st.stage.name(),
            got.prefix()
        ));
    }
    for (i, p) in st.pipeline_inputs.iter().enumerate() {
        let Some(sem) = USAGE_SEMANTICS.get(p.usage as usize) else {
            continue;
        };
        let carbon = format!("Carbon pipeline input {i} ({})", describe_input(p));
        let Some(sig) = shader.input_signature.as_ref() else {
            return Err(format!("{carbon}: the DXBC program has no input signature"));
        };
        let Some(e) = sig.elements.iter().find(|e| {
            e.name.eq_ignore_ascii_case(sem) && e.semantic_index == u32::from(p.usage_index)
        }) else {
            return Err(format!(
                "{carbon}: the DXBC input signature has no {sem}{}",
                p.usage_index
            ));
        };
        let dimension = 8 - e.mask.leading_zeros() as u8;
        let dxbc = format!(
            "DXBC input {}{} at v{}, read mask {:#x}, {}, mask {:#x}",
            e.name,
            e.semantic_index,
            e.register,
            e.rw_mask,
            type_name(carbon_type_of(e.component_type)),
            e.mask
        );
        let what = if e.register != u32::from(p.register) {
            Some("register")
        } else if e.rw_mask != p.used_mask {
            Some("mask")
        } else if carbon_type_of(e.component_type) != p.ty {
            Some("type")
        } else if dimension != p.dimension {
            Some("dimension")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(format!("{carbon} and {dxbc} disagree ({what})"));
        }
    }
    if shader.program.version.at_least(5, 1) {
        return Ok(());
    }
    let d = declared(shader);
    for r in &st.data.registers {
        let carbon = format!(
            "Carbon register input {} {}",
            register_type::name(r.register_type),
            r.index
        );
        match r.register_type {
            register_type::CONSTANT_BUFFER if !d.cbuffers.contains_key(&r.index) => {
                return Err(format!(
                    "{carbon}: the DXBC program declares no cb{} (type)",
                    r.index
                ));
            }
            register_type::SAMPLER if !d.samplers.contains(&r.index) => {
                return Err(format!(
                    "{carbon}: the DXBC program declares no s{} (type)",
                    r.index
                ));
            }
            register_type::CONSTANT_BUFFER | register_type::SAMPLER => {}
            t if (register_type::SRV..register_type::UAV).contains(&t) => {
                match d.resources.get(&r.index) {
                    None => {
                        return Err(format!(
                            "{carbon}: the DXBC program declares no t{} (register)",
                            r.index
                        ))
                    }
                    Some(&shape) if !register_shape_ok(t, shape) => {
                        return Err(format!(
                            "{carbon} and DXBC {} t{} disagree (type)",
                            shape.describe(),
                            r.index
                        ))
                    }
                    Some(_) => {}
                }
            }
            _ => {}
        }
    }
    for t in &st.data.textures {
        let carbon = format!(
            "Carbon texture `{}` (t{}, {})",
            t.name,
            t.register,
            texture_type::name(t.ty)
        );
        match d.resources.get(&u32::from(t.register)) {
            None => {
                return Err(format!(
                    "{carbon}: the DXBC program declares no t{} (register)",
                    t.register
                ))
            }
            Some(&shape) if !texture_shape_ok(t.ty, shape) => {
                return Err(format!(
                    "{carbon} and DXBC {} t{} disagree (type)",
                    shape.describe(),
                    t.register
                ))
            }
            Some(_) => {}
        }
    }
    for s in &st.data.samplers {
        if !d.samplers.contains(&u32::from(s.register)) {
            return Err(format!(
                "Carbon sampler `{}` (s{}): the DXBC program declares no s{} (register)",
                s.name.as_deref().unwrap_or(""),
                s.register,
                s.register
            ));
        }
    }
    if !st.data.constants.is_empty() {
        let Some(&size) = d.cbuffers.get(&0) else {
            return Err(format!(
                "Carbon constant `{}` (cb0 byte {}): the DXBC program declares no cb0 (buffer size)",
                st.data.constants[0].name, st.data.constants[0].offset
            ));
        };
        for c in &st.data.constants {
            if c.offset / 16 >= size {
                return Err(format!(
                    "Carbon constant `{}` (cb0 bytes {}..{}) and DXBC dcl_constantbuffer cb0[{size}] ({} bytes) disagree (buffer size)",
                    c.name,
                    c.offset,
                    u64::from(c.offset) + u64::from(c.size),
                    size * 16
                ));
            }
        }
    }
    Ok(())
}
