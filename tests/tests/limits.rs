//! Resource limits (profiles.md §2, `dxlower_core::limits`): a stage that
//! needs more than the profile's limits is refused by name, one that fits
//! translates, and a profile that raises a limit lifts the refusal. Each
//! case sits just past and just within a WebGL2 minimum, so the counting
//! rule itself is under test; stages that fit are checked with
//! glslangValidator.

use dxlower_core::{Profile, TranslateError};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{
    Components, Instruction, InterpolationMode, Opcode, Operand, ProgramType, ResourceDimension,
    ReturnType, SignatureSystemValue, SystemValue,
};
use dxlower_tests::{element, glslang, signature, Built};

// The handlers register themselves through inventory: link them in.
use dxlower_lowerings as _;

const F: ComponentType = ComponentType::Float32;
const NONE: SignatureSystemValue = SignatureSystemValue::Undefined;

/// The refusal's text, or the GLSL compiled by glslangValidator.
fn outcome(b: &Built, p: &Profile) -> Result<(), String> {
    match b.translate(p) {
        Ok(s) => {
            glslang(&s.glsl, s.stage).map_err(|e| format!("glslang: {e}\n{}", s.glsl))?;
            Ok(())
        }
        Err(TranslateError::StageRefused(r)) => Err(r.to_string()),
        Err(e) => panic!("expected a refusal or GLSL, got {e}"),
    }
}

fn refused(b: &Built, p: &Profile, what: &str, lifted: &str) {
    match outcome(b, p) {
        Ok(()) => panic!("expected the refusal `{what}`"),
        Err(e) => {
            assert!(e.starts_with(&format!("{what}:")), "{e}");
            assert!(e.contains(&format!("(limits.{lifted})")), "{e}");
        }
    }
}

fn fits(b: &Built, p: &Profile) {
    if let Err(e) = outcome(b, p) {
        panic!("expected GLSL, got: {e}");
    }
}

/// A pixel shader declaring `declared` Texture2Ds and sampling the first
/// `sampled` of them.
fn textures(declared: u32, sampled: u32) -> Built {
    let mut insts = vec![Instruction::dcl_sampler(0)];
    for t in 0..declared {
        insts.push(Instruction::dcl_resource(
            t,
            ResourceDimension::Texture2D,
            ReturnType::Float,
        ));
    }
    insts.push(Instruction::dcl_input_ps(InterpolationMode::Linear, 0, 0x3));
    insts.push(Instruction::dcl_output(0, 0xF));
    insts.push(Instruction::dcl_temps(2));
    insts.push(Instruction::new(
        Opcode::Mov,
        vec![
            Operand::output(0, Components::MASK_ALL),
            Operand::temp(1, Components::XYZW),
        ],
    ));
    for t in 0..sampled {
        insts.push(Instruction::new(
            Opcode::Sample,
            vec![
                Operand::temp(0, Components::MASK_ALL),
                Operand::input(0, Components::swizzle("xyxx").expect("swizzle")),
                Operand::resource(t),
                Operand::sampler(0),
            ],
        ));
        insts.push(Instruction::new(
            Opcode::Add,
            vec![
                Operand::output(0, Components::MASK_ALL),
                Operand::output(0, Components::XYZW),
                Operand::temp(0, Components::XYZW),
            ],
        ));
    }
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let isgn = signature(b"ISGN", vec![element("TEXCOORD", 0, 0, 0x3, F, NONE)]);
    let osgn = signature(
        b"OSGN",
        vec![element(
            "SV_Target",
            0,
            0,
            0xF,
            F,
            SignatureSystemValue::Target,
        )],
    );
    Built::new(ProgramType::Pixel, 5, insts, Some(isgn), Some(osgn))
}

#[test]
fn texture_units_count_samplers_in_use() {
    let p = dxlower_tests::webgl2_fast();
    fits(&textures(16, 16), &p);
    // Declared but unused textures are inactive uniforms: no unit.
    fits(&textures(24, 16), &p);
    refused(
        &textures(17, 17),
        &p,
        "17 texture units (sampler uniforms in use)",
        "texture_units",
    );
    let mut raised = dxlower_tests::webgl2_fast();
    raised.limits.texture_units = 32;
    fits(&textures(17, 17), &raised);
}

