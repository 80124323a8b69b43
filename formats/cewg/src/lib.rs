//! # dxlower-cewg
//!
//! Builds CEWG packages (`*.sm_converted_hi`, the format the WebGL runtimes
//! load, docs/cewg-package.md) from Carbon effect containers read by
//! `dxlower-carbon-effect`:
//!
//! 1. every distinct program of the selected permutations (by the SHA-1 of
//!    its bytes) is parsed once and checked against the Carbon record of
//!    every stage that uses it ([`check`]); a disagreement stops the build
//!    with an error naming both;
//! 2. each program is translated once on its own (its status: translated,
//!    or refused/unsupported/failed with the reason), with resource
//!    definitions rebuilt from the Carbon record ([`rdef`]: name-based
//!    profile rules such as `BoneTransforms` and the stubbed light lists
//!    apply) and a profile derived from it ([`stage_profile`]): the
//!    `binormal_to_bitangent` pass with exactly the indices the record
//!    reports as `BITANGENT`, so the GLSL input is `in_BITANGENT<n>` where
//!    the META names it so, and the Carbon names of constants, textures
//!    and samplers as comments ([`names`]);
//! 3. each distinct VS+PS pair of a pass is linked once (`dxlower_core::link`:
//!    one size per constant buffer across the pair, agreed varyings);
//! 4. the package is written: INFO, META (the Carbon reflection), GLSL (one
//!    shader per distinct program text, keyed `dxbc_<sha1>`).
//!
//! A program normally has one text whatever pass it is linked in. When two
//! passes pair it with pixel shaders that make the link agreements differ
//! (a larger constant buffer, a varying only one of them reads), each
//! further text is a shader of its own keyed `dxbc_<sha1>_v<n>`; the stage
//! records point at the text their pass linked.
//!
//! Pure: no files, no clock (the caller gives the time stamp and paths).

pub mod check;
pub mod json;
pub mod meta;
pub mod names;
pub mod rdef;

use dxlower_carbon_effect::{BlobRef, Effect, Stage, StageType, USAGE_BITANGENT};
use dxlower_core::profile::PassSpec;
use dxlower_core::{Profile, StageInput, TranslateError};
use dxlower_dxbc::{ParseOptions, Shader};
use json::J;
use std::collections::{BTreeMap, HashMap};

/// What a package is built with.
#[derive(Clone, Debug)]
pub struct Options {
    /// The target profile (the CLI's default is `ccpwgl`, the ABI of the
    /// public loader).
    pub profile: Profile,
    /// The input path, as recorded in INFO and META.
    pub source_path: String,
    /// ISO-8601 UTC time stamp.
    pub generated_at: String,
    /// The rows to package (`None`: every permutation).
    pub rows: Option<Vec<usize>>,
    /// The translator's name and version (`dxlower 0.1.0`).
    pub translator: String,
}

/// Why no package was built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The Carbon record of a stage and its DXBC program disagree.
    #[error("{stage} (program dxbc_{sha1}): {message}")]
    Mismatch {
        /// The stage key (`body_3639_236.Main.pass0.vertex`).
        stage: String,
        /// The program's SHA-1.
        sha1: String,
        /// What disagrees, naming both sides.
        message: String,
    },
    /// A selected row does not exist.
    #[error("row {0} is not in the permutation table")]
    Row(usize),
}

/// How one program fared.
#[derive(Clone, Debug)]
pub struct ProgramStatus {
    /// SHA-1 of its bytes.
    pub sha1: String,
    /// Its stage.
    pub stage: StageType,
    /// `translated`, `decode_failed`, `refused`, `unsupported`, `invalid` or
    /// `failed`.
    pub status: String,
    /// Why it did not translate.
    pub reason: Option<String>,
    /// The reason folded for grouping (`TranslateError::reason_key`).
    pub reason_key: Option<String>,
    /// Its standalone translation, when it translated.
    pub glsl: Option<dxlower_core::StageGlsl>,
}

