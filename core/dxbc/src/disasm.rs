//! An fxc-style disassembler: prints a decoded [`Program`] the way the
//! Microsoft HLSL compiler prints the code part of its `/Fc` listings.
//!
//! The output is one line per declaration or instruction (the immediate
//! constant buffer spans several lines), starting with the version line
//! (`ps_5_0`). Nothing else is printed: no signature or RDEF comments and no
//! instruction-slot count; those belong to the container, not the program.
//!
//! The text matches fxc 10.1 by default. Older compilers print a few things
//! differently (lower-case `cb` in `dcl_constantbuffer`, no `_aoffimmi` in
//! front of texel offsets); [`Options::for_creator`] picks the dialect from
//! the RDEF creator string.
//!
//! Immediate values are printed from their bits according to the type the
//! instruction gives the operand: float operands with six decimals
//! (`0.500000`), integer operands in decimal when small and as eight hex
//! digits otherwise (`0x7fffffff`), and untyped operands (`mov`, `movc`,
//! `dcl_immediateConstantBuffer`, ...) as floats when the exponent field is
//! neither all zeros nor all ones and as integers otherwise. See
//! `docs/disasm.md`.

use crate::ir::*;
use crate::opcode::{Kind, Opcode, Operands};
use crate::rdef::Rdef;
use crate::shader::Shader;
use crate::signature::{Signature, SignatureSystemValue};
use std::fmt::{self, Write};

/// Which fxc release's listing style to imitate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    /// fxc 10.x (Windows 10 SDK and later) and `D3DDisassemble` of the same
    /// era. The default.
    #[default]
    Fxc10,
    /// fxc 9.30 (Windows 8 SDK) and 6.3: `dcl_constantbuffer cb0[4]` in lower
    /// case, no interpolation mode on `dcl_input_ps_sgv`, and floats with at
    /// most 17 significant digits.
    Fxc930,
    /// fxc 9.29 (June 2010 DirectX SDK): as 9.30, and texel offsets without
    /// the `_aoffimmi` suffix (`sample_l(0,1,0)`).
    Fxc929,
}

/// Disassembler options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// The listing dialect.
    pub dialect: Dialect,
    /// Print a lossless listing that [`crate::asm::parse`] reads back into
    /// a program encoding to the same dwords: a float immediate whose `%f`
    /// text does not parse back to its bits prints as the bits
    /// (`0x00000001`), a line whose text cannot carry every bit of the
    /// instruction ends with `{tokens ...}`, program padding prints as
    /// `{trailing ...}`, and [`write_shader`] adds the resource-binding
    /// table. Off by default (fxc's text). See `docs/disasm.md`.
    pub lossless: bool,
}

impl Options {
    /// Options imitating the compiler named by an RDEF creator string
    /// (`"Microsoft (R) HLSL Shader Compiler 9.29.952.3111"`). Unknown or
    /// newer compilers get the fxc 10 dialect.
    pub fn for_creator(creator: &str) -> Options {
        let version = creator
            .rsplit(' ')
            .next()
            .unwrap_or("")
            .split('.')
            .map(|p| p.parse::<u32>().unwrap_or(0))
            .collect::<Vec<_>>();
        let dialect = match version.as_slice() {
            [9, n, ..] if *n <= 29 => Dialect::Fxc929,
            [9, ..] | [6, ..] => Dialect::Fxc930,
            _ => Dialect::Fxc10,
        };
        Options {
            dialect,
            lossless: false,
        }
    }

    fn lowercase_cb_decl(&self) -> bool {
        self.dialect != Dialect::Fxc10
    }

    fn aoffimmi_suffix(&self) -> bool {
        self.dialect != Dialect::Fxc929
    }

    fn sgv_interpolation(&self) -> bool {
        self.dialect == Dialect::Fxc10
    }

    /// fxc 10 prints every digit of a float's integer part; older releases
    /// print 17 significant digits and then zeros.
    fn exact_floats(&self) -> bool {
        self.dialect == Dialect::Fxc10
    }
}

/// Disassembles a program with the default options (fxc 10 dialect). Lines
/// end with `\n`.
pub fn disassemble(program: &Program) -> String {
    disassemble_with(program, &Options::default())
}

/// Disassembles a program with the given options.
pub fn disassemble_with(program: &Program, options: &Options) -> String {
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write_program(&mut s, program, options);
    s
}

/// A [`fmt::Display`] adapter that prints a program's listing.
pub struct Listing<'a> {
    /// The program.
    pub program: &'a Program,
    /// The options.
    pub options: Options,
}

impl fmt::Display for Listing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_program(f, self.program, &self.options)
    }
}

/// Disassembles a whole shader as an fxc-style listing: comment blocks for
/// the signatures, the code (in the dialect of the RDEF creator, see
/// [`Options::for_creator`]) and, when a `STAT` chunk is present, the
/// instruction-slot count line.
pub fn disassemble_shader(shader: &Shader) -> String {
    let options = shader
        .rdef
        .as_ref()
        .map(|r| Options::for_creator(&r.creator))
        .unwrap_or_default();
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write_shader(&mut s, shader, &options);
    s
}

/// Writes a whole shader's listing (see [`disassemble_shader`]).
///
/// With [`Options::lossless`] the floats print exactly and the resource
/// bindings are listed, but instructions whose text cannot carry every bit
/// are not marked; `asm::write_lossless_shader` writes the complete
/// lossless listing, which the assembler reads back token for token.
pub fn write_shader<W: Write + ?Sized>(
    w: &mut W,
    shader: &Shader,
    options: &Options,
) -> fmt::Result {
    write_shader_head(w, shader, options)?;
    write_program(w, &shader.program, options)?;
    write_shader_tail(w, shader)
}

/// The part of a shader's listing before the code: the header comment,
/// the resource bindings (lossless mode) and the signature tables.
pub fn write_shader_head<W: Write + ?Sized>(
    w: &mut W,
    shader: &Shader,
    options: &Options,
) -> fmt::Result {
    w.write_str("//\n")?;
    match &shader.rdef {
        Some(r) => writeln!(
            w,
            "// fxc-style listing by dxlower; RDEF creator: {}",
            r.creator
        )?,
        None => w.write_str("// fxc-style listing by dxlower\n")?,
    }
    w.write_str("//\n")?;
    let program_type = shader.program.version.program_type;
    let sigs = [
        (
            "Patch Constant signature",
            false,
            &shader.patch_constant_signature,
        ),
        ("Input signature", false, &shader.input_signature),
        ("Output signature", true, &shader.output_signature),
    ];
    if options.lossless {
        if let Some(rdef) = &shader.rdef {
            w.write_str("//\n")?;
            write_resource_bindings(w, rdef)?;
        }
    }
    // The patch-constant signature comes first; it is an output of hull
    // shaders and an input of domain shaders.
    for (i, (title, output, sig)) in sigs.iter().enumerate() {
        let Some(sig) = sig else {
            continue;
        };
        let output = *output || (i == 0 && program_type == ProgramType::Hull);
        w.write_str("//\n")?;
        write_signature(w, title, sig, output, options)?;
    }
    Ok(())
}

