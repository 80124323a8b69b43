//! The `bone_transforms` ABI rewrite (profiles.md §4.5): the vertex-stage
//! `BoneTransforms` structured buffer read from uniform storage.
//!
//! Carbon skinning shaders keep one `float4x3` per joint in
//! `StructuredBuffer<…> BoneTransforms` (stride 48: three `float4` rows) and
//! read it with `ld_structured`. GLSL ES 3.00 has no storage buffers, so a
//! profile that knows where its runtime uploads the joints switches the
//! pass on:
//!
//! ```ron
//! passes: [(name: "bone_transforms", params: {"mode": "cb3_splice"})]   // ccpwgl
//! passes: [(name: "bone_transforms", params: {"mode": "ubo"})]          // native
//! ```
//!
//! | parameter | values | default |
//! |---|---|---|
//! | `mode` | `cb3_splice` (ccpwgl `cb3` JointMat rows) or `ubo` (native dedicated std140 block) | required |
//! | `joints` | joint capacity, 1.. | 58 (`cb3_splice`: `cb3[26..199]`), 69 (`ubo`: 3312 bytes) |
//! | `block` | `ubo` block-name prefix (`<block><r>`) | `CewgSb` |
//!
//! Any other parameter is an error of the profile (the core checks the
//! names against the registration); a bad value is an error of the pass
//! naming it.
//!
//! ## Which buffer
//!
//! The pass rewrites loads of a `t#` declared by `dcl_resource_structured`
//! in a **vertex shader** when
//! - the shader's resource bindings (RDEF) are available: the binding at
//!   that register is named `BoneTransforms` (its stride must then be 48,
//!   else the load is an error);
//! - RDEF is stripped or not given to the translator: the stride is 48.
//!
//! The RDEF comes with the stage input (`StageInput::rdef`, filled from
//! the container by `translate_bytes`/`translate_shader`); a binding
//! matches when it is a `StructuredBuffer` whose register range covers
//! `t#`. Loads of any other structured buffer stay refused by name.
//!
//! ## Two halves
//!
//! decl-io's `dcl_resource_structured` emits nothing for a vertex shader
//! whose profile lists the pass. The pass itself (registered with
//! `dxlower_core::register_pass!`, run after the declarations) finds the
//! bone buffers the stage's loads read ([`bone_registers`]) and declares
//! their storage; a buffer that is declared but never read costs nothing.
//! Each load is then lowered by the `ld_structured` handler
//! ([`lower_load`]), which fails if the storage is missing.
//!
//! ## What a load becomes
//!
//! For `ld_structured dst, idx, byteOffset, tR.swz`, each written lane `c`
//! of `dst` reads dword `d = byteOffset / 4 + swz[c]` of joint `idx`
//! (families.md §6, families-review.md findings 19 and 25), i.e. component
//! `d & 3` of row `d >> 2`:
//!
//! - `cb3_splice`: `cb3.data[26 + idx * 3 + row]`, printed
//!   `cb3.data[I(idx) * 3 + (26 + row)].comps`; `cb3` is declared (or its
//!   declaration enlarged) to `26 + joints * 3` vec4s, the marker line
//!   `// CEWG: BoneTransforms lowered to cb3 JointMat rows.` follows
//!   `#version`, and the native bone-offset add is removed (see below).
//! - `ubo`: `layout(std140) uniform CewgSb<r> { vec4 data[joints * 3]; }
//!   sb<r>;` (the instance name differs from the block name: GLSL rejects
//!   a block whose instance has the block's name), read
//!   `sb<r>.data[I(idx) * 3 + row].comps`. A byte offset held in a
//!   register is read per lane as `sb<r>.data[dw >> 2][dw & 3]` with
//!   `dw = I(idx) * 12 + (I(off) >> 2) + swz[c]`.
//!
//! Lanes of one row are one swizzled read; lanes spread over rows become a
//! vector constructor, so the load is always one statement that reads its
//! sources before writing (finding 3). The rows are `vec4` storage of the
//! raw dwords, so the result is assigned as float bits (integer
//! destinations get them through the register model's bitcast).
//!
//! Hard errors ([`dxlower_core::LowerError::Invalid`], naming the operand):
//! a byte offset that is not a multiple of 4, a lane reading past the
//! 48-byte joint, a constant joint index at or past the capacity, a byte
//! offset in a register under `cb3_splice` (the row must be known), a
//! `BoneTransforms` binding whose stride is not 48, and an index the bone
//! offset cannot be removed from. No load is left in storage-buffer form.
//!
//! ## The bone offset (`cb3_splice`)
//!
//! Carbon adds a per-mesh-area offset from `cb3[26].x` to each joint index
//! (`iadd r0.x, v5.x, cb3[26].x`, scalar or vector). Under the ccpwgl ABI
//! `cb3[26]` is row 0 of joint 0, so the add must go. The pass looks at the
//! instruction that last wrote the index lane before the load, in the same
//! straight-line block: when it is `iadd` with one source `cb3[26]`, the
//! load indexes with the other source instead (an input, an immediate, or
//! a temp not written between the add and the load). When the index is
//! anything else and the program never reads `cb3[26]` (nor indexes `cb3`
//! dynamically), the index is used as it is. Any other case is an error:
//! the offset might reach the index by a path the pass cannot undo. Under
//! `ubo` the add stays (the native runtime supplies the offset).
//!
//! ## Known limits
//!
//! - The program-level size agreement of `dxlower link` is computed from
//!   the `dcl_constantbuffer` declarations before the pass enlarges `cb3`:
//!   a pair whose pixel shader also declares `cb3` would declare it with
//!   two sizes. The `ubo` blocks are not constant buffers and do not appear
//!   in the stage's `cbuffers` (nor in the program manifest's uniform
//!   blocks).
//! - A dynamic joint index past the capacity reads past the array, which
//!   GLSL ES leaves undefined (D3D returns 0); constant indices are
//!   checked.

