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
    r0.x = uintBitsToFloat((floatBitsToInt(r1.x) == int(0xffffffffu)) ? 0xFFFFFFFFu : uint(0));
    r0.yw = uintBitsToFloat(uvec2(greaterThanEqual(floatBitsToInt(r1.yw), ivec2(3, 7))) * 0xFFFFFFFFu);
    r1 = uintBitsToFloat(uvec4(lessThan(floatBitsToInt(r2.xyzw), floatBitsToInt(cb0.data[3].wzyx))) * 0xFFFFFFFFu);
    r2.z = uintBitsToFloat((floatBitsToInt(cb0.data[0].z) != 0) ? 0xFFFFFFFFu : uint(0));
    return;
}