/// The part of a shader's listing after the code: the instruction-slot
/// count of its `STAT` chunk, when it has one.
pub fn write_shader_tail<W: Write + ?Sized>(w: &mut W, shader: &Shader) -> fmt::Result {
    if let Some(stat) = &shader.stat {
        writeln!(
            w,
            "// Approximately {} instruction slots used",
            stat.instruction_count
        )?;
    }
    Ok(())
}

/// Writes one signature as fxc's comment table (`// Name  Index  Mask
/// Register SysValue  Format   Used` and one row per element). `output`
/// selects how the "used" column reads the element's read/write mask.
pub fn write_signature<W: Write + ?Sized>(
    w: &mut W,
    title: &str,
    sig: &Signature,
    output: bool,
    options: &Options,
) -> fmt::Result {
    let narrow = options.dialect == Dialect::Fxc929;
    writeln!(w, "// {title}:")?;
    w.write_str("//\n")?;
    if narrow {
        w.write_str("// Name                 Index   Mask Register SysValue Format   Used\n")?;
        w.write_str("// -------------------- ----- ------ -------- -------- ------ ------\n")?;
    } else {
        w.write_str("// Name                 Index   Mask Register SysValue  Format   Used\n")?;
        w.write_str("// -------------------- ----- ------ -------- -------- ------- ------\n")?;
    }
    if sig.elements.is_empty() {
        let what = title.split(' ').next().unwrap_or("");
        writeln!(w, "// no {what}")?;
    }
    // Signatures with several streams name each element's stream.
    let streams = sig.elements.iter().any(|e| e.stream != 0);
    for e in &sig.elements {
        let used = if output {
            e.mask & !e.rw_mask
        } else {
            e.rw_mask
        };
        let sv = e.effective_system_value();
        let format = e.listing_format();
        if streams {
            let name = format!("m{}:{}", e.stream, e.name);
            write!(w, "// {name:<20} {:>5}", e.semantic_index)?;
        } else {
            write!(w, "// {:<20} {:>5}", e.name, e.semantic_index)?;
        }
        if e.has_no_register() {
            let reg = no_register_name(sv, output);
            w.write_str("    N/A")?;
            write!(w, " {reg:>8} {:>8}", sv.listing_name())?;
            if narrow {
                write!(w, " {format:>6}")?;
            } else {
                write!(w, " {format:>7}")?;
            }
            w.write_str(if used != 0 || (output && e.rw_mask == 0) {
                "    YES"
            } else {
                "     NO"
            })?;
        } else {
            w.write_str("   ")?;
            positional_mask(w, e.mask)?;
            write!(w, " {:>8} {:>8}", e.register, sv.listing_name())?;
            if narrow {
                write!(w, " {format:>6}")?;
            } else {
                write!(w, " {format:>7}")?;
            }
            w.write_str("   ")?;
            positional_mask(w, used)?;
        }
        w.write_char('\n')?;
    }
    w.write_str("//\n")
}

/// Writes the resource bindings of `rdef` as fxc 10's comment table
/// (`// Name  Type  Format  Dim  HLSL Bind  Count`, with an `ID` column
/// when a binding has an SM 5.1 range id). Printed by [`write_shader`] in
/// lossless mode; [`crate::asm::parse`] reads it back.
pub fn write_resource_bindings<W: Write + ?Sized>(w: &mut W, rdef: &Rdef) -> fmt::Result {
    let ids = rdef.bindings.iter().any(|b| b.id.is_some());
    w.write_str("// Resource Bindings:\n//\n")?;
    if ids {
        w.write_str("// Name                                 Type  Format         Dim      ID      HLSL Bind  Count\n")?;
        w.write_str("// ------------------------------ ---------- ------- ----------- ------- -------------- ------\n")?;
    } else {
        w.write_str("// Name                                 Type  Format         Dim      HLSL Bind  Count\n")?;
        w.write_str("// ------------------------------ ---------- ------- ----------- -------------- ------\n")?;
    }
    for b in &rdef.bindings {
        let prefix = b.input_type.register_prefix();
        write!(
            w,
            "// {:<30} {:>10} {:>7} {:>11}",
            b.name,
            b.listing_type(),
            b.listing_format(),
            b.listing_dimension()
        )?;
        if ids {
            let id = match b.id {
                Some(id) => format!("{}{id}", prefix.to_ascii_uppercase()),
                None => String::new(),
            };
            write!(w, " {id:>7}")?;
        }
        let mut bind = format!("{prefix}{}", b.bind_point);
        if let Some(space) = b.space.filter(|&s| s != 0) {
            bind.push_str(&format!(",space{space}"));
        }
        let count = match b.bind_count {
            0 => "unbounded".to_string(),
            n => n.to_string(),
        };
        writeln!(w, " {bind:>14} {count:>6} ")?;
    }
    w.write_str("//\n")
}

/// `xy  `, ` y w`: the lanes of a mask in their columns.
fn positional_mask<W: Write + ?Sized>(w: &mut W, mask: u8) -> fmt::Result {
    for (i, c) in LANES.iter().enumerate() {
        w.write_char(if mask & (1 << i) != 0 { *c } else { ' ' })?;
    }
    Ok(())
}

/// The register fxc names for a signature element that has none.
fn no_register_name(sv: SignatureSystemValue, output: bool) -> &'static str {
    use SignatureSystemValue as S;
    match sv {
        S::Depth => "oDepth",
        S::DepthGreaterEqual => "oDepthGE",
        S::DepthLessEqual => "oDepthLE",
        S::Coverage if output => "oMask",
        S::Coverage => "vCoverage",
        // fxc leaves three more spaces before this one (observed).
        S::StencilRef => "   oStencilRef",
        S::InnerCoverage => "vInnerCoverage",
        S::PrimitiveId => "primID",
        _ => "N/A",
    }
}

/// Writes the whole listing of `program` into `w`, one line per declaration
/// or instruction, each ending with `\n`.
pub fn write_program<W: Write + ?Sized>(
    w: &mut W,
    program: &Program,
    options: &Options,
) -> fmt::Result {
    let v = &program.version;
    writeln!(w, "{}_{}_{}", v.program_type.prefix(), v.major, v.minor)?;
    for inst in &program.instructions {
        write_instruction(w, v, inst, options)?;
        w.write_char('\n')?;
    }
    Ok(())
}

/// Writes one declaration or instruction, without the final newline (the
/// immediate constant buffer declaration spans several lines).
pub fn write_instruction<W: Write + ?Sized>(
    w: &mut W,
    version: &Version,
    inst: &Instruction,
    options: &Options,
) -> fmt::Result {
    let mut p = Printer {
        w,
        version,
        options,
    };
    p.instruction(inst)
}

struct Printer<'a, W: Write + ?Sized> {
    w: &'a mut W,
    version: &'a Version,
    options: &'a Options,
}

