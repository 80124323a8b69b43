//! Fuzz target: reading a Carbon effect container (header, axes, rows,
//! arena, every body of every version) must never panic; an accepted
//! effect's selection, programs and blobs must be walkable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(effect) = dxlower_carbon_effect::parse(data) {
        let _ = effect.select(&[]);
        for row in 0..effect.rows.len().min(64) {
            let _ = effect.options_of(row);
        }
        for p in effect.programs() {
            let _ = effect.bytes(&p.blob);
        }
    }
});
