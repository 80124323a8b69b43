//! Shorthands for building small stages and programs in tests: operands
//! (`rd(0, "xy")`, `v(1, "xyzw")`, `cb(0, 2, "xxxx")`), instructions
//! (`mov`, `ret`, the `dcl_*` forms), signature rows (`user`, `position`,
//! `target`), and a built-in or file profile by name. Every builder panics
//! on a malformed literal: it is test input, written by hand.

use crate::Built;
use dxlower_core::{Profile, ProgramGlsl, TranslateError};
use dxlower_dxbc::rdef::{
    Rdef, RdefProgramType, RdefTarget, ResourceBinding, ShaderInputType, SrvDimension,
};
use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    Components, ExtendedOpcode, Instruction, InterpolationMode, Opcode, Operand, OperandType,
    Payload, ProgramType, ResourceDimension, ReturnType, Signature, SignatureElement,
    SignatureSystemValue, SystemValue,
};

/// `xyzw` letters as a write mask (`"xz"` → `Mask(0b0101)`).
pub fn m(letters: &str) -> Components {
    Components::mask(letters).unwrap_or_else(|| panic!("bad mask {letters}"))
}

/// `xyzw` letters as a swizzle (`"xxyz"`).
pub fn s(letters: &str) -> Components {
    Components::swizzle(letters).unwrap_or_else(|| panic!("bad swizzle {letters}"))
}

/// `xyzw` letters as mask bits (`"xy"` → `0b0011`).
pub fn mask(letters: &str) -> u8 {
    match m(letters) {
        Components::Mask(bits) => bits,
        _ => panic!("bad mask {letters}"),
    }
}

/// `r<n>.<mask>` as a destination.
pub fn rd(n: u32, letters: &str) -> Operand {
    Operand::temp(n, m(letters))
}

/// `r<n>.<swizzle>` as a source.
pub fn rs(n: u32, letters: &str) -> Operand {
    Operand::temp(n, s(letters))
}

/// `v<n>.<swizzle>`.
pub fn v(n: u32, letters: &str) -> Operand {
    Operand::input(n, s(letters))
}

/// `o<n>.<mask>`.
pub fn o(n: u32, letters: &str) -> Operand {
    Operand::output(n, m(letters))
}

/// `cb<slot>[<reg>].<swizzle>`.
pub fn cb(slot: u32, reg: u32, letters: &str) -> Operand {
    Operand::cb(slot, reg, s(letters))
}

/// `l(x)`: a one-lane 32-bit immediate.
pub fn l(x: u32) -> Operand {
    Operand::imm32(x)
}

/// An operand of any type with a mask, one immediate index.
pub fn dm(ty: OperandType, reg: u32, letters: &str) -> Operand {
    Operand::new(ty, m(letters), &[reg])
}

/// An operand of any type with a swizzle, one immediate index.
pub fn sw(ty: OperandType, reg: u32, letters: &str) -> Operand {
    Operand::new(ty, s(letters), &[reg])
}

/// An instruction with these operands.
pub fn op(code: Opcode, operands: Vec<Operand>) -> Instruction {
    Instruction::new(code, operands)
}

/// `mov d, s`.
pub fn mov(d: Operand, s: Operand) -> Instruction {
    op(Opcode::Mov, vec![d, s])
}

/// `ret`.
pub fn ret() -> Instruction {
    op(Opcode::Ret, vec![])
}

/// `dcl_input v<reg>.<mask>`.
pub fn dcl_input(reg: u32, letters: &str) -> Instruction {
    Instruction::dcl_input(reg, mask(letters))
}

/// `dcl_input_ps <mode> v<reg>.<mask>`.
pub fn dcl_input_ps(mode: InterpolationMode, reg: u32, letters: &str) -> Instruction {
    Instruction::dcl_input_ps(mode, reg, mask(letters))
}

/// `dcl_indexableTemp x<reg>[<count>], <components>`.
pub fn dcl_indexable(reg: u32, count: u32, components: u32) -> Instruction {
    Instruction::decl(
        Opcode::DclIndexableTemp,
        vec![],
        Payload::IndexableTemp {
            reg,
            count,
            components,
        },
    )
}

/// `dcl_output o<reg>.<mask>`.
pub fn dcl_output(reg: u32, letters: &str) -> Instruction {
    Instruction::dcl_output(reg, mask(letters))
}

/// `dcl_output_siv o<reg>.xyzw, position`.
pub fn dcl_position(reg: u32) -> Instruction {
    Instruction::dcl_output_siv(reg, 0xF, SystemValue::Position)
}

/// One signature row.
pub fn row(
    name: &str,
    index: u32,
    sv: SignatureSystemValue,
    ty: ComponentType,
    reg: u32,
    letters: &str,
) -> SignatureElement {
    let bits = mask(letters);
    SignatureElement {
        name: name.to_string(),
        semantic_index: index,
        system_value: sv,
        component_type: ty,
        register: reg,
        mask: bits,
        rw_mask: bits,
        reserved: 0,
        stream: 0,
        min_precision: MinPrecision::Default,
    }
}

/// A user-semantic row (`TEXCOORD1` in `v2.xy`).
pub fn user(
    name: &str,
    index: u32,
    ty: ComponentType,
    reg: u32,
    letters: &str,
) -> SignatureElement {
    row(
        name,
        index,
        SignatureSystemValue::Undefined,
        ty,
        reg,
        letters,
    )
}

/// `SV_Position` float4 in register `reg`.
pub fn position(reg: u32) -> SignatureElement {
    row(
        "SV_Position",
        0,
        SignatureSystemValue::Position,
        ComponentType::Float32,
        reg,
        "xyzw",
    )
}

