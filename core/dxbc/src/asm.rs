//! The assembler front end: an fxc-style listing (the text the
//! [`crate::disasm`] module prints, or fxc's own `/Fc` listing) back into a
//! decoded [`Program`], the signatures of its `// Input signature:` /
//! `// Output signature:` / `// Patch Constant signature:` comment tables,
//! and the resource bindings of its `// Resource Bindings:` table.
//!
//! ```
//! use dxlower_dxbc::asm;
//!
//! let text = "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.000000,0,0,1.000000)\nret\n";
//! let assembled = asm::parse(text).unwrap();
//! assert_eq!(assembled.program.instructions.len(), 3);
//! let e = asm::parse("ps_4_0\nmov o0.xyzw, l(1.0\n").unwrap_err();
//! assert_eq!(e.to_string(), "line 2, column 19: expected `,`, found the end of the line");
//! ```
//!
//! The text says most of what the tokens hold; where it does not, the
//! parser takes fxc's encoding (a one-letter source is a select-1, a
//! four-value `l(...)` a mask-mode operand, `r0.x + 0` a relative-only
//! index, an operand without modifier has no extended token, ...). A
//! listing printed with [`crate::disasm::Options::lossless`] states the
//! rest: float immediates as bits where `%f` loses some, and
//! `{tokens 0x... ...}` after a line whose text cannot carry every bit.
//! Such a listing reassembles into a program that encodes to the same
//! dwords. `docs/disasm.md` lists what fxc's own listings leave out.
//!
//! Every error names the line and column (1-based) and says what was
//! expected. No input makes the parser panic.

use crate::decode::decode_program_dwords;
use crate::disasm::{self, Options};
use crate::encode::{encode_instruction, encode_version, try_encode_program};
use crate::ir::*;
use crate::opcode::Opcode;
use crate::rdef::{
    Rdef, RdefProgramType, RdefTarget, ResourceBinding, ShaderInputType, SrvDimension,
};
use crate::signature::{
    ComponentType, MinPrecision, Signature, SignatureElement, SignatureSystemValue,
};
use std::collections::HashMap;
use std::fmt::{self, Write};
use std::sync::OnceLock;

/// What a listing holds: the program and, when the listing has their
/// comment tables, the signatures and the resource bindings.
#[derive(Clone, Debug, PartialEq)]
pub struct Assembled {
    /// The program, as the decoder would give it (offsets included).
    pub program: Program,
    /// The `// Input signature:` table (`ISGN`, or `ISG1` when an element
    /// has a minimum precision).
    pub input_signature: Option<Signature>,
    /// The `// Output signature:` table (`OSGN`; `OSG5` with streams,
    /// `OSG1` with minimum precisions).
    pub output_signature: Option<Signature>,
    /// The `// Patch Constant signature:` table (`PCSG` or `PSG1`).
    pub patch_constant_signature: Option<Signature>,
    /// The `// Resource Bindings:` table as resource definitions: the
    /// bindings (name, kind, register range, format) with the target taken
    /// from the version line; no constant-buffer layouts.
    pub rdef: Option<Rdef>,
}

/// A listing that does not parse: where (1-based line and column) and what
/// was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    line: usize,
    column: usize,
    message: String,
}

impl AsmError {
    #[cold]
    fn new(line: usize, column: usize, message: impl Into<String>) -> AsmError {
        AsmError {
            line,
            column,
            message: message.into(),
        }
    }
    /// The 1-based line number.
    pub fn line(&self) -> usize {
        self.line
    }
    /// The 1-based column (in bytes) of the offending text.
    pub fn column(&self) -> usize {
        self.column
    }
    /// What went wrong, lower case, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for AsmError {}

type Result<T> = std::result::Result<T, AsmError>;

// ---------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------

/// One source line (or the lines of a multi-line immediate constant buffer
/// joined with spaces), with where each piece came from.
struct Logical<'a> {
    text: std::borrow::Cow<'a, str>,
    /// (offset in `text`, line number, byte column of that offset).
    pieces: Vec<(usize, usize, usize)>,
}

impl Logical<'_> {
    #[cold]
    fn err(&self, at: usize, message: impl Into<String>) -> AsmError {
        let mut place = (1, 1);
        for &(off, line, col) in &self.pieces {
            if off <= at {
                place = (line, col + (at - off));
            }
        }
        AsmError::new(place.0, place.1, message)
    }
}

/// Drops a `//` comment that is not inside a string literal.
fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_str = !in_str,
            b'/' if !in_str && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// A program type and shader model line (`ps_5_0`), if `s` is one of
/// Shader Model 4 or 5.
fn version_line(s: &str) -> Option<Version> {
    let mut parts = s.split('_');
    let ty = match parts.next()? {
        "ps" => ProgramType::Pixel,
        "vs" => ProgramType::Vertex,
        "gs" => ProgramType::Geometry,
        "hs" => ProgramType::Hull,
        "ds" => ProgramType::Domain,
        "cs" => ProgramType::Compute,
        _ => return None,
    };
    let major: u8 = parts.next()?.parse().ok()?;
    let minor: u8 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !matches!((major, minor), (4, 0) | (4, 1) | (5, 0) | (5, 1)) {
        return None;
    }
    Some(Version::new(ty, major, minor))
}

/// True for the version line of the Shader Model 1-3 part of a level-9
/// listing (`ps_2_x`, `vs_2_0`), which comes before the SM4 code.
fn legacy_version_line(s: &str) -> bool {
    let mut parts = s.split('_');
    matches!(parts.next(), Some("ps" | "vs"))
        && matches!(parts.next(), Some("1" | "2" | "3"))
        && parts.next().is_some()
}

// ---------------------------------------------------------------------------
// The whole listing
// ---------------------------------------------------------------------------

/// Parses a listing: comment tables, the version line, then one
/// declaration or instruction per line (the immediate constant buffer may
/// span lines). Comments (`//`), blank lines and `#line` directives are
/// skipped; so is the Shader Model 2 part of a level-9 listing.
pub fn parse(text: &str) -> Result<Assembled> {
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Tables::default();
    let mut version = None;
    let mut legacy = false;
    let mut i = 0;
    // Header: comment tables and the version line.
    while i < lines.len() {
        let raw = lines[i];
        let t = raw.trim();
        if let Some(c) = t.strip_prefix("//") {
            i = tables.comment(&lines, i, c.trim())?;
            continue;
        }
        let code = strip_comment(t).trim();
        if code.is_empty() || code.starts_with("#line") {
            i += 1;
            continue;
        }
        if let Some(v) = version_line(code) {
            version = Some(v);
            i += 1;
            break;
        }
        if legacy || legacy_version_line(code) {
            legacy = true;
            i += 1;
            continue;
        }
        let col = raw.len() - raw.trim_start().len() + 1;
        return Err(AsmError::new(
            i + 1,
            col,
            format!("expected a version line such as `ps_5_0`, found `{code}`"),
        ));
    }
    let Some(version) = version else {
        return Err(AsmError::new(
            lines.len().max(1),
            1,
            "expected a version line such as `ps_5_0`, found the end of the text",
        ));
    };
    let mut program = Program {
        version,
        instructions: Vec::new(),
        trailing: Vec::new(),
    };
    let mut offset = 2u32;
    while i < lines.len() {
        let raw = lines[i];
        let t = raw.trim();
        if let Some(c) = t.strip_prefix("//") {
            i = tables.comment(&lines, i, c.trim())?;
            continue;
        }
        let code = strip_comment(raw);
        if code.trim().is_empty() || code.trim_start().starts_with("#line") {
            i += 1;
            continue;
        }
        let (logical, next) = logical_line(&lines, i);
        i = next;
        let mut cur = Cur::new(&logical);
        cur.ws();
        if cur.rest().starts_with("{trailing") {
            program.trailing = cur.braced_words("trailing")?;
            cur.end()?;
            continue;
        }
        let mut inst = instruction(&mut cur, &version)?;
        inst.offset = offset;
        let mut words = Vec::new();
        encode_instruction(&inst, version.at_least(5, 1), &mut words)
            .map_err(|e| logical.err(0, format!("the instruction cannot be encoded: {e}")))?;
        offset = offset.saturating_add(words.len() as u32);
        program.instructions.push(inst);
    }
    try_encode_program(&program).map_err(|e| {
        AsmError::new(
            lines.len().max(1),
            1,
            format!("the program cannot be encoded: {e}"),
        )
    })?;
    tables.finish(program)
}

/// Joins a `dcl_immediateConstantBuffer` that spans lines; other lines are
/// taken alone. Returns the logical line and the index of the next line.
fn logical_line<'a>(lines: &[&'a str], i: usize) -> (Logical<'a>, usize) {
    let raw = lines[i];
    let code = strip_comment(raw);
    let start = code.len() - code.trim_start().len();
    let first = code.trim();
    let mut logical = Logical {
        text: std::borrow::Cow::Borrowed(first),
        pieces: vec![(0, i + 1, start + 1)],
    };
    if !first.starts_with("dcl_immediateConstantBuffer") || icb_closed(first) {
        return (logical, i + 1);
    }
    let mut text = first.to_string();
    let mut j = i + 1;
    while j < lines.len() {
        let code = strip_comment(lines[j]);
        let start = code.len() - code.trim_start().len();
        let piece = code.trim();
        j += 1;
        if piece.is_empty() {
            continue;
        }
        text.push(' ');
        logical.pieces.push((text.len(), j, start + 1));
        text.push_str(piece);
        if icb_closed(&text) {
            break;
        }
    }
    logical.text = std::borrow::Cow::Owned(text);
    (logical, j)
}

