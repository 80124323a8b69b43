//! The contexts handed to handlers and passes: the whole handler API.
//!
//! Lowering runs in two phases over the program:
//! 1. declarations, in bytecode order, through [`DeclCtx`]: handlers define
//!    register storage (inputs, outputs, constant buffers, ...) and declare
//!    the stage's interface; passes run before and after them with the
//!    same context;
//! 2. instructions through [`Ctx`]: the register model is frozen, handlers
//!    read operands as typed expressions ([`crate::Src`]), assign
//!    destinations ([`crate::Dst`]) and write statements through the
//!    block-structured calls below.
//!
//! Handlers see nothing else: the emitter's sections, its indentation and
//! the profile stay behind these methods. A family reads its own switches
//! with `switches::<T>()` and the shared semantic rules with the named
//! accessors (`nan_exact`, `mobile_workarounds`, ...). `docs/handler-api.md`
//! walks through the API with examples.
//!
//! Because [`Ctx`] holds the frozen state by shared reference, a
//! [`crate::Src`] borrows the state, not the context, so a handler can hold
//! several sources while it writes through the context.

use crate::binding::BindingKind;
use crate::emit::{Helper, Output};
use crate::error::LowerError;
use crate::hints::VS_SAMPLER_PREFIX;
use crate::profile::{FragCoordOrigin, Limits, Profile, Switches};
use crate::record::{
    InterfaceVar, PlainUniform, SamplerKey, SamplerUniform, Stage, StageRecord, UniformBlock,
};
use crate::regs::{Lane, Ty, Var};
use crate::state::{IndexableTemp, ResourceDecl, StageInput, StageState};
use dxlower_dxbc::{OperandType, ProgramType, SamplerMode};
use std::any::Any;
use std::fmt;

/// The context of declaration handlers and passes.
pub struct DeclCtx<'a> {
    pub(crate) st: StageState<'a>,
    pub(crate) out: Output,
}

/// The context of instruction handlers.
pub struct Ctx<'a> {
    pub(crate) st: &'a StageState<'a>,
    pub(crate) out: &'a mut Output,
    /// Per-stage working values of handlers, one per type (see
    /// [`Ctx::scratch`]).
    scratch: Vec<Box<dyn Any>>,
}

/// Accessors both contexts share: the profile's views and reads of the
/// stage state.
macro_rules! shared_reads {
    () => {
        /// The family section `T` of the profile ([`crate::Switches`]).
        pub fn switches<T: Switches>(&self) -> &'a T {
            self.profile().switches::<T>()
        }

        /// D3D-exact NaN rules for `min`/`max`/`_sat` (profile
        /// `nan_exact`).
        pub fn nan_exact(&self) -> bool {
            self.profile().nan_exact
        }

        /// HLSLcc's mobile-driver workarounds (profile
        /// `mobile_workarounds`).
        pub fn mobile_workarounds(&self) -> bool {
            self.profile().mobile_workarounds
        }

        /// How `gl_FragCoord` maps to `SV_Position` (profile
        /// `fragcoord_origin`).
        pub fn fragcoord_origin(&self) -> FragCoordOrigin {
            self.profile().fragcoord_origin
        }

        /// The target's resource limits (profile `limits`).
        pub fn limits(&self) -> Limits {
            self.profile().limits
        }

        /// True for pixel shaders.
        pub fn is_pixel(&self) -> bool {
            self.state().is_pixel()
        }

        /// The program type.
        pub fn stage(&self) -> ProgramType {
            self.state().stage
        }
    };
}

impl<'a> DeclCtx<'a> {
    /// Starts lowering a stage.
    pub fn new(input: StageInput<'a>, profile: &'a Profile) -> Self {
        let stage = if input.program.version.program_type == ProgramType::Pixel {
            Stage::Pixel
        } else {
            Stage::Vertex
        };
        DeclCtx {
            st: StageState::new(input, profile),
            out: Output::new(stage),
        }
    }

