//! Shared machinery of the texture-sample handlers: resolving the `t#` and
//! `s#` operands against the declarations, coordinates by dimension,
//! immediate texel offsets and the result swizzle.

use dxlower_core::{Ctx, Dst, LowerError, Refusal, Src, Ty};
use dxlower_dxbc::{Instruction, Operand, OperandType, ResourceDimension, SamplerMode};
use std::fmt::Write;

/// How a D3D resource dimension is sampled in GLSL ES 3.00.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// `Texture1D`, emulated as a W×1 `sampler2D`.
    D1,
    /// `Texture1DArray`, emulated as a W×1 `sampler2DArray`.
    D1Array,
    /// `Texture2D`.
    D2,
    /// `Texture2DArray`.
    D2Array,
    /// `Texture3D` (native `sampler3D`, texture type 3).
    D3,
    /// `TextureCube`.
    Cube,
}

impl Dim {
    /// Number of float address lanes D3D reads (`.x`, `.xy`, `.xyz`).
    pub fn address_lanes(self) -> u8 {
        match self {
            Dim::D1 => 1,
            Dim::D1Array | Dim::D2 => 2,
            Dim::D2Array | Dim::D3 | Dim::Cube => 3,
        }
    }

    /// Lanes of a derivative (gradient) vector in D3D (`sample_d`).
    pub fn gradient_lanes(self) -> u8 {
        match self {
            Dim::D1 | Dim::D1Array => 1,
            Dim::D2 | Dim::D2Array => 2,
            Dim::D3 | Dim::Cube => 3,
        }
    }

    /// True for the two dimensions emulated on a 2D sampler.
    pub fn is_1d(self) -> bool {
        matches!(self, Dim::D1 | Dim::D1Array)
    }
}

/// A resolved `t#` operand of an instruction.
#[derive(Clone, Copy, Debug)]
pub struct Tex<'a> {
    /// The operand.
    pub op: &'a Operand,
    /// Its register number.
    pub reg: u32,
    /// Its dimension.
    pub dim: Dim,
    /// The base type the texture returns (`Float`, `Int`, `Uint`).
    pub ty: Ty,
    /// True for a `Texture2DMS`/`Texture2DMSArray`, which decl-io declares
    /// (as a `sampler2D`/`sampler2DArray`) only under its single-sample
    /// contract (`multisample_textures = SingleSample`): one sample, one
    /// mip level.
    pub multisample: bool,
}

/// Resolves operand `i` of `inst` as a declared texture, refusing the
/// dimensions WebGL2 has no sampler for (buffer, multisample, cube array,
/// and 1D under `texture_1d = Refuse`).
pub fn texture<'a>(cx: &Ctx<'a>, inst: &'a Instruction, i: usize) -> Result<Tex<'a>, LowerError> {
    resolve(cx, inst, i, false)
}

/// [`texture`] for the instructions that read a multisample texture
/// (`ld_ms`, `sample_info`, `sample_pos`, `resinfo`): a `Texture2DMS`
/// (`Texture2DMSArray`) that decl-io declared under its single-sample
/// contract is a 2D texture (array) with [`Tex::multisample`] set.
pub fn texture_or_multisample<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
) -> Result<Tex<'a>, LowerError> {
    resolve(cx, inst, i, true)
}

fn resolve<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
    multisample: bool,
) -> Result<Tex<'a>, LowerError> {
    let op = cx.operand(inst, i)?;
    if op.ty != OperandType::Resource {
        return Err(LowerError::invalid(format!(
            "`{}` operand {i} is not a t# resource",
            inst.opcode
        )));
    }
    let reg = register(cx, op)?;
    // The register as its name part (`3`, `1_space2`).
    let name = dxlower_core::binding::label(reg);
    let decl = cx
        .state()
        .resources
        .get(&reg)
        .ok_or_else(|| LowerError::undeclared(format!("t{name} is not declared")))?;
    // A multisample texture in the stage's resources was declared by
    // decl-io under `multisample_textures = SingleSample` (without it the
    // declaration is refused) unless the profile stubs it. Not read from
    // the sampler uniforms: decl-io declares none for a texture that only
    // `sample_info`/`sample_pos` name.
    let declared = cx.state().stubbed_resource(reg).is_none();
    let dim = match decl.dim {
        ResourceDimension::Texture2DMS if multisample && declared => Dim::D2,
        ResourceDimension::Texture2DMSArray if multisample && declared => Dim::D2Array,
        other => dimension(cx, reg, other)?,
    };
    Ok(Tex {
        op,
        reg,
        dim,
        ty: decl.ty,
        multisample: matches!(
            decl.dim,
            ResourceDimension::Texture2DMS | ResourceDimension::Texture2DMSArray
        ),
    })
}