/// True when the braces of an immediate constant buffer are balanced (or
/// a `{tokens ...}` tail has started).
fn icb_closed(s: &str) -> bool {
    let mut depth = 0i32;
    let mut opened = false;
    for c in s.chars() {
        match c {
            '{' => {
                depth += 1;
                opened = true;
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    opened && depth <= 0
}

// ---------------------------------------------------------------------------
// Comment tables
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum SigKind {
    Input,
    Output,
    PatchConstant,
}

struct SigRow {
    name: String,
    stream: u32,
    index: u32,
    mask: u8,
    register: u32,
    sv: SignatureSystemValue,
    format: (ComponentType, MinPrecision),
    used: Used,
}

enum Used {
    Lanes(u8),
    Yes,
    No,
}

#[derive(Default)]
struct Tables {
    sigs: Vec<(SigKind, Vec<SigRow>)>,
    bindings: Option<Vec<ResourceBinding>>,
    creator: Option<String>,
}

impl Tables {
    /// Reads the comment line `i` (its text after `//` is `c`), and the
    /// table it opens, if any; returns the index of the next line.
    fn comment(&mut self, lines: &[&str], i: usize, c: &str) -> Result<usize> {
        if let Some(creator) = c
            .strip_prefix("Generated by ")
            .or_else(|| c.strip_prefix("fxc-style listing by dxlower; RDEF creator: "))
        {
            self.creator = Some(creator.trim().to_string());
        }
        let kind = match c {
            "Input signature:" => SigKind::Input,
            "Output signature:" => SigKind::Output,
            "Patch Constant signature:" => SigKind::PatchConstant,
            "Resource Bindings:" => return self.bindings_table(lines, i),
            _ => return Ok(i + 1),
        };
        let (rows, next) = table_rows(lines, i)?;
        let mut parsed = Vec::new();
        for (n, row) in rows {
            // `// no Input`: the table is empty.
            let words: Vec<&str> = row.split_whitespace().collect();
            if words.len() == 2 && words[0] == "no" {
                continue;
            }
            parsed.push(signature_row(n, row)?);
        }
        self.sigs.push((kind, parsed));
        Ok(next)
    }

    fn bindings_table(&mut self, lines: &[&str], i: usize) -> Result<usize> {
        let (rows, next) = table_rows(lines, i)?;
        let header = lines
            .get(i + 2)
            .map(|l| l.trim().trim_start_matches('/'))
            .unwrap_or("");
        let style = if header.contains("Slot") {
            BindStyle::Slot
        } else if header.contains(" ID ") {
            BindStyle::Id
        } else {
            BindStyle::Bind
        };
        let mut out = Vec::new();
        for (n, row) in rows {
            out.push(binding_row(n, row, style)?);
        }
        self.bindings = Some(out);
        Ok(next)
    }

    fn finish(self, program: Program) -> Result<Assembled> {
        let ty = program.version.program_type;
        let mut out = Assembled {
            program,
            input_signature: None,
            output_signature: None,
            patch_constant_signature: None,
            rdef: None,
        };
        for (kind, rows) in self.sigs {
            let output = match kind {
                SigKind::Input => false,
                SigKind::Output => true,
                SigKind::PatchConstant => ty == ProgramType::Hull,
            };
            let sig = signature(kind, rows, output);
            match kind {
                SigKind::Input => out.input_signature = Some(sig),
                SigKind::Output => out.output_signature = Some(sig),
                SigKind::PatchConstant => out.patch_constant_signature = Some(sig),
            }
        }
        if let Some(bindings) = self.bindings {
            let v = out.program.version;
            let program_type = match ty {
                ProgramType::Pixel => RdefProgramType::Pixel,
                ProgramType::Vertex => RdefProgramType::Vertex,
                ProgramType::Geometry => RdefProgramType::Geometry,
                ProgramType::Hull => RdefProgramType::Hull,
                ProgramType::Domain => RdefProgramType::Domain,
                ProgramType::Compute => RdefProgramType::Compute,
                ProgramType::Unknown(n) => RdefProgramType::Other(n),
            };
            out.rdef = Some(Rdef {
                constant_buffers: Vec::new(),
                bindings,
                target: RdefTarget {
                    program_type,
                    major: v.major,
                    minor: v.minor,
                },
                flags: 0,
                creator: self.creator.unwrap_or_default(),
                rd11: None,
            });
        }
        Ok(out)
    }
}

/// The rows of the comment table whose title is line `i`: the comment
/// lines after its `// ---` rule, up to a bare `//` or a non-comment line.
/// Returns (line number, row text after `//`) pairs and the next index.
fn table_rows<'a>(lines: &[&'a str], i: usize) -> Result<(Vec<(usize, &'a str)>, usize)> {
    let mut j = i + 1;
    // Up to the rule.
    loop {
        let Some(l) = lines.get(j) else {
            return Err(AsmError::new(
                j,
                1,
                "expected the `// ---` rule of the table, found the end of the text",
            ));
        };
        let t = l.trim();
        j += 1;
        if !t.starts_with("//") {
            return Err(AsmError::new(
                j,
                1,
                format!("expected the `// ---` rule of the table, found `{t}`"),
            ));
        }
        if t[2..].trim_start().starts_with("---") {
            break;
        }
    }
    let mut rows = Vec::new();
    while let Some(l) = lines.get(j) {
        let t = l.trim();
        let Some(c) = t.strip_prefix("//") else {
            break;
        };
        if c.trim().is_empty() {
            break;
        }
        rows.push((j + 1, c));
        j += 1;
    }
    Ok((rows, j))
}

/// `xyzw` letters (in any number of whitespace-split tokens) as a mask.
fn lane_letters(s: &str) -> Option<u8> {
    let mut m = 0u8;
    for c in s.chars() {
        m |= 1 << lane_index(c)?;
    }
    Some(m)
}

fn lane_index(c: char) -> Option<u8> {
    Some(match c {
        'x' | 'r' => 0,
        'y' | 'g' => 1,
        'z' | 'b' => 2,
        'w' | 'a' => 3,
        _ => return None,
    })
}

/// Finds the column (1-based) of token `tok` in `row` (for errors).
fn column_of(row: &str, tok: &str) -> usize {
    let base = tok.as_ptr() as usize;
    let start = row.as_ptr() as usize;
    // `//` precedes the row text.
    base.saturating_sub(start) + 3
}

fn signature_row(line: usize, row: &str) -> Result<SigRow> {
    let toks: Vec<&str> = row.split_whitespace().collect();
    let err = |tok: Option<&&str>, what: &str| {
        let col = tok.map_or(row.len() + 3, |t| column_of(row, t));
        AsmError::new(
            line,
            col,
            format!(
                "expected {what} in the signature row, found {}",
                tok.map_or("the end of the line".to_string(), |t| format!("`{t}`"))
            ),
        )
    };
    let mut it = toks.iter().peekable();
    let Some(name_tok) = it.next() else {
        return Err(err(None, "a semantic name"));
    };
    let (stream, name) = match name_tok.split_once(':') {
        Some((m, n)) if m.starts_with('m') && m[1..].parse::<u32>().is_ok() => {
            (m[1..].parse().unwrap_or(0), n)
        }
        _ => (0, *name_tok),
    };
    let index_tok = it.next();
    let index = index_tok
        .and_then(|t| t.parse::<u32>().ok())
        .ok_or_else(|| err(index_tok, "a semantic index"))?;
    let mut mask = 0u8;
    let no_register = it.peek() == Some(&&"N/A");
    let register;
    if no_register {
        it.next();
        // The register column names the special register (or N/A).
        let reg_tok = it.next();
        if reg_tok.is_none() {
            return Err(err(None, "a register"));
        }
        register = u32::MAX;
        mask = 1;
    } else {
        loop {
            let tok = it.next();
            match tok {
                Some(t) if t.parse::<u32>().is_ok() => {
                    register = t.parse().unwrap_or(0);
                    break;
                }
                Some(t) => mask |= lane_letters(t).ok_or_else(|| err(tok, "a mask or register"))?,
                None => return Err(err(None, "a register")),
            }
        }
    }
    let sv_tok = it.next();
    let sv = sv_tok
        .and_then(|t| system_value_from_listing(t))
        .ok_or_else(|| err(sv_tok, "a system value (`NONE`, `POS`, ...)"))?;
    let fmt_tok = it.next();
    let format = fmt_tok
        .and_then(|t| format_from_listing(t))
        .ok_or_else(|| err(fmt_tok, "a format (`float`, `uint`, ...)"))?;
    let used = if no_register {
        let tok = it.next();
        match tok {
            Some(&"YES") => Used::Yes,
            Some(&"NO") => Used::No,
            _ => return Err(err(tok, "`YES` or `NO`")),
        }
    } else {
        let mut lanes = 0u8;
        for t in it.by_ref() {
            lanes |= lane_letters(t).ok_or_else(|| err(Some(t), "the used lanes"))?;
        }
        Used::Lanes(lanes)
    };
    if let Some(t) = it.next() {
        return Err(err(Some(t), "the end of the row"));
    }
    // fxc stores the pixel outputs (`SV_Target`, `SV_Depth`, ...) as
    // undefined and lets the name carry the meaning.
    let sv = if SignatureSystemValue::from_semantic_name(name) == Some(sv) {
        SignatureSystemValue::Undefined
    } else {
        sv
    };
    Ok(SigRow {
        name: name.to_string(),
        stream,
        index,
        mask,
        register,
        sv,
        format,
        used,
    })
}

fn system_value_from_listing(t: &str) -> Option<SignatureSystemValue> {
    (0..=70u32)
        .map(SignatureSystemValue::from_u32)
        .find(|sv| !matches!(sv, SignatureSystemValue::Other(_)) && sv.listing_name() == t)
}

fn format_from_listing(t: &str) -> Option<(ComponentType, MinPrecision)> {
    use ComponentType as C;
    use MinPrecision as M;
    Some(match t {
        "min16f" => (C::Float32, M::Float16),
        "min2_8f" => (C::Float32, M::Float2_8),
        "min16i" => (C::Sint32, M::Sint16),
        "min16u" => (C::Uint32, M::Uint16),
        "any16" => (C::Float32, M::Any16),
        "any10" => (C::Float32, M::Any10),
        _ => (
            (0..=9u32)
                .map(C::from_u32)
                .find(|c| c.listing_name() == t)?,
            M::Default,
        ),
    })
}

fn signature(kind: SigKind, rows: Vec<SigRow>, output: bool) -> Signature {
    let min_precision = rows.iter().any(|r| r.format.1 != MinPrecision::Default);
    let streams = rows.iter().any(|r| r.stream != 0);
    let fourcc = match kind {
        SigKind::Input if min_precision => *b"ISG1",
        SigKind::Input => *b"ISGN",
        SigKind::Output if min_precision => *b"OSG1",
        SigKind::Output if streams => *b"OSG5",
        SigKind::Output => *b"OSGN",
        SigKind::PatchConstant if min_precision => *b"PSG1",
        SigKind::PatchConstant => *b"PCSG",
    };
    let elements = rows
        .into_iter()
        .map(|r| {
            // Inputs: the used lanes are the read mask. Outputs: fxc stores
            // the lanes never written, and prints `mask & !rw_mask`.
            let rw_mask = match (r.used, output) {
                (Used::Lanes(l), false) => l,
                (Used::Lanes(l), true) => r.mask & !l,
                (Used::Yes, false) | (Used::No, true) => r.mask,
                (Used::No, false) | (Used::Yes, true) => 0,
            };
            SignatureElement {
                name: r.name,
                semantic_index: r.index,
                system_value: r.sv,
                component_type: r.format.0,
                register: r.register,
                mask: r.mask,
                rw_mask,
                reserved: 0,
                stream: r.stream,
                min_precision: r.format.1,
            }
        })
        .collect();
    Signature {
        fourcc,
        elements_offset: 8,
        elements,
    }
}

#[derive(Clone, Copy)]
enum BindStyle {
    /// `Name Type Format Dim Slot Elements` (fxc 9).
    Slot,
    /// `Name Type Format Dim HLSL Bind Count` (fxc 10).
    Bind,
    /// `Name Type Format Dim ID HLSL Bind Count` (fxc 10, SM 5.1).
    Id,
}

fn binding_row(line: usize, row: &str, style: BindStyle) -> Result<ResourceBinding> {
    let toks: Vec<&str> = row.split_whitespace().collect();
    let fixed = match style {
        BindStyle::Slot | BindStyle::Bind => 5,
        BindStyle::Id => 6,
    };
    if toks.len() <= fixed {
        return Err(AsmError::new(
            line,
            row.len() + 3,
            format!(
                "expected a name and {fixed} columns in the resource-binding row, found {} words",
                toks.len()
            ),
        ));
    }
    let n = toks.len() - fixed;
    let name = toks[..n].join(" ");
    let col = |t: &str| column_of(row, t);
    let bad =
        |t: &str, what: &str| AsmError::new(line, col(t), format!("expected {what}, found `{t}`"));
    let (ty, format, dim) = (toks[n], toks[n + 1], toks[n + 2]);
    let (id_tok, bind_tok, count_tok) = match style {
        BindStyle::Id => (Some(toks[n + 3]), toks[n + 4], toks[n + 5]),
        _ => (None, toks[n + 3], toks[n + 4]),
    };
    use ShaderInputType::*;
    let input_type = match (ty, format, dim) {
        ("cbuffer", ..) => Cbuffer,
        ("tbuffer", ..) => Tbuffer,
        ("sampler" | "sampler_c", ..) => Sampler,
        ("texture", "struct", _) => Structured,
        ("texture", "byte", _) => ByteAddress,
        ("texture", ..) => Texture,
        ("UAV", _, "r/w+cnt") => UavRwStructuredWithCounter,
        ("UAV", _, "append") => UavAppendStructured,
        ("UAV", _, "consume") => UavConsumeStructured,
        ("UAV", "struct", _) => UavRwStructured,
        ("UAV", "byte", _) => UavRwByteAddress,
        ("UAV", ..) => UavRwTyped,
        _ => {
            return Err(bad(
                ty,
                "a binding type (`cbuffer`, `texture`, `sampler`, `UAV`, ...)",
            ))
        }
    };
    let mut flags = 0;
    if ty == "sampler_c" {
        flags |= ResourceBinding::FLAG_COMPARISON_SAMPLER;
    }
    let mut return_type = 0;
    if matches!(input_type, Texture | UavRwTyped) {
        let digits = format.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let base = &format[..format.len() - digits.len()];
        let components: u32 = if digits.is_empty() {
            1
        } else {
            digits
                .parse()
                .map_err(|_| bad(format, "a format such as `float4`"))?
        };
        if !(1..=4).contains(&components) {
            return Err(bad(format, "a format of 1 to 4 components"));
        }
        return_type = (1..=9u8)
            .map(ReturnType::from_u8)
            .find(|t| t.name() == base)
            .map(|t| t.to_u8() as u32)
            .ok_or_else(|| bad(format, "a format such as `float4`"))?;
        flags |= (components - 1) << 2;
    }
    let (dimension, sample_count) = match input_type {
        Texture | UavRwTyped => {
            let (d, samples) = texture_dimension(dim)
                .ok_or_else(|| bad(dim, "a dimension (`2d`, `buf`, `cube`, `2dMS4`, ...)"))?;
            let ms = matches!(
                d,
                SrvDimension::Texture2DMS | SrvDimension::Texture2DMSArray
            );
            let count = match samples {
                Some(n) => n,
                None if input_type == Texture && !ms => u32::MAX,
                None => 0,
            };
            (d, count)
        }
        Cbuffer | Tbuffer | Sampler | Other(_) => (SrvDimension::Unknown, 0),
        _ => (SrvDimension::Buffer, 0),
    };
    finish_binding(
        BindingParts {
            name,
            input_type,
            return_type,
            dimension,
            sample_count,
            flags,
        },
        line,
        row,
        [bind_tok, count_tok],
        id_tok,
        style,
    )
}

/// A texture's `Dim` column: the dimension and, for `2dMS4`, the sample
/// count.
fn texture_dimension(dim: &str) -> Option<(SrvDimension, Option<u32>)> {
    let plain = match dim {
        "buf" => SrvDimension::Buffer,
        "1d" => SrvDimension::Texture1D,
        "1darray" => SrvDimension::Texture1DArray,
        "2d" => SrvDimension::Texture2D,
        "2darray" => SrvDimension::Texture2DArray,
        "3d" => SrvDimension::Texture3D,
        "cube" => SrvDimension::TextureCube,
        "cubearray" => SrvDimension::TextureCubeArray,
        _ => {
            let (d, rest) = match dim.strip_prefix("2darrayMS") {
                Some(rest) => (SrvDimension::Texture2DMSArray, rest),
                None => (SrvDimension::Texture2DMS, dim.strip_prefix("2dMS")?),
            };
            let samples = if rest.is_empty() {
                None
            } else {
                Some(rest.parse().ok()?)
            };
            return Some((d, samples));
        }
    };
    Some((plain, None))
}

struct BindingParts {
    name: String,
    input_type: ShaderInputType,
    return_type: u32,
    dimension: SrvDimension,
    sample_count: u32,
    flags: u32,
}

fn finish_binding(
    parts: BindingParts,
    line: usize,
    row: &str,
    [bind_tok, count_tok]: [&str; 2],
    id_tok: Option<&str>,
    style: BindStyle,
) -> Result<ResourceBinding> {
    let bad = |t: &str, what: &str| {
        AsmError::new(
            line,
            column_of(row, t),
            format!("expected {what}, found `{t}`"),
        )
    };
    let prefix = parts.input_type.register_prefix();
    let (bind_point, space) = match style {
        BindStyle::Slot => (
            bind_tok
                .parse::<u32>()
                .map_err(|_| bad(bind_tok, "a slot number"))?,
            None,
        ),
        _ => {
            let (reg, space) = match bind_tok.split_once(",space") {
                Some((r, s)) => (
                    r,
                    Some(
                        s.parse::<u32>()
                            .map_err(|_| bad(bind_tok, "a register space"))?,
                    ),
                ),
                None => (bind_tok, None),
            };
            let num = reg
                .strip_prefix(prefix)
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| bad(bind_tok, &format!("a `{prefix}` register")))?;
            (num, space)
        }
    };
    let bind_count = match count_tok {
        "unbounded" => 0,
        t => t
            .parse::<u32>()
            .map_err(|_| bad(count_tok, "a register count"))?,
    };
    let id = match id_tok {
        Some(t) => Some(
            t.strip_prefix(&*prefix.to_ascii_uppercase())
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| bad(t, "a range id"))?,
        ),
        None => None,
    };
    let space = match style {
        BindStyle::Id => Some(space.unwrap_or(0)),
        _ => space,
    };
    Ok(ResourceBinding {
        name: parts.name,
        input_type: parts.input_type,
        return_type: parts.return_type,
        dimension: parts.dimension,
        sample_count: parts.sample_count,
        bind_point,
        bind_count,
        flags: parts.flags,
        space,
        id,
    })
}

