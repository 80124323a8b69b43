//! # dxlower-wasm
//!
//! dxlower for JavaScript: the crate behind the npm package `dxlower`.
//! Built for `wasm32-unknown-unknown` it is a WebAssembly module whose
//! exports (through `wasm-bindgen`) the package's `dxlower.js` wraps;
//! built natively it is the same API in Rust, which the corpus
//! comparison and the benchmark (`examples/native.rs`) run against the
//! module, so that "byte-identical to the native library" compares the
//! outputs of one code path compiled twice.
//!
//! Everything here is computation on bytes and strings: no file, process
//! or clock. The facade (`dxlower`) is used without features, so profile
//! files are not read either: a profile is a built-in name or RON text.
//!
//! A failure is a [`Failure`]: the fields the package's `DxlowerError`
//! carries, as JSON text, the same words as the CLI's messages and its
//! sweep report (`status`, `reason`).
//!
//! `scripts/build-npm.sh` builds the package into `target/npm/`.

use dxlower::core::{LiftBy, Site, TranslateError};
use dxlower::{Profile, ProfileError};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::rc::Rc;

#[cfg(target_arch = "wasm32")]
mod js;

/// A translated stage: the GLSL and its stage record as JSON (what the
/// stage declares: inputs, outputs, uniform blocks, samplers, plain
/// uniforms, extensions, limits used, host contracts, notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translated {
    /// GLSL ES 3.00 (or the profile's version).
    pub glsl: String,
    /// The stage record, JSON.
    pub manifest: String,
}

/// A linked program: both texts and the program manifest as JSON (the
/// shape `dxlower link -o DIR` writes, compact).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linked {
    /// The vertex shader's GLSL.
    pub vs: String,
    /// The pixel (fragment) shader's GLSL.
    pub ps: String,
    /// The program manifest, JSON.
    pub manifest: String,
}

/// Why a call failed: the fields of the package's `DxlowerError`, as
/// JSON text.
///
/// - `status`: the sweep status of the error (`refused`,
///   `decode_failed`, `unsupported`, `invalid` for a program D3D itself
///   rejects, `failed`, ... — whatever `TranslateError::status` names),
///   or `invalid` for an argument the package cannot use (an unknown
///   profile name, RON that does not parse, a vertex shader given as the
///   pixel stage);
/// - `reason`: the message, word for word what the CLI prints and its
///   sweep report's `reason`;
/// - `key`: the reason without offsets and with registers folded, stable
///   enough to group by;
/// - `stage`: `vs` or `ps`, for an error of one stage of a link;
/// - `instruction`, `opcode`, `dword`, `byte`: where in the program, when
///   the error belongs to one instruction (`dword` is the offset from the
///   start of the program, `byte` from the start of the container);
/// - `liftedBy`: for a refusal a profile change lifts, `{kind: "switch",
///   switch, value, text}`, `{kind: "pass", pass, text}`, `{kind:
///   "limit", field, text}` or `{kind: "other", text}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The JSON object.
    pub json: String,
}

impl Failure {
    fn fields(status: &str, reason: String, key: String) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("status".into(), status.into());
        m.insert("reason".into(), reason.into());
        m.insert("key".into(), key.into());
        m
    }

    fn from_map(m: Map<String, Value>) -> Failure {
        Failure {
            json: Value::Object(m).to_string(),
        }
    }

    /// An argument the package cannot use.
    fn invalid(reason: String) -> Failure {
        Failure::from_map(Failure::fields("invalid", reason.clone(), reason))
    }

    fn profile(e: ProfileError) -> Failure {
        Failure::invalid(format!("profile: {e}"))
    }

    fn translate(e: &TranslateError, stage: Option<&str>, reason: String) -> Failure {
        let mut m = Failure::fields(e.status().as_str(), reason, e.reason_key());
        if let Some(s) = stage {
            m.insert("stage".into(), s.into());
        }
        if let Some(site) = site(e) {
            m.insert("instruction".into(), site.index.into());
            m.insert("opcode".into(), site.opcode.mnemonic().into());
            m.insert("dword".into(), site.dword.into());
            if let Some(b) = site.byte {
                m.insert("byte".into(), b.into());
            }
        }
        if let Some(lift) = e.refusal().and_then(|r| r.lifted_by.as_deref()) {
            let mut l = match serde_json::to_value(&lift.by) {
                Ok(Value::Object(o)) => o,
                _ => Map::new(),
            };
            if !l.contains_key("kind") {
                l.insert("kind".into(), lift_kind(&lift.by).into());
            }
            l.insert("text".into(), lift.text.clone().into());
            m.insert("liftedBy".into(), Value::Object(l));
        }
        Failure::from_map(m)
    }
}

