#version 300 es
layout(std140) uniform ConstantBuffer3 {
    vec4 data[27];
} cb3;
in highp vec4 in_POSITION0;
in highp uvec4 in_BLENDINDICES0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
vec4 r3;
uvec4 r3_u;
layout(std140) uniform CewgSb0 {
    vec4 data[207];
} sb0;
void main()
{
    vs_TEXCOORD0 = vec4(0.0);
    r0_u.xy = in_BLENDINDICES0.xy;
    r1 = vec4(sb0.data[(int(r0_u.x) * 12 + (int(r0_u.y) >> 2)) >> 2][(int(r0_u.x) * 12 + (int(r0_u.y) >> 2)) & 3], sb0.data[(int(r0_u.x) * 12 + 1 + (int(r0_u.y) >> 2)) >> 2][(int(r0_u.x) * 12 + 1 + (int(r0_u.y) >> 2)) & 3], sb0.data[(int(r0_u.x) * 12 + 2 + (int(r0_u.y) >> 2)) >> 2][(int(r0_u.x) * 12 + 2 + (int(r0_u.y) >> 2)) & 3], sb0.data[(int(r0_u.x) * 12 + 3 + (int(r0_u.y) >> 2)) >> 2][(int(r0_u.x) * 12 + 3 + (int(r0_u.y) >> 2)) & 3]);
    r1_u = floatBitsToUint(r1);
    gl_Position = uintBitsToFloat(r1_u.xyzw);
    return;
}