/// Counts of a build, for the summary line.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Every distinct program, with its standalone status.
    pub programs: Vec<ProgramStatus>,
    /// VS+PS passes (over the packaged bodies).
    pub passes: usize,
    /// Passes whose two stages both have GLSL.
    pub complete_passes: usize,
    /// Shaders in the package (program texts, `null` sources included).
    pub shaders: usize,
    /// Packaged bodies.
    pub bodies: usize,
    /// Packaged variants (permutations).
    pub variants: usize,
}

impl Summary {
    /// Programs with this status.
    pub fn count(&self, status: &str) -> usize {
        self.programs.iter().filter(|p| p.status == status).count()
    }

    /// The reasons programs did not translate, with how many programs
    /// have each: `(status, reason key, count)`, most frequent first
    /// (ties by status, then key).
    pub fn reasons(&self) -> Vec<(&str, &str, usize)> {
        let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        for p in &self.programs {
            if let Some(k) = &p.reason_key {
                *counts.entry((p.status.as_str(), k.as_str())).or_default() += 1;
            }
        }
        let mut v: Vec<(&str, &str, usize)> =
            counts.into_iter().map(|((s, k), n)| (s, k, n)).collect();
        v.sort_by(|a, b| b.2.cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
        v
    }

    /// `N programs: T translated, R refused, U unsupported, I invalid, F failed, D decode failed; P passes: L linked, I incomplete`.
    pub fn line(&self) -> String {
        format!(
            "{} programs: {} translated, {} refused, {} unsupported, {} invalid, {} failed, {} decode failed; {} passes: {} linked, {} incomplete",
            self.programs.len(),
            self.count("translated"),
            self.count("refused"),
            self.count("unsupported"),
            self.count("invalid"),
            self.count("failed"),
            self.count("decode_failed"),
            self.passes,
            self.complete_passes,
            self.passes - self.complete_passes
        )
    }
}

/// A built package.
#[derive(Clone, Debug)]
pub struct Package {
    /// INFO.
    pub info: J,
    /// META.
    pub meta: J,
    /// GLSL.
    pub glsl: J,
    /// Counts.
    pub summary: Summary,
}

impl Package {
    /// The package bytes: `CEWG`, version 1, three chunks (INFO, META,
    /// GLSL), each compact JSON with one trailing newline.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(b"CEWG");
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&3u32.to_le_bytes());
        for (tag, j) in [
            (b"INFO", &self.info),
            (b"META", &self.meta),
            (b"GLSL", &self.glsl),
        ] {
            let mut text = j.compact();
            text.push('\n');
            out.extend_from_slice(tag);
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
            out.extend_from_slice(text.as_bytes());
        }
        out
    }
}

/// The rows a permutation selection names: each spec is
/// `axis=option,axis=option` (axes it does not name take their default),
/// duplicates dropped, in the order given; no specs is `None` (every
/// permutation). An error starts with the spec it is about.
pub fn select_rows<S: AsRef<str>>(
    effect: &Effect<'_>,
    specs: &[S],
) -> Result<Option<Vec<usize>>, String> {
    if specs.is_empty() {
        return Ok(None);
    }
    let mut rows = Vec::new();
    for spec in specs {
        let spec = spec.as_ref();
        let mut picks = Vec::new();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (axis, option) = part
                .split_once('=')
                .ok_or_else(|| format!("{spec}: `{part}` is not axis=option"))?;
            picks.push((axis.trim(), option.trim()));
        }
        let row = effect.select(&picks).map_err(|e| format!("{spec}: {e}"))?;
        if !rows.contains(&row) {
            rows.push(row);
        }
    }
    Ok(Some(rows))
}

/// A chunk: its tag and payload.
pub type Chunk<'a> = ([u8; 4], &'a [u8]);

/// What became of a stage: its GLSL, or (status, reason).
type Outcome = Result<String, (String, String)>;