const LANES: [char; 4] = ['x', 'y', 'z', 'w'];

impl<W: Write + ?Sized> Printer<'_, W> {
    fn sm51(&self) -> bool {
        self.version.at_least(5, 1)
    }

    fn instruction(&mut self, inst: &Instruction) -> fmt::Result {
        use Opcode::*;
        match inst.opcode {
            DclGlobalFlags => self.dcl_global_flags(inst),
            DclConstantBuffer => self.dcl_constant_buffer(inst),
            DclSampler => self.dcl_sampler(inst),
            DclResource => self.dcl_resource(inst),
            DclUnorderedAccessViewTyped => self.dcl_uav_typed(inst),
            DclResourceRaw | DclResourceStructured => self.dcl_raw_structured(inst, false),
            DclUnorderedAccessViewRaw | DclUnorderedAccessViewStructured => {
                self.dcl_raw_structured(inst, true)
            }
            DclInput | DclOutput | DclInputSgv | DclInputSiv | DclOutputSgv | DclOutputSiv
            | DclInputPs | DclInputPsSgv | DclInputPsSiv => self.dcl_io(inst),
            DclTemps
            | DclMaxOutputVertexCount
            | DclGsInstanceCount
            | DclInputControlPointCount
            | DclOutputControlPointCount
            | DclHsForkPhaseInstanceCount
            | DclHsJoinPhaseInstanceCount => {
                self.w.write_str(inst.opcode.mnemonic())?;
                self.w.write_char(' ')?;
                self.payload_count(inst)
            }
            DclIndexableTemp => match &inst.payload {
                Payload::IndexableTemp {
                    reg,
                    count,
                    components,
                } => write!(self.w, "dcl_indexableTemp x{reg}[{count}], {components}"),
                _ => self.fallback(inst),
            },
            DclIndexRange => {
                self.w.write_str("dcl_indexrange ")?;
                self.operands_plain(inst)?;
                self.w.write_char(' ')?;
                self.payload_count(inst)
            }
            DclGsInputPrimitive => {
                let v = inst.control_field(11, 16);
                write!(self.w, "dcl_inputprimitive {}", primitive_name(v))
            }
            DclGsOutputPrimitiveTopology => {
                let v = inst.control_field(11, 17);
                write!(self.w, "dcl_outputtopology {}", topology_name(v))
            }
            DclTessDomain => {
                let name = match inst.control_field(11, 12) {
                    1 => "domain_isoline",
                    2 => "domain_tri",
                    3 => "domain_quad",
                    _ => "domain_undefined",
                };
                write!(self.w, "dcl_tessellator_domain {name}")
            }
            DclTessPartitioning => {
                let name = match inst.control_field(11, 13) {
                    1 => "partitioning_integer",
                    2 => "partitioning_pow2",
                    3 => "partitioning_fractional_odd",
                    4 => "partitioning_fractional_even",
                    _ => "partitioning_undefined",
                };
                write!(self.w, "dcl_tessellator_partitioning {name}")
            }
            DclTessOutputPrimitive => {
                let name = match inst.control_field(11, 13) {
                    1 => "output_point",
                    2 => "output_line",
                    3 => "output_triangle_cw",
                    4 => "output_triangle_ccw",
                    _ => "output_undefined",
                };
                write!(self.w, "dcl_tessellator_output_primitive {name}")
            }
            DclHsMaxTessfactor => match &inst.payload {
                Payload::FloatBits(bits) => {
                    self.w.write_str("dcl_hs_max_tessfactor l(")?;
                    self.imm32(*bits, Kind::F)?;
                    self.w.write_char(')')
                }
                _ => self.fallback(inst),
            },
            DclThreadGroup => match &inst.payload {
                Payload::ThreadGroup([x, y, z]) => {
                    write!(self.w, "dcl_thread_group {x}, {y}, {z}")
                }
                _ => self.fallback(inst),
            },
            DclThreadGroupSharedMemoryRaw => {
                self.w.write_str("dcl_tgsm_raw ")?;
                self.operands_plain(inst)?;
                self.w.write_str(", ")?;
                self.payload_count(inst)
            }
            DclThreadGroupSharedMemoryStructured => {
                self.w.write_str("dcl_tgsm_structured ")?;
                self.operands_plain(inst)?;
                match &inst.payload {
                    Payload::Structured { stride, count, .. } => {
                        write!(self.w, ", {stride}")?;
                        if let Some(c) = count {
                            write!(self.w, ", {c}")?;
                        }
                        Ok(())
                    }
                    _ => Ok(()),
                }
            }
            DclStream => {
                self.w.write_str("dcl_stream ")?;
                self.operands_plain(inst)
            }
            DclFunctionBody => {
                self.w.write_str("dcl_function_body fb")?;
                self.payload_count(inst)
            }
            DclFunctionTable => match &inst.payload {
                Payload::FunctionTable { id, bodies } => {
                    write!(self.w, "dcl_function_table ft{id} = {{")?;
                    for (i, b) in bodies.iter().enumerate() {
                        if i > 0 {
                            self.w.write_str(", ")?;
                        }
                        write!(self.w, "fb{b}")?;
                    }
                    self.w.write_char('}')
                }
                _ => self.fallback(inst),
            },
            DclInterface => match &inst.payload {
                Payload::Interface {
                    id,
                    array_len,
                    num_interfaces,
                    tables,
                    ..
                } => {
                    self.w.write_str("dcl_interface")?;
                    if inst.control_field(11, 11) != 0 {
                        self.w.write_str("_dynamicindexed")?;
                    }
                    write!(self.w, " fp{id}[{array_len}][{num_interfaces}] = {{")?;
                    for (i, t) in tables.iter().enumerate() {
                        if i > 0 {
                            self.w.write_str(", ")?;
                        }
                        write!(self.w, "ft{t}")?;
                    }
                    self.w.write_char('}')
                }
                _ => self.fallback(inst),
            },
            Customdata => self.customdata(inst),
            Sync => {
                let f = inst.sync_flags();
                self.w.write_str("sync")?;
                if f & 8 != 0 {
                    self.w.write_str("_uglobal")?;
                }
                if f & 4 != 0 {
                    self.w.write_str("_ugroup")?;
                }
                if f & 2 != 0 {
                    self.w.write_str("_g")?;
                }
                if f & 1 != 0 {
                    self.w.write_str("_t")?;
                }
                Ok(())
            }
            InterfaceCall => {
                self.w.write_str("fcall ")?;
                self.operands_plain(inst)?;
                if let Payload::Count(n) = inst.payload {
                    write!(self.w, "[{n}]")?;
                }
                Ok(())
            }
            _ => self.generic(inst),
        }
    }

    /// Anything whose payload does not have the expected shape: the mnemonic
    /// and the operands, so that nothing is silently lost.
    fn fallback(&mut self, inst: &Instruction) -> fmt::Result {
        self.w.write_str(inst.opcode.mnemonic())?;
        if !inst.operands.is_empty() {
            self.w.write_char(' ')?;
            self.operands_plain(inst)?;
        }
        Ok(())
    }

    fn payload_count(&mut self, inst: &Instruction) -> fmt::Result {
        match &inst.payload {
            Payload::Count(n) => write!(self.w, "{n}"),
            Payload::Structured { stride, .. } => write!(self.w, "{stride}"),
            // The control-point counts live in `OpcodeToken0[16:11]`.
            _ if matches!(
                inst.opcode,
                Opcode::DclInputControlPointCount | Opcode::DclOutputControlPointCount
            ) =>
            {
                write!(self.w, "{}", inst.control_field(11, 16))
            }
            _ => Ok(()),
        }
    }

    /// Operands separated by `, `, with no immediate typing (declarations).
    fn operands_plain(&mut self, inst: &Instruction) -> fmt::Result {
        for (i, op) in inst.operands.iter().enumerate() {
            if i > 0 {
                self.w.write_str(", ")?;
            }
            self.operand(op, Kind::A, None, true)?;
        }
        Ok(())
    }

    fn dcl_global_flags(&mut self, inst: &Instruction) -> fmt::Result {
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
        self.w.write_str("dcl_globalFlags")?;
        let flags = inst.global_flags();
        let mut first = true;
        for (bit, name) in NAMES.iter().enumerate() {
            if flags & (1 << bit) != 0 {
                self.w.write_str(if first { " " } else { " | " })?;
                self.w.write_str(name)?;
                first = false;
            }
        }
        let unknown = flags & !((1 << NAMES.len()) - 1);
        if unknown != 0 {
            self.w.write_str(if first { " " } else { " | " })?;
            write!(self.w, "{:#x}", unknown << 11)?;
        }
        Ok(())
    }

    /// Writes the declared register of an SM5.1 range declaration
    /// (`T0[0:3]`), or the ordinary operand before SM5.1.
    fn decl_register(&mut self, op: &Operand) -> fmt::Result {
        if self.sm51() && op.indices.len() >= 3 {
            let prefix = register_prefix(op.ty, true);
            let id = op.indices.first().and_then(Index::as_imm).unwrap_or(0);
            let lo = op.indices.get(1).and_then(Index::as_imm).unwrap_or(0);
            let hi = op.indices.get(2).and_then(Index::as_imm).unwrap_or(0);
            write!(self.w, "{prefix}{id}[{lo}:")?;
            if hi == u32::MAX {
                self.w.write_str("*]")
            } else {
                write!(self.w, "{hi}]")
            }
        } else {
            self.operand(op, Kind::N, None, true)
        }
    }

    fn space(&mut self, space: Option<u32>) -> fmt::Result {
        match space {
            Some(s) if self.sm51() => write!(self.w, ", space={s}"),
            _ => Ok(()),
        }
    }

    fn dcl_constant_buffer(&mut self, inst: &Instruction) -> fmt::Result {
        self.w.write_str("dcl_constantbuffer ")?;
        let access = if inst.cb_dynamic_indexed() {
            "dynamicIndexed"
        } else {
            "immediateIndexed"
        };
        let Some(op) = inst.operands.first() else {
            return self.w.write_str(access);
        };
        if let Payload::ConstantBuffer51 { size, space } = inst.payload {
            self.decl_register(op)?;
            write!(self.w, "[{size}], {access}")?;
            return self.space(Some(space));
        }
        let prefix = if self.options.lowercase_cb_decl() {
            "cb"
        } else {
            "CB"
        };
        self.w.write_str(prefix)?;
        let mut idx = op.indices.iter();
        if let Some(first) = idx.next() {
            match first.as_imm() {
                Some(n) => write!(self.w, "{n}")?,
                None => {
                    self.w.write_char('[')?;
                    self.index(first)?;
                    self.w.write_char(']')?;
                }
            }
        }
        for i in idx {
            self.w.write_char('[')?;
            self.index(i)?;
            self.w.write_char(']')?;
        }
        write!(self.w, ", {access}")
    }

    fn dcl_sampler(&mut self, inst: &Instruction) -> fmt::Result {
        self.w.write_str("dcl_sampler ")?;
        if let Some(op) = inst.operands.first() {
            self.decl_register(op)?;
        }
        let mode = match inst.sampler_mode() {
            SamplerMode::Default => "mode_default",
            SamplerMode::Comparison => "mode_comparison",
            SamplerMode::Mono => "mode_mono",
            SamplerMode::Unknown(_) => "mode_unknown",
        };
        write!(self.w, ", {mode}")?;
        if let Payload::Space(s) = inst.payload {
            self.space(Some(s))?;
        }
        Ok(())
    }

    fn return_types(&mut self, types: &[ReturnType; 4]) -> fmt::Result {
        self.w.write_char('(')?;
        for (i, t) in types.iter().enumerate() {
            if i > 0 {
                self.w.write_char(',')?;
            }
            self.w.write_str(return_type_name(*t))?;
        }
        self.w.write_char(')')
    }

    fn dcl_resource(&mut self, inst: &Instruction) -> fmt::Result {
        let dim = inst.decl_resource_dimension();
        write!(self.w, "dcl_resource_{}", dim.name())?;
        if matches!(
            dim,
            ResourceDimension::Texture2DMS | ResourceDimension::Texture2DMSArray
        ) {
            write!(self.w, "({})", inst.decl_sample_count())?;
        }
        let (types, space) = match &inst.payload {
            Payload::Resource {
                return_types,
                space,
                ..
            } => (Some(*return_types), *space),
            _ => (None, None),
        };
        if let Some(t) = types {
            self.w.write_char(' ')?;
            self.return_types(&t)?;
        }
        if let Some(op) = inst.operands.first() {
            self.w.write_char(' ')?;
            self.decl_register(op)?;
        }
        self.space(space)
    }

    fn uav_flags(&mut self, inst: &Instruction) -> fmt::Result {
        if inst.control_field(16, 16) != 0 {
            self.w.write_str("_glc")?;
        }
        if inst.control_field(17, 17) != 0 {
            self.w.write_str("_rov")?;
        }
        if inst.opcode == Opcode::DclUnorderedAccessViewStructured
            && inst.control_field(23, 23) != 0
        {
            self.w.write_str("_opc")?;
        }
        Ok(())
    }

    fn dcl_uav_typed(&mut self, inst: &Instruction) -> fmt::Result {
        let dim = inst.decl_resource_dimension();
        write!(self.w, "dcl_uav_typed_{}", dim.name())?;
        self.uav_flags(inst)?;
        let (types, space) = match &inst.payload {
            Payload::UavTyped {
                return_types,
                space,
                ..
            }
            | Payload::Resource {
                return_types,
                space,
                ..
            } => (Some(*return_types), *space),
            _ => (None, None),
        };
        if let Some(t) = types {
            self.w.write_char(' ')?;
            self.return_types(&t)?;
        }
        if let Some(op) = inst.operands.first() {
            self.w.write_char(' ')?;
            self.decl_register(op)?;
        }
        self.space(space)
    }

    fn dcl_raw_structured(&mut self, inst: &Instruction, uav: bool) -> fmt::Result {
        self.w.write_str(inst.opcode.mnemonic())?;
        if uav {
            self.uav_flags(inst)?;
        }
        if let Some(op) = inst.operands.first() {
            self.w.write_char(' ')?;
            self.decl_register(op)?;
        }
        match &inst.payload {
            Payload::Structured { stride, space, .. } => {
                write!(self.w, ", {stride}")?;
                self.space(*space)
            }
            Payload::Space(s) => self.space(Some(*s)),
            _ => Ok(()),
        }
    }

    fn dcl_io(&mut self, inst: &Instruction) -> fmt::Result {
        use Opcode::*;
        self.w.write_str(inst.opcode.mnemonic())?;
        let with_mode = match inst.opcode {
            DclInputPs | DclInputPsSiv => true,
            DclInputPsSgv => self.options.sgv_interpolation(),
            _ => false,
        };
        if with_mode {
            let mode = match inst.interpolation_mode() {
                InterpolationMode::Constant => "constant",
                InterpolationMode::Linear => "linear",
                InterpolationMode::LinearCentroid => "linear centroid",
                InterpolationMode::LinearNoPerspective => "linear noperspective",
                InterpolationMode::LinearNoPerspectiveCentroid => "linear noperspective centroid",
                InterpolationMode::LinearSample => "linear sample",
                InterpolationMode::LinearNoPerspectiveSample => "linear noperspective sample",
                InterpolationMode::Undefined | InterpolationMode::Other(_) => "",
            };
            if !mode.is_empty() {
                write!(self.w, " {mode}")?;
            }
        }
        if !inst.operands.is_empty() {
            self.w.write_char(' ')?;
            self.operands_plain(inst)?;
        }
        if let Payload::SystemValue(sv) = inst.payload {
            write!(self.w, ", {}", system_value_name(sv))?;
        }
        Ok(())
    }

    fn customdata(&mut self, inst: &Instruction) -> fmt::Result {
        let Payload::CustomData { class, data } = &inst.payload else {
            return self.fallback(inst);
        };
        match class {
            CustomDataClass::ImmediateConstantBuffer => {
                self.w.write_str("dcl_immediateConstantBuffer {")?;
                let rows = data.chunks(4);
                let n = rows.len();
                for (i, row) in rows.enumerate() {
                    if i > 0 {
                        self.w.write_str(",\n                             ")?;
                    }
                    self.w.write_str(" {")?;
                    for (j, v) in row.iter().enumerate() {
                        self.w.write_str(if j == 0 { " " } else { ", " })?;
                        self.imm32(*v, Kind::A)?;
                    }
                    self.w.write_char('}')?;
                }
                if n == 0 {
                    self.w.write_char(' ')?;
                }
                self.w.write_str(" }")
            }
            CustomDataClass::ShaderMessage => self.shader_message(data),
            other => write!(
                self.w,
                "// customdata class {} ({} dwords)",
                other.to_u32(),
                data.len()
            ),
        }
    }

    /// A shader message (`printf`/`errorf`) custom-data block: five header
    /// dwords (message type in the low byte of the first: 3 = error; format
    /// mode; format length in bytes; operand count; operand dwords), the
    /// operand tokens, then the NUL-terminated format string.
    fn shader_message(&mut self, data: &[u32]) -> fmt::Result {
        let word = |i: usize| data.get(i).copied();
        let (Some(ty), Some(_mode), Some(fmt_len), Some(_count), Some(op_dwords)) =
            (word(0), word(1), word(2), word(3), word(4))
        else {
            return write!(self.w, "// shader message ({} dwords)", data.len());
        };
        let name = if ty & 0xff == 3 { "errorf" } else { "printf" };
        let ops_start = 5usize;
        let str_start = ops_start.saturating_add(op_dwords as usize);
        let bytes: Vec<u8> = data
            .get(str_start..)
            .unwrap_or(&[])
            .iter()
            .flat_map(|d| d.to_le_bytes())
            .take(fmt_len as usize)
            .take_while(|&b| b != 0)
            .collect();
        write!(self.w, "{name} \"")?;
        for c in String::from_utf8_lossy(&bytes).chars() {
            match c {
                '\\' => self.w.write_str("\\\\")?,
                '\n' => self.w.write_str("\\n")?,
                '\r' => self.w.write_str("\\r")?,
                '\t' => self.w.write_str("\\t")?,
                '\u{8}' => self.w.write_str("\\b")?,
                c if c.is_control() => {}
                c => self.w.write_char(c)?,
            }
        }
        self.w.write_char('"')?;
        let ops = data.get(ops_start..str_start).unwrap_or(&[]);
        if !ops.is_empty() {
            match crate::decode::decode_operands(ops) {
                Ok(operands) => {
                    for op in &operands {
                        self.w.write_str(", ")?;
                        self.operand(op, Kind::A, None, false)?;
                    }
                }
                Err(_) => write!(self.w, " // {} undecodable operand dwords", ops.len())?,
            }
        }
        Ok(())
    }

    /// Ordinary instructions: mnemonic with its suffixes, then the operands
    /// typed by the opcode's operand kinds.
    fn generic(&mut self, inst: &Instruction) -> fmt::Result {
        self.mnemonic(inst)?;
        let precise = inst.precise_mask();
        if precise == 0xF {
            self.w.write_str(" [precise]")?;
        } else if precise != 0 {
            self.w.write_str(" [precise(")?;
            self.lanes(precise)?;
            self.w.write_str(")]")?;
        }
        let sig = signature(inst.opcode);
        let dst_prec = if sig.dsts > 0 {
            inst.operands.first().map(|o| o.min_precision)
        } else {
            None
        };
        let dst_kind = sig.kind(0);
        for (i, op) in inst.operands.iter().enumerate() {
            self.w.write_str(if i == 0 { " " } else { ", " })?;
            let kind = sig.kind(i);
            let conv = if i >= sig.dsts && same_class(kind, dst_kind) {
                dst_prec
            } else {
                None
            };
            self.operand(op, kind, conv, i < sig.dsts)?;
        }
        Ok(())
    }

    fn lanes(&mut self, mask: u8) -> fmt::Result {
        for (i, c) in LANES.iter().enumerate() {
            if mask & (1 << i) != 0 {
                self.w.write_char(*c)?;
            }
        }
        Ok(())
    }

    fn mnemonic(&mut self, inst: &Instruction) -> fmt::Result {
        use Opcode::*;
        self.w.write_str(inst.opcode.listing_name())?;
        if inst.opcode.takes_test_suffix() {
            self.w
                .write_str(if inst.test_nonzero() { "_nz" } else { "_z" })?;
        }
        if inst.saturate() {
            self.w.write_str("_sat")?;
        }
        let offsets = inst.texel_offsets();
        let dim = inst.ext_resource_dim();
        let types = inst.ext_return_type();
        if offsets.is_some() && self.options.aoffimmi_suffix() {
            self.w.write_str("_aoffimmi")?;
        }
        if dim.is_some() {
            self.w.write_str("_indexable")?;
        }
        if let Some([u, v, w]) = offsets {
            write!(self.w, "({u},{v},{w})")?;
        }
        if let Some((d, stride)) = dim {
            write!(self.w, "({}", d.name())?;
            if d == ResourceDimension::StructuredBuffer {
                write!(self.w, ", stride={stride}")?;
            }
            self.w.write_char(')')?;
        }
        if let Some(t) = types {
            self.return_types(&t)?;
        }
        match inst.opcode {
            Resinfo => match inst.resinfo_return_type() {
                ResInfoReturnType::Float => {}
                ResInfoReturnType::RcpFloat => self.w.write_str("_rcpFloat")?,
                ResInfoReturnType::Uint => self.w.write_str("_uint")?,
                ResInfoReturnType::Unknown(n) => write!(self.w, "_{n}")?,
            },
            SampleInfo if inst.control_field(11, 12) == 1 => self.w.write_str("_uint")?,
            _ => {}
        }
        Ok(())
    }

    fn index(&mut self, idx: &Index) -> fmt::Result {
        match &idx.rel {
            Some(rel) => {
                self.operand(rel, Kind::N, None, false)?;
                write!(self.w, " + {}", idx.imm)
            }
            None => write!(self.w, "{}", idx.imm),
        }
    }

    /// Writes one operand. `kind` types immediates; `conv` is the
    /// destination's minimum precision when this source converts to it.
    fn operand(&mut self, op: &Operand, kind: Kind, conv: Option<u8>, dst: bool) -> fmt::Result {
        match op.modifier {
            Modifier::None => {}
            Modifier::Neg => self.w.write_char('-')?,
            Modifier::Abs => self.w.write_char('|')?,
            Modifier::AbsNeg => self.w.write_str("-|")?,
        }
        match op.ty {
            OperandType::Immediate32 => {
                self.w.write_str("l(")?;
                // fxc separates the components of untyped immediates with a
                // bare comma and those of typed ones with a comma and a space.
                let sep = if kind == Kind::A { "," } else { ", " };
                for (i, v) in op.imm.iter().enumerate() {
                    if i > 0 {
                        self.w.write_str(sep)?;
                    }
                    self.imm32(*v, kind)?;
                }
                self.w.write_char(')')?;
            }
            OperandType::Immediate64 => {
                self.w.write_str("d(")?;
                for (i, pair) in op.imm.chunks(2).enumerate() {
                    if i > 0 {
                        self.w.write_str(", ")?;
                    }
                    let lo = pair.first().copied().unwrap_or(0) as u64;
                    let hi = pair.get(1).copied().unwrap_or(0) as u64;
                    let bits = lo | (hi << 32);
                    if kind == Kind::D || kind == Kind::F || kind == Kind::A {
                        let text = format!("{:.6}", f64::from_bits(bits));
                        let exact = text.parse::<f64>().map(f64::to_bits) == Ok(bits);
                        if self.options.lossless && !exact {
                            write!(self.w, "{bits:#018x}l")?;
                        } else {
                            write!(self.w, "{text}l")?;
                        }
                    } else {
                        write!(self.w, "{}", bits as i64)?;
                    }
                }
                self.w.write_char(')')?;
            }
            _ => {
                self.register(op)?;
                self.components(op)?;
            }
        }
        match op.modifier {
            Modifier::Abs | Modifier::AbsNeg => self.w.write_char('|')?,
            _ => {}
        }
        self.precision(op.min_precision, conv, dst)?;
        if op.non_uniform {
            self.w.write_str(" { nonuniform }")?;
        }
        Ok(())
    }

    fn precision(&mut self, own: u8, conv: Option<u8>, dst: bool) -> fmt::Result {
        match conv {
            Some(target) if !dst && target != own => write!(
                self.w,
                " {{{} as {}}}",
                precision_name(own),
                precision_name(target)
            ),
            _ if own != 0 => write!(self.w, " {{{}}}", precision_name(own)),
            _ => Ok(()),
        }
    }

    fn components(&mut self, op: &Operand) -> fmt::Result {
        match op.components {
            Components::Zero | Components::One | Components::N => Ok(()),
            Components::Mask(m) => {
                if m != 0 {
                    self.w.write_char('.')?;
                    self.lanes(m)?;
                }
                Ok(())
            }
            Components::Swizzle(s) => {
                self.w.write_char('.')?;
                for c in s {
                    self.w.write_char(lane(c))?;
                }
                Ok(())
            }
            Components::Select1(c) => {
                self.w.write_char('.')?;
                self.w.write_char(lane(c))
            }
        }
    }

    fn register(&mut self, op: &Operand) -> fmt::Result {
        use OperandType::*;
        let name = match op.ty {
            InputPrimitiveId => Some("vPrim"),
            OutputDepth => Some("oDepth"),
            Null => Some("null"),
            Rasterizer => Some("rasterizer"),
            OutputCoverageMask => Some("oMask"),
            OutputControlPointId => Some("vOutputControlPointID"),
            InputForkInstanceId => Some("vForkInstanceID"),
            InputJoinInstanceId => Some("vJoinInstanceID"),
            InputDomainPoint => Some("vDomain"),
            InputThreadId => Some("vThreadID"),
            InputThreadGroupId => Some("vThreadGroupID"),
            InputThreadIdInGroup => Some("vThreadIDInGroup"),
            InputCoverageMask => Some("vCoverage"),
            InputThreadIdInGroupFlattened => Some("vThreadIDInGroupFlattened"),
            InputGsInstanceId => Some("vGSInstanceID"),
            OutputDepthGreaterEqual => Some("oDepthGE"),
            OutputDepthLessEqual => Some("oDepthLE"),
            CycleCounter => Some("vCycleCounter"),
            OutputStencilRef => Some("oStencilRef"),
            InnerCoverage => Some("vInnerCoverage"),
            _ => None,
        };
        if let Some(n) = name {
            self.w.write_str(n)?;
            for i in &op.indices {
                self.w.write_char('[')?;
                self.index(i)?;
                self.w.write_char(']')?;
            }
            return Ok(());
        }
        let upper = self.sm51();
        let prefix = register_prefix(op.ty, upper);
        self.w.write_str(prefix)?;
        let bracket_all = match op.ty {
            Input => op.indices.len() >= 2,
            InputControlPoint | OutputControlPoint | ImmediateConstantBuffer | ThisPointer => true,
            _ => false,
        };
        for (n, i) in op.indices.iter().enumerate() {
            if n == 0 && !bracket_all && i.rel.is_none() {
                write!(self.w, "{}", i.imm)?;
            } else {
                self.w.write_char('[')?;
                self.index(i)?;
                self.w.write_char(']')?;
            }
        }
        Ok(())
    }

    /// Prints a float immediate; in lossless mode as its bits when the
    /// `%f` text does not parse back to them.
    fn float(&mut self, v: u32) -> fmt::Result {
        let exact = self.options.exact_floats();
        if !self.options.lossless {
            return write_float(self.w, v, exact);
        }
        let mut text = String::new();
        write_float(&mut text, v, exact)?;
        if text.parse::<f32>().map(f32::to_bits) == Ok(v) {
            self.w.write_str(&text)
        } else {
            write!(self.w, "{v:#010x}")
        }
    }

    /// Prints one 32-bit immediate value by the operand kind.
    fn imm32(&mut self, v: u32, kind: Kind) -> fmt::Result {
        match kind {
            Kind::F => self.float(v),
            Kind::I | Kind::U => write_int(self.w, v),
            Kind::A | Kind::R | Kind::D | Kind::N => {
                // Small integers as integers; then normal floats and the two
                // zeros as floats; denormals, infinities and NaNs in hex.
                let exp = (v >> 23) & 0xff;
                let i = v as i32;
                if (-INT_DECIMAL_LIMIT..=INT_DECIMAL_LIMIT).contains(&i) {
                    write!(self.w, "{i}")
                } else if exp != 0xff && (exp != 0 || v & 0x007f_ffff == 0) {
                    self.float(v)
                } else {
                    write!(self.w, "{v:#010x}")
                }
            }
        }
    }
}

