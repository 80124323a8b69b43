//! CEWG packages built from effect containers the test helpers write:
//! every pass links (glslang, Mesa), the META names everything the
//! container declares, BITANGENT inputs are `in_BITANGENT<n>`, refusals
//! are recorded with their reason, Carbon/DXBC disagreements stop the
//! build naming both, and one package's JSON is pinned by a snapshot.

use dxlower_carbon_effect::{parse, register_type, Effect, USAGE_NAMES};
use dxlower_cewg::{build, read_chunks, Options, Package};
use dxlower_dxbc::ProgramType;
use dxlower_lowerings as _;
use dxlower_tests::effects::{self, package_json, package_passes, OwnedStage};

fn profile(name: &str) -> dxlower_core::Profile {
    dxlower_targets::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn options(profile_name: &str) -> Options {
    Options {
        profile: profile(profile_name),
        source_path: "res:/graphics/effect.dx11/test/skinned.sm_hi".into(),
        generated_at: "2026-12-04T00:00:00.000Z".into(),
        rows: None,
        translator: "dxlower (tests)".into(),
    }
}

fn package(bytes: &[u8], profile_name: &str) -> Package {
    let e = parse(bytes).unwrap_or_else(|e| panic!("{e}"));
    build(&e, &options(profile_name), &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"))
}

/// Every pass has both sources and links with glslang and on Mesa.
fn assert_every_pass_links(bytes: &[u8]) -> usize {
    let passes = package_passes(bytes);
    assert!(!passes.is_empty());
    for p in &passes {
        let vs =
            p.vs.as_deref()
                .unwrap_or_else(|| panic!("{}: no VS source", p.key));
        let ps =
            p.ps.as_deref()
                .unwrap_or_else(|| panic!("{}: no PS source", p.key));
        dxlower_tests::glslang(vs, ProgramType::Vertex)
            .unwrap_or_else(|e| panic!("{}: {e}", p.key));
        dxlower_tests::glslang(ps, ProgramType::Pixel).unwrap_or_else(|e| panic!("{}: {e}", p.key));
        dxlower_glslang::glslang_link(vs, ps)
            .unwrap_or_else(|e| panic!("{}: glslang link: {e}", p.key));
        dxlower_tests::build::gles_link(vs, ps)
            .unwrap_or_else(|e| panic!("{}: Mesa link: {e}", p.key));
    }
    passes.len()
}

/// Every constant, texture, sampler and pipeline input of every stage of
/// the container is named by the META stage of the same key.
fn assert_meta_names_everything(effect: &Effect<'_>, bytes: &[u8]) {
    let (_, meta, _) = package_json(bytes);
    let mut checked = 0;
    for entry in &effect.bodies {
        let key = format!("body_{}_{}", entry.offset, entry.size);
        let mbody = meta["bodies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["key"] == key.as_str());
        let mbody = mbody.unwrap_or_else(|| panic!("META has no {key}"));
        let stages = mbody["manifest"]["stages"].as_array().unwrap();
        let mut k = 0;
        for t in &entry.body.techniques {
            for (p, pass) in t.passes.iter().enumerate() {
                for st in &pass.stages {
                    let m = &stages[k];
                    k += 1;
                    assert_eq!(m["techniqueName"], t.name.as_str());
                    assert_eq!(m["passIndex"], p);
                    assert_eq!(m["stageName"], st.stage.name());
                    let names: Vec<String> = m["bindings"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .flat_map(|b| {
                            let mut v = vec![b["metadataName"].as_str().unwrap_or("").to_string()];
                            for c in b["carbon"]["constants"].as_array().into_iter().flatten() {
                                v.push(c["name"].as_str().unwrap().to_string());
                            }
                            v
                        })
                        .collect();
                    for c in &st.data.constants {
                        assert!(
                            names.contains(&c.name),
                            "{key}: constant {} missing",
                            c.name
                        );
                        checked += 1;
                    }
                    for x in &st.data.textures {
                        assert!(names.contains(&x.name), "{key}: texture {} missing", x.name);
                        checked += 1;
                    }
                    for s in st.data.samplers.iter().filter(|s| s.is_dynamic) {
                        let n = s.name.clone().unwrap_or_default();
                        assert!(names.contains(&n), "{key}: sampler {n} missing");
                        checked += 1;
                    }
                    let regs: Vec<(u64, u64)> = m["bindings"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| {
                            (
                                b["registerType"].as_u64().unwrap(),
                                b["registerIndex"].as_u64().unwrap(),
                            )
                        })
                        .collect();
                    for r in &st.data.registers {
                        let rt = if r.register_type == register_type::SAMPLER {
                            1
                        } else {
                            r.register_type
                        };
                        assert!(
                            regs.contains(&(u64::from(rt), u64::from(r.index))),
                            "{key}: register {r:?}"
                        );
                    }
                    let inputs = m["pipelineInputs"].as_array().unwrap();
                    assert_eq!(inputs.len(), st.pipeline_inputs.len());
                    for (j, i) in inputs.iter().zip(&st.pipeline_inputs) {
                        assert_eq!(j["usageName"], USAGE_NAMES[i.usage as usize]);
                        assert_eq!(j["registerIndex"], i.register);
                        assert_eq!(j["usedMask"], i.used_mask);
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(k, stages.len(), "{key}: stage count");
    }
    assert!(checked > 0);
}

#[test]
fn skinned_effect_package_links_and_names_everything() {
    let bytes = effects::skinned_effect();
    let effect = parse(&bytes).unwrap();
    let pkg = package(&bytes, "ccpwgl");
    assert_eq!(pkg.summary.count("translated"), 2, "{}", pkg.summary.line());
    assert_eq!(pkg.summary.passes, 2);
    assert_eq!(pkg.summary.complete_passes, 2);
    let out = pkg.to_bytes();
    let tags: Vec<[u8; 4]> = read_chunks(&out)
        .unwrap()
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(tags, vec![*b"INFO", *b"META", *b"GLSL"]);
    assert_eq!(assert_every_pass_links(&out), 2);
    assert_meta_names_everything(&effect, &out);
    let passes = package_passes(&out);
    let vs = passes[0].vs.as_deref().unwrap();
    // The BITANGENT contract: the META says BITANGENT, so the GLSL does.
    assert!(vs.contains("in_BITANGENT0"), "{vs}");
    assert!(!vs.contains("in_BINORMAL0"), "{vs}");
    // ccpwgl binds every attribute with vertexAttribPointer.
    assert!(vs.contains("in highp vec4 in_BLENDINDICES0;"), "{vs}");
    // Every used META input is named in the source exactly as a runtime
    // looks for it.
    for i in passes[0].vs_meta["pipelineInputs"].as_array().unwrap() {
        let name = format!("in_{}{}", i["usageName"].as_str().unwrap(), i["usageIndex"]);
        assert!(vs.contains(&name), "{name} not in the VS");
    }
    // BoneTransforms found by its Carbon name and spliced into cb3.
    assert!(
        vs.contains("// CEWG: BoneTransforms lowered to cb3 JointMat rows."),
        "{vs}"
    );
    let ps = passes[0].ps.as_deref().unwrap();
    assert_eq!(ps.matches("TEX_with_SMPs0;").count(), 14, "{ps}");
    let (info, _, glsl) = package_json(&out);
    assert_eq!(info["permutationCount"], 2);
    assert_eq!(info["uniqueBodyCount"], 1);
    assert_eq!(info["uniqueShaderCount"], 2);
    assert_eq!(info["failedShaderCount"], 0);
    assert_eq!(
        glsl["variants"][0]["bodyKey"], glsl["variants"][1]["bodyKey"],
        "aliased rows"
    );
    let key = glsl["shaders"][0]["key"].as_str().unwrap();
    let vs_bytes = effect.bytes(&effect.bodies[0].body.techniques[0].passes[0].stages[0].program);
    assert_eq!(
        key,
        format!("dxbc_{}", dxlower_carbon_effect::sha1_hex(vs_bytes))
    );
}

#[test]
fn skinned_effect_package_snapshot() {
    let pkg = package(&effects::skinned_effect(), "ccpwgl");
    let text = format!(
        "INFO {}\nMETA {}\nGLSL {}\n",
        pkg.info.pretty(),
        pkg.meta.pretty(),
        pkg.glsl.pretty()
    );
    insta::assert_snapshot!(text);
}

#[test]
fn three_axis_corpus_effect_links_every_pass() {
    let passes = effects::corpus_passes(&profile("ccpwgl"), 4);
    let bytes = effects::three_axis_effect(&passes);
    let effect = parse(&bytes).unwrap();
    assert_eq!(effect.rows.len(), 12);
    assert_eq!(effect.bodies.len(), 4);
    for name in ["ccpwgl", "webgl2", "native"] {
        let pkg = package(&bytes, name);
        let out = pkg.to_bytes();
        let n = assert_every_pass_links(&out);
        assert_eq!(n, 7, "{name}");
        assert_meta_names_everything(&effect, &out);
        let (info, meta, glsl) = package_json(&out);
        assert_eq!(info["permutationCount"], 12);
        assert_eq!(meta["variants"].as_array().unwrap().len(), 12);
        // GLSL.variants: permutation index → body, mixed radix, axis 0
        // fastest (row 4 = FOG 0, QUALITY 2, CLIP 0).
        let body_of = |r: usize| glsl["variants"][r]["bodyKey"].as_str().unwrap().to_string();
        assert_eq!(
            body_of(4),
            format!("body_{}_{}", effect.bodies[3].offset, effect.bodies[3].size)
        );
        assert_eq!(meta["variants"][4]["options"][1]["value"], "QUALITY_2");
        assert_eq!(body_of(0), body_of(2), "aliased rows share a body");
    }
}

#[test]
fn selected_permutations_package_only_their_bodies() {
    let passes = effects::corpus_passes(&profile("ccpwgl"), 4);
    let bytes = effects::three_axis_effect(&passes);
    let effect = parse(&bytes).unwrap();
    let row = effect.select(&[("QUALITY", "QUALITY_2")]).unwrap();
    let mut o = options("ccpwgl");
    o.rows = Some(vec![row]);
    let pkg = build(&effect, &o, &mut |_, _| {}).unwrap();
    let (info, meta, _) = package_json(&pkg.to_bytes());
    assert_eq!(info["packageKind"], "tr2-effect-webgl");
    assert_eq!(info["permutationCount"], 1);
    assert_eq!(meta["bodies"].as_array().unwrap().len(), 1);
}

#[test]
fn refused_programs_have_a_reason_and_no_source() {
    // webgl2 has no BoneTransforms ABI: the skinned VS is refused.
    let bytes = effects::skinned_effect();
    let pkg = package(&bytes, "webgl2");
    assert_eq!(pkg.summary.count("refused"), 1, "{}", pkg.summary.line());
    assert_eq!(pkg.summary.complete_passes, 0);
    let (info, _, glsl) = package_json(&pkg.to_bytes());
    assert_eq!(info["failedShaderCount"], 1);
    assert_eq!(info["translatedShaderCount"], 1);
    assert_eq!(info["incompleteRasterPassCount"], 2);
    let vs = glsl["shaders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["stageName"] == "vertex")
        .unwrap();
    assert!(vs["source"].is_null());
    assert_eq!(vs["translator"]["status"], "refused");
    assert!(
        vs["translator"]["reason"]
            .as_str()
            .unwrap()
            .contains("structured"),
        "{vs}"
    );
}

/// An edit of the VS and PS records.
type Edit = fn(&mut OwnedStage, &mut OwnedStage);

#[test]
fn carbon_and_dxbc_disagreements_name_both() {
    let cases: [(&str, Edit); 6] = [
        ("register", |vs, _| vs.pipeline_inputs[1].register = 5),
        ("mask", |vs, _| vs.pipeline_inputs[0].used_mask = 15),
        ("type", |vs, _| vs.pipeline_inputs[3].ty = 0),
        ("type", |_, ps| ps.data.textures[12].ty = 2),
        ("buffer size", |_, ps| ps.data.constants[1].offset = 64),
        ("register", |_, ps| ps.data.textures[0].register = 20),
    ];
    for (what, edit) in cases {
        let (mut vs, mut ps) = (effects::skinned_vs(), effects::fourteen_ps());
        edit(&mut vs, &mut ps);
        let bytes = effects::effect(vec![], vec![effects::body(vec![vec![vs, ps]])], vec![0]);
        let e = parse(&bytes).unwrap();
        let msg = build(&e, &options("ccpwgl"), &mut |_, _| {})
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("Carbon") && msg.contains(&format!("({what})")),
            "{what}: {msg}"
        );
        assert!(msg.contains("DXBC"), "{msg}");
        assert!(msg.contains("body_") && msg.contains("dxbc_"), "{msg}");
    }
}

#[test]
fn framing_is_checked_like_the_loader() {
    let pkg = package(&effects::skinned_effect(), "ccpwgl").to_bytes();
    let mut extra = pkg.clone();
    extra.push(0);
    assert!(read_chunks(&extra).unwrap_err().contains("trailing"));
    assert!(read_chunks(&pkg[..pkg.len() - 1])
        .unwrap_err()
        .contains("truncated"));
    let mut v2 = pkg.clone();
    v2[4] = 2;
    assert!(read_chunks(&v2).unwrap_err().contains("version"));
    // Compact JSON with one trailing newline per chunk.
    for (_, payload) in read_chunks(&pkg).unwrap() {
        assert_eq!(payload.last(), Some(&b'\n'));
        assert!(!payload[..payload.len() - 1].contains(&b'\n'));
    }
}