use crate::common::{binding_name, stride_of};
use dxlower_core::profile::PassSpec;
use dxlower_core::regs::XYZW;
use dxlower_core::{
    BlockKind, Ctx, DeclCtx, Lift, LowerError, Refusal, StageState, Ty, UniformBlock,
};
use dxlower_dxbc::{Components, Instruction, Opcode, Operand, OperandType, ProgramType};

/// The pass name in a profile's `passes`.
pub const PASS: &str = "bone_transforms";
/// The RDEF binding name of the buffer.
pub const BINDING_NAME: &str = "BoneTransforms";
/// Stride of one joint: three `float4` rows.
pub const STRIDE: u32 = 48;
/// The ccpwgl constant buffer holding the rows.
pub const CB_SLOT: u32 = 3;
/// The `cb3` register of row 0 of joint 0 (Carbon's `boneOffsets`).
pub const CB_BASE: u32 = 26;
/// The line the ccpwgl splice puts after `#version`.
pub const CCPWGL_MARKER: &str = "// CEWG: BoneTransforms lowered to cb3 JointMat rows.";
/// WebGL2's guaranteed uniform block size in vec4s: the joint capacity
/// the `joints` parameter may ask for (the block count is the profile's
/// `limits.uniform_blocks`).
const MAX_BLOCK_VEC4S: u32 = 1024;

/// Where the joints are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// ccpwgl: `cb3` rows from register 26.
    Cb3Splice,
    /// native: a dedicated std140 block per buffer.
    Ubo,
}

/// The pass's parameters, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BonePass {
    /// Where the joints are read from.
    pub mode: Mode,
    /// Joint capacity.
    pub joints: u32,
    /// `ubo` block-name prefix.
    pub block: String,
}

fn bad(msg: impl std::fmt::Display) -> LowerError {
    LowerError::profile(format!("profile pass {PASS}: {msg}"))
}

