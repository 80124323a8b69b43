//! Untrusted bytecode (README "Untrusted input"): every damaged or hostile
//! program ends in a named error or GLSL that compiles, in time and memory
//! linear in its size, with output at most a small multiple of it.
//!
//! The programs are real corpus shaders changed with dxlower's own encoder
//! ([`dxlower_tests::hostile`]): nesting at and past D3D11's limit of 64,
//! 100,000-deep nesting, blocks left open, constant indices past the end of
//! an array, a vector written to `oDepth`, a buffer load of a texture, a
//! 16 MiB program of repeated real instructions.

use dxlower_core::sweep::{catch_panic, count, sweep_one};
use dxlower_core::{Profile, Status, TranslateError};
use dxlower_dxbc::{
    Components, CustomDataClass, Instruction, Opcode, Operand, OperandType, Payload, ProgramType,
};
use dxlower_tests::build::dcl_indexable;
use dxlower_tests::hostile::{
    close, nested, open, repeated, unclosed, with_body, with_program, within_output_bound, Nest,
    BASE_PS,
};
use dxlower_tests::{glslang, read_corpus};
use std::time::{Duration, Instant};

use dxlower_lowerings as _;

/// The built-in profiles every guarantee holds under.
const PROFILES: [&str; 3] = ["webgl2", "ccpwgl", "native"];

const KINDS: [Nest; 3] = [Nest::If, Nest::Loop, Nest::Switch];

fn profiles() -> Vec<(&'static str, Profile)> {
    PROFILES
        .iter()
        .map(|&p| (p, dxlower_targets::load(p).expect("built-in profile")))
        .collect()
}

/// Translates `bytes`, expecting GLSL that glslang accepts and that stays
/// within the output bound.
fn compiles(bytes: &[u8], profile: &Profile, what: &str) -> String {
    let s = dxlower_core::translate_bytes(bytes, profile)
        .unwrap_or_else(|e| panic!("{what}: expected GLSL, got {e}"));
    glslang(&s.glsl, s.stage).unwrap_or_else(|log| panic!("{what}: glslang:\n{log}"));
    assert!(
        within_output_bound(bytes.len(), &s.glsl),
        "{what}: output too large"
    );
    s.glsl
}

/// Translates `bytes`, expecting an invalid-input error; returns its text.
fn invalid(bytes: &[u8], profile: &Profile, what: &str) -> String {
    match dxlower_core::translate_bytes(bytes, profile) {
        Err(e) => {
            assert_eq!(e.status(), Status::Invalid, "{what}: {e}");
            e.to_string()
        }
        Ok(s) => panic!("{what}: expected an error, got GLSL:\n{}", s.glsl),
    }
}

#[test]
fn nesting_64_deep_is_accepted() {
    let base = read_corpus(BASE_PS);
    for (name, p) in profiles() {
        for kind in KINDS {
            let glsl = compiles(
                &nested(&base, kind, 64),
                &p,
                &format!("{name} {kind:?} x64"),
            );
            // The indentation stops at its cap: no line is indented more
            // than 64 spaces, however deep the blocks.
            let deepest = glsl.lines().map(|l| l.len() - l.trim_start().len()).max();
            assert_eq!(deepest, Some(4 * dxlower_core::emit::MAX_INDENT));
        }
    }
}

#[test]
fn nesting_65_deep_is_invalid_by_name() {
    let base = read_corpus(BASE_PS);
    for (name, p) in profiles() {
        for kind in KINDS {
            let e = invalid(
                &nested(&base, kind, 65),
                &p,
                &format!("{name} {kind:?} x65"),
            );
            assert!(e.starts_with("invalid program: "), "{e}");
            assert!(
                e.contains("opens flow-control level 65; D3D11 allows 64 levels"),
                "{e}"
            );
            // The instruction and its dword offset.
            assert!(e.contains("at dword"), "{e}");
        }
    }
}

