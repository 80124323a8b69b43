//! Fuzz target: the listing parser (`asm::parse`) must never panic; what it
//! accepts must encode, and a lossless listing of it must parse back into
//! the same dwords.
#![no_main]

use dxlower_dxbc::disasm::{self, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(a) = dxlower_dxbc::asm::parse(text) {
        let words = dxlower_dxbc::encode_program(&a.program);
        let options = Options {
            lossless: true,
            ..Options::default()
        };
        let listing = disasm::disassemble_with(&a.program, &options);
        let back = dxlower_dxbc::asm::parse(&listing).expect("a lossless listing parses");
        assert_eq!(dxlower_dxbc::encode_program(&back.program), words);
    }
});
