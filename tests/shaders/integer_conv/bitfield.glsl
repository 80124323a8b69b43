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
void main()
{
    r0 = uintBitsToFloat(uvec4(dx11_ubfe(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z)), dx11_ubfe(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z)), dx11_ubfe(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z)), dx11_ubfe(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z))));
    r1.y = uintBitsToFloat(dx11_ubfe(4u, 1u, floatBitsToUint(r2.x)));
    r1.w = intBitsToFloat(dx11_ibfe(27u, 1u, floatBitsToInt(r2.x)));
    r2.xy = uintBitsToFloat(uvec2(dx11_bfi(1u, 7u, floatBitsToUint(r1.y), 0u), dx11_bfi(8u, 24u, floatBitsToUint(r1.y), 0u)));
    return;
}
