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

#[doc = include_str!("../../../docs/adding-an-opcode.md")]
pub mod adding_an_opcode {}
