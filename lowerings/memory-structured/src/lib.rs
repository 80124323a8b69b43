//! # dxlower-memory-structured
//!
//! The memory-structured family (`lowerings/memory-structured/docs/memory-structured.md`;
//! refused in every profile, `docs/profiles.md#refused-in-every-profile`;
//! `BoneTransforms`, `docs/profiles.md#bone_transforms`): structured and raw buffer loads and stores,
//! typed UAV access, every atomic, `sync`, `bufinfo`, and the declarations
//! of UAVs, raw SRVs, thread-group shared memory and thread groups.
//!
//! GLSL ES 3.00 has no shader storage buffers, no images, no atomic memory
//! operations and no barriers, in any stage, and WebGL2 binds no writable
//! resource to a shader. So every opcode here is refused by name in a
//! vertex or pixel shader ([`dxlower_core::Refusal`]: `what` names the
//! construct — `UAV u1 (dcl_uav_typed)`, `atomic_iadd`,
//! `structured buffer t3 (ld_structured)` — `why` the missing ES 3.00
//! feature, `lifted_by` the profile pass that lowers it where one exists),
//! never lowered to GLSL that compiles but means something else.
//!
//! The one lowering is `ld_structured` of the vertex-stage `BoneTransforms`
//! buffer under the profile pass `bone_transforms` ([`bone_transforms`]):
//! the skinning rows are read from `cb3` (`mode = cb3_splice`, the ccpwgl
//! ABI) or from a dedicated std140 block (`mode = ubo`, the native ABI),
//! built from the decoded program, every load that does not match the
//! pattern a hard error.
//!
//! The other lowering is the profile pass `structured_data_texture`
//! ([`data_texture`], `docs/profiles.md#structured_data_texture`, the native ABI): every other
//! structured SRV and every raw SRV (`ByteAddressBuffer`) of a vertex or
//! pixel shader is read from an RGBA32UI data texture `sb<r>` with
//! `texelFetch`, the buffer's bytes unchanged, listed in the program
//! manifest's samplers for the host to upload.
//!
//! A buffer the profile stubs (`stub_resource_registers`, matched by its
//! RDEF binding name, `docs/profiles.md#stubbed-resources`) declares nothing and its loads
//! write zero bits; stubbing wins over both passes.
//!
//! `dcl_resource_structured` belongs to decl-io (`lowerings/decl-io/docs/decl-io.md#dcl_resource_structured`): it refuses
//! structured SRVs, except in a vertex shader whose profile runs
//! `bone_transforms`, in a stage whose profile runs
//! `structured_data_texture`, or for a stubbed buffer, where it declares
//! nothing and leaves the buffer to this family: the registered passes
//! declare the storage after the declarations, `ld_structured` reads it.
//!
//! Files: one per opcode or tight group — [`dcl_uav`] (the three UAV
//! declarations), [`dcl_resource_raw`], [`dcl_tgsm`] (raw and structured
//! shared memory), [`dcl_thread_group`], [`ld_structured`] (refusal and the
//! bone rows), [`ld_raw`], [`ld_uav_typed`], [`store`] (`store_structured`,
//! `store_raw`, `store_uav_typed`), [`atomic`] (every `atomic_*` and
//! `imm_atomic_*`), [`sync`], [`bufinfo`], [`feedback`] (the residency
//! feedback loads `ld_raw_s`, `ld_structured_s`, `ld_uav_typed_s`), the
//! shared naming and reasons in [`common`], and the passes in
//! [`bone_transforms`] and [`data_texture`].

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "memory-structured";

pub mod atomic;
pub mod bone_transforms;
pub mod bufinfo;
pub mod common;
pub mod data_texture;
pub mod dcl_resource_raw;
pub mod dcl_tgsm;
pub mod dcl_thread_group;
pub mod dcl_uav;
pub mod feedback;
pub mod ld_raw;
pub mod ld_structured;
pub mod ld_uav_typed;
pub mod store;
pub mod sync;
