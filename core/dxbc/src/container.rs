//! The DXBC container: header, checksum and chunk table.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | `0..4` | magic `DXBC` |
//! | `4..20` | checksum of bytes `20..total_size` (see [`crate::checksum`]) |
//! | `20..24` | container version: `u16` major (1), `u16` minor (0) |
//! | `24..28` | total size in bytes |
//! | `28..32` | chunk count |
//! | `32..` | one `u32` byte offset per chunk, from the start of the container |
//!
//! Each chunk starts with its FourCC and a `u32` data size, followed by the
//! data.
//!
//! Decisions:
//!
//! - **Total size.** The declared total size must fit the blob (it may not
//!   be larger). Bytes after it are tolerated and ignored (counted in
//!   [`Container::trailing_bytes`]), because blobs cut out of C tables or
//!   files are sometimes padded. The checksum covers bytes `20..total_size`.
//! - **Version.** The container version is recorded, not checked: every
//!   known producer writes 1.0 and nothing else in the layout depends on it.
//! - **Checksum.** A mismatch is [`ErrorKind::ChecksumMismatch`] when
//!   [`ParseOptions::verify_checksum`] is set; otherwise parsing goes on and
//!   [`Container::checksum_ok`] is `false`. [`ParseOptions::unchecked`]
//!   skips the computation (nothing that translates a shader reads it).
//! - **Chunks.** Every chunk offset must point past the chunk table, and each
//!   chunk's header and data must lie inside the container. Chunks this crate
//!   does not interpret are kept (their bytes stay in the container) and
//!   listed by [`Container::unknown_chunks`].

use crate::checksum;
use crate::error::{Error, ErrorKind, FourCc, Result};

/// Options for [`Container::parse`] and [`crate::shader::parse_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// Fail with [`ErrorKind::ChecksumMismatch`] when the stored checksum
    /// differs from the computed one. When `false` (the default), the
    /// mismatch is only recorded in [`Container::checksum_ok`].
    pub verify_checksum: bool,
    /// Do not compute the checksum at all (ignored when `verify_checksum`
    /// is set): [`Container::checksum_checked`] is then `false`,
    /// `checksum_ok` is `false` and `computed_checksum` is all zeros. For
    /// callers that never read the checksum status (translation): the MD5
    /// pass over the whole container is the largest single cost of parsing
    /// a small shader.
    pub skip_checksum: bool,
}

impl ParseOptions {
    /// Strict parsing: a checksum mismatch is an error.
    pub const fn strict() -> Self {
        ParseOptions {
            verify_checksum: true,
            skip_checksum: false,
        }
    }
    /// Lenient parsing (the default): a checksum mismatch is recorded, not
    /// fatal.
    pub const fn lenient() -> Self {
        ParseOptions {
            verify_checksum: false,
            skip_checksum: false,
        }
    }
    /// Parsing that does not compute the checksum (see
    /// [`ParseOptions::skip_checksum`]).
    pub const fn unchecked() -> Self {
        ParseOptions {
            verify_checksum: false,
            skip_checksum: true,
        }
    }
}

/// Size of the fixed container header (before the chunk offset table).
pub const HEADER_SIZE: usize = 32;

/// The container magic.
pub const MAGIC: FourCc = *b"DXBC";

/// FourCCs of the chunks this crate interprets.
pub mod fourcc {
    use crate::error::FourCc;
    /// Resource definitions.
    pub const RDEF: FourCc = *b"RDEF";
    /// Input signature (24-byte elements).
    pub const ISGN: FourCc = *b"ISGN";
    /// Output signature (24-byte elements).
    pub const OSGN: FourCc = *b"OSGN";
    /// Geometry-shader output signature with streams (28-byte elements).
    pub const OSG5: FourCc = *b"OSG5";
    /// Input signature with stream and min precision (32-byte elements).
    pub const ISG1: FourCc = *b"ISG1";
    /// Output signature with stream and min precision (32-byte elements).
    pub const OSG1: FourCc = *b"OSG1";
    /// Patch-constant signature (24-byte elements).
    pub const PCSG: FourCc = *b"PCSG";
    /// Patch-constant signature with stream and min precision (32-byte
    /// elements).
    pub const PSG1: FourCc = *b"PSG1";
    /// SM4 program.
    pub const SHDR: FourCc = *b"SHDR";
    /// SM5 program.
    pub const SHEX: FourCc = *b"SHEX";
    /// Shader feature flags.
    pub const SFI0: FourCc = *b"SFI0";
    /// Statistics.
    pub const STAT: FourCc = *b"STAT";