fn lift_kind(by: &LiftBy) -> &'static str {
    match by {
        LiftBy::Switch { .. } => "switch",
        LiftBy::Pass { .. } => "pass",
        LiftBy::Limit { .. } => "limit",
        LiftBy::Other => "other",
    }
}

/// Where an error happened, when it belongs to one instruction.
fn site(e: &TranslateError) -> Option<&Site> {
    match e {
        TranslateError::Refused { site, .. }
        | TranslateError::Unsupported { site, .. }
        | TranslateError::Lower { site, .. } => Some(site),
        _ => None,
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.json)
    }
}

/// How many resolved profiles are kept: a page uses one or two, and
/// resolving one (RON, `extends`) costs more than translating a small
/// shader.
const PROFILE_CACHE: usize = 8;

thread_local! {
    static PROFILES: RefCell<Vec<(String, Rc<Profile>)>> = const { RefCell::new(Vec::new()) };
}

/// The profile a call names: a built-in name (`webgl2`, `ccpwgl`,
/// `native`) or RON text (`(extends: Some("webgl2"), nan_exact: true)`),
/// resolved once and kept.
pub fn profile(spec: &str) -> Result<Rc<Profile>, Failure> {
    if let Some(p) = PROFILES.with(|c| {
        c.borrow()
            .iter()
            .find(|(s, _)| s == spec)
            .map(|(_, p)| p.clone())
    }) {
        return Ok(p);
    }
    let p = if dxlower::targets::builtin_text(spec).is_some() {
        dxlower::profile(spec).map_err(Failure::profile)?
    } else if spec.trim_start().starts_with('(') {
        dxlower::profile_from_ron(spec, "profile").map_err(Failure::profile)?
    } else {
        return Err(Failure::invalid(format!(
            "unknown profile `{spec}` (built-in: {}; or pass a profile's RON text)",
            profiles().join(", ")
        )));
    };
    let p = Rc::new(p);
    PROFILES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() == PROFILE_CACHE {
            c.remove(0);
        }
        c.push((spec.to_string(), p.clone()));
    });
    Ok(p)
}

/// Translates one vertex or pixel shader (a DXBC container) under a
/// profile.
pub fn translate(bytes: &[u8], profile_spec: &str) -> Result<Translated, Failure> {
    let profile = profile(profile_spec)?;
    match dxlower::translate(bytes, &profile) {
        Ok(stage) => Ok(Translated {
            manifest: json(&stage.record),
            glsl: stage.glsl,
        }),
        Err(e) => Err(Failure::translate(&e, None, e.to_string())),
    }
}

/// Translates a vertex and a pixel shader so that they link, with the
/// program manifest.
pub fn link(vs: &[u8], ps: &[u8], profile_spec: &str) -> Result<Linked, Failure> {
    let profile = profile(profile_spec)?;
    match dxlower::link(vs, ps, &profile) {
        Ok(program) => Ok(Linked {
            manifest: json(&program.manifest()),
            vs: program.vs.glsl,
            ps: program.ps.glsl,
        }),
        Err(e) => Err(link_failure(&e)),
    }
}

fn link_failure(e: &dxlower::Error) -> Failure {
    use dxlower::{Error, LinkError};
    let reason = e.to_string();
    match e {
        Error::Decode { which, source } => {
            let te = TranslateError::Decode(source.clone());
            Failure::translate(&te, Some(which), reason)
        }
        Error::Link(LinkError::Stage { which, source }) => {
            Failure::translate(source, Some(which), reason)
        }
        Error::Link(LinkError::WrongStage { which, .. }) => {
            let mut m = Failure::fields("invalid", reason.clone(), reason);
            m.insert("stage".into(), (*which).into());
            Failure::from_map(m)
        }
        Error::Registry(_) => Failure::from_map(Failure::fields("failed", reason.clone(), reason)),
    }
}

