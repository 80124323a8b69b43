//! `gather4`, `gather4_c`, `gather4_po`, `gather4_po_c`: the four texels
//! of a bilinear footprint, emulated with four taps (GLSL ES 3.00 and WebGL2
//! have no `textureGather`).
//!
//! ## The emulation
//!
//! For a coordinate `uv` on a level-0 image of `sz` texels, the footprint's
//! upper-left texel is `floor(uv * sz - 0.5)` (plus the offset); D3D returns
//! the four texels counter-clockwise from the lower left, v growing
//! downwards: `x = (u0, v1)`, `y = (u1, v1)`, `z = (u1, v0)`, `w = (u0,
//! v0)` — the same order as GL's `textureGather`.
//!
//! Each tap *samples* the combined uniform at the texel's centre at level
//! 0 (`textureLod`, or zero-gradient `textureGrad` on
//! `sampler2DArrayShadow`), rather than `texelFetch`ing the bare texture:
//! - the sampler's address mode (wrap, clamp, mirror, border) applies to
//!   the taps outside the texture, as it does in D3D, where `texelFetch`
//!   would return 0 there;
//! - the comparison forms compare through the shadow sampler, so the
//!   runtime's comparison function applies (a `texelFetch` emulation would
//!   have to hard-code one, and cannot read a `*Shadow` sampler at all);
//! - at a texel centre the bilinear weights are exactly (1, 0), so a linear
//!   or nearest filter returns the texel itself.
//!
//! From a texture the profile stubs (`stub_resource_registers`) every form
//! writes zero to each destination lane, under either `gather4` switch: the
//! D3D reference describes `gather4` as `sample` without the filtering,
//! and a sample of a slot with nothing bound is 0 in all components.
//!
//! Compared with native `textureGather`/`textureGatherOffset` of GLSL ES
//! 3.10 on Mesa llvmpipe (crate docs, decision 2): identical away from
//! footprint boundaries with nearest filtering; within float rounding of a
//! texel centre either footprint is a valid rounding; a linear filter on
//! non-power-of-two sizes can leak ~1e-6 of a neighbour on drivers that
//! weight in float.

use crate::common::{self, Dim};
use crate::switches::Gather4;
use dxlower_core::{
    register_handler, Ctx, Helper, Lift, Lower, LowerError, Refusal, SamplerKey, Ty,
};
use dxlower_dxbc::{Components, Instruction, Opcode};

/// A colour gather helper: `$ret dx11_gather4($sampler s, $uv uv, ivec2
/// off, int c)`; `$open`/`$close` wrap each 2D tap coordinate into the
/// sampler's coordinate (`vec3(…, uv.z)` for arrays).
macro_rules! colour_helper {
    ($id:ident, $name:literal, $ret:literal, $sampler:literal, $uv:literal, $xy:literal,
     $size:literal, $open:literal, $close:literal) => {
        /// A `gather4` emulation overload (see the module docs).
        pub static $id: Helper = Helper {
            name: $name,
            text: concat!(
                $ret,
                " dx11_gather4(highp ",
                $sampler,
                " s, ",
                $uv,
                " uv, ivec2 off, int c)\n",
                "{\n",
                "    vec2 sz = vec2(textureSize(s, 0)",
                $size,
                ");\n",
                "    vec2 b = floor(uv",
                $xy,
                " * sz - 0.5) + vec2(off) + 0.5;\n",
                "    return ",
                $ret,
                "(textureLod(s, ",
                $open,
                "(b + vec2(0.0, 1.0)) / sz",
                $close,
                ", 0.0)[c],\n",
                "        textureLod(s, ",
                $open,
                "(b + vec2(1.0, 1.0)) / sz",
                $close,
                ", 0.0)[c],\n",
                "        textureLod(s, ",
                $open,
                "(b + vec2(1.0, 0.0)) / sz",
                $close,
                ", 0.0)[c],\n",
                "        textureLod(s, ",
                $open,
                "b / sz",
                $close,
                ", 0.0)[c]);\n",
                "}\n"
            ),
            deps: &[],
        };
    };
}

