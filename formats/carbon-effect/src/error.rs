//! Reader errors: the field that was being read, its byte offset from the
//! start of the file, and what was wrong with it.

use std::fmt;

/// What was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The field runs past the end of the data it belongs to (the file, or
    /// the body whose row gives its size).
    #[error("truncated: needed {needed} bytes, {available} available")]
    Truncated {
        /// Bytes needed.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// `version` is not one the runtime accepts (2 to 15).
    #[error("version {0} is not supported (the Carbon runtime reads 2 to 15)")]
    Version(u32),
    /// A count over the cap the Carbon runtime enforces.
    #[error("count {value} is over the limit of {limit}")]
    Limit {
        /// The count.
        value: u64,
        /// The runtime's cap.
        limit: u64,
    },
    /// A count whose records cannot fit in the bytes that are left.
    #[error("count {count} needs at least {needed} bytes, {available} left")]
    Count {
        /// The count.
        count: u64,
        /// Bytes its records need at least.
        needed: u64,
        /// Bytes left.
        available: u64,
    },
    /// A string reference outside the arena.
    #[error("reference {reference:#x} is outside the arena ({arena} bytes)")]
    BadRef {
        /// The reference.
        reference: u32,
        /// Arena size.
        arena: u32,
    },
    /// A string reference whose text has no NUL before the arena ends.
    #[error("string at arena offset {0:#x} is not NUL-terminated")]
    Unterminated(u32),
    /// A sized blob `{size, ref}` that does not fit in the arena.
    #[error(
        "blob of {size} bytes at arena offset {reference:#x} runs past the arena ({arena} bytes)"
    )]
    BadBlob {
        /// The reference.
        reference: u32,
        /// The size.
        size: u32,
        /// Arena size.
        arena: u32,
    },
    /// The null reference `0xffffffff` where it is not allowed (only an
    /// empty default-constant block may have it).
    #[error("null reference where an arena entry is required")]
    NullRef,
    /// An enum byte with a value the format does not define.
    #[error("value {0} is not defined here")]
    BadValue(u64),
    /// The row table does not hold one row per permutation.
    #[error("{rows} rows, but the axes give {permutations} permutations (rows are positional)")]
    RowCount {
        /// Rows in the table.
        rows: u64,
        /// Product of the option counts.
        permutations: u64,
    },
    /// A row's `index` is not its position (the runtime indexes rows by
    /// position and would select the wrong body).
    #[error("row at position {position} says index {index}")]
    RowIndex {
        /// Position in the table.
        position: u32,
        /// The stored index.
        index: u32,
    },
    /// The bodies the rows point at do not tile the bytes after the header
    /// exactly (a gap, an overlap, or bytes past the last body).
    #[error("{0}")]
    Tiling(String),
    /// A body (or a record inside it) has bytes left that nothing reads.
    #[error("{0} bytes left unread")]
    Trailing(u64),
}

/// A reader error: the field, its offset from the start of the file, and
/// the kind. `Display` reads
/// `body 0 technique "Main" pass 0 stage 1 texture count at byte 0x1f3c: count 200 is over the limit of 64`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The field, with the records it is inside of (`body 1 technique
    /// "Main" pass 0 stage 0 constant count`).
    pub field: String,
    /// Byte offset of the field from the start of the file.
    pub offset: u64,
    /// What was wrong.
    pub kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(field: impl Into<String>, offset: u64, kind: ErrorKind) -> Error {
        Error {
            field: field.into(),
            offset,
            kind,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {} ({:#x}): {}",
            self.field, self.offset, self.offset, self.kind
        )
    }
}

impl std::error::Error for Error {}

/// A reader result.
pub type Result<T> = std::result::Result<T, Error>;
