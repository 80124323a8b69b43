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
uint dx11_f32tof16_clamped(float v)
{
    bool finite = (floatBitsToUint(v) & 0x7f800000u) != 0x7f800000u;
    return packHalf2x16(vec2(finite ? clamp(v, -65504.0, 65504.0) : v, 0.0));
}
void main()
{
    r0 = uintBitsToFloat(uvec4(dx11_f32tof16_clamped(r0.w), dx11_f32tof16_clamped(r0.z), dx11_f32tof16_clamped(r0.y), dx11_f32tof16_clamped(r0.x)));
    SV_Target2.x = dx11_f32tof16_clamped(vs_TEXCOORD0.x);
    return;
}