impl BonePass {
    /// Validates a `bone_transforms` pass entry.
    pub fn from_spec(spec: &PassSpec) -> Result<BonePass, LowerError> {
        for key in spec.params.keys() {
            if !matches!(key.as_str(), "mode" | "joints" | "block") {
                return Err(bad(format_args!(
                    "unknown parameter `{key}` (known: mode, joints, block)"
                )));
            }
        }
        let mode = match spec.param("mode") {
            Some("cb3_splice") => Mode::Cb3Splice,
            Some("ubo") => Mode::Ubo,
            Some(other) => {
                return Err(bad(format_args!(
                    "mode `{other}` (expected cb3_splice or ubo)"
                )))
            }
            None => return Err(bad("parameter `mode` is required (cb3_splice or ubo)")),
        };
        let (default_joints, max_joints) = match mode {
            Mode::Cb3Splice => (58, (MAX_BLOCK_VEC4S - CB_BASE) / 3),
            Mode::Ubo => (69, MAX_BLOCK_VEC4S / 3),
        };
        let joints = match spec.param("joints") {
            None => default_joints,
            Some(v) => match v.parse::<u32>() {
                Ok(n) if (1..=max_joints).contains(&n) => n,
                _ => {
                    return Err(bad(format_args!(
                        "joints `{v}` (expected 1 to {max_joints}: the rows must fit a 16 KiB uniform block)"
                    )))
                }
            },
        };
        let block = match spec.param("block") {
            None => "CewgSb".to_string(),
            Some(b) if mode == Mode::Ubo && is_identifier(b) => b.to_string(),
            Some(b) if mode == Mode::Ubo => {
                return Err(bad(format_args!("block `{b}` is not a GLSL identifier")))
            }
            Some(_) => return Err(bad("parameter `block` applies to mode ubo only")),
        };
        Ok(BonePass {
            mode,
            joints,
            block,
        })
    }

    /// Vec4 rows the storage holds.
    pub fn rows(&self) -> u32 {
        self.joints * 3
    }
}

pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with("gl_")
        && !s.contains("__")
}

/// Whether the pass rewrites structured buffer `t<reg>` of `stride` bytes
/// in a `stage` shader: vertex shaders only; by `binding` (the RDEF name at
/// that register) when known, else by the 48-byte stride.
pub fn is_bone_buffer(stage: ProgramType, binding: Option<&str>, stride: u32) -> bool {
    stage == ProgramType::Vertex
        && match binding {
            Some(name) => name == BINDING_NAME,
            None => stride == STRIDE,
        }
}

/// A joint index or byte offset: known at translation time or read from a
/// register.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Const(u32),
    Expr(String),
}

/// The value of an immediate source (its first selected lane).
fn immediate(op: &Operand) -> Option<u32> {
    if op.ty != OperandType::Immediate32 {
        return None;
    }
    match op.imm.len() {
        1 => op.imm.first().copied(),
        _ => op.imm.get(op.swizzle()[0] as usize).copied(),
    }
}

/// Source operand `i` of `inst` as a scalar int value.
fn scalar<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
    lane_mask: Option<u8>,
) -> Result<Value, LowerError> {
    let op = cx.operand(inst, i)?;
    if op.modifier == dxlower_dxbc::Modifier::None {
        if let Some(v) = immediate(op) {
            if lane_mask.is_none() || op.imm.len() == 1 {
                return Ok(Value::Const(v));
            }
        }
    }
    let src = match lane_mask {
        Some(m) => cx.src(inst, i, Ty::Int, m)?,
        None => cx.src_n(inst, i, Ty::Int, 1)?,
    };
    Ok(Value::Expr(src.to_string()))
}

