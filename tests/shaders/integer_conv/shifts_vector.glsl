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
    r0 = intBitsToFloat(floatBitsToInt(r0.xyzw) << 2);
    r1.xy = intBitsToFloat(floatBitsToInt(r1.xy) << 1);
    r1.x = intBitsToFloat(floatBitsToInt(r1.x) >> 6);
    r1.zw = intBitsToFloat(floatBitsToInt(r1.zw) >> (floatBitsToInt(r2.xy) & 31));
    r2.x = uintBitsToFloat(floatBitsToUint(cb0.data[0].x) >> (floatBitsToUint(r0.y) & 31u));
    r2.yz = uintBitsToFloat(floatBitsToUint(r2.yz) >> 16u);
    r3.x = intBitsToFloat(1 << 31);
    return;
}