// ---------------------------------------------------------------------------
// The cursor over one logical line
// ---------------------------------------------------------------------------

struct Cur<'a> {
    line: &'a Logical<'a>,
    s: &'a str,
    pos: usize,
}

impl<'a> Cur<'a> {
    fn new(line: &'a Logical<'a>) -> Cur<'a> {
        Cur {
            line,
            s: &line.text,
            pos: 0,
        }
    }

    fn rest(&self) -> &'a str {
        self.s.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }

    /// What is next, for messages: a short quote or "the end of the line".
    fn found(&self) -> String {
        let r = self.rest().trim_start();
        if r.is_empty() {
            return "the end of the line".into();
        }
        let end = r
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c.is_whitespace() || ",()[]{}".contains(c))
            .map_or(r.len(), |(i, _)| i);
        format!("`{}`", &r[..end])
    }

    #[cold]
    fn err_at(&self, at: usize, message: impl Into<String>) -> AsmError {
        self.line.err(at, message)
    }

    #[cold]
    fn expected(&self, what: &str) -> AsmError {
        let r = self.rest();
        let at = self.pos + (r.len() - r.trim_start().len());
        self.err_at(at, format!("expected {what}, found {}", self.found()))
    }

    /// Skips blanks, then consumes `c` if it is next.
    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{c}`")))
        }
    }

    /// Skips blanks, then consumes `word` if the text continues with it.
    fn eat_str(&mut self, word: &str) -> bool {
        self.ws();
        if self.rest().starts_with(word) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    /// The longest run of characters satisfying `keep` that comes next.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let r = self.rest();
        let n = r.find(|c: char| !keep(c)).unwrap_or(r.len());
        self.pos += n;
        &r[..n]
    }

    /// Reads a token with `read` and interprets it with `parse`; when that
    /// fails, nothing is consumed and the error says `what` was expected.
    fn token<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> &'a str,
        parse: impl FnOnce(&'a str) -> Option<T>,
        what: &str,
    ) -> Result<T> {
        let at = self.pos;
        let t = read(self);
        parse(t).ok_or_else(|| {
            self.pos = at;
            self.expected(what)
        })
    }

    /// An identifier: letters, digits and `_` (after blanks).
    fn word(&mut self) -> &'a str {
        self.ws();
        self.take_while(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    /// Decimal digits only (register numbers, indices; after blanks).
    fn digits(&mut self) -> &'a str {
        self.ws();
        self.take_while(|c| c.is_ascii_digit())
    }

    /// Letters only.
    fn letters(&mut self) -> &'a str {
        self.take_while(|c| c.is_ascii_alphabetic())
    }

    /// A number token: an optional sign, then letters, digits, `.`, `+`/`-`
    /// after an exponent `e` (the caller interprets it).
    fn number_token(&mut self) -> &'a str {
        self.ws();
        let r = self.rest();
        let b = r.as_bytes();
        let mut n = 0;
        if matches!(b.first(), Some(b'-' | b'+')) {
            n = 1;
        }
        while let Some(&c) = b.get(n) {
            let exp_sign = (c == b'-' || c == b'+')
                && n > 0
                && matches!(b[n - 1], b'e' | b'E')
                && !r[..n].starts_with("0x");
            if c.is_ascii_alphanumeric() || c == b'.' || c == b'#' || exp_sign {
                n += 1;
            } else {
                break;
            }
        }
        self.pos += n;
        &r[..n]
    }

    fn u32(&mut self, what: &str) -> Result<u32> {
        let at = self.pos;
        let t = self.number_token();
        parse_u64(t)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                self.pos = at;
                self.expected(what)
            })
    }

    fn end(&mut self) -> Result<()> {
        self.ws();
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.expected("the end of the line"))
        }
    }

    /// `{<keyword> 0x... ...}`: a brace group of dword literals.
    fn braced_words(&mut self, keyword: &str) -> Result<Vec<u32>> {
        self.expect('{')?;
        if !self.eat_str(keyword) {
            return Err(self.expected(&format!("`{keyword}`")));
        }
        let mut words = Vec::new();
        loop {
            if self.eat('}') {
                return Ok(words);
            }
            words.push(self.u32("a dword such as `0x0100003e` or `}`")?);
        }
    }
}

/// A decimal or `0x` hexadecimal unsigned number.
fn parse_u64(t: &str) -> Option<u64> {
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) if !h.is_empty() => u64::from_str_radix(h, 16).ok(),
        Some(_) => None,
        None if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => t.parse().ok(),
        None => None,
    }
}

/// A signed decimal or a hexadecimal number as 32 bits.
fn parse_i32_bits(t: &str) -> Option<u32> {
    if let Some(v) = parse_u64(t) {
        return u32::try_from(v).ok();
    }
    let neg = t.strip_prefix('-')?;
    let v = parse_u64(neg)?;
    if neg.starts_with("0x") || v > 1 << 31 {
        return None;
    }
    Some((v as u32).wrapping_neg())
}

// ---------------------------------------------------------------------------
// Instructions
// ---------------------------------------------------------------------------

/// Parses one declaration or instruction line (the text
/// [`crate::disasm::write_instruction`] prints, or fxc's) of a program of
/// `version`. A trailing `{tokens ...}` gives the instruction's dwords,
/// which then win over the text.
pub fn parse_instruction(line: &str, version: &Version) -> Result<Instruction> {
    let text = strip_comment(line);
    let start = text.len() - text.trim_start().len();
    let logical = Logical {
        text: std::borrow::Cow::Borrowed(text.trim()),
        pieces: vec![(0, 1, start + 1)],
    };
    let mut cur = Cur::new(&logical);
    instruction(&mut cur, version)
}

fn instruction(cur: &mut Cur<'_>, version: &Version) -> Result<Instruction> {
    cur.ws();
    let start = cur.pos;
    if cur.rest().starts_with("{tokens") {
        let words = cur.braced_words("tokens")?;
        cur.end()?;
        return from_tokens(cur, start, &words, version);
    }
    let inst = text_instruction(cur, version)?;
    cur.ws();
    if cur.rest().starts_with("{tokens") {
        let at = cur.pos;
        let words = cur.braced_words("tokens")?;
        cur.end()?;
        let exact = from_tokens(cur, at, &words, version)?;
        if exact.opcode != inst.opcode {
            return Err(cur.err_at(
                at,
                format!(
                    "the tokens encode `{}`, the text says `{}`",
                    exact.opcode, inst.opcode
                ),
            ));
        }
        return Ok(exact);
    }
    cur.end()?;
    Ok(inst)
}

/// Decodes the dwords of one instruction.
fn from_tokens(cur: &Cur<'_>, at: usize, words: &[u32], version: &Version) -> Result<Instruction> {
    let mut program = Vec::with_capacity(words.len() + 2);
    program.push(encode_version(version));
    program.push(words.len() as u32 + 2);
    program.extend_from_slice(words);
    let decoded = decode_program_dwords(&program)
        .map_err(|e| cur.err_at(at, format!("the tokens do not decode: {e}")))?;
    match (decoded.instructions.as_slice(), decoded.trailing.is_empty()) {
        ([one], true) => Ok(one.clone()),
        _ => Err(cur.err_at(at, "expected the tokens of exactly one instruction")),
    }
}

/// The opcodes of ordinary instructions by their listing name.
fn by_listing_name() -> &'static HashMap<&'static str, Opcode> {
    static MAP: OnceLock<HashMap<&'static str, Opcode>> = OnceLock::new();
    MAP.get_or_init(|| {
        Opcode::ALL
            .iter()
            .filter(|op| !op.is_reserved())
            .map(|&op| (op.listing_name(), op))
            .collect()
    })
}

fn text_instruction(cur: &mut Cur<'_>, version: &Version) -> Result<Instruction> {
    let at = cur.pos;
    let word = cur.word();
    if word.is_empty() {
        return Err(cur.expected("an instruction or declaration"));
    }
    let sm51 = version.at_least(5, 1);
    if let Some((opcode, hi, names)) = TESSELLATOR.iter().find(|(op, _, _)| op.mnemonic() == word) {
        let v = keyword_value(cur, names)?;
        return Ok(Instruction::new(*opcode, vec![]).with_control_field(11, *hi, v));
    }
    match word {
        "dcl_globalFlags" => return global_flags(cur),
        "dcl_constantbuffer" => return constant_buffer(cur, sm51),
        "dcl_sampler" => return sampler(cur, sm51),
        "dcl_indexableTemp" => return indexable_temp(cur),
        "dcl_indexrange" => {
            let op = operand(cur, Ctx::Mask, sm51)?;
            return operand_and_count(cur, Opcode::DclIndexRange, op, "a register count");
        }
        "dcl_inputprimitive" => {
            let v = named_value(
                cur,
                "a primitive (`triangle`, `patch3`, ...)",
                0..=39,
                disasm::primitive_name,
            )?;
            return Ok(
                Instruction::new(Opcode::DclGsInputPrimitive, vec![]).with_control_field(11, 16, v)
            );
        }
        "dcl_outputtopology" => {
            let v = named_value(cur, "a topology (`trianglestrip`, ...)", 0..=13, |v| {
                disasm::topology_name(v).to_string()
            })?;
            return Ok(
                Instruction::new(Opcode::DclGsOutputPrimitiveTopology, vec![])
                    .with_control_field(11, 17, v),
            );
        }
        "dcl_hs_max_tessfactor" => {
            let op = operand(cur, Ctx::Source, sm51)?;
            let bits = match (op.ty, op.imm.as_slice()) {
                (OperandType::Immediate32, [bits]) => *bits,
                _ => return Err(cur.err_at(at, "expected `dcl_hs_max_tessfactor l(<float>)`")),
            };
            return Ok(Instruction::decl(
                Opcode::DclHsMaxTessfactor,
                vec![],
                Payload::FloatBits(bits),
            ));
        }
        "dcl_thread_group" => {
            let x = cur.u32("a thread count")?;
            cur.expect(',')?;
            let y = cur.u32("a thread count")?;
            cur.expect(',')?;
            let z = cur.u32("a thread count")?;
            return Ok(Instruction::decl(
                Opcode::DclThreadGroup,
                vec![],
                Payload::ThreadGroup([x, y, z]),
            ));
        }
        "dcl_tgsm_raw" => {
            let op = operand(cur, Ctx::Zero, sm51)?;
            cur.expect(',')?;
            return operand_and_count(
                cur,
                Opcode::DclThreadGroupSharedMemoryRaw,
                op,
                "a byte count",
            );
        }
        "dcl_tgsm_structured" => {
            let op = operand(cur, Ctx::Zero, sm51)?;
            cur.expect(',')?;
            let stride = cur.u32("a stride")?;
            cur.expect(',')?;
            let count = cur.u32("an element count")?;
            return Ok(Instruction::decl(
                Opcode::DclThreadGroupSharedMemoryStructured,
                vec![op],
                Payload::Structured {
                    stride,
                    count: Some(count),
                    space: None,
                },
            ));
        }
        "dcl_stream" => {
            let op = operand(cur, Ctx::Zero, sm51)?;
            return Ok(Instruction::new(Opcode::DclStream, vec![op]));
        }
        "dcl_function_body" => {
            cur.ws();
            if !cur.rest().starts_with("fb") {
                return Err(cur.expected("`fb<n>`"));
            }
            cur.pos += 2;
            let n = cur.u32("a function body number")?;
            return Ok(Instruction::decl(
                Opcode::DclFunctionBody,
                vec![],
                Payload::Count(n),
            ));
        }
        "dcl_function_table" => {
            let id = prefixed_number(cur, "ft")?;
            cur.expect('=')?;
            let bodies = braced_list(cur, "fb")?;
            return Ok(Instruction::decl(
                Opcode::DclFunctionTable,
                vec![],
                Payload::FunctionTable { id, bodies },
            ));
        }
        "dcl_interface" | "dcl_interface_dynamicindexed" => return interface(cur, word),
        "dcl_immediateConstantBuffer" => return immediate_constant_buffer(cur),
        "printf" | "errorf" => return shader_message(cur, word, sm51),
        "fcall" => {
            let mut op = operand(cur, Ctx::Zero, sm51)?;
            let body = match op.indices.pop() {
                Some(Index {
                    repr: IndexRepr::Imm32,
                    imm,
                    rel: None,
                }) if op.ty == OperandType::Interface => imm as u32,
                _ => return Err(cur.err_at(at, "expected `fcall fp<n>[<i>][<body>]`")),
            };
            return Ok(Instruction::decl(
                Opcode::InterfaceCall,
                vec![op],
                Payload::Count(body),
            ));
        }
        _ => {}
    }
    if let Some(flags) = word.strip_prefix("sync") {
        let mut bits = 0u32;
        let mut rest = flags;
        while !rest.is_empty() {
            let (name, bit) = [("_uglobal", 8), ("_ugroup", 4), ("_g", 2), ("_t", 1)]
                .into_iter()
                .find(|(n, _)| rest.starts_with(n))
                .ok_or_else(|| cur.err_at(at, format!("expected `sync` with `_uglobal`, `_ugroup`, `_g`, `_t`, found `{word}`")))?;
            bits |= bit;
            rest = &rest[name.len()..];
        }
        return Ok(Instruction::new(Opcode::Sync, vec![]).with_control_field(11, 14, bits));
    }
    if let Some(d) = dcl_io_opcode(word) {
        return dcl_io(cur, d, sm51);
    }
    if let Some(op) = [
        Opcode::DclTemps,
        Opcode::DclMaxOutputVertexCount,
        Opcode::DclGsInstanceCount,
        Opcode::DclHsForkPhaseInstanceCount,
        Opcode::DclHsJoinPhaseInstanceCount,
    ]
    .into_iter()
    .find(|op| op.mnemonic() == word)
    {
        let n = cur.u32("a count")?;
        return Ok(Instruction::decl(op, vec![], Payload::Count(n)));
    }
    if let Some(op) = [
        Opcode::DclInputControlPointCount,
        Opcode::DclOutputControlPointCount,
    ]
    .into_iter()
    .find(|op| op.mnemonic() == word)
    {
        let n = cur.u32("a control point count")?;
        if n > 63 {
            return Err(cur.err_at(at, "a control point count is at most 63"));
        }
        return Ok(Instruction::new(op, vec![]).with_control_field(11, 16, n));
    }
    if let Some(rest) = word.strip_prefix("dcl_resource_") {
        if rest == "raw" || rest == "structured" {
            return raw_structured(cur, word, "", sm51);
        }
        return typed_resource(cur, at, rest, false, sm51);
    }
    if let Some(rest) = word.strip_prefix("dcl_uav_typed_") {
        return typed_resource(cur, at, rest, true, sm51);
    }
    for base in ["dcl_uav_raw", "dcl_uav_structured"] {
        if let Some(flags) = word.strip_prefix(base) {
            return raw_structured(cur, base, flags, sm51);
        }
    }
    generic(cur, at, word, sm51)
}

/// The tessellator declarations: opcode, the last bit of the field at
/// `[hi:11]`, and the keyword of each value.
const TESSELLATOR: [(Opcode, u32, &[&str]); 3] = [
    (
        Opcode::DclTessDomain,
        12,
        &[
            "domain_undefined",
            "domain_isoline",
            "domain_tri",
            "domain_quad",
        ],
    ),
    (
        Opcode::DclTessPartitioning,
        13,
        &[
            "partitioning_undefined",
            "partitioning_integer",
            "partitioning_pow2",
            "partitioning_fractional_odd",
            "partitioning_fractional_even",
        ],
    ),
    (
        Opcode::DclTessOutputPrimitive,
        13,
        &[
            "output_undefined",
            "output_point",
            "output_line",
            "output_triangle_cw",
            "output_triangle_ccw",
        ],
    ),
];

/// A declaration of one operand and a count dword (`dcl_indexrange v1 3`,
/// `dcl_tgsm_raw g0, 256`): the count that comes next.
fn operand_and_count(
    cur: &mut Cur<'_>,
    opcode: Opcode,
    op: Operand,
    what: &str,
) -> Result<Instruction> {
    let n = cur.u32(what)?;
    Ok(Instruction::decl(opcode, vec![op], Payload::Count(n)))
}

/// A value named by `name(v)` for some `v` in `range`.
fn named_value(
    cur: &mut Cur<'_>,
    what: &str,
    range: std::ops::RangeInclusive<u32>,
    name: impl Fn(u32) -> String,
) -> Result<u32> {
    cur.token(
        Cur::word,
        |w| range.into_iter().find(|&v| name(v) == w),
        what,
    )
}

/// The index of the keyword that comes next.
fn keyword_value(cur: &mut Cur<'_>, names: &[&str]) -> Result<u32> {
    cur.token(
        Cur::word,
        |w| names.iter().position(|n| *n == w).map(|i| i as u32),
        &format!("one of {}", names.join(", ")),
    )
}

/// `<prefix><n>` (`ft3`).
fn prefixed_number(cur: &mut Cur<'_>, prefix: &str) -> Result<u32> {
    cur.ws();
    if !cur.rest().starts_with(prefix) {
        return Err(cur.expected(&format!("`{prefix}<n>`")));
    }
    cur.pos += prefix.len();
    cur.u32(&format!("the number after `{prefix}`"))
}

/// `{fb0, fb2}`.
fn braced_list(cur: &mut Cur<'_>, prefix: &str) -> Result<Vec<u32>> {
    cur.expect('{')?;
    let mut out = Vec::new();
    if cur.eat('}') {
        return Ok(out);
    }
    loop {
        out.push(prefixed_number(cur, prefix)?);
        if cur.eat('}') {
            return Ok(out);
        }
        cur.expect(',')?;
    }
}

fn global_flags(cur: &mut Cur<'_>) -> Result<Instruction> {
    const NAMES: [&str; 9] = [
        "refactoringAllowed",
        "enableDoublePrecisionFloatOps",
        "forceEarlyDepthStencil",
        "enableRawAndStructuredBuffers",
        "skipOptimization",
        "enableMinimumPrecision",
        "enable11_1DoubleExtensions",
        "enable11_1ShaderExtensions",
        "allResourcesBound",
    ];
    let mut controls = 0u32;
    cur.ws();
    if cur.rest().is_empty() {
        return Ok(Instruction::new(Opcode::DclGlobalFlags, vec![]));
    }
    loop {
        cur.ws();
        let at = cur.pos;
        if cur.rest().starts_with("0x") {
            let v = cur.u32("a flag value")?;
            if v & !0x00ff_f800 != 0 {
                return Err(cur.err_at(at, "flag bits outside [23:11]"));
            }
            controls |= v;
        } else {
            let w = cur.word();
            let bit = NAMES.iter().position(|n| *n == w).ok_or_else(|| {
                cur.pos = at;
                cur.expected("a global flag (`refactoringAllowed`, ...)")
            })?;
            controls |= 1 << (bit + 11);
        }
        if !cur.eat('|') {
            break;
        }
    }
    Ok(Instruction::new(Opcode::DclGlobalFlags, vec![]).with_controls(controls))
}

/// `, immediateIndexed` / `, dynamicIndexed`: bit 11.
fn access_pattern(cur: &mut Cur<'_>) -> Result<u32> {
    cur.expect(',')?;
    keyword_value(cur, &["immediateIndexed", "dynamicIndexed"])
}

/// `, space=<n>`.
fn space(cur: &mut Cur<'_>) -> Result<u32> {
    cur.expect(',')?;
    if !cur.eat_str("space") {
        return Err(cur.expected("`space=<n>`"));
    }
    cur.expect('=')?;
    cur.u32("a register space")
}

/// The declared register of a resource declaration: before SM5.1 the
/// operand (`t0`); on SM5.1 the range `T0[0:3]` (`*` for an unbounded
/// range) as indices id, first, last, with an xyzw swizzle as fxc writes.
fn range_register(cur: &mut Cur<'_>, sm51: bool) -> Result<Operand> {
    if !sm51 {
        return operand(cur, Ctx::Zero, sm51);
    }
    cur.ws();
    let ty = cur.token(
        Cur::letters,
        |letters| {
            PREFIXED
                .iter()
                .find(|(n, _)| *n == letters)
                .map(|&(_, t)| t)
        },
        "a register range such as `T0[0:3]`",
    )?;
    let id = cur.u32("the range id")?;
    cur.expect('[')?;
    let lo = cur.u32("the first register of the range")?;
    cur.expect(':')?;
    let hi = if cur.eat('*') {
        u32::MAX
    } else {
        cur.u32("the last register of the range or `*`")?
    };
    cur.expect(']')?;
    Ok(Operand::new(ty, Components::XYZW, &[id, lo, hi]))
}

fn constant_buffer(cur: &mut Cur<'_>, sm51: bool) -> Result<Instruction> {
    if sm51 {
        let op = range_register(cur, true)?;
        cur.expect('[')?;
        let size = cur.u32("the buffer size")?;
        cur.expect(']')?;
        let access = access_pattern(cur)?;
        let space = space(cur)?;
        return Ok(Instruction::decl(
            Opcode::DclConstantBuffer,
            vec![op],
            Payload::ConstantBuffer51 { size, space },
        )
        .with_control_field(11, 11, access));
    }
    // `CB0[4]` (fxc 10) or `cb0[4]`: the slot and the size as the operand's
    // two indices, read as a source with an xyzw swizzle.
    let mut op = operand(cur, Ctx::Zero, sm51)?;
    if op.ty != OperandType::ConstantBuffer {
        return Err(cur.expected("a constant buffer `CB<n>[<size>]`"));
    }
    op.components = Components::Swizzle([0, 1, 2, 3]);
    let access = access_pattern(cur)?;
    Ok(Instruction::new(Opcode::DclConstantBuffer, vec![op]).with_control_field(11, 11, access))
}

fn sampler(cur: &mut Cur<'_>, sm51: bool) -> Result<Instruction> {
    let op = range_register(cur, sm51)?;
    cur.expect(',')?;
    let mode = keyword_value(cur, &["mode_default", "mode_comparison", "mode_mono"])?;
    let inst = if sm51 {
        let s = space(cur)?;
        Instruction::decl(Opcode::DclSampler, vec![op], Payload::Space(s))
    } else {
        Instruction::new(Opcode::DclSampler, vec![op])
    };
    Ok(inst.with_control_field(11, 14, mode))
}

fn indexable_temp(cur: &mut Cur<'_>) -> Result<Instruction> {
    let reg = prefixed_number(cur, "x")?;
    cur.expect('[')?;
    let count = cur.u32("the element count")?;
    cur.expect(']')?;
    cur.expect(',')?;
    let components = cur.u32("the component count")?;
    Ok(Instruction::decl(
        Opcode::DclIndexableTemp,
        vec![],
        Payload::IndexableTemp {
            reg,
            count,
            components,
        },
    ))
}

fn interface(cur: &mut Cur<'_>, word: &str) -> Result<Instruction> {
    let id = prefixed_number(cur, "fp")?;
    cur.expect('[')?;
    let array_len = cur.u32("the array length")?;
    cur.expect(']')?;
    cur.expect('[')?;
    let num_interfaces = cur.u32("the function-table length")?;
    cur.expect(']')?;
    cur.expect('=')?;
    let tables = braced_list(cur, "ft")?;
    if tables.len() > 0xffff || array_len > 0xffff {
        return Err(cur.expected("at most 65535 tables and array elements"));
    }
    let inst = Instruction::decl(
        Opcode::DclInterface,
        vec![],
        Payload::Interface {
            id,
            table_len: tables.len() as u32,
            array_len,
            raw_counts: array_len << 16 | tables.len() as u32,
            num_interfaces,
            tables,
        },
    );
    Ok(if word.ends_with("_dynamicindexed") {
        inst.with_control_field(11, 11, 1)
    } else {
        inst
    })
}

/// `{ { a, b, c, d}, { ... } }` (rows of any length up to 4).
fn immediate_constant_buffer(cur: &mut Cur<'_>) -> Result<Instruction> {
    cur.expect('{')?;
    let mut data = Vec::new();
    if !cur.eat('}') {
        loop {
            cur.expect('{')?;
            let mut n = 0;
            loop {
                data.push(imm32_value(cur)?);
                n += 1;
                if cur.eat('}') {
                    break;
                }
                if n == 4 {
                    return Err(cur.expected("`}` after four values"));
                }
                cur.expect(',')?;
            }
            if cur.eat('}') {
                break;
            }
            cur.expect(',')?;
        }
    }
    Ok(Instruction::decl(
        Opcode::Customdata,
        vec![],
        Payload::CustomData {
            class: CustomDataClass::ImmediateConstantBuffer,
            data,
        },
    ))
}

/// `printf "format", operands...`: the shader-message block (five header
/// dwords, the operand tokens, the NUL-terminated format).
fn shader_message(cur: &mut Cur<'_>, word: &str, sm51: bool) -> Result<Instruction> {
    cur.ws();
    if cur.peek() != Some('"') {
        return Err(cur.expected("a quoted format string"));
    }
    // The string ends at the last quote of the line (fxc does not escape
    // quotes inside it).
    let rest = cur.rest();
    let close = rest
        .rfind('"')
        .filter(|&i| i > 0)
        .ok_or_else(|| cur.expected("a closing `\"`"))?;
    let body = &rest[1..close];
    cur.pos += close + 1;
    let mut text = Vec::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        let c = if c == '\\' {
            match chars.next() {
                Some('n') => '\n',
                Some('r') => '\r',
                Some('t') => '\t',
                Some('b') => '\u{8}',
                Some('\\') => '\\',
                Some(other) => {
                    text.push(b'\\');
                    other
                }
                None => '\\',
            }
        } else {
            c
        };
        let mut buf = [0u8; 4];
        text.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    let mut ops = Vec::new();
    let mut count = 0u32;
    while cur.eat(',') {
        count += 1;
        let op = operand(cur, Ctx::Source, sm51)?;
        crate::encode::encode_operand(&op, &mut ops)
            .map_err(|e| cur.expected(&format!("an encodable operand ({e})")))?;
    }
    let fmt_len = text.len() as u32;
    text.push(0);
    while text.len() % 4 != 0 {
        text.push(0);
    }
    // Header as fxc writes it: message type (2 printf, 3 errorf) with
    // 0x0020_0100, format mode 1, format length, operand count, operand
    // dwords.
    let mut data = vec![
        0x0020_0100 | if word == "errorf" { 3 } else { 2 },
        1,
        fmt_len,
        count,
        ops.len() as u32,
    ];
    data.extend_from_slice(&ops);
    data.extend(
        text.chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
    );
    Ok(Instruction::decl(
        Opcode::Customdata,
        vec![],
        Payload::CustomData {
            class: CustomDataClass::ShaderMessage,
            data,
        },
    ))
}