/// Lowers one `ld_structured` of the bone buffer `t<reg>` (stride
/// `stride`) under `pass`.
pub fn lower_load<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    pass: &BonePass,
    reg: u32,
    stride: u32,
) -> Result<(), LowerError> {
    if stride != STRIDE {
        return Err(LowerError::invalid(format!(
            "{BINDING_NAME} t{reg} has stride {stride}; the {PASS} pass reads 48-byte joints \
             (three float4 rows)"
        )));
    }
    let dst = cx.dst(inst, 0)?;
    let res = cx.operand(inst, 3)?;
    let swz = res.swizzle();
    let index = match pass.mode {
        Mode::Cb3Splice => splice_index(inst, cx)?,
        Mode::Ubo => scalar(cx, inst, 1, None)?,
    };
    if let Value::Const(k) = index {
        if k >= pass.joints {
            return Err(LowerError::invalid(format!(
                "joint index {k} (operand 1) is past the {PASS} capacity of {} joints",
                pass.joints
            )));
        }
    }
    let offset = scalar(cx, inst, 2, None)?;
    let (container, base) = match pass.mode {
        Mode::Cb3Splice => (format!("cb{CB_SLOT}.data"), CB_BASE),
        Mode::Ubo => (format!("sb{reg}.data"), 0),
    };
    // One (row expression, component) per written lane.
    let mut lanes: Vec<(String, u8)> = Vec::with_capacity(4);
    let mut general: Vec<String> = Vec::new();
    for c in 0..4u8 {
        if dst.mask & (1 << c) == 0 {
            continue;
        }
        let s = u32::from(swz[c as usize]);
        match &offset {
            Value::Const(off) => {
                if off % 4 != 0 {
                    return Err(LowerError::invalid(format!(
                        "byte offset {off} (operand 2) of {BINDING_NAME} t{reg} is not a multiple of 4"
                    )));
                }
                let d = off / 4 + s;
                if d >= STRIDE / 4 {
                    return Err(LowerError::invalid(format!(
                        "lane {} of {BINDING_NAME} t{reg} reads byte {} (byte offset {off}, operand 2, \
                         component {s}), past the 48-byte joint",
                        XYZW[c as usize],
                        d * 4
                    )));
                }
                let row = base + d / 4;
                let row_expr = match &index {
                    Value::Const(k) => (base + k * 3 + d / 4).to_string(),
                    Value::Expr(e) if row == 0 => format!("{e} * 3"),
                    Value::Expr(e) => format!("{e} * 3 + {row}"),
                };
                lanes.push((row_expr, (d % 4) as u8));
            }
            Value::Expr(off) => {
                if pass.mode == Mode::Cb3Splice {
                    return Err(LowerError::invalid(format!(
                        "byte offset {off} (operand 2) of {BINDING_NAME} t{reg} is not an immediate: \
                         the cb3 splice needs each row at translation time"
                    )));
                }
                let idx = match &index {
                    Value::Const(k) => format!("{}", k * 12 + s),
                    Value::Expr(e) if s == 0 => format!("{e} * 12"),
                    Value::Expr(e) => format!("{e} * 12 + {s}"),
                };
                let dw = format!("({idx} + ({off} >> 2))");
                general.push(format!("{container}[{dw} >> 2][{dw} & 3]"));
            }
        }
    }
    if lanes.is_empty() && general.is_empty() {
        return Ok(());
    }
    let n = dst.width();
    let rhs = if !general.is_empty() {
        join_lanes(n, &general)
    } else if let Some((first, _)) = lanes
        .first()
        .filter(|(f, _)| lanes.iter().all(|(r, _)| r == f))
    {
        let mut s = format!("{container}[{first}].");
        for (_, comp) in &lanes {
            s.push(XYZW[*comp as usize]);
        }
        s
    } else {
        let parts: Vec<String> = lanes
            .iter()
            .map(|(r, comp)| format!("{container}[{r}].{}", XYZW[*comp as usize]))
            .collect();
        join_lanes(n, &parts)
    };
    // The pass declared the storage after the declarations.
    let declared = match pass.mode {
        Mode::Cb3Splice => cx
            .state()
            .cbuffers
            .get(&CB_SLOT)
            .is_some_and(|&rows| rows >= CB_BASE + pass.rows()),
        Mode::Ubo => cx.record().block(&ubo_block(pass, reg)).is_some(),
    };
    if !declared {
        return Err(LowerError::invalid(format!(
            "{BINDING_NAME} t{reg}: the {PASS} pass has not declared the rows this load reads \
             (it runs after the declarations when the profile lists it)"
        )));
    }
    cx.assign(dst, Ty::Float, n, &rhs)
}

