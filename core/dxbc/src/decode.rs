//! The SM4/SM5 token-stream decoder: SHDR/SHEX chunk data → [`Program`].
//!
//! The decoder reads the little-endian dwords of a program chunk: the version
//! token, the length token, then instructions until the declared length. It
//! keeps every bit of every token, either in a typed field or in a raw field
//! of the IR, so that [`crate::encode::encode_program`] gives back exactly
//! the dwords it read. Bits the IR has no place for (reserved fields of the
//! operand token, unknown extended-operand types, ...) make the decoder
//! return an error instead of dropping them.
//!
//! Robustness: the decoder never panics, never reads out of bounds, never
//! recurses deeper than [`MAX_RELATIVE_DEPTH`] and never allocates more than
//! the data it has left can fill, whatever the input.
//!
//! Errors carry byte offsets from the start of the chunk data (the container
//! rebases them with [`Error::in_chunk`]) and, inside an instruction, its
//! [`InstructionSite`].
//!
//! Operand counts and payload layouts follow the Microsoft tokenized program
//! format (`D3D12TokenizedProgramFormat.hpp`). Where Shader Model 5.1 changes
//! a declaration (register spaces, the constant-buffer size dword), the
//! version token decides which layout is read.

use crate::error::{Error, ErrorKind, InstructionSite, Result};
use crate::ir::*;
use crate::opcode::{Layout, Opcode};

/// How deep relative-index operands may nest (`r[r[r[...]]]`) before the
/// decoder gives up. fxc never nests more than once.
pub const MAX_RELATIVE_DEPTH: u32 = 8;

/// Decodes a program from the data of a SHDR or SHEX chunk.
///
/// `data` is read as little-endian dwords; its length must be a multiple of
/// 4. Dword 0 is the version token, dword 1 the program length in dwords
/// (both tokens included), which must fit in `data`. Data after the declared
/// length is ignored. Zero dwords that fill the rest of the declared length
/// after the last instruction are kept in [`Program::trailing`].
pub fn decode_program(data: &[u8]) -> Result<Program> {
    if data.len() & 3 != 0 {
        return Err(Error::malformed(
            (data.len() & !3) as u64,
            format!("program data size {} is not a multiple of 4", data.len()),
        ));
    }
    let dwords = read_dwords(data)?;
    decode_program_dwords(&dwords)
}

