//! # dxlower
//!
//! Lowers compiled Direct3D 10/11 shader bytecode (DXBC, Shader Model
//! 4.0–5.1) to GLSL ES 3.00 that compiles, links and renders in WebGL2.
//!
//! Depending on this crate is enough: every lowering family and every
//! built-in profile comes with it, nothing has to be named or linked by
//! hand. The `dxlower` command-line tool is built from the same package;
//! depend with `default-features = false` to leave out its dependencies
//! (clap, the validation harnesses), adding `features = ["fs"]` to read
//! profile files by path. Without features the crate touches no file,
//! process or clock and builds for `wasm32-unknown-unknown` (the npm
//! package `dxlower` is built from it).
//!
//! ```
//! # fn corpus(file: &str) -> std::path::PathBuf {
//! #     std::env::var_os("DXLOWER_CORPUS_DIR")
//! #         .map(std::path::PathBuf::from)
//! #         .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus").into())
//! #         .join(file)
//! # }
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let profile = dxlower::profile("webgl2")?;
//!
//! // One stage: GLSL and the record of what it declares.
//! let ps = std::fs::read(corpus("dxdecompiler/Internal__BasicHLSL_PS.ps.dxbc"))?;
//! let stage = dxlower::translate(&ps, &profile)?;
//! assert!(stage.glsl.starts_with("#version 300 es\n"));
//! for s in &stage.record.samplers {
//!     println!("{} ← t{} / s{:?}", s.name, s.texture, s.sampler);
//! }
//!
//! // A vertex and a pixel shader that must link: translated together,
//! // with the manifest a host binds them by.
//! let vs = std::fs::read(corpus("dxdecompiler/Internal__BasicHLSL_VS.vs.dxbc"))?;
//! let program = dxlower::link(&vs, &ps, &profile)?;
//! let manifest = program.manifest();
//! assert!(!manifest.attributes.is_empty());
//! println!("{}\n{}", program.vs.glsl, program.ps.glsl);
//! # Ok(())
//! # }
//! ```
//!
//! A shader the target cannot express is refused with a named reason
//! ([`TranslateError`]'s [`status`](TranslateError::status) says whether it
//! was refused, is invalid input or hit a limit), never translated into
//! wrong GLSL. `ARCHITECTURE.md` in the repository describes the crates
//! behind this one.

pub use dxlower_core as core;
pub use dxlower_dxbc as dxbc;
pub use dxlower_lowerings as lowerings;
pub use dxlower_targets as targets;

pub use dxlower_core::{
    LinkError, Manifest, Profile, ProgramGlsl, Refusal, StageGlsl, StageRecord, Status,
    TranslateError,
};
pub use dxlower_targets::ProfileError;

use dxlower_core::Registry;

/// Why a pair did not link.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A stage's bytes are not a valid DXBC program.
    #[error("{which}: {source}")]
    Decode {
        /// `vs` or `ps`.
        which: &'static str,
        /// The reader's error.
        #[source]
        source: dxlower_dxbc::Error,
    },
    /// The pair did not translate.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The handler registry is incomplete or inconsistent.
    #[error("{0}")]
    Registry(String),
}

/// The handler registry, with every family of this build registered.
///
/// Fails when a handled opcode of the opcode table has no handler: the
/// family crates were not linked into the program (which cannot happen
/// through this crate) or two handlers claim one opcode.
pub fn registry() -> Result<&'static Registry, String> {
    dxlower_lowerings::registry()
}

/// A profile by built-in name (`webgl2`, `ccpwgl`, `native`) or RON file
/// path, `extends` resolved. Files are read with the `fs` feature (on by
/// default, through `cli`); without it only the built-in names resolve.
pub fn profile(name_or_path: &str) -> Result<Profile, ProfileError> {
    dxlower_targets::load(name_or_path)
}

/// A profile from RON text (`source_name` names it in errors), `extends`
/// resolved.
pub fn profile_from_ron(text: &str, source_name: &str) -> Result<Profile, ProfileError> {
    dxlower_targets::load_str(text, source_name)
}

/// Translates one vertex or pixel shader (the bytes of a DXBC container)
/// under `profile`.
pub fn translate(bytes: &[u8], profile: &Profile) -> Result<StageGlsl, TranslateError> {
    registry().map_err(TranslateError::Registry)?;
    dxlower_core::translate_bytes(bytes, profile)
}

/// Translates a vertex and a pixel shader together so that the pair links:
/// constant buffers declared at one size, varyings agreed, unfed pixel
/// inputs zero-filled, clashing sampler names separated.
pub fn link(vs: &[u8], ps: &[u8], profile: &Profile) -> Result<ProgramGlsl, Error> {
    registry().map_err(Error::Registry)?;
    let parse = |which, bytes| {
        dxlower_dxbc::parse_with(bytes, dxlower_dxbc::ParseOptions::unchecked())
            .map_err(|source| Error::Decode { which, source })
    };
    let vs = parse("vs", vs)?;
    let ps = parse("ps", ps)?;
    Ok(dxlower_core::link(
        dxlower_core::stage_input(&vs),
        dxlower_core::stage_input(&ps),
        profile,
    )?)
}
