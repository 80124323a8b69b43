//! The subcommands, one file each.

use dxlower_core::{Profile, StageGlsl};
use std::process::ExitCode;

pub mod bench;
pub mod bench_browser;
pub mod bench_driver;
pub mod bench_peer;
pub mod disasm;
pub mod effect;
pub mod inspect;
pub mod link;
pub mod ops;
pub mod profiles;
pub mod run;
pub mod sweep;
pub mod translate;

/// Every subcommand of `dxlower`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Translate one VS or PS to GLSL ES 3.00 (the embedded demo shader when
    /// no file is given).
    Translate(translate::Args),
    /// Translate a VS and a PS together so the pair links, with a manifest.
    Link(link::Args),
    /// Translate every .dxbc under a directory and summarise.
    Sweep(sweep::Args),
    /// Print an fxc-style listing of a DXBC file.
    Disasm(disasm::Args),
    /// Show chunks, signatures, RDEF, declarations and an opcode histogram.
    Inspect(inspect::Args),
    /// List the opcode table: each opcode's family, coverage and handler.
    Ops(ops::Args),
    /// Translate a pixel shader, draw it on Mesa's GLES 3.0 driver and print
    /// what it writes.
    Run(run::Args),
    /// List the built-in target profiles, or show one resolved.
    Profiles(profiles::Args),
    /// Measure decode and translation throughput over a directory of DXBC.
    Bench(bench::Args),
    /// Translate a Carbon effect container (.sm_hi/.sm_lo/.sm_depth, every
    /// permutation) into a CEWG package for the WebGL runtimes.
    Effect(effect::Args),
}

/// Runs one subcommand.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Translate(a) => translate::run(a),
        Command::Sweep(a) => sweep::run(a),
        Command::Link(a) => link::run(a),
        Command::Disasm(a) => disasm::run(a),
        Command::Inspect(a) => inspect::run(a),
        Command::Ops(a) => ops::run(a),
        Command::Run(a) => run::run(a),
        Command::Profiles(a) => profiles::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Effect(a) => effect::run(a),
    }
}

/// Writes `text` to standard output. A closed pipe (the reader stopped
/// early, as `| head` does) ends the process quietly with exit status 0;
/// any other write error ends it with status 1.
pub fn write_stdout(text: &str) {
    write_stdout_bytes(text.as_bytes());
}

/// Writes bytes to standard output, as [`write_stdout`].
pub fn write_stdout_bytes(bytes: &[u8]) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(bytes).and_then(|()| o.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("dxlower: standard output: {e}");
        std::process::exit(1);
    }
}

