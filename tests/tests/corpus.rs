//! The corpus sweep: every blob of `../shared/corpus` through the whole
//! pipeline with the `webgl2` profile, every produced stage compiled by
//! glslang as GLSL ES 3.00.
//!
//! Contract (issue 3): every file decodes; no VS/PS ends as `failed`
//! (invalid GLSL or an internal error); every GS/HS/DS/CS is refused; each
//! VS/PS is `validated`, `refused` with a reason, or `unsupported` (an
//! opcode whose family has no handler yet), except the few invalid on
//! purpose ([`INVALID_FILES`]), which are `invalid` with the rule broken.

use dxlower_core::sweep::{count, sweep_one, FileResult, Validator};
use dxlower_core::Status;
use dxlower_tests::{corpus_dir, manifest};
use rayon::prelude::*;
use std::collections::BTreeMap;

use dxlower_lowerings as _;

/// The number of corpus VS/PS that must validate under webgl2. Raise it as
/// families land; it never goes down (it went from 1604 to 1340 when the
/// WebGL2 resource minimums became checks: 264 shaders write more than
/// four render targets, see [`LIMIT_FLOOR`]).
const VALIDATED_FLOOR: usize = 1344;

/// The number of corpus VS/PS that webgl2 refuses only for a resource
/// limit and that validate under `tests/profiles/webgl2-8rt.ron` (eight
/// draw buffers), so that their code stays checked.
const LIMIT_FLOOR: usize = 264;

/// The corpus VS/PS that are invalid input on purpose (a test of invalid
/// shaders in vkd3d's suite): the only ones that may end as `invalid`.
const INVALID_FILES: [&str; 1] =
    ["vkd3d/vkd3d_shader_api__test_invalid_shaders__ps_break_code.ps.dxbc"];

#[test]
fn corpus_sweep_webgl2() {
    let profile = dxlower_targets::load("webgl2").expect("webgl2 profile");
    let entries = manifest();
    let dir = corpus_dir();
    let check = |s: &dxlower_core::StageGlsl| {
        dxlower_glslang::glslang(&s.glsl, s.stage).map_err(|e| e.to_string())
    };
    let validator: Validator<'_> = &check;
    let results: Vec<(String, FileResult)> = entries
        .par_iter()
        .map(|e| {
            let r = sweep_one(
                &dir.join(&e.file),
                e.file.clone(),
                &profile,
                Some(validator),
            );
            (e.stage.clone(), r)
        })
        .collect();
    let sm51_vs_ps = entries.iter().zip(&results).filter(|(e, _)| {
        e.json["shader_model"] == "5_1" && matches!(e.stage.as_str(), "vs" | "ps")
    });
    let (sm51_total, sm51_validated) = sm51_vs_ps.fold((0, 0), |(n, v), (_, (_, r))| {
        (n + 1, v + usize::from(r.status == Status::Validated))
    });
    let files: Vec<FileResult> = results.iter().map(|(_, r)| r.clone()).collect();
    let c = count(&files);
    println!("{c}");
    println!("{} unsupported", c.unsupported);
    println!("shader model 5.1 VS/PS: {sm51_validated} of {sm51_total} validated");
    let mut reasons: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &files {
        if !r.reason_key.is_empty() {
            *reasons
                .entry((r.status.as_str(), r.reason_key.as_str()))
                .or_default() += 1;
        }
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
    for ((status, key), n) in reasons.iter().take(25) {
        println!("{n:>6}  {status:<13} {key}");
    }
    assert_eq!(c.total, entries.len());
    assert_eq!(c.decoded(), c.total, "every corpus blob decodes");
    let failed: Vec<_> = files
        .iter()
        .filter(|r| r.status == Status::Failed)
        .map(|r| format!("{}: {}", r.file, r.reason))
        .collect();
    assert!(
        failed.is_empty(),
        "{} VS/PS failed:\n{}",
        failed.len(),
        failed
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    for (stage, r) in &results {
        if !matches!(stage.as_str(), "vs" | "ps") {
            assert_eq!(r.status, Status::Refused, "{} ({stage})", r.file);
        } else {
            assert!(
                matches!(
                    r.status,
                    Status::Validated | Status::Refused | Status::Unsupported
                ) || r.status == Status::Invalid && INVALID_FILES.contains(&r.file.as_str()),
                "{}: {} {}",
                r.file,
                r.status,
                r.reason
            );
            if r.status != Status::Validated {
                assert!(
                    !r.reason.is_empty(),
                    "{}: {} without a reason",
                    r.file,
                    r.status
                );
            }
        }
    }
    assert!(
        c.validated >= VALIDATED_FLOOR,
        "{} validated, floor {VALIDATED_FLOOR}",
        c.validated
    );
    // Shaders refused for a render-target count above the WebGL2 minimum:
    // the refusal names the limit, and under a profile that raises it the
    // same shader translates and validates.
    let raised = dxlower_targets::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/profiles/webgl2-8rt.ron"
    ))
    .expect("tests/profiles/webgl2-8rt.ron");
    assert_eq!(raised.limits.draw_buffers, 8);
    assert_eq!(raised.limits.texture_units, profile.limits.texture_units);
    let limited: Vec<&FileResult> = files
        .iter()
        .filter(|r| r.status == Status::Refused && r.reason_key.ends_with("render targets"))
        .collect();
    for r in &limited {
        assert!(
            r.reason.contains("limits.draw_buffers"),
            "{}: {}",
            r.file,
            r.reason
        );
    }
    let again: Vec<FileResult> = limited
        .par_iter()
        .map(|r| sweep_one(&dir.join(&r.file), r.file.clone(), &raised, Some(validator)))
        .collect();
    let bad: Vec<String> = again
        .iter()
        .filter(|r| r.status != Status::Validated)
        .map(|r| format!("{}: {} {}", r.file, r.status, r.reason))
        .collect();
    println!(
        "{} refused for render targets under webgl2; {} of them validate under webgl2-8rt",
        limited.len(),
        again.len() - bad.len()
    );
    assert!(
        bad.iter()
            .all(|b| b.contains(" refused ") && !b.contains("render targets")),
        "under webgl2-8rt:\n{}",
        bad.join("\n")
    );
    assert!(
        again.len() - bad.len() >= LIMIT_FLOOR,
        "{} validated under webgl2-8rt, floor {LIMIT_FLOOR}",
        again.len() - bad.len()
    );
}