fn dcl_io_opcode(word: &str) -> Option<Opcode> {
    use Opcode::*;
    [
        DclInput,
        DclOutput,
        DclInputSgv,
        DclInputSiv,
        DclOutputSgv,
        DclOutputSiv,
        DclInputPs,
        DclInputPsSgv,
        DclInputPsSiv,
    ]
    .into_iter()
    .find(|op| op.mnemonic() == word)
}

const INTERPOLATION: [&str; 8] = [
    "",
    "constant",
    "linear",
    "linear centroid",
    "linear noperspective",
    "linear noperspective centroid",
    "linear sample",
    "linear noperspective sample",
];

fn dcl_io(cur: &mut Cur<'_>, opcode: Opcode, sm51: bool) -> Result<Instruction> {
    use Opcode::*;
    let mut mode = 0u32;
    if matches!(opcode, DclInputPs | DclInputPsSgv | DclInputPsSiv) {
        // The longest interpolation phrase that comes next.
        cur.ws();
        let rest = cur.rest();
        let mut best = (0, 0);
        for (i, m) in INTERPOLATION.iter().enumerate().skip(1) {
            let follows = rest
                .get(m.len()..)
                .is_some_and(|r| r.is_empty() || r.starts_with(' '));
            if rest.starts_with(m) && follows && m.len() > best.1 {
                best = (i, m.len());
            }
        }
        mode = best.0 as u32;
        cur.pos += best.1;
    }
    let mut op = operand(cur, Ctx::Mask, sm51)?;
    // fxc declares the thread, instance, primitive id and `oMask`
    // registers without components, the depth and coverage ones with one.
    let one = matches!(
        op.ty,
        OperandType::OutputDepth
            | OperandType::OutputDepthGreaterEqual
            | OperandType::OutputDepthLessEqual
            | OperandType::InputCoverageMask
            | OperandType::OutputStencilRef
            | OperandType::InnerCoverage
    );
    if op.components == Components::One && !one {
        op.components = Components::Zero;
    }
    let mut inst = match opcode {
        DclInputSgv | DclInputSiv | DclOutputSgv | DclOutputSiv | DclInputPsSgv | DclInputPsSiv => {
            cur.expect(',')?;
            let sv = cur.token(
                Cur::word,
                system_value_named,
                "a system value name (`position`, ...)",
            )?;
            Instruction::decl(opcode, vec![op], Payload::SystemValue(sv))
        }
        _ => Instruction::new(opcode, vec![op]),
    };
    if mode != 0 {
        inst = inst.with_control_field(11, 14, mode);
    }
    Ok(inst)
}

