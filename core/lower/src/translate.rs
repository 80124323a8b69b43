//! `translate`: one stage from decoded program to GLSL text.
//!
//! Data flows one way: the decoded program goes through the declaration
//! handlers (building the register model), then the instruction handlers,
//! then the sections are assembled. Every failure names the instruction,
//! its opcode and its dword offset.

use crate::ctx::{Ctx, DeclCtx};
use crate::emit::Output;
use crate::error::{LowerError, Site, TranslateError};
use crate::hints::LinkHints;
use crate::pass::PassEntry;
use crate::profile::{PassSpec, Profile};
use crate::record::StageRecord;
use crate::registry::{HandlerEntry, Lower, Registry};
use crate::state::StageInput;
use dxlower_dxbc::{Instruction, ProgramType};

/// One translated stage: its GLSL and the record of what it declares and
/// needs ([`crate::record`]).
#[derive(Clone, Debug)]
pub struct StageGlsl {
    /// Program type (vertex or pixel).
    pub stage: ProgramType,
    /// The GLSL ES text.
    pub glsl: String,
    /// What the stage declares and needs.
    pub record: StageRecord,
}

/// A lowered stage before its text is assembled: what [`crate::link()`]
/// agrees on across the two stages of a program.
pub(crate) struct Lowered {
    pub(crate) stage: ProgramType,
    pub(crate) out: Output,
}

impl Lowered {
    /// Assembles the text.
    pub(crate) fn finish(self, profile: &Profile) -> StageGlsl {
        let glsl = self.out.assemble(&profile.glsl_version);
        StageGlsl {
            stage: self.stage,
            glsl,
            record: self.out.record,
        }
    }
}

fn site(input: &StageInput<'_>, index: usize, inst: &Instruction) -> Site {
    Site {
        index,
        opcode: inst.opcode,
        dword: inst.offset,
        byte: input
            .program_byte_offset
            .map(|b| b + inst.offset as u64 * 4),
    }
}

fn map_err(e: LowerError, site: Site, h: &HandlerEntry) -> TranslateError {
    match e {
        LowerError::Refused(refusal) => TranslateError::Refused { refusal, site },
        LowerError::InvalidProgram(message) => TranslateError::InvalidProgram {
            message,
            site: Some(site),
        },
        LowerError::Profile(message) => TranslateError::Profile(message),
        LowerError::Invalid(e) => TranslateError::Lower {
            kind: Some(e.kind),
            message: e.message,
            site,
            handler: h.location(),
        },
    }
}

fn handler(
    reg: &Registry,
    input: &StageInput<'_>,
    index: usize,
    inst: &Instruction,
) -> Result<&'static HandlerEntry, TranslateError> {
    reg.get(inst.opcode).ok_or_else(|| {
        let family = reg.family_of(inst.opcode);
        let family_note = match family {
            Some(f) => format!("family {f} has no handler for it yet"),
            None => "no family claims it".to_string(),
        };
        TranslateError::Unsupported {
            opcode: inst.opcode,
            family,
            family_note,
            site: site(input, index, inst),
        }
    })
}

/// Fails with `Unsupported` naming the first instruction whose opcode has
/// no handler and listing every other unhandled opcode of the stage, so a
/// sweep shows all that blocks a shader at once.
fn check_handlers(reg: &Registry, input: &StageInput<'_>) -> Result<(), TranslateError> {
    let mut first: Option<(usize, &Instruction)> = None;
    let mut missing: Vec<dxlower_dxbc::Opcode> = Vec::new();
    for (i, inst) in input.program.instructions.iter().enumerate() {
        if reg.get(inst.opcode).is_none() {
            if first.is_none() {
                first = Some((i, inst));
            }
            if !missing.contains(&inst.opcode) {
                missing.push(inst.opcode);
            }
        }
    }
    let Some((i, inst)) = first else {
        return Ok(());
    };
    let family = reg.family_of(inst.opcode);
    let mut family_note = match family {
        Some(f) => format!("family {f} has no handler for it yet"),
        None => "no family claims it".to_string(),
    };
    if missing.len() > 1 {
        let others: Vec<_> = missing[1..].iter().map(|o| o.mnemonic()).collect();
        family_note.push_str(&format!("; also unhandled: {}", others.join(", ")));
    }
    Err(TranslateError::Unsupported {
        opcode: inst.opcode,
        family,
        family_note,
        site: site(input, i, inst),
    })
}

