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
void main()
{
    r0.x = uintBitsToFloat((r1.x == 0.5) ? 0xFFFFFFFFu : uint(0));
    r0.y = uintBitsToFloat((vs_TEXCOORD0.w >= cb0.data[2].z) ? 0xFFFFFFFFu : uint(0));
    r0.z = uintBitsToFloat((r1.y < -1.0) ? 0xFFFFFFFFu : uint(0));
    return;
}