/// The fxc-style listing of a shader, as `dxlower disasm FILE` prints it
/// (the dialect of the compiler its RDEF names; checksum checked).
pub fn disasm(bytes: &[u8]) -> Result<String, Failure> {
    let shader = dxlower::dxbc::parse(bytes).map_err(|e| {
        let te = TranslateError::Decode(e);
        Failure::translate(&te, None, te.to_string())
    })?;
    Ok(dxlower::dxbc::disasm::disassemble_shader(&shader))
}

/// What [`effect`] builds a package with.
#[derive(Clone, Debug)]
pub struct EffectOptions<'a> {
    /// The profile: a built-in name or RON text (`dxlower effect`
    /// defaults to `ccpwgl`, the ABI of the public CEWG loader).
    pub profile: &'a str,
    /// The input path, as recorded in INFO and META (`sourcePath`,
    /// `effectName`).
    pub source_path: &'a str,
    /// The build time, ISO-8601 UTC, as recorded in INFO and META (the
    /// module reads no clock: the package's wrapper gives the page's).
    pub generated_at: &'a str,
    /// Permutations to package, each `axis=option,axis=option` (axes not
    /// named take their default); empty: every permutation.
    pub permutations: &'a [String],
}

/// A CEWG package built from an effect container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectBuilt {
    /// The package bytes, as `dxlower effect -o` writes them.
    pub bytes: Vec<u8>,
    /// What became of each program, as JSON: `line` (the summary line
    /// `dxlower effect` prints), `programs` (`sha1`, `stage`, `status`,
    /// and `reason` and `key` for a program that did not translate), the
    /// counts by status (`translated`, `refused`, `unsupported`,
    /// `invalid`, `failed`, `decodeFailed`), `passes`, `linkedPasses`,
    /// `incompletePasses`, `shaders`, `bodies`, `variants`, and `reasons`
    /// (`status`, `key`, `count`, most frequent first).
    pub summary: String,
}

/// Builds the CEWG package of a Carbon effect container (`.sm_hi`,
/// `.sm_lo`, `.sm_depth`): every distinct program translated once, every
/// pass linked, the Carbon reflection as META; the bytes `dxlower effect`
/// writes for the same options.
///
/// Fails with `decode_failed` (with `field` and `byte`) for a container
/// the reader rejects, `failed` (with `field`, the stage key, and
/// `program`) when a Carbon record and its DXBC program disagree, and
/// `invalid` for a profile or permutation it cannot use. A program that
/// does not translate is not a failure: the package records it and the
/// summary gives its reason.
pub fn effect(bytes: &[u8], o: &EffectOptions<'_>) -> Result<EffectBuilt, Failure> {
    let profile = profile(o.profile)?;
    let effect = dxlower_carbon_effect::parse(bytes).map_err(|e| {
        let key = format!("effect: {}", e.kind);
        let mut m = Failure::fields("decode_failed", e.to_string(), key);
        m.insert("field".into(), e.field.clone().into());
        m.insert("byte".into(), e.offset.into());
        Failure::from_map(m)
    })?;
    let rows = dxlower_cewg::select_rows(&effect, o.permutations)
        .map_err(|e| Failure::invalid(format!("permutation {e}")))?;
    let opts = dxlower_cewg::Options {
        profile: (*profile).clone(),
        source_path: o.source_path.to_string(),
        generated_at: o.generated_at.to_string(),
        rows,
        translator: format!("dxlower {}", version()),
    };
    let pkg = dxlower_cewg::build(&effect, &opts, &mut |_, _| {}).map_err(|e| {
        let reason = e.to_string();
        match e {
            dxlower_cewg::BuildError::Mismatch { stage, sha1, .. } => {
                let key = "Carbon record and DXBC disagree".to_string();
                let mut m = Failure::fields("failed", reason, key);
                m.insert("field".into(), stage.into());
                m.insert("program".into(), format!("dxbc_{sha1}").into());
                Failure::from_map(m)
            }
            dxlower_cewg::BuildError::Row(_) => Failure::invalid(reason),
        }
    })?;
    Ok(EffectBuilt {
        bytes: pkg.to_bytes(),
        summary: effect_summary(&pkg.summary).to_string(),
    })
}

