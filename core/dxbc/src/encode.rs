//! The SM4/SM5 token-stream encoder: [`Program`] → dwords, and small
//! builders for writing programs in tests.
//!
//! For every program [`crate::decode::decode_program`] accepts,
//! [`encode_program`] returns exactly the program dwords it read (up to the
//! declared length). The encoder computes the instruction and program
//! lengths, the extended bits (bit 31 of opcode and operand tokens, the
//! chaining bits) and the index representations' token fields itself, so a
//! program built by hand only states what it means:
//!
//! ```
//! use dxlower_dxbc::*;
//!
//! let mut p = Program::new(ProgramType::Pixel, 4, 0);
//! p.instructions.push(Instruction::dcl_temps(1));
//! p.instructions.push(Instruction::new(
//!     Opcode::Mov,
//!     vec![
//!         Operand::output(0, Components::Mask(0b1111)),
//!         Operand::immf32_4([1.0, 0.0, 0.0, 1.0]),
//!     ],
//! ));
//! p.instructions.push(Instruction::new(Opcode::Ret, vec![]));
//! let words = encode_program(&p);
//! assert_eq!(words[1] as usize, words.len());
//! let back = decode_program_dwords(&words).unwrap();
//! assert_eq!(back.instructions[1].operands[1].imm[..], [0x3f80_0000, 0, 0, 0x3f80_0000]);
//! ```

use crate::decode::{has_long_length_form, layout};
use crate::error::{Error, InstructionSite, Result};
use crate::ir::*;
use crate::opcode::Layout;
use crate::opcode::Opcode;

/// Encodes a program into its dwords (version and length tokens included).
///
/// # Panics
///
/// When the program cannot be encoded (see [`try_encode_program`]): an
/// instruction longer than the 127 dwords its length field holds, an operand
/// or payload that does not fit the opcode, a relative index without its
/// operand, ... None of this can happen for a program produced by the
/// decoder; use [`try_encode_program`] for hand-built programs whose shape is
/// not certain.
pub fn encode_program(program: &Program) -> Vec<u32> {
    match try_encode_program(program) {
        Ok(words) => words,
        Err(e) => panic!("program cannot be encoded: {e}"),
    }
}

