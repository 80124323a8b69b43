//! `ld`: unfiltered texel fetch by integer address.

use crate::common::{self, Dim};
use dxlower_core::{register_handler, Ctx, Dst, Helper, Lower, LowerError, SamplerKey, Ty};
use dxlower_dxbc::{Instruction, Opcode, OperandType, ResourceDimension};

/// Fetches element `i` of a `Buffer<>` emulated as a 2D data texture
/// (`texture_buffers = Emulate`): elements row-major, the row length being
/// the texture's width. The index is a D3D uint and the arithmetic is
/// unsigned (GLSL leaves `%` of negative ints undefined): an index past the
/// end lands on a row past the height — an out-of-range fetch, which
/// WebGL 2.0 returns as 0, like D3D.
macro_rules! buffer_helper {
    ($id:ident, $name:literal, $ret:literal, $sampler:literal) => {
        /// A buffer-fetch overload (see `buffer_helper!`).
        pub static $id: Helper = Helper {
            name: $name,
            text: concat!(
                $ret,
                " dx11_buffer_fetch(highp ",
                $sampler,
                " s, uint i)\n",
                "{\n",
                "    uint w = uint(textureSize(s, 0).x);\n",
                "    return texelFetch(s, ivec2(int(i % w), int(i / w)), 0);\n",
                "}\n"
            ),
            deps: &[],
        };
    };
}

buffer_helper!(
    BUFFER_FETCH,
    "dx11_buffer_fetch(sampler2D)",
    "vec4",
    "sampler2D"
);
buffer_helper!(
    BUFFER_FETCH_I,
    "dx11_buffer_fetch(isampler2D)",
    "ivec4",
    "isampler2D"
);
buffer_helper!(
    BUFFER_FETCH_U,
    "dx11_buffer_fetch(usampler2D)",
    "uvec4",
    "usampler2D"
);

/// The register and base type of the `t#` operand when it is a buffer
/// emulated as a data texture: decl-io records a live `Buffer<>` SRV only
/// when its `texture_buffers` switch emulates it (it refuses the
/// declaration otherwise), and stubbed ones are handled before.
fn emulated_buffer(
    cx: &Ctx<'_>,
    inst: &Instruction,
    at: usize,
) -> Result<Option<(u32, Ty)>, LowerError> {
    let op = cx.operand(inst, at + 1)?;
    if op.ty != OperandType::Resource {
        return Ok(None);
    }
    let reg = common::register(cx, op)?;
    Ok(match cx.state().resources.get(&reg) {
        Some(r) if r.dim == ResourceDimension::Buffer => Some((reg, r.ty)),
        _ => None,
    })
}

/// `ld` from an emulated buffer: `dx11_buffer_fetch(btN, a.x)`.
fn lower_buffer_ld<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    d: Dst<'a>,
    (reg, ty): (u32, Ty),
    at: usize,
) -> Result<(), LowerError> {
    let i = cx.src_n(inst, at, Ty::Uint, 1)?;
    cx.helper(match ty {
        Ty::Float => &BUFFER_FETCH,
        Ty::Int => &BUFFER_FETCH_I,
        Ty::Uint => &BUFFER_FETCH_U,
    });
    let res = cx.operand(inst, at + 1)?;
    let bt = cx.sampler(SamplerKey::bare(reg))?;
    common::assign_vec4(cx, d, ty, res, &format!("dx11_buffer_fetch({bt}, {i})"))
}

