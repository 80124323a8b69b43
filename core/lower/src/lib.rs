//! # dxlower-core
//!
//! The lowering core of dxlower: the opcode-handler registry (filled by
//! family crates through `inventory`), the two-phase emission contexts, the
//! register model that prints typed operand reads and writes, the profile
//! schema, and [`translate_stage`].
//!
//! The core never names a family or an opcode's lowering rule. Family crates
//! depend on it; the `dxlower-lowerings` crate links them all.
//!
//! ## Writing a handler
//!
//! ```ignore
//! use dxlower_core::{register_handler, Ctx, Lower, LowerError, Ty};
//! use dxlower_dxbc::{Instruction, Opcode};
//!
//! /// `add`: componentwise float addition (families.md §2).
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
//!     spec: "families.md §2 add",
//!     lower: Lower::Inst(lower),
//! }
//! ```

pub mod binding;
pub mod ctx;
pub mod emit;
pub mod error;
pub mod limits;
pub mod link;
pub mod pass;
pub mod profile;
pub mod registry;
pub mod regs;
pub mod sweep;
pub mod translate;

pub use binding::{BindingIds, BindingKind};
pub use ctx::{Ctx, DeclCtx, Dst, IndexableTemp, ResourceDecl, Src, StageInput, StageState};
pub use emit::{Helper, Output, SamplerUniform};
pub use error::{LowerError, Refusal, Site, TranslateError};
pub use link::{link, LinkError, LinkHints, Manifest, ProgramGlsl, Varying};
pub use pass::{PassEntry, PassWhen};
pub use profile::Profile;
pub use registry::{Family, HandlerEntry, Lower, Registry};
pub use regs::{Ty, Var};
pub use translate::{stage_input, translate_bytes, translate_shader, translate_stage, StageGlsl};

#[doc(hidden)]
pub mod __private {
    pub use inventory;
}
