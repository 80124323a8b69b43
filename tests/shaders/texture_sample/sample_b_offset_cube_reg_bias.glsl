#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
uniform mediump samplerCube t2TEX_with_SMPs0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0 = textureOffset(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, ivec2(1, 1), vs_TEXCOORD1.w);
    r1 = texture(t2TEX_with_SMPs0, vs_TEXCOORD0.xyz, vs_TEXCOORD1.w);
    return;
}
