//! The independent translator that `dxlower bench --driver --peer`
//! measures against: vkd3d-shader's `vkd3d-compiler` (DXBC → SPIR-V)
//! followed by SPIRV-Cross (`spirv-cross --es --version 300`), both from
//! their Debian packages, run as processes.
//!
//! The peer's text is adjusted in one way only: SPIRV-Cross gives an ES
//! fragment shader `precision mediump float;`, which is raised to `highp`
//! so that both translators ask the driver for the same precision (D3D
//! computes in 32 bits). Its partner stage is generated as dxlower's is
//! ([`super::bench_driver::partner_vs`], [`super::bench_driver::partner_fs`]),
//! from the varyings the measured stage declares. Reading those
//! declarations from the peer's text is the one place the benchmark looks
//! into GLSL, and it is the peer's, never dxlower's (whose interface comes
//! from its typed stage record).

use super::bench_driver::{partner_fs, partner_vs, Texts, Varying};
use dxlower_gles::{OutputKind, StageKind};
use std::io::Write;
use std::process::{Command, Stdio};

/// The peer's tools, as found on `PATH`.
pub(crate) const TOOLS: [&str; 2] = ["vkd3d-compiler", "spirv-cross"];

/// Runs `cmd` with `input` on standard input; its standard output, or
/// its first lines of standard error.
fn pipe(cmd: &mut Command, input: &[u8]) -> Result<Vec<u8>, String> {
    let name = cmd.get_program().to_string_lossy().into_owned();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{name}: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A tool that exits early closes the pipe; its status says why.
        let _ = stdin.write_all(input);
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{name}: {e}"))?;
    if out.status.success() && !out.stdout.is_empty() {
        Ok(out.stdout)
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        let first: Vec<&str> = err.lines().take(2).collect();
        Err(format!("{name}: {} {}", out.status, first.join(" / ")))
    }
}

/// Whether both tools run.
pub(crate) fn available() -> Result<(), String> {
    for tool in TOOLS {
        Command::new(tool)
            .arg("--help")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| {
                format!("{tool}: {e} (install Debian's vkd3d-compiler and spirv-cross, or run scripts/test)")
            })?;
    }
    Ok(())
}

/// The peer's GLSL ES 3.00 for one DXBC container of stage `kind`, with
/// its generated partner; `Err` says which tool refused.
pub(crate) fn texts(bytes: &[u8], kind: StageKind) -> Result<Texts, String> {
    let spirv = pipe(
        Command::new("vkd3d-compiler").args([
            "-x",
            "dxbc-tpf",
            "-b",
            "spirv-binary",
            "-o",
            "-",
            "-",
        ]),
        bytes,
    )?;
    let glsl = pipe(
        Command::new("spirv-cross").args(["--es", "--version", "300", "-"]),
        &spirv,
    )?;
    let glsl = String::from_utf8_lossy(&glsl)
        .replace("precision mediump float;", "precision highp float;");
    Ok(match kind {
        StageKind::Vertex => Texts {
            kind,
            partner: partner_fs("300 es", &varyings(&glsl, "out")),
            stage: glsl,
            outputs: vec![(0, OutputKind::Float)],
        },
        StageKind::Fragment => Texts {
            kind,
            partner: partner_vs("300 es", &varyings(&glsl, "in")),
            outputs: fragment_outputs(&glsl),
            stage: glsl,
        },
    })
}

