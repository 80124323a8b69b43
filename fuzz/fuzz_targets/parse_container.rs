//! Fuzz target: parsing a whole DXBC container (chunks, signatures, RDEF,
//! program) must never panic; an accepted program must re-encode without
//! panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(shader) = dxlower_dxbc::parse(data) {
        let _ = dxlower_dxbc::encode_program(&shader.program);
    }
});
