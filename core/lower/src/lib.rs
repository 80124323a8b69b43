//! # dxlower-core
//!
//! The lowering core of dxlower: the opcode-handler registry (filled by
//! family crates through `inventory`), the contexts handlers write through,
//! the register model that prints typed operand reads and writes, the
//! emitter and the stage record it builds, the profile schema, and
//! [`translate_stage`] / [`link()`].
//!
//! The core never names a family or an opcode's lowering rule. Family crates
//! depend on it; the `dxlower-lowerings` crate links them all.
//!
//! ## Data flow
//!
//! bytes → [`dxlower_dxbc::Program`] → block structure checked
//! ([`structure`]) → passes (`before` hooks) →
//! declaration handlers ([`DeclCtx`]) → passes (`after` hooks) →
//! instruction handlers ([`Ctx`]) → [`StageGlsl`] (text + [`StageRecord`])
//! → [`link()`] → [`manifest::Manifest`].
//!
//! Modules depend on each other in one direction: `regs`, `error`,
//! `profile`, `record` → `binding`, `hints` → `state` → `emit` → `ctx` →
//! `operands` → `ranges`, `registry`, `pass` → `limits` → `translate` →
//! `link`, `manifest` → `sweep`.
//!
//! Nothing here touches a process, a file or a clock, so the crate builds
//! for `wasm32-unknown-unknown`; `sweep` (reading `.dxbc` files) is the
//! `host` feature's.
//!
//! ## Writing a handler
//!
//! ```ignore
//! use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
//! use dxlower_dxbc::{Instruction, Opcode};
//!
//! /// `add`: componentwise float addition (`lowerings/float-alu/docs/float-alu.md#add-mul`).
//! fn lower<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
//!     let d = cx.dst(inst, 0)?;
//!     let a = cx.src(inst, 1, Ty::Float, d.mask)?;
//!     let b = cx.src(inst, 2, Ty::Float, d.mask)?;
//!     cx.assign(d, Ty::Float, d.width(), &format_args!("{a} + {b}"))
//! }
//!
//! register_handler! {
//!     opcodes: &[Opcode::Add],
//!     family: "float-alu",
//!     spec: "lowerings/float-alu/docs/float-alu.md#add-mul",
//!     lower: Lower::Inst(lower),
//! }
//! ```

pub mod binding;
mod companions;
pub mod ctx;
pub mod emit;
pub mod error;
pub mod hints;
pub mod input;
pub mod limits;
pub mod link;
pub mod manifest;
pub mod operands;
pub mod pass;
pub mod profile;
pub mod ranges;
pub mod record;
pub mod registry;
pub mod regs;
pub mod state;
pub mod structure;
#[cfg(feature = "host")]
pub mod sweep;
mod sync;
pub mod testing;
pub mod translate;

pub use binding::{BindingIds, BindingKind};
pub use ctx::{Ctx, DeclCtx};
pub use emit::Helper;
pub use error::{
    Invalid, InvalidKind, Lift, LiftBy, LowerError, Refusal, Site, Status, TranslateError,
};
pub use link::{link, LinkError, LinkHints, ProgramGlsl, Varying};
pub use manifest::Manifest;
pub use operands::{Dst, Src};
pub use pass::{PassEntry, PassWhen};
pub use profile::{Profile, Switches};
pub use record::{
    BlockKind, DataTexture, Direction, InterfaceVar, Interpolation, PlainUniform, Precision,
    SamplerKey, SamplerUniform, Stage, StageRecord, UniformBlock,
};
pub use registry::{Family, HandlerEntry, Lower, Registry};
pub use regs::{Ty, Var};
pub use state::{reg_of, IndexableTemp, ResourceDecl, StageInput, StageState};
pub use translate::{stage_input, translate_bytes, translate_shader, translate_stage, StageGlsl};

#[doc = include_str!("../../../docs/handler-api.md")]
pub mod handler_api {}

#[doc(hidden)]
pub mod __private {
    pub use inventory;
}
