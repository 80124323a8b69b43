//! `resinfo`: texture dimensions and mip count.

use crate::common::{self, Dim, Tex};
use crate::liveness;
use crate::switches::ResinfoMipCount;
use dxlower_core::{
    register_handler, Ctx, Dst, Lift, Lower, LowerError, PlainUniform, Precision, Refusal,
    SamplerKey, Ty,
};
use dxlower_dxbc::{Instruction, Opcode, OperandType, ResInfoReturnType};
use std::fmt::Write;

/// Number of `ivec4` elements of the mip-count uniform: one `int` lane per
/// D3D texture register (`t0`..`t127`), four registers per element, so the
/// array costs 32 uniform vectors instead of 128.
pub const MIP_COUNT_VEC4S: u32 = 32;

/// The mip-count uniform named `name` (`uniform highp ivec4
/// name[32];`).
pub fn mip_count_uniform(name: &str) -> PlainUniform {
    PlainUniform {
        name: name.to_string(),
        glsl_type: "ivec4".into(),
        precision: Precision::Highp,
        array: Some(MIP_COUNT_VEC4S),
    }
}

/// The mip count of `t<reg>` read from the uniform (`name[0].y` for `t1`).
pub fn mip_count_read(name: &str, reg: u32) -> String {
    format!(
        "{name}[{}].{}",
        reg / 4,
        ['x', 'y', 'z', 'w'][(reg % 4) as usize]
    )
}

/// What one lane of the D3D result vector `[width, height,
/// depth-or-array-size, mip count]` is, for a dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    /// A size component of `textureSize` (`x`, `y`, `z`); `rcp` when the
    /// `_rcpFloat` form reciprocates it (widths, heights and depths, never
    /// array sizes).
    Size(u8, bool),
    /// A constant zero (a dimension the resource does not have).
    Zero,
    /// The mip count.
    Levels,
}

/// The D3D component `k` of `dim` in terms of the GLSL `textureSize`
/// vector (1D textures are W×1 2D textures: width is `.x`; 1D arrays are
/// 2D arrays: the layer count is `.z`).
fn item(dim: Dim, k: u8) -> Item {
    match (dim, k) {
        (_, 3) => Item::Levels,
        (_, 0) => Item::Size(0, true),
        (Dim::D1, _) => Item::Zero,
        (Dim::D1Array, 1) => Item::Size(2, false),
        (Dim::D1Array, _) => Item::Zero,
        (_, 1) => Item::Size(1, true),
        (Dim::D2 | Dim::Cube, _) => Item::Zero,
        (Dim::D2Array, _) => Item::Size(2, false),
        (Dim::D3, _) => Item::Size(2, true),
    }
}

/// Width of `textureSize` for the GLSL sampler of `dim`.
fn size_width(dim: Dim) -> u8 {
    match dim {
        Dim::D1 | Dim::D2 | Dim::Cube => 2,
        Dim::D1Array | Dim::D2Array | Dim::D3 => 3,
    }
}

/// Without a mip-count uniform, drops the destination lanes that would
/// receive the mip count when no later instruction can read them (fxc
/// writes `resinfo_uint r0.xyzw` for `GetDimensions(w, h)` and overwrites
/// `r0.w` first; see [`crate::liveness`]).
fn drop_dead_levels<'a>(
    cx: &mut Ctx<'a>,
    inst: &'a Instruction,
    d: Dst<'a>,
    tex: &Tex<'_>,
) -> Dst<'a> {
    if !matches!(
        cx.switches::<crate::TextureSampleSwitches>()
            .resinfo_mip_count,
        ResinfoMipCount::Refuse
    ) || d.op.ty != OperandType::Temp
    {
        return d;
    }
    let swz = tex.op.swizzle();
    let levels_lanes = (0..4u8)
        .filter(|&c| d.mask & (1 << c) != 0 && swz[c as usize] == 3)
        .fold(0u8, |m, c| m | 1 << c);
    if levels_lanes == 0 {
        return d;
    }
    let program = cx.state().input.program;
    let (Some(at), Some(reg)) = (liveness::index_of(program, inst), d.op.reg()) else {
        return d;
    };
    let in_loop = cx.scratch::<liveness::LoopCursor>().in_loop(program, at);
    let dead = levels_lanes & !liveness::live_after_in(program, at, in_loop, reg, levels_lanes);
    Dst {
        mask: d.mask & !dead,
        ..d
    }
}