fn system_value_named(w: &str) -> Option<SystemValue> {
    if let Some(n) = w.strip_prefix("name") {
        return n.parse::<u32>().ok().map(SystemValue::from_u32);
    }
    (0..=22u32)
        .map(SystemValue::from_u32)
        .find(|&sv| disasm::system_value_name(sv) == w)
}

/// `(float,float,float,float)`.
fn return_types(cur: &mut Cur<'_>) -> Result<([ReturnType; 4], u32)> {
    cur.expect('(')?;
    let mut types = [ReturnType::Other(0); 4];
    let mut raw = 0u32;
    for (i, t) in types.iter_mut().enumerate() {
        if i > 0 {
            cur.expect(',')?;
        }
        cur.ws();
        let at = cur.pos;
        let name = if cur.peek() == Some('<') {
            let r = cur.rest();
            let n = r.find('>').map_or(r.len(), |i| i + 1);
            cur.pos += n;
            &r[..n]
        } else {
            cur.word()
        };
        *t = return_type_named(name).ok_or_else(|| {
            cur.pos = at;
            cur.expected("a return type (`float`, `uint`, ...)")
        })?;
        raw |= (t.to_u8() as u32 & 0xf) << (4 * i);
    }
    cur.expect(')')?;
    Ok((types, raw))
}

