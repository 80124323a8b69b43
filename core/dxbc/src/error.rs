//! Reader errors: what went wrong and exactly where.
//!
//! An [`Error`] is one boxed allocation (cheap to return through `Result`)
//! holding an [`ErrorKind`] plus its location: the chunk FourCC, the byte
//! offset from the start of the container, and inside a program the
//! instruction index, opcode and dword offset. `Display` reads, e.g.:
//!
//! `operand index representation 7 is reserved (chunk SHEX, byte offset 0x1a4, instruction 12 sample_l at dword 88)`

use crate::opcode::Opcode;
use std::fmt;

/// A chunk FourCC (`*b"SHEX"`).
pub type FourCc = [u8; 4];

/// Renders a FourCC for messages (non-printable bytes as `\xNN`).
pub fn fourcc_str(cc: &FourCc) -> String {
    cc.iter()
        .map(|&b| {
            if b.is_ascii_graphic() {
                (b as char).to_string()
            } else {
                format!("\\x{b:02x}")
            }
        })
        .collect()
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The blob does not start with `DXBC`.
    #[error("not a DXBC container: magic is {0:02x?}, expected \"DXBC\"")]
    BadMagic([u8; 4]),
    /// The stored checksum differs from the computed one. A caller may choose
    /// to ignore this kind (see the container's parse options).
    #[error("checksum mismatch: stored {stored}, computed {computed}")]
    ChecksumMismatch {
        /// Hex of the 16 stored bytes.
        stored: String,
        /// Hex of the 16 computed bytes.
        computed: String,
    },
    /// A read ran past the end of the data it belongs to.
    #[error("truncated: needed {needed} bytes, {available} available")]
    Truncated {
        /// Bytes needed.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// A size or count field disagrees with the data around it.
    #[error("{what}: {value} is out of range (limit {limit})")]
    OutOfRange {
        /// The field.
        what: &'static str,
        /// Its value.
        value: u64,
        /// The bound it broke.
        limit: u64,
    },
    /// No SHDR or SHEX chunk in the container.
    #[error("no SHDR or SHEX chunk")]
    MissingProgram,
    /// The program's version token names no known program type or model.
    #[error("unsupported program version token {0:#010x}")]
    BadVersion(u32),
    /// An opcode number outside the token format's table.
    #[error("unknown opcode {0} ({0:#x})")]
    UnknownOpcode(u16),
    /// An instruction whose length field is zero or runs past the program.
    #[error("instruction length {length} dwords is invalid ({available} dwords left)")]
    BadInstructionLength {
        /// Declared length.
        length: u32,
        /// Dwords left in the program.
        available: u32,
    },
    /// A field holds a value the format reserves.
    #[error("{what} {value} is reserved")]
    Reserved {
        /// The field.
        what: &'static str,
        /// Its value.
        value: u32,
    },
    /// Anything else that is malformed, described in words.
    #[error("{0}")]
    Malformed(String),
}

/// Where an error happened inside a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InstructionSite {
    /// Index of the instruction in the program (0-based, declarations
    /// counted).
    pub index: usize,
    /// The opcode, when it could be read.
    pub opcode: Option<Opcode>,
    /// Dword offset of the instruction from the start of the program.
    pub dword: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    chunk: Option<FourCc>,
    offset: u64,
    site: Option<InstructionSite>,
}

/// A reader error: an [`ErrorKind`] and where it happened.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

impl Error {
    /// An error at byte `offset` from the start of the data being read.
    #[cold]
    pub fn new(kind: ErrorKind, offset: u64) -> Self {
        Error(Box::new(Inner {
            kind,
            chunk: None,
            offset,
            site: None,
        }))
    }
    /// A `Truncated` error.
    #[cold]
    pub fn truncated(offset: u64, needed: u64, available: u64) -> Self {
        Self::new(ErrorKind::Truncated { needed, available }, offset)
    }
    /// A `Malformed` error.
    #[cold]
    pub fn malformed(offset: u64, msg: impl Into<String>) -> Self {
        Self::new(ErrorKind::Malformed(msg.into()), offset)
    }
    /// Names the chunk and rebases the offset onto the container: `base` is
    /// the chunk data's byte offset in the container.
    #[cold]
    pub fn in_chunk(mut self, chunk: FourCc, base: u64) -> Self {
        if self.0.chunk.is_none() {
            self.0.chunk = Some(chunk);
            self.0.offset += base;
        }
        self
    }
    /// Attaches the instruction the error happened in.
    #[cold]
    pub fn at_instruction(mut self, site: InstructionSite) -> Self {
        if self.0.site.is_none() {
            self.0.site = Some(site);
        }
        self
    }
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }
    /// The chunk, if the error is inside one.
    pub fn chunk(&self) -> Option<FourCc> {
        self.0.chunk
    }
    /// Byte offset from the start of the container (or of the data passed
    /// to the reader, before [`Error::in_chunk`]).
    pub fn offset(&self) -> u64 {
        self.0.offset
    }
    /// The instruction, if the error is inside a program.
    pub fn site(&self) -> Option<InstructionSite> {
        self.0.site
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (", self.0.kind)?;
        if let Some(cc) = &self.0.chunk {
            write!(f, "chunk {}, ", fourcc_str(cc))?;
        }
        write!(f, "byte offset {:#x}", self.0.offset)?;
        if let Some(site) = &self.0.site {
            write!(f, ", instruction {}", site.index)?;
            if let Some(op) = site.opcode {
                write!(f, " {op}")?;
            }
            write!(f, " at dword {}", site.dword)?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Result alias for the reader.
pub type Result<T, E = Error> = std::result::Result<T, E>;
