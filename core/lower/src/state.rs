//! The stage being lowered: its input (program, signatures, resource
//! definitions) and the register model the declarations build.
//!
//! [`StageState`] is filled by the declaration handlers and the passes
//! through [`crate::DeclCtx`], then frozen: instruction handlers read it
//! through [`crate::Ctx`]. Passes leave data here for the handlers that act
//! on it — resources they claim, semantics they rename, their parsed
//! parameters — instead of handlers testing the profile for a pass name.

use crate::binding::{dynamic_index, BindingIds, BindingKind};
use crate::error::LowerError;
use crate::hints::LinkHints;
pub use crate::input::StageInput;
use crate::profile::{Profile, RegisterModel};
use crate::regs::{RegFile, Ty, Var};
use dxlower_dxbc::{
    Index, IndexRepr, Operand, OperandType, ProgramType, ResourceDimension, SamplerMode,
};
use std::any::Any;
use std::collections::BTreeMap;

/// An indexable temp array `x#[count]` of `components` lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexableTemp {
    /// Element count.
    pub count: u32,
    /// Components per element.
    pub components: u8,
}

/// A declared texture resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceDecl {
    /// Dimension from the declaration.
    pub dim: ResourceDimension,
    /// Base type the texture returns (from the declaration's return types).
    pub ty: Ty,
    /// Sample count for MS textures.
    pub samples: u8,
}

/// The register model and everything declarations established.
pub struct StageState<'a> {
    /// The stage input.
    pub input: StageInput<'a>,
    /// The profile.
    profile: &'a Profile,
    /// Program type.
    pub stage: ProgramType,
    /// Storage variables of inputs and outputs.
    pub vars: Vec<Var>,
    /// `v#` lane maps.
    pub inputs: RegFile,
    /// `o#` lane maps.
    pub outputs: RegFile,
    /// Variable of `oDepth` (and the conservative-depth forms).
    pub depth: Option<u32>,
    /// Variables of the other registers that take no index and hold one
    /// scalar (`vCoverage`, `oMask`, `vPrim`), when a declaration gave
    /// them storage ([`StageState::scalar_register`]).
    pub scalar_registers: Vec<(OperandType, u32)>,
    /// Number of `r#` temps declared.
    pub temps: u32,
    /// Indexable temps by register.
    pub indexable: BTreeMap<u32, IndexableTemp>,
    /// Declared constant buffers: slot → size in vec4s.
    pub cbuffers: BTreeMap<u32, u32>,
    /// Immediate constant buffer length in vec4s, if declared.
    pub icb_len: Option<u32>,
    /// Element base type of the `ImmCB_0` array (`Float` for a `vec4`
    /// array, `Uint` for the raw-dword `uvec4` array); reads convert from
    /// it like from any other storage.
    pub icb_ty: Ty,
    /// Declared textures (`t#`), by register.
    pub resources: BTreeMap<u32, ResourceDecl>,
    /// Declared samplers (`s#`), by register.
    pub samplers: BTreeMap<u32, SamplerMode>,
    /// The `dcl_indexrange` declarations of the input and output files
    /// ([`crate::ranges`]).
    pub index_ranges: Vec<crate::regs::IndexRange>,
    /// Shader Model 5.1 range ids of the declared `CB#`/`T#`/`S#` and their
    /// registers (empty before SM5.1; see [`crate::binding`]).
    pub binding_ids: BindingIds,
    /// Lanes of each `o#` register that some instruction writes (from a
    /// pre-pass over the program).
    pub written_outputs: Vec<u8>,
    /// Whether `oDepth` is written.
    pub depth_written: bool,
    /// Agreements with the other stage when the stage is lowered as part of
    /// a program (`dxlower link`); `None` for a stage on its own.
    pub link: Option<&'a LinkHints>,
    /// Shader resources (`t#`) a pass has claimed, with the pass's name:
    /// the pass provides their storage or decides what their loads do, so
    /// their declarations are not refused.
    claims: BTreeMap<u32, &'static str>,
    /// Vertex-input semantics renamed by a pass: (upper-case semantic,
    /// index) → the semantic the input is named after.
    aliases: BTreeMap<(String, u32), String>,
    /// Values passes leave for the handlers (their parsed parameters), one
    /// per type.
    data: Vec<Box<dyn Any>>,
    /// Under the `FloatVec4UVec4CompanionsWhereRead` register model: the
    /// lanes of each `r#` whose `uvec4` companion an integer read needs
    /// ([`crate::companions`]).
    companion_lanes: Vec<u8>,
    /// Integer reads of a temp lane that had no companion (the analysis
    /// missed a reader): each read the float view through a bit cast.
    companion_misses: std::cell::Cell<u32>,
    /// Under the companion register models: the temp reads, writes and
    /// sync copies the handlers printed ([`crate::sync`]).
    sync_log: Option<std::cell::RefCell<crate::sync::SyncLog>>,
    /// An event could not be logged: every sync copy stays.
    sync_lost: std::cell::Cell<bool>,
}

