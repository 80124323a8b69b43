//! `dxlower run`: translate a pixel shader and draw it on Mesa's GLES 3.0
//! driver (llvmpipe, headless), then print what it wrote.
//!
//! The pixel shader covers the whole target through a vertex shader: the
//! one given with `--vs`, or by default a pass-through of `POSITION` to
//! `SV_Position` (the vertex shader of Wine's `draw_quad`, built with the
//! encoder) fed a full-viewport quad. The pair is translated as `dxlower
//! link` translates it, so any pair `link` accepts draws, and a varying the
//! vertex shader does not write (every varying, with the default one) is
//! zero. `cb0` is uploaded as the std140 block `ConstantBuffer0`.

use crate::cmd::load_profile;
use dxlower_core::StageInput;
use dxlower_dxbc::signature::{ComponentType, MinPrecision};
use dxlower_dxbc::{
    Components, Instruction, Opcode, Operand, Program, ProgramType, Signature, SignatureElement,
    SignatureSystemValue, SystemValue,
};
use dxlower_gles::{Draw, Format, Runner, UniformBlock, Vertices};
use std::path::PathBuf;
use std::process::ExitCode;

/// Render-target formats of `dxlower run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TargetFormat {
    /// RGBA32F.
    Float,
    /// RGBA32UI.
    Uint,
    /// RGBA32I.
    Int,
}

/// Arguments of `dxlower run`.
#[derive(clap::Args)]
pub struct Args {
    /// The pixel shader (DXBC).
    pub file: PathBuf,
    /// cb0 contents: registers separated by `;`, up to four values each
    /// separated by `,` (missing ones are 0). A value is hex bits
    /// (`0x3f800000`), an integer (`-3`, `7`: its two's-complement bits) or
    /// a float (`1.5`, `1e-3`, `inf`, `-inf`, `nan`; write `1.0` for the
    /// float one).
    #[arg(long, default_value = "")]
    pub cb0: String,
    /// Render-target format.
    #[arg(long, value_enum, default_value = "float")]
    pub format: TargetFormat,
    /// Vertex shader (DXBC) whose outputs feed the pixel shader; its first
    /// input gets the quad's positions. Default: a POSITION → SV_Position
    /// pass-through.
    #[arg(long)]
    pub vs: Option<PathBuf>,
    /// Target profile: a built-in name (webgl2, ccpwgl, native) or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    /// Target size, `WxH`.
    #[arg(long, default_value = "4x4", value_parser = parse_size)]
    pub size: (i32, i32),
    /// Also print the GLSL of both stages.
    #[arg(long)]
    pub glsl: bool,
}

fn parse_size(s: &str) -> Result<(i32, i32), String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("`{s}` is not WxH"))?;
    let n = |t: &str| -> Result<i32, String> {
        match t.trim().parse::<i32>() {
            Ok(v) if (1..=4096).contains(&v) => Ok(v),
            _ => Err(format!("`{t}` is not a size from 1 to 4096")),
        }
    };
    Ok((n(w)?, n(h)?))
}

/// Parses one `--cb0` value into its 32-bit word.
pub fn parse_value(s: &str) -> Result<u32, String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    if let Some(h) = lower
        .strip_prefix("0x")
        .or_else(|| lower.strip_prefix("+0x"))
    {
        return u32::from_str_radix(h, 16).map_err(|e| format!("`{t}`: {e}"));
    }
    let is_int = {
        let digits = lower.strip_prefix('-').unwrap_or(&lower);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if is_int {
        if let Ok(v) = lower.parse::<u32>() {
            return Ok(v);
        }
        return match lower.parse::<i32>() {
            Ok(v) => Ok(v as u32),
            Err(_) => Err(format!("`{t}` does not fit in 32 bits")),
        };
    }
    match lower.as_str() {
        "nan" | "+nan" => return Ok(0x7fc0_0000),
        "-nan" => return Ok(0xffc0_0000),
        _ => {}
    }
    t.parse::<f32>()
        .map(f32::to_bits)
        .map_err(|_| format!("`{t}` is not hex bits, an integer or a float"))
}

/// Parses `--cb0` into words, four per register.
pub fn parse_cb0(s: &str) -> Result<Vec<u32>, String> {
    let mut words = Vec::new();
    if s.trim().is_empty() {
        return Ok(words);
    }
    for (r, reg) in s.split(';').enumerate() {
        let vals: Vec<&str> = if reg.trim().is_empty() {
            Vec::new()
        } else {
            reg.split(',').collect()
        };
        if vals.len() > 4 {
            return Err(format!("cb0[{r}] has {} values (at most 4)", vals.len()));
        }
        let mut w = [0u32; 4];
        for (slot, v) in w.iter_mut().zip(&vals) {
            *slot = parse_value(v).map_err(|e| format!("cb0[{r}]: {e}"))?;
        }
        words.extend(w);
    }
    Ok(words)
}