fn effect_summary(s: &dxlower_cewg::Summary) -> Value {
    let programs: Vec<Value> = s
        .programs
        .iter()
        .map(|p| {
            let mut m = Map::new();
            m.insert("sha1".into(), p.sha1.clone().into());
            m.insert("stage".into(), p.stage.name().into());
            m.insert("status".into(), p.status.clone().into());
            if let Some(r) = &p.reason {
                m.insert("reason".into(), r.clone().into());
            }
            if let Some(k) = &p.reason_key {
                m.insert("key".into(), k.clone().into());
            }
            Value::Object(m)
        })
        .collect();
    let reasons: Vec<Value> = s
        .reasons()
        .into_iter()
        .map(|(status, key, count)| {
            serde_json::json!({ "status": status, "key": key, "count": count })
        })
        .collect();
    serde_json::json!({
        "line": s.line(),
        "programs": programs,
        "translated": s.count("translated"),
        "refused": s.count("refused"),
        "unsupported": s.count("unsupported"),
        "invalid": s.count("invalid"),
        "failed": s.count("failed"),
        "decodeFailed": s.count("decode_failed"),
        "passes": s.passes,
        "linkedPasses": s.complete_passes,
        "incompletePasses": s.passes - s.complete_passes,
        "shaders": s.shaders,
        "bodies": s.bodies,
        "variants": s.variants,
        "reasons": reasons,
    })
}

/// The built-in profile names.
pub fn profiles() -> Vec<&'static str> {
    dxlower::targets::names().collect()
}

/// The package version (the workspace's).
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// How many handlers registered (0 when the registrations were lost).
pub fn handler_count() -> usize {
    dxlower::core::Registry::global().map_or(0, |r| r.handlers().len())
}

/// How many passes and profile sections registered.
pub fn registration_counts() -> (usize, usize) {
    (
        dxlower::core::pass::passes().map_or(0, |p| p.len()),
        dxlower::core::profile::sections().len(),
    )
}

/// Checks the registry at start-up: every handled opcode of the opcode
/// table has its handler. Returns the handler count.
pub fn check_registry() -> Result<usize, Failure> {
    let n = handler_count();
    if n == 0 {
        return Err(Failure::invalid_state(
            "no handler registered: the lowering families were not linked into this module".into(),
        ));
    }
    dxlower::registry().map_err(Failure::invalid_state)?;
    Ok(n)
}

impl Failure {
    fn invalid_state(reason: String) -> Failure {
        Failure::from_map(Failure::fields("failed", reason.clone(), reason))
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxlower::dxbc::{Coverage, Opcode};
    use serde_json::Value;

    fn corpus(file: &str) -> Vec<u8> {
        let dir = std::env::var_os("DXLOWER_CORPUS_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus").into());
        std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
    }

    fn fields(f: Failure) -> Value {
        serde_json::from_str(&f.json).expect("a failure is JSON")
    }

    #[test]
    fn every_handled_opcode_of_the_table_has_its_handler() {
        let n = check_registry().expect("the registry is complete");
        assert_eq!(n, handler_count());
        let reg = dxlower::core::Registry::global().expect("registry");
        let handled = Opcode::ALL
            .iter()
            .filter(|op| matches!(op.coverage(), Some(Coverage::Handled { .. })))
            .count();
        assert_eq!(reg.by_opcode().count(), handled);
        let (passes, sections) = registration_counts();
        assert!(
            passes > 0 && sections > 0,
            "{passes} passes, {sections} sections"
        );
    }

    #[test]
    fn a_refusal_carries_its_site_and_what_lifts_it() {
        let bytes = corpus("angle/buffertotexture11_ps_4f.ps.dxbc");
        let f = fields(translate(&bytes, "webgl2").unwrap_err());
        assert_eq!(f["status"], "refused");
        assert_eq!(f["key"], "buffer t#");
        assert_eq!(f["opcode"], "dcl_resource");
        assert_eq!(f["dword"], 2);
        assert_eq!(f["liftedBy"]["kind"], "switch");
        assert_eq!(f["liftedBy"]["switch"], "texture_buffers");
        assert_eq!(f["liftedBy"]["value"], "Emulate");
        // The reason is the CLI's message, word for word.
        let native = dxlower::translate(&bytes, &dxlower::profile("webgl2").unwrap()).unwrap_err();
        assert_eq!(f["reason"], native.to_string());
        // RON text lifts it.
        let lifted = "(extends: Some(\"webgl2\"), decl_io: (texture_buffers: Emulate))";
        let t = translate(&bytes, lifted).expect("the switch lifts the refusal");
        assert!(t.glsl.starts_with("#version 300 es"));
    }

