//! The `structured_data_texture` ABI rewrite (`lowerings/memory-structured/docs/memory-structured.md#structured_data_texture`): read-only
//! structured and raw buffers read from an integer data texture.
//!
//! GLSL ES 3.00 has no storage buffers, but it has `usampler2D` and
//! `texelFetch`, which return 32-bit words unchanged. A profile whose
//! runtime uploads each buffer SRV into a data texture switches the pass
//! on (after `bone_transforms`, which keeps the vertex-stage
//! `BoneTransforms` buffer):
//!
//! ```ron
//! passes: [
//!     (name: "bone_transforms", params: {"mode": "ubo"}),
//!     (name: "structured_data_texture"),                       // native
//! ]
//! ```
//!
//! | parameter | values | default |
//! |---|---|---|
//! | `prefix` | name prefix of the data textures (`<prefix><r>`), a GLSL identifier | `sb` |
//! | `stages` | the stages whose buffers the pass takes: `vs`, `ps` or `vs,ps` | `vs,ps` |
//!
//! Any other parameter is an error of the profile (the core checks the
//! names against the registration); a bad value is an error of the pass
//! naming it.
//!
//! ## Host contract
//!
//! For every buffer `t<r>` the stage reads, the stage declares
//!
//! ```glsl
//! uniform highp usampler2D sb<r>;
//! ```
//!
//! and the program manifest lists it among the samplers (`name` `sb<r>`,
//! `type` `usampler2D`, `texture` `r`) with a `data_texture` entry:
//! `kind` (`structured` or `raw`), `stride` (bytes per element of a
//! structured buffer), `format` (`RGBA32UI`) and the RDEF `binding` name
//! when known. The host
//!
//! - uploads the buffer's bytes **unchanged** into a 2D texture of
//!   internal format `RGBA32UI` (`texImage2D(…, RGBA32UI, W, H, 0,
//!   RGBA_INTEGER, UNSIGNED_INT, words)`): 16 bytes per texel, texel `t`
//!   holding bytes `16t..16t+15` in its R, G, B, A words (little-endian
//!   dwords, as D3D stores them);
//! - lays the texels out in row-major order: texel `t` is at column
//!   `t % W`, row `t / W`, for **any width `W`** it chooses (the shader
//!   reads `W` with `textureSize(sb<r>, 0).x`), with `H = ceil(texels /
//!   W)` rows and the unused texels of the last row zero;
//! - sets `TEXTURE_MIN_FILTER` and `TEXTURE_MAG_FILTER` to `NEAREST` (an
//!   integer texture with a linear or mipmapped filter is incomplete and
//!   reads as zero) and binds it to a texture unit with `uniform1i`, like
//!   any sampler; it takes one of the stage's 16 units.
//!
//! ## Which buffers
//!
//! In a stage the `stages` parameter covers, every `t#` that some
//! `ld_structured` or `ld_raw` reads, except
//! - a buffer the profile stubs (`stub_resource_registers`, matched by its
//!   RDEF name): nothing is declared and its loads write zero;
//! - in a vertex shader whose profile runs `bone_transforms`, the buffer
//!   that pass takes (`BoneTransforms` by RDEF name, else stride 48).
//!
//! A register is a data texture or a bone block, never both; a data
//! texture whose name the stage already declares (the bone block instance
//! `sb<r>` of another register cannot collide, but a `prefix` such as `cb`
//! could) is an error naming both. Buffers declared but never read cost
//! nothing: no declaration, no texture unit.
//!
//! ## What a load becomes
//!
//! `ld_structured dst, index, byteOffset, t<r>.swz` reads, for each written
//! lane `c`, dword `d = (index * stride + byteOffset) / 4 + swz[c]`:
//! component `d & 3` of texel `d >> 2`. `ld_raw dst, byteAddress,
//! t<r>.swz` reads dword `d = byteAddress / 4 + swz[c]` the same way (a
//! byte address in a register has its low two bits ignored, as D3D
//! hardware does). Two helpers do the row-major addressing:
//!
//! ```glsl
//! uvec4 dx11_data_texel(highp usampler2D s, uint t);  // texel t
//! uint dx11_data_dword(highp usampler2D s, uint d);   // dword d
//! ```
//!
//! - When the texel of every lane is known up to the element index
//!   (stride a multiple of 16 and a constant byte offset, or everything
//!   constant), lanes in one texel are **one fetch with a swizzle**:
//!   `dx11_data_texel(sb0, idx * 3u + 1u).yzw`; lanes spread over two
//!   texels are a `uvecN` of one fetch per texel.
//! - Otherwise (stride 4, 8, 84, … with a dynamic index, or a byte offset
//!   in a register) each lane is `dx11_data_dword(sb0, <d>)`; lanes that
//!   all read one dword (`t1.xxxx` of a 4-byte buffer) read it once.
//!
//! The result is the buffer's raw dwords, written through the register
//! model as bits (`uintBitsToFloat` into float temps, unchanged into
//! integer outputs).
//!
//! Hard errors ([`LowerError::Invalid`], naming the operand): a constant
//! byte offset or address that is not a multiple of 4, a lane reading past
//! the element's stride, a stride that is not a positive multiple of 4, a
//! dynamically indexed resource operand, and a register read as both a
//! structured and a raw buffer. `bufinfo` stays refused: the texture holds
//! the bytes, not the element count.
//!
//! ## Known limits
//!
//! - D3D returns 0 for an element past the buffer's end; here such a read
//!   lands on a texel past the texture (WebGL 2.0 returns 0 for an
//!   out-of-range `texelFetch`) or on the zero padding of the last row —
//!   except a read past the stride inside the buffer, which constant
//!   offsets rule out and register offsets cannot (they read the next
//!   element).
//! - Shader Model 5.1 buffers (range ids) are not taken.