impl<'a> StageState<'a> {
    pub(crate) fn new(input: StageInput<'a>, profile: &'a Profile) -> Self {
        let mut written_outputs: Vec<u8> = Vec::new();
        let mut depth_written = false;
        for inst in &input.program.instructions {
            if inst.opcode.is_declaration() {
                continue;
            }
            for op in &inst.operands {
                match op.ty {
                    OperandType::Output => {
                        if let Some(Index {
                            repr: IndexRepr::Imm32,
                            imm,
                            ..
                        }) = op.indices.first()
                        {
                            let r = *imm as usize;
                            if r < 4096 {
                                if written_outputs.len() <= r {
                                    written_outputs.resize(r + 1, 0);
                                }
                                written_outputs[r] |= op.mask();
                            }
                        } else {
                            // Relative output indexing: treat all as written.
                            written_outputs.iter_mut().for_each(|m| *m = 0xF);
                        }
                    }
                    OperandType::OutputDepth
                    | OperandType::OutputDepthGreaterEqual
                    | OperandType::OutputDepthLessEqual => depth_written = true,
                    _ => {}
                }
            }
        }
        let companion_lanes = match profile.register_model {
            RegisterModel::FloatVec4UVec4CompanionsWhereRead => {
                crate::companions::needed_lanes(input.program, input.output_signature)
            }
            RegisterModel::FloatVec4 | RegisterModel::FloatVec4UVec4Companions => Vec::new(),
        };
        StageState {
            stage: input.program.version.program_type,
            input,
            profile,
            vars: Vec::new(),
            inputs: RegFile::default(),
            outputs: RegFile::default(),
            depth: None,
            scalar_registers: Vec::new(),
            temps: 0,
            indexable: BTreeMap::new(),
            cbuffers: BTreeMap::new(),
            icb_len: None,
            icb_ty: Ty::Float,
            resources: BTreeMap::new(),
            samplers: BTreeMap::new(),
            binding_ids: Default::default(),
            index_ranges: Vec::new(),
            written_outputs,
            depth_written,
            link: None,
            claims: BTreeMap::new(),
            aliases: BTreeMap::new(),
            data: Vec::new(),
            companion_lanes,
            companion_misses: std::cell::Cell::new(0),
            sync_log: match profile.register_model {
                RegisterModel::FloatVec4 => None,
                RegisterModel::FloatVec4UVec4Companions
                | RegisterModel::FloatVec4UVec4CompanionsWhereRead => Some(Default::default()),
            },
            sync_lost: std::cell::Cell::new(false),
        }
    }