fn return_type_named(name: &str) -> Option<ReturnType> {
    (1..=9u8)
        .map(ReturnType::from_u8)
        .find(|&t| disasm::return_type_name(t) == name)
}

fn resource_dimension_named(name: &str) -> Option<ResourceDimension> {
    (0..=12u8)
        .map(ResourceDimension::from_u8)
        .find(|d| d.name() == name)
}

fn typed_resource(
    cur: &mut Cur<'_>,
    at: usize,
    rest: &str,
    uav: bool,
    sm51: bool,
) -> Result<Instruction> {
    // `texture2dms(4)` keeps its sample count in parentheses; UAV flags
    // follow the dimension name (`texture2d_glc_rov`).
    let mut name = rest;
    let mut flags = 0u32;
    if uav {
        loop {
            if let Some(n) = name.strip_suffix("_glc") {
                name = n;
                flags |= 1 << 16;
            } else if let Some(n) = name.strip_suffix("_rov") {
                name = n;
                flags |= 1 << 17;
            } else {
                break;
            }
        }
    }
    let dim = resource_dimension_named(name).ok_or_else(|| {
        cur.err_at(at, format!("expected a resource dimension after `dcl_resource_`/`dcl_uav_typed_`, found `{rest}`"))
    })?;
    let mut samples = 0;
    if matches!(
        dim,
        ResourceDimension::Texture2DMS | ResourceDimension::Texture2DMSArray
    ) && cur.peek() == Some('(')
    {
        cur.expect('(')?;
        samples = cur.u32("a sample count")?;
        cur.expect(')')?;
        if samples > 127 {
            return Err(cur.expected("a sample count below 128"));
        }
    }
    let (return_types, raw) = return_types(cur)?;
    let op = range_register(cur, sm51)?;
    let space = if sm51 { Some(space(cur)?) } else { None };
    let (opcode, payload) = if uav {
        (
            Opcode::DclUnorderedAccessViewTyped,
            Payload::UavTyped {
                return_types,
                raw,
                space,
            },
        )
    } else {
        (
            Opcode::DclResource,
            Payload::Resource {
                return_types,
                raw,
                space,
            },
        )
    };
    Ok(Instruction::decl(opcode, vec![op], payload)
        .with_control_field(11, 15, dim.to_u8() as u32)
        .with_control_field(16, 22, samples)
        .with_controls(flags))
}

fn raw_structured(cur: &mut Cur<'_>, base: &str, flags: &str, sm51: bool) -> Result<Instruction> {
    let opcode = match base {
        "dcl_resource_raw" => Opcode::DclResourceRaw,
        "dcl_resource_structured" => Opcode::DclResourceStructured,
        "dcl_uav_raw" => Opcode::DclUnorderedAccessViewRaw,
        _ => Opcode::DclUnorderedAccessViewStructured,
    };
    let mut bits = 0u32;
    let mut rest = flags;
    while !rest.is_empty() {
        let (name, bit) = [("_glc", 16), ("_rov", 17), ("_opc", 23)]
            .into_iter()
            .find(|(n, _)| rest.starts_with(n))
            .ok_or_else(|| {
                cur.expected(&format!(
                    "a UAV flag (`_glc`, `_rov`, `_opc`) in `{base}{flags}`"
                ))
            })?;
        bits |= 1 << bit;
        rest = &rest[name.len()..];
    }
    let op = range_register(cur, sm51)?;
    let structured = matches!(
        opcode,
        Opcode::DclResourceStructured | Opcode::DclUnorderedAccessViewStructured
    );
    let payload = if structured {
        cur.expect(',')?;
        let stride = cur.u32("a stride")?;
        Payload::Structured {
            stride,
            count: None,
            space: if sm51 { Some(space(cur)?) } else { None },
        }
    } else if sm51 {
        Payload::Space(space(cur)?)
    } else {
        Payload::None
    };
    Ok(Instruction::decl(opcode, vec![op], payload).with_controls(bits))
}

/// The suffixes after an ordinary instruction's listing name.
#[derive(Default)]
struct Suffixes {
    nonzero: bool,
    sat: bool,
    rcp_float: bool,
    uint: bool,
    resinfo: Option<u32>,
}

fn suffixes(s: &str) -> Option<Suffixes> {
    let mut out = Suffixes::default();
    if s.is_empty() {
        return Some(out);
    }
    for part in s.strip_prefix('_')?.split('_') {
        match part {
            "z" | "aoffimmi" | "indexable" => {}
            "nz" => out.nonzero = true,
            "sat" => out.sat = true,
            "rcpFloat" => out.rcp_float = true,
            "uint" => out.uint = true,
            n if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                out.resinfo = Some(n.parse().ok()?)
            }
            _ => return None,
        }
    }
    Some(out)
}

/// An extended opcode token from a parenthesized group after the
/// mnemonic: texel offsets `(1,-2,0)`, a resource dimension
/// `(texture2d)` / `(structured_buffer, stride=16)`, or return types
/// `(float,float,float,float)`.
fn extended_group(cur: &Cur<'_>, at: usize, body: &str) -> Result<ExtendedOpcode> {
    let items: Vec<&str> = body.split(',').map(str::trim).collect();
    if items.len() == 3 {
        let offsets: Option<Vec<i8>> = items
            .iter()
            .map(|t| t.parse::<i8>().ok().filter(|v| (-8..=7).contains(v)))
            .collect();
        if let Some(o) = offsets {
            return Ok(ExtendedOpcode::SampleControls {
                offsets: [o[0], o[1], o[2]],
                raw: 0,
            });
        }
    }
    if let Some(dim) = items.first().and_then(|d| resource_dimension_named(d)) {
        let stride = match items.get(1) {
            None => 0,
            Some(s) => s
                .strip_prefix("stride=")
                .and_then(|n| n.parse::<u16>().ok())
                .filter(|&n| n < 0x1000)
                .ok_or_else(|| cur.err_at(at, format!("expected `stride=<n>`, found `{s}`")))?,
        };
        if items.len() <= 2 {
            return Ok(ExtendedOpcode::ResourceDim {
                dim,
                stride,
                raw: 0,
            });
        }
    }
    if items.len() == 4 {
        let types: Option<Vec<ReturnType>> = items.iter().map(|t| return_type_named(t)).collect();
        if let Some(t) = types {
            return Ok(ExtendedOpcode::ResourceReturnType {
                types: [t[0], t[1], t[2], t[3]],
                raw: 0,
            });
        }
    }
    Err(cur.err_at(
        at,
        format!(
            "expected texel offsets, a resource dimension or four return types, found `({body})`"
        ),
    ))
}

