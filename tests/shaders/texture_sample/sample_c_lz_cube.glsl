#version 300 es
precision highp float;
precision highp int;
uniform highp samplerCubeShadow hlslcc_zcmpt2TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.x = textureGrad(hlslcc_zcmpt2TEX_with_SMPs1, vec4(vs_TEXCOORD0.xyz, vs_TEXCOORD1.x), vec3(0.0), vec3(0.0));
    return;
}