/// A global declaration `<qualifiers> <storage> <precision>? <type>
/// <name>[<n>]?;` of the peer's text whose storage keyword is `storage`:
/// (qualifiers before it, type, name with any array suffix).
fn declarations<'a>(glsl: &'a str, storage: &str) -> Vec<(Vec<&'a str>, &'a str, &'a str)> {
    let mut found = Vec::new();
    for line in glsl.lines() {
        let Some(decl) = line.trim().strip_suffix(';') else {
            continue;
        };
        let words: Vec<&str> = decl.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == storage) else {
            continue;
        };
        let before = &words[..at];
        if !before.iter().all(|w| {
            matches!(*w, "flat" | "smooth" | "centroid" | "noperspective")
                || w.starts_with("layout(")
                || w.ends_with(')')
                || *w == "="
                || w.chars().all(|c| c.is_ascii_digit() || c == ')')
        }) {
            continue;
        }
        let mut rest = &words[at + 1..];
        if let Some(p) = rest.first() {
            if matches!(*p, "highp" | "mediump" | "lowp") {
                rest = &rest[1..];
            }
        }
        if let [ty, name] = rest {
            found.push((before.to_vec(), *ty, *name));
        }
    }
    found
}

/// The varyings the peer's text declares with storage `storage`.
fn varyings(glsl: &str, storage: &str) -> Vec<Varying> {
    declarations(glsl, storage)
        .into_iter()
        .filter(|(quals, _, _)| !quals.iter().any(|q| q.starts_with("layout(")))
        .map(|(quals, ty, name)| {
            let interp: Vec<&str> = quals
                .iter()
                .copied()
                .filter(|q| matches!(*q, "flat" | "smooth" | "centroid" | "noperspective"))
                .collect();
            let (name, array) = match name.split_once('[') {
                Some((base, n)) => (base, n.trim_end_matches(']').parse().ok()),
                None => (name, None),
            };
            Varying {
                interp: interp.join(" "),
                ty: ty.to_string(),
                name: name.to_string(),
                array,
            }
        })
        .collect()
}

/// The peer fragment shader's outputs: (location, base type).
fn fragment_outputs(fs: &str) -> Vec<(u32, OutputKind)> {
    let mut outputs = Vec::new();
    for (quals, ty, _) in declarations(fs, "out") {
        let joined = quals.join(" ");
        let location = joined
            .split_once("location")
            .and_then(|(_, r)| {
                r.trim_start_matches([' ', '='])
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|d| d.parse().ok())
            })
            .unwrap_or(0);
        let kind = if ty.starts_with('i') {
            OutputKind::Int
        } else if ty.starts_with('u') {
            OutputKind::Uint
        } else {
            OutputKind::Float
        };
        outputs.push((location, kind));
    }
    outputs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_follow_the_declarations() {
        let fs = "#version 300 es\nprecision highp float;\n\nin highp vec2 v1;\nflat in highp ivec4 v2;\nin highp vec4 v3[2];\nlayout(location = 0) out highp vec4 o0;\nlayout(location = 2) out uvec4 o2;\n\nvoid main()\n{\n    highp vec4 r0 = vec4(0.0);\n}\n";
        let vs = partner_vs("300 es", &varyings(fs, "in"));
        assert!(vs.contains("out highp vec2 v1;"), "{vs}");
        assert!(vs.contains("flat out highp ivec4 v2;"), "{vs}");
        assert!(vs.contains("v3[1] = vec4(dx_attribute.xyzw);"), "{vs}");
        assert!(vs.contains("v1 = vec2(dx_attribute.xy);"), "{vs}");
        assert!(!vs.contains("r0") && !vs.contains("o0"), "{vs}");
        assert_eq!(
            fragment_outputs(fs),
            vec![(0, OutputKind::Float), (2, OutputKind::Uint)]
        );
        let vs_text = "#version 300 es\nlayout(location = 0) in vec4 v0;\nout highp vec3 o1;\nflat out highp uint o2;\nvoid main() {}\n";
        let fs = partner_fs("300 es", &varyings(vs_text, "out"));
        assert!(fs.contains("flat in highp uint o2;"), "{fs}");
        assert!(fs.contains("dx_sum += vec4(vec3(o1), 0.0);"), "{fs}");
        assert!(
            fs.contains("dx_sum += vec4(float(o2), 0.0, 0.0, 0.0);"),
            "{fs}"
        );
        assert!(!fs.contains("v0"), "{fs}");
    }
}