use crate::bone_transforms;
use crate::common::{binding_name, stride_of};

use dxlower_core::profile::PassSpec;
use dxlower_core::regs::XYZW;
use dxlower_core::{
    Ctx, DataTexture, DeclCtx, Helper, Lift, LowerError, Precision, SamplerKey, SamplerUniform,
    StageState, Ty,
};
use dxlower_dxbc::{Instruction, Modifier, Opcode, Operand, OperandType, ProgramType};

/// The pass name in a profile's `passes`.
pub const PASS: &str = "structured_data_texture";
/// The default name prefix of the data textures.
pub const DEFAULT_PREFIX: &str = "sb";
/// The texel format the host uploads.
pub const FORMAT: &str = "RGBA32UI";
/// What lifts the refusal of a structured or raw buffer SRV.
pub fn lifted_by() -> Lift {
    Lift::pass(PASS, "profile pass structured_data_texture (native)")
}

/// Texel `t` of a data texture, row-major over its width.
pub static DATA_TEXEL: Helper = Helper {
    name: "dx11_data_texel",
    text: "uvec4 dx11_data_texel(highp usampler2D s, uint t)\n\
           {\n    \
               uint w = uint(textureSize(s, 0).x);\n    \
               return texelFetch(s, ivec2(int(t % w), int(t / w)), 0);\n\
           }\n",
    deps: &[],
};

/// Dword `d` of a data texture: component `d & 3` of texel `d >> 2`.
pub static DATA_DWORD: Helper = Helper {
    name: "dx11_data_dword",
    text: "uint dx11_data_dword(highp usampler2D s, uint d)\n\
           {\n    \
               uvec4 v = dx11_data_texel(s, d >> 2u);\n    \
               return v[d & 3u];\n\
           }\n",
    deps: &[&DATA_TEXEL],
};

/// The pass's parameters, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataTexturePass {
    /// Name prefix of the data textures.
    pub prefix: String,
    /// Takes vertex-shader buffers.
    pub vertex: bool,
    /// Takes pixel-shader buffers.
    pub pixel: bool,
}

fn bad(msg: impl std::fmt::Display) -> LowerError {
    LowerError::profile(format!("profile pass {PASS}: {msg}"))
}

