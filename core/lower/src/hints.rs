//! Agreements between the two stages of a program, computed from both
//! stages' signatures and declarations before either is translated
//! (`docs/manifest.md#link-rules`), and read by the declaration handlers through
//! [`crate::StageState::link`]:
//! - constant-buffer sizes normalized to the maximum across stages (a block
//!   declared with two sizes fails to link);
//! - one type and width per varying, taken from the VS output row (the PS
//!   may declare a narrower view in D3D; GLSL requires exact agreement),
//!   widened by lanes only the PS row has;
//! - the PS interpolation mode of each varying, copied onto the VS output
//!   (ES 3.00 requires matching `flat`/`centroid` qualifiers on both sides);
//! - PS inputs that no VS output feeds — including output-signature rows
//!   the VS never declares — which the VS declares and zero-fills so the
//!   program links;
//! - the sampler names the pixel stage declares (filled in by
//!   [`crate::link()`] after the pixel stage is lowered): a vertex sampler of
//!   the same name is declared `vs_<name>`.

use crate::input::StageInput;
use crate::regs::Ty;
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    InterpolationMode, Opcode, OperandType, Payload, Program, Signature, SignatureSystemValue,
    SystemValue,
};
use std::collections::{BTreeMap, BTreeSet};

/// One varying as both stages must declare it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Varying {
    /// Semantic name, upper case (`TEXCOORD`).
    pub semantic: String,
    /// Semantic index.
    pub index: u32,
    /// Base type (from the VS output, or the PS input when no VS output
    /// feeds it).
    pub ty: Ty,
    /// Width in lanes: the popcount of [`Varying::mask`].
    pub width: u8,
    /// The register lanes the shared variable covers (x = bit 0): the VS
    /// output row's mask, widened by the PS input row's when the PS
    /// declares lanes the VS row lacks. Register lane `c` of either stage
    /// lands in component `popcount(mask & ((1 << c) - 1))` of the
    /// variable: D3D routes varyings by register component, so a PS row
    /// narrower than the VS row reads the same positions.
    pub mask: u8,
    /// The PS interpolation mode, when the PS reads it.
    pub interpolation: Option<InterpolationMode>,
    /// The VS output register, if the VS writes it.
    pub vs_register: Option<u32>,
    /// The VS output row's mask (0 when the VS does not write it).
    pub vs_mask: u8,
    /// The PS input register, if the PS declares (reads) it.
    pub ps_register: Option<u32>,
    /// The PS input row's mask (0 when the PS does not declare it).
    pub ps_mask: u8,
}

impl Varying {
    /// Component of the shared variable that register lane `lane` lands
    /// in, or `None` when the lane is outside [`Varying::mask`].
    pub fn comp_of(&self, lane: u8) -> Option<u8> {
        if lane > 3 || self.mask & (1 << lane) == 0 {
            return None;
        }
        Some((self.mask & ((1u8 << lane) - 1)).count_ones() as u8)
    }
}

/// Agreements between the two stages of a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkHints {
    /// Constant-buffer slot → size in vec4s, the maximum across stages.
    pub cb_sizes: BTreeMap<u32, u32>,
    /// Varyings keyed by (upper-case semantic, index).
    pub varyings: BTreeMap<(String, u32), Varying>,
    /// The sampler uniform names the pixel stage declares (empty until the
    /// pixel stage is lowered): the vertex stage declares a sampler of one
    /// of these names as `vs_<name>` ([`VS_SAMPLER_PREFIX`]).
    pub ps_samplers: BTreeSet<String>,
    /// True when the pixel stage reads `SV_PrimitiveID` (a
    /// `dcl_input_ps_sgv ... primitive_id` or a `vPrim` input): under a
    /// profile that derives it from the vertex id, the vertex stage
    /// writes it.
    pub ps_primitive_id: bool,
    /// The `SV_ClipDistance` components the vertex stage declares as
    /// outputs, by their number `k`: the components of every clip-distance
    /// row of its output signature (stream 0) counted consecutively, rows
    /// ordered by semantic index, register and mask, as the decl-io family
    /// numbers them. Under a profile that emulates clip distances with
    /// varyings, the pixel stage reads these and discards where one is
    /// negative.
    pub vs_clip_distances: Vec<u32>,
}