/// Writes the DXBC instruction as a `//` comment above its GLSL.
fn comment(cx: &mut Ctx<'_>, input: &StageInput<'_>, inst: &Instruction) {
    let mut text = String::new();
    let opts = dxlower_dxbc::disasm::Options::default();
    if dxlower_dxbc::disasm::write_instruction(&mut text, &input.program.version, inst, &opts)
        .is_ok()
    {
        for line in text.lines() {
            cx.line(format_args!("// {line}"));
        }
    }
}

/// Translates one vertex or pixel stage with the global registry.
pub fn translate_stage(
    input: StageInput<'_>,
    profile: &Profile,
) -> Result<StageGlsl, TranslateError> {
    let reg = Registry::global().map_err(|e| TranslateError::Registry(e.to_string()))?;
    translate_stage_with(reg, input, profile)
}

/// Translates one stage with an explicit registry.
pub fn translate_stage_with(
    reg: &Registry,
    input: StageInput<'_>,
    profile: &Profile,
) -> Result<StageGlsl, TranslateError> {
    Ok(lower_with(reg, input, profile, None)?.finish(profile))
}

/// Lowers one stage as part of a program (the declaration handlers see the
/// link hints) without assembling its text.
pub(crate) fn lower_linked(
    input: StageInput<'_>,
    profile: &Profile,
    link: &LinkHints,
) -> Result<Lowered, TranslateError> {
    let reg = Registry::global().map_err(|e| TranslateError::Registry(e.to_string()))?;
    lower_with(reg, input, profile, Some(link))
}

/// The error of a pass.
fn pass_error(p: &PassEntry, e: LowerError) -> TranslateError {
    match e {
        LowerError::Refused(r) => TranslateError::StageRefused(r),
        LowerError::InvalidProgram(message) => TranslateError::InvalidProgram {
            message,
            site: None,
        },
        LowerError::Profile(message) => TranslateError::Pass {
            kind: None,
            pass: p.name.to_string(),
            message,
            location: p.location(),
        },
        LowerError::Invalid(e) => TranslateError::Pass {
            kind: Some(e.kind),
            pass: p.name.to_string(),
            message: e.message,
            location: p.location(),
        },
    }
}