/// `parts` as one `n`-lane expression.
fn join_lanes(n: u8, parts: &[String]) -> String {
    if parts.len() == 1 {
        return parts[0].clone();
    }
    let mut s = format!("{}(", Ty::Float.glsl(n));
    for (k, p) in parts.iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        s.push_str(p);
    }
    s.push(')');
    s
}

/// The registers of the structured buffers the pass rewrites in this
/// stage: every `t#` some `ld_structured` reads that [`is_bone_buffer`]
/// accepts and the profile does not stub (`stub_resource_registers`:
/// stubbing wins, the loads write zero).
pub fn bone_registers(st: &StageState<'_>) -> Vec<u32> {
    let program = st.input.program;
    let mut regs: Vec<u32> = Vec::new();
    for inst in &program.instructions {
        if inst.opcode != Opcode::LdStructured {
            continue;
        }
        let Some(reg) = inst
            .operands
            .get(3)
            .filter(|o| o.ty == OperandType::Resource)
            .and_then(|o| o.reg())
        else {
            continue;
        };
        let Some(stride) = stride_of(program, inst, reg) else {
            continue;
        };
        if is_bone_buffer(st.stage, binding_name(st.input.rdef, reg), stride)
            && st.stubbed_resource(reg).is_none()
            && !regs.contains(&reg)
        {
            regs.push(reg);
        }
    }
    regs
}

/// The pass (`dxlower_core::pass`, run after the declarations of each
/// stage when the profile names it): validates the parameters and
/// declares the storage the loads read — `cb3` enlarged to `26 + joints *
/// 3` rows (recorded in [`StageState::cbuffers`], so the stage's manifest
/// shows the size the shader declares) plus the marker line, or one std140
/// block per bone buffer. A stage without bone loads is left as it is.
fn run(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    let pass = BonePass::from_spec(spec)?;
    let regs = bone_registers(cx.state());
    if regs.is_empty() {
        return Ok(());
    }
    match pass.mode {
        Mode::Cb3Splice => declare_cb3(cx, CB_BASE + pass.rows()),
        Mode::Ubo => regs.iter().try_for_each(|&reg| declare_ubo(cx, &pass, reg)),
    }
}

/// Before the declarations: validates the parameters, leaves them for
/// `ld_structured` ([`dxlower_core::Ctx::data`]) and, in a vertex shader,
/// claims every structured SRV the program declares, so that decl-io's
/// `dcl_resource_structured` accepts them: the pass declares the storage
/// of the BoneTransforms buffers, and `ld_structured` refuses the loads of
/// any other buffer by name.
fn claim(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    let pass = BonePass::from_spec(spec)?;
    if cx.stage() == ProgramType::Vertex {
        for reg in structured_srvs(cx.state().input.program) {
            cx.claim_resource(reg, PASS);
        }
    }
    cx.set_data(pass);
    Ok(())
}

/// The registers of the structured SRVs a program declares.
pub(crate) fn structured_srvs(program: &dxlower_dxbc::Program) -> Vec<u32> {
    program
        .instructions
        .iter()
        .filter(|i| i.opcode == Opcode::DclResourceStructured)
        .filter_map(|i| i.operands.first())
        .filter(|o| o.ty == OperandType::Resource)
        .filter_map(|o| o.indices.first())
        .filter_map(|i| u32::try_from(i.imm).ok())
        .collect()
}

dxlower_core::register_pass! {
    name: PASS,
    when: dxlower_core::PassWhen::Named,
    params: Some(&["mode", "joints", "block"]),
    spec: "profiles.md §4.5",
    before: Some(claim),
    after: Some(run),
}