/// The register of a `t#`/`s#` operand, through the core's binding map
/// ([`dxlower_core::StageState::binding_register`]): `t3` is 3; an SM5.1
/// `T<id>[<reg>]` is the binding key its declaration gave the range id
/// (the register itself in space 0, [`dxlower_core::binding::key`]). A
/// dynamic (relative) index is refused, since GLSL ES 3.00 indexes sampler
/// arrays only with constant expressions.
pub fn register(cx: &Ctx<'_>, op: &Operand) -> Result<u32, LowerError> {
    cx.state().binding_register(op)
}

/// Maps a declared dimension to its GLSL sampling shape or refuses it
/// (multisample textures are read only through
/// [`texture_or_multisample`]).
pub fn dimension(_cx: &Ctx<'_>, reg: u32, dim: ResourceDimension) -> Result<Dim, LowerError> {
    use ResourceDimension as R;
    let name = dxlower_core::binding::label(reg);
    match dim {
        // decl-io declares a 1D texture only when its `texture_1d` switch
        // emulates it as a W×1 2D texture (and refuses it otherwise).
        R::Texture1D => Ok(Dim::D1),
        R::Texture1DArray => Ok(Dim::D1Array),
        R::Texture2D => Ok(Dim::D2),
        R::Texture2DArray => Ok(Dim::D2Array),
        R::Texture3D => Ok(Dim::D3),
        R::TextureCube => Ok(Dim::Cube),
        R::Buffer => Err(Refusal::new(
            "buffer resource",
            format!(
                "t{name} is a Buffer<> SRV: samplerBuffer is GLSL ES 3.20 (EXT_texture_buffer), \
                 which WebGL2 does not expose"
            ),
        )
        .into()),
        R::Texture2DMS | R::Texture2DMSArray => Err(Refusal::new(
            "multisample texture",
            format!(
                "t{name} is a {}: sampler2DMS is GLSL ES 3.10 and sampler2DMSArray ES 3.20; \
                 WebGL2 cannot read individual samples",
                dim.name()
            ),
        )
        .into()),
        R::TextureCubeArray => Err(Refusal::new(
            "texturecubearray resource",
            format!(
                "t{name} is a TextureCubeArray: samplerCubeArray is GLSL ES 3.20 \
                 (OES_texture_cube_map_array), which WebGL2 does not expose"
            ),
        )
        .into()),
        other => Err(LowerError::invalid(format!(
            "t{name} has dimension {}, which texture instructions cannot read",
            other.name()
        ))),
    }
}

/// Resolves operand `i` as a declared sampler; returns its register and
/// mode.
pub fn sampler(
    cx: &Ctx<'_>,
    inst: &Instruction,
    i: usize,
) -> Result<(u32, SamplerMode), LowerError> {
    let op = inst.operands.get(i).ok_or_else(|| {
        LowerError::invalid(format!(
            "`{}` has {} operands, sampler operand {i} expected",
            inst.opcode,
            inst.operands.len()
        ))
    })?;
    if op.ty != OperandType::Sampler {
        return Err(LowerError::invalid(format!(
            "`{}` operand {i} is not an s# sampler",
            inst.opcode
        )));
    }
    let reg = register(cx, op)?;
    // The register as its name part (`3`, `1_space2`).
    let name = dxlower_core::binding::label(reg);
    let mode = cx
        .state()
        .samplers
        .get(&reg)
        .copied()
        .ok_or_else(|| LowerError::undeclared(format!("s{name} is not declared")))?;
    Ok((reg, mode))
}

