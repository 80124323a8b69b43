#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[4];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
layout(location = 2) out highp uvec4 SV_Target2;
vec4 r0;
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
vec4 r3;
void main()
{
    r0_u = uvec4(ivec4(r0_u.xyzw) << 2);
    r1_u.xy = uvec2(ivec2(r1_u.xy) << 1);
    r1_u.x = uint(int(r1_u.x) >> 6);
    r1_u.zw = uvec2(ivec2(r1_u.zw) >> (ivec2(r2_u.xy) & 31));
    r2_u.x = floatBitsToUint(cb0.data[0].x) >> (r0_u.y & 31u);
    r2_u.yz = r2_u.yz >> 16u;
    r3.x = intBitsToFloat(1 << 31);
    return;
}