colour_helper!(
    GATHER_2D,
    "dx11_gather4(sampler2D)",
    "vec4",
    "sampler2D",
    "vec2",
    "",
    "",
    "",
    ""
);
colour_helper!(
    GATHER_2D_I,
    "dx11_gather4(isampler2D)",
    "ivec4",
    "isampler2D",
    "vec2",
    "",
    "",
    "",
    ""
);
colour_helper!(
    GATHER_2D_U,
    "dx11_gather4(usampler2D)",
    "uvec4",
    "usampler2D",
    "vec2",
    "",
    "",
    "",
    ""
);
colour_helper!(
    GATHER_2DA,
    "dx11_gather4(sampler2DArray)",
    "vec4",
    "sampler2DArray",
    "vec3",
    ".xy",
    ".xy",
    "vec3(",
    ", uv.z)"
);
colour_helper!(
    GATHER_2DA_I,
    "dx11_gather4(isampler2DArray)",
    "ivec4",
    "isampler2DArray",
    "vec3",
    ".xy",
    ".xy",
    "vec3(",
    ", uv.z)"
);
colour_helper!(
    GATHER_2DA_U,
    "dx11_gather4(usampler2DArray)",
    "uvec4",
    "usampler2DArray",
    "vec3",
    ".xy",
    ".xy",
    "vec3(",
    ", uv.z)"
);

/// The `gather4_c` emulation on `sampler2DShadow`: four level-0
/// comparisons at the footprint's texel centres.
pub static GATHER_C_2D: Helper = Helper {
    name: "dx11_gather4_c(sampler2DShadow)",
    text: "vec4 dx11_gather4_c(highp sampler2DShadow s, vec2 uv, float ref, ivec2 off)
{
    vec2 sz = vec2(textureSize(s, 0));
    vec2 b = floor(uv * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureLod(s, vec3((b + vec2(0.0, 1.0)) / sz, ref), 0.0),
        textureLod(s, vec3((b + vec2(1.0, 1.0)) / sz, ref), 0.0),
        textureLod(s, vec3((b + vec2(1.0, 0.0)) / sz, ref), 0.0),
        textureLod(s, vec3(b / sz, ref), 0.0));
}
",
    deps: &[],
};

/// The `gather4_c` emulation on `sampler2DArrayShadow` (no `textureLod`
/// overload: zero-gradient `textureGrad` reads level 0).
pub static GATHER_C_2DA: Helper = Helper {
    name: "dx11_gather4_c(sampler2DArrayShadow)",
    text: "vec4 dx11_gather4_c(highp sampler2DArrayShadow s, vec3 uv, float ref, ivec2 off)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureGrad(s, vec4((b + vec2(0.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 0.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4(b / sz, uv.z, ref), vec2(0.0), vec2(0.0)));
}
",
    deps: &[],
};

/// Operand positions of one gather form.
pub(crate) struct Form {
    /// The address operand (1; 2 in the residency-feedback forms, whose
    /// status destination comes second).
    pub addr: usize,
    /// Programmable-offset operand (`_po`).
    pub offset: Option<usize>,
    /// The resource operand.
    pub res: usize,
    /// The sampler operand.
    pub smp: usize,
    /// The comparison reference (`_c`).
    pub reference: Option<usize>,
}