/// `SV_Target<n>` float4 in `o<n>`.
pub fn target(n: u32) -> SignatureElement {
    row(
        "SV_Target",
        n,
        SignatureSystemValue::Target,
        ComponentType::Float32,
        n,
        "xyzw",
    )
}

/// An input signature.
pub fn isgn(rows: Vec<SignatureElement>) -> Option<Signature> {
    Some(crate::signature(b"ISGN", rows))
}

/// An output signature.
pub fn osgn(rows: Vec<SignatureElement>) -> Option<Signature> {
    Some(crate::signature(b"OSGN", rows))
}

/// A Shader Model 5.0 stage.
pub fn stage(
    ty: ProgramType,
    insts: Vec<Instruction>,
    i: Option<Signature>,
    o: Option<Signature>,
) -> Built {
    Built::new(ty, 5, insts, i, o)
}

/// A built-in profile by name, or a RON file by path.
pub fn profile(name: &str) -> Profile {
    dxlower_targets::load(name).unwrap_or_else(|e| panic!("profile {name}: {e}"))
}

/// The pair translated together as one program (`dxlower_core::link`).
pub fn linked(vs: &Built, ps: &Built, p: &Profile) -> ProgramGlsl {
    dxlower_core::link(vs.input(), ps.input(), p).unwrap_or_else(|e| panic!("link failed: {e}"))
}

/// One RDEF resource binding of one register (`sample_count` as fxc
/// writes it: `u32::MAX` for textures, 0 otherwise; a structured buffer's
/// stride is set by the caller).
pub fn binding(
    name: &str,
    input_type: ShaderInputType,
    dimension: SrvDimension,
    return_type: u32,
    reg: u32,
) -> ResourceBinding {
    ResourceBinding {
        name: name.to_string(),
        input_type,
        return_type,
        dimension,
        sample_count: if input_type == ShaderInputType::Texture {
            u32::MAX
        } else {
            0
        },
        bind_point: reg,
        bind_count: 1,
        flags: 0,
        space: None,
        id: None,
    }
}

/// Resource definitions (SM 5.0) holding `bindings`: what fxc writes in
/// RDEF, and what profile rewrites match resource names against.
pub fn rdef(stage: RdefProgramType, bindings: Vec<ResourceBinding>) -> Rdef {
    Rdef {
        constant_buffers: Vec::new(),
        bindings,
        target: RdefTarget {
            program_type: stage,
            major: 5,
            minor: 0,
        },
        flags: 0,
        creator: "dxlower tests".to_string(),
        rd11: None,
    }
}

thread_local! {
    /// One GLES context per test thread (a runner stays on its thread).
    static GLES: std::cell::RefCell<Option<dxlower_gles::Runner>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's GLES 3.0 runner (Mesa, surfaceless),
/// creating it on first use; panics when no context can be made (a test
/// that needs the driver cannot pass without it).
pub fn with_gles<T>(f: impl FnOnce(&mut dxlower_gles::Runner) -> T) -> T {
    GLES.with(|g| {
        let mut g = g.borrow_mut();
        let runner = g.get_or_insert_with(|| {
            dxlower_gles::Runner::new().unwrap_or_else(|e| panic!("no GLES 3.0 context: {e}"))
        });
        f(runner)
    })
}

/// Links the pair on Mesa's GLES 3.0 driver; `Err` carries the info log.
pub fn gles_link(vs: &str, fs: &str) -> Result<(), String> {
    with_gles(|r| r.link(vs, fs).map_err(|e| e.to_string()))
}

/// `dcl_resource_structured t<reg>, <stride>`.
pub fn dcl_structured(reg: u32, stride: u32) -> Instruction {
    Instruction::decl(
        Opcode::DclResourceStructured,
        vec![Operand::new(
            OperandType::Resource,
            Components::Zero,
            &[reg],
        )],
        Payload::Structured {
            stride,
            count: None,
            space: None,
        },
    )
}

/// `ld_structured_indexable(structured_buffer, stride=N)(mixed,…) dst,
/// idx, off, res` as fxc writes it.
pub fn ld_structured(
    stride: u16,
    dst: Operand,
    idx: Operand,
    off: Operand,
    res: Operand,
) -> Instruction {
    op(Opcode::LdStructured, vec![dst, idx, off, res])
        .with_extended(ExtendedOpcode::ResourceDim {
            dim: ResourceDimension::StructuredBuffer,
            stride,
            raw: 0,
        })
        .with_extended(ExtendedOpcode::ResourceReturnType {
            types: [ReturnType::Mixed; 4],
            raw: 0,
        })
}

/// `resinfo` with return type 0 (float), 1 (rcpFloat), 2 (uint).
pub fn resinfo(mode: u32, dst: Operand, mip: Operand, res: Operand) -> Instruction {
    op(Opcode::Resinfo, vec![dst, mip, res]).with_control_field(11, 12, mode)
}

/// The refusal of a translation, as (what, why, lifted_by); panics when
/// the stage translates or fails otherwise.
pub fn refusal(profile: &Profile, built: &Built) -> (String, String, Option<String>) {
    match built.translate(profile) {
        Err(TranslateError::Refused { refusal, .. }) => {
            (refusal.what, refusal.why, refusal.lifted_by.map(|l| l.text))
        }
        Err(e) => panic!("expected a refusal, got {e}"),
        Ok(out) => panic!("expected a refusal, got GLSL:\n{}", out.glsl),
    }
}