fn generic(cur: &mut Cur<'_>, at: usize, word: &str, sm51: bool) -> Result<Instruction> {
    let mut name = word.to_string();
    let mut extended = Vec::new();
    loop {
        match cur.peek() {
            Some('(') => {
                let gat = cur.pos;
                let r = cur.rest();
                let close = r
                    .find(')')
                    .ok_or_else(|| cur.err_at(gat, "expected `)` closing the group"))?;
                extended.push(extended_group(cur, gat, &r[1..close])?);
                cur.pos += close + 1;
            }
            Some(c) if c == '_' || c.is_ascii_alphanumeric() => name.push_str(cur.word()),
            _ => break,
        }
    }
    let map = by_listing_name();
    let mut found = None;
    for i in name
        .match_indices('_')
        .map(|(i, _)| i)
        .chain(std::iter::once(name.len()))
    {
        if let (Some(&op), Some(sfx)) = (map.get(&name[..i]), suffixes(&name[i..])) {
            found = Some((op, sfx));
        }
    }
    let Some((opcode, sfx)) = found else {
        return Err(cur.err_at(
            at,
            format!("expected an instruction or declaration, found `{name}`"),
        ));
    };
    let mut inst = Instruction::new(opcode, vec![]);
    inst.extended = extended;
    if sfx.nonzero {
        inst = inst.with_test_nonzero();
    }
    if sfx.sat {
        inst = inst.with_saturate();
    }
    let info = match (opcode, sfx.rcp_float, sfx.uint, sfx.resinfo) {
        (_, false, false, None) => 0,
        (Opcode::Resinfo, true, false, None) => 1,
        (Opcode::Resinfo, false, true, None) => 2,
        (Opcode::Resinfo, false, false, Some(n)) if n < 4 => n,
        (Opcode::SampleInfo, false, true, None) => 1,
        _ => {
            return Err(cur.err_at(
                at,
                format!("expected `{}` without that return-type suffix", opcode),
            ))
        }
    };
    inst = inst.with_control_field(11, 12, info);
    if cur.eat_str("[precise") {
        let mut mask = 0xF;
        if cur.eat('(') {
            let lat = cur.pos;
            let l = cur.letters();
            mask = lane_letters(l).filter(|&m| m != 0).ok_or_else(|| {
                cur.pos = lat;
                cur.expected("the precise lanes")
            })?;
            cur.expect(')')?;
        }
        cur.expect(']')?;
        inst = inst.with_control_field(19, 22, mask as u32);
    }
    // Every `_s` (feedback) form writes its status to the second operand.
    let feedback = matches!(
        opcode,
        Opcode::LdFeedback
            | Opcode::LdMsFeedback
            | Opcode::LdUavTypedFeedback
            | Opcode::LdRawFeedback
            | Opcode::LdStructuredFeedback
    );
    let dsts = if feedback {
        2
    } else {
        disasm::destinations(opcode)
    };
    let store = matches!(
        opcode,
        Opcode::StoreRaw
            | Opcode::StoreStructured
            | Opcode::StoreUavTyped
            | Opcode::AtomicAnd
            | Opcode::AtomicOr
            | Opcode::AtomicXor
            | Opcode::AtomicCmpStore
            | Opcode::AtomicIadd
            | Opcode::AtomicImax
            | Opcode::AtomicImin
            | Opcode::AtomicUmax
            | Opcode::AtomicUmin
    );
    cur.ws();
    if !cur.rest().is_empty() && !cur.rest().starts_with("{tokens") {
        loop {
            let i = inst.operands.len();
            let ctx = if i < dsts || (store && i == 0) {
                Ctx::Mask
            } else {
                Ctx::Source
            };
            inst.operands.push(operand(cur, ctx, sm51)?);
            if !cur.eat(',') {
                break;
            }
        }
    }
    Ok(inst)
}

// ---------------------------------------------------------------------------
// Operands
// ---------------------------------------------------------------------------

/// How the letters after `.` are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// A destination: write mask.
    Mask,
    /// A source: swizzle or select-1.
    Source,
    /// A declared register (no components unless written).
    Zero,
}

/// Registers printed by name, without an index.
const NAMED: [(&str, OperandType); 20] = [
    ("vPrim", OperandType::InputPrimitiveId),
    ("oDepth", OperandType::OutputDepth),
    ("null", OperandType::Null),
    ("rasterizer", OperandType::Rasterizer),
    ("oMask", OperandType::OutputCoverageMask),
    ("vOutputControlPointID", OperandType::OutputControlPointId),
    ("vForkInstanceID", OperandType::InputForkInstanceId),
    ("vJoinInstanceID", OperandType::InputJoinInstanceId),
    ("vDomain", OperandType::InputDomainPoint),
    ("vThreadID", OperandType::InputThreadId),
    ("vThreadGroupID", OperandType::InputThreadGroupId),
    ("vThreadIDInGroup", OperandType::InputThreadIdInGroup),
    ("vCoverage", OperandType::InputCoverageMask),
    (
        "vThreadIDInGroupFlattened",
        OperandType::InputThreadIdInGroupFlattened,
    ),
    ("vGSInstanceID", OperandType::InputGsInstanceId),
    ("oDepthGE", OperandType::OutputDepthGreaterEqual),
    ("oDepthLE", OperandType::OutputDepthLessEqual),
    ("vCycleCounter", OperandType::CycleCounter),
    ("oStencilRef", OperandType::OutputStencilRef),
    ("vInnerCoverage", OperandType::InnerCoverage),
];

/// Register prefixes (`r3`, `cb0[2]`, `vicp[1][0]`).
const PREFIXED: [(&str, OperandType); 25] = [
    ("r", OperandType::Temp),
    ("v", OperandType::Input),
    ("o", OperandType::Output),
    ("x", OperandType::IndexableTemp),
    ("s", OperandType::Sampler),
    ("S", OperandType::Sampler),
    ("t", OperandType::Resource),
    ("T", OperandType::Resource),
    ("cb", OperandType::ConstantBuffer),
    ("CB", OperandType::ConstantBuffer),
    ("u", OperandType::UnorderedAccessView),
    ("U", OperandType::UnorderedAccessView),
    ("icb", OperandType::ImmediateConstantBuffer),
    ("l", OperandType::Label),
    ("m", OperandType::Stream),
    ("fb", OperandType::FunctionBody),
    ("ft", OperandType::FunctionTable),
    ("fp", OperandType::Interface),
    ("fi", OperandType::FunctionInput),
    ("fo", OperandType::FunctionOutput),
    ("vicp", OperandType::InputControlPoint),
    ("vocp", OperandType::OutputControlPoint),
    ("vpc", OperandType::InputPatchConstant),
    ("this", OperandType::ThisPointer),
    ("g", OperandType::ThreadGroupSharedMemory),
];

/// Registers that are one component wide when no components are written.
fn one_component(ty: OperandType) -> bool {
    use OperandType::*;
    matches!(
        ty,
        InputPrimitiveId
            | OutputDepth
            | OutputCoverageMask
            | OutputControlPointId
            | InputForkInstanceId
            | InputJoinInstanceId
            | InputCoverageMask
            | InputGsInstanceId
            | OutputDepthGreaterEqual
            | OutputDepthLessEqual
            | OutputStencilRef
            | InnerCoverage
            | CycleCounter
    )
}

fn operand(cur: &mut Cur<'_>, ctx: Ctx, sm51: bool) -> Result<Operand> {
    operand_at(cur, ctx, sm51, 0)
}

fn operand_at(cur: &mut Cur<'_>, ctx: Ctx, sm51: bool, depth: u32) -> Result<Operand> {
    if depth > crate::decode::MAX_RELATIVE_DEPTH {
        return Err(cur.expected("a less deeply nested relative index"));
    }
    let neg = cur.eat('-');
    let abs = cur.eat('|');
    let mut op = operand_core(cur, ctx, sm51, depth)?;
    if abs {
        cur.expect('|')?;
    }
    op.modifier = match (neg, abs) {
        (false, false) => Modifier::None,
        (true, false) => Modifier::Neg,
        (false, true) => Modifier::Abs,
        (true, true) => Modifier::AbsNeg,
    };
    loop {
        cur.ws();
        let r = cur.rest();
        if !r.starts_with('{') || r.starts_with("{tokens") || r.starts_with("{trailing") {
            break;
        }
        cur.expect('{')?;
        if cur.eat_str("nonuniform") {
            op.non_uniform = true;
        } else {
            op.min_precision = precision(cur)?;
            if cur.eat_str("as") {
                precision(cur)?;
            }
        }
        cur.expect('}')?;
    }
    op.extended = op.modifier != Modifier::None || op.min_precision != 0 || op.non_uniform;
    Ok(op)
}

fn precision(cur: &mut Cur<'_>) -> Result<u8> {
    cur.token(
        Cur::word,
        |w| (0..8u8).find(|&p| disasm::precision_name(p) == w && w != "min_unknown"),
        "a precision (`min16f`, `def32`, ...) or `nonuniform`",
    )
}

/// `a, b, ...)`: the values of an immediate operand up to its `)`.
fn values<T>(cur: &mut Cur<'_>, value: fn(&mut Cur<'_>) -> Result<T>) -> Result<Vec<T>> {
    let mut vals = Vec::new();
    loop {
        vals.push(value(cur)?);
        if cur.eat(')') {
            return Ok(vals);
        }
        cur.expect(',')?;
    }
}

fn operand_core(cur: &mut Cur<'_>, ctx: Ctx, sm51: bool, depth: u32) -> Result<Operand> {
    cur.ws();
    let at = cur.pos;
    let r = cur.rest();
    if r.starts_with("l(") {
        cur.pos += 2;
        let vals = values(cur, imm32_value)?;
        let mut op = match vals.len() {
            1 => Operand::imm32(vals[0]),
            4 => Operand::imm32_4([vals[0], vals[1], vals[2], vals[3]]),
            n => return Err(cur.err_at(at, format!("expected 1 or 4 immediate values, found {n}"))),
        };
        op.extended = false;
        return Ok(op);
    }
    if r.starts_with("d(") {
        cur.pos += 2;
        let vals = values(cur, imm64_value)?;
        return match vals.len() {
            1 => Ok(Operand::imm64(vals[0])),
            2 => Ok(Operand::imm64_2([vals[0], vals[1]])),
            n => Err(cur.err_at(at, format!("expected 1 or 2 double values, found {n}"))),
        };
    }
    let letters = cur.letters();
    let ty = NAMED
        .iter()
        .chain(PREFIXED.iter())
        .find(|(n, _)| *n == letters)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            cur.pos = at;
            cur.expected("an operand")
        })?;
    let mut op = Operand::new(ty, Components::Zero, &[]);
    let named = NAMED.iter().any(|(n, _)| *n == letters);
    if !named && cur.peek().is_some_and(|c| c.is_ascii_digit()) {
        let nat = cur.pos;
        let t = cur.digits();
        let v = parse_u64(t).ok_or_else(|| {
            cur.pos = nat;
            cur.expected("a register number")
        })?;
        op.indices.push(plain_index(v));
    }
    while cur.peek() == Some('[') {
        cur.pos += 1;
        op.indices.push(index(cur, sm51, depth)?);
        cur.expect(']')?;
    }
    if op.indices.len() > 3 {
        return Err(cur.err_at(at, "expected at most three indices"));
    }
    op.components = if cur.peek() == Some('.') {
        cur.pos += 1;
        let lat = cur.pos;
        let l = cur.letters();
        components(l, ctx).ok_or_else(|| {
            cur.pos = lat;
            cur.expected("a write mask (lanes in xyzw order) or a swizzle of 1 or 4 lanes")
        })?
    } else if one_component(ty) {
        Components::One
    } else {
        Components::Zero
    };
    Ok(op)
}

fn plain_index(v: u64) -> Index {
    Index {
        repr: if v > u32::MAX as u64 {
            IndexRepr::Imm64
        } else {
            IndexRepr::Imm32
        },
        imm: v,
        rel: None,
    }
}

/// The inside of `[...]`: a number, or a relative operand `+` a number.
fn index(cur: &mut Cur<'_>, sm51: bool, depth: u32) -> Result<Index> {
    cur.ws();
    if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
        let v = cur.token(Cur::digits, parse_u64, "an index")?;
        return Ok(plain_index(v));
    }
    let rel = operand_at(cur, Ctx::Source, sm51, depth + 1)?;
    cur.expect('+')?;
    let imm = cur.token(Cur::digits, parse_u64, "the index offset after `+`")?;
    let repr = match imm {
        0 => IndexRepr::Relative,
        v if v > u32::MAX as u64 => IndexRepr::Imm64PlusRelative,
        _ => IndexRepr::Imm32PlusRelative,
    };
    Ok(Index {
        repr,
        imm,
        rel: Some(Box::new(rel)),
    })
}