/// Prints a float as fxc does (`printf("%f")` of the Microsoft C runtime):
/// six decimals; unless `exact`, at most 17 significant digits, the rest of
/// a long integer part printed as zeros (the older runtimes).
fn write_float<W: Write + ?Sized>(w: &mut W, bits: u32, exact: bool) -> fmt::Result {
    let f = f32::from_bits(bits);
    if f.is_nan() || f.is_infinite() {
        return write!(w, "{bits:#010x}");
    }
    let text = format!("{:.6}", f as f64);
    let (sign, body) = match text.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", text.as_str()),
    };
    let int_part = body.split_once('.').map_or(body, |(i, _)| i);
    if exact || int_part.len() <= 17 {
        return w.write_str(&text);
    }
    // Round the integer part to 17 significant digits (half away from zero),
    // then pad with zeros.
    let digits = int_part.as_bytes();
    let mut kept: Vec<u8> = digits.iter().take(17).copied().collect();
    if digits.get(17).is_some_and(|&d| d >= b'5') {
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, b'1');
                break;
            }
            i -= 1;
            match kept.get_mut(i) {
                Some(d) if *d == b'9' => *d = b'0',
                Some(d) => {
                    *d += 1;
                    break;
                }
                None => break,
            }
        }
    }
    w.write_str(sign)?;
    for d in &kept {
        w.write_char(*d as char)?;
    }
    for _ in 17..digits.len() {
        w.write_char('0')?;
    }
    w.write_str(".000000")
}

