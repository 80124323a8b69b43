//! # dxlower-carbon-effect
//!
//! Reads Carbon compiled-effect containers — the `.sm_hi`, `.sm_lo` and
//! `.sm_depth` files EVE Online ships its shaders in — versions 2 to 15:
//! the header, the permutation axes, the positional row table, the arena,
//! and every body (techniques → passes → stages, each stage a program plus
//! the reflection the compiler stripped from it). With the `write` feature
//! it also writes them (the `write` module), which is how the tests build effects.
//!
//! This crate is pure: no files, no clock, no GLSL, and it does not decode
//! the programs (a stage's program is a byte range; `dxlower-dxbc` reads
//! DXBC). Untrusted input: every count is checked against its runtime cap
//! and against the bytes left before anything is allocated for it, every
//! reference against the arena, every body must be read to its last byte,
//! and no input makes it panic (the `parse_effect` fuzz target and the
//! mutation test in `tests/tests/carbon_effect.rs`). Every error names the
//! field and its byte offset ([`Error`]).
//!
//! ## Layout
//!
//! Version 15 (versions 5 to 14 lack the compiler version and hash):
//!
//! | field | |
//! |---|---|
//! | `u32 version` | 2..=15 |
//! | `u8[4] compiler version`, `char[32] source hash` | version 15 only |
//! | `u32 arenaSize`, arena | strings (NUL-terminated) and sized blobs |
//! | `u8 axisCount`, axes | `ref name, u8 default, ref description, u8 type (v > 5), u8 n, ref option[n]` |
//! | `u32 rowCount`, rows | `{u32 index, u32 offset, u32 size}`, offsets absolute |
//! | bodies | back to back |
//!
//! Versions 2 to 4: `u32 version, u32 rowCount, rows, u32 arenaSize,
//! arena, bodies`; no axes; programs are stored inline in the bodies. The
//! body fields of each version follow the Carbon runtime's reader branch by
//! branch (see [`read`]).
//!
//! ## Real files
//!
//! The only real containers in a public repository are the legacy GLSL
//! ones once committed to cppctamber/ccpwgl2
//! (`res/graphics/effect.gles2/**` at `78204ba996a7c2864020470783d8f9484bcad93b`):
//! all 1,806 read with this reader, every body to its last byte — versions
//! 8 (1,278 files), 7 (297), 3 (75), 4 (72), 2 (66), 5 (15), 6 (3); 2,304
//! rows, 2,096 distinct bodies, 6,630 stages. They are game files and are
//! not committed here; `DXLOWER_CARBON_EFFECT_DIR=<dir> cargo test -p
//! dxlower-tests --test carbon_effect real_effect` reads every effect file
//! under a local directory (and packages the DXBC ones).
//!
//! ## Decisions where the container description was ambiguous
//!
//! Each is taken from CCP's published sources (carbonengine/trinity at
//! `a9a6005682dad0d3c75babbf4c55681a960b4750`):
//!
//! - **Count widths.** `shadercompiler/EffectData.h`'s `Save` methods:
//!   technique, pass, stage, pipeline-input, register-input,
//!   static-sampler, texture, sampler, UAV, render-state, library and
//!   annotation counts are `u8`; constant count, default-value size and
//!   library export count are `u32`; the effect-parameter count is `u16`.
//!   Caps from `trinity/Shader/Tr2EffectDescription.cpp` (`SanityCheck`):
//!   64 passes, 6 stages, 64 pipeline inputs, 64 textures/samplers/UAVs,
//!   64 render states, 256 parameters.
//! - **Sampler enums.** `shadercompiler/FXAnalyzer.cpp` parses `MinFilter`
//!   /`MagFilter`/`MipFilter` with `D3DTEXF_*` (0 none, 1 point, 2 linear,
//!   3 anisotropic), `AddressU/V/W` with `D3D11_TEXTURE_ADDRESS_*` (1 wrap,
//!   2 mirror, 3 clamp, 4 border, 5 mirror once) and `ComparisonFunc` with
//!   `D3D11_COMPARISON_*` (1 never .. 8 always); see [`SamplerState`]. A
//!   static sampler's border byte is decoded by the runtime as 1 opaque
//!   black, 2 opaque white, anything else transparent black.
//! - **One offset space for constants.** `shadercompiler/DxReflection.h`
//!   (`ProcessReflection`) lists the used variables of `$Globals` or of the
//!   constant buffer bound at `b0` only, skipping every other buffer: all
//!   constants of a stage are in `cb0` and their offsets are byte offsets
//!   in it; the default-value block is `cb0`'s bytes up to the end of the
//!   last constant with a default ([`Constant`]).
//! - **Rows.** `shadercompiler/ShaderCompiler.cpp` writes one row per
//!   permutation with `index` = its permutation index, and an aliased row
//!   points at the earlier identical body. The runtime indexes rows by
//!   position and never reads `index`; this reader requires rows = Π
//!   option counts, `index` = position, and distinct bodies that tile the
//!   bytes after the header exactly (a table that does not would make the
//!   runtime pick wrong bodies silently).
//! - **Null reference.** `0xffffffff` is accepted only for an empty
//!   default-value block (the compiler writes it there; the runtime skips
//!   the reference when the size is 0).
//! - **Pipeline inputs.** The compiler matches the semantic names
//!   `POSITION COLOR NORMAL TANGENT BINORMAL TEXCOORD BLENDINDICES
//!   BLENDWEIGHT` case-insensitively to usage codes 0..7; `usedMask` is the
//!   signature's read mask, `dimension` the highest bit of its mask + 1
//!   ([`PipelineInput`]).

