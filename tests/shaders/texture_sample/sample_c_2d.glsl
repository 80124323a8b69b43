#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.x = texture(hlslcc_zcmpt0TEX_with_SMPs1, vec3(vs_TEXCOORD0.xy, vs_TEXCOORD1.x));
    return;
}