/// `ld`: fetches one texel by integer coordinates and mip level.
///
/// **Spec**: `lowerings/texture-sample/docs/texture-sample.md#ld` (bare `t<N>`, integer coordinates by
/// dimension, `texelFetchOffset` with an `ivec2` offset on 2D arrays —
/// not HLSLcc's two-argument `ivec3`, 1D textures as W×1 2D textures,
/// WebGL's zero for out-of-range fetches); Microsoft "ld (sm4 - asm)": the address is integer, its last
/// swizzled lane (`.w`) is the mip level.
///
/// **GLSL ES 3.00**: `texelFetch(tN, ivecK(a), a.w)` on the bare sampler:
/// `a.xy` (2D), `a.xyz` (2D array, 3D), `ivec2(a.x, 0)` (1D as W×1 2D),
/// `ivec3(a.x, 0, a.y)` (1D array); `_aoffimmi` → `texelFetchOffset(…,
/// ivecK(u, v))`. The result goes through the resource swizzle; integer
/// textures return `ivec4`/`uvec4`.
///
/// A `Buffer<>` SRV under `texture_buffers = Emulate` (decl-io declares
/// the 2D data texture `btN`) is fetched row-major through
/// `dx11_buffer_fetch(btN, a.x)`: column `i % width`, row `i / width`,
/// level 0.
///
/// From a texture the profile stubs (`stub_resource_registers`, decl-io
/// declares nothing for it) every destination lane is zero of the
/// texture's base type (`r0 = vec4(0.0);`): D3D's `ld` from a `t#` with
/// nothing bound returns 0 for all components (Microsoft "ld (sm4 -
/// asm)").
///
/// **Differences**: D3D returns 0 for an address or mip outside the
/// resource; WebGL 2.0 guarantees the same for `texelFetch` ("Texel
/// Fetches"), GLSL ES 3.00 alone leaves it undefined. Cube maps cannot be
/// fetched in D3D either; buffers (without the emulation), multisample
/// textures and cube arrays are refused by name.
///
/// **Example**:
/// ```text
/// ld r0.xyzw, r1.xyzw, t0.xyzw   →   r0 = texelFetch(t0, floatBitsToInt(r1.xy), floatBitsToInt(r1.w));
/// ```
fn lower_ld<'a>(inst: &'a Instruction, cx: &mut Ctx<'a>) -> Result<(), LowerError> {
    fetch(inst, cx, 1)
}

/// `ld` with its address at operand `at` (1; 2 in `ld_s`, whose status
/// destination comes second) and the resource after it.
pub(crate) fn fetch<'a>(
    inst: &'a Instruction,
    cx: &mut Ctx<'a>,
    at: usize,
) -> Result<(), LowerError> {
    let d = cx.dst(inst, 0)?;
    if let Some(stub) = common::stubbed(cx, inst, at + 1)? {
        return common::assign_zero(cx, d, stub.ty);
    }
    if let Some(buffer) = emulated_buffer(cx, inst, at)? {
        return lower_buffer_ld(inst, cx, d, buffer, at);
    }
    let tex = common::texture(cx, inst, at + 1)?;
    let a = cx.src_n(inst, at, Ty::Int, 4)?;
    let lanes = |ks: &[usize]| common::lanes(&a, ks);
    let p = match tex.dim {
        Dim::D1 => format!("ivec2({}, 0)", lanes(&[0])),
        Dim::D1Array => format!("ivec3({}, 0, {})", lanes(&[0]), lanes(&[1])),
        Dim::D2 => lanes(&[0, 1]).to_string(),
        Dim::D2Array | Dim::D3 => lanes(&[0, 1, 2]).to_string(),
        Dim::Cube => {
            return Err(LowerError::invalid(
                "`ld` on a texturecube: D3D cannot fetch texels of a cube map",
            ))
        }
    };
    let mip = lanes(&[3]);
    let t = cx.sampler(SamplerKey::bare(tex.reg))?;
    let call = match common::texel_offset(inst, tex.dim)? {
        Some(o) => format!("texelFetchOffset({t}, {p}, {mip}, {o})"),
        None => format!("texelFetch({t}, {p}, {mip})"),
    };
    common::assign_vec4(cx, d, tex.ty, tex.op, &call)
}

register_handler! {
    opcodes: &[Opcode::Ld],
    family: "texture-sample",
    spec: "lowerings/texture-sample/docs/texture-sample.md#ld",
    lower: Lower::Inst(lower_ld),
}
