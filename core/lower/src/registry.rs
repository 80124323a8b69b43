//! The opcode-handler registry.
//!
//! Family crates register handlers with
//! [`register_handler!`](crate::register_handler) through `inventory`, so
//! the core never names a family. Which family owns an opcode is not the
//! handlers' say: it is the family column of the opcode table
//! ([`Opcode::family`], `dxlower_dxbc::for_each_opcode!`).
//! [`Registry::global`] collects the handlers once, sorts them
//! deterministically and rejects, naming the handler's `file:line`:
//! - a handler whose `family:` is not the table's family for an opcode it
//!   registers;
//! - a handler for an opcode the table marks decoded-only or reserved;
//! - two handlers for one opcode (naming both).
//!
//! A handled opcode without a handler is not a registry error (the
//! translator reports it as unsupported, naming the family); `dxlower ops
//! --check` and `tests/tests/registry.rs` flag it ([`Registry::unhandled`]).

use crate::ctx::{Ctx, DeclCtx};
use crate::error::LowerError;
use dxlower_dxbc::{Coverage, Instruction, Opcode};
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
    /// The family it belongs to (`"decl-io"`); must be the opcode table's
    /// family of every opcode in `opcodes`.
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

inventory::collect!(HandlerEntry);

/// Keeps the object file a registration is in, in a WebAssembly link:
/// expands to a one-byte static exported under a name unique to the
/// invocation (`dxlower.keep:<crate> <version>:<module>:<line>:<column>`).
/// Elsewhere it expands to nothing.
///
/// A registration is a constructor (`.init_array`) that nothing refers
/// to. Linkers take an object file out of an `rlib` only when something
/// refers to a symbol it defines; on ELF, Mach-O and COFF rustc adds those
/// references for every `#[used]` static (a synthetic `symbols.o`), for
/// WebAssembly it does not, so `wasm-ld` dropped every family's
/// registrations from a release build without fat LTO (0 handlers; issue
/// 19). An exported symbol is a root of every link (it is how
/// `wasm-bindgen` keeps the exports of dependency crates), so the object
/// file that defines it, and the registration beside it in the same
/// module, stays. Each `register_*!` macro expands to one;
/// `dxlower_lowerings::registry` and the npm package's start-up check
/// that nothing was lost.
#[doc(hidden)]
#[macro_export]
#[rustfmt::skip] // rustfmt indents the attribute further at every run
macro_rules! __keep_registration {
    () => {
        #[cfg(target_family = "wasm")]
        const _: () = {
            #[export_name = concat!(
                "dxlower.keep:", env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"),
                ":", module_path!(), ":", line!(), ":", column!()
            )]
            static KEEP: u8 = 0;
        };
    };
}

/// Registers an opcode handler with the core registry.
///
/// ```ignore
/// dxlower_core::register_handler! {
///     opcodes: &[Opcode::Mad],
///     family: "float-alu",
///     spec: "lowerings/float-alu/docs/float-alu.md#mad",
///     lower: Lower::Inst(lower),
/// }
/// ```
#[macro_export]
macro_rules! register_handler {
    (opcodes: $ops:expr, family: $fam:expr, spec: $spec:expr, lower: $lower:expr $(,)?) => {
        $crate::__keep_registration!();
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

/// A family as the opcode table defines it: a name and the opcodes whose
/// family column names it.
pub struct Family {
    /// Family name (`"float-alu"`), the lowerings crate `dxlower-<name>`.
    pub name: &'static str,
    /// The opcodes the table gives the family, in opcode-number order.
    pub opcodes: &'static [Opcode],
}

/// The families of the opcode table, sorted by name.
pub fn families() -> &'static [Family] {
    static OPCODES: OnceLock<Vec<(&'static str, Vec<Opcode>)>> = OnceLock::new();
    static FAMILIES: OnceLock<Vec<Family>> = OnceLock::new();
    FAMILIES.get_or_init(|| {
        let by_family = OPCODES.get_or_init(|| {
            let mut by_family: Vec<(&'static str, Vec<Opcode>)> = Vec::new();
            for &op in Opcode::ALL {
                let Some(name) = op.family() else { continue };
                match by_family.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, ops)) => ops.push(op),
                    None => by_family.push((name, vec![op])),
                }
            }
            by_family.sort_by_key(|(n, _)| *n);
            by_family
        });
        by_family
            .iter()
            .map(|(name, opcodes)| Family {
                name,
                opcodes: opcodes.as_slice(),
            })
            .collect()
    })
}

