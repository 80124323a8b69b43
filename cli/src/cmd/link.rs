//! `dxlower link`: a VS and a PS translated together so the pair links,
//! with a JSON manifest of the program for the host.

use crate::cmd::{display_name, load_profile, Validate, Validation};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dxlower link`.
#[derive(clap::Args)]
pub struct Args {
    /// The vertex shader (DXBC; `-` reads standard input).
    pub vs: PathBuf,
    /// The pixel shader (DXBC; `-` reads standard input).
    pub ps: PathBuf,
    /// Target profile: a built-in name or a RON file.
    #[arg(long, short, default_value = "webgl2")]
    pub profile: String,
    /// Write `<stem>.vert`, `<stem>.frag` and `<stem>.json` into this
    /// directory (stem: the PS file name) instead of printing.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Validation of both stages, then of the pair as one program
    /// (`glslang`: `glslangValidator -l`; `browser`: compile and link the
    /// program in WebGL2).
    #[command(flatten)]
    pub validation: Validation,
    /// Debug build: write each DXBC instruction as a comment above its GLSL
    /// (turns the profile's `instruction_comments` on).
    #[arg(long)]
    pub comments: bool,
}

/// Runs `dxlower link`. A panic (a bug of dxlower) is reported as an
/// internal error naming the two files, with exit code 1.
pub fn run(args: Args) -> ExitCode {
    let names = format!("{} + {}", args.vs.display(), args.ps.display());
    dxlower_core::sweep::catch_panic(|| run_pair(args)).unwrap_or_else(|msg| {
        eprintln!("dxlower: {names}: {msg}");
        ExitCode::FAILURE
    })
}

fn run_pair(args: Args) -> ExitCode {
    let mut profile = match load_profile(&args.profile) {
        Ok(p) => p,
        Err(code) => return code,
    };
    profile.instruction_comments |= args.comments;
    if super::is_stdio(&args.vs) && super::is_stdio(&args.ps) {
        eprintln!("dxlower: only one of VS and PS can be `-` (standard input)");
        return ExitCode::from(2);
    }
    let (vs_name, ps_name) = (display_name(&args.vs), display_name(&args.ps));
    let (vs, ps) = match (super::read_shader(&args.vs), super::read_shader(&args.ps)) {
        (Ok(v), Ok(p)) => (v, p),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let program = match dxlower_core::link(
        dxlower_core::stage_input(&vs),
        dxlower_core::stage_input(&ps),
        &profile,
    ) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("dxlower: {vs_name} + {ps_name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (name, stage) in [(&vs_name, &program.vs), (&ps_name, &program.ps)] {
        for n in &stage.record.notes {
            eprintln!("dxlower: {name}: note: {n}");
        }
    }
    let validator = args.validation.chosen();
    if validator == Some(Validate::Browser) {
        match super::browser_link((&vs_name, &program.vs), (&ps_name, &program.ps)) {
            Ok(Ok(())) => {}
            Ok(Err(log)) => {
                eprint!("{log}");
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("dxlower: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else if let Some(v) = validator {
        for (name, stage) in [(&vs_name, &program.vs), (&ps_name, &program.ps)] {
            if let Err(e) = v.check(stage) {
                eprintln!("dxlower: {name}: {e}");
                return ExitCode::FAILURE;
            }
        }
        // Both stages compiled: now as one program (glslangValidator -l).
        if let Err(e) = dxlower_glslang::glslang_link(&program.vs.glsl, &program.ps.glsl) {
            eprintln!("dxlower: {vs_name} + {ps_name}: the pair does not link: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(v) = validator {
        eprintln!(
            "dxlower: {vs_name} + {ps_name}: validated and linked with {}: ok",
            v.describe()
        );
    }
    // Field order as documented on the manifest types.
    let man_text = serde_json::to_string_pretty(&program.manifest()).unwrap_or_default();
    match &args.output {
        Some(dir) => {
            let stem = args
                .ps
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "program".into());
            let stem = stem.trim_end_matches(".ps").to_string();
            let write = |ext: &str, text: &str| {
                let p = dir.join(format!("{stem}.{ext}"));
                std::fs::write(&p, text).map_err(|e| {
                    eprintln!("dxlower: {}: {e}", p.display());
                    ExitCode::FAILURE
                })
            };
            if let Err(e) = std::fs::create_dir_all(dir) {
                eprintln!("dxlower: {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
            for (ext, text) in [
                ("vert", &program.vs.glsl),
                ("frag", &program.ps.glsl),
                ("json", &man_text),
            ] {
                if let Err(c) = write(ext, text) {
                    return c;
                }
            }
        }
        None => {
            outln!("// ---- vertex shader");
            out!("{}", program.vs.glsl);
            outln!("// ---- pixel shader");
            out!("{}", program.ps.glsl);
            outln!("// ---- manifest");
            outln!("{man_text}");
        }
    }
    ExitCode::SUCCESS
}