    /// The profile.
    pub(crate) fn profile(&self) -> &'a Profile {
        self.profile
    }

    /// Claims shader resource `t{reg}` for a pass (the first claim stays).
    pub fn claim_resource(&mut self, reg: u32, pass: &'static str) {
        self.claims.entry(reg).or_insert(pass);
    }

    /// The pass that claimed `t{reg}`, if any.
    pub fn resource_claim(&self, reg: u32) -> Option<&'static str> {
        self.claims.get(&reg).copied()
    }

    /// Names the vertex input of semantic `semantic`/`index` after
    /// `renamed` (`BINORMAL0` → `BITANGENT0`).
    pub fn alias_semantic(&mut self, semantic: &str, index: u32, renamed: &str) {
        self.aliases
            .insert((semantic.to_ascii_uppercase(), index), renamed.to_string());
    }

    /// The semantic a vertex input of `semantic`/`index` is named after:
    /// a pass's alias, or `semantic` itself.
    pub fn semantic_name<'s>(&'s self, semantic: &'s str, index: u32) -> &'s str {
        self.aliases
            .get(&(semantic.to_ascii_uppercase(), index))
            .map_or(semantic, String::as_str)
    }

    /// Leaves a value of type `T` for the handlers (replacing an earlier
    /// one).
    pub fn set_data<T: Any>(&mut self, value: T) {
        self.data.retain(|b| !b.is::<T>());
        self.data.push(Box::new(value));
    }

    /// The value of type `T` a pass left, if any.
    pub fn data<T: Any>(&self) -> Option<&T> {
        self.data.iter().find_map(|b| b.downcast_ref::<T>())
    }

    /// The variable that stores a register without an index (`vCoverage`,
    /// `oMask`, `vPrim`), when its declaration gave it storage.
    pub fn scalar_register(&self, ty: OperandType) -> Option<u32> {
        self.scalar_registers
            .iter()
            .find(|(t, _)| *t == ty)
            .map(|(_, v)| *v)
    }

    /// Lanes of `o{reg}` written by some instruction.
    pub fn output_written(&self, reg: u32) -> u8 {
        self.written_outputs.get(reg as usize).copied().unwrap_or(0)
    }

    /// True under the companion register models: temps (every one, or
    /// those [`Self::companion_lanes`] names) have a `uvec4` companion
    /// [`crate::operands::temp_companion`] with the same bits, and
    /// indexable temps a companion array.
    pub fn companions(&self) -> bool {
        matches!(
            self.profile.register_model,
            RegisterModel::FloatVec4UVec4Companions
                | RegisterModel::FloatVec4UVec4CompanionsWhereRead
        )
    }

    /// The lanes of temp `r{r}` that have a `uvec4` companion: all four
    /// under `FloatVec4UVec4Companions`, those some instruction reads as
    /// an integer under `FloatVec4UVec4CompanionsWhereRead` (a
    /// flow-insensitive analysis over the opcode table's operand kinds, run
    /// once per program), none under `FloatVec4`.
    pub fn companion_lanes(&self, r: u32) -> u8 {
        match self.profile.register_model {
            RegisterModel::FloatVec4 => 0,
            RegisterModel::FloatVec4UVec4Companions => 0xF,
            RegisterModel::FloatVec4UVec4CompanionsWhereRead => {
                self.companion_lanes.get(r as usize).copied().unwrap_or(0)
            }
        }
    }

    /// Counts an integer read of a temp lane without a companion.
    pub(crate) fn companion_miss(&self) {
        self.companion_misses.set(self.companion_misses.get() + 1);
    }

    /// Integer reads of temp lanes that had no companion.
    pub(crate) fn companion_misses(&self) -> u32 {
        self.companion_misses.get()
    }

    /// Runs `f` on the log of temp reads, writes and sync copies, when the
    /// register model keeps one ([`crate::sync`]).
    pub(crate) fn sync_log(&self, f: impl FnOnce(&mut crate::sync::SyncLog)) {
        if let Some(log) = &self.sync_log {
            match log.try_borrow_mut() {
                Ok(mut log) => f(&mut log),
                Err(_) => self.sync_lost.set(true),
            }
        }
    }

    /// The log of temp reads, writes and sync copies, taken out of the
    /// state (`None` under `FloatVec4`).
    pub(crate) fn take_sync_log(&self) -> Option<crate::sync::SyncLog> {
        let mut log = self.sync_log.as_ref()?.take();
        if self.sync_lost.get() {
            log.lose();
        }
        Some(log)
    }

    /// True for pixel shaders.
    pub fn is_pixel(&self) -> bool {
        self.stage == ProgramType::Pixel
    }

    /// The RDEF name of shader resource `t{reg}` when the profile stubs it
    /// ([`Profile::stub_resource_registers`]): the stage must then declare
    /// nothing for it and read zero from it. `None` when the profile stubs
    /// nothing, the stage has no resource definitions, or `t{reg}`'s
    /// binding has another name.
    pub fn stubbed_resource(&self, reg: u32) -> Option<&'a str> {
        if self.profile.stub_resource_registers.is_empty() {
            return None;
        }
        let name = self
            .input
            .rdef?
            .binding_for_register("t", reg)?
            .name
            .as_str();
        self.profile
            .stub_resource_registers
            .iter()
            .any(|n| n == name)
            .then_some(name)
    }
}