/// The float sampling coordinate of `dim` from the address source `a` (read
/// with at least [`Dim::address_lanes`] lanes): `.xy` for 2D, `vec2(c.x,
/// 0.5)` for an emulated 1D texture, `vec3(c.x, 0.5, c.y)` for a 1D array.
/// Returns the expression and its width.
pub fn coord(dim: Dim, a: &Src<'_>) -> (String, u8) {
    match dim {
        Dim::D1 => (format!("vec2({}, 0.5)", lane(a, 0)), 2),
        Dim::D1Array => (format!("vec3({}, 0.5, {})", lane(a, 0), lane(a, 1)), 3),
        Dim::D2 => (format!("{}", a.with_lanes(&[a.lane(0), a.lane(1)])), 2),
        Dim::D2Array | Dim::D3 | Dim::Cube => (
            format!("{}", a.with_lanes(&[a.lane(0), a.lane(1), a.lane(2)])),
            3,
        ),
    }
}

/// The coordinate with the depth-comparison reference appended, the `P`
/// argument of a `*Shadow` sampler: `vec3(c.xy, ref)` for 2D, `vec4(c.xyz,
/// ref)` for 2D arrays and cubes, `vec3(c.x, 0.5, ref)` / `vec4(c.x, 0.5,
/// c.y, ref)` for emulated 1D. `None` for 3D (no 3D shadow sampler).
pub fn shadow_coord(dim: Dim, a: &Src<'_>, reference: &Src<'_>) -> Option<String> {
    Some(match dim {
        Dim::D1 => format!("vec3({}, 0.5, {reference})", lane(a, 0)),
        Dim::D1Array => format!("vec4({}, 0.5, {}, {reference})", lane(a, 0), lane(a, 1)),
        Dim::D2 => format!(
            "vec3({}, {reference})",
            a.with_lanes(&[a.lane(0), a.lane(1)])
        ),
        Dim::D2Array | Dim::Cube => format!(
            "vec4({}, {reference})",
            a.with_lanes(&[a.lane(0), a.lane(1), a.lane(2)])
        ),
        Dim::D3 => return None,
    })
}

/// Expression lane `k` of `a` alone.
pub fn lane<'a>(a: &Src<'a>, k: usize) -> Src<'a> {
    a.with_lanes(&[a.lane(k)])
}

/// Expression lanes `ks` of `a` (at most four), in that order.
pub fn lanes<'a>(a: &Src<'a>, ks: &[usize]) -> Src<'a> {
    let mut picked = [0u8; 4];
    let n = ks.len().min(4);
    for (p, &k) in picked.iter_mut().zip(&ks[..n]) {
        *p = a.lane(k);
    }
    a.with_lanes(&picked[..n])
}

/// The immediate texel offsets of `inst` (`_aoffimmi(u,v,w)`) as the GLSL
/// constant offset of `dim`, or `None` when absent or all zero: `ivec2(u,
/// v)` for 2D and 2D arrays, `ivec3(u, v, w)` for 3D, `ivec2(u, 0)` for
/// emulated 1D. Cube maps take no offsets in D3D or GLSL.
pub fn texel_offset(inst: &Instruction, dim: Dim) -> Result<Option<String>, LowerError> {
    let Some([u, v, w]) = inst.texel_offsets() else {
        return Ok(None);
    };
    if u == 0 && v == 0 && w == 0 {
        return Ok(None);
    }
    Ok(Some(match dim {
        Dim::D1 | Dim::D1Array => format!("ivec2({u}, 0)"),
        Dim::D2 | Dim::D2Array => format!("ivec2({u}, {v})"),
        Dim::D3 => format!("ivec3({u}, {v}, {w})"),
        Dim::Cube => {
            return Err(LowerError::invalid(format!(
                "`{}` has texel offsets on a cube texture",
                inst.opcode
            )))
        }
    }))
}

/// The lanes of a 4-lane result a destination receives: the resource
/// operand's swizzle selected through the destination mask.
pub fn result_lanes(res: &Operand, mask: u8) -> Vec<u8> {
    let swz = res.swizzle();
    (0..4)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| swz[c as usize])
        .collect()
}

