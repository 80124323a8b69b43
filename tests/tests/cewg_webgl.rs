//! End to end in the real target: a CEWG package dxlower built, loaded in
//! WebGL2 in headless Chromium by a small runtime written from
//! docs/cewg-package.md (`tests/webgl/cewg_runtime.js`): the runtime
//! parses the framing, selects permutations by mixed-radix index, takes
//! each pass's VS+PS, binds attributes by the META names, compiles and
//! links every pass, and draws the skinned pass with the constants of the
//! META (SkinScale 1, TintColor 1, TintOffset 0), identity engine buffers
//! and one texel of 16/255 in each of the 14 textures: the pixel is
//! 14 · 16 = 224 in every channel.
//!
//! Chromium missing or not starting fails the test with its log.

use dxlower_carbon_effect::parse;
use dxlower_cewg::{build, Options};
use dxlower_lowerings as _;
use dxlower_tests::effects;
use serde_json::{json, Value};

const RUNTIME: &str = include_str!("../webgl/cewg_runtime.js");

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= c.len() {
                s.push(A[(n >> (18 - 6 * k)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

fn package(bytes: &[u8]) -> Vec<u8> {
    let e = parse(bytes).unwrap();
    let opts = Options {
        profile: dxlower_targets::load("ccpwgl").unwrap(),
        source_path: "test.sm_hi".into(),
        generated_at: "2026-12-04T00:00:00.000Z".into(),
        rows: None,
        translator: "dxlower (tests)".into(),
    };
    build(&e, &opts, &mut |_, _| {}).unwrap().to_bytes()
}

fn identity() -> Vec<f32> {
    vec![
        1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1.,
    ]
}

#[test]
fn packages_load_link_and_draw_in_webgl2() {
    let skinned = package(&effects::skinned_effect());
    let passes = effects::corpus_passes(&dxlower_targets::load("ccpwgl").unwrap(), 4);
    let three = package(&effects::three_axis_effect(&passes));
    // cb3: JointMat rows from 26: joint 0 = identity rows.
    let mut cb3 = vec![0f32; 4 * 200];
    cb3[26 * 4..29 * 4].copy_from_slice(&[1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0.]);
    let browser = dxlower_webgl::Browser::locate().unwrap_or_else(|e| panic!("{e}"));
    let mut linked = 0;
    for (name, pkg, choices, draw) in [
        (
            "skinned",
            &skinned,
            json!([{}, {"SKINNING": "SKINNING_0"}]),
            json!({
                "choice": {}, "technique": "Main", "pass": 0,
                "engine": {"1": identity(), "3": cb3},
                "texel": [16, 16, 16, 16],
            }),
        ),
        (
            "three-axis",
            &three,
            // Every row: 2 × 3 × 2.
            Value::Array(
                (0..12)
                    .map(|r| json!({"FOG": format!("FOG_{}", r % 2), "QUALITY": format!("QUALITY_{}", r / 2 % 3), "CLIP": format!("CLIP_{}", r / 6)}))
                    .collect(),
            ),
            Value::Null,
        ),
    ] {
        let data = json!({"package": base64(pkg), "choices": choices, "draw": draw});
        let text = browser
            .run_script(RUNTIME, &data, 64)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let r: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}: {text}"));
        assert!(r["error"].is_null(), "{name}: {}", r["error"]);
        println!("{name}: {}", r["renderer"]);
        for sel in r["selections"].as_array().unwrap() {
            for p in sel["passes"].as_array().unwrap() {
                assert_eq!(p["compiled"], true, "{name} {}: {}", p["key"], p["log"]);
                assert_eq!(p["linked"], true, "{name} {}: {}", p["key"], p["log"]);
                assert_eq!(p["missing"], json!([]), "{name} {}: META inputs not in the GLSL", p["key"]);
                for t in p["textures"].as_array().unwrap() {
                    assert!(!t["uniform"].is_null(), "{name} {}: texture {t} has no sampler", p["key"]);
                }
                linked += 1;
            }
        }
        if name == "skinned" {
            let d = &r["draw"];
            println!("draw: pixel {} blocks {} samplers {}", d["pixel"], d["blocks"], d["samplers"].as_array().map_or(0, Vec::len));
            assert_eq!(d["ok"], true, "{d}");
            assert_eq!(d["error"], 0, "GL error {d}");
            let names: Vec<&str> = d["attributes"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
            assert_eq!(names, ["in_POSITION0", "in_BITANGENT0", "in_TEXCOORD0", "in_BLENDINDICES0"]);
            assert_eq!(d["samplers"].as_array().unwrap().len(), 14, "{d}");
            for c in d["pixel"].as_array().unwrap() {
                let c = c.as_i64().unwrap();
                assert!((c - 224).abs() <= 2, "pixel {} (expected 224 in every channel)", d["pixel"]);
            }
        }
    }
    // 2 selections × 2 passes + 12 selections of 1 or 2 passes.
    println!("{linked} passes compiled and linked");
    assert!(linked >= 16, "{linked} passes linked");
}
