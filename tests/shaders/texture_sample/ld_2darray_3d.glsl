#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DArray t1;
uniform highp sampler3D t3;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0 = texelFetch(t1, floatBitsToInt(r1.xyz), floatBitsToInt(r1.w));
    r0 = texelFetch(t3, floatBitsToInt(r2.xyz), floatBitsToInt(r2.w));
    return;
}
