#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DArrayShadow hlslcc_zcmpt1TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.x = textureGradOffset(hlslcc_zcmpt1TEX_with_SMPs1, vec4(vs_TEXCOORD0.xyz, vs_TEXCOORD1.x), dFdx(vs_TEXCOORD0.xy), dFdy(vs_TEXCOORD0.xy), ivec2(1, -1));
    return;
}
