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
float dx11_log2(float x)
{
    uint b = floatBitsToUint(x);
    if ((b & 0x7fffffffu) > 0x7f800000u) return x;
    if ((b & 0x7f800000u) == 0u) return uintBitsToFloat(0xff800000u);
    if (b >= 0x80000000u) return uintBitsToFloat(0x7fc00000u);
    return log2(x);
}
vec2 dx11_log2(vec2 v) { return vec2(dx11_log2(v.x), dx11_log2(v.y)); }
vec3 dx11_log2(vec3 v) { return vec3(dx11_log2(v.x), dx11_log2(v.y), dx11_log2(v.z)); }
vec4 dx11_log2(vec4 v) { return vec4(dx11_log2(v.x), dx11_log2(v.y), dx11_log2(v.z), dx11_log2(v.w)); }
void main()
{
    r0.xy = dx11_log2(abs(r1.xy));
    r0.z = dx11_log2(cb0.data[3].w);
    return;
}