    /// Every FourCC above.
    pub const KNOWN: [FourCc; 12] = [
        RDEF, ISGN, OSGN, OSG5, ISG1, OSG1, PCSG, PSG1, SHDR, SHEX, SFI0, STAT,
    ];
}

/// One entry of the chunk table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkEntry {
    /// The chunk's FourCC.
    pub fourcc: FourCc,
    /// Byte offset of the chunk header (FourCC) from the start of the
    /// container.
    pub offset: u32,
    /// Size of the chunk data in bytes (excluding the 8-byte header).
    pub size: u32,
}

impl ChunkEntry {
    /// Byte offset of the chunk data from the start of the container.
    pub fn data_offset(&self) -> u64 {
        self.offset as u64 + 8
    }
    /// True when this crate interprets chunks with this FourCC.
    pub fn is_known(&self) -> bool {
        fourcc::KNOWN.contains(&self.fourcc)
    }
}

/// A parsed DXBC container: header fields, checksum status, the chunk table
/// and the container bytes (cut to the declared total size).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Container {
    /// Checksum stored in bytes `4..20`.
    pub stored_checksum: [u8; 16],
    /// Checksum computed over bytes `20..total_size`.
    pub computed_checksum: [u8; 16],
    /// Whether the two agree (`false` when the checksum was not computed).
    pub checksum_ok: bool,
    /// Whether the checksum was computed (`false` only under
    /// [`ParseOptions::skip_checksum`]).
    pub checksum_checked: bool,
    /// Container format major version (1 in every known container).
    pub version_major: u16,
    /// Container format minor version (0 in every known container).
    pub version_minor: u16,
    /// Declared total size in bytes.
    pub total_size: u32,
    /// Bytes in the input after `total_size` (ignored).
    pub trailing_bytes: u64,
    /// The chunk table, in table order.
    pub chunks: Vec<ChunkEntry>,
    bytes: Vec<u8>,
}

impl Container {
    /// Parses and validates a container (see the module docs for what is
    /// checked). Errors carry the byte offset of the offending field.
    pub fn parse(bytes: &[u8], options: ParseOptions) -> Result<Container> {
        let len = bytes.len() as u64;
        let magic = match bytes.get(0..4) {
            Some(m) => [m[0], m[1], m[2], m[3]],
            None => return Err(Error::truncated(0, HEADER_SIZE as u64, len)),
        };
        if magic != MAGIC {
            return Err(Error::new(ErrorKind::BadMagic(magic), 0));
        }
        if bytes.len() < HEADER_SIZE {
            return Err(Error::truncated(0, HEADER_SIZE as u64, len));
        }
        let mut stored_checksum = [0u8; 16];
        stored_checksum.copy_from_slice(bytes.get(4..20).unwrap_or(&[0; 16]));
        let version_major = read_u16(bytes, 20)?;
        let version_minor = read_u16(bytes, 22)?;
        let total_size = read_u32(bytes, 24)?;
        let total = total_size as u64;
        if total < HEADER_SIZE as u64 {
            return Err(Error::new(
                ErrorKind::OutOfRange {
                    what: "container total size (below the 32-byte header)",
                    value: total,
                    limit: HEADER_SIZE as u64,
                },
                24,
            ));
        }
        if total > len {
            return Err(Error::truncated(24, total, len));
        }
        let data = bytes.get(..total_size as usize).unwrap_or(bytes);

        let count = read_u32(data, 28)?;
        let max_count = (total - HEADER_SIZE as u64) / 4;
        if count as u64 > max_count {
            return Err(Error::new(
                ErrorKind::OutOfRange {
                    what: "chunk count",
                    value: count as u64,
                    limit: max_count,
                },
                28,
            ));
        }
        let table_end = HEADER_SIZE as u64 + 4 * count as u64;
        let mut chunks = Vec::with_capacity(count as usize);
        for i in 0..count as u64 {
            let field = HEADER_SIZE as u64 + 4 * i;
            let offset = read_u32(data, field)?;
            let off = offset as u64;
            if off < table_end {
                return Err(Error::new(
                    ErrorKind::OutOfRange {
                        what: "chunk offset (below the end of the chunk table)",
                        value: off,
                        limit: table_end,
                    },
                    field,
                ));
            }
            if off + 8 > total {
                return Err(Error::new(
                    ErrorKind::OutOfRange {
                        what: "chunk offset",
                        value: off,
                        limit: total.saturating_sub(8),
                    },
                    field,
                ));
            }
            let cc = read_fourcc(data, off)?;
            let size = read_u32(data, off + 4)?;
            let room = total - off - 8;
            if size as u64 > room {
                return Err(Error::new(
                    ErrorKind::OutOfRange {
                        what: "chunk size",
                        value: size as u64,
                        limit: room,
                    },
                    off + 4,
                )
                .in_chunk(cc, 0));
            }
            chunks.push(ChunkEntry {
                fourcc: cc,
                offset,
                size,
            });
        }

        let checksum_checked = options.verify_checksum || !options.skip_checksum;
        let computed_checksum = if checksum_checked {
            checksum::container_checksum(data)
        } else {
            [0; 16]
        };
        let checksum_ok = checksum_checked && computed_checksum == stored_checksum;
        if options.verify_checksum && !checksum_ok {
            return Err(Error::new(
                ErrorKind::ChecksumMismatch {
                    stored: checksum::to_hex(&stored_checksum),
                    computed: checksum::to_hex(&computed_checksum),
                },
                4,
            ));
        }

        Ok(Container {
            stored_checksum,
            computed_checksum,
            checksum_ok,
            checksum_checked,
            version_major,
            version_minor,
            total_size,
            trailing_bytes: len - total,
            chunks,
            bytes: data.to_vec(),
        })
    }

