#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t4;
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
    r0 = texelFetch(t4, ivec2(floatBitsToInt(r1.x), 0), floatBitsToInt(r1.w));
    r0 = texelFetch(t5, ivec3(floatBitsToInt(r2.x), 0, floatBitsToInt(r2.y)), floatBitsToInt(r2.w));
    return;
}
