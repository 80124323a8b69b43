//! `lod` (`CalculateLevelOfDetail`) from the coordinate's derivatives
//! (`lod = Derivatives(name)`, `lowerings/texture-sample/docs/emulations.md#2-lod-calculatelevelofdetail`).

use crate::common::{self, Dim};
use crate::switches::Lod;
use dxlower_core::{
    register_handler, Ctx, Helper, Lift, Lower, LowerError, PlainUniform, Precision, Refusal,
    SamplerKey, Src, Ty,
};
use dxlower_dxbc::{Instruction, Opcode};

/// `log2` of a length, with D3D's `log2(0) = -Inf` (GLSL leaves `log2`
/// of 0 undefined), then `(ClampedLOD, NonClampedLOD, 0, 0)` from the
/// sampler's `(MipLODBias, MinLOD, MaxLOD)` in `k`:
/// `max(MinLOD, min(MaxLOD, lod + MipLODBias))` (D3D11.3 §7.18.11).
static LOD_VEC: Helper = Helper {
    name: "dx11_lod_vec",
    text: concat!(
        "vec4 dx11_lod_vec(float m, vec4 k)\n",
        "{\n",
        "    float l = m > 0.0 ? log2(m) : -uintBitsToFloat(0x7f800000u);\n",
        "    return vec4(max(k.y, min(k.z, l + k.x)), l, 0.0, 0.0);\n",
        "}\n"
    ),
    deps: &[],
};

/// The isotropic LOD of scaled derivatives (D3D11.3 §7.18.11:
/// `log2(max(length(dX), length(dY)))`), one overload per width.
macro_rules! lod_helper {
    ($id:ident, $name:literal, $ty:literal) => {
        /// An overload of `dx11_lod` (see `lod_helper!`).
        pub static $id: Helper = Helper {
            name: $name,
            text: concat!(
                "vec4 dx11_lod(",
                $ty,
                " dx, ",
                $ty,
                " dy, vec4 k)\n{\n    return dx11_lod_vec(max(length(dx), length(dy)), k);\n}\n"
            ),
            deps: &[&LOD_VEC],
        };
    };
}

lod_helper!(LOD_1, "dx11_lod(float)", "float");
lod_helper!(LOD_2, "dx11_lod(vec2)", "vec2");
lod_helper!(LOD_3, "dx11_lod(vec3)", "vec3");

/// The LOD of a cube coordinate (D3D11.3 §7.18.11): the derivatives
/// projected onto the major face (`(m * d.uv - tc.uv * d.major) / m²`,
/// ties going to Z, then Y, then X), scaled by half the face size.
static LOD_CUBE: Helper = Helper {
    name: "dx11_lod_cube",
    text: concat!(
        "vec4 dx11_lod_cube(vec3 c, vec3 dx, vec3 dy, float n, vec4 k)\n",
        "{\n",
        "    vec3 a = abs(c);\n",
        "    vec3 p;\n",
        "    vec3 px;\n",
        "    vec3 py;\n",
        "    if (a.z >= a.x && a.z >= a.y) {\n",
        "        p = c;\n",
        "        px = dx;\n",
        "        py = dy;\n",
        "    } else if (a.y >= a.x) {\n",
        "        p = c.xzy;\n",
        "        px = dx.xzy;\n",
        "        py = dy.xzy;\n",
        "    } else {\n",
        "        p = c.zyx;\n",
        "        px = dx.zyx;\n",
        "        py = dy.zyx;\n",
        "    }\n",
        "    float s = p.z < 0.0 ? -1.0 : 1.0;\n",
        "    float m = abs(p.z);\n",
        "    vec2 fx = (m * px.xy - p.xy * (s * px.z)) / (m * m) * (0.5 * n);\n",
        "    vec2 fy = (m * py.xy - p.xy * (s * py.z)) / (m * m) * (0.5 * n);\n",
        "    return dx11_lod(fx, fy, k);\n",
        "}\n",
    ),
    deps: &[&LOD_2],
};

