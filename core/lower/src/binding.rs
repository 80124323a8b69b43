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
//! the declarations record id → binding key in [`BindingIds`]
//! ([`crate::StageState::binding_ids`]) and every operand is resolved
//! through [`crate::StageState::binding_register`] or
//! [`crate::StageState::cb_element`], which read SM5.0 operands unchanged.
//!
//! A range in another register space is the same binding with the space in
//! its names: register 1 of space 2 is `cb1_space2` (block
//! `ConstantBuffer1_space2`), `t1_space2`, `t1_space2TEX_with_SMPs0_space1`
//! ([`label`]). Inside a stage a binding is known by its *key* ([`key`]):
//! the register itself in space 0, the register and space packed together
//! otherwise, so that `b1` of space 0 and `b1` of space 1 are two
//! bindings. The stage record and the manifest give the register and the
//! space apart ([`split`]). Ranges of several registers (resource arrays)
//! are refused by name ([`declared_range`]).

use crate::error::{LowerError, Refusal};
use dxlower_dxbc::{Index, Operand, OperandType, Payload, Program};
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

/// Marks the key of a binding outside register space 0 ([`key`]).
const SPACED: u32 = 1 << 31;

/// The key of register `reg` of register `space` inside a stage: `reg` in
/// space 0 (the SM5.0 register), else `SPACED | space << 16 | reg`. Spaces
/// from 2^15 and registers from 2^16 outside space 0 (and registers from
/// 2^31 in space 0) are refused by name: no shader binds that many.
pub fn key(space: u32, reg: u32) -> Result<u32, LowerError> {
    let fits = if space == 0 {
        reg & SPACED == 0
    } else {
        space < 1 << 15 && reg < 1 << 16
    };
    if fits {
        Ok(if space == 0 {
            reg
        } else {
            SPACED | space << 16 | reg
        })
    } else {
        Err(Refusal::new(
            format!("register {reg} of register space {space}"),
            "beyond the registers and spaces dxlower names (registers below 65536 and spaces \
             below 32768 outside space 0)",
        )
        .into())
    }
}

/// The register space and the register of a binding key ([`key`]).
pub fn split(key: u32) -> (u32, u32) {
    if key & SPACED == 0 {
        (0, key)
    } else {
        ((key >> 16) & 0x7fff, key & 0xffff)
    }
}

/// The part of a binding's GLSL names after its prefix, printed with
/// `{}`: the register (`3` in `cb3`, `t3`) in space 0,
/// `<register>_space<space>` otherwise (`1_space2` in `cb1_space2`).
pub fn label(key: u32) -> Label {
    Label(key)
}

/// A binding key printed as its name part ([`label`]).
#[derive(Clone, Copy, Debug)]
pub struct Label(pub u32);

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match split(self.0) {
            (0, reg) => write!(f, "{reg}"),
            (space, reg) => write!(f, "{reg}_space{space}"),
        }
    }
}

/// The binding key of every SM5.1 range the declarations of `program`
/// declare, by kind and range id, for scans of the program made before
/// the declarations are lowered ([`operand_key`]). Declarations of ranges
/// dxlower refuses are left out.
pub fn declared_keys(program: &Program) -> BTreeMap<(BindingKind, u32), u32> {
    let mut keys = BTreeMap::new();
    for inst in program
        .instructions
        .iter()
        .filter(|i| i.opcode.is_declaration())
    {
        let space = match &inst.payload {
            Payload::ConstantBuffer51 { space, .. } | Payload::Space(space) => *space,
            Payload::Resource {
                space: Some(space), ..
            } => *space,
            _ => continue,
        };
        let Some(op) = inst.operands.first() else {
            continue;
        };
        let Some(kind) = BindingKind::of(op.ty) else {
            continue;
        };
        let (Some(id), Some(lower)) = (
            op.indices.first().and_then(Index::as_imm),
            op.indices.get(1).and_then(Index::as_imm),
        ) else {
            continue;
        };
        if let Ok(k) = key(space, lower) {
            keys.insert((kind, id), k);
        }
    }
    keys
}

/// The binding key an immediate-indexed `cb#`/`t#`/`s#` instruction
/// operand names, for scans of the program: [`operand_register`] in
/// SM4/5.0, the key `keys` ([`declared_keys`]) gives its range id in
/// SM5.1. `None` for a dynamic index or an undeclared id.
pub fn operand_key(
    op: &Operand,
    sm51: bool,
    keys: &BTreeMap<(BindingKind, u32), u32>,
) -> Option<u32> {
    if !sm51 {
        return operand_register(op, false);
    }
    let kind = BindingKind::of(op.ty)?;
    let id = op.indices.first().and_then(Index::as_imm)?;
    keys.get(&(kind, id)).copied()
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
/// `S1[2:2]`) in register `space` and returns `(id, key)`, the binding
/// [`key`] of its register in its space. `what` names the declared thing
/// in refusals (`constant buffer`, `texture2d`, `sampler`).
///
/// Refused by name: a range of more than one register, a resource array
/// (`constant buffer array CB0[0:3]`, `texture2d array T2[8:*]`).
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
    if upper != lower {
        return Err(Refusal::new(
            format!("{what} array {p}{id}[{lower}:{hi}]"),
            "SM5.1 resource arrays (a range of several registers that instructions index) are \
             not lowered: only single-register ranges map onto the SM5.0 binding names",
        )
        .into());
    }
    Ok((id, key(space, lower)?))
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
