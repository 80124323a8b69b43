//! WebGL2 in headless Chromium (ANGLE on SwiftShader) as the final judge of
//! the translated GLSL: glslang checks one stage against the grammar, while
//! ANGLE also enforces WebGL's rules and the cross-stage link rules
//! (uniform-block member precisions, unfed fragment inputs, `flat` on one
//! side only).
//!
//! - Every corpus VS/PS that translates under a built-in profile (webgl2,
//!   ccpwgl, native) compiles in WebGL2: all of them in one page load.
//! - Every program [`dxlower_core::link`] produces from the corpus pairs
//!   links in WebGL2 under each built-in profile: one page load. The pairs
//!   are those of [`corpus_pairs`].
//! - A sample of the conformance cases (see `conformance.rs`) renders in
//!   WebGL2 and matches the expected bits: the pixel shader translated with
//!   the D3D-exact `webgl2` profile, Wine's `draw_quad` VS, cb0 uploaded
//!   from `inputs_bits` as the std140 block `ConstantBuffer0`, an RGBA32UI
//!   target (core) or RGBA32F (`EXT_color_buffer_float`, which the page
//!   enables) cleared to the complement of the expected words, read back
//!   and compared exactly or within 2 ulps. The sample is every
//!   `SAMPLE_EVERY`-th case in file order (`DXLOWER_WEBGL_SAMPLE_EVERY=1`
//!   runs them all).
//!
//! Chromium missing or not starting fails these tests with its log.

use dxlower_core::{Profile, StageGlsl};
use dxlower_dxbc::ProgramType;
use dxlower_lowerings as _;
use dxlower_lowerings::integer_conv::switches::F32ToF16;
use dxlower_tests::{conformance_dir, manifest, read_corpus};
use dxlower_webgl::{Batch, Browser, Draw, Format, Report, Stage, UniformBlock};
use rayon::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Instant;

/// The built-in profiles.
const PROFILES: [&str; 3] = ["webgl2", "ccpwgl", "native"];

/// Every how-many-th conformance case the sample takes.
const SAMPLE_EVERY: usize = 4;

/// Conformance cases whose rendering in WebGL2 differs from D3D for a
/// reason outside this harness: (case id, reason, evidence). A listed case
/// that matches fails the test, so the list cannot go stale.
const KNOWN_DEVIATIONS: &[(&str, &str, &str)] = &[];

/// The vertex shader every conformance case is drawn with.
const VS_FILE: &str = "wine/d3d11__draw_quad_vs__default_vs_code.vs.dxbc";

fn browser() -> Browser {
    Browser::locate().unwrap_or_else(|e| panic!("{e}"))
}

fn run(batch: &Batch) -> Report {
    let r = browser().run(batch).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "webgl: {} jobs in {} page load(s), {:.1} s, {}",
        batch.len(),
        r.page_loads,
        r.elapsed.as_secs_f64(),
        r.info.renderer
    );
    r
}

fn profile(name: &str) -> Profile {
    dxlower_targets::load(name).unwrap_or_else(|e| panic!("profile {name}: {e}"))
}

fn webgl_stage(s: &StageGlsl) -> Stage {
    match s.stage {
        ProgramType::Vertex => Stage::Vertex,
        _ => Stage::Fragment,
    }
}

/// The grouping key of a failure log: its first ANGLE error without the
/// line number, with quoted names and `vs_`/`in_` variables replaced.
fn group_key(log: &str) -> String {
    let key = dxlower_webgl::log_key(log);
    let mut out = String::new();
    for word in key.split(' ') {
        let w = word.trim_matches(|c: char| c == ',' || c == '.');
        let name = w.starts_with("vs_") || w.starts_with("in_") || w.starts_with("SV_");
        if !out.is_empty() {
            out.push(' ');
        }
        if w.starts_with('\'') && w.len() > 1 && w.ends_with('\'') {
            out.push_str("'…'");
        } else if name {
            out.push('…');
        } else {
            out.push_str(word);
        }
    }
    out
}

