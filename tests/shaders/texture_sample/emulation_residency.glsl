#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
uniform highp usampler2D t0;
uniform highp usampler2D t0TEX_with_SMPs1;
in highp vec3 vs_TEXCOORD0;
layout(location = 0) out highp uvec4 SV_Target0;
vec4 r0;
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
vec4 r3;
uvec4 r3_u;
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
void main()
{
    r0_u = textureLod(t0TEX_with_SMPs1, vs_TEXCOORD0.xy, max(dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[1]).x, cb0.data[0].x));
    r1_u.x = 0xffffffffu;
    r2_u = texelFetch(t0, ivec2(1, 0), 2);
    r1_u.y = 0xffffffffu;
    r3_u = textureLod(t0TEX_with_SMPs1, vs_TEXCOORD0.xy, cb0.data[0].y);
    r1_u.z = 0xffffffffu;
    r1_u.x = uint(r1_u.x == 0xffffffffu) * 0xffffffffu;
    r1_u.y = uint(r1_u.y == 0xffffffffu) * 0xffffffffu;
    r1_u.z = uint(r1_u.z == 0xffffffffu) * 0xffffffffu;
    r1_u.x = r1_u.x & r1_u.y;
    r1_u.x = r1_u.x & r1_u.z;
    SV_Target0.x = r0_u.x;
    SV_Target0.y = r1_u.x;
    SV_Target0.z = r2_u.x;
    SV_Target0.w = r3_u.x;
    return;
}