/// True for the path `-`: standard input or output.
pub fn is_stdio(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// The name a path is reported by (`<stdin>` for `-`).
pub fn display_name(path: &std::path::Path) -> String {
    if is_stdio(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads a file (`-`: standard input), printing `dxlower: <path>: <the
/// operating system's reason>` on failure (exit 1).
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, ExitCode> {
    if is_stdio(path) {
        use std::io::Read;
        let mut bytes = Vec::new();
        return std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| {
                eprintln!("dxlower: <stdin>: {e}");
                ExitCode::FAILURE
            });
    }
    std::fs::read(path).map_err(|e| {
        eprintln!("dxlower: {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// Writes `text` to `path`, or to standard output for no path or `-`;
/// prints the reason on failure (exit 1).
pub fn write_output(path: Option<&std::path::Path>, text: &str) -> Result<(), ExitCode> {
    match path {
        None => {
            write_stdout(text);
            Ok(())
        }
        Some(p) if is_stdio(p) => {
            write_stdout(text);
            Ok(())
        }
        Some(p) => std::fs::write(p, text).map_err(|e| {
            eprintln!("dxlower: {}: {e}", p.display());
            ExitCode::FAILURE
        }),
    }
}

/// Reads and parses a DXBC file (`-`: standard input; checksum checked),
/// printing `dxlower: <path>: <error>` on failure (exit 1).
pub fn read_shader(path: &std::path::Path) -> Result<dxlower_dxbc::Shader, ExitCode> {
    let bytes = read_file(path)?;
    dxlower_dxbc::parse(&bytes).map_err(|e| {
        eprintln!("dxlower: {}: {e}", display_name(path));
        ExitCode::FAILURE
    })
}

/// Every `.dxbc` under `dir`, sorted, printing the error on failure.
pub fn find_files(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, ExitCode> {
    let mut files = Vec::new();
    dxlower_core::sweep::find_dxbc(dir, &mut files).map_err(|e| {
        eprintln!("dxlower: {}: {e}", dir.display());
        ExitCode::FAILURE
    })?;
    Ok(files)
}

/// Loads a profile by name or path, printing the error on failure.
pub fn load_profile(name: &str) -> Result<Profile, ExitCode> {
    dxlower_targets::load(name).map_err(|e| {
        eprintln!("dxlower: profile: {e}");
        ExitCode::from(2)
    })
}

/// `--validate` and the compiler it runs.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Validation {
    /// Validate the output with a real compiler (the one `--validator`
    /// names; glslangValidator by default).
    #[arg(long)]
    pub validate: bool,
    /// The compiler to validate with; giving it implies `--validate`.
    #[arg(long, value_enum, value_name = "COMPILER")]
    pub validator: Option<Validate>,
}

impl Validation {
    /// The compiler to run, if any.
    pub fn chosen(&self) -> Option<Validate> {
        match (self.validate, self.validator) {
            (_, Some(v)) => Some(v),
            (true, None) => Some(Validate::Glslang),
            (false, None) => None,
        }
    }
}

/// A validating compiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Validate {
    /// Compile each stage with glslangValidator as GLSL ES.
    Glslang,
    /// Compile each stage (and link each program) in WebGL2 in headless
    /// Chromium (ANGLE), all in one page load.
    Browser,
}

impl Validate {
    /// What runs, for messages (`glslangValidator`, `WebGL2 in headless
    /// Chromium`).
    pub fn describe(self) -> &'static str {
        match self {
            Validate::Glslang => "glslangValidator",
            Validate::Browser => "WebGL2 in headless Chromium",
        }
    }

    /// Validates one translated stage (for `browser`, one page load).
    pub fn check(self, stage: &StageGlsl) -> Result<(), String> {
        match self {
            Validate::Glslang => {
                dxlower_glslang::glslang(&stage.glsl, stage.stage).map_err(|e| e.to_string())
            }
            Validate::Browser => browser_compile(&[stage])?
                .pop()
                .unwrap_or_else(|| Err("the browser returned no result".into())),
        }
    }
}

/// Compiles stages in WebGL2, in one page load: one result per stage, `Err`
/// holding ANGLE's info log. The outer `Err` says why the browser did not
/// run (with its standard error).
pub fn browser_compile(stages: &[&StageGlsl]) -> Result<Vec<Result<(), String>>, String> {
    let mut batch = dxlower_webgl::Batch::default();
    for s in stages {
        batch.compile(webgl_stage(s), &s.glsl);
    }
    let report = dxlower_webgl::Browser::locate()
        .and_then(|b| b.run(&batch))
        .map_err(|e| format!("browser: {e}"))?;
    Ok(stages
        .iter()
        .zip(report.compiles)
        .map(|(s, c)| match c.ok {
            true => Ok(()),
            false => Err(format!(
                "WebGL2 (ANGLE) rejected the {} shader:\n{}",
                webgl_stage(s),
                c.log.trim_end()
            )),
        })
        .collect())
}

/// Compiles and links a program in WebGL2 (one page load); `Ok(Err(_))`
/// holds ANGLE's logs, each headed by the shader it is about.
pub fn browser_link(
    vs: (&str, &StageGlsl),
    ps: (&str, &StageGlsl),
) -> Result<Result<(), String>, String> {
    let mut batch = dxlower_webgl::Batch::default();
    batch.link(&vs.1.glsl, &ps.1.glsl);
    let report = dxlower_webgl::Browser::locate()
        .and_then(|b| b.run(&batch))
        .map_err(|e| format!("browser: {e}"))?;
    let Some(l) = report.links.first() else {
        return Err("browser: no result".into());
    };
    let mut out = String::new();
    for ((name, kind), c) in [(vs.0, "vertex"), (ps.0, "fragment")]
        .into_iter()
        .zip([&l.vs, &l.fs])
    {
        if !c.ok {
            out.push_str(&format!(
                "dxlower: {name}: WebGL2 (ANGLE) rejected the {kind} shader:\n{}\n",
                c.log.trim_end()
            ));
        }
    }
    if !l.linked {
        out.push_str(&format!(
            "dxlower: {} + {}: WebGL2 (ANGLE) did not link the program:\n{}\n",
            vs.0,
            ps.0,
            l.log.trim_end()
        ));
    }
    Ok(if out.is_empty() { Ok(()) } else { Err(out) })
}

fn webgl_stage(s: &StageGlsl) -> dxlower_webgl::Stage {
    match s.stage {
        dxlower_dxbc::ProgramType::Vertex => dxlower_webgl::Stage::Vertex,
        _ => dxlower_webgl::Stage::Fragment,
    }
}
