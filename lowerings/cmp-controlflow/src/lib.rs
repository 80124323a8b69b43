//! # dxlower-cmp-controlflow
//!
//! The cmp-controlflow family (`lowerings/cmp-controlflow/docs/cmp-controlflow.md`): the
//! compares that write
//! `0xFFFFFFFF`/`0` masks, bitwise operations on the uint view, the
//! `movc`/`swapc` selects, and structured control flow (`if`, `loop`,
//! `switch`, `ret`, `discard`, subroutines).
//!
//! Conventions shared by every handler (`docs/conventions.md#comparison-masks-and-tests`):
//! - a mask is tested on its raw bits, `floatBitsToUint(x) != 0u`, never as
//!   a float and never through `mix()`;
//! - `_z`/`_nz` select `== 0u` / `!= 0u`;
//! - a lowering that reads and writes one register reads every source
//!   before the first write (one constructor assignment, or locals in a
//!   `{}` block);
//! - `mobile_workarounds` (`docs/conventions.md#mobile-workarounds`) selects HLSLcc's ES 3.0 Adreno
//!   forms: `uint(0)` for the zero literal, `op_not` instead of `~`,
//!   per-lane `& | ^`, and `uvecN(...)` around uint reads of `uge`/`ult`;
//! - control-flow handlers check the nesting of the program around them
//!   (`flow`), so malformed structure is a lowering error, never unbalanced
//!   GLSL.
//!
//! Decisions recorded in the handler docs: float `ne` is written
//! `!(a == b)` (unordered, D3D's NaN answer); the deferred-discard flag is
//! a global; subroutines become GLSL functions in the `Output::functions`
//! section (a core addition).

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "cmp-controlflow";

pub mod switches;
pub use switches::CmpControlflowSwitches;
mod bitwise;
mod call;
mod common;
mod compare;
mod discard;
mod flow;
mod if_else;
mod interfaces;
mod loop_;
mod movc;
mod nop;
mod not;
mod ret;
mod swapc;
mod switch;

pub use not::OP_NOT;