/// +Inf as a GLSL ES 3.00 float expression (no literal spells it).
const INFINITY: &str = "uintBitsToFloat(0x7f800000u)";

/// `resinfo` of a stubbed texture: what D3D returns for a `t#` with
/// nothing bound — 0 for every size, array size and the mip count, except
/// that `_rcpFloat` still reciprocates the width, height and depth lanes
/// the dimension has, giving +Inf there (Microsoft "resinfo (sm4 - asm)",
/// Restrictions). No `textureSize`, no mip-count uniform.
fn lower_stubbed<'a>(
    cx: &mut Ctx<'a>,
    d: Dst<'a>,
    stub: &common::Stub<'_>,
    ty: Ty,
    rcp: bool,
) -> Result<(), LowerError> {
    use dxlower_dxbc::ResourceDimension as R;
    // The D3D component layout of the declared dimension (multisample
    // textures read like their single-sampled forms; a cube array's third
    // lane is its array size, never reciprocated).
    let dim = match stub.dim {
        R::Texture1D => Dim::D1,
        R::Texture1DArray => Dim::D1Array,
        R::Texture2D | R::Texture2DMS => Dim::D2,
        R::Texture2DArray | R::Texture2DMSArray | R::TextureCubeArray => Dim::D2Array,
        R::Texture3D => Dim::D3,
        R::TextureCube => Dim::Cube,
        other => {
            return Err(LowerError::invalid(format!(
                "`resinfo` of t{}, a {}: D3D queries textures only",
                stub.reg,
                other.name()
            )))
        }
    };
    let inf: Vec<bool> = common::result_lanes(stub.op, d.mask)
        .into_iter()
        .map(|k| rcp && matches!(item(dim, k), Item::Size(_, true)))
        .collect();
    if !inf.contains(&true) {
        return common::assign_zero(cx, d, ty);
    }
    let n = inf.len() as u8;
    let parts: Vec<&str> = inf
        .iter()
        .map(|&i| if i { INFINITY } else { "0.0" })
        .collect();
    let rhs = if n == 1 {
        parts.concat()
    } else {
        format!("{}({})", Ty::Float.glsl(n), parts.join(", "))
    };
    cx.assign(d, Ty::Float, n, &rhs)
}

