//! The WebAssembly exports (`wasm-bindgen`), wrapped by the package's
//! `dxlower.js`: results as arrays of strings, failures thrown as the
//! JSON text of [`Failure`](crate::Failure), which the wrapper turns into
//! a `DxlowerError`.

use wasm_bindgen::prelude::*;

/// Talc instead of dlmalloc: allocation is a tenth of a translation.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn thrown(f: crate::Failure) -> JsValue {
    JsValue::from_str(&f.json)
}

/// Runs when the module is instantiated (`init()`): a module whose
/// handler registrations were lost refuses to start instead of refusing
/// every shader later.
#[wasm_bindgen(start)]
fn start() -> Result<(), JsValue> {
    // Run the registrations' constructors once, here. A module that never
    // calls `__wasm_call_ctors` is linked "command-style": wasm-ld then
    // calls every constructor again at the top of every export.
    unsafe extern "C" {
        fn __wasm_call_ctors();
    }
    // SAFETY: called once per instance, before any other export runs;
    // the constructors are inventory's registrations (idempotent).
    unsafe { __wasm_call_ctors() };
    crate::check_registry().map(|_| ()).map_err(thrown)
}

/// `[glsl, manifest JSON]`.
#[wasm_bindgen]
pub fn translate(bytes: &[u8], profile: &str) -> Result<Vec<String>, JsValue> {
    let t = crate::translate(bytes, profile).map_err(thrown)?;
    Ok(vec![t.glsl, t.manifest])
}

/// `[vs, ps, manifest JSON]`.
#[wasm_bindgen]
pub fn link(vs: &[u8], ps: &[u8], profile: &str) -> Result<Vec<String>, JsValue> {
    let l = crate::link(vs, ps, profile).map_err(thrown)?;
    Ok(vec![l.vs, l.ps, l.manifest])
}

/// The fxc-style listing.
#[wasm_bindgen]
pub fn disasm(bytes: &[u8]) -> Result<String, JsValue> {
    crate::disasm(bytes).map_err(thrown)
}

/// A built package: taken once each by the wrapper, then freed.
#[wasm_bindgen]
pub struct EffectPackage(crate::EffectBuilt);

#[wasm_bindgen]
impl EffectPackage {
    /// The package bytes (moved out).
    pub fn bytes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.0.bytes)
    }
    /// The summary JSON (moved out).
    pub fn summary(&mut self) -> String {
        std::mem::take(&mut self.0.summary)
    }
}

/// A CEWG package from a Carbon effect container.
#[wasm_bindgen]
pub fn effect(
    bytes: &[u8],
    profile: &str,
    source_path: &str,
    generated_at: &str,
    permutations: Vec<String>,
) -> Result<EffectPackage, JsValue> {
    let o = crate::EffectOptions {
        profile,
        source_path,
        generated_at,
        permutations: &permutations,
    };
    crate::effect(bytes, &o).map(EffectPackage).map_err(thrown)
}

/// The built-in profile names.
#[wasm_bindgen]
pub fn profiles() -> Vec<String> {
    crate::profiles().into_iter().map(String::from).collect()
}

/// The package version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_string()
}

/// How many handlers registered.
#[wasm_bindgen(js_name = handlerCount)]
pub fn handler_count() -> usize {
    crate::handler_count()
}

/// `[handlers, passes, profile sections]` registered (the corpus test
/// compares them with the native library's).
#[wasm_bindgen(js_name = registrationCounts)]
pub fn registration_counts() -> Vec<u32> {
    let (passes, sections) = crate::registration_counts();
    [crate::handler_count(), passes, sections]
        .into_iter()
        .map(|n| n as u32)
        .collect()
}