fn element(name: &str, sv: SignatureSystemValue) -> SignatureElement {
    SignatureElement {
        name: name.to_string(),
        semantic_index: 0,
        system_value: sv,
        component_type: ComponentType::Float32,
        register: 0,
        mask: 0xF,
        rw_mask: 0xF,
        reserved: 0,
        stream: 0,
        min_precision: MinPrecision::Default,
    }
}

/// `float4 main(float4 position : POSITION) : SV_POSITION { return
/// position; }` as vs_4_0, built with the encoder.
pub(crate) fn passthrough_vs() -> (Program, Signature, Signature) {
    let mut p = Program::new(ProgramType::Vertex, 4, 0);
    p.instructions = vec![
        Instruction::dcl_input(0, 0xF),
        Instruction::dcl_output_siv(0, 0xF, SystemValue::Position),
        Instruction::new(
            Opcode::Mov,
            vec![
                Operand::output(0, Components::Mask(0xF)),
                Operand::input(0, Components::Swizzle([0, 1, 2, 3])),
            ],
        ),
        Instruction::new(Opcode::Ret, vec![]),
    ];
    let bytes = dxlower_dxbc::encode_program_bytes(&p);
    let p = dxlower_dxbc::decode_program(&bytes).unwrap_or(p);
    let sig = |fourcc: [u8; 4], name: &str, sv| Signature {
        fourcc,
        elements_offset: 8,
        elements: vec![element(name, sv)],
    };
    let isgn = sig(*b"ISGN", "POSITION", SignatureSystemValue::Undefined);
    let osgn = sig(*b"OSGN", "SV_Position", SignatureSystemValue::Position);
    (p, isgn, osgn)
}

/// One line per component: hex, float, uint and int readings.
pub fn describe(words: [u32; 4]) -> String {
    let mut out = String::new();
    for (c, w) in ["x", "y", "z", "w"].iter().zip(words) {
        out.push_str(&format!(
            "  {c}: {w:#010x}  float {:?}  uint {w}  int {}\n",
            f32::from_bits(w),
            w as i32
        ));
    }
    out
}