/// Reads the dwords of the program (up to its declared length) out of `data`.
fn read_dwords(data: &[u8]) -> Result<Vec<u32>> {
    let word = |i: usize| -> Option<u32> {
        let b = data.get(i * 4..i * 4 + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let available = data.len() / 4;
    if available < 2 {
        return Err(Error::truncated(0, 8, data.len() as u64));
    }
    let declared = word(1).unwrap_or(0) as usize;
    if declared > available {
        return Err(Error::truncated(4, declared as u64 * 4, data.len() as u64));
    }
    // Copy only what the program uses (a declared length below 2 is reported
    // by the dword decoder).
    let take = declared.clamp(2, available);
    let mut out = Vec::with_capacity(take);
    out.extend(
        data[..take * 4]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
    );
    Ok(out)
}

/// Decodes a program given as dwords (the chunk data already split into
/// little-endian dwords). Byte offsets in errors are `4 ×` the dword index.
pub fn decode_program_dwords(dwords: &[u32]) -> Result<Program> {
    let (Some(&vtok), Some(&len)) = (dwords.first(), dwords.get(1)) else {
        return Err(Error::truncated(0, 8, dwords.len() as u64 * 4));
    };
    let version = decode_version(vtok)?;
    if len < 2 {
        return Err(Error::new(
            ErrorKind::OutOfRange {
                what: "program length (dwords, at least 2)",
                value: len as u64,
                limit: 2,
            },
            4,
        ));
    }
    if len as usize > dwords.len() {
        return Err(Error::truncated(4, len as u64 * 4, dwords.len() as u64 * 4));
    }
    let words = &dwords[..len as usize];
    let sm51 = version.at_least(5, 1);
    // A rough guess of the instruction count (most are 3-8 dwords), bounded
    // by the data.
    let mut instructions = Vec::with_capacity(words.len() / 5);
    let mut pos = 2usize;
    let mut trailing = Vec::new();
    while pos < words.len() {
        if words[pos] == 0 && words[pos..].iter().all(|&w| w == 0) {
            trailing.extend_from_slice(&words[pos..]);
            break;
        }
        let index = instructions.len();
        let (inst, next) = decode_instruction(words, pos, sm51).map_err(|e| {
            let opcode = Opcode::from_u16((words[pos] & 0x7ff) as u16);
            e.at_instruction(InstructionSite {
                index,
                opcode: Some(opcode),
                dword: pos as u32,
            })
        })?;
        instructions.push(inst);
        pos = next;
    }
    Ok(Program {
        version,
        instructions,
        trailing,
    })
}

/// Decodes the version token; only the program types 0-5 and the shader
/// models 4.0, 4.1, 5.0 and 5.1 are accepted.
pub fn decode_version(tok: u32) -> Result<Version> {
    let program_type = ProgramType::from_u16((tok >> 16) as u16);
    let major = ((tok >> 4) & 0xf) as u8;
    let minor = (tok & 0xf) as u8;
    let known_model = matches!((major, minor), (4, 0) | (4, 1) | (5, 0) | (5, 1));
    if matches!(program_type, ProgramType::Unknown(_)) || !known_model {
        return Err(Error::new(ErrorKind::BadVersion(tok), 0));
    }
    Ok(Version {
        program_type,
        major,
        minor,
        reserved: ((tok >> 8) & 0xff) as u8,
    })
}

/// The opcodes whose bit 31 announces a length dword after `OpcodeToken0`
/// instead of an extended opcode token.
pub(crate) fn has_long_length_form(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::DclFunctionBody
            | Opcode::DclFunctionTable
            | Opcode::DclInterface
            | Opcode::InterfaceCall
            | Opcode::DclThreadGroup
    )
}

/// A bounded reader over the dwords of one instruction. Positions are dword
/// indices into the whole program, so errors can name byte offsets.
struct Cursor<'a> {
    words: &'a [u32],
    pos: usize,
    end: usize,
}

impl Cursor<'_> {
    #[inline]
    fn next(&mut self) -> Result<u32> {
        if self.pos < self.end {
            if let Some(&w) = self.words.get(self.pos) {
                self.pos += 1;
                return Ok(w);
            }
        }
        Err(self.past_end(1))
    }

    #[cold]
    fn past_end(&self, needed_dwords: usize) -> Error {
        Error::truncated(
            self.pos as u64 * 4,
            needed_dwords as u64 * 4,
            self.end.saturating_sub(self.pos) as u64 * 4,
        )
    }

    fn remaining(&self) -> usize {
        self.end.saturating_sub(self.pos)
    }

    /// Reads `n` dwords into a vector, checking first that they exist (the
    /// allocation is never larger than the data left).
    fn take_vec(&mut self, n: u64) -> Result<Vec<u32>> {
        if n > self.remaining() as u64 {
            return Err(self.past_end(n.min(usize::MAX as u64) as usize));
        }
        let n = n as usize;
        let v = self.words[self.pos..self.pos + n].to_vec();
        self.pos += n;
        Ok(v)
    }

    /// Borrows the next `n` dwords, checking first that they exist.
    fn take_slice(&mut self, n: usize) -> Result<&[u32]> {
        if n > self.remaining() {
            return Err(self.past_end(n));
        }
        let s = self
            .words
            .get(self.pos..self.pos + n)
            .ok_or_else(|| self.past_end(n))?;
        self.pos += n;
        Ok(s)
    }

    fn byte_offset(&self) -> u64 {
        self.pos as u64 * 4
    }
}

/// The layout of an opcode: the layout column of the opcode table
/// ([`crate::for_each_opcode!`]). `None` for the reserved markers and
/// unknown numbers, and for `customdata`, which is read apart.
pub(crate) fn layout(op: Opcode) -> Option<Layout> {
    op.row().and_then(|r| r.layout)
}