/// Prints the failures grouped by their first ANGLE error (the first 15 in
/// full) and fails with the count.
fn fail_with(what: &str, failures: &[(String, String)], total: usize) {
    let mut groups: BTreeMap<String, usize> = BTreeMap::new();
    for (name, log) in failures {
        // A link failure's first line says what failed; its log follows.
        let body = match log.split_once('\n') {
            Some((head, body))
                if head.ends_with("did not compile:") || head.ends_with("did not link:") =>
            {
                body
            }
            _ => log.as_str(),
        };
        *groups.entry(group_key(body)).or_default() += 1;
        if groups.values().sum::<usize>() <= 15 {
            eprintln!("{name}:\n{}\n", log.trim_end());
        }
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (key, n) in &groups {
        eprintln!("{n:>6}  {key}");
    }
    assert!(
        failures.is_empty(),
        "{} of {total} {what} failed in WebGL2 (first ones above)",
        failures.len()
    );
}

#[test]
fn corpus_stages_compile_in_webgl2() {
    let entries: Vec<_> = manifest()
        .into_iter()
        .filter(|e| matches!(e.stage.as_str(), "vs" | "ps"))
        .collect();
    let started = Instant::now();
    let mut batch = Batch::default();
    let mut names = Vec::new();
    for name in PROFILES {
        let p = profile(name);
        let stages: Vec<(String, Option<StageGlsl>)> = entries
            .par_iter()
            .map(|e| {
                let s = dxlower_core::translate_bytes(&read_corpus(&e.file), &p).ok();
                (e.file.clone(), s)
            })
            .collect();
        let mut produced = 0;
        for (file, s) in stages {
            if let Some(s) = s {
                batch.compile(webgl_stage(&s), &s.glsl);
                names.push(format!("{name} {file}"));
                produced += 1;
            }
        }
        println!(
            "webgl: {name}: {produced} of {} corpus VS/PS translate",
            entries.len()
        );
        assert!(produced > 0, "{name}: nothing translated");
    }
    let translate_time = started.elapsed();
    // Control: a stage glslang accepts as GLSL ES 3.10 must be rejected
    // (WebGL2 is ES 3.00 only), so a pass above is ANGLE's verdict.
    let mut es310 = profile("webgl2");
    es310.glsl_version = "310 es".into();
    let control = dxlower_core::translate_bytes(&read_corpus(VS_FILE), &es310)
        .unwrap_or_else(|e| panic!("{VS_FILE}: {e}"));
    dxlower_glslang::glslang(&control.glsl, control.stage)
        .unwrap_or_else(|e| panic!("glslang rejects the ES 3.10 control: {e}"));
    let control = batch.compile(Stage::Vertex, &control.glsl);
    let r = run(&batch);
    let control = r.compiles.get(control).expect("the control's result");
    assert!(!control.ok, "WebGL2 accepted `#version 310 es`");
    assert!(control.log.contains("310"), "{}", control.log);
    let failures: Vec<(String, String)> = r
        .compiles
        .iter()
        .zip(&names)
        .filter(|(c, _)| !c.ok)
        .map(|(c, n)| (n.clone(), c.log.clone()))
        .collect();
    println!(
        "webgl: {} of {} translated stages compile (translation {:.1} s)",
        names.len() - failures.len(),
        names.len(),
        translate_time.as_secs_f64()
    );
    fail_with("translated stages", &failures, names.len());
}

/// The corpus VS/PS pairs: every VS with every PS of the same source, where
/// a source is the manifest's `source_path` plus `source_function` (one
/// test function of a test file, one effect, one shader header), in
/// manifest order.
fn corpus_pairs() -> Vec<(String, String)> {
    let mut groups: BTreeMap<(String, String), (Vec<String>, Vec<String>)> = BTreeMap::new();
    for e in manifest() {
        let key = (
            e.json["source_path"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            e.json["source_function"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        );
        if key.0.is_empty() {
            continue;
        }
        let g = groups.entry(key).or_default();
        match e.stage.as_str() {
            "vs" => g.0.push(e.file),
            "ps" => g.1.push(e.file),
            _ => {}
        }
    }
    let mut pairs = Vec::new();
    for (vs, ps) in groups.values() {
        for v in vs {
            for p in ps {
                pairs.push((v.clone(), p.clone()));
            }
        }
    }
    pairs
}

#[test]
fn corpus_programs_link_in_webgl2() {
    let pairs = corpus_pairs();
    assert!(!pairs.is_empty(), "the corpus has VS/PS pairs");
    let mut batch = Batch::default();
    let mut names = Vec::new();
    for name in PROFILES {
        let p = profile(name);
        let programs: Vec<_> = pairs
            .par_iter()
            .map(|(vs, ps)| {
                let (v, f) = (read_corpus(vs), read_corpus(ps));
                let r = match (dxlower_dxbc::parse(&v), dxlower_dxbc::parse(&f)) {
                    (Ok(v), Ok(f)) => dxlower_core::link(
                        dxlower_core::stage_input(&v),
                        dxlower_core::stage_input(&f),
                        &p,
                    )
                    .ok(),
                    _ => None,
                };
                (vs, ps, r)
            })
            .collect();
        let mut linked = 0;
        for (vs, ps, prog) in programs {
            if let Some(prog) = prog {
                batch.link(&prog.vs.glsl, &prog.ps.glsl);
                names.push(format!("{name} {vs} + {ps}"));
                linked += 1;
            }
        }
        println!(
            "webgl: {name}: dxlower_core::link produces {linked} of {} corpus pairs",
            pairs.len()
        );
        assert!(linked > 0, "{name}: no program");
    }
    let r = run(&batch);
    let failures: Vec<(String, String)> = r
        .links
        .iter()
        .zip(&names)
        .filter(|(l, _)| !l.ok())
        .map(|(l, n)| (n.clone(), l.failure()))
        .collect();
    println!(
        "webgl: {} of {} programs link",
        names.len() - failures.len(),
        names.len()
    );
    fail_with("programs", &failures, names.len());
}

/// One conformance case, as much of it as the draw needs.
struct Case {
    id: String,
    shader_file: String,
    format: Format,
    size: (u32, u32),
    cb0: Vec<u8>,
    expected: [u32; 4],
    ulps: Option<i64>,
}

fn word(v: &Value) -> Option<u32> {
    u32::from_str_radix(v.as_str()?.strip_prefix("0x")?, 16).ok()
}

fn parse_case(v: &Value) -> Option<Case> {
    let format = match v["render_target_format"].as_str()? {
        "DXGI_FORMAT_R32G32B32A32_FLOAT" => Format::Rgba32f,
        "DXGI_FORMAT_R32G32B32A32_UINT" => Format::Rgba32ui,
        "DXGI_FORMAT_R32G32B32A32_SINT" => Format::Rgba32i,
        _ => return None,
    };
    let size = match v["harness"].as_str()? {
        "wine_d3d11" | "wine_d3d11_swapc" | "wine_d3d10core" => (640, 480),
        "vkd3d" | "vkd3d_proton" => (32, 32),
        _ => return None,
    };
    let mut cb0 = Vec::new();
    for reg in v["inputs_bits"].as_array()? {
        for w in reg.as_array()? {
            cb0.extend(word(w)?.to_le_bytes());
        }
    }
    let bits = v["expected"]["bits"].as_array()?;
    let mut expected = [0u32; 4];
    for (e, b) in expected.iter_mut().zip(bits) {
        *e = word(b)?;
    }
    let ulps = match v["expected"]["compare"].as_str()? {
        "exact_bits" => None,
        "ulps" => Some(v["expected"]["ulps"].as_i64()?),
        _ => return None,
    };
    Some(Case {
        id: v["id"].as_str()?.to_string(),
        shader_file: v["shader_file"].as_str()?.to_string(),
        format,
        size,
        cb0,
        expected,
        ulps,
    })
}

/// vkd3d's `compare_float`.
fn float_close(got: u32, want: u32, ulps: i64) -> bool {
    let key = |w: u32| -> i64 {
        let i = w as i32;
        if i < 0 {
            i64::from(i32::MIN) - i64::from(i)
        } else {
            i64::from(i)
        }
    };
    (key(got) - key(want)).abs() <= ulps
}

fn texel_ok(got: [u32; 4], case: &Case) -> bool {
    match case.ulps {
        None => got == case.expected,
        Some(u) => got
            .iter()
            .zip(case.expected)
            .all(|(&g, w)| float_close(g, w, u)),
    }
}

fn load_cases() -> Vec<Case> {
    let dir = conformance_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        let v: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not JSON: {e}", f.display()));
        for c in v.as_array().map(Vec::as_slice).unwrap_or_default() {
            cases.push(parse_case(c).unwrap_or_else(|| panic!("{}: bad case {c}", f.display())));
        }
    }
    cases
}

#[test]
fn conformance_sample_renders_in_webgl2() {
    let every: usize = std::env::var("DXLOWER_WEBGL_SAMPLE_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SAMPLE_EVERY)
        .max(1);
    let cases = load_cases();
    assert!(!cases.is_empty(), "no conformance cases");
    let mut p = profile("webgl2");
    p.nan_exact = true;
    p.switches_mut::<dxlower_lowerings::integer_conv::IntegerConvSwitches>()
        .f32tof16 = F32ToF16::Exact;
    let vs = dxlower_core::translate_bytes(&read_corpus(VS_FILE), &p)
        .unwrap_or_else(|e| panic!("{VS_FILE}: {e}"));
    let position = vs
        .record
        .inputs
        .first()
        .unwrap_or_else(|| panic!("{VS_FILE} has no input"))
        .name
        .clone();
    let sample: Vec<&Case> = cases.iter().step_by(every).collect();
    let mut batch = Batch::default();
    let mut drawn_cases = Vec::new();
    let mut not_translated = Vec::new();
    for case in &sample {
        match dxlower_core::translate_bytes(&read_corpus(&case.shader_file), &p) {
            Ok(ps) => {
                let (w, h) = case.size;
                let mut d = Draw::quad(&vs.glsl, &ps.glsl, &position, case.format, w, h);
                d.blocks.push(UniformBlock {
                    name: "ConstantBuffer0".into(),
                    data: case.cb0.clone(),
                });
                d.clear = case.expected.map(|w| !w);
                batch.draw(d);
                drawn_cases.push(*case);
            }
            Err(e) => not_translated.push(format!("{}: {e}", case.id)),
        }
    }
    // The sample must draw; a case that does not translate is the
    // conformance test's business, but most of the sample must render.
    for n in &not_translated {
        eprintln!("not translated: {n}");
    }
    assert!(
        drawn_cases.len() * 10 >= sample.len() * 9,
        "only {} of {} sampled cases translate",
        drawn_cases.len(),
        sample.len()
    );
    let r = run(&batch);
    let (mut failures, mut deviating, mut stale) = (Vec::new(), Vec::new(), Vec::new());
    let (mut floats, mut uints) = (0, 0);
    for (case, d) in drawn_cases.iter().zip(&r.draws) {
        let bad = match (&d.error, d.uniform()) {
            (Some(e), _) => Some(format!("{e}\n{}", d.program.failure())),
            (None, Some(t)) if texel_ok(t, case) => None,
            (None, _) => Some(format!(
                "expected {:08x?} everywhere, got {:?}",
                case.expected,
                d.texels
                    .iter()
                    .map(|t| format!("{:08x?} x{}", t.value, t.count))
                    .collect::<Vec<_>>()
            )),
        };
        match bad {
            Some(why) if KNOWN_DEVIATIONS.iter().any(|k| k.0 == case.id) => {
                deviating.push(format!("{}: {why}", case.id))
            }
            Some(why) => failures.push((format!("{} ({})", case.id, case.shader_file), why)),
            None if KNOWN_DEVIATIONS.iter().any(|k| k.0 == case.id) => stale.push(case.id.clone()),
            None if case.format == Format::Rgba32f => floats += 1,
            None => uints += 1,
        }
    }
    for d in &deviating {
        eprintln!("known deviation: {d}");
    }
    println!(
        "webgl: conformance sample (every {every}th of {} cases): {} drawn, {} match \
         ({floats} RGBA32F, {uints} integer), {} known deviations, {} not translated",
        cases.len(),
        drawn_cases.len(),
        floats + uints,
        deviating.len(),
        not_translated.len()
    );
    assert!(
        stale.is_empty(),
        "listed in KNOWN_DEVIATIONS but now matching (remove them): {stale:?}"
    );
    fail_with("conformance cases", &failures, drawn_cases.len());
}
