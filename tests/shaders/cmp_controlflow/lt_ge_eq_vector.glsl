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
    r0 = uintBitsToFloat(uvec4(lessThan(r1.xyzw, cb0.data[0].xyzw)) * 0xFFFFFFFFu);
    r2.xz = uintBitsToFloat(uvec2(greaterThanEqual(vs_TEXCOORD0.yw, r1.zz)) * 0xFFFFFFFFu);
    r3.yzw = uintBitsToFloat(uvec3(equal(r1.yzw, vec3(1.0, 2.0, uintBitsToFloat(0x80000000u)))) * 0xFFFFFFFFu);
    return;
}