/// The two texts of a linked pass.
type Pair = (String, String);

/// Reads a package's framing: its chunks as (tag, payload). Fails as the
/// public loader does: bad magic or version, a short chunk, or bytes after
/// the last chunk.
pub fn read_chunks(bytes: &[u8]) -> Result<Vec<Chunk<'_>>, String> {
    let u32_at = |at: usize| -> Result<u32, String> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    if bytes.get(..4) != Some(b"CEWG") {
        return Err("not a CEWG package (magic)".into());
    }
    let version = u32_at(4)?;
    if version != 1 {
        return Err(format!("CEWG version {version}, expected 1"));
    }
    let count = u32_at(8)?;
    let mut at = 12usize;
    let mut out = Vec::new();
    for i in 0..count {
        let tag = bytes
            .get(at..at + 4)
            .ok_or_else(|| format!("chunk {i} tag truncated at byte {at}"))?;
        let size = u32_at(at + 4)? as usize;
        let payload = bytes.get(at + 8..at + 8 + size).ok_or_else(|| {
            format!(
                "chunk {i} payload of {size} bytes truncated at byte {}",
                at + 8
            )
        })?;
        out.push(([tag[0], tag[1], tag[2], tag[3]], payload));
        at += 8 + size;
    }
    if at != bytes.len() {
        return Err(format!(
            "{} trailing bytes after the last chunk",
            bytes.len() - at
        ));
    }
    Ok(out)
}

/// A stage use: (body index, technique, pass, stage).
type Use = (usize, usize, usize, usize);

/// The profile a program (one stage, or a linked VS+PS pair) is
/// translated with: `base`, with
/// - the `binormal_to_bitangent` pass set to the indices the vertex
///   stage's Carbon record reports as `BITANGENT` (and removed when it
///   reports none), so the GLSL names the input exactly as the META does;
/// - the `carbon_names` pass ([`names`]) with each stage's Carbon names.
pub fn stage_profile(base: &Profile, stages: &[&Stage<BlobRef>]) -> Profile {
    let mut p = base.clone();
    p.passes
        .retain(|s| s.name != "binormal_to_bitangent" && s.name != names::PASS);
    let mut indices: Vec<u8> = stages
        .iter()
        .filter(|st| st.stage == StageType::Vertex)
        .flat_map(|st| &st.pipeline_inputs)
        .filter(|i| i.usage == USAGE_BITANGENT)
        .map(|i| i.usage_index)
        .collect();
    indices.sort_unstable();
    indices.dedup();
    if !indices.is_empty() {
        let list: Vec<String> = indices.iter().map(u8::to_string).collect();
        p.passes.insert(
            0,
            PassSpec {
                name: "binormal_to_bitangent".into(),
                params: [("indices".to_string(), list.join(","))]
                    .into_iter()
                    .collect(),
            },
        );
    }
    let params: std::collections::BTreeMap<String, String> = stages
        .iter()
        .filter(|st| matches!(st.stage, StageType::Vertex | StageType::Pixel))
        .filter_map(|st| Some((st.stage.name().to_string(), names::lines(st)?)))
        .collect();
    if !params.is_empty() {
        p.passes.push(PassSpec {
            name: names::PASS.into(),
            params,
        });
    }
    p
}

fn input<'a>(shader: &'a Shader, rdef: &'a dxlower_dxbc::Rdef) -> StageInput<'a> {
    let mut i = dxlower_core::stage_input(shader);
    i.rdef = Some(rdef);
    i
}

struct Prog<'e> {
    sha1: String,
    stage: StageType,
    blob: BlobRef,
    first: Use,
    parsed: Result<Shader, String>,
    /// The standalone translation.
    alone: Outcome,
    /// The standalone stage and the folded reason.
    stage_glsl: Option<dxlower_core::StageGlsl>,
    reason_key: Option<String>,
    _e: std::marker::PhantomData<&'e ()>,
}

