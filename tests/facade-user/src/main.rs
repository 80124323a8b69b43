//! `dxlower-facade-user VS PS [PROFILE]`: translates a vertex and a pixel
//! shader alone and as a linked pair through the `dxlower` library, the
//! way a program that depends only on that crate does, and prints the
//! GLSL. Exit status 1 on any error, with the error on stderr.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [vs, ps, rest @ ..] = args.as_slice() else {
        eprintln!("usage: dxlower-facade-user VS PS [PROFILE]");
        return ExitCode::from(2);
    };
    match run(vs, ps, rest.first().map_or("webgl2", String::as_str)) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dxlower-facade-user: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(vs: &str, ps: &str, profile: &str) -> Result<String, Box<dyn std::error::Error>> {
    let profile = dxlower::profile(profile)?;
    let vs = std::fs::read(vs).map_err(|e| format!("{vs}: {e}"))?;
    let ps = std::fs::read(ps).map_err(|e| format!("{ps}: {e}"))?;
    let alone = dxlower::translate(&ps, &profile)?;
    let program = dxlower::link(&vs, &ps, &profile)?;
    Ok(format!(
        "// pixel stage alone\n{}// linked vertex stage\n{}// linked pixel stage\n{}",
        alone.glsl, program.vs.glsl, program.ps.glsl
    ))
}