/// The number of operands the decoder reads for an opcode: the instruction's
/// sources and destinations, or for a declaration the operand tokens it
/// carries (0 or 1; its other dwords are the [`Payload`]). `None` for
/// `customdata`, the reserved markers and unknown numbers.
pub fn operand_count(op: Opcode) -> Option<usize> {
    Some(match layout(op)? {
        Layout::Ops(n) => n as usize,
        Layout::Count
        | Layout::Float
        | Layout::IndexableTemp
        | Layout::ThreadGroup
        | Layout::FunctionTable
        | Layout::Interface => 0,
        _ => 1,
    })
}

/// Decodes the instruction at `pos`; returns it and the position after it.
fn decode_instruction(words: &[u32], pos: usize, sm51: bool) -> Result<(Instruction, usize)> {
    let tok = words[pos];
    let opnum = (tok & 0x7ff) as u16;
    let opcode = Opcode::from_u16(opnum);
    let available = words.len() - pos;
    let byte = pos as u64 * 4;

    if opcode == Opcode::Customdata {
        let Some(&len) = words.get(pos + 1) else {
            return Err(Error::truncated(byte + 4, 4, 0));
        };
        if len < 2 || len as usize > available {
            return Err(Error::new(
                ErrorKind::BadInstructionLength {
                    length: len,
                    available: available as u32,
                },
                byte + 4,
            ));
        }
        let end = pos + len as usize;
        let inst = Instruction {
            offset: pos as u32,
            opcode,
            controls: 0,
            extended: Vec::new(),
            operands: Vec::new(),
            payload: Payload::CustomData {
                class: CustomDataClass::from_u32(tok >> 11),
                data: words[pos + 2..end].to_vec(),
            },
            trailing: Vec::new(),
            long_length: false,
        };
        return Ok((inst, end));
    }

    let Some(layout) = layout(opcode) else {
        return Err(Error::new(ErrorKind::UnknownOpcode(opnum), byte));
    };

    let mut long_length = false;
    let mut start = pos + 1;
    let len = if tok >> 31 != 0 && has_long_length_form(opcode) {
        let Some(&len) = words.get(pos + 1) else {
            return Err(Error::truncated(byte + 4, 4, 0));
        };
        if (tok >> 24) & 0x7f != 0 {
            return Err(Error::new(
                ErrorKind::Reserved {
                    what: "length field [30:24] beside a length dword",
                    value: (tok >> 24) & 0x7f,
                },
                byte,
            ));
        }
        if len < 2 {
            return Err(Error::new(
                ErrorKind::BadInstructionLength {
                    length: len,
                    available: available as u32,
                },
                byte + 4,
            ));
        }
        long_length = true;
        start += 1;
        len
    } else {
        (tok >> 24) & 0x7f
    };
    if len == 0 || len as usize > available {
        return Err(Error::new(
            ErrorKind::BadInstructionLength {
                length: len,
                available: available as u32,
            },
            byte,
        ));
    }
    let end = pos + len as usize;
    let mut cur = Cursor {
        words,
        pos: start,
        end,
    };

    let mut extended = Vec::new();
    if tok >> 31 != 0 && !long_length {
        loop {
            let e = cur.next()?;
            extended.push(decode_extended_opcode(e));
            if e >> 31 == 0 {
                break;
            }
        }
    }

    let mut operands = Vec::new();
    let payload = match layout {
        Layout::Ops(n) => {
            operands.reserve_exact((n as usize).min(cur.remaining()));
            for _ in 0..n {
                operands.push(read_operand(&mut cur, 0)?);
            }
            Payload::None
        }
        Layout::TypedResource { uav } => {
            operands.push(read_operand(&mut cur, 0)?);
            let raw = cur.next()?;
            let return_types = [0, 4, 8, 12].map(|s| ReturnType::from_u8(((raw >> s) & 0xf) as u8));
            let space = if sm51 { Some(cur.next()?) } else { None };
            if uav {
                Payload::UavTyped {
                    return_types,
                    raw,
                    space,
                }
            } else {
                Payload::Resource {
                    return_types,
                    raw,
                    space,
                }
            }
        }
        Layout::ConstantBuffer => {
            operands.push(read_operand(&mut cur, 0)?);
            if sm51 {
                let size = cur.next()?;
                let space = cur.next()?;
                Payload::ConstantBuffer51 { size, space }
            } else {
                Payload::None
            }
        }
        Layout::OperandSpace51 => {
            operands.push(read_operand(&mut cur, 0)?);
            if sm51 {
                Payload::Space(cur.next()?)
            } else {
                Payload::None
            }
        }
        Layout::StructuredResource => {
            operands.push(read_operand(&mut cur, 0)?);
            let stride = cur.next()?;
            let space = if sm51 { Some(cur.next()?) } else { None };
            Payload::Structured {
                stride,
                count: None,
                space,
            }
        }
        Layout::TgsmStructured => {
            operands.push(read_operand(&mut cur, 0)?);
            let stride = cur.next()?;
            let count = cur.next()?;
            Payload::Structured {
                stride,
                count: Some(count),
                space: None,
            }
        }
        Layout::OperandCount => {
            operands.push(read_operand(&mut cur, 0)?);
            Payload::Count(cur.next()?)
        }
        Layout::Count => Payload::Count(cur.next()?),
        Layout::Float => Payload::FloatBits(cur.next()?),
        Layout::SystemValue => {
            operands.push(read_operand(&mut cur, 0)?);
            Payload::SystemValue(SystemValue::from_u32(cur.next()?))
        }
        Layout::IndexableTemp => {
            let reg = cur.next()?;
            let count = cur.next()?;
            let components = cur.next()?;
            Payload::IndexableTemp {
                reg,
                count,
                components,
            }
        }
        Layout::ThreadGroup => {
            let x = cur.next()?;
            let y = cur.next()?;
            let z = cur.next()?;
            Payload::ThreadGroup([x, y, z])
        }
        Layout::FunctionTable => {
            let id = cur.next()?;
            let n = cur.next()?;
            let bodies = cur.take_vec(n as u64)?;
            Payload::FunctionTable { id, bodies }
        }
        Layout::Interface => {
            let id = cur.next()?;
            let num_interfaces = cur.next()?;
            let raw_counts = cur.next()?;
            let table_len = raw_counts & 0xffff;
            let tables = cur.take_vec(table_len as u64)?;
            Payload::Interface {
                id,
                table_len,
                array_len: raw_counts >> 16,
                raw_counts,
                num_interfaces,
                tables,
            }
        }
        Layout::InterfaceCall => {
            let index = cur.next()?;
            operands.push(read_operand(&mut cur, 0)?);
            Payload::Count(index)
        }
    };

    let trailing = if cur.pos < end {
        words[cur.pos..end].to_vec()
    } else {
        Vec::new()
    };
    Ok((
        Instruction {
            offset: pos as u32,
            opcode,
            controls: tok & 0x00ff_f800,
            extended,
            operands,
            payload,
            trailing,
            long_length,
        },
        end,
    ))
}

