#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DShadow hlslcc_zcmpt4TEX_with_SMPs1;
uniform highp sampler2DArrayShadow hlslcc_zcmpt5TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.x = texture(hlslcc_zcmpt4TEX_with_SMPs1, vec3(vs_TEXCOORD0.x, 0.5, vs_TEXCOORD1.x));
    r0.x = texture(hlslcc_zcmpt5TEX_with_SMPs1, vec4(vs_TEXCOORD0.x, 0.5, vs_TEXCOORD0.y, vs_TEXCOORD1.x));
    return;
}
