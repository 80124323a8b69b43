#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2DArray t1TEX_with_SMPs0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 dx11_gather4(highp sampler2DArray s, vec3 uv, ivec2 off, int c)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureLod(s, vec3((b + vec2(0.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 1.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3((b + vec2(1.0, 0.0)) / sz, uv.z), 0.0)[c],
        textureLod(s, vec3(b / sz, uv.z), 0.0)[c]);
}
void main()
{
    r0.xw = dx11_gather4(t1TEX_with_SMPs0, vs_TEXCOORD0.xyz, ivec2(1, -1), 3).wx;
    return;
}
