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
    return ivec2(clamp(s, -2147483648.0, 2147483520.0)) | ivec2(greaterThanEqual(s, vec2(2147483648.0))) * 127;
}
uint dx11_ftou(float v)
{
    int q = max(int(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uint(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uint(int(uint(q) + 0x30000001u) >> 31);
}
uvec4 dx11_ftou4(vec4 v)
{
    ivec4 q = max(ivec4(floatBitsToUint(v) + 0x7fffffu), 0x7fffff);
    return uvec4(intBitsToFloat(min(q, 0x4ffffffe) - 0x7fffff)) | uvec4(ivec4(uvec4(q) + 0x30000001u) >> 31);
}
ivec4 dx11_ftoi4(vec4 v)
{
    vec4 s = mix(v, vec4(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec4(0x7f800000u)));
    return ivec4(clamp(s, -2147483648.0, 2147483520.0)) | ivec4(greaterThanEqual(s, vec4(2147483648.0))) * 127;
}
void main()
{
    r0.xy = intBitsToFloat(dx11_ftoi2(vs_TEXCOORD0.xy));
    r0.z = uintBitsToFloat(dx11_ftou(r1.z));
    r1 = uintBitsToFloat(dx11_ftou4(r1.xyzw));
    SV_Target1 = dx11_ftoi4(vs_TEXCOORD0.xyzw);
    return;
}
