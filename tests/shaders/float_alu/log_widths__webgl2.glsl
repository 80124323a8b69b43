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
vec3 dx11_log2(vec3 x)
{
    uvec3 b = floatBitsToUint(x);
    uvec3 a = b & 0x7fffffffu;
    vec3 r = mix(log2(x), vec3(uintBitsToFloat(0x7fc00000u)), greaterThanEqual(b, uvec3(0x80000000u)));
    r = mix(r, vec3(uintBitsToFloat(0xff800000u)), lessThan(a, uvec3(0x00800000u)));
    return mix(r, x, greaterThan(a, uvec3(0x7f800000u)));
}
float dx11_log2_abs(float x)
{
    uint a = floatBitsToUint(x) & 0x7fffffffu;
    float y = uintBitsToFloat(a);
    return a > 0x7f800000u ? y : (a < 0x00800000u ? uintBitsToFloat(0xff800000u) : log2(y));
}
vec4 dx11_log2(vec4 x)
{
    uvec4 b = floatBitsToUint(x);
    uvec4 a = b & 0x7fffffffu;
    vec4 r = mix(log2(x), vec4(uintBitsToFloat(0x7fc00000u)), greaterThanEqual(b, uvec4(0x80000000u)));
    r = mix(r, vec4(uintBitsToFloat(0xff800000u)), lessThan(a, uvec4(0x00800000u)));
    return mix(r, x, greaterThan(a, uvec4(0x7f800000u)));
}
vec4 dx11_log2_abs(vec4 x)
{
    uvec4 a = floatBitsToUint(x) & 0x7fffffffu;
    vec4 y = uintBitsToFloat(a);
    vec4 r = mix(log2(y), vec4(uintBitsToFloat(0xff800000u)), lessThan(a, uvec4(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec4(0x7f800000u)));
}
vec3 dx11_log2_abs(vec3 x)
{
    uvec3 a = floatBitsToUint(x) & 0x7fffffffu;
    vec3 y = uintBitsToFloat(a);
    vec3 r = mix(log2(y), vec3(uintBitsToFloat(0xff800000u)), lessThan(a, uvec3(0x00800000u)));
    return mix(r, y, greaterThan(a, uvec3(0x7f800000u)));
}
void main()
{
    r0.xyz = dx11_log2(r1.xyz);
    r0.w = dx11_log2_abs(r2.y);
    r1 = dx11_log2((-r3.xyzw));
    r2 = dx11_log2_abs(cb0.data[1].xyzw);
    r3.xyz = dx11_log2_abs(r2.wzy);
    return;
}
