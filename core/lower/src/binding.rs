//! Shader Model 5.1 bindings: range ids and the registers they stand for.
//!
//! SM5.1 declares a constant buffer, texture or sampler as a *range* of
//! registers in a register space, named by a logical id:
//! `dcl_constantbuffer CB0[1:1][1], immediateIndexed, space=0` declares the
//! range `[1:1]` (register `b1`) as id 0. Instructions name the id and then
//! an absolute register inside the range: `CB0[1][0]` reads element 0 of
//! register 1, `T0[0]` and `S0[0]` are texture and sampler register 0.
//!
//! A range of one register in space 0 is exactly an SM5.0 binding, so it
//! lowers to the SM5.0 names (`cb1.data[0]`, `t0`, `t0TEX_with_SMPs0`):
//! the declarations record id → register in [`BindingIds`]
//! ([`crate::StageState::binding_ids`]) and every operand is resolved
//! through [`crate::StageState::binding_register`] or
//! [`crate::StageState::cb_element`], which read SM5.0 operands unchanged.
//! Ranges of several registers (resource arrays) and other register spaces
//! are refused by name ([`declared_range`]).

use crate::error::{LowerError, Refusal};
use dxlower_dxbc::{Index, Operand, OperandType};
use std::collections::BTreeMap;

/// The register file of a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BindingKind {
    /// `cb#` / `CB#`.
    ConstantBuffer,
    /// `t#` / `T#`.
    Resource,
    /// `s#` / `S#`.
    Sampler,
}

impl BindingKind {
    /// The kind of an operand type, if it is a binding.
    pub fn of(ty: OperandType) -> Option<Self> {
        match ty {
            OperandType::ConstantBuffer => Some(Self::ConstantBuffer),
            OperandType::Resource => Some(Self::Resource),
            OperandType::Sampler => Some(Self::Sampler),
            _ => None,
        }
    }

    /// The prefix fxc prints for an SM5.1 range id (`CB`, `T`, `S`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            Self::ConstantBuffer => "CB",
            Self::Resource => "T",
            Self::Sampler => "S",
        }
    }

    /// The prefix of a register (`cb`, `t`, `s`).
    pub fn reg_prefix(self) -> &'static str {
        match self {
            Self::ConstantBuffer => "cb",
            Self::Resource => "t",
            Self::Sampler => "s",
        }
    }
}

/// SM5.1 range id → register (the range's lower bound), per kind. Empty in
/// SM4/5.0 programs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BindingIds {
    map: BTreeMap<(BindingKind, u32), u32>,
}

impl BindingIds {
    /// Records that range `id` of `kind` is register `reg`; an id declared
    /// twice is malformed.
    pub fn insert(&mut self, kind: BindingKind, id: u32, reg: u32) -> Result<(), LowerError> {
        if self.map.insert((kind, id), reg).is_some() {
            return Err(LowerError::invalid(format!(
                "{}{id} is declared twice",
                kind.id_prefix()
            )));
        }
        Ok(())
    }

    /// The register of range `id`, when declared.
    pub fn register(&self, kind: BindingKind, id: u32) -> Option<u32> {
        self.map.get(&(kind, id)).copied()
    }

    /// Every `(kind, id, register)`, in kind then id order.
    pub fn iter(&self) -> impl Iterator<Item = (BindingKind, u32, u32)> + '_ {
        self.map.iter().map(|(&(k, id), &reg)| (k, id, reg))
    }
}

/// The register an immediate-indexed `cb#`/`t#`/`s#` instruction operand
/// names, read from the operand alone: its first index in SM4/5.0 (`t3`),
/// its second, the absolute register, in SM5.1 (`T0[3]`). For scans of the
/// program made while declarations are still being lowered; instructions
/// resolve their operands with [`crate::StageState::binding_register`], which
/// also checks the range id against the declarations. `None` for a
/// dynamic index.
pub fn operand_register(op: &Operand, sm51: bool) -> Option<u32> {
    let at = if sm51 { 1 } else { 0 };
    op.indices.get(at).and_then(Index::as_imm)
}

/// The immediate value of index `i` of a declaration operand.
fn decl_index(op: &Operand, i: usize) -> Result<u32, LowerError> {
    op.indices.get(i).and_then(Index::as_imm).ok_or_else(|| {
        LowerError::invalid(format!(
            "SM5.1 declaration operand without an immediate index {i} (expected id[lower:upper])"
        ))
    })
}

/// Checks the operand of an SM5.1 declaration (`CB0[1:1]`, `T3[0:0]`,
/// `S1[2:2]`) in register `space` and returns `(id, register)`. `what`
/// names the declared thing in refusals (`constant buffer`, `texture2d`,
/// `sampler`).
///
/// Refused by name: a register space other than 0 (`sampler S0[0:0] in
/// register space 1`) and a range of more than one register, a resource
/// array (`constant buffer array CB0[0:3]`, `texture2d array T2[8:*]`).
pub fn declared_range(
    what: &str,
    kind: BindingKind,
    op: &Operand,
    space: u32,
) -> Result<(u32, u32), LowerError> {
    if op.indices.len() != 3 {
        return Err(LowerError::invalid(format!(
            "SM5.1 {what} declaration operand with {} indices (expected id[lower:upper])",
            op.indices.len()
        )));
    }
    let id = decl_index(op, 0)?;
    let lower = decl_index(op, 1)?;
    let upper = decl_index(op, 2)?;
    let p = kind.id_prefix();
    let hi = if upper == u32::MAX {
        "*".to_string()
    } else {
        upper.to_string()
    };
    if space != 0 {
        return Err(Refusal::new(
            format!("{what} {p}{id}[{lower}:{hi}] in register space {space}"),
            "only register space 0 maps onto the SM5.0 binding names (cbN, tN, sN) a WebGL2 \
             host binds; other spaces have no agreed names",
        )
        .into());
    }
    if upper != lower {
        return Err(Refusal::new(
            format!("{what} array {p}{id}[{lower}:{hi}]"),
            "SM5.1 resource arrays (a range of several registers that instructions index) are \
             not lowered: only single-register ranges map onto the SM5.0 binding names",
        )
        .into());
    }
    Ok((id, lower))
}

/// The refusal of a dynamically indexed binding.
pub(crate) fn dynamic_index(kind: BindingKind) -> LowerError {
    match kind {
        BindingKind::ConstantBuffer => Refusal::new(
            "dynamic constant-buffer range index",
            "GLSL ES 3.00 indexes arrays of uniform blocks only with constant expressions",
        ),
        _ => Refusal::new(
            "dynamic resource index",
            "GLSL ES 3.00 indexes sampler arrays only with constant expressions",
        ),
    }
    .into()
}