#[test]
fn nesting_100000_deep_is_refused_fast() {
    let base = read_corpus(BASE_PS);
    let p = dxlower_targets::load("webgl2").expect("webgl2");
    for kind in KINDS {
        let bytes = nested(&base, kind, 100_000);
        let t = Instant::now();
        let e = invalid(&bytes, &p, &format!("{kind:?} x100000"));
        let took = t.elapsed();
        assert!(e.contains("level 65"), "{e}");
        // Release builds take about 0.05 s (README "Untrusted input"); this
        // is a debug build.
        assert!(took < Duration::from_secs(1), "{kind:?}: {took:?}");
    }
}

#[test]
fn blocks_left_open_are_invalid() {
    let base = read_corpus(BASE_PS);
    for (name, p) in profiles() {
        for kind in KINDS {
            let e = invalid(&unclosed(&base, kind), &p, &format!("{name} {kind:?}"));
            let opener = match kind {
                Nest::If => "if",
                Nest::Loop => "loop",
                Nest::Switch => "switch",
            };
            assert!(
                e.contains(&format!(
                    "`{opener}`: not closed before the end of the program"
                )),
                "{e}"
            );
        }
    }
    // The body of a subroutine is closed before the next `label`.
    let shader = dxlower_dxbc::parse(&base).expect("parses");
    let mut program = shader.program.clone();
    let label = |n| Operand::new(OperandType::Label, Components::Zero, &[n]);
    program
        .instructions
        .push(Instruction::new(Opcode::Label, vec![label(0)]));
    program.instructions.extend(open(Nest::Loop));
    program
        .instructions
        .push(Instruction::new(Opcode::Ret, vec![]));
    program
        .instructions
        .push(Instruction::new(Opcode::Label, vec![label(1)]));
    program
        .instructions
        .push(Instruction::new(Opcode::Ret, vec![]));
    let bytes = with_program(&base, &program);
    let e = invalid(&bytes, &profiles()[0].1, "subroutine");
    assert!(
        e.contains("`loop`: not closed before the end of its body (a `label` follows)"),
        "{e}"
    );
}

/// `angle/cleardepth11ps`: `dcl_constantbuffer cb0[2]`, `mov oDepth, cb0[1].x`.
const DEPTH_PS: &str = "angle/cleardepth11ps.ps.dxbc";

/// `DEPTH_PS` with its `mov` changed by `f`.
fn depth_ps_with(f: impl Fn(&mut Instruction)) -> Vec<u8> {
    let base = read_corpus(DEPTH_PS);
    let mut program = dxlower_dxbc::parse(&base).expect("parses").program;
    let mov = program
        .instructions
        .iter_mut()
        .find(|i| i.opcode == Opcode::Mov)
        .expect("the mov");
    f(mov);
    with_program(&base, &program)
}

#[test]
fn constant_buffer_indices_past_the_end_read_zero() {
    // D3D11.3 §7.5: out-of-bounds constant-buffer reads return 0.
    for index in [2u32, 200, 536_870_914, 16_777_225, u32::MAX] {
        let bytes = depth_ps_with(|mov| {
            mov.operands[1] = Operand::cb(0, index, Components::Select1(0));
        });
        for (name, p) in profiles() {
            let glsl = compiles(&bytes, &p, &format!("{name} cb0[{index}]"));
            assert!(glsl.contains("gl_FragDepth = 0.0;"), "{name}:\n{glsl}");
            assert!(!glsl.contains(&format!("cb0.data[{index}]")), "{glsl}");
        }
    }
    // In range, nothing changes.
    let glsl = compiles(&read_corpus(DEPTH_PS), &profiles()[0].1, "original");
    assert!(glsl.contains("gl_FragDepth = cb0.data[1].x;"), "{glsl}");
}

#[test]
fn odepth_written_through_a_vector_mask_is_invalid() {
    let bytes = depth_ps_with(|mov| {
        mov.operands[0].components = Components::Mask(0xF);
    });
    for (name, p) in profiles() {
        let e = invalid(&bytes, &p, name);
        assert!(
            e.contains("oDepth is one component, written through a mask of 4"),
            "{e}"
        );
    }
}