/// Declares `cb3` with at least `rows` vec4s (enlarging decl-io's block
/// when it has fewer: the record changes, the text is rendered from it) and
/// adds the marker line.
fn declare_cb3(cx: &mut DeclCtx<'_>, rows: u32) -> Result<(), LowerError> {
    cx.preamble_comment(CCPWGL_MARKER);
    let block = format!("ConstantBuffer{CB_SLOT}");
    match cx.state().cbuffers.get(&CB_SLOT).copied() {
        Some(_) => {
            let b = cx.block_mut(&block).ok_or_else(|| {
                LowerError::invalid(format!(
                    "cb{CB_SLOT} is declared in a form the cb3 splice cannot enlarge"
                ))
            })?;
            if b.vec4s < rows {
                b.vec4s = rows;
                cx.insert_cbuffer(CB_SLOT, rows);
            }
            Ok(())
        }
        None => {
            let max = cx.limits().uniform_blocks as usize;
            if cx.state().cbuffers.len() >= max {
                return Err(Refusal::new(
                    format!(
                        "constant buffer cb{CB_SLOT} for {BINDING_NAME}: more than {max} in one stage"
                    ),
                    "the target guarantees no more uniform blocks per stage (MAX_*_UNIFORM_BLOCKS)",
                )
                .lifted_by(Lift::limit("uniform_blocks"))
                .into());
            }
            let mut b = UniformBlock::vec4_array(
                block,
                format!("cb{CB_SLOT}"),
                BlockKind::ConstantBuffer,
                rows,
            );
            b.slot = Some(CB_SLOT);
            cx.declare_block(b);
            cx.insert_cbuffer(CB_SLOT, rows);
            Ok(())
        }
    }
}

/// The `ubo` block name of `t<reg>`.
fn ubo_block(pass: &BonePass, reg: u32) -> String {
    format!("{}{reg}", pass.block)
}

/// Declares the `ubo` block of `t<reg>` once.
fn declare_ubo(cx: &mut DeclCtx<'_>, pass: &BonePass, reg: u32) -> Result<(), LowerError> {
    let block = ubo_block(pass, reg);
    if cx.record().block(&block).is_some() {
        return Ok(());
    }
    let ours = cx
        .record()
        .uniform_blocks
        .iter()
        .filter(|b| b.kind == BlockKind::StructuredBuffer)
        .count();
    let max = cx.limits().uniform_blocks as usize;
    if cx.state().cbuffers.len() + ours >= max {
        return Err(Refusal::new(
            format!(
                "uniform block {block} for {BINDING_NAME} t{reg}: more than {max} in one stage"
            ),
            "the target guarantees no more uniform blocks per stage (MAX_*_UNIFORM_BLOCKS)",
        )
        .lifted_by(Lift::limit("uniform_blocks"))
        .into());
    }
    let mut b = UniformBlock::vec4_array(
        block,
        format!("sb{reg}"),
        BlockKind::StructuredBuffer,
        pass.rows(),
    );
    b.texture_register = Some(reg);
    cx.declare_block(b);
    Ok(())
}

/// Opcodes that end a straight-line block.
fn is_flow(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        If | Else
            | Endif
            | Loop
            | Endloop
            | Break
            | Breakc
            | Continue
            | Continuec
            | Switch
            | Case
            | Default
            | Endswitch
            | Call
            | Callc
            | Label
            | Ret
            | Retc
            | InterfaceCall
    )
}

/// Whether `inst` writes lane `lane` of `r<reg>` (a temp operand in
/// write-mask form covering the lane).
fn writes_temp(inst: &Instruction, reg: u32, lane: u8) -> bool {
    inst.operands.iter().any(|o| {
        o.ty == OperandType::Temp
            && o.reg() == Some(reg)
            && match o.components {
                Components::Mask(m) => m & (1 << lane) != 0,
                _ => false,
            }
    })
}

/// Whether `op` is `cb3[26]` (any component).
fn is_bone_offset(op: &Operand) -> bool {
    op.ty == OperandType::ConstantBuffer
        && op.reg() == Some(CB_SLOT)
        && op.indices.get(1).and_then(|i| i.as_imm()) == Some(CB_BASE)
}

