//! Semantic conformance: the instruction tables of Wine's and vkd3d's test
//! suites, rendered on Mesa's GLES 3.0 driver (llvmpipe, headless).
//!
//! For every case in `$DXLOWER_CONFORMANCE_DIR/*.json` (default
//! `../shared/conformance`; the README there describes each harness) the
//! pixel shader is translated with the `webgl2` profile, drawn with a
//! translated vertex shader over the whole target, with cb0 uploaded from
//! the case's `inputs_bits` as the std140 block `ConstantBuffer0`, and every
//! texel is compared with the expected words (exactly, or within 2 ulps for
//! float targets, the way vkd3d's `compare_float` does).
//!
//! - Profile: `webgl2` as shipped, which is D3D-exact (`nan_exact`: D3D's
//!   `min`/`max` return the non-NaN operand and `_sat` maps NaN to 0;
//!   `f32tof16 = exact`: D3D rounds toward zero; highp samplers; integer
//!   reads through `uvec4` companions). No approximation is allowed. The
//!   passing cases are then run with `webgl2-fast`, and those that fail
//!   there are listed in the report (information: the price of its
//!   approximations).
//! - Register models: every passing case is drawn again under the
//!   `FloatVec4UVec4Companions` model (a companion for every temp, the
//!   model of `native`) and the `FloatVec4` model (float-only temps, the
//!   model of `ccpwgl`); a case that fails there fails the test.
//! - Vertex shader: Wine's `draw_quad` VS (`float4 main(float4 position :
//!   POSITION) : SV_POSITION`) from the corpus, fed the four vertices of
//!   Wine's quad as a triangle strip, for every harness. vkd3d's harness
//!   VS (a covering triangle from `SV_VertexID`) is not in the corpus; both
//!   cover every pixel with z = 0 and w = 1, so the pixel shader sees the
//!   same inputs.
//! - Target: 640x480 for the Wine harnesses, 32x32 for vkd3d's, cleared to
//!   the complement of the expected words, so that no texel the shader
//!   leaves unwritten can pass.
//!
//! Outcomes: passed; failed (wrong value, a translation error other than a
//! refusal or a missing handler, or GLSL the driver rejects); refused (the
//! profile cannot express the shader, with the reason); unsupported (an
//! opcode's family has no handler yet). A failing case fails the test unless
//! `tests/conformance-expectations.json` lists it with a reason and
//! evidence; a listed case that no longer fails fails the test too.
//! Every failure goes to `target/conformance-report.json` (or
//! `$DXLOWER_CONFORMANCE_REPORT`). `DXLOWER_CONFORMANCE_FILTER=text` runs
//! only the cases whose id contains `text`.

use dxlower_core::profile::RegisterModel;
use dxlower_core::Status;
use dxlower_core::{Profile, StageGlsl, TranslateError};
use dxlower_lowerings::integer_conv::switches::F32ToF16;
// Links every family crate so its handlers register.
use dxlower_gles::{Draw, Format, Runner, UniformBlock, Vertices};
use dxlower_lowerings as _;
use dxlower_tests::{conformance_dir, corpus_dir};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The vertex shader drawn with every case.
const VS_FILE: &str = "wine/d3d11__draw_quad_vs__default_vs_code.vs.dxbc";

/// How a case's pixels are compared.
#[derive(Clone, Copy, Debug)]
enum Compare {
    Exact,
    Ulps(i64),
}

/// One table row, parsed.
struct Case {
    id: String,
    shader_file: String,
    format: Format,
    width: i32,
    height: i32,
    clear: [u32; 4],
    cb0: Vec<u32>,
    expected: [u32; 4],
    compare: Compare,
    raw: Value,
}

fn word(v: &Value) -> Result<u32, String> {
    let s = v
        .as_str()
        .ok_or_else(|| format!("{v} is not a hex string"))?;
    let h = s
        .strip_prefix("0x")
        .ok_or_else(|| format!("`{s}` has no 0x prefix"))?;
    u32::from_str_radix(h, 16).map_err(|e| format!("`{s}`: {e}"))
}

