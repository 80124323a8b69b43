#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
uniform highp sampler2DArray t1;
uniform highp samplerCube t2;
uniform highp sampler3D t3;
uniform highp sampler2D t4;
uniform highp sampler2DArray t5;
uniform highp isampler2D t6;
uniform highp usampler2D t7;
uniform highp usampler2DArray t8;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
uvec4 r1_u;
vec4 r2;
vec4 r3;
void main()
{
    r0 = texelFetch(t0, ivec2(r1_u.xy), int(r1_u.w));
    return;
}