/// A vertex shader passing `attributes` float4 inputs through
/// `outputs` varyings of `width` lanes each (input `i % attributes`), plus
/// the position.
fn vertex(attributes: u32, outputs: u32, width: u8) -> Built {
    let mask = (1u8 << width) - 1;
    let mut insts = Vec::new();
    for i in 0..attributes {
        insts.push(Instruction::dcl_input(i, 0xF));
    }
    insts.push(Instruction::dcl_output_siv(0, 0xF, SystemValue::Position));
    for o in 0..outputs {
        insts.push(Instruction::dcl_output(o + 1, mask));
    }
    insts.push(Instruction::new(
        Opcode::Mov,
        vec![
            Operand::output(0, Components::MASK_ALL),
            Operand::input(0, Components::XYZW),
        ],
    ));
    for i in 1..attributes {
        insts.push(Instruction::new(
            Opcode::Add,
            vec![
                Operand::output(0, Components::MASK_ALL),
                Operand::output(0, Components::XYZW),
                Operand::input(i, Components::XYZW),
            ],
        ));
    }
    for o in 0..outputs {
        insts.push(Instruction::new(
            Opcode::Mov,
            vec![
                Operand::output(o + 1, Components::Mask(mask)),
                Operand::input(o % attributes.max(1), Components::XYZW),
            ],
        ));
    }
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let isgn = signature(
        b"ISGN",
        (0..attributes)
            .map(|i| element("TEXCOORD", i, i, 0xF, F, NONE))
            .collect(),
    );
    let mut out = vec![element(
        "SV_Position",
        0,
        0,
        0xF,
        F,
        SignatureSystemValue::Position,
    )];
    out.extend((0..outputs).map(|o| element("COLOR", o, o + 1, mask, F, NONE)));
    Built::new(
        ProgramType::Vertex,
        5,
        insts,
        Some(isgn),
        Some(signature(b"OSGN", out)),
    )
}

#[test]
fn vertex_attributes() {
    let p = dxlower_tests::webgl2_fast();
    fits(&vertex(16, 1, 4), &p);
    refused(
        &vertex(17, 1, 4),
        &p,
        "17 vertex attributes",
        "vertex_attributes",
    );
}

#[test]
fn varying_vectors_are_packed_rows() {
    let p = dxlower_tests::webgl2_fast();
    fits(&vertex(4, 15, 4), &p);
    refused(
        &vertex(4, 16, 4),
        &p,
        "16 varying vectors (packed rows)",
        "varying_vectors",
    );
    // 30 vec2 pack two to a row: 15 rows; 31 need 16.
    fits(&vertex(4, 30, 2), &p);
    refused(
        &vertex(4, 31, 2),
        &p,
        "16 varying vectors (packed rows)",
        "varying_vectors",
    );
    // Sixty floats fill 15 rows of four.
    fits(&vertex(4, 60, 1), &p);
}

/// A pixel shader writing `targets` render targets.
fn targets(targets: u32) -> Built {
    let mut insts = Vec::new();
    for o in 0..targets {
        insts.push(Instruction::dcl_output(o, 0xF));
    }
    for o in 0..targets {
        insts.push(Instruction::new(
            Opcode::Mov,
            vec![
                Operand::output(o, Components::MASK_ALL),
                Operand::immf32_4([0.0, 0.0, 0.0, 1.0]),
            ],
        ));
    }
    insts.push(Instruction::new(Opcode::Ret, vec![]));
    let osgn = signature(
        b"OSGN",
        (0..targets)
            .map(|o| element("SV_Target", o, o, 0xF, F, SignatureSystemValue::Target))
            .collect(),
    );
    Built::new(ProgramType::Pixel, 5, insts, None, Some(osgn))
}

#[test]
fn draw_buffers() {
    let p = dxlower_tests::webgl2_fast();
    fits(&targets(4), &p);
    refused(&targets(5), &p, "5 render targets", "draw_buffers");
    let mut raised = dxlower_tests::webgl2_fast();
    raised.limits.draw_buffers = 8;
    fits(&targets(8), &raised);
}
