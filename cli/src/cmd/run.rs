//! `dxlower run`: translate a pixel shader and draw it on Mesa's GLES 3.0
//! driver (llvmpipe, headless), then print what it wrote.
//!
//! The pixel shader covers the whole target through a vertex shader: the
//! one given with `--vs`, or by default a pass-through of `POSITION` to
//! `SV_Position` (the vertex shader of Wine's `draw_quad`, built with the
//! encoder) fed a full-viewport quad. `cb0` is uploaded as the std140
//! block `ConstantBuffer0`.

use crate::cmd::load_profile;
use dxlower_core::{StageGlsl, StageInput};
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
fn passthrough_vs() -> (Program, Signature, Signature) {
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

/// The name of the first global `in` variable of a vertex shader.
pub fn first_vs_input(glsl: &str) -> Option<String> {
    glsl.lines().find_map(|l| {
        let l = l.trim();
        let l = match l.strip_prefix("layout(") {
            Some(rest) => rest.split_once(')')?.1.trim_start(),
            None => l,
        };
        let decl = l.strip_prefix("in ")?.trim_end_matches(';');
        let name = decl.split_whitespace().last()?;
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            .then(|| name.to_string())
    })
}

fn translate(
    what: &str,
    r: Result<StageGlsl, dxlower_core::TranslateError>,
) -> Result<StageGlsl, ExitCode> {
    r.map_err(|e| {
        eprintln!("dxlower: {what}: {} ({})", e, e.status());
        ExitCode::FAILURE
    })
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
    let ps = match translate(&ps_name, dxlower_core::translate_bytes(&ps_bytes, &profile)) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if ps.stage != ProgramType::Pixel {
        eprintln!("dxlower: {ps_name}: not a pixel shader");
        return ExitCode::from(2);
    }
    let vs = match &args.vs {
        Some(path) => {
            let bytes = match super::read_file(path) {
                Ok(b) => b,
                Err(code) => return code,
            };
            translate(
                &path.display().to_string(),
                dxlower_core::translate_bytes(&bytes, &profile),
            )
        }
        None => {
            let (program, isgn, osgn) = passthrough_vs();
            let input = StageInput {
                program: &program,
                input_signature: Some(&isgn),
                output_signature: Some(&osgn),
                program_byte_offset: None,
                rdef: None,
            };
            translate(
                "<pass-through vs>",
                dxlower_core::translate_stage(input, &profile),
            )
        }
    };
    let vs = match vs {
        Ok(s) => s,
        Err(code) => return code,
    };
    if vs.stage != ProgramType::Vertex {
        eprintln!("dxlower: --vs is not a vertex shader");
        return ExitCode::from(2);
    }
    if args.glsl {
        println!(
            "// vertex shader\n{}\n// pixel shader\n{}",
            vs.glsl, ps.glsl
        );
    }
    let vertices = match first_vs_input(&vs.glsl) {
        Some(name) => Vertices::quad_strip(&name),
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
    println!("driver: {}", runner.info());
    if drawn.inactive_blocks.iter().any(|b| b == "ConstantBuffer0") && !cb0.is_empty() {
        println!("note: the program does not read cb0");
    }
    let img = &drawn.image;
    match img.uniform() {
        Some(p) => {
            println!(
                "SV_Target0 ({format}, all {} pixels equal):",
                width * height
            );
            print!("{}", describe(p));
        }
        None => {
            let mut distinct: Vec<[u32; 4]> = Vec::new();
            for p in img.pixels() {
                if !distinct.contains(&p) {
                    distinct.push(p);
                }
            }
            println!(
                "SV_Target0 ({format}): {} distinct values over {} pixels; pixel (0,0) (bottom left):",
                distinct.len(),
                width * height
            );
            if let Some(p) = img.pixel(0, 0) {
                print!("{}", describe(p));
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

    #[test]
    fn vs_input_is_found() {
        assert_eq!(
            first_vs_input("#version 300 es\nin highp vec4 dcl_Input0;\n"),
            Some("dcl_Input0".into())
        );
        assert_eq!(first_vs_input("out vec4 x;\n"), None);
    }
}
