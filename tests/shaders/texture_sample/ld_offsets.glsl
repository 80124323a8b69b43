#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
uniform highp sampler2DArray t1;
uniform highp sampler3D t3;
uniform highp sampler2DArray t5;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0 = texelFetchOffset(t0, floatBitsToInt(r1.xy), floatBitsToInt(r1.w), ivec2(1, -1));
    r0 = texelFetchOffset(t1, floatBitsToInt(r1.xyz), floatBitsToInt(r1.w), ivec2(-2, 3));
    r0 = texelFetchOffset(t3, floatBitsToInt(r1.xyz), floatBitsToInt(r1.w), ivec3(1, 2, 3));
    r0 = texelFetchOffset(t5, ivec3(floatBitsToInt(r1.x), 0, floatBitsToInt(r1.y)), floatBitsToInt(r1.w), ivec2(4, 0));
    return;
}
