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
    r0.xy = uintBitsToFloat(uvec2(greaterThanEqual(floatBitsToUint(r1.xy), floatBitsToUint(r2.zw))) * 0xFFFFFFFFu);
    r0.z = uintBitsToFloat((floatBitsToUint(r1.z) < 16u) ? 0xFFFFFFFFu : 0u);
    return;
}