/// Encodes a program into little-endian bytes (the SHDR/SHEX chunk data).
///
/// # Panics
///
/// As [`encode_program`].
pub fn encode_program_bytes(program: &Program) -> Vec<u8> {
    encode_program(program)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

/// Encodes a program into its dwords, or says which instruction cannot be
/// encoded and why. Error offsets are byte offsets into the output.
pub fn try_encode_program(program: &Program) -> Result<Vec<u32>> {
    let mut out = Vec::with_capacity(2 + program.instructions.len() * 6 + program.trailing.len());
    out.push(encode_version(&program.version));
    out.push(0);
    let sm51 = program.version.at_least(5, 1);
    for (index, inst) in program.instructions.iter().enumerate() {
        let dword = out.len() as u32;
        encode_instruction(inst, sm51, &mut out).map_err(|e| {
            e.at_instruction(InstructionSite {
                index,
                opcode: Some(inst.opcode),
                dword,
            })
        })?;
    }
    out.extend_from_slice(&program.trailing);
    let len = u32::try_from(out.len())
        .map_err(|_| Error::malformed(4, "program longer than 2^32 dwords"))?;
    out[1] = len;
    Ok(out)
}

/// The version token.
pub fn encode_version(v: &Version) -> u32 {
    (v.program_type.to_u16() as u32) << 16
        | (v.reserved as u32) << 8
        | ((v.major as u32) & 0xf) << 4
        | (v.minor as u32) & 0xf
}

/// An extended opcode token without its chaining bit. Typed fields win over
/// the same bits of `raw`; the other bits of `raw` are kept.
pub fn encode_extended_opcode(e: &ExtendedOpcode) -> u32 {
    let tok = match *e {
        ExtendedOpcode::SampleControls { offsets, raw } => {
            let [u, v, w] = offsets.map(|o| (o as u32) & 0xf);
            (raw & !(0x3f | 0x1f_fe00)) | 1 | u << 9 | v << 13 | w << 17
        }
        ExtendedOpcode::ResourceDim { dim, stride, raw } => {
            (raw & !(0x3f | 0x7c0 | 0x7f_f800))
                | 2
                | ((dim.to_u8() as u32) & 0x1f) << 6
                | ((stride as u32) & 0xfff) << 11
        }
        ExtendedOpcode::ResourceReturnType { types, raw } => {
            let mut t = (raw & !(0x3f | 0x3f_ffc0)) | 3;
            for (i, ty) in types.iter().enumerate() {
                t |= ((ty.to_u8() as u32) & 0xf) << (6 + 4 * i);
            }
            t
        }
        ExtendedOpcode::Other(raw) => raw,
    };
    tok & 0x7fff_ffff
}

#[cold]
fn shape_error(at: usize, msg: impl Into<String>) -> Error {
    Error::malformed(at as u64 * 4, msg)
}

/// Checks that the operands and payload are what the opcode's layout reads
/// back, so that the encoded instruction decodes to the same thing.
fn check_shape(inst: &Instruction, sm51: bool, at: usize) -> Result<()> {
    let Some(l) = layout(inst.opcode) else {
        return Err(shape_error(
            at,
            format!("opcode {} cannot be encoded", inst.opcode),
        ));
    };
    let n = inst.operands.len();
    let p = &inst.payload;
    let (want_ops, ok) = match l {
        Layout::Ops(k) => (k as usize, matches!(p, Payload::None)),
        Layout::TypedResource { uav } => (
            1,
            match p {
                Payload::Resource { space, .. } if !uav => space.is_some() == sm51,
                Payload::UavTyped { space, .. } if uav => space.is_some() == sm51,
                _ => false,
            },
        ),
        Layout::ConstantBuffer => (
            1,
            if sm51 {
                matches!(p, Payload::ConstantBuffer51 { .. })
            } else {
                matches!(p, Payload::None)
            },
        ),
        Layout::OperandSpace51 => (
            1,
            if sm51 {
                matches!(p, Payload::Space(_))
            } else {
                matches!(p, Payload::None)
            },
        ),
        Layout::StructuredResource => (
            1,
            matches!(p, Payload::Structured { count: None, space, .. } if space.is_some() == sm51),
        ),
        Layout::TgsmStructured => (
            1,
            matches!(
                p,
                Payload::Structured {
                    count: Some(_),
                    space: None,
                    ..
                }
            ),
        ),
        Layout::OperandCount | Layout::InterfaceCall => (1, matches!(p, Payload::Count(_))),
        Layout::Count => (0, matches!(p, Payload::Count(_))),
        Layout::Float => (0, matches!(p, Payload::FloatBits(_))),
        Layout::SystemValue => (1, matches!(p, Payload::SystemValue(_))),
        Layout::IndexableTemp => (0, matches!(p, Payload::IndexableTemp { .. })),
        Layout::ThreadGroup => (0, matches!(p, Payload::ThreadGroup(_))),
        Layout::FunctionTable => (0, matches!(p, Payload::FunctionTable { .. })),
        Layout::Interface => (0, matches!(p, Payload::Interface { .. })),
    };
    if n != want_ops {
        return Err(shape_error(
            at,
            format!("{} takes {want_ops} operands, {n} given", inst.opcode),
        ));
    }
    if !ok {
        return Err(shape_error(
            at,
            format!(
                "payload {:?} does not fit {} (shader model 5.1: {sm51})",
                p, inst.opcode
            ),
        ));
    }
    Ok(())
}

/// Appends one instruction. `sm51` selects the Shader Model 5.1 declaration
/// layouts (register spaces) the payload must match.
pub fn encode_instruction(inst: &Instruction, sm51: bool, out: &mut Vec<u32>) -> Result<()> {
    let start = out.len();
    if inst.opcode == Opcode::Customdata {
        let Payload::CustomData { class, data } = &inst.payload else {
            return Err(shape_error(
                start,
                "customdata without a CustomData payload",
            ));
        };
        if !inst.operands.is_empty() || !inst.extended.is_empty() || !inst.trailing.is_empty() {
            return Err(shape_error(
                start,
                "customdata carries no operands, extended tokens or trailing dwords",
            ));
        }
        let len = u32::try_from(data.len() + 2)
            .map_err(|_| shape_error(start, "customdata longer than 2^32 dwords"))?;
        out.push(53 | (class.to_u32() & 0x1f_ffff) << 11);
        out.push(len);
        out.extend_from_slice(data);
        return Ok(());
    }
    check_shape(inst, sm51, start)?;
    let long_capable = has_long_length_form(inst.opcode);
    if inst.long_length && !long_capable {
        return Err(shape_error(
            start,
            format!("{} has no long-length form", inst.opcode),
        ));
    }
    if long_capable && !inst.extended.is_empty() {
        return Err(shape_error(
            start,
            format!("{} cannot carry extended opcode tokens", inst.opcode),
        ));
    }

    out.push(0); // OpcodeToken0, completed below
    for (i, e) in inst.extended.iter().enumerate() {
        let more = if i + 1 < inst.extended.len() {
            1 << 31
        } else {
            0
        };
        out.push(encode_extended_opcode(e) | more);
    }
    if inst.opcode == Opcode::InterfaceCall {
        encode_payload(&inst.payload, out, start)?;
        for op in &inst.operands {
            encode_operand(op, out)?;
        }
    } else {
        for op in &inst.operands {
            encode_operand(op, out)?;
        }
        encode_payload(&inst.payload, out, start)?;
    }
    out.extend_from_slice(&inst.trailing);

    let body = out.len() - start;
    let mut tok = (inst.opcode.number() as u32) & 0x7ff | inst.controls & 0x00ff_f800;
    if long_capable && (inst.long_length || body + 1 > 127) {
        let len = u32::try_from(body + 1)
            .map_err(|_| shape_error(start, "instruction longer than 2^32 dwords"))?;
        out.insert(start + 1, len);
        tok |= 1 << 31;
    } else {
        if body > 127 {
            return Err(Error::new(
                crate::error::ErrorKind::OutOfRange {
                    what: "instruction length (dwords)",
                    value: body as u64,
                    limit: 127,
                },
                start as u64 * 4,
            ));
        }
        tok |= (body as u32) << 24;
        if !inst.extended.is_empty() {
            tok |= 1 << 31;
        }
    }
    out[start] = tok;
    Ok(())
}

fn encode_payload(p: &Payload, out: &mut Vec<u32>, at: usize) -> Result<()> {
    match p {
        Payload::None => {}
        Payload::Resource {
            return_types,
            raw,
            space,
        }
        | Payload::UavTyped {
            return_types,
            raw,
            space,
        } => {
            let mut t = raw & 0xffff_0000;
            for (i, ty) in return_types.iter().enumerate() {
                t |= ((ty.to_u8() as u32) & 0xf) << (4 * i);
            }
            out.push(t);
            out.extend(space.iter().copied());
        }
        Payload::ConstantBuffer51 { size, space } => out.extend([*size, *space]),
        Payload::Space(s) | Payload::Count(s) | Payload::FloatBits(s) => out.push(*s),
        Payload::Structured {
            stride,
            count,
            space,
        } => {
            out.push(*stride);
            out.extend(count.iter().copied());
            out.extend(space.iter().copied());
        }
        Payload::SystemValue(sv) => out.push(sv.to_u32()),
        Payload::IndexableTemp {
            reg,
            count,
            components,
        } => out.extend([*reg, *count, *components]),
        Payload::ThreadGroup(xyz) => out.extend_from_slice(xyz),
        Payload::FunctionTable { id, bodies } => {
            let n = u32::try_from(bodies.len())
                .map_err(|_| shape_error(at, "function table longer than 2^32 entries"))?;
            out.extend([*id, n]);
            out.extend_from_slice(bodies);
        }
        Payload::Interface {
            id,
            array_len,
            num_interfaces,
            tables,
            ..
        } => {
            if tables.len() > 0xffff || *array_len > 0xffff {
                return Err(shape_error(
                    at,
                    "dcl_interface table count and array length must fit 16 bits",
                ));
            }
            out.extend([*id, *num_interfaces, array_len << 16 | tables.len() as u32]);
            out.extend_from_slice(tables);
        }
        Payload::CustomData { .. } => {
            return Err(shape_error(
                at,
                "CustomData payload on an opcode other than customdata",
            ))
        }
    }
    Ok(())
}

/// The operand-token bits `[11:0]` of a component selection.
fn components_bits(c: Components) -> u32 {
    match c {
        Components::Zero => 0,
        Components::One => 1,
        Components::Mask(m) => 2 | ((m as u32) & 0xf) << 4,
        Components::Swizzle(s) => {
            let packed = s
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, &c)| acc | ((c as u32) & 3) << (2 * i));
            2 | 1 << 2 | packed << 4
        }
        Components::Select1(c) => 2 | 2 << 2 | ((c as u32) & 3) << 4,
        Components::N => 3,
    }
}

