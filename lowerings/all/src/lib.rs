//! Links every family crate of dxlower so that their handlers, passes and
//! profile sections register with the core. This is the one place that
//! names the families; the CLI and the tests depend on it, nothing else
//! does. Each family is re-exported under its name, so that a host that
//! builds profiles in code reaches a family's switches
//! (`dxlower_lowerings::decl_io::DeclIoSwitches`).

pub use dxlower_cmp_controlflow as cmp_controlflow;
pub use dxlower_decl_io as decl_io;
pub use dxlower_float_alu as float_alu;
pub use dxlower_integer_conv as integer_conv;
pub use dxlower_memory_structured as memory_structured;
pub use dxlower_texture_sample as texture_sample;

pub use dxlower_core as core;

use dxlower_core::Registry;
use std::sync::OnceLock;

/// The handler registry with every family registered, checked complete:
/// every opcode the opcode table marks handled has its handler, and the
/// registry has no conflict. An error names what is missing, so a build
/// that lost its registrations fails loudly instead of refusing every
/// shader with "no handler".
pub fn registry() -> Result<&'static Registry, String> {
    // Checked once: the facade asks before every translation.
    static CHECKED: OnceLock<Result<&'static Registry, String>> = OnceLock::new();
    CHECKED.get_or_init(check).clone()
}

fn check() -> Result<&'static Registry, String> {
    // Naming each family here keeps its crate, and its registrations, in
    // every program that depends on this one.
    let families: [&str; 6] = [
        dxlower_cmp_controlflow::FAMILY,
        dxlower_decl_io::FAMILY,
        dxlower_float_alu::FAMILY,
        dxlower_integer_conv::FAMILY,
        dxlower_memory_structured::FAMILY,
        dxlower_texture_sample::FAMILY,
    ];
    let reg = Registry::global().map_err(|e| e.to_string())?;
    let missing: Vec<String> = reg
        .unhandled()
        .map(|op| op.mnemonic().to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} handled opcodes have no registered handler (families linked: {}): {}",
            missing.len(),
            families.join(", "),
            missing.join(", ")
        ));
    }
    Ok(reg)
}

#[doc = include_str!("../../../docs/adding-an-opcode.md")]
pub mod adding_an_opcode {}
