//! Fuzz target: the SM4/SM5 program decoder must never panic, and whatever it
//! accepts must re-encode to exactly the dwords it read.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(program) = dxlower_dxbc::decode_program(data) {
        let words = dxlower_dxbc::encode_program(&program);
        let len = words.len();
        assert!(len * 4 <= data.len());
        let original: Vec<u32> = data[..len * 4]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        assert_eq!(words, original, "re-encoding differs");
    }
});