/// The number of destination operands the listing types an opcode with
/// (the assembler reads their components as write masks).
pub(crate) fn destinations(op: Opcode) -> usize {
    signature(op).dsts
}

/// Integers whose magnitude is at most this print in decimal, others in hex.
const INT_DECIMAL_LIMIT: i32 = 10000;

fn write_int<W: Write + ?Sized>(w: &mut W, bits: u32) -> fmt::Result {
    let i = bits as i32;
    if (-INT_DECIMAL_LIMIT..=INT_DECIMAL_LIMIT).contains(&i) {
        write!(w, "{i}")
    } else {
        write!(w, "{bits:#010x}")
    }
}

fn lane(c: u8) -> char {
    LANES.get(c as usize).copied().unwrap_or('?')
}

/// Whether a source of kind `src` converts to the destination's precision
/// (same number class).
fn same_class(src: Kind, dst: Kind) -> bool {
    match (src, dst) {
        (Kind::N | Kind::R, _) | (_, Kind::N | Kind::R) => false,
        (a, b) => a == b,
    }
}

pub(crate) fn precision_name(p: u8) -> &'static str {
    match p {
        0 => "def32",
        1 => "min16f",
        2 => "min2_8f",
        4 => "min16i",
        5 => "min16u",
        _ => "min_unknown",
    }
}