/// Prefix of vertex-stage sampler uniforms whose name the pixel stage also
/// declares. D3D binds each stage's `t#` separately, GLSL has one uniform
/// (one type, one texture unit) per name and program: a VS `t0` and a PS
/// `t0` would become one uniform, and a link error when their sampler types
/// differ. Names used by one stage only keep the `t<N>` ABI.
pub const VS_SAMPLER_PREFIX: &str = "vs_";

impl LinkHints {
    /// The agreed size of constant buffer `slot`.
    pub fn cb_size(&self, slot: u32) -> Option<u32> {
        self.cb_sizes.get(&slot).copied()
    }

    /// The agreed varying for a semantic (case-insensitive).
    pub fn varying(&self, semantic: &str, index: u32) -> Option<&Varying> {
        self.varyings.get(&(semantic.to_ascii_uppercase(), index))
    }

    /// Varyings the PS reads but the VS does not write.
    pub fn unfed(&self) -> impl Iterator<Item = &Varying> {
        self.varyings
            .values()
            .filter(|v| v.vs_register.is_none() && v.ps_register.is_some())
    }

    /// Computes the hints of a VS/PS pair.
    ///
    /// A PS input-signature row counts as read only when a PS declaration
    /// (`dcl_input_ps*`, `dcl_input`) covers one of its lanes: fxc keeps
    /// the unused members of the input struct in the signature, and those
    /// need no VS writer.
    pub fn compute(vs: &StageInput<'_>, ps: &StageInput<'_>) -> LinkHints {
        let mut h = LinkHints::default();
        for p in [vs.program, ps.program] {
            for (slot, size) in cb_decls(p) {
                let e = h.cb_sizes.entry(slot).or_insert(0);
                *e = (*e).max(size);
            }
        }
        let decls = ps_input_decls(ps.program);
        let vs_decls = vs_output_decls(vs.program);
        if let Some(osgn) = vs.output_signature {
            for e in user_elements(osgn) {
                // A row the VS never declares is not written (fxc keeps
                // unwritten members of the output struct in OSGN).
                if vs_decls.get(&e.register).copied().unwrap_or(0) & e.mask == 0 {
                    continue;
                }
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                h.varyings.insert(
                    key.clone(),
                    Varying {
                        semantic: key.0,
                        index: key.1,
                        ty: ty_of(e.component_type),
                        width: 0,
                        mask: e.mask & 0xF,
                        interpolation: None,
                        vs_register: Some(e.register),
                        vs_mask: e.mask & 0xF,
                        ps_register: None,
                        ps_mask: 0,
                    },
                );
            }
        }
        if let Some(isgn) = ps.input_signature {
            for e in user_elements(isgn) {
                let Some((mode, declared)) = decls.get(&e.register).copied() else {
                    continue;
                };
                if declared & e.mask == 0 {
                    continue;
                }
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                let v = h.varyings.entry(key.clone()).or_insert_with(|| Varying {
                    semantic: key.0.clone(),
                    index: key.1,
                    ty: ty_of(e.component_type),
                    width: 0,
                    mask: 0,
                    interpolation: None,
                    vs_register: None,
                    vs_mask: 0,
                    ps_register: None,
                    ps_mask: 0,
                });
                v.ps_register = Some(e.register);
                v.ps_mask = e.mask & 0xF;
                v.mask |= e.mask & 0xF;
                v.interpolation = mode;
            }
        }
        for v in h.varyings.values_mut() {
            v.width = v.mask.count_ones().max(1) as u8;
        }
        h.ps_primitive_id = reads_primitive_id(ps.program);
        if let Some(osgn) = vs.output_signature {
            let mut rows: Vec<_> = osgn
                .elements
                .iter()
                .filter(|e| {
                    e.stream == 0
                        && e.effective_system_value() == SignatureSystemValue::ClipDistance
                })
                .collect();
            rows.sort_by_key(|e| (e.semantic_index, e.register, e.mask));
            let mut base = 0u32;
            for e in rows {
                let declared = vs_decls.get(&e.register).copied().unwrap_or(0);
                let mut comp = 0u32;
                for c in 0..4u8 {
                    if e.mask & (1 << c) == 0 {
                        continue;
                    }
                    if declared & (1 << c) != 0 {
                        h.vs_clip_distances.push(base + comp);
                    }
                    comp += 1;
                }
                base += comp;
            }
        }
        h
    }
}