/// `resinfo[_rcpFloat|_uint]`: width, height, depth or array size, and mip
/// count of a texture at a mip level.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#resinfo`; profile switch
/// `resinfo_mip_count`;
/// Microsoft "resinfo (sm4 - asm)". The D3D vector is `[w, h, d-or-layers,
/// levels]`: 2D `(w, h, 0)`, 2D array `(w, h, layers)`, 3D `(w, h, d)`,
/// cube `(w, h, 0)`, 1D `(w, 0, 0)`, 1D array `(w, layers, 0)`.
/// Destination lane *i* receives component `swz[i]` of it, `swz` being the
/// resource operand's swizzle. `_rcpFloat` reciprocates only widths,
/// heights and depths; `_uint` returns integers.
///
/// **GLSL ES 3.00**: `textureSize(tN, mip)` on the bare sampler, built
/// into the result in one statement (the mip operand may be the
/// destination): `r0.xy = vec2(textureSize(t0, 0).xy);`. When several kinds
/// of lanes are read, the size goes into a block-local first. The mip count
/// has no ES 3.00 query (`textureQueryLevels` is GLSL 4.30): with
/// `resinfo_mip_count = Uniform(name)` it is read from `uniform highp ivec4
/// name[32]` (lane `r & 3` of element `r >> 2` for `t<r>`), declared on
/// first use; otherwise a temp lane that receives it is left unwritten when
/// no later instruction can read it, and any other write of it is
/// refused.
///
/// From a texture the profile stubs (`stub_resource_registers`) the
/// result is D3D's for a slot with nothing bound: zeros, and +Inf in the
/// width/height/depth lanes under `_rcpFloat` (`r0.xy =
/// vec2(uintBitsToFloat(0x7f800000u), uintBitsToFloat(0x7f800000u));`).
///
/// A multisample texture (declared under decl-io's single-sample
/// contract) reads like a 2D texture (array) with a level count of 1,
/// which needs no uniform.
///
/// **Differences**: for a mip level at or past the level count D3D returns
/// 0 sizes (+Inf under `_rcpFloat`) but still the level count, while GLSL
/// leaves `textureSize` undefined there. With the uniform, a non-constant
/// mip other than the constant 0 is guarded (`uint(mip) < uint(levels) ?
/// textureSize(…) : ivecK(0)`;
/// the reciprocal of 0 is then a GLSL division by zero, +Inf on common
/// drivers); without it the level is assumed valid (documented risk).
///
/// **Example**:
/// ```text
/// resinfo_uint r0.xy, l(0), t0.xyzw   →   r0.xy = uintBitsToFloat(uvec2(textureSize(t0, 0).xy));
/// ```
fn lower_resinfo<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    let stub = common::stubbed(cx, inst, 2)?;
    let tex = match stub {
        Some(_) => None,
        None => Some(common::texture_or_multisample(cx, inst, 2)?),
    };
    let mode = inst.resinfo_return_type();
    let (ty, rcp) = match mode {
        ResInfoReturnType::Float => (Ty::Float, false),
        ResInfoReturnType::RcpFloat => (Ty::Float, true),
        ResInfoReturnType::Uint => (Ty::Uint, false),
        ResInfoReturnType::Unknown(n) => {
            return Err(LowerError::invalid(format!(
                "resinfo return type {n} is reserved"
            )))
        }
    };
    if d.is_null() || d.mask == 0 {
        return Ok(());
    }
    let tex = match (stub, tex) {
        (Some(stub), _) => return lower_stubbed(cx, d, &stub, ty, rcp),
        (None, Some(tex)) => tex,
        (None, None) => return Err(LowerError::invalid("`resinfo` without its texture")),
    };
    let d = drop_dead_levels(cx, inst, d, &tex);
    if d.mask == 0 {
        return Ok(());
    }
    let items: Vec<Item> = common::result_lanes(tex.op, d.mask)
        .into_iter()
        .map(|k| match item(tex.dim, k) {
            Item::Size(a, r) => Item::Size(a, r && rcp),
            other => other,
        })
        .collect();
    let n = items.len() as u8;
    let wants_levels = items.contains(&Item::Levels);
    let wants_size = items.iter().any(|i| matches!(i, Item::Size(..)));
    // A multisample texture (declared under decl-io's single-sample
    // contract) has one level, and D3D's count for it is 1.
    let levels = if tex.multisample {
        None
    } else if wants_levels || wants_size {
        match &cx
            .switches::<crate::TextureSampleSwitches>()
            .resinfo_mip_count
        {
            ResinfoMipCount::Uniform(name) => Some(name.clone()),
            ResinfoMipCount::Refuse if wants_levels => {
                return Err(Refusal::new(
                    "resinfo mip count",
                    format!(
                        "t{} mip count (resinfo .w): GLSL ES 3.00 has no textureQueryLevels \
                         and the profile supplies no uniform for it",
                        tex.reg
                    ),
                )
                .lifted_by(Lift::switch_text(
                    "resinfo_mip_count",
                    "Uniform(\"<name>\")",
                    "resinfo_mip_count = Uniform(\"<name>\")",
                ))
                .into())
            }
            ResinfoMipCount::Refuse => None,
        }
    } else {
        None
    };
    let levels_read = match levels.as_ref() {
        Some(_) if tex.reg >= MIP_COUNT_VEC4S * 4 => {
            return Err(Refusal::new(
                "resinfo mip count",
                format!(
                    "t{} mip count (resinfo .w): the mip-count uniform holds t0-t127 of \
                     register space 0",
                    dxlower_core::binding::label(tex.reg)
                ),
            )
            .into())
        }
        Some(name) => {
            cx.declare_uniform(mip_count_uniform(name))?;
            Some(mip_count_read(name, tex.reg))
        }
        None if tex.multisample => Some("1".to_string()),
        None => None,
    };
    let mip_op = cx.operand(inst, 1)?;
    // Level 0 always exists; any other level may be out of range.
    let level0 = mip_op.ty == OperandType::Immediate32 && mip_op.imm.iter().all(|&v| v == 0);
    let mip = cx.src_n(inst, 1, Ty::Int, 1)?;
    let t = cx.sampler(SamplerKey::bare(tex.reg))?;
    let sw = size_width(tex.dim);
    let ity = Ty::Int.glsl(sw);
    // The size vector, guarded against out-of-range levels when the level
    // count is known and the level is not a constant.
    let size = match (&levels_read, level0) {
        (Some(lv), false) if wants_size => {
            let m = cx.src_n(inst, 1, Ty::Uint, 1)?;
            format!("(({m} < uint({lv})) ? textureSize({t}, {mip}) : {ity}(0))")
        }
        _ => format!("textureSize({t}, {mip})"),
    };
    let letters = |axes: &[u8]| -> String {
        axes.iter()
            .map(|&a| ['x', 'y', 'z', 'w'][a as usize])
            .collect()
    };
    // Only sizes, all reciprocated alike: one vector expression.
    let sizes: Option<Vec<(u8, bool)>> = items
        .iter()
        .map(|i| match i {
            Item::Size(a, r) => Some((*a, *r)),
            _ => None,
        })
        .collect();
    if let Some(sizes) = sizes {
        let all_rcp = sizes.iter().all(|s| s.1);
        let no_rcp = sizes.iter().all(|s| !s.1);
        if all_rcp || no_rcp {
            let axes: Vec<u8> = sizes.iter().map(|s| s.0).collect();
            let sel = format!("{size}.{}", letters(&axes));
            let v = format!("{}({sel})", ty.glsl(n));
            let rhs = if all_rcp {
                if n == 1 {
                    format!("1.0 / {v}")
                } else {
                    format!("{}(1.0) / {v}", ty.glsl(n))
                }
            } else {
                v
            };
            return cx.assign(d, ty, n, &rhs);
        }
    }
    // Mixed lanes: per-lane scalars, the size held in a local when it is
    // read more than once.
    let size_reads = items.iter().filter(|i| matches!(i, Item::Size(..))).count();
    let local = if size_reads > 1 {
        Some(cx.fresh("hlslcc_resinfo"))
    } else {
        None
    };
    let size_ref = local.clone().unwrap_or_else(|| size.clone());
    let scalar = ty.glsl(1);
    let mut parts = Vec::with_capacity(items.len());
    for it in &items {
        let mut p = String::new();
        match *it {
            Item::Size(a, r) => {
                let c = ['x', 'y', 'z', 'w'][a as usize];
                if r {
                    let _ = write!(p, "1.0 / float({size_ref}.{c})");
                } else {
                    let _ = write!(p, "{scalar}({size_ref}.{c})");
                }
            }
            Item::Zero => p.push_str(common::zero(ty)),
            Item::Levels => {
                let lv = levels_read
                    .as_deref()
                    .ok_or_else(|| LowerError::invalid("resinfo mip count without a uniform"))?;
                let _ = write!(p, "{scalar}({lv})");
            }
        }
        parts.push(p);
    }
    let rhs = if n == 1 {
        parts.join("")
    } else {
        format!("{}({})", ty.glsl(n), parts.join(", "))
    };
    match local {
        Some(l) => {
            cx.open_scope();
            cx.line(format_args!("{ity} {l} = {size};"));
            let r = cx.assign(d, ty, n, &rhs);
            let closed = cx.close_block();
            r.and(closed)
        }
        None => cx.assign(d, ty, n, &rhs),
    }
}

register_handler! {
    opcodes: &[Opcode::Resinfo],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#resinfo",
    lower: Lower::Inst(lower_resinfo),
}
