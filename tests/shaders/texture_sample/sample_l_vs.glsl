#version 300 es
uniform mediump sampler2D t0TEX_with_SMPs0;
in highp vec4 in_POSITION0;
in highp vec4 in_TEXCOORD0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    vs_TEXCOORD0 = textureLod(t0TEX_with_SMPs0, in_TEXCOORD0.xy, 0.0);
    return;
}
