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
    SV_Target1.xy = floatBitsToInt(vec2((floatBitsToUint(r1.x) != uint(0)) ? uintBitsToFloat(0x00000007u) : r2.x, (floatBitsToUint(r1.y) != uint(0)) ? uintBitsToFloat(0x00000008u) : r2.y));
    SV_Target1.zw = floatBitsToInt(vec2(0.0, 0.0));
    SV_Target0 = r1.xyzw;
    return;
}