/// Runs `dxlower run`.
pub fn run(args: Args) -> ExitCode {
    let profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let cb0 = match parse_cb0(&args.cb0) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("dxlower: --cb0: {e}");
            return ExitCode::from(2);
        }
    };
    let ps_bytes = match super::read_file(&args.file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let ps_name = args.file.display().to_string();
    let parse = |name: &str, bytes: &[u8]| {
        dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked()).map_err(|e| {
            eprintln!("dxlower: {name}: {e}");
            ExitCode::FAILURE
        })
    };
    let ps_shader = match parse(&ps_name, &ps_bytes) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let vs_file = match &args.vs {
        Some(path) => match super::read_file(path) {
            Ok(b) => Some((path.display().to_string(), b)),
            Err(code) => return code,
        },
        None => None,
    };
    let vs_shader = match &vs_file {
        Some((name, bytes)) => match parse(name, bytes) {
            Ok(s) => Some(s),
            Err(code) => return code,
        },
        None => None,
    };
    let passthrough = passthrough_vs();
    let vs_input = match &vs_shader {
        Some(s) => dxlower_core::stage_input(s),
        None => StageInput {
            program: &passthrough.0,
            input_signature: Some(&passthrough.1),
            output_signature: Some(&passthrough.2),
            program_byte_offset: None,
            rdef: None,
        },
    };
    let vs_name = vs_file
        .as_ref()
        .map_or("<pass-through vs>", |(n, _)| n.as_str());
    // The pair is translated as `dxlower link` translates it: constant
    // buffers agreed, varyings the vertex shader does not write zero-filled.
    let ps_input = dxlower_core::stage_input(&ps_shader);
    let program = match dxlower_core::link(vs_input, ps_input, &profile) {
        Ok(p) => p,
        Err(dxlower_core::LinkError::Stage { which, source }) => {
            let name = if which == "vs" { vs_name } else { &ps_name };
            eprintln!("dxlower: {name}: {source} ({})", source.status());
            return ExitCode::FAILURE;
        }
        Err(dxlower_core::LinkError::WrongStage { which, got, .. }) => {
            match which {
                "ps" => eprintln!("dxlower: {ps_name}: not a pixel shader (a {got:?} shader)"),
                _ => eprintln!("dxlower: --vs {vs_name}: not a vertex shader (a {got:?} shader)"),
            }
            return ExitCode::FAILURE;
        }
    };
    for (stage, s) in [("vs", &program.vs), ("ps", &program.ps)] {
        for n in &s.record.notes {
            eprintln!("dxlower: {stage}: note: {n}");
        }
    }
    let (vs, ps) = (program.vs, program.ps);
    if args.glsl {
        outln!(
            "// vertex shader\n{}\n// pixel shader\n{}",
            vs.glsl,
            ps.glsl
        );
    }
    // The quad's positions go to the vertex shader's first attribute.
    let first_input = vs.record.inputs.iter().find(|v| !v.builtin);
    let vertices = match first_input {
        Some(v) => Vertices::quad_strip(&v.name),
        None => Vertices::vertex_id_triangle(),
    };
    let format = match args.format {
        TargetFormat::Float => Format::Rgba32F,
        TargetFormat::Uint => Format::Rgba32Ui,
        TargetFormat::Int => Format::Rgba32I,
    };
    let mut runner = match Runner::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dxlower: no GLES 3.0 context: {e}");
            return ExitCode::FAILURE;
        }
    };
    let blocks = [UniformBlock {
        name: "ConstantBuffer0".into(),
        data: cb0.iter().flat_map(|w| w.to_le_bytes()).collect(),
    }];
    let (width, height) = args.size;
    let drawn = runner.draw(&Draw {
        vs: &vs.glsl,
        fs: &ps.glsl,
        blocks: &blocks,
        format,
        width,
        height,
        vertices: &vertices,
        clear: [0; 4],
    });
    let drawn = match drawn {
        Ok(d) => d,
        Err(e) => {
            eprintln!("dxlower: {ps_name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    outln!("driver: {}", runner.info());
    if drawn.inactive_blocks.iter().any(|b| b == "ConstantBuffer0") && !cb0.is_empty() {
        outln!("note: the program does not read cb0");
    }
    let img = &drawn.image;
    match img.uniform() {
        Some(p) => {
            outln!(
                "SV_Target0 ({format}, all {} pixels equal):",
                width * height
            );
            out!("{}", describe(p));
        }
        None => {
            let mut distinct: Vec<[u32; 4]> = Vec::new();
            for p in img.pixels() {
                if !distinct.contains(&p) {
                    distinct.push(p);
                }
            }
            outln!(
                "SV_Target0 ({format}): {} distinct values over {} pixels; pixel (0,0) (bottom left):",
                distinct.len(),
                width * height
            );
            if let Some(p) = img.pixel(0, 0) {
                out!("{}", describe(p));
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cb0_values_parse_as_documented() {
        assert_eq!(parse_value("0x3f800000"), Ok(0x3f80_0000));
        assert_eq!(parse_value("1.0"), Ok(0x3f80_0000));
        assert_eq!(parse_value("1"), Ok(1));
        assert_eq!(parse_value("-1"), Ok(u32::MAX));
        assert_eq!(parse_value("4294967295"), Ok(u32::MAX));
        assert_eq!(parse_value("-2147483648"), Ok(0x8000_0000));
        assert!(parse_value("4294967296").is_err());
        assert_eq!(parse_value("-0.0"), Ok(0x8000_0000));
        assert_eq!(parse_value("inf"), Ok(0x7f80_0000));
        assert_eq!(parse_value("-inf"), Ok(0xff80_0000));
        assert_eq!(parse_value("nan"), Ok(0x7fc0_0000));
        assert_eq!(parse_value("-nan"), Ok(0xffc0_0000));
        assert_eq!(parse_value(" 1e-3 "), Ok(1e-3f32.to_bits()));
        assert!(parse_value("x").is_err());
        assert!(parse_value("0xZZ").is_err());
        assert_eq!(
            parse_cb0("1.5,2;0x10;;-1"),
            Ok(vec![
                1.5f32.to_bits(),
                2,
                0,
                0,
                0x10,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                u32::MAX,
                0,
                0,
                0
            ])
        );
        assert_eq!(parse_cb0(""), Ok(vec![]));
        assert!(parse_cb0("1,2,3,4,5").is_err());
        assert_eq!(parse_size("640x480"), Ok((640, 480)));
        assert!(parse_size("0x4").is_err());
    }
}
