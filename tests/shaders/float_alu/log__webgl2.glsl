#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[8];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 TempArray0[4];
uvec4 TempArray0_u[4];
vec2 dx11_log2_abs(vec2 x)
{
    uvec2 a = floatBitsToUint(x) & 0x7fffffffu;
    vec2 y = uintBitsToFloat(a);
    vec2 r = mix(log2(y), vec2(uintBitsToFloat(0xff800000u)), lessThan(a, uvec2(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec2(0x7f800000u)));
}
float dx11_log2(float x)
{
    uint b = floatBitsToUint(x);
    uint a = b & 0x7fffffffu;
    return a > 0x7f800000u ? x : (a < 0x00800000u ? uintBitsToFloat(0xff800000u) : (b >= 0x80000000u ? uintBitsToFloat(0x7fc00000u) : log2(x)));
}
void main()
{
    r0.xy = dx11_log2_abs(r1.xy);
    r0.z = dx11_log2(cb0.data[3].w);
    return;
}
