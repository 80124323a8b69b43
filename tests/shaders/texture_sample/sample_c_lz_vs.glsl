#version 300 es
uniform highp sampler2DArrayShadow hlslcc_zcmpt1TEX_with_SMPs1;
in highp vec4 in_POSITION0;
in highp vec4 in_TEXCOORD0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    vs_TEXCOORD0.yzw = vec3(0.0);
    vs_TEXCOORD0.x = textureGrad(hlslcc_zcmpt1TEX_with_SMPs1, vec4(in_TEXCOORD0.xyz, in_TEXCOORD0.w), vec2(0.0), vec2(0.0));
    return;
}
