#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
uniform mediump sampler2D t0TEX_with_SMPs1;
uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs2;
uniform mediump sampler3D t1TEX_with_SMPs0;
uniform highp samplerCubeShadow hlslcc_zcmpt2TEX_with_SMPs2;
uniform mediump sampler2DArray t3TEX_with_SMPs0;
uniform highp sampler2DArrayShadow hlslcc_zcmpt3TEX_with_SMPs2;
uniform highp isampler2DArray t5TEX_with_SMPs1;
vec4 dx11_gather4(highp sampler2DArray s, vec3 uv, ivec2 off, int c)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureLod(s, vec3((b + vec2(0.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 0.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3(b / sz, uv.z), 0.0)[c]);
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
ivec4 dx11_gather4(highp isampler2DArray s, vec3 uv, ivec2 off, int c)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return ivec4(textureLod(s, vec3((b + vec2(0.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 0.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3(b / sz, uv.z), 0.0)[c]);
}
void main()
{
}