fn ty_of(c: ComponentType) -> Ty {
    match c {
        ComponentType::Uint32 | ComponentType::Uint16 | ComponentType::Uint64 => Ty::Uint,
        ComponentType::Sint32 | ComponentType::Sint16 | ComponentType::Sint64 => Ty::Int,
        _ => Ty::Float,
    }
}

/// Signature elements that are plain varyings (no system value).
fn user_elements(sig: &Signature) -> impl Iterator<Item = &dxlower_dxbc::SignatureElement> {
    sig.elements.iter().filter(|e| {
        !e.has_no_register()
            && e.effective_system_value() == SignatureSystemValue::Undefined
            && !e.name.to_ascii_uppercase().starts_with("SV_")
    })
}

/// `(slot, size)` of every constant-buffer declaration.
fn cb_decls(p: &Program) -> Vec<(u32, u32)> {
    p.instructions
        .iter()
        .filter(|i| i.opcode == Opcode::DclConstantBuffer)
        .filter_map(|i| {
            let op = i.operands.first()?;
            if op.ty != OperandType::ConstantBuffer {
                return None;
            }
            match &i.payload {
                // SM5.1 `CB<id>[<lower>:<upper>][<size>]`: the slot is the
                // register, the range's lower bound.
                Payload::ConstantBuffer51 { size, .. } => {
                    Some((op.indices.get(1)?.imm as u32, *size))
                }
                _ => Some((
                    op.indices.first()?.imm as u32,
                    op.indices.get(1)?.imm as u32,
                )),
            }
        })
        .collect()
}

/// VS output register → the union of its `dcl_output*` masks.
fn vs_output_decls(p: &Program) -> BTreeMap<u32, u8> {
    let mut m: BTreeMap<u32, u8> = BTreeMap::new();
    for i in &p.instructions {
        if !matches!(
            i.opcode,
            Opcode::DclOutput | Opcode::DclOutputSiv | Opcode::DclOutputSgv
        ) {
            continue;
        }
        let Some(op) = i.operands.first() else {
            continue;
        };
        if op.ty != OperandType::Output {
            continue;
        }
        if let Some(reg) = op.reg() {
            *m.entry(reg).or_insert(0) |= op.mask();
        }
    }
    m
}

/// PS input register → (interpolation mode of its `dcl_input_ps*`, or
/// `None` for a plain `dcl_input`; the union of the declared masks).
/// True when a pixel program declares `SV_PrimitiveID` as an input.
fn reads_primitive_id(p: &Program) -> bool {
    p.instructions.iter().any(|i| match i.opcode {
        Opcode::DclInputPsSgv | Opcode::DclInputPsSiv | Opcode::DclInputSgv => {
            matches!(i.payload, Payload::SystemValue(SystemValue::PrimitiveId))
        }
        Opcode::DclInput => i
            .operands
            .first()
            .is_some_and(|o| o.ty == OperandType::InputPrimitiveId),
        _ => false,
    })
}

fn ps_input_decls(p: &Program) -> BTreeMap<u32, (Option<InterpolationMode>, u8)> {
    let mut m: BTreeMap<u32, (Option<InterpolationMode>, u8)> = BTreeMap::new();
    for i in &p.instructions {
        let mode = match i.opcode {
            Opcode::DclInputPs | Opcode::DclInputPsSiv => Some(i.interpolation_mode()),
            Opcode::DclInput => None,
            _ => continue,
        };
        let Some(op) = i.operands.first() else {
            continue;
        };
        if op.ty != OperandType::Input {
            continue;
        }
        if let Some(reg) = op.reg() {
            let e = m.entry(reg).or_insert((mode, 0));
            if e.0.is_none() {
                e.0 = mode;
            }
            e.1 |= op.mask();
        }
    }
    m
}
