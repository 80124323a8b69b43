#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.xy = uintBitsToFloat(uvec2(textureSize(t0, 0).xy));
    return;
}
