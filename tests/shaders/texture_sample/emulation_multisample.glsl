#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
uniform highp usampler2D t0;
layout(location = 0) out highp uvec4 SV_Target0;
vec4 r0;
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
uvec2 dx11_ftou2(vec2 v)
{
    ivec2 i = floatBitsToInt(v);
    uvec2 r = uvec2(intBitsToFloat(clamp(i, 0, 0x4f7fffff)));
    uvec2 f = uvec2(ivec2(uvec2(i) - 0x7f800001u) >> 31);
    bvec2 big = greaterThan(i, ivec2(0x4f7fffff));
    return uvec2(big.x ? f.x : r.x, big.y ? f.y : r.y);
}
void main()
{
    vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);
    r0_u.xy = uvec2(ivec2(hlslcc_FragCoord.xy));
    r0_u.zw = uvec2(0u, 0u);
    r1_u = (floatBitsToUint(cb0.data[0].x) == 0u ? texelFetch(t0, ivec2(r0_u.xy), 0) : uvec4(uint(0)));
    r2_u.x = 1u;
    r2.yz = vec2(0.0);
    r0_u.xy = uvec2(textureSize(t0, 0).xy);
    r0_u.w = uint(1);
    r1_u.x = uint(int(r1_u.x) + int(r2_u.x));
    r2_u.yz = dx11_ftou2(r2.yz);
    r1_u.y = uint(int(r1_u.y) + int(r2_u.y));
    r1_u.z = uint(int(r1_u.z) + int(r0_u.x));
    r1_u.w = uint(int(r0_u.w) * 1000 + int(r0_u.y));
    SV_Target0 = r1_u.xyzw;
    return;
}