/// Sign-extends the 4-bit field at `shift`.
#[inline]
fn offset4(tok: u32, shift: u32) -> i8 {
    (((tok >> shift) & 0xf) as i8) << 4 >> 4
}

/// Decodes one extended opcode token (the chaining bit is dropped from `raw`).
pub fn decode_extended_opcode(tok: u32) -> ExtendedOpcode {
    let raw = tok & 0x7fff_ffff;
    match raw & 0x3f {
        1 => ExtendedOpcode::SampleControls {
            offsets: [offset4(raw, 9), offset4(raw, 13), offset4(raw, 17)],
            raw,
        },
        2 => ExtendedOpcode::ResourceDim {
            dim: ResourceDimension::from_u8(((raw >> 6) & 0x1f) as u8),
            stride: ((raw >> 11) & 0xfff) as u16,
            raw,
        },
        3 => ExtendedOpcode::ResourceReturnType {
            types: [6, 10, 14, 18].map(|s| ReturnType::from_u8(((raw >> s) & 0xf) as u8)),
            raw,
        },
        _ => ExtendedOpcode::Other(raw),
    }
}

/// Reads one operand (with its extended token, indices, relative operands
/// and immediate values).
fn read_operand(cur: &mut Cursor<'_>, depth: u32) -> Result<Operand> {
    if depth > MAX_RELATIVE_DEPTH {
        return Err(Error::new(
            ErrorKind::OutOfRange {
                what: "relative operand nesting depth",
                value: depth as u64,
                limit: MAX_RELATIVE_DEPTH as u64,
            },
            cur.byte_offset(),
        ));
    }
    let at = cur.byte_offset();
    let tok = cur.next()?;
    let reserved =
        |what: &'static str, value: u32| Err(Error::new(ErrorKind::Reserved { what, value }, at));

    let sel = (tok >> 2) & 0x3ff;
    let components = match tok & 3 {
        0 | 1 | 3 if sel != 0 => {
            return reserved(
                "component selection bits [11:2] of a 0/1/N-component operand",
                sel,
            )
        }
        0 => Components::Zero,
        1 => Components::One,
        3 => Components::N,
        _ => match sel & 3 {
            0 => {
                if sel >> 6 != 0 {
                    return reserved("operand bits [11:8] in mask mode", sel >> 6);
                }
                Components::Mask(((sel >> 2) & 0xf) as u8)
            }
            1 => {
                let s = sel >> 2;
                Components::Swizzle([
                    (s & 3) as u8,
                    ((s >> 2) & 3) as u8,
                    ((s >> 4) & 3) as u8,
                    ((s >> 6) & 3) as u8,
                ])
            }
            2 => {
                if sel >> 4 != 0 {
                    return reserved("operand bits [11:6] in select-1 mode", sel >> 4);
                }
                Components::Select1(((sel >> 2) & 3) as u8)
            }
            m => return reserved("4-component selection mode", m),
        },
    };
    let ty = OperandType::from_u8(((tok >> 12) & 0xff) as u8);
    let dim = ((tok >> 20) & 3) as usize;
    let mut reprs = [IndexRepr::Imm32; 3];
    for (i, slot) in reprs.iter_mut().enumerate() {
        let r = (tok >> (22 + 3 * i)) & 7;
        if i >= dim {
            if r != 0 {
                return reserved("index representation of an absent index dimension", r);
            }
            continue;
        }
        *slot = match r {
            0 => IndexRepr::Imm32,
            1 => IndexRepr::Imm64,
            2 => IndexRepr::Relative,
            3 => IndexRepr::Imm32PlusRelative,
            4 => IndexRepr::Imm64PlusRelative,
            _ => return reserved("operand index representation", r),
        };
    }

    let mut op = Operand {
        ty,
        components,
        indices: Indices::new(),
        modifier: Modifier::None,
        min_precision: 0,
        non_uniform: false,
        extended: false,
        extended_reserved: 0,
        imm: ImmValues::new(),
    };

    if tok >> 31 != 0 {
        let eat = cur.byte_offset();
        let e = cur.next()?;
        let ereserved = |what: &'static str, value: u32| {
            Err(Error::new(ErrorKind::Reserved { what, value }, eat))
        };
        if e & 0x3f != 1 {
            return ereserved("extended operand type", e & 0x3f);
        }
        if e >> 31 != 0 {
            return ereserved("second-order extended operand token (none is defined)", 1);
        }
        op.modifier = match (e >> 6) & 0xff {
            0 => Modifier::None,
            1 => Modifier::Neg,
            2 => Modifier::Abs,
            3 => Modifier::AbsNeg,
            m => return ereserved("operand modifier", m),
        };
        op.min_precision = ((e >> 14) & 7) as u8;
        op.non_uniform = (e >> 17) & 1 != 0;
        op.extended = true;
        op.extended_reserved = e & 0x7ffc_0000;
    }

    if dim > 0 {
        for &repr in &reprs[..dim] {
            let imm = match repr {
                IndexRepr::Imm32 | IndexRepr::Imm32PlusRelative => cur.next()? as u64,
                IndexRepr::Imm64 | IndexRepr::Imm64PlusRelative => {
                    let hi = cur.next()? as u64;
                    let lo = cur.next()? as u64;
                    hi << 32 | lo
                }
                IndexRepr::Relative => 0,
            };
            let rel = match repr {
                IndexRepr::Relative
                | IndexRepr::Imm32PlusRelative
                | IndexRepr::Imm64PlusRelative => Some(Box::new(read_operand(cur, depth + 1)?)),
                _ => None,
            };
            op.indices.push(Index { repr, imm, rel });
        }
    }

    let imm_count = match ty {
        OperandType::Immediate32 | OperandType::Immediate64 => {
            let wide = ty == OperandType::Immediate64;
            match components {
                Components::Zero => 0,
                Components::One => 1 + wide as usize,
                Components::N => return reserved("immediate operand with N components", 3),
                _ => 4,
            }
        }
        _ => 0,
    };
    if imm_count > 0 {
        op.imm = ImmValues::from_slice(cur.take_slice(imm_count)?);
    }
    Ok(op)
}

