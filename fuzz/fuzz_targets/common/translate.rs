//! What every translation fuzz target checks, under one built-in profile:
//! the bytes are parsed as a DXBC container and translated
//! (`dxlower_core::translate_bytes`). The outcome must be a named error
//! that is not a fault of dxlower (decode failed, refused, unsupported,
//! invalid — never `failed`, never a panic, never an empty message) or GLSL
//! within the output bound that glslangValidator compiles.

use dxlower_core::{Profile, Status};
use std::sync::OnceLock;

// Links every family crate so that its handlers register.
use dxlower_lowerings as _;

/// The built-in profile `name`, loaded once.
pub fn profile(name: &'static str) -> &'static Profile {
    static PROFILES: OnceLock<Vec<(&'static str, Profile)>> = OnceLock::new();
    let all = PROFILES.get_or_init(|| {
        ["webgl2", "ccpwgl", "native"]
            .into_iter()
            .map(|p| (p, dxlower_targets::load(p).expect("built-in profile")))
            .collect()
    });
    &all.iter().find(|(n, _)| *n == name).expect("a built-in profile").1
}

/// Translates `data` under `profile` and checks the outcome.
pub fn check(data: &[u8], profile: &Profile) {
    match dxlower_core::translate_bytes(data, profile) {
        Err(e) => {
            assert_ne!(e.status(), Status::Failed, "a fault of dxlower: {e}");
            assert!(!e.to_string().trim().is_empty(), "an error without a message");
        }
        Ok(stage) => {
            assert!(
                dxlower_core::translate::within_output_bound(data.len(), &stage.glsl),
                "{} bytes of GLSL from {} bytes",
                stage.glsl.len(),
                data.len()
            );
            if let Err(e) = dxlower_glslang::glslang(&stage.glsl, stage.stage) {
                panic!("GLSL that does not compile: {e}\n{}", stage.glsl);
            }
        }
    }
}