    #[test]
    fn profiles_are_names_or_ron_text_and_never_files() {
        let f = fields(translate(b"", "webgl3").unwrap_err());
        assert_eq!(f["status"], "invalid");
        assert!(f["reason"]
            .as_str()
            .unwrap()
            .contains("unknown profile `webgl3`"));
        let f = fields(translate(b"", "(nan_exactt: true)").unwrap_err());
        assert_eq!(f["status"], "invalid");
        assert!(f["reason"].as_str().unwrap().contains("nan_exactt"), "{f}");
        // A path is not read (the `fs` feature is off here).
        let f = fields(translate(b"", "(extends: Some(\"/etc/profile.ron\"))").unwrap_err());
        assert_eq!(f["status"], "invalid");
        assert_eq!(profiles(), ["webgl2", "webgl2-fast", "ccpwgl", "native"]);
    }

    #[test]
    fn link_reports_the_stage_and_disasm_lists() {
        let vs = corpus("dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc");
        let ps = corpus("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc");
        let l = link(&vs, &ps, "native").expect("the pair links");
        let m: Value = serde_json::from_str(&l.manifest).unwrap();
        assert!(!m["attributes"].as_array().unwrap().is_empty());
        let f = fields(link(&ps, &vs, "native").unwrap_err());
        assert_eq!(f["status"], "invalid");
        assert_eq!(f["stage"], "vs");
        let f = fields(link(&vs, b"DXBC", "native").unwrap_err());
        assert_eq!(f["status"], "decode_failed");
        assert_eq!(f["stage"], "ps");
        // The listing `dxlower disasm` prints.
        let listing = disasm(&ps).unwrap();
        assert!(listing.lines().any(|l| l == "ps_5_0"), "{listing}");
    }

    fn effect_options<'a>(profile: &'a str, permutations: &'a [String]) -> EffectOptions<'a> {
        EffectOptions {
            profile,
            source_path: "skinned.sm_hi",
            generated_at: "2026-01-02T03:04:05.678Z",
            permutations,
        }
    }

    #[test]
    fn an_effect_package_is_the_library_s_and_its_summary_counts_it() {
        let bytes = dxlower_tests::effects::skinned_effect();
        let built = effect(&bytes, &effect_options("webgl2", &[])).expect("packaged");
        let e = dxlower_carbon_effect::parse(&bytes).unwrap();
        let opts = dxlower_cewg::Options {
            profile: dxlower::profile("webgl2").unwrap(),
            source_path: "skinned.sm_hi".into(),
            generated_at: "2026-01-02T03:04:05.678Z".into(),
            rows: None,
            translator: format!("dxlower {}", env!("CARGO_PKG_VERSION")),
        };
        let pkg = dxlower_cewg::build(&e, &opts, &mut |_, _| {}).unwrap();
        assert_eq!(built.bytes, pkg.to_bytes());
        let s: Value = serde_json::from_str(&built.summary).unwrap();
        assert_eq!(s["line"], pkg.summary.line());
        assert_eq!(s["refused"], 1);
        assert_eq!(s["translated"], 1);
        assert_eq!(s["incompletePasses"], 2);
        let refused = s["programs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["status"] == "refused")
            .expect("the skinned VS is refused under webgl2");
        assert_eq!(refused["stage"], "vertex");
        assert_eq!(s["reasons"][0]["key"], refused["key"]);
        assert_eq!(s["reasons"][0]["count"], 1);
    }

    #[test]
    fn effect_failures_name_the_field_and_byte() {
        let bytes = dxlower_tests::effects::skinned_effect();
        let f = fields(effect(&bytes[..100], &effect_options("ccpwgl", &[])).unwrap_err());
        assert_eq!(f["status"], "decode_failed");
        assert!(f["byte"].as_u64().is_some(), "{f}");
        assert!(f["reason"]
            .as_str()
            .unwrap()
            .starts_with(f["field"].as_str().unwrap()));
        let bad = ["SKINNING=SKINNING_7".to_string()];
        let f = fields(effect(&bytes, &effect_options("ccpwgl", &bad)).unwrap_err());
        assert_eq!(f["status"], "invalid");
        assert!(f["reason"]
            .as_str()
            .unwrap()
            .starts_with("permutation SKINNING=SKINNING_7: "));
        let one = ["SKINNING=SKINNING_0".to_string()];
        let built = effect(&bytes, &effect_options("ccpwgl", &one)).unwrap();
        let s: Value = serde_json::from_str(&built.summary).unwrap();
        assert_eq!(s["variants"], 1);
    }
}