/// Appends one operand (token, extended token, indices with their relative
/// operands, immediate values).
pub fn encode_operand(op: &Operand, out: &mut Vec<u32>) -> Result<()> {
    encode_operand_at(op, out, 0)
}

fn encode_operand_at(op: &Operand, out: &mut Vec<u32>, depth: u32) -> Result<()> {
    let at = out.len();
    if depth > crate::decode::MAX_RELATIVE_DEPTH {
        return Err(shape_error(at, "relative operands nested too deeply"));
    }
    if op.indices.len() > 3 {
        return Err(shape_error(
            at,
            format!(
                "an operand has at most 3 indices, {} given",
                op.indices.len()
            ),
        ));
    }
    let mut tok = components_bits(op.components)
        | (op.ty.to_u8() as u32) << 12
        | (op.indices.len() as u32) << 20;
    for (i, idx) in op.indices.iter().enumerate() {
        let r = match idx.repr {
            IndexRepr::Imm32 => 0,
            IndexRepr::Imm64 => 1,
            IndexRepr::Relative => 2,
            IndexRepr::Imm32PlusRelative => 3,
            IndexRepr::Imm64PlusRelative => 4,
        };
        tok |= r << (22 + 3 * i);
    }
    let ext = op.extended
        || op.modifier != Modifier::None
        || op.min_precision != 0
        || op.non_uniform
        || op.extended_reserved != 0;
    if ext {
        tok |= 1 << 31;
    }
    out.push(tok);
    if ext {
        let m = match op.modifier {
            Modifier::None => 0,
            Modifier::Neg => 1,
            Modifier::Abs => 2,
            Modifier::AbsNeg => 3,
        };
        out.push(
            1 | m << 6
                | ((op.min_precision as u32) & 7) << 14
                | (op.non_uniform as u32) << 17
                | op.extended_reserved & 0x7ffc_0000,
        );
    }
    for idx in &op.indices {
        let relative = matches!(
            idx.repr,
            IndexRepr::Relative | IndexRepr::Imm32PlusRelative | IndexRepr::Imm64PlusRelative
        );
        match idx.repr {
            IndexRepr::Imm32 | IndexRepr::Imm32PlusRelative => {
                let v = u32::try_from(idx.imm).map_err(|_| {
                    shape_error(at, format!("index {} does not fit a 32-bit index", idx.imm))
                })?;
                out.push(v);
            }
            IndexRepr::Imm64 | IndexRepr::Imm64PlusRelative => {
                out.push((idx.imm >> 32) as u32);
                out.push(idx.imm as u32);
            }
            IndexRepr::Relative => {
                if idx.imm != 0 {
                    return Err(shape_error(
                        at,
                        "a relative-only index has no immediate part (use Imm32PlusRelative)",
                    ));
                }
            }
        }
        match (&idx.rel, relative) {
            (Some(rel), true) => encode_operand_at(rel, out, depth + 1)?,
            (None, false) => {}
            (None, true) => {
                return Err(shape_error(
                    at,
                    format!(
                        "index representation {:?} needs a relative operand",
                        idx.repr
                    ),
                ))
            }
            (Some(_), false) => {
                return Err(shape_error(
                    at,
                    format!(
                        "index representation {:?} has no relative operand",
                        idx.repr
                    ),
                ))
            }
        }
    }
    let want = match op.ty {
        OperandType::Immediate32 | OperandType::Immediate64 => {
            let wide = op.ty == OperandType::Immediate64;
            match op.components {
                Components::Zero => 0,
                Components::One => 1 + wide as usize,
                Components::N => {
                    return Err(shape_error(
                        at,
                        "an immediate operand cannot have N components",
                    ))
                }
                _ => 4,
            }
        }
        _ => 0,
    };
    if op.imm.len() != want {
        return Err(shape_error(
            at,
            format!(
                "operand {:?} with {:?} takes {want} immediate dwords, {} given",
                op.ty,
                op.components,
                op.imm.len()
            ),
        ));
    }
    out.extend_from_slice(&op.imm);
    Ok(())
}

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