/// `dcl_immediateConstantBuffer` of `n` vec4s (all 1.0).
fn icb(n: usize) -> Instruction {
    Instruction::decl(
        Opcode::Customdata,
        vec![],
        Payload::CustomData {
            class: CustomDataClass::ImmediateConstantBuffer,
            data: vec![0x3f80_0000; 4 * n],
        },
    )
}

#[test]
fn icb_and_indexable_temp_indices_past_the_end() {
    // icb: read as 0 (D3D11.3 §7.5.1: accessed like a constant buffer); x#:
    // read as 0, a write goes nowhere (§7.3: undefined; README "Untrusted
    // input").
    let base = read_corpus(BASE_PS);
    let r0 = |c| Operand::temp(0, c);
    let xyzw = Components::XYZW;
    let x = |i: u32, c| Operand::new(OperandType::IndexableTemp, c, &[0, i]);
    let icb_at = |i: u32| Operand::new(OperandType::ImmediateConstantBuffer, xyzw, &[i]);
    let body = vec![
        icb(2),
        dcl_indexable(0, 4, 4),
        // In range: kept.
        Instruction::new(Opcode::Mov, vec![x(3, Components::MASK_ALL), r0(xyzw)]),
        Instruction::new(
            Opcode::Add,
            vec![r0(Components::MASK_ALL), r0(xyzw), icb_at(1)],
        ),
        // Past the end.
        Instruction::new(Opcode::Mov, vec![x(9, Components::MASK_ALL), r0(xyzw)]),
        Instruction::new(
            Opcode::Mov,
            vec![r0(Components::MASK_ALL), x(536_870_914, xyzw)],
        ),
        Instruction::new(
            Opcode::Add,
            vec![r0(Components::MASK_ALL), r0(xyzw), icb_at(5)],
        ),
    ];
    let bytes = with_body(&base, body);
    for (name, p) in profiles() {
        let glsl = compiles(&bytes, &p, name);
        assert!(glsl.contains("TempArray0[3]"), "{name}:\n{glsl}");
        assert!(glsl.contains("ImmCB_0[1]"), "{name}:\n{glsl}");
        for gone in ["[9]", "[536870914]", "ImmCB_0[5]"] {
            assert!(!glsl.contains(gone), "{name}: {gone}\n{glsl}");
        }
        assert!(glsl.contains("vec4(0"), "{name}:\n{glsl}");
    }
}

#[test]
fn buffer_load_of_a_texture_register_is_invalid() {
    // `t0` is a texture2d; `ld_raw` from it under the data-texture pass.
    let base = read_corpus(BASE_PS);
    let ld = Instruction::new(
        Opcode::LdRaw,
        vec![
            Operand::temp(0, Components::MASK_ALL),
            Operand::imm32(0),
            Operand::resource(0),
        ],
    );
    let bytes = with_body(&base, [ld]);
    let e = invalid(
        &bytes,
        &dxlower_targets::load("native").expect("native"),
        "native",
    );
    assert!(
        e.contains("reads t0 as a raw buffer, but t0 is declared as a texture2d"),
        "{e}"
    );
}