fn err_pair(e: &TranslateError) -> (String, String) {
    (e.status().as_str().to_string(), e.to_string())
}

/// Builds the package of `effect`; `progress(done, total)` is called after
/// each program is translated.
pub fn build(
    effect: &Effect<'_>,
    opts: &Options,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Package, BuildError> {
    let rows: Vec<usize> = match &opts.rows {
        Some(r) => r.clone(),
        None => (0..effect.rows.len()).collect(),
    };
    if let Some(&r) = rows.iter().find(|&&r| r >= effect.rows.len()) {
        return Err(BuildError::Row(r));
    }
    let mut bodies: Vec<usize> = rows.iter().map(|&r| effect.row_body[r]).collect();
    bodies.sort_unstable();
    bodies.dedup();
    let body_key = |b: usize| meta::body_key(effect.bodies[b].offset, effect.bodies[b].size);
    let stage_of = |u: Use| -> &Stage<BlobRef> {
        &effect.bodies[u.0].body.techniques[u.1].passes[u.2].stages[u.3]
    };
    let stage_key = |u: Use| {
        let t = &effect.bodies[u.0].body.techniques[u.1];
        format!(
            "{}.{}",
            body_key(u.0),
            meta::local_key(&t.name, u.2, stage_of(u).stage.name())
        )
    };
    // 1. Distinct programs, parsed once, checked against every use.
    let mut progs: Vec<Prog<'_>> = Vec::new();
    let mut by_sha: HashMap<String, usize> = HashMap::new();
    let mut use_prog: BTreeMap<Use, usize> = BTreeMap::new();
    for &b in &bodies {
        for (t, tech) in effect.bodies[b].body.techniques.iter().enumerate() {
            for (p, pass) in tech.passes.iter().enumerate() {
                for (s, st) in pass.stages.iter().enumerate() {
                    let u = (b, t, p, s);
                    let bytes = effect.bytes(&st.program);
                    let sha1 = dxlower_carbon_effect::sha1_hex(bytes);
                    let i = *by_sha.entry(sha1.clone()).or_insert_with(|| {
                        progs.push(Prog {
                            sha1: sha1.clone(),
                            stage: st.stage,
                            blob: st.program,
                            first: u,
                            parsed: dxlower_dxbc::parse_with(bytes, ParseOptions::unchecked())
                                .map_err(|e| e.to_string()),
                            alone: Err((String::new(), String::new())),
                            stage_glsl: None,
                            reason_key: None,
                            _e: std::marker::PhantomData,
                        });
                        progs.len() - 1
                    });
                    use_prog.insert(u, i);
                    if let Ok(shader) = &progs[i].parsed {
                        check::stage(st, shader).map_err(|message| BuildError::Mismatch {
                            stage: stage_key(u),
                            sha1: sha1.clone(),
                            message,
                        })?;
                    }
                }
            }
        }
    }
    // 2. Each program translated once on its own.
    let total = progs.len();
    for (k, prog) in progs.iter_mut().enumerate() {
        let st = stage_of(prog.first);
        prog.alone = match &prog.parsed {
            Err(e) => {
                prog.reason_key = Some("not a DXBC program".into());
                Err(("decode_failed".into(), format!("not a DXBC program: {e}")))
            }
            Ok(shader) => {
                let (major, minor) = shader.model();
                let rd = rdef::of(st, major, minor);
                let profile = stage_profile(&opts.profile, &[st]);
                match dxlower_core::translate_stage(input(shader, &rd), &profile) {
                    Ok(g) => {
                        let text = g.glsl.clone();
                        prog.stage_glsl = Some(g);
                        Ok(text)
                    }
                    Err(e) => {
                        prog.reason_key = Some(e.reason_key());
                        Err(err_pair(&e))
                    }
                }
            }
        };
        progress(k + 1, total);
    }
    // 3. Each distinct VS+PS pair linked once.
    let mut outcome: BTreeMap<Use, Outcome> = BTreeMap::new();
    let mut linked: HashMap<(usize, usize), Result<Pair, (String, String)>> = HashMap::new();
    let mut passes_total = 0usize;
    let mut passes_complete = 0usize;
    for &b in &bodies {
        for (t, tech) in effect.bodies[b].body.techniques.iter().enumerate() {
            for (p, pass) in tech.passes.iter().enumerate() {
                let find = |want: StageType| {
                    let v: Vec<usize> = (0..pass.stages.len())
                        .filter(|&s| pass.stages[s].stage == want)
                        .collect();
                    (v.len() == 1).then(|| v[0])
                };
                let (Some(vs), Some(ps)) = (find(StageType::Vertex), find(StageType::Pixel)) else {
                    continue;
                };
                passes_total += 1;
                let (uv, up) = ((b, t, p, vs), (b, t, p, ps));
                let (iv, ip) = (use_prog[&uv], use_prog[&up]);
                let result = linked.entry((iv, ip)).or_insert_with(|| {
                    let (Ok(vsh), Ok(psh)) = (&progs[iv].parsed, &progs[ip].parsed) else {
                        return Err(("decode_failed".into(), "a stage is not DXBC".into()));
                    };
                    if progs[iv].alone.is_err() || progs[ip].alone.is_err() {
                        return Err(("refused".into(), "a stage did not translate".into()));
                    }
                    let (svs, sps) = (stage_of(uv), stage_of(up));
                    let rv = rdef::of(svs, vsh.model().0, vsh.model().1);
                    let rp = rdef::of(sps, psh.model().0, psh.model().1);
                    let profile = stage_profile(&opts.profile, &[svs, sps]);
                    dxlower_core::link(input(vsh, &rv), input(psh, &rp), &profile)
                        .map(|g| (g.vs.glsl, g.ps.glsl))
                        .map_err(|e| match &e {
                            dxlower_core::LinkError::Stage { source, .. } => {
                                (source.status().as_str().to_string(), format!("link: {e}"))
                            }
                            _ => ("failed".into(), format!("link: {e}")),
                        })
                });
                match result {
                    Ok((v, f)) => {
                        passes_complete += 1;
                        outcome.insert(uv, Ok(v.clone()));
                        outcome.insert(up, Ok(f.clone()));
                    }
                    Err(e) => {
                        // The stage that translated keeps its own text;
                        // the pass is incomplete.
                        for (u, i) in [(uv, iv), (up, ip)] {
                            let own = progs[i].alone.clone();
                            outcome.insert(
                                u,
                                if own.is_ok()
                                    && !matches!(
                                        e.0.as_str(),
                                        "refused" | "decode_failed" | "invalid"
                                    )
                                {
                                    Err(e.clone())
                                } else {
                                    own
                                },
                            );
                        }
                    }
                }
            }
        }
    }
    // Stages outside a VS+PS pass: their standalone result.
    for (&u, &i) in &use_prog {
        outcome.entry(u).or_insert_with(|| progs[i].alone.clone());
    }
    // 4. Shader keys: one per distinct (program, outcome).
    let mut shaders: Vec<(String, usize, Use, Outcome)> = Vec::new();
    let mut use_key: BTreeMap<Use, String> = BTreeMap::new();
    for (&u, o) in &outcome {
        let i = use_prog[&u];
        let same = shaders.iter().find(|s| s.1 == i && s.3 == *o);
        let key = match same {
            Some(s) => s.0.clone(),
            None => {
                let n = shaders.iter().filter(|s| s.1 == i).count();
                let key = if n == 0 {
                    format!("dxbc_{}", progs[i].sha1)
                } else {
                    format!("dxbc_{}_v{}", progs[i].sha1, n + 1)
                };
                shaders.push((key.clone(), i, u, o.clone()));
                key
            }
        };
        use_key.insert(u, key);
    }
    // The JSON.
    let effect_name = opts.source_path.as_str();
    let axes: Vec<J> = effect.axes.iter().map(meta::axis).collect();
    let variant_key = |r: usize| format!("variant_{r}");
    let mut meta_variants = Vec::new();
    let mut glsl_variants = Vec::new();
    for &r in &rows {
        let b = effect.row_body[r];
        let values = effect.options_of(r);
        let options: Vec<J> = effect
            .axes
            .iter()
            .zip(&values)
            .map(|(a, &v)| {
                obj! {
                    "name" => &a.name,
                    "value" => a.options.get(v).cloned().unwrap_or_default(),
                    "optionIndex" => v,
                    "defaultOption" => a.default_option,
                }
            })
            .collect();
        meta_variants.push(obj! {
            "key" => variant_key(r),
            "variantIndex" => r,
            "permutationIndex" => r,
            "tableIndex" => r,
            "bodyKey" => body_key(b),
            "bodyOffset" => effect.bodies[b].offset,
            "bodySize" => effect.bodies[b].size,
            "options" => J::Arr(options),
            "tableIndexMatchesPermutationIndex" => effect.rows[r].index as usize == r,
        });
        glsl_variants.push(obj! {
            "key" => variant_key(r),
            "permutationIndex" => r,
            "bodyKey" => body_key(b),
        });
    }
    let mut meta_bodies = Vec::new();
    let mut glsl_bodies = Vec::new();
    let mut glsl_stages = Vec::new();
    for &b in &bodies {
        let entry = &effect.bodies[b];
        let first_row = rows
            .iter()
            .copied()
            .find(|&r| effect.row_body[r] == b)
            .unwrap_or(0);
        meta_bodies.push(obj! {
            "key" => body_key(b),
            "bodyOffset" => entry.offset,
            "bodySize" => entry.size,
            "firstVariantKey" => variant_key(first_row),
            "error" => J::Null,
            "manifest" => meta::manifest(effect, &entry.body.techniques, &entry.body.parameters, effect_name),
        });
        let mut keys = Vec::new();
        let mut handle = 0u32;
        for (t, tech) in entry.body.techniques.iter().enumerate() {
            for (p, pass) in tech.passes.iter().enumerate() {
                for (s, st) in pass.stages.iter().enumerate() {
                    handle += 1;
                    let u = (b, t, p, s);
                    let local = meta::local_key(&tech.name, p, st.stage.name());
                    let key = format!("{}.{local}", body_key(b));
                    keys.push(J::from(&key));
                    glsl_stages.push(obj! {
                        "key" => key,
                        "bodyKey" => body_key(b),
                        "localKey" => local,
                        "techniqueName" => &tech.name,
                        "passIndex" => p,
                        "stageType" => st.stage.to_u8(),
                        "stageName" => st.stage.name(),
                        "shaderHandle" => handle,
                        "shaderSize" => st.program.size,
                        "stringTableOffset" => meta::table_offset(&st.program),
                        "shaderKey" => use_key.get(&u).cloned().unwrap_or_default(),
                    });
                }
            }
        }
        glsl_bodies
            .push(obj! { "key" => body_key(b), "error" => J::Null, "stages" => J::Arr(keys) });
    }
    let profile_name = opts.profile.name.clone();
    let glsl_shaders: Vec<J> = shaders
        .iter()
        .map(|(key, i, u, o)| {
            let prog = &progs[*i];
            let bytes = effect.bytes(&prog.blob);
            let (ok, status, reason, source) = match o {
                Ok(text) => (true, "translated".to_string(), None, Some(text.clone())),
                Err((status, reason)) => (false, status.clone(), Some(reason.clone()), None),
            };
            obj! {
                "key" => key,
                "firstStageKey" => stage_key(*u),
                "firstBodyKey" => body_key(u.0),
                "stageName" => prog.stage.name(),
                "shaderSize" => prog.blob.size,
                "stringTableOffset" => meta::table_offset(&prog.blob),
                "isDxbc" => bytes.starts_with(b"DXBC"),
                "translator" => obj! {
                    "name" => &opts.translator,
                    "profile" => &profile_name,
                    "ok" => ok,
                    "status" => status,
                    "reason" => reason.clone(),
                },
                "hlsl2webgl" => obj! {
                    "ok" => ok,
                    "exitCode" => if ok { 0 } else { 1 },
                    "stdout" => "",
                    "stderr" => reason.unwrap_or_default(),
                },
                "source" => source,
            }
        })
        .collect();
    let translated = shaders.iter().filter(|s| s.3.is_ok()).count();
    let mode = if opts.rows.is_some() {
        "selected"
    } else {
        "all"
    };
    let info = obj! {
        "format" => "CEWG",
        "formatVersion" => 1,
        "packageKind" => if opts.rows.is_some() { "tr2-effect-webgl" } else { "tr2-effect-webgl-permutations" },
        "generatedAt" => &opts.generated_at,
        "sourcePath" => &opts.source_path,
        "hlsl2webglPath" => &opts.translator,
        "language" => "es300",
        "flags" => J::Null,
        "permutationMode" => mode,
        "permutationCount" => rows.len(),
        "uniqueBodyCount" => bodies.len(),
        "bodyStageCount" => glsl_stages.len(),
        "uniqueShaderCount" => shaders.len(),
        "translatedShaderCount" => translated,
        "failedShaderCount" => shaders.len() - translated,
        "failedBodyCount" => 0,
        "allowFailures" => true,
        "translator" => obj! { "name" => &opts.translator, "profile" => &profile_name },
        "programCount" => progs.len(),
        "expectedRasterPassCount" => passes_total,
        "completeRasterPassCount" => passes_complete,
        "incompleteRasterPassCount" => passes_total - passes_complete,
    };
    let offsets: Vec<J> = effect
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            obj! {
                "index" => i,
                "offset" => r.offset,
                "size" => r.size,
                "end" => u64::from(r.offset) + u64::from(r.size),
            }
        })
        .collect();
    let compiler = effect.compiler_version.map(u32::from_le_bytes);
    let meta = obj! {
        "generatedAt" => &opts.generated_at,
        "sourcePath" => &opts.source_path,
        "effectResource" => obj! {
            "version" => effect.version,
            "compilerVersion" => compiler,
            "sourcePath" => &opts.source_path,
            "stringTableSize" => effect.arena.bytes.len(),
            "offsetCount" => effect.rows.len(),
            "permutations" => J::Arr(axes.clone()),
            "offsets" => J::Arr(offsets),
            "loadError" => J::Null,
        },
        "permutations" => J::Arr(axes),
        "variants" => J::Arr(meta_variants),
        "bodies" => J::Arr(meta_bodies),
    };
    let glsl = obj! {
        "format" => "CEWG_GLSL_SET",
        "formatVersion" => 1,
        "language" => "es300",
        "permutationMode" => mode,
        "variants" => J::Arr(glsl_variants),
        "bodies" => J::Arr(glsl_bodies),
        "stages" => J::Arr(glsl_stages),
        "shaders" => J::Arr(glsl_shaders),
    };
    let summary = Summary {
        programs: progs
            .iter()
            .map(|p| ProgramStatus {
                sha1: p.sha1.clone(),
                stage: p.stage,
                status: match &p.alone {
                    Ok(_) => "translated".into(),
                    Err((s, _)) => s.clone(),
                },
                reason: p.alone.as_ref().err().map(|e| e.1.clone()),
                reason_key: p.reason_key.clone(),
                glsl: p.stage_glsl.clone(),
            })
            .collect(),
        passes: passes_total,
        complete_passes: passes_complete,
        shaders: shaders.len(),
        bodies: bodies.len(),
        variants: rows.len(),
    };
    Ok(Package {
        info,
        meta,
        glsl,
        summary,
    })
}