impl Version {
    /// A version token of the given program type and shader model.
    pub fn new(program_type: ProgramType, major: u8, minor: u8) -> Self {
        Version {
            program_type,
            major,
            minor,
            reserved: 0,
        }
    }
}

impl Program {
    /// An empty program of the given type and shader model; push
    /// instructions and encode it with [`encode_program`].
    pub fn new(program_type: ProgramType, major: u8, minor: u8) -> Self {
        Program {
            version: Version::new(program_type, major, minor),
            instructions: Vec::new(),
            trailing: Vec::new(),
        }
    }
}

impl Instruction {
    /// An instruction with these operands and nothing else (no controls,
    /// extended tokens or payload; offset 0: the encoder ignores offsets).
    pub fn new(opcode: Opcode, operands: Vec<Operand>) -> Self {
        Instruction {
            offset: 0,
            opcode,
            controls: 0,
            extended: Vec::new(),
            operands,
            payload: Payload::None,
            trailing: Vec::new(),
            long_length: false,
        }
    }
    /// A declaration with operands and a payload.
    pub fn decl(opcode: Opcode, operands: Vec<Operand>, payload: Payload) -> Self {
        Instruction::new(opcode, operands).with_payload(payload)
    }
    /// Sets the payload.
    pub fn with_payload(mut self, payload: Payload) -> Self {
        self.payload = payload;
        self
    }
    /// ORs control bits in, given in place (`OpcodeToken0[23:11]`, e.g.
    /// [`controls::SATURATE`]); other bits are ignored.
    pub fn with_controls(mut self, bits: u32) -> Self {
        self.controls |= bits & 0x00ff_f800;
        self
    }
    /// Sets a control field `[hi:lo]` (bit numbers of `OpcodeToken0`) to
    /// `value`, e.g. the resource dimension of `dcl_resource` at `[15:11]`.
    pub fn with_control_field(mut self, lo: u32, hi: u32, value: u32) -> Self {
        let width = hi.saturating_sub(lo) + 1;
        let mask = (((1u64 << width) - 1) as u32) << lo;
        self.controls = (self.controls & !mask) | ((value << lo) & mask & 0x00ff_f800);
        self
    }
    /// `_sat`.
    pub fn with_saturate(self) -> Self {
        self.with_controls(controls::SATURATE)
    }
    /// `_nz` (for `if`, `breakc`, `discard`, ...); without it the test is `_z`.
    pub fn with_test_nonzero(self) -> Self {
        self.with_controls(controls::TEST_NONZERO)
    }
    /// Appends an extended opcode token.
    pub fn with_extended(mut self, e: ExtendedOpcode) -> Self {
        self.extended.push(e);
        self
    }
    /// `dcl_temps n`.
    pub fn dcl_temps(n: u32) -> Self {
        Instruction::decl(Opcode::DclTemps, vec![], Payload::Count(n))
    }
    /// `dcl_input v<reg>.<mask>`.
    pub fn dcl_input(reg: u32, mask: u8) -> Self {
        Instruction::new(
            Opcode::DclInput,
            vec![Operand::input(reg, Components::Mask(mask))],
        )
    }
    /// `dcl_input_ps <mode> v<reg>.<mask>`.
    pub fn dcl_input_ps(mode: InterpolationMode, reg: u32, mask: u8) -> Self {
        Instruction::new(
            Opcode::DclInputPs,
            vec![Operand::input(reg, Components::Mask(mask))],
        )
        .with_control_field(11, 14, mode.to_u8() as u32)
    }
    /// `dcl_output o<reg>.<mask>`.
    pub fn dcl_output(reg: u32, mask: u8) -> Self {
        Instruction::new(
            Opcode::DclOutput,
            vec![Operand::output(reg, Components::Mask(mask))],
        )
    }
    /// `dcl_output_siv o<reg>.<mask>, <name>`.
    pub fn dcl_output_siv(reg: u32, mask: u8, name: SystemValue) -> Self {
        Instruction::decl(
            Opcode::DclOutputSiv,
            vec![Operand::output(reg, Components::Mask(mask))],
            Payload::SystemValue(name),
        )
    }
    /// SM4/5.0 `dcl_constant_buffer cb<slot>[<size>], immediateIndexed`.
    pub fn dcl_constant_buffer(slot: u32, size: u32) -> Self {
        Instruction::new(
            Opcode::DclConstantBuffer,
            vec![Operand::new(
                OperandType::ConstantBuffer,
                Components::Swizzle([0, 1, 2, 3]),
                &[slot, size],
            )],
        )
    }
    /// SM4/5.0 `dcl_sampler s<slot>, mode_default`.
    pub fn dcl_sampler(slot: u32) -> Self {
        Instruction::new(Opcode::DclSampler, vec![Operand::sampler(slot)])
    }
    /// SM4/5.0 `dcl_resource_<dim> (<ty>,<ty>,<ty>,<ty>) t<slot>`.
    pub fn dcl_resource(slot: u32, dim: ResourceDimension, ty: ReturnType) -> Self {
        let n = (ty.to_u8() as u32) & 0xf;
        Instruction::decl(
            Opcode::DclResource,
            vec![Operand::new(
                OperandType::Resource,
                Components::Zero,
                &[slot],
            )],
            Payload::Resource {
                return_types: [ty; 4],
                raw: n | n << 4 | n << 8 | n << 12,
                space: None,
            },
        )
        .with_control_field(11, 15, dim.to_u8() as u32)
    }
}

