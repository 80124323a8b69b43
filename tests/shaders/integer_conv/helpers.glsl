#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[4];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
layout(location = 2) out highp uvec4 SV_Target2;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
int dx11_ftoi(float v)
{
    float s = mix(v, 0.0, (floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u);
    return s >= 2147483648.0 ? 0x7fffffff : int(clamp(s, -2147483648.0, 2147483520.0));
}
uint dx11_ftou(float v)
{
    int i = floatBitsToInt(v);
    return i > 0x4f7fffff ? uint(int(uint(i) - 0x7f800001u) >> 31) : uint(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
}
uint dx11_f32tof16(float v)
{
    uint u = floatBitsToUint(v);
    uint s = (u >> 16u) & 0x8000u;
    uint e = (u >> 23u) & 0xffu;
    uint m = u & 0x7fffffu;
    if (e == 0xffu) { return s | (m != 0u ? 0x7e00u : 0x7c00u); }
    int he = int(e) - 112;
    if (he >= 31) { return s | 0x7bffu; }
    if (he <= 0) {
        if (he < -10) { return s; }
        return s | ((m | 0x800000u) >> uint(14 - he));
    }
    return s | (uint(he) << 10u) | (m >> 13u);
}
uint dx11_ubfe(uint width, uint offset, uint value)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    if (w == 0u) { return 0u; }
    if (w + o < 32u) { return (value << (32u - w - o)) >> (32u - w); }
    return value >> o;
}
int dx11_ibfe(uint width, uint offset, int value)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    if (w == 0u) { return 0; }
    if (w + o < 32u) { return (value << (32u - w - o)) >> (32u - w); }
    return value >> o;
}
uint dx11_bfi(uint width, uint offset, uint insert, uint base)
{
    uint w = width & 31u;
    uint o = offset & 31u;
    uint mask = ((1u << w) - 1u) << o;
    return ((insert << o) & mask) | (base & (mask ^ 0xffffffffu));
}
uint dx11_countbits(uint v)
{
    v = v - ((v >> 1u) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2u) & 0x33333333u);
    v = (v + (v >> 4u)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24u;
}
uint dx11_firstbit_hi(uint v)
{
    if (v == 0u) { return 0xffffffffu; }
    uint n = 0u;
    if ((v & 0xffff0000u) == 0u) { n += 16u; v <<= 16u; }
    if ((v & 0xff000000u) == 0u) { n += 8u; v <<= 8u; }
    if ((v & 0xf0000000u) == 0u) { n += 4u; v <<= 4u; }
    if ((v & 0xc0000000u) == 0u) { n += 2u; v <<= 2u; }
    if ((v & 0x80000000u) == 0u) { n += 1u; }
    return n;
}
uint dx11_firstbit_shi(int v)
{
    return dx11_firstbit_hi(uint(v ^ (v >> 31)));
}
uint dx11_firstbit_lo(uint v)
{
    if (v == 0u) { return 0xffffffffu; }
    uint n = 0u;
    if ((v & 0x0000ffffu) == 0u) { n += 16u; v >>= 16u; }
    if ((v & 0x000000ffu) == 0u) { n += 8u; v >>= 8u; }
    if ((v & 0x0000000fu) == 0u) { n += 4u; v >>= 4u; }
    if ((v & 0x00000003u) == 0u) { n += 2u; v >>= 2u; }
    if ((v & 0x00000001u) == 0u) { n += 1u; }
    return n;
}
uint dx11_bfrev(uint v)
{
    v = ((v >> 1u) & 0x55555555u) | ((v & 0x55555555u) << 1u);
    v = ((v >> 2u) & 0x33333333u) | ((v & 0x33333333u) << 2u);
    v = ((v >> 4u) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4u);
    v = ((v >> 8u) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8u);
    return (v >> 16u) | (v << 16u);
}
uint dx11_udiv(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a / b;
}
uint dx11_umod(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a % b;
}
uint dx11_umulhi(uint a, uint b)
{
    uint al = a & 0xffffu;
    uint ah = a >> 16u;
    uint bl = b & 0xffffu;
    uint bh = b >> 16u;
    uint lh = al * bh;
    uint hl = ah * bl;
    uint mid = ((al * bl) >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
    return ah * bh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}
int dx11_imulhi(int a, int b)
{
    uint hi = dx11_umulhi(uint(a), uint(b));
    if (a < 0) { hi -= uint(b); }
    if (b < 0) { hi -= uint(a); }
    return int(hi);
}
uint dx11_msad(uint reference, uint source, uint accum)
{
    for (uint i = 0u; i < 32u; i += 8u) {
        uint r = (reference >> i) & 0xffu;
        uint s = (source >> i) & 0xffu;
        if (r != 0u) { accum += r > s ? r - s : s - r; }
    }
    return accum;
}
void main()
{
    r0.x = intBitsToFloat(dx11_ftoi(r1.x));
    r0.y = intBitsToFloat(dx11_ftoi(r1.y));
    r0.x = uintBitsToFloat(dx11_ftou(r1.x));
    r0.x = uintBitsToFloat(dx11_f32tof16(r1.x));
    r0.x = uintBitsToFloat(dx11_ubfe(4u, 1u, floatBitsToUint(r1.x)));
    r0.x = intBitsToFloat(dx11_ibfe(4u, 1u, floatBitsToInt(r1.x)));
    r0.x = uintBitsToFloat(dx11_bfi(4u, 1u, floatBitsToUint(r1.x), floatBitsToUint(r1.y)));
    r0.x = uintBitsToFloat(dx11_countbits(floatBitsToUint(r1.x)));
    r0.x = uintBitsToFloat(dx11_firstbit_shi(floatBitsToInt(r1.x)));
    r0.x = uintBitsToFloat(dx11_firstbit_hi(floatBitsToUint(r1.x)));
    r0.x = uintBitsToFloat(dx11_firstbit_lo(floatBitsToUint(r1.x)));
    r0.x = uintBitsToFloat(dx11_bfrev(floatBitsToUint(r1.x)));
    r0.x = uintBitsToFloat(dx11_udiv(floatBitsToUint(r1.x), floatBitsToUint(r1.y)));
    r0.y = uintBitsToFloat(dx11_umod(floatBitsToUint(r1.x), floatBitsToUint(r1.y)));
    r0.x = intBitsToFloat(dx11_imulhi(floatBitsToInt(r1.x), floatBitsToInt(r1.y)));
    r0.x = uintBitsToFloat(dx11_umulhi(floatBitsToUint(r1.x), floatBitsToUint(r1.y)));
    r0.x = uintBitsToFloat(dx11_msad(floatBitsToUint(r1.x), floatBitsToUint(r1.y), floatBitsToUint(r1.z)));
    return;
}