pub mod error;
pub mod model;
pub mod read;
#[cfg(feature = "write")]
pub mod write;

pub use error::{Error, ErrorKind, Result};
pub use model::*;
pub use read::{caps, Arena, NULL_REF};

use read::Cursor;

/// A parsed effect file. Program and default-value bytes stay in the
/// input; [`Effect::bytes`] returns them.
#[derive(Clone, Debug)]
pub struct Effect<'a> {
    /// The whole file.
    pub data: &'a [u8],
    /// Container version (2..=15).
    pub version: u32,
    /// Compiler version bytes {major, minor, patch, tweak} (version 15).
    pub compiler_version: Option<[u8; 4]>,
    /// ASCII hex MD5 of the sources (version 15).
    pub source_hash: Option<String>,
    /// The arena.
    pub arena: Arena<'a>,
    /// Permutation axes (none before version 5).
    pub axes: Vec<Axis>,
    /// The row table.
    pub rows: Vec<Row>,
    /// Absolute offset where the bodies start.
    pub bodies_start: u64,
    /// The distinct bodies, in file order.
    pub bodies: Vec<BodyEntry>,
    /// For each row, its body (an index into `bodies`).
    pub row_body: Vec<usize>,
}

/// A distinct body and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyEntry {
    /// Absolute offset.
    pub offset: u32,
    /// Size.
    pub size: u32,
    /// The rows that select it (more than one: aliased).
    pub rows: Vec<usize>,
    /// The parsed body.
    pub body: Body<BlobRef>,
}

/// A distinct program of the effect and where it is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramUse {
    /// Where it is.
    pub blob: BlobRef,
    /// The stage type of its first use.
    pub stage: StageType,
    /// SHA-1 of its bytes, 40 lowercase hex digits.
    pub sha1: String,
    /// Its uses: (body, technique, pass, stage) indices.
    pub uses: Vec<(usize, usize, usize, usize)>,
}

/// Why a permutation selection failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectError {
    /// No axis of that name.
    #[error("no permutation axis `{axis}` (axes: {known})")]
    Axis {
        /// The name asked for.
        axis: String,
        /// The axes.
        known: String,
    },
    /// The axis has no such option.
    #[error("axis `{axis}` has no option `{option}` (options: {known})")]
    Option {
        /// The axis.
        axis: String,
        /// The option asked for.
        option: String,
        /// Its options.
        known: String,
    },
}

