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
uint dx11_f32tof16(float v)
{
    uint u = floatBitsToUint(v);
    uint s = (u >> 16u) & 0x8000u;
    uint e = (u >> 23u) & 0xffu;
    uint m = u & 0x7fffffu;
    if (e == 0xffu) { return s | (m != 0u ? 0x7e00u : 0x7c00u); }
    int he = int(e) - 112;
    if (he >= 31) { return s | 0x7bffu; }
    if (he <= 0) {
        if (he < -10) { return s; }
        return s | ((m | 0x800000u) >> uint(14 - he));
    }
    return s | (uint(he) << 10u) | (m >> 13u);
}
void main()
{
    r0 = uintBitsToFloat(uvec4(dx11_f32tof16(r0.w), dx11_f32tof16(r0.z), dx11_f32tof16(r0.y), dx11_f32tof16(r0.x)));
    SV_Target2.x = dx11_f32tof16(vs_TEXCOORD0.x);
    return;
}