impl StageState<'_> {
    /// The indexed `dcl_indexrange` ([`crate::ranges`]) an operand goes
    /// through, with its register index: a relatively indexed `v#` in a
    /// range, or any `o#` in an output range some instruction indexes
    /// relatively (all its writes go to the range's array).
    pub fn indexed_range<'s>(
        &'s self,
        op: &'s Operand,
    ) -> Option<(&'s crate::regs::IndexRange, &'s Index)> {
        if op.indices.len() != 1 {
            return None;
        }
        let idx = op.indices.first()?;
        if op.ty == OperandType::Input && idx.rel.is_none() {
            return None;
        }
        let range = self.index_range(op.ty, idx.imm)?;
        range.indexed.then_some((range, idx))
    }

    /// The `dcl_indexrange` of register file `file` that holds register
    /// `reg` (a binary search: the ranges are sorted).
    pub fn index_range(&self, file: OperandType, reg: u64) -> Option<&crate::regs::IndexRange> {
        let key = (crate::regs::IndexRange::file_rank(file), reg);
        let at = self.index_ranges.partition_point(|r| r.key() <= key);
        let range = self.index_ranges.get(at.checked_sub(1)?)?;
        (range.file == file && range.contains(reg)).then_some(range)
    }

    /// True for a Shader Model 5.1 program, whose binding operands name
    /// range ids ([`crate::binding`]).
    pub fn is_sm51(&self) -> bool {
        self.input.program.version.at_least(5, 1)
    }

    /// The register of a `cb#`, `t#` or `s#` operand of an instruction:
    /// the operand's index in SM4/5.0 (`t3` → 3); in SM5.1 the binding key
    /// of the range id (`T0[2]` → the key [`BindingIds`] records for `T0`,
    /// whose register the operand's second index must repeat; the register
    /// itself in space 0, [`crate::binding::key`]). A dynamic index is
    /// refused by name: GLSL ES 3.00 indexes sampler arrays only with
    /// constant expressions.
    pub fn binding_register(&self, op: &Operand) -> Result<u32, LowerError> {
        let kind = BindingKind::of(op.ty).ok_or_else(|| {
            LowerError::invalid(format!("a {:?} operand is not a cb#, t# or s#", op.ty))
        })?;
        if !self.is_sm51() {
            if op.indices.iter().any(|i| i.rel.is_some()) {
                return Err(dynamic_index(kind));
            }
            return reg_of(op);
        }
        self.range_register(kind, op)
    }

    /// A constant-buffer operand of an instruction: its slot (register) and
    /// the element index, `cb3[7]` → `(3, [7])` in SM4/5.0 and `CB0[3][7]`
    /// → `(3, [7])` in SM5.1 when range `CB0` is register 3.
    pub fn cb_element<'o>(&self, op: &'o Operand) -> Result<(u32, &'o Index), LowerError> {
        if !self.is_sm51() {
            let slot = reg_of(op)?;
            return match op.indices.get(1) {
                Some(idx) if op.indices.len() == 2 => Ok((slot, idx)),
                _ => Err(LowerError::invalid(
                    "constant-buffer operand needs two indices",
                )),
            };
        }
        if op.indices.len() != 3 {
            return Err(LowerError::invalid(
                "SM5.1 constant-buffer operand needs three indices (CB<id>[<register>][<element>])",
            ));
        }
        let slot = self.range_register(BindingKind::ConstantBuffer, op)?;
        let idx = op.indices.get(2).ok_or_else(|| {
            LowerError::invalid("SM5.1 constant-buffer operand needs three indices")
        })?;
        Ok((slot, idx))
    }

    /// The binding key of an SM5.1 instruction operand `<id>[<register>]...`.
    fn range_register(&self, kind: BindingKind, op: &Operand) -> Result<u32, LowerError> {
        let p = kind.id_prefix();
        let id = match op.indices.first() {
            Some(Index { rel: None, imm, .. }) => *imm as u32,
            _ => {
                return Err(LowerError::invalid(format!(
                    "SM5.1 {p}# operand without an immediate range id"
                )))
            }
        };
        let reg = self
            .binding_ids
            .register(kind, id)
            .ok_or_else(|| LowerError::undeclared(format!("{p}{id} is not declared")))?;
        if kind != BindingKind::ConstantBuffer && op.indices.len() != 2 {
            return Err(LowerError::invalid(format!(
                "SM5.1 {p}{id} operand with {} indices (expected {p}<id>[<register>])",
                op.indices.len()
            )));
        }
        let at = op.indices.get(1).ok_or_else(|| {
            LowerError::invalid(format!("SM5.1 {p}{id} operand without its register index"))
        })?;
        if at.rel.is_some() {
            return Err(dynamic_index(kind));
        }
        let at = at.imm as u32;
        let (_, lower) = crate::binding::split(reg);
        if at != lower {
            return Err(LowerError::invalid(format!(
                "{p}{id}[{at}] is outside its range [{lower}:{lower}]"
            )));
        }
        Ok(reg)
    }
}

/// The immediate register number of a one-dimensional operand.
pub fn reg_of(op: &Operand) -> Result<u32, LowerError> {
    match op.indices.first() {
        Some(Index { rel: None, imm, .. }) => Ok(*imm as u32),
        Some(_) => Err(LowerError::refuse(
            "relative register index",
            "only constant-buffer, icb and indexable-temp operands may be indexed dynamically",
        )),
        None => Err(LowerError::invalid("operand without a register index")),
    }
}
