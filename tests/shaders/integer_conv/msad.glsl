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
    r0.y = uintBitsToFloat(dx11_msad(floatBitsToUint(r0.x), floatBitsToUint(r0.y), floatBitsToUint(r0.z)));
    return;
}
