#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs1;
uniform highp sampler2DArrayShadow hlslcc_zcmpt1TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 dx11_gather4_c(highp sampler2DShadow s, vec2 uv, float ref, ivec2 off)
{
    vec2 sz = vec2(textureSize(s, 0));
    vec2 b = floor(uv * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureLod(s, vec3((b + vec2(0.0, 1.0)) / sz, ref), 0.0),
        textureLod(s, vec3((b + vec2(1.0, 1.0)) / sz, ref), 0.0),
        textureLod(s, vec3((b + vec2(1.0, 0.0)) / sz, ref), 0.0),
        textureLod(s, vec3(b / sz, ref), 0.0));
}
vec4 dx11_gather4_c(highp sampler2DArrayShadow s, vec3 uv, float ref, ivec2 off)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureGrad(s, vec4((b + vec2(0.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 0.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4(b / sz, uv.z, ref), vec2(0.0), vec2(0.0)));
}
void main()
{
    r0 = dx11_gather4_c(hlslcc_zcmpt0TEX_with_SMPs1, vs_TEXCOORD0.xy, vs_TEXCOORD1.x, ivec2(0));
    r1 = dx11_gather4_c(hlslcc_zcmpt1TEX_with_SMPs1, vs_TEXCOORD0.xyz, vs_TEXCOORD1.y, ivec2(2, 0));
    return;
}