/// Runs one hook of every scheduled pass.
fn run_passes(
    dcx: &mut DeclCtx<'_>,
    passes: &[(&'static PassEntry, PassSpec)],
    hook: fn(&PassEntry) -> Option<crate::pass::PassFn>,
) -> Result<(), TranslateError> {
    for (p, spec) in passes {
        if let Some(f) = hook(p) {
            f(dcx, spec).map_err(|e| pass_error(p, e))?;
        }
    }
    Ok(())
}

fn lower_with(
    reg: &Registry,
    input: StageInput<'_>,
    profile: &Profile,
    link: Option<&LinkHints>,
) -> Result<Lowered, TranslateError> {
    let version = input.program.version;
    let stage = version.program_type;
    if !matches!(stage, ProgramType::Vertex | ProgramType::Pixel) {
        return Err(TranslateError::StageRefused(crate::error::Refusal::new(
            format!("{} stage", stage.prefix()),
            "GLSL ES 3.00 has only vertex and fragment shaders",
        )));
    }
    let insts = &input.program.instructions;
    // The block structure first (one linear pass): a program D3D rejects
    // for its nesting ends here, before any text is written.
    crate::structure::check_program(insts).map_err(|(i, message)| {
        TranslateError::InvalidProgram {
            message,
            site: insts.get(i).map(|inst| site(&input, i, inst)),
        }
    })?;
    let passes = crate::pass::schedule(profile, link.is_some()).map_err(TranslateError::Profile)?;
    check_handlers(reg, &input)?;
    let mut dcx = DeclCtx::new(input, profile);
    // Room for the text up front (about 48 bytes of GLSL per instruction
    // and 40 per declaration), so the sections rarely grow by copying.
    let decls = insts.iter().filter(|i| i.opcode.is_declaration()).count();
    dcx.out.reserve(decls * 40, (insts.len() - decls) * 48);
    dcx.st.link = link;
    // Passes that leave data for the declarations (claims, renames).
    run_passes(&mut dcx, &passes, |p| p.before)?;
    // Phase 1: declarations.
    for (i, inst) in insts.iter().enumerate() {
        if !inst.opcode.is_declaration() {
            continue;
        }
        let h = handler(reg, &input, i, inst)?;
        match h.lower {
            Lower::Decl(f) => {
                f(inst, &mut dcx).map_err(|e| map_err(e, site(&input, i, inst), h))?
            }
            Lower::Inst(_) => {
                return Err(TranslateError::Lower {
                    kind: None,
                    message: "declaration registered as an instruction handler".into(),
                    site: site(&input, i, inst),
                    handler: h.location(),
                })
            }
        }
    }
    // The arrays of relatively indexed input and output ranges (an error
    // is reported at the first `dcl_indexrange`).
    if let Some((i, inst)) = insts
        .iter()
        .enumerate()
        .find(|(_, i)| i.opcode == dxlower_dxbc::Opcode::DclIndexRange)
    {
        let h = handler(reg, &input, i, inst)?;
        crate::ranges::emit(&mut dcx).map_err(|e| map_err(e, site(&input, i, inst), h))?;
    }
    // Passes over the declared stage (crate::pass).
    run_passes(&mut dcx, &passes, |p| p.after)?;
    let DeclCtx { st, mut out } = dcx;
    // Phase 2: instructions.
    {
        let mut cx = Ctx::new(&st, &mut out);
        for (i, inst) in insts.iter().enumerate() {
            if inst.opcode.is_declaration() {
                continue;
            }
            let h = handler(reg, &input, i, inst)?;
            if profile.instruction_comments {
                comment(&mut cx, &input, inst);
            }
            let depth = cx.out.depth();
            st.sync_log(|log| log.begin(i, depth));
            match h.lower {
                Lower::Inst(f) => {
                    f(inst, &mut cx).map_err(|e| map_err(e, site(&input, i, inst), h))?
                }
                Lower::Decl(_) => {
                    return Err(TranslateError::Lower {
                        kind: None,
                        message: "instruction registered as a declaration handler".into(),
                        site: site(&input, i, inst),
                        handler: h.location(),
                    })
                }
            }
        }
    }
    st.sync_log(|log| log.end());
    // The sync copies between the views of temps that nothing reads.
    if let Some(log) = st.take_sync_log() {
        crate::sync::prune(
            &log,
            &st.input.program.instructions,
            st.temps,
            &|r| st.companion_lanes(r) != 0,
            &mut out,
        );
    }
    if st.companion_misses() > 0 {
        out.note(format!(
            "{} integer read(s) of a temp lane without a uvec4 companion read the float view \
             (the companion analysis missed a reader; the value is exact unless a driver \
             flushes a denormal bit pattern)",
            st.companion_misses()
        ));
    }
    out.record.limits = crate::limits::used(&out.record);
    crate::limits::check(&out.record.limits, profile).map_err(TranslateError::StageRefused)?;
    Ok(Lowered { stage, out })
}

/// The output bound of README "Untrusted input": the GLSL of any program is
/// at most `OUTPUT_FACTOR` times the size of its container ...
pub const OUTPUT_FACTOR: usize = 64;

/// ... plus `OUTPUT_SLACK` bytes: the declarations a few bytes can ask for
/// (`dcl_temps 4096`), the helpers, the preamble.
pub const OUTPUT_SLACK: usize = 256 << 10;

/// Whether `glsl` is within the output bound for an input of `input` bytes
/// ([`OUTPUT_FACTOR`], [`OUTPUT_SLACK`]). The emitter makes it hold: every
/// instruction writes a bounded number of lines of bounded length (the
/// indentation is capped, [`crate::emit::MAX_INDENT`]); the measured worst
/// case is 47 times the input (a `ret` repeated 16 blocks deep under a
/// profile whose stage epilogue is a statement, each `ret` 4 bytes).
pub fn within_output_bound(input: usize, glsl: &str) -> bool {
    glsl.len()
        <= OUTPUT_FACTOR
            .saturating_mul(input)
            .saturating_add(OUTPUT_SLACK)
}

/// The stage input of a parsed shader.
pub fn stage_input(shader: &dxlower_dxbc::Shader) -> StageInput<'_> {
    StageInput {
        program: &shader.program,
        input_signature: shader.input_signature.as_ref(),
        output_signature: shader.output_signature.as_ref(),
        program_byte_offset: shader.code_chunk_entry().map(|e| e.data_offset()),
        rdef: shader.rdef.as_ref(),
    }
}

/// Translates a parsed shader's stage.
pub fn translate_shader(
    shader: &dxlower_dxbc::Shader,
    profile: &Profile,
) -> Result<StageGlsl, TranslateError> {
    translate_stage(stage_input(shader), profile)
}

/// Parses DXBC bytes and translates the stage. The container checksum is
/// not computed (nothing in a translation reads it, and a mismatch is never
/// an error here): [`dxlower_dxbc::ParseOptions::unchecked`].
pub fn translate_bytes(bytes: &[u8], profile: &Profile) -> Result<StageGlsl, TranslateError> {
    let shader = dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked())?;
    translate_shader(&shader, profile)
}