impl DataTexturePass {
    /// Validates a `structured_data_texture` pass entry.
    pub fn from_spec(spec: &PassSpec) -> Result<DataTexturePass, LowerError> {
        for key in spec.params.keys() {
            if !matches!(key.as_str(), "prefix" | "stages") {
                return Err(bad(format_args!(
                    "unknown parameter `{key}` (known: prefix, stages)"
                )));
            }
        }
        let prefix = match spec.param("prefix") {
            None => DEFAULT_PREFIX.to_string(),
            Some(p) if bone_transforms::is_identifier(p) => p.to_string(),
            Some(p) => return Err(bad(format_args!("prefix `{p}` is not a GLSL identifier"))),
        };
        let (mut vertex, mut pixel) = (false, false);
        match spec.param("stages") {
            None => (vertex, pixel) = (true, true),
            Some(list) => {
                for s in list.split(',').map(str::trim) {
                    match s {
                        "vs" => vertex = true,
                        "ps" => pixel = true,
                        other => {
                            return Err(bad(format_args!(
                                "stages `{list}`: `{other}` is not a stage the pass takes \
                                 (expected a comma-separated list of vs, ps)"
                            )))
                        }
                    }
                }
            }
        }
        Ok(DataTexturePass {
            prefix,
            vertex,
            pixel,
        })
    }

    /// Whether the pass takes the buffers of a `stage` shader.
    pub fn covers(&self, stage: ProgramType) -> bool {
        match stage {
            ProgramType::Vertex => self.vertex,
            ProgramType::Pixel => self.pixel,
            _ => false,
        }
    }

    /// The `stages` the pass takes, as the profile would write them.
    pub fn stages(&self) -> &'static str {
        match (self.vertex, self.pixel) {
            (true, true) => "vs,ps",
            (true, false) => "vs",
            (false, true) => "ps",
            (false, false) => "",
        }
    }

    /// The uniform name of the data texture of `t<reg>`.
    pub fn name(&self, reg: u32) -> String {
        format!("{}{reg}", self.prefix)
    }
}

/// What a buffer SRV holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    /// A `StructuredBuffer` of this stride in bytes.
    Structured(u32),
    /// A `ByteAddressBuffer`.
    Raw,
}

impl BufferKind {
    fn label(self) -> &'static str {
        match self {
            BufferKind::Structured(_) => "structured buffer",
            BufferKind::Raw => "raw buffer",
        }
    }
}

/// The buffer `t#` a load reads: `(register, kind)`, or `None` when the
/// instruction is not a `t#` load with a fixed register and a known
/// stride.
fn load_target(st: &StageState<'_>, inst: &Instruction) -> Option<(u32, BufferKind)> {
    let (i, structured) = match inst.opcode {
        Opcode::LdStructured => (3, true),
        Opcode::LdRaw => (2, false),
        _ => return None,
    };
    let op = inst
        .operands
        .get(i)
        .filter(|o| o.ty == OperandType::Resource)?;
    let reg = op.reg()?;
    if structured {
        stride_of(st.input.program, inst, reg).map(|s| (reg, BufferKind::Structured(s)))
    } else {
        Some((reg, BufferKind::Raw))
    }
}

/// Whether the `bone_transforms` pass of the profile takes structured
/// buffer `t<reg>` of `stride` bytes in this stage.
fn bone_takes(st: &StageState<'_>, reg: u32, stride: u32) -> bool {
    st.stage == ProgramType::Vertex
        && st.data::<bone_transforms::BonePass>().is_some()
        && bone_transforms::is_bone_buffer(st.stage, binding_name(st.input.rdef, reg), stride)
}

/// Whether the pass takes buffer `t<reg>` of `kind` in this stage: the
/// stage is covered, the program is not SM5.1, the profile does not stub
/// the register and (for a structured buffer) `bone_transforms` does not
/// take it.
pub fn takes(st: &StageState<'_>, pass: &DataTexturePass, reg: u32, kind: BufferKind) -> bool {
    pass.covers(st.stage)
        && !st.is_sm51()
        && st.stubbed_resource(reg).is_none()
        && match kind {
            BufferKind::Structured(stride) => !bone_takes(st, reg, stride),
            BufferKind::Raw => true,
        }
}