fn parse_case(v: &Value) -> Result<Case, String> {
    let s = |k: &str| -> Result<String, String> {
        v[k].as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("missing string field `{k}`"))
    };
    let id = s("id")?;
    let err = |m: String| format!("{id}: {m}");
    let format = match s("render_target_format")?.as_str() {
        "DXGI_FORMAT_R32G32B32A32_FLOAT" => Format::Rgba32F,
        "DXGI_FORMAT_R32G32B32A32_UINT" => Format::Rgba32Ui,
        "DXGI_FORMAT_R32G32B32A32_SINT" => Format::Rgba32I,
        f => return Err(err(format!("render target format {f}"))),
    };
    let (width, height) = match s("harness")?.as_str() {
        // The Wine tests draw into a texture shaped like the 640x480 back
        // buffer.
        "wine_d3d11" | "wine_d3d11_swapc" | "wine_d3d10core" => (640, 480),
        // vkd3d's test context: 32x32.
        "vkd3d" | "vkd3d_proton" => (32, 32),
        h => return Err(err(format!("unknown harness {h}"))),
    };
    let mut cb0 = Vec::new();
    for reg in v["inputs_bits"]
        .as_array()
        .ok_or_else(|| err("no inputs_bits".into()))?
    {
        let reg = reg
            .as_array()
            .filter(|r| r.len() == 4)
            .ok_or_else(|| err("an inputs_bits register is not 4 words".into()))?;
        for w in reg {
            cb0.push(word(w).map_err(err)?);
        }
    }
    let size = v["cb0_size_bytes"].as_u64().unwrap_or(0) as usize;
    if size != cb0.len() * 4 {
        return Err(err(format!(
            "cb0_size_bytes {size} but {} words of inputs_bits",
            cb0.len()
        )));
    }
    let bits = v["expected"]["bits"]
        .as_array()
        .filter(|b| b.len() == 4)
        .ok_or_else(|| err("expected.bits is not 4 words".into()))?;
    let mut expected = [0u32; 4];
    for (e, b) in expected.iter_mut().zip(bits) {
        *e = word(b).map_err(err)?;
    }
    // Wine leaves the target undefined and vkd3d clears it to 1; every
    // table shader writes all of SV_Target on every path, so the clear
    // value never shows in a correct result. Clearing to the complement of
    // the expected words makes a pass prove that every texel was written.
    let clear = expected.map(|w| !w);
    let compare = match v["expected"]["compare"].as_str() {
        Some("exact_bits") => Compare::Exact,
        Some("ulps") => Compare::Ulps(
            v["expected"]["ulps"]
                .as_i64()
                .ok_or_else(|| err("ulps compare without `ulps`".into()))?,
        ),
        c => return Err(err(format!("compare {c:?}"))),
    };
    Ok(Case {
        id,
        shader_file: s("shader_file")?,
        format,
        width,
        height,
        clear,
        cb0,
        expected,
        compare,
        raw: v.clone(),
    })
}

/// vkd3d's `compare_float`: the bits as int32, negative values mapped to
/// `INT_MIN - x`, and the distance at most `ulps` (so +0 equals -0).
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

fn pixel_ok(got: [u32; 4], want: [u32; 4], c: Compare) -> bool {
    match c {
        Compare::Exact => got == want,
        Compare::Ulps(u) => got.iter().zip(want).all(|(&g, w)| float_close(g, w, u)),
    }
}

/// The four words shown every way a reader needs.
fn show(words: [u32; 4]) -> Value {
    json!({
        "bits": words.map(|w| format!("{w:#010x}")),
        "float": words.map(|w| format!("{:?}", f32::from_bits(w))),
        "uint": words,
        "int": words.map(|w| w as i32),
    })
}

