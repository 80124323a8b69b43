//! Test support: one phase of the lowering on its own.
//!
//! Integration tests of a family sometimes want to see one phase without
//! the other: the declarations a stage makes (without instructions), or
//! what the instruction handlers print over a hand-built register model
//! (without the declaration handlers). [`Harness`] gives exactly that,
//! through the same contexts the translator uses; family crates never need
//! it.

use crate::ctx::{Ctx, DeclCtx};
use crate::emit::{Helper, Output};
use crate::profile::Profile;
use crate::record::StageRecord;
use crate::registry::{Lower, Registry};
use crate::state::{StageInput, StageState};
use dxlower_dxbc::Instruction;

/// A stage being lowered one phase at a time.
pub struct Harness<'a> {
    dcx: DeclCtx<'a>,
    profile: &'a Profile,
}

/// What the instruction handlers wrote.
#[derive(Clone, Debug)]
pub struct Statements {
    /// The statements of `main`, indented as in the shader.
    pub body: String,
    /// The helper functions requested, in order.
    pub helpers: Vec<&'static Helper>,
}

impl<'a> Harness<'a> {
    /// A stage with nothing declared yet.
    pub fn new(input: StageInput<'a>, profile: &'a Profile) -> Self {
        Harness {
            dcx: DeclCtx::new(input, profile),
            profile,
        }
    }

    /// The declaration context: run declaration handlers through it, or
    /// build a register model by hand (`set_temps`, `insert_cbuffer`, ...).
    pub fn decl_ctx(&mut self) -> &mut DeclCtx<'a> {
        &mut self.dcx
    }

    /// Runs the declaration handler of every declaration of `insts` for
    /// which `take` holds (by opcode family, say), in order.
    pub fn declare(
        &mut self,
        insts: &'a [Instruction],
        take: impl Fn(&crate::HandlerEntry) -> bool,
    ) -> Result<(), crate::LowerError> {
        let reg = Registry::global().map_err(|e| crate::LowerError::invalid(e.to_string()))?;
        for inst in insts.iter().filter(|i| i.opcode.is_declaration()) {
            let Some(h) = reg.get(inst.opcode) else {
                continue;
            };
            if !take(h) {
                continue;
            }
            if let Lower::Decl(f) = h.lower {
                f(inst, &mut self.dcx)?;
            }
        }
        Ok(())
    }

    /// The register model so far.
    pub fn state(&self) -> &StageState<'a> {
        &self.dcx.st
    }

    /// The record so far.
    pub fn record(&self) -> &StageRecord {
        self.dcx.out.record()
    }

    /// The text of the stage as declared so far (an empty `main`).
    pub fn assemble(&self) -> String {
        self.dcx.out.assemble(&self.profile.glsl_version)
    }

    /// Runs `f` with an instruction context over the declared state and
    /// returns its result with the statements it wrote, unindented.
    pub fn probe<R>(&self, f: impl FnOnce(&mut Ctx<'_>) -> R) -> (R, String) {
        let mut out = Output::new(self.dcx.out.record().stage);
        out.set_depth(0);
        let r = {
            let mut cx = Ctx::new(&self.dcx.st, &mut out);
            f(&mut cx)
        };
        (r, out.body().to_string())
    }

    /// Runs `f` once per item with instruction contexts over the declared
    /// state that share one output (so generated local names keep
    /// counting), returning each result with the statements that call
    /// wrote, unindented.
    pub fn probe_each<T, R>(
        &self,
        items: &[T],
        mut f: impl for<'c> FnMut(&mut Ctx<'c>, &'c T) -> R,
    ) -> Vec<(R, String)> {
        let mut out = Output::new(self.dcx.out.record().stage);
        out.set_depth(0);
        let mut results = Vec::with_capacity(items.len());
        for item in items {
            let start = out.body().len();
            let r = {
                let mut cx = Ctx::new(&self.dcx.st, &mut out);
                f(&mut cx, item)
            };
            results.push((r, out.body()[start..].to_string()));
        }
        results
    }

    /// Runs the instruction handler of every instruction of `insts` over
    /// the declared state (no declaration handlers, no passes).
    pub fn run_instructions(self, insts: &[Instruction]) -> Result<Statements, String> {
        let reg = Registry::global().map_err(|e| e.to_string())?;
        let DeclCtx { st, mut out } = self.dcx;
        {
            let mut cx = Ctx::new(&st, &mut out);
            for inst in insts.iter().filter(|i| !i.opcode.is_declaration()) {
                let h = reg
                    .get(inst.opcode)
                    .ok_or_else(|| format!("no handler for {}", inst.opcode))?;
                match h.lower {
                    Lower::Inst(f) => f(inst, &mut cx).map_err(|e| e.to_string())?,
                    Lower::Decl(_) => return Err(format!("{} is a declaration", inst.opcode)),
                }
            }
        }
        Ok(Statements {
            body: out.body().to_string(),
            helpers: out.helpers().to_vec(),
        })
    }
}
