#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
uniform highp sampler2DArray t0;
uniform highp sampler2DArrayShadow hlslcc_zcmpt0TEX_with_SMPs1;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
uvec4 r1_u;
uniform highp vec4 dxlower_LodClamp[16];
vec4 dx11_lod_vec(float m, vec4 k)
{
    float l = m > 0.0 ? log2(m) : -uintBitsToFloat(0x7f800000u);
    return vec4(max(k.y, min(k.z, l + k.x)), l, 0.0, 0.0);
}
vec4 dx11_lod(vec2 dx, vec2 dy, vec4 k)
{
    return dx11_lod_vec(max(length(dx), length(dy)), k);
}
vec4 dx11_lod_gradients(vec2 size, float l)
{
    vec2 g = exp2(l) / size;
    return vec4(g.x, 0.0, 0.0, g.y);
}
float dx11_sample_c_lod(highp sampler2DArrayShadow s, vec4 p, float l)
{
    vec4 g = dx11_lod_gradients(vec2(textureSize(s, 0).xy), l);
    return textureGrad(s, p, g.xy, g.zw);
}
void main()
{
    r0.x = dx11_sample_c_lod(hlslcc_zcmpt0TEX_with_SMPs1, vec4(vs_TEXCOORD0.xyz, vs_TEXCOORD0.w), max(dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[1]).x, cb0.data[0].x));
    r1_u.x = 0xffffffffu;
    r0.y = textureGradOffset(hlslcc_zcmpt0TEX_with_SMPs1, vec4(vs_TEXCOORD0.xyz, vs_TEXCOORD0.w), dx11_lod_gradients(vec2(textureSize(hlslcc_zcmpt0TEX_with_SMPs1, 0).xy), max(dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[1]).x, cb0.data[0].y)).xy, dx11_lod_gradients(vec2(textureSize(hlslcc_zcmpt0TEX_with_SMPs1, 0).xy), max(dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[1]).x, cb0.data[0].y)).zw, ivec2(1, 1));
    r1_u.x = uint(r1_u.x == 0xffffffffu) * 0xffffffffu;
    SV_Target0 = (r1_u.x != uint(0)) ? r0.xyxy : vec4(0.0, 0.0, 0.0, 0.0);
    return;
}
