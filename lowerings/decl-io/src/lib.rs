//! # dxlower-decl-io
//!
//! The decl-io family (`lowerings/decl-io/docs/decl-io.md`): the 16 declaration opcodes
//! (`customdata`, `dcl_constant_buffer`,
//! `dcl_global_flags`, `dcl_indexableTemp`, `dcl_input`, `dcl_input_ps`,
//! `dcl_input_ps_sgv`, `dcl_input_ps_siv`, `dcl_input_sgv`, `dcl_input_siv`,
//! `dcl_output`, `dcl_output_siv`, `dcl_resource`, `dcl_resource_structured`,
//! `dcl_sampler`, `dcl_temps`) plus `dcl_indexrange` (which emits
//! nothing), with the cross-family conventions of
//! `docs/conventions.md` and the
//! profile switches of `docs/profiles.md#decl_io-declarations-and-the-stage-interface`.
//!
//! Declarations run in phase 1 with a [`dxlower_core::DeclCtx`]. Besides the
//! GLSL they write, they build the register model every instruction family
//! prints through, so **the lane maps are this family's contract**:
//!
//! | DXBC | storage variable (`Var`) | declaration / early-main text |
//! |---|---|---|
//! | VS `v#` attribute | `in_<SEM><idx>` (`vecK`/`ivecK`/`uvecK`) | `in highp vecK in_POSITION0;` |
//! | VS integer attribute, `FloatValue` profile | read-only `uvecK(in_X)` / `ivecK(in_X)` | `in highp vecK in_X;` |
//! | VS `o#` varying | `vs_<SEM><idx>`, writable | `out highp vecK vs_TEXCOORD0;` (`flat` for integers) |
//! | VS `SV_Position` output | `gl_Position`, writable | none |
//! | VS `SV_VertexID` / `SV_InstanceID` | scalar `int` `gl_VertexID` / `gl_InstanceID` | none |
//! | PS `v#` varying | `vs_<SEM><idx>`, read-only | `<interp> in highp vecK vs_TEXCOORD0;` |
//! | PS `SV_Position` | `hlslcc_FragCoord` | `vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);` (early main) |
//! | PS `SV_IsFrontFace` | scalar `uint` `(gl_FrontFacing ? 0xffffffffu : uint(0))` | none |
//! | PS `SV_TargetN` | `SV_TargetN`, writable | `layout(location = N) out highp vecK SV_TargetN;` |
//! | PS `oDepth` | scalar `gl_FragDepth` ([`dxlower_core::StageState::depth`]) | none |
//! | `r#` | `vec4 rN` ([`dxlower_core::StageState::temps`]) | `vec4 r0;` … |
//! | `x#[n]` | `TempArrayN` ([`dxlower_core::StageState::indexable`]) | `vecC TempArrayN[n];` |
//! | `cb#[n]` | `cbN.data[]` ([`dxlower_core::StageState::cbuffers`]) | `layout(std140) uniform ConstantBufferN { vec4 data[n]; } cbN;` |
//! | `icb[]` | `ImmCB_0` ([`dxlower_core::StageState::icb_len`], `icb_ty`) | `const uvec4 ImmCB_0[K] = uvec4[K](…);` |
//! | `t#` | `tN`, `tNTEX_with_SMPsM`, `hlslcc_zcmptNTEX_with_SMPsM` ([`dxlower_core::StageState::resources`]) | `uniform mediump sampler2D t0TEX_with_SMPs0;` … (`tN` only when an instruction reads it) |
//! | `s#` | none ([`dxlower_core::StageState::samplers`]) | none |
//!
//! A register lane maps to one component of one variable; two semantics
//! packed in one register (`v1.xy` `TEXCOORD0`, `v1.zw` `TEXCOORD1`) become
//! two variables. Width and type of a variable always come from its
//! signature row (popcount of the row's mask), never from the declaration's
//! mask, and width-1 variables are scalars (GLSL ES 3.00 has no scalar
//! swizzle).
//!
//! Files: one per opcode ([`dcl_input`], [`dcl_input_ps`], …) plus the
//! shared machinery in [`io`] (signature lookup, identifiers, interpolation
//! qualifiers, typed zeros), [`sysval`] (system values of every
//! `_sgv`/`_siv` declaration and of signature rows that carry one),
//! [`passes`] (the stage passes `link_unfed_varyings` and
//! `binormal_to_bitangent`), and the emulations under a host contract
//! (`lowerings/decl-io/docs/emulations.md`): [`per_draw`] (render-target
//! array and viewport indices as per-draw uniforms, `SV_PrimitiveID` from
//! the vertex id, pass `link_primitive_id`), [`single_sample`]
//! (`vCoverage`, `oMask`, `SV_SampleIndex` under a single-sampled
//! target), [`clip_varyings`] (clip distances as varyings, pass
//! `link_clip_distances`).
//!
//! In a program translated as a VS+PS pair ([`dxlower_core::link()`]) the
//! handlers read the agreements of [`dxlower_core::StageState::link`]:
//! constant-buffer sizes, one type and width per varying, the pixel
//! input's interpolation on the vertex output (`docs/manifest.md#link-rules`).
//!
//! The decisions taken where the shape was not obvious, with the evidence
//! for each (glslangValidator, Mesa llvmpipe, corpus counts, reference
//! sources), are in `lowerings/decl-io/docs/decl-io.md`, after the rules.

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "decl-io";

pub mod switches;
pub use switches::DeclIoSwitches;
pub mod clip_varyings;
pub mod customdata;
pub mod dcl_constant_buffer;
pub mod dcl_global_flags;
pub mod dcl_indexable_temp;
pub mod dcl_indexrange;
pub mod dcl_input;
pub mod dcl_input_ps;
pub mod dcl_input_ps_sgv;
pub mod dcl_input_ps_siv;
pub mod dcl_input_sgv;
pub mod dcl_input_siv;
pub mod dcl_output;
pub mod dcl_output_siv;
pub mod dcl_resource;
pub mod dcl_resource_structured;
pub mod dcl_sampler;
pub mod dcl_temps;
pub mod io;
pub mod passes;
pub mod per_draw;
pub mod single_sample;
pub mod sysval;