/// The non-declaration opcodes of a shader, in first-use order.
fn opcodes(bytes: &[u8]) -> Vec<String> {
    let Ok(sh) = dxlower_dxbc::parse(bytes) else {
        return vec!["<does not parse>".into()];
    };
    let mut out: Vec<String> = Vec::new();
    for i in &sh.program.instructions {
        if i.opcode.is_declaration() {
            continue;
        }
        let name = i.opcode.to_string();
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The name of the first global `in` variable of a vertex shader.
fn first_vs_input(glsl: &str) -> Option<String> {
    glsl.lines().find_map(|l| {
        let l = l.trim();
        let l = match l.strip_prefix("layout(") {
            Some(rest) => rest.split_once(')')?.1.trim_start(),
            None => l,
        };
        let rest = l.strip_prefix("in ")?;
        let decl = rest.trim_end_matches(';');
        let name = decl.split_whitespace().last()?;
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            .then(|| name.to_string())
    })
}

/// What happened to one case.
enum Outcome {
    Passed,
    Failed(Value),
    Refused(String),
    Unsupported(String),
}

/// Translation of one shader, kept per file.
type Translated = Result<StageGlsl, TranslateError>;

fn repo_dir() -> PathBuf {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR"));
    tests.parent().unwrap_or(tests).to_path_buf()
}

fn report_path() -> PathBuf {
    std::env::var_os("DXLOWER_CONFORMANCE_REPORT")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_dir().join("target/conformance-report.json"))
}

/// `tests/conformance-expectations.json`: id → (reason, evidence).
fn expectations() -> BTreeMap<String, Value> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance-expectations.json");
    let text =
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", p.display()));
    let list = v["expected_failures"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: no `expected_failures` list", p.display()));
    let mut out = BTreeMap::new();
    for e in list {
        let id = e["id"].as_str().unwrap_or_default().to_string();
        let ok = |k: &str| e[k].as_str().is_some_and(|s| !s.trim().is_empty());
        assert!(
            !id.is_empty() && ok("reason") && ok("evidence"),
            "{}: every entry needs `id`, `reason` and `evidence`: {e}",
            p.display()
        );
        assert!(
            out.insert(id.clone(), e.clone()).is_none(),
            "{}: {id} listed twice",
            p.display()
        );
    }
    out
}

fn load_cases() -> Vec<Case> {
    let dir = conformance_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "cannot read {}: {e} (set DXLOWER_CONFORMANCE_DIR)",
                dir.display()
            )
        })
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.json in {}", dir.display());
    let filter = std::env::var("DXLOWER_CONFORMANCE_FILTER").unwrap_or_default();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        let v: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not JSON: {e}", f.display()));
        let list = v
            .as_array()
            .unwrap_or_else(|| panic!("{} is not a list of cases", f.display()));
        for c in list {
            let case = parse_case(c).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            if case.id.contains(&filter) {
                cases.push(case);
            }
        }
    }
    cases
}

/// The profile the tables are checked with: `webgl2` as shipped, which is
/// D3D-exact (D3D's NaN rules, round-toward-zero `f32tof16`, highp
/// samplers, integer reads through `uvec4` companions); checked here, so
/// the tables run with no approximation allowed.
fn d3d_exact_profile() -> Profile {
    let p = dxlower_targets::load("webgl2").expect("the webgl2 profile loads");
    assert!(p.nan_exact, "webgl2 keeps D3D's NaN rules");
    assert_eq!(
        p.switches::<dxlower_lowerings::integer_conv::IntegerConvSwitches>()
            .f32tof16,
        F32ToF16::Exact
    );
    assert_eq!(
        p.register_model,
        RegisterModel::FloatVec4UVec4CompanionsWhereRead
    );
    p
}

/// `webgl2` with another register model: every case that passes with
/// [`d3d_exact_profile`] must pass with each of them too (the full
/// companion model of `native`, the float-only model of `ccpwgl`).
fn register_model_profile(model: RegisterModel) -> Profile {
    let mut p = d3d_exact_profile();
    p.register_model = model;
    p
}