impl Components {
    /// `.xyzw` as a swizzle (a 4-component source read in order).
    pub const XYZW: Components = Components::Swizzle([0, 1, 2, 3]);
    /// `.xyzw` as a write mask.
    pub const MASK_ALL: Components = Components::Mask(0xf);

    /// Parses a mask (`"xz"` → `Mask(0b0101)`) from the letters x, y, z, w
    /// (or r, g, b, a); `None` for anything else.
    pub fn mask(letters: &str) -> Option<Components> {
        let mut m = 0u8;
        for c in letters.chars() {
            m |= 1 << lane(c)?;
        }
        Some(Components::Mask(m))
    }
    /// Parses a swizzle of four letters (`"xxyz"`), or one letter as a
    /// select-1 (`"y"` → `Select1(1)`); `None` for anything else.
    pub fn swizzle(letters: &str) -> Option<Components> {
        let lanes: Vec<u8> = letters.chars().map(lane).collect::<Option<_>>()?;
        match lanes[..] {
            [c] => Some(Components::Select1(c)),
            [a, b, c, d] => Some(Components::Swizzle([a, b, c, d])),
            _ => None,
        }
    }
}

fn lane(c: char) -> Option<u8> {
    Some(match c {
        'x' | 'r' => 0,
        'y' | 'g' => 1,
        'z' | 'b' => 2,
        'w' | 'a' => 3,
        _ => return None,
    })
}

impl Index {
    /// A relative index `[rel + imm]` (`Imm32PlusRelative`; `Relative` when
    /// `imm` is 0, as fxc writes `r0.x + 0` for it).
    pub fn relative(imm: u32, rel: Operand) -> Self {
        Index {
            repr: if imm == 0 {
                IndexRepr::Relative
            } else {
                IndexRepr::Imm32PlusRelative
            },
            imm: imm as u64,
            rel: Some(Box::new(rel)),
        }
    }
}