    fn profile(&self) -> &'a Profile {
        self.st.profile()
    }

    shared_reads!();

    /// The register model and declarations so far.
    pub fn state(&self) -> &StageState<'a> {
        &self.st
    }

    /// The record built so far.
    pub fn record(&self) -> &StageRecord {
        self.out.record()
    }

    // -- the register model ----------------------------------------------

    /// Adds a storage variable and returns its index (the existing one
    /// when a variable of that name exists).
    pub fn add_var(&mut self, var: Var) -> u32 {
        if let Some(i) = self.st.vars.iter().position(|v| v.name == var.name) {
            return i as u32;
        }
        self.st.vars.push(var);
        (self.st.vars.len() - 1) as u32
    }

    /// Maps the lanes of `reg` in `mask` (input or output file) to
    /// consecutive components of `var`, starting at component `first`:
    /// with `mask = 0b1100`, `first = 0`, lanes z and w map to `var.x`,
    /// `var.y`.
    pub fn map_lanes(
        &mut self,
        output: bool,
        reg: u32,
        mask: u8,
        var: u32,
        first: u8,
    ) -> Result<(), LowerError> {
        let file = if output {
            &mut self.st.outputs
        } else {
            &mut self.st.inputs
        };
        let mut comp = first;
        for c in 0..4u8 {
            if mask & (1 << c) != 0 {
                file.set(reg, c, Lane { var, comp })
                    .map_err(LowerError::invalid)?;
                comp += 1;
            }
        }
        Ok(())
    }

    /// Maps the lanes of `reg` in `mask` to the same components of `var`
    /// (lane z → `var.z`).
    pub fn map_lanes_same(
        &mut self,
        output: bool,
        reg: u32,
        mask: u8,
        var: u32,
    ) -> Result<(), LowerError> {
        let file = if output {
            &mut self.st.outputs
        } else {
            &mut self.st.inputs
        };
        for c in 0..4u8 {
            if mask & (1 << c) != 0 {
                file.set(reg, c, Lane { var, comp: c })
                    .map_err(LowerError::invalid)?;
            }
        }
        Ok(())
    }

    /// Sets the variable that stores `oDepth`.
    pub fn set_depth(&mut self, var: u32) {
        self.st.depth = Some(var);
    }

    /// Sets the variable that stores the register `ty` that takes no index
    /// (`vCoverage`, `oMask`, `vPrim`): every lane of a read or write of
    /// it is that scalar variable.
    pub fn set_scalar_register(&mut self, ty: dxlower_dxbc::OperandType, var: u32) {
        self.st.scalar_registers.retain(|(t, _)| *t != ty);
        self.st.scalar_registers.push((ty, var));
    }

    /// Records `dcl_temps n`.
    pub fn set_temps(&mut self, n: u32) {
        self.st.temps = n;
    }

    /// Records a `dcl_indexrange` of the input or output file: registers
    /// `first .. first + count` with component mask `mask`. Overlapping
    /// ranges of one file are malformed. A range some instruction indexes
    /// relatively gets its array after the declarations ([`crate::ranges`]).
    pub fn declare_index_range(
        &mut self,
        file: OperandType,
        first: u32,
        count: u32,
        mask: u8,
    ) -> Result<(), LowerError> {
        let range = crate::regs::IndexRange {
            file,
            first,
            count,
            mask,
            indexed: false,
        };
        let end = u64::from(first) + u64::from(count);
        if end > u64::from(crate::regs::MAX_REGISTERS) {
            return Err(LowerError::invalid(format!(
                "`dcl_indexrange` of {count} registers from {first} goes past register {}",
                crate::regs::MAX_REGISTERS - 1
            )));
        }
        // Kept sorted by (file, first): the neighbours are the only
        // candidates for an overlap, and lookups are binary searches.
        let ranges = &mut self.st.index_ranges;
        let at = ranges.partition_point(|r| r.key() < range.key());
        let overlaps = |r: &crate::regs::IndexRange| {
            r.file == file && u64::from(r.first) < end && first < r.first + r.count
        };
        if ranges[..at].last().is_some_and(overlaps) || ranges.get(at).is_some_and(overlaps) {
            return Err(LowerError::invalid(format!(
                "`dcl_indexrange` of {count} registers from {first} overlaps another range"
            )));
        }
        ranges.insert(at, range);
        Ok(())
    }

    /// Records an indexable temp `x{reg}`.
    pub fn insert_indexable(&mut self, reg: u32, t: IndexableTemp) {
        self.st.indexable.insert(reg, t);
    }

    /// Records the immediate constant buffer: its length in `vec4`s and
    /// the element type of its GLSL array.
    pub fn set_icb(&mut self, len: u32, ty: Ty) {
        self.st.icb_len = Some(len);
        self.st.icb_ty = ty;
    }

    /// Records constant buffer `cb{slot}` of `size` `vec4`s.
    pub fn insert_cbuffer(&mut self, slot: u32, size: u32) {
        self.st.cbuffers.insert(slot, size);
    }

    /// Records texture `t{reg}`.
    pub fn insert_resource(&mut self, reg: u32, decl: ResourceDecl) {
        self.st.resources.insert(reg, decl);
    }

    /// Records sampler `s{reg}`; false when it was declared before.
    pub fn insert_sampler_state(&mut self, reg: u32, mode: SamplerMode) -> bool {
        self.st.samplers.insert(reg, mode).is_none()
    }

    /// Records that SM5.1 range `id` of `kind` is register `reg`.
    pub fn bind_range(&mut self, kind: BindingKind, id: u32, reg: u32) -> Result<(), LowerError> {
        self.st.binding_ids.insert(kind, id, reg)
    }

    // -- what passes leave for the handlers ------------------------------

    /// Claims shader resource `t{reg}` for the pass `pass` (see
    /// [`StageState::resource_claim`]).
    pub fn claim_resource(&mut self, reg: u32, pass: &'static str) {
        self.st.claim_resource(reg, pass);
    }

    /// Names vertex inputs of `semantic`/`index` after `renamed`.
    pub fn alias_semantic(&mut self, semantic: &str, index: u32, renamed: &str) {
        self.st.alias_semantic(semantic, index, renamed);
    }

    /// Leaves a value of type `T` for the instruction handlers
    /// ([`Ctx::data`]).
    pub fn set_data<T: Any>(&mut self, value: T) {
        self.st.set_data(value);
    }

    /// The value of type `T` a pass left, if any.
    pub fn data<T: Any>(&self) -> Option<&T> {
        self.st.data::<T>()
    }

    // -- declarations ----------------------------------------------------

    /// Writes one plain-text declaration (temps, arrays, the immediate
    /// constant buffer, global layout qualifiers).
    pub fn decl(&mut self, args: fmt::Arguments<'_>) {
        self.out.decl(args);
    }

    /// Declares a global once by name ([`Output::global_once`]).
    pub fn global_once(&mut self, name: &str, text: fmt::Arguments<'_>) -> bool {
        self.out.global_once(name, text)
    }

    /// Declares an input or output of the stage (or records a built-in).
    pub fn declare_interface(&mut self, var: InterfaceVar) {
        self.out.interface(var);
    }

    /// Declares a uniform block.
    pub fn declare_block(&mut self, block: UniformBlock) {
        self.out.block(block);
    }

    /// The declared uniform block of this block name.
    pub fn block_mut(&mut self, block: &str) -> Option<&mut UniformBlock> {
        self.out.block_mut(block)
    }

    /// Declares a sampler uniform and returns the name it was declared
    /// under: in the vertex stage of a linked program whose pixel stage
    /// declares the same name, `vs_<name>` (see
    /// [`crate::hints::VS_SAMPLER_PREFIX`]).
    pub fn declare_sampler(&mut self, mut s: SamplerUniform) -> String {
        if !self.st.is_pixel() {
            if let Some(h) = self.st.link {
                if h.ps_samplers.contains(&s.name) {
                    s.name = format!("{VS_SAMPLER_PREFIX}{}", s.name);
                }
            }
        }
        let name = s.name.clone();
        self.out.sampler(s);
        name
    }

    /// Declares a plain uniform the host sets (once by name).
    pub fn declare_uniform(&mut self, u: PlainUniform) -> Result<(), LowerError> {
        self.out.uniform(u)
    }

    /// True when the stage declares a global of this name: a declared
    /// interface variable, block, uniform or global, or a register of the
    /// register model (`r3`, `r3_u`, `TempArray1`, `ImmCB_0`).
    pub fn declares(&self, name: &str) -> bool {
        if self.out.declares(name) {
            return true;
        }
        let st = &self.st;
        let number = |rest: &str| -> Option<u32> {
            let digits = rest.strip_suffix("_u").unwrap_or(rest);
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse().ok())
                .flatten()
        };
        if let Some(r) = name.strip_prefix("TempArray").and_then(number) {
            return st.indexable.contains_key(&r);
        }
        if let Some(r) = name.strip_prefix('r').and_then(number) {
            return r < st.temps;
        }
        name == "ImmCB_0" && st.icb_len.is_some()
    }

    /// Requires an `#extension` (once); `webgl` names the WebGL extension
    /// that enables it.
    pub fn require_extension(&mut self, directive: &str, webgl: Option<&'static str>) {
        self.out.require_extension(directive, webgl);
    }

    /// Adds a comment line after the `#extension` lines (once).
    pub fn preamble_comment(&mut self, text: &str) {
        self.out.preamble_comment(text);
    }

    /// Writes one statement at the start of `main`.
    pub fn early(&mut self, args: fmt::Arguments<'_>) {
        self.out.early(args);
    }

    /// Adds a statement to the stage epilogue (before every return of
    /// `main` and at its end).
    pub fn epilogue(&mut self, statement: &str) {
        self.out.epilogue(statement);
    }

    /// Adds a quality note (once).
    pub fn note(&mut self, msg: String) {
        self.out.note(msg);
    }

    /// Adds a host contract (once).
    pub fn contract(&mut self, source: &str, requirement: String) {
        self.out.contract(source, requirement);
    }

    /// Requests a helper function.
    pub fn helper(&mut self, h: &'static Helper) {
        self.out.helper(h);
    }
}

