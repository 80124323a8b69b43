#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
uniform highp sampler3D t1;
uniform highp samplerCube t2;
uniform highp sampler2D t3;
in highp vec3 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
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
vec4 dx11_lod(vec3 dx, vec3 dy, vec4 k)
{
    return dx11_lod_vec(max(length(dx), length(dy)), k);
}
vec4 dx11_lod_cube(vec3 c, vec3 dx, vec3 dy, float n, vec4 k)
{
    vec3 a = abs(c);
    vec3 p;
    vec3 px;
    vec3 py;
    if (a.z >= a.x && a.z >= a.y) {
        p = c;
        px = dx;
        py = dy;
    } else if (a.y >= a.x) {
        p = c.xzy;
        px = dx.xzy;
        py = dy.xzy;
    } else {
        p = c.zyx;
        px = dx.zyx;
        py = dy.zyx;
    }
    float s = p.z < 0.0 ? -1.0 : 1.0;
    float m = abs(p.z);
    vec2 fx = (m * px.xy - p.xy * (s * px.z)) / (m * m) * (0.5 * n);
    vec2 fy = (m * py.xy - p.xy * (s * py.z)) / (m * m) * (0.5 * n);
    return dx11_lod(fx, fy, k);
}
vec4 dx11_lod(float dx, float dy, vec4 k)
{
    return dx11_lod_vec(max(length(dx), length(dy)), k);
}
void main()
{
    r0.xy = dx11_lod(dFdx(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dFdy(vs_TEXCOORD0.xy) * vec2(textureSize(t0, 0).xy), dxlower_LodClamp[2]).xy;
    r1.x = dx11_lod(dFdx(vs_TEXCOORD0.xyz) * vec3(textureSize(t1, 0)), dFdy(vs_TEXCOORD0.xyz) * vec3(textureSize(t1, 0)), dxlower_LodClamp[2]).y;
    r1.y = dx11_lod_cube(vs_TEXCOORD0.xyz, dFdx(vs_TEXCOORD0.xyz), dFdy(vs_TEXCOORD0.xyz), float(textureSize(t2, 0).x), dxlower_LodClamp[2]).y;
    r1.zw = dx11_lod(dFdx(vs_TEXCOORD0.x) * float(textureSize(t3, 0).x), dFdy(vs_TEXCOORD0.x) * float(textureSize(t3, 0).x), dxlower_LodClamp[2]).xy;
    SV_Target0 = r0.xyxy + r1.xyzw;
    return;
}