/// `expr` swizzled to the lanes `dst` receives (`.zyx`), with no suffix when
/// the selection is the identity `.xyzw`.
pub fn swizzled(expr: &str, res: &Operand, dst: &Dst<'_>) -> (String, u8) {
    let lanes = result_lanes(res, dst.mask);
    let mut s = String::from(expr);
    if lanes != [0, 1, 2, 3] {
        s.push('.');
        for &l in &lanes {
            s.push(['x', 'y', 'z', 'w'][(l & 3) as usize]);
        }
    }
    let n = lanes.len().max(1) as u8;
    (s, n)
}

/// Assigns a 4-lane `ty` texture result through the resource swizzle.
pub fn assign_vec4<'a>(
    cx: &mut Ctx<'a>,
    dst: Dst<'a>,
    ty: Ty,
    res: &Operand,
    expr: &str,
) -> Result<(), LowerError> {
    if dst.is_null() || dst.mask == 0 {
        return Ok(());
    }
    let (rhs, n) = swizzled(expr, res, &dst);
    cx.assign(dst, ty, n, &rhs)
}

/// Refuses an implicit-derivative instruction outside the pixel stage (D3D
/// allows it only there, and GLSL ES 3.00 has no derivatives or bias in a
/// vertex shader).
pub fn pixel_only(cx: &Ctx<'_>, inst: &Instruction) -> Result<(), LowerError> {
    if cx.state().is_pixel() {
        Ok(())
    } else {
        Err(LowerError::invalid(format!(
            "`{}` needs implicit derivatives, which only pixel shaders have",
            inst.opcode
        )))
    }
}

/// A scalar zero of `ty` (`0.0`, `0`, `uint(0)`).
pub fn zero(ty: Ty) -> &'static str {
    match ty {
        Ty::Float => "0.0",
        Ty::Int => "0",
        Ty::Uint => "uint(0)",
    }
}

/// Appends `, ` and `arg` when `arg` is present.
pub fn push_arg(s: &mut String, arg: Option<&str>) {
    if let Some(a) = arg {
        let _ = write!(s, ", {a}");
    }
}

/// A texture operand the profile stubs (`stub_resource_registers`,
/// `docs/profiles.md#stubbed-resources`): decl-io declared nothing for it, and every read of
/// it yields what D3D returns for a shader resource slot with nothing
/// bound — zero.
#[derive(Clone, Copy, Debug)]
pub struct Stub<'a> {
    /// The operand.
    pub op: &'a Operand,
    /// Its register number.
    pub reg: u32,
    /// The declared dimension.
    pub dim: ResourceDimension,
    /// The base type the declaration gives its texels.
    pub ty: Ty,
}

/// Operand `i` of `inst` when it is a `t#` the profile stubs
/// ([`dxlower_core::StageState::stubbed_resource`]); `None` for any other
/// operand (a live texture, the rasterizer, ...).
pub fn stubbed<'a>(
    cx: &Ctx<'a>,
    inst: &'a Instruction,
    i: usize,
) -> Result<Option<Stub<'a>>, LowerError> {
    let op = cx.operand(inst, i)?;
    if op.ty != OperandType::Resource {
        return Ok(None);
    }
    let reg = register(cx, op)?;
    // The register as its name part (`3`, `1_space2`).
    let name = dxlower_core::binding::label(reg);
    if cx.state().stubbed_resource(reg).is_none() {
        return Ok(None);
    }
    let decl = cx
        .state()
        .resources
        .get(&reg)
        .ok_or_else(|| LowerError::undeclared(format!("t{name} is not declared")))?;
    Ok(Some(Stub {
        op,
        reg,
        dim: decl.dim,
        ty: decl.ty,
    }))
}

/// Writes zero of `ty` to every lane of `dst` (`r0.xy = vec2(0.0);`): the
/// result of reading a stubbed texture. Zero has the same bits in every
/// base type, so the destination's own storage type does not matter.
pub fn assign_zero<'a>(cx: &mut Ctx<'a>, dst: Dst<'a>, ty: Ty) -> Result<(), LowerError> {
    cx.assign(dst, ty, 1, &zero(ty))
}