    /// The container bytes (`total_size` long).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The data of a chunk of this container (empty if `entry` does not
    /// belong to it).
    pub fn chunk_data(&self, entry: &ChunkEntry) -> &[u8] {
        let start = entry.data_offset();
        let end = start + entry.size as u64;
        usize::try_from(start)
            .ok()
            .zip(usize::try_from(end).ok())
            .and_then(|(s, e)| self.bytes.get(s..e))
            .unwrap_or(&[])
    }

    /// The first chunk with FourCC `cc`, with its data.
    pub fn find(&self, cc: FourCc) -> Option<(&ChunkEntry, &[u8])> {
        self.chunks
            .iter()
            .find(|c| c.fourcc == cc)
            .map(|c| (c, self.chunk_data(c)))
    }

    /// The chunk FourCCs in table order.
    pub fn fourccs(&self) -> impl Iterator<Item = FourCc> + '_ {
        self.chunks.iter().map(|c| c.fourcc)
    }

    /// Chunks this crate does not interpret (debug info, `Aon9`, `IFCE`,
    /// `RTS0`, ...), kept raw: read them with [`Container::chunk_data`].
    pub fn unknown_chunks(&self) -> impl Iterator<Item = &ChunkEntry> + '_ {
        self.chunks.iter().filter(|c| !c.is_known())
    }
}

// ---------------------------------------------------------------------------
// Bounds-checked little-endian reads shared by the chunk readers. Offsets are
// relative to `data`; errors carry them unchanged (callers rebase with
// `Error::in_chunk`).

/// Converts a `u64` offset into a slice range of `n` bytes, or a `Truncated`
/// error at `off`.
fn range(data: &[u8], off: u64, n: u64) -> Result<std::ops::Range<usize>> {
    let len = data.len() as u64;
    match off.checked_add(n) {
        Some(end) if end <= len => Ok(off as usize..end as usize),
        _ => Err(Error::truncated(off, n, len.saturating_sub(off))),
    }
}