#[test]
fn a_label_repeated_in_one_switch_is_invalid() {
    // Found by the translate_native fuzz target: GLSL rejects a duplicated
    // `case` value; a D3D switch behaves as in C, where it is an error.
    let base = read_corpus(BASE_PS);
    let case = |v| Instruction::new(Opcode::Case, vec![Operand::imm32(v)]);
    let default = || Instruction::new(Opcode::Default, vec![]);
    let brk = || Instruction::new(Opcode::Break, vec![]);
    let switch = |labels: Vec<Instruction>| {
        let mut v = vec![Instruction::new(
            Opcode::Switch,
            vec![Operand::temp(0, Components::Select1(0))],
        )];
        for l in labels {
            v.push(l);
            v.push(brk());
        }
        v.push(Instruction::new(Opcode::Endswitch, vec![]));
        with_body(&base, v)
    };
    for (name, p) in profiles() {
        let e = invalid(&switch(vec![case(1), case(2), case(1)]), &p, name);
        assert!(e.contains("`case 1` appears twice in one `switch`"), "{e}");
        let e = invalid(&switch(vec![default(), case(2), default()]), &p, name);
        assert!(e.contains("`default` appears twice"), "{e}");
        // The same value in a nested switch is another switch's label.
        let mut nested_ok = vec![
            Instruction::new(
                Opcode::Switch,
                vec![Operand::temp(0, Components::Select1(0))],
            ),
            case(1),
        ];
        nested_ok.extend(open(Nest::Switch));
        nested_ok.push(case(1));
        nested_ok.extend(close(Nest::Switch));
        nested_ok.push(brk());
        nested_ok.push(Instruction::new(Opcode::Endswitch, vec![]));
        compiles(&with_body(&base, nested_ok), &p, name);
    }
}

#[test]
fn two_input_rows_of_one_semantic_are_invalid() {
    // Found by the translate_ccpwgl fuzz target: two input rows with the
    // same semantic, a float and a uint one; under ccpwgl both became
    // `in vec4` of one name (a redefinition).
    use dxlower_dxbc::signature::ComponentType;
    use dxlower_tests::build::{
        dcl_input, dcl_position, isgn, mov, osgn, position, ret, stage, user, v,
    };
    let vs = stage(
        ProgramType::Vertex,
        vec![
            dcl_input(0, "xyzw"),
            dcl_input(1, "xyzw"),
            dcl_position(0),
            mov(Operand::output(0, Components::MASK_ALL), v(0, "xyzw")),
            ret(),
        ],
        isgn(vec![
            user("TEXCOORD", 0, ComponentType::Float32, 0, "xyzw"),
            user("TEXCOORD", 0, ComponentType::Uint32, 1, "xyzw"),
        ]),
        osgn(vec![position(0)]),
    );
    for (name, p) in profiles() {
        match vs.translate(&p) {
            Err(e) => assert_eq!(e.status(), Status::Invalid, "{name}: {e}"),
            Ok(s) => panic!("{name}: expected an error, got GLSL:\n{}", s.glsl),
        }
    }
}

#[test]
fn rules_of_the_bytecode_are_invalid_not_failed() {
    let base = read_corpus(BASE_PS);
    let p = dxlower_targets::load("webgl2").expect("webgl2");
    let r = |n| Operand::temp(n, Components::MASK_ALL);
    let cases = [
        (
            Instruction::new(
                Opcode::Mov,
                vec![r(258), Operand::temp(0, Components::XYZW)],
            ),
            "r258 is beyond dcl_temps 1",
        ),
        (
            Instruction::new(Opcode::Mov, vec![r(0), Operand::cb(3, 0, Components::XYZW)]),
            "cb3 is not declared",
        ),
        (
            Instruction::new(
                Opcode::Mov,
                vec![Operand::output(5, Components::MASK_ALL), r(0)],
            ),
            "is written but not declared",
        ),
    ];
    for (inst, want) in cases {
        let e = invalid(&with_body(&base, [inst]), &p, want);
        assert!(e.contains(want), "{e}");
        assert!(e.contains("at dword"), "{e}");
    }
}