/// `webgl2-fast`: the approximations, measured (information only).
fn plain_profile() -> Profile {
    dxlower_targets::load("webgl2-fast").expect("the webgl2-fast profile loads")
}

/// One profile's translations: the vertex shader and every pixel shader
/// (translated once per file).
struct Pass {
    profile: Profile,
    vs: Translated,
    shaders: HashMap<String, (Vec<u8>, Translated)>,
}

impl Pass {
    fn new(profile: Profile) -> Pass {
        let vs = dxlower_core::translate_bytes(&dxlower_tests::read_corpus(VS_FILE), &profile);
        Pass {
            profile,
            vs,
            shaders: HashMap::new(),
        }
    }

    /// Translates (once) and draws one case.
    fn run(&mut self, runner: &mut Runner, case: &Case) -> Outcome {
        let profile = &self.profile;
        let (_, ps) = self
            .shaders
            .entry(case.shader_file.clone())
            .or_insert_with(|| {
                let path = corpus_dir().join(&case.shader_file);
                match std::fs::read(&path) {
                    Ok(b) => {
                        let t = dxlower_core::translate_bytes(&b, profile);
                        (b, t)
                    }
                    Err(e) => panic!("cannot read {}: {e}", path.display()),
                }
            });
        match (&self.vs, &*ps) {
            (_, Err(e)) if e.status() == Status::Refused => Outcome::Refused(e.reason_key()),
            (_, Err(e)) if e.status() == Status::Unsupported => {
                Outcome::Unsupported(e.reason_key())
            }
            (_, Err(e)) => Outcome::Failed(json!({
                "error": format!("translating the pixel shader: {e}")
            })),
            (Err(e), _) if e.status() == Status::Refused || e.status() == Status::Unsupported => {
                Outcome::Unsupported(format!("vertex shader: {}", e.reason_key()))
            }
            (Err(e), _) => Outcome::Failed(json!({
                "error": format!("translating the vertex shader: {e}")
            })),
            (Ok(vs), Ok(ps)) => match first_vs_input(&vs.glsl) {
                None => Outcome::Failed(json!({
                    "error": "the translated vertex shader has no `in` variable"
                })),
                Some(input) => render(runner, case, vs, &input, ps),
            },
        }
    }

    fn bytes(&self, case: &Case) -> &[u8] {
        self.shaders
            .get(&case.shader_file)
            .map(|(b, _)| b.as_slice())
            .unwrap_or_default()
    }

    fn glsl(&self, case: &Case) -> Option<&str> {
        match self.shaders.get(&case.shader_file) {
            Some((_, Ok(g))) => Some(&g.glsl),
            _ => None,
        }
    }
}

/// The report entry of a failing case.
fn failure_entry(case: &Case, pass: &Pass, detail: &Value, listed: bool) -> Value {
    let expected = &case.raw["expected"];
    let mut entry = json!({
        "id": case.id,
        "harness": case.raw["harness"],
        "name": case.raw["name"],
        "shader_file": case.shader_file,
        "opcodes": opcodes(pass.bytes(case)),
        "render_target_format": case.raw["render_target_format"],
        "inputs": case.raw["inputs"],
        "input_type": case.raw["input_type"],
        "inputs_bits": case.raw["inputs_bits"],
        "expected": {
            "type": expected["type"],
            "values": expected["values"],
            "compare": expected["compare"],
            "value": show(case.expected),
        },
        "flags": case.raw["flags"],
        "listed_in_expectations": listed,
    });
    if let (Some(obj), Some(d)) = (entry.as_object_mut(), detail.as_object()) {
        for (k, v) in d {
            obj.insert(k.clone(), v.clone());
        }
    }
    if let (Some(obj), Some(g)) = (entry.as_object_mut(), pass.glsl(case)) {
        obj.insert("ps_glsl".into(), Value::String(g.to_string()));
    }
    entry
}