impl Operand {
    /// An operand of register file `ty` with 32-bit immediate indices.
    pub fn new(ty: OperandType, components: Components, indices: &[u32]) -> Self {
        Operand {
            ty,
            components,
            indices: indices.iter().map(|&i| Index::imm(i)).collect(),
            modifier: Modifier::None,
            min_precision: 0,
            non_uniform: false,
            extended: false,
            extended_reserved: 0,
            imm: ImmValues::new(),
        }
    }
    /// `r<reg>` with the given mask or swizzle.
    pub fn temp(reg: u32, components: Components) -> Self {
        Operand::new(OperandType::Temp, components, &[reg])
    }
    /// `v<reg>`.
    pub fn input(reg: u32, components: Components) -> Self {
        Operand::new(OperandType::Input, components, &[reg])
    }
    /// `o<reg>`.
    pub fn output(reg: u32, components: Components) -> Self {
        Operand::new(OperandType::Output, components, &[reg])
    }
    /// `cb<slot>[<reg>]` (SM4/5.0 two-index form).
    pub fn cb(slot: u32, reg: u32, components: Components) -> Self {
        Operand::new(OperandType::ConstantBuffer, components, &[slot, reg])
    }
    /// `t<slot>` as an instruction source (`.xyzw` swizzle).
    pub fn resource(slot: u32) -> Self {
        Operand::new(OperandType::Resource, Components::XYZW, &[slot])
    }
    /// `s<slot>` (no components).
    pub fn sampler(slot: u32) -> Self {
        Operand::new(OperandType::Sampler, Components::Zero, &[slot])
    }
    /// `u<slot>` as an instruction operand (`.xyzw` swizzle).
    pub fn uav(slot: u32) -> Self {
        Operand::new(OperandType::UnorderedAccessView, Components::XYZW, &[slot])
    }
    /// `null`.
    pub fn null() -> Self {
        Operand::new(OperandType::Null, Components::Zero, &[])
    }
    /// `l(v)`: one 32-bit immediate.
    pub fn imm32(v: u32) -> Self {
        let mut op = Operand::new(OperandType::Immediate32, Components::One, &[]);
        op.imm = ImmValues::from_slice(&[v]);
        op
    }
    /// `l(a, b, c, d)`: four 32-bit immediates (fxc's form: 4 components,
    /// mask mode with an empty mask).
    pub fn imm32_4(v: [u32; 4]) -> Self {
        let mut op = Operand::new(OperandType::Immediate32, Components::Mask(0), &[]);
        op.imm = ImmValues::from_slice(&v);
        op
    }
    /// `l(f)`: one float immediate.
    pub fn immf32(f: f32) -> Self {
        Operand::imm32(f.to_bits())
    }
    /// `l(a, b, c, d)` of floats.
    pub fn immf32_4(v: [f32; 4]) -> Self {
        Operand::imm32_4(v.map(f32::to_bits))
    }
    /// `d(v)`: one 64-bit immediate (stored low word first).
    pub fn imm64(v: u64) -> Self {
        let mut op = Operand::new(OperandType::Immediate64, Components::One, &[]);
        op.imm = ImmValues::from_slice(&[v as u32, (v >> 32) as u32]);
        op
    }
    /// `d(a, b)`: two 64-bit immediates in a 4-component operand.
    pub fn imm64_2(v: [u64; 2]) -> Self {
        let mut op = Operand::new(OperandType::Immediate64, Components::Mask(0), &[]);
        op.imm = ImmValues::from_slice(&[
            v[0] as u32,
            (v[0] >> 32) as u32,
            v[1] as u32,
            (v[1] >> 32) as u32,
        ]);
        op
    }
    /// `d(a, b)` of doubles.
    pub fn immf64_2(v: [f64; 2]) -> Self {
        Operand::imm64_2(v.map(f64::to_bits))
    }
    /// The same operand with a source modifier (and so an extended operand
    /// token, as the decoder reports it).
    pub fn with_modifier(mut self, m: Modifier) -> Self {
        self.modifier = m;
        self.extended = true;
        self
    }
    /// The same operand with a minimum precision (extended token `[16:14]`).
    pub fn with_min_precision(mut self, p: u8) -> Self {
        self.min_precision = p;
        self.extended = true;
        self
    }
    /// The same operand with index `dim` replaced.
    ///
    /// Indices missing before `dim` are added as immediate zeros.
    pub fn with_index(mut self, dim: usize, index: Index) -> Self {
        while self.indices.len() <= dim {
            self.indices.push(Index::imm(0));
        }
        self.indices[dim] = index;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::{decode_program, decode_program_dwords};
    use crate::error::ErrorKind;

    /// Encodes, decodes and checks that the program comes back equal
    /// (offsets aside) and that re-encoding is stable.
    fn round_trip(p: &Program) -> (Vec<u32>, Program) {
        let words = try_encode_program(p).expect("encodable");
        assert_eq!(words[1] as usize, words.len());
        let mut back = decode_program_dwords(&words).expect("decodes");
        assert_eq!(encode_program(&back), words);
        let bytes = encode_program_bytes(p);
        assert_eq!(decode_program(&bytes).expect("decodes from bytes"), back);
        for i in &mut back.instructions {
            i.offset = 0;
        }
        assert_eq!(&back, p);
        (words, back)
    }

    #[test]
    fn builder_program_round_trips_with_every_operand_form() {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        let rel = Operand::temp(1, Components::Select1(2));
        let deep = Operand::temp(2, Components::Select1(0)).with_index(
            0,
            Index::relative(3, Operand::temp(4, Components::Select1(1))),
        );
        let mut src = Operand::new(OperandType::IndexableTemp, Components::XYZW, &[0, 0]);
        src.indices[1] = Index::relative(0, rel.clone());
        let mut imm64_index = Operand::cb(0, 0, Components::swizzle("yzwx").unwrap());
        imm64_index.indices[1] = Index {
            repr: IndexRepr::Imm64,
            imm: 0x1_0000_0002,
            rel: None,
        };
        let mut imm64_rel = Operand::cb(1, 0, Components::swizzle("w").unwrap());
        imm64_rel.indices[1] = Index {
            repr: IndexRepr::Imm64PlusRelative,
            imm: 7,
            rel: Some(Box::new(deep)),
        };
        let mut ext = Operand::input(3, Components::XYZW)
            .with_modifier(Modifier::AbsNeg)
            .with_min_precision(1);
        ext.non_uniform = true;
        let mut defaults_only = Operand::temp(0, Components::XYZW);
        defaults_only.extended = true;
        p.instructions.extend([
            Instruction::dcl_temps(5),
            Instruction::new(
                Opcode::Mad,
                vec![
                    Operand::temp(0, Components::mask("xyw").unwrap()),
                    src,
                    ext,
                    imm64_index,
                ],
            )
            .with_saturate(),
            Instruction::new(
                Opcode::Movc,
                vec![
                    Operand::output(0, Components::MASK_ALL),
                    imm64_rel,
                    Operand::imm32_4([1, 2, 3, 4]),
                    Operand::immf32(0.5).with_modifier(Modifier::Neg),
                ],
            ),
            Instruction::new(
                Opcode::Dmov,
                vec![
                    Operand::temp(1, Components::mask("xy").unwrap()),
                    Operand::imm64(42),
                ],
            ),
            Instruction::new(
                Opcode::Dmov,
                vec![
                    Operand::temp(1, Components::MASK_ALL),
                    Operand::immf64_2([1.0, -2.5]),
                ],
            ),
            Instruction::new(Opcode::Mov, vec![Operand::null(), defaults_only]),
            Instruction::new(Opcode::Ret, vec![]),
        ]);
        let (words, back) = round_trip(&p);
        // Spot checks of the token layout.
        assert_eq!(words[2], 0x0200_0068); // dcl_temps, length 2
        assert_eq!(words[3], 5);
        assert_eq!(words[4] & 0x7ff, 50);
        assert_eq!(words[4] & controls::SATURATE, controls::SATURATE);
        assert!(back.instructions[1].saturate());
        let d = back.instructions[3].operands[1].imm.clone();
        assert_eq!(d[..], [42, 0]);
        let d = &back.instructions[4].operands[1].imm;
        assert_eq!(d.len(), 4);
        assert_eq!(
            f64::from_bits(d[2] as u64 | (d[3] as u64) << 32),
            -2.5,
            "second double, low word first"
        );
    }

    #[test]
    fn extended_opcodes_chain_and_sign_extend_offsets() {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        let sample = Instruction::new(
            Opcode::Sample,
            vec![
                Operand::temp(0, Components::MASK_ALL),
                Operand::temp(0, Components::swizzle("xyxx").unwrap()),
                Operand::resource(0),
                Operand::sampler(0),
            ],
        )
        .with_extended(ExtendedOpcode::SampleControls {
            offsets: [-1, 7, -8],
            raw: 0,
        })
        .with_extended(ExtendedOpcode::ResourceDim {
            dim: ResourceDimension::Texture2D,
            stride: 0,
            raw: 0,
        })
        .with_extended(ExtendedOpcode::ResourceReturnType {
            types: [ReturnType::Float; 4],
            raw: 0,
        });
        p.instructions.push(sample);
        // Canonicalize raw fields the way the decoder fills them.
        let words = encode_program(&p);
        assert_eq!(words[2] >> 31, 1);
        assert_eq!(words[3], 0x8000_0000 | 1 | 0xf << 9 | 7 << 13 | 8 << 17);
        assert_eq!(words[4], 0x8000_0000 | 2 | 3 << 6);
        assert_eq!(words[5], 3 | 0x5555 << 6);
        let back = decode_program_dwords(&words).unwrap();
        let inst = &back.instructions[0];
        assert_eq!(inst.texel_offsets(), Some([-1, 7, -8]));
        assert_eq!(
            inst.ext_resource_dim(),
            Some((ResourceDimension::Texture2D, 0))
        );
        assert_eq!(inst.ext_return_type(), Some([ReturnType::Float; 4]));
        assert_eq!(encode_program(&back), words);
    }

    #[test]
    fn declarations_round_trip_sm50() {
        let mut p = Program::new(ProgramType::Hull, 5, 0);
        let icb = Instruction::decl(
            Opcode::Customdata,
            vec![],
            Payload::CustomData {
                class: CustomDataClass::ImmediateConstantBuffer,
                data: vec![1, 2, 3, 4],
            },
        );
        p.instructions.extend([
            Instruction::new(Opcode::HsDecls, vec![]),
            Instruction::new(Opcode::DclInputControlPointCount, vec![])
                .with_control_field(11, 16, 3),
            Instruction::decl(
                Opcode::DclHsMaxTessfactor,
                vec![],
                Payload::FloatBits(64f32.to_bits()),
            ),
            icb,
            Instruction::dcl_constant_buffer(0, 4),
            Instruction::dcl_sampler(1),
            Instruction::dcl_resource(2, ResourceDimension::Texture2D, ReturnType::Float),
            Instruction::dcl_output_siv(0, 0xf, SystemValue::Position),
            Instruction::decl(
                Opcode::DclIndexableTemp,
                vec![],
                Payload::IndexableTemp {
                    reg: 0,
                    count: 8,
                    components: 4,
                },
            ),
            Instruction::decl(
                Opcode::DclIndexRange,
                vec![Operand::input(1, Components::MASK_ALL)],
                Payload::Count(3),
            ),
            Instruction::decl(
                Opcode::DclResourceStructured,
                vec![Operand::new(OperandType::Resource, Components::Zero, &[3])],
                Payload::Structured {
                    stride: 16,
                    count: None,
                    space: None,
                },
            ),
            Instruction::decl(
                Opcode::DclThreadGroupSharedMemoryStructured,
                vec![Operand::new(
                    OperandType::ThreadGroupSharedMemory,
                    Components::Zero,
                    &[0],
                )],
                Payload::Structured {
                    stride: 4,
                    count: Some(64),
                    space: None,
                },
            ),
            Instruction::decl(
                Opcode::DclThreadGroupSharedMemoryRaw,
                vec![Operand::new(
                    OperandType::ThreadGroupSharedMemory,
                    Components::Zero,
                    &[1],
                )],
                Payload::Count(256),
            ),
            Instruction::decl(
                Opcode::DclThreadGroup,
                vec![],
                Payload::ThreadGroup([8, 8, 1]),
            ),
            Instruction::decl(Opcode::DclFunctionBody, vec![], Payload::Count(0)),
            Instruction::decl(
                Opcode::DclFunctionTable,
                vec![],
                Payload::FunctionTable {
                    id: 0,
                    bodies: vec![0, 2, 4],
                },
            ),
            Instruction::decl(
                Opcode::DclInterface,
                vec![],
                Payload::Interface {
                    id: 0,
                    table_len: 2,
                    array_len: 1,
                    raw_counts: 0x0001_0002,
                    num_interfaces: 3,
                    tables: vec![0, 1],
                },
            ),
            Instruction::decl(
                Opcode::InterfaceCall,
                vec![Operand::new(
                    OperandType::Interface,
                    Components::Zero,
                    &[0, 0],
                )],
                Payload::Count(2),
            ),
            Instruction::new(Opcode::Sync, vec![]).with_controls(0x3 << 11),
            Instruction::new(Opcode::HsForkPhase, vec![]),
            Instruction::decl(
                Opcode::DclHsForkPhaseInstanceCount,
                vec![],
                Payload::Count(4),
            ),
            Instruction::new(Opcode::Ret, vec![]),
        ]);
        let (words, _) = round_trip(&p);
        let back = decode_program_dwords(&words).unwrap();
        let fcall = back
            .instructions
            .iter()
            .position(|i| i.opcode == Opcode::InterfaceCall)
            .unwrap();
        let at = back.instructions[fcall].offset as usize;
        assert_eq!(&words[at..at + 5], &[0x0500_0078, 2, 0x0021_3000, 0, 0]);
        let sync = back
            .instructions
            .iter()
            .find(|i| i.opcode == Opcode::Sync)
            .unwrap();
        assert_eq!(sync.sync_flags(), 0b11);
        let icb = back
            .instructions
            .iter()
            .position(|i| i.opcode == Opcode::Customdata)
            .unwrap();
        let at = back.instructions[icb].offset as usize;
        assert_eq!(&words[at..at + 2], &[53 | 3 << 11, 6]);
    }

    #[test]
    fn declarations_round_trip_sm51_with_spaces() {
        let mut p = Program::new(ProgramType::Compute, 5, 1);
        let range = |ty, id, lo, hi| Operand::new(ty, Components::Zero, &[id, lo, hi]);
        let n = ReturnType::Uint.to_u8() as u32;
        p.instructions.extend([
            Instruction::decl(
                Opcode::DclConstantBuffer,
                vec![range(OperandType::ConstantBuffer, 0, 0, 0)],
                Payload::ConstantBuffer51 { size: 4, space: 0 },
            ),
            Instruction::decl(
                Opcode::DclSampler,
                vec![range(OperandType::Sampler, 0, 1, 1)],
                Payload::Space(2),
            ),
            Instruction::decl(
                Opcode::DclResource,
                vec![range(OperandType::Resource, 0, 0, u32::MAX)],
                Payload::Resource {
                    return_types: [ReturnType::Uint; 4],
                    raw: n * 0x1111,
                    space: Some(1),
                },
            )
            .with_control_field(11, 15, 1),
            Instruction::decl(
                Opcode::DclUnorderedAccessViewTyped,
                vec![range(OperandType::UnorderedAccessView, 0, 0, 0)],
                Payload::UavTyped {
                    return_types: [ReturnType::Uint; 4],
                    raw: n * 0x1111,
                    space: Some(0),
                },
            )
            .with_control_field(11, 15, 1),
            Instruction::decl(
                Opcode::DclUnorderedAccessViewRaw,
                vec![range(OperandType::UnorderedAccessView, 1, 1, 1)],
                Payload::Space(0),
            ),
            Instruction::decl(
                Opcode::DclUnorderedAccessViewStructured,
                vec![range(OperandType::UnorderedAccessView, 2, 2, 2)],
                Payload::Structured {
                    stride: 8,
                    count: None,
                    space: Some(3),
                },
            ),
            Instruction::decl(
                Opcode::DclThreadGroup,
                vec![],
                Payload::ThreadGroup([64, 1, 1]),
            ),
            Instruction::new(Opcode::Ret, vec![]),
        ]);
        let (words, _) = round_trip(&p);
        // dcl_constant_buffer: token, 3-D operand (4 dwords), size, space.
        assert_eq!(words[2] >> 24, 7);
        // The same program is not valid as SM5.0: the space payloads do not fit.
        let mut p50 = p.clone();
        p50.version.minor = 0;
        assert!(try_encode_program(&p50).is_err());
    }

    #[test]
    fn long_length_form_round_trips_and_is_used_past_127_dwords() {
        let mut p = Program::new(ProgramType::Vertex, 5, 0);
        let mut short = Instruction::decl(
            Opcode::DclFunctionTable,
            vec![],
            Payload::FunctionTable {
                id: 0,
                bodies: vec![1],
            },
        );
        short.long_length = true;
        let big = Instruction::decl(
            Opcode::DclFunctionTable,
            vec![],
            Payload::FunctionTable {
                id: 1,
                bodies: (0..200).collect(),
            },
        );
        p.instructions.push(short);
        p.instructions.push(big);
        let words = encode_program(&p);
        assert_eq!(&words[2..6], &[0x8000_0091, 5, 0, 1]);
        assert_eq!(&words[7..9], &[0x8000_0091, 204]);
        let back = decode_program_dwords(&words).unwrap();
        assert!(back.instructions.iter().all(|i| i.long_length));
        assert_eq!(encode_program(&back), words);
        // Ordinary instructions cannot exceed 127 dwords.
        let mut q = Program::new(ProgramType::Vertex, 5, 0);
        q.instructions.push(Instruction::new(Opcode::Nop, vec![]));
        q.instructions[0].trailing = vec![0; 127];
        assert!(matches!(
            try_encode_program(&q).unwrap_err().kind(),
            ErrorKind::OutOfRange { .. }
        ));
    }

    #[test]
    fn ill_shaped_programs_are_encoder_errors() {
        let mut p = Program::new(ProgramType::Pixel, 4, 0);
        p.instructions.push(Instruction::new(
            Opcode::Add,
            vec![Operand::temp(0, Components::MASK_ALL)],
        ));
        let e = try_encode_program(&p).unwrap_err();
        assert_eq!(e.site().map(|s| s.index), Some(0));
        let mut p = Program::new(ProgramType::Pixel, 4, 0);
        let mut op = Operand::temp(0, Components::XYZW);
        op.indices[0].repr = IndexRepr::Relative;
        p.instructions.push(Instruction::new(
            Opcode::Mov,
            vec![Operand::temp(0, Components::MASK_ALL), op],
        ));
        assert!(try_encode_program(&p).is_err());
        let mut p = Program::new(ProgramType::Pixel, 4, 0);
        let mut imm = Operand::imm32_4([0; 4]);
        imm.imm.pop();
        p.instructions.push(Instruction::new(
            Opcode::Mov,
            vec![Operand::temp(0, Components::MASK_ALL), imm],
        ));
        assert!(try_encode_program(&p).is_err());
        let mut p = Program::new(ProgramType::Pixel, 4, 0);
        p.instructions
            .push(Instruction::new(Opcode::Reserved10, vec![]));
        assert!(try_encode_program(&p).is_err());
    }

    #[test]
    fn component_helpers_parse_letters() {
        assert_eq!(Components::mask("xz"), Some(Components::Mask(0b0101)));
        assert_eq!(Components::mask("rgba"), Some(Components::Mask(0xf)));
        assert_eq!(
            Components::swizzle("wzyx"),
            Some(Components::Swizzle([3, 2, 1, 0]))
        );
        assert_eq!(Components::swizzle("y"), Some(Components::Select1(1)));
        assert_eq!(Components::swizzle("xy"), None);
        assert_eq!(Components::mask("q"), None);
    }
}