fn register_prefix(ty: OperandType, sm51: bool) -> &'static str {
    use OperandType::*;
    match ty {
        Temp => "r",
        Input => "v",
        Output => "o",
        IndexableTemp => "x",
        Sampler => {
            if sm51 {
                "S"
            } else {
                "s"
            }
        }
        Resource => {
            if sm51 {
                "T"
            } else {
                "t"
            }
        }
        ConstantBuffer => {
            if sm51 {
                "CB"
            } else {
                "cb"
            }
        }
        UnorderedAccessView => {
            if sm51 {
                "U"
            } else {
                "u"
            }
        }
        ImmediateConstantBuffer => "icb",
        Label => "l",
        Stream => "m",
        FunctionBody => "fb",
        FunctionTable => "ft",
        Interface => "fp",
        FunctionInput => "fi",
        FunctionOutput => "fo",
        InputControlPoint => "vicp",
        OutputControlPoint => "vocp",
        InputPatchConstant => "vpc",
        ThisPointer => "this",
        ThreadGroupSharedMemory => "g",
        _ => "?",
    }
}

pub(crate) fn return_type_name(t: ReturnType) -> &'static str {
    match t {
        ReturnType::Continued => "<continued>",
        ReturnType::Unused => "<unused>",
        other => other.name(),
    }
}