fn one_line(entry: &Value) -> String {
    let ops = entry["opcodes"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let got = if entry["got"].is_null() {
        entry["error"].to_string()
    } else {
        entry["got"]["bits"].to_string()
    };
    format!(
        "{} [{ops}] expected {} got {got}",
        entry["id"].as_str().unwrap_or_default(),
        entry["expected"]["value"]["bits"]
    )
}

/// Runs one case whose shaders translated.
fn render(
    runner: &mut Runner,
    case: &Case,
    vs: &StageGlsl,
    vs_input: &str,
    ps: &StageGlsl,
) -> Outcome {
    let data: Vec<u8> = case.cb0.iter().flat_map(|w| w.to_le_bytes()).collect();
    let blocks = [UniformBlock {
        name: "ConstantBuffer0".into(),
        data,
    }];
    let vertices = Vertices::quad_strip(vs_input);
    let drawn = runner.draw(&Draw {
        vs: &vs.glsl,
        fs: &ps.glsl,
        blocks: &blocks,
        format: case.format,
        width: case.width,
        height: case.height,
        vertices: &vertices,
        clear: case.clear,
    });
    let drawn = match drawn {
        Ok(d) => d,
        Err(e) => return Outcome::Failed(json!({ "error": format!("GLES: {e}") })),
    };
    if !drawn.inactive_attributes.is_empty() {
        return Outcome::Failed(json!({
            "error": format!("vertex attribute(s) {:?} not active", drawn.inactive_attributes)
        }));
    }
    let img = &drawn.image;
    let mut bad = 0usize;
    let mut first_bad = None;
    for (i, p) in img.pixels().enumerate() {
        if !pixel_ok(p, case.expected, case.compare) {
            bad += 1;
            first_bad.get_or_insert((i, p));
        }
    }
    match first_bad {
        None => Outcome::Passed,
        Some((i, p)) => {
            let w = img.width.max(1) as usize;
            Outcome::Failed(json!({
                "got": show(p),
                "first_bad_texel": [i % w, i / w],
                "bad_texels": bad,
                "texels": img.pixels().count(),
                "all_texels_equal": img.uniform().is_some(),
            }))
        }
    }
}

#[test]
fn conformance_tables_render_as_d3d_does() {
    let started = Instant::now();
    let cases = load_cases();
    let expect = expectations();
    let mut runner = Runner::new().unwrap_or_else(|e| panic!("no GLES 3.0 context: {e}"));
    let driver = runner.info().to_string();
    eprintln!("conformance: driver {driver}");

    let mut exact = Pass::new(d3d_exact_profile());
    let mut failures = Vec::new();
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut unsupported: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut passed, mut failed, mut expected_failed) = (0usize, 0usize, 0usize);
    let mut unexpected = Vec::new();
    let mut stale = Vec::new();
    let mut passed_ids = Vec::new();
    let mut covered: BTreeMap<String, usize> = BTreeMap::new();

    for case in &cases {
        let outcome = exact.run(&mut runner, case);
        let listed = expect.contains_key(&case.id);
        match outcome {
            Outcome::Passed => {
                passed += 1;
                passed_ids.push(case);
                for op in opcodes(exact.bytes(case)) {
                    *covered.entry(op).or_insert(0usize) += 1;
                }
                if listed {
                    stale.push(case.id.clone());
                }
            }
            Outcome::Refused(r) => refused.entry(r).or_default().push(case.id.clone()),
            Outcome::Unsupported(r) => unsupported.entry(r).or_default().push(case.id.clone()),
            Outcome::Failed(detail) => {
                failed += 1;
                if listed {
                    expected_failed += 1;
                } else {
                    unexpected.push(case.id.clone());
                }
                let entry = failure_entry(case, &exact, &detail, listed);
                eprintln!("FAIL {}", one_line(&entry));
                failures.push(entry);
            }
        }
    }
    // Listed cases that did not run at all are stale too.
    let filtered = std::env::var("DXLOWER_CONFORMANCE_FILTER").is_ok();
    for id in expect.keys() {
        if !filtered && !cases.iter().any(|c| &c.id == id) {
            stale.push(id.clone());
        }
    }
    let n_refused: usize = refused.values().map(Vec::len).sum();
    let n_unsupported: usize = unsupported.values().map(Vec::len).sum();
    assert_eq!(
        passed + failed + n_refused + n_unsupported,
        cases.len(),
        "every case has exactly one outcome"
    );

    // Negative control: a passing case with its expected words inverted
    // must fail, so a pass is not an artefact of the harness.
    if let Some(&case) = passed_ids.first() {
        let bad = Case {
            expected: case.expected.map(|w| !w),
            clear: case.expected,
            id: case.id.clone(),
            shader_file: case.shader_file.clone(),
            raw: case.raw.clone(),
            cb0: case.cb0.clone(),
            ..*case
        };
        assert!(
            matches!(exact.run(&mut runner, &bad), Outcome::Failed(_)),
            "{} passes with inverted expected words",
            case.id
        );
    }

    // The other register models: every case that passes above passes with
    // them too (a failure here is a register-model bug).
    let mut companion_failures = Vec::new();
    let mut companion_passed = 0usize;
    for model in [
        RegisterModel::FloatVec4UVec4Companions,
        RegisterModel::FloatVec4,
    ] {
        let mut pass = Pass::new(register_model_profile(model));
        for &case in &passed_ids {
            let failure = match pass.run(&mut runner, case) {
                Outcome::Passed => {
                    companion_passed += 1;
                    continue;
                }
                Outcome::Failed(detail) => failure_entry(case, &pass, &detail, false),
                Outcome::Refused(r) | Outcome::Unsupported(r) => {
                    failure_entry(case, &pass, &json!({ "error": r }), false)
                }
            };
            eprintln!("FAIL ({model:?}) {}", one_line(&failure));
            companion_failures.push(failure);
        }
        if model == RegisterModel::FloatVec4UVec4Companions {
            assert!(
                passed_ids.is_empty()
                    || pass
                        .shaders
                        .values()
                        .any(|(_, t)| matches!(t, Ok(g) if g.glsl.contains("uvec4 r0_u;"))),
                "the companion pass translated no shader with companions"
            );
        }
    }

    // Information, not a check: the cases that pass with `webgl2` but not
    // with `webgl2-fast` (the price of its approximations).
    let mut plain = Pass::new(plain_profile());
    let mut plain_differs = Vec::new();
    for &case in &passed_ids {
        if let Outcome::Failed(detail) = plain.run(&mut runner, case) {
            plain_differs.push(failure_entry(case, &plain, &detail, false));
        }
    }

    let report = json!({
        "driver": driver,
        "profile": "webgl2",
        "vertex_shader": VS_FILE,
        "counts": {
            "cases": cases.len(),
            "passed": passed,
            "failed": failed,
            "failed_as_expected": expected_failed,
            "refused": n_refused,
            "unsupported": n_unsupported,
            "fail_with_webgl2_fast": plain_differs.len(),
            "passed_with_other_register_models": companion_passed,
            "failed_with_other_register_models": companion_failures.len(),
        },
        "passing_cases_per_opcode": covered,
        "failures": failures,
        "refused": refused,
        "unsupported": unsupported,
        "webgl2_fast_failures": plain_differs,
        "register_model_failures": companion_failures,
    });
    let path = report_path();
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let text = serde_json::to_string_pretty(&report).unwrap_or_default();
    if let Err(e) = std::fs::write(&path, text) {
        eprintln!("conformance: cannot write {}: {e}", path.display());
    }

    for (reason, ids) in &refused {
        eprintln!("refused ({}): {reason}", ids.len());
    }
    for (reason, ids) in &unsupported {
        eprintln!("unsupported ({}): {reason}", ids.len());
    }
    for e in &plain_differs {
        eprintln!("fails with webgl2-fast: {}", one_line(e));
    }
    println!("conformance: {passed} passed, {failed} failed, {n_refused} refused");
    println!("conformance: {n_unsupported} unsupported (no handler yet)");
    println!(
        "conformance: the passing cases exercise {} distinct opcodes",
        covered.len()
    );
    println!(
        "conformance: {} of the passing cases fail with webgl2-fast (its approximations)",
        plain_differs.len()
    );
    println!(
        "conformance: with the full-companion and float-only register models {companion_passed} \
         of 2 x {passed} runs of the passing cases pass, {} fail",
        companion_failures.len()
    );
    println!(
        "conformance: {} cases in {:.1}s, report {}",
        cases.len(),
        started.elapsed().as_secs_f64(),
        path.display()
    );
    assert!(
        companion_failures.is_empty(),
        "{} case run(s) pass with webgl2 but not with another register model: {:?} \
         (details in {})",
        companion_failures.len(),
        companion_failures
            .iter()
            .map(|e| e["id"].as_str().unwrap_or_default())
            .collect::<Vec<_>>(),
        path.display()
    );
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "{} case(s) failed that tests/conformance-expectations.json does not list: {:?}; \
         listed but not failing: {:?} (details in {})",
        unexpected.len(),
        unexpected,
        stale,
        path.display()
    );
}

