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
uint dx11_firstbit_shi(int v)
{
    return dx11_firstbit_hi(uint(v ^ (v >> 31)));
}
uint dx11_bfrev(uint v)
{
    v = ((v >> 1u) & 0x55555555u) | ((v & 0x55555555u) << 1u);
    v = ((v >> 2u) & 0x33333333u) | ((v & 0x33333333u) << 2u);
    v = ((v >> 4u) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4u);
    v = ((v >> 8u) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8u);
    return (v >> 16u) | (v << 16u);
}
void main()
{
    r0.xy = uintBitsToFloat(uvec2(dx11_countbits(floatBitsToUint(r1.x)), dx11_countbits(floatBitsToUint(r1.y))));
    r0.z = uintBitsToFloat(dx11_firstbit_hi(floatBitsToUint(r1.x)));
    r0.w = uintBitsToFloat(dx11_firstbit_lo(floatBitsToUint(r1.x)));
    SV_Target1.x = int(dx11_firstbit_shi(floatBitsToInt(r1.y)));
    r2.yzw = uintBitsToFloat(uvec3(dx11_bfrev(floatBitsToUint(r2.y)), dx11_bfrev(floatBitsToUint(r2.z)), dx11_bfrev(floatBitsToUint(r2.w))));
    return;
}
