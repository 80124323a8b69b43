//! # dxlower-texture-sample
//!
//! The texture-sample family: the sampling, fetch, query and derivative
//! opcodes of `lowerings/texture-sample/docs/texture-sample.md` (`sample`, `sample_b`, `sample_l`,
//! `sample_d`, `sample_c`, `sample_c_lz`, `ld`, `ld_ms`, `resinfo`, `lod`,
//! `gather4`, `gather4_c`, `gather4_po`, `gather4_po_c`, `deriv_rtx`,
//! `deriv_rty` and their `_coarse`/`_fine` forms) plus `sample_info` and
//! `sample_pos`, and the profile switches that change
//! them
//! (`texture_1d`, `gather4`, `resinfo_mip_count`, `fragcoord_origin`).
//! `bufinfo` is not here: it belongs to the memory-structured family.
//!
//! Besides these, the family lowers the SM5 tiled-resource feedback forms
//! of its instructions (`sample_l_s`, `sample_c_lz_s`, `sample_*_cl_s`,
//! `gather4*_s`, `ld_s`, `ldms_s`) and `check_access_fully_mapped` under
//! the `residency_feedback = FullyResident` contract ([`feedback`]), and
//! refuses them by name otherwise. The feedback loads of the memory family
//! (`ld_raw_s`, `ld_structured_s`, `ld_uav_typed_s`) are not claimed here.
//!
//! SM5 `_indexable` forms are the same opcodes with extended tokens giving
//! the dimension and return type; the handlers take both from the
//! `dcl_resource` declaration (the core's
//! [`dxlower_core::StageState::resources`]), which is what the declared
//! sampler uniform follows.
//!
//! ## Names (the contract with decl-io's `dcl_resource`)
//!
//! Handlers never spell a sampler's name: they ask the context for the
//! uniform decl-io declared for a [`dxlower_core::SamplerKey`]
//! (`cx.sampler(key)`), which also marks it used (an unused sampler takes
//! no texture unit) and carries the `vs_` prefix a linked vertex stage
//! gives a name its pixel stage also declares.
//!
//! | instruction | key | uniform (as decl-io names it) |
//! |---|---|---|
//! | `sample`, `sample_b`, `sample_l`, `sample_d`, `gather4`, `gather4_po` | `SamplerKey::combined(N, M)` | `t<N>TEX_with_SMPs<M>` |
//! | `sample_c`, `sample_c_lz`, `gather4_c`, `gather4_po_c` | `SamplerKey::shadow(N, M)` | `hlslcc_zcmpt<N>TEX_with_SMPs<M>` |
//! | `ld`, `ld_ms`, `resinfo`, `lod`, `ld_s`, `ldms_s`, the `_cl_s` clamp forms with a clamp other than `l(0.0)` | `SamplerKey::bare(N)` | `t<N>` (`bt<N>` for an emulated `Buffer<>`) |
//!
//! decl-io declares the bare uniform only for a texture one of these
//! instructions reads (its `reads_bare` lists the same instructions): a
//! handler that starts reading the bare uniform of another instruction
//! must be added there too.
//!
//! `N` and `M` are the instruction's `t#` and `s#` operands. The mip count
//! of `resinfo` reads `uniform highp ivec4 <name>[32]` (lane `N & 3` of
//! element `N >> 2`), declared by [`resinfo`] on first use when the
//! profile's `resinfo_mip_count` is `Uniform(name)`.
//!
//! ## Shapes
//!
//! Coordinates are float reads, width by dimension (`.xy` 2D; `.xyz` 2D
//! array, 3D, cube); `Texture1D` is sampled as a W×1 `sampler2D` at
//! `vec2(c.x, 0.5)` and fetched at `ivec2(x, 0)`, `Texture1DArray` as a
//! `sampler2DArray` (`vec3(c.x, 0.5, c.y)`, `ivec3(x, 0, layer)`). The
//! result is the call swizzled by the resource operand's swizzle selected
//! through the destination mask, assigned as the texture's base type
//! (integer textures return `ivec4`/`uvec4`, which the register model
//! stores bit-exactly); `_sat` is the core's second statement. Immediate
//! texel offsets become the `…Offset` variants with constant `ivecK`
//! arguments. Multisample textures (unless decl-io declared them under its
//! single-sample contract) and cube arrays are refused by name
//! ([`common::dimension`]), as are dynamic resource indices; a `Buffer<>`
//! SRV is refused unless `texture_buffers = Emulate`, where `ld` fetches
//! element `i` of the 2D data texture `bt<N>` row-major ([`ld`]).
//!
//! ## Stubbed textures
//!
//! A texture the profile stubs (`stub_resource_registers`,
//! `docs/profiles.md#stubbed-resources`: matched by its RDEF binding name through
//! [`dxlower_core::StageState::stubbed_resource`]) has no uniform at all:
//! decl-io declares nothing for it. Every instruction reading it writes
//! the value D3D returns for a shader-resource slot with nothing bound
//! ([`common::stubbed`], [`common::assign_zero`]), with no texture call:
//!
//! | instruction | result |
//! |---|---|
//! | `sample*`, `gather4*`, `ld`, `ld_ms` | zero of the texture's base type in every lane (`vec4(0.0)`, `ivec4(0)`, `uvec4(uint(0))`); the comparison forms a float zero |
//! | `resinfo` | 0 for sizes, array size and mip count; `_rcpFloat` width/height/depth lanes +Inf (the reciprocal is still taken) |
//! | `lod`, `sample_info`, `sample_pos` | 0 (no longer refused: nothing is queried) |
//!
//! Sources: Microsoft's Shader Model 4/4.1 assembly reference pages
//! "sample", "sample_c_lz", "ld" ("Fetching from t# that has nothing
//! bound to it returns 0 for all components"), "resinfo" (Restrictions: 0
//! for every returned value, `_rcpFloat` still honoured, hence INF), "lod",
//! "sampleinfo" and "samplepos" ("If there is no resource bound to the
//! specified slot, 0 is returned"); "gather4" is defined as `sample`
//! without the filter. Vulkan-based D3D implementations (DXVK,
//! vkd3d-proton) bind unbound slots to `VK_EXT_robustness2` null
//! descriptors, which "act as if the descriptor were bound to nothing".
//! A residency-feedback form of a stubbed texture reads zero and reports
//! its status like any other (under `residency_feedback = FullyResident`).
//!
//! Files: [`sample`] (the six filtered samples), [`ld`], [`resinfo`]
//! (with the conservative [`liveness`] scan that lets a dead mip-count
//! lane go unwritten), [`gather`] (four-tap emulation helpers), [`deriv`],
//! [`multisample`] (`ld_ms`, `sample_info`, `sample_pos` under the
//! single-sample contract), [`lod`] (the D3D11 LOD formula from
//! derivatives), [`feedback`] (the residency-feedback forms under the
//! fully-resident contract), [`refused`] (`eval_*`), and the shared
//! [`common`]. The emulations and their host contracts are described in
//! `lowerings/texture-sample/docs/emulations.md`.
//!
//! ## Decisions
//!
//! Checked with `glslangValidator` (every snapshot's full shader, in the
//! `texture_sample` integration tests) and with Mesa llvmpipe 22.3 (LLVM
//! 15) through EGL surfaceless: 64×64 draws into an `RGBA32F` target whose
//! pixels each record the largest difference between the lowering and a
//! reference lookup.
//!
//! 1. **Shadow level 0 without `textureLod`**: `sample_c_lz` on
//!    `sampler2DArrayShadow` and `samplerCubeShadow` (no ES 3.00
//!    `textureLod` overload) is `textureGrad` with zero gradients; with an
//!    offset on a 2D array `textureGradOffset`. On llvmpipe (ES 3.00
//!    shaders, depth textures whose level 0 holds 0.25 and levels 1–2 hold
//!    0.75, `LEQUAL` against 0.5), the zero-gradient forms on the 2D-array
//!    and cube shadow samplers (and `textureGradOffset` on the array) return
//!    the level-0 result at every pixel, exactly like `textureLod(…, 0.0)`
//!    on `sampler2DShadow`, under `NEAREST_MIPMAP_NEAREST` and
//!    `LINEAR_MIPMAP_LINEAR`; control lookups with large gradients in the
//!    same draw read the coarser levels, so the check discriminates.
//! 2. **`gather4*` by sampling the texel centres**, not by `texelFetch`
//!    (see [`gather`]): the sampler's address mode and comparison function
//!    then apply as in D3D. On llvmpipe, against GLSL ES 3.10's native
//!    `textureGather`/`textureGatherOffset` (colour components 0–3 on 2D
//!    and 2D-array RGBA8, `R32UI`, and the shadow forms on 2D and 2D-array
//!    depth textures with `GREATER`/`LEQUAL`), over 64×64 coordinates
//!    spanning [-0.3, 1.3] with `REPEAT`, `MIRRORED_REPEAT` and
//!    `CLAMP_TO_EDGE`, sizes 1×1, 2×9, 7×5, 8×8, 13×9, 16×3: with
//!    `NEAREST` every result is identical except on coordinates within
//!    float rounding of a texel centre (a footprint boundary), where either
//!    footprint is a correct rounding and llvmpipe's native gather — which
//!    adds offsets and wraps in normalized coordinates for non-power-of-two
//!    sizes — can pick the other one (the emulation adds offsets in texel
//!    space, as D3D does). With `LINEAR` on non-power-of-two sizes a tap
//!    can carry up to 1.4e-6 of its neighbour on llvmpipe, which weights in
//!    float; power-of-two sizes are exact. Every 8×8 case is identical.
//! 3. **`resinfo`** builds D3D's `[w, h, d-or-layers, levels]` vector, picks
//!    lanes through the resource swizzle, reciprocates only sizes under
//!    `_rcpFloat`, and reads the mip count from the profile's uniform or
//!    refuses that lane by name (finding 8). The uniform is an `ivec4`
//!    array so that the 128 D3D texture registers cost 32 uniform vectors.
//! 4. **Sampler precision** is decl-io's declaration; the gather helpers
//!    take `highp` sampler parameters, which accept a `mediump` argument.
//! 5. **Derivatives**: `dFdx`/`dFdy` for the plain, coarse and fine forms;
//!    `deriv_rty*` negated under `fragcoord_origin = FlipWithUniform`
//!    (finding 13).

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "texture-sample";

pub mod switches;
pub use switches::TextureSampleSwitches;
pub mod common;
pub mod deriv;
pub mod feedback;
pub mod gather;
pub mod ld;
pub mod liveness;
pub mod lod;
pub mod multisample;
pub mod refused;
pub mod resinfo;
pub mod sample;