/// SHA-1 of bytes as 40 lowercase hex digits.
pub fn sha1_hex(bytes: &[u8]) -> String {
    use sha1::{Digest, Sha1};
    let d = Sha1::digest(bytes);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

impl<'a> Effect<'a> {
    /// The bytes of a blob (a program or a default-value block).
    pub fn bytes(&self, b: &BlobRef) -> &'a [u8] {
        let start = b.offset as usize;
        self.data
            .get(start..start + b.size as usize)
            .unwrap_or_default()
    }

    /// Number of permutations: Π option counts (1 without axes).
    pub fn permutation_count(&self) -> u64 {
        permutations(&self.axes)
    }

    /// The row of a selection (`axis=option` pairs; unnamed axes take their
    /// default): Σ value_i · Π_{j<i} optionCount_j, axis 0 fastest.
    pub fn select(&self, picks: &[(&str, &str)]) -> std::result::Result<usize, SelectError> {
        let mut values: Vec<usize> = self
            .axes
            .iter()
            .map(|a| a.default_option as usize)
            .collect();
        for (axis, option) in picks {
            let Some(i) = self.axes.iter().position(|a| a.name == *axis) else {
                return Err(SelectError::Axis {
                    axis: axis.to_string(),
                    known: self
                        .axes
                        .iter()
                        .map(|a| a.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            };
            let a = &self.axes[i];
            let Some(o) = a.options.iter().position(|o| o == option) else {
                return Err(SelectError::Option {
                    axis: axis.to_string(),
                    option: option.to_string(),
                    known: a.options.join(", "),
                });
            };
            values[i] = o;
        }
        Ok(self.row_of(&values))
    }

    /// The row of option positions (one per axis).
    pub fn row_of(&self, values: &[usize]) -> usize {
        let mut index = 0usize;
        let mut radix = 1usize;
        for (a, v) in self.axes.iter().zip(values) {
            index += v * radix;
            radix *= a.options.len();
        }
        index
    }

    /// The option positions of a row (axis 0 fastest).
    pub fn options_of(&self, row: usize) -> Vec<usize> {
        let mut rest = row;
        self.axes
            .iter()
            .map(|a| {
                let n = a.options.len().max(1);
                let v = rest % n;
                rest /= n;
                v
            })
            .collect()
    }

    /// Every distinct program (by bytes), in order of first use, with all
    /// its uses.
    pub fn programs(&self) -> Vec<ProgramUse> {
        let mut out: Vec<ProgramUse> = Vec::new();
        let mut by_hash: std::collections::HashMap<String, usize> = Default::default();
        for (b, entry) in self.bodies.iter().enumerate() {
            for (t, tech) in entry.body.techniques.iter().enumerate() {
                for (p, pass) in tech.passes.iter().enumerate() {
                    for (s, st) in pass.stages.iter().enumerate() {
                        let sha1 = sha1_hex(self.bytes(&st.program));
                        match by_hash.get(&sha1) {
                            Some(&i) => out[i].uses.push((b, t, p, s)),
                            None => {
                                by_hash.insert(sha1.clone(), out.len());
                                out.push(ProgramUse {
                                    blob: st.program,
                                    stage: st.stage,
                                    sha1,
                                    uses: vec![(b, t, p, s)],
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

fn permutations(axes: &[Axis]) -> u64 {
    axes.iter()
        .fold(1u64, |acc, a| acc.saturating_mul(a.options.len() as u64))
}

/// Parses an effect file.
pub fn parse(data: &[u8]) -> Result<Effect<'_>> {
    let mut cur = Cursor::new(data, 0, data.len());
    let at = cur.pos;
    let version = cur.u32("version")?;
    if !(2..=15).contains(&version) {
        return Err(cur.err("version", at, ErrorKind::Version(version)));
    }
    let mut compiler_version = None;
    let mut source_hash = None;
    let arena;
    let mut axes = Vec::new();
    let rows;
    if version < 5 {
        rows = read_rows(&mut cur)?;
        let size = cur.u32("arena size")? as usize;
        let start = cur.pos;
        cur.bytes(size, "arena")?;
        arena = Arena {
            bytes: &data[start..start + size],
            offset: start,
        };
    } else {
        if version >= 15 {
            let b = cur.bytes(4, "compiler version")?;
            compiler_version = Some([b[0], b[1], b[2], b[3]]);
            let h = cur.bytes(32, "source hash")?;
            source_hash = Some(String::from_utf8_lossy(h).into_owned());
        }
        let size = cur.u32("arena size")? as usize;
        let start = cur.pos;
        cur.bytes(size, "arena")?;
        arena = Arena {
            bytes: &data[start..start + size],
            offset: start,
        };
        let n = cur.count_u8("axis count", None, 7)?;
        for i in 0..n {
            cur.ctx.push(format!("axis {i}"));
            let name = read::read_str(&mut cur, &arena, "name")?;
            let def_at = cur.pos;
            let default_option = cur.u8("default option")?;
            let description = read::read_str(&mut cur, &arena, "description")?;
            let ty = if version > 5 { cur.u8("type")? } else { 0 };
            let cnt_at = cur.pos;
            let count = cur.count_u8("option count", None, 4)?;
            if count == 0 {
                return Err(cur.err("option count", cnt_at, ErrorKind::BadValue(0)));
            }
            let mut options = Vec::with_capacity(count);
            for o in 0..count {
                options.push(read::read_str(&mut cur, &arena, &format!("option {o}"))?);
            }
            if default_option as usize >= count {
                return Err(cur.err(
                    "default option",
                    def_at,
                    ErrorKind::BadValue(default_option.into()),
                ));
            }
            cur.ctx.pop();
            axes.push(Axis {
                name,
                default_option,
                description,
                ty,
                options,
            });
        }
        rows = read_rows(&mut cur)?;
        let want = permutations(&axes);
        if rows.len() as u64 != want {
            return Err(cur.err(
                "row count",
                cur.pos - 12 * rows.len() - 4,
                ErrorKind::RowCount {
                    rows: rows.len() as u64,
                    permutations: want,
                },
            ));
        }
    }
    let bodies_start = cur.pos;
    let table_at = bodies_start - 12 * rows.len();
    // Rows are positional.
    for (i, r) in rows.iter().enumerate() {
        if r.index as usize != i {
            return Err(Error::new(
                format!("row {i} index"),
                (table_at + 12 * i) as u64,
                ErrorKind::RowIndex {
                    position: i as u32,
                    index: r.index,
                },
            ));
        }
    }
    // Distinct bodies tile [bodies_start, len) exactly.
    let mut distinct: std::collections::BTreeMap<u32, (u32, usize)> = Default::default();
    for (i, r) in rows.iter().enumerate() {
        match distinct.get(&r.offset) {
            Some(&(size, row)) if size != r.size => {
                return Err(Error::new(
                    format!("row {i} size"),
                    (table_at + 12 * i + 8) as u64,
                    ErrorKind::Tiling(format!(
                        "row {i} gives the body at {} size {}, row {row} gave it size {size}",
                        r.offset, r.size
                    )),
                ))
            }
            Some(_) => {}
            None => {
                distinct.insert(r.offset, (r.size, i));
            }
        }
    }
    let sorted: Vec<(u32, u32, usize)> = distinct.iter().map(|(&o, &(s, r))| (o, s, r)).collect();
    let mut at = bodies_start as u64;
    for (offset, size, row) in &sorted {
        let field_at = (table_at + 12 * row + 4) as u64;
        if u64::from(*offset) != at {
            return Err(Error::new(
                format!("row {row} offset"),
                field_at,
                ErrorKind::Tiling(format!(
                    "the body at {offset} should start at {at} (bodies must tile the file after the header)"
                )),
            ));
        }
        if *size == 0 {
            return Err(Error::new(
                format!("row {row} size"),
                field_at + 4,
                ErrorKind::Tiling("a body of 0 bytes".into()),
            ));
        }
        at += u64::from(*size);
        if at > data.len() as u64 {
            return Err(Error::new(
                format!("row {row} size"),
                field_at + 4,
                ErrorKind::Truncated {
                    needed: at - u64::from(*offset),
                    available: (data.len() as u64).saturating_sub(u64::from(*offset)),
                },
            ));
        }
    }
    if at != data.len() as u64 {
        return Err(Error::new(
            "file end",
            at,
            ErrorKind::Tiling(format!(
                "{} bytes after the last body",
                data.len() as u64 - at
            )),
        ));
    }
    let mut bodies = Vec::with_capacity(sorted.len());
    for (offset, size, _) in &sorted {
        let label = format!("body at {offset}");
        let body = read::body(
            data,
            *offset as usize,
            *offset as usize + *size as usize,
            &arena,
            version,
            label,
        )?;
        bodies.push(BodyEntry {
            offset: *offset,
            size: *size,
            rows: Vec::new(),
            body,
        });
    }
    let index_of: std::collections::BTreeMap<u32, usize> =
        sorted.iter().enumerate().map(|(i, d)| (d.0, i)).collect();
    let mut row_body = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let b = index_of.get(&r.offset).copied().unwrap_or_default();
        bodies[b].rows.push(i);
        row_body.push(b);
    }
    Ok(Effect {
        data,
        version,
        compiler_version,
        source_hash,
        arena,
        axes,
        rows,
        bodies_start: bodies_start as u64,
        bodies,
        row_body,
    })
}

fn read_rows(cur: &mut Cursor<'_>) -> Result<Vec<Row>> {
    let at = cur.pos;
    let n = cur.count_u32("row count", None, 12)?;
    if n == 0 {
        return Err(cur.err("row count", at, ErrorKind::BadValue(0)));
    }
    let mut rows = Vec::with_capacity(n);
    for i in 0..n {
        cur.ctx.push(format!("row {i}"));
        let index = cur.u32("index")?;
        let offset = cur.u32("offset")?;
        let size = cur.u32("size")?;
        cur.ctx.pop();
        rows.push(Row {
            index,
            offset,
            size,
        });
    }
    Ok(rows)
}
