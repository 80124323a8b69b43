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
    r0.xyz = uintBitsToFloat(uvec3(floatBitsToUint(r1.x) & floatBitsToUint(r2.x), floatBitsToUint(r1.y) & floatBitsToUint(r2.x), floatBitsToUint(r1.z) & floatBitsToUint(r2.x)));
    r0.xy = uintBitsToFloat(uvec2(floatBitsToUint(r0.y) ^ 4294967295u, floatBitsToUint(r0.x) ^ 1u));
    return;
}
