#version 300 es
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
in highp vec3 in_POSITION0;
in highp vec4 in_COLOR0;
in highp vec4 in_COLOR1;
in highp vec4 in_COLOR2;
out highp vec4 vs_TEXCOORD0;
out highp vec4 vs_TEXCOORD1;
out highp vec4 vs_TEXCOORD2;
vec4 r0;
uvec4 r0_u;
uvec4 dxlower_v1[3];
uvec4 dxlower_o1[3];
ivec2 dx11_ftoi2(vec2 v)
{
    vec2 s = mix(v, vec2(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec2(0x7f800000u)));
    ivec2 r = ivec2(clamp(s, -2147483648.0, 2147483520.0));
    bvec2 top = greaterThanEqual(s, vec2(2147483648.0));
    return ivec2(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y);
}
void main()
{
    dxlower_v1[0] = floatBitsToUint(in_COLOR0.xyzw);
    dxlower_v1[1] = floatBitsToUint(in_COLOR1.xyzw);
    dxlower_v1[2] = floatBitsToUint(in_COLOR2.xyzw);
    dxlower_o1[0] = uvec4(0u);
    dxlower_o1[1] = uvec4(0u);
    dxlower_o1[2] = uvec4(0u);
    gl_Position.xyz = in_POSITION0.xyz;
    gl_Position.w = 1.0;
    dxlower_o1[0] = floatBitsToUint(vec4(0.0, 0.0, 0.0, 0.0));
    dxlower_o1[1] = floatBitsToUint(vec4(0.0, 0.0, 0.0, 0.0));
    dxlower_o1[2] = floatBitsToUint(vec4(0.0, 0.0, 0.0, 0.0));
    r0_u.xy = uvec2(dx11_ftoi2(cb0.data[0].xy));
    dxlower_o1[clamp(int(r0_u.y) + 0, 0, 2)] = floatBitsToUint(uintBitsToFloat(dxlower_v1[clamp(int(r0_u.x) + 0, 0, 2)].xyzw));
    dxlower_o1[1].w = floatBitsToUint(5.0);
    vs_TEXCOORD0 = uintBitsToFloat(dxlower_o1[0]);
    vs_TEXCOORD1 = uintBitsToFloat(dxlower_o1[1]);
    vs_TEXCOORD2 = uintBitsToFloat(dxlower_o1[2]);
    return;
}
