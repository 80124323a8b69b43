//! Program-level lowering: a VS and a PS translated together so that the
//! pair links in WebGL2 (profiles.md §4.7).
//!
//! D3D matches stages by semantic and tolerates differences GLSL ES 3.00
//! rejects at link time. [`LinkHints`] carries the agreements computed from
//! both stages' signatures and declarations into each stage's translation:
//! - constant-buffer sizes normalized to the maximum across stages (a block
//!   declared with two sizes fails to link);
//! - one type and width per varying, taken from the VS output (the PS may
//!   declare a narrower view in D3D; GLSL requires exact agreement);
//! - the PS interpolation mode of each varying, copied onto the VS output
//!   (ES 3.00 requires matching `flat`/`centroid` qualifiers on both sides);
//! - PS inputs that no VS output feeds, which the VS declares and zero-fills
//!   so the program links.
//!
//! The hints are data; the declaration handlers read them. The core only
//! computes them and orders the two translations.

use crate::ctx::StageInput;
use crate::error::TranslateError;
use crate::profile::Profile;
use crate::regs::Ty;
use crate::translate::{translate_stage_linked, StageGlsl};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    InterpolationMode, Opcode, OperandType, Payload, Program, ProgramType, Signature,
    SignatureSystemValue,
};
use std::collections::BTreeMap;

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
    /// Width in lanes (the VS output's).
    pub width: u8,
    /// The PS interpolation mode, when the PS reads it.
    pub interpolation: Option<InterpolationMode>,
    /// The VS output register, if the VS writes it.
    pub vs_register: Option<u32>,
    /// The PS input register, if the PS reads it.
    pub ps_register: Option<u32>,
}

/// Agreements between the two stages of a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkHints {
    /// Constant-buffer slot → size in vec4s, the maximum across stages.
    pub cb_sizes: BTreeMap<u32, u32>,
    /// Varyings keyed by (upper-case semantic, index).
    pub varyings: BTreeMap<(String, u32), Varying>,
}

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
    pub fn compute(vs: &StageInput<'_>, ps: &StageInput<'_>) -> LinkHints {
        let mut h = LinkHints::default();
        for p in [vs.program, ps.program] {
            for (slot, size) in cb_decls(p) {
                let e = h.cb_sizes.entry(slot).or_insert(0);
                *e = (*e).max(size);
            }
        }
        let interp = ps_interpolation(ps.program);
        if let Some(osgn) = vs.output_signature {
            for e in user_elements(osgn) {
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                h.varyings.insert(
                    key.clone(),
                    Varying {
                        semantic: key.0,
                        index: key.1,
                        ty: ty_of(e.component_type),
                        width: e.mask.count_ones().max(1) as u8,
                        interpolation: None,
                        vs_register: Some(e.register),
                        ps_register: None,
                    },
                );
            }
        }
        if let Some(isgn) = ps.input_signature {
            for e in user_elements(isgn) {
                let key = (e.name.to_ascii_uppercase(), e.semantic_index);
                let mode = interp.get(&e.register).copied();
                let v = h.varyings.entry(key.clone()).or_insert_with(|| Varying {
                    semantic: key.0.clone(),
                    index: key.1,
                    ty: ty_of(e.component_type),
                    width: e.mask.count_ones().max(1) as u8,
                    interpolation: None,
                    vs_register: None,
                    ps_register: None,
                });
                v.ps_register = Some(e.register);
                v.interpolation = mode;
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
                Payload::ConstantBuffer51 { size, .. } => {
                    Some((op.indices.first()?.imm as u32, *size))
                }
                _ => Some((
                    op.indices.first()?.imm as u32,
                    op.indices.get(1)?.imm as u32,
                )),
            }
        })
        .collect()
}

/// PS input register → interpolation mode of its `dcl_input_ps*`.
fn ps_interpolation(p: &Program) -> BTreeMap<u32, InterpolationMode> {
    let mut m = BTreeMap::new();
    for i in &p.instructions {
        if matches!(i.opcode, Opcode::DclInputPs | Opcode::DclInputPsSiv) {
            if let Some(reg) = i.operands.first().and_then(|o| o.reg()) {
                m.insert(reg, i.interpolation_mode());
            }
        }
    }
    m
}

/// A translated VS/PS pair.
#[derive(Clone, Debug)]
pub struct ProgramGlsl {
    /// The vertex stage.
    pub vs: StageGlsl,
    /// The pixel stage.
    pub ps: StageGlsl,
    /// The agreements both stages were translated with.
    pub hints: LinkHints,
}

/// Why a pair did not link.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// A stage is not the expected kind.
    #[error("{which} is a {got:?} shader, expected {want:?}")]
    WrongStage {
        /// `vs` or `ps`.
        which: &'static str,
        /// Its program type.
        got: ProgramType,
        /// The expected one.
        want: ProgramType,
    },
    /// One stage did not translate.
    #[error("{which}: {source}")]
    Stage {
        /// `vs` or `ps`.
        which: &'static str,
        /// The stage's error.
        #[source]
        source: TranslateError,
    },
}

/// Translates a VS and a PS together: pixel stage first (its inputs decide
/// the VS output qualifiers), both with the same [`LinkHints`].
pub fn link(
    vs: StageInput<'_>,
    ps: StageInput<'_>,
    profile: &Profile,
) -> Result<ProgramGlsl, LinkError> {
    let check = |which, input: &StageInput<'_>, want| {
        let got = input.program.version.program_type;
        if got != want {
            Err(LinkError::WrongStage { which, got, want })
        } else {
            Ok(())
        }
    };
    check("vs", &vs, ProgramType::Vertex)?;
    check("ps", &ps, ProgramType::Pixel)?;
    let hints = LinkHints::compute(&vs, &ps);
    let ps_glsl =
        translate_stage_linked(ps, profile, Some(&hints)).map_err(|source| LinkError::Stage {
            which: "ps",
            source,
        })?;
    let vs_glsl =
        translate_stage_linked(vs, profile, Some(&hints)).map_err(|source| LinkError::Stage {
            which: "vs",
            source,
        })?;
    Ok(ProgramGlsl {
        vs: vs_glsl,
        ps: ps_glsl,
        hints,
    })
}