#[test]
fn a_panic_fails_one_file_and_the_sweep_goes_on() {
    let dir = std::env::temp_dir().join(format!("dxlower-untrusted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("good.ps.dxbc");
    std::fs::write(&good, read_corpus(BASE_PS)).expect("write");
    let p = dxlower_targets::load("webgl2").expect("webgl2");
    // A validator with a bug: it panics on every stage.
    let boom = |_: &dxlower_core::StageGlsl| -> Result<(), String> { panic!("validator bug") };
    let bad = sweep_one(&good, "bad".into(), &p, Some(&boom));
    assert_eq!(bad.status, Status::Failed);
    assert!(
        bad.reason.contains("internal error (a bug of dxlower)")
            && bad.reason.contains("validator bug"),
        "{}",
        bad.reason
    );
    let ok = sweep_one(&good, "good".into(), &p, None);
    assert_eq!(ok.status, Status::Translated);
    let c = count(&[bad, ok]);
    assert_eq!((c.failed, c.translated, c.invalid), (1, 1, 0));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(catch_panic(|| 7), Ok(7));
    let e = catch_panic(|| -> u32 { panic!("at {}", 3) }).unwrap_err();
    assert!(e.ends_with("at 3"), "{e}");
}

/// The peak resident memory of this process in bytes (`VmHWM`).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Run by [`a_16_mib_program_stays_linear`] in a child process of its own,
/// so that its peak memory is the translation's alone: translates the file
/// in `DXLOWER_UNTRUSTED_FILE` and prints the figures.
#[test]
#[ignore = "run by a_16_mib_program_stays_linear in a process of its own"]
fn child_translates_one_file() {
    let Some(path) = std::env::var_os("DXLOWER_UNTRUSTED_FILE") else {
        return;
    };
    let bytes = std::fs::read(path).expect("read");
    let p = dxlower_targets::load("webgl2").expect("webgl2");
    let t = Instant::now();
    let out = dxlower_core::translate_bytes(&bytes, &p).expect("translates");
    let secs = t.elapsed().as_secs_f64();
    println!(
        "FIGURES in={} out={} secs={secs} peak={}",
        bytes.len(),
        out.glsl.len(),
        peak_rss().unwrap_or(0)
    );
}

#[test]
fn a_16_mib_program_stays_linear() {
    // The corpus PS's `sample`, `mul`, `mov` repeated to 16 MiB of tokens.
    let bytes = repeated(&read_corpus(BASE_PS), 16 << 20);
    let path = std::env::temp_dir().join(format!("dxlower-16mib-{}.dxbc", std::process::id()));
    std::fs::write(&path, &bytes).expect("write");
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "child_translates_one_file",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("DXLOWER_UNTRUSTED_FILE", &path)
        .output()
        .expect("the child runs");
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find_map(|l| l.split("FIGURES ").nth(1))
        .unwrap_or_else(|| {
            panic!(
                "no figures:\n{text}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    let field = |k: &str| -> f64 {
        line.split_whitespace()
            .find_map(|f| f.strip_prefix(k))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{k} in {line}"))
    };
    let (input, output, secs, peak) = (field("in="), field("out="), field("secs="), field("peak="));
    println!("16 MiB program: {line}");
    assert!(input >= f64::from(16u32 << 20));
    // Release: 0.7 s and 380 MB (README "Untrusted input"); a debug build
    // takes a few seconds.
    assert!(
        peak > 0.0 && peak < f64::from(1u32 << 30),
        "peak {peak} bytes"
    );
    assert!(secs < 30.0, "{secs} s");
    assert!(
        output <= (dxlower_tests::hostile::OUTPUT_FACTOR as f64) * input,
        "{output} bytes of GLSL"
    );
}

#[test]
fn the_largest_declarations_stay_within_the_output_bound() {
    // A few bytes that ask for the most text: 4,096 temps (and their uint
    // companions under `native`) read through the largest output.
    let base = read_corpus(BASE_PS);
    let mut program = dxlower_dxbc::parse(&base).expect("parses").program;
    for inst in &mut program.instructions {
        if inst.opcode == Opcode::DclTemps {
            *inst = Instruction::dcl_temps(4096);
        }
    }
    program.instructions.insert(
        program.instructions.len() - 1,
        Instruction::new(
            Opcode::Mov,
            vec![
                Operand::output(0, Components::MASK_ALL),
                Operand::temp(4095, Components::XYZW),
            ],
        ),
    );
    let bytes = with_program(&base, &program);
    for (name, p) in profiles() {
        let glsl = compiles(&bytes, &p, name);
        println!(
            "{name}: {} bytes of GLSL from {} bytes",
            glsl.len(),
            bytes.len()
        );
    }
}

/// The best of three timings of translating `bytes`.
fn best_time(bytes: &[u8], p: &Profile) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let _ = dxlower_core::translate_bytes(bytes, p);
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn time_grows_linearly_with_repeated_constructs() {
    // Constructs that once cost a scan of the whole program each (and a
    // plain repetition): four times the copies must cost well under
    // sixteen times the time. Timings are the best of three.
    let base = read_corpus(BASE_PS);
    let r0x = || Operand::temp(0, Components::Select1(0));
    let label = |n| Operand::new(OperandType::Label, Components::Zero, &[n]);
    type Build = Box<dyn Fn(usize) -> Vec<u8>>;
    let b1 = base.clone();
    let b2 = base.clone();
    let b3 = base.clone();
    let b4 = base.clone();
    let constructs: Vec<(&str, &str, Build)> = vec![
        (
            "webgl2",
            "repeated body",
            Box::new(move |k| repeated(&b1, k * 64)),
        ),
        (
            "webgl2",
            "discard and ret in sibling blocks",
            Box::new(move |k| {
                let one = || {
                    let mut v = open(Nest::If);
                    v.push(Instruction::new(Opcode::Ret, vec![]));
                    v.push(Instruction::new(Opcode::Else, vec![]));
                    v.push(Instruction::new(Opcode::Discard, vec![r0x()]).with_test_nonzero());
                    v.extend(close(Nest::If));
                    v
                };
                with_body(&b2, (0..k).flat_map(|_| one()))
            }),
        ),
        (
            "webgl2",
            "dcl_resource",
            Box::new(move |k| {
                let mut program = dxlower_dxbc::parse(&b3).expect("parses").program;
                let decls = (0..k as u32).map(|i| {
                    Instruction::dcl_resource(
                        1 + i,
                        dxlower_dxbc::ResourceDimension::Texture2D,
                        dxlower_dxbc::ReturnType::Float,
                    )
                });
                program.instructions.splice(0..0, decls);
                with_program(&b3, &program)
            }),
        ),
        (
            "webgl2",
            "subroutines",
            Box::new(move |k| {
                let mut program = dxlower_dxbc::parse(&b4).expect("parses").program;
                for n in 0..k as u32 {
                    program
                        .instructions
                        .push(Instruction::new(Opcode::Label, vec![label(n)]));
                    program
                        .instructions
                        .push(Instruction::new(Opcode::Retc, vec![r0x()]).with_test_nonzero());
                    program
                        .instructions
                        .push(Instruction::new(Opcode::Ret, vec![]));
                }
                with_program(&b4, &program)
            }),
        ),
    ];
    for (name, what, build) in constructs {
        let p = dxlower_targets::load(name).expect("profile");
        let small = build(5_000);
        let large = build(20_000);
        let (t1, t4) = (best_time(&small, &p), best_time(&large, &p));
        println!("{what}: {t1:.4} s, four times as much: {t4:.4} s");
        assert!(t4 < 10.0 * t1 + 0.05, "{what}: {t1} s, then {t4} s");
    }
}

#[test]
fn stages_other_than_vs_and_ps_stay_refused() {
    // A hostile geometry shader is refused as a stage before anything else.
    let mut program = dxlower_dxbc::parse(&read_corpus(BASE_PS))
        .expect("parses")
        .program;
    program.version.program_type = ProgramType::Geometry;
    let bytes = with_program(&read_corpus(BASE_PS), &program);
    match dxlower_core::translate_bytes(&bytes, &profiles()[0].1) {
        Err(e @ TranslateError::StageRefused(_)) => assert_eq!(e.status(), Status::Refused),
        other => panic!("{:?}", other.map(|s| s.glsl)),
    }
}
