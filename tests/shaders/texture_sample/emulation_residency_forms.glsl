#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0TEX_with_SMPs0;
uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs1;
uniform highp sampler2DArrayShadow hlslcc_zcmpt1TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
uvec4 r1_u;
vec4 r2;
vec4 r3;
vec4 dx11_gather4_c(highp sampler2DArrayShadow s, vec3 uv, float ref, ivec2 off)
{
    vec2 sz = vec2(textureSize(s, 0).xy);
    vec2 b = floor(uv.xy * sz - 0.5) + vec2(off) + 0.5;
    return vec4(textureGrad(s, vec4((b + vec2(0.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 1.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4((b + vec2(1.0, 0.0)) / sz, uv.z, ref), vec2(0.0), vec2(0.0)),
        textureGrad(s, vec4(b / sz, uv.z, ref), vec2(0.0), vec2(0.0)));
}
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
    r0 = texture(t0TEX_with_SMPs0, vs_TEXCOORD0.xy);
    r1_u.x = 0xffffffffu;
    r2.x = textureLod(hlslcc_zcmpt0TEX_with_SMPs1, vec3(vs_TEXCOORD0.xy, vs_TEXCOORD0.z), 0.0);
    r1_u.y = 0xffffffffu;
    r3 = dx11_gather4_c(hlslcc_zcmpt1TEX_with_SMPs1, vs_TEXCOORD0.xyz, vs_TEXCOORD0.w, ivec2(0));
    r1.z = uintBitsToFloat(0xffffffffu);
    r2.yzw = dx11_gather4(t0TEX_with_SMPs0, vs_TEXCOORD0.xy, ((ivec2(1, int(0xffffffffu)) << 26) >> 26), 1).xyz;
    r1_u.xy = uvec2(equal(r1_u.xy, uvec2(0xffffffffu))) * 0xffffffffu;
    r0 = r0.xyzw + r3.xyzw;
    r0 = r0.xyzw + r2.xyzw;
    SV_Target0 = vec4((r1_u.x != uint(0)) ? r0.x : 0.0, (r1_u.x != uint(0)) ? r0.y : 0.0, (r1_u.x != uint(0)) ? r0.z : 0.0, (r1_u.y != uint(0)) ? r0.w : 0.0);
    return;
}
