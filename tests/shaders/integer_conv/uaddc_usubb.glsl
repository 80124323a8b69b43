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
void main()
{
    r0.x = uintBitsToFloat(floatBitsToUint(r1.x) + floatBitsToUint(r2.x));
    r0.y = uintBitsToFloat(uint(floatBitsToUint(r1.x) + floatBitsToUint(r2.x) < floatBitsToUint(r1.x)));
    r0.zw = uintBitsToFloat(floatBitsToUint(r2.zw) - floatBitsToUint(r1.zw));
    r1.zw = uintBitsToFloat(uvec2(lessThan(floatBitsToUint(r2.zw), floatBitsToUint(r1.zw))));
    r2.w = uintBitsToFloat(uint(floatBitsToUint(r2.w) + 1u < floatBitsToUint(r2.w)));
    return;
}