pub(crate) fn gather<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    form: Form,
) -> Result<(), LowerError> {
    // A stubbed texture needs no emulation: four zero texels (compared
    // or not), whatever the gather4 switch says.
    if let Some(stub) = common::stubbed(cx, inst, form.res)? {
        let d = cx.dst(inst, 0)?;
        let ty = if form.reference.is_some() {
            Ty::Float
        } else {
            stub.ty
        };
        return common::assign_zero(cx, d, ty);
    }
    if cx.switches::<crate::TextureSampleSwitches>().gather4 == Gather4::Refuse {
        return Err(Refusal::new(
            inst.opcode.mnemonic(),
            "textureGather is GLSL ES 3.10; WebGL2 has no gather and the profile refuses the \
             four-tap emulation",
        )
        .lifted_by(Lift::switch_text("gather4", "Emulate", "gather4 = Emulate"))
        .into());
    }
    let d = cx.dst(inst, 0)?;
    let tex = common::texture(cx, inst, form.res)?;
    let (smp, _) = common::sampler(cx, inst, form.smp)?;
    match tex.dim {
        Dim::D2 | Dim::D2Array => {}
        Dim::Cube => {
            return Err(Refusal::new(
                format!("{} on a texturecube", inst.opcode.mnemonic()),
                format!(
                    "t{}: GLSL ES 3.00 has no textureGather, and the four-tap emulation needs \
                     one 2D texel grid (cube faces and their seams are not emulated)",
                    dxlower_core::binding::label(tex.reg)
                ),
            )
            .into())
        }
        _ => {
            return Err(LowerError::invalid(format!(
                "`{}` on a 1D or 3D texture: D3D gathers only from 2D, 2D-array and cube textures",
                inst.opcode
            )))
        }
    }
    let a = cx.src_n(inst, form.addr, Ty::Float, tex.dim.address_lanes())?;
    let imm = common::texel_offset(inst, tex.dim)?;
    let po = match form.offset {
        // D3D honours the low 6 bits of each offset lane, as signed.
        Some(i) => Some(format!(
            "(({} << 26) >> 26)",
            cx.src_n(inst, i, Ty::Int, 2)?
        )),
        None => None,
    };
    let off = match (po, imm) {
        (Some(p), Some(i)) => format!("{p} + {i}"),
        (Some(p), None) => p,
        (None, Some(i)) => i,
        (None, None) => "ivec2(0)".to_string(),
    };
    let array = tex.dim == Dim::D2Array;
    match form.reference {
        Some(r) => {
            let reference = cx.src_n(inst, r, Ty::Float, 1)?;
            cx.helper(if array { &GATHER_C_2DA } else { &GATHER_C_2D });
            let s = cx.sampler(SamplerKey::shadow(tex.reg, smp))?;
            let call = format!("dx11_gather4_c({s}, {a}, {reference}, {off})");
            common::assign_vec4(cx, d, Ty::Float, tex.op, &call)
        }
        None => {
            // The channel: the sampler operand's component select (SM5
            // `s0.y`); red when it has none (SM4.1 `gather4`).
            let smp_op = cx.operand(inst, form.smp)?;
            let channel = match smp_op.components {
                Components::Select1(c) => c,
                Components::Swizzle(s) => s[0],
                _ => 0,
            };
            cx.helper(match (array, tex.ty) {
                (false, Ty::Float) => &GATHER_2D,
                (false, Ty::Int) => &GATHER_2D_I,
                (false, Ty::Uint) => &GATHER_2D_U,
                (true, Ty::Float) => &GATHER_2DA,
                (true, Ty::Int) => &GATHER_2DA_I,
                (true, Ty::Uint) => &GATHER_2DA_U,
            });
            let s = cx.sampler(SamplerKey::combined(tex.reg, smp))?;
            let call = format!("dx11_gather4({s}, {a}, {off}, {channel})");
            common::assign_vec4(cx, d, tex.ty, tex.op, &call)
        }
    }
}

/// `gather4`: the four texels of the bilinear footprint, one channel.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#gather4` (emulate with four taps or refuse;
/// channel from the sampler operand's component select; result through the
/// resource swizzle; D3D gather order), profile switch `gather4`;
/// Microsoft "gather4 (sm4.1 - asm)".
///
/// **GLSL ES 3.00**: `dx11_gather4(tNTEX_with_SMPsM, c.xy, off, chan)`
/// (helper overloads for `sampler2D`/`sampler2DArray` and their integer
/// forms), `off` = the `_aoffimmi` offset or `ivec2(0)`; the helper samples
/// the four texel centres at level 0 with `textureLod`.
///
/// **Differences**: the taps go through the sampler state, so the address
/// mode applies as in D3D; under a sampler `TEXTURE_MIN_LOD` above 0 the
/// taps read that level's texels at level-0 positions (D3D reads level
/// 0). A float texel of ±Inf next to a tap may turn the tap NaN under a
/// linear filter (0 × Inf); nearest filtering has no such case. Cube maps
/// are refused by name.
///
/// **Example**:
/// ```text
/// gather4 r0.xyzw, v0.xyxx, t0.xyzw, s0.y
///   →   r0 = dx11_gather4(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, ivec2(0), 1);
/// ```
fn lower_gather4<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    gather(
        inst,
        cx,
        Form {
            addr: 1,
            offset: None,
            res: 2,
            smp: 3,
            reference: None,
        },
    )
}

