//! Fuzz target: decode → translate under the `webgl2` profile; every input
//! ends in a named error that is not a fault of dxlower, or GLSL that
//! glslang compiles (see `common/translate.rs` and fuzz/README.md).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common/translate.rs"]
mod translate;

fuzz_target!(|data: &[u8]| {
    translate::check(data, translate::profile("webgl2"));
});
