#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 dx11_gather4(highp sampler2D s, vec2 uv, ivec2 off, int c)
{
    vec2 sz = vec2(textureSize(s, 0));
    vec2 b = floor(uv * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureLod(s, (b + vec2(0.0, 1.0)) / sz, 0.0)[c],
        textureLod(s, (b + vec2(1.0, 1.0)) / sz, 0.0)[c],
        textureLod(s, (b + vec2(1.0, 0.0)) / sz, 0.0)[c],
        textureLod(s, b / sz, 0.0)[c]);
}
void main()
{
    r0 = dx11_gather4(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, ivec2(0), 1);
    return;
}