/// Whether `op` (or a relative index inside it) may read `cb3[26]`.
fn may_read_bone_offset(op: &Operand) -> bool {
    if op.ty == OperandType::ConstantBuffer && op.reg() == Some(CB_SLOT) {
        match op.indices.get(1) {
            Some(i) if i.rel.is_some() => return true,
            Some(i) if i.as_imm() == Some(CB_BASE) => return true,
            _ => {}
        }
    }
    op.indices
        .iter()
        .filter_map(|i| i.rel.as_deref())
        .any(may_read_bone_offset)
}

/// The joint index of a load under `cb3_splice`, with Carbon's bone-offset
/// add removed (see the module docs).
fn splice_index<'a>(inst: &'a Instruction, cx: &Ctx<'a>) -> Result<Value, LowerError> {
    let program = cx.state().input.program;
    let reads_offset = program
        .instructions
        .iter()
        .filter(|i| !i.opcode.is_declaration())
        .flat_map(|i| i.operands.iter())
        .any(may_read_bone_offset);
    if !reads_offset {
        return scalar(cx, inst, 1, None);
    }
    let idx = cx.operand(inst, 1)?;
    let fail = |why: &str| {
        LowerError::invalid(format!(
            "joint index (operand 1) of {BINDING_NAME}: the program reads cb{CB_SLOT}[{CB_BASE}] \
             (Carbon's bone offset, which is joint 0's row 0 under the cb3 splice) and {why}"
        ))
    };
    if idx.ty != OperandType::Temp || idx.modifier != dxlower_dxbc::Modifier::None {
        return Err(fail(
            "the index is not a temp register written by `iadd index, source, cb3[26]`",
        ));
    }
    let reg = idx
        .reg()
        .ok_or_else(|| fail("the index register is indexed relatively"))?;
    let lane = idx.swizzle()[0];
    let at = program
        .instructions
        .iter()
        .position(|i| std::ptr::eq(i, inst))
        .ok_or_else(|| fail("the load is not part of the stage's program"))?;
    let mut def = None;
    for k in (0..at).rev() {
        let Some(prev) = program.instructions.get(k) else {
            break;
        };
        if prev.opcode.is_declaration() {
            break;
        }
        if writes_temp(prev, reg, lane) {
            def = Some(k);
            break;
        }
        if is_flow(prev.opcode) {
            return Err(fail(&format!(
                "the write of r{reg}.{} is not in the load's straight-line block",
                XYZW[lane as usize]
            )));
        }
    }
    let k = def.ok_or_else(|| fail("no instruction before the load writes the index"))?;
    let add = program
        .instructions
        .get(k)
        .ok_or_else(|| fail("the index's definition is out of range"))?;
    let source = match (add.opcode, add.operands.get(1), add.operands.get(2)) {
        (Opcode::Iadd, Some(a), Some(b)) if is_bone_offset(b) && !is_bone_offset(a) => 1,
        (Opcode::Iadd, Some(a), Some(b)) if is_bone_offset(a) && !is_bone_offset(b) => 2,
        _ => {
            return Err(fail(&format!(
                "r{reg}.{} is written by `{}`, not by `iadd index, source, cb3[26]`",
                XYZW[lane as usize], add.opcode
            )))
        }
    };
    let src = cx.operand(add, source)?;
    // The add's source lane for destination lane `lane`.
    let src_lane = src.swizzle()[lane as usize];
    match src.ty {
        OperandType::Input | OperandType::Immediate32 => {}
        OperandType::Temp => {
            let r = src
                .reg()
                .ok_or_else(|| fail("the add's source is indexed relatively"))?;
            let clobbered = program
                .instructions
                .get(k..at)
                .unwrap_or(&[])
                .iter()
                .any(|i| writes_temp(i, r, src_lane));
            if clobbered {
                return Err(fail(&format!(
                    "the add's source r{r}.{} is overwritten before the load",
                    XYZW[src_lane as usize]
                )));
            }
        }
        other => {
            return Err(fail(&format!(
            "the add's source is a {other:?} operand (expected an input, an immediate or a temp)"
        )))
        }
    }
    scalar(cx, add, source, Some(1 << lane))
}