pub(crate) fn system_value_name(sv: SystemValue) -> String {
    use SystemValue::*;
    let s = match sv {
        Undefined => "undefined",
        Position => "position",
        ClipDistance => "clip_distance",
        CullDistance => "cull_distance",
        RenderTargetArrayIndex => "rendertarget_array_index",
        ViewportArrayIndex => "viewport_array_index",
        VertexId => "vertex_id",
        PrimitiveId => "primitive_id",
        InstanceId => "instance_id",
        IsFrontFace => "is_front_face",
        SampleIndex => "sampleIndex",
        TessFactor(n) => match n {
            11 => "finalQuadUeq0EdgeTessFactor",
            12 => "finalQuadVeq0EdgeTessFactor",
            13 => "finalQuadUeq1EdgeTessFactor",
            14 => "finalQuadVeq1EdgeTessFactor",
            15 => "finalQuadUInsideTessFactor",
            16 => "finalQuadVInsideTessFactor",
            17 => "finalTriUeq0EdgeTessFactor",
            18 => "finalTriVeq0EdgeTessFactor",
            19 => "finalTriWeq0EdgeTessFactor",
            20 => "finalTriInsideTessFactor",
            21 => "finalLineDetailTessFactor",
            22 => "finalLineDensityTessFactor",
            _ => return format!("name{n}"),
        },
        Other(n) => return format!("name{n}"),
    };
    s.to_string()
}

pub(crate) fn primitive_name(v: u32) -> String {
    match v {
        1 => "point".into(),
        2 => "line".into(),
        3 => "triangle".into(),
        6 => "lineadj".into(),
        7 => "triangleadj".into(),
        8..=39 => format!("patch{}", v - 7),
        _ => "undefined".into(),
    }
}