/// The collected registry: a dense table from opcode number to handler.
pub struct Registry {
    by_opcode: Vec<Option<&'static HandlerEntry>>,
    handlers: Vec<&'static HandlerEntry>,
}

/// The handlers disagree with the opcode table or with each other.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("registry conflict: {0}")]
pub struct RegistryError(pub String);

impl Registry {
    /// The registry of every linked family, built once. Fails as
    /// [`Registry::build`] does.
    pub fn global() -> Result<&'static Registry, &'static RegistryError> {
        static REG: OnceLock<Result<Registry, RegistryError>> = OnceLock::new();
        REG.get_or_init(|| Registry::build(inventory::iter::<HandlerEntry>.into_iter().collect()))
            .as_ref()
    }

    /// Builds a registry from an explicit list (tests use this to check the
    /// conflict detection). Fails, naming every conflict, if a handler
    /// registers an opcode outside the table, an opcode the table does not
    /// mark handled, or an opcode whose table family is not the handler's
    /// `family:`, or if two handlers register one opcode.
    pub fn build(mut handlers: Vec<&'static HandlerEntry>) -> Result<Registry, RegistryError> {
        handlers.sort_by_key(|h| (h.opcodes.first().map(|o| o.number()), h.file, h.line));
        let max = Opcode::ALL.len();
        let mut by_opcode: Vec<Option<&'static HandlerEntry>> = vec![None; max];
        let mut conflicts = Vec::new();
        for h in &handlers {
            for &op in h.opcodes {
                let at = h.location();
                match op.coverage() {
                    None => {
                        conflicts.push(format!("handler at {at} registers unknown opcode {op}"));
                        continue;
                    }
                    Some(Coverage::Handled { family }) if family != h.family => {
                        conflicts.push(format!(
                            "handler at {at} registers `{op}` for family {}, but the opcode table gives `{op}` to family {family}",
                            h.family
                        ));
                        continue;
                    }
                    Some(Coverage::Handled { .. }) => {}
                    Some(cov) => {
                        conflicts.push(format!(
                            "handler at {at} registers `{op}`, which the opcode table marks {cov}"
                        ));
                        continue;
                    }
                }
                let n = op.number() as usize;
                match by_opcode[n] {
                    Some(prev) => conflicts.push(format!(
                        "two handlers for `{op}`: {} and {at}",
                        prev.location()
                    )),
                    None => by_opcode[n] = Some(h),
                }
            }
        }
        if !conflicts.is_empty() {
            return Err(RegistryError(conflicts.join("; ")));
        }
        Ok(Registry {
            by_opcode,
            handlers,
        })
    }

    /// The handler for an opcode.
    pub fn get(&self, op: Opcode) -> Option<&'static HandlerEntry> {
        self.by_opcode.get(op.number() as usize).copied().flatten()
    }

    /// The family that owns an opcode: the opcode table's family column
    /// ([`Opcode::family`]), whether or not a handler is linked. `None`
    /// for decoded-only and reserved opcodes and unknown numbers.
    pub fn family_of(&self, op: Opcode) -> Option<&'static str> {
        op.family()
    }

    /// Every handler, sorted by first opcode number.
    pub fn handlers(&self) -> &[&'static HandlerEntry] {
        &self.handlers
    }

    /// The families of the opcode table ([`families`]).
    pub fn families(&self) -> &'static [Family] {
        families()
    }

    /// `(opcode, handler)` pairs sorted by opcode number.
    pub fn by_opcode(&self) -> impl Iterator<Item = (Opcode, &'static HandlerEntry)> + '_ {
        self.by_opcode
            .iter()
            .enumerate()
            .filter_map(|(n, h)| h.map(|h| (Opcode::from_u16(n as u16), h)))
    }

    /// The opcodes the table marks handled that have no handler here, in
    /// opcode-number order.
    pub fn unhandled(&self) -> impl Iterator<Item = Opcode> + '_ {
        Opcode::ALL
            .iter()
            .copied()
            .filter(|&op| op.family().is_some() && self.get(op).is_none())
    }
}
