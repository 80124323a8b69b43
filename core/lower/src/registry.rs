//! The opcode-handler registry.
//!
//! Family crates register handlers with [`register_handler!`] and claim the
//! opcodes they own with [`register_family!`]; both go through `inventory`,
//! so the core never names a family. [`Registry::global`] collects them once,
//! sorts them deterministically and rejects two handlers for one opcode,
//! naming both source locations.

use crate::ctx::{Ctx, DeclCtx};
use crate::error::LowerError;
use dxlower_dxbc::{Instruction, Opcode};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// How a handler lowers its instruction.
#[derive(Clone, Copy)]
pub enum Lower {
    /// A declaration: runs before any instruction, may define registers and
    /// write declarations.
    Decl(for<'a> fn(&'a Instruction, &mut DeclCtx<'a>) -> Result<(), LowerError>),
    /// An instruction: reads the register model, writes statements.
    Inst(for<'a> fn(&'a Instruction, &mut Ctx<'a>) -> Result<(), LowerError>),
}

/// One registered handler: metadata plus the lowering function.
pub struct HandlerEntry {
    /// The opcodes it lowers.
    pub opcodes: &'static [Opcode],
    /// The family that owns it (`"decl-io"`).
    pub family: &'static str,
    /// The crate it lives in (`env!("CARGO_PKG_NAME")`).
    pub krate: &'static str,
    /// Source file (`file!()`).
    pub file: &'static str,
    /// Source line (`line!()`).
    pub line: u32,
    /// The spec section it implements.
    pub spec: &'static str,
    /// The lowering function.
    pub lower: Lower,
}

impl HandlerEntry {
    /// `crate/src/file.rs:line`.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// A family's claim on opcodes: the opcodes its documentation lists, whether
/// or not each has a handler yet. Lets an unhandled opcode be reported with
/// its family, and lets a test check every family registered exactly what it
/// documents.
pub struct FamilyEntry {
    /// Family name (`"float-alu"`).
    pub name: &'static str,
    /// The crate (`env!("CARGO_PKG_NAME")`).
    pub krate: &'static str,
    /// The spec the family implements.
    pub spec: &'static str,
    /// Every opcode the family owns.
    pub opcodes: &'static [Opcode],
}

inventory::collect!(HandlerEntry);
inventory::collect!(FamilyEntry);

/// Registers an opcode handler with the core registry.
///
/// ```ignore
/// dxlower_core::register_handler! {
///     opcodes: &[Opcode::Mad],
///     family: "float-alu",
///     spec: "families.md §2 mad",
///     lower: Lower::Inst(lower),
/// }
/// ```
#[macro_export]
macro_rules! register_handler {
    (opcodes: $ops:expr, family: $fam:expr, spec: $spec:expr, lower: $lower:expr $(,)?) => {
        $crate::__private::inventory::submit! {
            $crate::registry::HandlerEntry {
                opcodes: $ops,
                family: $fam,
                krate: env!("CARGO_PKG_NAME"),
                file: file!(),
                line: line!(),
                spec: $spec,
                lower: $lower,
            }
        }
    };
}

/// Claims the opcodes a family owns (its documented list).
#[macro_export]
macro_rules! register_family {
    (name: $name:expr, spec: $spec:expr, opcodes: $ops:expr $(,)?) => {
        $crate::__private::inventory::submit! {
            $crate::registry::FamilyEntry {
                name: $name,
                krate: env!("CARGO_PKG_NAME"),
                spec: $spec,
                opcodes: $ops,
            }
        }
    };
}

/// The collected registry: a dense table from opcode number to handler.
pub struct Registry {
    by_opcode: Vec<Option<&'static HandlerEntry>>,
    handlers: Vec<&'static HandlerEntry>,
    families: Vec<&'static FamilyEntry>,
    family_of: BTreeMap<u16, &'static str>,
}

/// Two handlers (or two families) claim the same opcode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("registry conflict: {0}")]
pub struct RegistryError(pub String);

impl Registry {
    /// The registry of every linked family, built once. Fails if two
    /// handlers lower the same opcode or two families claim it.
    pub fn global() -> Result<&'static Registry, &'static RegistryError> {
        static REG: OnceLock<Result<Registry, RegistryError>> = OnceLock::new();
        REG.get_or_init(|| {
            Registry::build(
                inventory::iter::<HandlerEntry>.into_iter().collect(),
                inventory::iter::<FamilyEntry>.into_iter().collect(),
            )
        })
        .as_ref()
    }

    /// Builds a registry from explicit lists (tests use this to check the
    /// duplicate detection).
    pub fn build(
        mut handlers: Vec<&'static HandlerEntry>,
        mut families: Vec<&'static FamilyEntry>,
    ) -> Result<Registry, RegistryError> {
        handlers.sort_by_key(|h| (h.opcodes.first().map(|o| o.number()), h.file, h.line));
        families.sort_by_key(|f| f.name);
        let max = Opcode::ALL.len();
        let mut by_opcode: Vec<Option<&'static HandlerEntry>> = vec![None; max];
        let mut conflicts = Vec::new();
        for h in &handlers {
            for op in h.opcodes {
                let n = op.number() as usize;
                if n >= max {
                    conflicts.push(format!(
                        "handler at {} registers unknown opcode {op}",
                        h.location()
                    ));
                    continue;
                }
                match by_opcode[n] {
                    Some(prev) => conflicts.push(format!(
                        "two handlers for `{op}`: {} and {}",
                        prev.location(),
                        h.location()
                    )),
                    None => by_opcode[n] = Some(h),
                }
            }
        }
        let mut family_of = BTreeMap::new();
        for f in &families {
            for op in f.opcodes {
                if let Some(prev) = family_of.insert(op.number(), f.name) {
                    conflicts.push(format!(
                        "`{op}` is claimed by families {prev} and {}",
                        f.name
                    ));
                }
            }
        }
        if !conflicts.is_empty() {
            return Err(RegistryError(conflicts.join("; ")));
        }
        Ok(Registry {
            by_opcode,
            handlers,
            families,
            family_of,
        })
    }

    /// The handler for an opcode.
    pub fn get(&self, op: Opcode) -> Option<&'static HandlerEntry> {
        self.by_opcode.get(op.number() as usize).copied().flatten()
    }

    /// The family that claims an opcode.
    pub fn family_of(&self, op: Opcode) -> Option<&'static str> {
        self.family_of.get(&op.number()).copied()
    }

    /// Every handler, sorted by first opcode number.
    pub fn handlers(&self) -> &[&'static HandlerEntry] {
        &self.handlers
    }

    /// Every family claim, sorted by name.
    pub fn families(&self) -> &[&'static FamilyEntry] {
        &self.families
    }

    /// `(opcode, handler)` pairs sorted by opcode number.
    pub fn by_opcode(&self) -> impl Iterator<Item = (Opcode, &'static HandlerEntry)> + '_ {
        self.by_opcode
            .iter()
            .enumerate()
            .filter_map(|(n, h)| h.map(|h| (Opcode::from_u16(n as u16), h)))
    }
}