/// `lod dst, address, tN, sM`: the level of detail a `sample` at
/// `address` would use.
///
/// **Spec**: D3D11.3 functional spec §22.5.6 (lod: `(ClampedLOD,
/// NonClampedLOD, 0, 0)` through the resource swizzle, pixel shaders
/// only, 0 from an unbound slot) and §7.18.11 (LOD Calculations: the
/// derivatives of the coordinate scaled by the level-0 size — half the
/// face size for cubes, after projecting onto the major face —, the
/// isotropic LOD `log2(max(|dX|, |dY|))`, then `max(MinLOD, min(MaxLOD,
/// LOD + MipLODBias))`).
///
/// **GLSL ES 3.00**: under `lod = Derivatives(name)` the same formula in
/// the helpers `dx11_lod`/`dx11_lod_cube`, with `dFdx`/`dFdy` of the
/// coordinate, `textureSize(tN, 0)` of the bare sampler, and the sampler's
/// `(MipLODBias, MinLOD, MaxLOD)` from `uniform highp vec4 name[16]`,
/// element `M` (a host contract). 1D textures (W×1) use `.x`, arrays
/// leave their slice out, 3D uses `.xyz`. Refused otherwise, naming the
/// switch.
///
/// **Differences** (the tolerance): `log2` is exact to 3 ulps (2^-21
/// absolute for lengths in [0.5, 2]) in GLSL ES 3.00 where D3D asks 1 ulp
/// of its log; the derivatives are GLSL's `dFdx`/`dFdy`, which an
/// implementation may compute coarse or fine as D3D's implicit ones may,
/// and equal for coordinates linear across the 2×2 quad. The formula is
/// the spec's isotropic one: the contract excludes anisotropic samplers
/// (whose LOD D3D takes from the minor axis) and point mip filtering
/// (where D3D leaves `lod` undefined). The hardware's own LOD for a
/// `sample` may approximate the formula (the spec allows it), so this is
/// the specified value, not necessarily the one a GPU's `sample` used.
///
/// **Example**:
/// ```text
/// lod r0.xy, v0.xyxx, t0.xyzw, s1
///     →   r0.xy = dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy),
///                          dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[1]).xy;
/// ```
fn lower_lod<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if common::stubbed(cx, inst, 2)?.is_some() {
        return common::assign_zero(cx, d, Ty::Float);
    }
    common::pixel_only(cx, inst)?;
    let name = match &cx.switches::<crate::TextureSampleSwitches>().lod {
        Lod::Refuse => {
            return Err(Refusal::new(
                "lod",
                "GLSL ES 3.00 has no level-of-detail query (textureQueryLod is desktop GLSL 4.00)",
            )
            .lifted_by(Lift::switch_text(
                "lod",
                "Derivatives",
                "profile lod = Derivatives(name) (computed from derivatives; the host sets each sampler's LOD range)",
            ))
            .into())
        }
        Lod::Derivatives(name) => name.clone(),
    };
    let tex = common::texture(cx, inst, 2)?;
    if tex.multisample {
        return Err(LowerError::invalid(format!(
            "`lod` of t{}, a multisample texture",
            tex.reg
        )));
    }
    let (smp, _) = common::sampler(cx, inst, 3)?;
    let a = cx.src_n(inst, 1, Ty::Float, tex.dim.address_lanes())?;
    let k = sampler_state(cx, &name, smp)?;
    let call = formula(cx, &tex, &a, None, &k)?;
    common::assign_vec4(cx, d, Ty::Float, tex.op, &call)
}

/// Declares the sampler-state uniform `name` (once), records the `lod`
/// contract, and returns sampler `smp`'s element, `name[smp]`.
pub(crate) fn sampler_state(cx: &mut Ctx<'_>, name: &str, smp: u32) -> Result<String, LowerError> {
    if smp >= 16 {
        return Err(Refusal::new(
            "LOD from derivatives",
            format!(
                "s{}: the sampler-state uniform holds s0-s15 of register space 0",
                dxlower_core::binding::label(smp)
            ),
        )
        .into());
    }
    cx.declare_uniform(PlainUniform {
        name: name.to_string(),
        glsl_type: "vec4".into(),
        precision: Precision::Highp,
        array: Some(16),
    })?;
    cx.contract(
        "lod",
        format!(
            "set {name}[M] = (MipLODBias, MinLOD, MaxLOD, 0) of the D3D sampler bound to s<M>, with a filter that is neither anisotropic nor point-mip"
        ),
    );
    Ok(format!("{name}[{smp}]"))
}

/// The `(ClampedLOD, NonClampedLOD, 0, 0)` expression of a sample of `tex`
/// at the address `a` (D3D11.3 §7.18.11): from the coordinate's
/// derivatives (`dFdx`, `dFdy`) or, with `grads`, from the given
/// gradients (`sample_d`'s, read with [`Dim::gradient_lanes`] lanes), the
/// sampler state `k` (`(MipLODBias, MinLOD, MaxLOD, 0)`). Requests the
/// helpers it calls.
pub(crate) fn formula(
    cx: &mut Ctx<'_>,
    tex: &common::Tex<'_>,
    a: &Src<'_>,
    grads: Option<(&Src<'_>, &Src<'_>)>,
    k: &str,
) -> Result<String, LowerError> {
    let t = cx.sampler(SamplerKey::bare(tex.reg))?;
    // The coordinate's lanes `ks` and its two derivative vectors.
    let grad = |ks: &[usize]| -> (String, String) {
        match grads {
            Some((x, y)) => (
                common::lanes(x, ks).to_string(),
                common::lanes(y, ks).to_string(),
            ),
            None => {
                let c = common::lanes(a, ks);
                (format!("dFdx({c})"), format!("dFdy({c})"))
            }
        }
    };
    Ok(match tex.dim {
        Dim::D1 | Dim::D1Array => {
            cx.helper(&LOD_1);
            let (gx, gy) = grad(&[0]);
            let w = format!("float(textureSize({t}, 0).x)");
            format!("dx11_lod({gx} * {w}, {gy} * {w}, {k})")
        }
        Dim::D2 | Dim::D2Array => {
            cx.helper(&LOD_2);
            let (gx, gy) = grad(&[0, 1]);
            let size = format!("vec2(textureSize({t}, 0).xy)");
            format!("dx11_lod({gx} * {size}, {gy} * {size}, {k})")
        }
        Dim::D3 => {
            cx.helper(&LOD_3);
            let (gx, gy) = grad(&[0, 1, 2]);
            let size = format!("vec3(textureSize({t}, 0))");
            format!("dx11_lod({gx} * {size}, {gy} * {size}, {k})")
        }
        Dim::Cube => {
            cx.helper(&LOD_CUBE);
            let (gx, gy) = grad(&[0, 1, 2]);
            let c = a.with_lanes(&[a.lane(0), a.lane(1), a.lane(2)]);
            format!("dx11_lod_cube({c}, {gx}, {gy}, float(textureSize({t}, 0).x), {k})")
        }
    })
}

register_handler! {
    opcodes: &[Opcode::Lod],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/emulations.md#2-lod-calculatelevelofdetail",
    lower: Lower::Inst(lower_lod),
}