/// Why the pass does not take the (unstubbed, non-bone) buffers of this
/// stage, for a refusal's reason.
pub fn not_taken(st: &StageState<'_>, pass: &DataTexturePass) -> String {
    if st.is_sm51() {
        format!("the {PASS} pass does not map Shader Model 5.1 resource ranges")
    } else {
        format!(
            "the {PASS} pass does not take {} shaders (stages = {})",
            crate::common::stage_name(st.stage),
            pass.stages()
        )
    }
}

/// The buffers the pass takes in this stage, by register: every `t#` some
/// `ld_structured` or `ld_raw` reads that [`takes`] accepts. A register
/// read both as a structured and as a raw buffer is an error.
pub fn data_registers(
    st: &StageState<'_>,
    pass: &DataTexturePass,
) -> Result<Vec<(u32, BufferKind)>, LowerError> {
    let mut regs: Vec<(u32, BufferKind)> = Vec::new();
    for inst in &st.input.program.instructions {
        let Some((reg, kind)) = load_target(st, inst) else {
            continue;
        };
        if !takes(st, pass, reg, kind) {
            continue;
        }
        match regs.iter().find(|(r, _)| *r == reg) {
            None => regs.push((reg, kind)),
            Some((_, k)) if (*k == BufferKind::Raw) == (kind == BufferKind::Raw) => {}
            Some(_) => {
                return Err(LowerError::invalid(format!(
                    "t{reg} is read both as a structured buffer (ld_structured) and as a raw \
                     buffer (ld_raw)"
                )))
            }
        }
    }
    regs.sort_by_key(|(r, _)| *r);
    Ok(regs)
}

/// The pass (`dxlower_core::pass`, run after the declarations of each
/// stage when the profile names it): validates the parameters and declares
/// one `uniform highp usampler2D <prefix><r>;` per buffer the stage's
/// loads read ([`data_registers`]), recorded in the stage's samplers with
/// its [`DataTexture`] entry for the manifest.
fn run(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    let pass = DataTexturePass::from_spec(spec)?;
    let regs = data_registers(cx.state(), &pass)?;
    for (reg, kind) in regs {
        let name = pass.name(reg);
        if cx.declares(&name) {
            return Err(bad(format_args!(
                "the data texture of {} t{reg} would be named `{name}`, which the stage already \
                 declares (a uniform block instance or another resource); choose another `prefix`",
                kind.label()
            )));
        }
        if let BufferKind::Structured(stride) = kind {
            check_stride(reg, stride)?;
        }
        let binding = cx
            .state()
            .input
            .rdef
            .and_then(|r| r.binding_for_register("t", reg))
            .map(|b| b.name.clone());
        cx.declare_sampler(SamplerUniform::new(
            name,
            "usampler2D".into(),
            Precision::Highp,
            SamplerKey::bare(reg),
            Some(DataTexture {
                kind: match kind {
                    BufferKind::Structured(_) => "structured",
                    BufferKind::Raw => "raw",
                },
                stride: match kind {
                    BufferKind::Structured(s) => Some(s),
                    BufferKind::Raw => None,
                },
                format: FORMAT,
                binding,
            }),
        ));
    }
    Ok(())
}

/// Before the declarations: validates the parameters, leaves them for
/// the load handlers ([`dxlower_core::Ctx::data`]) and claims every
/// structured SRV the program declares, so that decl-io's
/// `dcl_resource_structured` accepts them: the loads of the buffers the
/// pass takes read the data texture, the others are refused by name there.
fn claim(cx: &mut DeclCtx<'_>, spec: &PassSpec) -> Result<(), LowerError> {
    let pass = DataTexturePass::from_spec(spec)?;
    for reg in bone_transforms::structured_srvs(cx.state().input.program) {
        cx.claim_resource(reg, PASS);
    }
    cx.set_data(pass);
    Ok(())
}