/// The number of corpus VS/PS that must validate under
/// `tests/profiles/webgl2-all.ron` (eight draw buffers and every
/// emulation under its host contract). It never goes down.
const ALL_FLOOR: usize = 1753;

/// Every corpus VS/PS under `tests/profiles/webgl2-all.ron`: none fails,
/// at least [`ALL_FLOOR`] validate, and no refusal is one an emulation of
/// the profile lifts (each such reason names the switch that lifts it,
/// and the profile turns every one on).
#[test]
fn corpus_sweep_webgl2_all() {
    let profile = dxlower_targets::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/profiles/webgl2-all.ron"
    ))
    .expect("tests/profiles/webgl2-all.ron");
    let check = |s: &dxlower_core::StageGlsl| {
        dxlower_glslang::glslang(&s.glsl, s.stage).map_err(|e| e.to_string())
    };
    let validator: Validator<'_> = &check;
    let dir = corpus_dir();
    let results: Vec<FileResult> = manifest()
        .par_iter()
        .filter(|e| e.stage == "vs" || e.stage == "ps")
        .map(|e| {
            sweep_one(
                &dir.join(&e.file),
                e.file.clone(),
                &profile,
                Some(validator),
            )
        })
        .collect();
    let c = count(&results);
    println!(
        "webgl2-all: {} VS/PS: {} validated, {} refused, {} failed",
        c.total, c.validated, c.refused, c.failed
    );
    let lifted = [
        "render_target_array_index",
        "viewport_array_index",
        "multisample_textures",
        "single_sample_target",
        "clip_distance_varyings",
        "primitive_id",
        "profile lod",
        "residency_feedback",
        "texture_buffers",
        "resinfo_mip_count",
        "limits.draw_buffers",
    ];
    for r in &results {
        assert!(
            matches!(r.status, Status::Validated | Status::Refused)
                || r.status == Status::Invalid && INVALID_FILES.contains(&r.file.as_str()),
            "{}: {} {}",
            r.file,
            r.status,
            r.reason
        );
        assert!(
            !lifted.iter().any(|l| r.reason.contains(l)),
            "{}: refused for what the profile emulates: {}",
            r.file,
            r.reason
        );
    }
    assert!(
        c.validated >= ALL_FLOOR,
        "{} validated under webgl2-all, floor {ALL_FLOOR}",
        c.validated
    );
}
