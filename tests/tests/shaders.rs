//! The shader tests: every `tests/shaders/<family>/<name>.asm` (a full
//! fxc-style listing with a few `// key: value` directives on top) is one
//! test case. The runner assembles it (`dxlower_dxbc::asm`), translates it
//! with `dxlower_core::translate_stage` under the profile its directives
//! name, checks the GLSL with `glslangValidator`, and compares the whole
//! shader with `<name>.glsl` (or the error message with `<name>.err` when
//! the case says `// expect: error`). `// check: notes, lanes` also
//! compares the stage record's quality notes with `<name>.notes` and the
//! lane maps of the declarations with `<name>.lanes`. `DXLOWER_BLESS=1`
//! rewrites the expectations. The format is documented in
//! `tests/shaders/README.md`.

// Link every family so their handlers register.
extern crate dxlower_lowerings;

use dxlower_core::{Profile, StageInput};
use dxlower_dxbc::asm;
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn shaders_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/shaders"))
}

fn bless() -> bool {
    std::env::var_os("DXLOWER_BLESS").is_some_and(|v| v != "0")
}

/// What the directives of a case say.
struct Directives {
    profile: Profile,
    expect_error: bool,
    glslang: bool,
    /// `// check: notes`: the record's notes against `<name>.notes`.
    notes: bool,
    /// `// check: lanes`: the declarations' lane maps against
    /// `<name>.lanes`.
    lanes: bool,
}

/// Reads the `// key: value` lines that open the file (the first line of
/// another shape ends them).
fn directives(text: &str) -> Result<Directives, String> {
    let mut d = Directives {
        profile: dxlower_targets::load("webgl2").map_err(|e| e.to_string())?,
        expect_error: false,
        glslang: true,
        notes: false,
        lanes: false,
    };
    for (n, line) in text.lines().enumerate() {
        let Some((key, value)) = line
            .strip_prefix("// ")
            .and_then(|l| l.split_once(": "))
            .filter(|(k, _)| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase()))
        else {
            break;
        };
        let value = value.trim();
        let at = || format!("line {}: `{key}: {value}`", n + 1);
        match key {
            "profile" if value.starts_with('(') => {
                d.profile = dxlower_targets::load_str(value, "inline profile")
                    .map_err(|e| format!("{}: {e}", at()))?;
            }
            "profile" => {
                d.profile = dxlower_targets::load(value).map_err(|e| format!("{}: {e}", at()))?;
            }
            "expect" => match value {
                "error" => d.expect_error = true,
                "glsl" => d.expect_error = false,
                _ => return Err(format!("{}: expected `error` or `glsl`", at())),
            },
            "validate" => match value {
                "glslang" => d.glslang = true,
                "none" => d.glslang = false,
                _ => return Err(format!("{}: expected `glslang` or `none`", at())),
            },
            "check" => {
                for item in value.split(',').map(str::trim) {
                    match item {
                        "notes" => d.notes = true,
                        "lanes" => d.lanes = true,
                        _ => return Err(format!("{}: expected `notes` and/or `lanes`", at())),
                    }
                }
            }
            _ => {
                return Err(format!(
                    "{}: unknown directive (profile, expect, validate, check)",
                    at()
                ))
            }
        }
    }
    if d.expect_error && (d.notes || d.lanes) {
        return Err("`check` needs a translated stage; it cannot go with `expect: error`".into());
    }
    Ok(d)
}

/// The first differing line of two texts, for a failure message.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let n = w.len().max(g.len());
    for i in 0..n {
        let a = w.get(i).copied().unwrap_or("<end>");
        let b = g.get(i).copied().unwrap_or("<end>");
        if a != b {
            return format!("line {}:\n  expected: {a}\n  actual:   {b}", i + 1);
        }
    }
    "the texts differ only in their final newline".into()
}

/// Compares `actual` with the expectation file, or writes it when blessing.
fn expect(path: &Path, actual: &str) -> Result<(), Failed> {
    if bless() {
        std::fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let want = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e} (run with DXLOWER_BLESS=1 to write it)\n--- actual ---\n{actual}",
            path.display()
        )
    })?;
    if want == actual {
        Ok(())
    } else {
        Err(format!(
            "{} differs (DXLOWER_BLESS=1 rewrites it), {}\n--- actual ---\n{actual}",
            path.display(),
            first_difference(&want, actual)
        )
        .into())
    }
}