impl<'a> Ctx<'a> {
    /// Builds the instruction context over frozen state.
    pub fn new(st: &'a StageState<'a>, out: &'a mut Output) -> Self {
        Ctx {
            st,
            out,
            scratch: Vec::new(),
        }
    }

    fn profile(&self) -> &'a Profile {
        self.st.profile()
    }

    shared_reads!();

    /// The frozen register model and declarations.
    pub fn state(&self) -> &'a StageState<'a> {
        self.st
    }

    /// The value of type `T` a pass left ([`DeclCtx::set_data`]).
    pub fn data<T: Any>(&self) -> Option<&'a T> {
        self.st.data::<T>()
    }

    /// The record of what the stage declares.
    pub fn record(&self) -> &StageRecord {
        self.out.record()
    }

    /// A per-stage working value of type `T`, created with `T::default()`
    /// on first use and kept until the stage is done. Handlers keep here
    /// what they would otherwise recompute at every instruction (a cursor
    /// of an analysis that walks the program once in order, say). Each
    /// family uses its own private type, so values never collide.
    pub fn scratch<T: Any + Default>(&mut self) -> &mut T {
        let i = match self.scratch.iter().position(|b| b.is::<T>()) {
            Some(i) => i,
            None => {
                self.scratch.push(Box::<T>::default());
                self.scratch.len() - 1
            }
        };
        match self.scratch.get_mut(i).and_then(|b| b.downcast_mut::<T>()) {
            Some(t) => t,
            // Entry `i` holds a `T` by construction.
            None => unreachable!("scratch entry of another type"),
        }
    }

    // -- statements ------------------------------------------------------

    /// Writes one statement line at the current depth.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        self.out.line(args);
    }

    /// `<head> {`, then one level deeper (`cx.open_block(format_args!("if
    /// ({t})"))`).
    pub fn open_block(&mut self, head: fmt::Arguments<'_>) {
        self.out.open_block(head);
    }

    /// `} <head> {` at the block's level (`} else {`).
    pub fn else_block(&mut self, head: fmt::Arguments<'_>) -> Result<(), LowerError> {
        self.out.else_block(head)
    }

    /// `}`, one level up; an error when no block is open.
    pub fn close_block(&mut self) -> Result<(), LowerError> {
        self.out.close_block()
    }

    /// A bare `{` opening a scope for locals; closed by
    /// [`Ctx::close_block`].
    pub fn open_scope(&mut self) {
        self.out.open_scope();
    }

    /// `switch (<selector>) {`.
    pub fn open_switch(&mut self, selector: fmt::Arguments<'_>) {
        self.out.open_switch(selector);
    }

    /// A `case N:` or `default:` label of the innermost switch.
    pub fn case_label(&mut self, label: fmt::Arguments<'_>) -> Result<(), LowerError> {
        self.out.case_label(label)
    }

    /// The `}` of a switch.
    pub fn close_switch(&mut self) -> Result<(), LowerError> {
        self.out.close_switch()
    }

    /// Starts a subroutine body (`void sub_3()` / `{`) in the functions
    /// section; the first call writes `prototypes` before it.
    pub fn begin_function<I, S>(&mut self, prototypes: I, signature: fmt::Arguments<'_>)
    where
        I: IntoIterator<Item = S>,
        S: fmt::Display,
    {
        self.out.begin_function(prototypes, signature);
    }

    /// Closes the current subroutine body.
    pub fn end_function(&mut self) {
        self.out.end_function();
    }

    /// True while the instructions belong to a subroutine.
    pub fn in_function(&self) -> bool {
        self.out.in_function()
    }

    /// A return: the stage epilogue and `return;` in `main`, `return;` in
    /// a subroutine.
    pub fn write_return(&mut self) {
        self.out.write_return();
    }

    /// A fresh local name with the given prefix (`hlslcc_tmp3`).
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.out.fresh(prefix)
    }

    /// Requests a helper function.
    pub fn helper(&mut self, h: &'static Helper) {
        self.out.helper(h);
    }

    /// Declares a global once by name ([`Output::global_once`]).
    pub fn global_once(&mut self, name: &str, text: fmt::Arguments<'_>) -> bool {
        self.out.global_once(name, text)
    }

    /// Declares a plain uniform the host sets (once by name).
    pub fn declare_uniform(&mut self, u: PlainUniform) -> Result<(), LowerError> {
        self.out.uniform(u)
    }

    /// The name of the sampler uniform the declarations made for `key`
    /// (marked as used: it takes a texture unit), or an error when there
    /// is none.
    pub fn sampler(&mut self, key: SamplerKey) -> Result<String, LowerError> {
        self.out
            .use_sampler(key)
            .map(str::to_string)
            .ok_or_else(|| {
                let t = crate::binding::label(key.texture);
                let what = match (key.sampler.map(crate::binding::label), key.shadow) {
                    (None, _) => format!("t{t}"),
                    (Some(s), false) => format!("t{t} with s{s}"),
                    (Some(s), true) => format!("t{t} with comparison sampler s{s}"),
                };
                LowerError::invalid(format!("no sampler uniform is declared for {what}"))
            })
    }

    /// Adds a quality note (once).
    pub fn note(&mut self, msg: String) {
        self.out.note(msg);
    }

    /// Adds a host contract (once): what the host must do or guarantee
    /// for the stage to compute what the D3D program computes.
    pub fn contract(&mut self, source: &str, requirement: String) {
        self.out.contract(source, requirement);
    }
}
