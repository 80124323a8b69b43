//! Links every family crate of dxlower so that their handlers register with
//! the core registry. This is the one place that names the families; the CLI
//! and the tests depend on it, nothing else does.

extern crate dxlower_cmp_controlflow;
extern crate dxlower_decl_io;
extern crate dxlower_float_alu;
extern crate dxlower_integer_conv;
extern crate dxlower_memory_structured;
extern crate dxlower_texture_sample;

pub use dxlower_core as core;
