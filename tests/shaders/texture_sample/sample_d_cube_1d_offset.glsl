#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
uniform mediump samplerCube t2TEX_with_SMPs0;
uniform mediump sampler2D t4TEX_with_SMPs0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0 = textureGrad(t2TEX_with_SMPs0, vs_TEXCOORD0.xyz, vs_TEXCOORD1.xyz, vs_TEXCOORD1.yzw);
    r1 = textureGrad(t4TEX_with_SMPs0, vec2(vs_TEXCOORD0.x, 0.5), vec2(vs_TEXCOORD1.x, 0.0), vec2(vs_TEXCOORD1.y, 0.0));
    r2.xy = textureGradOffset(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, vs_TEXCOORD1.xy, vs_TEXCOORD1.zw, ivec2(2, 2)).yx;
    return;
}
