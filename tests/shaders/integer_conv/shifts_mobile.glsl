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
    r0 = intBitsToFloat(ivec4(floatBitsToInt(r0.x) << 2, floatBitsToInt(r0.y) << 2, floatBitsToInt(r0.z) << 2, floatBitsToInt(r0.w) << 2));
    r1.xy = intBitsToFloat(ivec2(floatBitsToInt(r1.x) << 1, floatBitsToInt(r1.y) << 1));
    r1.x = intBitsToFloat(floatBitsToInt(r1.x) >> 6);
    r1.zw = intBitsToFloat(ivec2(floatBitsToInt(r1.z) >> (floatBitsToInt(r2.x) & 31), floatBitsToInt(r1.w) >> (floatBitsToInt(r2.y) & 31)));
    r2.x = uintBitsToFloat(floatBitsToUint(cb0.data[0].x) >> (floatBitsToUint(r0.y) & 31u));
    r2.yz = uintBitsToFloat(uvec2(floatBitsToUint(r2.y) >> 16u, floatBitsToUint(r2.z) >> 16u));
    r3.x = intBitsToFloat(1 << 31);
    return;
}