fn components(letters: &str, ctx: Ctx) -> Option<Components> {
    let lanes: Vec<u8> = letters.chars().map(lane_index).collect::<Option<_>>()?;
    let ascending = lanes.windows(2).all(|w| w[0] < w[1]);
    Some(match lanes[..] {
        [c] if ctx == Ctx::Mask => Components::Mask(1 << c),
        [c] => Components::Select1(c),
        [a, b, c, d] if ctx != Ctx::Mask || !ascending => Components::Swizzle([a, b, c, d]),
        _ if ascending && !lanes.is_empty() => {
            Components::Mask(lanes.iter().fold(0, |m, &l| m | 1 << l))
        }
        _ => return None,
    })
}

/// One 32-bit immediate: hexadecimal bits, a signed decimal integer, or a
/// float with a `.` or an exponent.
fn imm32_value(cur: &mut Cur<'_>) -> Result<u32> {
    let at = cur.pos;
    let t = cur.number_token();
    let hex = t.trim_start_matches('-').starts_with("0x");
    let v = if !hex && (t.contains('.') || t.contains(['e', 'E'])) {
        t.parse::<f32>().ok().map(f32::to_bits)
    } else {
        parse_i32_bits(t)
    };
    v.ok_or_else(|| {
        cur.pos = at;
        cur.expected("an immediate value (`1.000000`, `-3`, `0x7fffffff`)")
    })
}

/// One 64-bit immediate of `d(...)`: a double (`1.000000l`), hexadecimal
/// bits (`0x3ff0000000000000l`) or a signed decimal integer.
fn imm64_value(cur: &mut Cur<'_>) -> Result<u64> {
    let at = cur.pos;
    let t = cur.number_token();
    let t = t.strip_suffix('l').unwrap_or(t);
    let v = if let Some(v) = parse_u64(t) {
        Some(v)
    } else if t.contains('.') || t.contains(['e', 'E']) {
        t.parse::<f64>().ok().map(f64::to_bits)
    } else {
        t.parse::<i64>().ok().map(|v| v as u64)
    };
    v.ok_or_else(|| {
        cur.pos = at;
        cur.expected("a double immediate (`1.000000l`)")
    })
}

// ---------------------------------------------------------------------------
// Lossless listings
// ---------------------------------------------------------------------------

/// Writes one instruction for a lossless listing: its text, and when the
/// text does not reassemble into the same dwords, the dwords as
/// `{tokens ...}` (alone on the line, before the text as a comment, when
/// the text is itself a comment).
pub fn write_lossless_instruction<W: Write + ?Sized>(
    w: &mut W,
    version: &Version,
    inst: &Instruction,
    options: &Options,
) -> fmt::Result {
    let mut text = String::new();
    disasm::write_instruction(&mut text, version, inst, options)?;
    let mut want = Vec::new();
    if encode_instruction(inst, version.at_least(5, 1), &mut want).is_err() {
        return w.write_str(&text);
    }
    let comment = text.trim_start().starts_with("//");
    if !comment {
        let joined = text.replace('\n', " ");
        let mut got = Vec::new();
        let same = parse_instruction(&joined, version).is_ok_and(|back| {
            encode_instruction(&back, version.at_least(5, 1), &mut got).is_ok() && got == want
        });
        if same {
            return w.write_str(&text);
        }
    }
    let tokens = |w: &mut W| -> fmt::Result {
        w.write_str("{tokens")?;
        for d in &want {
            write!(w, " {d:#010x}")?;
        }
        w.write_char('}')
    };
    if comment {
        tokens(w)?;
        w.write_char(' ')?;
        w.write_str(text.trim_start())
    } else {
        w.write_str(&text)?;
        w.write_char(' ')?;
        tokens(w)
    }
}

/// Writes the program's padding dwords as `{trailing ...}`.
pub fn write_trailing<W: Write + ?Sized>(w: &mut W, words: &[u32]) -> fmt::Result {
    w.write_str("{trailing")?;
    for d in words {
        write!(w, " {d:#010x}")?;
    }
    w.write_str("}\n")
}

/// Writes the lossless listing of a program: floats as bits where `%f`
/// loses some, `{tokens ...}` after a line whose text cannot carry every
/// bit, `{trailing ...}` for words after the last instruction. [`parse`]
/// reads it back to the same dwords.
pub fn write_lossless_program<W: Write + ?Sized>(
    w: &mut W,
    program: &Program,
    options: &Options,
) -> fmt::Result {
    let options = Options {
        lossless: true,
        ..*options
    };
    let v = &program.version;
    writeln!(w, "{}_{}_{}", v.program_type.prefix(), v.major, v.minor)?;
    for inst in &program.instructions {
        write_lossless_instruction(w, v, inst, &options)?;
        w.write_char('\n')?;
    }
    if !program.trailing.is_empty() {
        write_trailing(w, &program.trailing)?;
    }
    Ok(())
}

/// The lossless listing of a program ([`write_lossless_program`]).
pub fn lossless_listing(program: &Program) -> String {
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write_lossless_program(&mut s, program, &Options::default());
    s
}

/// Writes the lossless listing of a whole shader: the signature and
/// resource-binding tables, then [`write_lossless_program`].
pub fn write_lossless_shader<W: Write + ?Sized>(
    w: &mut W,
    shader: &crate::Shader,
    options: &Options,
) -> fmt::Result {
    let options = Options {
        lossless: true,
        ..*options
    };
    disasm::write_shader_head(w, shader, &options)?;
    write_lossless_program(w, &shader.program, &options)?;
    disasm::write_shader_tail(w, shader)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let e = parse(text).expect_err("must not parse");
        (e.line(), e.column(), e.message().to_string())
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        assert_eq!(
            err("// c\nmov r0.x, r1.x\n"),
            (
                2,
                1,
                "expected a version line such as `ps_5_0`, found `mov r0.x, r1.x`".into()
            )
        );
        assert_eq!(
            err("ps_5_0\n  dcl_temps\n"),
            (2, 12, "expected a count, found the end of the line".into())
        );
        assert_eq!(
            err("ps_5_0\nadd r0.x, r1.x, q2.x\n"),
            (2, 17, "expected an operand, found `q2.x`".into())
        );
        assert_eq!(
            err("ps_5_0\nmov r0.x, l(1.0, 2.0)\n"),
            (2, 11, "expected 1 or 4 immediate values, found 2".into())
        );
        assert_eq!(
            err("ps_5_0\nfrobnicate r0.x\n"),
            (
                2,
                1,
                "expected an instruction or declaration, found `frobnicate`".into()
            )
        );
        assert_eq!(
            err("vs_4_0\nmov r0.xz, r1.zyxw r2\n"),
            (2, 20, "expected the end of the line, found `r2`".into())
        );
        assert_eq!(
            err("").2,
            "expected a version line such as `ps_5_0`, found the end of the text"
        );
        let e = parse("ps_5_0\nmov r0.x, r1.x\n").map(|_| ());
        assert!(e.is_ok());
        let shown = parse("ps_5_0\ndcl_temps x\n").unwrap_err().to_string();
        assert_eq!(shown, "line 2, column 11: expected a count, found `x`");
    }

    #[test]
    fn a_listing_with_tables_reassembles() {
        let text = "\
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// g_sampler                         sampler      NA          NA             s0      1 
// g_texture                         texture  float4          2d             t0      1 
// Bones                             texture  struct         r/o             t1      1 
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xy          0     NONE   float   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
dcl_output oDepth
dcl_temps 1
sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v0.xyxx, t0.xyzw, s0
mul_sat o0.xyzw, -|r0.xyzw|, l(0.500000, 0.500000, 0.500000, 1.000000)
mov oDepth, l(1)
ret
// Approximately 4 instruction slots used
";
        let a = parse(text).expect("parses");
        assert_eq!(a.program.instructions.len(), 11);
        let rdef = a.rdef.as_ref().expect("bindings");
        assert_eq!(
            rdef.binding_for_register("t", 0).map(|b| b.name.as_str()),
            Some("g_texture")
        );
        assert_eq!(rdef.bindings[2].input_type, ShaderInputType::Structured);
        let isgn = a.input_signature.as_ref().expect("input signature");
        assert_eq!(isgn.elements[0].name, "TEXCOORD");
        assert_eq!(isgn.elements[0].mask, 0b0011);
        let osgn = a.output_signature.as_ref().expect("output signature");
        assert_eq!(
            osgn.elements[0].effective_system_value(),
            SignatureSystemValue::Target
        );
        assert!(osgn.elements[1].has_no_register());
        let mul = &a.program.instructions[8];
        assert!(mul.saturate());
        assert_eq!(mul.operands[1].modifier, Modifier::AbsNeg);
        assert_eq!(mul.operands[2].imm[3], 1.0f32.to_bits());
        assert_eq!(a.program.instructions[9].operands[1].imm[0], 1);
        // The default listing of the program is the code part of the text.
        let code: String = text
            .lines()
            .filter(|l| !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(disasm::disassemble(&a.program), code);
    }

    #[test]
    fn lossless_floats_and_tokens() {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        let mut padded = Instruction::new(Opcode::Nop, vec![]);
        padded.trailing = vec![7];
        p.instructions = vec![
            Instruction::dcl_temps(1),
            Instruction::new(
                Opcode::Add,
                vec![
                    Operand::temp(0, Components::Mask(1)),
                    Operand::temp(0, Components::Select1(0)),
                    Operand::imm32(0x3dcc_cccd),
                ],
            ),
            Instruction::new(
                Opcode::Mul,
                vec![
                    Operand::temp(0, Components::Mask(1)),
                    Operand::temp(0, Components::Select1(0)),
                    Operand::imm32(0x3dcc_ccce),
                ],
            ),
            padded,
            Instruction::new(Opcode::Ret, vec![]),
        ];
        let text = lossless_listing(&p);
        assert!(text.contains("add r0.x, r0.x, l(0.100000)\n"), "{text}");
        assert!(text.contains("mul r0.x, r0.x, l(0x3dccccce)\n"), "{text}");
        assert!(
            text.contains("nop {tokens 0x0200003a 0x00000007}\n"),
            "{text}"
        );
        let back = parse(&text).expect("parses");
        assert_eq!(
            crate::encode_program(&back.program),
            crate::encode_program(&p)
        );
        // The default listing is fxc's text.
        assert!(disasm::disassemble(&p).contains("l(0.100000)\n"));
    }

    #[test]
    fn fxc_forms_parse() {
        let text = "gs_4_0\n\
            dcl_constantbuffer cb0[4], immediateIndexed\n\
            dcl_input v[3][0].xyzw\n\
            dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},\n\
            \x20                             { 2, 0x7fffffff, -1, 0} }\n\
            \x20   sample_l(0,1,0) r0.xyzw, r0.xyxx, t0.xyzw, s0, l(0.000000)\n\
            mov r0.x, icb[r1.x + 0].y\n\
            mov r0.y, cb0[r1.x + 3].x\n\
            #line 12\n\
            ret\n";
        let a = parse(text).expect("parses");
        let i = &a.program.instructions;
        assert_eq!(i.len(), 7);
        assert_eq!(i[1].operands[0].indices.len(), 2);
        match &i[2].payload {
            Payload::CustomData { data, .. } => {
                assert_eq!(data, &[0x3f80_0000, 0, 0, 0, 2, 0x7fff_ffff, u32::MAX, 0])
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(i[3].texel_offsets(), Some([0, 1, 0]));
        assert_eq!(i[4].operands[1].indices[0].repr, IndexRepr::Relative);
        assert_eq!(
            i[5].operands[1].indices[1].repr,
            IndexRepr::Imm32PlusRelative
        );
    }
}
