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
    r0.xy = (floatBitsToUint(r1.x) != uint(0)) ? r2.xy : vec2(uintBitsToFloat(0x00000001u), 0.0);
    r3 = vec4((floatBitsToUint(r1.x) != uint(0)) ? cb0.data[0].x : 0.0, (floatBitsToUint(r1.y) != uint(0)) ? cb0.data[0].y : 0.0, (floatBitsToUint(r1.z) != uint(0)) ? cb0.data[0].z : 0.0, (floatBitsToUint(r1.w) != uint(0)) ? cb0.data[0].w : 0.0);
    r0.xy = vec2((floatBitsToUint(r0.y) != uint(0)) ? r0.y : r1.x, (floatBitsToUint(r0.x) != uint(0)) ? r0.x : r1.y);
    r1.z = (floatBitsToUint(r2.w) != uint(0)) ? r1.z : 2.0;
    r1.z = clamp(r1.z, 0.0, 1.0);
    return;
}