dxlower_core::register_pass! {
    name: PASS,
    when: dxlower_core::PassWhen::Named,
    params: Some(&["prefix", "stages"]),
    spec: "lowerings/memory-structured/docs/memory-structured.md#structured_data_texture",
    before: Some(claim),
    after: Some(run),
}

fn check_stride(reg: u32, stride: u32) -> Result<(), LowerError> {
    if stride == 0 || stride & 3 != 0 {
        return Err(LowerError::invalid(format!(
            "structured buffer t{reg} has stride {stride}: the {PASS} pass reads whole dwords \
             (a positive multiple of 4 bytes)"
        )));
    }
    Ok(())
}

/// An element index or byte offset: known at translation time or read
/// from a register (a `uint` expression).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Const(u32),
    Expr(String),
}

/// Source operand `i` of `inst` as a scalar `uint`.
fn scalar<'a>(cx: &Ctx<'a>, inst: &'a Instruction, i: usize) -> Result<Value, LowerError> {
    let op: &Operand = cx.operand(inst, i)?;
    if op.ty == OperandType::Immediate32 && op.modifier == Modifier::None {
        let v = match op.imm.len() {
            1 => op.imm.first().copied(),
            _ => op.imm.get(op.swizzle()[0] as usize).copied(),
        };
        if let Some(v) = v {
            return Ok(Value::Const(v));
        }
    }
    Ok(Value::Expr(cx.src_n(inst, i, Ty::Uint, 1)?.to_string()))
}

/// `base * k + add` as a `uint` expression.
fn scaled(base: &str, k: u32, add: u32) -> String {
    let mul = if k == 1 {
        base.to_string()
    } else {
        format!("{base} * {k}u")
    };
    if add == 0 {
        mul
    } else {
        format!("{mul} + {add}u")
    }
}

/// Dword `d` of constant element `k` of `words` dwords, or an error when
/// it is past a 32-bit dword address.
fn element_dword(k: u32, words: u32, d: u32, label: &str, reg: u32) -> Result<u32, LowerError> {
    k.checked_mul(words)
        .and_then(|e| e.checked_add(d))
        .ok_or_else(|| {
            LowerError::invalid(format!(
                "element {k} (operand 1) of {label} t{reg} is past any 32-bit dword address"
            ))
        })
}

/// Where one written lane is read from.
enum Lane {
    /// Component `comp` of the texel `texel` (a `uint` expression).
    Texel { texel: String, comp: u8 },
    /// The dword `d` (a `uint` expression), component unknown until run
    /// time.
    Dword(String),
}

