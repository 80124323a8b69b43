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
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0; }
    if (v >= 2147483648.0) { return int(0x7fffffffu); }
    if (v <= -2147483648.0) { return int(0x80000000u); }
    return int(v);
}
uint dx11_ftou(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0u; }
    if (v <= 0.0) { return 0u; }
    if (v >= 4294967296.0) { return 0xffffffffu; }
    return uint(v);
}
void main()
{
    r0.xy = intBitsToFloat(ivec2(dx11_ftoi(vs_TEXCOORD0.x), dx11_ftoi(vs_TEXCOORD0.y)));
    r0.z = uintBitsToFloat(dx11_ftou(r1.z));
    r1 = uintBitsToFloat(uvec4(dx11_ftou(r1.x), dx11_ftou(r1.y), dx11_ftou(r1.z), dx11_ftou(r1.w)));
    SV_Target1 = ivec4(dx11_ftoi(vs_TEXCOORD0.x), dx11_ftoi(vs_TEXCOORD0.y), dx11_ftoi(vs_TEXCOORD0.z), dx11_ftoi(vs_TEXCOORD0.w));
    return;
}