/// Runs one case.
fn run(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let d = directives(&text)?;
    let a = asm::parse(&text).map_err(|e| format!("{}:{e}", path.display()))?;
    let input = StageInput {
        program: &a.program,
        input_signature: a.input_signature.as_ref(),
        output_signature: a.output_signature.as_ref(),
        program_byte_offset: None,
        rdef: a.rdef.as_ref(),
    };
    let result = dxlower_core::translate_stage(input, &d.profile);
    let glsl_path = path.with_extension("glsl");
    let err_path = path.with_extension("err");
    for (on, ext) in [(d.notes, "notes"), (d.lanes, "lanes")] {
        if !on && path.with_extension(ext).exists() {
            return Err(format!(
                "{}: a .{ext} without `// check: {ext}` (add the directive or delete the file)",
                path.display()
            )
            .into());
        }
    }
    match (result, d.expect_error) {
        (Ok(out), false) => {
            if d.glslang {
                let stage = a.program.version.program_type;
                dxlower_tests::glslang(&out.glsl, stage).map_err(|log| {
                    format!("glslangValidator rejects the output:\n{log}\n{}", out.glsl)
                })?;
            }
            expect(&glsl_path, &out.glsl)?;
            if d.notes {
                let notes: String = out.record.notes.iter().map(|n| format!("{n}\n")).collect();
                expect(&path.with_extension("notes"), &notes)?;
            }
            if d.lanes {
                let lanes = dxlower_tests::declared_lanes(input, &d.profile)
                    .map_err(|e| format!("the declarations do not lower for the lanes: {e}"))?;
                expect(&path.with_extension("lanes"), &lanes)?;
            }
            Ok(())
        }
        (Err(e), true) => expect(&err_path, &format!("{e}\n")),
        (Ok(out), true) => Err(format!("expected an error, got GLSL:\n{}", out.glsl).into()),
        (Err(e), false) => {
            Err(format!("translation failed: {e} (add `// expect: error` if it must)").into())
        }
    }
}

/// Every `.asm` under `dir`, as (`family/name`, path), sorted.
fn cases(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(families) = std::fs::read_dir(dir) else {
        return out;
    };
    for family in families.flatten() {
        let fpath = family.path();
        if !fpath.is_dir() {
            continue;
        }
        let Ok(files) = std::fs::read_dir(&fpath) else {
            continue;
        };
        for f in files.flatten() {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "asm") {
                let fam = family.file_name().to_string_lossy().into_owned();
                let name = p
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                out.push((format!("{fam}/{name}"), p));
            }
        }
    }
    out.sort();
    out
}

/// Every expectation (`.glsl`, `.err`, `.notes`, `.lanes`) has its
/// `.asm`, and no case has both a `.glsl` and an `.err`.
fn expectations_have_cases(dir: &Path) -> Result<(), Failed> {
    let mut problems = Vec::new();
    for family in std::fs::read_dir(dir).map_err(|e| e.to_string())?.flatten() {
        let Ok(files) = std::fs::read_dir(family.path()) else {
            continue;
        };
        for f in files.flatten() {
            let p = f.path();
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            if matches!(ext, "glsl" | "err" | "notes" | "lanes")
                && !p.with_extension("asm").exists()
            {
                problems.push(format!("{}: no .asm beside it", p.display()));
            }
            if ext == "asm" && p.with_extension("glsl").exists() && p.with_extension("err").exists()
            {
                problems.push(format!("{}: both a .glsl and an .err", p.display()));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

/// The directive header: values, the end of the header, errors.
fn directives_are_read() -> Result<(), Failed> {
    let d = directives(
        "// profile: (extends: Some(\"webgl2\"), nan_exact: true)\n// expect: error\n\
         // validate: none\n//\n// Input signature:\nps_5_0\n",
    )?;
    if !(d.profile.nan_exact && d.expect_error && !d.glslang) {
        return Err("directives not applied".into());
    }
    let d = directives("// profile: ccpwgl\nps_5_0\n// expect: error\n")?;
    if d.profile.name != "ccpwgl" || d.expect_error {
        return Err("the header ends at the first other line".into());
    }
    let d = directives("// check: notes\n// check: lanes\nvs_5_0\n")?;
    if !(d.notes && d.lanes) {
        return Err("`check` lines add up".into());
    }
    let d = directives("// check: lanes, notes\nvs_5_0\n")?;
    if !(d.notes && d.lanes) {
        return Err("`check` takes a list".into());
    }
    for (text, want) in [
        ("// check: glsl\n", "expected `notes`"),
        ("// expect: error\n// check: notes\n", "cannot go with"),
        ("// expectt: error\n", "unknown directive"),
    ] {
        match directives(text) {
            Err(e) if e.contains(want) => {}
            other => {
                return Err(format!("{text:?}: expected {want:?}, got {:?}", other.err()).into())
            }
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = shaders_dir();
    let mut trials: Vec<Trial> = cases(&dir)
        .into_iter()
        .map(|(name, path)| Trial::test(name, move || run(&path)))
        .collect();
    assert!(!trials.is_empty(), "no .asm files under {}", dir.display());
    trials.push(Trial::test("expectations_have_cases", move || {
        expectations_have_cases(&dir)
    }));
    trials.push(Trial::test("directives_are_read", directives_are_read));
    libtest_mimic::run(&args, trials).exit();
}