/// Decodes a run of operand tokens that is not part of an instruction (the
/// operand list of a shader-message `customdata` block, which the
/// disassembler prints after `printf`/`errorf`). Byte offsets in errors are
/// relative to the start of `dwords`.
pub fn decode_operands(dwords: &[u32]) -> Result<Vec<Operand>> {
    let mut cur = Cursor {
        words: dwords,
        pos: 0,
        end: dwords.len(),
    };
    let mut ops = Vec::new();
    while cur.remaining() > 0 {
        ops.push(read_operand(&mut cur, 0)?);
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(w: &[u32]) -> Vec<u8> {
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// `ps_4_0` program of the given instruction dwords.
    fn ps40(body: &[u32]) -> Vec<u32> {
        let mut w = vec![0x0000_0040, 2 + body.len() as u32];
        w.extend_from_slice(body);
        w
    }

    fn err(w: &[u32]) -> Error {
        decode_program(&bytes(w)).expect_err("must be rejected")
    }

    #[test]
    fn header_errors() {
        assert!(matches!(
            decode_program(&[0x40, 0, 0, 0, 2, 0, 0])
                .unwrap_err()
                .kind(),
            ErrorKind::Malformed(_)
        ));
        assert!(matches!(err(&[0x40]).kind(), ErrorKind::Truncated { .. }));
        assert_eq!(
            err(&[0x0006_0040, 2]).kind(),
            &ErrorKind::BadVersion(0x0006_0040)
        );
        assert_eq!(err(&[0x0000_0060, 2]).kind(), &ErrorKind::BadVersion(0x60));
        assert!(matches!(
            err(&[0x40, 1]).kind(),
            ErrorKind::OutOfRange { .. }
        ));
        let e = err(&[0x40, 3]);
        assert!(matches!(
            e.kind(),
            ErrorKind::Truncated {
                needed: 12,
                available: 8
            }
        ));
        assert_eq!(e.offset(), 4);
    }

    #[test]
    fn empty_program_and_data_after_the_declared_length() {
        let p = decode_program(&bytes(&[0x0001_0050, 2, 0xdead_beef])).unwrap();
        assert_eq!(p.version.program_type, ProgramType::Vertex);
        assert!(p.version.at_least(5, 0));
        assert!(p.instructions.is_empty());
        // Zero dwords after the last instruction are kept as trailing.
        let p = decode_program(&bytes(&ps40(&[0x0100_003e, 0, 0]))).unwrap();
        assert_eq!(p.instructions.len(), 1);
        assert_eq!(p.trailing, vec![0, 0]);
    }

    #[test]
    fn instruction_errors_name_the_site_and_byte_offset() {
        // ret; reserved opcode 107.
        let e = err(&ps40(&[0x0100_003e, 0x0100_006b]));
        assert_eq!(e.kind(), &ErrorKind::UnknownOpcode(107));
        assert_eq!(e.offset(), 12);
        let site = e.site().unwrap();
        assert_eq!((site.index, site.dword), (1, 3));
        assert_eq!(site.opcode, Some(Opcode::Reserved10));
        // Length 0, and a length past the program.
        assert!(matches!(
            err(&ps40(&[0x0000_003e])).kind(),
            ErrorKind::BadInstructionLength { length: 0, .. }
        ));
        assert!(matches!(
            err(&ps40(&[0x0300_003e])).kind(),
            ErrorKind::BadInstructionLength {
                length: 3,
                available: 1
            }
        ));
        // mov r0.x, <missing source>: the operand read runs off the instruction.
        let e = err(&ps40(&[0x0300_0036, 0x0010_0012, 0]));
        assert!(matches!(e.kind(), ErrorKind::Truncated { .. }));
        assert_eq!(e.offset(), 20);
        assert_eq!(e.site().unwrap().opcode, Some(Opcode::Mov));
        let shown = e.to_string();
        assert!(shown.contains("instruction 0 mov at dword 2"), "{shown}");
    }

    #[test]
    fn reserved_operand_bits_are_errors() {
        let mov = |src: &[u32]| {
            let mut body = vec![0, 0x0010_0012, 0];
            body.extend_from_slice(src);
            body[0] = 0x36 | (body.len() as u32) << 24;
            err(&ps40(&body))
        };
        let reserved = |e: Error| matches!(e.kind(), ErrorKind::Reserved { .. });
        // Selection mode 3.
        assert!(reserved(mov(&[0x0010_000e, 0])));
        // Select-1 with bits [11:6] set.
        assert!(reserved(mov(&[0x0010_004a, 0])));
        // Mask mode with bits [11:8] set.
        assert!(reserved(mov(&[0x0010_0102, 0])));
        // 1-component operand with selection bits.
        assert!(reserved(mov(&[0x0000_4011, 0])));
        // Index representation 5.
        assert!(reserved(mov(&[0x0150_0006, 0])));
        // Representation set for an absent dimension.
        assert!(reserved(mov(&[0x0080_4001, 0])));
        // Extended operand of type 0, chained, and with modifier 4.
        assert!(reserved(mov(&[0x8010_0006, 0x0000_0000, 0])));
        assert!(reserved(mov(&[0x8010_0006, 0x8000_0001, 0])));
        assert!(reserved(mov(&[0x8010_0006, 0x0000_0101, 0])));
        // N-component immediate.
        assert!(reserved(mov(&[0x0000_4003, 0])));
    }

    #[test]
    fn operand_fields_decode() {
        // mov r0.xyzw, -|v1[r2.y + 3].wzyx| (min precision f16, non-uniform)
        let body = [
            0x0900_0036,
            0x0010_00f2,
            0,
            0x8000_0000 | 0x0010_0000 | 3 << 22 | 0x1000 | 0x1b << 4 | 1 << 2 | 2,
            1 | 3 << 6 | 1 << 14 | 1 << 17,
            3,
            0x0010_001a,
            2,
        ];
        let mut w = ps40(&body);
        w[2] = 0x36 | ((body.len() as u32) << 24);
        let p = decode_program_dwords(&w).unwrap();
        let src = &p.instructions[0].operands[1];
        assert_eq!(src.ty, OperandType::Input);
        assert_eq!(src.components, Components::Swizzle([3, 2, 1, 0]));
        assert_eq!(src.modifier, Modifier::AbsNeg);
        assert_eq!(src.min_precision, 1);
        assert!(src.non_uniform && src.extended);
        assert_eq!(src.indices[0].repr, IndexRepr::Imm32PlusRelative);
        assert_eq!(src.indices[0].imm, 3);
        let rel = src.indices[0].rel.as_deref().unwrap();
        assert_eq!(
            (rel.ty, rel.components, rel.reg()),
            (OperandType::Temp, Components::Select1(1), Some(2))
        );
        assert_eq!(crate::encode::encode_program(&p), w);
    }

    #[test]
    fn customdata_and_sm51_layouts() {
        // customdata class 3 (immediate constant buffer) with 4 dwords.
        let w = ps40(&[53 | 3 << 11, 6, 1, 2, 3, 4]);
        let p = decode_program_dwords(&w).unwrap();
        assert_eq!(
            p.instructions[0].payload,
            Payload::CustomData {
                class: CustomDataClass::ImmediateConstantBuffer,
                data: vec![1, 2, 3, 4]
            }
        );
        assert!(matches!(
            err(&ps40(&[53 | 3 << 11, 1])).kind(),
            ErrorKind::BadInstructionLength { length: 1, .. }
        ));
        // SM5.1 dcl_constant_buffer CB0[0:0], size 4, space 2.
        let w = [
            0x0005_0051,
            10,
            0x0700_0059,
            0x0030_8e46,
            0,
            0,
            0,
            4,
            2,
            0x0100_003e,
        ];
        let p = decode_program_dwords(&w).unwrap();
        assert_eq!(
            p.instructions[0].payload,
            Payload::ConstantBuffer51 { size: 4, space: 2 }
        );
        assert_eq!(p.instructions[0].operands[0].indices.len(), 3);
        // The same declaration read as SM5.0 leaves the last two dwords over.
        let mut w50 = w;
        w50[0] = 0x0005_0050;
        let p = decode_program_dwords(&w50).unwrap();
        assert_eq!(p.instructions[0].trailing, vec![4, 2]);
        assert_eq!(crate::encode::encode_program(&p), w50);
    }

    #[test]
    fn operand_counts_cover_the_table() {
        for &op in Opcode::ALL {
            let n = operand_count(op);
            assert_eq!(
                n.is_none(),
                op.is_reserved() || op == Opcode::Customdata,
                "{op:?}"
            );
        }
        assert_eq!(operand_count(Opcode::SampleDClampFeedback), Some(8));
        assert_eq!(operand_count(Opcode::DclThreadGroup), Some(0));
        assert_eq!(operand_count(Opcode::DclInputPsSiv), Some(1));
        assert_eq!(operand_count(Opcode::Imul), Some(4));
        assert_eq!(operand_count(Opcode::InterfaceCall), Some(1));
    }

    /// How many opcodes have each layout: a fingerprint of the table's
    /// layout column, so that a changed row shows up here.
    #[test]
    fn layout_column_fingerprint() {
        let mut by_layout: Vec<(String, usize)> = Vec::new();
        for &op in Opcode::ALL {
            let name = match layout(op) {
                Some(Layout::TypedResource { uav }) => format!("TypedResource(uav: {uav})"),
                l => format!("{l:?}"),
            };
            match by_layout.iter_mut().find(|(n, _)| *n == name) {
                Some((_, k)) => *k += 1,
                None => by_layout.push((name, 1)),
            }
        }
        by_layout.sort();
        let got: Vec<String> = by_layout.iter().map(|(n, k)| format!("{n} {k}")).collect();
        assert_eq!(
            got.join(", "),
            "None 6, Some(ConstantBuffer) 1, Some(Count) 6, Some(Float) 1, \
             Some(FunctionTable) 1, Some(IndexableTemp) 1, Some(Interface) 1, \
             Some(InterfaceCall) 1, Some(OperandCount) 2, Some(OperandSpace51) 3, \
             Some(Ops(0)) 28, Some(Ops(1)) 16, Some(Ops(2)) 45, Some(Ops(3)) 56, \
             Some(Ops(4)) 33, Some(Ops(5)) 12, Some(Ops(6)) 7, Some(Ops(7)) 3, \
             Some(Ops(8)) 1, Some(StructuredResource) 2, Some(SystemValue) 6, \
             Some(TgsmStructured) 1, Some(ThreadGroup) 1, TypedResource(uav: false) 1, \
             TypedResource(uav: true) 1"
        );
        assert_eq!(
            layout(Opcode::DclResource),
            Some(Layout::TypedResource { uav: false })
        );
        assert_eq!(
            layout(Opcode::DclUnorderedAccessViewTyped),
            Some(Layout::TypedResource { uav: true })
        );
        assert_eq!(layout(Opcode::DclHsMaxTessfactor), Some(Layout::Float));
        assert_eq!(layout(Opcode::Customdata), None);
        assert_eq!(layout(Opcode::Unknown(4000)), None);
    }

    #[test]
    fn sample_offsets_sign_extend() {
        // aoffimmi(-8, 7, -1)
        let e = decode_extended_opcode(1 | 8 << 9 | 7 << 13 | 0xf << 17);
        assert_eq!(
            e,
            ExtendedOpcode::SampleControls {
                offsets: [-8, 7, -1],
                raw: 1 | 8 << 9 | 7 << 13 | 0xf << 17
            }
        );
        assert_eq!(crate::encode::encode_extended_opcode(&e), e.raw());
        assert_eq!(
            decode_extended_opcode(0x8000_0005),
            ExtendedOpcode::Other(5)
        );
    }
}
