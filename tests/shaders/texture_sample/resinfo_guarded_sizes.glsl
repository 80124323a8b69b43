#version 300 es
precision highp float;
precision highp int;
uniform highp sampler3D t3;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
uniform highp ivec4 hlslcc_mipCount[32];
void main()
{
    r2.xy = uintBitsToFloat(uvec2(((floatBitsToUint(r1.z) < uint(hlslcc_mipCount[0].w)) ? textureSize(t3, floatBitsToInt(r1.z)) : ivec3(0)).xy));
    return;
}