pub(crate) fn topology_name(v: u32) -> &'static str {
    match v {
        1 => "pointlist",
        2 => "linelist",
        3 => "linestrip",
        4 => "trianglelist",
        5 => "trianglestrip",
        10 => "linelistadj",
        11 => "linestripadj",
        12 => "trianglelistadj",
        13 => "trianglestripadj",
        _ => "undefined",
    }
}

fn signature(op: Opcode) -> Operands {
    op.row().map_or(Operands::UNTYPED, |r| r.operands)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sw(s: &str) -> Components {
        Components::swizzle(s).unwrap_or(Components::Zero)
    }
    fn mk(s: &str) -> Components {
        Components::mask(s).unwrap_or(Components::Zero)
    }

    fn imm(v: u32, kind: Kind, options: Options) -> String {
        let version = Version::new(ProgramType::Pixel, 5, 0);
        let mut s = String::new();
        let mut p = Printer {
            w: &mut s,
            version: &version,
            options: &options,
        };
        p.imm32(v, kind).unwrap_or_default();
        s
    }

    #[test]
    fn operands_column() {
        let s = signature(Opcode::Swapc);
        assert_eq!(
            (s.dsts, s.kinds),
            (2, &[Kind::A, Kind::A, Kind::U, Kind::A][..])
        );
        assert_eq!(s.kind(7), Kind::A);
        let s = signature(Opcode::Ishl);
        assert_eq!(
            (s.dsts, s.kind(0), s.kind(2), s.kind(5)),
            (1, Kind::I, Kind::U, Kind::U)
        );
        let s = signature(Opcode::DclTemps);
        assert_eq!((s.dsts, s.kinds), (0, &[Kind::A][..]));
        assert_eq!(signature(Opcode::Unknown(999)).dsts, 0);
    }

    #[test]
    fn immediates_follow_the_operand_type() {
        let o = Options::default();
        assert_eq!(imm(0x3f00_0000, Kind::F, o), "0.500000");
        assert_eq!(imm(0, Kind::F, o), "0.000000");
        assert_eq!(imm(0x8000_0000, Kind::F, o), "-0.000000");
        assert_eq!(imm(0x3f00_0000, Kind::I, o), "0x3f000000");
        assert_eq!(imm(10000, Kind::U, o), "10000");
        assert_eq!(imm(10001, Kind::U, o), "0x00002711");
        assert_eq!(imm(u32::MAX, Kind::I, o), "-1");
        // Untyped: small integers, then floats, then hex.
        assert_eq!(imm(0, Kind::A, o), "0");
        assert_eq!(imm(255, Kind::A, o), "255");
        assert_eq!(imm(0x3f80_0000, Kind::A, o), "1.000000");
        assert_eq!(imm(0x8000_0000, Kind::A, o), "-0.000000");
        assert_eq!(imm(0x0000_8000, Kind::A, o), "0x00008000");
        assert_eq!(imm(0x7fff_ffff, Kind::A, o), "0x7fffffff");
    }

    #[test]
    fn long_floats_depend_on_the_dialect() {
        let max = f32::MAX.to_bits();
        let new = imm(max, Kind::F, Options::default());
        assert_eq!(new, "340282346638528859811704183484516925440.000000");
        let old = imm(
            max,
            Kind::F,
            Options::for_creator("Microsoft (R) HLSL Shader Compiler 9.30.9200.16384"),
        );
        assert_eq!(old, "340282346638528860000000000000000000000.000000");
    }

    #[test]
    fn dialect_from_creator() {
        let d = |s: &str| Options::for_creator(s).dialect;
        assert_eq!(d("Microsoft (R) HLSL Shader Compiler 10.1"), Dialect::Fxc10);
        assert_eq!(
            d("Microsoft (R) HLSL Shader Compiler 9.29.952.3111"),
            Dialect::Fxc929
        );
        assert_eq!(
            d("Microsoft (R) HLSL Shader Compiler 9.30.9200.20714"),
            Dialect::Fxc930
        );
        assert_eq!(
            d("Microsoft (R) HLSL Shader Compiler 6.3.9600.16384"),
            Dialect::Fxc930
        );
        assert_eq!(d(""), Dialect::Fxc10);
    }

    #[test]
    fn a_small_pixel_shader() {
        let mut p = Program::new(ProgramType::Pixel, 5, 0);
        let rel = Operand::temp(0, Components::Select1(0));
        p.instructions = vec![
            Instruction::new(Opcode::DclGlobalFlags, vec![]).with_controls(1 << 11),
            Instruction::dcl_constant_buffer(0, 4),
            Instruction::dcl_sampler(0),
            Instruction::dcl_resource(0, ResourceDimension::Texture2D, ReturnType::Float),
            Instruction::dcl_input_ps(InterpolationMode::Linear, 1, 0b0011),
            Instruction::dcl_output(0, 0xF),
            Instruction::dcl_temps(2),
            Instruction::new(
                Opcode::Sample,
                vec![
                    Operand::temp(0, mk("xyzw")),
                    Operand::input(1, sw("xyxx")),
                    Operand::new(OperandType::Resource, sw("xyzw"), &[0]),
                    Operand::sampler(0),
                ],
            )
            .with_extended(ExtendedOpcode::SampleControls {
                offsets: [1, -2, 0],
                raw: 0,
            }),
            Instruction::new(
                Opcode::Mul,
                vec![
                    Operand::temp(0, mk("xyz")),
                    Operand::temp(0, sw("xyzx")).with_modifier(Modifier::AbsNeg),
                    Operand::cb(0, 3, sw("xyzx")).with_index(1, Index::relative(3, rel)),
                ],
            )
            .with_saturate(),
            Instruction::new(
                Opcode::Mov,
                vec![
                    Operand::output(0, mk("xyzw")),
                    Operand::imm32_4([0x3f80_0000, 0x3f00_0000, 0, 0]),
                ],
            ),
            Instruction::new(Opcode::If, vec![Operand::temp(1, Components::Select1(2))])
                .with_test_nonzero(),
            Instruction::new(Opcode::Endif, vec![]),
            Instruction::new(Opcode::Ret, vec![]),
        ];
        let text = disassemble(&p);
        let expected = "\
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[4], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample_aoffimmi(1,-2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0
mul_sat r0.xyz, -|r0.xyzx|, cb0[r0.x + 3].xyzx
mov o0.xyzw, l(1.000000,0.500000,0,0)
if_nz r1.z
endif
ret
";
        assert_eq!(text, expected);
        let old = disassemble_with(
            &p,
            &Options {
                dialect: Dialect::Fxc929,
                ..Options::default()
            },
        );
        assert!(old.contains("dcl_constantbuffer cb0[4], immediateIndexed\n"));
        assert!(old.contains("\nsample(1,-2,0) r0.xyzw"));
        assert_eq!(
            Listing {
                program: &p,
                options: Options::default()
            }
            .to_string(),
            text
        );
    }
}