/// `gather4_c`: four depth comparisons of the bilinear footprint.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#gather4_c` (the compare variants compare each tap
/// against the reference); Microsoft "gather4_c (sm5 - asm)".
///
/// **GLSL ES 3.00**: `dx11_gather4_c(hlslcc_zcmptNTEX_with_SMPsM, c.xy,
/// ref, off)`: four level-0 comparisons at the texel centres through the
/// shadow sampler (`textureLod` on `sampler2DShadow`, zero-gradient
/// `textureGrad` on `sampler2DArrayShadow`).
///
/// **Differences**: the comparison function is the sampler's, as in D3D;
/// at a texel centre the filtered comparison is the texel's own result.
///
/// **Example**:
/// ```text
/// gather4_c r0.xyzw, v0.xyxx, t0.xyzw, s1.x, v0.z
///   →   r0 = dx11_gather4_c(hlslcc_zcmpt0TEX_with_SMPs1, vs_TEXCOORD0.xy, vs_TEXCOORD0.z, ivec2(0));
/// ```
fn lower_gather4_c<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    gather(
        inst,
        cx,
        Form {
            addr: 1,
            offset: None,
            res: 2,
            smp: 3,
            reference: Some(4),
        },
    )
}

/// `gather4_po`: `gather4` with a programmable (register) offset.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#gather4_po-gather4_po_c` (the offset is a runtime `ivec`); Microsoft
/// "gather4_po (sm5 - asm)": only the low 6 bits of each offset lane count,
/// as a signed value in [-32, 31].
///
/// **GLSL ES 3.00**: `dx11_gather4(s, c.xy, ((ivec2(o) << 26) >> 26),
/// chan)`; the offset moves the footprint in texels before the taps, so it
/// needs no constant-expression offset argument.
///
/// **Differences**: as `gather4`.
///
/// **Example**:
/// ```text
/// gather4_po r0.xyzw, v0.xyxx, r1.xyxx, t0.xyzw, s0.x
///   →   r0 = dx11_gather4(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, ((floatBitsToInt(r1.xy) << 26) >> 26), 0);
/// ```
fn lower_gather4_po<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    gather(
        inst,
        cx,
        Form {
            addr: 1,
            offset: Some(2),
            res: 3,
            smp: 4,
            reference: None,
        },
    )
}

/// `gather4_po_c`: `gather4_c` with a programmable offset.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#gather4_po-gather4_po_c`; Microsoft "gather4_po_c (sm5 - asm)".
///
/// **GLSL ES 3.00**: `dx11_gather4_c(shadow, c.xy, ref, ((ivec2(o) << 26)
/// >> 26))`.
///
/// **Differences**: as `gather4_c`.
///
/// **Example**:
/// ```text
/// gather4_po_c r0.xyzw, v0.xyzx, r1.xyxx, t1.xyzw, s1.x, v0.w
///   →   r0 = dx11_gather4_c(hlslcc_zcmpt1TEX_with_SMPs1, vs_TEXCOORD0.xyz, vs_TEXCOORD0.w, ((floatBitsToInt(r1.xy) << 26) >> 26));
/// ```
fn lower_gather4_po_c<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    gather(
        inst,
        cx,
        Form {
            addr: 1,
            offset: Some(2),
            res: 3,
            smp: 4,
            reference: Some(5),
        },
    )
}

register_handler! {
    opcodes: &[Opcode::Gather4],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#gather4",
    lower: Lower::Inst(lower_gather4),
}

register_handler! {
    opcodes: &[Opcode::Gather4C],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#gather4_c",
    lower: Lower::Inst(lower_gather4_c),
}

register_handler! {
    opcodes: &[Opcode::Gather4Po],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#gather4_po-gather4_po_c",
    lower: Lower::Inst(lower_gather4_po),
}

register_handler! {
    opcodes: &[Opcode::Gather4PoC],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#gather4_po-gather4_po_c",
    lower: Lower::Inst(lower_gather4_po_c),
}
