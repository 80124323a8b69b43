//! The embedded demo shader: a vertex shader that transforms a position by
//! a 4x4 matrix in `cb0` and passes a texture coordinate through, built with
//! dxlower's own encoder (no external blob). `dxlower translate` with no file
//! translates it.
//!
//! ```text
//! vs_4_0
//! dcl_constant_buffer cb0[4], immediateIndexed
//! dcl_input v0.xyzw            // POSITION0
//! dcl_input v1.xy              // TEXCOORD0
//! dcl_output_siv o0.xyzw, position
//! dcl_output o1.xy             // TEXCOORD0
//! dp4 o0.x, v0.xyzw, cb0[0].xyzw
//! dp4 o0.y, v0.xyzw, cb0[1].xyzw
//! dp4 o0.z, v0.xyzw, cb0[2].xyzw
//! dp4 o0.w, v0.xyzw, cb0[3].xyzw
//! mov o1.xy, v1.xyxx
//! ret
//! ```

use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    Components, Instruction, Opcode, Operand, Program, ProgramType, Signature, SignatureElement,
    SignatureSystemValue, SystemValue,
};

fn element(name: &str, sv: SignatureSystemValue, reg: u32, mask: u8) -> SignatureElement {
    SignatureElement {
        name: name.to_string(),
        semantic_index: 0,
        system_value: sv,
        component_type: ComponentType::Float32,
        register: reg,
        mask,
        rw_mask: mask,
        reserved: 0,
        stream: 0,
        min_precision: MinPrecision::Default,
    }
}

/// The demo program and its input and output signatures.
pub fn demo() -> (Program, Signature, Signature) {
    let mut p = Program::new(ProgramType::Vertex, 4, 0);
    let xyzw = Components::XYZW;
    p.instructions = vec![
        Instruction::dcl_constant_buffer(0, 4),
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_input(1, 0x3),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::dcl_output(1, 0x3),
    ];
    for row in 0..4u32 {
        p.instructions.push(Instruction::new(
            Opcode::Dp4,
            vec![
                Operand::output(0, Components::Mask(1 << row)),
                Operand::input(0, xyzw),
                Operand::cb(0, row, xyzw),
            ],
        ));
    }
    p.instructions.push(Instruction::new(
        Opcode::Mov,
        vec![
            Operand::output(1, Components::Mask(0x3)),
            Operand::input(1, Components::Swizzle([0, 1, 0, 0])),
        ],
    ));
    p.instructions.push(Instruction::new(Opcode::Ret, vec![]));
    // Round-trip through the encoder so the demo is exactly what the reader
    // would produce from bytes.
    let bytes = dxlower_dxbc::encode_program_bytes(&p);
    let p = dxlower_dxbc::decode_program(&bytes).unwrap_or(p);
    let isgn = Signature {
        fourcc: *b"ISGN",
        elements_offset: 8,
        elements: vec![
            element("POSITION", SignatureSystemValue::Undefined, 0, 0xF),
            element("TEXCOORD", SignatureSystemValue::Undefined, 1, 0x3),
        ],
    };
    let osgn = Signature {
        fourcc: *b"OSGN",
        elements_offset: 8,
        elements: vec![
            element("SV_Position", SignatureSystemValue::Position, 0, 0xF),
            element("TEXCOORD", SignatureSystemValue::Undefined, 1, 0x3),
        ],
    };
    (p, isgn, osgn)
}
