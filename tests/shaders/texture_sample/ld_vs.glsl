#version 300 es
uniform highp sampler2D t0;
in highp vec4 in_POSITION0;
in highp vec4 in_TEXCOORD0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    vs_TEXCOORD0 = texelFetch(t0, floatBitsToInt(in_TEXCOORD0.xy), floatBitsToInt(in_TEXCOORD0.w));
    return;
}
