//! A whole shader: the container, its interpreted chunks and the decoded
//! program.
//!
//! [`parse`] is lenient about the checksum: a mismatch does not fail, it is
//! recorded in `shader.container.checksum_ok` (some real blobs were edited
//! after compilation, and the checksum protects nothing the translation
//! relies on). [`parse_with`]`(bytes, ParseOptions::strict())` fails with
//! [`crate::ErrorKind::ChecksumMismatch`] instead.
//!
//! Chunk choice when a container holds more than one variant: the input
//! signature is `ISG1`, else `ISGN`; the output signature `OSG1`, else
//! `OSG5`, else `OSGN`; the patch-constant signature `PSG1`, else `PCSG`; the
//! program `SHEX`, else `SHDR`. Missing signature, `RDEF`, `SFI0` and `STAT`
//! chunks are normal (stripped blobs) and give `None`; a present but
//! malformed one is an error. Every error names the chunk and carries its
//! byte offset from the start of the container.

use crate::chunks::{Sfi0, Stat};
use crate::container::{fourcc, ChunkEntry, Container, ParseOptions};
use crate::error::{Error, ErrorKind, FourCc, Result};
use crate::rdef::Rdef;
use crate::signature::Signature;
use crate::{Program, ProgramType};

/// A parsed shader.
#[derive(Clone, Debug, PartialEq)]
pub struct Shader {
    /// The container (header, checksum status, chunk table, bytes).
    pub container: Container,
    /// Input signature (`ISG1` or `ISGN`).
    pub input_signature: Option<Signature>,
    /// Output signature (`OSG1`, `OSG5` or `OSGN`).
    pub output_signature: Option<Signature>,
    /// Patch-constant signature (`PSG1` or `PCSG`): hull-shader outputs,
    /// domain-shader inputs.
    pub patch_constant_signature: Option<Signature>,
    /// Resource definitions, unless stripped.
    pub rdef: Option<Rdef>,
    /// Feature flags, when present.
    pub sfi0: Option<Sfi0>,
    /// Statistics, when present.
    pub stat: Option<Stat>,
    /// The program chunk the code came from (`SHDR` or `SHEX`).
    pub code_chunk: FourCc,
    /// The decoded program.
    pub program: Program,
}

impl Shader {
    /// Same as [`parse`].
    pub fn parse(bytes: &[u8]) -> Result<Shader> {
        parse(bytes)
    }
    /// Same as [`parse_with`].
    pub fn parse_with(bytes: &[u8], options: ParseOptions) -> Result<Shader> {
        parse_with(bytes, options)
    }
    /// The program type from the program's version token.
    pub fn stage(&self) -> ProgramType {
        self.program.version.program_type
    }
    /// The shader model `(major, minor)` from the program's version token.
    pub fn model(&self) -> (u8, u8) {
        (self.program.version.major, self.program.version.minor)
    }
    /// The chunk-table entry of the program chunk.
    pub fn code_chunk_entry(&self) -> Option<&ChunkEntry> {
        self.container
            .chunks
            .iter()
            .find(|c| c.fourcc == self.code_chunk)
    }
}

/// Parses a shader with the default options (checksum mismatch recorded,
/// not fatal).
pub fn parse(bytes: &[u8]) -> Result<Shader> {
    parse_with(bytes, ParseOptions::default())
}

/// Parses a shader.
pub fn parse_with(bytes: &[u8], options: ParseOptions) -> Result<Shader> {
    let container = Container::parse(bytes, options)?;

    let signature = |choices: &[FourCc]| -> Result<Option<Signature>> {
        for &cc in choices {
            if let Some((entry, data)) = container.find(cc) {
                return Signature::parse(cc, data)
                    .map(Some)
                    .map_err(|e| e.in_chunk(cc, entry.data_offset()));
            }
        }
        Ok(None)
    };
    let input_signature = signature(&[fourcc::ISG1, fourcc::ISGN])?;
    let output_signature = signature(&[fourcc::OSG1, fourcc::OSG5, fourcc::OSGN])?;
    let patch_constant_signature = signature(&[fourcc::PSG1, fourcc::PCSG])?;

    let rdef = match container.find(fourcc::RDEF) {
        Some((entry, data)) => {
            Some(Rdef::parse(data).map_err(|e| e.in_chunk(fourcc::RDEF, entry.data_offset()))?)
        }
        None => None,
    };
    let sfi0 = match container.find(fourcc::SFI0) {
        Some((entry, data)) => {
            Some(Sfi0::parse(data).map_err(|e| e.in_chunk(fourcc::SFI0, entry.data_offset()))?)
        }
        None => None,
    };
    let stat = match container.find(fourcc::STAT) {
        Some((entry, data)) => {
            Some(Stat::parse(data).map_err(|e| e.in_chunk(fourcc::STAT, entry.data_offset()))?)
        }
        None => None,
    };

    let (code_chunk, entry, data) = [fourcc::SHEX, fourcc::SHDR]
        .into_iter()
        .find_map(|cc| container.find(cc).map(|(e, d)| (cc, *e, d)))
        .ok_or_else(|| Error::new(ErrorKind::MissingProgram, 0))?;
    let program = crate::decode::decode_program(data)
        .map_err(|e| e.in_chunk(code_chunk, entry.data_offset()))?;

    Ok(Shader {
        container,
        input_signature,
        output_signature,
        patch_constant_signature,
        rdef,
        sfi0,
        stat,
        code_chunk,
        program,
    })
}