/// Reads a little-endian `u32` at `off`.
pub(crate) fn read_u32(data: &[u8], off: u64) -> Result<u32> {
    let r = range(data, off, 4)?;
    let b = data.get(r).unwrap_or(&[0; 4]);
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Reads a little-endian `u16` at `off`.
pub(crate) fn read_u16(data: &[u8], off: u64) -> Result<u16> {
    let r = range(data, off, 2)?;
    let b = data.get(r).unwrap_or(&[0; 2]);
    Ok(u16::from_le_bytes([b[0], b[1]]))
}

/// Reads a byte at `off`.
pub(crate) fn read_u8(data: &[u8], off: u64) -> Result<u8> {
    let r = range(data, off, 1)?;
    Ok(data.get(r.start).copied().unwrap_or(0))
}

/// Reads a FourCC at `off`.
pub(crate) fn read_fourcc(data: &[u8], off: u64) -> Result<FourCc> {
    let r = range(data, off, 4)?;
    let b = data.get(r).unwrap_or(&[0; 4]);
    Ok([b[0], b[1], b[2], b[3]])
}

/// Reads `n` bytes at `off`.
pub(crate) fn read_bytes(data: &[u8], off: u64, n: u64) -> Result<&[u8]> {
    let r = range(data, off, n)?;
    Ok(data.get(r).unwrap_or(&[]))
}

/// Reads the NUL-terminated string at `str_off`, whose offset was read from
/// the field at `field_off` (named `what`). An offset outside `data` is an
/// `OutOfRange` error at `field_off`; a string without a terminator is a
/// `Malformed` error at `str_off`. Bytes that are not UTF-8 are replaced.
pub(crate) fn read_cstr(
    data: &[u8],
    str_off: u32,
    what: &'static str,
    field_off: u64,
) -> Result<String> {
    let len = data.len() as u64;
    let start = str_off as u64;
    if start >= len {
        return Err(Error::new(
            ErrorKind::OutOfRange {
                what,
                value: start,
                limit: len,
            },
            field_off,
        ));
    }
    let rest = data.get(start as usize..).unwrap_or(&[]);
    match rest.iter().position(|&b| b == 0) {
        Some(n) => Ok(String::from_utf8_lossy(rest.get(..n).unwrap_or(&[])).into_owned()),
        None => Err(Error::malformed(
            start,
            format!("{what}: string is not NUL-terminated before the end of the chunk"),
        )),
    }
}

/// Checks that `n` bytes at `off` (an offset read from the field at
/// `field_off`, named `what`) lie inside `data`; otherwise an `OutOfRange`
/// error naming the offset, at `field_off`.
pub(crate) fn check_range(
    data: &[u8],
    off: u64,
    n: u64,
    what: &'static str,
    field_off: u64,
) -> Result<()> {
    let len = data.len() as u64;
    if off.checked_add(n).is_some_and(|end| end <= len) {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::OutOfRange {
                what,
                value: off,
                limit: len.saturating_sub(n),
            },
            field_off,
        ))
    }
}

/// Checks that `count` records of `stride` bytes starting at `off` fit in
/// `data`; otherwise an `OutOfRange` error naming the count, at `field_off`
/// (the count field). Call before allocating by `count`.
pub(crate) fn check_array(
    data: &[u8],
    off: u64,
    count: u64,
    stride: u64,
    what: &'static str,
    field_off: u64,
) -> Result<()> {
    let len = data.len() as u64;
    let room = len.saturating_sub(off);
    let fits = off <= len
        && count
            .checked_mul(stride)
            .map(|bytes| bytes <= room)
            .unwrap_or(false);
    if fits {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::OutOfRange {
                what,
                value: count,
                limit: room.checked_div(stride).unwrap_or(0),
            },
            field_off,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal container: header, one empty chunk, the right checksum.
    fn tiny() -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(b"DXBC");
        b.extend_from_slice(&[0; 16]);
        b.extend_from_slice(&1u16.to_le_bytes());
        b.extend_from_slice(&0u16.to_le_bytes());
        b.extend_from_slice(&44u32.to_le_bytes());
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&36u32.to_le_bytes());
        b.extend_from_slice(b"STAT");
        b.extend_from_slice(&0u32.to_le_bytes());
        let sum = checksum::container_checksum(&b);
        b[4..20].copy_from_slice(&sum);
        b
    }

    #[test]
    fn unchecked_parse_skips_only_the_checksum() {
        let b = tiny();
        let checked = Container::parse(&b, ParseOptions::default()).unwrap();
        assert!(checked.checksum_checked && checked.checksum_ok);
        let fast = Container::parse(&b, ParseOptions::unchecked()).unwrap();
        assert!(!fast.checksum_checked && !fast.checksum_ok);
        assert_eq!(fast.computed_checksum, [0; 16]);
        assert_eq!(fast.chunks, checked.chunks);
        assert_eq!(fast.bytes(), checked.bytes());
        // A damaged checksum is not noticed when skipped, still fatal when
        // verified (verification wins over skipping).
        let mut bad = b.clone();
        bad[4] ^= 1;
        assert!(Container::parse(&bad, ParseOptions::unchecked()).is_ok());
        let both = ParseOptions {
            verify_checksum: true,
            skip_checksum: true,
        };
        assert!(Container::parse(&bad, both).is_err());
    }
}