#[test]
fn float_compare_follows_vkd3d() {
    let f = f32::to_bits;
    assert!(float_close(f(1.0), f(1.0), 2));
    assert!(float_close(f(0.0), f(-0.0), 0));
    assert!(float_close(f(1.0), f(1.0) + 2, 2));
    assert!(!float_close(f(1.0), f(1.0) + 3, 2));
    assert!(float_close(f(-1.0), f(-1.0) + 2, 2));
    // Across zero: the smallest positive and negative denormals are 2 apart.
    assert!(float_close(1, 0x8000_0001, 2));
    assert!(!float_close(2, 0x8000_0002, 2));
    assert!(!float_close(f(1.0), f(-1.0), 2));
    // NaN matches only a NaN within 2 of its bits.
    assert!(float_close(0x7fc0_0000, 0x7fc0_0001, 2));
    assert!(!float_close(0x7fc0_0000, 0xffc0_0000, 2));
    assert!(!float_close(0x7fc0_0000, f(f32::INFINITY), 2));
    assert!(float_close(0x7f80_0001, f(f32::INFINITY), 2));
}

#[test]
fn case_parsing_and_vs_input_detection() {
    let v = json!({
        "id": "x", "harness": "vkd3d", "shader_file": "a.dxbc",
        "render_target_format": "DXGI_FORMAT_R32G32B32A32_FLOAT",
        "cb0_size_bytes": 16,
        "inputs_bits": [["0x3f800000", "0x0", "0xffffffff", "0x80000000"]],
        "expected": {"bits": ["0x1", "0x2", "0x3", "0x4"], "compare": "ulps", "ulps": 2},
    });
    let c = parse_case(&v).unwrap();
    assert_eq!(c.cb0, vec![0x3f80_0000, 0, u32::MAX, 0x8000_0000]);
    assert_eq!(c.expected, [1, 2, 3, 4]);
    assert_eq!((c.width, c.height, c.format), (32, 32, Format::Rgba32F));
    assert_eq!(c.clear, [!1, !2, !3, !4]);
    let mut w = v.clone();
    w["cb0_size_bytes"] = json!(48);
    assert!(parse_case(&w).is_err(), "size must match the words");
    w["cb0_size_bytes"] = json!(16);
    w["harness"] = json!("nope");
    assert!(parse_case(&w).is_err());

    assert_eq!(
        first_vs_input("#version 300 es\nin highp vec4 in_POSITION0;\nout vec4 x;\n"),
        Some("in_POSITION0".into())
    );
    assert_eq!(
        first_vs_input("layout(location = 0) in vec4 dcl_Input0;\n"),
        Some("dcl_Input0".into())
    );
    assert_eq!(first_vs_input("void main() {}\n"), None);
}
