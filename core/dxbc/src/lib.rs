//! # dxlower-dxbc
//!
//! The DXBC reader of dxlower: container and chunk parsing (signatures,
//! RDEF, SFI0, STAT), the SM4/SM5 token decoder into a typed [`Program`],
//! the encoder that turns a [`Program`] back into exactly the same dwords
//! (and builds programs for tests), an fxc-style disassembler, and the
//! assembler that reads such listings back ([`asm`]).
//!
//! This crate knows nothing of GLSL, profiles or lowering. Data flows one
//! way: bytes → [`Shader`] (container + chunks + [`Program`]).
//!
//! Everything known about an opcode is in one table,
//! [`for_each_opcode!`]: one row per opcode with its number, mnemonic,
//! kind (instruction, `_z`/`_nz` test, declaration), operand layout,
//! disassembly operand kinds, fxc listing name, owning family and coverage.
//! The [`Opcode`] enum, the decoder's and encoder's layouts and the
//! disassembler's operand typing and names are generated from it. The
//! family column is data naming which lowerings crate owns an opcode, and
//! the coverage column says whether a handler lowers it, whether it only
//! occurs in stages dxlower does not lower, or whether it is a reserved
//! marker; the reader does not act on either (the lowering registry reads
//! them through [`Opcode::family`] and [`Opcode::coverage`]).
//!
//! Every error names the chunk and the byte offset from the start of the
//! container, and inside a program the instruction index, its opcode and its
//! dword offset. No input makes the reader panic, read out of bounds or
//! allocate by an unchecked length field.

pub mod asm;
pub mod checksum;
pub mod chunks;
pub mod container;
pub mod decode;
pub mod disasm;
pub mod encode;
pub mod error;
pub mod ir;
pub mod opcode;
mod opcode_table;
pub mod program_type;
pub mod rdef;
pub mod shader;
pub mod signature;

pub use asm::{AsmError, Assembled};
pub use chunks::{Sfi0, Stat};
pub use container::{ChunkEntry, Container, ParseOptions};
pub use decode::{decode_program, decode_program_dwords};
pub use encode::{encode_program, encode_program_bytes, try_encode_program};
pub use error::{Error, ErrorKind, FourCc, InstructionSite};
pub use ir::*;
pub use opcode::{Coverage, Kind as OperandKind, Opcode};
pub use rdef::Rdef;
pub use shader::{parse, parse_with, Shader};
pub use signature::{Signature, SignatureElement, SignatureSystemValue};
/// The inline vector type of [`Indices`] and [`ImmValues`], re-exported
/// for code that builds operands (`smallvec::smallvec![...]`).
pub use smallvec;