/// Lowers one `ld_structured` or `ld_raw` of buffer `t<reg>` (`kind`),
/// which [`takes`] accepts, under `pass`. `index` is the operand of the
/// element index (structured only), `offset` the byte offset or address,
/// `res` the `t#` operand.
pub fn lower_load<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    pass: &DataTexturePass,
    reg: u32,
    kind: BufferKind,
) -> Result<(), LowerError> {
    let (index_op, offset_op, res_op) = match kind {
        BufferKind::Structured(_) => (Some(1), 2, 3),
        BufferKind::Raw => (None, 1, 2),
    };
    let label = kind.label();
    if let Some(d) = cx.state().resources.get(&reg) {
        // Damaged bytecode: a load of a buffer from a register the program
        // declares as a texture.
        return Err(LowerError::invalid(format!(
            "`{}` reads t{reg} as a {label}, but t{reg} is declared as a {}",
            inst.opcode,
            d.dim.name()
        )));
    }
    let declared = cx
        .record()
        .samplers
        .iter()
        .any(|s| s.key().texture == reg && s.data.is_some());
    if !declared {
        return Err(LowerError::invalid(format!(
            "{label} t{reg}: the {PASS} pass has not declared `{}` (it runs after the \
             declarations when the profile lists it)",
            pass.name(reg)
        )));
    }
    let name = cx.sampler(SamplerKey::bare(reg))?;
    let dst = cx.dst(inst, 0)?;
    let swz = cx.operand(inst, res_op)?.swizzle();
    // Dwords per element, 0 for a raw buffer.
    let words = match kind {
        BufferKind::Structured(stride) => {
            check_stride(reg, stride)?;
            stride / 4
        }
        BufferKind::Raw => 0,
    };
    let index = match index_op {
        Some(i) => scalar(cx, inst, i)?,
        None => Value::Const(0),
    };
    let offset = scalar(cx, inst, offset_op)?;
    let what_offset = match kind {
        BufferKind::Structured(_) => "byte offset",
        BufferKind::Raw => "byte address",
    };
    if let Value::Const(off) = offset {
        if off % 4 != 0 {
            return Err(LowerError::invalid(format!(
                "{what_offset} {off} (operand {offset_op}) of {label} t{reg} is not a multiple of \
                 4: the {PASS} pass reads whole dwords"
            )));
        }
    }
    let mut lanes: Vec<Lane> = Vec::with_capacity(4);
    for c in 0..4u8 {
        if dst.mask & (1 << c) == 0 {
            continue;
        }
        let s = u32::from(swz[c as usize]);
        let lane = match (&index, &offset) {
            (_, Value::Const(off)) => {
                // Dword of the lane inside its element.
                let d = off / 4 + s;
                if words != 0 && d >= words {
                    return Err(LowerError::invalid(format!(
                        "lane {} of {label} t{reg} reads bytes {}..{} ({what_offset} {off}, \
                         operand {offset_op}, component {s}), past the {}-byte stride",
                        XYZW[c as usize],
                        d * 4,
                        d * 4 + 3,
                        words * 4
                    )));
                }
                match &index {
                    Value::Const(k) => {
                        let dw = element_dword(*k, words, d, label, reg)?;
                        Lane::Texel {
                            texel: format!("{}u", dw / 4),
                            comp: (dw % 4) as u8,
                        }
                    }
                    Value::Expr(e) if words % 4 == 0 => Lane::Texel {
                        texel: scaled(e, words / 4, d / 4),
                        comp: (d % 4) as u8,
                    },
                    Value::Expr(e) => Lane::Dword(scaled(e, words, d)),
                }
            }
            (_, Value::Expr(off)) => {
                let mut d = String::new();
                let add = match &index {
                    Value::Const(k) => element_dword(*k, words, s, label, reg)?,
                    Value::Expr(e) => {
                        if words != 0 {
                            d.push_str(&scaled(e, words, 0));
                            d.push_str(" + ");
                        }
                        s
                    }
                };
                d.push_str(&format!("({off} >> 2u)"));
                if add != 0 {
                    d.push_str(&format!(" + {add}u"));
                }
                Lane::Dword(d)
            }
        };
        lanes.push(lane);
    }
    if lanes.is_empty() {
        return Ok(());
    }
    let n = dst.width();
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while let Some(lane) = lanes.get(k) {
        match lane {
            Lane::Dword(d) => {
                cx.helper(&DATA_DWORD);
                parts.push(format!("dx11_data_dword({name}, {d})"));
                k += 1;
            }
            Lane::Texel { texel, comp } => {
                cx.helper(&DATA_TEXEL);
                let mut comps = String::new();
                comps.push(XYZW[*comp as usize]);
                k += 1;
                while let Some(Lane::Texel { texel: t, comp: c }) = lanes.get(k) {
                    if t != texel {
                        break;
                    }
                    comps.push(XYZW[*c as usize]);
                    k += 1;
                }
                parts.push(format!("dx11_data_texel({name}, {texel}).{comps}"));
            }
        }
    }
    match parts.as_slice() {
        [one] => {
            let one = one.clone();
            cx.assign(dst, Ty::Uint, n, &one)
        }
        // Every lane the same dword (`t1.xxxx` of a 4-byte buffer): one
        // read, broadcast.
        [first, rest @ ..] if rest.iter().all(|p| p == first) => {
            let one = first.clone();
            cx.assign(dst, Ty::Uint, 1, &one)
        }
        _ => {
            let rhs = format!("{}({})", Ty::Uint.glsl(n), parts.join(", "));
            cx.assign(dst, Ty::Uint, n, &rhs)
        }
    }
}
