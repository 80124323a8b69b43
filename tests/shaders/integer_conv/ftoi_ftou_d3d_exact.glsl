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
ivec2 dx11_ftoi2(vec2 v)
{
    vec2 s = mix(v, vec2(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec2(0x7f800000u)));
    ivec2 r = ivec2(clamp(s, -2147483648.0, 2147483520.0));
    bvec2 top = greaterThanEqual(s, vec2(2147483648.0));
    return ivec2(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y);
}
uint dx11_ftou(float v)
{
    int i = floatBitsToInt(v);
    return i > 0x4f7fffff ? uint(int(uint(i) - 0x7f800001u) >> 31) : uint(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
}
uvec4 dx11_ftou4(vec4 v)
{
    ivec4 i = floatBitsToInt(v);
    uvec4 r = uvec4(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
    uvec4 f = uvec4(ivec4(uvec4(i) - 0x7f800001u) >> 31);
    bvec4 big = greaterThan(i, ivec4(0x4f7fffff));
    return uvec4(big.x ? f.x : r.x, big.y ? f.y : r.y, big.z ? f.z : r.z, big.w ? f.w : r.w);
}
ivec4 dx11_ftoi4(vec4 v)
{
    vec4 s = mix(v, vec4(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec4(0x7f800000u)));
    ivec4 r = ivec4(clamp(s, -2147483648.0, 2147483520.0));
    bvec4 top = greaterThanEqual(s, vec4(2147483648.0));
    return ivec4(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y, top.z ? 0x7fffffff : r.z, top.w ? 0x7fffffff : r.w);
}
void main()
{
    r0.xy = intBitsToFloat(dx11_ftoi2(vs_TEXCOORD0.xy));
    r0.z = uintBitsToFloat(dx11_ftou(r1.z));
    r1 = uintBitsToFloat(dx11_ftou4(r1.xyzw));
    SV_Target1 = dx11_ftoi4(vs_TEXCOORD0.xyzw);
    return;
}
